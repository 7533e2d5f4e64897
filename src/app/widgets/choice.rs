//! Choices: a labelled drop-down for a choice kept as an id, and a labelled checkbox for a yes/no;
//! [`ChoiceInput`] and [`FlagInput`] bind them to a field of a calculator's table. Labels and
//! option texts come from the locale files by the field's link key (`[field]`, `[opt.<key>]`).

use super::when::live;
use crate::app::i18n::{self, Tr};
use crate::app::state::{memo, use_app, Lens, See};
use crate::calc::table::{Calculator, ChoiceField, FlagField};
use crate::text::Texts;
use leptos::prelude::*;

/// Words an option: `(texts, field key, option id)`.
pub type OptionText = fn(&'static Texts, &'static str, &'static str) -> String;

/// The option's text from `[opt.<key>]`, else its id (a model or a card is its own name).
pub fn locale_option(t: &'static Texts, key: &'static str, id: &'static str) -> String {
    i18n::option(t, key, id).to_string()
}

/// A drop-down for a table's [`ChoiceField`]: the field's ids are its options, and a change is
/// tried against the calculator's rules; a refusal is shown beside the input the rule names.
#[component]
pub fn ChoiceInput<T: Calculator>(
    field: &'static ChoiceField<T>,
    lens: Lens<T>,
    #[prop(optional)] label: Option<Tr>,
) -> impl IntoView {
    let app = use_app();
    let (key, get, set) = (field.key, field.get, field.set);
    // A memo of the id: a slider elsewhere in the scenario leaves the drop-down and its options
    // alone.
    let inputs = app.slice(lens);
    let id = memo(move || inputs.see(get));
    let value = Signal::derive(move || id.get().to_string());
    let on_change = Callback::new(move |id: String| {
        app.clear_issue(key);
        app.try_edit(lens, |t| {
            set(t, &id);
        });
    });
    view! {
        <ChoiceField
            key=key
            label=label
            options=(field.ids)()
            text=locale_option
            value=value
            on_change=on_change
        />
    }
}

/// A row of radio buttons for a table's [`ChoiceField`], changed as [`ChoiceInput`] is;
/// `input-<key>` names the row.
#[component]
pub fn RadioInput<T: Calculator>(
    field: &'static ChoiceField<T>,
    lens: Lens<T>,
    #[prop(optional)] label: Option<Tr>,
) -> impl IntoView {
    let app = use_app();
    let (key, get, set) = (field.key, field.get, field.set);
    let inputs = app.slice(lens);
    let chosen = memo(move || inputs.see(get));
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
                    " "
                    {live(move || i18n::option(app.t(), key, id))}
                </label>
            }
        })
        .collect_view();
    view! {
        <div class="field" role="radiogroup" aria-label=move || label_text(label, key)>
            <span class="field-label">{live(move || label_text(label, key))}</span>
            <span class="field-control radios" data-testid=format!("input-{key}")>
                {radios}
            </span>
        </div>
    }
}

/// The label of the field `key`: the view's own words, else the locale files'.
fn label_text(label: Option<Tr>, key: &'static str) -> &'static str {
    let t = use_app().t();
    match label {
        Some(f) => f(t),
        None => i18n::label(t, key),
    }
}

/// A checkbox for a table's [`FlagField`], changed as [`ChoiceInput`] is.
#[component]
pub fn FlagInput<T: Calculator>(
    field: &'static FlagField<T>,
    lens: Lens<T>,
    #[prop(optional)] label: Option<Tr>,
) -> impl IntoView {
    let app = use_app();
    let (key, get, set) = (field.key, field.get, field.set);
    let inputs = app.slice(lens);
    let checked = memo(move || inputs.see(get));
    let on_change = Callback::new(move |on: bool| {
        app.clear_issue(key);
        app.try_edit(lens, |t| set(t, on));
    });
    view! { <CheckField key=key label=label checked=checked on_change=on_change /> }
}

/// A labelled drop-down of `options` (ids), each worded by `text`; `key` names its link key.
#[component]
pub fn ChoiceField(
    key: &'static str,
    #[prop(optional_no_strip)] label: Option<Tr>,
    options: Vec<&'static str>,
    text: OptionText,
    #[prop(into)] value: Signal<String>,
    on_change: Callback<String>,
) -> impl IntoView {
    let app = use_app();
    view! {
        <label class="field">
            <span class="field-label">{live(move || label_text(label, key))}</span>
            <span class="field-control">
                <select
                    data-testid=format!("input-{key}")
                    on:change=move |ev| on_change.run(event_target_value(&ev))
                    prop:value=move || value.get()
                >
                    // Which option is chosen is the `<select>`'s value, kept by `prop:value`;
                    // `selected` only gives the first choice (the value is set before the
                    // options exist). Not reactive: an option a closure each would be woken by
                    // every edit the value is read from.
                    {options
                        .into_iter()
                        .map(|id| {
                            let chosen = value.see_untracked(|v| v == id);
                            view! {
                                <option value=id selected=chosen>
                                    {live(move || text(app.t(), key, id))}
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
    #[prop(optional_no_strip)] label: Option<Tr>,
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
                // Its own flex item that may shrink, so a long label wraps beside the box rather
                // than dropping under it whole on a narrow screen.
                <span class="check-label">{live(move || label_text(label, key))}</span>
            </span>
        </label>
    }
}
