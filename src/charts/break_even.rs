//! Break-even utilisation against the hourly rent, over the guide's market range and around the
//! chosen price, the chosen price marked. The 100% line shows where owning can no longer pay.

use super::{font, legend, ChartError, ChartText, Corner, GRID, MARK, OWN};
use crate::calc::sensitivity::BreakEvenVsPrice;
use plotters::coord::Shift;
use plotters::prelude::*;

pub fn draw_break_even_vs_price<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    d: &BreakEvenVsPrice,
    t: &ChartText,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let (lo, hi) = d.price_range;
    // Show up to 150%: beyond it the curve says only "owning never pays", which the 100% line shows.
    let top = d
        .points
        .iter()
        .map(|p| p.1 * 100.0)
        .fold(100.0, f64::max)
        .min(150.0)
        * 1.05;
    let mut chart = ChartBuilder::on(root)
        .margin(12)
        .margin_right(28)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(lo..hi, 0f64..top)?;
    chart
        .configure_mesh()
        .max_light_lines(0)
        .x_labels(7)
        .y_labels(6)
        .bold_line_style(GRID)
        .x_desc(t.x_axis.as_str())
        .y_desc(t.y_axis.as_str())
        .y_label_formatter(&|v| format!("{v:.0}%"))
        .x_label_formatter(&|v| format!("{v:.0}"))
        .label_style(font(14))
        .axis_desc_style(font(14))
        .draw()?;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(lo, 100.0), (hi, 100.0)],
        MARK.mix(0.4).stroke_width(1),
    )))?;
    let pts: Vec<(f64, f64)> = d
        .points
        .iter()
        .map(|(p, u)| (*p, (u * 100.0).min(top)))
        .collect();
    chart.draw_series(LineSeries::new(pts, OWN.stroke_width(3)))?;
    let (price, u) = d.chosen;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(price, 0.0), (price, top)],
        MARK.mix(0.5).stroke_width(1),
    )))?;
    if let Some(u) = u.map(|u| (u * 100.0).min(top)) {
        chart.draw_series(std::iter::once(Circle::new((price, u), 5, MARK.filled())))?;
        chart.draw_series(std::iter::once(Text::new(
            t.mark.clone(),
            (price + (hi - lo) * 0.015, u + top * 0.04),
            font(15),
        )))?;
    }
    legend(&chart, Corner::UpperRight, &[(t.first.as_str(), OWN)])?;
    root.present()?;
    Ok(())
}
