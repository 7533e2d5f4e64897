//! The inference working: weights, KV cache per token, KV cache and what a card needs, each as its
//! formula and with the numbers in place.

use crate::app::format::{gb, gib, number};
use crate::app::widgets::Formula;
use crate::calc::memory::inference::InferenceReport;
use crate::calc::memory::inputs::MemoryInputs;
use leptos::prelude::*;

#[component]
pub fn InferenceFormulas(
    inputs: Memo<MemoryInputs>,
    report: Memo<InferenceReport>,
) -> impl IntoView {
    view! {
        <div class="formulas">
            <Formula
                title="Weights"
                open=true
                symbolic="parameters × bits per weight / 8"
                substituted=Signal::derive(move || {
                    report
                        .with(|r| {
                            format!(
                                "{} × {} / 8 B = {} ({})",
                                number(r.params, 0),
                                number(r.bits_per_weight, 4),
                                gb(r.weights),
                                gib(r.weights),
                            )
                        })
                })
            />
            <Formula
                title="KV cache per token"
                open=true
                symbolic="2 (K and V) × layers × KV heads × head size × element bytes"
                substituted=Signal::derive(move || {
                    inputs
                        .with(|i| {
                            report
                                .with(|r| {
                                    format!(
                                        "2 × {} × {} × {} × {} B = {} B = {} MiB",
                                        i.model.arch.layers,
                                        i.model.arch.kv_heads,
                                        i.model.arch.head_dim,
                                        number(i.inference.kv.bytes(), 0),
                                        number(r.kv_per_token.0, 0),
                                        number(r.kv_per_token.as_mib(), 4),
                                    )
                                })
                        })
                })
            />
            <Formula
                title="KV cache"
                open=true
                symbolic="per token × context × concurrent sequences (windowed layers hold at most the window)"
                substituted=Signal::derive(move || {
                    inputs
                        .with(|i| {
                            report
                                .with(|r| {
                                    format!(
                                        "{} MiB × {} × {} = {}",
                                        number(r.kv_per_token.as_mib(), 4),
                                        number(i.inference.ctx as f64, 0),
                                        i.inference.conc,
                                        gib(r.kv_cache),
                                    )
                                })
                        })
                })
            />
            <Formula
                title="Needed per card"
                open=true
                symbolic="(weights / cards + cache / min(cards, KV heads) + overhead) × (1 + headroom); a latent cache is whole on every card"
                substituted=Signal::derive(move || {
                    inputs
                        .with(|i| {
                            report
                                .with(|r| {
                                    let tp = i.inference.tp;
                                    let split = i.model.arch.kv_cache_split(tp);
                                    format!(
                                        "({} / {} + {} / {} + {}) × {} = {}{}",
                                        gib(r.weights),
                                        tp,
                                        gib(r.kv_cache),
                                        split,
                                        gib(r.overhead),
                                        number(1.0 + i.inference.margin.0, 3),
                                        gib(r.required),
                                        copies_note(r.kv_copies),
                                    )
                                })
                        })
                })
            />
        </div>
    }
}

/// Says when each part of the cache sits on more than one card.
fn copies_note(copies: u64) -> String {
    if copies > 1 {
        format!("; each part of the cache is kept on {copies} cards")
    } else {
        String::new()
    }
}
