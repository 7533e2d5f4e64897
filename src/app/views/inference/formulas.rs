//! The inference working: weights, KV cache per token, KV cache and what a card needs, each as its
//! formula and with the numbers in place.

use super::Rep;
use crate::app::format::{gb, gib, number};
use crate::app::widgets::FormulaRow;
use crate::calc::memory::arch::AttentionKind;
use crate::calc::memory::vllm::DRIVER_RESERVED;
use crate::calc::units::Bytes;
use crate::text::Texts;

#[rustfmt::skip]
pub(super) const ROWS: &[FormulaRow<Rep>] = &[
    FormulaRow { title: |t| t.inference.f_weights, symbolic: |t| t.inference.f_weights_sym, open: true, substituted: |p, _| weights(p), show: None },
    FormulaRow { title: |t| t.inference.f_kv_per_token, symbolic: |t| t.inference.f_kv_per_token_sym, open: true, substituted: |p, _| kv_per_token(p), show: None },
    FormulaRow { title: |t| t.inference.f_kv, symbolic: |t| t.inference.f_kv_sym, open: true, substituted: |p, _| kv_cache(p), show: None },
    FormulaRow { title: |t| t.inference.f_needed, symbolic: |t| t.inference.f_needed_sym, open: true, substituted: needed, show: None },
    FormulaRow { title: |t| t.inference.f_pool, symbolic: |t| t.inference.f_pool_sym, open: true, substituted: pool_numbers, show: Some(|p| p.vllm.is_some()) },
];

fn weights(r: &Rep) -> String {
    format!(
        "{} × {} / 8 B = {} ({})",
        number(r.params, 0),
        number(r.bits_per_weight, 4),
        gib(r.weights),
        gb(r.weights),
    )
}

fn kv_cache(r: &Rep) -> String {
    let i = &r.inputs.inference;
    let a = &r.inputs.model.arch;
    let sliding = a.sliding_layers();
    // Windowed layers hold at most the window: the context is written per kind of layer, so the
    // line's product is the figure it ends with.
    let tokens = if sliding > 0 && i.ctx > a.window {
        format!(
            "({} × {} + {} × {}) / {}",
            a.layers - sliding,
            number(i.ctx as f64, 0),
            sliding,
            number(a.window as f64, 0),
            a.layers,
        )
    } else {
        number(i.ctx as f64, 0)
    };
    format!(
        "{} MiB × {} × {} = {}",
        number(r.kv_per_token.as_mib(), 4),
        tokens,
        i.conc,
        gib(r.kv_cache),
    )
}

fn needed(r: &Rep, t: &'static Texts) -> String {
    let i = &r.inputs;
    let tp = i.inference.tp;
    let split = i.model.arch.kv_cache_split(tp);
    let copies = if r.kv_copies > 1 {
        t.inference.copies(&r.kv_copies.to_string())
    } else {
        String::new()
    };
    format!(
        "({} / {} + {} / {} + {}) × {} = {}{}",
        gib(r.weights),
        tp,
        gib(r.kv_cache),
        split,
        gib(r.overhead),
        number(1.0 + i.inference.margin.0, 3),
        gib(r.required),
        copies,
    )
}

/// The vLLM pool with the numbers in place.
fn pool_numbers(r: &Rep, t: &'static Texts) -> String {
    let Some(v) = &r.vllm else {
        return String::new();
    };
    t.inference.f_pool_num(
        &format!(
            "({} − {}) × {}",
            gib(r.capacity),
            gib(Bytes(DRIVER_RESERVED)),
            number(v.gpu_util.0, 2)
        ),
        &gib(v.weights),
        &gib(v.activation_peak),
        &v.batched_tokens.to_string(),
        &gib(v.non_torch),
        &gib(v.cuda_graphs),
        &gib(v.pool),
        &number(v.tokens as f64, 0),
        &format!("{:.2}", v.max_concurrency),
        &number(v.ctx as f64, 0),
    )
}

/// The cache per token with the numbers in place, in the form the model's attention uses.
fn kv_per_token(r: &Rep) -> String {
    let i = &r.inputs;
    let a = &i.model.arch;
    let factors = if a.attention == AttentionKind::Latent {
        format!(
            "{} × ({} + {})",
            a.layers, a.kv_lora_rank, a.qk_rope_head_dim
        )
    } else {
        format!("2 × {} × {} × {}", a.layers, a.kv_heads, a.head_dim)
    };
    format!(
        "{factors} × {} B = {} B = {} MiB",
        number(i.inference.kv.bytes(), 0),
        number(r.kv_per_token.0, 0),
        number(r.kv_per_token.as_mib(), 4),
    )
}
