//! The serving charts: throughput and time per output token against concurrency (memory's limit
//! and the latency goal marked), and cost per million output tokens against utilisation. Their
//! series are shaped by the core (`concurrency_chart`, `cost_chart`); this file words and draws,
//! reading the words when drawing so a language switch redraws them. Each chart's summary in
//! words and its CSV file come from the memo it draws: the view's one memo, through `CHARTS`.

use super::Rep;
use crate::app::format::{money, number, percent};
use crate::app::i18n::currency_name;
use crate::app::widgets::{Area, ChartRow};
use crate::calc::series::Crossing;
use crate::calc::serving::{ConcurrencyChart, CostChart};
use crate::calc::units::{Currency, Money};
use crate::charts::memory::{draw_sweep, SweepChart};
use crate::charts::ChartError;
use crate::text::Texts;
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingBackend};

/// The three charts, each read from the view's memo; captions and words are read when shown, so
/// a language switch rewords them.
#[rustfmt::skip]
pub(super) const CHARTS: &[ChartRow<Rep>] = &[
    ChartRow { testid: "chart-serving-throughput", label: |t| t.serving.chart_throughput, how: |t| t.chart_how.serving_throughput,
        summary: |p, t| tps_summary(t, &p.concurrency), csv: tps_csv,
        draw: |a: &Area, p, t| draw_throughput(a, &p.concurrency, t) },
    ChartRow { testid: "chart-serving-latency", label: |t| t.serving.chart_latency, how: |t| t.chart_how.serving_latency,
        summary: |p, t| tpot_summary(t, &p.concurrency), csv: tpot_csv,
        draw: |a: &Area, p, t| draw_latency(a, &p.concurrency, t) },
    ChartRow { testid: "chart-serving-cost", label: |t| t.serving.chart_cost, how: |t| t.chart_how.serving_cost,
        summary: |p, t| cost_summary(t, &p.cost, p.currency), csv: cost_csv,
        draw: |a: &Area, p, t| draw_cost(a, &p.cost, &t.serving.cost_axis(currency_name(t, p.currency)), t) },
];

fn tps_csv(p: &Rep, t: &'static Texts) -> Vec<Vec<String>> {
    let w = &t.serving;
    let c = &p.concurrency;
    rows(
        &[w.conc_axis, w.tps_axis],
        &[&c.throughput],
        |x| format!("{x}"),
        1,
    )
}

fn tpot_csv(p: &Rep, t: &'static Texts) -> Vec<Vec<String>> {
    let w = &t.serving;
    let c = &p.concurrency;
    rows(
        &[w.conc_axis, w.tpot_axis],
        &[&c.tpot_ms],
        |x| format!("{x}"),
        3,
    )
}

fn cost_csv(p: &Rep, t: &'static Texts) -> Vec<Vec<String>> {
    let (w, d) = (&t.serving, &t.chart_dl);
    let unit = w.cost_axis(currency_name(t, p.currency));
    let header = [
        w.util_axis.to_string(),
        d.column(w.cost_rented, &unit),
        d.column(w.cost_rented_used, &unit),
        d.column(w.cost_owned, &unit),
    ];
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let c = &p.cost;
    rows(
        &header,
        &[&c.rented, &c.rented_used, &c.owned],
        |x| format!("{x:.1}"),
        4,
    )
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
    let limit = match c.tpot_limit {
        Crossing::Never => w.tpot_within.to_string(),
        Crossing::AtStart => w.tpot_over.to_string(),
        Crossing::At(x) => w.tpot_limit(&number(x, 0)),
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
