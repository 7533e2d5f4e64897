//! Choices: a labelled drop-down for a choice kept as an id, and a labelled checkbox for a yes/no.

use leptos::prelude::*;

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
