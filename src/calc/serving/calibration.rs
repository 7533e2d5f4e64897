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
    RuntimeModel { runtime: Runtime::Sglang, efficiency: 0.81, overhead_s: 0.55e-3, prefill_fraction: 0.60,
        basis: "no measurement found: vLLM's constants assumed" },
];

/// How far the calibration cases' estimates fell from their measurements: the lowest and
/// highest `estimate / measured - 1` (tests/core/serving.rs keeps this in step). The page
/// shows every rate as `[rate / (1 + high), rate / (1 + low)]`.
pub const SPREAD: (f64, f64) = (-0.15, 0.15);

impl Runtime {
    pub fn model(self) -> &'static RuntimeModel {
        RUNTIMES
            .iter()
            .find(|m| m.runtime == self)
            .unwrap_or(&RUNTIMES[1])
    }
}
