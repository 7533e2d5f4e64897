//! A labelled drop-down for a choice kept as an id.

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
