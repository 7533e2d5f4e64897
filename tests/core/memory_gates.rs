//! Memory gates and serving figures at the edges (docs/formulas.md, "Inference memory",
//! "llama.cpp's own count" and "Engine mode"; "Serving capacity"): each test is a published
//! figure the page got wrong before, with its source and tolerance.

use crate::common::assert_close;
use gpuplan::calc::headline::inference_ways;
use gpuplan::calc::memory::arch::Arch;
use gpuplan::calc::memory::catalogue::gpu;
use gpuplan::calc::memory::dtype::{KvType, WeightType};
use gpuplan::calc::memory::inference::inference;
use gpuplan::calc::memory::inputs::{CTX, SEQ};
use gpuplan::calc::memory::llamacpp::{allocation, compute_buffer};
use gpuplan::calc::memory::presets::preset;
use gpuplan::calc::memory::vllm::{activation_peak, fused_moe_buffer, graphs_memory, VllmPool};
use gpuplan::calc::scenario::{from_pairs, pairs};
use gpuplan::calc::serving::{
    attention_flops, ServingReport, IN_TOKENS, MACHINE_CARDS, OUT_TOKENS, USERS,
};
use gpuplan::calc::table::validate;
use gpuplan::calc::units::{Bytes, GIB, MIB};

use crate::common::serving_run as run;

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
    let m = crate::common::vllm_inputs(id, gpu, tp, ctx, conc, util);
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

/// The glossary said a card sold as "80 GB" holds 80 GiB, against the page's own catalogue:
/// it now says what nvidia-smi shows, the capacity the page uses (H100 80 GB: 81,559 MiB =
/// 79.65 GiB; L40S 48 GB: 46,068 MiB = 44.99 GiB, data/catalogue.toml), in both languages.
#[test]
fn glossary_says_what_nvidia_smi_shows_not_80_gib() {
    let h100 = gpu("h100-sxm").unwrap().capacity().as_gib();
    let l40s = gpu("l40s").unwrap().capacity().as_gib();
    for (lang, text) in [
        ("en", include_str!("../../locales/en.toml")),
        ("zh", include_str!("../../locales/zh.toml")),
    ] {
        assert!(!text.contains("holds 80 GiB"), "{lang}");
        assert!(!text.contains("可用 80 GiB"), "{lang}");
        assert!(
            text.contains(&format!("{h100:.2} GiB")),
            "{lang}: {h100:.2}"
        );
        assert!(
            text.contains(&format!("{l40s:.2} GiB")),
            "{lang}: {l40s:.2}"
        );
    }
}

/// A measured decode speed (`measured_tps`, one request's tokens a second) rescaled prefill as
/// well: decode is bound by bandwidth, prefill by the matmuls, so halving the decode speed
/// doubled the first token. Now only a measured prefill rate (llama-bench's ppN) moves it.
#[test]
fn a_measured_decode_speed_leaves_prefill_alone() {
    let q = "model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&runtime=vllm&in_tokens=4096&out_tokens=256&serve_conc=1";
    let plain = run(q);
    let slow = run(&format!("{q}&measured_tps=40"));
    assert!(slow.scale < 0.5, "{}", slow.scale);
    assert_eq!(slow.prefill_s, plain.prefill_s);
    assert!(slow.tpot_slots_s > 2.0 * plain.tpot_slots_s);
}

/// Latent attention's decode FLOPs (DeepSeek-V3): in the absorbed form each of 128 query heads
/// scores the 512-wide latent and 64-wide rotary key and sums the latent, 2 x 128 x (576 + 512)
/// a layer and context token (DeepSeek-V2 paper, section 2.1.3; vLLM's MLA backend), where the
/// page counted 4 x 128 heads x head_dim 128, 4.25 times too few. Prefill expands the latent:
/// keys of 128 + 64, values of 128.
#[test]
fn latent_attention_decode_flops_count_the_latent_deepseek_v3() {
    let a = (preset("deepseek-v3").unwrap().arch)();
    let decode = attention_flops(&a, 4096.0, true);
    assert_eq!(decode, 2.0 * 61.0 * 128.0 * (512.0 + 64.0 + 512.0) * 4096.0);
    let before = 4.0 * 61.0 * 128.0 * 128.0 * 4096.0;
    assert_eq!(decode / before, 4.25);
    assert_eq!(
        attention_flops(&a, 4096.0, false),
        2.0 * 61.0 * 128.0 * (128.0 + 64.0 + 128.0) * 4096.0
    );
    // Ordinary attention keeps 4 x heads x head_dim a layer and context token.
    let l = llama3_8b();
    assert_eq!(
        attention_flops(&l, 100.0, true),
        4.0 * 32.0 * 32.0 * 128.0 * 100.0
    );
}

/// `out_tokens=1` gave a time per output token of seconds with every slot busy: the others'
/// prefills were spread over the one token, which comes with the prefill and has no token
/// after it. Now a one-token request's time per token is the decode step.
#[test]
fn one_output_token_has_no_prefill_stall_in_its_time_per_token() {
    let r = run("model=llama-3.1-70b&gpu=h100-sxm&tp=4&weights=bf16&runtime=vllm&in_tokens=32768&out_tokens=1&serve_conc=16");
    println!(
        "out_tokens=1: slot TPOT {:.4} s, step {:.4} s, prefill {:.3} s",
        r.tpot_slots_s, r.step.seconds, r.prefill_s
    );
    assert_eq!(r.tpot_slots_s, r.step.seconds);
    let two = run("model=llama-3.1-70b&gpu=h100-sxm&tp=4&weights=bf16&runtime=vllm&in_tokens=32768&out_tokens=2&serve_conc=16");
    assert!(two.tpot_slots_s > two.step.seconds);
}

/// vLLM's profile run of a mixture-of-experts model holds the fused-MoE kernel's workspace
/// (`fused_experts`: the k expert slots of every token, gate-and-up then the hidden-wide down
/// output in one buffer, and the activation's half width): DeepSeek-V3 on 8 x H200 at 8,192
/// tokens, 8192 x 8 x 2 B x (7168 + 256) = 0.906 GiB a card the activation peak left out.
#[test]
fn vllm_fused_moe_buffer_in_the_activation_peak_deepseek_v3() {
    let a = (preset("deepseek-v3").unwrap().arch)();
    let buffer = fused_moe_buffer(&a, 8, 8192);
    assert_eq!(buffer.0, 8192.0 * 8.0 * 2.0 * (7168.0 + 2048.0 / 8.0));
    let p = vllm_pool("deepseek-v3", "h200", 8, 32768, 64, 0.9);
    assert_eq!(p.batched_tokens, 8192);
    assert_close(
        p.activation_peak.0,
        activation_peak(&a, 8192, 64).0 + buffer.0,
        1e-12,
    );
    assert_eq!(fused_moe_buffer(&llama3_8b(), 1, 8192).0, 0.0);
}

/// fp8 checkpoints (`weights=fp8-ckpt`) run as fp8 and get the same note as `fp8`: block-wise
/// fp8 runs slower than its bytes.
#[test]
fn fp8_checkpoint_weights_get_the_fp8_note() {
    let r = run("model=llama-3.1-8b&gpu=h100-sxm&weights=fp8-ckpt&runtime=vllm");
    assert!(r.fp8_weights);
    assert!(!run("model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&runtime=vllm").fp8_weights);
}

/// "32k" typed into a token box means 32,768 to the people who type it (context lengths are
/// powers of two: 32k, 128k); the page read 32,000. Token fields (`ctx`, `seq`, `in_tokens`,
/// `out_tokens`) take k as 1,024 and M as 1,048,576; the Chinese 万 stays 10,000, and a plain
/// field's k stays 1,000.
#[test]
fn thirty_two_k_typed_in_a_token_box_is_32_768() {
    assert_eq!(CTX.parse("32k"), Ok(32_768.0));
    assert_eq!(CTX.parse("128K"), Ok(131_072.0));
    assert_eq!(IN_TOKENS.parse("1.5k"), Ok(1_536.0));
    assert_eq!(CTX.parse("1M"), Ok(1_048_576.0));
    assert_eq!(OUT_TOKENS.parse("2k"), Ok(2_048.0));
    assert_eq!(SEQ.parse("4k"), Ok(4_096.0));
    assert_eq!(CTX.parse("3万"), Ok(30_000.0));
    assert_eq!(CTX.parse("８ｋ"), Ok(8_192.0));
    assert_eq!(USERS.parse("2k"), Ok(2_000.0));
}

/// Llama 3.1 70B in bf16 on RTX 4090s: the page offered 16 cards with tensor parallelism as the
/// way out (the inference view's 8 sequences of 8,192 tokens; on 16 GB RTX 4080s the serving
/// view's one request too), two machines' worth of GeForce cards without NVLink. The way out now
/// stays within one machine (8 cards), and the serving view's ways include a smaller format, as
/// the inference view's do.
#[test]
fn ways_out_stay_within_one_machine_and_serving_offers_a_format() {
    let mut issues = Vec::new();
    let (s, _, _) = from_pairs(
        &pairs("model=llama-3.1-70b&gpu=rtx-4090&weights=bf16"),
        &mut issues,
    );
    let m = validate(s.memory.clone()).unwrap();
    let w = inference_ways(&m, &gpuplan::calc::memory::inference::report(&m));
    println!(
        "inference, 70B bf16 on 4090s: tp {:?}, format {:?}",
        w.tp, w.format
    );
    assert!(w.tp.is_none_or(|tp| tp <= MACHINE_CARDS), "{:?}", w.tp);
    let r = run(
        "model=llama-3.1-70b&gpu=rtx-4080&weights=bf16&runtime=vllm&in_tokens=1024&out_tokens=256",
    );
    println!("serving, 70B bf16 on 4080s: tp {:?}", r.tp_to_fit);
    assert!(!r.fits && r.tp_to_fit.is_none_or(|tp| tp <= MACHINE_CARDS));
    // Four 4090s do not hold the bf16 weights; fp8 does.
    let four = run("model=llama-3.1-70b&gpu=rtx-4090&tp=4&weights=bf16&runtime=vllm&in_tokens=1024&out_tokens=256");
    assert!(!four.fits);
    assert_eq!(four.format_to_fit, Some(WeightType::Fp8));
    assert_eq!(four.tp_to_fit, Some(8));
    // llama.cpp's ways are GGUF types.
    let l = run(
        "model=llama-3.1-70b&gpu=l40s&weights=q8_0&runtime=llamacpp&in_tokens=512&out_tokens=128",
    );
    assert_eq!(l.format_to_fit, Some(WeightType::Q4KM));
}

/// Tensor parallelism beyond one machine's 8 cards, or over PCIe cards without NVLink, is
/// warned: its all-reduces cross the network or PCIe after every layer.
#[test]
fn tensor_parallelism_beyond_a_machine_or_over_pcie_is_warned() {
    let sixteen = run("model=llama-3.1-70b&gpu=h100-sxm&tp=16&weights=bf16&runtime=vllm");
    assert!(sixteen.tp_beyond_machine);
    let pcie = run("model=llama-3.1-70b&gpu=rtx-4090&tp=8&weights=awq&runtime=vllm");
    assert!(pcie.tp_slow_link && !pcie.tp_beyond_machine);
    let nvlink = run("model=llama-3.1-70b&gpu=h100-sxm&tp=8&weights=bf16&runtime=vllm");
    assert!(!nvlink.tp_slow_link && !nvlink.tp_beyond_machine);
    let one = run("model=llama-3.1-8b&gpu=rtx-4090&weights=bf16&runtime=vllm");
    assert!(!one.tp_slow_link);
}

/// llama.cpp's prefill depends on the weight format and the card: F16 runs cuBLAS at a share of
/// the tensor peak, quantised GGUF weights run llama.cpp's own kernels (MMQ), whose rate follows
/// the card's multiprocessors and clock. On a GeForce card (16-bit accumulation at twice the
/// datasheet rate, int8 tensor cores at four times) llama 7B Q4_0 now runs above F16: pp512
/// Q4_0 from the 2025 scoreboard (ggml-org/llama.cpp discussion 15013) over F16 from the
/// 2024-01 tables (ggml-org/llama.cpp#4766): RTX 3090 5,174.69 / 4,184.85 = 1.237, RTX 4090
/// 11,992.70 / 11,048.22 = 1.085. On an A100, whose larger tensor units cuBLAS uses and MMQ
/// cannot, Q4_0 runs far below F16: 4,849.53 (2025) / 8,668.24 (ggml-org/llama.cpp#6017,
/// 2024-03) = 0.559. The page gave 0.80 on every card before (the A100 43% high, the GeForce
/// cards 35% and 26% low); each within 15% now. (Before int8 tensor cores in MMQ, mid-2024,
/// k-quants ran 9-26% below F16 on GeForce too: XiongjieDai/GPU-Benchmarks-on-LLM-Inference,
/// May 2024; the page models the current kernels.)
#[test]
fn llamacpp_quantised_prefill_against_f16_by_card() {
    for (gpu, measured) in [
        ("rtx-3090", 5174.69 / 4184.85),
        ("rtx-4090", 11992.70 / 11048.22),
        ("a100-80gb", 4849.53 / 8668.24),
    ] {
        let rate = |w: &str| {
            let r = run(&format!("model=llama-2-7b&gpu={gpu}&weights={w}&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1"));
            512.0 / r.prefill_s
        };
        let page = rate("q4_0") / rate("fp16");
        println!("{gpu}: Q4_0 / F16 prefill, page {page:.3}, measured {measured:.3}");
        assert!(
            (page / measured - 1.0).abs() <= 0.15,
            "{gpu}: {page} vs {measured}"
        );
    }
}

/// llama.cpp's quantised prefill on data-centre and workstation cards: llama 7B Q4_0 pp512 from
/// the 2025 scoreboard (ggml-org/llama.cpp discussion 15013, builds 5143fa8 and 4795c91), held
/// back (the rate is fitted on the RTX 3090): A100 80 GB 4,849.53, H100 80 GB SXM 9,918.34, RTX
/// A6000 4,913.93. The page gave 7,494 (+55%), 23,756 (+140%) and 3,718 (-24%) before, 0.80 of
/// the F16 rate, which follows the tensor peak; within 20% of each now.
#[test]
fn llamacpp_quantised_prefill_on_datacentre_cards() {
    for (gpu, measured) in [
        ("a100-80gb", 4849.53),
        ("h100-sxm", 9918.34),
        ("rtx-a6000", 4913.93),
    ] {
        let r = run(&format!("model=llama-2-7b&gpu={gpu}&weights=q4_0&runtime=llamacpp&in_tokens=512&out_tokens=1&serve_conc=1"));
        let pp = 512.0 / r.prefill_s;
        println!("{gpu}: Q4_0 pp512 page {pp:.0}, measured {measured}");
        assert!(
            (pp / measured - 1.0).abs() <= 0.20,
            "{gpu}: {pp} vs {measured}"
        );
    }
}
