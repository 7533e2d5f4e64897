//! The rent-or-buy results: the headline with the verdict (it answers the view's question, so it
//! comes first, not as a fourth tile), the three tiles it rests on (owning, renting, break-even)
//! and the sentence saying what they mean.

use super::Rep;
use crate::app::format::{money, percent};
use crate::app::views::headline::{share, Answer, Tone};
use crate::app::widgets::StatRow;
use crate::calc::headline;
use crate::calc::rent_buy::Verdict;
use crate::calc::reserve::{three_way, Way};
use crate::calc::units::Money;
use crate::text::Texts;

/// An amount in the chosen currency, whole.
fn whole(r: &Rep, amount: f64) -> String {
    money(Money::new(amount, r.currency), 0)
}

#[rustfmt::skip]
pub(super) const TILES: &[StatRow<Rep>] = &[
    StatRow { testid: "own-monthly", label: |t| t.rent_buy.tile_own, value: |r| r.report.own_monthly.amount.to_string(), text: |r, _| money(r.report.own_monthly, 2),
        note: Some(|r, t| {
            let own = &r.report.own;
            crate::app::format::wan_lead(r.report.own_monthly) + &t.rent_buy.own_note(
                &whole(r, own.depreciation.amount), &whole(r, own.electricity.amount), &whole(r, own.hosting.amount), &whole(r, own.ops.amount),
            )
        }) },
    StatRow { testid: "rent-monthly", label: |t| t.rent_buy.tile_rent, value: |r| r.report.rent_monthly.amount.to_string(), text: |r, _| money(r.report.rent_monthly, 2),
        note: Some(|r, t| crate::app::format::wan_lead(r.report.rent_monthly) + &t.rent_buy.rent_note(&percent(r.inputs.util.0, 1))) },
    StatRow { testid: "break-even-utilization", label: |t| t.rent_buy.tile_break_even,
        value: |r| r.report.break_even.map(|u| u.0.to_string()).unwrap_or_default(),
        text: |r, t| r.report.break_even.map(|u| percent(u.0, 1)).unwrap_or_else(|| t.rent_buy.break_even_none.into()),
        note: Some(|r, t| match r.report.break_even {
            Some(u) if u.0 > 1.0 => t.rent_buy.break_even_above.to_string(),
            Some(_) => t.rent_buy.break_even_here.to_string(),
            None => t.rent_buy.break_even_never.to_string(),
        }) },
];

/// The headline: which is cheaper, up to which utilisation, and by how much at the chosen one.
/// The verdict's hook (`verdict`, `rent` or `buy`) is on its lead words.
pub fn answer(r: &Rep, t: &'static Texts) -> Answer {
    let (i, rep, h) = (&r.inputs, &r.report, &t.headline);
    // A price asked for: no verdict, the question instead.
    if i.ask.any() {
        let what: Vec<&str> = i
            .ask
            .keys()
            .iter()
            .map(|k| match *k {
                "purchase" => h.ask_purchase,
                _ => h.ask_price,
            })
            .collect();
        return Answer {
            code: "ask",
            tone: Tone::Plain,
            lead: h.ask(&what.join(h.ask_and)),
            detail: h.ask_detail.to_string(),
        };
    }
    let util = share(i.util.0);
    let d = rep.monthly_difference.amount;
    // Within half a unit the two round to the same whole amount.
    let detail = if d.abs() < 0.5 {
        h.same(&util)
    } else {
        h.saves(&util, &whole(r, d.abs()))
    };
    let lead = match (rep.verdict, rep.break_even) {
        (Verdict::Buy, u) => h.buy_above(&u.map(|u| percent(u.0, 1)).unwrap_or_default()),
        (Verdict::Rent, Some(u)) if u.0 <= 1.0 => h.rent_below(&percent(u.0, 1)),
        (Verdict::Rent, Some(_)) => h.rent_any.to_string(),
        (Verdict::Rent, None) => h.rent_always.to_string(),
    };
    // With reserving compared, a reserved machine that beats both is the answer.
    if i.reserve {
        let three = three_way(&r.inputs, r.currency);
        if three.best == Way::Reserve {
            return Answer {
                code: "reserve",
                tone: Tone::Plain,
                lead: h.reserve_best.to_string(),
                detail: h.reserve_saves(
                    &util,
                    &whole(r, three.saving.amount),
                    super::three::way(t, three.runner_up),
                ),
            };
        }
    }
    Answer {
        code: headline::rent_buy(rep),
        tone: match rep.verdict {
            Verdict::Rent => Tone::Rent,
            Verdict::Buy => Tone::Buy,
        },
        lead,
        detail,
    }
}

/// What the result means, in one plain sentence.
pub(super) fn sentence(r: &Rep, t: &'static Texts) -> String {
    match r.break_even {
        Some(u) if u.0 <= 1.0 => t.rent_buy.sentence_below(&percent(u.0, 1)),
        Some(_) => t.rent_buy.sentence_rent_at_any.into(),
        None => t.rent_buy.sentence_rent_always.into(),
    }
}
