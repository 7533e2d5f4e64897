//! Minimum billing granularity: a list of runs, the billing rule and the price, the hours billed
//! against the hours used, and the hours billed under each rule.

use super::{cash, hours, Figures, LENS};
use crate::app::format::number;
use crate::app::i18n::{tr, Tr};
use crate::app::state::{use_app, See};
use crate::app::widgets::{
    choice, form, live, num, ChartCanvas, FormulaRow, Formulas, Item, Section, StatRow, Stats,
};
use crate::app::words::billing_error;
use crate::calc::billing::{
    format_runs, parse_runs, BillingError, BillingReport, Granularity, GRANULARITY, RUN_PRICE,
};
use crate::calc::choice::Choice;
use crate::charts::bars::{draw_bars, BarChart};
use crate::text::Texts;
use leptos::prelude::*;

#[rustfmt::skip]
const TILES: &[StatRow<BillingReport>] = &[
    StatRow { testid: "billed-hours", label: |t| t.billing.tile_billed, value: |r| r.runs.billed.0.to_string(), text: |r, t| hours(t, r.runs.billed.0, 2), note: None },
    StatRow { testid: "used-hours", label: |t| t.billing.tile_used, value: |r| r.runs.used.0.to_string(), text: |r, t| hours(t, r.runs.used.0, 2), note: None },
    StatRow { testid: "billed-cost", label: |t| t.billing.tile_charged, value: |r| r.billed_cost.amount.to_string(), text: |r, _| cash(r.billed_cost), note: None },
    StatRow { testid: "excess-cost", label: |t| t.billing.tile_excess, value: |r| r.excess_cost.amount.to_string(), text: |r, _| cash(r.excess_cost), note: None },
];

/// A rule's short name, for the chart's categories.
fn short_label(t: &'static Texts, g: Granularity) -> &'static str {
    t.billing.rule_short.get(g.id()).unwrap_or(g.id())
}

/// How to read the chart.
const HOW: Tr = |t| t.chart_how.billing_rules;

#[rustfmt::skip]
const ROWS: &[FormulaRow<BillingReport>] = &[
    FormulaRow { title: |t| t.billing.billed_title, symbolic: |t| t.billing.billed_formula, open: true, substituted: hours_billed, show: None },
];

const FORM: &[Section] = &[Section {
    legend: None,
    items: &[
        Item::Control(runs),
        Item::Control(|| choice(&GRANULARITY, LENS)),
        Item::Control(|| {
            let app = use_app();
            view! {
                <span class="field-msg" role="alert">
                    {live(move || app.issue("granularity"))}
                </span>
            }
            .into_any()
        }),
        Item::Control(|| num(&RUN_PRICE, LENS)),
    ],
}];

/// The runs, one length a line or split by commas, in a box of their own: a list has a text form
/// the number boxes do not read.
fn runs() -> AnyView {
    let app = use_app();
    let runs_raw = RwSignal::new(app.slice(LENS).see_untracked(|i| format_runs(&i.runs)));
    // The refusal is kept as the core's value and worded when shown, so a switch rewords it.
    let runs_error = RwSignal::new(None::<BillingError>);
    let on_runs = move |text: String| {
        app.clear_issue("runs");
        app.typing("runs");
        let result = parse_runs(&text)
            .map_err(BillingError::from)
            .and_then(|r| app.edit(LENS, |i| i.runs = r));
        app.typed("runs", result.is_ok());
        runs_error.set(result.err());
        runs_raw.set(text);
    };
    let runs_message = move || {
        runs_error
            .see(|e| {
                e.as_ref()
                    .map(|e| billing_error(app.t(), e, app.currency.get()))
            })
            .or_else(|| app.issue("runs"))
    };
    view! {
        <label class="field">
            <span class="field-label">{tr(|t| t.billing.runs_label)}</span>
            <textarea
                data-testid="input-runs"
                rows="2"
                placeholder=tr(|t| t.billing.runs_placeholder)
                prop:value=move || runs_raw.get()
                on:input=move |ev| on_runs(event_target_value(&ev))
                on:blur=move |_| app.typing_done("runs")
            ></textarea>
            <span class="field-msg" role="alert" data-testid="error-runs">
                {live(runs_message)}
            </span>
        </label>
    }
    .into_any()
}

#[component]
pub fn MinimumBilling(report: Memo<BillingReport>, f: Figures) -> impl IntoView {
    let app = use_app();
    // The chart's bars in words, and as a table on a click.
    let summary = Signal::derive(move || {
        let t = app.t();
        report.see(|r| {
            let rules: Vec<String> = r
                .by_rule
                .iter()
                .map(|(g, h)| t.chart_sum.pair(short_label(t, *g), &hours(t, h.0, 2)))
                .collect();
            t.chart_sum.rules(
                &hours(t, r.runs.used.0, 2),
                &rules.join(t.chart_sum.line_sep),
            )
        })
    });
    let csv = move || {
        let t = app.t_untracked();
        let (w, d) = (&t.billing, &t.chart_dl);
        report.see_untracked(|r| {
            let mut rows = vec![vec![
                d.rule.to_string(),
                d.column(w.line_used, w.axis_hours),
                d.column(w.line_billed, w.axis_hours),
            ]];
            rows.extend(r.by_rule.iter().map(|(g, h)| {
                vec![
                    short_label(t, *g).to_string(),
                    format!("{:.3}", r.runs.used.0),
                    format!("{:.3}", h.0),
                ]
            }));
            rows
        })
    };
    // The canvas takes its caption as plain text: a language switch draws it anew.
    let chart = move || {
        let t = app.t();
        view! {
            <ChartCanvas
                testid="chart-billing-rules"
                label=t.billing.chart_rules
                how=HOW
                summary=summary
                csv=csv
                draw=move |root| {
                    report
                        .see(|r| {
                            let cats: Vec<String> = Granularity::ALL
                                .iter()
                                .map(|g| short_label(t, *g).to_string())
                                .collect();
                            let (used, by_rule) = (
                                r.runs.used.0,
                                r.by_rule.map(|x| x.1.0).to_vec(),
                            );
                            let series = vec![
                                (t.billing.line_used.to_string(), vec![used; 4]),
                                (t.billing.line_billed.to_string(), by_rule),
                            ];
                            draw_bars(
                                root,
                                &BarChart {
                                    categories: &cats,
                                    series: &series,
                                    y_axis: t.billing.axis_hours,
                                },
                            )
                        })
                }
            />
        }
    };

    view! {
        <h2>{tr(|t| t.billing.granularity_title)}</h2>
        <div class="columns">
            {form(FORM)} <div class="results">
                <Stats of=f.report rows=TILES />
                <Formulas of=f.report rows=ROWS />
                {live(chart)}
            </div>
        </div>
    }
}

fn hours_billed(r: &BillingReport, t: &'static Texts) -> String {
    let parts: Vec<String> = r
        .runs
        .runs
        .iter()
        .take(8)
        .map(|(u, b)| t.billing.billed_run(&number(u.0, 3), &number(b.0, 3)))
        .collect();
    let mut runs = parts.join(t.billing.run_sep);
    if r.runs.runs.len() > 8 {
        runs.push_str(t.billing.billed_more);
    }
    t.billing.billed_numbers(
        &runs,
        &number(r.runs.billed.0, 3),
        &number(r.runs.used.0, 3),
    )
}
