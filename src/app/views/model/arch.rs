//! The model's architecture, folded away under the preset: the table's architecture fields, the
//! sizes first, then the yes/no flags and the attention kind. Labels come from `[field]` and the
//! attention kinds from `[opt.attention]`, by link key.

use super::MEMORY;
use crate::app::i18n::tr;
use crate::app::state::use_app;
use crate::app::widgets::{live, FieldInput};
use crate::calc::memory::inputs::{MemoryInputs, ARCH};
use crate::calc::order;
use crate::calc::table::Field;
use leptos::prelude::*;

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
    order::sort_by_key(&mut fields, |f| place(f));

    view! {
        <details class="arch">
            <summary>{tr(|t| t.model.arch)}</summary>
            {fields
                .into_iter()
                .map(|f| view! { <FieldInput field=f lens=MEMORY /> })
                .collect_view()}
            <p class="field-msg" role="alert" data-testid="error-arch">
                {live(move || app.issue("attention"))}
            </p>
        </details>
    }
}
