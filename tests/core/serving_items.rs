//! Serving figures where sizing decisions are made: under load, near the knee, fp8 and 4-bit,
//! and the cases the model was not fitted on that set the page's bands (docs/formulas.md,
//! "Serving capacity", "Calibration: fitted and held-back cases").

use crate::common::assert_close;
use gpuplan::calc::advisor::{advise, AdvisorInputs, Form, Profile};
use gpuplan::calc::serving::{Band, ServingReport, BANDS, FP8_GAIN};
use proptest::prelude::*;

use crate::common::serving_run as run;

/// The regime a held-back case measures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Regime {
    Decode,
    Throughput,
    Ttft,
    TtftBusy,
}

/// A measurement the model was not fitted on: it sets the band of its regime.
pub struct HeldBack {
    pub name: &'static str,
    pub query: &'static str,
    pub regime: Regime,
    /// A rate (tokens a second) or a time (ms), as `estimate` reads it.
    pub measured: f64,
    pub estimate: fn(&ServingReport) -> f64,
    /// A time, not a rate: the band is of the rate `1 / time`.
    pub is_time: bool,
}

const SLOT_TPS: fn(&ServingReport) -> f64 = |r| 1.0 / r.tpot_slots_s;
/// A request's first token with no queue: prefill and the fixed time, ms.
const IDLE_TTFT_MS: fn(&ServingReport) -> f64 = |r| (r.prefill_s + r.request_s) * 1e3;

const SG70: &str = "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang";
const R1: &str = "model=deepseek-v3&gpu=b200&weights=fp8&tp=8&runtime=sglang";

/// Held-back cases: SGLang cookbook (sgl-project/sgl-cookbook, `bench_serving`, random lengths,
/// mean figures; the tokens a request are the run's totals over its requests).
pub const HELD_BACK: &[HeldBack] = &[
    // Llama3.1.md, 8 x A100, SGLang 0.5.6: 1000/1000 at concurrency 1 (610 / 422), TPOT 18.63 ms.
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, one request, TPOT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=610&out_tokens=422&serve_conc=1", regime: Regime::Decode, measured: 1000.0 / 18.63, estimate: SLOT_TPS, is_time: false },
    // Same, 8000/1000 at concurrency 1 (4,194 / 422): TPOT 18.80 ms.
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, one 4k request, TPOT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=4194&out_tokens=422&serve_conc=1", regime: Regime::Decode, measured: 1000.0 / 18.80, estimate: SLOT_TPS, is_time: false },
    // DeepSeek-R1.md, 8 x B200, SGLang 0.5.6.post1, DeepSeek-R1-0528 (fp8; DeepSeek-V3's shape):
    // 1000/1000 at concurrency 1 (610 / 421): TPOT 9.16 ms.
    HeldBack { name: "SGLang 8 x B200 DeepSeek-R1, one request, TPOT", query: "model=deepseek-v3&gpu=b200&weights=fp8&tp=8&runtime=sglang&in_tokens=610&out_tokens=421&serve_conc=1", regime: Regime::Decode, measured: 1000.0 / 9.16, estimate: SLOT_TPS, is_time: false },
    // llama-bench on GDDR cards, not fitted (the fit is the RTX 3090 of the same table):
    // ggml-org/llama.cpp#4766 (2024-01-10 rerun), RTX 4090, llama 7B F16 tg128 61.03 t/s and
    // Q8_0 98.13 t/s; ggml-org/llama.cpp#4812, RTX 3090 Ti, llama 7B Q4_0 tg128 127.43 t/s.
    HeldBack { name: "llama.cpp RTX 4090 llama 7B F16 tg128", query: "model=llama-2-7b&gpu=rtx-4090&weights=fp16&runtime=llamacpp&in_tokens=1&out_tokens=128&serve_conc=1", regime: Regime::Decode, measured: 61.03, estimate: SLOT_TPS, is_time: false },
    HeldBack { name: "llama.cpp RTX 4090 llama 7B Q8_0 tg128", query: "model=llama-2-7b&gpu=rtx-4090&weights=q8_0&runtime=llamacpp&in_tokens=1&out_tokens=128&serve_conc=1", regime: Regime::Decode, measured: 98.13, estimate: SLOT_TPS, is_time: false },
    HeldBack { name: "llama.cpp RTX 3090 Ti llama 7B Q4_0 tg128", query: "model=llama-2-7b&gpu=rtx-3090-ti&weights=q4_0&runtime=llamacpp&in_tokens=1&out_tokens=128&serve_conc=1", regime: Regime::Decode, measured: 127.43, estimate: SLOT_TPS, is_time: false },
    // GPUStack performance lab (gpustack/gpustack docs/performance-lab/qwen3-8b/h100-latency.md),
    // Qwen3-8B bf16 on one H100, ShareGPT, 233 / 221 a request, 4 in flight, the run SGLang's
    // step overhead was fitted on: vLLM 0.11.0 mean TPOT 7.38 ms, TensorRT-LLM 1.2.0rc1 7.67 ms.
    HeldBack { name: "GPUStack vLLM 0.11 H100 Qwen3-8B, 4 at once, TPOT", query: "model=qwen3-8b&gpu=h100-sxm&weights=bf16&runtime=vllm&in_tokens=233&out_tokens=221&serve_conc=4", regime: Regime::Decode, measured: 1000.0 / 7.38, estimate: SLOT_TPS, is_time: false },
    HeldBack { name: "GPUStack TensorRT-LLM 1.2 H100 Qwen3-8B, 4 at once, TPOT", query: "model=qwen3-8b&gpu=h100-sxm&weights=bf16&runtime=trtllm&in_tokens=233&out_tokens=221&serve_conc=4", regime: Regime::Decode, measured: 1000.0 / 7.67, estimate: SLOT_TPS, is_time: false },
    // Llama3.1.md: concurrency 16 (496 / 510): TPOT 26.09 ms; 100 (500 / 505): 47.19 ms;
    // 8000/1000 at 16 (3,750 / 521): 36.94 ms; at 64 (3,981 / 531): 74.95 ms.
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 16 at once, TPOT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=496&out_tokens=510&serve_conc=16", regime: Regime::Throughput, measured: 1000.0 / 26.09, estimate: SLOT_TPS, is_time: false },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 100 at once, TPOT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=500&out_tokens=505&serve_conc=100", regime: Regime::Throughput, measured: 1000.0 / 47.19, estimate: SLOT_TPS, is_time: false },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 16 at once 4k, TPOT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=3750&out_tokens=521&serve_conc=16", regime: Regime::Throughput, measured: 1000.0 / 36.94, estimate: SLOT_TPS, is_time: false },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 64 at once 4k, TPOT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=3981&out_tokens=531&serve_conc=64", regime: Regime::Throughput, measured: 1000.0 / 74.95, estimate: SLOT_TPS, is_time: false },
    // DeepSeek-R1.md: concurrency 16 (496 / 509): TPOT 17.56 ms.
    HeldBack { name: "SGLang 8 x B200 DeepSeek-R1, 16 at once, TPOT", query: "model=deepseek-v3&gpu=b200&weights=fp8&tp=8&runtime=sglang&in_tokens=496&out_tokens=509&serve_conc=16", regime: Regime::Throughput, measured: 1000.0 / 17.56, estimate: SLOT_TPS, is_time: false },
    // vllm-project/vllm#25915: vLLM 0.10.2, one H100, `vllm bench throughput --model Qwen/Qwen3-8B
    // --input-len 1024 --output-len 2048` (offline, every request queued at once): output 5,408.88
    // tokens/s. The page runs vLLM's pool (engine=vllm) at its default 256 sequences.
    HeldBack { name: "vLLM 0.10.2 H100 Qwen3-8B bf16, bench throughput 1024/2048, output tok/s", query: "model=qwen3-8b&gpu=h100-sxm&weights=bf16&runtime=vllm&engine=vllm&in_tokens=1024&out_tokens=2048&serve_conc=256", regime: Regime::Throughput, measured: 5408.88, estimate: |r| r.throughput, is_time: false },
    // GPUStack lab (docs/performance-lab/deepseek-r1/h200.md), vLLM 0.11, `vllm serve
    // deepseek-ai/DeepSeek-R1-0528 -tp 8` on 8 x H200, every prompt queued at once (vLLM takes up
    // to 1,024 sequences on cards of 70 GB or more, its `get_batch_defaults`): 1,000 ShareGPT
    // prompts (219 / 201 a request) 2,621.05 output tokens/s; 500 random of 3,995 / 200, 753.67;
    // 100 of 31,999 / 100, 48.33.
    HeldBack { name: "vLLM 0.11 8 x H200 DeepSeek-R1, 1,000 ShareGPT at once, output tok/s", query: "model=deepseek-v3&gpu=h200&weights=fp8&tp=8&runtime=vllm&engine=vllm&in_tokens=219&out_tokens=201&serve_conc=1000", regime: Regime::Throughput, measured: 2621.05, estimate: |r| r.throughput, is_time: false },
    HeldBack { name: "vLLM 0.11 8 x H200 DeepSeek-R1, 500 of 4k at once, output tok/s", query: "model=deepseek-v3&gpu=h200&weights=fp8&tp=8&runtime=vllm&engine=vllm&in_tokens=3995&out_tokens=200&serve_conc=500", regime: Regime::Throughput, measured: 753.67, estimate: |r| r.throughput, is_time: false },
    HeldBack { name: "vLLM 0.11 8 x H200 DeepSeek-R1, 100 of 32k at once, output tok/s", query: "model=deepseek-v3&gpu=h200&weights=fp8&tp=8&runtime=vllm&engine=vllm&in_tokens=31999&out_tokens=100&serve_conc=100", regime: Regime::Throughput, measured: 48.33, estimate: |r| r.throughput, is_time: false },
    // DeepSeek-R1.md, 1000/8000 at concurrency 1 (610 prompt tokens): TTFT 125.76 ms (another run
    // of the prompt the 153.00 ms was fitted on).
    HeldBack { name: "SGLang 8 x B200 DeepSeek-R1, one request, TTFT (1k/8k run)", query: "model=deepseek-v3&gpu=b200&weights=fp8&tp=8&runtime=sglang&in_tokens=610&out_tokens=4445&serve_conc=1", regime: Regime::Ttft, measured: 125.76, estimate: IDLE_TTFT_MS, is_time: true },
    // llama-bench, ggml-org/llama.cpp#6017: 8 x A100 80GB PCIe, llama 7B F16, pp512 8,381.22 t/s
    // (one card's share of the work: the pipeline splits layers, so prompt speed is one card's).
    HeldBack { name: "llama.cpp A100 PCIe llama 7B F16 pp512", query: "model=llama-2-7b&gpu=a100-pcie-80gb&weights=fp16&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1", regime: Regime::Ttft, measured: 8381.22, estimate: |r| 512.0 / r.prefill_s, is_time: false },
    // Same pull request, one A100 80GB PCIe alone: llama 7B F16, pp512 8,668.24 t/s.
    HeldBack { name: "llama.cpp one A100 PCIe llama 7B F16 pp512", query: "model=llama-2-7b&gpu=a100-pcie-80gb&weights=fp16&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1", regime: Regime::Ttft, measured: 8668.24, estimate: |r| 512.0 / r.prefill_s, is_time: false },
    // ggml-org/llama.cpp#4766 (2024-01-10 rerun), RTX 4090, llama 7B F16, pp512 11,048.22 t/s (the
    // prefill share is fitted on the RTX 3090's row).
    HeldBack { name: "llama.cpp RTX 4090 llama 7B F16 pp512", query: "model=llama-2-7b&gpu=rtx-4090&weights=fp16&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1", regime: Regime::Ttft, measured: 11048.22, estimate: |r| 512.0 / r.prefill_s, is_time: false },
    // The "Performance of llama.cpp on NVIDIA CUDA" scoreboard (ggml-org/llama.cpp discussion
    // 15013, 2025), llama 7B Q4_0, pp512 without flash attention, each with its build; the
    // quantised kernels' rate is fitted on the same scoreboard's RTX 3090 (c76b420): RTX 4090
    // 11,992.70 (2241453), RTX A6000 4,913.93 (4795c91), A100 80 GB 4,849.53 and H100 80 GB
    // (HBM3: the SXM card) 9,918.34 (both 5143fa8).
    HeldBack { name: "llama.cpp RTX 4090 llama 7B Q4_0 pp512 (build 2241453)", query: "model=llama-2-7b&gpu=rtx-4090&weights=q4_0&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1", regime: Regime::Ttft, measured: 11992.70, estimate: |r| 512.0 / r.prefill_s, is_time: false },
    HeldBack { name: "llama.cpp RTX A6000 llama 7B Q4_0 pp512 (build 4795c91)", query: "model=llama-2-7b&gpu=rtx-a6000&weights=q4_0&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1", regime: Regime::Ttft, measured: 4913.93, estimate: |r| 512.0 / r.prefill_s, is_time: false },
    HeldBack { name: "llama.cpp A100 80GB llama 7B Q4_0 pp512 (build 5143fa8)", query: "model=llama-2-7b&gpu=a100-80gb&weights=q4_0&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1", regime: Regime::Ttft, measured: 4849.53, estimate: |r| 512.0 / r.prefill_s, is_time: false },
    HeldBack { name: "llama.cpp H100 SXM llama 7B Q4_0 pp512 (build 5143fa8)", query: "model=llama-2-7b&gpu=h100-sxm&weights=q4_0&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1", regime: Regime::Ttft, measured: 9918.34, estimate: |r| 512.0 / r.prefill_s, is_time: false },
    // ggml-org/llama.cpp#19053 (master column, February 2026): RTX 6000 Ada, llama 8B Q4_0,
    // pp8096 8,008.29 t/s (Llama 3.1 8B's shape taken for "llama 8B").
    HeldBack { name: "llama.cpp RTX 6000 Ada llama 8B Q4_0 pp8096 (2026-02)", query: "model=llama-3.1-8b&gpu=rtx-6000-ada&weights=q4_0&runtime=llamacpp&in_tokens=8096&out_tokens=1&serve_conc=1", regime: Regime::Ttft, measured: 8008.29, estimate: |r| 8096.0 / r.prefill_s, is_time: false },
    // GPUStack lab, the same run: vLLM 0.11.0 mean TTFT 64.00 ms. vLLM's fixed time is fitted
    // on 0.21 (13.98 ms at one request): an older release, far slower to its first token.
    HeldBack { name: "GPUStack vLLM 0.11 H100 Qwen3-8B, 4 at once, TTFT", query: "model=qwen3-8b&gpu=h100-sxm&weights=bf16&runtime=vllm&in_tokens=233&out_tokens=221&serve_conc=4", regime: Regime::Ttft, measured: 64.00, estimate: IDLE_TTFT_MS, is_time: true },
    // Near the knee: every slot busy, a new request's prompt shares steps with the others' decode.
    // Llama3.1.md TTFT at 16 (264.84 ms), 100 (245.98), 16 at 4k (603.42), 64 at 4k (633.32);
    // DeepSeek-R1.md at 16 (273.51).
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 16 at once, TTFT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=496&out_tokens=510&serve_conc=16", regime: Regime::TtftBusy, measured: 264.84, estimate: IDLE_TTFT_MS, is_time: true },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 100 at once, TTFT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=500&out_tokens=505&serve_conc=100", regime: Regime::TtftBusy, measured: 245.98, estimate: IDLE_TTFT_MS, is_time: true },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 16 at once 4k, TTFT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=3750&out_tokens=521&serve_conc=16", regime: Regime::TtftBusy, measured: 603.42, estimate: IDLE_TTFT_MS, is_time: true },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 64 at once 4k, TTFT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=3981&out_tokens=531&serve_conc=64", regime: Regime::TtftBusy, measured: 633.32, estimate: IDLE_TTFT_MS, is_time: true },
    HeldBack { name: "SGLang 8 x B200 DeepSeek-R1, 16 at once, TTFT", query: "model=deepseek-v3&gpu=b200&weights=fp8&tp=8&runtime=sglang&in_tokens=496&out_tokens=509&serve_conc=16", regime: Regime::TtftBusy, measured: 273.51, estimate: IDLE_TTFT_MS, is_time: true },
    // SemiAnalysis InferenceX (SemiAnalysisAI/InferenceX#870), SGLang 0.5.7, DeepSeek-R1-0528 fp8
    // on 8 x H200, TP 8, at concurrency 4 (every one of 4 slots busy; 10 x 4 prompts, the first 4
    // at once), lengths drawn from 0.8 to 1 of the nominal: 8k/1k (7,373 / 922) mean TTFT
    // 474.3 ms; 1k/8k (922 / 7,373) 204.1; 1k/1k (922 / 922) 267.3, each on another machine.
    HeldBack { name: "InferenceX SGLang 8 x H200 DeepSeek-R1, 4 at once 8k/1k, TTFT", query: "model=deepseek-v3&gpu=h200&weights=fp8&tp=8&runtime=sglang&in_tokens=7373&out_tokens=922&serve_conc=4", regime: Regime::TtftBusy, measured: 474.3, estimate: IDLE_TTFT_MS, is_time: true },
    HeldBack { name: "InferenceX SGLang 8 x H200 DeepSeek-R1, 4 at once 1k/8k, TTFT", query: "model=deepseek-v3&gpu=h200&weights=fp8&tp=8&runtime=sglang&in_tokens=922&out_tokens=7373&serve_conc=4", regime: Regime::TtftBusy, measured: 204.1, estimate: IDLE_TTFT_MS, is_time: true },
    HeldBack { name: "InferenceX SGLang 8 x H200 DeepSeek-R1, 4 at once 1k/1k, TTFT", query: "model=deepseek-v3&gpu=h200&weights=fp8&tp=8&runtime=sglang&in_tokens=922&out_tokens=922&serve_conc=4", regime: Regime::TtftBusy, measured: 267.3, estimate: IDLE_TTFT_MS, is_time: true },
];

/// The error of a held-back case, as the error of the rate the page shows.
fn held_back_error(c: &HeldBack) -> f64 {
    let e = (c.estimate)(&run(c.query));
    if c.is_time {
        c.measured / e - 1.0
    } else {
        e / c.measured - 1.0
    }
}

/// Each regime's band holds at least 80% of its held-back cases, and is no wider than the
/// cases it holds need: their lowest and highest error, rounded out to 5%. The shares are the
/// ones docs/formulas.md states.
#[test]
fn held_back_cases_set_the_bands() {
    let mut bad = Vec::new();
    for (regime, band) in [
        (Regime::Decode, BANDS.decode),
        (Regime::Throughput, BANDS.throughput),
        (Regime::Ttft, BANDS.ttft),
        (Regime::TtftBusy, BANDS.ttft_busy),
    ] {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        let (mut inside, mut all, mut abs) = (0usize, 0usize, 0.0f64);
        for c in HELD_BACK.iter().filter(|c| c.regime == regime) {
            let err = held_back_error(c);
            let holds = err >= band.low - 1e-12 && err <= band.high + 1e-12;
            println!(
                "| {} | {:?} | {:.2} | {:+.1}% | {} |",
                c.name,
                regime,
                c.measured,
                err * 100.0,
                if holds { "inside" } else { "outside" }
            );
            all += 1;
            abs += err.abs();
            if holds {
                inside += 1;
                lo = lo.min(err);
                hi = hi.max(err);
            }
        }
        let share = inside as f64 / all as f64;
        let low = ((lo * 20.0) - 1e-9).floor() / 20.0;
        let high = ((hi * 20.0) + 1e-9).ceil() / 20.0;
        println!(
            "{regime:?}: {inside} of {all} inside ({:.0}%), mean |error| {:.1}%; held {lo:+.3} .. {hi:+.3} -> ({low}, {high})",
            share * 100.0,
            abs / all as f64 * 100.0
        );
        if share < 0.8 {
            bad.push(format!("{regime:?}: holds {inside} of {all}"));
        }
        if (band.low - low).abs() > 1e-12 || (band.high - high).abs() > 1e-12 {
            bad.push(format!(
                "{regime:?}: should be ({low}, {high}), is {band:?}"
            ));
        }
    }
    assert!(bad.is_empty(), "{bad:?}");
    let r = run("");
    assert_eq!(r.band_decode, BANDS.decode.multipliers());
    let m = Band {
        low: -0.5,
        high: 0.25,
    }
    .multipliers();
    assert_close(m.0, 0.8, 1e-12);
    assert_close(m.1, 2.0, 1e-12);
}

const SEVENTY_B: &str = "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=4&in_tokens=8192&out_tokens=256&target_rps=5";

/// Item 1: 70B on 4 x A100, 8k-token prompts (1.23 s prefill here, 1.7 s in the issue), 5
/// requests a second. A 5 s goal is met; a 0.5 s goal is below prefill: it is said to be
/// unmeetable, with the floor, and the fleet is sized for a wait of one step, never at the
/// saturation edge (before: 56 cards, TTFT 300 s and a lower cost than the 5 s goal's).
#[test]
fn a_first_token_goal_below_prefill_is_unmeetable_and_never_sized_at_saturation() {
    let easy = run(&format!("{SEVENTY_B}&ttft_ms=5000"));
    let tight = run(&format!("{SEVENTY_B}&ttft_ms=500"));
    // 1.23 s of prefill now that vLLM takes SGLang's fitted prefill share (1.75 s before).
    assert_close(easy.prefill_s, 1.23, 0.05);
    assert!(!easy.ttft_unmeetable && easy.meets_ttft, "{}", easy.ttft_s);
    assert!(tight.ttft_unmeetable && !tight.meets_ttft);
    assert!(tight.ttft_floor_s > 0.5 && tight.ttft_floor_s >= tight.prefill_s);
    assert!(
        tight.cards >= easy.cards,
        "{} < {}",
        tight.cards,
        easy.cards
    );
    assert!(tight.ttft_s < 5.0, "{}", tight.ttft_s);
    assert!(tight.cost_rented.amount >= easy.cost_rented.amount);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Cards never fall as a first-token goal the fleet can meet tightens; a goal it cannot meet
    /// is not sized for, and takes no more cards than the tightest goal it can.
    #[test]
    fn cards_never_fall_as_a_goal_tightens(goal in 100.0f64..20_000.0, tighter in 0.05f64..1.0, rps in 0.5f64..20.0) {
        let q = |g: f64| run(&format!("model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=4&in_tokens=4096&out_tokens=256&target_rps={rps}&ttft_ms={g}"));
        let (loose, tight) = (q(goal), q(goal * tighter));
        if !tight.ttft_unmeetable {
            prop_assert!(tight.cards >= loose.cards, "{} < {}", tight.cards, loose.cards);
        } else {
            let floor = q(tight.ttft_floor_s * 1000.0 * 1.0001);
            prop_assert!(tight.cards <= floor.cards, "{} > {}", tight.cards, floor.cards);
        }
    }
}

/// Item 2: with `engine=vllm`, serving's memory limit is vLLM's pool. Qwen3-8B bf16 on an
/// RTX 4090 at 1,280 tokens a request: the guide's 20% rule holds 9 here; vLLM's pool, about
/// 25 sequences of the full length (30 before the CUDA graphs grew with the model and the
/// driver's reserve came off the total; the 27 and 85 were at other lengths).
#[test]
fn vllm_engine_mode_sizes_serving_on_its_pool() {
    let q = "model=qwen3-8b&gpu=rtx-4090&weights=bf16&serve_conc=256";
    let guide = run(q);
    let vllm = run(&format!("{q}&engine=vllm"));
    assert!(!guide.vllm_pool_limit && vllm.vllm_pool_limit);
    assert!(
        vllm.max_conc > 2 * guide.max_conc,
        "{} vs {}",
        vllm.max_conc,
        guide.max_conc
    );
}

/// Item 9: a fleet is not sized where vLLM would refuse to start (its pool holds less than
/// one request of prompt + output: "Maximum concurrency ... 0.14x").
#[test]
fn no_fleet_where_vllm_would_refuse_to_start() {
    let r = run("model=qwen3-8b&gpu=rtx-4090&weights=bf16&engine=vllm&in_tokens=60000&out_tokens=1000&serve_conc=1");
    assert_eq!(r.max_conc, 0);
    assert!(!r.fits);
}

/// Item 3: TPOT at the load. Llama 3.1 8B fp8 on one H100 with TensorRT-LLM, 256 slots, 2
/// requests a second: the load keeps about 2 requests in flight, where the page showed TPOT at
/// all 256 (25.6 ms in the issue; 37.8 ms at slots here). TensorRT-LLM measured about 8 ms
/// (the figure); the page now gives 3.6 ms: within the decode band's reach, far from
/// the slot figure.
#[test]
fn tpot_is_taken_at_the_concurrency_the_load_gives() {
    let r = run(
        "model=llama-3.1-8b&gpu=h100-sxm&weights=fp8&runtime=trtllm&serve_conc=256&target_rps=2",
    );
    assert!(r.load_conc < 5.0, "{}", r.load_conc);
    assert!(
        r.tpot_s < 10e-3 && r.tpot_slots_s > 20e-3,
        "{} {}",
        r.tpot_s,
        r.tpot_slots_s
    );
    // Little's law: the requests in flight are the rate times a request's time in the batch.
    let lambda = r.load_rps / r.replicas as f64;
    assert_close(r.load_conc, lambda * (r.prefill_s + 256.0 * r.tpot_s), 1e-6);
}

/// Item 4: the first token at low load carries the runtime's fixed time, and a mixture of
/// experts its layers' prefill time. SGLang cookbook, Llama 3.1 70B on 8 x A100 (fitted):
/// 131.61 ms at 610 prompt tokens, 395.25 ms at 4,194; DeepSeek-R1 on 8 x B200 (fitted):
/// 153.00 ms at 610, 165.91 ms at 4,194. Before: 73.5 ms, 476 ms; 22 ms, about 60 ms.
#[test]
fn ttft_at_low_load_has_a_fixed_time_and_moe_prefill() {
    for (q, measured) in [
        (
            format!("{SG70}&in_tokens=610&out_tokens=422&serve_conc=1"),
            131.61,
        ),
        (
            format!("{SG70}&in_tokens=4194&out_tokens=422&serve_conc=1"),
            395.25,
        ),
        (
            format!("{R1}&in_tokens=610&out_tokens=421&serve_conc=1"),
            153.00,
        ),
        (
            format!("{R1}&in_tokens=4194&out_tokens=421&serve_conc=1"),
            165.91,
        ),
    ] {
        let r = run(&q);
        let e = IDLE_TTFT_MS(&r);
        println!(
            "| {q} | {measured} | {e:.1} | {:+.1}% | 5% |",
            (e / measured - 1.0) * 100.0
        );
        assert!((e / measured - 1.0).abs() <= 0.05, "{q}: {e}");
        assert_close(r.request_s, 0.080, 1e-12);
    }
}

/// Item 5: fp8 prefill gains 1.2x over bf16 (`FP8_GAIN`, sourced below), not the datasheet's 2x,
/// and an fp8 checkpoint gains the same; a 4-bit weight-only format's matmuls run at 0.76 of
/// bf16 under vLLM's Marlin (`MARLIN_COMPUTE`), so it is slower once compute binds. At 8,192
/// prompt tokens the attention part (12% of the FLOPs) runs at the 16-bit rate in both, so the
/// prefill rate is 0.78 of bf16's (0.73 before, when attention took the 4-bit rate too).
#[test]
fn fp8_and_int4_compute_rates() {
    let q =
        "model=llama-3.1-8b&gpu=h100-sxm&runtime=vllm&in_tokens=8192&out_tokens=64&serve_conc=1";
    let bf16 = run(&format!("{q}&weights=bf16"));
    let fp8 = run(&format!("{q}&weights=fp8"));
    let ckpt = run(&format!("{q}&weights=fp8-ckpt"));
    let gain = bf16.prefill_s / fp8.prefill_s;
    assert!((1.15..=1.24).contains(&gain), "{gain}");
    assert!(bf16.prefill_s / ckpt.prefill_s >= 1.15);
    let awq = run(&format!("{q}&weights=awq"));
    assert_close(bf16.prefill_s / awq.prefill_s, 0.78, 0.01);
}

/// Item 5: where `FP8_GAIN` (1.2) stands against published H100 measurements. vLLM's own GEMM
/// benchmark (`benchmarks/kernels/bench_fp8_gemm.py`, vllm-project/vllm#49363, "H100
/// benchmarks", google/gemma-4-31B-it's N = 12288, K = 5376 matmul): fp8 with per-tensor weight
/// and per-token activation scales, the activations' quantisation included, against bf16 at 128
/// tokens: 505.74 over 352.56 TFLOP/s, 1.434 (1.507 at 64 tokens). That is the matmuls alone; a
/// step also runs bf16 attention, norms and the quantisation of every activation, and vLLM's
/// end-to-end offline throughput of a block-wise fp8 Qwen3-8B over bf16 on one H100 was 1.086
/// (vllm-project/vllm#25915, vLLM 0.8.5). No end-to-end prefill or time-to-first-token
/// measurement of a per-tensor fp8 model on an H100 was found, so the constant stays between
/// the two: the page's prefill gain lies above the end-to-end figure and below the matmuls'.
#[test]
fn fp8_gain_lies_between_vllm_end_to_end_and_gemm_measurements_on_h100() {
    let q =
        "model=llama-3.1-8b&gpu=h100-sxm&runtime=vllm&in_tokens=8192&out_tokens=64&serve_conc=1";
    let gain =
        run(&format!("{q}&weights=bf16")).prefill_s / run(&format!("{q}&weights=fp8")).prefill_s;
    let gemm_128 = 505.737658 / 352.560566;
    let gemm_64 = 275.078859 / 182.588263;
    println!("prefill gain {gain:.3}; GEMM {gemm_128:.3} at 128 tokens, {gemm_64:.3} at 64; end to end 1.086");
    assert!(gain > 1.086 && gain < gemm_128, "{gain}");
    assert!(gemm_128 < gemm_64);
    assert_close(FP8_GAIN, 1.2, 1e-12);
}

/// Item 5: fp8 at high concurrency. vllm-project/vllm#25915 (one H100, `vllm bench throughput`,
/// 1024 in / 2048 out): Qwen/Qwen3-8B-FP8 over Qwen/Qwen3-8B, output 4,868.31 over 4,481.69
/// tokens/s on vLLM 0.8.5 (1.086) and 5,304.03 over 5,408.88 on 0.10.2 (0.981). That checkpoint's
/// fp8 is block-wise, the known miss of the calibration table (its kernels quantise the
/// activations at every matmul); the page's gain, 1.19 (a smaller weight read and a larger pool),
/// runs 9-21% high. Pinned as a known gap: FP8_GAIN stays, as these runs bind on the cache and
/// the pool, not on the matmuls it sets; the vLLM docs' "up to 1.6x" (docs.vllm.ai, FP8 W8A8)
/// states no model, card or load.
#[test]
fn vllm_fp8_block_wise_gain_at_high_concurrency_is_a_known_gap() {
    let q = "model=qwen3-8b&gpu=h100-sxm&runtime=vllm&engine=vllm&in_tokens=1024&out_tokens=2048&serve_conc=256";
    let bf16 = run(&format!("{q}&weights=bf16"));
    let fp8 = run(&format!("{q}&weights=fp8"));
    let gain = fp8.throughput / bf16.throughput;
    println!("fp8 / bf16 output: {gain:.3} (measured 1.086 and 0.981)");
    assert!(gain > 1.086 && gain < 1.25, "{gain}");
    assert!(gain / 0.981 - 1.0 < 0.25, "{gain}");
}

/// Item 6: llama.cpp's prefill share is of the 16-bit-accumulate peak, which GeForce runs at
/// twice its datasheet figure: on an A100 (no such split) 7B F16 pp512 comes to about 9,350
/// prompt tokens a second against 8,381 measured (ggml-org/llama.cpp#6017), where it was about
/// 18,700 (2.2x) before. Held back; within 15%.
#[test]
fn llamacpp_prefill_on_a_datacenter_card() {
    let r = run("model=llama-2-7b&gpu=a100-pcie-80gb&weights=fp16&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1");
    let pp = 512.0 / r.prefill_s;
    assert!((pp / 8381.22 - 1.0).abs() <= 0.15, "{pp}");
}

/// Item 9: the untied token embedding is looked up, not read every decode step.
#[test]
fn the_embedding_table_is_not_read_every_step() {
    let r =
        run("model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&serve_conc=1&in_tokens=1&out_tokens=2");
    // 8.03 billion parameters, of which 0.525 billion are the untied embedding.
    let read = r.step.bytes / 2.0 / 1e9;
    assert!(read < 7.6 && read > 7.4, "{read}");
}

/// Item 9: an inference service never fits spot, even when marked interruptible.
#[test]
fn an_inference_service_never_fits_spot() {
    let i = AdvisorInputs {
        profile: Profile::Inference,
        interruptible: true,
        has_checkpoints: true,
        data_gb: 1.0,
        run_hours: 100.0,
        cards: 1,
        tier_gb: Some(24.0),
    };
    let spot = advise(&i)
        .verdicts
        .into_iter()
        .find(|v| v.form == Form::Spot)
        .unwrap();
    assert!(!spot.fits);
}

/// Item 5: 4-bit weight-only formats under heavy load. vllm-project/vllm#3399 (vLLM 0.3.3, 4 x
/// A800, TP 4, Qwen1.5-72B-Chat in fp16, AWQ and GPTQ int4, `--enforce-eager --max-model-len
/// 2000`, 10,000 address-parsing requests at concurrency 500): 1,468 s in fp16, 2,025 s with AWQ
/// and 1,638 s with GPTQ, so AWQ ran at 0.725 and GPTQ at 0.896 of fp16's throughput; this is the
/// figure `W4_COMPUTE` (0.73, the older kernels: AWQ's own GEMM, exllama's) is taken from. The
/// requests' lengths are not given: 200 prompt and 50 output tokens are assumed (short address
/// strings), and Qwen1.5-72B's shape is Qwen2.5-72B's with 64 KV heads, a 24,576-wide MLP and a
/// 152,064-token vocabulary. The page now models current vLLM, which runs both formats through
/// Marlin (`MARLIN_COMPUTE`, 0.76): 0.857 for both, +18.2% for 0.3.3's AWQ and -4.4% for its
/// GPTQ (0.83, +14% and -7%, with the older kernels' share); within 20%. At other assumed lengths
/// the ratio runs higher, as memory caps the batch and decode turns bandwidth-bound, so the case
/// checks the direction more than the figure.
#[test]
fn vllm_awq_and_gptq_at_concurrency_500_run_below_fp16() {
    let q = "model=qwen2.5-72b&kv_heads=64&intermediate=24576&vocab=152064&gpu=a800-80gb&tp=4&runtime=vllm&serve_conc=500&in_tokens=200&out_tokens=50";
    let fp16 = run(&format!("{q}&weights=fp16"));
    for (weights, measured) in [("awq", 1468.0 / 2025.0), ("gptq", 1468.0 / 1638.0)] {
        let r = run(&format!("{q}&weights={weights}"));
        let ratio = r.throughput / fp16.throughput;
        println!(
            "{weights}: {ratio:.3} against {measured:.3} ({:+.1}%)",
            (ratio / measured - 1.0) * 100.0
        );
        assert!(ratio < 1.0, "{weights}: {ratio}");
        assert!((ratio / measured - 1.0).abs() <= 0.20, "{weights}: {ratio}");
    }
}
