//! The model both memory views size: a preset, the architecture fields, the parameter count
//! (typed or derived), and a box to paste a Hugging Face `config.json`.

use crate::app::format::{billions, number};
use crate::app::state::{use_app, Lens};
use crate::app::widgets::{CheckField, NumberField};
use crate::calc::memory::arch::AttentionKind;
use crate::calc::memory::config_json;
use crate::calc::memory::inputs::{parse_params, MemoryInputs, ARCH_FIELDS};
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
    let params_raw = RwSignal::new(None::<String>);
    let params_error = RwSignal::new(None::<String>);
    let config_text = RwSignal::new(String::new());
    let config_result = RwSignal::new(None::<(bool, String)>);

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
    let mut options = vec![(
        "".to_string(),
        "Custom architecture (the guide's 32 × 4096)".to_string(),
    )];
    options.extend(
        PRESETS
            .iter()
            .map(|p| (p.id.to_string(), p.name.to_string())),
    );
    let attention = move || app.scenario.with(|s| s.memory.model.arch.attention);
    let flag = move |key: &'static str,
                     label: &'static str,
                     get: fn(&MemoryInputs) -> bool,
                     set: fn(&mut MemoryInputs, bool)| {
        view! {
            <CheckField key=key label=label
                checked=Signal::derive(move || app.scenario.with(|s| get(&s.memory)))
                on_change=Callback::new(move |on: bool| app.try_edit(MEMORY, |m| set(m, on))) />
        }
    };

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
                <span class="field-msg" role="alert" data-testid="error-model">{move || app.issue("model")}</span>
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
                <span class="field-msg" role="alert" data-testid="error-params">{move || params_error.get().or_else(|| app.issue("params"))}</span>
            </label>
            <details class="arch">
                <summary>"Architecture"</summary>
                {ARCH_FIELDS.iter().map(|f| view! { <NumberField field=f lens=MEMORY label=f.key /> }).collect_view()}
                {flag("tied", "output head tied to the embeddings", |m| m.model.arch.tied_embeddings, |m, on| m.model.arch.tied_embeddings = on)}
                {flag("qkv_bias", "biases on the q, k and v projections", |m| m.model.arch.qkv_bias, |m, on| m.model.arch.qkv_bias = on)}
                {flag("qk_norm", "per-head q and k norms", |m| m.model.arch.qk_norm, |m, on| m.model.arch.qk_norm = on)}
                <label class="field">
                    <span class="field-label">"attention"</span>
                    <span class="field-control">
                        <select data-testid="input-attention" on:change=move |ev| {
                            let kind = match event_target_value(&ev).as_str() {
                                "sliding" => AttentionKind::SlidingWindow,
                                "latent" => AttentionKind::Latent,
                                _ => AttentionKind::Full,
                            };
                            app.try_edit(MEMORY, |m| m.model.arch.attention = kind);
                        }>
                            <option value="full" selected=move || attention() == AttentionKind::Full>"full"</option>
                            <option value="sliding" selected=move || attention() == AttentionKind::SlidingWindow>"sliding window"</option>
                            <option value="latent" selected=move || attention() == AttentionKind::Latent>"latent (MLA)"</option>
                        </select>
                    </span>
                </label>
                <p class="field-msg" role="alert" data-testid="error-arch">
                    {move || app.issue("attention")}
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
                let n = app.scenario.with(|s| s.memory.model.params());
                format!("Sizing {} parameters; the model and card are shared by the training and inference views.", billions(n))
            }}</p>
        </fieldset>
    }
}
