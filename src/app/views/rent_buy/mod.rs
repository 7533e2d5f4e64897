//! The rent-or-buy view (docs/formulas.md, "Rent or buy"): the component and its inputs form. The
//! results, the working, the charts and the hybrid plan sit in the files beside it.

mod charts;
mod formulas;
mod hybrid;
mod results;

use self::charts::RentBuyCharts;
use self::formulas::Formulas;
use self::hybrid::Hybrid;
use self::results::Results;
use crate::app::state::{use_app, use_report, AppState, Lens, Reported};
use crate::app::widgets::{NumberField, RadioInput, SliderField};
use crate::calc::rent_buy::{
    report, PowerModel, RentBuyInputs, RentBuyReport, HOSTING, HOURS_PER_DAY, IDLE_KW, KWH_PRICE,
    MONTHS, MONTH_HOURS, OPS, POWER_KW, POWER_MODEL, PRICE, PUE, PURCHASE, RESALE, UTIL,
};
use leptos::prelude::*;

const LENS: Lens<RentBuyInputs> = Lens {
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

    view! {
        <section class="view rent-buy" data-testid="view-rent-buy">
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <fieldset>
                        <legend>"Owning the machine"</legend>
                        <NumberField
                            field=&PURCHASE
                            lens=LENS
                            label="Purchase price (cards, network, power, switch)"
                            unit=cur_code(app)
                        />
                        <NumberField field=&MONTHS lens=LENS label="Amortisation" unit="months" />
                        <NumberField
                            field=&RESALE
                            lens=LENS
                            label="Resale value at the end"
                            unit=cur_code(app)
                        />
                        <RadioInput
                            field=&POWER_MODEL
                            lens=LENS
                            label="Electricity"
                            text=power_text
                        />
                        <NumberField
                            field=&POWER_KW
                            lens=LENS
                            label="Draw at full load"
                            unit="kW"
                        />
                        <Show
                            when=fixed_hours
                            fallback=move || {
                                view! {
                                    <NumberField
                                        field=&IDLE_KW
                                        lens=LENS
                                        label="Draw when idle"
                                        unit="kW"
                                    />
                                }
                            }
                        >
                            <NumberField
                                field=&HOURS_PER_DAY
                                lens=LENS
                                label="Hours a day at full load"
                                unit="h"
                            />
                        </Show>
                        <NumberField
                            field=&KWH_PRICE
                            lens=LENS
                            label="Electricity price"
                            unit="per kWh"
                        />
                        <NumberField
                            field=&PUE
                            lens=LENS
                            label="Cooling overhead (PUE)"
                            unit="×"
                        />
                        <NumberField
                            field=&HOSTING
                            lens=LENS
                            label="Hosting and bandwidth"
                            unit="per month"
                        />
                        <NumberField
                            field=&OPS
                            lens=LENS
                            label="Operations staff share"
                            unit="per month"
                        />
                    </fieldset>
                    <fieldset>
                        <legend>"Renting the same machine"</legend>
                        <SliderField
                            field=&PRICE
                            lens=LENS
                            label="Rent per machine-hour"
                            unit="per h"
                            min=40.0
                            max=300.0
                            step=1.0
                        />
                        <SliderField
                            field=&UTIL
                            lens=LENS
                            label="Utilisation (hours the cards really compute)"
                            unit="%"
                            min=0.0
                            max=100.0
                            step=0.5
                        />
                        <div class="field">
                            <span class="field-label">"Hours in a month"</span>
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
                                                {format!(" {h} h")}
                                            </label>
                                        }
                                    })}
                            </span>
                        </div>
                        <NumberField
                            field=&MONTH_HOURS
                            lens=LENS
                            label="…or any other"
                            unit="h"
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

/// How the form words the electricity models.
fn power_text(id: &'static str) -> &'static str {
    match id {
        "fixed" => " fixed hours a day (the guide)",
        _ => " follows utilisation (idle + load)",
    }
}

fn cur_code(app: AppState) -> &'static str {
    // Read once when the field is built: the header's currency choice rebuilds nothing else.
    app.scenario.with_untracked(|s| s.currency.code())
}
