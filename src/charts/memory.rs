//! Memory charts: a stacked bar of what one card holds against its capacity, and memory against a
//! swept input (concurrency, sequence length) with the capacity line, so the largest value that
//! fits can be read off.

use super::{font, legend, ChartError, Corner, GRID, MARK};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::RGBColor;

/// Colours of stacked parts, in order.
pub const PARTS: [RGBColor; 6] = [
    RGBColor(0x0f, 0x76, 0x6e),
    RGBColor(0xd9, 0x77, 0x06),
    RGBColor(0x63, 0x66, 0xf1),
    RGBColor(0x94, 0xa3, 0xb8),
    RGBColor(0xdb, 0x27, 0x77),
    RGBColor(0x65, 0xa3, 0x0d),
];

/// One horizontal bar of `parts` (label, GiB), with the capacity marked.
pub fn draw_stacked<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    parts: &[(String, f64)],
    capacity_gib: f64,
    capacity_label: &str,
    x_axis: &str,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let total: f64 = parts.iter().map(|p| p.1.max(0.0)).sum();
    let top = total.max(capacity_gib).max(1.0) * 1.1;
    let mut chart = ChartBuilder::on(root)
        .margin(12)
        .margin_right(28)
        .x_label_area_size(40)
        .y_label_area_size(10)
        .build_cartesian_2d(0f64..top, 0f64..1f64)?;
    chart
        .configure_mesh()
        .max_light_lines(0)
        .x_labels(7)
        .disable_y_mesh()
        .disable_y_axis()
        .bold_line_style(GRID)
        .x_desc(x_axis)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .label_style(font(14))
        .axis_desc_style(font(14))
        .draw()?;
    let mut x = 0.0;
    for (n, (_, v)) in parts.iter().enumerate() {
        let v = v.max(0.0);
        let color = PARTS[n % PARTS.len()];
        chart.draw_series(std::iter::once(Rectangle::new(
            [(x, 0.25), (x + v, 0.6)],
            color.filled(),
        )))?;
        x += v;
    }
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(capacity_gib, 0.1), (capacity_gib, 0.75)],
        MARK.stroke_width(3),
    )))?;
    chart.draw_series(std::iter::once(Text::new(
        capacity_label.to_string(),
        (capacity_gib, 0.8),
        font(14),
    )))?;
    let items: Vec<(&str, RGBColor)> = parts
        .iter()
        .enumerate()
        .map(|(n, (l, _))| (l.as_str(), PARTS[n % PARTS.len()]))
        .collect();
    legend(&chart, Corner::UpperLeft, &items[..items.len().min(3)])?;
    if items.len() > 3 {
        legend(&chart, Corner::UpperRight, &items[3..])?;
    }
    root.present()?;
    Ok(())
}

/// A line per series (label, points), a horizontal capacity line, and a marked point.
pub struct SweepChart<'a> {
    pub series: &'a [(String, Vec<(f64, f64)>)],
    /// A horizontal limit line (a card's capacity), if any.
    pub capacity: Option<f64>,
    pub capacity_label: &'a str,
    pub x_axis: &'a str,
    pub y_axis: &'a str,
    pub x_max: f64,
    pub marked: Option<(f64, f64)>,
    /// Label of the marked point; when set, a vertical line runs through it.
    pub mark_label: &'a str,
}

pub fn draw_sweep<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &SweepChart,
) -> Result<(), ChartError> {
    let highest = c
        .series
        .iter()
        .flat_map(|s| s.1.iter().map(|p| p.1))
        .filter(|v| v.is_finite())
        .fold(0.0, f64::max);
    let cap = c.capacity.unwrap_or(0.0);
    let top = match c.capacity {
        Some(cap) => highest.min(cap * 3.0).max(cap),
        None => highest,
    }
    .max(1.0)
        * 1.1;
    let x_max = c.x_max.max(1.0);
    let compact = |v: &f64| super::compact(*v);
    let mut chart = super::line_axes(
        root,
        0f64..x_max,
        top,
        (c.x_axis, c.y_axis),
        (&compact, &compact),
    )?;
    for (n, (_, pts)) in c.series.iter().enumerate() {
        let color = PARTS[n % PARTS.len()];
        let clipped = super::cut_at_top(pts, top);
        chart.draw_series(LineSeries::new(clipped, color.stroke_width(3)))?;
    }
    if c.capacity.is_some() {
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(0.0, cap), (x_max, cap)],
            MARK.stroke_width(2),
        )))?;
        chart.draw_series(std::iter::once(Text::new(
            c.capacity_label.to_string(),
            (x_max * 0.6, cap + top * 0.02),
            font(14),
        )))?;
    }
    if let Some(p) = c.marked {
        chart.draw_series(std::iter::once(Circle::new(
            (p.0, p.1.min(top)),
            6,
            MARK.filled(),
        )))?;
        if !c.mark_label.is_empty() {
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(p.0, 0.0), (p.0, top)],
                MARK.mix(0.5).stroke_width(1),
            )))?;
            chart.draw_series(std::iter::once(Text::new(
                c.mark_label.to_string(),
                (p.0 + x_max * 0.015, top * 0.55),
                font(14),
            )))?;
        }
    }
    let items: Vec<(&str, RGBColor)> = c
        .series
        .iter()
        .enumerate()
        .map(|(n, (l, _))| (l.as_str(), PARTS[n % PARTS.len()]))
        .collect();
    legend(&chart, Corner::UpperLeft, &items)?;
    root.present()?;
    Ok(())
}
