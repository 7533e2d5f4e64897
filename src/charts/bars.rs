//! Grouped vertical bars: one group per category, one bar per series (hours billed against used
//! under each billing rule; a bill's groups before and after its savings levers).

use super::label::{self, Labels, Near};
use super::memory::PARTS;
use super::{
    axis_top, compact, font, legend_band, tick_count, ChartError, Key, GRID, MARGIN, TICK, VALUE,
};
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

/// Room left of the plot for the values and the axis name.
const Y_AREA: u32 = 56;

pub fn draw_bars<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &BarChart,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let items: Vec<(&str, RGBColor)> = c
        .series
        .iter()
        .enumerate()
        .map(|(n, (l, _))| (l.as_str(), PARTS[n % PARTS.len()]))
        .collect();
    let body = legend_band(root, &items, Key::Block)?;
    let n = c.categories.len().max(1);
    let (w, h) = body.dim_in_pixel();
    // Category names wrap to the width of their group, so neighbours never run into each other.
    let slot = (w.saturating_sub(2 * MARGIN + Y_AREA) / n as u32) as i32 - 6;
    let names = c
        .categories
        .iter()
        .map(|l| label::wrap_words(&body, l, &font(TICK), slot.max(24), false))
        .collect::<Result<Vec<_>, _>>()?;
    let rows = names.iter().map(Vec::len).max().unwrap_or(1) as i32;
    let line_h = label::line_height(TICK);
    // Room above the tallest bar for its value.
    let top = axis_top(c.series.iter().flat_map(|s| s.1.iter().copied())) * 1.15;
    let mut chart = ChartBuilder::on(&body)
        .margin(MARGIN)
        .margin_top(MARGIN / 2)
        .x_label_area_size(12 + rows * line_h)
        .y_label_area_size(Y_AREA)
        .build_cartesian_2d(0f64..n as f64, 0f64..top)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .max_light_lines(0)
        .bold_line_style(GRID)
        .x_labels(0)
        .y_labels(tick_count(h.saturating_sub(MARGIN + 40), 34, 6))
        .y_desc(c.y_axis)
        .y_label_formatter(&|v| compact(*v))
        .label_style(font(TICK))
        .axis_desc_style(font(TICK))
        .draw()?;
    let k = c.series.len().max(1) as f64;
    // Bars fill 80% of a category's width, side by side.
    let bw = 0.8 / k;
    // The corners of series `si`'s bar in category `ci`.
    let bar = |si: usize, ci: usize, v: f64| {
        let x0 = ci as f64 + 0.1 + si as f64 * bw;
        let v = if v.is_finite() { v.max(0.0) } else { 0.0 };
        ((x0, 0.0), (x0 + bw * 0.92, v))
    };
    for (si, (_, values)) in c.series.iter().enumerate() {
        let color = PARTS[si % PARTS.len()];
        chart.draw_series(values.iter().enumerate().map(|(ci, v)| {
            let (a, b) = bar(si, ci, *v);
            Rectangle::new([a, b], color.filled())
        }))?;
    }
    let mut labels = Labels::new(&chart);
    for (si, (_, values)) in c.series.iter().enumerate() {
        for (ci, v) in values.iter().enumerate() {
            let (a, b) = bar(si, ci, *v);
            labels.block(&chart, a, b);
        }
    }
    // The values are written over their bars when every one fits its bar's share of the width;
    // on a narrow chart none is (the tables beside it carry the figures), rather than some.
    let share = (f64::from(labels.size().0) * bw / n as f64) as i32 + 4;
    let texts: Vec<Vec<String>> = c
        .series
        .iter()
        .map(|(_, values)| values.iter().map(|v| compact(*v)).collect())
        .collect();
    let mut fit = true;
    for t in texts.iter().flatten() {
        fit &= labels.width_sized(t, VALUE)? <= share;
    }
    if fit {
        for (si, (_, values)) in c.series.iter().enumerate() {
            for (ci, v) in values.iter().enumerate() {
                let (a, b) = bar(si, ci, *v);
                let (px, py) = labels.at(&chart, ((a.0 + b.0) / 2.0, b.1));
                labels.put_sized(&texts[si][ci], Near::Over { x: px, y: py }, VALUE)?;
            }
        }
    }
    let area = chart.plotting_area();
    for (ci, lines) in names.iter().enumerate() {
        let (px, py) = area.map_coordinate(&(ci as f64 + 0.5, 0.0));
        for (r, line) in lines.iter().enumerate() {
            root.draw(&Text::new(
                line.clone(),
                (px, py + 8 + line_h * r as i32),
                font(TICK).pos(Pos::new(HPos::Center, VPos::Top)),
            ))?;
        }
    }
    root.present()?;
    Ok(())
}
