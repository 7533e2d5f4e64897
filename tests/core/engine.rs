//! The vLLM engine mode and the checkpoint weight formats (docs/formulas.md, "Inference
//! memory"): named tests against vLLM's published start-up logs and real checkpoints' sizes, and
//! the training reserve.

use crate::common::assert_close;
use gpuplan::calc::choice::Choice;
use gpuplan::calc::memory::dtype::{KvType, WeightType, GROUP_128_BITS};
use gpuplan::calc::memory::inference::inference;
use gpuplan::calc::memory::inputs::MemoryInputs;
use gpuplan::calc::memory::presets::preset;
use gpuplan::calc::memory::training::{training, Method, TrainingInputs};
use gpuplan::calc::memory::vllm::{
    activation_peak, capture_size, captured_graphs, cuda_graph_memory, default_batched_tokens,
    kv_cache_size, request_pages, Engine, VllmPool, BLOCK_SIZE,
};
use gpuplan::calc::units::{Bytes, Ratio, GIB};

use crate::common::vllm_inputs as vllm;

fn pool_of(m: &MemoryInputs) -> VllmPool {
    inference(m)
        .unwrap()
        .vllm
        .expect("engine=vllm reports a pool")
}

/// The guide's rule stays the default: no pool unless `engine=vllm`, and the guide's figures
/// are the same either way.
#[test]
fn engine_defaults_to_the_guide_and_vllm_adds_a_pool_beside_it() {
    let guide = inference(&MemoryInputs::default()).unwrap();
    assert!(guide.vllm.is_none());
    assert_eq!(MemoryInputs::default().inference.engine, Engine::Guide);
    assert_eq!(MemoryInputs::default().inference.gpu_util, Ratio(0.9));
    let mut m = MemoryInputs::default();
    m.inference.engine = Engine::Vllm;
    let r = inference(&m).unwrap();
    assert_eq!(r.required, guide.required);
    assert_eq!(r.max_concurrency, guide.max_concurrency);
    assert!(r.vllm.is_some());
    assert_eq!(Engine::from_id("vllm"), Some(Engine::Vllm));
    assert_eq!(Engine::from_id("guide"), Some(Engine::Guide));
}

/// vLLM v0.6.5, `vllm serve meta-llama/Meta-Llama-3-8B` on one H100 at 0.90
/// (vllm-project/vllm#10511): weights 14.96 GiB, activation peak 1.26 GiB,
/// available_kv_cache_memory 53.29 GiB. The page: 1.15 GiB of peak and 54.5 GiB of pool, 2.2%
/// over (that version captured CUDA graphs after the pool and counted 1.79 GiB of non-torch
/// memory); tolerance 5%.
#[test]
fn vllm_llama_3_8b_on_one_h100_pool_53_29_gib_within_5_percent() {
    let p = pool_of(&vllm("llama-3.1-8b", "h100-sxm", 1, 8192, 256, 0.9));
    assert_close(p.weights.as_gib(), 14.96, 0.01);
    assert_eq!(p.batched_tokens, 8192);
    assert_close(p.activation_peak.as_gib(), 1.26, 0.15);
    let measured = 53.29;
    assert_close(p.pool.as_gib() / measured, 1.0, 0.05);
}

/// vLLM v0.8 on one H100 (79.19 GiB) at 0.90, Llama-2-7B (weights 12.55 GiB), from
/// kubernetes-sigs/gateway-api-inference-extension#550: "the rest of the memory reserved for KV
/// Cache is 56.18GiB", "# cuda blocks: 7191". The page: 57.2 GiB, 1.9% over (that deployment also
/// loads LoRA adapters, which raise the logged peak to 2.38 GiB); tolerance 5%. The blocks follow
/// from the logged pool exactly: 56.18 GiB / (16 tokens x 512 KiB) = 7191.
#[test]
fn vllm_llama_2_7b_on_one_h100_pool_56_18_gib_within_5_percent() {
    let p = pool_of(&vllm("llama-2-7b", "h100-sxm", 1, 4096, 256, 0.9));
    assert_close(p.weights.as_gib(), 12.55, 0.01);
    assert_close(p.pool.as_gib() / 56.18, 1.0, 0.05);
    assert_eq!(p.bytes_per_token.0, 524_288.0);
    let block = BLOCK_SIZE as f64 * p.bytes_per_token.0;
    assert_eq!((56.18 * GIB / block).floor(), 7191.0);
}

/// vLLM's statement of concurrency: blocks over the blocks one request of max_model_len takes,
/// two decimals. Llama-3.1-8B-Instruct on one L40S (vllm-project/vllm#17122): "GPU KV cache size:
/// 158,656 tokens", "Maximum concurrency for 32,768 tokens per request: 4.84x"; Llama-3.1-70B
/// w8a8 on one H100 at 0.98 (vllm-project/vllm#12569): 1381 blocks = 22,096 tokens, "Maximum
/// concurrency for 2048 tokens per request: 10.79x". Both exact, from the logged pool.
#[test]
fn vllm_states_concurrency_as_blocks_over_a_requests_blocks() {
    let at = |id: &str, ctx: u64, tokens: u64| {
        let a = (preset(id).unwrap().arch)();
        let layer = a.kv_elements_per_token_per_layer() * 2.0;
        let s = kv_cache_size(
            &a,
            tokens as f64 * layer * a.layers as f64,
            layer,
            ctx,
            2048,
        );
        (s.tokens, s.max_concurrency)
    };
    let (tokens, conc) = at("llama-3.1-8b", 32_768, 158_656);
    assert_eq!(tokens, 158_656);
    assert_eq!(conc, 4.84);
    let (tokens, conc) = at("llama-3.1-70b", 2048, 1381 * 16);
    assert_eq!(tokens, 22_096);
    assert_eq!(conc, 10.79);
}

/// Where the pool model runs high: Llama-3.1-8B-Instruct on one L40S (vllm-project/vllm#17122,
/// vLLM ~0.8.5) logged 158,656 tokens = 19.37 GiB of pool; the page gives about 24.0 GiB
/// (196,336 tokens), 24% over (27% before the driver's reserve came off the total). The log does
/// not print its activation peak or `max_num_batched_tokens`; the gap is pinned here so a better
/// model shows up as a change (docs/formulas.md says so).
#[test]
fn vllm_llama_3_1_8b_on_one_l40s_runs_24_percent_over_the_logged_158_656_tokens() {
    let p = pool_of(&vllm("llama-3.1-8b", "l40s", 1, 32_768, 256, 0.9));
    assert_eq!(p.batched_tokens, 2048, "vLLM's default below 70 GiB");
    let over = p.tokens as f64 / 158_656.0;
    assert!(over > 1.0 && over < 1.3, "{over}");
}

/// Sliding-window layers in engine mode keep what vLLM's sliding-window spec counts, not the
/// window: the last `window - 1` tokens plus a step's `max_num_batched_tokens`, capped at the
/// context, in pages of 16 plus one (`SlidingWindowSpec.max_memory_usage_bytes`,
/// vllm/v1/kv_cache_interface.py). Gemma-2-9B (42 layers, every other one sliding over 4,096
/// tokens) at 8,192 tokens on one H100 at 0.90: 8192 batched tokens, so each sliding layer
/// takes min(4095 + 8192, 8192) / 16 + 1 = 513 pages against a full layer's 512, and vLLM
/// states about 20x. The issue reports vLLM logging "Maximum concurrency for 8192 tokens per
/// request: 20.60x" for Gemma-2-9B (its card and log not found here); the page gave 26.71x
/// (the window's 256 pages, +30%) and now 19.78x (-4.0%); tolerance 5%. On an A100 (2048 batched
/// tokens) a sliding layer takes 385 pages; Mistral-style models where every layer slides keep
/// the rule too; a model without a window is unchanged.
#[test]
fn vllm_sliding_window_layers_keep_the_window_and_a_step_gemma_2_9b_20_60x() {
    let a = (preset("gemma-2-9b").unwrap().arch)();
    assert_eq!(a.sliding_layers(), 21);
    assert_eq!(request_pages(&a, 8192, 8192), 21.0 * 512.0 + 21.0 * 513.0);
    assert_eq!(request_pages(&a, 8192, 2048), 21.0 * 512.0 + 21.0 * 385.0);
    // A context inside the window: a sliding layer takes one page more than a full one.
    assert_eq!(request_pages(&a, 1000, 2048), 21.0 * 63.0 + 21.0 * 64.0);
    let llama = (preset("llama-3.1-8b").unwrap().arch)();
    assert_eq!(request_pages(&llama, 8192, 8192), 32.0 * 512.0);
    let p = pool_of(&vllm("gemma-2-9b", "h100-sxm", 1, 8192, 256, 0.9));
    assert_eq!(p.batched_tokens, 8192);
    println!("Gemma-2-9B, H100, 8192: {:.2}x", p.max_concurrency);
    assert_close(p.max_concurrency / 20.60, 1.0, 0.05);
    // The statement follows from the pool: blocks over a request's pages, two decimals.
    let blocks = (p.pool.0 / (16.0 * p.bytes_per_token.0)).floor();
    let expected = blocks * a.layers as f64 / request_pages(&a, 8192, 8192);
    assert_close(p.max_concurrency, (expected * 100.0).round() / 100.0, 1e-9);
}

/// Gemma 3 27B in vLLM at its 131,072-token context (8,192 batched tokens): its 52 sliding
/// layers take min(1,023 + 8,192, 131,072) / 16 rounded up, plus one, = 577 pages each against a
/// global layer's 8,192, so a request takes 111,924 pages rather than 62 x 8,192 = 507,904.
#[test]
fn vllm_gemma_3_sliding_layers_take_the_window_and_a_step() {
    let a = (preset("gemma-3-27b").unwrap().arch)();
    assert_eq!(
        request_pages(&a, 131_072, 8192),
        10.0 * 8192.0 + 52.0 * 577.0
    );
    assert_eq!(request_pages(&a, 131_072, 8192), 111_924.0);
}

/// Non-torch memory grows with the cards (NCCL and all-reduce buffers); the activation peak does
/// not divide by them.
#[test]
fn vllm_non_torch_memory_grows_with_tensor_parallelism() {
    let one = pool_of(&vllm("llama-3.1-70b", "h100-sxm", 4, 8192, 256, 0.9));
    let eight = pool_of(&vllm("llama-3.1-70b", "h100-sxm", 8, 8192, 256, 0.9));
    assert!(eight.non_torch.0 > one.non_torch.0);
    // The activation peak is each card's whole (vllm-project/vllm#10511: 1.26 GiB at one card
    // and at two).
    assert_eq!(eight.activation_peak.0, one.activation_peak.0);
    // Four H100s over NVLink: 0.16 GiB and 64 MiB a further card; NCCL's own buffers are set up
    // before vLLM's snapshot and do not come off the pool.
    assert_close(one.non_torch.as_gib(), 0.16 + 3.0 * 0.0625, 1e-9);
    assert_eq!(
        default_batched_tokens("a100-80gb", Bytes::from_gib(80.0)),
        2048
    );
    assert_eq!(
        default_batched_tokens("h100-sxm", Bytes::from_gib(79.65)),
        8192
    );
    let a = (preset("llama-3.1-8b").unwrap().arch)();
    // 8192 x 2 B x (4 x 4096 + 3 x 14336) + 256 x 128256 x 8 B.
    assert_eq!(
        activation_peak(&a, 8192, 256).0,
        8192.0 * 2.0 * (4.0 * 4096.0 + 3.0 * 14336.0) + 256.0 * 128_256.0 * 8.0
    );
}

/// CUDA graph memory grows with the model, the largest captured batch (`min(2 x max_num_seqs,
/// 512)`, no more than a step's tokens) and, over several cards, the all-reduces the graphs
/// hold when NCCL runs them. vLLM's own estimates ("Estimated CUDA graph memory"), each fitting
/// one constant: about 0.11 GiB for five graphs of at most 16 tokens (noonghunna/club-3090#434,
/// #104, #127: `vllm_cuda_graph_estimates_within_0_75_to_1_6_times_five_logs`); Qwen3-8B on one
/// card, "PIECEWISE=51 (largest=512), FULL=35 (largest=256)", 0.52 GiB (LMCache/LMCache#3430);
/// Qwen2.5-72B-Instruct on 4 x L40S, vLLM 0.19, the same graphs, 2.73 GiB (gnosia93/eks-agentic-ai,
/// the vLLM lesson's start-up log; 2.62 GiB actual). Within 5% each (in-sample). The fixed 0.36
/// GiB the page took before was 7.6x short on the 72B.
#[test]
fn vllm_cuda_graph_memory_qwen3_8b_0_52_gib_and_qwen2_5_72b_on_4_cards_2_73_gib() {
    assert_eq!(capture_size(256, 8192), 512);
    assert_eq!(capture_size(1024, 8192), 512);
    assert_eq!(capture_size(128, 2048), 256);
    assert_eq!(capture_size(256, 256), 256);
    assert_eq!(captured_graphs(256, 8192), 51 + 35);
    assert_eq!(captured_graphs(128, 2048), 35 + 19);
    let qwen8 = (preset("qwen3-8b").unwrap().arch)();
    let g8 = cuda_graph_memory(&qwen8, 1, false, 256, 8192).as_gib();
    let qwen72 = (preset("qwen2.5-72b").unwrap().arch)();
    let g72 = cuda_graph_memory(&qwen72, 4, false, 256, 2048).as_gib();
    println!("graphs: Qwen3-8B {g8:.3} GiB (0.52), Qwen2.5-72B on 4 {g72:.3} GiB (2.73)");
    assert_close(g8 / 0.52, 1.0, 0.05);
    assert_close(g72 / 2.73, 1.0, 0.05);
    // One card of the same 72B would hold no all-reduces.
    assert!(cuda_graph_memory(&qwen72, 1, false, 256, 2048).as_gib() < g72 - 0.7);
    // The pool takes it: Qwen2.5-72B on four L40S.
    let p = pool_of(&vllm("qwen2.5-72b", "l40s", 4, 8192, 256, 0.9));
    assert_close(p.cuda_graphs.as_gib(), g72, 1e-9);
}

/// Qwen2.5-72B-Instruct (bf16) on 4 x L40S over PCIe, TP 4, 0.90, `--max-model-len 8192`, vLLM
/// 0.19.0 (gnosia93/eks-agentic-ai, the vLLM lesson's start-up log, g6e.12xlarge): "Model
/// loading took 33.98 GiB", "Available KV cache memory: 5.11 GiB", "GPU KV cache size: 67,024
/// tokens", "Maximum concurrency for 8,192 tokens per request: 8.18x", "Estimated CUDA graph
/// memory: 2.73 GiB". 0.19 did not yet subtract the graphs (its log says so: 0.9616 would keep
/// the same pool once they are), so the page's pool plus its graph term is compared with 5.11
/// GiB: the page 5.08 GiB, -0.6% (5.33 before the activation peak was taken whole on every
/// card), within 10%. Since vLLM 0.21 the pool is 5.11 - 2.73 = 2.38 GiB (the log's own 0.9616
/// to keep it whole); the page 2.37 GiB, -0.4% (2.60 before), within 10%. The
/// statement of tokens and concurrency from the logged pool is exact.
#[test]
fn vllm_qwen2_5_72b_on_4_l40s_pool_5_11_gib_before_graph_profiling() {
    let p = pool_of(&vllm("qwen2.5-72b", "l40s", 4, 8192, 256, 0.9));
    assert_close(p.weights.as_gib(), 33.98, 0.15);
    assert_eq!(p.batched_tokens, 2048);
    let v019 = p.pool.as_gib() + p.cuda_graphs.as_gib();
    let v021 = p.pool.as_gib();
    println!(
        "Qwen2.5-72B 4 x L40S: pool without graphs {v019:.2} GiB (5.11), with {v021:.2} GiB (5.11 - 2.73 = 2.38)"
    );
    assert_close(v019 / 5.11, 1.0, 0.10);
    assert_close(v021 / 2.38, 1.0, 0.10);
    let a = (preset("qwen2.5-72b").unwrap().arch)();
    let layer = a.kv_elements_per_token_per_layer() * 2.0 / a.kv_cache_split(4) as f64;
    let s = kv_cache_size(&a, 67_024.0 * layer * a.layers as f64, layer, 8192, 2048);
    assert_eq!(s.tokens, 67_024);
    assert_eq!(s.max_concurrency, 8.18);
    assert_close(s.pool.as_gib(), 5.11, 0.005);
}

/// Non-torch memory on cards without NVLink: 0.16 GiB and 64 MiB a further card. Logged: 2 x
/// L40S, TP 2, Qwen2.5-32B-Instruct (vllm-project/vllm#15815): "non_torch_memory takes 0.30GiB",
/// the page 0.22 GiB; 4 x A100-PCIE-40GB, TP 4, Qwen2.5-VL-72B, vLLM 0.8.3
/// (vllm-project/vllm#16570): 0.34 to 0.43 GiB on the four ranks, the page 0.35 GiB (the A100
/// 80 GB PCIe's link stands in: a bridge joins two cards at most). Within 0.1 GiB each.
#[test]
fn vllm_non_torch_memory_without_nvlink_within_0_1_gib_of_logs() {
    let l40s = pool_of(&vllm("qwen2.5-72b", "l40s", 2, 8192, 256, 0.9));
    let a100 = pool_of(&vllm("qwen2.5-72b", "a100-pcie-80gb", 4, 8192, 256, 0.9));
    println!(
        "non-torch: 2 x L40S {:.3} GiB (0.30), 4 x A100 PCIe {:.3} GiB (0.34-0.43)",
        l40s.non_torch.as_gib(),
        a100.non_torch.as_gib()
    );
    assert!((l40s.non_torch.as_gib() - 0.30).abs() <= 0.1);
    for logged in [0.34, 0.38, 0.43] {
        assert!((a100.non_torch.as_gib() - logged).abs() <= 0.1);
    }
}

/// DeepSeek-V3 in fp8 on 8 x H200 at 32k: the latent cache is whole on every card, so vLLM's
/// pool holds the same tokens per card as the guide's rule counts sequences per card; and the
/// launch flags to copy.
#[test]
fn vllm_deepseek_v3_fp8_on_8_h200_pool_and_flags() {
    let mut m = vllm("deepseek-v3", "h200", 8, 32_768, 16, 0.9);
    m.inference.weights = WeightType::Fp8;
    let r = inference(&m).unwrap();
    let p = r.vllm.clone().unwrap();
    assert_eq!(
        p.bytes_per_token, r.kv_per_token,
        "latent: the whole cache per card"
    );
    // 20.75x: vLLM fills 90% of the card with no headroom, where the guide keeps 20% and 3 GiB.
    assert!(
        p.max_concurrency > 20.0 && p.max_concurrency < 24.0,
        "{}",
        p.max_concurrency
    );
    assert_eq!(
        p.flags,
        "--gpu-memory-utilization 0.9 --max-model-len 32768 --max-num-seqs 16 --tensor-parallel-size 8 --kv-cache-dtype auto"
    );
    m.inference.kv = KvType::Fp8;
    let p8 = pool_of(&m);
    assert!(p8.flags.ends_with("--kv-cache-dtype fp8"));
    assert!(p8.tokens > p.tokens * 19 / 10);
}

/// Every engine output is finite and a pool is never negative, however little the card holds.
#[test]
fn vllm_pool_is_zero_when_the_weights_do_not_fit() {
    let p = pool_of(&vllm("llama-3.1-70b", "t4", 1, 8192, 256, 0.9));
    assert_eq!(p.pool.0, 0.0);
    assert_eq!(p.tokens, 0);
    assert_eq!(p.max_concurrency, 0.0);
}

/// Llama-3.1-8B as an AWQ 4-bit checkpoint, group 128: 5.73 GB, against about 5.7 GB of
/// safetensors in hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4 (tolerance 0.02 GB on the
/// page's own arithmetic); the guide's plain int4 is 4.0 GB. GPTQ counts the same; an fp8
/// checkpoint 9.08 GB.
#[test]
fn awq_llama_3_1_8b_about_5_7_gb() {
    let a = (preset("llama-3.1-8b").unwrap().arch)();
    let gb = |w: WeightType| a.params().total() * w.bits_per_weight(&a) / 8.0 / 1e9;
    assert_close(gb(WeightType::Awq), 5.73, 0.02);
    assert_close(gb(WeightType::Gptq), 5.73, 0.02);
    assert_close(gb(WeightType::Int4), 4.015, 0.01);
    assert_close(gb(WeightType::Fp8Ckpt), 9.08, 0.02);
    assert_close(gb(WeightType::Fp8), 8.03, 0.01);
    assert_eq!(GROUP_128_BITS, 4.15625);
    for (w, id) in [
        (WeightType::Awq, "awq"),
        (WeightType::Gptq, "gptq"),
        (WeightType::Fp8Ckpt, "fp8-ckpt"),
    ] {
        assert_eq!(w.id(), id);
        assert_eq!(WeightType::from_id(id), Some(w));
    }
}

/// Training's total carries the CUDA context, workspaces and allocator reserve, so 46 GiB of
/// states and activations fits neither an L40S's 44.99 GiB nor its nominal 48 GiB.
#[test]
fn training_total_includes_the_context_workspace_and_allocator_reserve() {
    let m = MemoryInputs {
        gpu: "l40s".into(),
        training: TrainingInputs {
            method: Method::Lora,
            seq: 6656,
            ..Default::default()
        },
        ..Default::default()
    };
    let r = training(&m).unwrap();
    let held = r.states.0 + r.activations.0;
    assert_close(r.reserve.0, 0.75 * GIB + 0.05 * held, 1.0);
    assert_close(r.total.0, held + r.reserve.0, 1.0);
    // A run of 46 GiB held needs 0.75 + 2.3 = 3.05 GiB more: over the nominal 48.
    let need = 46.0 * GIB + gpuplan::calc::memory::training::reserve(46.0 * GIB);
    assert!(need > 48.0 * GIB, "{}", need / GIB);
    assert!(!r.fits);
}

proptest::proptest! {
    /// Every engine output is finite and bounded for any preset, card, split, share and load.
    #[test]
    fn vllm_outputs_are_finite_and_never_negative(
        preset_ix in 0usize..11,
        gpu_ix in 0usize..11,
        tp in proptest::sample::select(vec![1u64, 2, 4, 8]),
        util in 1.0f64..=100.0,
        ctx in 1u64..=10_000_000,
        conc in 1u64..=100_000,
    ) {
        let id = gpuplan::calc::memory::presets::PRESETS[preset_ix % gpuplan::calc::memory::presets::PRESETS.len()].id;
        let card = gpuplan::calc::memory::catalogue::GPUS[gpu_ix % gpuplan::calc::memory::catalogue::GPUS.len()].id;
        let m = vllm(id, card, tp, ctx, conc, util / 100.0);
        if let Ok(r) = inference(&m) {
            let p = r.vllm.unwrap();
            for x in [p.pool.0, p.activation_peak.0, p.non_torch.0, p.budget.0, p.max_concurrency] {
                proptest::prop_assert!(x.is_finite() && x >= 0.0, "{x}");
            }
            proptest::prop_assert!(p.pool.0 <= p.budget.0);
        }
    }
}
