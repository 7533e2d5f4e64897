//! Inference memory: weights, KV cache, framework overhead and headroom (docs/formulas.md, "Inference memory").
//!
//! ```text
//! weights        = parameters x bits per weight / 8
//! kv per token   = 2 (K and V) x layers x kv_heads x head_dim x element bytes
//!                  (latent attention: layers x (kv_lora_rank + rope head dim) x element bytes)
//! kv cache       = sum over layers of (tokens the layer holds) x per-layer bytes x sequences
//!                  (a sliding-window layer holds at most its window)
//! kv per card    = kv cache / min(tp, kv_heads)        (latent attention: kv cache, whole)
//! per card       = weights / tp + kv per card + overhead
//! required       = per card x (1 + headroom)
//! ```
//!
//! Sources: the guide's rule of thumb and its worked example (7B fp16 = 14 GB; 32 layers x 4096
//! in fp16 = 0.5 MiB per token; 8,192 tokens x 8 sequences = 32 GiB; 2-4 GB framework overhead;
//! 20% headroom for long-tailed request lengths). Mixture-of-experts models keep every expert's
//! weights resident, so the count is the total, not the active one.
//!
//! Tensor parallelism as vLLM shards it: weights divide by `tp`; the KV cache divides by the
//! cards its KV heads spread over. vLLM gives each card `max(1, kv_heads / tp)` KV heads
//! (`ModelConfig.get_num_kv_heads`, vllm/config/model.py), so with more cards than KV heads each
//! head is copied on `tp / kv_heads` cards; with multi-head latent attention each card keeps the
//! whole latent cache (`get_num_kv_heads` returns 1 when `use_mla`). vLLM states the most
//! sequences it holds as blocks over blocks per request on one card
//! (`get_max_concurrency_for_kv_cache_config`, vllm/v1/core/kv_cache_utils.py), which is per
//! card, and so is [`InferenceReport::max_concurrency`]. A `tp` that does not divide the attention
//! heads is refused, as vLLM refuses it (`MemoryInputs::cross_check`).
//!
//! With `engine=vllm` the report also carries the pool vLLM would allocate ([`super::vllm`]):
//! its own accounting beside the guide's, which stays the default.
//!
//! Every fit uses the card's memory as `nvidia-smi` shows it ([`super::catalogue`]). When every
//! layer slides (Mistral 7B v0.1), the cache stops growing and memory no longer bounds the
//! context: the longest context is then capped at [`MAX_CONTEXT`] and
//! [`InferenceReport::max_context_capped`] says so (the model's own maximum position limits it;
//! the page does not carry that figure, since an imported config's could not survive a link).

use super::catalogue::tier_for;
use super::inputs::{MemoryError, MemoryInputs};
use super::vllm::{pool, Engine, VllmPool};
use crate::calc::search::last_holding;
use crate::calc::table::{validate, Valid};
use crate::calc::units::Bytes;

pub use super::inputs::InferenceInputs;

#[derive(Debug, Clone, PartialEq)]
pub struct InferenceReport {
    pub params: f64,
    pub bits_per_weight: f64,
    pub weights: Bytes,
    /// Cache per token at full attention (every layer holding the token).
    pub kv_per_token: Bytes,
    /// Cache of one sequence at the chosen context.
    pub kv_per_sequence: Bytes,
    /// The whole cache of all sequences, before tensor parallelism splits it.
    pub kv_cache: Bytes,
    /// Weights one card holds: `weights / tp`.
    pub weights_per_card: Bytes,
    /// Cache one card holds: `kv_cache / min(tp, kv_heads)`, or all of it for a latent cache.
    pub kv_per_card: Bytes,
    /// Cards holding a copy of each KV head (of the latent, with latent attention): 1 when the
    /// heads divide evenly over the cards.
    pub kv_copies: u64,
    pub overhead: Bytes,
    /// `weights / tp + kv per card + overhead`: one card's share before headroom.
    pub per_card: Bytes,
    pub headroom: Bytes,
    /// What one card must hold, headroom included.
    pub required: Bytes,
    /// Smallest card tier holding `required`, GB.
    pub tier_gb: Option<f64>,
    pub capacity: Bytes,
    pub fits: bool,
    /// Most sequences of the chosen context the chosen cards hold.
    pub max_concurrency: u64,
    /// Longest context at the chosen concurrency the chosen cards hold, tokens (at most
    /// [`MAX_CONTEXT`]).
    pub max_context: u64,
    /// The longest context reached [`MAX_CONTEXT`]: memory would hold more (every layer slides,
    /// or the model is tiny), so the model's maximum position is what limits it.
    pub max_context_capped: bool,
    /// With `engine=vllm`: the KV cache pool vLLM would allocate on each card and the concurrency
    /// it would state ([`super::vllm`]).
    pub vllm: Option<VllmPool>,
}

/// The longest context the page reports: the largest context it accepts (`ctx`'s range).
pub const MAX_CONTEXT: u64 = 10_000_000;

/// Bytes of cache one layer keeps per token.
fn kv_layer_bytes(m: &MemoryInputs) -> f64 {
    m.model.arch.kv_elements_per_token_per_layer() * m.inference.kv.bytes()
}

/// Checks the inputs and runs the calculator: for callers that hold unchecked inputs.
pub fn inference(m: &MemoryInputs) -> Result<InferenceReport, MemoryError> {
    Ok(report(&validate(m.clone())?))
}

/// The inference calculator.
pub fn report(m: &Valid<MemoryInputs>) -> InferenceReport {
    let capacity = m.card().map(|c| c.capacity()).unwrap_or_default();
    report_with_capacity(m, capacity)
}

/// The inference calculator against a card of `capacity` bytes (the chosen card's, in
/// [`report`]; a nominal size, to compare with figures quoted at one).
pub fn report_with_capacity(m: &Valid<MemoryInputs>, capacity: Bytes) -> InferenceReport {
    let (a, i) = (&m.model.arch, &m.inference);
    let params = m.model.params();
    let bits = i.weights.bits_per_weight(a);
    let weights = Bytes(params * bits / 8.0);
    let layer = kv_layer_bytes(m);
    let kv_per_token = Bytes(layer * a.layers as f64);
    let kv_per_sequence = Bytes(layer * a.cached_token_layers(i.ctx));
    let kv_cache = kv_per_sequence * i.conc as f64;
    let tp = i.tp.max(1);
    let split = a.kv_cache_split(tp);
    let weights_per_card = Bytes(weights.0 / tp as f64);
    let kv_per_card = Bytes(kv_cache.0 / split as f64);
    let per_card = weights_per_card + kv_per_card + i.overhead;
    let headroom = per_card * i.margin.0;
    let required = per_card + headroom;
    // What one card can give its share of the cache once weights, overhead and headroom are set
    // aside; one sequence takes `kv_per_sequence / split` of it.
    let usable = capacity.0 / (1.0 + i.margin.0) - i.overhead.0 - weights_per_card.0;
    let seq_per_card = kv_per_sequence.0 / split as f64;
    let max_concurrency = if usable <= 0.0 || seq_per_card <= 0.0 {
        0
    } else {
        (usable / seq_per_card).floor().min(1e9) as u64
    };
    let (max_context, max_context_capped) =
        max_context(m, usable * split as f64 / i.conc.max(1) as f64);
    let vllm = (i.engine == Engine::Vllm).then(|| pool(m, capacity, weights_per_card, layer));
    InferenceReport {
        params,
        bits_per_weight: bits,
        weights,
        kv_per_token,
        kv_per_sequence,
        kv_cache,
        weights_per_card,
        kv_per_card,
        kv_copies: (tp / split).max(1),
        overhead: i.overhead,
        per_card,
        headroom,
        required,
        tier_gb: tier_for(required),
        capacity,
        fits: required.0 <= capacity.0,
        max_concurrency,
        max_context,
        max_context_capped,
        vllm,
    }
}

/// Longest context whose per-sequence cache fits in `budget` bytes, at most [`MAX_CONTEXT`], and
/// whether that cap was reached (binary search: the cache grows with context, piecewise linearly
/// where windows cap some layers, and not at all past the window when every layer slides).
fn max_context(m: &MemoryInputs, budget: f64) -> (u64, bool) {
    let layer = kv_layer_bytes(m);
    if budget.is_nan() || budget <= 0.0 || layer <= 0.0 {
        return (0, false);
    }
    let fits = |ctx: u64| layer * m.model.arch.cached_token_layers(ctx) <= budget;
    if fits(MAX_CONTEXT) {
        return (MAX_CONTEXT, true);
    }
    (last_holding(0, MAX_CONTEXT, fits), false)
}

/// Memory against concurrency at several contexts, for the chart: `(context, points)`.
/// Only the context and the concurrency move, each within its field's range.
pub fn memory_vs_concurrency(
    m: &Valid<MemoryInputs>,
    contexts: &[u64],
) -> Vec<(u64, Vec<(f64, f64)>)> {
    let max_conc = (m.inference.conc.max(1) * 2).clamp(16, 100_000);
    contexts
        .iter()
        .map(|&ctx| {
            let pts = [1, max_conc]
                .iter()
                .filter_map(|&c| {
                    let mut probe: MemoryInputs = (**m).clone();
                    probe.inference.ctx = ctx;
                    probe.inference.conc = c;
                    inference(&probe)
                        .ok()
                        .map(|r| (c as f64, r.required.as_gib()))
                })
                .collect();
            (ctx, pts)
        })
        .collect()
}
