//! Link keys of the training and inference views (CONTRACT.md).
//!
//! The model (`model`, `params` and the architecture keys) and the card (`gpu`) are shared by both
//! views, so a link sets them in both. The rule for `params`: given, it is used as typed; absent
//! with `model` or any architecture key, it is derived from the architecture; absent with neither,
//! it is the guide's 7 (its worked example).
//!
//! Reading is here: each key is checked as it is read and the model keys are applied together at
//! the end. Writing, only the keys that differ from the defaults, is in `encode`.

use super::arch::{Arch, AttentionKind};
use super::catalogue::gpu;
use super::dtype::{KvType, WeightType};
use super::inference::InferenceInputs;
use super::presets::preset;
use super::training::{Method, Optimizer, Precision, Recompute, TrainingInputs, LORA_MODULES};
use crate::calc::field::{parse_in, FieldError};
use crate::calc::units::{Bytes, Ratio};

mod encode;
pub use encode::encode;

/// Architecture keys, each with its getter and setter, in link order.
#[allow(clippy::type_complexity)]
pub const ARCH_KEYS: &[(&str, fn(&Arch) -> u64, fn(&mut Arch, u64), u64)] = &[
    ("layers", |a| a.layers, |a, v| a.layers = v, 1000),
    ("hidden", |a| a.hidden, |a, v| a.hidden = v, 1 << 20),
    ("heads", |a| a.heads, |a, v| a.heads = v, 4096),
    ("kv_heads", |a| a.kv_heads, |a, v| a.kv_heads = v, 4096),
    ("head_dim", |a| a.head_dim, |a, v| a.head_dim = v, 4096),
    ("vocab", |a| a.vocab, |a, v| a.vocab = v, 1 << 24),
    (
        "intermediate",
        |a| a.intermediate,
        |a, v| a.intermediate = v,
        1 << 20,
    ),
    ("experts", |a| a.experts, |a, v| a.experts = v, 4096),
    (
        "experts_per_token",
        |a| a.experts_per_token,
        |a, v| a.experts_per_token = v,
        4096,
    ),
    (
        "expert_intermediate",
        |a| a.expert_intermediate,
        |a, v| a.expert_intermediate = v,
        1 << 20,
    ),
    ("window", |a| a.window, |a, v| a.window = v, 1 << 24),
    (
        "sliding_every",
        |a| a.sliding_every,
        |a, v| a.sliding_every = v,
        64,
    ),
];

/// What the memory keys of one link said, applied after all keys are read.
#[derive(Default)]
pub struct MemoryLink {
    model: Option<&'static str>,
    params: Option<f64>,
    arch: Vec<(&'static str, u64)>,
    attention: Option<AttentionKind>,
    tied: Option<bool>,
}

/// A whole number in `min..=max`, read like every other numeric key (see [`parse_in`]).
fn whole(key: &'static str, raw: &str, min: u64, max: u64) -> Result<u64, FieldError> {
    parse_in(key, min as f64, max as f64, true, raw).map(|v| v as u64)
}

fn decimal(key: &'static str, raw: &str, min: f64, max: f64) -> Result<f64, FieldError> {
    parse_in(key, min, max, false, raw)
}

/// A yes/no key: `1` or `0`.
fn flag(key: &'static str, raw: &str) -> Result<bool, FieldError> {
    let v = match raw {
        "1" => Some(true),
        "0" => Some(false),
        _ => None,
    };
    choice(key, raw, "1, 0", v)
}

fn choice<T>(
    key: &'static str,
    raw: &str,
    allowed: &'static str,
    v: Option<T>,
) -> Result<T, FieldError> {
    v.ok_or_else(|| FieldError::NotAChoice {
        key,
        raw: raw.to_string(),
        allowed,
    })
}

impl MemoryLink {
    /// Reads one key; `None` when the key is not a memory key.
    pub fn read(
        &mut self,
        key: &str,
        raw: &str,
        t: &mut TrainingInputs,
        i: &mut InferenceInputs,
    ) -> Option<Result<(), FieldError>> {
        let r =
            match key {
                "model" => preset(raw).map(|p| self.model = Some(p.id)).ok_or_else(|| {
                    FieldError::NotAChoice {
                        key: "model",
                        raw: raw.to_string(),
                        allowed: "a preset id such as llama-3.1-8b",
                    }
                }),
                "params" => decimal("params", raw, 0.001, 100_000.0).map(|v| self.params = Some(v)),
                "attention" => choice(
                    "attention",
                    raw,
                    "full, sliding, latent",
                    match raw {
                        "full" => Some(AttentionKind::Full),
                        "sliding" => Some(AttentionKind::SlidingWindow),
                        "latent" => Some(AttentionKind::Latent),
                        _ => None,
                    },
                )
                .map(|a| self.attention = Some(a)),
                "tied" => flag("tied", raw).map(|v| self.tied = Some(v)),
                "gpu" => choice("gpu", raw, "a catalogue id such as h100-sxm", gpu(raw)).map(|g| {
                    t.gpu = g.id.to_string();
                    i.gpu = g.id.to_string();
                }),
                "method" => choice("method", raw, "full, lora, qlora", Method::from_id(raw))
                    .map(|v| t.method = v),
                "optimizer" => choice(
                    "optimizer",
                    raw,
                    "adamw, adamw8bit, adafactor, sgdm, sgd",
                    Optimizer::from_id(raw),
                )
                .map(|v| t.optimizer = v),
                "precision" => choice(
                    "precision",
                    raw,
                    "mixed-bf16, bf16, fp32",
                    Precision::from_id(raw),
                )
                .map(|v| t.precision = v),
                "recompute" => choice(
                    "recompute",
                    raw,
                    "none, selective, full",
                    Recompute::from_id(raw),
                )
                .map(|v| t.recompute = v),
                "flash" => flag("flash", raw).map(|v| t.flash = v),
                "seq" => whole("seq", raw, 1, 10_000_000).map(|v| t.seq = v),
                "batch" => whole("batch", raw, 1, 4096).map(|v| t.batch = v),
                "gpus" => whole("gpus", raw, 1, 4096).map(|v| t.gpus = v),
                "zero" => whole("zero", raw, 0, 3).map(|v| t.zero = v as u8),
                "lora_rank" => whole("lora_rank", raw, 1, 4096).map(|v| t.lora_rank = v),
                "frozen_layers" => {
                    whole("frozen_layers", raw, 0, 1000).map(|v| t.frozen_layers = v)
                }
                "lora_targets" => parse_targets(raw).map(|v| t.lora_targets = v),
                "weights" => choice(
                    "weights",
                    raw,
                    "fp32, bf16, fp16, fp8, int8, int4, q8_0, q6_k, q5_k_m, q4_k_m, q4_0, ...",
                    WeightType::from_id(raw),
                )
                .map(|v| i.weights = v),
                "kv" => choice("kv", raw, "fp16, bf16, fp8, int8", KvType::from_id(raw))
                    .map(|v| i.kv = v),
                "ctx" => whole("ctx", raw, 1, 10_000_000).map(|v| i.ctx = v),
                "conc" => whole("conc", raw, 1, 100_000).map(|v| i.conc = v),
                "tp" => whole("tp", raw, 1, 64).map(|v| i.tp = v),
                "overhead_gib" => decimal("overhead_gib", raw, 0.0, 256.0)
                    .map(|v| i.overhead = Bytes::from_gib(v)),
                "margin" => {
                    decimal("margin", raw, 0.0, 200.0).map(|v| i.margin = Ratio::from_percent(v))
                }
                _ => match ARCH_KEYS.iter().find(|(k, ..)| *k == key) {
                    Some((k, _, _, max)) => whole(
                        k,
                        raw,
                        if *k == "experts"
                            || *k == "experts_per_token"
                            || *k == "expert_intermediate"
                            || *k == "window"
                        {
                            0
                        } else {
                            1
                        },
                        *max,
                    )
                    .map(|v| self.arch.push((k, v))),
                    None => return None,
                },
            };
        Some(r)
    }

    /// Applies the model keys to both views once every key is read. An architecture that does
    /// not hold together falls back to the preset's (or the default) and is reported.
    pub fn finish(self, t: &mut TrainingInputs, i: &mut InferenceInputs) -> Option<FieldError> {
        let any_arch = !self.arch.is_empty() || self.attention.is_some() || self.tied.is_some();
        let mut arch = self
            .model
            .and_then(preset)
            .map(|p| (p.arch)())
            .unwrap_or_default();
        let head_dim_given = self.arch.iter().any(|(k, _)| *k == "head_dim");
        let given = |key: &str| self.arch.iter().any(|(k, _)| *k == key);
        // Multi-head attention stays so when only the head count changes.
        let mha = arch.kv_heads == arch.heads && given("heads") && !given("kv_heads");
        for (k, v) in &self.arch {
            if let Some((_, _, set, _)) = ARCH_KEYS.iter().find(|(key, ..)| key == k) {
                set(&mut arch, *v);
            }
        }
        if mha {
            arch.kv_heads = arch.heads;
        }
        if !head_dim_given
            && self
                .arch
                .iter()
                .any(|(k, _)| matches!(*k, "hidden" | "heads"))
            && arch.heads > 0
        {
            arch.head_dim = arch.hidden / arch.heads;
        }
        if let Some(a) = self.attention {
            arch.attention = a;
        }
        if let Some(tied) = self.tied {
            arch.tied_embeddings = tied;
        }
        let mut issue = None;
        if let Err(message) = arch.validate() {
            let key = self.arch.first().map(|(k, _)| *k).unwrap_or("layers");
            issue = Some(FieldError::Invalid { key, message });
            arch = self
                .model
                .and_then(preset)
                .map(|p| (p.arch)())
                .unwrap_or_default();
        }
        let params_b = match self.params {
            Some(p) => Some(p),
            None if self.model.is_some() || any_arch => None,
            None => Some(7.0),
        };
        for (model, a, p) in [
            (&mut t.model, &mut t.arch, &mut t.params_b),
            (&mut i.model, &mut i.arch, &mut i.params_b),
        ] {
            *model = self.model.map(str::to_string);
            *a = arch.clone();
            *p = params_b;
        }
        issue
    }
}

fn parse_targets(raw: &str) -> Result<Vec<String>, FieldError> {
    if raw == "all" {
        return Ok(LORA_MODULES.iter().map(|s| s.to_string()).collect());
    }
    let mut out = Vec::new();
    for t in raw.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        if !LORA_MODULES.contains(&t) {
            return Err(FieldError::NotAChoice {
                key: "lora_targets",
                raw: t.to_string(),
                allowed: "q, k, v, o, gate, up, down or all",
            });
        }
        if !out.iter().any(|o: &String| o == t) {
            out.push(t.to_string());
        }
    }
    if out.is_empty() {
        return Err(FieldError::Invalid {
            key: "lora_targets",
            message: "name at least one module".into(),
        });
    }
    Ok(out)
}
