//! Training memory per card: model states (weights, gradients, optimiser state, master copy)
//! and activations (docs/formulas.md, "Training memory").
//!
//! ```text
//! states       = trainable x (weight + gradient + optimiser + master bytes)
//!                + frozen x frozen weight bytes
//! sharding     stage 1 divides optimiser state and master copy by N cards,
//!              stage 2 also gradients, stage 3 also weights (ZeRO; FSDP full-shard = stage 3)
//! activations  per layer = s b (17 h + 8 I) + 5 a s^2 b     (no recomputation)
//!              memory-efficient attention or selective recomputation drop the 5 a s^2 b term;
//!              full recomputation keeps only each layer's input, 2 s b h
//!              + logits s b V x 4 bytes (fp32 for the loss)
//! ```
//!
//! Bytes per trainable parameter for each optimiser and precision: [`super::training_choices`].
//!
//! Activations follow Korthikanti et al. 2022, "Reducing Activation Recomputation in Large
//! Transformer Models", eq. 2 (t = 1, no sequence parallelism), with the MLP term written for a
//! gated MLP of inner size I: its input (2 h bytes) and the gate, up, activation and product
//! outputs (2 I bytes each). They are the least certain part of any estimate: read the peak from a
//! short trial run (`nvidia-smi`). LoRA adapters are `rank x (in + out)` per targeted matrix;
//! QLoRA stores the frozen base in 4-bit NF4 with double-quantised constants, 4.127 bits per
//! weight (Dettmers et al. 2023).

pub use super::training_choices::{
    state_bytes, Method, Optimizer, Precision, Recompute, StateBytes, LORA_MODULES,
};

use super::arch::Arch;
use super::inputs::{MemoryError, MemoryInputs};
use crate::calc::table::{validate, Valid};
use crate::calc::units::Bytes;

pub use super::inputs::TrainingInputs;

#[derive(Debug, Clone, PartialEq)]
pub struct TrainingReport {
    pub params: f64,
    pub trainable: f64,
    pub per_param: StateBytes,
    /// Bytes per frozen parameter.
    pub frozen_bytes: f64,
    /// Per card, after sharding.
    pub weights: Bytes,
    pub grads: Bytes,
    pub optimizer: Bytes,
    pub master: Bytes,
    pub states: Bytes,
    /// All states on one card without sharding (the guide's "112 GB").
    pub states_unsharded: Bytes,
    pub activations: Bytes,
    pub total: Bytes,
    pub capacity: Bytes,
    pub fits: bool,
    /// Fewest cards of the chosen type that hold it, and the sharding stage that assumes.
    pub min_gpus: Option<u64>,
    pub min_gpus_stage: u8,
}

/// LoRA trainable parameters: rank x (in + out) per targeted matrix per layer.
pub fn lora_params(arch: &Arch, rank: u64, targets: &[String]) -> f64 {
    let h = arch.hidden as f64;
    let q_out = (arch.heads * arch.head_dim) as f64;
    let kv_out = (arch.kv_heads * arch.head_dim) as f64;
    let (inner, copies) = if arch.is_moe() {
        (
            arch.expert_intermediate as f64,
            (arch.experts + arch.shared_experts) as f64,
        )
    } else {
        (arch.intermediate as f64, 1.0)
    };
    let per_layer: f64 = targets
        .iter()
        .map(|t| match t.as_str() {
            "q" => h + q_out,
            "k" | "v" => h + kv_out,
            "o" => q_out + h,
            "gate" | "up" | "down" => (h + inner) * copies,
            _ => 0.0,
        })
        .sum();
    rank as f64 * per_layer * arch.layers as f64
}

/// Share of the parameters in the frozen leading layers and the embeddings (full fine-tune only).
fn frozen_share(m: &MemoryInputs) -> f64 {
    let i = &m.training;
    if i.method != Method::Full || i.frozen_layers == 0 {
        return 0.0;
    }
    let p = m.model.arch.params();
    let total = p.total();
    if total <= 0.0 {
        return 0.0;
    }
    let per_layer = (p.attention + p.mlp + p.norms) / m.model.arch.layers.max(1) as f64;
    ((p.embeddings + per_layer * i.frozen_layers as f64) / total).min(1.0)
}

/// Activation bytes of one card's micro-batch. Frozen leading layers keep no activations:
/// backpropagation stops below the first trainable layer.
pub fn activations(m: &Valid<MemoryInputs>) -> Bytes {
    activations_of(m)
}

fn activations_of(m: &MemoryInputs) -> Bytes {
    let (a, i) = (&m.model.arch, &m.training);
    let (s, b, h) = (i.seq as f64, i.batch as f64, a.hidden as f64);
    let inner = if a.is_moe() {
        ((a.experts_per_token + a.shared_experts) * a.expert_intermediate) as f64
    } else {
        a.intermediate as f64
    };
    let per_layer = match i.recompute {
        Recompute::Full => 2.0 * s * b * h,
        _ => {
            let linear = s * b * (17.0 * h + 8.0 * inner);
            let quadratic = if i.flash || i.recompute == Recompute::Selective {
                0.0
            } else {
                5.0 * a.heads as f64 * s * s * b
            };
            linear + quadratic
        }
    };
    let logits = s * b * a.vocab as f64 * 4.0;
    let kept = a.layers.saturating_sub(if i.method == Method::Full {
        i.frozen_layers
    } else {
        0
    });
    Bytes(per_layer * kept as f64 + logits)
}

/// States per card for `n` cards at sharding `stage`.
fn states_on(
    trainable: f64,
    frozen: f64,
    frozen_bytes: f64,
    sb: StateBytes,
    n: f64,
    stage: u8,
) -> [f64; 4] {
    let div = |from: u8| if stage >= from { n } else { 1.0 };
    [
        (trainable * sb.weight + frozen * frozen_bytes) / div(3),
        trainable * sb.grad / div(2),
        trainable * sb.optimizer / div(1),
        trainable * sb.master / div(1),
    ]
}

/// Checks the inputs and runs the calculator: for callers that hold unchecked inputs.
pub fn training(m: &MemoryInputs) -> Result<TrainingReport, MemoryError> {
    Ok(report(&validate(m.clone())?))
}

/// The training calculator.
pub fn report(m: &Valid<MemoryInputs>) -> TrainingReport {
    let i = &m.training;
    let params = m.model.params();
    let frozen_share = frozen_share(m);
    let trainable = match i.method {
        Method::Full => params * (1.0 - frozen_share),
        Method::Lora | Method::Qlora => lora_params(&m.model.arch, i.lora_rank, &i.lora_targets),
    };
    // LoRA adds its adapters to the frozen base; a partly frozen full fine-tune keeps the rest.
    let frozen = match i.method {
        Method::Full => params * frozen_share,
        Method::Lora | Method::Qlora => params,
    };
    let sb = state_bytes(i.optimizer, i.precision);
    let frozen_bytes = match (i.method, i.precision) {
        (Method::Qlora, _) => 4.127 / 8.0,
        (_, Precision::Fp32) => 4.0,
        _ => 2.0,
    };
    let [w, g, o, master] = states_on(trainable, frozen, frozen_bytes, sb, i.gpus as f64, i.zero);
    let states = w + g + o + master;
    let unsharded: f64 = states_on(trainable, frozen, frozen_bytes, sb, 1.0, 0)
        .iter()
        .sum();
    let act = activations_of(m);
    let total = Bytes(states + act.0);
    let capacity = m.card().map(|c| c.capacity()).unwrap_or_default();
    let stage = if i.zero == 0 { 3 } else { i.zero };
    let min_gpus = (1..=4096u64).find(|&n| {
        let s: f64 = states_on(trainable, frozen, frozen_bytes, sb, n as f64, stage)
            .iter()
            .sum();
        s + act.0 <= capacity.0
    });
    TrainingReport {
        params,
        trainable,
        per_param: sb,
        frozen_bytes,
        weights: Bytes(w),
        grads: Bytes(g),
        optimizer: Bytes(o),
        master: Bytes(master),
        states: Bytes(states),
        states_unsharded: Bytes(unsharded),
        activations: act,
        total,
        capacity,
        fits: total.0 <= capacity.0,
        min_gpus,
        min_gpus_stage: stage,
    }
}

/// Per-card total (GiB) against sequence length, from 0 to twice the chosen length, for the chart.
/// Only the sequence length moves, within its field's range.
pub fn total_vs_seq(m: &Valid<MemoryInputs>) -> Vec<(f64, f64)> {
    let max = (m.training.seq * 2).clamp(1024, 10_000_000);
    (0..=32)
        .filter_map(|k| {
            let seq = (max * k / 32).max(1);
            let mut probe: MemoryInputs = (**m).clone();
            probe.training.seq = seq;
            training(&probe)
                .ok()
                .map(|r| (seq as f64, r.total.as_gib()))
        })
        .collect()
}
