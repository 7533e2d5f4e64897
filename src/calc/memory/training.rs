//! Training memory per card: model states (weights, gradients, optimiser state, master copy)
//! and activations (docs/formulas.md, "Training memory").
//!
//! ```text
//! states       = trainable x (weight + gradient + optimiser + master bytes)
//!                + frozen x frozen weight bytes
//! sharding     stage 1 divides optimiser state and master copy by N cards,
//!              stage 2 also gradients, stage 3 also weights (ZeRO; FSDP full-shard = stage 3)
//! activations  per layer = s b (e (4 h + q + k + v + o + 4 I) + h) + (2 e + 1) a s^2 b
//!              (e = 2 bytes, 4 in fp32; with q = o = heads x head_dim and k = v = kv_heads x
//!              head_dim = h this is Korthikanti's s b (17 h + 8 I) + 5 a s^2 b)
//!              memory-efficient attention or selective recomputation drop the a s^2 b term;
//!              full recomputation keeps each layer's input, e s b h, plus the larger of the
//!              full activations of the one layer being recomputed and the logits
//!              + logits s b V (e + 4 / 8) bytes (16-bit, one fp32 chunk of eight for the loss)
//! ```
//!
//! Bytes per trainable parameter for each optimiser and precision: [`super::training_choices`].
//!
//! ```text
//! reserve      = CUDA context + workspaces + allocator share x (states + activations)
//! total        = states + activations + reserve          (what must fit the card)
//! kept free    = margin x usable memory                  (`train_margin_pct`, default 10%)
//! fits         = total <= usable memory - kept free
//! fewest cards = the first n that fits, past one machine rounded up to whole machines
//! ```
//!
//! The margin is headroom beyond the estimate, on top of the reserve: the longest batch of a
//! data set of mixed lengths, the allocator's fragments past its counted share, a framework's
//! own buffers. A run that fits with less than twice the margin to spare is at the edge
//! ([`Headroom::Edge`]); one within the card but not its margin is short ([`Headroom::Short`])
//! and does not fit. The headline's ways (`calc::headline::training_ways`) say what would leave
//! more: a smaller micro-batch, recomputation, a higher ZeRO stage.
//!
//! The reserve is memory a training process holds that is neither a model state nor an
//! activation, shown as its own part of the per-card total: the CUDA context ([`CUDA_CONTEXT`],
//! about 0.5 GiB a process on recent drivers with lazy module loading: the memory `nvidia-smi`
//! shows for a process that has only initialised CUDA); the cuBLAS, cuDNN and attention kernels'
//! workspaces ([`WORKSPACES`]: cuBLAS takes 4-32 MiB per handle and stream, PyTorch's
//! `CUBLAS_WORKSPACE_CONFIG`, and the fused attention and optimiser kernels their scratch); and
//! the caching allocator's reserve over what tensors hold ([`ALLOCATOR_SHARE`]: PyTorch keeps
//! freed blocks cached and splits them, so `torch.cuda.memory_reserved()` runs some percent above
//! `memory_allocated()`; the CUDA semantics notes, "Memory management"). Estimates, each stated:
//! a run of 46 GiB of states and activations needs about 49 GiB, so it fits neither an L40S's
//! 44.99 GiB nor its nominal 48.
//!
//! Activations follow Korthikanti et al. 2022, "Reducing Activation Recomputation in Large
//! Transformer Models", eq. 2 (t = 1, no sequence parallelism), itemised per tensor as in their
//! section 4.1: the attention block stores its input (2 s b h), Q and K (4 s b h), V (2 s b h),
//! the output projection's input (2 s b h) and a dropout mask (s b h); the two norms 4 s b h; the
//! softmax output, its dropout mask and dropout output 5 a s^2 b. Changed from the paper's plain
//! transformer: K and V are stored at their own width, `kv_heads x head_dim` (grouped-query
//! attention makes them narrower than `h`), and Q and the output input at `heads x head_dim`;
//! the MLP is gated, storing its input (2 h bytes) and the gate, up, activation and product
//! outputs (2 I bytes each); in fp32 training every stored activation takes 4 bytes instead of 2
//! (the 1-byte dropout masks stay 1 byte); under full recomputation the paper counts the stored
//! layer inputs (2 s b h L); the backward pass also holds the full activations of the one layer
//! being recomputed, which the page adds. Activations are the least certain part of any
//! estimate: read the peak from a short trial run (`nvidia-smi`).
//!
//! LoRA adapters are `rank x (in + out)` per targeted matrix. QLoRA stores the frozen base's
//! linear layers in 4-bit NF4 with double-quantised constants, 4.127 bits per weight (Dettmers et
//! al. 2023), and keeps the embeddings, the output head and the norms in 16-bit: bitsandbytes
//! quantises `nn.Linear` modules only, and transformers leaves the output head out
//! (`replace_with_bnb_linear` and `get_keys_to_not_convert`, huggingface/transformers
//! src/transformers/integrations/bitsandbytes.py). peft's `prepare_model_for_kbit_training`
//! (huggingface/peft src/peft/utils/other.py) goes further and casts those 16-bit parameters to
//! fp32 ("cast all non INT8 parameters to fp32"); the page keeps them at 16 bits, the bf16 load,
//! and says so in docs/formulas.md.

pub use super::training_choices::{
    state_bytes, Method, Optimizer, Precision, Recompute, StateBytes, LORA_MODULES,
};

use super::arch::{Arch, AttentionKind};
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
    /// CUDA context, workspaces and the allocator's reserve (see the module docs).
    pub reserve: Bytes,
    /// States, activations and the reserve: what one card must hold.
    pub total: Bytes,
    pub capacity: Bytes,
    /// Memory kept free beyond the estimate: the margin's share of `capacity`.
    pub kept_free: Bytes,
    /// `capacity - total`: what the run leaves unused (negative when over).
    pub spare: Bytes,
    /// Where `spare` stands against the margin.
    pub headroom: Headroom,
    /// `total <= capacity - kept_free`.
    pub fits: bool,
    /// Fewest cards of the chosen type that hold it with the margin kept free, past one machine
    /// in whole machines ([`crate::calc::training_time::whole_units`]), and the sharding stage
    /// that assumes.
    pub min_gpus: Option<u64>,
    pub min_gpus_stage: u8,
}

/// Where a run's spare memory stands against the margin it keeps free.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Headroom {
    /// Fits with at least twice the margin to spare.
    Ample,
    /// Fits, with the margin but less than twice it to spare.
    Edge,
    /// Within the card's memory but not its margin: does not fit.
    Short,
    /// More than the card's memory.
    Over,
}

impl Headroom {
    /// The band of `spare` bytes against `kept` (the margin's bytes).
    pub fn of(spare: f64, kept: f64) -> Headroom {
        if spare < 0.0 {
            Headroom::Over
        } else if spare < kept {
            Headroom::Short
        } else if spare < 2.0 * kept {
            Headroom::Edge
        } else {
            Headroom::Ample
        }
    }
}

/// CUDA context of one process, bytes.
pub const CUDA_CONTEXT: f64 = 0.5 * 1_073_741_824.0;
/// cuBLAS, cuDNN and fused kernels' workspaces, bytes.
pub const WORKSPACES: f64 = 0.25 * 1_073_741_824.0;
/// The caching allocator's reserve over what tensors hold, as a share of states and activations.
pub const ALLOCATOR_SHARE: f64 = 0.05;

/// The reserve a process holds beside `held` bytes of states and activations.
pub fn reserve(held: f64) -> f64 {
    CUDA_CONTEXT + WORKSPACES + ALLOCATOR_SHARE * held
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

/// Bits per weight of QLoRA's 4-bit NormalFloat with double-quantised constants: 4 bits, an
/// 8-bit scale per 64 weights and a 32-bit constant per 256 scales (Dettmers et al. 2023).
pub const NF4_BITS: f64 = 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0);

/// Bytes per parameter of QLoRA's frozen base, averaged over the architecture: the linear layers
/// (attention and MLP, routers included) in NF4, the embeddings, output head and norms in 16-bit.
pub fn qlora_base_bytes(arch: &Arch) -> f64 {
    let p = arch.params();
    let total = p.total();
    if total <= 0.0 {
        return NF4_BITS / 8.0;
    }
    let four_bit = p.attention + p.mlp;
    (four_bit * NF4_BITS / 8.0 + (total - four_bit) * 2.0) / total
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
    let inner = mlp_width(a);
    let e = activation_bytes(i.precision);
    let [q, k, v, o] = attention_widths(a);
    // Per token: the attention input, Q, K, V and the output projection's input, the two norms'
    // inputs and the MLP's input (elements), the gated MLP's four inner tensors, and a one-byte
    // dropout mask.
    let linear = s * b * (e * (4.0 * h + q + k + v + o + 4.0 * inner) + h);
    let quadratic = if i.flash || i.recompute == Recompute::Selective {
        0.0
    } else {
        (2.0 * e + 1.0) * a.heads as f64 * s * s * b
    };
    let full_layer = linear + quadratic;
    let kept = a.layers.saturating_sub(if i.method == Method::Full {
        i.frozen_layers
    } else {
        0
    }) as f64;
    let logits = s * b * a.vocab as f64 * (e + 4.0 / LOSS_CHUNKS);
    let held = match i.recompute {
        // Each layer's input is kept. The forward pass peaks with them and the logits; the
        // backward pass frees the logits' gradient at the output head before it recomputes the
        // last layer, so the recomputed layer and the logits are never held together.
        Recompute::Full if kept > 0.0 => e * s * b * h * kept + full_layer.max(logits),
        Recompute::Full => logits,
        _ => full_layer * kept + logits,
    };
    Bytes(held)
}

/// Chunks the loss splits the logits into: the logits stay at the activation width and the
/// loss upcasts one chunk at a time to fp32 (torchtune's `CEWithChunkedOutputLoss`, 8 chunks;
/// LitGPT's `chunked_cross_entropy`).
pub const LOSS_CHUNKS: f64 = 8.0;

/// Bytes of one stored activation element: 2 in bf16 and mixed precision, 4 in fp32.
pub fn activation_bytes(p: Precision) -> f64 {
    if p == Precision::Fp32 {
        4.0
    } else {
        2.0
    }
}

/// Inner width of the MLP activations a token stores: the dense MLP's, or the experts it is
/// routed to plus the shared ones.
pub fn mlp_width(a: &Arch) -> f64 {
    if a.is_moe() {
        (a.experts_per_token as f64 + a.shared_experts as f64) * a.expert_intermediate as f64
    } else {
        a.intermediate as f64
    }
}

/// Widths of the attention activations stored per token: Q, K, V and the output projection's
/// input. Grouped-query attention stores K and V at `kv_heads x head_dim`; latent attention
/// stores the up-projected K (`heads x (nope + rope)`) and V (`heads x v_head_dim`).
pub fn attention_widths(a: &Arch) -> [f64; 4] {
    let heads = a.heads as f64;
    match a.attention {
        AttentionKind::Latent => {
            let qk = heads * (a.qk_nope_head_dim as f64 + a.qk_rope_head_dim as f64);
            let v = heads * a.v_head_dim as f64;
            [qk, qk, v, v]
        }
        _ => {
            let q = heads * a.head_dim as f64;
            let kv = a.kv_heads as f64 * a.head_dim as f64;
            [q, kv, kv, q]
        }
    }
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

/// The most cards the fewest-cards search considers.
pub const MAX_GPUS: u64 = 4096;

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
        (Method::Qlora, _) => qlora_base_bytes(&m.model.arch),
        (_, Precision::Fp32) => 4.0,
        _ => 2.0,
    };
    let [w, g, o, master] = states_on(trainable, frozen, frozen_bytes, sb, i.gpus as f64, i.zero);
    let states = w + g + o + master;
    let unsharded: f64 = states_on(trainable, frozen, frozen_bytes, sb, 1.0, 0)
        .iter()
        .sum();
    let act = activations_of(m);
    let reserve_bytes = reserve(states + act.0);
    let total = Bytes(states + act.0 + reserve_bytes);
    let capacity = m.card().map(|c| c.capacity()).unwrap_or_default();
    let kept_free = capacity.0 * i.margin.0.clamp(0.0, 1.0);
    // One comparison for the report's fit, its band and the fewest-cards search, so a count the
    // search returns is one the report at that count calls a fit.
    let holds = |total: f64| capacity.0 - total >= kept_free;
    let stage = if i.zero == 0 { 3 } else { i.zero };
    let fits_on = |n: u64| {
        let s: f64 = states_on(trainable, frozen, frozen_bytes, sb, n as f64, stage)
            .iter()
            .sum();
        holds(s + act.0 + reserve(s + act.0))
    };
    // More cards never add to a card's states and the reserve grows with what it holds, so the
    // fit is monotone in `n`: a binary search finds the first card count that fits. A linear
    // scan cost up to 4,096 steps per report when nothing fits (activations alone too large),
    // which the sequence chart's 33 probes paid on every slider move.
    let min_gpus = {
        let (mut lo, mut hi) = (1u64, MAX_GPUS);
        if fits_on(hi) {
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if fits_on(mid) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            // A count past one machine is booked as whole machines; more cards still fit.
            Some(crate::calc::training_time::whole_units(lo).min(MAX_GPUS))
        } else {
            None
        }
    };
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
        reserve: Bytes(reserve_bytes),
        total,
        capacity,
        kept_free: Bytes(kept_free),
        spare: Bytes(capacity.0 - total.0),
        headroom: Headroom::of(capacity.0 - total.0, kept_free),
        fits: holds(total.0),
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
