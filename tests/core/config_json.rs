use gpuplan::calc::memory::arch::{ArchError, AttentionKind};
use gpuplan::calc::memory::config_json::{parse, ConfigError};
use gpuplan::calc::memory::presets::preset;

/// A config.json as published, trimmed to the keys that matter plus a few that do not.
fn cfg(model_type: &str, extra: &str) -> String {
    format!(
        r#"{{"model_type": "{model_type}", "torch_dtype": "bfloat16", "rope_theta": 10000.0, {extra}}}"#
    )
}

#[track_caller]
fn same_as_preset(json: &str, id: &str) {
    let got = parse(json).unwrap();
    let want = (preset(id).unwrap().arch)();
    assert_eq!(got.arch.params().total(), want.params().total(), "{id}");
    assert_eq!(
        got.arch.kv_elements_per_token_per_layer(),
        want.kv_elements_per_token_per_layer(),
        "{id}"
    );
    assert_eq!(got.arch.attention, want.attention, "{id}");
    assert!(
        got.not_understood.is_empty(),
        "{id}: {:?}",
        got.not_understood
    );
}

#[test]
fn llama_mistral_and_phi3() {
    same_as_preset(
        &cfg(
            "llama",
            r#""hidden_size": 4096, "intermediate_size": 11008, "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 32, "vocab_size": 32000, "tie_word_embeddings": false"#,
        ),
        "llama-2-7b",
    );
    same_as_preset(
        &cfg(
            "llama",
            r#""hidden_size": 4096, "intermediate_size": 14336, "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8, "vocab_size": 128256, "tie_word_embeddings": false"#,
        ),
        "llama-3.1-8b",
    );
    same_as_preset(
        &cfg(
            "mistral",
            r#""hidden_size": 4096, "intermediate_size": 14336, "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8, "vocab_size": 32000, "sliding_window": 4096"#,
        ),
        "mistral-7b",
    );
    // Phi-3 mini 4k's published config: the preset and the import agree on its window.
    same_as_preset(
        &cfg(
            "phi3",
            r#""hidden_size": 3072, "intermediate_size": 8192, "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 32, "vocab_size": 32064, "sliding_window": 2047"#,
        ),
        "phi-3-mini",
    );
}

#[test]
fn mixtral_and_qwen_families() {
    same_as_preset(
        &cfg(
            "mixtral",
            r#""hidden_size": 4096, "intermediate_size": 14336, "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8, "vocab_size": 32000, "num_local_experts": 8, "num_experts_per_tok": 2, "sliding_window": null"#,
        ),
        "mixtral-8x7b",
    );
    same_as_preset(
        &cfg(
            "qwen2",
            r#""hidden_size": 3584, "intermediate_size": 18944, "num_attention_heads": 28, "num_hidden_layers": 28, "num_key_value_heads": 4, "vocab_size": 152064, "tie_word_embeddings": false, "sliding_window": 131072, "use_sliding_window": false"#,
        ),
        "qwen2.5-7b",
    );
    same_as_preset(
        &cfg(
            "qwen3",
            r#""hidden_size": 4096, "intermediate_size": 12288, "num_attention_heads": 32, "num_hidden_layers": 36, "num_key_value_heads": 8, "head_dim": 128, "vocab_size": 151936, "tie_word_embeddings": false"#,
        ),
        "qwen3-8b",
    );
    let moe = parse(&cfg("qwen2_moe", r#""hidden_size": 2048, "intermediate_size": 5632, "num_attention_heads": 16, "num_hidden_layers": 24, "num_key_value_heads": 16, "vocab_size": 151936, "num_experts": 60, "num_experts_per_tok": 4, "moe_intermediate_size": 1408, "shared_expert_intermediate_size": 5632"#)).unwrap();
    assert_eq!(moe.arch.experts, 60);
    assert_eq!(moe.arch.shared_experts, 4);
    // Qwen1.5-MoE-A2.7B: 14.3B in all.
    let total = moe.arch.params().total() / 1e9;
    assert!((total - 14.3).abs() < 0.2, "{total}");
    let q3 = parse(&cfg("qwen3_moe", r#""hidden_size": 2048, "intermediate_size": 6144, "num_attention_heads": 32, "num_hidden_layers": 48, "num_key_value_heads": 4, "head_dim": 128, "vocab_size": 151936, "num_experts": 128, "num_experts_per_tok": 8, "moe_intermediate_size": 768"#)).unwrap();
    // Qwen3-30B-A3B: 30.5B in all, 3.3B active.
    assert!((q3.arch.params().total() / 1e9 - 30.5).abs() < 0.2);
    assert!((q3.arch.params().active / 1e9 - 3.3).abs() < 0.15);
}

#[test]
fn gemma_families() {
    same_as_preset(
        &cfg(
            "gemma2",
            r#""hidden_size": 3584, "intermediate_size": 14336, "num_attention_heads": 16, "num_hidden_layers": 42, "num_key_value_heads": 8, "head_dim": 256, "vocab_size": 256000, "sliding_window": 4096, "query_pre_attn_scalar": 256"#,
        ),
        "gemma-2-9b",
    );
    let g = parse(&cfg("gemma", r#""hidden_size": 3072, "intermediate_size": 24576, "num_attention_heads": 16, "num_hidden_layers": 28, "num_key_value_heads": 16, "head_dim": 256, "vocab_size": 256000"#)).unwrap();
    // Gemma 7B: 8.54B with tied embeddings.
    assert!(g.arch.tied_embeddings);
    assert!((g.arch.params().total() / 1e9 - 8.54).abs() < 0.03);
}

#[test]
fn deepseek_latent_attention() {
    same_as_preset(
        &cfg(
            "deepseek_v3",
            r#""hidden_size": 7168, "intermediate_size": 18432, "num_attention_heads": 128, "num_hidden_layers": 61, "num_key_value_heads": 128, "vocab_size": 129280, "n_routed_experts": 256, "n_shared_experts": 1, "num_experts_per_tok": 8, "moe_intermediate_size": 2048, "first_k_dense_replace": 3, "q_lora_rank": 1536, "kv_lora_rank": 512, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128, "num_nextn_predict_layers": 1"#,
        ),
        "deepseek-v3",
    );
    let v2 = parse(&cfg("deepseek_v2", r#""hidden_size": 5120, "intermediate_size": 12288, "num_attention_heads": 128, "num_hidden_layers": 60, "vocab_size": 102400, "n_routed_experts": 160, "n_shared_experts": 2, "num_experts_per_tok": 6, "moe_intermediate_size": 1536, "first_k_dense_replace": 1, "q_lora_rank": 1536, "kv_lora_rank": 512, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128"#)).unwrap();
    assert_eq!(v2.arch.attention, AttentionKind::Latent);
    // DeepSeek-V2: 236B in all.
    assert!(
        (v2.arch.params().total() / 1e9 - 236.0).abs() < 1.5,
        "{}",
        v2.arch.params().total() / 1e9
    );
}

#[test]
fn unknown_keys_are_listed_and_bad_input_is_an_error() {
    let r = parse(&cfg("llama", r#""hidden_size": 4096, "intermediate_size": 11008, "num_attention_heads": 32, "num_hidden_layers": 32, "vocab_size": 32000, "my_custom_key": 1"#)).unwrap();
    assert_eq!(r.not_understood, ["my_custom_key"]);
    assert_eq!(r.arch.kv_heads, 32, "kv heads default to attention heads");
    assert!(matches!(parse("{"), Err(ConfigError::Json(_))));
    assert!(matches!(parse("[1,2]"), Err(ConfigError::NotObject)));
    let e = parse(r#"{"model_type": "bert"}"#).unwrap_err();
    assert_eq!(e, ConfigError::UnknownType("bert".into()));
    assert!(
        e.to_string()
            .contains("\"bert\" is not one this page reads"),
        "{e}"
    );
    let e = parse(&cfg("llama", r#""hidden_size": 4096"#)).unwrap_err();
    assert_eq!(e, ConfigError::Missing("num_hidden_layers"));
    let e = parse(&cfg("llama", r#""hidden_size": 4096, "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 5, "vocab_size": 1"#)).unwrap_err();
    assert_eq!(
        e,
        ConfigError::Shape(ArchError::KvHeads {
            kv_heads: 5,
            heads: 32
        })
    );
    assert!(matches!(
        parse(&cfg(
            "llama",
            r#""hidden_size": -4, "num_attention_heads": 32, "num_hidden_layers": 32, "vocab_size": 1"#
        )),
        Err(ConfigError::Missing("hidden_size"))
    ));
}

proptest::proptest! {
    #[test]
    fn any_text_parses_or_errors_without_panic(s in ".{0,300}") {
        let _ = parse(&s);
    }
}

/// A config with huge head counts or latent sizes is refused by key before any arithmetic on them
/// (a rope size near u64::MAX used to overflow `kv_lora_rank + qk_rope_head_dim`).
#[test]
fn huge_sizes_are_refused_not_overflowed() {
    let big = u64::MAX;
    let heads = parse(&cfg("llama", &format!(r#""hidden_size": 4096, "num_attention_heads": {big}, "num_key_value_heads": {big}, "num_hidden_layers": 32, "vocab_size": 32000"#))).unwrap_err();
    assert!(
        matches!(
            heads,
            ConfigError::Shape(ArchError::TooLarge { key: "heads", .. })
        ),
        "{heads:?}"
    );
    let deepseek = |extra: &str| {
        cfg(
            "deepseek_v3",
            &format!(
                r#""hidden_size": 7168, "num_attention_heads": 128, "num_hidden_layers": 61, "vocab_size": 129280, "intermediate_size": 18432, "kv_lora_rank": 512, "qk_nope_head_dim": 128, "v_head_dim": 128, {extra}"#
            ),
        )
    };
    let rope = parse(&deepseek(&format!(r#""qk_rope_head_dim": {big}"#))).unwrap_err();
    assert!(
        matches!(
            rope,
            ConfigError::Shape(ArchError::TooLarge {
                key: "rope_dim",
                ..
            })
        ),
        "{rope:?}"
    );
    let window = parse(&cfg("mistral", &format!(r#""hidden_size": 4096, "num_attention_heads": 32, "num_hidden_layers": 32, "vocab_size": 32000, "sliding_window": {big}"#))).unwrap_err();
    assert!(
        matches!(
            window,
            ConfigError::Shape(ArchError::TooLarge { key: "window", .. })
        ),
        "{window:?}"
    );
}

proptest::proptest! {
    /// Any accepted config, however extreme its sizes, gives finite figures.
    #[test]
    fn accepted_configs_give_finite_figures(
        layers in 1u64..=u64::MAX, heads_pow in 0u32..64, hidden in 1u64..=u64::MAX,
        vocab in 1u64..=u64::MAX, window in 0u64..=u64::MAX,
    ) {
        let heads = 1u64 << heads_pow;
        let json = cfg("mistral", &format!(r#""hidden_size": {hidden}, "num_attention_heads": {heads}, "num_hidden_layers": {layers}, "vocab_size": {vocab}, "intermediate_size": 14336, "sliding_window": {window}"#));
        if let Ok(c) = parse(&json) {
            let p = c.arch.params();
            proptest::prop_assert!(p.total().is_finite() && p.total() > 0.0);
            proptest::prop_assert!(c.arch.kv_elements_per_token_per_layer().is_finite());
            proptest::prop_assert!(c.arch.cached_token_layers(10_000_000).is_finite());
        }
    }
}

/// Gemma 3 nests its language model under `text_config` (Gemma 3 27B's text model, as its
/// config.json ships it): read from there, with five sliding layers to every global one, the
/// pattern Hugging Face's `Gemma3TextConfig` defaults to when the file does not state it.
#[test]
fn gemma3_reads_its_nested_text_config_and_its_five_to_one_pattern() {
    let json = r#"{"architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3",
        "text_config": {"model_type": "gemma3_text", "hidden_size": 5376, "intermediate_size": 21504,
        "num_attention_heads": 32, "num_hidden_layers": 62, "num_key_value_heads": 16,
        "head_dim": 128, "vocab_size": 262208, "sliding_window": 1024, "query_pre_attn_scalar": 168},
        "vision_config": {"hidden_size": 1152}, "mm_tokens_per_image": 256}"#;
    let got = parse(json).unwrap();
    assert_eq!(got.model_type, "gemma3_text");
    assert_eq!(got.arch.layers, 62);
    assert_eq!(got.arch.kv_heads, 16);
    assert!(got.arch.tied_embeddings && got.arch.qk_norm);
    assert_eq!(got.arch.attention, AttentionKind::SlidingWindow);
    assert_eq!((got.arch.window, got.arch.global_every), (1024, 6));
    // Layers 6, 12, ..., 60 (from one) are global: ten of 62.
    assert_eq!(got.arch.sliding_layers(), 52);
    assert!(!got.arch.layer_slides(5) && got.arch.layer_slides(6) && got.arch.layer_slides(61));
    assert!(got.not_understood.is_empty(), "{:?}", got.not_understood);
    same_as_preset(json, "gemma-3-27b");
    // 27.0 B in the text model (embeddings 1.41 B + 62 layers of 0.413 B).
    let b = got.arch.params().total() / 1e9;
    assert!((26.8..27.3).contains(&b), "{b}");
    // A pattern the file states is the one used (Gemma 3 1B's config has 6 too; 4 here).
    let four = json.replace(
        r#""sliding_window": 1024,"#,
        r#""sliding_window": 1024, "sliding_window_pattern": 4,"#,
    );
    let got = parse(&four).unwrap();
    assert_eq!(got.arch.global_every, 4);
    assert_eq!(got.arch.sliding_layers(), 62 - 15);
}

/// Newer configs list each layer's kind (`layer_types`). A list that one of the two rules
/// reproduces is read as that rule; one that neither does is read as full attention, the upper
/// bound, and named as not understood; a list of full layers only changes nothing.
#[test]
fn layer_types_are_read_when_a_rule_reproduces_them() {
    let list = |kinds: &[&str]| {
        let items: Vec<String> = kinds.iter().map(|k| format!("\"{k}_attention\"")).collect();
        format!("[{}]", items.join(", "))
    };
    let gemma = |types: &str| {
        cfg(
            "gemma3_text",
            &format!(
                r#""hidden_size": 1152, "intermediate_size": 6912, "num_attention_heads": 4, "num_hidden_layers": 6, "num_key_value_heads": 1, "head_dim": 256, "vocab_size": 262144, "sliding_window": 512, "layer_types": {types}"#
            ),
        )
    };
    // Five sliding, one full: every sixth layer global.
    let got = parse(&gemma(&list(&[
        "sliding", "sliding", "sliding", "sliding", "sliding", "full",
    ])))
    .unwrap();
    assert_eq!((got.arch.sliding_every, got.arch.global_every), (1, 6));
    assert!(got.not_understood.is_empty(), "{:?}", got.not_understood);
    // Alternating from the first layer: every other layer slides, as Gemma 2.
    let got = parse(&gemma(&list(&[
        "sliding", "full", "sliding", "full", "sliding", "full",
    ])))
    .unwrap();
    assert_eq!((got.arch.sliding_every, got.arch.global_every), (2, 0));
    assert_eq!(got.arch.sliding_layers(), 3);
    // All sliding.
    let got = parse(&gemma(&list(&["sliding"; 6]))).unwrap();
    assert_eq!((got.arch.sliding_every, got.arch.global_every), (1, 0));
    // No rule gives full, full, sliding, ...: full attention, and the list said.
    let got = parse(&gemma(&list(&[
        "full", "full", "sliding", "sliding", "sliding", "full",
    ])))
    .unwrap();
    assert_eq!(got.arch.attention, AttentionKind::Full);
    assert_eq!(got.arch.sliding_layers(), 0);
    assert_eq!(got.not_understood, ["layer_types"]);
    // Every layer full: nothing slides and nothing is left unread.
    let got = parse(&gemma(&list(&["full"; 6]))).unwrap();
    assert_eq!(got.arch.attention, AttentionKind::Full);
    assert!(got.not_understood.is_empty(), "{:?}", got.not_understood);
    // A list of another length than the layers, or of unknown kinds, is not read.
    let got = parse(&gemma(&list(&["sliding", "full"]))).unwrap();
    assert_eq!(got.arch.attention, AttentionKind::Full);
    assert_eq!(got.not_understood, ["layer_types"]);
    let got = parse(&gemma(r#"["chunked_attention"]"#)).unwrap();
    assert_eq!(got.not_understood, ["layer_types"]);
}

/// Without a model_type the message names what is missing, not an empty type.
#[test]
fn a_config_without_model_type_names_the_missing_keys() {
    assert_eq!(
        parse(r#"{"hidden_size": 4096}"#),
        Err(ConfigError::MissingKeys(vec![
            "model_type",
            "num_hidden_layers",
            "num_attention_heads",
            "vocab_size"
        ]))
    );
}
