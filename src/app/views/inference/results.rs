//! The inference figures: parameters, weights, KV cache, what a card needs, the smallest card
//! tier and the most sequences it holds, and the note on sizing to the peak.

use crate::app::format::{billions, gb, gib, number, percent};
use crate::app::widgets::{StatRow, Stats};
use crate::calc::memory::inference::InferenceReport;
use leptos::prelude::*;

#[rustfmt::skip]
const TILES: &[StatRow<InferenceReport>] = &[
    StatRow { testid: "param-count", label: "Parameters", value: |r| r.params.round().to_string(), text: |r| billions(r.params), note: None },
    StatRow { testid: "weights-bytes", label: "Weights", value: |r| r.weights.whole().to_string(), text: |r| gb(r.weights),
        note: Some(|r| format!("{} · {} bits a weight", gib(r.weights), number(r.bits_per_weight, 3))) },
    StatRow { testid: "kv-bytes-per-token", label: "KV cache per token", value: |r| r.kv_per_token.whole().to_string(),
        text: |r| format!("{} MiB", number(r.kv_per_token.as_mib(), 4)), note: None },
    StatRow { testid: "kv-cache-bytes", label: "KV cache", value: |r| r.kv_cache.whole().to_string(), text: |r| gib(r.kv_cache), note: None },
    StatRow { testid: "required-bytes", label: "Needed per card, with headroom", value: |r| r.required.whole().to_string(), text: |r| gib(r.required),
        note: Some(|r| if r.fits { "fits the chosen card".into() } else { "does not fit the chosen card".into() }) },
    StatRow { testid: "card-tier", label: "Smallest card tier", value: |r| r.tier_gb.map(|t| t.to_string()).unwrap_or_default(),
        text: |r| r.tier_gb.map(|t| format!("{t} GB")).unwrap_or_else(|| "more than one card".into()), note: None },
    StatRow { testid: "max-concurrency", label: "Most sequences the card(s) hold", value: |r| r.max_concurrency.to_string(), text: |r| r.max_concurrency.to_string(),
        note: Some(|r| if r.max_context_capped {
            format!("or one context of {} tokens and more at this concurrency: the model's own limit applies first", number(r.max_context as f64, 0))
        } else {
            format!("or one context of up to {} tokens at this concurrency", number(r.max_context as f64, 0))
        }) },
];

#[component]
pub fn InferenceStats(report: Memo<InferenceReport>) -> impl IntoView {
    view! { <Stats of=report rows=TILES /> }
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
