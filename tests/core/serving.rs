//! The serving calculator: calibration cases against published measurements (docs/formulas.md,
//! "Serving capacity"), its properties, and its table.

use crate::common::assert_close;
use gpuplan::calc::billing::Granularity;
use gpuplan::calc::choice::Choice;
use gpuplan::calc::memory::catalogue::{gpu, GPUS};
use gpuplan::calc::rent_buy::Verdict;
use gpuplan::calc::scenario::{from_pairs, pairs, Scenario};
use gpuplan::calc::series::Crossing;
use gpuplan::calc::serving::{
    billed_hours_a_day, concurrency_chart, cost_chart, erlang_c, report, PriceSource,
    ServingInputs, ServingReport, PCIE, SPREAD,
};
use gpuplan::calc::table::{self_check, validate, Valid};
use proptest::prelude::*;

/// A scenario from a link query, refusing any problem.
fn scenario(query: &str) -> Scenario {
    let mut issues = Vec::new();
    let (s, _, _) = from_pairs(&pairs(query), &mut issues);
    assert!(issues.is_empty(), "{query}: {issues:?}");
    s
}

fn run(query: &str) -> ServingReport {
    let s = scenario(query);
    let i: Valid<ServingInputs> = validate(s.serving.clone()).unwrap();
    report(&i, &s)
}

/// One calibration case: the link, what was measured, how to read the estimate, the tolerance.
pub struct Case {
    pub name: &'static str,
    pub query: &'static str,
    pub measured: f64,
    pub estimate: fn(&ServingReport) -> f64,
    pub tolerance: f64,
    /// Counted in the page's range ([`SPREAD`]); a known miss of the model is not.
    pub in_spread: bool,
}

/// One request's decode rate with every slot busy, as a benchmark at that concurrency measures.
const TPS: fn(&ServingReport) -> f64 = |r| 1.0 / r.tpot_slots_s;

/// The published measurements the runtime constants are calibrated on.
pub const CASES: &[Case] = &[
    // llama-bench, ggml-org/llama.cpp#4766 (master column): RTX 3090, llama 7B F16, tg128 48.52 t/s.
    Case { name: "llama.cpp RTX 3090 llama 7B F16 tg128", query: "model=llama-2-7b&gpu=rtx-3090&weights=fp16&runtime=llamacpp&in_tokens=1&out_tokens=128&serve_conc=1", measured: 48.52, estimate: TPS, tolerance: 0.10, in_spread: true },
    // Same table: llama 7B Q4_0, tg128 121.82 t/s.
    Case { name: "llama.cpp RTX 3090 llama 7B Q4_0 tg128", query: "model=llama-2-7b&gpu=rtx-3090&weights=q4_0&runtime=llamacpp&in_tokens=1&out_tokens=128&serve_conc=1", measured: 121.82, estimate: TPS, tolerance: 0.10, in_spread: true },
    // Same table: llama 7B F16, pp512 4184.85 t/s (prompt tokens a second).
    Case { name: "llama.cpp RTX 3090 llama 7B F16 pp512", query: "model=llama-2-7b&gpu=rtx-3090&weights=fp16&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1", measured: 4184.85, estimate: |r| 512.0 / r.prefill_s, tolerance: 0.10, in_spread: true },
    // The "Performance of llama.cpp on NVIDIA CUDA" scoreboard (ggml-org/llama.cpp discussion
    // 15013, 2025): RTX 3090, llama 7B Q4_0, pp512 5,174.69 t/s without flash attention, build
    // c76b420. Fits the rate llama.cpp's quantised kernels reach a multiprocessor and clock
    // (calibration.rs, LLAMACPP_MMQ_SM_CLOCK); the page gave 3,411 (0.80 of F16's) before.
    Case { name: "llama.cpp RTX 3090 llama 7B Q4_0 pp512 (build c76b420)", query: "model=llama-2-7b&gpu=rtx-3090&weights=q4_0&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1", measured: 5174.69, estimate: |r| 512.0 / r.prefill_s, tolerance: 0.10, in_spread: true },
    // Same table, not used to fit: llama 7B Q2_K, tg128 92.69 t/s. A known miss: k-quants below
    // 4 bits cost llama.cpp more to unpack than they save in bytes; the model, which counts
    // bytes, is 64% high. Kept out of the page's range and said beside the runtime.
    Case { name: "llama.cpp RTX 3090 llama 7B Q2_K tg128 (check)", query: "model=llama-2-7b&gpu=rtx-3090&weights=q2_k&runtime=llamacpp&in_tokens=1&out_tokens=128&serve_conc=1", measured: 92.69, estimate: TPS, tolerance: 0.70, in_spread: false },
    // llama-bench, ggml-org/llama.cpp#6017 (one A100 80GB PCIe, 2024-03): llama 7B F16, tg128
    // 74.77 t/s. Fits llama.cpp's share of HBM bandwidth (calibration.rs, LLAMACPP_HBM_SHARE);
    // the GDDR constants alone gave 86 (+15%).
    Case { name: "llama.cpp A100 80GB PCIe llama 7B F16 tg128", query: "model=llama-2-7b&gpu=a100-pcie-80gb&weights=fp16&runtime=llamacpp&in_tokens=1&out_tokens=128&serve_conc=1", measured: 74.77, estimate: TPS, tolerance: 0.10, in_spread: true },
    // johnmusgrave.com, "vLLM throughput-latency sweep on NVIDIA A100": Llama 3.1 8B bf16, vLLM
    // 0.23, A100 40GB, 1024 in / 128 out, one request: about 75 tok/s.
    Case { name: "vLLM A100 40GB Llama 3.1 8B bf16 one request", query: "model=llama-3.1-8b&gpu=a100-40gb&weights=bf16&runtime=vllm&in_tokens=1024&out_tokens=128&serve_conc=1", measured: 75.0, estimate: TPS, tolerance: 0.10, in_spread: true },
    // yobitelcomm InferenceBench concurrency-sweep recipe: Llama 3.1 8B fp16, vLLM 0.21, H100
    // 80GB HBM3, conc 1: TPOT p50 6.48 ms (154 tok/s); chat-short lengths taken as 128 / 128.
    Case { name: "vLLM H100 Llama 3.1 8B fp16 one request", query: "model=llama-3.1-8b&gpu=h100-sxm&weights=fp16&runtime=vllm&in_tokens=128&out_tokens=128&serve_conc=1", measured: 1000.0 / 6.48, estimate: TPS, tolerance: 0.10, in_spread: true },
    // mushfiqrahman.dev, "vLLM on a single RTX 4090": Mistral 7B Instruct v0.3 (bf16), 256 in /
    // 128 out, max concurrency 8: 377 output tok/s. Not used to fit.
    Case { name: "vLLM RTX 4090 Mistral 7B concurrency 8 (check)", query: "model=mistral-7b&gpu=rtx-4090&weights=bf16&runtime=vllm&in_tokens=256&out_tokens=128&serve_conc=8", measured: 377.0, estimate: |r| r.throughput, tolerance: 0.25, in_spread: true },
    // TensorRT-LLM 0.5.0 docs/source/performance.md: H100 fp8, LLaMA 7B, batch 64, TP 1,
    // 128 in / 128 out: 9,193 output tok/s.
    Case { name: "TensorRT-LLM H100 LLaMA 7B fp8 batch 64", query: "model=llama-2-7b&gpu=h100-sxm&weights=fp8&runtime=trtllm&in_tokens=128&out_tokens=128&serve_conc=64", measured: 9193.0, estimate: |r| r.throughput, tolerance: 0.15, in_spread: true },
    // Same table: LLaMA 70B, batch 64, TP 4, 128 / 128: 3,317 tok/s (Llama 3.1 70B's shape stands
    // in for Llama 2 70B's: same layers and KV heads, a larger vocabulary). Fits the NVLink hop
    // latency (calibration.rs, NVLINK): with the 7B case fixing TensorRT-LLM's constants, this
    // is what four-way tensor parallelism adds to a step.
    Case { name: "TensorRT-LLM 4 x H100 LLaMA 70B fp8 batch 64", query: "model=llama-3.1-70b&gpu=h100-sxm&weights=fp8&tp=4&runtime=trtllm&in_tokens=128&out_tokens=128&serve_conc=64", measured: 3317.0, estimate: |r| r.throughput, tolerance: 0.10, in_spread: true },
    // GPUStack performance lab, "Optimizing Qwen3-8B Latency on NVIDIA H100 GPUs" (gpustack/gpustack
    // docs/performance-lab/qwen3-8b/h100-latency.md): SGLang 0.5.3.post3, Qwen/Qwen3-8B (bf16), one
    // H100 SXM, ShareGPT, 100 prompts at most 4 at once (23,260 prompt and 22,061 output tokens:
    // 233 / 221 a request): mean TPOT 7.19 ms. Fits SGLang's per-step overhead.
    Case { name: "SGLang H100 Qwen3-8B bf16 concurrency 4", query: "model=qwen3-8b&gpu=h100-sxm&weights=bf16&runtime=sglang&in_tokens=233&out_tokens=221&serve_conc=4", measured: 1000.0 / 7.19, estimate: TPS, tolerance: 0.10, in_spread: true },
    // Same page, not used to fit: Qwen/Qwen3-8B-FP8, otherwise the same: mean TPOT 5.65 ms. A known
    // miss: this checkpoint's fp8 is block-wise (128 x 128 scales), whose kernels quantise the
    // activations at every matmul and at four requests gain far less than the halved bytes;
    // the model, which counts bytes, is about 40% fast. Kept out of the page's range.
    Case { name: "SGLang H100 Qwen3-8B fp8 block-wise concurrency 4 (check)", query: "model=qwen3-8b&gpu=h100-sxm&weights=fp8&runtime=sglang&in_tokens=233&out_tokens=221&serve_conc=4", measured: 1000.0 / 5.65, estimate: TPS, tolerance: 0.50, in_spread: false },
    // SGLang cookbook, Llama 3.1 (sgl-project/sgl-cookbook docs/autoregressive/Llama/Llama3.1.md):
    // SGLang 0.5.6, Llama 3.1 70B (bf16), 8 x A100, TP 8, random 1000 / 1000 at most 1 at once
    // (6,101 prompt and 4,220 output tokens over 10 requests: 610 / 422 a request): mean TPOT
    // 18.63 ms. Not used to fit: checks SGLang's constants and the NVLink term together at eight
    // cards. The page does not say which A100: the 80 GB SXM is taken.
    Case { name: "SGLang 8 x A100 Llama 3.1 70B bf16 one request (check)", query: "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=8&runtime=sglang&in_tokens=610&out_tokens=422&serve_conc=1", measured: 1000.0 / 18.63, estimate: TPS, tolerance: 0.10, in_spread: true },
];

const GAIN_QUERY: &str =
    "model=llama-3.1-8b&gpu=a100-40gb&weights=bf16&runtime=vllm&in_tokens=1024&out_tokens=128";

/// johnmusgrave.com's batching gain (below): the estimate's error, counted in the page's range.
fn gain_error() -> (f64, f64) {
    let one = run(&format!("{GAIN_QUERY}&serve_conc=1"));
    let eight = run(&format!("{GAIN_QUERY}&serve_conc=8"));
    let gain = eight.throughput / one.throughput;
    (gain, gain / 6.6 - 1.0)
}

#[test]
fn calibration_table() {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    let mut bad = Vec::new();
    for c in CASES {
        let r = run(c.query);
        let e = (c.estimate)(&r);
        let err = e / c.measured - 1.0;
        if c.in_spread {
            lo = lo.min(err);
            hi = hi.max(err);
        }
        println!(
            "| {} | {:.2} | {:.2} | {:+.1}% | {:.0}% |",
            c.name,
            c.measured,
            e,
            err * 100.0,
            c.tolerance * 100.0
        );
        bad.extend((err.abs() > c.tolerance).then_some(c.name));
    }
    assert!(bad.is_empty(), "outside their tolerance: {bad:?}");
    let (_, gain) = gain_error();
    lo = lo.min(gain);
    hi = hi.max(gain);
    println!("spread {:+.1}% .. {:+.1}%", lo * 100.0, hi * 100.0);
    // The page's range is the counted cases' lowest and highest error rounded out to 5%: it
    // covers every case and is no wider than they need.
    let low = ((lo * 20.0) - 1e-9).floor() / 20.0;
    let high = ((hi * 20.0) + 1e-9).ceil() / 20.0;
    assert!(
        (SPREAD.0 - low).abs() < 1e-12 && (SPREAD.1 - high).abs() < 1e-12,
        "spread {lo} {hi}: SPREAD should be ({low}, {high}), is {SPREAD:?}"
    );
}

/// Calibration by a measured figure rescales every rate by the same factor.
#[test]
fn a_measured_figure_rescales_every_rate() {
    let base = run("model=llama-3.1-8b&gpu=a100-80gb&weights=bf16");
    let single = run("model=llama-3.1-8b&gpu=a100-80gb&weights=bf16&serve_conc=1");
    let measured = single.decode_tps * 0.8;
    let cal = run(&format!(
        "model=llama-3.1-8b&gpu=a100-80gb&weights=bf16&measured_tps={measured}"
    ));
    assert_close(cal.scale, 0.8, 1e-9);
    // The decode step scales; prefill does not (a decode speed says nothing of the matmuls'
    // rate), so the others' prefills stall a request as long as before and the throughput
    // falls, but by less than the decode rate.
    assert_close(cal.step.seconds, base.step.seconds / 0.8, 1e-12);
    assert_eq!(cal.prefill_s, base.prefill_s);
    assert_close(
        cal.tpot_slots_s - cal.step.seconds,
        base.tpot_slots_s - base.step.seconds,
        1e-12,
    );
    assert!(cal.throughput < base.throughput && cal.throughput > base.throughput * 0.8);
    // Under a load the concurrency itself moves (slower requests stay longer), so the time per
    // token at the load is only no faster.
    assert!(cal.tpot_s >= base.tpot_s * (1.0 - 1e-9));
}

/// Defaults: Llama-2-7B-shaped 7B fp16 on an A100 80 GB with vLLM, 1024 in / 256 out, 16 requests.
#[test]
fn defaults_fit_and_meet_the_latency_goal() {
    let r = run("");
    assert!(r.max_conc >= 16, "{}", r.max_conc);
    assert_eq!(r.conc, 16);
    assert!(r.meets_tpot && r.meets_ttft);
    assert!(r.step.bandwidth_bound);
    assert!(r.cards >= 1 && r.utilisation <= 1.0);
    // The price: the A100 80 GB's own dated rent, AutoDL's 7.03 CNY per card-hour.
    assert_close(r.rent_card_hour.amount, 7.03, 1e-12);
    assert!(matches!(r.price_source, PriceSource::Catalogue(q) if q.site() == "AutoDL"));
    // Owning: the rent-or-buy machine is the guide's 8 x A100, this card. A machine is bought
    // whole, so the fleet's card carries the whole machine's month over 720 hours.
    let o = r.own.as_ref().unwrap();
    assert_eq!(o.source, PriceSource::RentBuy);
    assert_eq!((o.units, o.unit_cards, o.cards_bought), (1, 8, 8));
    let machine = 1_200_000.0 / 36.0 + 7.0 * 12.0 * 30.0 + 3000.0 + 8000.0;
    assert_close(o.month.amount, machine, 1e-9);
    assert_close(o.card_hour.amount, machine / r.cards as f64 / 720.0, 1e-9);
    assert!(r.verdict.is_some());
}

/// Each card is priced by its own dated quote, in the scenario's currency where there is one;
/// owning one means a machine of 8 of that card at its purchase price and draw.
#[test]
fn every_card_has_its_own_price_and_machine() {
    let a100 = run("gpu=a100-80gb");
    let h100 = run("gpu=h100-sxm&model=llama-3.1-8b&weights=bf16");
    assert_ne!(a100.rent_card_hour, h100.rent_card_hour);
    // H100 in yuan: no on-demand list, only a monthly term, which is not an hourly price: the
    // dollar quote is converted at the rate.
    assert!(matches!(h100.price_source, PriceSource::Converted(q) if q.amount == 2.69));
    assert_close(h100.rent_card_hour.amount, 2.69 * 7.1, 1e-12);
    // In dollars, RunPod's H100 quote, never the yuan one converted.
    let usd = run("gpu=h100-sxm&model=llama-3.1-8b&weights=bf16&cur=USD");
    assert_close(usd.rent_card_hour.amount, 2.69, 1e-12);
    // Owning H100s in yuan is the whole 8 x H100 machine at its own yuan street price (never
    // the card's dollar price converted), drawing the machine's 10.2 kW (DGX H100), once.
    let o = h100.own.as_ref().unwrap();
    assert!(matches!(o.source, PriceSource::Catalogue(q) if q.amount == 2_700_000.0));
    assert_close(o.card_price.amount, 2_700_000.0 / 8.0, 1e-6);
    assert_close(o.kw, 10.2, 1e-12);
    assert_eq!((o.units, o.cards_bought), (1, 8));
    // Hosting follows the draw: the guide's 3,000 for 7 kW, in proportion for 10.2 kW.
    let hosting = 3000.0 * 10.2 / 7.0;
    let machine = 2_700_000.0 / 36.0 + 10.2 * 12.0 * 30.0 + hosting + 8000.0;
    assert_close(o.month.amount, machine, 1e-9);
    assert_close(
        o.card_hour.amount,
        machine / h100.cards as f64 / 720.0,
        1e-9,
    );
    // In dollars, the same machine's dollar street price.
    let o = usd.own.as_ref().unwrap();
    assert!(matches!(o.source, PriceSource::Catalogue(q) if q.amount == 317_000.0));
    // A card with no dated hourly rent in either currency falls back to rent or buy's machine / 8.
    for g in GPUS {
        let r = run(&format!("gpu={}&model=phi-3-mini&weights=int8", g.id));
        let quoted = gpuplan::calc::memory::prices::prices(g.id).is_some_and(|p| {
            [p.rent_cny, p.rent_usd]
                .iter()
                .flatten()
                .any(|q| q.tier.is_hourly())
        });
        assert_eq!(r.price_source == PriceSource::RentBuy, !quoted, "{}", g.id);
    }
}

#[test]
fn the_table_checks_itself() {
    assert_eq!(self_check::<ServingInputs>(), Ok(()));
}

/// Every card has its 16-bit tensor figure; fp8 only where the card has fp8 units; the T4 has
/// no bf16.
#[test]
fn every_card_has_tensor_throughput() {
    for g in GPUS {
        assert!(g.bf16_tflops > 0.0, "{}", g.id);
        if let Some(f) = g.fp8_tflops {
            assert!(f >= g.bf16_tflops, "{}", g.id);
        }
    }
    assert!(!gpu("t4").unwrap().bf16);
    for id in [
        "rtx-3090",
        "rtx-3090-ti",
        "rtx-4080",
        "rtx-a6000",
        "rtx-6000-ada",
        "a40",
        "l4",
        "a100-pcie-80gb",
        "h100-pcie",
        "h20",
        "b200",
    ] {
        assert!(gpu(id).is_some(), "{id}");
    }
    assert_eq!(gpu("h100-sxm").unwrap().fp8_tflops, Some(1979.0));
    assert_eq!(gpu("a100-80gb").unwrap().fp8_tflops, None);
}

#[test]
fn erlang_c_known_values() {
    // One server: the chance to wait is the utilisation.
    assert_close(erlang_c(1, 0.5), 0.5, 1e-12);
    // Two servers at 1 erlang: 1/3.
    assert_close(erlang_c(2, 1.0), 1.0 / 3.0, 1e-12);
}

fn with(conc: u64, extra: &str) -> ServingReport {
    run(&format!(
        "model=llama-3.1-8b&gpu=a100-80gb&weights=bf16&serve_conc={conc}{extra}"
    ))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// More concurrency (within memory's limit) never lowers aggregate throughput nor lowers the
    /// time per output token.
    #[test]
    fn more_concurrency_more_throughput_and_slower_tokens(a in 1u64..200, d in 1u64..200, out in 16u64..2048) {
        let extra = format!("&out_tokens={out}");
        let (x, y) = (with(a, &extra), with(a + d, &extra));
        prop_assume!(a + d <= x.max_conc);
        prop_assert!(y.throughput >= x.throughput * (1.0 - 1e-12));
        prop_assert!(y.tpot_s >= x.tpot_s * (1.0 - 1e-12));
        prop_assert!(x.max_throughput >= x.throughput * (1.0 - 1e-12));
    }

    /// More bandwidth never slows a bandwidth-bound step.
    #[test]
    fn more_bandwidth_never_slows_a_bandwidth_bound_step(conc in 1u64..64) {
        // Same compute, more bandwidth: H200 over H100 SXM (both 989 TFLOPS bf16).
        let slow = run(&format!("model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&serve_conc={conc}"));
        let fast = run(&format!("model=llama-3.1-8b&gpu=h200&weights=bf16&serve_conc={conc}"));
        prop_assume!(slow.step.bandwidth_bound);
        prop_assert!(fast.step.seconds <= slow.step.seconds);
        prop_assert!(fast.decode_tps >= slow.decode_tps);
    }

    /// Cost per million output tokens = price x cards / tokens per hour x 1e6.
    #[test]
    fn cost_per_million_is_price_times_cards_over_tokens(price in 0.1f64..100.0, rps in 0.01f64..50.0, out in 16u64..4096) {
        let r = run(&format!("card_price={price}&target_rps={rps}&out_tokens={out}"));
        let tph = rps * out as f64 * 3600.0;
        prop_assert!((r.tokens_per_hour - tph).abs() <= 1e-9 * tph);
        let want = price * r.cards as f64 / tph * 1e6;
        prop_assert!((r.cost_rented.amount - want).abs() <= 1e-9 * want);
        prop_assert!(r.cards >= r.tp && r.cards.is_multiple_of(r.tp));
        prop_assert!(r.utilisation > 0.0 && r.utilisation <= 1.0);
    }
}

/// The charts' series come from the core: the lines stop at memory's limit and the cost lines
/// fall with utilisation for cards paid every hour.
#[test]
fn chart_series_are_shaped_in_the_core() {
    let s = scenario("model=llama-3.1-8b&gpu=rtx-4090&weights=bf16&serve_conc=8&cur=USD");
    let i = validate(s.serving.clone()).unwrap();
    let r = report(&i, &s);
    let c = concurrency_chart(&i, &s, &r);
    assert!(c.throughput.iter().all(|p| p.0 <= r.max_conc as f64));
    assert!(c.throughput.windows(2).all(|w| w[1].1 >= w[0].1));
    assert_eq!(c.tpot_goal_ms, 50.0);
    let k = cost_chart(&s, &r);
    assert!(k.rented.windows(2).all(|w| w[1].1 <= w[0].1));
    assert!(k.owned.first().unwrap().1 > k.owned.last().unwrap().1);
    assert_close(
        k.rented.last().unwrap().1,
        k.rented_used[0].1,
        1e-9 * k.rented_used[0].1,
    );
}

/// Where time per output token passes the goal is found in the core, on the line as drawn:
/// straight between the last concurrency within the goal and the first past it. An 8B model in
/// bf16 on an RTX 4090 under vLLM with a 25 ms goal: the line (20.3 ms at one request, 0.66 ms
/// more for each further one) passes it between 8 and 9 requests, at 8.07.
#[test]
fn the_tpot_goal_crossing_is_read_on_the_line_in_the_core() {
    let s = scenario("model=llama-3.1-8b&gpu=rtx-4090&weights=bf16&runtime=vllm&tpot_ms=25");
    let i = validate(s.serving.clone()).unwrap();
    let r = report(&i, &s);
    let c = concurrency_chart(&i, &s, &r);
    let Crossing::At(x) = c.tpot_limit else {
        panic!("the line should pass 25 ms: {:?}", c.tpot_ms);
    };
    assert_close(x, 8.066, 0.001);
    let k = c.tpot_ms.iter().position(|p| p.1 > 25.0).unwrap();
    let (a, b) = (c.tpot_ms[k - 1], c.tpot_ms[k]);
    assert_eq!((a.0, b.0), (8.0, 9.0));
    // On the straight line between them, time per token is the goal at x.
    assert_close(a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0), 25.0, 1e-9);
    // A goal no point reaches, and one the first point already misses.
    let never = scenario("model=llama-3.1-8b&gpu=rtx-4090&weights=bf16&tpot_ms=100000");
    let i = validate(never.serving.clone()).unwrap();
    let r = report(&i, &never);
    assert_eq!(
        concurrency_chart(&i, &never, &r).tpot_limit,
        Crossing::Never
    );
    let over = scenario("model=llama-3.1-8b&gpu=rtx-4090&weights=bf16&tpot_ms=1");
    let i = validate(over.serving.clone()).unwrap();
    let r = report(&i, &over);
    assert_eq!(
        concurrency_chart(&i, &over, &r).tpot_limit,
        Crossing::AtStart
    );
}

/// The cost chart's mark is the report's owned cost per million: the same machine of the chosen
/// card, the same load, the same share for priced input tokens.
#[test]
fn the_cost_charts_mark_is_the_reports_owned_cost() {
    let s = scenario(
        "model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&in_price_pct=25&load=users&users=300",
    );
    let i = validate(s.serving.clone()).unwrap();
    let r = report(&i, &s);
    assert!(r.utilisation < 1.0);
    let k = cost_chart(&s, &r);
    let owned = r.own.as_ref().unwrap().cost.amount;
    assert_close(k.mark.unwrap().1, owned, 1e-9 * owned);
}

/// Every card, a dense, a mixture-of-experts and a latent-attention model, every runtime: finite,
/// non-negative figures, even where the model does not fit (memory's limit 0).
#[test]
fn every_card_and_runtime_gives_finite_figures() {
    for g in GPUS {
        for model in ["llama-3.1-8b", "mixtral-8x7b", "deepseek-v3"] {
            for rt in ["llamacpp", "vllm", "trtllm", "sglang"] {
                let r = run(&format!(
                    "model={model}&gpu={}&runtime={rt}&target_rps=1000",
                    g.id
                ));
                for v in [
                    r.decode_tps,
                    r.throughput,
                    r.max_throughput,
                    r.tpot_s,
                    r.ttft_s,
                    r.cost_rented.amount,
                    r.own.as_ref().map_or(0.0, |o| o.cost.amount),
                ] {
                    assert!(
                        v.is_finite() && v >= 0.0,
                        "{model} on {} with {rt}: {r:?}",
                        g.id
                    );
                }
                assert!(r.cards >= 1);
            }
        }
    }
}

/// Mixture of experts: a batch reads more experts than one token, so its step reads more bytes.
#[test]
fn a_batch_reads_more_experts_than_one_token() {
    let one = run("model=mixtral-8x7b&gpu=h100-sxm&weights=fp8&serve_conc=1");
    let many =
        run("model=mixtral-8x7b&gpu=h100-sxm&weights=fp8&serve_conc=8&in_tokens=1&out_tokens=1");
    let one_short =
        run("model=mixtral-8x7b&gpu=h100-sxm&weights=fp8&serve_conc=1&in_tokens=1&out_tokens=1");
    assert!(
        many.step.bytes > one_short.step.bytes * 1.5,
        "{} vs {}",
        many.step.bytes,
        one_short.step.bytes
    );
    // One token reads 2 of 8 experts: well under the 46.7 GB of all weights in fp8.
    assert!(one.step.bytes < 20e9, "{}", one.step.bytes);
}

/// johnmusgrave.com's sweep (vLLM 0.23, A100 40GB, Llama 3.1 8B bf16, 1024 in / 128 out):
/// concurrency 8 gives 6.6 times the output throughput of one request. Not used to fit; counted
/// in the page's range by `calibration_table`.
#[test]
fn vllm_a100_batching_gain_at_concurrency_8() {
    let (gain, err) = gain_error();
    println!(
        "| vLLM A100 40GB Llama 3.1 8B gain at concurrency 8 | 6.6 | {gain:.2} | {:+.1}% |",
        err * 100.0
    );
    assert!(err.abs() <= 0.20, "{gain}");
    // Inside the range the page shows.
    assert!(err >= SPREAD.0 && err <= SPREAD.1, "{gain}");
}

/// The NVLink bandwidth against SGLang's all-reduce microbenchmark on H100 (sgl-project/sglang
/// pull request #2904, `test_trt_reduce.py`, float32 messages, no CUDA graph): going from 262,144
/// to 1,048,576 elements (1 to 4 MiB) added 12.0, 17.2 and 17.1 us at TP 2, 4 and 8 (7.9 to 19.9,
/// 13.9 to 31.1, 16.7 to 33.8 us). The model's step adds the ring's share of the 3 MiB over
/// `NVLINK`'s bandwidth (calibration.rs) to each of a layer's two all-reduces; a 70B model's 16-bit hidden state
/// is 16 KiB a token, so 64 and 256 requests make the 1 and 4 MiB messages.
#[test]
fn nvlink_all_reduce_slope_matches_sglang_microbenchmark() {
    for (tp, measured_us, small_us) in [(2u64, 12.0, 3.7), (4, 17.2, 4.8), (8, 17.1, 5.9)] {
        let at = |conc: u64| {
            let r = run(&format!(
                "model=llama-3.1-70b&gpu=h100-sxm&weights=fp8&tp={tp}&in_tokens=1&out_tokens=1&serve_conc={conc}"
            ));
            assert_eq!(r.conc, conc, "tp {tp}: memory caps the concurrency");
            // Two all-reduces a layer, 80 layers.
            r.step.comm_s / 160.0 * 1e6
        };
        let slope = at(256) - at(64);
        let err = slope / measured_us - 1.0;
        println!(
            "| NVLink all-reduce 1 -> 4 MiB, H100, TP {tp} (SGLang#2904) | {measured_us} us | {slope:.2} us | {:+.1}% | 15% |",
            err * 100.0
        );
        assert!(
            err.abs() <= 0.15,
            "tp {tp}: {slope} us against {measured_us}"
        );
        // In a step an all-reduce costs at least what the kernel alone took for a 2 KiB message.
        assert!(at(1) >= small_us, "tp {tp}: {} us", at(1));
    }
}

/// PCIe stays an assumption (no end-to-end measurement found), held to what nccl-tests measured:
/// an 8-byte all-reduce over 8 PCIe cards took 42.14 us on RTX 4090 (NVIDIA/nccl#1530) and
/// 54.18 us on RTX 3090 (NVIDIA/nccl#1439), the NCCL kernel alone, so a step's all-reduce costs
/// at least that; and the bus bandwidth stays below the best nccl-tests reached on PCIe machines,
/// 35 GB/s on 4 x RTX 5090 (NVIDIA/nccl#1639).
#[test]
fn pcie_all_reduce_sits_within_nccl_tests() {
    let at = |conc: u64| {
        run(&format!(
            "model=llama-3.1-8b&gpu=rtx-4090&weights=fp8&tp=8&in_tokens=1&out_tokens=1&serve_conc={conc}"
        ))
    };
    let (one, many) = (at(1), at(257));
    assert_eq!(many.conc, 257);
    // Two all-reduces a layer, 32 layers.
    let per_all_reduce = |r: &ServingReport| r.step.comm_s / 64.0;
    assert!(per_all_reduce(&one) >= 54.18e-6, "{}", per_all_reduce(&one));
    // 256 more tokens of 4,096 16-bit values, the ring moving 2 x 7/8 of them.
    let bytes = 2.0 * 7.0 / 8.0 * 256.0 * 4096.0 * 2.0;
    let bus_bandwidth = bytes / (per_all_reduce(&many) - per_all_reduce(&one));
    assert!(bus_bandwidth <= 35e9, "{bus_bandwidth}");
    assert_close(bus_bandwidth, PCIE.bandwidth, 1e-6 * PCIE.bandwidth);
    // The same step over NVLink costs less.
    let nvlink = run(
        "model=llama-3.1-8b&gpu=h100-sxm&weights=fp8&tp=8&in_tokens=1&out_tokens=1&serve_conc=1",
    );
    assert!(nvlink.step.comm_s < one.step.comm_s);
}

/// A fleet held 8 hours a day under per-started-day billing pays 24 card-hours a day for 8
/// hours of tokens: three times what the same fleet costs a token held around the clock. At the
/// defaults (a 7B model in fp16 on one A100 80 GB, 2 requests/s of 256 output tokens) one card
/// carries the load, so at 15 a card-hour the exact figure is 15 x 1 x 24 / (2 x 256 x 3,600 x 8)
/// x 10^6 = 24.414 a million tokens, against 8.138 held all day.
#[test]
fn per_day_billing_of_an_8_hour_fleet_costs_3_times_per_token() {
    let q = "card_price=15&granularity=day";
    let all_day = run(q);
    let eight = run(&format!("{q}&rent_hours=8"));
    assert_eq!(all_day.cards, 1);
    assert_eq!(
        eight.cards, all_day.cards,
        "the fleet is sized by the load while it runs"
    );
    assert_eq!((all_day.billed_hours, eight.billed_hours), (24.0, 24.0));
    assert_close(eight.cost_rented.amount, 360.0 / 14_745_600.0 * 1e6, 1e-9);
    assert_close(all_day.cost_rented.amount, 360.0 / 44_236_800.0 * 1e6, 1e-9);
    assert_close(
        eight.cost_rented.amount / all_day.cost_rented.amount,
        3.0,
        1e-12,
    );
    // The other rules bill the 8 hours as they are; per started hour rounds 7.5 up to 8.
    for rule in ["second-1m", "second-1h", "hour"] {
        let r = run(&format!("card_price=15&granularity={rule}&rent_hours=8"));
        assert_eq!(r.billed_hours, 8.0, "{rule}");
        assert_close(r.cost_rented.amount, all_day.cost_rented.amount, 1e-9);
    }
    let r = run("card_price=15&granularity=hour&rent_hours=7.5");
    assert_eq!(r.billed_hours, 8.0);
    assert_close(
        r.cost_rented.amount / all_day.cost_rented.amount,
        8.0 / 7.5,
        1e-12,
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Cost per million rented = billed card-hours a day x price / tokens served a day x 1e6;
    /// every rule bills at least the hours held, so holding the fleet part of the day never
    /// costs less a served token than holding it around the clock, and per started day it costs
    /// 24 / hours times as much.
    #[test]
    fn rented_cost_is_billed_card_hours_over_tokens(
        price in 0.1f64..100.0,
        rps in 0.01f64..20.0,
        out in 16u64..2048,
        hours in 1.0f64..=24.0,
        rule in 0usize..4,
    ) {
        let g = <Granularity as Choice>::ALL[rule];
        let q = format!("card_price={price}&target_rps={rps}&out_tokens={out}&granularity={}", g.id());
        let held = run(&format!("{q}&rent_hours={hours}"));
        let all_day = run(&q);
        prop_assert_eq!(held.cards, all_day.cards);
        prop_assert_eq!(held.billed_hours, billed_hours_a_day(g, hours));
        prop_assert!(held.billed_hours >= hours - 1e-9);
        let tokens_a_day = rps * out as f64 * 3600.0 * hours;
        let want = held.billed_hours * held.cards as f64 * price / tokens_a_day * 1e6;
        prop_assert!((held.cost_rented.amount - want).abs() <= 1e-9 * want);
        prop_assert!(held.cost_rented.amount >= all_day.cost_rented.amount * (1.0 - 1e-12));
        if g == Granularity::Day {
            let ratio = held.cost_rented.amount / all_day.cost_rented.amount;
            prop_assert!((ratio - 24.0 / hours).abs() <= 1e-9 * ratio);
        }
    }

    /// The fleet's verdict is rent-or-buy's rule on the two costs the page shows beside it:
    /// rent exactly when a million tokens rented costs no more than owned, whatever the hours
    /// held, the billing rule, the price or the load.
    #[test]
    fn the_fleet_verdict_agrees_with_the_two_costs(
        price in 0.1f64..100.0,
        rps in 0.01f64..20.0,
        hours in 1.0f64..=24.0,
        rule in 0usize..4,
        util in 5.0f64..100.0,
    ) {
        let g = <Granularity as Choice>::ALL[rule];
        let r = run(&format!(
            "card_price={price}&target_rps={rps}&rent_hours={hours}&granularity={}&util={util}",
            g.id()
        ));
        let owned = r.own.as_ref().unwrap().cost;
        let (rented, owned_m) = (r.cost_rented.amount, owned.amount);
        // A tie within rounding may go either way.
        prop_assume!((rented - owned_m).abs() > 1e-9 * owned_m);
        let rent_cheaper = rented <= owned_m;
        prop_assert_eq!(r.verdict == Some(Verdict::Rent), rent_cheaper, "{:?}", (r.cost_rented, owned));
    }
}

#[test]
fn a_model_that_does_not_fit_says_how_many_cards_hold_it() {
    // Llama 3.1 70B in bf16 needs about 131 GiB of weights: not one request fits one 80 GB card.
    // Two cards hold 66 GiB each, over 79.65 GiB once the 20% headroom is kept; three do not
    // divide its 64 heads; four do.
    let r = run("model=llama-3.1-70b&gpu=h100-sxm&weights=bf16&in_tokens=1024&out_tokens=256");
    assert!(!r.fits);
    assert_eq!(r.max_conc, 0);
    let tp = r.tp_to_fit.expect("some split holds it");
    assert_eq!(tp, 4);
    let two =
        run("model=llama-3.1-70b&gpu=h100-sxm&weights=bf16&in_tokens=1024&out_tokens=256&tp=2");
    assert!(!two.fits);
    // The way out holds it: at that split one request fits, and fewer cards do not.
    let fitted = run(&format!(
        "model=llama-3.1-70b&gpu=h100-sxm&weights=bf16&in_tokens=1024&out_tokens=256&tp={tp}"
    ));
    assert!(fitted.fits && fitted.max_conc >= 1 && fitted.tp_to_fit.is_none());
}

#[test]
fn people_using_it_at_once_give_the_load_by_littles_law() {
    let q = "model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&load=users&users=16&think_s=10";
    let r = run(q);
    assert_eq!(r.load, gpuplan::calc::serving::Load::Users);
    // A closed loop: each person waits for their answer, thinks, and asks again.
    // The rate and the response under it are solved together.
    assert_close(r.load_rps, 16.0 / (10.0 + r.response_s), 1e-9 * r.load_rps);
    // Prefill, the runtime's fixed time a request, and the output at the load's time per token.
    assert_close(
        r.response_s,
        r.prefill_s + r.request_s + 256.0 * r.tpot_s,
        1e-12,
    );
    // The rate in force is what the cost and the fleet are sized on.
    assert_close(r.tokens_per_hour, r.load_rps * 256.0 * 3600.0, 1e-9);
    // More people, or less time between requests, never take fewer cards.
    let more = run("model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&load=users&users=4000&think_s=10");
    assert!(more.cards >= r.cards && more.load_rps > r.load_rps);
    // The rate typed is ignored while the load is given as people, and used otherwise.
    let typed = run("model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&target_rps=7");
    assert_eq!(typed.load_rps, 7.0);
}

#[test]
fn input_tokens_priced_share_the_same_cost_with_the_output() {
    let base =
        "model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&in_tokens=2000&out_tokens=500&card_price=20";
    let plain = run(base);
    assert_eq!(plain.cost_rented_in.amount, 0.0);
    let priced = run(&format!("{base}&in_price_pct=25"));
    // The fleet costs the same; it is spread over output tokens and a quarter-price input token.
    let per_request =
        |r: &ServingReport| r.cost_rented.amount * 500.0 + r.cost_rented_in.amount * 2000.0;
    assert_close(per_request(&priced), per_request(&plain), 1e-9);
    assert_close(
        priced.cost_rented_in.amount,
        0.25 * priced.cost_rented.amount,
        1e-12,
    );
    let o = priced.own.as_ref().unwrap();
    assert_close(o.cost_in.amount, 0.25 * o.cost.amount, 1e-12);
    assert!(priced.cost_rented.amount < plain.cost_rented.amount);
}

/// A pasted `vllm bench serve` result rescales the model: at the benchmark's concurrency and
/// request shape, the time per output token is the measured one; the correction travels in the
/// link (`cal=`) and a link without it is the model as it was.
#[test]
fn a_pasted_benchmark_sets_the_time_per_token_it_measured() {
    use gpuplan::calc::serving::measured::{read, to_link};
    let text = include_str!("../fixtures/measured/vllm_bench_serve.txt");
    let m = read(text).unwrap();
    let base =
        "model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&in_tokens=1024&out_tokens=128&serve_conc=16";
    let plain = run(base);
    let cal = run(&format!("{base}&cal={}", to_link(&m)));
    assert_eq!(
        cal.cal_tool,
        Some(gpuplan::calc::serving::measured::Tool::VllmBenchServe)
    );
    assert_close(cal.tpot_slots_s, 9.37e-3, 1e-9);
    let k = cal.cal_decode.unwrap();
    // The factor is the decode step's: the others' prefills stalling a request stay the model's.
    let stall = plain.tpot_slots_s - plain.step.seconds;
    assert_close(k, plain.step.seconds / (9.37e-3 - stall), 1e-9);
    // A serving benchmark's first token holds queueing, and a time per token says nothing of
    // the matmuls' rate: prefill stays the model's.
    assert!(cal.cal_prefill.is_none());
    assert_eq!(cal.prefill_s, plain.prefill_s);
}

/// llama-bench's table sets decode from tgN and prefill from ppN.
#[test]
fn a_pasted_llama_bench_table_sets_decode_and_prefill() {
    use gpuplan::calc::serving::measured::{read, to_link};
    let m = read(include_str!("../fixtures/measured/llama_bench.md")).unwrap();
    let base = "model=llama-2-7b&gpu=rtx-3090&weights=q4_0&runtime=llamacpp&in_tokens=512&out_tokens=128&serve_conc=1&target_rps=0.01";
    let r = run(&format!("{base}&cal={}", to_link(&m)));
    assert!(r.cal_decode.is_some() && r.cal_prefill.is_some());
    assert_close(512.0 / r.prefill_s, m.prefill_tps.unwrap(), 1e-9);
    assert_close(1.0 / r.tpot_slots_s, m.decode_tps.unwrap(), 1e-9);
}

// ---- Owning a card: one machine, its own draw, a price or no verdict ----

/// A T4 has no purchase price (no street price in either currency): serving shows no owned cost
/// and no verdict, where it owned it at the guide's ¥150,000 a card (the A100 machine's ¥1.2M / 8)
/// and said "buy". A purchase per card typed gives both back where a host that takes the card
/// is priced in the currency: the T4s on whole tinybox G4 hosts ($7,000 without cards, 4 cards).
/// In yuan no host is priced, so a typed card price alone owns nothing.
#[test]
fn a_card_without_a_purchase_price_has_no_owned_cost_or_verdict() {
    use gpuplan::calc::pick::OwnBasis;
    let r = run("gpu=t4&model=phi-3-mini&weights=int8");
    assert!(r.own.is_none(), "{:?}", r.own);
    assert_eq!(r.verdict, None);
    let k = cost_chart(&scenario("gpu=t4&model=phi-3-mini&weights=int8"), &r);
    assert!(k.owned.is_empty() && k.mark.is_none());
    let yuan = run("gpu=t4&model=phi-3-mini&weights=int8&card_buy=9000");
    assert!(yuan.own.is_none() && yuan.verdict.is_none());
    let typed = run("gpu=t4&model=phi-3-mini&weights=int8&card_buy=1500&cur=USD");
    let o = typed.own.as_ref().unwrap();
    assert_eq!(o.source, PriceSource::Typed);
    assert_close(o.card_price.amount, 1_500.0, 1e-12);
    assert!(matches!(o.basis, OwnBasis::Hosted { host, .. } if host.id == "tinybox-g4"));
    assert_eq!(o.units, typed.cards.div_ceil(4));
    assert_eq!(o.cards_bought, typed.cards);
    // A host's draw: its own 300 W and its average cards' 70 W each.
    let per = typed.cards as f64 / o.units as f64;
    assert_close(o.kw, 0.3 + per * 0.07, 1e-12);
    assert!(typed.verdict.is_some());
}

/// After picking the 8 x H100 machine, serving owns that machine as rent or buy holds it: 10.2
/// kW (DGX H100), not 10.2 x 700 / 400 = 17.85 kW.
#[test]
fn serving_owns_the_picked_machine_at_its_own_draw() {
    use gpuplan::calc::pick::{fill, pick};
    let mut s = scenario("model=llama-3.1-8b&weights=bf16&cur=USD");
    fill(&s, pick("8x-h100").unwrap()).apply(&mut s);
    let i = validate(s.serving.clone()).unwrap();
    let r = report(&i, &s);
    let o = r.own.as_ref().unwrap();
    assert_eq!(o.source, PriceSource::RentBuy);
    assert_close(o.kw, 10.2, 1e-12);
    assert_close(o.card_price.amount, 317_000.0 / 8.0, 1e-9);
}

/// A monthly term is not billed as an hourly price: the H100's only yuan rent is ¥62,500 a month
/// for 8 cards, which serving billed as ¥10.70 a card-hour; now the dollar on-demand quote
/// (converted) or the typed price is billed, and in yuan with rent or buy asking for its rent and
/// nothing else to go on, there is no verdict.
#[test]
fn serving_never_bills_a_monthly_term_by_the_hour() {
    let r = run("gpu=h100-sxm&model=llama-3.1-8b&weights=bf16");
    assert!(!matches!(r.price_source, PriceSource::Catalogue(q) if q.monthly));
    assert!(matches!(r.price_source, PriceSource::Converted(q) if q.tier.is_hourly()));
    // No rent at all: rent or buy asks for its own and the card has none.
    let r = run("gpu=rtx-4080&model=phi-3-mini&weights=int8&ask=price");
    assert_eq!(r.price_source, PriceSource::Missing);
    assert_eq!(r.verdict, None);
}
