//! The box to paste (or drop) a Hugging Face `config.json`: it fills the architecture, and says
//! which keys it did not understand.

use super::MEMORY;
use crate::app::format::billions;
use crate::app::i18n::{self, tr};
use crate::app::state::{use_app, See};
use crate::app::widgets::live;
use crate::app::words::config_error;
use crate::calc::memory::config_json::{self, ConfigError};
use crate::calc::table::Issue;
use crate::text::Texts;
use leptos::prelude::*;

/// What the last try gave, kept as codes and numbers so a language switch rewords it.
#[derive(Clone)]
enum Outcome {
    /// Read: the model type, the parameter count and the keys left out.
    Read {
        model_type: String,
        params: f64,
        not_understood: Vec<String>,
    },
    /// The text is not a config this page reads.
    Refused(ConfigError),
    /// The architecture read breaks a rule of the memory calculator.
    NotApplied(Issue),
    /// A dropped file that is not text.
    Unreadable,
}

impl Outcome {
    fn ok(&self) -> bool {
        matches!(self, Outcome::Read { .. })
    }

    fn words(&self, t: &'static Texts, c: crate::calc::units::Currency) -> String {
        match self {
            Outcome::Read {
                model_type,
                params,
                not_understood,
            } if not_understood.is_empty() => t.model.config_read(model_type, &billions(*params)),
            Outcome::Read {
                model_type,
                params,
                not_understood,
            } => t.model.config_read_unknown(
                model_type,
                &billions(*params),
                &not_understood.join(t.app.list_sep),
            ),
            Outcome::Refused(e) => config_error(t, e),
            Outcome::NotApplied(e) => i18n::issue(t, e, c),
            Outcome::Unreadable => t.model.config_unreadable.to_string(),
        }
    }
}

/// `params_raw` is the parameter box's typed text, cleared when a config fills the model;
/// `pasted` takes the model type of a config that filled it, for the preset box to name.
#[component]
pub fn ConfigPaste(
    params_raw: RwSignal<Option<String>>,
    pasted: RwSignal<Option<String>>,
) -> impl IntoView {
    let app = use_app();
    let config_text = RwSignal::new(String::new());
    let config_result = RwSignal::new(None::<Outcome>);
    let apply_config = move || match config_json::parse(&config_text.get_untracked()) {
        Ok(imp) => {
            let read = Outcome::Read {
                model_type: imp.model_type.clone(),
                params: imp.arch.params().total(),
                not_understood: imp.not_understood.clone(),
            };
            match app.edit(MEMORY, |m| {
                m.model.model = None;
                m.model.arch = imp.arch;
                m.model.params_b = None;
            }) {
                Ok(()) => {
                    pasted.set(Some(imp.model_type.clone()));
                    config_result.set(Some(read));
                }
                Err(e) => config_result.set(Some(Outcome::NotApplied(Issue::new(e)))),
            }
            params_raw.set(None);
        }
        Err(e) => config_result.set(Some(Outcome::Refused(e))),
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
                    None => config_result.set(Some(Outcome::Unreadable)),
                }
            });
        }
    };
    let message = move || {
        // The currency only when there is a result to word.
        config_result.see(|r| r.as_ref().map(|o| o.words(app.t(), app.currency.get())))
    };

    view! {
        <details class="config">
            <summary>{tr(|t| t.model.config)}</summary>
            <textarea
                data-testid="config-json"
                rows="5"
                placeholder="{ \"model_type\": \"llama\", ... }"
                prop:value=move || config_text.get()
                on:input=move |ev| config_text.set(event_target_value(&ev))
                on:drop=on_drop
            ></textarea>
            <button type="button" data-testid="config-apply" on:click=move |_| apply_config()>
                {tr(|t| t.model.config_apply)}
            </button>
            <p
                data-testid="config-result"
                class=move || {
                    config_result
                        .see(|r| match r {
                            Some(o) if !o.ok() => "field-msg",
                            _ => "hint",
                        })
                }
            >
                {live(message)}
            </p>
        </details>
    }
}
