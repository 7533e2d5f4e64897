//! Training time against published measured runs (docs/formulas.md, "Training time"): the cases
//! the two utilisation constants were fitted on, the cases held back from the fit, and the band
//! the held-back cases set.

use gpuplan::calc::memory::arch::Arch;
use gpuplan::calc::memory::catalogue::gpu;
use gpuplan::calc::memory::inputs::{MemoryInputs, ModelSpec, TrainingInputs};
use gpuplan::calc::memory::training::{Method, Recompute};
use gpuplan::calc::table::validate;
use gpuplan::calc::training_time::{
    flops_per_token, job_cost, link, time_report, training_time, work, LinkKind, Scaling, HELD_BACK,
};
use gpuplan::calc::units::{Currency, Hours, Money};
use proptest::prelude::*;

/// One measured run: where it was read, what ran, and the tokens a second a card it reached.
struct Case {
    name: &'static str,
    inputs: MemoryInputs,
    measured: f64,
}

/// An MPT model of llm-foundry's benchmark table: `layers` x `hidden`, an ungated 4 x MLP (held
/// as a gated one of 8/3 x, the same parameters), tied embeddings, the table's parameter count.
fn mpt(layers: u64, hidden: u64, params: f64) -> ModelSpec {
    ModelSpec {
        model: None,
        arch: Arch {
            layers,
            hidden,
            heads: hidden / 128,
            kv_heads: hidden / 128,
            head_dim: 128,
            vocab: 50_368,
            intermediate: hidden * 8 / 3,
            tied_embeddings: true,
            ..Arch::default()
        },
        params_b: Some(params / 1e9),
    }
}

/// A run of llm-foundry's table (FSDP full shard, bf16, 8 cards a machine).
fn foundry(
    card: &str,
    model: ModelSpec,
    seq: u64,
    batch: u64,
    gpus: u64,
    ac: bool,
) -> MemoryInputs {
    MemoryInputs {
        model,
        gpu: card.into(),
        training: TrainingInputs {
            seq,
            batch,
            gpus,
            zero: 3,
            recompute: if ac { Recompute::Full } else { Recompute::None },
            ..TrainingInputs::default()
        },
        ..MemoryInputs::default()
    }
}

/// torchtune's Llama 3.1 8B single-card runs: batch 2, packed to 2,048 tokens, activation
/// checkpointing on, LoRA rank 8 on q, v, output and the MLP (QLoRA also k).
fn torchtune(card: &str, method: Method) -> MemoryInputs {
    let targets: &[&str] = match method {
        Method::Qlora => &["q", "k", "v", "o", "gate", "up", "down"],
        _ => &["q", "v", "o", "gate", "up", "down"],
    };
    MemoryInputs {
        model: ModelSpec {
            model: Some("llama-3.1-8b".into()),
            arch: gpuplan::calc::memory::presets::preset("llama-3.1-8b")
                .map(|p| (p.arch)())
                .unwrap_or_default(),
            params_b: None,
        },
        gpu: card.into(),
        training: TrainingInputs {
            method,
            seq: 2048,
            batch: 2,
            recompute: Recompute::Full,
            lora_rank: 8,
            lora_targets: targets.iter().map(|s| s.to_string()).collect(),
            ..TrainingInputs::default()
        },
        ..MemoryInputs::default()
    }
}

const FOUNDRY: &str = "mosaicml/llm-foundry scripts/train/benchmarking/README.md";
const TORCHTUNE: &str = "pytorch/torchtune README.md, Memory and training speed";

/// The runs the constants were fitted on.
fn fitted() -> Vec<Case> {
    let m7 = || mpt(32, 4096, 6_658_859_008.0);
    let m3 = |p| mpt(32, 2560, p);
    let m1 = || mpt(24, 2048, 1_315_950_592.0);
    vec![
        Case {
            name: "llm-foundry A100 80GB 7b 2048 x8",
            inputs: foundry("a100-80gb", m7(), 2048, 6, 8, false),
            measured: 4641.0,
        },
        Case {
            name: "llm-foundry H100 7b 2048 x8",
            inputs: foundry("h100-sxm", m7(), 2048, 6, 8, false),
            measured: 10643.0,
        },
        Case {
            name: "llm-foundry A100 80GB 3b 2048 x8",
            inputs: foundry("a100-80gb", m3(2_651_837_440.0), 2048, 10, 8, false),
            measured: 10811.0,
        },
        Case {
            name: "llm-foundry H100 3b 4096 x8",
            inputs: foundry("h100-sxm", m3(2_657_080_320.0), 4096, 5, 8, false),
            measured: 20964.0,
        },
        Case {
            name: "llm-foundry A100 80GB 1b 2048 x8",
            inputs: foundry("a100-80gb", m1(), 2048, 14, 8, false),
            measured: 20513.0,
        },
        Case {
            name: "llm-foundry H100 1b 2048 x8",
            inputs: foundry("h100-sxm", m1(), 2048, 14, 8, false),
            measured: 45455.0,
        },
    ]
}

/// The runs held back from the fit.
fn held_back() -> Vec<Case> {
    let m7 = |p| mpt(32, 4096, p);
    let m13 = |p| mpt(40, 5120, p);
    let m30 = || mpt(48, 7168, 29_975_214_080.0);
    let m70 = || mpt(80, 8192, 64_862_437_376.0);
    let m760 = || mpt(24, 1536, 760_470_528.0);
    vec![
        Case {
            name: "llm-foundry A100 80GB 13b 2048 x8",
            inputs: foundry("a100-80gb", m13(12_853_954_560.0), 2048, 2, 8, false),
            measured: 2262.0,
        },
        Case {
            name: "llm-foundry H100 13b 2048 x8",
            inputs: foundry("h100-sxm", m13(12_853_954_560.0), 2048, 2, 8, false),
            measured: 4792.0,
        },
        Case {
            name: "llm-foundry A100 80GB 30b 2048 x8 AC",
            inputs: foundry("a100-80gb", m30(), 2048, 3, 8, true),
            measured: 916.0,
        },
        Case {
            name: "llm-foundry H100 30b 2048 x8 AC",
            inputs: foundry("h100-sxm", m30(), 2048, 3, 8, true),
            measured: 2002.0,
        },
        Case {
            name: "llm-foundry A100 80GB 7b 8192 x8 AC",
            inputs: foundry("a100-80gb", m7(6_684_024_832.0), 8192, 8, 8, true),
            measured: 3206.0,
        },
        Case {
            name: "llm-foundry H100 7b 8192 x8 AC",
            inputs: foundry("h100-sxm", m7(6_684_024_832.0), 8192, 8, 8, true),
            measured: 6935.0,
        },
        Case {
            name: "llm-foundry A100 80GB 13b 4096 x8 AC",
            inputs: foundry("a100-80gb", m13(12_864_440_320.0), 4096, 10, 8, true),
            measured: 2060.0,
        },
        Case {
            name: "llm-foundry H100 13b 4096 x8 AC",
            inputs: foundry("h100-sxm", m13(12_864_440_320.0), 4096, 10, 8, true),
            measured: 4717.0,
        },
        Case {
            name: "llm-foundry H100 70b 2048 x64 AC",
            inputs: foundry("h100-sxm", m70(), 2048, 8, 64, true),
            measured: 1039.0,
        },
        Case {
            name: "llm-foundry A100 80GB 70b 2048 x64 AC",
            inputs: foundry("a100-80gb", m70(), 2048, 8, 64, true),
            measured: 410.0,
        },
        Case {
            name: "llm-foundry A100 40GB 7b 2048 x8 AC",
            inputs: foundry("a100-40gb", m7(6_658_859_008.0), 2048, 12, 8, true),
            measured: 3679.0,
        },
        Case {
            name: "llm-foundry A100 80GB 760m 2048 x8",
            inputs: foundry("a100-80gb", m760(), 2048, 24, 8, false),
            measured: 32434.0,
        },
        Case {
            name: "llm-foundry H100 760m 2048 x8",
            inputs: foundry("h100-sxm", m760(), 2048, 24, 8, false),
            measured: 68551.0,
        },
        Case {
            name: "torchtune RTX 4090 Llama 3.1 8B full",
            inputs: torchtune("rtx-4090", Method::Full),
            measured: 1650.0,
        },
        // The one run outside the band: 3,083 tokens a second with checkpointing on would hold
        // the card's matmuls at about 90% of its dense peak; the estimate stays below it.
        Case {
            name: "torchtune RTX 4090 Llama 3.1 8B LoRA",
            inputs: torchtune("rtx-4090", Method::Lora),
            measured: 3083.0,
        },
    ]
}

fn ratio(c: &Case) -> f64 {
    let r = training_time(&c.inputs).unwrap_or_else(|e| panic!("{}: {e}", c.name));
    c.measured / r.tokens_per_s_per_card
}

/// Every fitted run within 12% of its measurement.
#[test]
fn fitted_runs_within_12_percent() {
    for c in fitted() {
        let q = ratio(&c);
        assert!(
            (q - 1.0).abs() <= 0.12,
            "{} ({FOUNDRY}; {TORCHTUNE}): measured / estimate {q:.3}",
            c.name
        );
    }
}

/// QLoRA's dequantisation constant, fitted on torchtune's QLoRA and LoRA runs on one RTX 4090
/// (2,413 and 3,083 tokens a second): QLoRA runs at 78% of LoRA's speed, within 3%.
#[test]
fn qlora_runs_at_torchtune_share_of_lora() {
    let lora = training_time(&torchtune("rtx-4090", Method::Lora)).unwrap();
    let qlora = training_time(&torchtune("rtx-4090", Method::Qlora)).unwrap();
    let q = qlora.tokens_per_s_per_card / lora.tokens_per_s_per_card;
    assert!(
        (q / (2413.0 / 3083.0) - 1.0).abs() <= 0.03,
        "QLoRA / LoRA {q:.3} ({TORCHTUNE})"
    );
}

/// The band [`HELD_BACK`] holds 14 of the 15 held-back runs, and is no wider than they need
/// (its ends within 5% of the extreme runs inside it): the page's range stands on these.
#[test]
fn held_back_runs_set_the_band() {
    let qs: Vec<f64> = held_back().iter().map(ratio).collect();
    let inside: Vec<f64> = qs
        .iter()
        .copied()
        .filter(|q| *q >= HELD_BACK.0 && *q <= HELD_BACK.1)
        .collect();
    assert_eq!((inside.len(), qs.len()), (14, 15), "{qs:?}");
    let (lo, hi) = inside
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &q| (a.min(q), b.max(q)));
    assert!(
        lo - HELD_BACK.0 <= 0.05 && HELD_BACK.1 - hi <= 0.05,
        "band wider than needed: {lo:.3}-{hi:.3}"
    );
}

/// The share of held-back runs within 20% of the estimate (docs/formulas.md states it).
#[test]
fn held_back_share_within_20_percent() {
    let qs: Vec<f64> = held_back().iter().map(ratio).collect();
    let within = qs.iter().filter(|q| (**q - 1.0).abs() <= 0.20).count();
    assert_eq!((within, qs.len()), (13, 15), "{qs:?}");
}

/// PaLM's count: 6 N + 12 L w s for a full fine-tune, 4 N + 6 A + 12 L w s for LoRA; full
/// recomputation adds a forward, 2 N + 4 L w s.
#[test]
fn flops_per_token_follow_palm_and_lora_backward() {
    let m = torchtune("a100-80gb", Method::Full);
    let w = work(&m);
    // Llama 3.1 8B: 8.03 B parameters less the 0.525 B input embedding.
    let n = 8_030_261_248.0 - 128_256.0 * 4096.0 - 4096.0 * 65.0;
    assert!((w.matmul_params - n).abs() < 1.0, "{}", w.matmul_params);
    let attn = 12.0 * 32.0 * 4096.0 * 2048.0;
    let f = flops_per_token(&w);
    assert!((f.model - (6.0 * n + attn)).abs() < 1.0);
    assert!((f.hardware - (8.0 * n + attn * 4.0 / 3.0)).abs() < 1.0);
    let lora = work(&torchtune("a100-80gb", Method::Lora));
    let fl = flops_per_token(&lora);
    assert!((fl.model - (4.0 * n + 6.0 * lora.adapter_params + attn)).abs() < 1.0);
}

/// The guide's warning (section 1.1): on a slow link eight cards can run like three. A full
/// fine-tune of a 7B model on eight PCIe L40S cards, one sequence of 2,048 tokens a card a step,
/// exchanges 24.5 GB of gradients a step at 20 GB/s: eight cards run like about three.
#[test]
fn eight_pcie_cards_run_like_three() {
    let mut m = MemoryInputs {
        gpu: "l40s".into(),
        ..MemoryInputs::default()
    };
    m.training.gpus = 8;
    let r = training_time(&m).unwrap();
    assert_eq!(r.link.kind, LinkKind::Pcie);
    assert!(r.like_cards > 2.0 && r.like_cards < 4.0, "{}", r.like_cards);
    assert!(matches!(r.scaling, Scaling::LinkBound { n: 8, .. }));
    // On NVLink (A100 80GB) the same run scales.
    m.gpu = "a100-80gb".into();
    let r = training_time(&m).unwrap();
    assert_eq!(r.link.kind, LinkKind::NvLink);
    assert!(r.like_cards > 7.0, "{}", r.like_cards);
    assert_eq!(r.scaling, Scaling::Scales);
}

/// Crossing from one machine to two over a 100 Gb/s port stops more PCIe cards paying.
#[test]
fn pcie_cards_stop_paying_at_the_machine_edge() {
    let mut m = MemoryInputs {
        gpu: "l40s".into(),
        ..MemoryInputs::default()
    };
    m.training.gpus = 16;
    let r = training_time(&m).unwrap();
    assert_eq!(r.link.machines, 2);
    let stop = r.stops_paying_after.expect("a slow network stops the gain");
    assert!(stop <= 8, "{stop}");
}

/// Wall time and card-hours: tokens over the rate; the cost is card-hours at the price.
#[test]
fn wall_time_card_hours_and_cost() {
    let mut m = torchtune("h100-sxm", Method::Lora);
    m.training.gpus = 2;
    m.training.train_tokens = 200e6;
    let r = training_time(&m).unwrap();
    let hours = 200e6 / r.tokens_per_s / 3600.0;
    assert!((r.hours.0 - hours).abs() < 1e-9);
    assert!((r.card_hours.0 - 2.0 * hours).abs() < 1e-9);
    assert!(r.hours_range.0 .0 < r.hours.0 && r.hours.0 < r.hours_range.1 .0);
    let cost = job_cost(r.card_hours, Some(Money::new(2.0, Currency::Usd))).unwrap();
    assert!((cost.amount - 4.0 * hours).abs() < 1e-9);
    assert_eq!(job_cost(Hours(3.0), None), None);
}

/// One card has no link; two cards of a bridge talk over it; nine cross machines.
#[test]
fn links_by_card_and_count() {
    let a100 = gpu("a100-80gb").unwrap();
    assert_eq!(link(a100, 1).kind, LinkKind::None);
    assert!((link(a100, 8).bus - 0.4 * 600e9).abs() < 1.0);
    assert_eq!(link(a100, 9).machines, 2);
    let r3090 = gpu("rtx-3090").unwrap();
    assert_eq!(link(r3090, 2).kind, LinkKind::NvLink);
    assert_eq!(link(r3090, 4).kind, LinkKind::Pcie);
}

proptest! {
    /// Finite, positive rates; more tokens never take less time; a card among several never runs
    /// faster than alone (more cards can slow a job whose exchange outweighs its compute).
    #[test]
    fn rates_finite_and_monotone(seq in 1u64..65_536, batch in 1u64..64, gpus in 1u64..8, tokens in 1_000u64..1_000_000_000_000) {
        let mut m = MemoryInputs::default();
        m.training.seq = seq;
        m.training.batch = batch;
        m.training.gpus = gpus;
        let tokens = tokens as f64;
        m.training.train_tokens = tokens;
        let v = validate(m.clone()).unwrap();
        let r = time_report(&v);
        prop_assert!(r.tokens_per_s.is_finite() && r.tokens_per_s > 0.0);
        prop_assert!(r.hours.0.is_finite() && r.hours.0 > 0.0);
        m.training.train_tokens = tokens * 2.0;
        let more = training_time(&m).unwrap();
        prop_assert!(more.hours.0 >= r.hours.0);
        prop_assert!(r.tokens_per_s_per_card <= r.alone_tokens_per_s * (1.0 + 1e-12));
        prop_assert!(r.like_cards <= gpus as f64 + 1e-9);
    }
}

/// The catalogue's H100 rent in CNY is a monthly term (an 8-card machine's ¥62,500 a month over
/// 8 cards): the job is priced as whole months reserved, not as card-hours on demand; in USD it
/// is hourly (RunPod's community price), priced as card-hours.
#[test]
fn catalogue_costs_price_each_way_from_its_own_tier() {
    use gpuplan::calc::memory::prices::prices;
    use gpuplan::calc::training_time::{catalogue_costs, MONTH_HOURS};
    let mut m = torchtune("h100-sxm", Method::Lora);
    m.training.gpus = 2;
    m.training.train_tokens = 2e9;
    let r = training_time(&m).unwrap();
    let cny = catalogue_costs(&r, "h100-sxm", Currency::Cny);
    assert!(cny.on_demand.is_none());
    let (cost, q) = cny.reserved.expect("a monthly CNY quote");
    let months = (r.hours.0 / MONTH_HOURS).ceil().max(1.0);
    assert!((cost.amount - q.amount * MONTH_HOURS * months * 2.0).abs() < 1e-6);
    let usd = catalogue_costs(&r, "h100-sxm", Currency::Usd);
    let hourly = prices("h100-sxm")
        .and_then(|p| p.rent(Currency::Usd))
        .unwrap();
    let (cost, _) = usd.on_demand.expect("an hourly USD quote");
    assert!((cost.amount - hourly.amount * r.card_hours.0).abs() < 1e-6);
}

/// The spot view's job length from the training view: the wall time, to the hundredth of an hour.
#[test]
fn spot_job_length_is_the_training_wall_time() {
    let mut s = gpuplan::calc::scenario::Scenario {
        memory: torchtune("a100-80gb", Method::Lora),
        ..Default::default()
    };
    s.memory.training.train_tokens = 200e6;
    let r = training_time(&s.memory).unwrap();
    let h = s.training_job_hours().unwrap();
    assert!((h.0 - r.hours.0).abs() <= 0.005, "{} {}", h.0, r.hours.0);
}

/// The example, Qwen2.5 7B LoRA on 200 M tokens within two days: the fewest H100s that
/// finish in time are the first bookable count (1 to 8, then whole machines) whose wall time is
/// within the deadline.
#[test]
fn fewest_cards_for_a_deadline() {
    use gpuplan::calc::training_time::{cards_for_deadline, MACHINE_CARDS};
    let mut m = torchtune("h100-sxm", Method::Lora);
    m.model.model = Some("qwen2.5-7b".into());
    m.model.arch = gpuplan::calc::memory::presets::preset("qwen2.5-7b")
        .map(|p| (p.arch)())
        .unwrap();
    m.training.train_tokens = 200e6;
    let v = validate(m.clone()).unwrap();
    let one = time_report(&v).hours.0;
    // Within two days one card is enough; within a tenth of its own time, more are needed.
    assert_eq!(cards_for_deadline(&v, Hours(48.0)), Some(1), "{one} h");
    let n = cards_for_deadline(&v, Hours(one / 10.0)).expect("some count in time");
    // Ten cards' worth of speed takes more than one machine: two whole machines, 16 cards.
    assert_eq!(n, 16);
    let mut at = m.clone();
    at.training.gpus = n;
    assert!(training_time(&at).unwrap().hours.0 <= one / 10.0);
    // The bookable count below, one machine of 8, does not finish in time.
    at.training.gpus = n - MACHINE_CARDS;
    assert!(training_time(&at).unwrap().hours.0 > one / 10.0);
    // No count up to 64 PCIe cards trains a 7B model on a trillion tokens in a day.
    let mut big = MemoryInputs {
        gpu: "l40s".into(),
        ..MemoryInputs::default()
    };
    big.training.train_tokens = 1e12;
    let big = validate(big).unwrap();
    assert_eq!(cards_for_deadline(&big, Hours(24.0)), None);
}
