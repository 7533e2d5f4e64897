//! The inputs of both memory views, kept once: the model (a preset, its architecture and the
//! parameter count), the card, and each view's own settings. Its field table is the link form of
//! all of them (docs/contract.md).
//!
//! The rule for `params`: given, it is used as typed (empty: derived); absent with `model` or any
//! architecture key, it is derived from the architecture; absent with neither, it is the guide's
//! 7 billion. A link names a preset first and then the architecture keys that change it, so a
//! custom shape based on a preset survives a link; `head_dim` follows `hidden / heads` unless it
//! was given, and a multi-head preset stays multi-head when only `heads` changes.

use super::arch::{Arch, ArchError, AttentionKind};
use super::catalogue::{gpu, Gpu};
use super::dtype::{KvType, WeightType};
use super::presets::preset;
use super::training_choices::{Method, Optimizer, Precision, Recompute, LORA_MODULES};
use crate::calc::field::{link_number, FieldError, NumField, NumSpec, NumberKind, Slider};
use crate::calc::table::{Calculator, ChoiceField, Field, FlagField, KeyedError, TextField};
use crate::calc::units::{Bytes, Ratio};
use crate::{choice_field, flag_field};
use thiserror::Error;

/// How inference memory is counted: the guide's rule (the default) or vLLM's allocator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    #[default]
    Guide,
    Vllm,
}

crate::choice_ids!(Engine { Guide => "guide", Vllm => "vllm" });

/// The model both memory views size.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelSpec {
    /// Preset the architecture came from, if any.
    pub model: Option<String>,
    pub arch: Arch,
    /// Parameters in billions when typed; `None` derives them from `arch`.
    pub params_b: Option<f64>,
}

impl Default for ModelSpec {
    fn default() -> Self {
        ModelSpec {
            model: None,
            arch: Arch::default(),
            params_b: Some(7.0),
        }
    }
}

impl ModelSpec {
    /// Parameters used: typed, else derived.
    pub fn params(&self) -> f64 {
        self.params_b
            .map(|b| b * 1e9)
            .unwrap_or_else(|| self.arch.params().total())
    }

    /// The architecture of the preset named, else the default one.
    pub fn base_arch(&self) -> Arch {
        self.model
            .as_deref()
            .and_then(preset)
            .map(|p| (p.arch)())
            .unwrap_or_default()
    }
}

/// The training view's own settings.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainingInputs {
    pub method: Method,
    pub optimizer: Optimizer,
    pub precision: Precision,
    pub seq: u64,
    pub batch: u64,
    pub recompute: Recompute,
    pub flash: bool,
    /// Targeted modules, from [`LORA_MODULES`].
    pub lora_targets: Vec<String>,
    pub lora_rank: u64,
    pub gpus: u64,
    pub zero: u8,
    /// Leading layers kept frozen in a full fine-tune (with their embeddings); 0: none.
    pub frozen_layers: u64,
    /// Tokens the job trains on (data set tokens x epochs), for its time and cost.
    pub train_tokens: f64,
    /// Share of the card's usable memory a run keeps free beyond its estimate (link key
    /// `train_margin_pct`, a percent): a fit needs `total <= usable x (1 - margin)`.
    pub margin: Ratio,
}

impl Default for TrainingInputs {
    fn default() -> Self {
        TrainingInputs {
            method: Method::Full,
            optimizer: Optimizer::Adamw,
            precision: Precision::MixedBf16,
            seq: 2048,
            batch: 1,
            recompute: Recompute::None,
            flash: true,
            lora_targets: LORA_MODULES.iter().map(|s| s.to_string()).collect(),
            lora_rank: 16,
            gpus: 1,
            zero: 0,
            frozen_layers: 0,
            train_tokens: DEFAULT_TRAIN_TOKENS,
            margin: Ratio(DEFAULT_TRAIN_MARGIN),
        }
    }
}

/// Tokens to train when none are given: 100 million, a LoRA fine-tune's data set of tens of
/// thousands of examples over a few epochs.
pub const DEFAULT_TRAIN_TOKENS: f64 = 100e6;

/// Memory a training run keeps free beyond its estimate when none is given: 10% of the card's
/// usable memory, for what the estimate does not see (the longest batch of a data set of mixed
/// lengths, the caching allocator's fragments beyond its counted reserve, a framework's buffers).
/// An assumption, stated in docs/formulas.md ("Headroom"): the guide keeps 20% for serving (2.3),
/// whose KV cache grows with the load; training's states are fixed and its reserve is counted.
pub const DEFAULT_TRAIN_MARGIN: f64 = 0.10;

/// The inference view's own settings.
#[derive(Debug, Clone, PartialEq)]
pub struct InferenceInputs {
    pub weights: WeightType,
    pub kv: KvType,
    pub ctx: u64,
    pub conc: u64,
    pub overhead: Bytes,
    pub margin: Ratio,
    pub tp: u64,
    /// How memory is counted: the guide's rule, or vLLM's allocator beside it.
    pub engine: Engine,
    /// vLLM's `gpu_memory_utilization` (used with `engine=vllm`).
    pub gpu_util: Ratio,
}

impl Default for InferenceInputs {
    fn default() -> Self {
        InferenceInputs {
            weights: WeightType::Fp16,
            kv: KvType::Fp16,
            ctx: 8192,
            conc: 8,
            overhead: Bytes::from_gib(3.0),
            margin: Ratio(0.2),
            tp: 1,
            engine: Engine::Guide,
            gpu_util: Ratio(0.9),
        }
    }
}

/// Everything the two memory views read.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryInputs {
    pub model: ModelSpec,
    /// Card id in the catalogue.
    pub gpu: String,
    pub training: TrainingInputs,
    pub inference: InferenceInputs,
}

impl Default for MemoryInputs {
    fn default() -> Self {
        MemoryInputs {
            model: ModelSpec::default(),
            gpu: "a100-80gb".into(),
            training: TrainingInputs::default(),
            inference: InferenceInputs::default(),
        }
    }
}

impl MemoryInputs {
    /// The chosen card; a valid input always names one.
    pub fn card(&self) -> Option<&'static Gpu> {
        gpu(&self.gpu)
    }
}

/// What is wrong with the memory inputs.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum MemoryError {
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error(transparent)]
    Arch(#[from] ArchError),
    #[error("model: {id:?} is not a preset; use one such as llama-3.1-8b")]
    UnknownModel { id: String },
    #[error("gpu: {id:?} is not a card in the catalogue; use one such as h100-sxm")]
    UnknownGpu { id: String },
    #[error("lora_targets: {name:?} is not one of q, k, v, o, gate, up, down or all")]
    UnknownTarget { name: String },
    #[error("lora_targets: name at least one module")]
    NoTargets,
    #[error("frozen_layers: {frozen} frozen layers is more than the model's {layers}")]
    FrozenAboveLayers { frozen: u64, layers: u64 },
    #[error("tp: {tp} cards do not share {heads} attention heads and {kv_heads} KV heads evenly; vLLM refuses it (tp must divide the heads, and divide the KV heads or be a multiple of them)")]
    TensorParallel { tp: u64, heads: u64, kv_heads: u64 },
}

impl KeyedError for MemoryError {
    fn kind(&self) -> crate::calc::table::ErrorKind {
        crate::calc::table::ErrorKind::Memory
    }
    fn key(&self) -> &'static str {
        match self {
            MemoryError::Field(e) => e.key(),
            MemoryError::Arch(e) => e.key(),
            MemoryError::UnknownModel { .. } => "model",
            MemoryError::UnknownGpu { .. } => "gpu",
            MemoryError::UnknownTarget { .. } | MemoryError::NoTargets => "lora_targets",
            MemoryError::FrozenAboveLayers { .. } => "frozen_layers",
            MemoryError::TensorParallel { .. } => "tp",
        }
    }
}

type F = NumField<MemoryInputs>;

// Numeric inputs in link units, named so the forms refer to them. Architecture sizes are whole
// numbers held as u64; the ranges keep their products far from overflow.
#[rustfmt::skip]
mod fields {
    use super::*;
    pub const LAYERS: F = NumField { key: "layers", kind: NumberKind::Plain, min: 1.0, max: 1000.0, slider: None, whole: true, get: |m| m.model.arch.layers as f64, set: |m, v| m.model.arch.layers = v as u64 };
    pub const HIDDEN: F = NumField { key: "hidden", kind: NumberKind::Plain, min: 1.0, max: 1_048_576.0, slider: None, whole: true, get: |m| m.model.arch.hidden as f64, set: |m, v| m.model.arch.hidden = v as u64 };
    pub const HEADS: F = NumField { key: "heads", kind: NumberKind::Plain, min: 1.0, max: 4096.0, slider: None, whole: true, get: |m| m.model.arch.heads as f64, set: |m, v| m.model.arch.heads = v as u64 };
    pub const KV_HEADS: F = NumField { key: "kv_heads", kind: NumberKind::Plain, min: 1.0, max: 4096.0, slider: None, whole: true, get: |m| m.model.arch.kv_heads as f64, set: |m, v| m.model.arch.kv_heads = v as u64 };
    pub const HEAD_DIM: F = NumField { key: "head_dim", kind: NumberKind::Plain, min: 1.0, max: 4096.0, slider: None, whole: true, get: |m| m.model.arch.head_dim as f64, set: |m, v| m.model.arch.head_dim = v as u64 };
    pub const VOCAB: F = NumField { key: "vocab", kind: NumberKind::Plain, min: 1.0, max: 16_777_216.0, slider: None, whole: true, get: |m| m.model.arch.vocab as f64, set: |m, v| m.model.arch.vocab = v as u64 };
    pub const INTERMEDIATE: F = NumField { key: "intermediate", kind: NumberKind::Plain, min: 0.0, max: 1_048_576.0, slider: None, whole: true, get: |m| m.model.arch.intermediate as f64, set: |m, v| m.model.arch.intermediate = v as u64 };
    pub const EXPERTS: F = NumField { key: "experts", kind: NumberKind::Plain, min: 0.0, max: 4096.0, slider: None, whole: true, get: |m| m.model.arch.experts as f64, set: |m, v| m.model.arch.experts = v as u64 };
    pub const EXPERTS_PER_TOKEN: F = NumField { key: "experts_per_token", kind: NumberKind::Plain, min: 0.0, max: 4096.0, slider: None, whole: true, get: |m| m.model.arch.experts_per_token as f64, set: |m, v| m.model.arch.experts_per_token = v as u64 };
    pub const SHARED_EXPERTS: F = NumField { key: "shared_experts", kind: NumberKind::Plain, min: 0.0, max: 64.0, slider: None, whole: true, get: |m| m.model.arch.shared_experts as f64, set: |m, v| m.model.arch.shared_experts = v as u64 };
    pub const EXPERT_INTERMEDIATE: F = NumField { key: "expert_intermediate", kind: NumberKind::Plain, min: 0.0, max: 1_048_576.0, slider: None, whole: true, get: |m| m.model.arch.expert_intermediate as f64, set: |m, v| m.model.arch.expert_intermediate = v as u64 };
    pub const DENSE_LAYERS: F = NumField { key: "dense_layers", kind: NumberKind::Plain, min: 0.0, max: 1000.0, slider: None, whole: true, get: |m| m.model.arch.dense_layers as f64, set: |m, v| m.model.arch.dense_layers = v as u64 };
    pub const NORMS_PER_LAYER: F = NumField { key: "norms_per_layer", kind: NumberKind::Plain, min: 0.0, max: 16.0, slider: None, whole: true, get: |m| m.model.arch.norms_per_layer as f64, set: |m, v| m.model.arch.norms_per_layer = v as u64 };
    pub const WINDOW: F = NumField { key: "window", kind: NumberKind::Plain, min: 0.0, max: 16_777_216.0, slider: None, whole: true, get: |m| m.model.arch.window as f64, set: |m, v| m.model.arch.window = v as u64 };
    pub const SLIDING_EVERY: F = NumField { key: "sliding_every", kind: NumberKind::Plain, min: 1.0, max: 64.0, slider: None, whole: true, get: |m| m.model.arch.sliding_every as f64, set: |m, v| m.model.arch.sliding_every = v as u64 };
    pub const GLOBAL_EVERY: F = NumField { key: "global_every", kind: NumberKind::Plain, min: 0.0, max: 64.0, slider: None, whole: true, get: |m| m.model.arch.global_every as f64, set: |m, v| m.model.arch.global_every = v as u64 };
    pub const Q_LORA_RANK: F = NumField { key: "q_lora_rank", kind: NumberKind::Plain, min: 0.0, max: 65_536.0, slider: None, whole: true, get: |m| m.model.arch.q_lora_rank as f64, set: |m, v| m.model.arch.q_lora_rank = v as u64 };
    pub const KV_LORA_RANK: F = NumField { key: "kv_lora_rank", kind: NumberKind::Plain, min: 0.0, max: 65_536.0, slider: None, whole: true, get: |m| m.model.arch.kv_lora_rank as f64, set: |m, v| m.model.arch.kv_lora_rank = v as u64 };
    pub const NOPE_DIM: F = NumField { key: "nope_dim", kind: NumberKind::Plain, min: 0.0, max: 4096.0, slider: None, whole: true, get: |m| m.model.arch.qk_nope_head_dim as f64, set: |m, v| m.model.arch.qk_nope_head_dim = v as u64 };
    pub const ROPE_DIM: F = NumField { key: "rope_dim", kind: NumberKind::Plain, min: 0.0, max: 4096.0, slider: None, whole: true, get: |m| m.model.arch.qk_rope_head_dim as f64, set: |m, v| m.model.arch.qk_rope_head_dim = v as u64 };
    pub const V_HEAD_DIM: F = NumField { key: "v_head_dim", kind: NumberKind::Plain, min: 0.0, max: 4096.0, slider: None, whole: true, get: |m| m.model.arch.v_head_dim as f64, set: |m, v| m.model.arch.v_head_dim = v as u64 };

    pub const SEQ: F = NumField { key: "seq", kind: NumberKind::Tokens, min: 1.0, max: 10_000_000.0, slider: Some(&Slider { min: 128.0, max: 32_768.0, step: 128.0 }), whole: true, get: |m| m.training.seq as f64, set: |m, v| m.training.seq = v as u64 };
    pub const BATCH: F = NumField { key: "batch", kind: NumberKind::Plain, min: 1.0, max: 4096.0, slider: Some(&Slider { min: 1.0, max: 64.0, step: 1.0 }), whole: true, get: |m| m.training.batch as f64, set: |m, v| m.training.batch = v as u64 };
    pub const GPUS: F = NumField { key: "gpus", kind: NumberKind::Plain, min: 1.0, max: 4096.0, slider: None, whole: true, get: |m| m.training.gpus as f64, set: |m, v| m.training.gpus = v as u64 };
    pub const ZERO: F = NumField { key: "zero", kind: NumberKind::Plain, min: 0.0, max: 3.0, slider: None, whole: true, get: |m| m.training.zero as f64, set: |m, v| m.training.zero = v as u8 };
    pub const FROZEN_LAYERS: F = NumField { key: "frozen_layers", kind: NumberKind::Plain, min: 0.0, max: 1000.0, slider: None, whole: true, get: |m| m.training.frozen_layers as f64, set: |m, v| m.training.frozen_layers = v as u64 };
    pub const TRAIN_TOKENS: F = NumField { key: "train_tokens", kind: NumberKind::Plain, min: 1.0, max: 1e15, slider: None, whole: true, get: |m| m.training.train_tokens, set: |m, v| m.training.train_tokens = v };
    /// Headroom a training fit keeps, percent of the card's usable memory.
    pub const TRAIN_MARGIN: F = NumField { key: "train_margin_pct", kind: NumberKind::Percent, min: 0.0, max: 50.0, slider: None, whole: false, get: |m| m.training.margin.percent(), set: |m, v| m.training.margin = Ratio::from_percent(v) };
    pub const LORA_RANK: F = NumField { key: "lora_rank", kind: NumberKind::Plain, min: 1.0, max: 4096.0, slider: None, whole: true, get: |m| m.training.lora_rank as f64, set: |m, v| m.training.lora_rank = v as u64 };

    pub const CTX: F = NumField { key: "ctx", kind: NumberKind::Tokens, min: 1.0, max: 10_000_000.0, slider: Some(&Slider { min: 512.0, max: 131_072.0, step: 512.0 }), whole: true, get: |m| m.inference.ctx as f64, set: |m, v| m.inference.ctx = v as u64 };
    pub const CONC: F = NumField { key: "conc", kind: NumberKind::Plain, min: 1.0, max: 100_000.0, slider: Some(&Slider { min: 1.0, max: 256.0, step: 1.0 }), whole: true, get: |m| m.inference.conc as f64, set: |m, v| m.inference.conc = v as u64 };
    pub const TP: F = NumField { key: "tp", kind: NumberKind::Plain, min: 1.0, max: 64.0, slider: None, whole: true, get: |m| m.inference.tp as f64, set: |m, v| m.inference.tp = v as u64 };
    pub const OVERHEAD_GIB: F = NumField { key: "overhead_gib", kind: NumberKind::Plain, min: 0.0, max: 256.0, slider: None, whole: false, get: |m| m.inference.overhead.as_gib(), set: |m, v| m.inference.overhead = Bytes::from_gib(v) };
    pub const MARGIN: F = NumField { key: "margin", kind: NumberKind::Percent, min: 0.0, max: 200.0, slider: None, whole: false, get: |m| m.inference.margin.percent(), set: |m, v| m.inference.margin = Ratio::from_percent(v) };
    /// vLLM's `gpu_memory_utilization` as a percent (vLLM takes 0 < x <= 1).
    pub const GPU_UTIL: F = NumField { key: "gpu_util", kind: NumberKind::Percent, min: 1.0, max: 100.0, slider: None, whole: false, get: |m| m.inference.gpu_util.percent(), set: |m, v| m.inference.gpu_util = Ratio::from_percent(v) };
}
pub use fields::*;

// The choices and yes/no inputs, named like the numbers so the forms refer to them.
pub const ATTENTION: ChoiceField<MemoryInputs> =
    choice_field!("attention", AttentionKind, model.arch.attention);
pub const TIED: FlagField<MemoryInputs> = flag_field!("tied", model.arch.tied_embeddings);
pub const QKV_BIAS: FlagField<MemoryInputs> = flag_field!("qkv_bias", model.arch.qkv_bias);
pub const QK_NORM: FlagField<MemoryInputs> = flag_field!("qk_norm", model.arch.qk_norm);
pub const METHOD: ChoiceField<MemoryInputs> = choice_field!("method", Method, training.method);
pub const OPTIMIZER: ChoiceField<MemoryInputs> =
    choice_field!("optimizer", Optimizer, training.optimizer);
pub const PRECISION: ChoiceField<MemoryInputs> =
    choice_field!("precision", Precision, training.precision);
pub const RECOMPUTE: ChoiceField<MemoryInputs> =
    choice_field!("recompute", Recompute, training.recompute);
pub const FLASH: FlagField<MemoryInputs> = flag_field!("flash", training.flash);
pub const WEIGHTS: ChoiceField<MemoryInputs> =
    choice_field!("weights", WeightType, inference.weights);
pub const KV: ChoiceField<MemoryInputs> = choice_field!("kv", KvType, inference.kv);
pub const ENGINE: ChoiceField<MemoryInputs> = choice_field!("engine", Engine, inference.engine);

/// Writes the architecture's fields once: [`ARCH`] lists them (the model form's fields, and the
/// keys that make a link derive `params`), and the table holds them between the fields before and
/// after them.
macro_rules! memory_table {
    ([$($before:expr),* $(,)?], [$($arch:expr),* $(,)?], [$($after:expr),* $(,)?] $(,)?) => {
        /// The architecture's fields: the model form lists every one, its sizes in this order
        /// (`tests/layers.rs`, `the_model_form_lists_the_architecture`).
        pub const ARCH: &[Field<MemoryInputs>] = &[$($arch),*];
        const TABLE: &[Field<MemoryInputs>] = &[$($before,)* $($arch,)* $($after),*];
    };
}

memory_table!(
    // The preset first: the architecture keys after it change it.
    [
        Field::Text(TextField {
            key: "model",
            read: |m, raw| {
                // Empty: no preset, the architecture as it stands (a custom shape).
                if raw.trim().is_empty() {
                    m.model.model = None;
                    return Ok(());
                }
                let p = preset(raw.trim()).ok_or_else(|| MemoryError::UnknownModel {
                    id: raw.to_string(),
                })?;
                m.model.model = Some(p.id.to_string());
                m.model.arch = (p.arch)();
                Ok(())
            },
            write: |m| m.model.model.clone().unwrap_or_default(),
        }),
        Field::Text(TextField {
            key: "params",
            read: |m, raw| {
                m.model.params_b = parse_params(raw)?;
                Ok(())
            },
            write: |m| m.model.params_b.map(link_number).unwrap_or_default(),
        }),
    ],
    [
        Field::Num(LAYERS),
        Field::Num(HIDDEN),
        Field::Num(HEADS),
        Field::Num(KV_HEADS),
        Field::Num(HEAD_DIM),
        Field::Num(VOCAB),
        Field::Num(INTERMEDIATE),
        Field::Num(EXPERTS),
        Field::Num(EXPERTS_PER_TOKEN),
        Field::Num(SHARED_EXPERTS),
        Field::Num(EXPERT_INTERMEDIATE),
        Field::Num(DENSE_LAYERS),
        Field::Num(NORMS_PER_LAYER),
        Field::Num(WINDOW),
        Field::Num(SLIDING_EVERY),
        Field::Num(GLOBAL_EVERY),
        Field::Num(Q_LORA_RANK),
        Field::Num(KV_LORA_RANK),
        Field::Num(NOPE_DIM),
        Field::Num(ROPE_DIM),
        Field::Num(V_HEAD_DIM),
        Field::Choice(ATTENTION),
        Field::Flag(TIED),
        Field::Flag(QKV_BIAS),
        Field::Flag(QK_NORM),
    ],
    [
        Field::Text(TextField {
            key: "gpu",
            read: |m, raw| {
                let g = gpu(raw.trim()).ok_or_else(|| MemoryError::UnknownGpu {
                    id: raw.to_string(),
                })?;
                m.gpu = g.id.to_string();
                Ok(())
            },
            write: |m| m.gpu.clone(),
        }),
        Field::Num(FROZEN_LAYERS),
        Field::Choice(METHOD),
        Field::Choice(OPTIMIZER),
        Field::Choice(PRECISION),
        Field::Choice(RECOMPUTE),
        Field::Flag(FLASH),
        Field::Num(SEQ),
        Field::Num(BATCH),
        Field::Num(GPUS),
        Field::Num(ZERO),
        Field::Num(LORA_RANK),
        Field::Num(TRAIN_TOKENS),
        Field::Num(TRAIN_MARGIN),
        Field::Text(TextField {
            key: "lora_targets",
            read: |m, raw| {
                m.training.lora_targets = parse_targets(raw)?;
                Ok(())
            },
            write: |m| m.training.lora_targets.join(","),
        }),
        Field::Choice(WEIGHTS),
        Field::Choice(KV),
        Field::Num(CTX),
        Field::Num(CONC),
        Field::Num(TP),
        Field::Num(OVERHEAD_GIB),
        Field::Num(MARGIN),
        Field::Choice(ENGINE),
        Field::Num(GPU_UTIL),
    ],
);

/// The smallest and largest parameter count a person may type, billions.
pub const PARAMS_RANGE: (f64, f64) = (0.001, 100_000.0);

/// Reads `params`: billions, or empty for "derived from the architecture".
pub fn parse_params(raw: &str) -> Result<Option<f64>, FieldError> {
    if raw.trim().is_empty() {
        return Ok(None);
    }
    NumSpec {
        key: "params",
        min: PARAMS_RANGE.0,
        max: PARAMS_RANGE.1,
        whole: false,
        kind: NumberKind::Plain,
    }
    .parse(raw)
    .map(Some)
}

fn parse_targets(raw: &str) -> Result<Vec<String>, MemoryError> {
    if raw.trim() == "all" {
        return Ok(LORA_MODULES.iter().map(|s| s.to_string()).collect());
    }
    let mut out: Vec<String> = Vec::new();
    for t in raw.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        if !LORA_MODULES.contains(&t) {
            return Err(MemoryError::UnknownTarget {
                name: t.to_string(),
            });
        }
        if !out.iter().any(|o| o == t) {
            out.push(t.to_string());
        }
    }
    if out.is_empty() {
        return Err(MemoryError::NoTargets);
    }
    Ok(out)
}

impl Calculator for MemoryInputs {
    type Error = MemoryError;

    const FIELDS: &'static [Field<Self>] = TABLE;

    fn cross_check(&self) -> Result<(), MemoryError> {
        self.model.arch.validate()?;
        if self.card().is_none() {
            return Err(MemoryError::UnknownGpu {
                id: self.gpu.clone(),
            });
        }
        if self.training.frozen_layers > self.model.arch.layers {
            return Err(MemoryError::FrozenAboveLayers {
                frozen: self.training.frozen_layers,
                layers: self.model.arch.layers,
            });
        }
        // vLLM: attention heads % tp == 0 (ModelConfig.verify_with_parallel_config), and KV heads
        // divided by tp or copied tp / kv_heads times (QKVParallelLinear); a latent cache is one head.
        let (a, tp) = (&self.model.arch, self.inference.tp);
        let kv_ok = a.attention == AttentionKind::Latent
            || a.kv_heads.is_multiple_of(tp)
            || tp.is_multiple_of(a.kv_heads);
        if !a.heads.is_multiple_of(tp) || !kv_ok {
            return Err(MemoryError::TensorParallel {
                tp,
                heads: a.heads,
                kv_heads: a.kv_heads,
            });
        }
        Ok(())
    }

    fn after_read(&mut self, given: &dyn Fn(&str) -> bool) {
        let base = self.model.base_arch();
        let a = &mut self.model.arch;
        // A multi-head model stays so when only its head count changes.
        if base.kv_heads == base.heads && given("heads") && !given("kv_heads") {
            a.kv_heads = a.heads;
        }
        if !given("head_dim") && (given("hidden") || given("heads")) && a.heads > 0 {
            a.head_dim = a.hidden / a.heads;
        }
        // A link naming the preset or any architecture key derives the count.
        if !given("params") && (given("model") || ARCH.iter().any(|f| given(f.key()))) {
            self.model.params_b = None;
        }
    }

    fn link_base(&self) -> Self {
        // The preset is written (against none); the architecture against the preset's.
        let mut base = MemoryInputs::default();
        base.model.arch = self.model.base_arch();
        // head_dim is not written while it follows hidden / heads on both sides.
        let derived = |a: &Arch| a.heads > 0 && a.head_dim == a.hidden / a.heads;
        let (a, b) = (&self.model.arch, &base.model.arch);
        if derived(a) && derived(b) {
            base.model.arch.head_dim = a.head_dim;
        } else if a.hidden != b.hidden || a.heads != b.heads {
            // A link that names hidden or heads derives head_dim unless it is given: write it.
            base.model.arch.head_dim = 0;
        }
        // Likewise a multi-head base stays multi-head when a link names only `heads`: a shape
        // that changes the head count but not to multi-head must name its KV heads.
        let (a, b) = (&self.model.arch, &base.model.arch);
        if b.kv_heads == b.heads && a.heads != b.heads && a.kv_heads != a.heads {
            base.model.arch.kv_heads = 0;
        }
        // A preset or a changed architecture derives the count; the bare default types 7.
        if self.model.model.is_some() || self.model.arch != Arch::default() {
            base.model.params_b = None;
        }
        base
    }
}
