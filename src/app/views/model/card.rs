//! The card both memory views size against: the catalogue's cards to choose from, and the chosen
//! card's datasheet line.

use super::MEMORY;
use crate::app::format::{money, number};
use crate::app::i18n::{quote_month, site};
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::{live, ChoiceField};
use crate::calc::memory::catalogue::{gpu, Gpu, GPUS};
use crate::calc::memory::prices::{prices, Quote, Tier};
use crate::calc::pick::month::RENT_MONTH_HOURS;
use crate::calc::units::{Currency, Money};
use crate::text::Texts;
use leptos::prelude::*;

/// The card's drop-down and its datasheet line below it; `testid` names the line.
#[component]
pub fn CardField(#[prop(optional)] testid: Option<&'static str>) -> impl IntoView {
    let app = use_app();
    // Through the memory inputs' memo, as the model's drop-down: a move elsewhere runs nothing.
    let memory = app.slice(MEMORY);
    let value = memo(move || memory.see(|m| m.gpu.clone()));
    let on_change = Callback::new(move |id: String| {
        if gpu(&id).is_some() {
            app.try_edit(MEMORY, |m| m.gpu = id);
        }
    });
    let line = move || {
        let t = app.t();
        value.see(|id| gpu(id).map(|g| card_line(t, g)).unwrap_or_default())
    };
    let options: Vec<&'static str> = GPUS.iter().map(|g| g.id).collect();
    view! {
        <ChoiceField key="gpu" options=options text=card_name value=value on_change=on_change />
        <p class="field-note" data-testid=testid>
            {live(line)}
        </p>
    }
}

/// A card is its catalogue name in every language.
fn card_name(_: &'static Texts, _: &'static str, id: &'static str) -> String {
    gpu(id).map(|g| g.name).unwrap_or(id).to_string()
}

/// The chosen card's datasheet figures and, where the catalogue has one, its sourced price.
fn card_line(t: &'static Texts, g: &Gpu) -> String {
    let m = &t.model;
    // Each quote in the currency of its source, with where and when it was read: never
    // converted here, so a reader sees what was published.
    // A monthly term is shown by the month, said to be a card-month and not the hour the label
    // names; a launch price as such; a stale month as "price from <month>".
    let quotes = |list: [(Option<&Quote>, Currency); 2], digits: u8| {
        list.iter()
            .filter_map(|(q, c)| {
                q.map(|q| {
                    let (amount, tier) = match q.tier {
                        Tier::Monthly => (q.amount * RENT_MONTH_HOURS, Some(m.card_month_term)),
                        Tier::Launch => (q.amount, Some(t.catalogue.tier_launch)),
                        _ => (q.amount, None),
                    };
                    let site = match tier {
                        Some(w) => format!("{}, {w}", site(t, q)),
                        None => site(t, q).to_string(),
                    };
                    m.quote(
                        &money(Money::new(amount, *c), digits),
                        &site,
                        &quote_month(t, q.date),
                    )
                })
            })
            .collect::<Vec<_>>()
            .join(" / ")
    };
    let p = prices(g.id);
    let rent = quotes(
        [
            (p.and_then(|p| p.rent_cny.as_ref()), Currency::Cny),
            (p.and_then(|p| p.rent_usd.as_ref()), Currency::Usd),
        ],
        2,
    );
    let buy = quotes(
        [
            (p.and_then(|p| p.buy_cny.as_ref()), Currency::Cny),
            (p.and_then(|p| p.buy_usd.as_ref()), Currency::Usd),
        ],
        0,
    );
    let mut price = if rent.is_empty() {
        m.card_no_price.to_string()
    } else {
        m.card_price(&rent)
    };
    if !buy.is_empty() {
        price.push_str(&m.card_buy(&buy));
    }
    m.card_line(
        &number(g.vram_gb, 0),
        &number(g.bandwidth_gb_s, 0),
        &number(g.bf16_tflops, 0),
        &number(g.power_w, 0),
        &interconnect(t, g.interconnect),
        &price,
    )
}

/// The catalogue's interconnect (`PCIe 4.0, NVLink bridge 112.5 GB/s`) with its words in the
/// reader's language; the names and speeds stay as they are.
fn interconnect(t: &'static Texts, link: &str) -> String {
    link.split(", ")
        .map(|part| {
            if part == "no NVLink" {
                t.model.no_nvlink.to_string()
            } else if let Some(speed) = part.strip_prefix("NVLink bridge ") {
                t.model.nvlink_bridge(speed)
            } else {
                part.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(t.app.list_sep)
}

/// A card's catalogue name, by id (empty for an id the catalogue does not hold).
pub fn catalogue_name(id: &str) -> &'static str {
    gpu(id).map(|g| g.name).unwrap_or_default()
}

/// A card's usable memory, by id (zero for an id the catalogue does not hold).
pub fn card_capacity(id: &str) -> crate::calc::units::Bytes {
    gpu(id).map(|g| g.capacity()).unwrap_or_default()
}
