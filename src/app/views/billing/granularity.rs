//! Minimum billing granularity: a list of runs, the billing rule and the price, the hours billed
//! against the hours used, and the hours billed under each rule.

use super::{cash, hours, Figures, LENS};
use crate::app::format::number;
use crate::app::state::use_app;
use crate::app::widgets::{
    ChartCanvas, ChoiceInput, FormulaRow, Formulas, NumberField, StatRow, Stats,
};
use crate::calc::billing::{
    format_runs, parse_runs, BillingInputs, BillingReport, Granularity, GRANULARITY, RUN_PRICE,
};
use crate::calc::choice::Choice;
use crate::charts::bars::{draw_bars, BarChart};
use leptos::prelude::*;

pub fn rule_label(g: Granularity) -> &'static str {
    match g {
        Granularity::Second1m => "per second, 1-minute minimum",
        Granularity::Second1h => "per second, 1-hour minimum",
        Granularity::Hour => "per started hour",
        Granularity::Day => "per started day",
    }
}

/// The option text of a rule's id.
fn rule_text(id: &'static str) -> &'static str {
    Granularity::from_id(id).map_or(id, rule_label)
}

#[rustfmt::skip]
const TILES: &[StatRow<BillingReport>] = &[
    StatRow { testid: "billed-hours", label: "Hours billed", value: |r| r.runs.billed.0.to_string(), text: |r| hours(r.runs.billed.0, 2), note: None },
    StatRow { testid: "used-hours", label: "Hours used", value: |r| r.runs.used.0.to_string(), text: |r| hours(r.runs.used.0, 2), note: None },
    StatRow { testid: "billed-cost", label: "Charged", value: |r| r.billed_cost.amount.to_string(), text: |r| cash(r.billed_cost), note: None },
    StatRow { testid: "excess-cost", label: "Paid for hours not used", value: |r| r.excess_cost.amount.to_string(), text: |r| cash(r.excess_cost), note: None },
];

fn short_label(g: Granularity) -> &'static str {
    match g {
        Granularity::Second1m => "second, 1 min",
        Granularity::Second1h => "second, 1 h",
        Granularity::Hour => "started hour",
        Granularity::Day => "started day",
    }
}

#[rustfmt::skip]
const ROWS: &[FormulaRow<BillingReport>] = &[
    FormulaRow { title: "Hours billed", symbolic: "Σ billed(run): per second max(d, minimum); per started hour ⌈d⌉; per started day 24⌈d/24⌉", open: true, substituted: hours_billed, show: None },
];

#[component]
pub fn MinimumBilling(
    inputs: Memo<BillingInputs>,
    report: Memo<BillingReport>,
    f: Figures,
) -> impl IntoView {
    let app = use_app();
    let runs_raw = RwSignal::new(inputs.with_untracked(|i| format_runs(&i.runs)));
    let runs_error = RwSignal::new(None::<String>);
    let on_runs = move |text: String| {
        app.clear_issue("runs");
        let result = parse_runs(&text)
            .map_err(|e| e.to_string())
            .and_then(|r| app.edit(LENS, |i| i.runs = r).map_err(|e| e.to_string()));
        runs_error.set(result.err());
        runs_raw.set(text);
    };

    view! {
        <h2>"Minimum billing granularity"</h2>
        <div class="columns">
            <form class="inputs" on:submit=|ev| ev.prevent_default()>
                <label class="field">
                    <span class="field-label">
                        "Runs: lengths with units (s, m, h, d), comma-separated"
                    </span>
                    <textarea
                        data-testid="input-runs"
                        rows="2"
                        placeholder="e.g. 10m,25m,3h"
                        prop:value=move || runs_raw.get()
                        on:input=move |ev| on_runs(event_target_value(&ev))
                    ></textarea>
                    <span class="field-msg" role="alert" data-testid="error-runs">
                        {move || runs_error.get().or_else(|| app.issue("runs"))}
                    </span>
                </label>
                <ChoiceInput field=&GRANULARITY lens=LENS label="Billing rule" text=rule_text />
                <span class="field-msg" role="alert">
                    {move || app.issue("granularity")}
                </span>
                <NumberField
                    field=&RUN_PRICE
                    lens=LENS
                    label="Price per instance-hour"
                    unit="per h"
                />
            </form>
            <div class="results">
                <Stats of=f.report rows=TILES />
                <Formulas of=f.report rows=ROWS />
                <ChartCanvas
                    testid="chart-billing-rules"
                    label="Hours billed for these runs under each rule"
                    draw=move |root| {
                        report
                            .with(|r| {
                                let cats: Vec<String> = Granularity::ALL
                                    .iter()
                                    .map(|g| short_label(*g).to_string())
                                    .collect();
                                let (used, by_rule) = (
                                    r.runs.used.0,
                                    r.by_rule.map(|x| x.1.0).to_vec(),
                                );
                                let series = vec![
                                    ("used".to_string(), vec![used; 4]),
                                    ("billed".to_string(), by_rule),
                                ];
                                draw_bars(
                                    root,
                                    &BarChart {
                                        categories: &cats,
                                        series: &series,
                                        y_axis: "hours",
                                    },
                                )
                            })
                    }
                />
            </div>
        </div>
    }
}

fn hours_billed(r: &BillingReport) -> String {
    let parts: Vec<String> = r
        .runs
        .runs
        .iter()
        .take(8)
        .map(|(u, b)| format!("{} h → {} h", number(u.0, 3), number(b.0, 3)))
        .collect();
    let more = if r.runs.runs.len() > 8 { ", …" } else { "" };
    format!(
        "{}{more}; total {} h billed for {} h used",
        parts.join(", "),
        number(r.runs.billed.0, 3),
        number(r.runs.used.0, 3),
    )
}
