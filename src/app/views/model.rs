//! The model both memory views size: a preset, the architecture fields, the parameter count
//! (typed or derived), and a box to paste a Hugging Face `config.json`.

use crate::app::format::{billions, number};
use crate::app::state::use_app;
use crate::app::widgets::{CheckField, Lens, NumberField};
use crate::calc::memory::arch::{Arch, AttentionKind};
use crate::calc::memory::config_json;
use crate::calc::memory::fields::ARCH;
use crate::calc::memory::inference::param_count;
use crate::calc::memory::presets::{preset, PRESETS};
use leptos::prelude::*;

const ARCH_LENS: Lens<Arch> = Lens {
    get: |s| &s.inference.arch,
    get_mut: |s| &mut s.inference.arch,
};

#[component]
pub fn ModelSection() -> impl IntoView {
    let app = use_app();
    let model = Memo::new(move |_| {
        app.scenario
            .with(|s| s.inference.model.clone().unwrap_or_default())
    });
    let derived = Memo::new(move |_| app.scenario.with(|s| s.inference.arch.params().total()));
    let typed = Memo::new(move |_| app.scenario.with(|s| s.inference.params_b));
    let params_raw = RwSignal::new(None::<String>);
    let params_error = RwSignal::new(None::<String>);
    let config_text = RwSignal::new(String::new());
    let config_result = RwSignal::new(None::<(bool, String)>);

    let choose = move |id: String| {
        app.scenario.update(|s| {
            let i = &mut s.inference;
            match preset(&id) {
                Some(p) => {
                    i.model = Some(p.id.to_string());
                    i.arch = (p.arch)();
                }
                None => i.model = None,
            }
            i.params_b = None;
        });
        params_raw.set(None);
    };
    let on_params = move |text: String| {
        app.clear_link_issue("params");
        let t = text.trim().to_string();
        if t.is_empty() {
            params_error.set(None);
            app.scenario.update(|s| s.inference.params_b = None);
        } else {
            match t.parse::<f64>() {
                Ok(v) if v.is_finite() && (0.001..=100_000.0).contains(&v) => {
                    params_error.set(None);
                    app.scenario.update(|s| s.inference.params_b = Some(v));
                }
                _ => params_error.set(Some(format!(
                    "params: expected billions from 0.001 to 100000, found {t:?}"
                ))),
            }
        }
        params_raw.set(Some(text));
    };
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
            app.scenario.update(|s| {
                s.inference.model = None;
                s.inference.arch = imp.arch;
                s.inference.params_b = None;
            });
            params_raw.set(None);
            config_result.set(Some((true, note)));
        }
        Err(e) => config_result.set(Some((false, e.to_string()))),
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
    let attention = move || app.scenario.with(|s| s.inference.arch.attention);

    view! {
        <fieldset class="model">
            <legend>"Model"</legend>
            <label class="field">
                <span class="field-label">"Preset"</span>
                <span class="field-control">
                    <select data-testid="input-model" prop:value=move || model.get()
                        on:change=move |ev| choose(event_target_value(&ev))>
                        {options.into_iter().map(|(id, name)| {
                            let id2 = id.clone();
                            view! { <option value=id selected=move || model.get() == id2>{name}</option> }
                        }).collect_view()}
                    </select>
                </span>
                <span class="field-msg" role="alert" data-testid="error-model">{move || app.link_issue("model")}</span>
            </label>
            <label class="field">
                <span class="field-label">"Parameters (empty: derived from the architecture)"</span>
                <span class="field-control">
                    <input type="text" inputmode="decimal" data-testid="input-params"
                        placeholder=move || number(derived.get() / 1e9, 3)
                        prop:value=move || params_raw.get().unwrap_or_else(|| typed.get().map(|p| number(p, 3)).unwrap_or_default())
                        on:input=move |ev| on_params(event_target_value(&ev)) />
                    <span class="unit">"billion"</span>
                </span>
                <span class="field-note">{move || format!("the architecture gives {}", billions(derived.get()))}</span>
                <span class="field-msg" role="alert" data-testid="error-params">{move || params_error.get().or_else(|| app.link_issue("params"))}</span>
            </label>
            <details class="arch">
                <summary>"Architecture"</summary>
                {ARCH.iter().map(|f| view! { <NumberField field=f lens=ARCH_LENS label=f.key /> }).collect_view()}
                <CheckField key="tied" label="output head tied to the embeddings"
                    checked=Signal::derive(move || app.scenario.with(|s| s.inference.arch.tied_embeddings))
                    on_change=Callback::new(move |on: bool| app.scenario.update(|s| s.inference.arch.tied_embeddings = on)) />
                <label class="field">
                    <span class="field-label">"attention"</span>
                    <span class="field-control">
                        <select data-testid="input-attention" on:change=move |ev| {
                            let kind = match event_target_value(&ev).as_str() {
                                "sliding" => AttentionKind::SlidingWindow,
                                "latent" => AttentionKind::Latent,
                                _ => AttentionKind::Full,
                            };
                            app.scenario.update(|s| s.inference.arch.attention = kind);
                        }>
                            <option value="full" selected=move || attention() == AttentionKind::Full>"full"</option>
                            <option value="sliding" selected=move || attention() == AttentionKind::SlidingWindow>"sliding window"</option>
                            <option value="latent" selected=move || attention() == AttentionKind::Latent>"latent (MLA)"</option>
                        </select>
                    </span>
                </label>
                <p class="field-msg" role="alert" data-testid="error-arch">
                    {move || app.scenario.with(|s| s.inference.arch.validate().err())}
                </p>
            </details>
            <details class="config">
                <summary>"Paste a config.json"</summary>
                <textarea data-testid="config-json" rows="5" placeholder="{ \"model_type\": \"llama\", ... }"
                    prop:value=move || config_text.get()
                    on:input=move |ev| config_text.set(event_target_value(&ev))
                    on:drop=move |ev: leptos::ev::DragEvent| {
                        // A dropped file is read as text in the browser; nothing is uploaded.
                        let file = ev.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0));
                        if let Some(file) = file {
                            ev.prevent_default();
                            leptos::task::spawn_local(async move {
                                let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                                match text.ok().and_then(|t| t.as_string()) {
                                    Some(t) => {
                                        config_text.set(t);
                                        apply_config();
                                    }
                                    None => config_result.set(Some((false, "config.json: the dropped file could not be read as text".into()))),
                                }
                            });
                        }
                    }></textarea>
                <button type="button" data-testid="config-apply" on:click=move |_| apply_config()>"Fill the architecture"</button>
                <p data-testid="config-result" class=move || match config_result.get() { Some((false, _)) => "field-msg", _ => "hint" }>
                    {move || config_result.get().map(|(_, m)| m)}
                </p>
            </details>
            <p class="hint">{move || {
                let n = app.scenario.with(|s| param_count(&s.inference.arch, s.inference.params_b));
                format!("Sizing {} parameters; the model and card are shared by the training and inference views.", billions(n))
            }}</p>
        </fieldset>
    }
}
