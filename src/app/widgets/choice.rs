//! Choices: a labelled drop-down for a choice kept as an id, and a labelled checkbox for a yes/no;
//! [`ChoiceInput`] and [`FlagInput`] bind them to a field of a calculator's table.

use crate::app::state::{use_app, Lens};
use crate::calc::table::{Calculator, ChoiceField, FlagField};
use leptos::prelude::*;

/// Words an option's id for a drop-down.
pub type OptionText = fn(&'static str) -> &'static str;

/// The option text of a choice whose ids are shown as they are.
pub fn id_text(id: &'static str) -> &'static str {
    id
}

/// A drop-down for a table's [`ChoiceField`]: the field's ids are its options (worded by `text`,
/// else shown as they are), and a change is tried against the calculator's rules; a refusal is
/// shown beside the input the rule names.
#[component]
pub fn ChoiceInput<T: Calculator>(
    field: &'static ChoiceField<T>,
    lens: Lens<T>,
    label: &'static str,
    #[prop(default = id_text)] text: OptionText,
) -> impl IntoView {
    let app = use_app();
    let (key, get, set) = (field.key, field.get, field.set);
    let options = (field.ids)()
        .into_iter()
        .map(|id| (id.to_string(), text(id).to_string()))
        .collect();
    // A memo of the id: a slider elsewhere in the scenario leaves the drop-down and its options
    // alone.
    let id = Memo::new(move |_| app.scenario.with(|s| get((lens.get)(s))));
    let value = Signal::derive(move || id.get().to_string());
    let on_change = Callback::new(move |id: String| {
        app.clear_issue(key);
        app.try_edit(lens, |t| {
            set(t, &id);
        });
    });
    view! { <ChoiceField key=key label=label options=options value=value on_change=on_change /> }
}

/// A row of radio buttons for a table's [`ChoiceField`], each worded by `text` and changed as
/// [`ChoiceInput`] is; `input-<key>` names the row.
#[component]
pub fn RadioInput<T: Calculator>(
    field: &'static ChoiceField<T>,
    lens: Lens<T>,
    label: &'static str,
    text: OptionText,
) -> impl IntoView {
    let app = use_app();
    let (key, get, set) = (field.key, field.get, field.set);
    let chosen = Memo::new(move |_| app.scenario.with(|s| get((lens.get)(s))));
    let radios = (field.ids)()
        .into_iter()
        .map(|id| {
            view! {
                <label>
                    <input
                        type="radio"
                        name=key
                        value=id
                        prop:checked=move || chosen.get() == id
                        on:change=move |_| {
                            app.clear_issue(key);
                            app.try_edit(
                                lens,
                                |t| {
                                    set(t, id);
                                },
                            );
                        }
                    />
                    {text(id)}
                </label>
            }
        })
        .collect_view();
    view! {
        <div class="field">
            <span class="field-label">{label}</span>
            <span class="field-control radios" data-testid=format!("input-{key}")>
                {radios}
            </span>
        </div>
    }
}

/// A checkbox for a table's [`FlagField`], changed as [`ChoiceInput`] is.
#[component]
pub fn FlagInput<T: Calculator>(
    field: &'static FlagField<T>,
    lens: Lens<T>,
    label: &'static str,
) -> impl IntoView {
    let app = use_app();
    let (key, get, set) = (field.key, field.get, field.set);
    let checked = Memo::new(move |_| app.scenario.with(|s| get((lens.get)(s))));
    let on_change = Callback::new(move |on: bool| {
        app.clear_issue(key);
        app.try_edit(lens, |t| set(t, on));
    });
    view! { <CheckField key=key label=label checked=checked on_change=on_change /> }
}

#[component]
pub fn ChoiceField(
    key: &'static str,
    label: &'static str,
    /// `(id, text)` pairs.
    options: Vec<(String, String)>,
    #[prop(into)] value: Signal<String>,
    on_change: Callback<String>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span class="field-label">{label}</span>
            <span class="field-control">
                <select
                    data-testid=format!("input-{key}")
                    on:change=move |ev| on_change.run(event_target_value(&ev))
                    prop:value=move || value.get()
                >
                    {options
                        .into_iter()
                        .map(|(id, text)| {
                            let id2 = id.clone();
                            view! {
                                <option value=id selected=move || value.get() == id2>
                                    {text}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </span>
        </label>
    }
}

/// A checkbox with its label after it; `key` names its link key (`input-<key>` test hook).
#[component]
pub fn CheckField(
    key: &'static str,
    label: &'static str,
    #[prop(into)] checked: Signal<bool>,
    on_change: Callback<bool>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span class="field-control">
                <input
                    type="checkbox"
                    data-testid=format!("input-{key}")
                    prop:checked=move || checked.get()
                    on:change=move |ev| on_change.run(event_target_checked(&ev))
                />
                " "
                {label}
            </span>
        </label>
    }
}
