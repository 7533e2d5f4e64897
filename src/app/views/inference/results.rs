//! The inference figures: parameters, weights, KV cache, what a card needs, the smallest card
//! tier and the most sequences it holds, and the note on sizing to the peak.

use crate::app::format::{billions, gb, gib, number, percent};
use crate::app::widgets::Stat;
use crate::calc::memory::inference::InferenceReport;
use leptos::prelude::*;

#[component]
pub fn InferenceStats(report: Memo<InferenceReport>) -> impl IntoView {
    let stat = move |get: fn(&InferenceReport) -> String| Signal::derive(move || report.with(get));

    view! {
        <div class="stats">
            <Stat
                testid="param-count"
                label="Parameters"
                value=stat(|r| r.params.round().to_string())
                text=stat(|r| billions(r.params))
            />
            <Stat
                testid="weights-bytes"
                label="Weights"
                value=stat(|r| r.weights.whole().to_string())
                text=stat(|r| gb(r.weights))
                note=stat(|r| {
                    format!("{} · {} bits a weight", gib(r.weights), number(r.bits_per_weight, 3))
                })
            />
            <Stat
                testid="kv-bytes-per-token"
                label="KV cache per token"
                value=stat(|r| r.kv_per_token.whole().to_string())
                text=stat(|r| format!("{} MiB", number(r.kv_per_token.as_mib(), 4)))
            />
            <Stat
                testid="kv-cache-bytes"
                label="KV cache"
                value=stat(|r| r.kv_cache.whole().to_string())
                text=stat(|r| gib(r.kv_cache))
            />
            <Stat
                testid="required-bytes"
                label="Needed per card, with headroom"
                value=stat(|r| r.required.whole().to_string())
                text=stat(|r| gib(r.required))
                note=stat(|r| {
                    if r.fits {
                        "fits the chosen card".into()
                    } else {
                        "does not fit the chosen card".into()
                    }
                })
            />
            <Stat
                testid="card-tier"
                label="Smallest card tier"
                value=stat(|r| r.tier_gb.map(|t| t.to_string()).unwrap_or_default())
                text=stat(|r| {
                    r.tier_gb
                        .map(|t| format!("{t} GB"))
                        .unwrap_or_else(|| "more than one card".into())
                })
            />
            <Stat
                testid="max-concurrency"
                label="Most sequences the card(s) hold"
                value=stat(|r| r.max_concurrency.to_string())
                text=stat(|r| r.max_concurrency.to_string())
                note=stat(|r| {
                    format!(
                        "or one context of up to {} tokens at this concurrency",
                        number(r.max_context as f64, 0),
                    )
                })
            />
        </div>
    }
}

/// How much of the card the load speaks for, under the charts.
#[component]
pub fn PeakNote(report: Memo<InferenceReport>) -> impl IntoView {
    view! {
        <p class="hint">
            {move || {
                report
                    .with(|r| {
                        format!(
                            "Size to the peak, not the mean: {} of the card's memory is spoken for at this load.",
                            percent(r.required.0 / r.capacity.0.max(1.0), 0),
                        )
                    })
            }}
        </p>
    }
}
