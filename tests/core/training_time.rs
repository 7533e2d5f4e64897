//! Training time against published measured runs (docs/formulas.md, "Training time"): the runs
//! the constants were fitted on, the runs held back from the fit, the band the held-back runs
//! set, and the fit itself, which the constants must reproduce.

use gpuplan::calc::memory::arch::Arch;
use gpuplan::calc::memory::catalogue::gpu;
use gpuplan::calc::memory::inputs::{MemoryInputs, ModelSpec, TrainingInputs};
use gpuplan::calc::memory::training::{Method, Recompute};
use gpuplan::calc::table::validate;
use gpuplan::calc::training_time::{
    flops_per_token, job_cost, link, per_card_rate_with, time_report, training_time, work, Fit,
    LinkKind, Scaling, FIT, HELD_BACK,
};
use gpuplan::calc::units::{Currency, Hours, Money};
use proptest::prelude::*;

/// One measured run: where it was read, what ran, and the tokens a second a card it reached.
struct Case {
    name: &'static str,
    source: &'static str,
    inputs: MemoryInputs,
    measured: f64,
}

const FOUNDRY: &str = "mosaicml/llm-foundry scripts/train/benchmarking/README.md";
const TORCHTUNE: &str = "pytorch/torchtune README.md, Memory and training speed";
const LLAMA2: &str = "Touvron et al. 2023, Llama 2, table 2 (GPU-hours for 2.0 T tokens)";
const TORCHTITAN: &str = "pytorch/torchtitan docs/performance.md (64 A100 80GB, FSDP2)";
const VECTORLM: &str = "VectorInstitute/vectorlm docs/reference_throughput.md (A100 SXM4 80GB)";
const ROCM_TE: &str = "ROCm/TransformerEngine#79 (2024-10-15, ROCm 6.2, preliminary)";
const MLPERF: &str = "MLPerf Training v5.0, Llama 2 70B LoRA (AMD, 2025-06-04)";

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

/// A Llama-shaped model from its config.json figures.
fn llama(layers: u64, hidden: u64, heads: u64, kv: u64, vocab: u64, inter: u64) -> ModelSpec {
    ModelSpec {
        model: None,
        arch: Arch {
            layers,
            hidden,
            heads,
            kv_heads: kv,
            head_dim: hidden / heads,
            vocab,
            intermediate: inter,
            ..Arch::default()
        },
        params_b: None,
    }
}

fn preset(id: &str) -> ModelSpec {
    ModelSpec {
        model: Some(id.into()),
        arch: gpuplan::calc::memory::presets::preset(id)
            .map(|p| (p.arch)())
            .unwrap_or_default(),
        params_b: None,
    }
}

/// A full-shard (ZeRO-3) bf16 run of `gpus` cards, `batch` sequences of `seq` a card a step.
fn sharded(
    card: &str,
    model: ModelSpec,
    seq: u64,
    batch: u64,
    gpus: u64,
    recompute: Recompute,
) -> MemoryInputs {
    MemoryInputs {
        model,
        gpu: card.into(),
        training: TrainingInputs {
            seq,
            batch,
            gpus,
            zero: if gpus > 1 { 3 } else { 0 },
            recompute,
            ..TrainingInputs::default()
        },
        ..MemoryInputs::default()
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
    let r = if ac { Recompute::Full } else { Recompute::None };
    sharded(card, model, seq, batch, gpus, r)
}

/// torchtune's Llama 3.1 8B single-card runs: batch 2, packed to 2,048 tokens, activation
/// checkpointing on, LoRA rank 8 on q, v, output and the MLP (QLoRA also k).
fn torchtune(card: &str, method: Method) -> MemoryInputs {
    let targets: &[&str] = match method {
        Method::Qlora => &["q", "k", "v", "o", "gate", "up", "down"],
        _ => &["q", "v", "o", "gate", "up", "down"],
    };
    MemoryInputs {
        model: preset("llama-3.1-8b"),
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

/// torchtune's distributed LoRA recipes on 8 A100 80GB (FSDP, batch 2 packed to 2,048 tokens,
/// checkpointing on, rank 16 on q, k, v, output and the MLP).
fn torchtune_8(model: ModelSpec, method: Method) -> MemoryInputs {
    let mut m = sharded("a100-80gb", model, 2048, 2, 8, Recompute::Full);
    m.training.method = method;
    m.training.lora_rank = 16;
    m.training.lora_targets = ["q", "k", "v", "o", "gate", "up", "down"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    m
}

/// VectorLM's Llama 3 8B runs: FSDP full shard across the cards, batch 8 of 2,048 tokens a card,
/// checkpointing on, LoRA rank 8 on q and v (PEFT's targets for Llama).
fn vectorlm(method: Method, gpus: u64) -> MemoryInputs {
    let mut m = sharded(
        "a100-80gb",
        preset("llama-3.1-8b"),
        2048,
        8,
        gpus,
        Recompute::Full,
    );
    m.training.method = method;
    m.training.lora_rank = 8;
    m.training.lora_targets = ["q", "v"].iter().map(|s| s.to_string()).collect();
    m
}

/// MLPerf's Llama 2 70B LoRA on one machine of 8: 8,192 tokens a sample, rank 16 on the
/// attention projections, one sample a card a step.
fn mlperf(card: &str) -> MemoryInputs {
    let mut m = sharded(card, llama2_70b(), 8192, 1, 8, Recompute::Full);
    m.training.method = Method::Lora;
    m.training.lora_rank = 16;
    m.training.lora_targets = ["q", "k", "v", "o"].iter().map(|s| s.to_string()).collect();
    m
}

fn llama2_13b() -> ModelSpec {
    llama(40, 5120, 40, 40, 32_000, 13_824)
}

fn llama2_70b() -> ModelSpec {
    llama(80, 8192, 64, 8, 32_000, 28_672)
}

/// Meta's Llama 2 pretraining as GPU-hours: 2.0 T tokens over the card-hours of table 2, on
/// A100 80GB at 4,096 tokens. The card count is not published; 1,024 cards of one 4,096-token
/// sequence make the paper's 4 M-token batch (a card's rate is flat in the count past two
/// machines, ring shares (m - 1) / m).
fn llama2(model: ModelSpec, recompute: Recompute) -> MemoryInputs {
    sharded("a100-80gb", model, 4096, 1, 1024, recompute)
}

fn per_gpu_hours(gpu_hours: f64) -> f64 {
    2.0e12 / (gpu_hours * 3600.0)
}

/// The runs the constants were fitted on, chosen before the fit by what each pins: llm-foundry's
/// six (the shares and traffic on one machine), torchtune's LoRA on one RTX 4090 (the one-card
/// share) and on 8 A100 (the exchange of a sharded LoRA), Llama 2 7B (a thousand cards) and
/// torchtitan's 8B on 64 (the network).
fn fitted() -> Vec<Case> {
    let m7 = || mpt(32, 4096, 6_658_859_008.0);
    let m3 = |p| mpt(32, 2560, p);
    let m1 = || mpt(24, 2048, 1_315_950_592.0);
    vec![
        Case {
            name: "llm-foundry A100 80GB 7b 2048 x8",
            source: FOUNDRY,
            inputs: foundry("a100-80gb", m7(), 2048, 6, 8, false),
            measured: 4641.0,
        },
        Case {
            name: "llm-foundry H100 7b 2048 x8",
            source: FOUNDRY,
            inputs: foundry("h100-sxm", m7(), 2048, 6, 8, false),
            measured: 10643.0,
        },
        Case {
            name: "llm-foundry A100 80GB 3b 2048 x8",
            source: FOUNDRY,
            inputs: foundry("a100-80gb", m3(2_651_837_440.0), 2048, 10, 8, false),
            measured: 10811.0,
        },
        Case {
            name: "llm-foundry H100 3b 4096 x8",
            source: FOUNDRY,
            inputs: foundry("h100-sxm", m3(2_657_080_320.0), 4096, 5, 8, false),
            measured: 20964.0,
        },
        Case {
            name: "llm-foundry A100 80GB 1b 2048 x8",
            source: FOUNDRY,
            inputs: foundry("a100-80gb", m1(), 2048, 14, 8, false),
            measured: 20513.0,
        },
        Case {
            name: "llm-foundry H100 1b 2048 x8",
            source: FOUNDRY,
            inputs: foundry("h100-sxm", m1(), 2048, 14, 8, false),
            measured: 45455.0,
        },
        Case {
            name: "torchtune RTX 4090 Llama 3.1 8B LoRA x1",
            source: TORCHTUNE,
            inputs: torchtune("rtx-4090", Method::Lora),
            measured: 3083.0,
        },
        // 3,497 tokens a second over the 8 cards.
        Case {
            name: "torchtune A100 80GB Llama 3.1 70B LoRA x8",
            source: TORCHTUNE,
            inputs: torchtune_8(preset("llama-3.1-70b"), Method::Lora),
            measured: 3497.0 / 8.0,
        },
        // 184,320 GPU-hours.
        Case {
            name: "Llama 2 7B pretraining, A100 80GB x1024",
            source: LLAMA2,
            inputs: llama2(preset("llama-2-7b"), Recompute::None),
            measured: per_gpu_hours(184_320.0),
        },
        Case {
            name: "torchtitan A100 80GB Llama 3 8B 8192 x64 selective",
            source: TORCHTITAN,
            inputs: sharded(
                "a100-80gb",
                preset("llama-3.1-8b"),
                8192,
                1,
                64,
                Recompute::Selective,
            ),
            measured: 2973.0,
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
    let m3 = || mpt(32, 2560, 2_651_837_440.0);
    let m1 = || mpt(24, 2048, 1_315_950_592.0);
    let f = |name, inputs, measured| Case {
        name,
        source: FOUNDRY,
        inputs,
        measured,
    };
    vec![
        f(
            "llm-foundry A100 80GB 13b 2048 x8",
            foundry("a100-80gb", m13(12_853_954_560.0), 2048, 2, 8, false),
            2262.0,
        ),
        f(
            "llm-foundry H100 13b 2048 x8",
            foundry("h100-sxm", m13(12_853_954_560.0), 2048, 2, 8, false),
            4792.0,
        ),
        f(
            "llm-foundry A100 80GB 30b 2048 x8 AC",
            foundry("a100-80gb", m30(), 2048, 3, 8, true),
            916.0,
        ),
        f(
            "llm-foundry H100 30b 2048 x8 AC",
            foundry("h100-sxm", m30(), 2048, 3, 8, true),
            2002.0,
        ),
        f(
            "llm-foundry A100 80GB 7b 8192 x8 AC",
            foundry("a100-80gb", m7(6_684_024_832.0), 8192, 8, 8, true),
            3206.0,
        ),
        f(
            "llm-foundry H100 7b 8192 x8 AC",
            foundry("h100-sxm", m7(6_684_024_832.0), 8192, 8, 8, true),
            6935.0,
        ),
        f(
            "llm-foundry A100 80GB 13b 4096 x8 AC",
            foundry("a100-80gb", m13(12_864_440_320.0), 4096, 10, 8, true),
            2060.0,
        ),
        f(
            "llm-foundry H100 13b 4096 x8 AC",
            foundry("h100-sxm", m13(12_864_440_320.0), 4096, 10, 8, true),
            4717.0,
        ),
        f(
            "llm-foundry H100 70b 2048 x64 AC",
            foundry("h100-sxm", m70(), 2048, 8, 64, true),
            1039.0,
        ),
        f(
            "llm-foundry A100 80GB 70b 2048 x64 AC",
            foundry("a100-80gb", m70(), 2048, 8, 64, true),
            410.0,
        ),
        f(
            "llm-foundry A100 40GB 7b 2048 x8 AC",
            foundry("a100-40gb", m7(6_658_859_008.0), 2048, 12, 8, true),
            3679.0,
        ),
        f(
            "llm-foundry A100 80GB 760m 2048 x8",
            foundry("a100-80gb", m760(), 2048, 24, 8, false),
            32434.0,
        ),
        f(
            "llm-foundry H100 760m 2048 x8",
            foundry("h100-sxm", m760(), 2048, 24, 8, false),
            68551.0,
        ),
        f(
            "llm-foundry H100 13b 2048 x64",
            foundry("h100-sxm", m13(12_853_954_560.0), 2048, 2, 64, false),
            4800.0,
        ),
        f(
            "llm-foundry H100 3b 2048 x64",
            foundry("h100-sxm", m3(), 2048, 6, 64, false),
            22525.0,
        ),
        f(
            "llm-foundry H100 1b 2048 x64",
            foundry("h100-sxm", m1(), 2048, 20, 64, false),
            44402.0,
        ),
        f(
            "llm-foundry H100 30b 2048 x32 AC",
            foundry("h100-sxm", m30(), 2048, 14, 32, true),
            2308.0,
        ),
        f(
            "llm-foundry A100 40GB 7b 2048 x128 AC",
            foundry("a100-40gb", m7(6_658_859_008.0), 2048, 18, 128, true),
            3623.0,
        ),
        f(
            "llm-foundry A100 40GB 13b 2048 x128 AC",
            foundry("a100-40gb", m13(12_853_954_560.0), 2048, 16, 128, true),
            1972.0,
        ),
        f(
            "llm-foundry A100 40GB 70b 2048 x128 AC",
            foundry("a100-40gb", m70(), 2048, 4, 128, true),
            376.0,
        ),
        Case {
            name: "VectorLM A100 80GB Llama 3 8B full x1",
            source: VECTORLM,
            inputs: vectorlm(Method::Full, 1),
            measured: 3550.48,
        },
        // 12,688.44 tokens a second over the 4 cards.
        Case {
            name: "VectorLM A100 80GB Llama 3 8B full x4",
            source: VECTORLM,
            inputs: vectorlm(Method::Full, 4),
            measured: 12688.44 / 4.0,
        },
        Case {
            name: "VectorLM A100 80GB Llama 3 8B LoRA x1",
            source: VECTORLM,
            inputs: vectorlm(Method::Lora, 1),
            measured: 4079.28,
        },
        // 14,299.47 tokens a second over the 4 cards.
        Case {
            name: "VectorLM A100 80GB Llama 3 8B LoRA x4",
            source: VECTORLM,
            inputs: vectorlm(Method::Lora, 4),
            measured: 14299.47 / 4.0,
        },
        // 410.42 model TFLOP/s a card, torch.compile bf16, batch 4, FSDP on 8 MI300X; the
        // issue counts 6 N + 12 L H d s FLOPs a token (N = 8.03 B, all weights) and does not
        // state s: at 4,096 tokens that is 54.6 GFLOP, 7,514 tokens a second (7,985 at 2,048,
        // 6,722 at 8,192).
        Case {
            name: "ROCm TE#79 MI300X Llama 3 8B 4096 x8 (sequence assumed)",
            source: ROCM_TE,
            inputs: sharded(
                "mi300x",
                preset("llama-3.1-8b"),
                4096,
                4,
                8,
                Recompute::None,
            ),
            measured: 410.42e12 / (6.0 * 8_030_261_248.0 + 12.0 * 32.0 * 4096.0 * 4096.0),
        },
        Case {
            name: "torchtune RTX 4090 Llama 3.1 8B full x1",
            source: TORCHTUNE,
            inputs: torchtune("rtx-4090", Method::Full),
            measured: 1650.0,
        },
        // 653 tokens a second over the 8 cards.
        Case {
            name: "torchtune A100 80GB Llama 3.1 405B QLoRA x8",
            source: TORCHTUNE,
            inputs: torchtune_8(llama(126, 16_384, 128, 8, 128_256, 53_248), Method::Qlora),
            measured: 653.0 / 8.0,
        },
        // 368,640 GPU-hours.
        Case {
            name: "Llama 2 13B pretraining, A100 80GB x1024",
            source: LLAMA2,
            inputs: llama2(llama2_13b(), Recompute::None),
            measured: per_gpu_hours(368_640.0),
        },
        // 1,720,320 GPU-hours.
        Case {
            name: "Llama 2 70B pretraining, A100 80GB x1024",
            source: LLAMA2,
            inputs: llama2(llama2_70b(), Recompute::Full),
            measured: per_gpu_hours(1_720_320.0),
        },
        Case {
            name: "torchtitan A100 80GB Llama 3 70B 8192 x64 full AC",
            source: TORCHTITAN,
            inputs: sharded(
                "a100-80gb",
                preset("llama-3.1-70b"),
                8192,
                1,
                64,
                Recompute::Full,
            ),
            measured: 331.0,
        },
    ]
}

fn ratio_with(fit: &Fit, c: &Case) -> f64 {
    validate(c.inputs.clone()).unwrap_or_else(|e| panic!("{}: {e}", c.name));
    c.measured / per_card_rate_with(fit, &c.inputs)
}

fn ratio(c: &Case) -> f64 {
    let r = training_time(&c.inputs).unwrap_or_else(|e| panic!("{}: {e}", c.name));
    c.measured / r.tokens_per_s_per_card
}

/// MLPerf Training v5.0's Llama 2 70B LoRA on 8 cards: the MI325X up to 8% faster than the
/// H200 and up to 30% faster than the MI300X, so the MI300X at about 1.08 / 1.30 = 0.83 of the
/// H200's speed.
const MI300X_OVER_H200: f64 = 1.08 / 1.30;

fn mi300x_over_h200(fit: &Fit) -> f64 {
    per_card_rate_with(fit, &mlperf("mi300x")) / per_card_rate_with(fit, &mlperf("h200"))
}

/// torchtune's QLoRA and LoRA on one RTX 4090: 2,413 and 3,083 tokens a second.
const QLORA_OVER_LORA: f64 = 2413.0 / 3083.0;

fn qlora_over_lora(fit: &Fit) -> f64 {
    per_card_rate_with(fit, &torchtune("rtx-4090", Method::Qlora))
        / per_card_rate_with(fit, &torchtune("rtx-4090", Method::Lora))
}

/// Sum of squared log errors of the fitted runs on more than one NVIDIA card.
fn several_cards_loss(fit: &Fit) -> f64 {
    fitted()
        .iter()
        .filter(|c| c.inputs.training.gpus > 1)
        .map(|c| ratio_with(fit, c).ln().powi(2))
        .sum()
}

/// The fit, in four steps each on the runs that pin its constants: the several-card share, the
/// traffic and the overlap (least squares on the log of `measured / estimate` over a grid of
/// 0.01, 4 and 0.05), then the one-card share on torchtune's RTX 4090 LoRA, QLoRA's
/// dequantisation bytes on its QLoRA / LoRA ratio, AMD's share on MLPerf's MI300X / H200.
fn fit() -> Fit {
    let mut best = (f64::MAX, FIT);
    for s in 60..=90 {
        for t in 0..=100 {
            for o in 0..=20 {
                let f = Fit {
                    matmul_share: s as f64 / 100.0,
                    traffic: t as f64 * 4.0,
                    overlap: o as f64 / 20.0,
                    ..FIT
                };
                let l = several_cards_loss(&f);
                if l < best.0 {
                    best = (l, f);
                }
            }
        }
    }
    let mut f = best.1;
    let one = fitted()
        .into_iter()
        .find(|c| c.inputs.training.gpus == 1)
        .expect("a one-card run");
    let lo = (f.matmul_share * 100.0).round() as i32;
    f = closest(
        lo..=100,
        |k| Fit {
            one_card_share: k as f64 / 100.0,
            ..f
        },
        |g| ratio_with(g, &one).ln().abs(),
    );
    f = closest(
        0..=600,
        |k| Fit {
            dequant_bytes: k as f64 / 10.0,
            ..f
        },
        |g| (qlora_over_lora(g) / QLORA_OVER_LORA).ln().abs(),
    );
    f = closest(
        30..=120,
        |k| Fit {
            amd_share: k as f64 / 100.0,
            ..f
        },
        |g| (mi300x_over_h200(g) / MI300X_OVER_H200).ln().abs(),
    );
    f
}

/// The constants over `range` (through `make`) whose `error` is least.
fn closest(
    range: std::ops::RangeInclusive<i32>,
    make: impl Fn(i32) -> Fit,
    error: impl Fn(&Fit) -> f64,
) -> Fit {
    range
        .map(make)
        .map(|g| (error(&g), g))
        .fold((f64::MAX, FIT), |a, b| if b.0 < a.0 { b } else { a })
        .1
}

/// The page's constants are the fit's: rerunning it on the fitted runs gives them back.
#[test]
fn constants_are_the_fit() {
    let f = fit();
    let same = |a: f64, b: f64| (a - b).abs() < 1e-9;
    assert!(
        same(f.matmul_share, FIT.matmul_share)
            && same(f.traffic, FIT.traffic)
            && same(f.overlap, FIT.overlap)
            && same(f.one_card_share, FIT.one_card_share)
            && same(f.dequant_bytes, FIT.dequant_bytes)
            && same(f.amd_share, FIT.amd_share),
        "fit {f:?}, page {FIT:?}"
    );
}

/// Fitted runs the estimate is allowed to miss by more than 30%, each with the ratio it has:
/// torchtune's LoRA on one RTX 4090 reaches 86% of the card's rated peak with checkpointing on
/// (46.3 GFLOP a token at 3,083 tokens a second); the one-card share stops at the whole peak.
const FITTED_OUTSIDE: &[(&str, f64)] = &[("torchtune RTX 4090 Llama 3.1 8B LoRA x1", 1.35)];

/// Every fitted run within 30% of its measurement, but the named one, which keeps its ratio
/// within 0.02.
#[test]
fn fitted_runs_within_30_percent() {
    for c in fitted() {
        let q = ratio(&c);
        match FITTED_OUTSIDE.iter().find(|(n, _)| *n == c.name) {
            Some((_, r)) => assert!((q - r).abs() <= 0.02, "{}: {q:.3}", c.name),
            None => assert!(
                (q - 1.0).abs() <= 0.30,
                "{} ({}): measured / estimate {q:.3}",
                c.name,
                c.source
            ),
        }
    }
}

/// Every held-back run, at 1, 4, 8, 32, 64, 128 and 1,024 cards, within 30% of its measurement.
#[test]
fn held_back_runs_within_30_percent() {
    for c in held_back() {
        let q = ratio(&c);
        assert!(
            (q - 1.0).abs() <= 0.30,
            "{} ({}): measured / estimate {q:.3}",
            c.name,
            c.source
        );
    }
}

/// Held-back runs the band [`HELD_BACK`] holds, of all of them (docs/formulas.md states it):
/// the one outside is the MI300X's run of ROCm/TransformerEngine#79, at 0.78.
const HELD_BACK_INSIDE: (usize, usize) = (29, 30);

/// The band holds at least 80% of the held-back runs, the count the docs state, and is no wider
/// than they need (its ends within 5% of the extreme runs inside it): the page's range stands
/// on these.
#[test]
fn held_back_runs_set_the_band() {
    let qs: Vec<f64> = held_back().iter().map(ratio).collect();
    let inside: Vec<f64> = qs
        .iter()
        .copied()
        .filter(|q| *q >= HELD_BACK.0 && *q <= HELD_BACK.1)
        .collect();
    assert_eq!((inside.len(), qs.len()), HELD_BACK_INSIDE, "{qs:?}");
    assert!(inside.len() * 5 >= qs.len() * 4, "under 80%: {qs:?}");
    let (lo, hi) = inside
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &q| (a.min(q), b.max(q)));
    assert!(
        lo - HELD_BACK.0 <= 0.05 && HELD_BACK.1 - hi <= 0.05,
        "band wider than needed: {lo:.3}-{hi:.3}"
    );
}

/// MLPerf Training v5.0 puts the MI300X behind the H200 on Llama 2 70B LoRA (about 0.83 of its
/// speed); the estimate keeps it there, within 3%, and behind the H200 on the default run too.
#[test]
fn mi300x_trains_behind_the_h200_as_mlperf_measures() {
    let q = mi300x_over_h200(&FIT);
    assert!(
        (q / MI300X_OVER_H200 - 1.0).abs() <= 0.03,
        "MI300X / H200 {q:.3} ({MLPERF})"
    );
    let on = |card: &str| {
        let m = MemoryInputs {
            gpu: card.into(),
            ..MemoryInputs::default()
        };
        training_time(&m).unwrap().tokens_per_s_per_card
    };
    assert!(on("mi300x") < on("h200"), "{} {}", on("mi300x"), on("h200"));
}

/// QLoRA's dequantisation constant, fitted on torchtune's QLoRA and LoRA runs on one RTX 4090
/// (2,413 and 3,083 tokens a second): QLoRA runs at 78% of LoRA's speed, within 3%.
#[test]
fn qlora_runs_at_torchtune_share_of_lora() {
    let q = qlora_over_lora(&FIT);
    assert!(
        (q / QLORA_OVER_LORA - 1.0).abs() <= 0.03,
        "QLoRA / LoRA {q:.3} ({TORCHTUNE})"
    );
}

/// A card's rate falls as cards are added: the share of its peak drops past one card and the
/// exchange adds to each step, more so across machines. Llama 3.1 70B LoRA on H100s (torchtune's
/// recipe shape): 8 cards at 1,000-1,200 tokens a second a card (was 1,333 at every count with
/// the exchange hidden and one share for every count).
#[test]
fn a_card_slows_as_cards_are_added() {
    let rate = |n: u64| {
        let mut m = torchtune_8(preset("llama-3.1-70b"), Method::Lora);
        m.gpu = "h100-sxm".into();
        m.training.gpus = n;
        training_time(&m).unwrap().tokens_per_s_per_card
    };
    let (one, eight, many) = (rate(1), rate(8), rate(64));
    assert!(one > eight && eight > many, "{one:.0} {eight:.0} {many:.0}");
    assert!((1000.0..=1200.0).contains(&eight), "{eight:.0}");
}

/// The constants before this fit: one share for every card and count, the exchange hidden,
/// one gather a pass (the figures docs/formulas.md gives as before).
const BEFORE: Fit = Fit {
    matmul_share: 0.80,
    one_card_share: 0.80,
    amd_share: 1.0,
    traffic: 372.0,
    overlap: 1.0,
    dequant_bytes: 27.6,
};

/// Prints every run's `measured / estimate` now and before (run with `--nocapture` to read the
/// table the docs keep); fails on a run the inputs reject.
#[test]
fn cases_table() {
    for (set, cases) in [("fitted", fitted()), ("held back", held_back())] {
        for c in cases {
            let r = training_time(&c.inputs).unwrap_or_else(|e| panic!("{}: {e}", c.name));
            let before = per_card_rate_with(&BEFORE, &c.inputs);
            println!(
                "| {} | {set} | {:.0} | {:.0} ({:.2}) | {:.0} ({:.2}) |",
                c.name,
                c.measured,
                before,
                c.measured / before,
                r.tokens_per_s_per_card,
                c.measured / r.tokens_per_s_per_card,
            );
        }
    }
    println!(
        "MI300X / H200 {:.3}, before {:.3} (MLPerf {MI300X_OVER_H200:.3}); QLoRA / LoRA {:.3} ({QLORA_OVER_LORA:.3})",
        mi300x_over_h200(&FIT),
        mi300x_over_h200(&BEFORE),
        qlora_over_lora(&FIT)
    );
    for n in [1, 8, 64] {
        let mut m = torchtune_8(preset("llama-3.1-70b"), Method::Lora);
        m.gpu = "h100-sxm".into();
        m.training.gpus = n;
        let r = training_time(&m).unwrap();
        println!(
            "H100 Llama 3.1 70B LoRA x{n}: {:.0}, before {:.0}",
            r.tokens_per_s_per_card,
            per_card_rate_with(&BEFORE, &m)
        );
    }
    // The page's defaults with the model, card, method and count changed.
    for (model, card, method, n) in [
        ("llama-3.1-70b", "h100-sxm", Method::Lora, 8),
        ("llama-2-7b", "a100-80gb", Method::Full, 64),
        ("llama-3.1-8b", "rtx-4090", Method::Lora, 1),
        ("llama-3.1-8b", "mi300x", Method::Lora, 8),
        ("llama-3.1-8b", "h200", Method::Lora, 8),
    ] {
        let mut m = MemoryInputs {
            model: preset(model),
            gpu: card.into(),
            ..MemoryInputs::default()
        };
        m.training.method = method;
        m.training.gpus = n;
        m.training.zero = if n > 1 { 3 } else { 0 };
        let r = training_time(&m).unwrap();
        println!(
            "defaults {model} {card} {method:?} x{n}: {:.0}, before {:.0}",
            r.tokens_per_s_per_card,
            per_card_rate_with(&BEFORE, &m)
        );
    }
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
    // The page words it "run like 2.x" or "3.x" (tests/e2e/training_time.test.mjs).
    assert!(
        r.like_cards > 2.0 && r.like_cards < 3.95,
        "{}",
        r.like_cards
    );
    assert_eq!(
        r.stops_paying_after,
        Some(1),
        "a second card adds less than half a card"
    );
    assert!(matches!(r.scaling, Scaling::LinkBound { n: 8, .. }));
    // On NVLink (A100 80GB) the link does not hold the same run back: its 98 ms all-reduce is a
    // fifth of the 0.5 s compute. Eight cards run like about six (they ran like more than seven
    // with the exchange hidden and one share for every count): each computes at 0.89 of its
    // peak where one card alone reaches the whole, and the exchange adds to the step.
    m.gpu = "a100-80gb".into();
    let r = training_time(&m).unwrap();
    assert_eq!(r.link.kind, LinkKind::NvLink);
    assert!(r.like_cards > 5.5 && r.like_cards < 6.5, "{}", r.like_cards);
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
