//! The rent-or-buy results: the four stat tiles (owning, renting, break-even, verdict) and the
//! sentence saying what they mean.

use super::RentBuy;
use crate::app::format::{money, percent};
use crate::app::state::{use_app, Reported};
use crate::app::widgets::{StatRow, Stats};
use crate::calc::choice::Choice;
use crate::calc::rent_buy::{RentBuyInputs, RentBuyReport, Verdict};
use crate::calc::units::Money;
use crate::text::Texts;
use leptos::prelude::*;

type Rep = Reported<RentBuyInputs, RentBuyReport>;

/// An amount in the chosen currency, whole.
fn whole(r: &Rep, amount: f64) -> String {
    money(Money::new(amount, r.currency), 0)
}

#[rustfmt::skip]
const TILES: &[StatRow<Rep>] = &[
    StatRow { testid: "own-monthly", label: |t| t.rent_buy.tile_own, value: |r| r.report.own_monthly.amount.to_string(), text: |r, _| money(r.report.own_monthly, 2),
        note: Some(|r, t| {
            let own = &r.report.own;
            t.rent_buy.own_note(
                &whole(r, own.depreciation.amount), &whole(r, own.electricity.amount), &whole(r, own.hosting.amount), &whole(r, own.ops.amount),
            )
        }) },
    StatRow { testid: "rent-monthly", label: |t| t.rent_buy.tile_rent, value: |r| r.report.rent_monthly.amount.to_string(), text: |r, _| money(r.report.rent_monthly, 2),
        note: Some(|r, t| t.rent_buy.rent_note(&percent(r.inputs.util.0, 1))) },
    StatRow { testid: "break-even-utilization", label: |t| t.rent_buy.tile_break_even,
        value: |r| r.report.break_even.map(|u| u.0.to_string()).unwrap_or_default(),
        text: |r, t| r.report.break_even.map(|u| percent(u.0, 1)).unwrap_or_else(|| t.rent_buy.break_even_none.into()),
        note: Some(|r, t| match r.report.break_even {
            Some(u) if u.0 > 1.0 => t.rent_buy.break_even_above.to_string(),
            Some(_) => t.rent_buy.break_even_here.to_string(),
            None => t.rent_buy.break_even_never.to_string(),
        }) },
    // `data-value` is the verdict's id (`rent`, `buy`) in every language.
    StatRow { testid: "verdict", label: |t| t.rent_buy.tile_verdict, value: |r| r.report.verdict.id().to_string(),
        text: |r, t| match r.report.verdict {
            Verdict::Rent => t.rent_buy.verdict_rent.to_string(),
            Verdict::Buy => t.rent_buy.verdict_buy.to_string(),
        },
        note: Some(|r, t| {
            let d = r.report.monthly_difference.amount;
            if d >= 0.0 { t.rent_buy.renting_saves(&whole(r, d)) } else { t.rent_buy.owning_saves(&whole(r, -d)) }
        }) },
];

#[component]
pub fn Results(rep: RentBuy, report: Memo<RentBuyReport>) -> impl IntoView {
    let app = use_app();
    view! {
        <Stats of=rep rows=TILES />
        <p class="sentence" data-testid="sentence">
            {move || report.with(|r| sentence(app.t(), r))}
        </p>
    }
}

/// What the result means, in one plain sentence.
fn sentence(t: &'static Texts, r: &RentBuyReport) -> String {
    match r.break_even {
        Some(u) if u.0 <= 1.0 => t.rent_buy.sentence_below(&percent(u.0, 1)),
        Some(_) => t.rent_buy.sentence_rent_at_any.into(),
        None => t.rent_buy.sentence_rent_always.into(),
    }
}
