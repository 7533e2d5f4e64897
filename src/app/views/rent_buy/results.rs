//! The rent-or-buy results: the four stat tiles (owning, renting, break-even, verdict) and the
//! sentence saying what they mean.

use super::RentBuy;
use crate::app::format::{money, percent};
use crate::app::widgets::Stat;
use crate::calc::choice::Choice;
use crate::calc::rent_buy::{RentBuyInputs, RentBuyReport, Verdict};
use crate::calc::units::Money;
use leptos::prelude::*;

#[component]
pub fn Results(
    rep: RentBuy,
    inputs: Memo<RentBuyInputs>,
    report: Memo<RentBuyReport>,
) -> impl IntoView {
    let cur = move || rep.with(|r| r.currency);
    let m = move |amount: f64| money(Money::new(amount, cur()), 0);

    view! {
        <div class="stats">
            <Stat
                testid="own-monthly"
                label="Owning, per month"
                value=Signal::derive(move || report.with(|r| r.own_monthly.amount.to_string()))
                text=Signal::derive(move || report.with(|r| money(r.own_monthly, 2)))
                note=Signal::derive(move || {
                    report
                        .with(|r| {
                            format!(
                                "depreciation {} · electricity {} · hosting {} · staff {}",
                                m(r.own.depreciation.amount),
                                m(r.own.electricity.amount),
                                m(r.own.hosting.amount),
                                m(r.own.ops.amount),
                            )
                        })
                })
            />
            <Stat
                testid="rent-monthly"
                label="Renting, per month"
                value=Signal::derive(move || report.with(|r| r.rent_monthly.amount.to_string()))
                text=Signal::derive(move || report.with(|r| money(r.rent_monthly, 2)))
                note=Signal::derive(move || {
                    inputs.with(|i| format!("at {} utilisation", percent(i.util.0, 1)))
                })
            />
            <Stat
                testid="break-even-utilization"
                label="Break-even utilisation"
                value=Signal::derive(move || {
                    report.with(|r| r.break_even.map(|u| u.0.to_string()).unwrap_or_default())
                })
                text=Signal::derive(move || {
                    report
                        .with(|r| {
                            r.break_even.map(|u| percent(u.0, 1)).unwrap_or_else(|| "none".into())
                        })
                })
                note=Signal::derive(move || {
                    report
                        .with(|r| match r.break_even {
                            Some(u) if u.0 > 1.0 => {
                                "above 100%: owning never pays at this rent".to_string()
                            }
                            Some(_) => "owning and renting cost the same here".to_string(),
                            None => "renting an hour costs less than its electricity".to_string(),
                        })
                })
            />
            <Stat
                testid="verdict"
                label="At this utilisation"
                value=Signal::derive(move || report.with(|r| r.verdict.id().to_string()))
                text=Signal::derive(move || {
                    report
                        .with(|r| match r.verdict {
                            Verdict::Rent => "Rent".to_string(),
                            Verdict::Buy => "Buy".to_string(),
                        })
                })
                note=Signal::derive(move || {
                    report
                        .with(|r| {
                            let d = r.monthly_difference.amount;
                            if d >= 0.0 {
                                format!("renting saves {} a month", m(d))
                            } else {
                                format!("owning saves {} a month", m(-d))
                            }
                        })
                })
            />
        </div>
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
