//! The spot chart: expected cost against job length on demand and on spot with and without
//! checkpoints, with the crossing marked. Its shape (the cut lines, the axis ends, the mark) comes
//! from the core's `cost_chart`; this file only words and draws it.

use super::Spot;
use crate::app::format::number;
use crate::app::widgets::ChartCanvas;
use crate::calc::spot::{cost_chart, CostChart};
use crate::charts::memory::{draw_sweep, SweepChart};
use crate::charts::ChartError;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingBackend};

#[component]
pub fn SpotChart(rep: Spot) -> impl IntoView {
    let chart = Memo::new(move |_| rep.with(|r| cost_chart(&r.inputs, &r.report)));
    // Under a fixed stop the crossing may be where jobs stop finishing at all.
    let label = Memo::new(move |_| {
        rep.with(|r| {
            let cut_off = r.report.crossover_is_cut_off();
            r.report
                .crossover
                .map(|c| {
                    if cut_off {
                        format!("no checkpoints: nothing past {} h finishes", number(c.0, 1))
                    } else {
                        format!("no checkpoints costs more past {} h", number(c.0, 1))
                    }
                })
                .unwrap_or_default()
        })
    });
    let y_axis = Memo::new(move |_| rep.with(|r| format!("expected cost, {}", r.currency.code())));

    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-spot-cost"
                label="Expected cost against job length"
                draw=move |root| {
                    chart.with(|c| label.with(|l| y_axis.with(|y| draw_cost(root, c, l, y))))
                }
            />
        </div>
    }
}

fn draw_cost<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &CostChart,
    label: &str,
    y_axis: &str,
) -> Result<(), ChartError> {
    let series = vec![
        ("on demand".to_string(), c.on_demand.clone()),
        ("spot, checkpoints".to_string(), c.with.clone()),
        ("spot, no checkpoints".to_string(), c.without.clone()),
    ];
    draw_sweep(
        root,
        &SweepChart {
            series: &series,
            capacity: None,
            capacity_label: "",
            x_axis: "job length, compute hours",
            y_axis,
            x_max: c.x_max,
            marked: c.mark,
            mark_label: label,
        },
    )
}
