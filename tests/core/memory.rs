use crate::common::assert_close;
use gpuplan::calc::choice::Choice;
use gpuplan::calc::memory::arch::{Arch, ArchError};
use gpuplan::calc::memory::dtype::{KvType, WeightType};
use gpuplan::calc::memory::inference::{inference, InferenceInputs};
use gpuplan::calc::memory::inputs::{MemoryError, MemoryInputs, ModelSpec};
use gpuplan::calc::memory::presets::{preset, PRESETS};
use gpuplan::calc::memory::training::{
    lora_params, state_bytes, training, Method, Optimizer, Precision, Recompute, TrainingInputs,
};
use gpuplan::calc::table::KeyedError;
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

#[test]
fn gguf_sizes_follow_their_block_layouts() {
    let a = Arch::default();
    assert_eq!(WeightType::Q4_0.bits_per_weight(&a), 4.5);
    assert_eq!(WeightType::Q8_0.bits_per_weight(&a), 8.5);
    assert_eq!(WeightType::Q6K.bits_per_weight(&a), 6.5625);
    // The q4_k_m mix of Llama 2 7B: about 4.84 bits, a 4.08 GB file.
    let q4km = WeightType::Q4KM.bits_per_weight(&a);
    assert_close(q4km, 4.84, 0.02);
    let r = inference(&MemoryInputs {
        inference: InferenceInputs {
            weights: WeightType::Q4KM,
            ..Default::default()
        },
        ..with_arch(Arch::default())
    })
    .unwrap();
    assert_close(r.weights.as_gb(), 4.08, 0.03);
    assert!(WeightType::Q5KM.bits_per_weight(&a) > 5.5);
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

/// docs/formulas.md, "Training memory": 7B LoRA trains in 24-32 GB with batch and sequence kept small.
#[test]
fn guide_lora_7b_within_24_to_32_gb_at_short_sequences() {
    let i = TrainingInputs {
        method: Method::Lora,
        seq: 2048,
        ..Default::default()
    };
    let r = training(&with_training(i.clone())).unwrap();
    assert!(r.trainable < 0.01 * r.params, "adapters are a tiny share");
    assert!(
        r.total.as_gib() > 16.0 && r.total.as_gib() <= 24.0,
        "{} GiB",
        r.total.as_gib()
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

#[test]
fn qlora_base_is_four_bit_with_constants() {
    let r = training(&with_training(TrainingInputs {
        method: Method::Qlora,
        ..Default::default()
    }))
    .unwrap();
    assert_close(r.frozen_bytes, 0.515_875, 1e-9);
    assert!(r.weights.as_gb() < 4.0);
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
    fn more_cards_never_raise_per_card_memory(tp in 1u64..16, gpus in 1u64..64, zero in 0u8..4) {
        let a = inference(&with_inference(InferenceInputs { tp, ..Default::default() })).unwrap();
        let b = inference(&with_inference(InferenceInputs { tp: tp + 1, ..Default::default() })).unwrap();
        prop_assert!(b.per_card.0 <= a.per_card.0);
        let t = TrainingInputs { gpus, zero, ..Default::default() };
        let ta = training(&with_training(t.clone())).unwrap();
        let tb = training(&with_training(TrainingInputs { gpus: gpus + 1, ..t })).unwrap();
        prop_assert!(tb.total.0 <= ta.total.0);
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
