//! Break-even utilisation against the hourly rent, over the guide's market range and around the
//! chosen price, the chosen price marked. The 100% line shows where owning can no longer pay.

use super::label::{Labels, Near};
use super::{legend_band, line_axes, ChartError, ChartText, Key, MARK, OWN};
use crate::calc::sensitivity::BreakEvenVsPrice;
use plotters::coord::Shift;
use plotters::prelude::*;

pub fn draw_break_even_vs_price<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    d: &BreakEvenVsPrice,
    t: &ChartText,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let body = legend_band(root, &[(t.first.as_str(), OWN)], Key::Line)?;
    let (lo, hi) = d.price_range;
    // Show up to 150%: beyond it the curve says only "owning never pays", which the 100% line shows.
    let top = d
        .points
        .iter()
        .map(|p| p.1 * 100.0)
        .fold(100.0, f64::max)
        .min(150.0)
        * 1.05;
    let mut chart = line_axes(
        &body,
        lo..hi,
        top,
        (t.x_axis.as_str(), t.y_axis.as_str()),
        (&|v| format!("{v:.0}"), &|v| format!("{v:.0}%")),
    )?;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(lo, 100.0), (hi, 100.0)],
        MARK.mix(0.4).stroke_width(1),
    )))?;
    let pts: Vec<(f64, f64)> = d
        .points
        .iter()
        .map(|(p, u)| (*p, (u * 100.0).min(top)))
        .collect();
    chart.draw_series(LineSeries::new(pts.iter().copied(), OWN.stroke_width(3)))?;
    let (price, u) = d.chosen;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(price, 0.0), (price, top)],
        MARK.mix(0.5).stroke_width(1),
    )))?;
    if let Some(u) = u.map(|u| (u * 100.0).min(top)) {
        chart.draw_series(std::iter::once(Circle::new((price, u), 5, MARK.filled())))?;
        let mut labels = Labels::new(&chart);
        labels.avoid(&chart, &pts);
        let (px, py) = labels.at(&chart, (price, u));
        labels.put(&t.mark, Near::Point { x: px, y: py, r: 5 })?;
    }
    root.present()?;
    Ok(())
}
