//! Numeric input descriptors of the memory views, in link units, shared by the form and checked
//! like link values. Whole-number fields are held as `u64` and exchanged as `f64` here.

use super::arch::Arch;
use super::inference::InferenceInputs;
use super::training::TrainingInputs;
use crate::calc::field::NumField;
use crate::calc::units::{Bytes, Ratio};

#[rustfmt::skip]
pub const INFERENCE: &[NumField<InferenceInputs>] = &[
    NumField { key: "params", min: 0.001, max: 100_000.0, step: 0.1, whole: false, get: |i| i.params_b.unwrap_or(0.0), set: |i, v| i.params_b = Some(v) },
    NumField { key: "ctx", min: 1.0, max: 10_000_000.0, step: 1.0, whole: true, get: |i| i.ctx as f64, set: |i, v| i.ctx = v as u64 },
    NumField { key: "conc", min: 1.0, max: 100_000.0, step: 1.0, whole: true, get: |i| i.conc as f64, set: |i, v| i.conc = v as u64 },
    NumField { key: "tp", min: 1.0, max: 64.0, step: 1.0, whole: true, get: |i| i.tp as f64, set: |i, v| i.tp = v as u64 },
    NumField { key: "overhead_gib", min: 0.0, max: 256.0, step: 0.5, whole: false, get: |i| i.overhead.as_gib(), set: |i, v| i.overhead = Bytes::from_gib(v) },
    NumField { key: "margin", min: 0.0, max: 200.0, step: 1.0, whole: false, get: |i| i.margin.percent(), set: |i, v| i.margin = Ratio::from_percent(v) },
];

#[rustfmt::skip]
pub const TRAINING: &[NumField<TrainingInputs>] = &[
    NumField { key: "seq", min: 1.0, max: 10_000_000.0, step: 1.0, whole: true, get: |t| t.seq as f64, set: |t, v| t.seq = v as u64 },
    NumField { key: "batch", min: 1.0, max: 4096.0, step: 1.0, whole: true, get: |t| t.batch as f64, set: |t, v| t.batch = v as u64 },
    NumField { key: "gpus", min: 1.0, max: 4096.0, step: 1.0, whole: true, get: |t| t.gpus as f64, set: |t, v| t.gpus = v as u64 },
    NumField { key: "frozen_layers", min: 0.0, max: 1000.0, step: 1.0, whole: true, get: |t| t.frozen_layers as f64, set: |t, v| t.frozen_layers = v as u64 },
    NumField { key: "lora_rank", min: 1.0, max: 4096.0, step: 1.0, whole: true, get: |t| t.lora_rank as f64, set: |t, v| t.lora_rank = v as u64 },
];

#[rustfmt::skip]
pub const ARCH: &[NumField<Arch>] = &[
    NumField { key: "layers", min: 1.0, max: 1000.0, step: 1.0, whole: true, get: |a| a.layers as f64, set: |a, v| a.layers = v as u64 },
    NumField { key: "hidden", min: 1.0, max: 1_048_576.0, step: 1.0, whole: true, get: |a| a.hidden as f64, set: |a, v| a.hidden = v as u64 },
    NumField { key: "heads", min: 1.0, max: 4096.0, step: 1.0, whole: true, get: |a| a.heads as f64, set: |a, v| a.heads = v as u64 },
    NumField { key: "kv_heads", min: 1.0, max: 4096.0, step: 1.0, whole: true, get: |a| a.kv_heads as f64, set: |a, v| a.kv_heads = v as u64 },
    NumField { key: "head_dim", min: 1.0, max: 4096.0, step: 1.0, whole: true, get: |a| a.head_dim as f64, set: |a, v| a.head_dim = v as u64 },
    NumField { key: "vocab", min: 1.0, max: 16_777_216.0, step: 1.0, whole: true, get: |a| a.vocab as f64, set: |a, v| a.vocab = v as u64 },
    NumField { key: "intermediate", min: 0.0, max: 1_048_576.0, step: 1.0, whole: true, get: |a| a.intermediate as f64, set: |a, v| a.intermediate = v as u64 },
    NumField { key: "experts", min: 0.0, max: 4096.0, step: 1.0, whole: true, get: |a| a.experts as f64, set: |a, v| a.experts = v as u64 },
    NumField { key: "experts_per_token", min: 0.0, max: 4096.0, step: 1.0, whole: true, get: |a| a.experts_per_token as f64, set: |a, v| a.experts_per_token = v as u64 },
    NumField { key: "expert_intermediate", min: 0.0, max: 1_048_576.0, step: 1.0, whole: true, get: |a| a.expert_intermediate as f64, set: |a, v| a.expert_intermediate = v as u64 },
    NumField { key: "sliding_every", min: 1.0, max: 64.0, step: 1.0, whole: true, get: |a| a.sliding_every as f64, set: |a, v| a.sliding_every = v as u64 },
    NumField { key: "kv_lora_rank", min: 0.0, max: 65_536.0, step: 1.0, whole: true, get: |a| a.kv_lora_rank as f64, set: |a, v| a.kv_lora_rank = v as u64 },
    NumField { key: "rope_dim", min: 0.0, max: 4096.0, step: 1.0, whole: true, get: |a| a.qk_rope_head_dim as f64, set: |a, v| a.qk_rope_head_dim = v as u64 },
    NumField { key: "window", min: 0.0, max: 16_777_216.0, step: 1.0, whole: true, get: |a| a.window as f64, set: |a, v| a.window = v as u64 },
];

pub fn inference_field(key: &str) -> Option<&'static NumField<InferenceInputs>> {
    INFERENCE.iter().find(|f| f.key == key)
}
pub fn training_field(key: &str) -> Option<&'static NumField<TrainingInputs>> {
    TRAINING.iter().find(|f| f.key == key)
}
pub fn arch_field(key: &str) -> Option<&'static NumField<Arch>> {
    ARCH.iter().find(|f| f.key == key)
}
