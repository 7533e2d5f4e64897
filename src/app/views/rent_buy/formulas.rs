//! The rent-or-buy working: owning, renting and the break-even, each as its formula and with the
//! inputs' numbers in place.

use super::Rep;
use crate::app::format::{amount, number, percent};
use crate::app::widgets::FormulaRow;
use crate::calc::rent_buy::{hosting_monthly, ops_monthly, PowerModel};
use crate::text::Texts;

#[rustfmt::skip]
pub(super) const ROWS: &[FormulaRow<Rep>] = &[
    FormulaRow { title: |t| t.rent_buy.own_title, symbolic: |t| t.rent_buy.own_formula, open: true, substituted: own, show: None },
    FormulaRow { title: |t| t.rent_buy.rent_title, symbolic: |t| t.rent_buy.rent_formula, open: true, substituted: rent, show: None },
    FormulaRow { title: |t| t.rent_buy.break_even_title, symbolic: |t| t.rent_buy.break_even_formula, open: true, substituted: break_even, show: None },
];

fn own(p: &Rep, t: &'static Texts) -> String {
    let (i, r) = (&*p.inputs, &p.report);
    let elec = match i.power_model {
        PowerModel::FixedHours => t.rent_buy.own_electricity_fixed(
            &number(i.power_load.0, 2),
            &number(i.hours_per_day.0, 2),
            &number(r.days_per_month, 2),
            &number(i.kwh_price, 3),
            &number(i.pue, 2),
        ),
        PowerModel::FollowsUse => t.rent_buy.own_electricity_follows(
            &number(i.power_idle.0, 2),
            &number(i.power_load.0, 2),
            &number(i.util.0, 3),
            &number(i.month_hours.0, 0),
            &number(i.kwh_price, 3),
            &number(i.pue, 2),
        ),
    };
    format!(
        "({} − {}) / {} + {} + {} + {} = {}",
        amount(i.purchase),
        amount(i.resale),
        number(i.months, 0),
        elec,
        amount(hosting_monthly(i)),
        amount(ops_monthly(i)),
        amount(r.own_monthly.amount)
    )
}

fn rent(p: &Rep, t: &'static Texts) -> String {
    let (i, r) = (&*p.inputs, &p.report);
    t.rent_buy.rent_numbers(
        &amount(i.price_per_hour),
        &number(i.month_hours.0, 0),
        &percent(i.util.0, 1),
        &amount(r.rent_monthly.amount),
    )
}

fn break_even(p: &Rep, t: &'static Texts) -> String {
    let (i, r) = (&*p.inputs, &p.report);
    match (i.power_model, r.break_even) {
        (PowerModel::FixedHours, Some(u)) => t.rent_buy.break_even_numbers(
            &amount(r.own_monthly.amount),
            &amount(i.price_per_hour),
            &number(i.month_hours.0, 0),
            &percent(u.0, 2),
        ),
        (PowerModel::FollowsUse, Some(u)) => t.rent_buy.break_even_numbers_follows(
            &amount(i.price_per_hour),
            &number(i.month_hours.0, 0),
            &percent(u.0, 2),
        ),
        (_, None) => t.rent_buy.break_even_no_numbers.into(),
    }
}
