//! Monthly cost against utilisation: owning (flat, or rising when electricity follows use) and
//! renting (rising from zero), the crossing labelled with U*, the chosen utilisation marked.

use super::label::{Labels, Near};
use super::{
    axis_top, compact, legend_band, line_axes, ChartError, ChartText, Key, MARK, OWN, RENT, RESERVE,
};
use crate::calc::reserve::Way;
use crate::calc::sensitivity::{CostVsUtil, CostVsUtil3};
use plotters::coord::Shift;
use plotters::prelude::*;

pub fn draw_cost_vs_util<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    d: &CostVsUtil,
    t: &ChartText,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let body = legend_band(
        root,
        &[(t.first.as_str(), OWN), (t.second.as_str(), RENT)],
        Key::Line,
    )?;
    let top = axis_top(d.own.iter().chain(&d.rent).map(|p| p.1));
    let mut chart = line_axes(
        &body,
        0f64..100f64,
        top,
        (t.x_axis.as_str(), t.y_axis.as_str()),
        (&|v| format!("{v:.0}%"), &|v| compact(*v)),
    )?;
    let pct = |s: &[(f64, f64)]| s.iter().map(|(u, c)| (u * 100.0, *c)).collect::<Vec<_>>();
    chart.draw_series(LineSeries::new(pct(&d.own), OWN.stroke_width(3)))?;
    chart.draw_series(LineSeries::new(pct(&d.rent), RENT.stroke_width(3)))?;

    let mut labels = Labels::new(&chart);
    labels.avoid(&chart, &pct(&d.own));
    labels.avoid(&chart, &pct(&d.rent));
    // The crossing first: it is the chart's point, and the chosen value's label yields to it.
    if let Some((u_star, cost)) = d.crossing {
        let p = (u_star * 100.0, cost);
        chart.draw_series(std::iter::once(Circle::new(p, 6, MARK.stroke_width(2))))?;
        let (px, py) = labels.at(&chart, p);
        labels.put(&t.mark, Near::Point { x: px, y: py, r: 6 })?;
    }
    // The chosen value last: a move of it changes only what is drawn from here on, and the
    // page's canvas keeps the drawing up to here (see `app::widgets::canvas_backend`).
    let (u, own, rent) = d.chosen;
    let x = u * 100.0;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(x, 0.0), (x, top)],
        MARK.mix(0.5).stroke_width(1),
    )))?;
    chart.draw_series([own, rent].map(|c| Circle::new((x, c), 4, MARK.filled())))?;
    let (px, _) = labels.at(&chart, (x, top));
    labels.put(&t.chosen, Near::Upright { x: px, y: 0 })?;
    root.present()?;
    Ok(())
}

/// Owning, renting and a reserved machine (flat) against utilisation, the stretch where each is
/// cheapest as a strip of its colour along the bottom, every crossing ringed and the chosen
/// utilisation marked. `t.first`, `t.second` and `reserve` name the three lines.
pub fn draw_cost_vs_util3<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    d: &CostVsUtil3,
    t: &ChartText,
    reserve: &str,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let body = legend_band(
        root,
        &[
            (t.first.as_str(), OWN),
            (t.second.as_str(), RENT),
            (reserve, RESERVE),
        ],
        Key::Line,
    )?;
    let top = axis_top(d.own.iter().chain(&d.rent).chain(&d.reserve).map(|p| p.1));
    let mut chart = line_axes(
        &body,
        0f64..100f64,
        top,
        (t.x_axis.as_str(), t.y_axis.as_str()),
        (&|v| format!("{v:.0}%"), &|v| compact(*v)),
    )?;
    let pct = |s: &[(f64, f64)]| s.iter().map(|(u, c)| (u * 100.0, *c)).collect::<Vec<_>>();
    let color = |w: Way| match w {
        Way::Own => OWN,
        Way::Rent => RENT,
        Way::Reserve => RESERVE,
    };
    // The winner's strip first, under the lines.
    let strip = top * 0.025;
    chart.draw_series(d.bands.iter().filter(|b| b.to.0 > b.from.0).map(|b| {
        Rectangle::new(
            [(b.from.0 * 100.0, 0.0), (b.to.0 * 100.0, strip)],
            color(b.way).filled(),
        )
    }))?;
    // Reserving is drawn dashed-light when it is not compared: what it would cost, not a choice.
    let reserve_style = if d.reserve_considered {
        RESERVE.stroke_width(3)
    } else {
        RESERVE.mix(0.35).stroke_width(2)
    };
    chart.draw_series(LineSeries::new(pct(&d.reserve), reserve_style))?;
    chart.draw_series(LineSeries::new(pct(&d.own), OWN.stroke_width(3)))?;
    chart.draw_series(LineSeries::new(pct(&d.rent), RENT.stroke_width(3)))?;
    for c in &d.crossings {
        chart.draw_series(std::iter::once(Circle::new(
            (c.util * 100.0, c.cost),
            6,
            MARK.stroke_width(2),
        )))?;
    }
    let (u, own, rent, res) = d.chosen;
    let x = u * 100.0;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(x, 0.0), (x, top)],
        MARK.mix(0.5).stroke_width(1),
    )))?;
    chart.draw_series([own, rent, res].map(|c| Circle::new((x, c), 4, MARK.filled())))?;
    let mut labels = Labels::new(&chart);
    labels.avoid(&chart, &pct(&d.own));
    labels.avoid(&chart, &pct(&d.rent));
    let (px, _) = labels.at(&chart, (x, top));
    labels.put(&t.chosen, Near::Upright { x: px, y: 0 })?;
    root.present()?;
    Ok(())
}
