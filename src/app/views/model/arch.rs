//! The model's architecture, folded away under the preset: the table's number fields, the yes/no
//! flags and the attention kind.

use super::MEMORY;
use crate::app::state::use_app;
use crate::app::widgets::{CheckField, NumberField};
use crate::calc::memory::arch::AttentionKind;
use crate::calc::memory::inputs::{MemoryInputs, ARCH_FIELDS};
use leptos::prelude::*;

#[component]
pub fn Architecture() -> impl IntoView {
    let app = use_app();
    let attention = move || app.scenario.with(|s| s.memory.model.arch.attention);
    let flag = move |key: &'static str,
                     label: &'static str,
                     get: fn(&MemoryInputs) -> bool,
                     set: fn(&mut MemoryInputs, bool)| {
        view! {
            <CheckField
                key=key
                label=label
                checked=Signal::derive(move || app.scenario.with(|s| get(&s.memory)))
                on_change=Callback::new(move |on: bool| app.try_edit(MEMORY, |m| set(m, on)))
            />
        }
    };

    view! {
        <details class="arch">
            <summary>"Architecture"</summary>
            {ARCH_FIELDS
                .iter()
                .map(|f| view! { <NumberField field=f lens=MEMORY label=f.key /> })
                .collect_view()}
            {flag(
                "tied",
                "output head tied to the embeddings",
                |m| m.model.arch.tied_embeddings,
                |m, on| m.model.arch.tied_embeddings = on,
            )}
            {flag(
                "qkv_bias",
                "biases on the q, k and v projections",
                |m| m.model.arch.qkv_bias,
                |m, on| m.model.arch.qkv_bias = on,
            )}
            {flag(
                "qk_norm",
                "per-head q and k norms",
                |m| m.model.arch.qk_norm,
                |m, on| m.model.arch.qk_norm = on,
            )}
            <label class="field">
                <span class="field-label">"attention"</span>
                <span class="field-control">
                    <select
                        data-testid="input-attention"
                        on:change=move |ev| {
                            let kind = match event_target_value(&ev).as_str() {
                                "sliding" => AttentionKind::SlidingWindow,
                                "latent" => AttentionKind::Latent,
                                _ => AttentionKind::Full,
                            };
                            app.try_edit(MEMORY, |m| m.model.arch.attention = kind);
                        }
                    >
                        <option value="full" selected=move || attention() == AttentionKind::Full>
                            "full"
                        </option>
                        <option
                            value="sliding"
                            selected=move || attention() == AttentionKind::SlidingWindow
                        >
                            "sliding window"
                        </option>
                        <option
                            value="latent"
                            selected=move || attention() == AttentionKind::Latent
                        >
                            "latent (MLA)"
                        </option>
                    </select>
                </span>
            </label>
            <p class="field-msg" role="alert" data-testid="error-arch">
                {move || app.issue("attention")}
            </p>
        </details>
    }
}
