//! Choices both memory views offer: the cards of the catalogue, a choice's ids for a drop-down,
//! and the chosen card's datasheet line.

use crate::app::format::number;
use crate::calc::choice::Choice;
use crate::calc::memory::catalogue::{Gpu, GPUS};

/// The cards to choose from, for both memory views.
pub fn gpu_options() -> Vec<(String, String)> {
    GPUS.iter()
        .map(|g| (g.id.to_string(), g.name.to_string()))
        .collect()
}

/// `(id, id)` pairs of a choice, for a drop-down.
pub fn id_options<C: Choice>() -> Vec<(String, String)> {
    C::ALL
        .iter()
        .map(|c| (c.id().to_string(), c.id().to_string()))
        .collect()
}

/// The chosen card's datasheet figures and, where the catalogue has one, its sourced price.
pub fn card_line(g: &Gpu) -> String {
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
