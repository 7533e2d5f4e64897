//! The model both memory views size: a preset and the parameter count (typed or derived), with
//! the architecture fields and the `config.json` box in the files beside it, and the card choices
//! both views share.

mod arch;
pub mod card;
mod config;

use self::arch::Architecture;
use self::config::ConfigPaste;
use crate::app::format::{billions, number};
use crate::app::state::{use_app, Lens};
use crate::calc::memory::inputs::{parse_params, MemoryInputs};
use crate::calc::memory::presets::{preset, PRESETS};
use leptos::prelude::*;

/// Where the memory views' inputs sit in the scenario.
pub const MEMORY: Lens<MemoryInputs> = Lens {
    get: |s| &s.memory,
    get_mut: |s| &mut s.memory,
};

#[component]
pub fn ModelSection() -> impl IntoView {
    let app = use_app();
    let model = Memo::new(move |_| {
        app.scenario
            .with(|s| s.memory.model.model.clone().unwrap_or_default())
    });
    let derived = Memo::new(move |_| app.scenario.with(|s| s.memory.model.arch.params().total()));
    let typed = Memo::new(move |_| app.scenario.with(|s| s.memory.model.params_b));
    // The parameter box's text while typed; cleared when a preset or a config fills the model.
    let params_raw = RwSignal::new(None::<String>);
    let params_error = RwSignal::new(None::<String>);

    let choose = move |id: String| {
        app.try_edit(MEMORY, |m| {
            match preset(&id) {
                Some(p) => {
                    m.model.model = Some(p.id.to_string());
                    m.model.arch = (p.arch)();
                }
                None => m.model.model = None,
            }
            m.model.params_b = None;
        });
        params_raw.set(None);
    };
    let on_params = move |text: String| {
        app.clear_issue("params");
        let result = parse_params(&text)
            .map_err(|e| e.to_string())
            .and_then(|p| {
                app.edit(MEMORY, |m| m.model.params_b = p)
                    .map_err(|e| e.to_string())
            });
        params_error.set(result.err());
        params_raw.set(Some(text));
    };
    let mut options = vec![(
        "".to_string(),
        "Custom architecture (the guide's 32 × 4096)".to_string(),
    )];
    options.extend(
        PRESETS
            .iter()
            .map(|p| (p.id.to_string(), p.name.to_string())),
    );

    view! {
        <fieldset class="model">
            <legend>"Model"</legend>
            <label class="field">
                <span class="field-label">"Preset"</span>
                <span class="field-control">
                    <select
                        data-testid="input-model"
                        prop:value=move || model.get()
                        on:change=move |ev| choose(event_target_value(&ev))
                    >
                        {options
                            .into_iter()
                            .map(|(id, name)| {
                                let id2 = id.clone();
                                view! {
                                    <option value=id selected=move || model.get() == id2>
                                        {name}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </span>
                <span class="field-msg" role="alert" data-testid="error-model">
                    {move || app.issue("model")}
                </span>
            </label>
            <label class="field">
                <span class="field-label">"Parameters (empty: derived from the architecture)"</span>
                <span class="field-control">
                    <input
                        type="text"
                        inputmode="decimal"
                        data-testid="input-params"
                        placeholder=move || number(derived.get() / 1e9, 3)
                        prop:value=move || {
                            params_raw
                                .get()
                                .unwrap_or_else(|| {
                                    typed.get().map(|p| number(p, 3)).unwrap_or_default()
                                })
                        }
                        on:input=move |ev| on_params(event_target_value(&ev))
                    />
                    <span class="unit">"billion"</span>
                </span>
                <span class="field-note">
                    {move || format!("the architecture gives {}", billions(derived.get()))}
                </span>
                <span class="field-msg" role="alert" data-testid="error-params">
                    {move || params_error.get().or_else(|| app.issue("params"))}
                </span>
            </label>
            <Architecture />
            <ConfigPaste params_raw=params_raw />
            <p class="hint">
                {move || {
                    let n = app.scenario.with(|s| s.memory.model.params());
                    format!(
                        "Sizing {} parameters; the model and card are shared by the training and inference views.",
                        billions(n),
                    )
                }}
            </p>
        </fieldset>
    }
}
