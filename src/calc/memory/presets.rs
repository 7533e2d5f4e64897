//! Architectures of real open models, each from the `config.json` its publisher ships on the
//! Hugging Face hub (repository named beside each), with the parameter count the publisher
//! states or the model card's safetensors total, against which the derived count is tested.

use super::arch::{Arch, AttentionKind};

pub struct Preset {
    /// Link id (`model=`).
    pub id: &'static str,
    pub name: &'static str,
    /// Where the shape comes from.
    pub source: &'static str,
    /// Published parameter count.
    pub published_params: f64,
    pub arch: fn() -> Arch,
}

fn dense(layers: u64, hidden: u64, heads: u64, kv_heads: u64, vocab: u64, inter: u64) -> Arch {
    Arch {
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim: hidden / heads,
        vocab,
        intermediate: inter,
        ..Arch::default()
    }
}

pub const PRESETS: &[Preset] = &[
    Preset {
        id: "llama-2-7b",
        name: "Llama 2 7B",
        source: "meta-llama/Llama-2-7b-hf config.json",
        published_params: 6_738_415_616.0,
        arch: || dense(32, 4096, 32, 32, 32_000, 11_008),
    },
    Preset {
        id: "llama-3.1-8b",
        name: "Llama 3.1 8B",
        source: "meta-llama/Llama-3.1-8B config.json",
        published_params: 8_030_261_248.0,
        arch: || dense(32, 4096, 32, 8, 128_256, 14_336),
    },
    Preset {
        id: "llama-3.1-70b",
        name: "Llama 3.1 70B",
        source: "meta-llama/Llama-3.1-70B config.json",
        published_params: 70_553_706_496.0,
        arch: || dense(80, 8192, 64, 8, 128_256, 28_672),
    },
    Preset {
        id: "qwen2.5-7b",
        name: "Qwen2.5 7B",
        source: "Qwen/Qwen2.5-7B config.json",
        published_params: 7_615_616_512.0,
        arch: || Arch {
            qkv_bias: true,
            ..dense(28, 3584, 28, 4, 152_064, 18_944)
        },
    },
    Preset {
        id: "qwen2.5-72b",
        name: "Qwen2.5 72B",
        source: "Qwen/Qwen2.5-72B config.json",
        published_params: 72_706_203_648.0,
        arch: || Arch {
            qkv_bias: true,
            ..dense(80, 8192, 64, 8, 152_064, 29_568)
        },
    },
    Preset {
        id: "qwen3-8b",
        name: "Qwen3 8B",
        source: "Qwen/Qwen3-8B config.json",
        published_params: 8_190_735_360.0,
        arch: || Arch {
            qk_norm: true,
            ..dense(36, 4096, 32, 8, 151_936, 12_288)
        },
    },
    Preset {
        id: "mistral-7b",
        name: "Mistral 7B v0.1",
        source: "mistralai/Mistral-7B-v0.1 config.json (sliding_window 4096)",
        published_params: 7_241_732_096.0,
        arch: || Arch {
            attention: AttentionKind::SlidingWindow,
            window: 4096,
            sliding_every: 1,
            ..dense(32, 4096, 32, 8, 32_000, 14_336)
        },
    },
    Preset {
        id: "mixtral-8x7b",
        name: "Mixtral 8x7B",
        source: "mistralai/Mixtral-8x7B-v0.1 config.json",
        published_params: 46_702_792_704.0,
        arch: || Arch {
            experts: 8,
            experts_per_token: 2,
            expert_intermediate: 14_336,
            ..dense(32, 4096, 32, 8, 32_000, 14_336)
        },
    },
    Preset {
        id: "gemma-2-9b",
        name: "Gemma 2 9B",
        source: "google/gemma-2-9b config.json (head_dim 256, sliding_window 4096 on alternate layers)",
        published_params: 9_241_705_984.0,
        arch: || Arch {
            head_dim: 256,
            tied_embeddings: true,
            norms_per_layer: 4,
            attention: AttentionKind::SlidingWindow,
            window: 4096,
            sliding_every: 2,
            ..dense(42, 3584, 16, 8, 256_000, 14_336)
        },
    },
    Preset {
        id: "gemma-3-27b",
        name: "Gemma 3 27B",
        source: "google/gemma-3-27b-it config.json, text_config (head_dim 128, sliding_window 1024, \
                 every sixth layer global); 1,416M embedding + 25,600M other parameters by the \
                 Gemma 3 technical report's Table 1 (its 417M vision encoder not counted)",
        published_params: 27_016e6,
        arch: || Arch {
            head_dim: 128,
            tied_embeddings: true,
            norms_per_layer: 4,
            qk_norm: true,
            attention: AttentionKind::SlidingWindow,
            window: 1024,
            sliding_every: 1,
            global_every: 6,
            ..dense(62, 5376, 32, 16, 262_208, 21_504)
        },
    },
    Preset {
        id: "phi-3-mini",
        name: "Phi-3 mini (4k)",
        source: "microsoft/Phi-3-mini-4k-instruct config.json (sliding_window 2047 on every layer)",
        published_params: 3_821_079_552.0,
        arch: || Arch {
            attention: AttentionKind::SlidingWindow,
            window: 2047,
            sliding_every: 1,
            ..dense(32, 3072, 32, 32, 32_064, 8192)
        },
    },
    Preset {
        id: "deepseek-v3",
        name: "DeepSeek-V3",
        source: "deepseek-ai/DeepSeek-V3 config.json; 671B main model (the 14B multi-token-prediction module left out)",
        published_params: 671e9,
        arch: || Arch {
            layers: 61,
            hidden: 7168,
            heads: 128,
            kv_heads: 128,
            head_dim: 128,
            vocab: 129_280,
            intermediate: 18_432,
            experts: 256,
            experts_per_token: 8,
            shared_experts: 1,
            expert_intermediate: 2048,
            dense_layers: 3,
            attention: AttentionKind::Latent,
            q_lora_rank: 1536,
            kv_lora_rank: 512,
            qk_nope_head_dim: 128,
            qk_rope_head_dim: 64,
            v_head_dim: 128,
            ..Arch::default()
        },
    },
];

/// Whether the preset's own fp8 checkpoint scales its weights in 128 x 128 blocks, so that fp8
/// weights for it mean block-wise fp8 (the serving view's matmul rate): DeepSeek-V3 (and R1,
/// its shape) is published only so (deepseek-ai/DeepSeek-V3 config.json, `quantization_config`:
/// `quant_method` "fp8", `weight_block_size` [128, 128], `activation_scheme` "dynamic"). Other
/// presets' fp8 checkpoints come in per-tensor and per-channel forms as well, so `fp8` keeps
/// the per-tensor rate for them.
pub fn fp8_block_scaled(id: &str) -> bool {
    id == "deepseek-v3"
}

pub fn preset(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}
