//! The inference figures: parameters, weights, KV cache, what a card needs, the smallest card
//! tier and the most sequences it holds, the note on sizing to the peak, and with
//! `engine=vllm` the pool vLLM would allocate.

use super::Rep;
use crate::app::format::{billions, gb, gib, number, percent};
use crate::app::widgets::{Sheet, StatRow};
use crate::calc::memory::vllm::VllmPool;
use crate::calc::units::{Bytes, Ratio};
use crate::text::Texts;

#[rustfmt::skip]
pub(super) const TILES: &[StatRow<Rep>] = &[
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
fn max_concurrency_value(r: &Rep) -> String {
    match &r.vllm {
        Some(v) => v.max_concurrency.to_string(),
        None => r.max_concurrency.to_string(),
    }
}

fn max_concurrency_text(r: &Rep) -> String {
    match &r.vllm {
        Some(v) => format!("{:.2}x", v.max_concurrency),
        None => r.max_concurrency.to_string(),
    }
}

/// Whose figure it is, or the longest context one sequence may take instead.
fn max_concurrency_note(r: &Rep, t: &'static Texts) -> String {
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

/// How much of the card the load speaks for.
pub(super) fn peak(r: &Rep, t: &'static Texts) -> String {
    t.inference
        .peak(&percent(r.required.0 / r.capacity.0.max(1.0), 0))
}

/// The pool the rows below read while the engine is the guide's: they are not shown then.
static NO_POOL: VllmPool = VllmPool {
    gpu_util: Ratio(0.0),
    budget: Bytes(0.0),
    weights: Bytes(0.0),
    batched_tokens: 0,
    max_num_seqs: 0,
    activation_peak: Bytes(0.0),
    non_torch: Bytes(0.0),
    cuda_graphs: Bytes(0.0),
    pool: Bytes(0.0),
    bytes_per_token: Bytes(0.0),
    tokens: 0,
    max_concurrency: 0.0,
    ctx: 0,
    flags: String::new(),
};

/// vLLM's pool (shown only with `engine=vllm`).
pub(super) fn pool(r: &Rep) -> &VllmPool {
    r.vllm.as_ref().unwrap_or(&NO_POOL)
}

#[rustfmt::skip]
const POOL_TILES: &[StatRow<Rep>] = &[
    StatRow { testid: "kv-pool-bytes", label: |t| t.inference.pool, value: |r| pool(r).pool.whole().to_string(), text: |r, _| gib(pool(r).pool),
        note: Some(|r, t| { let v = pool(r); t.inference.pool_note(&gib(v.budget), &gib(v.weights), &gib(v.activation_peak), &gib(v.non_torch), &gib(v.cuda_graphs)) }) },
    StatRow { testid: "kv-pool-tokens", label: |t| t.inference.pool_tokens, value: |r| pool(r).tokens.to_string(),
        text: |r, t| t.inference.tokens(&number(pool(r).tokens as f64, 0)),
        note: Some(|r, t| t.inference.pool_tokens_note(&number(pool(r).bytes_per_token.0, 0))) },
];

/// The pool's tiles.
pub(super) const POOL: Sheet<Rep> = Sheet {
    notes: None,
    shown: None,
    tiles: POOL_TILES,
    sentence: None,
    ranges: None,
    formulas: &[],
    charts: &[],
};

/// The profile run that sizes the pool.
pub(super) fn profile(r: &Rep, t: &'static Texts) -> String {
    let v = pool(r);
    t.inference
        .profile(&v.batched_tokens.to_string(), &v.max_num_seqs.to_string())
}
