//! The rent-or-buy results: the four stat tiles (owning, renting, break-even, verdict) and the
//! sentence saying what they mean.

use super::RentBuy;
use crate::app::format::{money, percent};
use crate::app::state::Reported;
use crate::app::widgets::{StatRow, Stats};
use crate::calc::choice::Choice;
use crate::calc::rent_buy::{RentBuyInputs, RentBuyReport, Verdict};
use crate::calc::units::Money;
use leptos::prelude::*;

type Rep = Reported<RentBuyInputs, RentBuyReport>;

/// An amount in the chosen currency, whole.
fn whole(r: &Rep, amount: f64) -> String {
    money(Money::new(amount, r.currency), 0)
}

#[rustfmt::skip]
const TILES: &[StatRow<Rep>] = &[
    StatRow { testid: "own-monthly", label: "Owning, per month", value: |r| r.report.own_monthly.amount.to_string(), text: |r| money(r.report.own_monthly, 2),
        note: Some(|r| {
            let own = &r.report.own;
            format!(
                "depreciation {} · electricity {} · hosting {} · staff {}",
                whole(r, own.depreciation.amount), whole(r, own.electricity.amount), whole(r, own.hosting.amount), whole(r, own.ops.amount),
            )
        }) },
    StatRow { testid: "rent-monthly", label: "Renting, per month", value: |r| r.report.rent_monthly.amount.to_string(), text: |r| money(r.report.rent_monthly, 2),
        note: Some(|r| format!("at {} utilisation", percent(r.inputs.util.0, 1))) },
    StatRow { testid: "break-even-utilization", label: "Break-even utilisation",
        value: |r| r.report.break_even.map(|u| u.0.to_string()).unwrap_or_default(),
        text: |r| r.report.break_even.map(|u| percent(u.0, 1)).unwrap_or_else(|| "none".into()),
        note: Some(|r| match r.report.break_even {
            Some(u) if u.0 > 1.0 => "above 100%: owning never pays at this rent".to_string(),
            Some(_) => "owning and renting cost the same here".to_string(),
            None => "renting an hour costs less than its electricity".to_string(),
        }) },
    StatRow { testid: "verdict", label: "At this utilisation", value: |r| r.report.verdict.id().to_string(),
        text: |r| match r.report.verdict {
            Verdict::Rent => "Rent".to_string(),
            Verdict::Buy => "Buy".to_string(),
        },
        note: Some(|r| {
            let d = r.report.monthly_difference.amount;
            if d >= 0.0 { format!("renting saves {} a month", whole(r, d)) } else { format!("owning saves {} a month", whole(r, -d)) }
        }) },
];

#[component]
pub fn Results(rep: RentBuy, report: Memo<RentBuyReport>) -> impl IntoView {
    view! {
        <Stats of=rep rows=TILES />
        <p class="sentence" data-testid="sentence">
            {move || sentence(&report.get())}
        </p>
    }
}

/// What the result means, in one plain sentence.
fn sentence(r: &RentBuyReport) -> String {
    match r.break_even {
        Some(u) if u.0 <= 1.0 => format!(
            "Below {} utilisation, renting is cheaper; above it, and with a workload that keeps its shape, owning is.",
            percent(u.0, 1)
        ),
        Some(_) => "At this rent, renting is cheaper even with the cards busy around the clock.".into(),
        None => "Renting is always cheaper: an hour's rent costs less than the electricity to compute it yourself.".into(),
    }
}
