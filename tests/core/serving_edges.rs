//! Memory gates and serving figures at the edges (docs/formulas.md, "Inference memory",
//! "llama.cpp's own count" and "Engine mode"; "Serving capacity"): each test is a published
//! figure the page got wrong before, with its source and tolerance.

use gpuplan::calc::memory::arch::Arch;
use gpuplan::calc::memory::dtype::{KvType, WeightType};
use gpuplan::calc::memory::llamacpp::{allocation, compute_buffer};
use gpuplan::calc::memory::presets::preset;
use gpuplan::calc::scenario::{from_pairs, pairs};
use gpuplan::calc::serving::{report, ServingInputs, ServingReport};
use gpuplan::calc::table::{validate, Valid};
use gpuplan::calc::units::{Bytes, GIB, MIB};

fn run(query: &str) -> ServingReport {
    let mut issues = Vec::new();
    let (s, _, _) = from_pairs(&pairs(query), &mut issues);
    assert!(issues.is_empty(), "{query}: {issues:?}");
    let i: Valid<ServingInputs> = validate(s.serving.clone()).unwrap();
    report(&i, &s)
}

fn llama3_8b() -> Arch {
    (preset("llama-3.1-8b").unwrap().arch)()
}

/// llama.cpp's compute buffer for Llama 3 8B at `n_ubatch` 512: "CUDA0 compute buffer size =
/// 258.50 MiB", logged at 512 and at 4,096 cells (llama.cpp's own log format, quoted in
/// docs/formulas.md): the f32 logits of 512 tokens and a hidden-wide row a token.
#[test]
fn llamacpp_compute_buffer_llama_3_8b_258_50_mib() {
    let a = llama3_8b();
    assert_eq!(compute_buffer(&a, 512, true) / MIB, 258.5);
    assert_eq!(compute_buffer(&a, 4096, true) / MIB, 258.5);
    // Without flash attention the f32 scores (32 heads x cells a token) take the logits' place
    // once they are wider: at 4,096 cells just (264 MiB), at 8,192 twice.
    assert_eq!(compute_buffer(&a, 512, false) / MIB, 258.5);
    assert_eq!(compute_buffer(&a, 4096, false) / MIB, 264.0);
    assert!(compute_buffer(&a, 8192, false) / MIB > 500.0);
}

/// XiongjieDai/GPU-Benchmarks-on-LLM-Inference (llama-bench, May 2024): Llama 3 8B F16 on a
/// 16 GB RTX 4080 ran tg 4096 (39.44 t/s) and pp 4096 (4,720.22 t/s), and ran out of memory at
/// 8,192. The guide's rule (3 GiB and 20% headroom) refused it at any context; with
/// `runtime=llamacpp` the page now counts what llama.cpp allocates and lets it start.
#[test]
fn llamacpp_llama_3_8b_f16_starts_on_a_16_gb_rtx_4080() {
    let r = run("model=llama-3.1-8b&gpu=rtx-4080&weights=fp16&runtime=llamacpp&in_tokens=3584&out_tokens=512&serve_conc=1");
    let a = r.llamacpp.expect("llama.cpp's allocation");
    println!(
        "8B F16 on a 4080 at 4,096: weights {:.2} kv {:.3} compute {:.3} total {:.2} GiB of 15.99",
        a.weights.0 / GIB,
        a.kv.0 / GIB,
        a.compute.0 / GIB,
        a.total.0 / GIB
    );
    assert!(r.fits && r.llamacpp_limit && r.max_conc >= 1);
    // The guide's rule, which the page used before, holds none: it is kept to size a service.
    assert_eq!(r.guide_max_conc, 0);
    // The weights on the card are the file less the embedding llama.cpp keeps in host memory
    // (14.96 GiB less 1,002 MiB; llama.cpp logs "CPU buffer size = 1002.00 MiB").
    assert!((a.weights.0 / GIB - (14.96 - 1002.0 / 1024.0)).abs() < 0.01);
    // The table's out-of-memory at 8,192 tokens (llama-bench ran without flash attention):
    // the count reaches the card's 15.99 GiB there, within 0.01 GiB, so the page cannot say
    // which side it falls; at 4,096 it leaves 0.76 GiB.
    let f16 = WeightType::Fp16;
    let at_8k = allocation(&llama3_8b(), f16, KvType::Fp16, r_file(&r), 1, 8192, false);
    assert!(
        (at_8k.total.0 / GIB - 15.99).abs() < 0.01,
        "{:.3}",
        at_8k.total.0 / GIB
    );
}

fn r_file(r: &ServingReport) -> Bytes {
    r.llamacpp.unwrap().weights + Bytes(1002.0 * MIB)
}

/// Same tables: Llama 3 70B Q4_K_M (39.59 GiB) ran on two 24 GB cards at 8,192 tokens (RTX
/// 3090 x 2: tg 8192 14.34 t/s; RTX 4090 x 2: 17.92 t/s), and LLaMA 2 70B Q4_0 on one 48 GB
/// RTX 6000 Ada (17.02 t/s) and RTX A6000 (15.18 t/s). On one 48 GB card (L40S, RTX 6000 Ada)
/// Llama 3 70B Q4_K_M starts too. The guide's rule refused all but LLaMA 2's (36.1 GiB of
/// weights, whose 20% headroom just fits 48 GB).
#[test]
fn llamacpp_llama_3_70b_q4_k_m_starts_on_48_gb() {
    for q in [
        "model=llama-3.1-70b&gpu=rtx-3090&tp=2&weights=q4_k_m&runtime=llamacpp&in_tokens=7680&out_tokens=512&serve_conc=1",
        "model=llama-3.1-70b&gpu=rtx-4090&tp=2&weights=q4_k_m&runtime=llamacpp&in_tokens=7680&out_tokens=512&serve_conc=1",
        "model=llama-3.1-70b&gpu=l40s&weights=q4_k_m&runtime=llamacpp&in_tokens=512&out_tokens=128&serve_conc=1",
        "model=llama-3.1-70b&gpu=rtx-6000-ada&weights=q4_k_m&runtime=llamacpp&in_tokens=512&out_tokens=128&serve_conc=1",
        "model=llama-3.1-70b&vocab=32000&gpu=rtx-6000-ada&weights=q4_0&runtime=llamacpp&in_tokens=512&out_tokens=128&serve_conc=1",
    ] {
        let r = run(q);
        let a = r.llamacpp.unwrap_or_default();
        println!("{q}: {:.2} GiB a card, guide holds {}", a.total.0 / GIB, r.guide_max_conc);
        assert!(r.fits && r.max_conc >= 1, "{q}");
        if !q.contains("vocab=32000") {
            assert_eq!(r.guide_max_conc, 0, "{q}");
        }
    }
}

/// The gate still refuses what the tables show out of memory: LLaMA 13B F16 (26 GB of
/// weights) on a 24 GB RTX 4090 and on a 16 GB RTX 4080.
#[test]
fn llamacpp_gate_refuses_13b_f16_on_24_gb() {
    for gpu in ["rtx-4090", "rtx-4080"] {
        let q = format!("model=llama-2-7b&layers=40&hidden=5120&heads=40&kv_heads=40&intermediate=13824&gpu={gpu}&weights=fp16&runtime=llamacpp&in_tokens=512&out_tokens=128&serve_conc=1");
        let r = run(&q);
        assert!(!r.fits && r.llamacpp.is_none(), "{q}");
    }
}
