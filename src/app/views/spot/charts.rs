//! The spot chart: expected cost against job length on demand and on spot with and without
//! checkpoints, with the crossing marked. Its shape (the cut lines, the axis ends, the mark) comes
//! from the core's `cost_chart`; this file only words and draws it, and says it in words (from the
//! same report) and as a CSV file (from the same memo).

use super::Spot;
use crate::app::format::{money, number};
use crate::app::i18n::{currency_name, Tr};
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::{live, ChartCanvas};
use crate::calc::order;
use crate::calc::spot::{cost_chart, CostChart, SpotReport};
use crate::calc::units::Money;
use crate::charts::memory::{draw_sweep, SweepChart};
use crate::charts::ChartError;
use crate::text::Texts;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingBackend};

/// How to read it.
const HOW: Tr = |t| t.chart_how.spot_cost;

#[component]
pub fn SpotChart(rep: Spot) -> impl IntoView {
    let app = use_app();
    let chart = memo(move || rep.see(|r| cost_chart(&r.inputs, &r.report)));
    // Where the mark sits, and whether it is where jobs stop finishing at all (under a fixed stop).
    let crossing = memo(move || {
        rep.see(|r| {
            r.report
                .crossover
                .map(|c| (c.0, r.report.crossover_is_cut_off()))
        })
    });
    let currency = memo(move || rep.see(|r| r.currency));
    let summary = Signal::derive(move || {
        let t = app.t();
        rep.see(|r| summary(t, r.inputs.job.0, &r.report, crossing.get()))
    });
    let csv = move || {
        let t = app.t_untracked();
        let y = t.spot.axis_cost(currency_name(t, currency.get_untracked()));
        chart.see_untracked(|c| rows(t, c, &y))
    };
    // The canvas takes its caption as plain text: a language switch draws it anew.
    live(move || {
        let t = app.t();
        view! {
            <div class="charts">
                <ChartCanvas
                    testid="chart-spot-cost"
                    label=t.spot.chart_cost
                    how=HOW
                    summary=summary
                    csv=csv
                    draw=move |root| {
                        let label = mark_label(t, crossing.get());
                        let y_axis = t.spot.axis_cost(currency_name(t, currency.get()));
                        chart.see(|c| draw_cost(root, t, c, &label, &y_axis))
                    }
                />
            </div>
        }
    })
}

/// The mark's words: the crossing's hours, and whether jobs past it never finish.
fn mark_label(t: &'static Texts, crossing: Option<(f64, bool)>) -> String {
    crossing
        .map(|(h, cut_off)| {
            let h = number(h, 1);
            if cut_off {
                t.spot.mark_cut_off(&h)
            } else {
                t.spot.mark_crossover(&h)
            }
        })
        .unwrap_or_default()
}

/// The reader's job on each way of running it, and where spot without checkpoints stops paying.
fn summary(t: &'static Texts, job: f64, r: &SpotReport, crossing: Option<(f64, bool)>) -> String {
    let w = &t.chart_sum;
    let cash = |m: Money| money(m, 2);
    let hours = number(job, 1);
    let costs = match r.cost_without {
        Some(without) => w.spot_job(
            &hours,
            &cash(r.ondemand_cost),
            &cash(r.cost_with),
            &cash(without),
        ),
        None => w.spot_job_never(&hours, &cash(r.ondemand_cost), &cash(r.cost_with)),
    };
    let past = crossing.map(|(h, cut_off)| {
        let h = number(h, 1);
        if cut_off {
            w.spot_cut(&h)
        } else {
            w.spot_cross(&h)
        }
    });
    std::iter::once(costs)
        .chain(past)
        .collect::<Vec<_>>()
        .join(w.sep)
}

/// The three lines by job length. They are drawn at the same lengths, but a line cut at the top
/// of the plot or where jobs stop finishing ends early, or at a length of its own: each length
/// gets a row, and a line without a point there an empty cell.
fn rows(t: &'static Texts, c: &CostChart, y_axis: &str) -> Vec<Vec<String>> {
    let w = &t.spot;
    let col = |name: &str| t.chart_dl.column(name, y_axis);
    let lines = [&c.on_demand, &c.with, &c.without];
    let mut xs: Vec<f64> = lines.iter().flat_map(|l| l.iter().map(|p| p.0)).collect();
    order::sort_by(&mut xs, f64::total_cmp);
    xs.dedup();
    let mut out = vec![vec![
        w.axis_job.to_string(),
        col(w.line_ondemand),
        col(w.line_with),
        col(w.line_without),
    ]];
    for x in xs {
        let mut row = vec![format!("{x:.3}")];
        row.extend(lines.iter().map(|l| {
            l.iter()
                .find(|p| p.0 == x)
                .map(|p| format!("{:.2}", p.1))
                .unwrap_or_default()
        }));
        out.push(row);
    }
    out
}

fn draw_cost<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    t: &'static Texts,
    c: &CostChart,
    label: &str,
    y_axis: &str,
) -> Result<(), ChartError> {
    let series = vec![
        (t.spot.line_ondemand.to_string(), c.on_demand.clone()),
        (t.spot.line_with.to_string(), c.with.clone()),
        (t.spot.line_without.to_string(), c.without.clone()),
    ];
    draw_sweep(
        root,
        &SweepChart {
            series: &series,
            capacity: None,
            capacity_label: "",
            x_axis: t.spot.axis_job,
            y_axis,
            x_max: c.x_max,
            marked: c.mark,
            mark_label: label,
        },
    )
}
