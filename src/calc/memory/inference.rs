//! Inference memory: weights, KV cache, framework overhead and headroom (docs/formulas.md, "Inference memory").
//!
//! ```text
//! weights        = parameters x bits per weight / 8
//! kv per token   = 2 (K and V) x layers x kv_heads x head_dim x element bytes
//!                  (latent attention: layers x (kv_lora_rank + rope head dim) x element bytes)
//! kv cache       = sum over layers of (tokens the layer holds) x per-layer bytes x sequences
//!                  (a sliding-window layer holds at most its window)
//! per card       = (weights + kv cache) / tensor-parallel cards + overhead
//! required       = per card x (1 + headroom)
//! ```
//!
//! Sources: the guide's rule of thumb and its worked example (7B fp16 = 14 GB; 32 layers x 4096
//! in fp16 = 0.5 MiB per token; 8,192 tokens x 8 sequences = 32 GiB; 2-4 GB framework overhead;
//! 20% headroom for long-tailed request lengths). Splitting over cards assumes tensor parallelism
//! divides weights and cache evenly and each card keeps its own runtime overhead. Mixture-of-experts
//! models keep every expert's weights resident, so the count is the total, not the active one.

use super::catalogue::tier_for;
use super::inputs::{MemoryError, MemoryInputs};
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
    pub kv_cache: Bytes,
    pub overhead: Bytes,
    /// `(weights + cache) / tp + overhead`: one card's share before headroom.
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
    /// Longest context at the chosen concurrency the chosen cards hold, tokens.
    pub max_context: u64,
}

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
    let (a, i) = (&m.model.arch, &m.inference);
    let params = m.model.params();
    let bits = i.weights.bits_per_weight(a);
    let weights = Bytes(params * bits / 8.0);
    let layer = kv_layer_bytes(m);
    let kv_per_token = Bytes(layer * a.layers as f64);
    let kv_per_sequence = Bytes(layer * a.cached_token_layers(i.ctx));
    let kv_cache = kv_per_sequence * i.conc as f64;
    let tp = i.tp as f64;
    let per_card = Bytes((weights.0 + kv_cache.0) / tp + i.overhead.0);
    let headroom = per_card * i.margin.0;
    let required = per_card + headroom;
    let capacity = m.card().map(|c| c.capacity()).unwrap_or_default();
    // What the cards can give the cache once weights, overhead and headroom are set aside.
    let usable = (capacity.0 / (1.0 + i.margin.0) - i.overhead.0) * tp - weights.0;
    let max_concurrency = if usable <= 0.0 || kv_per_sequence.0 <= 0.0 {
        0
    } else {
        (usable / kv_per_sequence.0).floor().min(1e9) as u64
    };
    let max_context = max_context(m, usable / i.conc as f64);
    InferenceReport {
        params,
        bits_per_weight: bits,
        weights,
        kv_per_token,
        kv_per_sequence,
        kv_cache,
        overhead: i.overhead,
        per_card,
        headroom,
        required,
        tier_gb: tier_for(required),
        capacity,
        fits: required.0 <= capacity.0,
        max_concurrency,
        max_context,
    }
}

/// Longest context whose per-sequence cache fits in `budget` bytes (binary search: the cache
/// grows with context, piecewise linearly where windows cap some layers).
fn max_context(m: &MemoryInputs, budget: f64) -> u64 {
    let layer = kv_layer_bytes(m);
    if budget <= 0.0 || layer <= 0.0 {
        return 0;
    }
    let fits = |ctx: u64| layer * m.model.arch.cached_token_layers(ctx) <= budget;
    let (mut lo, mut hi) = (0u64, 1u64 << 40);
    if fits(hi) {
        return hi;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
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
