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
//! A GGUF file type is a mix, not one block type: llama.cpp's quantiser picks each tensor's type
//! (`llama_tensor_get_type_impl` in `src/llama-quant.cpp`, ggml-org/llama.cpp) and
//! [`WeightType::bits_per_weight`] walks the architecture's tensors through the same rules,
//! without an importance matrix:
//!
//! - one-dimensional tensors (norms, biases) and the MoE router stay in f32 (the converter writes
//!   them so and the quantiser skips them);
//! - the output head (and a tied embedding, which serves as the head) takes q6_k, or stays q8_0
//!   in a q8_0 file; an untied embedding takes the file's base type;
//! - `attn_v` (in latent attention `attn_kv_b`): q2_k -> q4_k when heads / kv_heads >= 4, else
//!   q3_k; q3_k_m -> q5_k in the first two layers, q4_k after; q4_k_m and q5_k_m -> q6_k in the
//!   "more bits" layers (the first and last eighth, and every third layer between); q4_k_s ->
//!   q5_k in the first four layers; in a 70B model (80 layers, grouped-query) a q3_k or q4_k
//!   `attn_v` becomes q5_k; with 8 experts it is q8_0, and so is `attn_k`;
//! - `ffn_down` (every expert's and the shared one): q2_k -> q3_k; q3_k_m -> q5_k in the first
//!   sixteenth of the layers, q4_k after; q4_k_m and q5_k_m -> q6_k in the "more bits" layers;
//!   q4_k_s -> q5_k in the first eighth;
//! - `attn_output`: q2_k -> q3_k and q3_k_m -> q4_k; with 8 experts q2_k, q3_k_m, q4_k_s and
//!   q4_k_m -> q5_k;
//! - a tensor whose rows are not a whole number of blocks falls back (q2_k, q3_k -> q4_0;
//!   q4_k -> q5_0; q5_k -> q5_1; q6_k -> q8_0; an output head -> q8_0).
//!
//! Checked against llama.cpp's own table for Llama-3.1-8B (`tools/quantize/README.md`: q2_k
//! 3.1593, q4_k_s 4.6672, q4_k_m 4.8944, q5_k_m 5.7036, q6_k 6.5633, q8_0 8.5008 bits per
//! weight): the walk gives each to within 0.0005. Not modelled: the imatrix-only rules
//! (q4_0/q5_0 `ffn_down` in q4_1/q5_1), Falcon's rules, and fused `attn_qkv` tensors (Phi-3's
//! GGUF), which are walked as separate q, k and v.

//!
//! Checkpoint formats (`awq`, `gptq`, `fp8-ckpt`) count what a real checkpoint stores, where the
//! plain `int4` and `fp8` keep the guide's rule (every parameter at 4 or 8 bits):
//!
//! - `awq` (AutoAWQ GEMM, `w_bit=4`, `q_group_size=128`, `zero_point=true`) and `gptq`
//!   (AutoGPTQ/GPTQModel, `bits=4`, `group_size=128`): the attention and MLP matrices (routers
//!   and experts included) at 4 bits, plus per group of 128 input weights one fp16 scale and one
//!   4-bit zero point packed in int32 (`scales`, `qzeros`): 4 + 16/128 + 4/128 = 4.15625 bits; the
//!   embeddings, the output head (`lm_head` is not quantised by either tool) and the norms stay
//!   16-bit. GPTQ also stores `g_idx` (one int32 per input row of each matrix, under 0.1% of the
//!   file), not counted. Check: hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4's two
//!   safetensors shards come to about 5.7 GB on the Hugging Face page (the figure; the
//!   shard sizes were not re-read when this was written); this rule gives 5.73 GB, the same
//!   tensors (`qweight`, `qzeros`, `scales`, 16-bit `embed_tokens` and `lm_head`) counted.
//! - `fp8-ckpt` (llm-compressor / neuralmagic FP8 checkpoints, `quant_method: "compressed-tensors"`
//!   or `"fp8"`): the same matrices in fp8 (E4M3) with one fp32 scale per tensor or per output
//!   channel (not counted, under 0.05%), the embeddings, output head and norms 16-bit:
//!   Llama-3.1-8B 9.08 GB where the guide's 8 bits everywhere gives 8.03 GB.

use super::arch::{Arch, AttentionKind};

/// How the weights are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WeightType {
    Fp32,
    Bf16,
    #[default]
    Fp16,
    Fp8,
    Int8,
    /// Plain 4-bit (the guide's 0.5 B per parameter), scales not counted.
    Int4,
    /// AWQ 4-bit checkpoint, group 128: scales and zeros per group, embeddings and head 16-bit.
    Awq,
    /// GPTQ 4-bit checkpoint, group 128: as AWQ (`g_idx` not counted).
    Gptq,
    /// fp8 checkpoint: matrices in fp8, embeddings and head 16-bit.
    Fp8Ckpt,
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
    Awq => "awq",
    Gptq => "gptq",
    Fp8Ckpt => "fp8-ckpt",
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

/// Bits per quantised weight of a 4-bit AWQ or GPTQ checkpoint, group 128: 4 bits, an fp16 scale
/// and a packed 4-bit zero point per 128 weights.
pub const GROUP_128_BITS: f64 = 4.0 + 16.0 / 128.0 + 4.0 / 128.0;

impl WeightType {
    /// Bits per weight of the base block layout, before any mix (the guide's rule for plain
    /// formats).
    pub fn block_bits(self) -> f64 {
        match self {
            WeightType::Fp32 => 32.0,
            WeightType::Bf16 | WeightType::Fp16 => 16.0,
            WeightType::Fp8 | WeightType::Int8 => 8.0,
            WeightType::Int4 => 4.0,
            WeightType::Awq | WeightType::Gptq => GROUP_128_BITS,
            WeightType::Fp8Ckpt => 8.0,
            WeightType::Q8_0 => 8.5,
            WeightType::Q6K => Q6K,
            WeightType::Q5KM => 5.5,
            WeightType::Q5_0 => 5.5,
            WeightType::Q4KM | WeightType::Q4KS | WeightType::Q4_0 => 4.5,
            WeightType::Q3KM => 3.4375,
            WeightType::Q2K => 2.625,
        }
    }
}

/// A ggml tensor type a GGUF file stores one tensor in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ggml {
    F32,
    F16,
    Q2K,
    Q3K,
    Q4K,
    Q5K,
    Q6K,
    Q4_0,
    Q5_0,
    Q5_1,
    Q8_0,
}

impl Ggml {
    fn bits(self) -> f64 {
        match self {
            Ggml::F32 => 32.0,
            Ggml::F16 => 16.0,
            Ggml::Q2K => 2.625,
            Ggml::Q3K => 3.4375,
            Ggml::Q4K | Ggml::Q4_0 => 4.5,
            Ggml::Q5K | Ggml::Q5_0 => 5.5,
            Ggml::Q6K => Q6K,
            Ggml::Q5_1 => 6.0,
            Ggml::Q8_0 => 8.5,
        }
    }

    /// Weights per block.
    fn block(self) -> u64 {
        match self {
            Ggml::F32 | Ggml::F16 => 1,
            Ggml::Q2K | Ggml::Q3K | Ggml::Q4K | Ggml::Q5K | Ggml::Q6K => 256,
            _ => 32,
        }
    }

    /// llama.cpp's `tensor_type_fallback`: the type used when a row of `ncols` weights is not a
    /// whole number of blocks.
    fn fit(self, ncols: u64) -> Ggml {
        if ncols.is_multiple_of(self.block()) {
            return self;
        }
        let next = match self {
            Ggml::Q2K | Ggml::Q3K => Ggml::Q4_0,
            Ggml::Q4K => Ggml::Q5_0,
            Ggml::Q5K => Ggml::Q5_1,
            Ggml::Q6K => Ggml::Q8_0,
            t => t,
        };
        if ncols.is_multiple_of(next.block()) {
            next
        } else {
            Ggml::F16
        }
    }
}

/// Where a tensor sits, as llama.cpp's `tensor_get_category` sorts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Output,
    Embedding,
    AttnK,
    /// `attn_v`, or `attn_kv_b` in latent attention.
    AttnV,
    AttnOutput,
    FfnDown,
    /// Every other quantised matrix (q, gate, up, the latent down-projections).
    Other,
}

/// The shape facts llama.cpp's rules look at.
struct MixContext {
    layers: u64,
    gqa: u64,
    experts: u64,
    is_70b: bool,
}

impl WeightType {
    /// The GGUF file type's base tensor type (`llama_ftype_get_default_type`), if it is one.
    fn gguf_base(self) -> Option<Ggml> {
        Some(match self {
            WeightType::Q8_0 => Ggml::Q8_0,
            WeightType::Q6K => Ggml::Q6K,
            WeightType::Q5KM => Ggml::Q5K,
            WeightType::Q5_0 => Ggml::Q5_0,
            WeightType::Q4KM | WeightType::Q4KS => Ggml::Q4K,
            WeightType::Q4_0 => Ggml::Q4_0,
            WeightType::Q3KM => Ggml::Q3K,
            WeightType::Q2K => Ggml::Q2K,
            _ => return None,
        })
    }

    /// The type llama.cpp gives one tensor of this file type (`llama_tensor_get_type_impl`,
    /// the branches these file types reach, no importance matrix).
    fn tensor_type(self, base: Ggml, role: Role, layer: u64, ncols: u64, c: &MixContext) -> Ggml {
        use WeightType as W;
        let n = c.layers;
        let more_bits = |i: u64| i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
        let t = match role {
            Role::Output => {
                if !ncols.is_multiple_of(base.block()) {
                    Ggml::Q8_0
                } else if base == Ggml::Q8_0 {
                    base
                } else {
                    Ggml::Q6K
                }
            }
            Role::Embedding | Role::Other => base,
            Role::AttnV => {
                let mut t = match self {
                    W::Q2K if c.gqa >= 4 => Ggml::Q4K,
                    W::Q2K => Ggml::Q3K,
                    W::Q3KM if layer < 2 => Ggml::Q5K,
                    W::Q3KM => Ggml::Q4K,
                    W::Q4KM | W::Q5KM if more_bits(layer) => Ggml::Q6K,
                    W::Q4KS if layer < 4 => Ggml::Q5K,
                    _ => base,
                };
                if c.is_70b && matches!(t, Ggml::Q3K | Ggml::Q4K) {
                    t = Ggml::Q5K;
                }
                if c.experts == 8 {
                    t = Ggml::Q8_0;
                }
                t
            }
            Role::AttnK if c.experts == 8 => Ggml::Q8_0,
            Role::AttnK => base,
            Role::FfnDown => match self {
                W::Q2K => Ggml::Q3K,
                W::Q3KM if layer < n / 16 => Ggml::Q5K,
                W::Q3KM => Ggml::Q4K,
                W::Q4KM | W::Q5KM if more_bits(layer) => Ggml::Q6K,
                W::Q4KS if layer < n / 8 => Ggml::Q5K,
                _ => base,
            },
            Role::AttnOutput => match self {
                W::Q2K | W::Q3KM | W::Q4KS | W::Q4KM if c.experts == 8 => Ggml::Q5K,
                W::Q2K => Ggml::Q3K,
                W::Q3KM => Ggml::Q4K,
                _ => base,
            },
        };
        t.fit(ncols)
    }

    /// Bits of a GGUF file of this type over the architecture's tensors, and its weights.
    fn gguf_bits(self, base: Ggml, a: &Arch) -> (f64, f64) {
        let f = |v: u64| v as f64;
        let (h, heads) = (a.hidden, a.heads);
        let latent = a.attention == AttentionKind::Latent;
        let c = MixContext {
            layers: a.layers,
            gqa: if latent { 1 } else { heads / a.kv_heads.max(1) },
            experts: a.experts,
            is_70b: a.layers == 80 && !latent && !a.is_moe() && heads != a.kv_heads,
        };
        let (mut bits, mut weights) = (0.0, 0.0);
        let mut tensor = |t: Ggml, n: f64| {
            bits += t.bits() * n;
            weights += n;
        };
        let ty =
            |role: Role, layer: u64, ncols: u64| self.tensor_type(base, role, layer, ncols, &c);
        let vocab_h = f(a.vocab) * f(h);
        if a.tied_embeddings {
            tensor(ty(Role::Output, 0, h), vocab_h);
        } else {
            tensor(ty(Role::Embedding, 0, h), vocab_h);
            tensor(ty(Role::Output, 0, h), vocab_h);
        }
        // One-dimensional tensors and routers, kept in f32: the final norm first.
        let mut small = f(h);
        for l in 0..a.layers {
            small += f(a.norms_per_layer) * f(h);
            if latent {
                let (qr, kvr) = (a.q_lora_rank, a.kv_lora_rank);
                let (nope, rope, v) = (a.qk_nope_head_dim, a.qk_rope_head_dim, a.v_head_dim);
                let qk = f(heads) * (f(nope) + f(rope));
                if qr > 0 {
                    tensor(ty(Role::Other, l, h), f(h) * f(qr));
                    tensor(ty(Role::Other, l, qr), f(qr) * qk);
                    small += f(qr);
                } else {
                    tensor(ty(Role::Other, l, h), f(h) * qk);
                }
                tensor(ty(Role::Other, l, h), f(h) * (f(kvr) + f(rope)));
                let kv_b = f(kvr) * f(heads) * (f(nope) + f(v));
                tensor(ty(Role::AttnV, l, kvr), kv_b);
                let o_cols = heads.saturating_mul(v);
                tensor(ty(Role::AttnOutput, l, o_cols), f(heads) * f(v) * f(h));
                small += f(kvr);
            } else {
                let (q, kv) = (f(heads) * f(a.head_dim), f(a.kv_heads) * f(a.head_dim));
                tensor(ty(Role::Other, l, h), f(h) * q);
                tensor(ty(Role::AttnK, l, h), f(h) * kv);
                tensor(ty(Role::AttnV, l, h), f(h) * kv);
                let o_cols = heads.saturating_mul(a.head_dim);
                tensor(ty(Role::AttnOutput, l, o_cols), q * f(h));
                if a.qkv_bias {
                    small += q + 2.0 * kv;
                }
                if a.qk_norm {
                    small += 2.0 * f(a.head_dim);
                }
            }
            let (inner, copies) = if a.is_moe() && l >= a.dense_layers {
                small += f(h) * f(a.experts);
                (a.expert_intermediate, f(a.experts) + f(a.shared_experts))
            } else {
                (a.intermediate, 1.0)
            };
            let matrix = f(h) * f(inner) * copies;
            tensor(ty(Role::Other, l, h), 2.0 * matrix);
            tensor(ty(Role::FfnDown, l, inner), matrix);
        }
        tensor(Ggml::F32, small);
        (bits, weights)
    }

    /// Average bits per weight for this architecture: the block size for plain formats (the
    /// guide's rule), llama.cpp's per-tensor mix for GGUF file types.
    pub fn bits_per_weight(self, arch: &Arch) -> f64 {
        if matches!(
            self,
            WeightType::Awq | WeightType::Gptq | WeightType::Fp8Ckpt
        ) {
            return self.checkpoint_bits(arch);
        }
        let Some(base) = self.gguf_base() else {
            return self.block_bits();
        };
        let (bits, weights) = self.gguf_bits(base, arch);
        if weights > 0.0 && bits.is_finite() {
            bits / weights
        } else {
            self.block_bits()
        }
    }
}

impl WeightType {
    /// A GGUF file type (llama.cpp's quantised blocks).
    pub fn is_gguf(self) -> bool {
        self.gguf_base().is_some()
    }

    /// Bits per weight of an untied token embedding: a GGUF file stores it in the file's base
    /// type (`Role::Embedding`), a checkpoint format in 16 bits, a plain format at its block size.
    pub fn embedding_bits(self, arch: &Arch) -> f64 {
        if matches!(
            self,
            WeightType::Awq | WeightType::Gptq | WeightType::Fp8Ckpt
        ) {
            return 16.0;
        }
        match self.gguf_base() {
            Some(base) => base.fit(arch.hidden).bits(),
            None => self.block_bits(),
        }
    }
}

impl WeightType {
    /// Average bits of a checkpoint format: the attention and MLP matrices at [`Self::block_bits`],
    /// the embeddings, output head and norms at 16 bits.
    fn checkpoint_bits(self, arch: &Arch) -> f64 {
        let p = arch.params();
        let total = p.total();
        let matrices = p.attention + p.mlp;
        if total <= 0.0 || !total.is_finite() {
            return self.block_bits();
        }
        (matrices * self.block_bits() + (total - matrices) * 16.0) / total
    }
}

/// Element type of the KV cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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
