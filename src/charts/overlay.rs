//! Several scenarios' cost against utilisation on one plot: each scenario in its own colour,
//! owning as a solid line and renting as a dashed one, with its break-even marked.

use super::label::{Labels, Near};
use super::memory::PARTS;
use super::{axis_top, compact, legend_band, line_axes, ChartError, Key};
use crate::calc::sensitivity::CostVsUtil;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::RGBColor;

/// One scenario's lines: its name (the legend) and its series.
pub struct Overlaid<'a> {
    pub name: &'a str,
    pub data: &'a CostVsUtil,
}

/// The words of the overlay, in the page's language.
pub struct OverlayText<'a> {
    pub x_axis: &'a str,
    pub y_axis: &'a str,
    /// Legend suffixes for the two kinds of line: "owning", "renting".
    pub own: &'a str,
    pub rent: &'a str,
}

/// The colour of the `n`th scenario (the same in every compare chart).
pub fn colour(n: usize) -> RGBColor {
    PARTS[n % PARTS.len()]
}

pub fn draw_overlay<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    list: &[Overlaid],
    t: &OverlayText,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let names: Vec<(String, RGBColor)> = list
        .iter()
        .enumerate()
        .flat_map(|(n, o)| {
            [
                (format!("{}: {}", o.name, t.own), colour(n)),
                (format!("{}: {} (- -)", o.name, t.rent), colour(n)),
            ]
        })
        .collect();
    let items: Vec<(&str, RGBColor)> = names.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    let body = legend_band(root, &items, Key::Line)?;
    let top = axis_top(
        list.iter()
            .flat_map(|o| o.data.own.iter().chain(&o.data.rent).map(|p| p.1)),
    );
    let mut chart = line_axes(
        &body,
        0f64..100f64,
        top,
        (t.x_axis, t.y_axis),
        (&|v| format!("{v:.0}%"), &|v| compact(*v)),
    )?;
    let pct = |s: &[(f64, f64)]| s.iter().map(|(u, c)| (u * 100.0, *c)).collect::<Vec<_>>();
    for (n, o) in list.iter().enumerate() {
        let c = colour(n);
        chart.draw_series(LineSeries::new(pct(&o.data.own), c.stroke_width(3)))?;
        chart.draw_series(DashedLineSeries::new(
            pct(&o.data.rent),
            8,
            5,
            c.stroke_width(2),
        ))?;
    }
    let mut labels = Labels::new(&chart);
    for o in list {
        labels.avoid(&chart, &pct(&o.data.own));
        labels.avoid(&chart, &pct(&o.data.rent));
    }
    for (n, o) in list.iter().enumerate() {
        if let Some((u, cost)) = o.data.crossing {
            let p = (u * 100.0, cost);
            chart.draw_series(std::iter::once(Circle::new(p, 5, colour(n).filled())))?;
            let (px, py) = labels.at(&chart, p);
            labels.put(
                &format!("{:.1}%", u * 100.0),
                Near::Point { x: px, y: py, r: 5 },
            )?;
        }
    }
    root.present()?;
    Ok(())
}
