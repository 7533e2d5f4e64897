//! Memory gates and serving figures at the edges (docs/formulas.md, "Inference memory",
//! "llama.cpp's own count" and "Engine mode"; "Serving capacity"): each test is a published
//! figure the page got wrong before, with its source and tolerance.

use gpuplan::calc::memory::arch::Arch;
use gpuplan::calc::memory::dtype::{KvType, WeightType};
use gpuplan::calc::memory::inference::{inference, InferenceInputs};
use gpuplan::calc::memory::inputs::{MemoryInputs, ModelSpec};
use gpuplan::calc::memory::llamacpp::{allocation, compute_buffer};
use gpuplan::calc::memory::presets::preset;
use gpuplan::calc::memory::vllm::{graphs_memory, Engine, VllmPool};
use gpuplan::calc::scenario::{from_pairs, pairs};
use gpuplan::calc::serving::{report, ServingInputs, ServingReport};
use gpuplan::calc::table::{validate, Valid};
use gpuplan::calc::units::{Bytes, Ratio, GIB, MIB};

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

/// A preset served with vLLM on `tp` cards of `gpu` at `ctx` tokens, `conc` sequences.
fn vllm_pool(id: &str, gpu: &str, tp: u64, ctx: u64, conc: u64, util: f64) -> VllmPool {
    let m = MemoryInputs {
        model: ModelSpec {
            model: Some(id.into()),
            arch: (preset(id).unwrap().arch)(),
            params_b: None,
        },
        gpu: gpu.into(),
        inference: InferenceInputs {
            tp,
            ctx,
            conc,
            weights: WeightType::Bf16,
            engine: Engine::Vllm,
            gpu_util: Ratio(util),
            ..Default::default()
        },
        ..Default::default()
    };
    inference(&m).unwrap().vllm.unwrap()
}

/// vLLM profiles the activation peak on each card whole: Llama-3-8B logged "PyTorch activation
/// peak memory 1.26GiB" on one H100 and on each of two (vllm-project/vllm#10511, v0.6.5). The
/// page divided the MLP's part by the cards: 0.82 GiB at two (-35%); now 1.15 GiB at both
/// (-8.7%), within 10%.
#[test]
fn vllm_activation_peak_is_each_cards_whole_1_26_gib_on_two_h100() {
    for tp in [1, 2] {
        let p = vllm_pool("llama-3.1-8b", "h100-sxm", tp, 8192, 256, 0.9);
        let gib = p.activation_peak.as_gib();
        println!("Llama-3-8B, {tp} x H100: activation {gib:.3} GiB (1.26)");
        assert!((gib / 1.26 - 1.0).abs() <= 0.10, "{tp}: {gib}");
    }
}

/// vLLM's own CUDA graph estimates ("Estimated CUDA graph memory: N GiB total") for the graphs
/// its log says it profiled: noonghunna/club-3090#434 (2 x RTX 3090 over an NVLink bridge, five
/// graphs of at most 16 tokens, custom all-reduce "Registering 516 cuda graph addresses"), 0.09
/// GiB; #104 (two over PCIe, five graphs), 0.13 GiB; #127 (four over PCIe, TP 4, five graphs),
/// 0.17 GiB (the club's 27B model: 64 layers, hidden 5,120 taken; at 16 tokens the shape moves
/// the figure by under 0.03 GiB); LMCache/LMCache#3430 (Qwen3-8B, one card, 86 graphs up to
/// 512), 0.52 GiB; gnosia93/eks-agentic-ai (Qwen2.5-72B, 4 x L40S, 86 graphs up to 512), 2.73
/// GiB. The page gave 1.0 to 2.67 times them (one base of 0.17 GiB, the NCCL term on every
/// group); now 1.00 to 1.54, each within 0.75 to 1.6 times.
#[test]
fn vllm_cuda_graph_estimates_within_0_75_to_1_6_times_five_logs() {
    let mut club = (preset("qwen3-8b").unwrap().arch)();
    club.layers = 64;
    club.hidden = 5120;
    let qwen8 = (preset("qwen3-8b").unwrap().arch)();
    let qwen72 = (preset("qwen2.5-72b").unwrap().arch)();
    let cases = [
        (
            "club-3090#434, 2 x 3090 NVLink",
            &club,
            2,
            true,
            16,
            5,
            0.09,
        ),
        ("club-3090#104, 2 x 3090 PCIe", &club, 2, false, 16, 5, 0.13),
        ("club-3090#127, 4 x 3090 PCIe", &club, 4, false, 16, 5, 0.17),
        ("LMCache#3430, Qwen3-8B", &qwen8, 1, false, 512, 86, 0.52),
        (
            "eks-agentic-ai, Qwen2.5-72B 4 x L40S",
            &qwen72,
            4,
            false,
            512,
            86,
            2.73,
        ),
    ];
    for (name, a, tp, link, capture, graphs, logged) in cases {
        let page = graphs_memory(a, tp, link, capture, graphs).as_gib();
        let ratio = page / logged;
        println!("{name}: {page:.3} GiB against {logged} ({ratio:.2}x)");
        assert!((0.75..=1.6).contains(&ratio), "{name}: {ratio}");
    }
}

/// Qwen2.5-72B-Instruct in bf16 on 2 x H100 at `--gpu-memory-utilization 0.95`: the issue's
/// figure is a pool of about 2.4x at vLLM's start-up (its log was not found; 8,192 tokens and
/// 256 sequences taken). The page said 1.01x at that setting (and 0.17x at others): it took
/// 1.79 GiB a card for the NVLink group (v0.6.5's accounting; v1 sets NCCL up before its
/// snapshot) and 2.73 GiB of graphs with all-reduce memory vLLM's custom all-reduce does not
/// take. Now within 15% of 2.4x.
#[test]
fn vllm_qwen2_5_72b_bf16_on_2_h100_at_0_95_starts_at_about_2_4x() {
    let p = vllm_pool("qwen2.5-72b", "h100-sxm", 2, 8192, 256, 0.95);
    println!(
        "Qwen2.5-72B 2 x H100 0.95: weights {:.2} act {:.2} non-torch {:.2} graphs {:.2} pool {:.2} GiB, {:.2}x",
        p.weights.as_gib(),
        p.activation_peak.as_gib(),
        p.non_torch.as_gib(),
        p.cuda_graphs.as_gib(),
        p.pool.as_gib(),
        p.max_concurrency
    );
    assert!(
        (p.max_concurrency / 2.4 - 1.0).abs() <= 0.15,
        "{}",
        p.max_concurrency
    );
}
