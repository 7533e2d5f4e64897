//! Inference memory: weights, KV cache, framework overhead and headroom (SPEC.md section 3.2).
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

use super::arch::Arch;
use super::catalogue::{gpu, tier_for, Gpu};
use super::dtype::{KvType, WeightType};
use crate::calc::units::{Bytes, Ratio};
use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct InferenceInputs {
    /// Preset the architecture came from, if any.
    pub model: Option<String>,
    pub arch: Arch,
    /// Parameters in billions when typed; `None` derives them from `arch`.
    pub params_b: Option<f64>,
    pub weights: WeightType,
    pub kv: KvType,
    pub ctx: u64,
    pub conc: u64,
    pub overhead: Bytes,
    pub margin: Ratio,
    pub gpu: String,
    pub tp: u64,
}

impl Default for InferenceInputs {
    fn default() -> Self {
        InferenceInputs {
            model: None,
            arch: Arch::default(),
            params_b: Some(7.0),
            weights: WeightType::Fp16,
            kv: KvType::Fp16,
            ctx: 8192,
            conc: 8,
            overhead: Bytes::from_gib(3.0),
            margin: Ratio(0.2),
            gpu: "a100-80gb".into(),
            tp: 1,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum InferenceError {
    #[error("{0}")]
    Arch(String),
    #[error("gpu: no card with id {0:?} in the catalogue")]
    UnknownGpu(String),
    #[error("params: {0} billion is outside 0.001 to 100000")]
    Params(f64),
    #[error("tp: {0} cards is outside 1 to 64")]
    Tp(u64),
    #[error("ctx: {0} tokens is outside 1 to 10000000")]
    Ctx(u64),
    #[error("conc: {0} sequences is outside 1 to 100000")]
    Conc(u64),
    #[error("margin: {0}% is outside 0 to 200")]
    Margin(f64),
    #[error("overhead_gib: {0} GiB is outside 0 to 256")]
    Overhead(f64),
}

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

/// Parameters used: typed, else derived.
pub fn param_count(arch: &Arch, typed_b: Option<f64>) -> f64 {
    typed_b
        .map(|b| b * 1e9)
        .unwrap_or_else(|| arch.params().total())
}

pub fn validate(i: &InferenceInputs) -> Result<&'static Gpu, InferenceError> {
    i.arch.validate().map_err(InferenceError::Arch)?;
    if let Some(p) = i.params_b {
        if !(0.001..=100_000.0).contains(&p) {
            return Err(InferenceError::Params(p));
        }
    }
    if !(1..=64).contains(&i.tp) {
        return Err(InferenceError::Tp(i.tp));
    }
    if !(1..=10_000_000).contains(&i.ctx) {
        return Err(InferenceError::Ctx(i.ctx));
    }
    if !(1..=100_000).contains(&i.conc) {
        return Err(InferenceError::Conc(i.conc));
    }
    if !(0.0..=2.0).contains(&i.margin.0) {
        return Err(InferenceError::Margin(i.margin.percent()));
    }
    if !(0.0..=256.0).contains(&i.overhead.as_gib()) {
        return Err(InferenceError::Overhead(i.overhead.as_gib()));
    }
    gpu(&i.gpu).ok_or_else(|| InferenceError::UnknownGpu(i.gpu.clone()))
}

/// Bytes of cache one layer keeps per token.
fn kv_layer_bytes(i: &InferenceInputs) -> f64 {
    i.arch.kv_elements_per_token_per_layer() * i.kv.bytes()
}

pub fn inference(i: &InferenceInputs) -> Result<InferenceReport, InferenceError> {
    let card = validate(i)?;
    let params = param_count(&i.arch, i.params_b);
    let bits = i.weights.bits_per_weight(&i.arch);
    let weights = Bytes(params * bits / 8.0);
    let layer = kv_layer_bytes(i);
    let kv_per_token = Bytes(layer * i.arch.layers as f64);
    let kv_per_sequence = Bytes(layer * i.arch.cached_token_layers(i.ctx));
    let kv_cache = kv_per_sequence * i.conc as f64;
    let tp = i.tp as f64;
    let per_card = Bytes((weights.0 + kv_cache.0) / tp + i.overhead.0);
    let headroom = per_card * i.margin.0;
    let required = per_card + headroom;
    let capacity = card.capacity();
    // What the cards can give the cache once weights, overhead and headroom are set aside.
    let usable = (capacity.0 / (1.0 + i.margin.0) - i.overhead.0) * tp - weights.0;
    let max_concurrency = if usable <= 0.0 || kv_per_sequence.0 <= 0.0 {
        0
    } else {
        (usable / kv_per_sequence.0).floor().min(1e9) as u64
    };
    let max_context = max_context(i, usable / i.conc as f64);
    Ok(InferenceReport {
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
    })
}

/// Longest context whose per-sequence cache fits in `budget` bytes (binary search: the cache
/// grows with context, piecewise linearly where windows cap some layers).
fn max_context(i: &InferenceInputs, budget: f64) -> u64 {
    let layer = kv_layer_bytes(i);
    if budget <= 0.0 || layer <= 0.0 {
        return 0;
    }
    let fits = |ctx: u64| layer * i.arch.cached_token_layers(ctx) <= budget;
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
pub fn memory_vs_concurrency(i: &InferenceInputs, contexts: &[u64]) -> Vec<(u64, Vec<(f64, f64)>)> {
    let max_conc = (i.conc.max(1) * 2).max(16);
    contexts
        .iter()
        .map(|&ctx| {
            let mut probe = i.clone();
            probe.ctx = ctx;
            let pts = [1, max_conc]
                .iter()
                .filter_map(|&c| {
                    probe.conc = c;
                    inference(&probe)
                        .ok()
                        .map(|r| (c as f64, r.required.as_gib()))
                })
                .collect();
            (ctx, pts)
        })
        .collect()
}
