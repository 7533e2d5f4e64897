//! The runtimes and their calibrated constants, each with its source, and [`SPREAD`], how far
//! the calibration cases fell from their measurements.

use serde::{Deserialize, Serialize};

/// The serving runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
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
    /// Where the constants come from.
    pub basis: &'static str,
}

/// Calibrated on the measurements in tests/core/serving.rs (docs/formulas.md, "Serving capacity").
pub const RUNTIMES: &[RuntimeModel] = &[
    RuntimeModel { runtime: Runtime::LlamaCpp, efficiency: 0.84, overhead_s: 3.3e-3, prefill_fraction: 0.80,
        basis: "llama-bench tg128 and pp512, RTX 3090, llama 7B F16 and Q4_0 (ggml-org/llama.cpp#4766)" },
    RuntimeModel { runtime: Runtime::Vllm, efficiency: 0.81, overhead_s: 0.55e-3, prefill_fraction: 0.60,
        basis: "vLLM, Llama 3.1 8B bf16 at one request: A100 40GB about 75 tok/s, H100 TPOT 6.48 ms" },
    RuntimeModel { runtime: Runtime::TrtLlm, efficiency: 0.75, overhead_s: 0.4e-3, prefill_fraction: 0.70,
        basis: "TensorRT-LLM 0.5 performance table: LLaMA 7B fp8, H100, batch 64, 128 in / 128 out, 9,193 tok/s" },
    // One clean single-card measurement fixes one constant: the efficiency is taken as vLLM's
    // (SGLang runs the same FlashInfer attention and cuBLAS/CUTLASS matmuls) and the per-step
    // overhead fitted; the prefill share is vLLM's, as no clean SGLang prefill figure was found.
    RuntimeModel { runtime: Runtime::Sglang, efficiency: 0.81, overhead_s: 1.0e-3, prefill_fraction: 0.60,
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
pub const SPREAD: (f64, f64) = (-0.15, 0.05);

impl Runtime {
    pub fn model(self) -> &'static RuntimeModel {
        RUNTIMES
            .iter()
            .find(|m| m.runtime == self)
            .unwrap_or(&RUNTIMES[1])
    }
}
