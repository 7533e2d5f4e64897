//! What llama.cpp allocates on each card (docs/formulas.md, "Inference memory", llama.cpp's own
//! count): the memory gate that says whether `llama-server` or `llama-bench` starts, beside the
//! guide's rule (3 GiB of overhead and 20% headroom), which sizes a service and stays the default.
//!
//! ```text
//! weights on a card = (file - token embedding) / cards      (the embedding stays in host memory)
//! kv cache          = cells x KV bytes a token (f16, or q8_0 for an 8-bit cache) / cards
//!                     cells = context of every slot together, rounded up to 256
//! compute buffer    = n_ubatch x 4 B x (vocab + hidden)                 (flash attention on)
//!                     without flash attention: n_ubatch x 4 B x max(vocab, heads x cells) + the same row
//! total             = weights + kv cache + compute buffer + CUDA context
//! ```
//!
//! How llama.cpp does it (ggml-org/llama.cpp): `llama_model::load_tensors` (src/llama-model.cpp)
//! keeps the input layer, the token embedding, on the CPU ("there is very little benefit to
//! offloading the input layer"), so with every layer offloaded (`-ngl 99`) a card holds the file
//! less that tensor; with several cards the default `--split-mode layer` gives each card a share
//! of the layers, so weights and cache divide by the cards. The KV cache holds `n_ctx` cells in
//! f16 by default (`--cache-type-k/v`), padded to 256 cells; `llama-server` splits `-c` among its
//! `-np` slots, so a service of B requests of N tokens needs B x N cells, and `llama-bench` runs
//! one sequence of `n_prompt + n_gen` cells. The compute buffer is what ggml's graph allocator
//! reserves for the largest batch of `n_ubatch` = 512 tokens: the f32 logits of the batch and a
//! hidden-wide f32 row a token, 512 x 4 B x (128,256 + 4,096) = 258.50 MiB for Llama 3 8B, as its
//! logs print ("CUDA0 compute buffer size = 258.50 MiB", at 512 and at 4,096 cells). Without
//! flash attention the f32 attention scores of a batch, 512 x cells x heads x 4 B, take the
//! logits' place once they are larger. The CUDA context and cuBLAS's workspace are not in
//! llama.cpp's logs but are on the card: [`CUDA_CONTEXT`].
//!
//! Checked against llama-bench tables (XiongjieDai/GPU-Benchmarks-on-LLM-Inference, May 2024):
//! Llama 3 8B F16 ran on a 16 GB RTX 4080 at 4,096 tokens; Llama 3 70B Q4_K_M on two 24 GB
//! cards at 8,192. The guide's rule refuses both.

use super::arch::Arch;
use super::dtype::{KvType, WeightType};
use crate::calc::search::last_holding;
use crate::calc::units::{Bytes, GIB};

/// Tokens in one micro-batch (`n_ubatch`, llama.cpp's default 512).
pub const UBATCH: u64 = 512;
/// KV cells are allocated in multiples of this (`llama_kv_cache` pads `n_ctx` to 256).
pub const CELL_PAD: u64 = 256;
/// The CUDA context and cuBLAS's workspace a card holds beside llama.cpp's buffers: an
/// allowance, taken as the 0.5 GiB the page takes for vLLM (`vllm::DRIVER_RESERVED`; the
/// CUDA context and driver take 0.43 to 0.57 GiB in vLLM's logs). Not fitted.
pub const CUDA_CONTEXT: f64 = 0.5 * GIB;

/// What llama.cpp allocates on each card.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LlamaCppAlloc {
    /// The model's tensors a card holds: the file less the token embedding, over the cards.
    pub weights: Bytes,
    /// The KV cache a card holds for `cells` tokens.
    pub kv: Bytes,
    pub cells: u64,
    /// The compute buffer (graph allocator's reserve for one micro-batch).
    pub compute: Bytes,
    pub context: Bytes,
    pub total: Bytes,
}

/// Bytes of the token embedding, which llama.cpp keeps in host memory: none when the embedding
/// is tied to the output head (the head on the card is then the only copy counted).
pub fn embedding_bytes(a: &Arch, w: WeightType) -> f64 {
    if a.tied_embeddings {
        0.0
    } else {
        a.vocab as f64 * a.hidden as f64 * w.embedding_bits(a) / 8.0
    }
}

/// llama.cpp's bytes for one KV element: f16 for a 16-bit cache, q8_0 (34 bytes a block of 32)
/// for an 8-bit one (`--cache-type-k q8_0`).
pub fn kv_element_bytes(kv: KvType) -> f64 {
    match kv {
        KvType::Fp16 | KvType::Bf16 => 2.0,
        KvType::Fp8 | KvType::Int8 => 34.0 / 32.0,
    }
}

/// The compute buffer for `cells` cells: [`UBATCH`] x 4 B x (vocab + hidden), or without flash
/// attention the larger of the logits and the attention scores (`heads x cells`) a token.
pub fn compute_buffer(a: &Arch, cells: u64, flash_attn: bool) -> f64 {
    let f = |v: u64| v as f64;
    let scores = if flash_attn {
        0.0
    } else {
        f(a.heads) * f(cells)
    };
    f(UBATCH) * 4.0 * (f(a.vocab).max(scores) + f(a.hidden))
}

/// What llama.cpp allocates on each of `cards` cards (layer split) for `tokens` KV cells in all,
/// with `file` bytes of weights and `kv_token` KV elements a token (all layers; from the arch).
pub fn allocation(
    a: &Arch,
    w: WeightType,
    kv: KvType,
    file: Bytes,
    cards: u64,
    tokens: u64,
    flash_attn: bool,
) -> LlamaCppAlloc {
    let cards = cards.max(1) as f64;
    let cells = tokens.max(1).div_ceil(CELL_PAD).saturating_mul(CELL_PAD);
    let weights = Bytes(((file.0 - embedding_bytes(a, w)).max(0.0)) / cards);
    let per_token = a.kv_elements_per_token_per_layer() * kv_element_bytes(kv);
    let kv_bytes = Bytes(per_token * a.cached_token_layers(cells) / cards);
    let compute = Bytes(compute_buffer(a, cells, flash_attn));
    let context = Bytes(CUDA_CONTEXT);
    LlamaCppAlloc {
        weights,
        kv: kv_bytes,
        cells,
        compute,
        context,
        total: weights + kv_bytes + compute + context,
    }
}

/// The most requests of `ctx` tokens each a llama.cpp server on `cards` cards of `capacity`
/// holds (flash attention on, `llama-server`'s default since `-fa auto`), or 0 when even one
/// does not fit.
pub fn max_slots(
    a: &Arch,
    w: WeightType,
    kv: KvType,
    file: Bytes,
    cards: u64,
    ctx: u64,
    capacity: Bytes,
) -> u64 {
    let fits = |b: u64| {
        allocation(a, w, kv, file, cards, b.saturating_mul(ctx), true)
            .total
            .0
            <= capacity.0
    };
    if !fits(1) {
        return 0;
    }
    let (mut lo, mut hi) = (1u64, 2u64);
    while hi < 1_000_000_000 && fits(hi) {
        lo = hi;
        hi *= 2;
    }
    if hi >= 1_000_000_000 && fits(hi) {
        return hi;
    }
    last_holding(lo, hi, fits)
}
