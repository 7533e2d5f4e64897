//! The spot chart: expected cost against job length on demand and on spot with and without
//! checkpoints, with the crossing marked. Its shape (the cut lines, the axis ends, the mark) comes
//! from the core's `cost_chart`; this file only words and draws it.

use super::Spot;
use crate::app::format::number;
use crate::app::i18n::currency_name;
use crate::app::state::use_app;
use crate::app::widgets::ChartCanvas;
use crate::calc::spot::{cost_chart, CostChart};
use crate::charts::memory::{draw_sweep, SweepChart};
use crate::charts::ChartError;
use crate::text::Texts;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingBackend};

#[component]
pub fn SpotChart(rep: Spot) -> impl IntoView {
    let app = use_app();
    let chart = Memo::new(move |_| rep.with(|r| cost_chart(&r.inputs, &r.report)));
    // Where the mark sits, and whether it is where jobs stop finishing at all (under a fixed stop).
    let crossing = Memo::new(move |_| {
        rep.with(|r| {
            r.report
                .crossover
                .map(|c| (c.0, r.report.crossover_is_cut_off()))
        })
    });
    let currency = Memo::new(move |_| rep.with(|r| r.currency));
    // The canvas takes its caption as plain text: a language switch draws it anew.
    move || {
        let t = app.t();
        view! {
            <div class="charts">
                <ChartCanvas
                    testid="chart-spot-cost"
                    label=t.spot.chart_cost
                    draw=move |root| {
                        let label = mark_label(t, crossing.get());
                        let y_axis = t.spot.axis_cost(currency_name(t, currency.get()));
                        chart.with(|c| draw_cost(root, t, c, &label, &y_axis))
                    }
                />
            </div>
        }
    }
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
