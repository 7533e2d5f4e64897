//! Memory charts: a stacked bar of what one card holds against its capacity, and memory against a
//! swept input (concurrency, sequence length) with the capacity line, so the largest value that
//! fits can be read off.

use super::label::{Labels, Near};
use super::{font, legend_band, tick_count, ChartError, Key, GRID, MARGIN, MARK, TICK};
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
    let items: Vec<(&str, RGBColor)> = parts
        .iter()
        .enumerate()
        .map(|(n, (l, _))| (l.as_str(), PARTS[n % PARTS.len()]))
        .collect();
    let body = legend_band(root, &items, Key::Block)?;
    let total: f64 = parts.iter().map(|p| p.1.max(0.0)).sum();
    let top = total.max(capacity_gib).max(1.0) * 1.1;
    let (w, _) = body.dim_in_pixel();
    let mut chart = ChartBuilder::on(&body)
        .margin(MARGIN)
        .margin_top(MARGIN / 2)
        .margin_right(28)
        .x_label_area_size(40)
        .y_label_area_size(10)
        .build_cartesian_2d(0f64..top, 0f64..1f64)?;
    chart
        .configure_mesh()
        .max_light_lines(0)
        .x_labels(tick_count(w.saturating_sub(MARGIN + 38), 48, 7))
        .disable_y_mesh()
        .disable_y_axis()
        .bold_line_style(GRID)
        .x_desc(x_axis)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .label_style(font(TICK))
        .axis_desc_style(font(TICK))
        .draw()?;
    let mut x = 0.0;
    for (n, (_, v)) in parts.iter().enumerate() {
        let v = v.max(0.0);
        let color = PARTS[n % PARTS.len()];
        chart.draw_series(std::iter::once(Rectangle::new(
            [(x, 0.15), (x + v, 0.55)],
            color.filled(),
        )))?;
        x += v;
    }
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(capacity_gib, 0.05), (capacity_gib, 1.0)],
        MARK.stroke_width(3),
    )))?;
    // Above the bar, beside the line's top: right of it, or left when the line is near the edge.
    let mut labels = Labels::new(&chart);
    let (px, py) = labels.at(&chart, (capacity_gib, 1.0));
    labels.put(capacity_label, Near::Upright { x: px, y: py })?;
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
    let items: Vec<(&str, RGBColor)> = c
        .series
        .iter()
        .enumerate()
        .map(|(n, (l, _))| (l.as_str(), PARTS[n % PARTS.len()]))
        .collect();
    root.fill(&WHITE)?;
    let body = legend_band(root, &items, Key::Line)?;
    let top = match c.capacity {
        Some(cap) => highest.min(cap * 3.0).max(cap),
        None => highest,
    }
    .max(1.0)
        * 1.1;
    let x_max = c.x_max.max(1.0);
    let compact = |v: &f64| super::compact(*v);
    let mut chart = super::line_axes(
        &body,
        0f64..x_max,
        top,
        (c.x_axis, c.y_axis),
        (&compact, &compact),
    )?;
    let mut labels = Labels::new(&chart);
    for (n, (_, pts)) in c.series.iter().enumerate() {
        let color = PARTS[n % PARTS.len()];
        let clipped = super::cut_at_top(pts, top);
        labels.avoid(&chart, &clipped);
        chart.draw_series(LineSeries::new(clipped, color.stroke_width(3)))?;
    }
    if c.capacity.is_some() {
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(0.0, cap), (x_max, cap)],
            MARK.stroke_width(2),
        )))?;
        // Above its line, from a little past the middle; below it when the line is at the top.
        let (px, py) = labels.at(&chart, (x_max * 0.55, cap));
        labels.put(c.capacity_label, Near::Level { x: px, y: py })?;
    }
    // The mark last: a move of the chosen value changes only what is drawn from here on, and
    // the page's canvas keeps the drawing up to here (see `app::widgets::canvas_backend`).
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
            let (px, _) = labels.at(&chart, (p.0, top));
            labels.put(c.mark_label, Near::Upright { x: px, y: 0 })?;
        }
    }
    root.present()?;
    Ok(())
}
