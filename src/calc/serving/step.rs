//! One replica's decode step and prefill from the model, card and runtime, and its time per
//! output token and throughput at a concurrency.

use super::calibration::{
    Link, BLOCK_FP8_GAIN, FP8_GAIN, LLAMACPP_HALF_ACCUMULATE, LLAMACPP_HBM_SHARE,
    LLAMACPP_MMQ_SM_CLOCK, LLAMACPP_QUANT_PREFILL, MARLIN_COMPUTE, MOE_PREFILL_LAYER_S, NVLINK,
    PCIE, W4_COMPUTE,
};
use super::Runtime;
use super::{RuntimeModel, ServingInputs};
use crate::calc::memory::arch::{Arch, AttentionKind};
use crate::calc::memory::catalogue::Gpu;
use crate::calc::memory::dtype::WeightType;
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::memory::presets::fp8_block_scaled;

/// One decode step of a replica at a batch, broken down.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Step {
    /// Bytes read from memory per card.
    pub bytes: f64,
    pub flops: f64,
    pub memory_s: f64,
    pub compute_s: f64,
    pub comm_s: f64,
    /// The whole step, calibration included.
    pub seconds: f64,
    pub bandwidth_bound: bool,
}

/// The inputs the model reads from the memory views, checked.
pub(super) struct Setup<'a> {
    pub(super) m: &'a MemoryInputs,
    pub(super) card: &'a Gpu,
    pub(super) rt: &'static RuntimeModel,
    pub(super) i: &'a ServingInputs,
}

impl Setup<'_> {
    fn tp(&self) -> f64 {
        self.m.inference.tp.max(1) as f64
    }

    /// Parameters scaled to the typed count when one is typed.
    fn scale_params(&self) -> f64 {
        let derived = self.m.model.arch.params().total();
        if derived > 0.0 {
            self.m.model.params() / derived
        } else {
            1.0
        }
    }

    fn bytes_per_param(&self) -> f64 {
        self.m.inference.weights.bits_per_weight(&self.m.model.arch) / 8.0
    }

    /// An untied token embedding: looked up a row a token, never read whole nor multiplied.
    fn lookup_params(&self) -> f64 {
        let p = self.m.model.arch.params();
        if self.m.model.arch.tied_embeddings {
            0.0
        } else {
            p.embeddings * self.scale_params()
        }
    }

    /// Bytes a parameter of the untied embedding takes: checkpoint formats keep it 16-bit.
    fn lookup_bytes(&self) -> f64 {
        match self.m.inference.weights {
            WeightType::Awq | WeightType::Gptq | WeightType::Fp8Ckpt => 2.0,
            _ => self.bytes_per_param(),
        }
    }

    /// Parameters a token multiplies through (the active ones less the embedding lookup).
    fn active(&self) -> f64 {
        (self.m.model.arch.params().active * self.scale_params() - self.lookup_params()).max(0.0)
    }

    /// Weights read by one decode step of `b` sequences, per card.
    fn weights_read(&self, b: f64) -> f64 {
        let a = &self.m.model.arch;
        let total = self.m.model.params();
        let routed = if a.is_moe() && a.experts > 0 {
            let moe_layers = a.layers.saturating_sub(a.dense_layers.min(a.layers)) as f64;
            let expert = 3.0 * a.hidden as f64 * a.expert_intermediate as f64;
            (moe_layers * a.experts as f64 * expert * self.scale_params()).min(total)
        } else {
            0.0
        };
        let hit = if routed > 0.0 {
            let (e, k) = (a.experts as f64, a.experts_per_token.min(a.experts) as f64);
            (1.0 - (1.0 - k / e).powf(b.max(1.0))).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let dense =
            (total - routed) * self.bytes_per_param() - self.lookup_params() * self.lookup_bytes();
        (dense.max(0.0) + routed * hit * self.bytes_per_param()) / self.tp()
    }

    /// Cache one sequence holds at `ctx` tokens, per card.
    fn kv_per_seq(&self, ctx: f64) -> f64 {
        let a = &self.m.model.arch;
        let layer = a.kv_elements_per_token_per_layer() * self.m.inference.kv.bytes();
        layer * a.cached_token_layers(ctx.max(0.0) as u64)
            / a.kv_cache_split(self.m.inference.tp.max(1)) as f64
    }

    /// Attention FLOPs per token at `ctx` tokens of context, per card ([`attention_flops`]).
    fn attention_flops(&self, ctx: f64, decode: bool) -> f64 {
        attention_flops(&self.m.model.arch, ctx, decode) / self.tp()
    }

    /// The rate the weight matmuls reach before the runtime's share: the 16-bit peak; fp8
    /// weights (plain or a checkpoint) on a card with fp8 units gain [`FP8_GAIN`] over it, not the
    /// datasheet's 2x, except where the checkpoint scales 128 x 128 blocks and the card's tensor
    /// cores cannot ([`BLOCK_FP8_GAIN`]); 4-bit weight-only formats run the kernel the runtime
    /// picks for the card ([`Setup::w4_share`]).
    fn matmul_peak(&self) -> f64 {
        let bf16 = self.card.bf16_tflops * 1e12;
        match self.m.inference.weights {
            WeightType::Fp8 | WeightType::Fp8Ckpt => match self.card.fp8_tflops {
                Some(_) if self.block_fp8() && !scales_blocks_in_hardware(self.card) => {
                    bf16 * BLOCK_FP8_GAIN
                }
                Some(t) => (bf16 * FP8_GAIN).min(t * 1e12),
                None => bf16,
            },
            WeightType::Awq | WeightType::Gptq | WeightType::Int4 => bf16 * self.w4_share(),
            _ => bf16,
        }
    }

    /// The rate attention's scores and weighted sums reach: the 16-bit peak whatever the weights'
    /// format (no engine runs attention in the weights' format: FlashAttention and FlashInfer
    /// multiply the 16-bit queries by the 16-bit cache), so it gains nothing from fp8 weights and
    /// loses nothing to a 4-bit kernel's unpacking (it took the weights' rate before).
    fn attention_peak(&self) -> f64 {
        self.card.bf16_tflops * 1e12
    }

    /// Whether the model's own fp8 checkpoint scales its weights in 128 x 128 blocks (and its
    /// activations in groups of 128), which is what `fp8` means for it.
    fn block_fp8(&self) -> bool {
        self.m.model.model.as_deref().is_some_and(fp8_block_scaled)
    }

    /// Share of the 16-bit peak a 4-bit weight-only matmul reaches once compute binds, by the
    /// kernel the runtime runs on the card: vLLM repacks AWQ and GPTQ checkpoints for Marlin on
    /// every NVIDIA card in the catalogue (compute capability 8.0 and up since mid-2024, Turing's
    /// 7.5 since vllm-project/vllm#29901), SGLang, which takes vLLM's Marlin, from Ampere on (in
    /// the catalogue exactly the cards with bf16, which came with Ampere): [`MARLIN_COMPUTE`].
    /// Elsewhere (AMD cards, TensorRT-LLM's and llama.cpp's own kernels) the older kernels'
    /// [`W4_COMPUTE`].
    fn w4_share(&self) -> f64 {
        let nvidia = !self.card.name.starts_with("AMD");
        let marlin = match self.rt.runtime {
            Runtime::Vllm => nvidia,
            Runtime::Sglang => nvidia && self.card.bf16,
            Runtime::TrtLlm | Runtime::LlamaCpp => false,
        };
        if marlin {
            MARLIN_COMPUTE
        } else {
            W4_COMPUTE
        }
    }

    /// The two prefill rates, weight matmuls and attention, before the runtime's prefill share.
    /// llama.cpp runs the weight matmuls with the kernel the weights' format takes: F16 (and the
    /// other 16-bit formats) through cuBLAS, 16-bit matrices with 16-bit accumulation, which
    /// GeForce cards run at twice their datasheet's fp32-accumulate figure (the catalogue's);
    /// quantised GGUF weights through its own MMQ kernels, whose rate follows the card's
    /// multiprocessors and clock ([`LLAMACPP_MMQ_SM_CLOCK`]; where those are not known,
    /// [`LLAMACPP_QUANT_PREFILL`] of F16's). Attention runs 16-bit either way.
    fn prefill_peaks(&self) -> (f64, f64) {
        let llamacpp = self.rt.runtime == Runtime::LlamaCpp;
        let accumulate = if llamacpp && self.card.name.starts_with("GeForce") {
            LLAMACPP_HALF_ACCUMULATE
        } else {
            1.0
        };
        let attention = self.attention_peak() * accumulate;
        if !(llamacpp && self.m.inference.weights.is_gguf()) {
            return (self.matmul_peak() * accumulate, attention);
        }
        match sm_clock_hz(self.card) {
            // A measured rate: the share the prefill divides by is taken back out here.
            Some(sm_hz) => (
                sm_hz * LLAMACPP_MMQ_SM_CLOCK / self.rt.prefill_fraction,
                attention,
            ),
            None => (
                self.matmul_peak() * accumulate * LLAMACPP_QUANT_PREFILL,
                attention,
            ),
        }
    }

    /// The share of the runtime's efficiency a decode step's memory reads reach on this card:
    /// llama.cpp on an HBM card (every HBM card in the catalogue runs at 1,555 GB/s or more,
    /// every GDDR card at 1,008 or less) reaches [`LLAMACPP_HBM_SHARE`] of it.
    fn bandwidth_share(&self) -> f64 {
        if self.rt.runtime == Runtime::LlamaCpp && self.card.bandwidth_gb_s >= 1500.0 {
            LLAMACPP_HBM_SHARE
        } else {
            1.0
        }
    }

    /// The link a tensor-parallel group talks over; none for one card.
    fn link(&self) -> Option<Link> {
        let tp = self.m.inference.tp.max(1);
        if tp <= 1 {
            None
        } else if self.card.fast_link(tp) {
            Some(NVLINK)
        } else {
            Some(PCIE)
        }
    }

    /// Tensor-parallel communication of a step of `b` tokens: two all-reduces a layer (after
    /// attention and after the MLP) of the tokens' 16-bit hidden states, over the group's link.
    fn comm(&self, b: f64) -> f64 {
        let Some(link) = self.link() else {
            return 0.0;
        };
        let tp = self.m.inference.tp.max(1);
        let a = &self.m.model.arch;
        let hops = (tp as f64).log2().ceil();
        let bytes = 2.0 * (tp as f64 - 1.0) / tp as f64 * b * a.hidden as f64 * 2.0;
        2.0 * a.layers as f64 * (link.hop_latency_s * hops + bytes / link.bandwidth)
    }

    /// One decode step of `b` sequences, before any measured rescaling.
    pub(super) fn step(&self, b: f64) -> Step {
        let ctx = self.i.in_tokens as f64 + self.i.out_tokens as f64 / 2.0;
        let bytes = self.weights_read(b) + b * self.kv_per_seq(ctx);
        let matmul = b * 2.0 * self.active() / self.tp();
        let attention = b * self.attention_flops(ctx, true);
        let flops = matmul + attention;
        let memory_s = bytes / (self.card.bandwidth_gb_s * 1e9 * self.bandwidth_share());
        let compute_s = matmul / self.matmul_peak() + attention / self.attention_peak();
        let comm_s = self.comm(b);
        Step {
            bytes,
            flops,
            memory_s,
            compute_s,
            comm_s,
            seconds: memory_s.max(compute_s) / self.rt.efficiency + self.rt.overhead_s + comm_s,
            bandwidth_bound: memory_s >= compute_s,
        }
    }

    /// Prefill of one request's prompt, before rescaling.
    pub(super) fn prefill(&self) -> f64 {
        let n = self.i.in_tokens as f64;
        let matmul = 2.0 * self.active() * n / self.tp();
        let attention = self.attention_flops(n / 2.0, false) * n;
        let (matmul_peak, attention_peak) = self.prefill_peaks();
        let compute =
            (matmul / matmul_peak + attention / attention_peak) / self.rt.prefill_fraction;
        let memory = self.weights_read(n) / (self.card.bandwidth_gb_s * 1e9);
        compute.max(memory) + self.comm_latency() + self.moe_prefill()
    }

    /// The latency part of a step's all-reduces. Prefill pays it; the bandwidth part is taken as
    /// hidden under prefill's matmuls: on SGLang's 8 x A100 Llama 3.1 70B the time a prompt
    /// token adds (73.6 us) leaves no room for it at any share of the peak below 1.
    fn comm_latency(&self) -> f64 {
        let Some(link) = self.link() else {
            return 0.0;
        };
        let tp = self.m.inference.tp.max(1);
        2.0 * self.m.model.arch.layers as f64 * link.hop_latency_s * (tp as f64).log2().ceil()
    }

    /// What a mixture-of-experts layer adds to a prefill beyond its matmuls and weight reads
    /// (routing, sorting the tokens to their experts, the grouped matmuls' launch, combining):
    /// [`MOE_PREFILL_LAYER_S`] a layer, whatever the prompt's length.
    fn moe_prefill(&self) -> f64 {
        let a = &self.m.model.arch;
        if !a.is_moe() {
            return 0.0;
        }
        a.layers.saturating_sub(a.dense_layers.min(a.layers)) as f64 * MOE_PREFILL_LAYER_S
    }
}

/// Cards whose tensor cores apply per-block scales inside the matmul (Blackwell's block-scaled
/// MMA): there a block-wise fp8 checkpoint runs as fast as a per-tensor one. On Hopper and Ada
/// the kernels apply each 128-wide block's scales on the ordinary cores between tensor-core
/// steps (DeepGEMM's "promotion"; vLLM's CUTLASS and Triton block-fp8 kernels).
fn scales_blocks_in_hardware(card: &Gpu) -> bool {
    card.id == "b200"
}

/// The card's streaming multiprocessors times their clock (multiprocessor-cycles a second),
/// from the catalogue's dense 16-bit tensor figure and the FLOPs one multiprocessor's tensor
/// cores do a clock in the architecture, as that figure counts them (NVIDIA's Turing, Ampere,
/// Ada, Hopper and Blackwell whitepapers): 512 on GeForce cards (fp32 accumulation at half
/// rate: the RTX 3090's 71 TFLOPS are 82 x 1.695 GHz x 512), 2,048 on the A100 and A800
/// (108 x 1.41 GHz), 4,096 on Hopper, 8,192 on the B200, 1,024 on the other NVIDIA cards
/// (Turing's T4 and the Ampere and Ada workstation and datacenter cards, which accumulate in
/// fp32 at full rate: the L40S's 362 TFLOPS are 142 x 2.52 GHz x 1,024). `None` for AMD cards
/// and for the H20 and L20, whose tensor rate is capped below their multiprocessors' (the
/// figure would not give their count).
fn sm_clock_hz(card: &Gpu) -> Option<f64> {
    let id = card.id;
    let per_clock = if card.name.starts_with("AMD") || id == "h20" || id == "l20" {
        return None;
    } else if card.name.starts_with("GeForce") {
        512.0
    } else if id.starts_with("a100") || id.starts_with("a800") {
        2048.0
    } else if id.starts_with("h100") || id == "h800" || id == "h200" {
        4096.0
    } else if id == "b200" {
        8192.0
    } else {
        1024.0
    };
    Some(card.bf16_tflops * 1e12 / per_clock)
}

/// Attention FLOPs one token spends over `ctx` tokens of context, all cards together: a score
/// and a weighted sum per query head and context token, `2 x layers x heads x (key width +
/// value width) x ctx`; `4 x layers x heads x head_dim x ctx` for ordinary attention. Latent
/// attention (DeepSeek-V2 and V3) decodes in the absorbed form vLLM and SGLang run (the
/// DeepSeek-V2 paper, section 2.1.3; vLLM's `MLACommonImpl`): each of the 128 query heads scores
/// the whole compressed latent and its rotary key (`kv_lora_rank + qk_rope_head_dim` = 576) and
/// sums the latent (512), 4.25 times `4 x head_dim` = 512 a head; prefill expands the latent
/// into per-head keys of `qk_nope_head_dim + qk_rope_head_dim` and values of `v_head_dim`.
pub fn attention_flops(a: &Arch, ctx: f64, decode: bool) -> f64 {
    let widths = if a.attention == AttentionKind::Latent {
        if decode {
            (2 * a.kv_lora_rank + a.qk_rope_head_dim) as f64
        } else {
            (a.qk_nope_head_dim + a.qk_rope_head_dim + a.v_head_dim) as f64
        }
    } else {
        2.0 * a.head_dim as f64
    };
    2.0 * a.layers as f64 * a.heads as f64 * widths * ctx
}

/// The figures of one replica at a concurrency.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub conc: u64,
    pub step_s: f64,
    pub tpot_s: f64,
    /// Output tokens per second of the replica.
    pub throughput: f64,
    /// Requests per second the replica completes.
    pub rps: f64,
}

pub(super) fn point(s: &Setup, b: u64, prefill: f64, scale: f64) -> Point {
    Point {
        conc: b,
        ..point_at(s, b.max(1) as f64, prefill, scale)
    }
}

/// The figures at a concurrency that need not be whole: the requests a load keeps in flight on
/// average (at least one; `conc` is its whole part).
pub(super) fn point_at(s: &Setup, b: f64, prefill: f64, scale: f64) -> Point {
    let bf = b.max(1.0);
    let out = s.i.out_tokens as f64;
    let step = s.step(bf).seconds / scale;
    // The others' prefills stall this request's decode, spread over its tokens; a request of one
    // output token has no token after the first, so nothing to stall (the stall over one token
    // made a time per token of seconds).
    let stall = if out > 1.0 {
        (bf - 1.0) * prefill / out
    } else {
        0.0
    };
    let tpot = step + stall;
    let cycle = out * step + bf * prefill;
    Point {
        conc: bf.floor() as u64,
        step_s: step,
        tpot_s: tpot,
        throughput: bf * out / cycle,
        rps: bf / cycle,
    }
}
