//! The LoRA inputs of the training run, shown for the LoRA methods: the rank and the modules the
//! adapters target.

use crate::app::i18n;
use crate::app::state::{use_app, See};
use crate::app::views::model::MEMORY;
use crate::app::widgets::{live, num};
use crate::calc::memory::inputs::LORA_RANK;
use crate::calc::memory::training::LORA_MODULES;
use crate::calc::order;
use leptos::prelude::*;

/// The rank and the modules, read from the memory inputs' memo.
pub fn lora_fields() -> AnyView {
    let app = use_app();
    let inputs = app.slice(MEMORY);
    let toggle = move |m: &'static str, on: bool| {
        app.try_edit(MEMORY, |i| {
            let t = &mut i.training.lora_targets;
            t.retain(|x| x != m);
            if on {
                t.push(m.to_string());
            }
            // Keep the order of the module list, so links stay stable.
            order::sort_by_key(t, |x| LORA_MODULES.iter().position(|y| y == x));
        });
    };

    view! {
        {num(&LORA_RANK, MEMORY)}
        <div class="field">
            <span class="field-label">{live(move || i18n::label(app.t(), "lora_targets"))}</span>
            <span class="field-control radios" data-testid="input-lora_targets">
                {LORA_MODULES
                    .iter()
                    .map(|m| {
                        view! {
                            <label>
                                <input
                                    type="checkbox"
                                    prop:checked=move || {
                                        inputs
                                            .see(|i| i.training.lora_targets.iter().any(|x| x == m))
                                    }
                                    on:change=move |ev| toggle(m, event_target_checked(&ev))
                                />
                                " "
                                {live(move || app.t().help.module.get(m).unwrap_or(m))}
                            </label>
                        }
                    })
                    .collect_view()}
            </span>
        </div>
    }
    .into_any()
}
