//! Cumulative cost over the amortisation horizon: owning starts at the purchase price and adds its
//! running cost, renting adds each month's rent; the payback month is marked when there is one.

use super::label::{Labels, Near};
use super::{
    axis_top, compact, legend_band, line_axes, ChartError, ChartText, Key, MARK, OWN, RENT,
};
use crate::calc::sensitivity::Cumulative;
use plotters::coord::Shift;
use plotters::prelude::*;

pub fn draw_cumulative<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    d: &Cumulative,
    t: &ChartText,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let body = legend_band(
        root,
        &[(t.first.as_str(), OWN), (t.second.as_str(), RENT)],
        Key::Line,
    )?;
    let months = d.own.last().map(|p| p.0).unwrap_or(1.0).max(1.0);
    let top = axis_top(d.own.iter().chain(&d.rent).map(|p| p.1));
    let mut chart = line_axes(
        &body,
        0f64..months,
        top,
        (t.x_axis.as_str(), t.y_axis.as_str()),
        (&|v| format!("{v:.0}"), &|v| compact(*v)),
    )?;
    chart.draw_series(LineSeries::new(d.own.iter().copied(), OWN.stroke_width(3)))?;
    chart.draw_series(LineSeries::new(
        d.rent.iter().copied(),
        RENT.stroke_width(3),
    ))?;
    if let Some((m, y)) = d.payback {
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(m, 0.0), (m, top)],
            MARK.mix(0.5).stroke_width(1),
        )))?;
        chart.draw_series(std::iter::once(Circle::new(
            (m, y),
            6,
            MARK.stroke_width(2),
        )))?;
        let mut labels = Labels::new(&chart);
        labels.avoid(&chart, &d.own);
        labels.avoid(&chart, &d.rent);
        let (px, _) = labels.at(&chart, (m, top));
        labels.put(&t.mark, Near::Upright { x: px, y: 0 })?;
    }
    root.present()?;
    Ok(())
}
