//! The serving charts: throughput and time per output token against concurrency (memory's limit
//! and the latency goal marked), and cost per million output tokens against utilisation. Their
//! series are shaped by the core (`concurrency_chart`, `cost_chart`); this file words and draws,
//! reading the words inside the drawing closures so a language switch redraws them. Each chart's
//! summary in words and its CSV file come from the memo it draws.

use super::Serving;
use crate::app::format::{money, number, percent};
use crate::app::i18n::{currency_name, Tr};
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::ChartCanvas;
use crate::calc::serving::{concurrency_chart, cost_chart, ConcurrencyChart, CostChart};
use crate::calc::units::{Currency, Money};
use crate::charts::memory::{draw_sweep, SweepChart};
use crate::charts::ChartError;
use crate::text::Texts;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingBackend};

/// The charts' captions, worded when shown: a language switch rewords them.
const THROUGHPUT: Tr = |t| t.serving.chart_throughput;
const LATENCY: Tr = |t| t.serving.chart_latency;
const COST: Tr = |t| t.serving.chart_cost;
/// How to read them.
const HOW_THROUGHPUT: Tr = |t| t.chart_how.serving_throughput;
const HOW_LATENCY: Tr = |t| t.chart_how.serving_latency;
const HOW_COST: Tr = |t| t.chart_how.serving_cost;

#[component]
pub fn ServingCharts(rep: Serving) -> impl IntoView {
    let app = use_app();
    let conc = memo(move || {
        rep.see(|r| {
            app.scenario
                .see(|s| concurrency_chart(&r.inputs, s, &r.report))
        })
    });
    let cost = memo(move || rep.see(|r| app.scenario.see(|s| cost_chart(s, &r.report))));
    let currency = memo(move || rep.see(|r| r.currency));
    let tps_sum = Signal::derive(move || {
        let t = app.t();
        conc.see(|c| tps_summary(t, c))
    });
    let tpot_sum = Signal::derive(move || {
        let t = app.t();
        conc.see(|c| tpot_summary(t, c))
    });
    let cost_sum = Signal::derive(move || {
        let t = app.t();
        cost.see(|c| cost_summary(t, c, currency.get()))
    });
    let tps_csv = move || {
        let w = &app.t_untracked().serving;
        conc.see_untracked(|c| {
            rows(
                &[w.conc_axis, w.tps_axis],
                &[&c.throughput],
                |x| format!("{x}"),
                1,
            )
        })
    };
    let tpot_csv = move || {
        let w = &app.t_untracked().serving;
        conc.see_untracked(|c| {
            rows(
                &[w.conc_axis, w.tpot_axis],
                &[&c.tpot_ms],
                |x| format!("{x}"),
                3,
            )
        })
    };
    let cost_csv = move || {
        let t = app.t_untracked();
        let (w, d) = (&t.serving, &t.chart_dl);
        let unit = w.cost_axis(currency_name(t, currency.get_untracked()));
        let header = [
            w.util_axis.to_string(),
            d.column(w.cost_rented, &unit),
            d.column(w.cost_rented_used, &unit),
            d.column(w.cost_owned, &unit),
        ];
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        cost.see_untracked(|c| {
            rows(
                &header,
                &[&c.rented, &c.rented_used, &c.owned],
                |x| format!("{x:.1}"),
                4,
            )
        })
    };

    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-serving-throughput"
                label=THROUGHPUT
                how=HOW_THROUGHPUT
                summary=tps_sum
                csv=tps_csv
                draw=move |root| {
                    let t = app.t();
                    conc.see(|c| draw_throughput(root, c, t))
                }
            />
            <ChartCanvas
                testid="chart-serving-latency"
                label=LATENCY
                how=HOW_LATENCY
                summary=tpot_sum
                csv=tpot_csv
                draw=move |root| {
                    let t = app.t();
                    conc.see(|c| draw_latency(root, c, t))
                }
            />
            <ChartCanvas
                testid="chart-serving-cost"
                label=COST
                how=HOW_COST
                summary=cost_sum
                csv=cost_csv
                draw=move |root| {
                    let t = app.t();
                    let y = t.serving.cost_axis(currency_name(t, currency.get()));
                    cost.see(|c| draw_cost(root, c, &y, t))
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
            marked: c.mark,
            mark_label: t.serving.this_fleet,
        },
    )
}

/// Series drawn on the same x values as a table: `header` names x and then each series; `x`
/// writes an x value, `digits` the decimals of the values.
fn rows(
    header: &[&str],
    series: &[&Vec<(f64, f64)>],
    x: impl Fn(f64) -> String,
    digits: usize,
) -> Vec<Vec<String>> {
    let mut out = vec![header.iter().map(|h| h.to_string()).collect::<Vec<_>>()];
    let Some(first) = series.first() else {
        return out;
    };
    for (k, p) in first.iter().enumerate() {
        let mut row = vec![x(p.0)];
        row.extend(series.iter().map(|s| {
            s.get(k)
                .map(|q| format!("{:.*}", digits, q.1))
                .unwrap_or_default()
        }));
        out.push(row);
    }
    out
}

/// Throughput from the first to the last concurrency drawn, memory's limit, the reader's choice.
fn tps_summary(t: &'static Texts, c: &ConcurrencyChart) -> String {
    let w = &t.chart_sum;
    let n = |v: f64| number(v, 0);
    let (Some(lo), Some(hi)) = (c.throughput.first(), c.throughput.last()) else {
        return w.empty.to_string();
    };
    w.tps(
        &n(lo.1),
        &n(lo.0),
        &n(hi.1),
        &n(hi.0),
        &n(c.memory_limit),
        &n(c.chosen_throughput.0),
        &n(c.chosen_throughput.1),
    )
}

/// Time per token at both ends, the goal and where the line passes it, the reader's choice.
fn tpot_summary(t: &'static Texts, c: &ConcurrencyChart) -> String {
    let w = &t.chart_sum;
    let ms = |v: f64| number(v, 1);
    let pts = &c.tpot_ms;
    let (Some(lo), Some(hi)) = (pts.first(), pts.last()) else {
        return w.empty.to_string();
    };
    let goal = c.tpot_goal_ms;
    let limit = match pts.iter().position(|p| p.1 > goal) {
        None => w.tpot_within.to_string(),
        Some(0) => w.tpot_over.to_string(),
        Some(k) => {
            // Straight between the last concurrency within the goal and the first past it.
            let (a, b) = (pts[k - 1], pts[k]);
            let x = a.0 + (b.0 - a.0) * (goal - a.1) / (b.1 - a.1);
            w.tpot_limit(&number(x, 0))
        }
    };
    [
        w.tpot(
            &ms(lo.1),
            &number(lo.0, 0),
            &ms(hi.1),
            &number(hi.0, 0),
            &ms(goal),
            &number(c.chosen_tpot.0, 0),
            &ms(c.chosen_tpot.1),
        ),
        limit,
    ]
    .join(w.sep)
}

/// Each cost at the lowest and the highest utilisation drawn, and this fleet's.
fn cost_summary(t: &'static Texts, c: &CostChart, cur: Currency) -> String {
    let w = &t.chart_sum;
    let cash = |v: f64| money(Money::new(v, cur), 2);
    let share = |u: f64| percent(u / 100.0, 0);
    let ends = |s: &[(f64, f64)]| Some((*s.first()?, *s.last()?));
    let (Some((r_lo, r_hi)), Some((u_lo, _)), Some((o_lo, o_hi))) =
        (ends(&c.rented), ends(&c.rented_used), ends(&c.owned))
    else {
        return w.empty.to_string();
    };
    w.serve_cost(
        &cash(r_hi.1),
        &share(r_hi.0),
        &cash(r_lo.1),
        &share(r_lo.0),
        &cash(o_hi.1),
        &cash(o_lo.1),
        &cash(u_lo.1),
        &c.mark.map_or(String::new(), |m| percent(m.0 / 100.0, 1)),
        &c.mark.map_or(String::new(), |m| cash(m.1)),
    )
}
