//! Reads a Hugging Face `config.json` into an [`Arch`], for the model types whose keys this page
//! knows: llama, mistral, mixtral, qwen2, qwen3, qwen2_moe, qwen3_moe, gemma, gemma2, gemma3, phi3,
//! deepseek_v2 and deepseek_v3. A multimodal config that nests its language model under
//! `text_config` (Gemma 3: `"model_type": "gemma3"` at the top, the text model's sizes below) is
//! read from that nested object; the vision tower is not counted. Which layers slide is read from
//! the family's rule (Mistral and Phi-3: all; Gemma 2: every other, from the first; Gemma 3: all
//! but every `sliding_window_pattern`-th, 6 when absent, as Hugging Face's `Gemma3TextConfig`
//! defaults it) or, where the file lists it, from `layer_types` (one `"sliding_attention"` or
//! `"full_attention"` per layer, as newer Hugging Face configs write it). A `layer_types` list
//! that no "every n-th layer slides" or "every n-th layer is global" rule reproduces is read as
//! full attention, an upper bound on the KV cache, and listed back as not understood. Keys that
//! do not change memory (token ids, rope settings, dropout) are passed over quietly; any other
//! key is listed back as not understood, so nothing is dropped without the reader knowing.

use super::arch::{Arch, AttentionKind};
use crate::calc::json::{self, Value};
use crate::calc::order;
use thiserror::Error;

pub const MODEL_TYPES: &[&str] = &[
    "llama",
    "mistral",
    "mixtral",
    "qwen2",
    "qwen3",
    "qwen2_moe",
    "qwen3_moe",
    "gemma",
    "gemma2",
    "gemma3",
    "gemma3_text",
    "phi3",
    "deepseek_v2",
    "deepseek_v3",
];

/// Keys that carry no information about memory.
const IGNORED: &[&str] = &[
    "architectures",
    "model_type",
    "torch_dtype",
    "transformers_version",
    "bos_token_id",
    "eos_token_id",
    "pad_token_id",
    "rope_theta",
    "rope_scaling",
    "rms_norm_eps",
    "layer_norm_eps",
    "max_position_embeddings",
    "hidden_act",
    "hidden_activation",
    "initializer_range",
    "use_cache",
    "attention_dropout",
    "attention_bias",
    "mlp_bias",
    "pretraining_tp",
    "max_window_layers",
    "use_sliding_window",
    "output_router_logits",
    "router_aux_loss_coef",
    "router_jitter_noise",
    "final_logit_softcapping",
    "attn_logit_softcapping",
    "query_pre_attn_scalar",
    "embd_pdrop",
    "resid_pdrop",
    "original_max_position_embeddings",
    "partial_rotary_factor",
    "auto_map",
    "quantization_config",
    "aux_loss_alpha",
    "ep_size",
    "moe_layer_freq",
    "n_group",
    "topk_group",
    "topk_method",
    "norm_topk_prob",
    "routed_scaling_factor",
    "scoring_func",
    "seq_aux",
    "num_nextn_predict_layers",
    "decoder_sparse_step",
    "mlp_only_layers",
    "cache_implementation",
    "head_dim_original",
    "tokenizer_class",
    "bias",
    "sliding_window",
    "rope_interleave",
];

#[derive(Debug, Clone, PartialEq, Error)]
pub enum ConfigError {
    #[error("config.json: not valid JSON ({0})")]
    Json(json::Error),
    #[error("config.json: expected an object at the top level")]
    NotObject,
    #[error("config.json: model_type {0:?} is not one this page reads (it reads {list})", list = MODEL_TYPES.join(", "))]
    UnknownType(String),
    /// No `model_type` string: the keys an architecture needs that are absent, `model_type` first.
    #[error("config.json: missing {}", .0.join(", "))]
    MissingKeys(Vec<&'static str>),
    #[error("config.json: {0} is missing or not a whole number")]
    Missing(&'static str),
    #[error("config.json: {0}")]
    Shape(#[from] super::arch::ArchError),
}

#[derive(Debug, Clone, PartialEq)]
pub struct ConfigImport {
    pub model_type: String,
    pub arch: Arch,
    /// Keys present that this reader did not use.
    pub not_understood: Vec<String>,
}

struct Reader<'a> {
    /// The top-level object.
    map: &'a Value,
    used: Vec<&'static str>,
}

impl<'a> Reader<'a> {
    fn opt(&mut self, key: &'static str) -> Option<u64> {
        self.used.push(key);
        self.map.get(key).and_then(Value::as_u64)
    }
    fn req(&mut self, key: &'static str) -> Result<u64, ConfigError> {
        self.opt(key).ok_or(ConfigError::Missing(key))
    }
    fn flag(&mut self, key: &'static str) -> Option<bool> {
        self.used.push(key);
        self.map.get(key).and_then(Value::as_bool)
    }
}

pub fn parse(text: &str) -> Result<ConfigImport, ConfigError> {
    let outer = &json::parse(text).map_err(ConfigError::Json)?;
    if outer.as_object().is_none() {
        return Err(ConfigError::NotObject);
    }
    let map = outer;
    // A multimodal config holds its language model under `text_config`; its own model_type
    // (Gemma 3's "gemma3_text") when it names one, the outer one otherwise.
    let nested = map.get("text_config").filter(|v| v.as_object().is_some());
    let map = nested.unwrap_or(map);
    let model_type = map
        .get("model_type")
        .and_then(Value::as_str)
        .or_else(|| nested.and(outer.get("model_type").and_then(Value::as_str)));
    let Some(model_type) = model_type.map(str::to_string) else {
        let mut missing = vec!["model_type"];
        missing.extend(
            [
                "num_hidden_layers",
                "hidden_size",
                "num_attention_heads",
                "vocab_size",
            ]
            .into_iter()
            .filter(|k| map.get(k).and_then(Value::as_u64).is_none()),
        );
        return Err(ConfigError::MissingKeys(missing));
    };
    if !MODEL_TYPES.contains(&model_type.as_str()) {
        return Err(ConfigError::UnknownType(model_type));
    }
    let mut r = Reader {
        map,
        used: Vec::new(),
    };
    let layers = r.req("num_hidden_layers")?;
    let hidden = r.req("hidden_size")?;
    let heads = r.req("num_attention_heads")?;
    let kv_heads = r.opt("num_key_value_heads").unwrap_or(heads);
    let head_dim = match r.opt("head_dim") {
        Some(d) => d,
        None if heads > 0 => hidden / heads,
        None => return Err(ConfigError::Missing("num_attention_heads")),
    };
    let gemma = model_type.starts_with("gemma");
    let gemma3 = model_type.starts_with("gemma3");
    let mut arch = Arch {
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim,
        vocab: r.req("vocab_size")?,
        intermediate: r.opt("intermediate_size").unwrap_or(0),
        tied_embeddings: r.flag("tie_word_embeddings").unwrap_or(gemma),
        qkv_bias: model_type.starts_with("qwen2")
            || map.get("attention_bias").and_then(Value::as_bool) == Some(true),
        qk_norm: model_type.starts_with("qwen3") || gemma3,
        norms_per_layer: if model_type == "gemma2" || gemma3 {
            4
        } else {
            2
        },
        ..Arch::default()
    };
    // Sliding windows: Mistral applies its window to every layer; Gemma 2 to every other; Qwen
    // configs carry a window that is off unless `use_sliding_window` is true.
    let window = map.get("sliding_window").and_then(Value::as_u64);
    let qwen_uses = map.get("use_sliding_window").and_then(Value::as_bool) == Some(true);
    let pattern = r.opt("sliding_window_pattern");
    let listed = layer_types(map);
    let mut unread_types = false;
    if let Some(w) = window {
        let on = match model_type.as_str() {
            "mistral" | "mixtral" | "phi3" => true,
            "gemma2" => true,
            _ if gemma3 => true,
            t if t.starts_with("qwen") => qwen_uses,
            _ => false,
        };
        if on {
            arch.attention = AttentionKind::SlidingWindow;
            arch.window = w;
            (arch.sliding_every, arch.global_every) = match model_type.as_str() {
                "gemma2" => (2, 0),
                _ if gemma3 => (1, pattern.unwrap_or(6)),
                _ => (1, 0),
            };
            if let Some(types) = &listed {
                match rule_for(&arch, types) {
                    Some(rule) => (arch.sliding_every, arch.global_every) = rule,
                    None => {
                        // Every layer full, as listed, or a pattern the two rules cannot state:
                        // read as full attention, the upper bound, and in the second case the
                        // list named as not understood.
                        arch.attention = AttentionKind::Full;
                        arch.window = 0;
                        (arch.sliding_every, arch.global_every) = (1, 0);
                        unread_types = types.iter().any(|slides| *slides);
                    }
                }
            }
        }
    }
    match model_type.as_str() {
        "mixtral" => {
            arch.experts = r.req("num_local_experts")?;
            arch.experts_per_token = r.req("num_experts_per_tok")?;
            arch.expert_intermediate = arch.intermediate;
        }
        "qwen2_moe" | "qwen3_moe" => {
            arch.experts = r.req("num_experts")?;
            arch.experts_per_token = r.req("num_experts_per_tok")?;
            arch.expert_intermediate = r.req("moe_intermediate_size")?;
            // One shared expert of its own size, counted in expert-sized units.
            if let Some(shared) = r.opt("shared_expert_intermediate_size") {
                arch.shared_experts = shared / arch.expert_intermediate.max(1);
            }
        }
        "deepseek_v2" | "deepseek_v3" => {
            arch.experts = r.opt("n_routed_experts").unwrap_or(0);
            arch.experts_per_token = r.opt("num_experts_per_tok").unwrap_or(0);
            arch.shared_experts = r.opt("n_shared_experts").unwrap_or(0);
            arch.expert_intermediate = r.opt("moe_intermediate_size").unwrap_or(0);
            arch.dense_layers = r.opt("first_k_dense_replace").unwrap_or(0);
            arch.attention = AttentionKind::Latent;
            arch.q_lora_rank = r.opt("q_lora_rank").unwrap_or(0);
            arch.kv_lora_rank = r.req("kv_lora_rank")?;
            arch.qk_nope_head_dim = r.req("qk_nope_head_dim")?;
            arch.qk_rope_head_dim = r.req("qk_rope_head_dim")?;
            arch.v_head_dim = r.req("v_head_dim")?;
        }
        _ => {}
    }
    arch.validate()?;
    // Each key once, in sorted order, so the list reads the same however the file orders it.
    let members = map.as_object().unwrap_or_default();
    let mut keys: Vec<&String> = members.iter().map(|(k, _)| k).collect();
    order::sort(&mut keys);
    keys.dedup();
    let mut not_understood = keys
        .into_iter()
        .filter(|k| !IGNORED.contains(&k.as_str()) && !r.used.contains(&k.as_str()))
        .filter(|k| {
            !matches!(
                k.as_str(),
                "num_local_experts"
                    | "num_experts"
                    | "num_experts_per_tok"
                    | "moe_intermediate_size"
                    | "shared_expert_intermediate_size"
                    | "n_routed_experts"
                    | "n_shared_experts"
                    | "first_k_dense_replace"
                    | "q_lora_rank"
                    | "kv_lora_rank"
                    | "qk_nope_head_dim"
                    | "qk_rope_head_dim"
                    | "v_head_dim"
                    | "intermediate_size"
                    | "layer_types"
            )
        })
        .cloned()
        .collect::<Vec<_>>();
    // `layer_types` is read when a window is on and the list follows a rule; otherwise it is
    // not used, and said so unless every layer is full (which is what is assumed anyway).
    let types_unread = match &listed {
        None => map.get("layer_types").is_some(),
        Some(types) => {
            unread_types
                || (arch.attention != AttentionKind::SlidingWindow && types.iter().any(|s| *s))
        }
    };
    if types_unread {
        not_understood.push("layer_types".to_string());
        order::sort(&mut not_understood);
    }
    Ok(ConfigImport {
        model_type,
        arch,
        not_understood,
    })
}

/// `layer_types` as whether each layer slides, when it is a list of the two known kinds.
fn layer_types(map: &Value) -> Option<Vec<bool>> {
    map.get("layer_types")?
        .as_array()?
        .iter()
        .map(|v| match v.as_str()? {
            "sliding_attention" => Some(true),
            "full_attention" => Some(false),
            _ => None,
        })
        .collect()
}

/// The `(sliding_every, global_every)` whose layers slide exactly where `types` says, for a list
/// of one entry per layer; `None` when no such rule exists or the list's length is not the
/// model's.
fn rule_for(arch: &Arch, types: &[bool]) -> Option<(u64, u64)> {
    if types.len() as u64 != arch.layers {
        return None;
    }
    let rules = (1..=64).map(|n| (n, 0)).chain((2..=64).map(|n| (1, n)));
    rules.into_iter().find(|&(sliding_every, global_every)| {
        let a = Arch {
            sliding_every,
            global_every,
            ..arch.clone()
        };
        types
            .iter()
            .enumerate()
            .all(|(l, slides)| a.layer_slides(l as u64) == *slides)
    })
}
