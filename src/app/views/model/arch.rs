//! The model's architecture, folded away under the preset: the table's architecture fields
//! ([`ARCH`](crate::calc::memory::inputs::ARCH), every one of them: `the_model_form_lists_the_architecture`),
//! the sizes first, then the yes/no flags and the attention kind. Labels come from `[field]` and
//! the attention kinds from `[opt.attention]`, by link key.

use super::MEMORY;
use crate::app::state::use_app;
use crate::app::widgets::{choice, flag, live, num, Item};
use crate::calc::memory::inputs::{
    ATTENTION, DENSE_LAYERS, EXPERTS, EXPERTS_PER_TOKEN, EXPERT_INTERMEDIATE, GLOBAL_EVERY, HEADS,
    HEAD_DIM, HIDDEN, INTERMEDIATE, KV_HEADS, KV_LORA_RANK, LAYERS, NOPE_DIM, NORMS_PER_LAYER,
    QKV_BIAS, QK_NORM, Q_LORA_RANK, ROPE_DIM, SHARED_EXPERTS, SLIDING_EVERY, TIED, VOCAB,
    V_HEAD_DIM, WINDOW,
};
use leptos::prelude::*;

/// The fold's items, in the model section's table.
pub const ARCHITECTURE: &[Item] = &[
    Item::Control(|| num(&LAYERS, MEMORY)),
    Item::Control(|| num(&HIDDEN, MEMORY)),
    Item::Control(|| num(&HEADS, MEMORY)),
    Item::Control(|| num(&KV_HEADS, MEMORY)),
    Item::Control(|| num(&HEAD_DIM, MEMORY)),
    Item::Control(|| num(&VOCAB, MEMORY)),
    Item::Control(|| num(&INTERMEDIATE, MEMORY)),
    Item::Control(|| num(&EXPERTS, MEMORY)),
    Item::Control(|| num(&EXPERTS_PER_TOKEN, MEMORY)),
    Item::Control(|| num(&SHARED_EXPERTS, MEMORY)),
    Item::Control(|| num(&EXPERT_INTERMEDIATE, MEMORY)),
    Item::Control(|| num(&DENSE_LAYERS, MEMORY)),
    Item::Control(|| num(&NORMS_PER_LAYER, MEMORY)),
    Item::Control(|| num(&WINDOW, MEMORY)),
    Item::Control(|| num(&SLIDING_EVERY, MEMORY)),
    Item::Control(|| num(&GLOBAL_EVERY, MEMORY)),
    Item::Control(|| num(&Q_LORA_RANK, MEMORY)),
    Item::Control(|| num(&KV_LORA_RANK, MEMORY)),
    Item::Control(|| num(&NOPE_DIM, MEMORY)),
    Item::Control(|| num(&ROPE_DIM, MEMORY)),
    Item::Control(|| num(&V_HEAD_DIM, MEMORY)),
    Item::Control(|| flag(&TIED, MEMORY)),
    Item::Control(|| flag(&QKV_BIAS, MEMORY)),
    Item::Control(|| flag(&QK_NORM, MEMORY)),
    Item::Control(|| choice(&ATTENTION, MEMORY)),
    Item::Control(|| {
        let app = use_app();
        view! {
            <p class="field-msg" role="alert" data-testid="error-arch">
                {live(move || app.issue("attention"))}
            </p>
        }
        .into_any()
    }),
];
