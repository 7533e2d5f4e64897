//! The rent-or-buy view (docs/formulas.md, "Rent or buy"): the component and its inputs form. The
//! results, the working, the charts and the hybrid plan sit in the files beside it.

mod charts;
mod formulas;
mod hybrid;
mod results;

use self::charts::RentBuyCharts;
use self::formulas::Formulas;
use self::hybrid::Hybrid;
use self::results::{answer, Results};
use super::headline::Headline;
use crate::app::format::number;
use crate::app::glossary::Help;
use crate::app::i18n::tr;
use crate::app::state::{use_app, use_report, Lens, Reported};
use crate::app::widgets::{NumberField, RadioInput, SliderField};
use crate::calc::rent_buy::{
    report, PowerModel, RentBuyInputs, RentBuyReport, HOSTING, HOURS_PER_DAY, IDLE_KW, KWH_PRICE,
    MONTHS, MONTH_HOURS, OPS, POWER_KW, POWER_MODEL, PRICE, PUE, PURCHASE, RESALE, UTIL,
};
use leptos::prelude::*;

pub const LENS: Lens<RentBuyInputs> = Lens {
    get: |s| &s.rent_buy,
    get_mut: |s| &mut s.rent_buy,
};

/// The inputs and report of this view, always computed together.
pub type RentBuy = Memo<Reported<RentBuyInputs, RentBuyReport>>;

#[component]
pub fn RentBuyView() -> impl IntoView {
    let app = use_app();
    let rep: RentBuy = use_report(LENS, report);
    let inputs = Memo::new(move |_| rep.with(|r| (*r.inputs).clone()));
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));
    let fixed_hours = move || inputs.with(|i| i.power_model == PowerModel::FixedHours);
    let said = Memo::new(move |_| rep.with(|r| answer(r, app.t())));

    view! {
        <section class="view rent-buy" data-testid="view-rent-buy">
            <Headline answer=said lead_hook="verdict" help_end="u-star" />
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <fieldset>
                        <legend>{tr(|t| t.rent_buy.legend_own)}</legend>
                        <NumberField field=&PURCHASE lens=LENS />
                        <NumberField field=&MONTHS lens=LENS />
                        <NumberField field=&RESALE lens=LENS />
                        <RadioInput field=&POWER_MODEL lens=LENS />
                        <NumberField field=&POWER_KW lens=LENS />
                        <Show
                            when=fixed_hours
                            fallback=move || {
                                view! { <NumberField field=&IDLE_KW lens=LENS /> }
                            }
                        >
                            <NumberField field=&HOURS_PER_DAY lens=LENS />
                        </Show>
                        <NumberField field=&KWH_PRICE lens=LENS />
                        <NumberField field=&PUE lens=LENS />
                        <Help term="pue" named=true />
                        <NumberField field=&HOSTING lens=LENS />
                        <NumberField field=&OPS lens=LENS />
                    </fieldset>
                    <fieldset>
                        <legend>{tr(|t| t.rent_buy.legend_rent)}</legend>
                        <SliderField field=&PRICE lens=LENS min=40.0 max=300.0 step=1.0 />
                        <SliderField field=&UTIL lens=LENS min=0.0 max=100.0 step=0.5 />
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
                        <NumberField
                            field=&MONTH_HOURS
                            lens=LENS
                            label=|t| t.rent_buy.or_any_other
                        />
                    </fieldset>
                </form>

                <div class="results">
                    <Results rep=rep report=report />
                    <Formulas inputs=inputs report=report />
                    <RentBuyCharts rep=rep />
                    <Hybrid rep=rep />
                </div>
            </div>
        </section>
    }
}
