//! The box to paste (or drop) a Hugging Face `config.json`: it fills the architecture, and says
//! which keys it did not understand.

use super::MEMORY;
use crate::app::format::billions;
use crate::app::state::use_app;
use crate::calc::memory::config_json;
use leptos::prelude::*;

/// `params_raw` is the parameter box's typed text, cleared when a config fills the model.
#[component]
pub fn ConfigPaste(params_raw: RwSignal<Option<String>>) -> impl IntoView {
    let app = use_app();
    let config_text = RwSignal::new(String::new());
    let config_result = RwSignal::new(None::<(bool, String)>);
    let apply_config = move || match config_json::parse(&config_text.get_untracked()) {
        Ok(imp) => {
            let note = if imp.not_understood.is_empty() {
                format!(
                    "Read a {} config: {} parameters.",
                    imp.model_type,
                    billions(imp.arch.params().total())
                )
            } else {
                format!(
                    "Read a {} config: {} parameters. Keys not understood (left out): {}.",
                    imp.model_type,
                    billions(imp.arch.params().total()),
                    imp.not_understood.join(", ")
                )
            };
            match app.edit(MEMORY, |m| {
                m.model.model = None;
                m.model.arch = imp.arch;
                m.model.params_b = None;
            }) {
                Ok(()) => config_result.set(Some((true, note))),
                Err(e) => config_result.set(Some((false, e.to_string()))),
            }
            params_raw.set(None);
        }
        Err(e) => config_result.set(Some((false, e.to_string()))),
    };

    // A dropped file is read as text in the browser; nothing is uploaded.
    let on_drop = move |ev: leptos::ev::DragEvent| {
        let file = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0));
        if let Some(file) = file {
            ev.prevent_default();
            leptos::task::spawn_local(async move {
                let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                match text.ok().and_then(|t| t.as_string()) {
                    Some(t) => {
                        config_text.set(t);
                        apply_config();
                    }
                    None => config_result.set(Some((
                        false,
                        "config.json: the dropped file could not be read as text".into(),
                    ))),
                }
            });
        }
    };

    view! {
        <details class="config">
            <summary>"Paste a config.json"</summary>
            <textarea
                data-testid="config-json"
                rows="5"
                placeholder="{ \"model_type\": \"llama\", ... }"
                prop:value=move || config_text.get()
                on:input=move |ev| config_text.set(event_target_value(&ev))
                on:drop=on_drop
            ></textarea>
            <button type="button" data-testid="config-apply" on:click=move |_| apply_config()>
                "Fill the architecture"
            </button>
            <p
                data-testid="config-result"
                class=move || match config_result.get() {
                    Some((false, _)) => "field-msg",
                    _ => "hint",
                }
            >
                {move || config_result.get().map(|(_, m)| m)}
            </p>
        </details>
    }
}
