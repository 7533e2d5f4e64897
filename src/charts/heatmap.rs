//! The verdict over hourly rent x utilisation: each cell coloured by the option that costs less
//! there (owning teal, renting amber), deeper as the monthly difference grows; the break-even
//! curve U*(p) between them, the market's price range marked on the price axis, and the chosen
//! point. The cells and the curve come computed from the core; this only draws them.

use super::{
    font, legend_band, tick_count, ChartError, Key, Side, GRID, MARGIN, MARK, OWN, RENT, RESERVE,
    TICK,
};
use plotters::coord::Shift;
use plotters::prelude::*;

pub struct HeatmapChart<'a> {
    /// The price axis (per machine-hour) and the utilisation axis (0..1).
    pub price: (f64, f64),
    pub util: (f64, f64),
    /// Cells row by row from the lowest utilisation, `cols` to a row: owning's monthly cost less
    /// renting's (negative: owning costs less).
    pub cols: usize,
    pub cells: &'a [f64],
    /// The break-even curve `(price, U*)`, where it lies inside the axes.
    pub boundary: &'a [(f64, f64)],
    /// The market's usual price range, marked along the price axis.
    pub market: (f64, f64),
    /// The chosen price and utilisation.
    pub point: (f64, f64),
    pub x_axis: &'a str,
    pub y_axis: &'a str,
    /// Legend names: owning costs less, renting costs less, the market range.
    pub own: &'a str,
    pub rent: &'a str,
    pub market_name: &'a str,
    /// With reserving compared: the cheapest way of each cell (as `cells`), which colours it,
    /// and the legend name of reserving. `None`: each cell's side is its sign.
    pub sides: Option<&'a [Side]>,
    pub reserve: Option<&'a str>,
}

/// A colour between white and `c`, at strength `k` in 0..1 (never fully white, so a cell's side
/// is always visible).
fn shade(c: RGBColor, k: f64) -> RGBColor {
    let k = 0.25 + 0.65 * k.clamp(0.0, 1.0);
    let mix = |a: u8| (255.0 - (255.0 - f64::from(a)) * k).round() as u8;
    RGBColor(mix(c.0), mix(c.1), mix(c.2))
}

pub fn draw_heatmap<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &HeatmapChart,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let mut keys = vec![(c.own, OWN), (c.rent, RENT)];
    if let Some(name) = c.reserve {
        keys.push((name, RESERVE));
    }
    keys.push((c.market_name, MARK));
    let body = legend_band(root, &keys, Key::Block)?;
    let (w, h) = body.dim_in_pixel();
    let (x0, x1) = c.price;
    let (y0, y1) = (c.util.0 * 100.0, c.util.1 * 100.0);
    let mut chart = ChartBuilder::on(&body)
        .margin(MARGIN)
        .margin_top(MARGIN / 2)
        .margin_right(MARGIN * 2)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(x0..x1, y0..y1)?;
    chart
        .configure_mesh()
        .max_light_lines(0)
        .bold_line_style(GRID)
        .x_labels(tick_count(w.saturating_sub(80), 56, 7))
        .y_labels(tick_count(h.saturating_sub(60), 34, 6))
        .x_desc(c.x_axis)
        .y_desc(c.y_axis)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}%"))
        .label_style(font(TICK))
        .axis_desc_style(font(TICK))
        .draw()?;
    let cols = c.cols.max(1);
    let rows = c.cells.len() / cols;
    if rows > 0 {
        let most = c
            .cells
            .iter()
            .filter(|v| v.is_finite())
            .fold(0.0f64, |m, v| m.max(v.abs()))
            .max(f64::MIN_POSITIVE);
        let (dx, dy) = ((x1 - x0) / cols as f64, (y1 - y0) / rows as f64);
        chart.draw_series(c.cells.iter().enumerate().map(|(k, v)| {
            let (i, j) = (k % cols, k / cols);
            let v = if v.is_finite() { *v } else { 0.0 };
            // Ties go to renting, as everywhere on the page.
            let color = match c.sides.and_then(|s| s.get(k)) {
                Some(side) => shade(side.colour(), v.abs() / most),
                None if v < 0.0 => shade(OWN, -v / most),
                None => shade(RENT, v / most),
            };
            let a = (x0 + dx * i as f64, y0 + dy * j as f64);
            Rectangle::new([a, (a.0 + dx, a.1 + dy)], color.filled())
        }))?;
    }
    let curve: Vec<(f64, f64)> = c
        .boundary
        .iter()
        .filter(|(p, u)| p.is_finite() && u.is_finite())
        .map(|(p, u)| (*p, (u * 100.0).clamp(y0, y1)))
        .collect();
    chart.draw_series(std::iter::once(PathElement::new(
        curve,
        MARK.stroke_width(2),
    )))?;
    // The market range as a band along the bottom edge.
    let (m0, m1) = (c.market.0.max(x0), c.market.1.min(x1));
    if m1 > m0 {
        let band = (y1 - y0) * 0.03;
        chart.draw_series(std::iter::once(Rectangle::new(
            [(m0, y0), (m1, y0 + band)],
            MARK.filled(),
        )))?;
    }
    let (px, pu) = c.point;
    let p = (px.clamp(x0, x1), (pu * 100.0).clamp(y0, y1));
    chart.draw_series(std::iter::once(Circle::new(p, 6, WHITE.filled())))?;
    chart.draw_series(std::iter::once(Circle::new(p, 6, MARK.stroke_width(2))))?;
    root.present()?;
    Ok(())
}
