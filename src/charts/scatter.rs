//! A scatter of options: each a point (cost against time), those no other beats on both drawn
//! filled and named, the reader's own ringed. The plan view draws its cards with it; the points
//! and which are marked come from the core ([`crate::calc::plan::chart`]).

use super::label::{Labels, Near};
use super::{legend_band, line_axes, ChartError, Key, MARK, OWN};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Points and words of a scatter.
pub struct ScatterChart<'a> {
    /// (x, y, marked): a marked point is drawn filled and labelled.
    pub points: &'a [(f64, f64, bool)],
    /// Each point's label (drawn for the marked and the ringed).
    pub names: &'a [String],
    /// The point to ring.
    pub ringed: Option<usize>,
    pub x_axis: &'a str,
    pub y_axis: &'a str,
    /// Legend: the marked points, the others, the ringed one.
    pub legend: [&'a str; 3],
}

/// The others: a grey that stays behind the marked teal.
const OTHER: RGBColor = RGBColor(0x94, 0xa3, 0xb8);

pub fn draw_scatter<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &ScatterChart,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let mut items = vec![(c.legend[0], OWN), (c.legend[1], OTHER)];
    if c.ringed.is_some() {
        items.push((c.legend[2], MARK));
    }
    let body = legend_band(root, &items, Key::Block)?;
    let finite = |v: f64| v.is_finite().then_some(v);
    let x_max = c
        .points
        .iter()
        .filter_map(|p| finite(p.0))
        .fold(0.0, f64::max);
    let y_max = c
        .points
        .iter()
        .filter_map(|p| finite(p.1))
        .fold(0.0, f64::max);
    let (x_top, y_top) = ((x_max * 1.15).max(1.0), (y_max * 1.15).max(1.0));
    let compact = |v: &f64| super::compact(*v);
    let mut chart = line_axes(
        &body,
        0f64..x_top,
        y_top,
        (c.x_axis, c.y_axis),
        (&compact, &compact),
    )?;
    let mut labels = Labels::new(&chart);
    let inside = |p: &(f64, f64, bool)| p.0.is_finite() && p.1.is_finite();
    chart.draw_series(
        c.points
            .iter()
            .filter(|p| inside(p) && !p.2)
            .map(|p| Circle::new((p.0, p.1), 4, OTHER.filled())),
    )?;
    chart.draw_series(
        c.points
            .iter()
            .filter(|p| inside(p) && p.2)
            .map(|p| Circle::new((p.0, p.1), 6, OWN.filled())),
    )?;
    for (k, p) in c.points.iter().enumerate() {
        if inside(p) && (p.2 || c.ringed == Some(k)) {
            let (x, y) = labels.at(&chart, (p.0, p.1));
            let name = c.names.get(k).map_or("", String::as_str);
            labels.put(name, Near::Point { x, y, r: 6 })?;
        }
    }
    if let Some(p) = c.ringed.and_then(|k| c.points.get(k)).filter(|p| inside(p)) {
        chart.draw_series(std::iter::once(Circle::new(
            (p.0, p.1),
            10,
            MARK.stroke_width(2),
        )))?;
    }
    root.present()?;
    Ok(())
}
