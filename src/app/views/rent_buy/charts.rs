//! The three rent-or-buy charts, read from the view's one memo (`super::SHEET`): cost against
//! utilisation, break-even against rent, and the totals month by month. Each chart's summary in
//! words and its CSV file are made from the same series as its drawing; the words are read when
//! drawn, so a language switch redraws them.

use super::Rep;
use crate::app::format::{money, number, percent};
use crate::app::i18n::currency_name;
use crate::app::widgets::{Area, ChartRow};
use crate::calc::sensitivity::{BreakEvenVsPrice, CostVsUtil, Cumulative};
use crate::calc::units::{Currency, Money};
use crate::charts::ChartError;
use crate::charts::{draw_break_even_vs_price, draw_cost_vs_util, draw_cumulative, ChartText};
use crate::text::Texts;

#[rustfmt::skip]
pub(super) const CHARTS: &[ChartRow<Rep>] = &[
    ChartRow { testid: "chart-cost-vs-util", label: |t| t.rent_buy.chart_cost, how: |t| t.chart_how.cost_vs_util,
        summary: |p, t| cost_summary(t, &p.report.cost_chart, p.currency), csv: |p, t| cost_rows(t, &p.report.cost_chart, currency_name(t, p.currency)),
        draw: draw_cost },
    ChartRow { testid: "chart-break-even-vs-price", label: |t| t.rent_buy.chart_break_even, how: |t| t.chart_how.break_even_vs_price,
        summary: |p, t| be_summary(t, &p.report.break_even_chart, p.currency), csv: |p, t| be_rows(t, &p.report.break_even_chart, currency_name(t, p.currency)),
        draw: draw_be },
    ChartRow { testid: "chart-cumulative", label: |t| t.rent_buy.chart_cumulative, how: |t| t.chart_how.cumulative,
        summary: |p, t| cum_summary(t, &p.report.cumulative_chart, p.currency), csv: |p, t| cum_rows(t, &p.report.cumulative_chart, currency_name(t, p.currency)),
        draw: draw_cum },
];

fn draw_cost(root: &Area, p: &Rep, t: &'static Texts) -> Result<(), ChartError> {
    let d = &p.report.cost_chart;
    let text = ChartText {
        x_axis: t.rent_buy.axis_util.into(),
        y_axis: t.rent_buy.axis_per_month(currency_name(t, p.currency)),
        first: t.rent_buy.line_own.into(),
        second: t.rent_buy.line_rent.into(),
        mark: d
            .crossing
            .map(|(u, _)| format!("U* {}", percent(u, 1)))
            .unwrap_or_default(),
        chosen: percent(d.chosen.0, 1),
    };
    draw_cost_vs_util(root, d, &text)
}

fn draw_be(root: &Area, p: &Rep, t: &'static Texts) -> Result<(), ChartError> {
    let d = &p.report.break_even_chart;
    let text = ChartText {
        x_axis: t.rent_buy.axis_rent(currency_name(t, p.currency)),
        y_axis: t.rent_buy.axis_break_even.into(),
        first: "U*".into(),
        mark: d
            .chosen
            .1
            .map(|u| format!("{}: {}", number(d.chosen.0, 0), percent(u, 1)))
            .unwrap_or_default(),
        ..Default::default()
    };
    draw_break_even_vs_price(root, d, &text)
}

fn draw_cum(root: &Area, p: &Rep, t: &'static Texts) -> Result<(), ChartError> {
    let d = &p.report.cumulative_chart;
    let text = ChartText {
        x_axis: t.rent_buy.axis_month.into(),
        y_axis: t.rent_buy.axis_total(currency_name(t, p.currency)),
        first: t.rent_buy.line_own_upfront.into(),
        second: t.rent_buy.line_rent.into(),
        mark: d
            .payback
            .map(|(m, _)| t.rent_buy.pays_back(&number(m.ceil(), 0)))
            .unwrap_or_default(),
        ..Default::default()
    };
    draw_cumulative(root, d, &text)
}

/// The value of a line given by its points at `x`, straight between points (the cost lines are
/// straight, so two points give every utilisation exactly).
fn at(points: &[(f64, f64)], x: f64) -> Option<f64> {
    let first = points.first()?;
    let last = points.last()?;
    if x <= first.0 {
        return Some(first.1);
    }
    if x >= last.0 {
        return Some(last.1);
    }
    points.windows(2).find(|w| x <= w[1].0).map(|w| {
        let (a, b) = (w[0], w[1]);
        let span = b.0 - a.0;
        if span <= 0.0 {
            b.1
        } else {
            a.1 + (b.1 - a.1) * (x - a.0) / span
        }
    })
}

/// Each line's ends and where they cross, then the reader's utilisation.
fn cost_summary(t: &'static Texts, d: &CostVsUtil, c: Currency) -> String {
    let w = &t.chart_sum;
    let cash = |v: f64| money(Money::new(v + 0.0, c), 0);
    let (Some(own0), Some(own1), Some(rent0), Some(rent1)) = (
        at(&d.own, 0.0),
        at(&d.own, 1.0),
        at(&d.rent, 0.0),
        at(&d.rent, 1.0),
    ) else {
        return w.empty.to_string();
    };
    // A cent's difference over the whole range is a flat line as the chart shows it.
    let own = if (own1 - own0).abs() < 0.005 {
        w.own_flat(&cash(own0))
    } else {
        w.own_line(&cash(own0), &cash(own1))
    };
    let cross = match d.crossing {
        Some((u, _)) => w.cross(&percent(u, 1)),
        None => {
            let cheaper = if rent0 + rent1 < own0 + own1 {
                w.renting
            } else {
                w.owning
            };
            w.no_cross(cheaper)
        }
    };
    let (u, own_u, rent_u) = d.chosen;
    [
        own,
        w.rent_line(&cash(rent0), &cash(rent1)),
        cross,
        w.you(&percent(u, 1), &cash(own_u), &cash(rent_u)),
    ]
    .join(w.sep)
}

/// Utilisation every 5 %, and the two monthly costs there.
fn cost_rows(t: &'static Texts, d: &CostVsUtil, cur: &str) -> Vec<Vec<String>> {
    let (w, col) = (&t.rent_buy, |name: &str, unit: &str| {
        t.chart_dl.column(name, unit)
    });
    let per_month = w.axis_per_month(cur);
    let mut rows = vec![vec![
        col(w.axis_util, "%"),
        col(w.line_own, &per_month),
        col(w.line_rent, &per_month),
    ]];
    for k in 0..=20 {
        let u = f64::from(k) / 20.0;
        let cell = |s: &[(f64, f64)]| at(s, u).map(|v| format!("{v:.2}")).unwrap_or_default();
        rows.push(vec![format!("{}", k * 5), cell(&d.own), cell(&d.rent)]);
    }
    rows
}

/// The break-even at both ends of the rents drawn, then at the reader's rent.
fn be_summary(t: &'static Texts, d: &BreakEvenVsPrice, c: Currency) -> String {
    let w = &t.chart_sum;
    let price = |p: f64| money(Money::new(p, c), 2);
    let range = match (d.points.first(), d.points.last()) {
        (Some(lo), Some(hi)) => w.be_range(
            &price(lo.0),
            &percent(lo.1, 1),
            &price(hi.0),
            &percent(hi.1, 1),
        ),
        _ => w.be_none.to_string(),
    };
    let (p, u) = d.chosen;
    let you = match u {
        Some(u) if u > 1.0 => w.be_you_above(&price(p), &percent(u, 1)),
        Some(u) => w.be_you(&price(p), &percent(u, 1)),
        None => w.be_you_none(&price(p)),
    };
    [range, you].join(w.sep)
}

fn be_rows(t: &'static Texts, d: &BreakEvenVsPrice, cur: &str) -> Vec<Vec<String>> {
    let w = &t.rent_buy;
    let mut rows = vec![vec![
        w.axis_rent(cur),
        t.chart_dl.column(w.axis_break_even, "%"),
    ]];
    rows.extend(
        d.points
            .iter()
            .map(|(p, u)| vec![format!("{p:.2}"), format!("{:.2}", u * 100.0)]),
    );
    rows
}

/// Both totals at the end of the horizon, and the month the purchase pays back, if it does.
fn cum_summary(t: &'static Texts, d: &Cumulative, c: Currency) -> String {
    let w = &t.chart_sum;
    let cash = |v: f64| money(Money::new(v + 0.0, c), 0);
    let (Some(own), Some(rent)) = (d.own.last(), d.rent.last()) else {
        return w.empty.to_string();
    };
    let totals = w.cum_totals(&number(own.0, 0), &cash(own.1), &cash(rent.1));
    let payback = match d.payback {
        // The month it happens in, as the chart's mark names it.
        Some((m, _)) => w.cum_payback(&number(m.ceil(), 0)),
        None => w.cum_no_payback.to_string(),
    };
    [totals, payback].join(w.sep)
}

fn cum_rows(t: &'static Texts, d: &Cumulative, cur: &str) -> Vec<Vec<String>> {
    let w = &t.rent_buy;
    let total = w.axis_total(cur);
    let mut rows = vec![vec![
        w.axis_month.to_string(),
        t.chart_dl.column(w.line_own_upfront, &total),
        t.chart_dl.column(w.line_rent, &total),
    ]];
    // Both lines are drawn month by month from month 0, so their points pair up.
    rows.extend(d.own.iter().zip(&d.rent).map(|(o, r)| {
        vec![
            format!("{}", o.0),
            format!("{:.2}", o.1),
            format!("{:.2}", r.1),
        ]
    }));
    rows
}
