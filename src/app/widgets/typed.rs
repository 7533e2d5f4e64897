//! A text box for a value tried at every keystroke, for the boxes that are not a field of a
//! calculator's table (the bill's cells).
//!
//! While it has focus the box shows what was typed and nothing rewrites it: a value formatted
//! into the box mid-typing ("1,200" after "1200") would turn the next key into a different
//! number ("1,2000"). It shows the value in force, formatted, once it loses focus with text that
//! was taken. A refusal puts back what the box held before typing began (see
//! [`AppState::typing`]), so no prefix of refused text stays in force.

use crate::app::state::AppState;
use leptos::html;
use leptos::prelude::*;

/// The box: `shown` is the value in force, formatted; `tried` tries the text typed (on a
/// refusal it is the caller's to put the value back, through [`AppState::typed`] with
/// the same `id`, and to say why beside the box); `refused` is whether the text is refused.
/// Refused text stays in the box until it is typed over or the refusal is withdrawn (the row
/// removed, the bill reset).
pub fn typed_input(
    app: AppState,
    id: String,
    testid: String,
    label: Signal<String>,
    shown: Signal<String>,
    refused: Signal<bool>,
    tried: Callback<String>,
) -> AnyView {
    let raw = RwSignal::new(None::<String>);
    let node = NodeRef::<html::Input>::new();
    let focused = move || {
        let el = node.get_untracked();
        el.is_some_and(|el| document().active_element().is_some_and(|a| a == **el))
    };
    Effect::new(move |_| {
        if !refused.get() && !focused() {
            raw.set(None);
        }
    });
    Effect::new(move |_| {
        let v = raw.get().unwrap_or_else(|| shown.get());
        if let Some(el) = node.get() {
            if el.value() != v {
                el.set_value(&v);
            }
        }
    });
    let session = StoredValue::new(id);
    view! {
        <input
            type="text"
            inputmode="decimal"
            autocomplete="off"
            aria-label=move || label.get()
            aria-invalid=move || refused.get().to_string()
            data-testid=testid
            node_ref=node
            on:input=move |ev| {
                let text = event_target_value(&ev);
                session.with_value(|id| app.typing(id));
                raw.set(Some(text.clone()));
                tried.run(text);
            }
            on:blur=move |_| {
                let _ = session.try_with_value(|id| app.typing_done(id));
                if refused.try_get_untracked() == Some(false) {
                    raw.try_set(None);
                }
            }
        />
    }
    .into_any()
}
