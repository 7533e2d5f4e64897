//! The rent-or-buy view (docs/formulas.md, "Rent or buy"): inputs of the guide's formula, sliders for
//! utilisation and hourly rent, the monthly costs, the break-even, the verdict, the working, the
//! charts and the hybrid plan for a demand profile.

use super::rent_buy_charts::RentBuyCharts;
use crate::app::format::{money, number, percent};
use crate::app::state::{use_app, use_report, Lens, Reported};
use crate::app::widgets::{Formula, NumberField, SliderField, Stat};
use crate::calc::choice::Choice;
use crate::calc::demand::{self, format_demand, parse_demand};
use crate::calc::rent_buy::{
    report, PowerModel, RentBuyInputs, RentBuyReport, Verdict, HOSTING, HOURS_PER_DAY, IDLE_KW,
    KWH_PRICE, MONTHS, MONTH_HOURS, OPS, POWER_KW, PRICE, PUE, PURCHASE, RESALE, UTIL,
};
use crate::calc::units::Money;
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
    let cur = move || rep.with(|r| r.currency);
    let m = move |amount: f64| money(Money::new(amount, cur()), 0);
    let fixed_hours = move || inputs.with(|i| i.power_model == PowerModel::FixedHours);

    view! {
        <section class="view rent-buy" data-testid="view-rent-buy">
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <fieldset>
                        <legend>"Owning the machine"</legend>
                        <NumberField field=&PURCHASE lens=LENS label="Purchase price (cards, network, power, switch)" unit=cur_code(app) />
                        <NumberField field=&MONTHS lens=LENS label="Amortisation" unit="months" />
                        <NumberField field=&RESALE lens=LENS label="Resale value at the end" unit=cur_code(app) />
                        <div class="field">
                            <span class="field-label">"Electricity"</span>
                            <span class="field-control radios" data-testid="input-power_model">
                                <label>
                                    <input type="radio" name="power_model" value="fixed"
                                        prop:checked=fixed_hours
                                        on:change=move |_| app.try_edit(LENS, |i| i.power_model = PowerModel::FixedHours) />
                                    " fixed hours a day (the guide)"
                                </label>
                                <label>
                                    <input type="radio" name="power_model" value="use"
                                        prop:checked=move || !fixed_hours()
                                        on:change=move |_| app.try_edit(LENS, |i| i.power_model = PowerModel::FollowsUse) />
                                    " follows utilisation (idle + load)"
                                </label>
                            </span>
                        </div>
                        <NumberField field=&POWER_KW lens=LENS label="Draw at full load" unit="kW" />
                        <Show
                            when=fixed_hours
                            fallback=move || view! {
                                <NumberField field=&IDLE_KW lens=LENS label="Draw when idle" unit="kW" />
                            }
                        >
                            <NumberField field=&HOURS_PER_DAY lens=LENS label="Hours a day at full load" unit="h" />
                        </Show>
                        <NumberField field=&KWH_PRICE lens=LENS label="Electricity price" unit="per kWh" />
                        <NumberField field=&PUE lens=LENS label="Cooling overhead (PUE)" unit="×" />
                        <NumberField field=&HOSTING lens=LENS label="Hosting and bandwidth" unit="per month" />
                        <NumberField field=&OPS lens=LENS label="Operations staff share" unit="per month" />
                    </fieldset>
                    <fieldset>
                        <legend>"Renting the same machine"</legend>
                        <SliderField field=&PRICE lens=LENS label="Rent per machine-hour" unit="per h" min=40.0 max=300.0 step=1.0 />
                        <SliderField field=&UTIL lens=LENS label="Utilisation (hours the cards really compute)" unit="%" min=0.0 max=100.0 step=0.5 />
                        <div class="field">
                            <span class="field-label">"Hours in a month"</span>
                            <span class="field-control radios">
                                {[720.0, 730.0].map(|h| view! {
                                    <label>
                                        <input type="radio" name="month_hours_choice"
                                            data-testid=format!("input-month_hours-{h}")
                                            prop:checked=move || inputs.with(|i| i.month_hours.0 == h)
                                            on:change=move |_| app.try_edit(LENS, |i| i.month_hours.0 = h) />
                                        {format!(" {h} h")}
                                    </label>
                                })}
                            </span>
                        </div>
                        <NumberField field=&MONTH_HOURS lens=LENS label="…or any other" unit="h" />
                    </fieldset>
                </form>

                <div class="results">
                    <div class="stats">
                        <Stat testid="own-monthly" label="Owning, per month"
                            value=Signal::derive(move || report.with(|r| r.own_monthly.amount.to_string()))
                            text=Signal::derive(move || report.with(|r| money(r.own_monthly, 2)))
                            note=Signal::derive(move || report.with(|r| format!(
                                "depreciation {} · electricity {} · hosting {} · staff {}",
                                m(r.own.depreciation.amount), m(r.own.electricity.amount),
                                m(r.own.hosting.amount), m(r.own.ops.amount))))
                        />
                        <Stat testid="rent-monthly" label="Renting, per month"
                            value=Signal::derive(move || report.with(|r| r.rent_monthly.amount.to_string()))
                            text=Signal::derive(move || report.with(|r| money(r.rent_monthly, 2)))
                            note=Signal::derive(move || inputs.with(|i| format!("at {} utilisation", percent(i.util.0, 1))))
                        />
                        <Stat testid="break-even-utilization" label="Break-even utilisation"
                            value=Signal::derive(move || report.with(|r| r.break_even.map(|u| u.0.to_string()).unwrap_or_default()))
                            text=Signal::derive(move || report.with(|r| r.break_even.map(|u| percent(u.0, 1)).unwrap_or_else(|| "none".into())))
                            note=Signal::derive(move || report.with(|r| match r.break_even {
                                Some(u) if u.0 > 1.0 => "above 100%: owning never pays at this rent".to_string(),
                                Some(_) => "owning and renting cost the same here".to_string(),
                                None => "renting an hour costs less than its electricity".to_string(),
                            }))
                        />
                        <Stat testid="verdict" label="At this utilisation"
                            value=Signal::derive(move || report.with(|r| r.verdict.id().to_string()))
                            text=Signal::derive(move || report.with(|r| match r.verdict {
                                Verdict::Rent => "Rent".to_string(),
                                Verdict::Buy => "Buy".to_string(),
                            }))
                            note=Signal::derive(move || report.with(|r| {
                                let d = r.monthly_difference.amount;
                                if d >= 0.0 {
                                    format!("renting saves {} a month", m(d))
                                } else {
                                    format!("owning saves {} a month", m(-d))
                                }
                            }))
                        />
                    </div>
                    <p class="sentence" data-testid="sentence">{move || sentence(&report.get())}</p>
                    <Formulas inputs=inputs report=report />
                    <RentBuyCharts rep=rep />
                    <Hybrid rep=rep />
                </div>
            </div>
        </section>
    }
}

fn cur_code(app: crate::app::state::AppState) -> &'static str {
    // Read once when the field is built: the header's currency choice rebuilds nothing else.
    app.scenario.with_untracked(|s| s.currency.code())
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

#[component]
fn Formulas(inputs: Memo<RentBuyInputs>, report: Memo<RentBuyReport>) -> impl IntoView {
    let own = move || {
        inputs.with(|i| {
            report.with(|r| {
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
            })
        })
    };
    let rent = move || {
        inputs.with(|i| {
            format!(
                "{} × {} h × {} = {}",
                number(i.price_per_hour, 2),
                number(i.month_hours.0, 0),
                percent(i.util.0, 1),
                number(report.with(|r| r.rent_monthly.amount), 2)
            )
        })
    };
    let be = move || {
        inputs.with(|i| {
            report.with(|r| match (i.power_model, r.break_even) {
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
            })
        })
    };
    view! {
        <div class="formulas">
            <Formula title="Owning per month" open=true
                symbolic="(purchase − resale) / months + electricity + hosting + staff"
                substituted=Signal::derive(own) />
            <Formula title="Renting per month" open=true
                symbolic="rent per hour × hours in the month × utilisation"
                substituted=Signal::derive(rent) />
            <Formula title="Break-even utilisation U*" open=true
                symbolic="owning per month / (rent per hour × hours in the month)"
                substituted=Signal::derive(be) />
        </div>
    }
}

/// The demand profile and the best mix of owned and rented machines.
#[component]
fn Hybrid(rep: RentBuy) -> impl IntoView {
    let app = use_app();
    let plan = Memo::new(move |_| rep.with(|r| demand::hybrid(&r.inputs, r.currency)));
    let error = RwSignal::new(None::<String>);
    let raw = RwSignal::new(rep.with_untracked(|r| format_demand(&r.inputs.demand)));
    let on_input = move |text: String| {
        app.clear_issue("demand");
        let result = parse_demand(&text)
            .map_err(|e| e.to_string())
            .and_then(|d| app.edit(LENS, |i| i.demand = d).map_err(|e| e.to_string()));
        error.set(result.err());
        raw.set(text);
    };
    let cur = move || rep.with(|r| r.currency);
    view! {
        <section class="hybrid">
            <h3>"Own the base, rent the peaks"</h3>
            <label class="field">
                <span class="field-label">"Demand profile: machine-hours needed each month, comma-separated (empty: one machine at the chosen utilisation)"</span>
                <textarea data-testid="input-demand" rows="2" placeholder="e.g. 400,650,1500,900"
                    prop:value=move || raw.get()
                    on:input=move |ev| on_input(event_target_value(&ev))></textarea>
                <span class="field-msg" role="alert" data-testid="error-demand">
                    {move || error.get().or_else(|| app.issue("demand"))}
                </span>
            </label>
            <div class="stats">
                <Stat testid="hybrid-owned" label="Machines to own"
                    value=Signal::derive(move || plan.with(|p| p.best.owned.to_string()))
                    text=Signal::derive(move || plan.with(|p| p.best.owned.to_string()))
                    note=Signal::derive(move || plan.with(|p| format!("over {} month(s) of demand", p.demand.len())))
                />
                <Stat testid="hybrid-monthly" label="Average monthly cost of that plan"
                    value=Signal::derive(move || plan.with(|p| p.best.monthly.amount.to_string()))
                    text=Signal::derive(move || plan.with(|p| money(p.best.monthly, 0)))
                    note=Signal::derive(move || plan.with(|p| format!("renting everything: {}", money(p.all_rent, 0))))
                />
            </div>
            <table class="plans">
                <thead><tr><th>"owned"</th><th>"average per month"</th><th>"last owned machine busy"</th></tr></thead>
                <tbody>
                    {move || plan.with(|p| p.plans.iter().take(12).map(|row| {
                        let best = row.owned == p.best.owned;
                        view! {
                            <tr class:best=best>
                                <td>{row.owned}</td>
                                <td>{money(Money::new(row.monthly.amount, cur()), 0)}</td>
                                <td>{if row.owned == 0 { "–".to_string() } else { percent(row.last_machine_util, 1) }}</td>
                            </tr>
                        }
                    }).collect_view())}
                </tbody>
            </table>
            <p class="hint">"A further machine pays for itself only while it would be busy more than the break-even share of its hours."</p>
        </section>
    }
}
