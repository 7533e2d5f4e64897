//! The rent-or-buy view (docs/formulas.md, "Rent or buy"): the component and its inputs form. The
//! results, the working, the charts and the hybrid plan sit in the files beside it.

mod charts;
mod formulas;
mod hybrid;
mod moves;
mod results;

use self::charts::RentBuyCharts;
use self::formulas::Formulas;
use self::hybrid::Hybrid;
use self::moves::Moves;
use self::results::{answer, Results};
use super::headline::Headline;
use crate::app::format::number;
use crate::app::i18n::tr;
use crate::app::state::{use_app, use_report, Lens, Reported};
use crate::app::widgets::{form, holds, num, radio, slider, Item, NumberField, Section};
use crate::calc::rent_buy::{
    report, PowerModel, RentBuyInputs, RentBuyReport, HOSTING, HOURS_PER_DAY, IDLE_KW, KWH_PRICE,
    MONTHS, MONTH_HOURS, OPS, POWER_KW, POWER_MODEL, PRICE, PUE, PURCHASE, RESALE, UTIL,
};
use leptos::prelude::*;

pub const LENS: Lens<RentBuyInputs> = crate::app::state::lenses::RENT_BUY;

/// The form: what owning costs, then what renting costs and how much of the month it is used.
const FORM: &[Section] = &[
    Section {
        legend: Some(|t| t.rent_buy.legend_own),
        items: &[
            Item::Control(|| num(&PURCHASE, LENS)),
            Item::Control(|| num(&MONTHS, LENS)),
            Item::Control(|| num(&RESALE, LENS)),
            Item::Control(|| radio(&POWER_MODEL, LENS)),
            Item::Control(|| num(&POWER_KW, LENS)),
            Item::Either {
                when: || holds(LENS, |i| i.power_model == PowerModel::FixedHours),
                yes: &[Item::Control(|| num(&HOURS_PER_DAY, LENS))],
                no: &[Item::Control(|| num(&IDLE_KW, LENS))],
            },
            Item::Control(|| num(&KWH_PRICE, LENS)),
            Item::Control(|| num(&PUE, LENS)),
            Item::Help("pue"),
            Item::Control(|| num(&HOSTING, LENS)),
            Item::Control(|| num(&OPS, LENS)),
        ],
    },
    Section {
        legend: Some(|t| t.rent_buy.legend_rent),
        items: &[
            Item::Control(|| slider(&PRICE, LENS, (40.0, 300.0, 1.0))),
            Item::Control(|| slider(&UTIL, LENS, (0.0, 100.0, 0.5))),
            Item::Control(month_hours),
        ],
    },
];

/// The hours a month is billed as: the two usual counts as radio buttons, or any other typed.
fn month_hours() -> AnyView {
    let app = use_app();
    let inputs = app.slice(LENS);
    view! {
        <div class="field" role="radiogroup" aria-label=tr(|t| t.field.month_hours)>
            <span class="field-label">{tr(|t| t.field.month_hours)}</span>
            <span class="field-control radios">
                {[720.0, 730.0]
                    .map(|h| {
                        view! {
                            <label>
                                <input
                                    type="radio"
                                    name="month_hours_choice"
                                    data-testid=format!("input-month_hours-{h}")
                                    prop:checked=move || inputs.with(|i| i.month_hours.0 == h)
                                    on:change=move |_| {
                                        app.try_edit(LENS, |i| i.month_hours.0 = h)
                                    }
                                />
                                " "
                                {move || app.t().rent_buy.hours_option(&number(h, 0))}
                            </label>
                        }
                    })}
            </span>
        </div>
        <NumberField field=&MONTH_HOURS lens=LENS label=|t| t.rent_buy.or_any_other />
    }
    .into_any()
}

/// The inputs and report of this view, always computed together.
pub type RentBuy = Memo<Reported<RentBuyInputs, RentBuyReport>>;

#[component]
pub fn RentBuyView() -> impl IntoView {
    let app = use_app();
    let rep: RentBuy = use_report(LENS, report);
    let inputs = Memo::new(move |_| rep.with(|r| (*r.inputs).clone()));
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));
    let said = Memo::new(move |_| rep.with(|r| answer(r, app.t())));

    view! {
        <section class="view rent-buy" data-testid="view-rent-buy">
            <Headline answer=said lead_hook="verdict" help_end="u-star" />
            <div class="columns">
                {form(FORM)} <div class="results">
                    <Results rep=rep report=report />
                    <Formulas inputs=inputs report=report />
                    <RentBuyCharts rep=rep />
                    <Hybrid rep=rep />
                    <Moves rep=rep />
                </div>
            </div>
        </section>
    }
}
