//! The inference working: weights, KV cache per token, KV cache and what a card needs, each as its
//! formula and with the numbers in place.

use crate::app::format::{gb, gib, number};
use crate::app::widgets::{FormulaRow, Formulas};
use crate::calc::memory::arch::AttentionKind;
use crate::calc::memory::inference::InferenceReport;
use crate::calc::memory::inputs::MemoryInputs;
use leptos::prelude::*;

type Pair = (MemoryInputs, InferenceReport);

#[rustfmt::skip]
const ROWS: &[FormulaRow<Pair>] = &[
    FormulaRow { title: "Weights", symbolic: "parameters × bits per weight / 8", open: true, substituted: weights, show: None },
    FormulaRow { title: "KV cache per token", symbolic: "2 (K and V) × layers × KV heads × head size × element bytes; latent attention: layers × (latent + rotary key) × element bytes", open: true, substituted: |(i, r)| kv_per_token(i, r), show: None },
    FormulaRow { title: "KV cache", symbolic: "per token × context × concurrent sequences (windowed layers hold at most the window)", open: true, substituted: kv_cache, show: None },
    FormulaRow { title: "Needed per card", symbolic: "(weights / cards + cache / min(cards, KV heads) + overhead) × (1 + headroom); a latent cache is whole on every card", open: true, substituted: needed, show: None },
    FormulaRow { title: "vLLM's KV cache pool per card", symbolic: "usable × gpu_memory_utilization − weights / cards − activation peak (T × 2 B × (4 h + 3 I / cards) + seqs × vocab × 8 B) − non-torch (0.16 GiB + 64 MiB per further card) − CUDA graphs (0.36 GiB), in whole blocks of 16 tokens", open: true, substituted: |(_, r)| pool_numbers(r), show: Some(|(_, r)| r.vllm.is_some()) },
];

#[component]
pub fn InferenceFormulas(
    inputs: Memo<MemoryInputs>,
    report: Memo<InferenceReport>,
) -> impl IntoView {
    let pair = Memo::new(move |_| (inputs.get(), report.get()));
    view! {
        <div class="formulas">
            <Formulas of=pair rows=ROWS />
        </div>
    }
}

fn weights((_, r): &Pair) -> String {
    format!(
        "{} × {} / 8 B = {} ({})",
        number(r.params, 0),
        number(r.bits_per_weight, 4),
        gb(r.weights),
        gib(r.weights),
    )
}

fn kv_cache((i, r): &Pair) -> String {
    format!(
        "{} MiB × {} × {} = {}",
        number(r.kv_per_token.as_mib(), 4),
        number(i.inference.ctx as f64, 0),
        i.inference.conc,
        gib(r.kv_cache),
    )
}

fn needed((i, r): &Pair) -> String {
    let tp = i.inference.tp;
    let split = i.model.arch.kv_cache_split(tp);
    format!(
        "({} / {} + {} / {} + {}) × {} = {}{}",
        gib(r.weights),
        tp,
        gib(r.kv_cache),
        split,
        gib(r.overhead),
        number(1.0 + i.inference.margin.0, 3),
        gib(r.required),
        copies_note(r.kv_copies),
    )
}

/// The vLLM pool with the numbers in place.
fn pool_numbers(r: &InferenceReport) -> String {
    let Some(v) = &r.vllm else {
        return String::new();
    };
    format!(
        "{} × {} − {} − {} (T = {}) − {} − {} = {} = {} tokens; {:.2}x for {} tokens per request",
        gib(r.capacity),
        number(v.gpu_util.0, 2),
        gib(v.weights),
        gib(v.activation_peak),
        v.batched_tokens,
        gib(v.non_torch),
        gib(v.cuda_graphs),
        gib(v.pool),
        number(v.tokens as f64, 0),
        v.max_concurrency,
        number(v.ctx as f64, 0),
    )
}

/// Says when each part of the cache sits on more than one card.
fn copies_note(copies: u64) -> String {
    if copies > 1 {
        format!("; each part of the cache is kept on {copies} cards")
    } else {
        String::new()
    }
}

/// The cache per token with the numbers in place, in the form the model's attention uses.
fn kv_per_token(i: &MemoryInputs, r: &InferenceReport) -> String {
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
