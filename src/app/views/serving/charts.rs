//! The serving charts: throughput and time per output token against concurrency (memory's limit
//! and the latency goal marked), and cost per million output tokens against utilisation. Their
//! series are shaped by the core (`concurrency_chart`, `cost_chart`); this file words and draws.

use super::Serving;
use crate::app::widgets::ChartCanvas;
use crate::calc::serving::{concurrency_chart, cost_chart, ConcurrencyChart, CostChart};
use crate::charts::memory::{draw_sweep, SweepChart};
use crate::charts::ChartError;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingBackend};

#[component]
pub fn ServingCharts(rep: Serving) -> impl IntoView {
    let app = crate::app::state::use_app();
    let conc = Memo::new(move |_| {
        rep.with(|r| {
            app.scenario
                .with(|s| concurrency_chart(&r.inputs, s, &r.report))
        })
    });
    let cost = Memo::new(move |_| rep.with(|r| app.scenario.with(|s| cost_chart(s, &r.report))));
    let y_cost = Memo::new(move |_| {
        rep.with(|r| format!("per million output tokens, {}", r.currency.code()))
    });

    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-serving-throughput"
                label="Output tokens per second against concurrent requests"
                draw=move |root| conc.with(|c| draw_throughput(root, c))
            />
            <ChartCanvas
                testid="chart-serving-latency"
                label="Time per output token against concurrent requests"
                draw=move |root| conc.with(|c| draw_latency(root, c))
            />
            <ChartCanvas
                testid="chart-serving-cost"
                label="Cost per million output tokens against utilisation"
                draw=move |root| cost.with(|c| y_cost.with(|y| draw_cost(root, c, y)))
            />
        </div>
    }
}

/// The chosen concurrency is marked; memory's limit is where the line ends, and named.
fn memory_label(c: &ConcurrencyChart) -> String {
    format!(
        "{} requests; memory holds {} (the line ends there)",
        c.chosen_throughput.0, c.memory_limit
    )
}

fn draw_throughput<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &ConcurrencyChart,
) -> Result<(), ChartError> {
    let series = vec![(
        "output tokens/s a replica".to_string(),
        c.throughput.clone(),
    )];
    let label = memory_label(c);
    draw_sweep(
        root,
        &SweepChart {
            series: &series,
            capacity: None,
            capacity_label: "",
            x_axis: "concurrent requests",
            y_axis: "output tokens/s",
            x_max: c.x_max,
            marked: Some(c.chosen_throughput),
            mark_label: &label,
        },
    )
}

fn draw_latency<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &ConcurrencyChart,
) -> Result<(), ChartError> {
    let series = vec![("time per output token".to_string(), c.tpot_ms.clone())];
    let label = memory_label(c);
    draw_sweep(
        root,
        &SweepChart {
            series: &series,
            capacity: Some(c.tpot_goal_ms),
            capacity_label: "latency goal",
            x_axis: "concurrent requests",
            y_axis: "ms per output token",
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
        (
            "rented, paid every hour".to_string(),
            cut_falling(&c.rented),
        ),
        (
            "rented, paid for hours used".to_string(),
            cut(&c.rented_used),
        ),
        ("owned".to_string(), cut_falling(&c.owned)),
    ];
    draw_sweep(
        root,
        &SweepChart {
            series: &series,
            capacity: None,
            capacity_label: "",
            x_axis: "utilisation, %",
            y_axis,
            x_max: 100.0,
            marked: Some(c.mark),
            mark_label: "this fleet",
        },
    )
}
