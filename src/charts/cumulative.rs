//! Cumulative cost over the amortisation horizon: owning starts at the purchase price and adds its
//! running cost, renting adds each month's rent; the payback month is marked when there is one.

use super::{
    axis_top, compact, font, legend, ChartError, ChartText, Corner, GRID, MARK, OWN, RENT,
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
    let months = d.own.last().map(|p| p.0).unwrap_or(1.0).max(1.0);
    let top = axis_top(d.own.iter().chain(&d.rent).map(|p| p.1));
    let mut chart = ChartBuilder::on(root)
        .margin(12)
        .margin_right(28)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(0f64..months, 0f64..top)?;
    chart
        .configure_mesh()
        .max_light_lines(0)
        .x_labels(7)
        .y_labels(6)
        .bold_line_style(GRID)
        .x_desc(t.x_axis.as_str())
        .y_desc(t.y_axis.as_str())
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| compact(*v))
        .label_style(font(14))
        .axis_desc_style(font(14))
        .draw()?;
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
        chart.draw_series(std::iter::once(Text::new(
            t.mark.clone(),
            (m + months * 0.015, top * 0.95),
            font(15),
        )))?;
    }
    legend(
        &chart,
        Corner::UpperLeft,
        &[(t.first.as_str(), OWN), (t.second.as_str(), RENT)],
    )?;
    root.present()?;
    Ok(())
}
