use crate::common::assert_close;
use gpuplan::calc::choice::Choice;
use gpuplan::calc::memory::arch::{Arch, ArchError, AttentionKind};
use gpuplan::calc::memory::catalogue::{gpu, GPUS};
use gpuplan::calc::memory::dtype::{KvType, WeightType};
use gpuplan::calc::memory::inference::{
    inference, report_with_capacity, InferenceInputs, MAX_CONTEXT,
};
use gpuplan::calc::memory::inputs::{MemoryError, MemoryInputs, ModelSpec};
use gpuplan::calc::memory::presets::{preset, PRESETS};
use gpuplan::calc::memory::training::{
    lora_params, qlora_base_bytes, state_bytes, training, Method, Optimizer, Precision, Recompute,
    TrainingInputs, MAX_GPUS, NF4_BITS,
};
use gpuplan::calc::table::{validate, KeyedError};
use gpuplan::calc::units::{Bytes, GIB, MIB};
use proptest::prelude::*;

/// The defaults with the architecture `arch` and the parameter count derived from it.
fn with_arch(arch: Arch) -> MemoryInputs {
    MemoryInputs {
        model: ModelSpec {
            arch,
            params_b: None,
            ..Default::default()
        },
        ..Default::default()
    }
}

/// The defaults with these inference settings.
fn with_inference(inference: InferenceInputs) -> MemoryInputs {
    MemoryInputs {
        inference,
        ..Default::default()
    }
}

/// The defaults with these training settings.
fn with_training(training: TrainingInputs) -> MemoryInputs {
    MemoryInputs {
        training,
        ..Default::default()
    }
}

#[test]
fn every_preset_matches_its_published_count_within_half_a_percent() {
    for p in PRESETS {
        let a = (p.arch)();
        a.validate().unwrap();
        let n = a.params().total();
        let err = (n - p.published_params).abs() / p.published_params;
        assert!(
            err < 0.005,
            "{}: derived {n}, published {} ({:.3}%)",
            p.id,
            p.published_params,
            err * 100.0
        );
    }
}

/// KV bytes per token in fp16, from each config's layers, KV heads and head size.
#[test]
fn kv_bytes_per_token_of_each_preset() {
    let expected: &[(&str, f64)] = &[
        ("llama-2-7b", 524_288.0),
        ("llama-3.1-8b", 131_072.0),
        ("llama-3.1-70b", 327_680.0),
        ("qwen2.5-7b", 57_344.0),
        ("qwen2.5-72b", 327_680.0),
        ("qwen3-8b", 147_456.0),
        ("mistral-7b", 131_072.0),
        ("mixtral-8x7b", 131_072.0),
        ("gemma-2-9b", 344_064.0),
        ("gemma-3-27b", 507_904.0),
        ("phi-3-mini", 393_216.0),
        ("deepseek-v3", 70_272.0),
    ];
    assert_eq!(expected.len(), PRESETS.len());
    for (id, bytes) in expected {
        let i = with_arch((preset(id).unwrap().arch)());
        let r = inference(&i).unwrap();
        assert_eq!(r.kv_per_token.0, *bytes, "{id}");
    }
}

/// docs/formulas.md, "Inference memory": 7B fp16 = 14 GB; 0.5 MiB per token; 8,192 x 8 = 32 GiB; x 1.2 = 57.6 GiB: 80 GB.
#[test]
fn guide_inference_example_14_gb_half_mib_32_gib_80_gb_card() {
    let r = inference(&MemoryInputs::default()).unwrap();
    assert_eq!(r.weights.0, 14e9);
    assert_eq!(r.kv_per_token.0, 0.5 * MIB);
    assert_eq!(r.kv_cache.0, 32.0 * GIB);
    assert_close(r.weights.as_gib(), 13.04, 0.005);
    assert_close((r.weights.0 + r.kv_cache.0) / 1e9, 48.36, 0.01);
    assert_close(r.required.as_gib(), (14e9 / GIB + 32.0 + 3.0) * 1.2, 1e-9);
    assert_close(r.required.as_gib(), 57.65, 0.01);
    assert_eq!(r.tier_gb, Some(80.0));
    assert!(r.fits);
    // int8 and int4 halve and quarter the weights.
    for (w, gb) in [(WeightType::Int8, 7.0), (WeightType::Int4, 3.5)] {
        let r = inference(&with_inference(InferenceInputs {
            weights: w,
            ..Default::default()
        }))
        .unwrap();
        assert_eq!(r.weights.0, gb * 1e9);
    }
}

#[test]
fn grouped_query_attention_cuts_the_cache_by_its_ratio() {
    let mha = inference(&MemoryInputs::default()).unwrap();
    let gqa = inference(&MemoryInputs {
        model: ModelSpec {
            arch: Arch {
                kv_heads: 4,
                ..Arch::default()
            },
            ..Default::default()
        },
        ..Default::default()
    })
    .unwrap();
    assert_eq!(mha.kv_cache.0 / gqa.kv_cache.0, 8.0);
}

/// Gemma 3 27B at its 128k context: the ten global layers (every sixth) hold every token, the
/// 52 sliding ones 1,024; read as full attention on every layer it would need six times the
/// cache (62 GiB against 10.4 GiB a sequence).
#[test]
fn gemma_3_holds_the_whole_context_in_one_layer_of_six() {
    let gemma = (preset("gemma-3-27b").unwrap().arch)();
    assert_eq!(gemma.sliding_layers(), 52);
    let i = MemoryInputs {
        inference: InferenceInputs {
            ctx: 131_072,
            conc: 1,
            ..Default::default()
        },
        ..with_arch(gemma.clone())
    };
    let r = inference(&i).unwrap();
    let layer = 2.0 * 16.0 * 128.0 * 2.0;
    assert_eq!(
        r.kv_per_sequence.0,
        layer * (10.0 * 131_072.0 + 52.0 * 1024.0)
    );
    assert_close(r.kv_per_sequence.as_gib(), 10.41, 0.005);
    let full = inference(&MemoryInputs {
        model: ModelSpec {
            arch: Arch {
                attention: AttentionKind::Full,
                ..gemma
            },
            ..i.model.clone()
        },
        ..i.clone()
    })
    .unwrap();
    assert_eq!(full.kv_per_sequence.0, layer * 62.0 * 131_072.0);
}

#[test]
fn sliding_window_layers_hold_at_most_the_window() {
    let gemma = (preset("gemma-2-9b").unwrap().arch)();
    let i = MemoryInputs {
        inference: InferenceInputs {
            ctx: 8192,
            conc: 1,
            ..Default::default()
        },
        ..with_arch(gemma)
    };
    let r = inference(&i).unwrap();
    // 21 global layers hold 8,192 tokens, 21 local layers 4,096.
    let layer = 2.0 * 8.0 * 256.0 * 2.0;
    assert_eq!(r.kv_per_sequence.0, layer * (21.0 * 8192.0 + 21.0 * 4096.0));
    let mistral = (preset("mistral-7b").unwrap().arch)();
    let short = MemoryInputs {
        inference: InferenceInputs {
            ctx: 4096,
            conc: 1,
            ..Default::default()
        },
        ..with_arch(mistral.clone())
    };
    let long = MemoryInputs {
        inference: InferenceInputs {
            ctx: 32_768,
            ..short.inference.clone()
        },
        ..short.clone()
    };
    assert_eq!(
        inference(&short).unwrap().kv_cache,
        inference(&long).unwrap().kv_cache
    );
}

#[test]
fn mixture_of_experts_keeps_all_experts_resident() {
    let a = (preset("mixtral-8x7b").unwrap().arch)();
    let p = a.params();
    assert_close(p.active / 1e9, 12.88, 0.05);
    let r = inference(&with_arch(a)).unwrap();
    assert_close(r.weights.0, p.total() * 2.0, 1.0);
}

/// Bits per weight of a GGUF file type over Llama-3.1-8B's tensors.
fn llama_8b_bits(w: WeightType) -> f64 {
    w.bits_per_weight(&(preset("llama-3.1-8b").unwrap().arch)())
}

/// llama.cpp's own table for meta-llama/Llama-3.1-8B (tools/quantize/README.md): bits per
/// weight and file size in GiB. The walk over llama.cpp's rules reproduces each within 0.0005
/// bits per weight and 0.01 GiB.
#[track_caller]
fn matches_llama_cpp_table(w: WeightType, bpw: f64, gib: f64) {
    let bits = llama_8b_bits(w);
    assert_close(bits, bpw, 0.0005);
    let r = inference(&MemoryInputs {
        inference: InferenceInputs {
            weights: w,
            ..Default::default()
        },
        ..with_arch((preset("llama-3.1-8b").unwrap().arch)())
    })
    .unwrap();
    assert_close(r.weights.as_gib(), gib, 0.01);
}

/// Q8_0: every matrix in q8_0, norms in f32 (was 8.5 flat).
#[test]
fn gguf_q8_0_llama_3_1_8b_8_5008_bits() {
    matches_llama_cpp_table(WeightType::Q8_0, 8.5008, 7.95);
}

/// Q6_K: every matrix in q6_k, norms in f32 (was 6.5625 flat).
#[test]
fn gguf_q6_k_llama_3_1_8b_6_5633_bits() {
    matches_llama_cpp_table(WeightType::Q6K, 6.5633, 6.14);
}

/// Q5_K_M: q6_k attn_v and ffn_down in the "more bits" layers, q6_k head (was 5.7027).
#[test]
fn gguf_q5_k_m_llama_3_1_8b_5_7036_bits() {
    matches_llama_cpp_table(WeightType::Q5KM, 5.7036, 5.33);
}

/// Q4_K_M: the same mix on q4_k (was 4.8935).
#[test]
fn gguf_q4_k_m_llama_3_1_8b_4_8944_bits() {
    matches_llama_cpp_table(WeightType::Q4KM, 4.8944, 4.58);
}

/// Q4_K_S: q5_k attn_v in the first four layers and ffn_down in the first eighth, q6_k head
/// (was 4.5 flat, 3.6% small).
#[test]
fn gguf_q4_k_s_llama_3_1_8b_4_6672_bits() {
    matches_llama_cpp_table(WeightType::Q4KS, 4.6672, 4.36);
}

/// Q2_K: q4_k attn_v (8 query heads per KV head), q3_k ffn_down and attn_output, q6_k head
/// (was 2.625 flat, 17% small).
#[test]
fn gguf_q2_k_llama_3_1_8b_3_1593_bits() {
    matches_llama_cpp_table(WeightType::Q2K, 3.1593, 2.95);
}

/// Q3_K_M (not in llama.cpp's table): its own rule, q5_k attn_v in the first two layers and q4_k
/// after, q5_k ffn_down in the first sixteenth and q4_k after, q4_k attn_output, q6_k head.
/// Was 4.0337 under Q4_K_M's rule.
#[test]
fn gguf_q3_k_m_llama_3_1_8b_3_996_bits() {
    let (h, kv, inner, layers) = (4096.0, 1024.0, 14_336.0, 32.0);
    let (vocab_h, total) = (128_256.0 * h, 8_030_261_248.0);
    let norms = 65.0 * h;
    let per_layer_q3 = h * h + h * kv + 2.0 * h * inner; // q, k, gate, up
    let bits = vocab_h * 3.4375 // token embeddings, the base type
        + vocab_h * 6.5625 // output head
        + layers * per_layer_q3 * 3.4375
        + (2.0 * 5.5 + 30.0 * 4.5) * h * kv // attn_v
        + (2.0 * 5.5 + 30.0 * 4.5) * h * inner // ffn_down: 32 / 16 = 2 layers in q5_k
        + layers * h * h * 4.5 // attn_output
        + norms * 32.0;
    assert_close(llama_8b_bits(WeightType::Q3KM), bits / total, 1e-9);
    assert_close(llama_8b_bits(WeightType::Q3KM), 3.996, 0.0005);
}

/// Q4_0 (not in llama.cpp's table): q4_0 everywhere but the output head, which is q6_k
/// (was 4.5 flat, 3% small).
#[test]
fn gguf_q4_0_llama_3_1_8b_4_636_bits() {
    let (vocab_h, total, norms) = (128_256.0 * 4096.0, 8_030_261_248.0, 65.0 * 4096.0);
    let bits = (total - vocab_h - norms) * 4.5 + vocab_h * 6.5625 + norms * 32.0;
    assert_close(llama_8b_bits(WeightType::Q4_0), bits / total, 1e-9);
    assert_close(llama_8b_bits(WeightType::Q4_0), 4.636, 0.0005);
}

/// Q5_0 (not in llama.cpp's table): q5_0 everywhere but the q6_k output head (was 5.5 flat).
#[test]
fn gguf_q5_0_llama_3_1_8b_5_570_bits() {
    let (vocab_h, total, norms) = (128_256.0 * 4096.0, 8_030_261_248.0, 65.0 * 4096.0);
    let bits = (total - vocab_h - norms) * 5.5 + vocab_h * 6.5625 + norms * 32.0;
    assert_close(llama_8b_bits(WeightType::Q5_0), bits / total, 1e-9);
    assert_close(llama_8b_bits(WeightType::Q5_0), 5.570, 0.0005);
}

/// On 70B the Q2_K mix is 2.99 bits, 14% over the pure 2.625 (the issue estimated 12%): q4_k
/// attn_v becomes q5_k in a 70B model, q3_k ffn_down and attn_output, q6_k head.
#[test]
fn gguf_q2_k_llama_3_1_70b_is_14_percent_over_pure_q2_k() {
    let bits = WeightType::Q2K.bits_per_weight(&(preset("llama-3.1-70b").unwrap().arch)());
    assert_close(bits, 2.9898, 0.0005);
    let over = bits / 2.625 - 1.0;
    assert!(
        over > 0.10 && over < 0.14,
        "{bits} bits, {:.1}% over",
        over * 100.0
    );
}

#[test]
fn gguf_plain_formats_keep_the_guide_rule_and_ids_read() {
    let a = Arch::default();
    for (w, bits) in [
        (WeightType::Fp16, 16.0),
        (WeightType::Fp8, 8.0),
        (WeightType::Int8, 8.0),
        (WeightType::Int4, 4.0),
    ] {
        assert_eq!(w.bits_per_weight(&a), bits);
    }
    // Eight experts bump attn_v and attn_k to q8_0 and attn_output to q5_k: more bits than the
    // same mix on a dense model of the same layers.
    let mixtral = (preset("mixtral-8x7b").unwrap().arch)();
    assert!(WeightType::Q4KM.bits_per_weight(&mixtral) > 4.5);
    assert_eq!(WeightType::from_id("Q4_K_M"), Some(WeightType::Q4KM));
}

#[test]
fn tensor_parallel_splits_weights_and_cache_not_overhead() {
    let one = inference(&MemoryInputs::default()).unwrap();
    let two = inference(&with_inference(InferenceInputs {
        tp: 2,
        ..Default::default()
    }))
    .unwrap();
    assert_close(
        two.per_card.0,
        (one.per_card.0 - one.overhead.0) / 2.0 + one.overhead.0,
        1.0,
    );
    assert!(two.max_concurrency > 2 * one.max_concurrency);
}

#[test]
fn max_concurrency_is_the_largest_that_fits() {
    let i = MemoryInputs::default();
    let r = inference(&i).unwrap();
    let at = |c| {
        inference(&with_inference(InferenceInputs {
            conc: c,
            ..i.inference.clone()
        }))
        .unwrap()
    };
    assert!(at(r.max_concurrency).fits);
    assert!(!at(r.max_concurrency + 1).fits);
    let latent = (preset("deepseek-v3").unwrap().arch)();
    let ds = inference(&MemoryInputs {
        gpu: "h200".into(),
        inference: InferenceInputs {
            tp: 8,
            weights: WeightType::Fp8,
            ..Default::default()
        },
        ..with_arch(latent)
    })
    .unwrap();
    assert!(ds.fits, "DeepSeek-V3 in fp8 fits eight H200s");
}

/// docs/formulas.md, "Training memory": 7B full fine-tune, mixed precision AdamW: 16 B a parameter, 112 GB of states.
#[test]
fn guide_training_example_112_gb_does_not_fit_one_80_gb_card() {
    let sb = state_bytes(Optimizer::Adamw, Precision::MixedBf16);
    assert_eq!(sb.total(), 16.0);
    // The guide's "12 B" is the optimiser part: moments and master copy.
    assert_eq!(sb.optimizer + sb.master, 12.0);
    let r = training(&MemoryInputs::default()).unwrap();
    assert_eq!(r.states.0, 112e9);
    assert_eq!(r.weights.0, 14e9);
    assert_eq!(r.states.0 - r.weights.0, 98e9);
    assert!(!r.fits);
    assert!(r.min_gpus.unwrap() >= 2);
}

/// docs/formulas.md, "Training memory": 7B LoRA trains in 24-32 GB with batch and sequence kept small
/// (the total with its reserve).
#[test]
fn guide_lora_7b_within_24_to_32_gb_at_short_sequences() {
    let i = TrainingInputs {
        method: Method::Lora,
        seq: 2048,
        ..Default::default()
    };
    let r = training(&with_training(i.clone())).unwrap();
    assert!(r.trainable < 0.01 * r.params, "adapters are a tiny share");
    // 23.5 GiB of states and activations, 25.4 GiB (27.3 GB) with the CUDA context, workspaces
    // and allocator reserve: inside the guide's 24-32 GB.
    let held = r.states.0 + r.activations.0;
    assert!(
        held / GIB > 16.0 && held / GIB <= 24.0,
        "{} GiB",
        held / GIB
    );
    assert!(
        r.total.as_gb() >= 24.0 && r.total.as_gb() <= 32.0,
        "{} GB",
        r.total.as_gb()
    );
    let short = training(&with_training(TrainingInputs { seq: 512, ..i })).unwrap();
    assert!(short.total.as_gib() < 24.0);
}

#[test]
fn lora_parameters_from_rank_and_targets() {
    let a = Arch::default();
    let qv = lora_params(&a, 8, &["q".into(), "v".into()]);
    assert_eq!(qv, 8.0 * 32.0 * (8192.0 + 8192.0));
    let all: Vec<String> = ["q", "k", "v", "o", "gate", "up", "down"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        lora_params(&a, 16, &all),
        16.0 * 32.0 * (4.0 * 8192.0 + 3.0 * (4096.0 + 11008.0))
    );
}

#[test]
fn longer_sequences_multiply_activations() {
    let at = |seq, flash| {
        training(&with_training(TrainingInputs {
            seq,
            flash,
            ..Default::default()
        }))
        .unwrap()
        .activations
        .0
    };
    // Linear with memory-efficient attention: 2K -> 8K is x4 (the guide); more without it.
    assert_close(at(8192, true) / at(2048, true), 4.0, 1e-9);
    assert!(at(8192, false) / at(2048, false) > 4.0);
    let full = training(&with_training(TrainingInputs {
        recompute: Recompute::Full,
        ..Default::default()
    }))
    .unwrap();
    assert!(full.activations.0 < at(2048, true) / 5.0);
}

/// QLoRA stores the linear layers in NF4 with double-quantised constants and keeps embeddings,
/// output head and norms in 16-bit (bitsandbytes quantises nn.Linear only; transformers leaves
/// the head out): Llama-3.1-8B's base is 5.70 GB, not the 4.14 GB of counting every parameter
/// at 4.127 bits.
#[test]
fn qlora_base_keeps_embeddings_and_head_in_16_bit() {
    assert_close(NF4_BITS, 4.127, 0.0005);
    let arch = (preset("llama-3.1-8b").unwrap().arch)();
    let r = training(&MemoryInputs {
        training: TrainingInputs {
            method: Method::Qlora,
            ..Default::default()
        },
        ..with_arch(arch.clone())
    })
    .unwrap();
    let base = r.frozen_bytes * r.params;
    assert_close(base / 1e9, 5.70, 0.005);
    assert_close(r.params * NF4_BITS / 8.0 / 1e9, 4.14, 0.005);
    let p = arch.params();
    assert_close(
        base,
        (p.attention + p.mlp) * NF4_BITS / 8.0 + (p.embeddings + p.head + p.norms) * 2.0,
        1.0,
    );
    assert_close(qlora_base_bytes(&arch), r.frozen_bytes, 1e-12);
}

proptest! {
    #[test]
    fn inference_memory_never_falls_as_context_or_concurrency_grow(
        ctx in 1u64..200_000, conc in 1u64..256, dctx in 0u64..50_000, dconc in 0u64..64, preset_ix in 0usize..11
    ) {
        let arch = (PRESETS[preset_ix].arch)();
        let i = MemoryInputs {
            inference: InferenceInputs { ctx, conc, ..Default::default() },
            ..with_arch(arch)
        };
        let a = inference(&i).unwrap();
        let b = inference(&MemoryInputs {
            inference: InferenceInputs { ctx: ctx + dctx, conc: conc + dconc, ..i.inference.clone() },
            ..i.clone()
        }).unwrap();
        prop_assert!(b.required.0 >= a.required.0);
        for v in [a.weights, a.kv_cache, a.required, a.per_card] {
            prop_assert!(v.0.is_finite() && v.0 >= 0.0);
        }
    }

    #[test]
    fn more_cards_never_raise_per_card_memory(tp in 1u64..16, more in 1u64..16, gpus in 1u64..64, zero in 0u8..4) {
        // Only card counts that split the heads are accepted (vLLM's rule); compare two of them.
        let at = |tp| inference(&with_inference(InferenceInputs { tp, ..Default::default() }));
        if let (Ok(a), Ok(b)) = (at(tp), at(tp + more)) {
            prop_assert!(b.per_card.0 <= a.per_card.0);
        }
        let t = TrainingInputs { gpus, zero, ..Default::default() };
        let ta = training(&with_training(t.clone())).unwrap();
        let tb = training(&with_training(TrainingInputs { gpus: gpus + 1, ..t })).unwrap();
        prop_assert!(tb.total.0 <= ta.total.0);
    }

    #[test]
    fn fewest_cards_is_the_first_count_that_fits(
        seq in 1u64..65_536, batch in 1u64..64, zero in 0u8..4, m in 0usize..3, preset_ix in 0usize..11
    ) {
        // Checked against the report's own `fits` at that count and one card fewer, so the
        // search is tested by the formula it searches, not by a copy of the search.
        let method = [Method::Full, Method::Lora, Method::Qlora][m];
        let i = TrainingInputs { seq, batch, zero, method, ..Default::default() };
        let base = MemoryInputs { training: i.clone(), ..with_arch((PRESETS[preset_ix].arch)()) };
        let r = training(&base).unwrap();
        let stage = r.min_gpus_stage;
        let at = |gpus| training(&MemoryInputs {
            training: TrainingInputs { gpus, zero: stage, ..i.clone() },
            ..base.clone()
        });
        match r.min_gpus {
            Some(n) => {
                prop_assert!(at(n).unwrap().fits, "{n} cards reported as the fewest but do not fit");
                // Past one machine the count is whole machines: the bookable count below it,
                // one machine fewer (or one card fewer within a machine), does not fit.
                let per = gpuplan::calc::training_time::MACHINE_CARDS;
                prop_assert!(n <= per || n % per == 0, "{n} cards are not whole machines");
                let below = if n > per { n - per } else { n - 1 };
                if below >= 1 {
                    prop_assert!(!at(below).unwrap().fits, "{below} cards fit too");
                }
            }
            None => {
                if let Ok(r) = at(MAX_GPUS) {
                    prop_assert!(!r.fits, "nothing fits, yet {MAX_GPUS} cards do");
                }
            }
        }
    }

    #[test]
    fn training_memory_never_falls_as_batch_or_sequence_grow(
        seq in 1u64..65_536, batch in 1u64..64, flash in any::<bool>(), m in 0usize..3
    ) {
        let method = [Method::Full, Method::Lora, Method::Qlora][m];
        let i = TrainingInputs { seq, batch, flash, method, ..Default::default() };
        let a = training(&with_training(i.clone())).unwrap();
        let b = training(&with_training(TrainingInputs { seq: seq + 1, batch: batch + 1, ..i })).unwrap();
        prop_assert!(b.total.0 >= a.total.0);
        prop_assert!(a.total.0.is_finite() && a.activations.0 > 0.0);
    }
}

#[test]
fn bad_architectures_are_errors() {
    let bad = MemoryInputs {
        model: ModelSpec {
            arch: Arch {
                kv_heads: 5,
                ..Arch::default()
            },
            ..Default::default()
        },
        ..Default::default()
    };
    let e = inference(&bad).unwrap_err();
    assert!(
        matches!(e, MemoryError::Arch(ArchError::KvHeads { kv_heads: 5, .. })),
        "{e:?}"
    );
    assert_eq!(e.key(), "kv_heads");
    let bad = MemoryInputs {
        gpu: "nope".into(),
        ..Default::default()
    };
    assert!(matches!(
        inference(&bad),
        Err(MemoryError::UnknownGpu { .. })
    ));
    let bad = with_training(TrainingInputs {
        lora_targets: vec!["mlp".into()],
        method: Method::Lora,
        ..Default::default()
    });
    assert!(matches!(
        training(&bad),
        Err(MemoryError::UnknownTarget { .. })
    ));
    let _ = Bytes::default();
    let _ = KvType::Fp8.bytes();
}

#[test]
fn frozen_layers_train_fewer_parameters_and_keep_fewer_activations() {
    let all = training(&with_arch(Arch::default())).unwrap();
    let half = training(&MemoryInputs {
        training: TrainingInputs {
            frozen_layers: 16,
            ..Default::default()
        },
        ..with_arch(Arch::default())
    })
    .unwrap();
    let a = Arch::default().params();
    let per_layer = (a.attention + a.mlp + a.norms) / 32.0;
    assert_close(
        half.trainable,
        a.total() - a.embeddings - 16.0 * per_layer,
        1.0,
    );
    assert_close(
        half.params - half.trainable,
        a.embeddings + 16.0 * per_layer,
        1.0,
    );
    assert!(half.activations.0 < all.activations.0);
    assert!(half.total.0 < all.total.0);
    let too_many = with_training(TrainingInputs {
        frozen_layers: 33,
        ..Default::default()
    });
    let e = training(&too_many).unwrap_err();
    assert!(
        matches!(
            e,
            MemoryError::FrozenAboveLayers {
                frozen: 33,
                layers: 32
            }
        ),
        "{e:?}"
    );
    assert_eq!(e.key(), "frozen_layers");
}

/// The inputs of a preset served on `tp` cards of `gpu` at `ctx` tokens.
fn served(id: &str, gpu: &str, tp: u64, ctx: u64, weights: WeightType) -> MemoryInputs {
    MemoryInputs {
        gpu: gpu.into(),
        inference: InferenceInputs {
            tp,
            ctx,
            weights,
            ..Default::default()
        },
        ..with_arch((preset(id).unwrap().arch)())
    }
}

/// Sequences the cards would hold if tensor parallelism divided every cache by the card count
/// (the formula before vLLM's sharding): `((capacity / 1.2 - overhead) x tp - weights) / cache`.
fn split_by_card_count(m: &MemoryInputs, capacity: Bytes) -> u64 {
    let r = inference(m).unwrap();
    let i = &m.inference;
    let usable = (capacity.0 / (1.0 + i.margin.0) - i.overhead.0) * i.tp as f64 - r.weights.0;
    (usable / r.kv_per_sequence.0).floor() as u64
}

/// DeepSeek-V3 in fp8 on 8 x H200 at 32k tokens: vLLM keeps the whole latent cache on every
/// card, so 16 sequences fit where dividing the cache by 8 claimed 135. The KV cache is 16-bit:
/// vLLM's `kv_cache_dtype=auto` follows the model's activation dtype (bf16), not the fp8 weights;
/// an fp8 cache (`kv=fp8`) holds 33.
#[test]
fn tp_deepseek_v3_fp8_on_8_h200_at_32k_holds_16_sequences_not_135() {
    let m = served("deepseek-v3", "h200", 8, 32_768, WeightType::Fp8);
    let r = inference(&m).unwrap();
    assert_eq!(
        r.kv_per_card, r.kv_cache,
        "a latent cache is whole on every card"
    );
    assert_eq!(r.kv_copies, 8);
    assert_close(r.weights_per_card.0, r.weights.0 / 8.0, 1.0);
    assert_eq!(r.max_concurrency, 16);
    // The same at the nominal 141 GiB, the figure; and the old split's 135.
    let nominal = Bytes::from_gib(141.0);
    let at_nominal = report_with_capacity(&validate(m.clone()).unwrap(), nominal);
    assert_eq!(at_nominal.max_concurrency, 16);
    assert_eq!(split_by_card_count(&m, nominal), 135);
    let fp8_cache = MemoryInputs {
        inference: InferenceInputs {
            kv: KvType::Fp8,
            ..m.inference.clone()
        },
        ..m
    };
    assert_eq!(inference(&fp8_cache).unwrap().max_concurrency, 33);
}

/// The second case, Qwen2.5-7B on 8 cards, is one vLLM refuses: 8 does not divide its
/// 28 attention heads. Its arithmetic still shows the replication the issue describes: with 4 KV
/// heads on 8 cards each card keeps a quarter of the cache, so at 32k tokens on cards of the
/// nominal 48 GiB 80 sequences fit where dividing by 8 claimed 161. A servable case of the same
/// replication: Llama-3.1-70B (8 KV heads) on 16 cards keeps each head twice.
#[test]
fn tp_qwen2_5_7b_on_8_cards_is_refused_and_its_kv_heads_would_be_copied_twice() {
    let e = inference(&served("qwen2.5-7b", "l40s", 8, 32_768, WeightType::Bf16)).unwrap_err();
    assert!(
        matches!(
            e,
            MemoryError::TensorParallel {
                tp: 8,
                heads: 28,
                kv_heads: 4
            }
        ),
        "{e:?}"
    );
    // The figures, from the same weights and cache per sequence.
    let r = inference(&served("qwen2.5-7b", "l40s", 4, 32_768, WeightType::Bf16)).unwrap();
    let per_card = Bytes::from_gib(48.0).0 / 1.2 - r.overhead.0;
    let sharded = (per_card - r.weights.0 / 8.0) / (r.kv_per_sequence.0 / 4.0);
    let divided = (per_card * 8.0 - r.weights.0) / r.kv_per_sequence.0;
    assert_eq!((sharded.floor(), divided.floor()), (80.0, 161.0));
    // Llama-3.1-70B on 16 H100s: the cache over 8 cards, each KV head on 2.
    let r = inference(&served(
        "llama-3.1-70b",
        "h100-sxm",
        16,
        32_768,
        WeightType::Bf16,
    ))
    .unwrap();
    assert_close(r.kv_per_card.0, r.kv_cache.0 / 8.0, 1.0);
    assert_eq!(r.kv_copies, 2);
    assert_close(r.weights_per_card.0, r.weights.0 / 16.0, 1.0);
}

/// vLLM refuses a tensor-parallel size that does not divide the attention heads
/// (ModelConfig.verify_with_parallel_config), or that neither divides nor is a multiple of the KV
/// heads (QKVParallelLinear).
#[test]
fn tp_that_does_not_divide_the_heads_is_refused() {
    for (id, tp) in [("qwen2.5-7b", 8), ("llama-2-7b", 3), ("qwen2.5-7b", 3)] {
        let e = inference(&served(id, "h100-sxm", tp, 8192, WeightType::Bf16)).unwrap_err();
        assert!(
            matches!(e, MemoryError::TensorParallel { tp: t, .. } if t == tp),
            "{id} {tp}: {e:?}"
        );
        assert_eq!(e.key(), "tp");
    }
    // 28 heads over 7 cards divide, but 7 cards cannot share 4 KV heads.
    let e = inference(&served("qwen2.5-7b", "h100-sxm", 7, 8192, WeightType::Bf16)).unwrap_err();
    assert!(matches!(e, MemoryError::TensorParallel { .. }), "{e:?}");
    for (id, tp) in [
        ("qwen2.5-7b", 4),
        ("qwen2.5-7b", 28),
        ("deepseek-v3", 8),
        ("llama-3.1-8b", 16),
    ] {
        assert!(
            inference(&served(id, "h100-sxm", tp, 8192, WeightType::Bf16)).is_ok(),
            "{id} {tp}"
        );
    }
}

/// nvidia-smi's memory.total for each card (catalogue sources): ECC GDDR cards expose less.
#[test]
fn usable_memory_as_nvidia_smi_shows_it() {
    let gib = |id: &str| gpu(id).unwrap().capacity().as_gib();
    assert_close(gib("l40s"), 44.99, 0.005);
    assert_close(gib("a10"), 22.49, 0.005);
    assert_close(gib("t4"), 15.0, 1e-12);
    assert_close(gib("h100-sxm"), 79.65, 0.005);
    assert_close(gib("h200"), 140.40, 0.005);
    // The guide's card shows exactly 80 GiB, so its worked examples are unchanged.
    assert_eq!(gib("a100-80gb"), 80.0);
    for g in GPUS {
        let usable = g.capacity().as_gib();
        assert!(usable <= g.vram_gb && usable > 0.9 * g.vram_gb, "{}", g.id);
        assert!(!g.usable_source.is_empty(), "{}", g.id);
    }
}

/// Every fit uses that memory: a training run of 46 GiB does not fit a "48 GB" L40S, and with its
/// reserve would not fit the nominal 48 GiB either.
#[test]
fn fits_use_the_usable_memory() {
    let t = with_training(TrainingInputs {
        method: Method::Lora,
        seq: 6656,
        ..Default::default()
    });
    let on = |gpu: &str| {
        training(&MemoryInputs {
            gpu: gpu.into(),
            ..t.clone()
        })
        .unwrap()
    };
    let l40s = on("l40s");
    assert_close(l40s.capacity.as_gib(), 44.99, 0.005);
    // States and activations of 46 GiB, between the usable 44.99 and the nominal 48; with the
    // CUDA context, workspaces and allocator reserve the total passes 48 too.
    let held = (l40s.states.0 + l40s.activations.0) / GIB;
    assert!(held > 44.99 && held < 48.0, "{held}");
    assert!(l40s.total.as_gib() > 48.0, "{}", l40s.total.as_gib());
    assert!(!l40s.fits);
    let r = inference(&MemoryInputs {
        gpu: "l40s".into(),
        ..Default::default()
    })
    .unwrap();
    assert_close(r.capacity.as_gib(), 44.99, 0.005);
}

/// Korthikanti et al. 2022, per layer s b (17 h + 8 I) bytes for the guide's multi-head shape;
/// with grouped-query attention K and V are stored at kv_heads x head_dim: Llama-3.1-8B stores
/// 2 (4 h + q + 2 kv + o) + h + 8 I per token and layer, not 17 h + 8 I. The logits stay 16-bit
/// with one of the loss's 8 chunks upcast to fp32: 2.5 bytes per vocabulary entry.
#[test]
fn activations_store_k_and_v_at_their_grouped_width() {
    let at = |arch: Arch| {
        training(&MemoryInputs {
            training: TrainingInputs {
                seq: 1,
                ..Default::default()
            },
            ..with_arch(arch)
        })
        .unwrap()
        .activations
        .0
    };
    let guide = Arch::default();
    assert_eq!(
        at(guide.clone()),
        32.0 * (17.0 * 4096.0 + 8.0 * 11_008.0) + 32_000.0 * 2.5
    );
    let llama = (preset("llama-3.1-8b").unwrap().arch)();
    let (h, kv, i) = (4096.0, 1024.0, 14_336.0);
    let per_layer = 2.0 * (4.0 * h + h + 2.0 * kv + h) + h + 8.0 * i;
    assert_eq!(at(llama), 32.0 * per_layer + 128_256.0 * 2.5);
}

/// fp32 training stores every activation in 4 bytes (the 1-byte dropout masks stay 1 byte): the
/// guide's 7B at 2,048 tokens keeps 20.70 GB instead of 10.50 GB. The logits take the
/// activation width plus a fp32 chunk of eight: 2.5 bytes, 4.5 in fp32.
#[test]
fn fp32_training_stores_activations_in_4_bytes() {
    let at = |precision| {
        training(&with_training(TrainingInputs {
            precision,
            ..Default::default()
        }))
        .unwrap()
        .activations
        .0
    };
    let (s, h, i) = (2048.0, 4096.0, 11_008.0);
    assert_eq!(
        at(Precision::MixedBf16),
        32.0 * s * (17.0 * h + 8.0 * i) + s * 32_000.0 * 2.5
    );
    assert_eq!(
        at(Precision::Fp32),
        32.0 * s * (33.0 * h + 16.0 * i) + s * 32_000.0 * 4.5
    );
    assert_close(at(Precision::MixedBf16) / 1e9, 10.50, 0.005);
    assert_close(at(Precision::Fp32) / 1e9, 20.70, 0.005);
}

/// Full recomputation keeps each layer's input (2 s b h) and, at its peak, either the logits (the
/// forward pass's end) or the whole activations of the one layer being recomputed (the backward
/// pass, after the logits' gradient is freed), never both: 0.80 GiB for the guide's 7B at 2,048
/// tokens (1.05 GiB when both were counted).
#[test]
fn full_recomputation_keeps_inputs_and_one_whole_layer() {
    let r = training(&with_training(TrainingInputs {
        recompute: Recompute::Full,
        ..Default::default()
    }))
    .unwrap();
    let (s, h, i) = (2048.0, 4096.0, 11_008.0);
    let one_layer = s * (17.0 * h + 8.0 * i);
    let logits = s * 32_000.0 * 2.5;
    assert!(one_layer > logits);
    assert_eq!(r.activations.0, 32.0 * 2.0 * s * h + one_layer);
    assert_close(r.activations.as_gib(), 0.801, 0.001);
}

/// Mistral 7B slides on every layer, so its cache stops growing at 4,096 tokens and memory never
/// bounds the context: the longest context is capped (it was 2^40 = 1,099,511,627,776 tokens)
/// and flagged. Gemma 2's global layers keep bounding it; the guide's example is unchanged.
#[test]
fn longest_context_is_capped_and_flagged_when_every_layer_slides() {
    let mistral = inference(&with_arch((preset("mistral-7b").unwrap().arch)())).unwrap();
    assert_eq!(mistral.max_context, MAX_CONTEXT);
    assert!(mistral.max_context_capped);
    let phi3 = inference(&with_arch((preset("phi-3-mini").unwrap().arch)())).unwrap();
    assert!(phi3.max_context_capped);
    let gemma = inference(&with_arch((preset("gemma-2-9b").unwrap().arch)())).unwrap();
    assert!(!gemma.max_context_capped && gemma.max_context < MAX_CONTEXT);
    let guide = inference(&MemoryInputs::default()).unwrap();
    assert_eq!(
        (guide.max_context, guide.max_context_capped),
        (12_960, false)
    );
    assert_eq!(guide.max_concurrency, 12);
}

/// An architecture within every field's range.
fn arb_arch() -> impl Strategy<Value = Arch> {
    (
        (
            1u64..=1000,
            1u64..=1_048_576,
            0usize..4,
            1u64..=4096,
            1u64..=16_777_216,
        ),
        (
            0u64..=1_048_576,
            0u64..=4096,
            0u64..=1_048_576,
            0u64..=64,
            0u64..=1000,
        ),
        (
            0usize..3,
            0u64..=16_777_216,
            1u64..=64,
            1u64..=65_536,
            0u64..=4096,
        ),
        any::<bool>(),
    )
        .prop_map(
            |(
                (layers, hidden, heads_pow, head_dim, vocab),
                (intermediate, experts, expert_intermediate, shared, dense),
                (kind, window, sliding_every, kv_rank, rope),
                tied,
            )| {
                let heads = 1u64 << (heads_pow * 4);
                Arch {
                    layers,
                    hidden,
                    heads,
                    kv_heads: heads,
                    head_dim,
                    vocab,
                    intermediate,
                    tied_embeddings: tied,
                    experts,
                    experts_per_token: experts.min(8),
                    expert_intermediate,
                    shared_experts: shared,
                    dense_layers: dense,
                    attention: [
                        AttentionKind::Full,
                        AttentionKind::SlidingWindow,
                        AttentionKind::Latent,
                    ][kind],
                    window,
                    sliding_every,
                    kv_lora_rank: kv_rank,
                    q_lora_rank: kv_rank,
                    qk_nope_head_dim: rope,
                    qk_rope_head_dim: rope,
                    v_head_dim: rope,
                    ..Arch::default()
                }
            },
        )
}

proptest! {
    /// Every output is finite, non-negative and bounded for any accepted input, extreme shapes
    /// included.
    #[test]
    fn every_output_is_finite_for_any_accepted_architecture(
        arch in arb_arch(), w in 0usize..15, ctx in 1u64..=10_000_000, conc in 1u64..=100_000,
        seq in 1u64..=10_000_000, batch in 1u64..=4096, m in 0usize..3, r in 0usize..3,
    ) {
        let i = MemoryInputs {
            inference: InferenceInputs { weights: WeightType::ALL[w], ctx, conc, ..Default::default() },
            training: TrainingInputs {
                seq, batch, method: Method::ALL[m], recompute: Recompute::ALL[r], flash: false,
                ..Default::default()
            },
            ..with_arch(arch)
        };
        if let Ok(r) = inference(&i) {
            for v in [r.weights, r.kv_per_token, r.kv_cache, r.kv_per_card, r.per_card, r.required] {
                prop_assert!(v.0.is_finite() && v.0 >= 0.0, "{:?}", r);
            }
            prop_assert!(r.bits_per_weight.is_finite() && r.bits_per_weight > 0.0);
            prop_assert!(r.max_context <= MAX_CONTEXT && r.max_concurrency <= 1_000_000_000);
        }
        if let Ok(t) = training(&i) {
            for v in [t.states, t.activations, t.total, t.weights] {
                prop_assert!(v.0.is_finite() && v.0 >= 0.0, "{:?}", t);
            }
        }
    }

    /// More cards never split a replicated cache below one KV head's share, and never split a
    /// latent cache at all.
    #[test]
    fn more_cards_never_split_the_cache_below_one_kv_head(preset_ix in 0usize..11, tp in 1u64..=64) {
        let p = &PRESETS[preset_ix];
        let arch = (p.arch)();
        let m = MemoryInputs {
            inference: InferenceInputs { tp, ..Default::default() },
            ..with_arch(arch.clone())
        };
        if let Ok(r) = inference(&m) {
            if arch.attention == AttentionKind::Latent {
                prop_assert_eq!(r.kv_per_card, r.kv_cache);
            } else {
                prop_assert!(r.kv_per_card.0 >= r.kv_cache.0 / arch.kv_heads as f64 - 1e-6);
                prop_assert_eq!(r.kv_copies * arch.kv_cache_split(tp), tp);
            }
            prop_assert!(r.per_card.0 >= r.weights_per_card.0 + r.kv_per_card.0);
        }
    }
}
