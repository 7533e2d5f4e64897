//! The training job's time and cost (docs/formulas.md, "Training time"): tokens a second per card,
//! wall time, card-hours, how the cards scale over their link, and the job's cost each way the
//! catalogue has a dated price for the card; a way without one asks for a quote.

use super::Rep;
use crate::app::format::{money, number, percent};
use crate::app::widgets::StatRow;
use crate::calc::memory::prices::Quote;
use crate::calc::training_time::{LinkKind, Scaling, TimeReport, MONTH_HOURS};
use crate::calc::units::Money;
use crate::text::Texts;

/// The link's name as the page words it.
fn link_name(r: &TimeReport, t: &'static Texts) -> String {
    let w = &t.training;
    let inside = match r.link.kind {
        LinkKind::None => return String::new(),
        LinkKind::NvLink => "NVLink",
        LinkKind::Pcie => "PCIe",
    };
    if r.link.machines > 1 {
        w.link_network(inside, &r.link.machines.to_string())
    } else {
        inside.to_string()
    }
}

/// Whether more cards pay, in words.
fn scaling(r: &TimeReport, t: &'static Texts) -> String {
    let w = &t.training;
    let said = match r.scaling {
        Scaling::Single => w.scale_single.to_string(),
        Scaling::Scales => w.scale_fine(
            &r.cards.to_string(),
            &link_name(r, t),
            &number(r.like_cards, 1),
        ),
        Scaling::LinkBound { n, like } => {
            w.scale_bound(&n.to_string(), &link_name(r, t), &number(like, 1))
        }
    };
    match r.stops_paying_after {
        Some(1) => format!("{said}{}", w.stops_at_second),
        Some(n) => format!("{said}{}", w.stops_after(&n.to_string())),
        None => said,
    }
}

/// Hours as read: two decimals below ten hours, one below a thousand, whole above.
fn hours(h: f64) -> String {
    let digits = if h < 10.0 {
        2
    } else if h < 1000.0 {
        1
    } else {
        0
    };
    number(h, digits)
}

fn quote_note(q: &Quote, price: String, t: &'static Texts) -> String {
    t.training.cost_note(&price, q.site(), q.date)
}

#[rustfmt::skip]
pub(super) const TILES: &[StatRow<Rep>] = &[
    StatRow { testid: "train-tokens-per-second", label: |t| t.training.tokens_per_s,
        value: |p| p.time.tokens_per_s_per_card.to_string(),
        text: |p, t| t.training.per_second(&number(p.time.tokens_per_s_per_card, 0)),
        note: Some(|p, t| t.training.tokens_per_s_note(
            &number(p.time.tokens_per_s_range.0, 0), &number(p.time.tokens_per_s_range.1, 0), &percent(p.time.mfu, 0))) },
    StatRow { testid: "train-hours", label: |t| t.training.hours,
        value: |p| p.time.hours.0.to_string(),
        text: |p, t| t.training.hours_text(&hours(p.time.hours.0)),
        note: Some(|p, t| t.training.hours_note(
            &hours(p.time.hours_range.0 .0), &hours(p.time.hours_range.1 .0))) },
    StatRow { testid: "train-card-hours", label: |t| t.training.card_hours,
        value: |p| p.time.card_hours.0.to_string(),
        text: |p, t| t.training.hours_text(&hours(p.time.card_hours.0)),
        note: Some(|p, t| scaling(&p.time, t)) },
    StatRow { testid: "train-cost-on-demand", label: |t| t.training.cost_on_demand,
        value: |p| p.costs.on_demand.map(|(m, _)| m.amount.to_string()).unwrap_or_default(),
        text: |p, t| p.costs.on_demand.map(|(m, _)| money(m, 0)).unwrap_or_else(|| t.training.cost_missing.into()),
        note: Some(|p, t| match p.costs.on_demand {
            Some((m, q)) => quote_note(q, money(Money::new(q.amount, m.currency), 2), t),
            None => t.training.cost_missing_note.into(),
        }) },
    StatRow { testid: "train-cost-reserved", label: |t| t.training.cost_reserved,
        value: |p| p.costs.reserved.map(|(m, _)| m.amount.to_string()).unwrap_or_default(),
        text: |p, t| p.costs.reserved.map(|(m, _)| money(m, 0)).unwrap_or_else(|| t.training.cost_missing.into()),
        note: Some(|p, t| match p.costs.reserved {
            Some((m, q)) => t.training.cost_month_note(
                &money(Money::new(q.amount * MONTH_HOURS, m.currency), 0), q.site(), q.date),
            None => t.training.cost_missing_note.into(),
        }) },
    StatRow { testid: "train-cost-owned", label: |t| t.training.cost_owned,
        value: |_| String::new(),
        text: |_, t| t.training.cost_missing.into(),
        note: Some(|_, t| t.training.cost_owned_note.into()) },
];
