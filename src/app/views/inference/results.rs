//! The inference figures: parameters, weights, KV cache, what a card needs, the smallest card
//! tier and the most sequences it holds, and the note on sizing to the peak.

use crate::app::format::{billions, gb, gib, number, percent};
use crate::app::widgets::{StatRow, Stats};
use crate::calc::memory::inference::InferenceReport;
use crate::calc::memory::vllm::VllmPool;
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
    StatRow { testid: "max-concurrency", label: "Most sequences the card(s) hold", value: max_concurrency_value, text: max_concurrency_text,
        note: Some(|r| if let Some(v) = &r.vllm {
            format!("as vLLM states it for {} tokens per request; the guide's rule: {}", number(v.ctx as f64, 0), r.max_concurrency)
        } else if r.max_context_capped {
            format!("or one context of {} tokens and more at this concurrency: the model's own limit applies first", number(r.max_context as f64, 0))
        } else {
            format!("or one context of up to {} tokens at this concurrency", number(r.max_context as f64, 0))
        }) },
];

/// The most sequences: vLLM's figure with `engine=vllm`, else the guide's whole sequences.
fn max_concurrency_value(r: &InferenceReport) -> String {
    match &r.vllm {
        Some(v) => v.max_concurrency.to_string(),
        None => r.max_concurrency.to_string(),
    }
}

fn max_concurrency_text(r: &InferenceReport) -> String {
    match &r.vllm {
        Some(v) => format!("{:.2}x", v.max_concurrency),
        None => r.max_concurrency.to_string(),
    }
}

#[rustfmt::skip]
const POOL_TILES: &[StatRow<VllmPool>] = &[
    StatRow { testid: "kv-pool-bytes", label: "vLLM KV cache pool per card", value: |v| v.pool.whole().to_string(), text: |v| gib(v.pool),
        note: Some(|v| format!("\"Available KV cache memory\", whole blocks of 16 tokens: {} budget - {} weights - {} activation peak - {} non-torch - {} CUDA graphs",
            gib(v.budget), gib(v.weights), gib(v.activation_peak), gib(v.non_torch), gib(v.cuda_graphs))) },
    StatRow { testid: "kv-pool-tokens", label: "vLLM KV cache size", value: |v| v.tokens.to_string(), text: |v| format!("{} tokens", number(v.tokens as f64, 0)),
        note: Some(|v| format!("\"GPU KV cache size\": {} B a token on each card", number(v.bytes_per_token.0, 0))) },
];

/// With `engine=vllm`: the pool vLLM would allocate and the launch flags that give it.
#[component]
pub fn EngineStats(report: Memo<InferenceReport>) -> impl IntoView {
    let on = Memo::new(move |_| report.with(|r| r.vllm.is_some()));
    let of = Memo::new(move |_| report.with(|r| r.vllm.clone().unwrap_or_default()));
    let hint = move || {
        of.with(|v| {
            format!(
                "Profile run at max_num_batched_tokens = {} (vLLM's default for this card) and {} sequences; vLLM refuses to start when one request of max_model_len does not fit the pool.",
                v.batched_tokens,
                v.max_num_seqs,
            )
        })
    };
    view! {
        <Show when=move || on.get()>
            <div class="engine" data-testid="engine-vllm">
                <Stats of=of rows=POOL_TILES />
                <p class="hint">{hint}</p>
                <p>"Launch flags to copy:"</p>
                <pre>
                    <code data-testid="vllm-flags" data-value=move || of.with(|v| v.flags.clone())>
                        {move || of.with(|v| v.flags.clone())}
                    </code>
                </pre>
            </div>
        </Show>
    }
}

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
