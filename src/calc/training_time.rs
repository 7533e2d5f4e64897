//! Training time and cost: tokens a second per card, the job's wall time and card-hours, how
//! far more cards pay, and what the job costs at a price per card-hour (docs/formulas.md,
//! "Training time").
//!
//! Entry point: [`time_report`] (checked inputs) or [`training_time`] (unchecked inputs, which it
//! checks), both returning a [`TimeReport`]; [`job_cost`] prices its card-hours at a price per
//! card-hour, [`catalogue_costs`] at the catalogue's dated prices for the card;
//! [`cards_for_deadline`] finds the fewest cards that finish within a deadline. The inputs are the
//! training view's ([`MemoryInputs`]: model, card, method, recomputation, sequence, micro-batch,
//! cards, sharding stage, and `training.train_tokens`, the tokens the job trains on, link key
//! `train_tokens`). To try another card or count, change `gpu` and `training.gpus` on a copy.
//!
//! ```text
//! FLOPs a token (PaLM, Chowdhery et al. 2022, appendix B; llm-foundry's MFU):
//!   full fine-tune   6 M + 12 L w s
//!   LoRA, QLoRA      4 M + 6 A + 12 L w s      (the frozen base runs forward, 2 M, and its
//!                                               backward through the activations, 2 M, but
//!                                               computes no weight gradient, the third 2 M)
//!   recomputation    full: + 2 M (+ 2 A) + 4 L w s (one more forward), selective: + 4 L w s
//!   M  parameters a token multiplies by (the active ones; the input embedding is a lookup)
//!   A  LoRA adapter parameters;  L layers;  w = heads x head_dim;  s sequence length
//! time a token on a card among n (a two-term roofline):
//!   t = FLOPs (with recomputation) / (share x dense 16-bit peak)
//!     + TRAFFIC x L x hidden x 2 bytes (x 4/3 with full recomputation) / memory bandwidth
//!     + QLoRA: passes x NF4 weights x DEQUANT_BYTES / bandwidth / tokens a step
//!   share = ONE_CARD_SHARE alone, MATMUL_SHARE among several; x AMD_SHARE on AMD's cards
//! several cards, one step of b x s tokens a card:
//!   data parallel, ZeRO 1-2  2 (n - 1) / n x gradient bytes over the link
//!   ZeRO 3                   (n - 1) / n x (gradient + gathers x weight bytes), a gather a pass
//!                            (forward, backward, and the recomputed forward)
//!   link                     NVLink share of the card's NVLink figure, or PCIe, inside a
//!                            machine of 8; beyond 8 cards also the machines' network
//!   step                     compute + exchange - OVERLAP x (the exchange the step can hide)
//! wall time  = train_tokens / (n x tokens a second a card) / 3600;  card-hours = n x wall time
//! ```
//!
//! The utilisation is not a guess per card: the constants in [`FIT`] were fitted on ten
//! published runs (llm-foundry's benchmark table, torchtune's recipe table, torchtitan's
//! performance page, Meta's Llama 2 GPU-hours) and MLPerf Training v5.0's MI300X / H200 ratio,
//! and checked on 30 runs held back (tests/core/training_time.rs reruns the fit and checks the
//! constants are its result); [`HELD_BACK`] is the range the held-back runs span, and
//! [`TimeReport::tokens_per_s_range`] shows every rate across it. A newer card does not keep a
//! fixed MFU: its compute grew faster than its memory bandwidth, so the bandwidth term takes a
//! larger share (llm-foundry's H100 runs reach 40-46% MFU where the A100's reach 55-64%). A
//! card among several computes at a lower share than alone and waits on the exchange the fit
//! finds unhidden, so its rate falls from one card to eight and from one machine to many.

use crate::calc::memory::arch::AttentionKind;
use crate::calc::memory::catalogue::{Gpu, GPUS};
use crate::calc::memory::inputs::{MemoryError, MemoryInputs};
use crate::calc::memory::prices::{prices, Quote, Tier};
use crate::calc::memory::training::{
    lora_params, state_bytes, Method, Precision, Recompute, NF4_BITS,
};
use crate::calc::table::{validate, Valid};
use crate::calc::units::{Currency, Hours, Money};

/// Share of the dense 16-bit tensor peak a training matmul reaches on NVIDIA cards training
/// together (fitted, with [`TRAFFIC`] and [`OVERLAP`], on the fitted runs of more than one card:
/// llm-foundry's six, torchtune's 70B LoRA on 8 A100, torchtitan's 8B on 64, Llama 2 7B).
pub const MATMUL_SHARE: f64 = 0.89;
/// The same share on one NVIDIA card alone, with no collective kernels beside its matmuls and no
/// step waiting on the slowest card: fitted on torchtune's Llama 3.1 8B LoRA on one RTX 4090,
/// which it reaches at its bound, the card's whole rated peak (that run computes 46.3 GFLOP a
/// token at 3,083 tokens a second, 86% of the 165.2 TFLOPS; the estimate stays 35% below it).
/// Held back, VectorLM's Llama 3 8B on one and four A100 80GB runs 0.88-0.89 as fast a card on
/// four as on one; the two shares give 0.88-0.89.
pub const ONE_CARD_SHARE: f64 = 1.0;
/// AMD's cards reach this share of what an NVIDIA card reaches of its own dense peak (fitted on
/// MLPerf Training v5.0's Llama 2 70B LoRA on 8 cards: the MI325X up to 8% faster than the H200
/// and up to 30% faster than the MI300X, so the MI300X at about 0.83 of the H200's speed where
/// its dense peak is 1.32 times the H200's). ROCm's kernels reach less of the rated peak: Azure's
/// ND MI300X v5 measures 1,159 TFLOPS on an 8,192-cubed fp8 GEMM, 44% of its 2,615.
pub const AMD_SHARE: f64 = 0.57;
/// Two-byte elements read or written a token, per layer and per hidden unit, by everything that
/// is not a matmul (norms, residuals, activation functions, attention's softmax, the loss, the
/// optimiser step spread over the step's tokens), forward and backward (fitted).
pub const TRAFFIC: f64 = 396.0;
/// Share of the exchange a step hides behind the compute it could overlap (fitted): the rest of
/// the all-gathers, reduce-scatters and all-reduces adds to the step. The fit finds none hidden
/// (0 on a grid of 0.05 from 0 to 1): with the matmuls at [`MATMUL_SHARE`], the runs at 64 and
/// a thousand cards are slower than compute alone by about their whole exchange. Buckets wait for
/// the last layer's gradients, the first gather has nothing to overlap, and collectives take
/// compute units from the matmuls they run beside.
pub const OVERLAP: f64 = 0.0;
/// Bytes a weight a QLoRA pass moves to dequantise its NF4 base, as memory-bandwidth time:
/// fitted on the ratio of torchtune's Llama 3.1 8B QLoRA and LoRA runs on one RTX 4090 (2,413
/// and 3,083 tokens a second), after the one-card share. An ideal kernel reads 0.52 bytes and
/// writes 2 a weight; the unfused dequantise-then-matmul path takes about ten times that.
pub const DEQUANT_BYTES: f64 = 23.9;
/// `measured / estimate` of the held-back runs, rounded out to 5%: 29 of the 30 held-back runs
/// fall inside, 0.86 to 1.23; an MI300X run measured at 0.78 is outside
/// (tests/core/training_time.rs keeps this in step and counts them).
pub const HELD_BACK: (f64, f64) = (0.85, 1.25);
/// Cards in one machine: a data-parallel group beyond this crosses the network.
pub const MACHINE_CARDS: u64 = 8;
/// A count of cards as a provider rents it: up to one machine any number, past it whole
/// machines of [`MACHINE_CARDS`] (an 8-card machine comes with its NVLink and network; no one
/// rents three quarters of one). 46 cards are booked as 48, six machines.
pub fn whole_units(n: u64) -> u64 {
    if n <= MACHINE_CARDS {
        n
    } else {
        n.div_ceil(MACHINE_CARDS) * MACHINE_CARDS
    }
}

/// The counts a job can book, smallest first, up to [`MAX_CARDS`]: 1 to 8, then 16, 24, ...
pub fn bookable_counts() -> impl Iterator<Item = u64> {
    (1..=MAX_CARDS).filter(|&n| whole_units(n) == n)
}

/// Share of a card's NVLink figure (both directions) an all-reduce's ring moves as bus
/// bandwidth: nccl-tests reach about 230 GB/s on DGX A100 (600 GB/s NVLink) and 360-480 on H100.
pub const NVLINK_SHARE: f64 = 0.4;
/// All-reduce bus bandwidth between PCIe cards, bytes a second (the serving model's
/// [`crate::calc::serving::PCIE`] figure, from nccl-tests on PCIe machines).
pub const PCIE_BUS: f64 = 20e9;
/// A machine's network for a data-parallel group across machines, bytes a second: 8 x 400 Gb/s
/// InfiniBand on NVLink machines of 900 GB/s or more (the DGX H100 reference), 8 x 200 Gb/s on
/// older NVLink machines (DGX A100), one 100 Gb/s port on a machine of PCIe cards; each at 80%.
pub const NETWORK_NVLINK_FAST: f64 = 0.8 * 8.0 * 400e9 / 8.0;
pub const NETWORK_NVLINK: f64 = 0.8 * 8.0 * 200e9 / 8.0;
pub const NETWORK_PCIE: f64 = 0.8 * 100e9 / 8.0;
/// An added card stops paying when it adds less than this share of one card's speed.
pub const STOP_GAIN: f64 = 0.5;
/// The most cards the scaling search considers: eight machines of eight. Past the second
/// machine every added machine adds the same exchange, so the gain a card brings no longer falls.
pub const MAX_CARDS: u64 = 64;

/// The fitted constants in one place, so a fit can try others ([`time_report_with`]); the page
/// uses [`FIT`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    pub matmul_share: f64,
    pub one_card_share: f64,
    pub amd_share: f64,
    pub traffic: f64,
    pub overlap: f64,
    pub dequant_bytes: f64,
}

/// The constants the page runs on.
pub const FIT: Fit = Fit {
    matmul_share: MATMUL_SHARE,
    one_card_share: ONE_CARD_SHARE,
    amd_share: AMD_SHARE,
    traffic: TRAFFIC,
    overlap: OVERLAP,
    dequant_bytes: DEQUANT_BYTES,
};

/// Who makes a card: the achieved share of the peak differs by vendor's kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vendor {
    Nvidia,
    Amd,
}

/// The card's vendor, from its catalogue name.
pub fn vendor(card: &Gpu) -> Vendor {
    if card.name.starts_with("AMD") {
        Vendor::Amd
    } else {
        Vendor::Nvidia
    }
}

/// Share of the dense peak a card's training matmuls reach among `n` cards.
pub fn achieved_share(fit: &Fit, card: &Gpu, n: u64) -> f64 {
    let nvidia = if n <= 1 {
        fit.one_card_share
    } else {
        fit.matmul_share
    };
    match vendor(card) {
        Vendor::Nvidia => nvidia,
        Vendor::Amd => nvidia * fit.amd_share,
    }
}

/// What one token costs to train, in the quantities the FLOP count needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Work {
    /// Parameters a token multiplies by: the active ones, without the input embedding.
    pub matmul_params: f64,
    /// Of them, in the frozen leading layers of a full fine-tune (forward only).
    pub frozen_params: f64,
    /// LoRA adapter parameters (0 for a full fine-tune).
    pub adapter_params: f64,
    /// QLoRA's NF4 weights, dequantised each pass (0 otherwise).
    pub nf4_params: f64,
    pub layers: f64,
    /// Layers that run backward (all but a full fine-tune's frozen leading layers).
    pub trained_layers: f64,
    pub hidden: f64,
    /// Width of the attention scores and values a token computes: heads x head_dim.
    pub attn_width: f64,
    pub seq: f64,
    /// Tokens a card's micro-batch holds (batch x seq).
    pub step_tokens: f64,
    pub method: Method,
    pub recompute: Recompute,
}

/// FLOPs a trained token costs: the model's (what MFU counts) and the hardware's (with
/// recomputation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Flops {
    pub model: f64,
    pub hardware: f64,
    /// Of the hardware FLOPs, the forward pass that runs before the backward.
    pub forward: f64,
}

/// How the cards of a data-parallel group talk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    /// One card: nothing to exchange.
    None,
    /// NVLink, NVSwitch or Infinity Fabric (a two-card bridge for two cards).
    NvLink,
    /// PCIe.
    Pcie,
}

crate::choice_ids!(LinkKind { None => "none", NvLink => "nvlink", Pcie => "pcie" });

/// The links one step's exchange crosses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Link {
    pub kind: LinkKind,
    /// Bus bandwidth inside a machine, bytes a second.
    pub bus: f64,
    /// Machines the group spans (1: one machine).
    pub machines: u64,
    /// A machine's network, bytes a second (used when `machines > 1`).
    pub network: f64,
}

/// Whether more cards pay, as a code the page words.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scaling {
    /// One card.
    Single,
    /// The cards' exchange takes no longer than their compute (or they run at better than 90%
    /// of their speed alone).
    Scales,
    /// The link holds the cards back: `n` cards run like `like` cards.
    LinkBound { n: u64, like: f64 },
}

/// One step of a card.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    /// Tokens a card's micro-batch holds.
    pub tokens: f64,
    /// Seconds the card computes.
    pub compute_s: f64,
    /// Seconds the exchange takes on the link.
    pub comm_s: f64,
    /// Seconds the step takes with the exchange's overlap.
    pub step_s: f64,
}

/// The training-time calculator's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeReport {
    pub flops: Flops,
    /// Tokens a second of one card alone.
    pub alone_tokens_per_s: f64,
    /// Tokens a second a card at the chosen count, after communication.
    pub tokens_per_s_per_card: f64,
    /// The lowest and highest of that across the held-back range ([`HELD_BACK`]).
    pub tokens_per_s_range: (f64, f64),
    /// All cards together.
    pub tokens_per_s: f64,
    /// Model FLOPs utilisation at the chosen count.
    pub mfu: f64,
    pub step: Step,
    pub link: Link,
    pub cards: u64,
    /// Cards' worth of speed the chosen count delivers (`cards` when the link costs nothing).
    pub like_cards: f64,
    pub scaling: Scaling,
    /// The count after which one more card adds less than [`STOP_GAIN`] of a card's speed, if
    /// that happens within [`MAX_CARDS`].
    pub stops_paying_after: Option<u64>,
    pub train_tokens: f64,
    /// Wall time.
    pub hours: Hours,
    /// Wall time across the held-back range (longest first is `.1`).
    pub hours_range: (Hours, Hours),
    pub card_hours: Hours,
}

/// What the job costs when a card-hour costs `per_card_hour`; `None` asks for a price.
pub fn job_cost(card_hours: Hours, per_card_hour: Option<Money>) -> Option<Money> {
    per_card_hour.map(|p| p * card_hours.0)
}

/// Hours in the month a monthly rent is quoted over (the catalogue's 730).
pub const MONTH_HOURS: f64 = 730.0;

/// The job's cost at the catalogue's dated prices for `card_id` in `currency`, each way with the
/// quote it stands on; a way the catalogue has no price for is `None` (the page asks for one).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CatalogueCosts {
    /// Card-hours at the card's hourly rent (on demand or community).
    pub on_demand: Option<(Money, &'static Quote)>,
    /// Whole months of a monthly rent (a reservation) for every card, for the wall time.
    pub reserved: Option<(Money, &'static Quote)>,
}

/// The job's cost at the catalogue's prices (see [`CatalogueCosts`]). Owning has no per-job
/// price in the catalogue: it needs a purchase, a life and a utilisation (the rent-or-buy view).
pub fn catalogue_costs(r: &TimeReport, card_id: &str, currency: Currency) -> CatalogueCosts {
    let rent = prices(card_id).and_then(|p| p.rent(currency));
    let on_demand = rent
        .filter(|q| q.tier.is_hourly())
        .and_then(|q| job_cost(r.card_hours, Some(Money::new(q.amount, currency))).map(|m| (m, q)));
    let reserved = rent.filter(|q| q.tier == Tier::Monthly).map(|q| {
        let months = (r.hours.0 / MONTH_HOURS).ceil().max(1.0);
        let per_month = q.amount * MONTH_HOURS;
        (Money::new(per_month * months * r.cards as f64, currency), q)
    });
    CatalogueCosts {
        on_demand,
        reserved,
    }
}

/// The work of a token of the run `m` describes.
pub fn work(m: &MemoryInputs) -> Work {
    let a = &m.model.arch;
    let i = &m.training;
    let p = a.params();
    let arch_total = p.total();
    // A typed parameter count scales the architecture's figures.
    let scale = if arch_total > 0.0 {
        m.model.params() / arch_total
    } else {
        1.0
    };
    let head = if a.tied_embeddings {
        p.embeddings
    } else {
        p.head
    };
    let active_body = p.active - p.embeddings - p.head - p.norms;
    let matmul = (active_body + head) * scale;
    let layers = a.layers.max(1) as f64;
    let frozen_layers = if i.method == Method::Full {
        i.frozen_layers.min(a.layers) as f64
    } else {
        0.0
    };
    let attn_width = match a.attention {
        AttentionKind::Latent => {
            a.heads as f64
                * (a.qk_nope_head_dim as f64 + a.qk_rope_head_dim as f64 + a.v_head_dim as f64)
                / 2.0
        }
        _ => (a.heads * a.head_dim) as f64,
    };
    let adapter = match i.method {
        Method::Full => 0.0,
        Method::Lora | Method::Qlora => lora_params(a, i.lora_rank, &i.lora_targets),
    };
    let nf4 = if i.method == Method::Qlora {
        (p.attention + p.mlp) * scale
    } else {
        0.0
    };
    Work {
        matmul_params: matmul,
        frozen_params: active_body * scale * frozen_layers / layers,
        adapter_params: adapter,
        nf4_params: nf4,
        layers,
        trained_layers: layers - frozen_layers,
        hidden: a.hidden as f64,
        attn_width,
        seq: i.seq as f64,
        step_tokens: (i.seq * i.batch) as f64,
        method: i.method,
        recompute: i.recompute,
    }
}

/// FLOPs a trained token costs (see the module docs for the formula).
pub fn flops_per_token(w: &Work) -> Flops {
    let attn_fwd_layer = 4.0 * w.attn_width * w.seq;
    let trained = w.matmul_params - w.frozen_params;
    let (model, forward) = match w.method {
        Method::Full => (
            6.0 * trained
                + 2.0 * w.frozen_params
                + 3.0 * attn_fwd_layer * w.trained_layers
                + attn_fwd_layer * (w.layers - w.trained_layers),
            2.0 * w.matmul_params + attn_fwd_layer * w.layers,
        ),
        Method::Lora | Method::Qlora => (
            4.0 * w.matmul_params + 6.0 * w.adapter_params + 3.0 * attn_fwd_layer * w.layers,
            2.0 * w.matmul_params + 2.0 * w.adapter_params + attn_fwd_layer * w.layers,
        ),
    };
    let recompute = match w.recompute {
        Recompute::None => 0.0,
        Recompute::Selective => attn_fwd_layer * w.trained_layers,
        Recompute::Full => {
            let share = w.trained_layers / w.layers;
            (2.0 * (w.matmul_params + w.adapter_params)) * share + attn_fwd_layer * w.trained_layers
        }
    };
    Flops {
        model,
        hardware: model + recompute,
        forward,
    }
}

/// Dense tensor throughput a card trains at, FLOP/s: bf16 (fp16 on cards without bf16); in fp32
/// training, TF32 at half of it (PyTorch with `allow_tf32`).
pub fn peak_flops(card: &Gpu, precision: Precision) -> f64 {
    let bf16 = card.bf16_tflops * 1e12;
    if precision == Precision::Fp32 {
        bf16 / 2.0
    } else {
        bf16
    }
}

/// Seconds one card among `n` computes a token of `w` (the roofline of the module docs).
pub fn seconds_per_token(w: &Work, card: &Gpu, precision: Precision, n: u64) -> f64 {
    seconds_per_token_with(&FIT, w, card, precision, n)
}

fn seconds_per_token_with(fit: &Fit, w: &Work, card: &Gpu, precision: Precision, n: u64) -> f64 {
    let f = flops_per_token(w);
    let bw = card.bandwidth_gb_s * 1e9;
    let layers_run = w.trained_layers + (w.layers - w.trained_layers) / 3.0;
    let recompute = if w.recompute == Recompute::Full {
        4.0 / 3.0
    } else {
        1.0
    };
    let traffic = fit.traffic * layers_run * w.hidden * 2.0 * recompute / bw;
    let passes = if w.recompute == Recompute::Full {
        3.0
    } else {
        2.0
    };
    let dequant = passes * w.nf4_params * fit.dequant_bytes / bw / w.step_tokens.max(1.0);
    let share = achieved_share(fit, card, n);
    f.hardware / (share * peak_flops(card, precision)) + traffic + dequant
}

/// Number inside an interconnect description after `word`, e.g. 900 in "NVLink 900 GB/s".
fn figure_after(text: &str, word: &str) -> Option<f64> {
    let rest = &text[text.find(word)? + word.len()..];
    rest.split_whitespace().next()?.parse().ok()
}

/// The links `n` cards of type `card` exchange over (one machine holds [`MACHINE_CARDS`]).
pub fn link(card: &Gpu, n: u64) -> Link {
    let n = n.max(1);
    let machines = n.div_ceil(MACHINE_CARDS);
    let local = n.min(MACHINE_CARDS);
    let i = card.interconnect;
    let nvlink_figure = figure_after(i, "NVLink bridge")
        .or_else(|| figure_after(i, "NVLink"))
        .or_else(|| figure_after(i, "Infinity Fabric"));
    let (kind, bus) = if n == 1 {
        (LinkKind::None, f64::INFINITY)
    } else if card.fast_link(local) {
        (
            LinkKind::NvLink,
            NVLINK_SHARE * nvlink_figure.unwrap_or(0.0) * 1e9,
        )
    } else {
        (LinkKind::Pcie, PCIE_BUS)
    };
    let network = match (card.fast_link(MACHINE_CARDS), nvlink_figure) {
        (true, Some(f)) if f >= 896.0 => NETWORK_NVLINK_FAST,
        (true, _) => NETWORK_NVLINK,
        _ => NETWORK_PCIE,
    };
    // A link with no readable figure (none in the catalogue) falls back to PCIe's.
    let bus = if bus > 0.0 { bus } else { PCIE_BUS };
    Link {
        kind,
        bus,
        machines,
        network,
    }
}

/// Bytes a gradient and a weight take in the exchange, and which layers ZeRO-3 gathers.
fn exchange_bytes(m: &MemoryInputs, w: &Work) -> (f64, f64) {
    let i = &m.training;
    let sb = state_bytes(i.optimizer, i.precision);
    let trainable = match i.method {
        Method::Full => m.model.params() * w.trained_layers / w.layers,
        Method::Lora | Method::Qlora => w.adapter_params,
    };
    let grads = trainable * sb.grad;
    let frozen_bytes = match (i.method, i.precision) {
        (Method::Qlora, _) => NF4_BITS / 8.0,
        (_, Precision::Fp32) => 4.0,
        _ => 2.0,
    };
    let weights = match i.method {
        Method::Full => m.model.params() * sb.weight,
        Method::Lora | Method::Qlora => {
            w.adapter_params * sb.weight + m.model.params() * frozen_bytes
        }
    };
    (grads, weights)
}

/// Seconds one step's exchange takes among `n` cards over `l`; ZeRO-3 gathers the weights once
/// a pass (`gathers`: forward and backward, and the recomputed forward).
fn comm_seconds(grads: f64, weights: f64, stage: u8, gathers: f64, n: u64, l: &Link) -> f64 {
    if n <= 1 {
        return 0.0;
    }
    let ring = |k: f64| if k > 1.0 { (k - 1.0) / k } else { 0.0 };
    let volume = |k: f64| {
        if stage >= 3 {
            ring(k) * (grads + gathers * weights)
        } else {
            2.0 * ring(k) * grads
        }
    };
    let local = n.min(MACHINE_CARDS) as f64;
    let inside = volume(local) / l.bus;
    let between = if l.machines > 1 {
        volume(l.machines as f64) / l.network
    } else {
        0.0
    };
    inside + between
}

/// A step of `n` cards: compute, exchange and the step with the share of the exchange that
/// overlaps (data parallel overlaps the gradient buckets with the backward pass; ZeRO-3
/// prefetches the gathers through the whole step), the rest added.
fn step_on(fit: &Fit, m: &MemoryInputs, w: &Work, card: &Gpu, n: u64) -> Step {
    let per_token = seconds_per_token_with(fit, w, card, m.training.precision, n);
    let f = flops_per_token(w);
    let compute = per_token * w.step_tokens;
    let (grads, weights) = exchange_bytes(m, w);
    let l = link(card, n);
    let gathers = if w.recompute == Recompute::Full {
        3.0
    } else {
        2.0
    };
    let comm = comm_seconds(grads, weights, m.training.zero, gathers, n, &l);
    let overlappable = if m.training.zero >= 3 {
        compute
    } else {
        compute * (1.0 - f.forward / f.hardware.max(1.0))
    };
    Step {
        tokens: w.step_tokens,
        compute_s: compute,
        comm_s: comm,
        step_s: compute + comm - fit.overlap * comm.min(overlappable),
    }
}

/// The fewest cards of the chosen type, a count [`bookable_counts`] lists (whole machines past
/// one), that finish the job within `deadline`; `None` when no count does (more cards can slow a
/// job whose exchange outweighs its compute, so every count is tried rather than bisected).
/// Memory is not checked here: the training report's fewest cards (`min_gpus`) says whether a
/// count holds the run.
pub fn cards_for_deadline(m: &Valid<MemoryInputs>, deadline: Hours) -> Option<u64> {
    let card = m.card().unwrap_or(&GPUS[0]);
    let w = work(m);
    let tokens = m.training.train_tokens.max(0.0);
    bookable_counts().find(|&n| {
        let step = step_on(&FIT, m, &w, card, n);
        let rate = n as f64 * step.tokens / step.step_s;
        tokens / rate / 3600.0 <= deadline.0
    })
}

/// Checks the inputs and runs the calculator: for callers that hold unchecked inputs.
pub fn training_time(m: &MemoryInputs) -> Result<TimeReport, MemoryError> {
    Ok(time_report(&validate(m.clone())?))
}

/// The training-time calculator: the run, card, count and tokens to train `m` names.
pub fn time_report(m: &Valid<MemoryInputs>) -> TimeReport {
    time_report_with(&FIT, m)
}

/// Tokens a second a card of the run `m` describes, with the constants `fit`: what a fit
/// compares with a measured run (tests/core/training_time.rs), without [`time_report`]'s search
/// for the count where more cards stop paying.
pub fn per_card_rate_with(fit: &Fit, m: &MemoryInputs) -> f64 {
    let card = m.card().unwrap_or(&GPUS[0]);
    let w = work(m);
    let step = step_on(fit, m, &w, card, m.training.gpus.max(1));
    step.tokens / step.step_s
}

/// [`time_report`] with other constants, for fitting them (tests/core/training_time.rs).
pub fn time_report_with(fit: &Fit, m: &Valid<MemoryInputs>) -> TimeReport {
    // A valid input always names a card; the first card keeps a missing one from panicking.
    let card = m.card().unwrap_or(&GPUS[0]);
    let train_tokens = m.training.train_tokens;
    let w = work(m);
    let f = flops_per_token(&w);
    let n = m.training.gpus.max(1);
    let alone = step_on(fit, m, &w, card, 1);
    let alone_rate = alone.tokens / alone.step_s;
    let step = step_on(fit, m, &w, card, n);
    let per_card = step.tokens / step.step_s;
    let total = per_card * n as f64;
    let like = total / alone_rate;
    let speed = |k: u64| k as f64 * step_on(fit, m, &w, card, k).step_s.recip();
    let stops = (1..MAX_CARDS).find(|&k| speed(k + 1) - speed(k) < STOP_GAIN * speed(1));
    // The link holds the cards back when their exchange takes longer than their compute; a
    // card among several also runs below its speed alone at a lower share of its peak, which
    // `like` counts but the link does not cause.
    let scaling = if n == 1 {
        Scaling::Single
    } else if like >= 0.9 * n as f64 || step.comm_s <= step.compute_s {
        Scaling::Scales
    } else {
        Scaling::LinkBound { n, like }
    };
    let tokens = train_tokens.max(0.0);
    let hours = tokens / total / 3600.0;
    TimeReport {
        flops: f,
        alone_tokens_per_s: alone_rate,
        tokens_per_s_per_card: per_card,
        tokens_per_s_range: (per_card * HELD_BACK.0, per_card * HELD_BACK.1),
        tokens_per_s: total,
        mfu: per_card * f.model / peak_flops(card, m.training.precision),
        step,
        link: link(card, n),
        cards: n,
        like_cards: like,
        scaling,
        stops_paying_after: stops,
        train_tokens: tokens,
        hours: Hours(hours),
        hours_range: (Hours(hours / HELD_BACK.1), Hours(hours / HELD_BACK.0)),
        card_hours: Hours(hours * n as f64),
    }
}
