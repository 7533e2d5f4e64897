//! The card both memory views size against: the catalogue's cards to choose from, and the chosen
//! card's datasheet line.

use super::MEMORY;
use crate::app::format::number;
use crate::app::state::use_app;
use crate::app::widgets::ChoiceField;
use crate::calc::memory::catalogue::{gpu, Gpu, GPUS};
use leptos::prelude::*;

/// The card's drop-down and its datasheet line below it; `testid` names the line.
#[component]
pub fn CardField(#[prop(optional)] testid: Option<&'static str>) -> impl IntoView {
    let app = use_app();
    let value = Signal::derive(move || app.scenario.with(|s| s.memory.gpu.clone()));
    let on_change = Callback::new(move |id: String| {
        if gpu(&id).is_some() {
            app.try_edit(MEMORY, |m| m.gpu = id);
        }
    });
    let line = move || {
        app.scenario
            .with(|s| gpu(&s.memory.gpu).map(card_line).unwrap_or_default())
    };
    view! {
        <ChoiceField key="gpu" label="Card" options=gpu_options() value=value on_change=on_change />
        <p class="field-note" data-testid=testid>
            {line}
        </p>
    }
}

/// The cards to choose from.
fn gpu_options() -> Vec<(String, String)> {
    GPUS.iter()
        .map(|g| (g.id.to_string(), g.name.to_string()))
        .collect()
}

/// The chosen card's datasheet figures and, where the catalogue has one, its sourced price.
fn card_line(g: &Gpu) -> String {
    let price = g
        .price_cny_per_hour
        .map(|(p, src)| format!(" · about {} CNY per card-hour ({src})", number(p, 0)))
        .unwrap_or_else(|| " · no sourced rental price: use your quote".into());
    format!(
        "{} GB · {} GB/s · {} TFLOPS bf16 dense · {} W · {}{}",
        number(g.vram_gb, 0),
        number(g.bandwidth_gb_s, 0),
        number(g.bf16_tflops, 0),
        number(g.power_w, 0),
        g.interconnect,
        price
    )
}
