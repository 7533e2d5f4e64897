//! Serving figures where sizing decisions are made: under load, near the knee, fp8 and 4-bit,
//! and the cases the model was not fitted on that set the page's bands (docs/formulas.md,
//! "Serving capacity", "Calibration: fitted and held-back cases").

use crate::common::assert_close;
use gpuplan::calc::advisor::{advise, AdvisorInputs, Form, Profile};
use gpuplan::calc::scenario::{from_pairs, pairs};
use gpuplan::calc::serving::{report, Band, ServingInputs, ServingReport, BANDS, REQUEST_S};
use gpuplan::calc::table::{validate, Valid};
use proptest::prelude::*;

fn run(query: &str) -> ServingReport {
    let mut issues = Vec::new();
    let (s, _, _) = from_pairs(&pairs(query), &mut issues);
    assert!(issues.is_empty(), "{query}: {issues:?}");
    let i: Valid<ServingInputs> = validate(s.serving.clone()).unwrap();
    report(&i, &s)
}

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
    // Llama3.1.md: concurrency 16 (496 / 510): TPOT 26.09 ms; 100 (500 / 505): 47.19 ms;
    // 8000/1000 at 16 (3,750 / 521): 36.94 ms; at 64 (3,981 / 531): 74.95 ms.
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 16 at once, TPOT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=496&out_tokens=510&serve_conc=16", regime: Regime::Throughput, measured: 1000.0 / 26.09, estimate: SLOT_TPS, is_time: false },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 100 at once, TPOT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=500&out_tokens=505&serve_conc=100", regime: Regime::Throughput, measured: 1000.0 / 47.19, estimate: SLOT_TPS, is_time: false },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 16 at once 4k, TPOT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=3750&out_tokens=521&serve_conc=16", regime: Regime::Throughput, measured: 1000.0 / 36.94, estimate: SLOT_TPS, is_time: false },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 64 at once 4k, TPOT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=3981&out_tokens=531&serve_conc=64", regime: Regime::Throughput, measured: 1000.0 / 74.95, estimate: SLOT_TPS, is_time: false },
    // DeepSeek-R1.md: concurrency 16 (496 / 509): TPOT 17.56 ms.
    HeldBack { name: "SGLang 8 x B200 DeepSeek-R1, 16 at once, TPOT", query: "model=deepseek-v3&gpu=b200&weights=fp8&tp=8&runtime=sglang&in_tokens=496&out_tokens=509&serve_conc=16", regime: Regime::Throughput, measured: 1000.0 / 17.56, estimate: SLOT_TPS, is_time: false },
    // DeepSeek-R1.md, 1000/8000 at concurrency 1 (610 prompt tokens): TTFT 125.76 ms (another run
    // of the prompt the 153.00 ms was fitted on).
    HeldBack { name: "SGLang 8 x B200 DeepSeek-R1, one request, TTFT (1k/8k run)", query: "model=deepseek-v3&gpu=b200&weights=fp8&tp=8&runtime=sglang&in_tokens=610&out_tokens=4445&serve_conc=1", regime: Regime::Ttft, measured: 125.76, estimate: IDLE_TTFT_MS, is_time: true },
    // llama-bench, ggml-org/llama.cpp#6017: 8 x A100 80GB PCIe, llama 7B F16, pp512 8,381.22 t/s
    // (one card's share of the work: the pipeline splits layers, so prompt speed is one card's).
    HeldBack { name: "llama.cpp A100 PCIe llama 7B F16 pp512", query: "model=llama-2-7b&gpu=a100-pcie-80gb&weights=fp16&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1", regime: Regime::Ttft, measured: 8381.22, estimate: |r| 512.0 / r.prefill_s, is_time: false },
    // Near the knee: every slot busy, a new request's prompt shares steps with the others' decode.
    // Llama3.1.md TTFT at 16 (264.84 ms), 100 (245.98), 16 at 4k (603.42), 64 at 4k (633.32);
    // DeepSeek-R1.md at 16 (273.51).
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 16 at once, TTFT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=496&out_tokens=510&serve_conc=16", regime: Regime::TtftBusy, measured: 264.84, estimate: IDLE_TTFT_MS, is_time: true },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 100 at once, TTFT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=500&out_tokens=505&serve_conc=100", regime: Regime::TtftBusy, measured: 245.98, estimate: IDLE_TTFT_MS, is_time: true },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 16 at once 4k, TTFT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=3750&out_tokens=521&serve_conc=16", regime: Regime::TtftBusy, measured: 603.42, estimate: IDLE_TTFT_MS, is_time: true },
    HeldBack { name: "SGLang 8 x A100 Llama 3.1 70B, 64 at once 4k, TTFT", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=3981&out_tokens=531&serve_conc=64", regime: Regime::TtftBusy, measured: 633.32, estimate: IDLE_TTFT_MS, is_time: true },
    HeldBack { name: "SGLang 8 x B200 DeepSeek-R1, 16 at once, TTFT", query: "model=deepseek-v3&gpu=b200&weights=fp8&tp=8&runtime=sglang&in_tokens=496&out_tokens=509&serve_conc=16", regime: Regime::TtftBusy, measured: 273.51, estimate: IDLE_TTFT_MS, is_time: true },
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

/// Each regime's band is its held-back cases' lowest and highest error, rounded out to 5%.
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
        for c in HELD_BACK.iter().filter(|c| c.regime == regime) {
            let err = held_back_error(c);
            println!(
                "| {} | {:?} | {:.2} | {:+.1}% |",
                c.name,
                regime,
                c.measured,
                err * 100.0
            );
            lo = lo.min(err);
            hi = hi.max(err);
        }
        let low = ((lo * 20.0) - 1e-9).floor() / 20.0;
        let high = ((hi * 20.0) + 1e-9).ceil() / 20.0;
        println!("{regime:?}: {lo:+.3} .. {hi:+.3} -> ({low}, {high})");
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
