//! Serving figures at the edges a fleet is sized on: people in a closed loop, each runtime's
//! fixed time a request, ranges from cases not fitted, and first-token goals no fleet meets
//! (docs/formulas.md, "Serving capacity", "Calibration: fitted and held-back cases").

use crate::common::assert_close;
use gpuplan::calc::serving::{finite_source, mmc_wait, Runtime, ServingReport, BANDS, RANK_S};

use crate::common::serving_run as run;

/// A request's first token with no queue: prefill and the fixed time, ms.
fn idle_ttft_ms(r: &ServingReport) -> f64 {
    (r.prefill_s + r.request_s) * 1e3
}

/// The finite-source queue against the machine-repairman figures worked by hand: 2 people, 1
/// slot, 1 s away and 1 s held: the states 0, 1, 2 weigh 1, 2, 2, so 0.8 requests a second and
/// a mean wait of 0.4 / 0.8 = 0.5 s. People no more than the slots never wait; with no time
/// away every person is always in the system; many people each sending rarely are random
/// arrivals (M/M/c).
#[test]
fn finite_source_queue_worked_values() {
    let (x, w) = finite_source(2, 1, 1.0, 1.0);
    assert_close(x, 0.8, 1e-12);
    assert_close(w, 0.5, 1e-12);
    let (x, w) = finite_source(16, 16, 0.0, 2.0);
    assert_close(x, 8.0, 1e-12);
    assert_eq!(w, 0.0);
    let (x, w) = finite_source(32, 16, 0.0, 2.0);
    assert_close(x, 8.0, 1e-12);
    assert_close(w, 2.0, 1e-12);
    // 10 million people at 5 requests a second in all, 8 slots held 1.2 s each.
    let (n, lambda, hold) = (10_000_000u64, 5.0, 1.2);
    let (x, w) = finite_source(n, 8, n as f64 / lambda, hold);
    assert_close(x, lambda, 1e-3 * lambda);
    let open = mmc_wait(8, lambda, hold);
    assert!((w / open - 1.0).abs() < 0.01, "{w} vs {open}");
}

/// People are not random arrivals: 16 people with no time between requests on 16 slots (Llama
/// 3.1 8B on an H100 with vLLM) never hold more than 16 requests, so one card serves them with
/// no queue (before: 2 cards, queueing as if the 16 sent at random).
#[test]
fn sixteen_people_on_sixteen_slots_never_queue() {
    let r = run("model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&runtime=vllm&load=users&users=16&think_s=0&serve_conc=16");
    assert_eq!(r.cards, 1);
    assert_eq!(r.wait_s, 0.0);
    assert!(r.load_conc <= 16.0 + 1e-9, "{}", r.load_conc);
    // With more people than slots, they wait, and the loop sends less.
    let more = run("model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&runtime=vllm&load=users&users=64&think_s=0&serve_conc=16&ttft_ms=1000000");
    assert!(more.wait_s > 0.0 && more.cards == 1, "{more:?}");
    assert_close(
        more.load_rps,
        64.0 / (more.response_s + more.wait_s),
        1e-9 * more.load_rps,
    );
}

/// A typed rate stays random arrivals: its wait is M/M/c's.
#[test]
fn a_typed_rate_still_queues_as_random_arrivals() {
    let r = run(
        "model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&runtime=vllm&target_rps=20&serve_conc=16",
    );
    let lambda = r.load_rps / r.replicas as f64;
    let hold = r.prefill_s + 256.0 * r.tpot_s;
    assert_close(r.wait_s, mmc_wait(r.conc, lambda, hold), 1e-12);
    assert!(r.wait_s > 0.0);
}

/// The fixed time a request is each runtime's, fitted on a published low-load run of it:
/// - vLLM: InferenceBench, vLLM 0.21, Llama 3.1 8B fp16, one H100, one request at a time,
///   chat-short (taken as 128 / 128): TTFT p50 13.98 ms;
/// - SGLang and TensorRT-LLM: GPUStack performance lab, Qwen3-8B bf16, one H100, ShareGPT (233 /
///   221 a request), 4 in flight: mean TTFT 27.70 ms (SGLang 0.5.3) and 51.61 ms (`trtllm-serve`,
///   TensorRT-LLM 1.2.0rc1);
/// - each further tensor-parallel card: SGLang's cookbook on 8 x A100 keeps its 80 ms.
///
/// Before, all three took SGLang's 8-card 80 ms: 84.5, 84.6 and 84.6 ms here.
#[test]
fn each_runtime_has_its_own_fixed_time_a_request() {
    let h100 = "gpu=h100-sxm&weights=bf16";
    for (q, measured) in [
        (
            format!(
                "model=llama-3.1-8b&{h100}&runtime=vllm&in_tokens=128&out_tokens=128&serve_conc=1"
            ),
            13.98,
        ),
        (
            format!(
                "model=qwen3-8b&{h100}&runtime=sglang&in_tokens=233&out_tokens=221&serve_conc=4"
            ),
            27.70,
        ),
        (
            format!(
                "model=qwen3-8b&{h100}&runtime=trtllm&in_tokens=233&out_tokens=221&serve_conc=4"
            ),
            51.61,
        ),
    ] {
        let e = idle_ttft_ms(&run(&q));
        println!(
            "| {q} | {measured} | {e:.2} | {:+.1}% | 5% |",
            (e / measured - 1.0) * 100.0
        );
        assert!((e / measured - 1.0).abs() <= 0.05, "{q}: {e}");
    }
    let (v, s, t) = (
        Runtime::Vllm.model(),
        Runtime::Sglang.model(),
        Runtime::TrtLlm.model(),
    );
    assert!(v.request_s < s.request_s && s.request_s < t.request_s);
    assert_close(s.fixed_time(8), 0.080, 1e-12);
    assert_close(v.fixed_time(4), v.request_s + 3.0 * RANK_S, 1e-12);
    assert_eq!(Runtime::LlamaCpp.model().fixed_time(8), 0.0);
}

/// The floor and the first token use the same terms: with vLLM, Llama 3.1 8B on an H100, 1,024
/// prompt tokens at a low rate, the first token takes about 29 ms; a 100 ms goal is met and not
/// unmeetable (before: the floor added a decode step the first token did not, 107 ms, so the
/// report said both), a 50 ms goal is met (before: unmeetable), and whatever the goal the report
/// never says both.
#[test]
fn the_floor_and_the_first_token_use_the_same_terms() {
    let q = "model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&runtime=vllm&in_tokens=1024&out_tokens=256&target_rps=0.1";
    for goal in [20.0, 29.0, 30.0, 50.0, 100.0, 1000.0] {
        let r = run(&format!("{q}&ttft_ms={goal}"));
        assert!(!(r.ttft_unmeetable && r.meets_ttft), "{goal}: {r:?}");
        assert_eq!(r.ttft_unmeetable, goal / 1000.0 < r.ttft_floor_s, "{goal}");
        assert_close(r.ttft_floor_s, r.prefill_s + r.request_s, 1e-15);
    }
    for goal in [50.0, 100.0] {
        let r = run(&format!("{q}&ttft_ms={goal}"));
        assert!(r.meets_ttft && !r.ttft_unmeetable, "{goal}: {}", r.ttft_s);
    }
    // TensorRT-LLM with fp8 at 128 prompt tokens: a 100 ms goal is met.
    let t = run("model=llama-3.1-8b&gpu=h100-sxm&weights=fp8&runtime=trtllm&in_tokens=128&out_tokens=128&target_rps=0.1&ttft_ms=100");
    assert!(t.meets_ttft && t.ttft_s < 0.06, "{}", t.ttft_s);
}

/// Ranges the right way round: near saturation the first token's range lies at or above the
/// figure (the held-back busy runs took 1.69-2.17 times the idle first token), the band is of
/// the part with no queue and the wait is added after, never multiplied (before: 1,137 ms showed
/// a range of 517-689 ms, a rate's multipliers applied to a time).
#[test]
fn the_first_token_range_holds_its_figure_the_right_way_round() {
    let r = run("model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&runtime=vllm&in_tokens=1024&out_tokens=256&serve_conc=16&target_rps=55&ttft_ms=100000");
    assert!(r.busy, "{r:?}");
    assert!(r.band_ttft.0 >= 1.0, "{:?}", r.band_ttft);
    let (lo, hi) = r.ttft_range;
    assert!(lo <= r.ttft_s && r.ttft_s <= hi, "{lo} {} {hi}", r.ttft_s);
    assert_close(
        hi,
        r.ttft_floor_s * (1.0 + BANDS.ttft_busy.high) + r.wait_s,
        1e-12,
    );
    // At low load the range straddles the figure.
    let idle = run("model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&runtime=vllm&in_tokens=1024&out_tokens=256&target_rps=0.1");
    assert!(!idle.busy);
    assert!(idle.ttft_range.0 < idle.ttft_s && idle.ttft_s < idle.ttft_range.1);
    assert_close(
        idle.ttft_range.0,
        idle.ttft_s * (1.0 + BANDS.ttft.low),
        1e-12,
    );
}

/// The decode range holds llama.cpp's GDDR runs it was not fitted on (llama-bench, RTX 4090,
/// llama 7B F16 tg128 61.03 t/s, ggml-org/llama.cpp#4766; the model gives 51.8, and the old
/// band's top, 54.4, left it out); every ranged figure, the most throughput included, holds its
/// figure.
#[test]
fn ranges_hold_unfitted_runs_and_their_figures() {
    let r = run("model=llama-2-7b&gpu=rtx-4090&weights=fp16&runtime=llamacpp&in_tokens=1&out_tokens=128&serve_conc=1&target_rps=0.01");
    let (lo, hi) = r.decode_range;
    assert!(lo <= 61.03 && 61.03 <= hi, "{lo} {hi}");
    for q in [
        "",
        "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=4&target_rps=3",
    ] {
        let r = run(q);
        for (v, (lo, hi)) in [
            (r.decode_tps, r.decode_range),
            (r.throughput, r.throughput_range),
            (r.max_throughput, r.max_throughput_range),
            (r.ttft_s, r.ttft_range),
        ] {
            assert!(lo <= v && v <= hi && lo < hi, "{q}: {lo} {v} {hi}");
        }
    }
}

const H20: &str = "model=llama-3.1-70b&gpu=h20&weights=bf16&tp=2&in_tokens=32768&out_tokens=256&load=users&users=16&think_s=10";

/// An unmeetable goal is not sized for: 70B on 2 x H20, 32k-token prompts, 16 people (a 25 s
/// prefill; before: 972 cards sized "for the shortest wait" and a buy verdict). The fleet is
/// the same however far below the floor the goal is, never more than one slot for each person,
/// and no more than the tightest goal it can meet takes.
#[test]
fn an_unmeetable_goal_never_grows_the_fleet() {
    let tight = run(&format!("{H20}&ttft_ms=2000"));
    let tighter = run(&format!("{H20}&ttft_ms=200"));
    assert!(tight.ttft_unmeetable && tighter.ttft_unmeetable);
    assert!(tight.ttft_floor_s > 20.0, "{}", tight.ttft_floor_s);
    assert_eq!(tight.cards, tighter.cards);
    let per_person = 16u64.div_ceil(tight.conc) * tight.tp;
    assert!(tight.cards <= per_person, "{} > {per_person}", tight.cards);
    let floor_ms = tight.ttft_floor_s * 1000.0;
    let met = run(&format!("{H20}&ttft_ms={}", floor_ms * 1.01));
    assert!(!met.ttft_unmeetable);
    assert!(tight.cards <= met.cards, "{} > {}", tight.cards, met.cards);
    // A typed rate, the same: 70B on 4 x A100 with 8k-token prompts at 5 a second.
    let q = "model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=4&in_tokens=8192&out_tokens=256&target_rps=5";
    let (a, b) = (
        run(&format!("{q}&ttft_ms=500")),
        run(&format!("{q}&ttft_ms=50")),
    );
    assert!(a.ttft_unmeetable && b.ttft_unmeetable);
    assert_eq!(a.cards, b.cards);
}

/// The browser test's case (tests/e2e/serving_accuracy.test.mjs): a goal just above the floor
/// is met, and dropping it below the floor takes no more cards.
#[test]
fn the_h20_goal_just_above_the_floor_is_met_and_below_it_takes_no_more_cards() {
    let met = run(&format!("{H20}&ttft_ms=26000"));
    let below = run(&format!("{H20}&ttft_ms=2000"));
    assert!(!met.ttft_unmeetable && below.ttft_unmeetable);
    assert!(
        below.cards <= met.cards && met.cards <= 16,
        "{} {}",
        below.cards,
        met.cards
    );
    println!(
        "met {} cards, below the floor {} cards, floor {:.2} s",
        met.cards, below.cards, below.ttft_floor_s
    );
}

/// The serving view's sheet offers the split of one machine that carries the load with fewer
/// cards in all: Llama 3.1 8B in bf16 at 8k prompts for 16 people on RTX 4090s takes sixteen
/// cards one a replica and a single pair two a replica. At two a replica nothing better is
/// offered; where no request fits, the way out is the split that holds one, not this.
#[test]
fn the_serving_view_offers_a_split_with_fewer_cards_in_all() {
    use gpuplan::calc::scenario::{from_pairs, pairs};
    use gpuplan::calc::serving::{sheet, BetterSplit};
    let at = |q: &str| {
        let mut issues = Vec::new();
        let (s, _, _) = from_pairs(&pairs(q), &mut issues);
        assert!(issues.is_empty(), "{q}: {issues:?}");
        sheet(&crate::common::valid(s.serving.clone()), &s)
    };
    let q = "model=llama-3.1-8b&weights=bf16&gpu=rtx-4090&in_tokens=8000&out_tokens=1000&load=users&users=16";
    let one = at(q);
    assert!(one.fits && one.meets_ttft && one.meets_tpot);
    assert_eq!(one.cards, 16);
    assert_eq!(one.better_split, Some(BetterSplit { tp: 2, cards: 2 }));
    let two = at(&format!("{q}&tp=2"));
    assert_eq!((two.cards, two.better_split), (2, None));
    // Llama 3.1 70B does not fit one RTX 4090: the way out is tp_to_fit, not a better split.
    let big = at("model=llama-3.1-70b&weights=bf16&gpu=rtx-4090");
    assert!(!big.fits && big.better_split.is_none());
}
