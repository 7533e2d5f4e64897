//! A transformer's architecture and the parameter count derived from it.
//!
//! ```text
//! embeddings   vocab x hidden                      (+ the same again for an untied output head)
//! attention    q: hidden x heads x head_dim, k and v: hidden x kv_heads x head_dim each,
//!              o: heads x head_dim x hidden        (+ q, k, v biases where the family has them)
//! latent attn  q_a: hidden x q_rank, q_b: q_rank x heads x (nope + rope),
//! (MLA)        kv_a: hidden x (kv_rank + rope), kv_b: kv_rank x heads x (nope + v_head),
//!              o: heads x v_head x hidden, plus the two low-rank norms
//! gated MLP    3 x hidden x intermediate           (gate, up, down)
//! experts      routed x 3 x hidden x expert_intermediate + router hidden x routed
//!              + shared x 3 x hidden x expert_intermediate
//! norms        norms_per_layer x hidden per layer, one final norm
//! ```
//!
//! Assumptions: gated (SwiGLU/GeGLU) MLPs, as in every family listed in [`super::presets`];
//! normalisation weights only (RMSNorm, no biases); the first `dense_layers` layers of a
//! mixture-of-experts model use the dense MLP (DeepSeek's `first_k_dense_replace`).

/// How attention keeps its keys and values, which decides the KV cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AttentionKind {
    /// Every layer attends to the whole context.
    #[default]
    Full,
    /// Some layers attend to the last `window` tokens only (Mistral 7B v0.1: all layers;
    /// Gemma 2: every other layer; Gemma 3: five of every six).
    SlidingWindow,
    /// Multi-head latent attention (DeepSeek-V2/V3): one compressed latent plus a shared rotary
    /// key per token and layer.
    Latent,
}

crate::choice_ids!(AttentionKind { Full => "full", SlidingWindow => "sliding", Latent => "latent" });

/// The shape of a decoder-only transformer.
#[derive(Debug, Clone, PartialEq)]
pub struct Arch {
    pub layers: u64,
    pub hidden: u64,
    pub heads: u64,
    pub kv_heads: u64,
    /// Size of one attention head; not always hidden / heads (Gemma 2: 256 with hidden 3584).
    pub head_dim: u64,
    pub vocab: u64,
    /// Dense MLP inner size.
    pub intermediate: u64,
    /// Output head shares the embedding matrix.
    pub tied_embeddings: bool,
    /// Biases on the q, k and v projections (Qwen2 family).
    pub qkv_bias: bool,
    /// Normalisation vectors per layer (2 for most; 4 for Gemma 2).
    pub norms_per_layer: u64,
    /// Per-head q and k norms (Qwen3).
    pub qk_norm: bool,
    /// Routed experts (0: a dense model).
    pub experts: u64,
    /// Experts each token is routed to.
    pub experts_per_token: u64,
    /// Experts every token passes through in addition (DeepSeek: 1).
    pub shared_experts: u64,
    /// Inner size of one expert.
    pub expert_intermediate: u64,
    /// Leading layers that keep the dense MLP in a mixture-of-experts model.
    pub dense_layers: u64,
    pub attention: AttentionKind,
    /// Sliding window in tokens (with [`AttentionKind::SlidingWindow`]).
    pub window: u64,
    /// Every n-th layer slides (1: all layers; 2: every other layer, as Gemma 2).
    pub sliding_every: u64,
    /// Every n-th layer, counted from one, attends to the whole context although the others
    /// slide (0: none). Gemma 3 has 6: layers 6, 12, 18, ... are global, the five before each
    /// slide (its `sliding_window_pattern`; Hugging Face's Gemma 3 makes layer `i` sliding
    /// when `(i + 1) % pattern != 0`).
    pub global_every: u64,
    /// Latent attention sizes (with [`AttentionKind::Latent`]).
    pub q_lora_rank: u64,
    pub kv_lora_rank: u64,
    pub qk_nope_head_dim: u64,
    pub qk_rope_head_dim: u64,
    pub v_head_dim: u64,
}

impl Default for Arch {
    /// The guide's example: 32 layers, hidden 4096 (the shape of Llama 2 7B).
    fn default() -> Self {
        Arch {
            layers: 32,
            hidden: 4096,
            heads: 32,
            kv_heads: 32,
            head_dim: 128,
            vocab: 32_000,
            intermediate: 11_008,
            tied_embeddings: false,
            qkv_bias: false,
            norms_per_layer: 2,
            qk_norm: false,
            experts: 0,
            experts_per_token: 0,
            shared_experts: 0,
            expert_intermediate: 0,
            dense_layers: 0,
            attention: AttentionKind::Full,
            window: 0,
            sliding_every: 1,
            global_every: 0,
            q_lora_rank: 0,
            kv_lora_rank: 0,
            qk_nope_head_dim: 0,
            qk_rope_head_dim: 0,
            v_head_dim: 0,
        }
    }
}

/// Parameters by where they sit, for the breakdown and for LoRA targets.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ParamBreakdown {
    pub embeddings: f64,
    pub head: f64,
    pub attention: f64,
    pub mlp: f64,
    pub norms: f64,
    /// Parameters one token passes through (all, for a dense model).
    pub active: f64,
}

impl ParamBreakdown {
    pub fn total(&self) -> f64 {
        self.embeddings + self.head + self.attention + self.mlp + self.norms
    }
}

impl Arch {
    pub fn is_moe(&self) -> bool {
        self.experts > 0
    }

    /// Attention parameters of one layer.
    pub fn attention_per_layer(&self) -> f64 {
        let h = self.hidden as f64;
        let heads = self.heads as f64;
        match self.attention {
            AttentionKind::Latent => {
                let (qr, kvr) = (self.q_lora_rank as f64, self.kv_lora_rank as f64);
                let (nope, rope, v) = (
                    self.qk_nope_head_dim as f64,
                    self.qk_rope_head_dim as f64,
                    self.v_head_dim as f64,
                );
                let q = if qr > 0.0 {
                    h * qr + qr + qr * heads * (nope + rope)
                } else {
                    h * heads * (nope + rope)
                };
                let kv = h * (kvr + rope) + kvr + kvr * heads * (nope + v);
                q + kv + heads * v * h
            }
            _ => {
                let hd = self.head_dim as f64;
                let q = h * heads * hd;
                let kv = 2.0 * h * self.kv_heads as f64 * hd;
                let o = heads * hd * h;
                let bias = if self.qkv_bias {
                    (heads + 2.0 * self.kv_heads as f64) * hd
                } else {
                    0.0
                };
                let qk_norm = if self.qk_norm { 2.0 * hd } else { 0.0 };
                q + kv + o + bias + qk_norm
            }
        }
    }

    /// Parameters of a gated MLP of inner size `inner`.
    fn mlp(&self, inner: u64) -> f64 {
        3.0 * self.hidden as f64 * inner as f64
    }

    /// The parameter count, by part, with the active share.
    pub fn params(&self) -> ParamBreakdown {
        let h = self.hidden as f64;
        let layers = self.layers as f64;
        let embeddings = self.vocab as f64 * h;
        let head = if self.tied_embeddings {
            0.0
        } else {
            embeddings
        };
        let attention = self.attention_per_layer() * layers;
        let norms = self.norms_per_layer as f64 * h * layers + h;
        let (mlp, active_mlp) = if self.is_moe() {
            let dense = self.dense_layers.min(self.layers) as f64;
            let moe_layers = layers - dense;
            let expert = self.mlp(self.expert_intermediate);
            let router = h * self.experts as f64;
            let per_layer = (self.experts + self.shared_experts) as f64 * expert + router;
            let active = (self.experts_per_token + self.shared_experts) as f64 * expert + router;
            let dense_mlp = dense * self.mlp(self.intermediate);
            (
                dense_mlp + moe_layers * per_layer,
                dense_mlp + moe_layers * active,
            )
        } else {
            let m = layers * self.mlp(self.intermediate);
            (m, m)
        };
        ParamBreakdown {
            embeddings,
            head,
            attention,
            mlp,
            norms,
            active: embeddings + head + attention + norms + active_mlp,
        }
    }

    /// Whether layer `l` (from 0) uses the sliding window.
    pub fn layer_slides(&self, l: u64) -> bool {
        self.attention == AttentionKind::SlidingWindow
            && self.window > 0
            && (self.sliding_every <= 1 || l.is_multiple_of(self.sliding_every))
            && (self.global_every <= 1 || !(l + 1).is_multiple_of(self.global_every))
    }

    /// KV-cache elements per token of one layer: K and V of every KV head, or the latent.
    pub fn kv_elements_per_token_per_layer(&self) -> f64 {
        match self.attention {
            AttentionKind::Latent => self.kv_lora_rank as f64 + self.qk_rope_head_dim as f64,
            _ => 2.0 * self.kv_heads as f64 * self.head_dim as f64,
        }
    }

    /// Cards over which tensor parallelism divides the KV cache, as vLLM shards it: each card
    /// keeps `max(1, kv_heads / tp)` KV heads (`ModelConfig.get_num_kv_heads`), so the cache is
    /// split `min(tp, kv_heads)` ways and each KV head is copied `tp / kv_heads` times when there
    /// are more cards than KV heads; a latent cache (MLA) is one shared head, kept whole on every
    /// card (`get_num_kv_heads` returns 1 with `use_mla`).
    pub fn kv_cache_split(&self, tp: u64) -> u64 {
        match self.attention {
            AttentionKind::Latent => 1,
            _ => tp.min(self.kv_heads).max(1),
        }
    }

    /// Tokens a layer holds in its cache at a context of `ctx` tokens.
    pub fn cached_tokens(&self, l: u64, ctx: u64) -> u64 {
        if self.layer_slides(l) {
            ctx.min(self.window)
        } else {
            ctx
        }
    }

    /// Sum over layers of the tokens each holds, at a context of `ctx` tokens.
    /// Counted in f64: `layers x ctx` can pass u64 for the contexts a search tries.
    pub fn cached_token_layers(&self, ctx: u64) -> f64 {
        if self.attention != AttentionKind::SlidingWindow || self.window == 0 {
            return self.layers as f64 * ctx as f64;
        }
        let sliding = self.sliding_layers();
        let full = self.layers.saturating_sub(sliding);
        full as f64 * ctx as f64 + sliding as f64 * ctx.min(self.window) as f64
    }

    /// Layers that use the sliding window.
    pub fn sliding_layers(&self) -> u64 {
        (0..self.layers).filter(|l| self.layer_slides(*l)).count() as u64
    }

    /// Checks the shape makes sense; each error names the field to fix.
    pub fn validate(&self) -> Result<(), ArchError> {
        // Bounds that keep every count well inside f64's exact integers and u64 products, for
        // every size an imported config.json can set, with the link fields' ranges; checked
        // first, so a huge imported size is named before what follows from it.
        let limits = [
            ("layers", self.layers, 1_000),
            ("hidden", self.hidden, 1 << 20),
            ("vocab", self.vocab, 1 << 24),
            ("heads", self.heads, 4096),
            ("kv_heads", self.kv_heads, 4096),
            ("head_dim", self.head_dim, 4096),
            ("intermediate", self.intermediate, 1 << 20),
            ("experts", self.experts, 4096),
            ("experts_per_token", self.experts_per_token, 4096),
            ("expert_intermediate", self.expert_intermediate, 1 << 20),
            ("shared_experts", self.shared_experts, 64),
            ("dense_layers", self.dense_layers, 1_000),
            ("norms_per_layer", self.norms_per_layer, 16),
            ("window", self.window, 1 << 24),
            ("sliding_every", self.sliding_every, 64),
            ("global_every", self.global_every, 64),
            ("kv_lora_rank", self.kv_lora_rank, 65_536),
            ("q_lora_rank", self.q_lora_rank, 65_536),
            ("nope_dim", self.qk_nope_head_dim, 4096),
            ("rope_dim", self.qk_rope_head_dim, 4096),
            ("v_head_dim", self.v_head_dim, 4096),
        ];
        for (key, value, max) in limits {
            if value > max {
                return Err(ArchError::TooLarge { key, value, max });
            }
        }
        let positive = [
            ("layers", self.layers),
            ("hidden", self.hidden),
            ("heads", self.heads),
            ("vocab", self.vocab),
        ];
        for (key, v) in positive {
            if v == 0 {
                return Err(ArchError::Zero { key });
            }
        }
        if self.attention != AttentionKind::Latent {
            for (key, v) in [("kv_heads", self.kv_heads), ("head_dim", self.head_dim)] {
                if v == 0 {
                    return Err(ArchError::Zero { key });
                }
            }
            if !self.heads.is_multiple_of(self.kv_heads) {
                return Err(ArchError::KvHeads {
                    kv_heads: self.kv_heads,
                    heads: self.heads,
                });
            }
        } else if self.kv_lora_rank == 0 {
            return Err(ArchError::NoLatent);
        }
        if self.is_moe() && self.experts_per_token > self.experts {
            return Err(ArchError::ExpertsPerToken {
                per_token: self.experts_per_token,
                experts: self.experts,
            });
        }
        Ok(())
    }
}

/// Why an architecture does not hold together.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArchError {
    #[error("{key}: must be at least 1")]
    Zero { key: &'static str },
    #[error("kv_heads: {kv_heads} does not divide the {heads} attention heads")]
    KvHeads { kv_heads: u64, heads: u64 },
    #[error("kv_lora_rank: latent attention needs a latent size")]
    NoLatent,
    #[error("experts_per_token: {per_token} is more than the {experts} experts")]
    ExpertsPerToken { per_token: u64, experts: u64 },
    #[error("{key}: {value} is larger than any model this page knows (at most {max})")]
    TooLarge {
        key: &'static str,
        value: u64,
        max: u64,
    },
}

impl ArchError {
    pub fn key(&self) -> &'static str {
        match self {
            ArchError::Zero { key } | ArchError::TooLarge { key, .. } => key,
            ArchError::KvHeads { .. } => "kv_heads",
            ArchError::NoLatent => "kv_lora_rank",
            ArchError::ExpertsPerToken { .. } => "experts_per_token",
        }
    }
}
