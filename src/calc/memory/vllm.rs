//! The serving engine's view of inference memory: the KV cache pool vLLM allocates on each card,
//! in bytes and tokens, and the concurrency it states at start-up (docs/formulas.md, "Inference
//! memory", engine mode). The guide's rule ([`super::inference`]) stays the default; `engine=vllm`
//! adds this beside it.
//!
//! ```text
//! pool per card   = (usable memory - 0.5 GiB) x gpu_memory_utilization
//!                   - weights per card - activation peak - non-torch memory - CUDA graph memory
//! blocks          = floor(pool / (16 tokens x KV bytes per token per card))
//! KV cache tokens = blocks x 16                                ("GPU KV cache size: N tokens")
//! concurrency     = blocks / blocks one request of max_model_len needs
//!                                      ("Maximum concurrency for N tokens per request: X.XXx")
//! ```
//!
//! How vLLM does it (vllm-project/vllm, v1 engine): `Worker.determine_available_memory`
//! (vllm/v1/worker/gpu_worker.py) takes `requested_memory = total memory x
//! gpu_memory_utilization`, runs one profile forward pass (`profile_run`) inside
//! `memory_profiling` (vllm/utils), and gives the KV cache `requested_memory -
//! non_kv_cache_memory`, where `non_kv_cache_memory` = weights + the torch peak increase of the
//! profile run + the non-torch increase (NCCL and custom all-reduce buffers, cuBLAS workspace);
//! since v0.21 it also subtracts the CUDA graphs' memory, estimated before capture
//! (`VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1`, the default). The KV cache is sized per card in
//! pages of `block_size` = 16 tokens (`get_kv_cache_config`, vllm/v1/core/kv_cache_utils.py): one
//! page of one layer holds 16 tokens of the card's KV heads (`max(1, kv_heads / tp)`, or the whole
//! latent with MLA); `get_max_concurrency_for_kv_cache_config` divides the blocks by the blocks
//! one request of `max_model_len` tokens takes, printed with two decimals.
//!
//! The parts this module estimates, each with its source:
//!
//! - **Activation peak**: the profile run pushes `max_num_batched_tokens` tokens through the model
//!   and samples `max_num_seqs` rows. `max_num_batched_tokens` is vLLM's default for `vllm serve`
//!   (`EngineArgs.get_batch_defaults`, formerly `_set_default_args`, vllm/engine/arg_utils.py):
//!   8192 on cards of 70 GiB and more whose name does not contain "a100", 2048 otherwise. `max_num_seqs` is the page's
//!   concurrency, printed as `--max-num-seqs`. The peak is taken as the widest layer's tensors in
//!   bf16, `T x 2 B x (4 h + 3 I)` (the hidden states, residual and attention output, the
//!   gate-and-up output and the activation; `I` the dense MLP width or the routed and shared
//!   experts' width per token), plus the sampler's fp32 logits and probabilities, `S x vocab x 8
//!   B`, on every card whole: vLLM logged 1.26 GiB for Llama-3-8B on one H100 and on each of two
//!   (vllm-project/vllm#10511), where the page gave 1.15 and, dividing the MLP by the cards, 0.82.
//!   A mixture-of-experts model adds the fused-MoE kernel's workspace ([`fused_moe_buffer`]).
//! - **Non-torch memory**: 0.16 GiB on one card, as vLLM logs it for 7-8B models on an H100
//!   (vllm-project/vllm#12126; kubernetes-sigs/gateway-api-inference-extension#550), plus
//!   [`NCCL_PER_PEER`] per further card for NCCL's channel buffers and vLLM's custom all-reduce
//!   buffers. An estimate: vLLM has logged 0.20 GiB per card across more than four RTX 3090s over
//!   PCIe (vllm-project/vllm#14447). An older accounting (v0.6.5) logged 1.79 GiB on one H100
//!   and 3.58 GiB on each of two (vllm-project/vllm#10511); the page took that step as an NVLink
//!   group's cost until it was seen that the v1 worker sets up NCCL before its start-up snapshot
//!   (`Worker.init_device`: "This ensures NCCL buffers are allocated before we measure available
//!   memory"), so NCCL's buffers sit in the share vLLM leaves (1 - gpu_memory_utilization) and
//!   do not shrink the pool.
//! - **CUDA graph memory**: [`cuda_graph_memory`]. vLLM captures graphs for the batch sizes 1, 2,
//!   4, 8 to 256 by 8 and 272 up by 16, to `min(2 x max_num_seqs, 512)` and no more than a step's
//!   tokens ([`capture_size`]; `max_cudagraph_capture_size`, vllm/config/vllm.py): piecewise
//!   graphs for each, and whole-step graphs for the decode batches up to `max_num_seqs`
//!   ([`captured_graphs`]). Since v0.21 it subtracts its estimate of their memory before sizing
//!   the pool (`profile_cudagraph_memory`, vllm/v1/worker/gpu_model_runner.py: the first capture
//!   of each mode plus each further graph's own); v0.17 to v0.20 do so only with
//!   `VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1` ("This will become the default in v0.19", the
//!   v0.18 log of vllm-project/vllm#37296; "default since v0.21.0" in later logs), and earlier
//!   versions never, so their pool is larger by the estimate. Taken as [`CUDA_GRAPH_BASE`], plus
//!   [`CUDA_GRAPH_TENSORS`] hidden-wide 16-bit tensors a layer at the largest size, plus, when
//!   NCCL runs the all-reduces ([`custom_all_reduce`] off), [`CUDA_GRAPH_ALL_REDUCE`] for each
//!   all-reduce each graph holds (two a layer). Calibrated on vLLM's logged estimates ("Estimated
//!   CUDA graph memory"): five graphs of at most 16 tokens, 0.09, 0.13 and 0.17 GiB
//!   (noonghunna/club-3090#434, #104, #127), Qwen3-8B on one card at 512, 0.52 GiB
//!   (LMCache/LMCache#3430), Qwen2.5-72B on 4 x L40S at 512, 2.73 GiB (gnosia93/eks-agentic-ai):
//!   the page gives 1.00 to 1.53 times each, where it gave 1.0 to 2.7 times with one base of 0.17
//!   GiB and the all-reduce term on every group of cards.
//! - **Total memory**: the card's memory as `nvidia-smi` shows it ([`super::catalogue`]) less
//!   [`DRIVER_RESERVED`], what PyTorch's total (`torch.cuda.mem_get_info`, which vLLM multiplies by
//!   gpu_memory_utilization) leaves out: 79.22 GiB of an H100's 79.65 (vllm-project/vllm#10511),
//!   44.42 GiB of an L40S's 44.99 (vllm-project/vllm#15815).
//!
//! - **Sliding-window layers**: vLLM's hybrid allocator gives them their own block group and
//!   counts, for a request of `max_model_len`, the window less one token plus the tokens one
//!   step may schedule (`SlidingWindowSpec.max_memory_usage_bytes`, vllm/v1/kv_cache_interface.py),
//!   rounded up to pages plus one page ([`request_pages`]). Gemma-2-9B at 8,192 tokens on a card
//!   of 70 GiB or more (`max_num_batched_tokens` 8192): a sliding layer takes 513 pages, one more
//!   than a full layer, where the guide's rule keeps 4,096 tokens (256 pages).
//!
//! Not modelled: pipeline parallelism, speculative decoding and LoRA adapters (each raises the
//! peak).

use super::arch::Arch;
use super::inputs::MemoryInputs;
use crate::calc::units::{Bytes, Ratio, GIB};

/// The choice lives with the inputs that hold it, so the inputs import nothing from here.
pub use super::inputs::Engine;

/// Tokens in one KV cache block (vLLM's default `--block-size` on CUDA).
pub const BLOCK_SIZE: u64 = 16;
/// Non-torch memory on a single card (vllm-project/vllm#12126).
pub const NON_TORCH_ONE_CARD: f64 = 0.16 * GIB;
/// Non-torch memory added per further tensor-parallel card: NCCL and custom all-reduce buffers
/// (an estimate, see the module docs).
pub const NCCL_PER_PEER: f64 = 0.0625 * GIB;
/// Memory `nvidia-smi` counts and PyTorch's total does not: 0.43 GiB on an H100, 0.57 GiB on
/// an L40S in vLLM's logs (module docs).
pub const DRIVER_RESERVED: f64 = 0.5 * GIB;
/// CUDA graph memory a card takes whatever the model: vLLM's estimates for five graphs of at
/// most 16 tokens were 0.09 GiB (2 x RTX 3090 over NVLink, noonghunna/club-3090#434), 0.13 GiB
/// (two over PCIe, #104) and 0.17 GiB (four over PCIe, #127); 0.11 GiB sits between them once
/// the NCCL term is taken off the PCIe ones.
pub const CUDA_GRAPH_BASE: f64 = 0.11 * GIB;
/// Hidden-wide 16-bit tensors a layer the CUDA graph pool holds at the largest captured batch
/// (the residual stream is whole on every card, so it does not divide by the cards): fitted on
/// Qwen3-8B on one card, 512 tokens, 0.52 GiB (LMCache/LMCache#3430).
pub const CUDA_GRAPH_TENSORS: f64 = 2.9;
/// Memory each all-reduce a captured graph holds on a card when NCCL runs it (no custom
/// all-reduce: more than two cards over PCIe, or cards without peer access): fitted on
/// Qwen2.5-72B on 4 x L40S, 86 graphs of 80 layers, 2.73 GiB (gnosia93/eks-agentic-ai, vLLM
/// 0.19), what is left once the first two terms are taken. vLLM's custom all-reduce (NVLink
/// groups of 2, 4, 6 or 8) registers the graphs' buffers in place and adds none: 516 addresses
/// registered, 0.09 GiB in all (club-3090#434).
pub const CUDA_GRAPH_ALL_REDUCE: f64 = 60.0 * 1024.0;
/// vLLM's largest captured batch by default (`max_cudagraph_capture_size`, vllm/config/vllm.py).
pub const MAX_CAPTURE: u64 = 512;

/// The largest batch vLLM captures a CUDA graph for: `min(2 x max_num_seqs, 512)`, and no more
/// than a step's tokens. Logged: 512 at 256 sequences ("PIECEWISE=51 (largest=512)").
pub fn capture_size(max_num_seqs: u64, batched_tokens: u64) -> u64 {
    (2 * max_num_seqs)
        .min(MAX_CAPTURE)
        .min(batched_tokens)
        .max(1)
}

/// vLLM's capture sizes up to `n`: 1, 2, 4, then 8 to 256 by 8, then 272 by 16.
fn sizes_up_to(n: u64) -> u64 {
    (1..=n)
        .filter(|&s| {
            (s <= 4 && s.is_power_of_two()) || (s <= 256 && s % 8 == 0) || (s > 256 && s % 16 == 0)
        })
        .count() as u64
}

/// The graphs vLLM captures: piecewise ones for every size up to [`capture_size`] and whole-step
/// ones for the decode sizes up to `max_num_seqs` ("PIECEWISE=51 (largest=512), FULL=35
/// (largest=256)" at 256 sequences).
pub fn captured_graphs(max_num_seqs: u64, batched_tokens: u64) -> u64 {
    let capture = capture_size(max_num_seqs, batched_tokens);
    sizes_up_to(capture) + sizes_up_to(max_num_seqs.min(capture))
}

/// Whether vLLM runs the all-reduces with its custom all-reduce rather than NCCL
/// (`CustomAllreduce`, vllm/distributed/device_communicators/custom_all_reduce.py): 2, 4, 6 or
/// 8 cards joined by NVLink; "not supported on more than two PCIe-only GPUs", and GeForce cards
/// have no peer access over PCIe.
pub fn custom_all_reduce(tp: u64, fast_link: bool) -> bool {
    fast_link && matches!(tp, 2 | 4 | 6 | 8)
}

/// CUDA graph memory on one card of `tp`: [`CUDA_GRAPH_BASE`] + [`CUDA_GRAPH_TENSORS`] x layers
/// x hidden x 2 B x [`capture_size`] + (`tp` > 1 and NCCL runs the all-reduces)
/// [`CUDA_GRAPH_ALL_REDUCE`] x 2 x layers x [`captured_graphs`].
pub fn cuda_graph_memory(
    a: &Arch,
    tp: u64,
    fast_link: bool,
    max_num_seqs: u64,
    batched_tokens: u64,
) -> Bytes {
    graphs_memory(
        a,
        tp,
        fast_link,
        capture_size(max_num_seqs, batched_tokens),
        captured_graphs(max_num_seqs, batched_tokens),
    )
}

/// [`cuda_graph_memory`] for `graphs` graphs whose largest batch is `capture` tokens, as a
/// start-up log states them ("Profiling CUDA graph memory: PIECEWISE=5 (largest=16)").
pub fn graphs_memory(a: &Arch, tp: u64, fast_link: bool, capture: u64, graphs: u64) -> Bytes {
    let layers = a.layers as f64;
    let tensors = CUDA_GRAPH_TENSORS * layers * a.hidden as f64 * 2.0 * capture as f64;
    let all_reduce = if tp > 1 && !custom_all_reduce(tp, fast_link) {
        CUDA_GRAPH_ALL_REDUCE * 2.0 * layers * graphs as f64
    } else {
        0.0
    };
    Bytes(CUDA_GRAPH_BASE + tensors + all_reduce)
}

/// What vLLM would allocate on each card.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VllmPool {
    pub gpu_util: Ratio,
    /// `(usable memory - DRIVER_RESERVED) x gpu_memory_utilization`: what this vLLM instance may
    /// take.
    pub budget: Bytes,
    pub weights: Bytes,
    /// Tokens the profile run pushes through (`max_num_batched_tokens`).
    pub batched_tokens: u64,
    /// Sequences the sampler's profile run takes (`--max-num-seqs`).
    pub max_num_seqs: u64,
    pub activation_peak: Bytes,
    pub non_torch: Bytes,
    pub cuda_graphs: Bytes,
    /// The KV cache pool, whole blocks ("Available KV cache memory", rounded down to blocks).
    pub pool: Bytes,
    /// KV cache bytes one token takes on one card (all layers).
    pub bytes_per_token: Bytes,
    /// "GPU KV cache size: N tokens".
    pub tokens: u64,
    /// "Maximum concurrency for N tokens per request: X.XXx", two decimals.
    pub max_concurrency: f64,
    /// `max_model_len`: the chosen context.
    pub ctx: u64,
    /// The launch flags that give this configuration.
    pub flags: String,
}

/// `max_num_batched_tokens` vLLM's `vllm serve` defaults to on a card of `capacity`:
/// 8192 from 70 GiB, else 2048; the A100 is excepted by name (`"a100" not in device_name`, so
/// an A800 takes 8192).
pub fn default_batched_tokens(gpu_id: &str, capacity: Bytes) -> u64 {
    if capacity.0 >= 70.0 * GIB && !gpu_id.starts_with("a100") {
        8192
    } else {
        2048
    }
}

/// Peak torch memory of the profile run on one card: `T` tokens forward, `S` rows sampled.
pub fn activation_peak(a: &Arch, tokens: u64, seqs: u64) -> Bytes {
    let f = |v: u64| v as f64;
    let experts = (f(a.experts_per_token) + f(a.shared_experts)) * f(a.expert_intermediate);
    let inner = if a.is_moe() {
        experts.max(f(a.intermediate))
    } else {
        f(a.intermediate)
    };
    // Not divided by the cards: vLLM logged the same 1.26 GiB peak for Llama-3-8B on one H100
    // and on two (vllm-project/vllm#10511), as each card profiles it.
    let forward = f(tokens) * 2.0 * (4.0 * f(a.hidden) + 3.0 * inner);
    let sampler = f(seqs) * f(a.vocab) * 8.0;
    Bytes(forward + sampler)
}

/// The fused-MoE kernel's workspace on one card of `tp` for `tokens` tokens
/// (`fused_experts`, vllm/model_executor/layers/fused_moe/fused_moe.py): every token's `k`
/// routed expert slots hold the gate-and-up output (2 x the expert width over the cards), then
/// the down projection's hidden-wide output, sharing one buffer
/// (`intermediate_cache1` and `intermediate_cache3`), beside the activation's half width
/// (`intermediate_cache2`), all 16-bit. The profile run's batch (up to 8,192 tokens) is within
/// one chunk (`VLLM_FUSED_MOE_CHUNK_SIZE`, 16,384 or more). None for a dense model.
pub fn fused_moe_buffer(a: &Arch, tp: u64, tokens: u64) -> Bytes {
    if !a.is_moe() {
        return Bytes(0.0);
    }
    let f = |v: u64| v as f64;
    let width = f(a.expert_intermediate) / f(tp.max(1));
    let slots = f(tokens) * f(a.experts_per_token);
    Bytes(slots * 2.0 * ((2.0 * width).max(f(a.hidden)) + width))
}

/// The pool vLLM would allocate for these inputs on their card, with `weights_per_card` and
/// `kv_layer_bytes` (one layer's cache per token, whole) from the inference report.
pub fn pool(
    m: &MemoryInputs,
    capacity: Bytes,
    weights_per_card: Bytes,
    kv_layer_bytes: f64,
) -> VllmPool {
    let (a, i) = (&m.model.arch, &m.inference);
    let tp = i.tp.max(1);
    let budget = Bytes((capacity.0 - DRIVER_RESERVED).max(0.0) * i.gpu_util.0);
    let max_num_seqs = i.conc.max(1);
    let batched_tokens = default_batched_tokens(&m.gpu, capacity).max(max_num_seqs);
    let activation_peak =
        activation_peak(a, batched_tokens, max_num_seqs) + fused_moe_buffer(a, tp, batched_tokens);
    let fast_link = tp > 1 && m.card().is_some_and(|c| c.fast_link(tp));
    let non_torch = Bytes(NON_TORCH_ONE_CARD + NCCL_PER_PEER * (tp - 1) as f64);
    let cuda_graphs = cuda_graph_memory(a, tp, fast_link, max_num_seqs, batched_tokens);
    let free = budget.0 - weights_per_card.0 - activation_peak.0 - non_torch.0 - cuda_graphs.0;
    let layer_card = kv_layer_bytes / a.kv_cache_split(tp) as f64;
    let size = kv_cache_size(a, free, layer_card, i.ctx, batched_tokens);
    let flags = format!(
        "--gpu-memory-utilization {} --max-model-len {} --max-num-seqs {} --tensor-parallel-size {} --kv-cache-dtype {}",
        crate::calc::field::link_number(i.gpu_util.0),
        i.ctx,
        max_num_seqs,
        tp,
        kv_cache_dtype(i.kv),
    );
    VllmPool {
        gpu_util: i.gpu_util,
        budget,
        weights: weights_per_card,
        batched_tokens,
        max_num_seqs,
        activation_peak,
        non_torch,
        cuda_graphs,
        pool: size.pool,
        bytes_per_token: size.bytes_per_token,
        tokens: size.tokens,
        max_concurrency: size.max_concurrency,
        ctx: i.ctx,
        flags,
    }
}

/// A KV cache pool as vLLM sizes and states it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KvCacheSize {
    /// Whole blocks' bytes.
    pub pool: Bytes,
    pub bytes_per_token: Bytes,
    pub tokens: u64,
    pub max_concurrency: f64,
}

/// What vLLM makes of `free` bytes on one card holding `layer_card` bytes per token and layer
/// (`get_kv_cache_config` and `get_max_concurrency_for_kv_cache_config`): whole blocks of
/// [`BLOCK_SIZE`] tokens over all layers, and the blocks over the pages one request of `ctx`
/// tokens takes in every layer ([`request_pages`]), with two decimals. `batched_tokens` is
/// `max_num_batched_tokens`, which sets what a sliding-window layer keeps.
pub fn kv_cache_size(
    a: &Arch,
    free: f64,
    layer_card: f64,
    ctx: u64,
    batched_tokens: u64,
) -> KvCacheSize {
    let bytes_per_token = Bytes(layer_card * a.layers as f64);
    let block = BLOCK_SIZE as f64 * bytes_per_token.0;
    let blocks = if free > 0.0 && block > 0.0 {
        (free / block).floor().min(1e12)
    } else {
        0.0
    };
    let per_request = layer_card * BLOCK_SIZE as f64 * request_pages(a, ctx, batched_tokens);
    let max_concurrency = if per_request > 0.0 {
        ((blocks * block / per_request) * 100.0).round() / 100.0
    } else {
        0.0
    };
    KvCacheSize {
        pool: Bytes(blocks * block),
        bytes_per_token,
        tokens: (blocks * BLOCK_SIZE as f64) as u64,
        max_concurrency,
    }
}

/// Pages of [`BLOCK_SIZE`] tokens, summed over the layers, that vLLM counts for one request of
/// `ctx` tokens (`max_memory_usage_bytes` of each layer's KV cache spec,
/// vllm/v1/kv_cache_interface.py): a full-attention layer takes `ceil(ctx / 16)`; a
/// sliding-window layer (`SlidingWindowSpec`) keeps the last `window - 1` tokens plus the
/// tokens one step may schedule, `n = min(window - 1 + max_num_batched_tokens, ctx)`, and takes
/// `ceil(n / 16) + 1` pages (the window need not start at a page's start). So a sliding layer
/// saves nothing unless the context exceeds the window by more than a step's tokens.
pub fn request_pages(a: &Arch, ctx: u64, batched_tokens: u64) -> f64 {
    let full = ctx.div_ceil(BLOCK_SIZE);
    let sliding = a.sliding_layers();
    if sliding == 0 {
        return full as f64 * a.layers as f64;
    }
    let kept = (a.window.saturating_sub(1) + batched_tokens).min(ctx);
    let window = kept.div_ceil(BLOCK_SIZE) + 1;
    let full_layers = a.layers.saturating_sub(sliding);
    full_layers as f64 * full as f64 + sliding as f64 * window as f64
}

/// vLLM's `--kv-cache-dtype` for the page's KV element: `auto` follows the model's 16-bit
/// activations; an 8-bit cache is `fp8` (vLLM has no int8 KV cache on CUDA, so int8 maps to fp8).
pub fn kv_cache_dtype(kv: super::dtype::KvType) -> &'static str {
    use super::dtype::KvType;
    match kv {
        KvType::Fp16 | KvType::Bf16 => "auto",
        KvType::Fp8 | KvType::Int8 => "fp8",
    }
}
