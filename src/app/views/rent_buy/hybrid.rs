//! The hybrid plan of the rent-or-buy view: a demand profile typed as monthly machine-hours and
//! the mix of owned and rented machines that costs least.

use super::{RentBuy, LENS};
use crate::app::format::{money, percent};
use crate::app::state::use_app;
use crate::app::widgets::{StatRow, Stats};
use crate::calc::demand::{self, format_demand, parse_demand, HybridReport};
use crate::calc::units::Money;
use leptos::prelude::*;

#[rustfmt::skip]
const TILES: &[StatRow<HybridReport>] = &[
    StatRow { testid: "hybrid-owned", label: "Machines to own", value: |p| p.best.owned.to_string(), text: |p| p.best.owned.to_string(),
        note: Some(|p| format!("over {} month(s) of demand", p.demand.len())) },
    StatRow { testid: "hybrid-monthly", label: "Average monthly cost of that plan", value: |p| p.best.monthly.amount.to_string(),
        text: |p| money(p.best.monthly, 0), note: Some(|p| format!("renting everything: {}", money(p.all_rent, 0))) },
];

/// The demand profile and the best mix of owned and rented machines.
#[component]
pub fn Hybrid(rep: RentBuy) -> impl IntoView {
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
                <span class="field-label">
                    "Demand profile: machine-hours needed each month, comma-separated (empty: one machine at the chosen utilisation)"
                </span>
                <textarea
                    data-testid="input-demand"
                    rows="2"
                    placeholder="e.g. 400,650,1500,900"
                    prop:value=move || raw.get()
                    on:input=move |ev| on_input(event_target_value(&ev))
                ></textarea>
                <span class="field-msg" role="alert" data-testid="error-demand">
                    {move || error.get().or_else(|| app.issue("demand"))}
                </span>
            </label>
            <Stats of=plan rows=TILES />
            <table class="plans">
                <thead>
                    <tr>
                        <th>"owned"</th>
                        <th>"average per month"</th>
                        <th>"last owned machine busy"</th>
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        plan.with(|p| {
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
                    }}
                </tbody>
            </table>
            <p class="hint">
                "A further machine pays for itself only while it would be busy more than the break-even share of its hours."
            </p>
        </section>
    }
}
