//! The rent-or-buy working: owning, renting and the break-even, each as its formula and with the
//! inputs' numbers in place.

use crate::app::format::{number, percent};
use crate::app::widgets::{FormulaRow, Formulas as Table};
use crate::calc::rent_buy::{PowerModel, RentBuyInputs, RentBuyReport};
use leptos::prelude::*;

type Pair = (RentBuyInputs, RentBuyReport);

#[rustfmt::skip]
const ROWS: &[FormulaRow<Pair>] = &[
    FormulaRow { title: "Owning per month", symbolic: "(purchase − resale) / months + electricity + hosting + staff", open: true, substituted: own, show: None },
    FormulaRow { title: "Renting per month", symbolic: "rent per hour × hours in the month × utilisation", open: true, substituted: rent, show: None },
    FormulaRow { title: "Break-even utilisation U*", symbolic: "owning per month / (rent per hour × hours in the month)", open: true, substituted: break_even, show: None },
];

#[component]
pub fn Formulas(inputs: Memo<RentBuyInputs>, report: Memo<RentBuyReport>) -> impl IntoView {
    let pair = Memo::new(move |_| (inputs.get(), report.get()));
    view! {
        <div class="formulas">
            <Table of=pair rows=ROWS />
        </div>
    }
}

fn own((i, r): &Pair) -> String {
    let elec = match i.power_model {
        PowerModel::FixedHours => format!(
            "{} kW × {} h × {} d × {} × PUE {}",
            number(i.power_load.0, 2),
            number(i.hours_per_day.0, 2),
            number(r.days_per_month, 2),
            number(i.kwh_price, 3),
            number(i.pue, 2)
        ),
        PowerModel::FollowsUse => format!(
            "({} + ({} − {}) × {}) kW × {} h × {} × PUE {}",
            number(i.power_idle.0, 2),
            number(i.power_load.0, 2),
            number(i.power_idle.0, 2),
            number(i.util.0, 3),
            number(i.month_hours.0, 0),
            number(i.kwh_price, 3),
            number(i.pue, 2)
        ),
    };
    format!(
        "({} − {}) / {} + {} + {} + {} = {}",
        number(i.purchase, 2),
        number(i.resale, 2),
        number(i.months, 0),
        elec,
        number(i.hosting_per_month, 2),
        number(i.ops_per_month, 2),
        number(r.own_monthly.amount, 2)
    )
}

fn rent((i, r): &Pair) -> String {
    format!(
        "{} × {} h × {} = {}",
        number(i.price_per_hour, 2),
        number(i.month_hours.0, 0),
        percent(i.util.0, 1),
        number(r.rent_monthly.amount, 2)
    )
}

fn break_even((i, r): &Pair) -> String {
    match (i.power_model, r.break_even) {
        (PowerModel::FixedHours, Some(u)) => format!(
            "{} / ({} × {} h) = {}",
            number(r.own_monthly.amount, 2),
            number(i.price_per_hour, 2),
            number(i.month_hours.0, 0),
            percent(u.0, 2)
        ),
        (PowerModel::FollowsUse, Some(u)) => format!(
            "fixed part / ({} × {} h − load electricity at 100%) = {}",
            number(i.price_per_hour, 2),
            number(i.month_hours.0, 0),
            percent(u.0, 2)
        ),
        (_, None) => "no break-even: renting is cheaper at every utilisation".into(),
    }
}
