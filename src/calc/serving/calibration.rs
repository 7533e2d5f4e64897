//! The runtimes and their calibrated constants, each with its source, and [`SPREAD`], how far
//! the calibration cases fell from their measurements.

/// The serving runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Runtime {
    LlamaCpp,
    #[default]
    Vllm,
    TrtLlm,
    Sglang,
}

crate::choice_ids!(Runtime { LlamaCpp => "llamacpp", Vllm => "vllm", TrtLlm => "trtllm", Sglang => "sglang" });

/// A runtime's calibrated constants.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RuntimeModel {
    pub runtime: Runtime,
    /// Share of the roofline (bandwidth or tensor peak) a decode step reaches.
    pub efficiency: f64,
    /// Fixed time a decode step costs beyond the roofline (launches, sampling, scheduling), s.
    pub overhead_s: f64,
    /// Share of the tensor peak prefill reaches.
    pub prefill_fraction: f64,
    /// Fixed time every request adds to its first token beyond prefill on one card
    /// (scheduling, tokenising, the first step's launch and the HTTP round trip), s; each
    /// further tensor-parallel card adds [`RANK_S`].
    pub request_s: f64,
    /// Where the constants come from.
    pub basis: &'static str,
}

/// The fixed time a served SGLang request adds to its first token beyond prefill on one card
/// (tokenising, scheduling, the first step's launch and the HTTP round trip), fitted on the
/// GPUStack performance lab's Qwen3-8B on one H100 (SGLang 0.5.3, mean TTFT 27.70 ms at 233
/// prompt tokens, 4 requests in flight). Each runtime has its own ([`RuntimeModel::request_s`]).
pub const REQUEST_S: f64 = SGLANG_REQUEST_S;

const SGLANG_REQUEST_S: f64 = 0.0232;

/// What each further tensor-parallel card adds to the fixed time a request (the request's
/// inputs broadcast to every rank, their start kept in step): fitted on the SGLang cookbook's
/// Llama 3.1 70B on 8 x A100 at one request (TTFT 131.61 ms at 610 prompt tokens, 395.25 ms at
/// 4,194: an intercept of 80 ms, over SGLang's one-card fixed time, across 7 more cards).
/// TensorRT-LLM 0.5's own batch-1 table agrees in size (LLaMA 70B on 4 x H100 takes 19 ms more
/// at 128 prompt tokens than LLaMA 7B on one, about 10 of it prefill). Taken for every runtime
/// with a server.
pub const RANK_S: f64 = (0.080 - SGLANG_REQUEST_S) / 7.0;

/// What a mixture-of-experts layer adds to a prefill beyond its matmuls and weight reads, s:
/// fitted on the SGLang cookbook's DeepSeek-R1 on 8 x B200 at one request (TTFT 153.00 ms at
/// 610 prompt tokens, 165.91 ms at 4,194: the slope is the matmuls', the intercept over a dense
/// model's fixed time is this, over 58 MoE layers).
pub const MOE_PREFILL_LAYER_S: f64 = 1.0e-3;

/// fp8 matmuls over 16-bit ones in serving engines, far from the datasheet's 2x: the activations
/// are quantised at every matmul and the rest of the step stays 16-bit. Held between two H100
/// figures (docs/formulas.md, "Weight formats and speed"): vLLM's GEMM benchmark, fp8 over bf16
/// with the quantisation included, 1.434 at 128 tokens (vllm-project/vllm#49363), and vLLM's
/// end-to-end offline throughput of a block-wise fp8 Qwen3-8B, 1.086 (vllm-project/vllm#25915).
pub const FP8_GAIN: f64 = 1.2;

/// Share of the 16-bit peak the older 4-bit weight-only kernels reach once compute binds (AWQ's own
/// GEMM kernel, exllama's for GPTQ): vLLM 0.3.3 served Qwen1.5-72B-Chat on 4 x A800 at
/// concurrency 500 in 2,025 s with AWQ against 1,468 s in fp16, 0.725 of its throughput (GPTQ:
/// 1,638 s, 0.896; vllm-project/vllm#3399). vLLM has since run Marlin instead ([`MARLIN_COMPUTE`];
/// on Ampere and later since mid-2024, on Turing since vllm-project/vllm#29901); this share stays
/// for the runtimes and cards that do not: TensorRT-LLM's and llama.cpp's own kernels, AMD cards,
/// and SGLang before Ampere.
pub const W4_COMPUTE: f64 = 0.73;

/// Share of the 16-bit peak vLLM's Marlin kernels reach once compute binds: vLLM repacks AWQ and
/// GPTQ checkpoints for Marlin (`awq_marlin`, `gptq_marlin`), which unpacks the 4-bit weights in
/// registers as they stream in, so decode reads 4-bit weights at the bandwidth bound up to a few
/// dozen sequences and only large batches bind on the matmuls. Fitted on the GPUStack lab's
/// Qwen3-8B on one A100 80GB (vLLM 0.9.2, 1,000 ShareGPT prompts at once): AWQ Marlin 8,066.03 and
/// GPTQ Marlin 8,146.73 tokens/s against bf16's 10,338.25 (0.780 and 0.788); held back: the same
/// lab's RTX 4090, where the 4-bit pool holds three times the sequences (docs/formulas.md,
/// "Weight formats and speed").
pub const MARLIN_COMPUTE: f64 = 0.76;

/// Block-wise fp8 matmuls (128 x 128 weight scales, activations scaled in groups of 128 as they
/// are quantised, DeepSeek-V3's own checkpoint) against 16-bit ones on cards whose tensor cores
/// do not apply block scales (Hopper, Ada): the scales are applied on the ordinary cores between
/// tensor-core steps, and the matmuls run below bf16's, not above it. vLLM's own GEMM benchmark
/// on an H100 for DeepSeek-V3's N = 2112, K = 7168 matmul (vllm-project/vllm#23280, CUTLASS
/// block-fp8 kernel against torch bf16): 456.93 against 715.78 TFLOP/s at 4,096 tokens (0.638),
/// 489.66 against 666.39 at 8,192 (0.735); their mean is taken.
pub const BLOCK_FP8_GAIN: f64 = 0.69;

/// GeForce cards run 16-bit matmuls with 16-bit accumulation at twice the fp32-accumulate rate
/// their datasheets (and the catalogue) list; llama.cpp's prefill uses it (NVIDIA Ampere GA102
/// and Ada whitepapers: 142 against 71 TFLOPS on the RTX 3090).
pub const LLAMACPP_HALF_ACCUMULATE: f64 = 2.0;

/// Share of llama.cpp's GDDR-fitted decode bandwidth it reaches on HBM cards (the A100, H100 and
/// the rest the catalogue lists at 1,500 GB/s or more). Its matrix-vector kernels, tuned on
/// GeForce cards, keep too few bytes in flight to draw HBM's bandwidth in the same share: fitted
/// on one A100 80GB PCIe, llama 7B F16, tg128 74.77 t/s (ggml-org/llama.cpp#6017), where the
/// GDDR constants gave 86 (+15%). A per-step overhead would fit that one figure as well; the
/// share is taken as it leaves GeForce decode, and every other runtime, unchanged.
pub const LLAMACPP_HBM_SHARE: f64 = 0.83;

/// llama.cpp's prefill with quantised GGUF weights against F16 where the card's rate per
/// multiprocessor is not known ([`LLAMACPP_MMQ_SM_CLOCK`] does not apply: AMD cards, and cards
/// whose tensor rate is capped below their architecture's): llama-bench pp512, Llama 3 8B
/// Q4_K_M over F16 (XiongjieDai/GPU-Benchmarks-on-LLM-Inference, May 2024, before llama.cpp's
/// quantised kernels ran on int8 tensor cores): RTX 3090 0.907, RTX 4080 0.744, RTX 4090 0.761;
/// their mean, 0.80, is taken.
pub const LLAMACPP_QUANT_PREFILL: f64 = 0.80;

/// The matmul FLOPs llama.cpp's quantised kernels (MMQ: Q8_0, Q4_0 and the k-quants, on int8
/// tensor cores since ggml-org/llama.cpp#7676 and #7860, mid-2024) reach per streaming
/// multiprocessor and clock, measured. Unlike cuBLAS's 16-bit matmuls (F16 weights), which run
/// at a share of the tensor peak, MMQ is held back by what each multiprocessor does besides the
/// tensor instructions (unpacking the blocks, scaling, moving tiles through shared memory), the
/// same per multiprocessor on Ampere, Ada and Hopper: so its rate follows multiprocessors x
/// clock, not the datasheet's tensor figure, and a datacenter card's larger tensor units gain
/// it nothing. Fitted on llama-bench pp512, llama 7B Q4_0, RTX 3090 (82 multiprocessors at
/// 1.695 GHz), 5,174.69 t/s without flash attention (build c76b420, the "Performance of
/// llama.cpp on NVIDIA CUDA" scoreboard, ggml-org/llama.cpp discussion 15013, 2025).
pub const LLAMACPP_MMQ_SM_CLOCK: f64 = 499.0;
/// vLLM's fixed time a request, fitted on InferenceBench's Llama 3.1 8B on one H100 (vLLM 0.21,
/// one request at a time, chat-short: TTFT p50 13.98 ms, the prompt taken as 128 tokens). Older
/// releases took far longer (vLLM 0.11 in the GPUStack lab: 64.00 ms mean at 233 tokens and 4
/// in flight), a held-back case the first-token range is measured against.
pub const VLLM_REQUEST_S: f64 = 0.0095;

/// TensorRT-LLM's served fixed time a request, fitted on the GPUStack lab's Qwen3-8B on one
/// H100 (`trtllm-serve`, TensorRT-LLM 1.2.0rc1: mean TTFT 51.61 ms at 233 prompt tokens, 4 in
/// flight). The engine alone takes a few ms (TensorRT-LLM 0.5's batch-1 table, LLaMA 7B fp8 on
/// an H100: 7 ms at 128 prompt tokens, 36 at 2,048): the rest is the server's.
pub const TRTLLM_REQUEST_S: f64 = 0.0465;

/// Calibrated on the measurements in tests/core/serving.rs (docs/formulas.md, "Serving capacity").
pub const RUNTIMES: &[RuntimeModel] = &[
    // The prefill share is of the 16-bit-accumulate peak llama.cpp's matmuls run at: 0.40 of the
    // RTX 3090's 142 TFLOPS is the 0.80 of its 71 (fp32-accumulate) it was fitted as. No server
    // round trip in llama-bench: no fixed time per request was measured, none is assumed.
    RuntimeModel { runtime: Runtime::LlamaCpp, efficiency: 0.82, overhead_s: 3.3e-3, prefill_fraction: 0.40, request_s: 0.0,
        basis: "llama-bench tg128 and pp512, RTX 3090, llama 7B F16 and Q4_0 (ggml-org/llama.cpp#4766, 2024-01; Q4_0 pp512: discussion 15013, 2025)" },
    RuntimeModel { runtime: Runtime::Vllm, efficiency: 0.76, overhead_s: 0.55e-3, prefill_fraction: 0.80, request_s: VLLM_REQUEST_S,
        basis: "vLLM, Llama 3.1 8B bf16 at one request: A100 40GB about 75 tok/s, H100 TPOT 6.48 ms" },
    RuntimeModel { runtime: Runtime::TrtLlm, efficiency: 0.74, overhead_s: 0.4e-3, prefill_fraction: 0.70, request_s: TRTLLM_REQUEST_S,
        basis: "TensorRT-LLM 0.5 performance table: LLaMA 7B fp8, H100, batch 64, 128 in / 128 out, 9,193 tok/s" },
    // One clean single-card measurement fixes one constant: the efficiency is taken as vLLM's
    // (SGLang runs the same FlashInfer attention and cuBLAS/CUTLASS matmuls) and the per-step
    // overhead fitted; the prefill share is vLLM's, as no clean SGLang prefill figure was found.
    RuntimeModel { runtime: Runtime::Sglang, efficiency: 0.76, overhead_s: 1.0e-3, prefill_fraction: 0.80, request_s: SGLANG_REQUEST_S,
        basis: "SGLang 0.5.3, Qwen3-8B bf16, H100 SXM, 4 concurrent ShareGPT requests: mean TPOT 7.19 ms (GPUStack performance lab)" },
];

/// The all-reduce a tensor-parallel step pays twice a layer: a latency for each of
/// `ceil(log2 tp)` hops and the ring's `2 (tp - 1) / tp` share of the message over the link.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Link {
    /// Time a hop of one all-reduce costs inside a serving step, s.
    pub hop_latency_s: f64,
    /// Bytes a second the ring moves (nccl-tests' bus bandwidth).
    pub bandwidth: f64,
    pub basis: &'static str,
}

/// NVLink (and NVSwitch, a two-card bridge, AMD's Infinity Fabric). The hop latency is fitted end
/// to end, so it holds everything tensor parallelism adds to a step beyond dividing the weights
/// (the all-reduce kernel itself takes 4-10 us on H100, SGLang#2904; the cards' skew and the
/// smaller matmuls a card runs take the rest): fitted on TensorRT-LLM's 4 x H100 LLaMA 70B
/// batch 64 and checked on SGLang's 8 x A100 Llama 3.1 70B at one request. The bandwidth is the
/// slope of SGLang's all-reduce microbenchmark on H100 from 1 to 4 MB (260-320 GB/s).
pub const NVLINK: Link = Link {
    hop_latency_s: 15e-6,
    bandwidth: 300e9,
    basis: "fitted: TensorRT-LLM 0.5, 4 x H100, LLaMA 70B fp8 batch 64; checked: SGLang cookbook, 8 x A100, Llama 3.1 70B; bandwidth: SGLang#2904",
};

/// PCIe. No end-to-end measurement with a known model, card and concurrency was found: the hop
/// latency stays an assumption, kept above what the NCCL kernel alone takes (nccl-tests on 8
/// PCIe cards, 8 bytes: 42 us on RTX 4090, NVIDIA/nccl#1530; 54 us on RTX 3090, #1439; 14-18 us
/// a hop). The bandwidth is kept below the 25.7-35 GB/s bus bandwidth nccl-tests reached on PCIe
/// machines set up for it (4 x RTX 4090 with peer-to-peer, tinygrad/open-gpu-kernel-modules#36;
/// 8 and 4 x RTX 5090, NVIDIA/nccl#1639), which the CPU and memory bound: cautious.
pub const PCIE: Link = Link {
    hop_latency_s: 25e-6,
    bandwidth: 20e9,
    basis: "assumed: above nccl-tests' 8-card PCIe all-reduce kernel (NVIDIA/nccl#1530, #1439), below its best PCIe bus bandwidth (#1639)",
};

/// How far the calibration cases' estimates fell from their measurements: the lowest and
/// highest `estimate / measured - 1`, rounded out to 5% (tests/core/serving.rs keeps this in
/// step). The page shows every rate as `[rate / (1 + high), rate / (1 + low)]`.
pub const SPREAD: (f64, f64) = (-0.10, 0.05);

/// How far estimates fell from measurements the model was not fitted on, as the lowest and
/// highest `estimate / measured - 1`, rounded out to 5% (tests/core/serving.rs,
/// `held_back_cases_set_the_bands`, keeps each in step with its cases).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    pub low: f64,
    pub high: f64,
}

impl Band {
    /// The range of the true figure as multipliers of the estimate: `[1 / (1 + high), 1 / (1 + low)]`.
    pub fn multipliers(self) -> (f64, f64) {
        (1.0 / (1.0 + self.high), 1.0 / (1.0 + self.low))
    }

    /// The same range for a time shown (the inverse of a rate): `[1 + low, 1 + high]`.
    pub fn time_multipliers(self) -> (f64, f64) {
        (1.0 + self.low, 1.0 + self.high)
    }
}

/// The bands by regime, each from the held-back cases of that regime (docs/formulas.md,
/// "Calibration: fitted and held-back cases").
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bands {
    /// A request's decode rate at low load (one to a few requests in flight).
    pub decode: Band,
    /// A replica's output throughput, and the time per token, with many requests in flight.
    pub throughput: Band,
    /// The time to first token at low load.
    pub ttft: Band,
    /// The time to first token near the knee (`busy`: 80% or more of capacity or slots).
    pub ttft_busy: Band,
}

/// From the held-back cases in tests/core/serving_items.rs (`HELD_BACK`), each band holding at
/// least 80% of its regime's cases: decode -15.2% (llama.cpp on an RTX 4090, where the model is
/// slow) to +26.1%, 8 of 8; throughput under load -14.8% (vLLM 0.11's DeepSeek-R1 on 8 x H200
/// with 1,000 ShareGPT prompts at once) to +51.3% (the model runs fast with many requests in
/// flight), 8 of 9 (the same machine's 32k-token prompts, +79.9%, are outside); first token at
/// low load (and llama.cpp's prompt rate) -18.3% to +17.9% (llama.cpp's quantised prefill on an
/// A100), 8 of 10 (vLLM 0.11's first token, +357%, is outside: its fixed time is fitted on
/// 0.21's; so is llama.cpp's RTX 6000 Ada at 8,096 prompt tokens, +26.0%, a 300 W card run at
/// the clock its datasheet rates; no shorter prompt on it was found); first token with every slot busy +64.3% to +117.3% of the model's idle
/// first token (the prompt shares steps with the others'), 7 of 8 (InferenceX's DeepSeek-R1 1k/8k
/// at concurrency 4, +26.8%, is outside: with 8k outputs its prompts seldom meet another's).
pub const BANDS: Bands = Bands {
    decode: Band {
        low: -0.20,
        high: 0.30,
    },
    throughput: Band {
        low: -0.15,
        high: 0.55,
    },
    ttft: Band {
        low: -0.20,
        high: 0.20,
    },
    ttft_busy: Band {
        low: 0.60,
        high: 1.20,
    },
};

/// Utilisation (of capacity or of slots) from which a replica counts as near its knee.
pub const KNEE: f64 = 0.8;

impl RuntimeModel {
    /// The fixed time a request on `tp` cards: the runtime's own, and [`RANK_S`] for each card
    /// past the first (none without a server).
    pub fn fixed_time(&self, tp: u64) -> f64 {
        if self.request_s > 0.0 {
            self.request_s + RANK_S * tp.saturating_sub(1) as f64
        } else {
            0.0
        }
    }
}

impl Runtime {
    pub fn model(self) -> &'static RuntimeModel {
        RUNTIMES
            .iter()
            .find(|m| m.runtime == self)
            .unwrap_or(&RUNTIMES[1])
    }
}
