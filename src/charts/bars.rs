//! Grouped vertical bars: one group per category, one bar per series (hours billed against used
//! under each billing rule; a bill's groups before and after its savings levers).

use super::memory::PARTS;
use super::{axis_top, compact, font, legend, ChartError, Corner, GRID};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::RGBColor;

pub struct BarChart<'a> {
    pub categories: &'a [String],
    /// (legend name, one value per category).
    pub series: &'a [(String, Vec<f64>)],
    pub y_axis: &'a str,
}

pub fn draw_bars<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &BarChart,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let n = c.categories.len().max(1);
    // Room above the tallest bar for its value and the legend, which sits top right.
    let top = axis_top(c.series.iter().flat_map(|s| s.1.iter().copied())) * 1.35;
    let mut chart = ChartBuilder::on(root)
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(0f64..n as f64, 0f64..top)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .max_light_lines(0)
        .bold_line_style(GRID)
        .x_labels(0)
        .y_labels(6)
        .y_desc(c.y_axis)
        .y_label_formatter(&|v| compact(*v))
        .label_style(font(13))
        .axis_desc_style(font(14))
        .draw()?;
    let k = c.series.len().max(1) as f64;
    // Bars fill 80% of a category's width, side by side.
    let w = 0.8 / k;
    for (si, (_, values)) in c.series.iter().enumerate() {
        let color = PARTS[si % PARTS.len()];
        chart.draw_series(values.iter().enumerate().map(|(ci, v)| {
            let x0 = ci as f64 + 0.1 + si as f64 * w;
            let v = if v.is_finite() { v.max(0.0) } else { 0.0 };
            Rectangle::new([(x0, 0.0), (x0 + w * 0.92, v)], color.filled())
        }))?;
        chart.draw_series(values.iter().enumerate().map(|(ci, v)| {
            let x = ci as f64 + 0.1 + (si as f64 + 0.46) * w;
            Text::new(
                compact(*v),
                (x, *v),
                font(12).pos(Pos::new(HPos::Center, VPos::Bottom)),
            )
        }))?;
    }
    let area = chart.plotting_area();
    for (ci, label) in c.categories.iter().enumerate() {
        let (px, py) = area.map_coordinate(&(ci as f64 + 0.5, 0.0));
        root.draw(&Text::new(
            label.clone(),
            (px, py + 8),
            font(13).pos(Pos::new(HPos::Center, VPos::Top)),
        ))?;
    }
    let items: Vec<(&str, RGBColor)> = c
        .series
        .iter()
        .enumerate()
        .map(|(n, (l, _))| (l.as_str(), PARTS[n % PARTS.len()]))
        .collect();
    legend(&chart, Corner::UpperRight, &items)?;
    root.present()?;
    Ok(())
}
