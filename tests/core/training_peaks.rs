//! The training memory gate against published peaks (docs/formulas.md, "Training memory",
//! measured peaks). Both tools print PyTorch's own peak (LitGPT `torch.cuda.max_memory_allocated`,
//! torchtune its allocator statistics), which leaves out the CUDA context and the allocator's
//! slack: a measurement is compared with the states and activations the page holds, and the
//! page's per-card total adds the reserve on top, for the fit.

use gpuplan::calc::memory::arch::Arch;
use gpuplan::calc::memory::inputs::{MemoryInputs, ModelSpec, TrainingInputs};
use gpuplan::calc::memory::presets::preset;
use gpuplan::calc::memory::training::{training, Method, Precision, Recompute, TrainingReport};
use gpuplan::calc::units::GIB;

fn run(
    model: &str,
    method: Method,
    targets: &[&str],
    seq: u64,
    batch: u64,
    rc: Recompute,
) -> TrainingReport {
    let arch: Arch = preset(model).map(|p| (p.arch)()).unwrap_or_default();
    let m = MemoryInputs {
        model: ModelSpec {
            model: Some(model.into()),
            arch,
            params_b: None,
        },
        gpu: "rtx-4090".into(),
        training: TrainingInputs {
            method,
            precision: Precision::Bf16,
            seq,
            batch,
            recompute: rc,
            lora_rank: 8,
            lora_targets: targets.iter().map(|s| s.to_string()).collect(),
            ..TrainingInputs::default()
        },
        ..MemoryInputs::default()
    };
    training(&m).unwrap()
}

fn held(r: &TrainingReport) -> f64 {
    r.states.0 + r.activations.0
}

const ALL: &[&str] = &["q", "k", "v", "o", "gate", "up", "down"];

/// torchtune README, "Memory and training speed": Llama 3.1 8B QLoRA on one RTX 4090, batch 2,
/// packed to 2,048 tokens, activation checkpointing, 7.4 GiB. The page holds 7.69 GiB (+4%;
/// 9.08 GiB, +23%, when the recomputed layer and the fp32 logits were both counted).
#[test]
fn torchtune_llama_3_1_8b_qlora_peak_within_5_percent() {
    let r = run("llama-3.1-8b", Method::Qlora, ALL, 2048, 2, Recompute::Full);
    let q = held(&r) / (7.4 * GIB);
    assert!((q - 1.0).abs() <= 0.05, "{q:.3}");
    // The per-card total, with the CUDA context and the allocator's reserve, is 8.8 GiB: over
    // an 8 GB card, inside a 12 GB one (10.28 GiB before).
    assert!(
        r.total.as_gib() > 8.0 && r.total.as_gib() < 9.0,
        "{}",
        r.total.as_gib()
    );
}

/// torchtune README: Llama 3.1 8B LoRA on one RTX 4090 (rank 8 on q, v, output and the MLP),
/// 16.2 GiB. The page holds 17.33 GiB (+7%): the run keeps less than the layer inputs
/// checkpointing keeps (torchtune can offload them to the CPU, which the page does not model),
/// so the page stays above it.
#[test]
fn torchtune_llama_3_1_8b_lora_peak_within_8_percent() {
    let r = run(
        "llama-3.1-8b",
        Method::Lora,
        &["q", "v", "o", "gate", "up", "down"],
        2048,
        2,
        Recompute::Full,
    );
    let q = held(&r) / (16.2 * GIB);
    assert!((1.0..=1.08).contains(&q), "{q:.3}");
}

/// LitGPT tutorials/resource-tables.md (commit 8641822, A100 40GB, bf16-true, Alpaca's longest
/// Llama 2 example 1,304 tokens, LoRA rank 8 on q and v, no checkpointing), Llama 2 7B LoRA:
/// 21.30 GB at micro-batch 1 and 29.07 GB at 2. The page holds 20.20 and 26.88 GB (-5%, -8%);
/// its totals with the reserve, 22.01 and 29.03 GB, stay at or above both.
#[test]
fn litgpt_llama_2_7b_lora_peaks_within_8_percent() {
    for (batch, measured) in [(1, 21.30), (2, 29.07)] {
        let r = run(
            "llama-2-7b",
            Method::Lora,
            &["q", "v"],
            1304,
            batch,
            Recompute::None,
        );
        let q = held(&r) / (measured * 1e9);
        assert!((q - 1.0).abs() <= 0.08, "batch {batch}: {q:.3}");
        assert!(
            r.total.as_gb() >= measured - 0.05,
            "batch {batch}: {}",
            r.total.as_gb()
        );
    }
}

/// LitGPT's QLoRA (bnb.nf4-dq, micro-batch 1) peaks at 13.84 GB where the page holds 10.58 GB
/// (-24%). The gap is not NF4's: LitGPT's own LoRA run of the same job peaks 7.46 GB above its
/// QLoRA run, where swapping 16-bit for NF4 weights saves 9.62 GB; the 2.16 GB between is a
/// 16-bit copy of the two adapted matrices, q and v (2 x 32 x 4,096^2 x 2 B = 2.15 GB), which
/// that version held beside their NF4 form. torchtune's QLoRA (above) holds no such copy.
#[test]
fn litgpt_qlora_gap_is_a_16_bit_copy_of_the_adapted_matrices() {
    let lora = run(
        "llama-2-7b",
        Method::Lora,
        &["q", "v"],
        1304,
        1,
        Recompute::None,
    );
    let qlora = run(
        "llama-2-7b",
        Method::Qlora,
        &["q", "v"],
        1304,
        1,
        Recompute::None,
    );
    let saved_page = held(&lora) - held(&qlora);
    let saved_litgpt = (21.30 - 13.84) * 1e9;
    let copies = 2.0 * 32.0 * 4096.0 * 4096.0 * 2.0;
    let q = (saved_page - saved_litgpt) / copies;
    assert!((q - 1.0).abs() <= 0.05, "{q:.3}");
}
