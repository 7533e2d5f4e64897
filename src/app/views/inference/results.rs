//! The inference figures: parameters, weights, KV cache, what a card needs, the smallest card
//! tier and the most sequences it holds, and the note on sizing to the peak.

use crate::app::format::{billions, gb, gib, number, percent};
use crate::app::i18n::tr;
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::{live, StatRow, Stats, When};
use crate::calc::memory::inference::InferenceReport;
use crate::calc::memory::vllm::VllmPool;
use crate::text::Texts;
use leptos::prelude::*;

#[rustfmt::skip]
const TILES: &[StatRow<InferenceReport>] = &[
    StatRow { testid: "param-count", label: |t| t.inference.params, value: |r| r.params.round().to_string(), text: |r, _| billions(r.params), note: None },
    // GiB first, as nvidia-smi shows memory; the decimal GB that model sizes are quoted in beside.
    StatRow { testid: "weights-bytes", label: |t| t.inference.weights, value: |r| r.weights.whole().to_string(), text: |r, _| gib(r.weights),
        note: Some(|r, t| t.inference.weights_note(&gb(r.weights), &number(r.bits_per_weight, 3))) },
    StatRow { testid: "kv-bytes-per-token", label: |t| t.inference.kv_per_token, value: |r| r.kv_per_token.whole().to_string(),
        text: |r, _| format!("{} MiB", number(r.kv_per_token.as_mib(), 4)), note: None },
    StatRow { testid: "kv-cache-bytes", label: |t| t.inference.kv_cache, value: |r| r.kv_cache.whole().to_string(), text: |r, _| gib(r.kv_cache), note: None },
    StatRow { testid: "required-bytes", label: |t| t.inference.required, value: |r| r.required.whole().to_string(), text: |r, _| gib(r.required),
        note: Some(|r, t| if r.fits { t.inference.fits.into() } else { t.inference.not_fits.into() }) },
    StatRow { testid: "card-tier", label: |t| t.inference.tier, value: |r| r.tier_gb.map(|t| t.to_string()).unwrap_or_default(),
        text: |r, t| r.tier_gb.map(|g| t.headline.tier(&number(g, 0), &number(g, 0))).unwrap_or_else(|| t.inference.tier_none.into()), note: None },
    StatRow { testid: "max-concurrency", label: |t| t.inference.max_conc, value: max_concurrency_value, text: |r, _| max_concurrency_text(r),
        note: Some(max_concurrency_note) },
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

/// Whose figure it is, or the longest context one sequence may take instead.
fn max_concurrency_note(r: &InferenceReport, t: &'static Texts) -> String {
    let w = &t.inference;
    if let Some(v) = &r.vllm {
        w.max_conc_vllm(&number(v.ctx as f64, 0), &r.max_concurrency.to_string())
    } else if r.max_context == 0 {
        // Nothing fits: "or one context of up to 0 tokens" would read as a figure.
        w.max_conc_none.to_string()
    } else if r.max_context_capped {
        w.max_conc_capped(&number(r.max_context as f64, 0))
    } else {
        w.max_conc_ctx(&number(r.max_context as f64, 0))
    }
}

#[rustfmt::skip]
const POOL_TILES: &[StatRow<VllmPool>] = &[
    StatRow { testid: "kv-pool-bytes", label: |t| t.inference.pool, value: |v| v.pool.whole().to_string(), text: |v, _| gib(v.pool),
        note: Some(|v, t| t.inference.pool_note(&gib(v.budget), &gib(v.weights), &gib(v.activation_peak), &gib(v.non_torch), &gib(v.cuda_graphs))) },
    StatRow { testid: "kv-pool-tokens", label: |t| t.inference.pool_tokens, value: |v| v.tokens.to_string(),
        text: |v, t| t.inference.tokens(&number(v.tokens as f64, 0)),
        note: Some(|v, t| t.inference.pool_tokens_note(&number(v.bytes_per_token.0, 0))) },
];

/// With `engine=vllm`: the pool vLLM would allocate and the launch flags that give it.
#[component]
pub fn EngineStats(report: Memo<InferenceReport>) -> impl IntoView {
    let app = use_app();
    let on = memo(move || report.see(|r| r.vllm.is_some()));
    let of = memo(move || report.see(|r| r.vllm.clone().unwrap_or_default()));
    let hint = move || {
        let t = app.t();
        of.see(|v| {
            t.inference
                .profile(&v.batched_tokens.to_string(), &v.max_num_seqs.to_string())
        })
    };
    view! {
        <When when=move || on.get()>
            <div class="engine" data-testid="engine-vllm">
                <Stats of=of rows=POOL_TILES />
                <p class="hint">{live(hint)}</p>
                <p>{tr(|t| t.inference.flags)}</p>
                <pre>
                    <code data-testid="vllm-flags" data-value=move || of.see(|v| v.flags.clone())>
                        {live(move || of.see(|v| v.flags.clone()))}
                    </code>
                </pre>
            </div>
        </When>
    }
}

#[component]
pub fn InferenceStats(report: Memo<InferenceReport>) -> impl IntoView {
    view! { <Stats of=report rows=TILES /> }
}

/// How much of the card the load speaks for, under the charts.
#[component]
pub fn PeakNote(report: Memo<InferenceReport>) -> impl IntoView {
    let app = use_app();
    view! {
        <p class="hint">
            {live(move || {
                let t = app.t();
                report
                    .see(|r| {
                        t.inference.peak(&percent(r.required.0 / r.capacity.0.max(1.0), 0))
                    })
            })}
        </p>
    }
}
