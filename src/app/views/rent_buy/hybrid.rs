//! The hybrid plan of the rent-or-buy view: a demand profile typed as monthly machine-hours and
//! the mix of owned and rented machines that costs least.

use super::{typed_text, RentBuy, TypedText};
use crate::app::format::{money, percent};
use crate::app::i18n::tr;
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::{live, StatRow, Stats, When};
use crate::calc::demand::{self, Hybrid3Report, HybridReport};
use crate::calc::units::Money;
use leptos::prelude::*;

#[rustfmt::skip]
const TILES: &[StatRow<HybridReport>] = &[
    StatRow { testid: "hybrid-owned", label: |t| t.rent_buy.tile_owned, value: |p| p.best.owned.to_string(), text: |p, _| p.best.owned.to_string(),
        note: Some(|p, t| t.rent_buy.owned_note(&p.demand.len().to_string())) },
    StatRow { testid: "hybrid-monthly", label: |t| t.rent_buy.tile_plan_monthly, value: |p| p.best.monthly.amount.to_string(),
        text: |p, _| money(p.best.monthly, 0), note: Some(|p, t| t.rent_buy.plan_note(&money(p.all_rent, 0))) },
];

/// With reserving compared: the best mix of owned, reserved and rented machines.
#[rustfmt::skip]
const TILES3: &[StatRow<Hybrid3Report>] = &[
    StatRow { testid: "hybrid3-owned", label: |t| t.rent_buy.tile_owned, value: |p| p.best.owned.to_string(), text: |p, _| p.best.owned.to_string(), note: None },
    StatRow { testid: "hybrid3-reserved", label: |t| t.rent_buy.tile_reserved, value: |p| p.best.reserved.to_string(), text: |p, _| p.best.reserved.to_string(),
        note: Some(reserved_note) },
    StatRow { testid: "hybrid3-monthly", label: |t| t.rent_buy.tile_plan_monthly, value: |p| p.best.monthly.amount.to_string(),
        text: |p, _| money(p.best.monthly, 0), note: Some(|p, t| t.rent_buy.plan_note(&money(p.all_rent, 0))) },
];

/// Where one-month terms are chosen month by month and the number changes, the months' numbers.
fn reserved_note(p: &Hybrid3Report, t: &'static crate::text::Texts) -> String {
    let by = &p.best.reserved_by_month;
    if by.windows(2).all(|w| w[0] == w[1]) {
        return String::new();
    }
    let list: Vec<String> = by.iter().map(|m| m.to_string()).collect();
    t.rent_buy.reserved_by_month(&list.join(", "))
}

/// The demand profile and the best mix of owned and rented machines.
#[component]
pub fn Hybrid(rep: RentBuy) -> impl IntoView {
    let app = use_app();
    let plan = memo(move || rep.see(|r| demand::hybrid(&r.inputs, r.currency)));
    let reserving = memo(move || rep.see(|r| r.inputs.reserve));
    let plan3 = memo(move || rep.see(|r| demand::hybrid3(&r.inputs, r.currency)));
    let TypedText {
        raw,
        input,
        message,
    } = typed_text("demand");
    let cur = move || rep.see(|r| r.currency);
    view! {
        <section class="hybrid">
            <h3>{tr(|t| t.rent_buy.hybrid_title)}</h3>
            <label class="field">
                <span class="field-label">{tr(|t| t.rent_buy.demand_label)}</span>
                <textarea
                    data-testid="input-demand"
                    rows="2"
                    placeholder=tr(|t| t.rent_buy.demand_placeholder)
                    prop:value=move || raw.get()
                    on:input=move |ev| input.run(event_target_value(&ev))
                    on:blur=move |_| app.typing_done("demand")
                ></textarea>
                <span class="field-msg" role="alert" data-testid="error-demand">
                    {message}
                </span>
            </label>
            <Stats of=plan rows=TILES />
            <When when=move || reserving.get()>
                <h4>{tr(|t| t.rent_buy.three_title)}</h4>
                <Stats of=plan3 rows=TILES3 />
            </When>
            <table class="plans">
                <thead>
                    <tr>
                        <th>{tr(|t| t.rent_buy.col_owned)}</th>
                        <th>{tr(|t| t.rent_buy.col_monthly)}</th>
                        <th>{tr(|t| t.rent_buy.col_last_busy)}</th>
                    </tr>
                </thead>
                <tbody>
                    {live(move || {
                        plan.see(|p| {
                            p.plans
                                .iter()
                                .take(12)
                                .map(|row| {
                                    let best = row.owned == p.best.owned;
                                    view! {
                                        <tr class:best=best>
                                            <td>{row.owned}</td>
                                            <td>{money(Money::new(row.monthly.amount, cur()), 0)}</td>
                                            <td>
                                                {if row.owned == 0 {
                                                    "–".to_string()
                                                } else {
                                                    percent(row.last_machine_util, 1)
                                                }}
                                            </td>
                                        </tr>
                                    }
                                })
                                .collect_view()
                        })
                    })}
                </tbody>
            </table>
            <p class="hint">{tr(|t| t.rent_buy.hybrid_hint)}</p>
        </section>
    }
}
