//! The serving charts: throughput and time per output token against concurrency (memory's limit
//! and the latency goal marked), and cost per million output tokens against utilisation. Their
//! series are shaped by the core (`concurrency_chart`, `cost_chart`); this file words and draws,
//! reading the words inside the drawing closures so a language switch redraws them.

use super::Serving;
use crate::app::i18n::{currency_name, Tr};
use crate::app::state::use_app;
use crate::app::widgets::ChartCanvas;
use crate::calc::serving::{concurrency_chart, cost_chart, ConcurrencyChart, CostChart};
use crate::charts::memory::{draw_sweep, SweepChart};
use crate::charts::ChartError;
use crate::text::Texts;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingBackend};

/// The charts' captions.
const THROUGHPUT: Tr = |t| t.serving.chart_throughput;
const LATENCY: Tr = |t| t.serving.chart_latency;
const COST: Tr = |t| t.serving.chart_cost;

#[component]
pub fn ServingCharts(rep: Serving) -> impl IntoView {
    let app = use_app();
    let conc = Memo::new(move |_| {
        rep.with(|r| {
            app.scenario
                .with(|s| concurrency_chart(&r.inputs, s, &r.report))
        })
    });
    let cost = Memo::new(move |_| rep.with(|r| app.scenario.with(|s| cost_chart(s, &r.report))));
    let currency = Memo::new(move |_| rep.with(|r| r.currency));
    let shown = app.t_untracked();

    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-serving-throughput"
                label=THROUGHPUT(shown)
                draw=move |root| {
                    let t = app.t();
                    conc.with(|c| draw_throughput(root, c, t))
                }
            />
            <ChartCanvas
                testid="chart-serving-latency"
                label=LATENCY(shown)
                draw=move |root| {
                    let t = app.t();
                    conc.with(|c| draw_latency(root, c, t))
                }
            />
            <ChartCanvas
                testid="chart-serving-cost"
                label=COST(shown)
                draw=move |root| {
                    let t = app.t();
                    let y = t.serving.cost_axis(currency_name(t, currency.get()));
                    cost.with(|c| draw_cost(root, c, &y, t))
                }
            />
        </div>
    }
}

/// The chosen concurrency is marked; memory's limit is where the line ends, and named.
fn memory_label(c: &ConcurrencyChart, t: &'static Texts) -> String {
    t.serving.memory_mark(
        &c.chosen_throughput.0.to_string(),
        &c.memory_limit.to_string(),
    )
}

fn draw_throughput<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &ConcurrencyChart,
    t: &'static Texts,
) -> Result<(), ChartError> {
    let series = vec![(
        t.serving.throughput_series.to_string(),
        c.throughput.clone(),
    )];
    let label = memory_label(c, t);
    draw_sweep(
        root,
        &SweepChart {
            series: &series,
            capacity: None,
            capacity_label: "",
            x_axis: t.serving.conc_axis,
            y_axis: t.serving.tps_axis,
            x_max: c.x_max,
            marked: Some(c.chosen_throughput),
            mark_label: &label,
        },
    )
}

fn draw_latency<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &ConcurrencyChart,
    t: &'static Texts,
) -> Result<(), ChartError> {
    let series = vec![(t.serving.tpot_series.to_string(), c.tpot_ms.clone())];
    let label = memory_label(c, t);
    draw_sweep(
        root,
        &SweepChart {
            series: &series,
            capacity: Some(c.tpot_goal_ms),
            capacity_label: t.serving.latency_goal,
            x_axis: t.serving.conc_axis,
            y_axis: t.serving.tpot_axis,
            x_max: c.x_max,
            marked: Some(c.chosen_tpot),
            mark_label: &label,
        },
    )
}

fn draw_cost<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &CostChart,
    y_axis: &str,
    t: &'static Texts,
) -> Result<(), ChartError> {
    let cut = |s: &[(f64, f64)]| crate::calc::series::cut_at_top(s, c.y_top);
    // The 1/u lines fall: cut them from the right end so they enter through the top.
    let cut_falling = |s: &[(f64, f64)]| {
        let mut r: Vec<(f64, f64)> = s.iter().rev().copied().collect();
        r = cut(&r);
        r.reverse();
        r
    };
    let series = vec![
        (t.serving.cost_rented.to_string(), cut_falling(&c.rented)),
        (t.serving.cost_rented_used.to_string(), cut(&c.rented_used)),
        (t.serving.cost_owned.to_string(), cut_falling(&c.owned)),
    ];
    draw_sweep(
        root,
        &SweepChart {
            series: &series,
            capacity: None,
            capacity_label: "",
            x_axis: t.serving.util_axis,
            y_axis,
            x_max: 100.0,
            marked: Some(c.mark),
            mark_label: t.serving.this_fleet,
        },
    )
}
