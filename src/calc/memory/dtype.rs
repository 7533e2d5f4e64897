//! Bits per stored element: weight formats (plain and GGUF) and KV-cache element types.
//!
//! GGUF block layouts (ggml's `ggml-common.h`): a block stores quantised values plus its scales,
//! so the true size is the block's bytes over its weights:
//!
//! | type | block | bytes | bits per weight |
//! |---|---|---|---|
//! | q4_0 | 32 | 2 (scale) + 16 | 4.5 |
//! | q4_1 | 32 | 2 + 2 + 16 | 5.0 |
//! | q5_0 | 32 | 2 + 4 + 16 | 5.5 |
//! | q5_1 | 32 | 2 + 2 + 4 + 16 | 6.0 |
//! | q8_0 | 32 | 2 + 32 | 8.5 |
//! | q2_k | 256 | 16 + 64 + 2 + 2 | 2.625 |
//! | q3_k | 256 | 32 + 64 + 12 + 2 | 3.4375 |
//! | q4_k | 256 | 2 + 2 + 12 + 128 | 4.5 |
//! | q5_k | 256 | 2 + 2 + 12 + 32 + 128 | 5.5 |
//! | q6_k | 256 | 128 + 64 + 16 + 2 | 6.5625 |
//!
//! The `_m` mixes (llama.cpp's quantiser) store `attn_v` and `ffn_down` of about half the layers
//! (the first and last eighth, and every third layer between) and the output head in q6_k, the
//! rest in the base type; their size is computed from the architecture's tensors.

use super::arch::Arch;
use serde::{Deserialize, Serialize};

/// How the weights are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeightType {
    Fp32,
    Bf16,
    #[default]
    Fp16,
    Fp8,
    Int8,
    /// Plain 4-bit (the guide's 0.5 B per parameter), scales not counted.
    Int4,
    Q8_0,
    Q6K,
    Q5KM,
    Q5_0,
    Q4KM,
    Q4KS,
    Q4_0,
    Q3KM,
    Q2K,
}

crate::choice_ids!(WeightType {
    Fp32 => "fp32",
    Bf16 => "bf16",
    Fp16 => "fp16",
    Fp8 => "fp8",
    Int8 => "int8",
    Int4 => "int4",
    Q8_0 => "q8_0",
    Q6K => "q6_k",
    Q5KM => "q5_k_m",
    Q5_0 => "q5_0",
    Q4KM => "q4_k_m",
    Q4KS => "q4_k_s",
    Q4_0 => "q4_0",
    Q3KM => "q3_k_m",
    Q2K => "q2_k",
});

const Q6K: f64 = 6.5625;

impl WeightType {
    /// Bits per weight of the block layout, before any mix.
    pub fn block_bits(self) -> f64 {
        match self {
            WeightType::Fp32 => 32.0,
            WeightType::Bf16 | WeightType::Fp16 => 16.0,
            WeightType::Fp8 | WeightType::Int8 => 8.0,
            WeightType::Int4 => 4.0,
            WeightType::Q8_0 => 8.5,
            WeightType::Q6K => Q6K,
            WeightType::Q5KM => 5.5,
            WeightType::Q5_0 => 5.5,
            WeightType::Q4KM | WeightType::Q4KS | WeightType::Q4_0 => 4.5,
            WeightType::Q3KM => 3.4375,
            WeightType::Q2K => 2.625,
        }
    }

    fn is_mix(self) -> bool {
        matches!(self, WeightType::Q5KM | WeightType::Q4KM | WeightType::Q3KM)
    }

    /// Average bits per weight for this architecture (mixes weighted by their tensors).
    pub fn bits_per_weight(self, arch: &Arch) -> f64 {
        let base = self.block_bits();
        if !self.is_mix() {
            return base;
        }
        let p = arch.params();
        let total = p.total();
        if total <= 0.0 {
            return base;
        }
        let n = arch.layers;
        let more_bits = (0..n)
            .filter(|&l| l < n / 8 || l >= 7 * n / 8 || (l - n / 8) % 3 == 2)
            .count() as f64;
        let h = arch.hidden as f64;
        let v_proj = h * arch.kv_heads as f64 * arch.head_dim as f64;
        let down = if arch.is_moe() {
            h * arch.expert_intermediate as f64 * (arch.experts + arch.shared_experts) as f64
        } else {
            h * arch.intermediate as f64
        };
        let head = if arch.tied_embeddings {
            p.embeddings
        } else {
            p.head
        };
        let upgraded = (more_bits * (v_proj + down) + head).min(total);
        (upgraded * Q6K + (total - upgraded) * base) / total
    }
}

/// Element type of the KV cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KvType {
    #[default]
    Fp16,
    Bf16,
    Fp8,
    Int8,
}

crate::choice_ids!(KvType { Fp16 => "fp16", Bf16 => "bf16", Fp8 => "fp8", Int8 => "int8" });

impl KvType {
    pub fn bytes(self) -> f64 {
        match self {
            KvType::Fp16 | KvType::Bf16 => 2.0,
            KvType::Fp8 | KvType::Int8 => 1.0,
        }
    }
}
