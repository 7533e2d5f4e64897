//! The model's architecture, folded away under the preset: the table's architecture fields, the
//! sizes first, then the yes/no flags and the attention kind.

use super::MEMORY;
use crate::app::state::use_app;
use crate::app::widgets::FieldInput;
use crate::calc::memory::inputs::{MemoryInputs, ARCH};
use crate::calc::table::Field;
use leptos::prelude::*;

/// A field's label: the flags are worded, the others go by their link key.
fn label(key: &'static str) -> &'static str {
    match key {
        "tied" => "output head tied to the embeddings",
        "qkv_bias" => "biases on the q, k and v projections",
        "qk_norm" => "per-head q and k norms",
        _ => key,
    }
}

/// How the form words the attention kinds.
fn attention_text(id: &'static str) -> &'static str {
    match id {
        "sliding" => "sliding window",
        "latent" => "latent (MLA)",
        _ => id,
    }
}

/// Where the form lists a field: the sizes, the flags, then the choice.
fn place(f: &Field<MemoryInputs>) -> u8 {
    match f {
        Field::Num(_) | Field::Text(_) => 0,
        Field::Flag(_) => 1,
        Field::Choice(_) => 2,
    }
}

#[component]
pub fn Architecture() -> impl IntoView {
    let app = use_app();
    let mut fields: Vec<_> = ARCH.iter().collect();
    fields.sort_by_key(|f| place(f));

    view! {
        <details class="arch">
            <summary>"Architecture"</summary>
            {fields
                .into_iter()
                .map(|f| {
                    view! {
                        <FieldInput field=f lens=MEMORY label=label(f.key()) text=attention_text />
                    }
                })
                .collect_view()}
            <p class="field-msg" role="alert" data-testid="error-arch">
                {move || app.issue("attention")}
            </p>
        </details>
    }
}
