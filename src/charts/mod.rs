//! Chart drawing with plotters, generic over the drawing backend: the page draws on a canvas
//! (`plotters-canvas`), native tests draw into an SVG string and read it back.
//!
//! Each chart takes its series from [`crate::calc::sensitivity`] and a [`ChartText`] with the
//! words in the page's language, so nothing here computes a figure or chooses a language.

pub mod bars;
mod break_even;
mod cost_util;
mod cumulative;
pub mod memory;

pub use break_even::draw_break_even_vs_price;
pub use cost_util::draw_cost_vs_util;
pub use cumulative::draw_cumulative;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::RGBColor;

/// Owning: a dark teal.
pub const OWN: RGBColor = RGBColor(0x0f, 0x76, 0x6e);
/// Renting: an amber that stays apart from teal for colour-blind readers.
pub const RENT: RGBColor = RGBColor(0xd9, 0x77, 0x06);
/// Marks: the chosen value, the crossing.
pub const MARK: RGBColor = RGBColor(0x33, 0x41, 0x55);
pub const GRID: RGBColor = RGBColor(0xe2, 0xe8, 0xf0);

/// Any failure of the backend, as text; the page shows it instead of the chart.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartError(pub String);

impl<E: std::error::Error + Send + Sync> From<DrawingAreaErrorKind<E>> for ChartError {
    fn from(e: DrawingAreaErrorKind<E>) -> Self {
        ChartError(e.to_string())
    }
}

/// The words a chart shows, in the page's language.
#[derive(Debug, Clone, Default)]
pub struct ChartText {
    pub x_axis: String,
    pub y_axis: String,
    /// Legend names of the first and second line.
    pub first: String,
    pub second: String,
    /// Label of the crossing or marked point, already formatted (`U* 54.2%`).
    pub mark: String,
    /// Label of the chosen value (`50%`, `120 /h`).
    pub chosen: String,
}

/// Short axis numbers: 46,853 -> `47k`, 1,200,000 -> `1.2M`.
pub fn compact(v: f64) -> String {
    let a = v.abs();
    let (scaled, suffix) = if a >= 1e9 {
        (v / 1e9, "G")
    } else if a >= 1e6 {
        (v / 1e6, "M")
    } else if a >= 1e3 {
        (v / 1e3, "k")
    } else {
        (v, "")
    };
    let s = if scaled.abs() >= 100.0 || scaled.fract().abs() < 0.05 {
        format!("{scaled:.0}")
    } else {
        format!("{scaled:.1}")
    };
    format!("{s}{suffix}")
}

/// The upper end of a value axis: the largest value with 10% room above it, never zero.
pub(crate) fn axis_top(values: impl Iterator<Item = f64>) -> f64 {
    let m = values.filter(|v| v.is_finite()).fold(0.0, f64::max);
    if m > 0.0 {
        m * 1.1
    } else {
        1.0
    }
}

/// The axes every line chart here shares: a white plot from 0 to `top` over `x`, light grid lines,
/// six or seven labels a side, and the axis names. Returns the chart to draw series on.
pub(crate) fn line_axes<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, plotters::coord::Shift>,
    x: std::ops::Range<f64>,
    top: f64,
    names: (&str, &str),
    labels: (&Label, &Label),
) -> Result<LineChart<'a, DB>, ChartError> {
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(root)
        .margin(12)
        .margin_right(28)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(x, 0f64..top)?;
    chart
        .configure_mesh()
        .max_light_lines(0)
        .x_labels(7)
        .y_labels(6)
        .bold_line_style(GRID)
        .x_desc(names.0)
        .y_desc(names.1)
        .x_label_formatter(labels.0)
        .y_label_formatter(labels.1)
        .label_style(font(14))
        .axis_desc_style(font(14))
        .draw()?;
    Ok(chart)
}

/// How an axis writes its tick values.
pub(crate) type Label = dyn Fn(&f64) -> String;

/// A chart with linear axes of decimals, as [`line_axes`] builds it.
pub(crate) type LineChart<'a, DB> = ChartContext<
    'a,
    DB,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

pub(crate) use crate::calc::series::cut_at_top;

/// Which corner of the plotting area a legend sits in.
#[derive(Clone, Copy)]
pub(crate) enum Corner {
    UpperLeft,
    UpperRight,
}

/// Draws a legend without measuring text. plotters' own legend measures each label through the
/// font backend, which in a browser forces a page layout per label; here each entry is a short
/// line and its label at fixed offsets, and the box width is estimated from the label length.
pub(crate) fn legend<DB: DrawingBackend, X: Ranged, Y: Ranged>(
    chart: &ChartContext<DB, Cartesian2d<X, Y>>,
    corner: Corner,
    items: &[(&str, RGBColor)],
) -> Result<(), ChartError> {
    const SIZE: u32 = 14;
    const ROW: i32 = 20;
    let area = chart.plotting_area().strip_coord_spec();
    let (w, _) = area.dim_in_pixel();
    // Width in tenths of the font size: a Latin letter is about 0.6 em, a Chinese character a
    // full em, so a Chinese legend gets a box that holds it.
    let tenths = |l: &str| -> i32 {
        l.chars()
            .map(|c| if c as u32 >= 0x2E80 { 10 } else { 6 })
            .sum()
    };
    let longest = items.iter().map(|(l, _)| tenths(l)).max().unwrap_or(0);
    let box_w = 34 + longest * SIZE as i32 / 10;
    let box_h = 8 + ROW * items.len() as i32;
    let x0 = match corner {
        Corner::UpperLeft => 10,
        Corner::UpperRight => w as i32 - box_w - 10,
    };
    let y0 = 8;
    area.draw(&Rectangle::new(
        [(x0, y0), (x0 + box_w, y0 + box_h)],
        WHITE.mix(0.85).filled(),
    ))?;
    area.draw(&Rectangle::new([(x0, y0), (x0 + box_w, y0 + box_h)], GRID))?;
    for (n, (label, color)) in items.iter().enumerate() {
        let y = y0 + 4 + ROW / 2 + ROW * n as i32;
        area.draw(&PathElement::new(
            vec![(x0 + 8, y), (x0 + 26, y)],
            color.stroke_width(3),
        ))?;
        area.draw(&Text::new(
            label.to_string(),
            (x0 + 32, y),
            font(SIZE).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}

pub(crate) fn font(size: u32) -> TextStyle<'static> {
    ("sans-serif", size).into_font().color(&MARK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_numbers() {
        assert_eq!(compact(46_853.0), "46.9k");
        assert_eq!(compact(40_000.0), "40k");
        assert_eq!(compact(1_200_000.0), "1.2M");
        assert_eq!(compact(80.0), "80");
        assert_eq!(compact(0.5), "0.5");
        assert_eq!(axis_top([0.0, f64::NAN].into_iter()), 1.0);
    }

    #[test]
    fn a_line_leaving_the_top_stops_at_the_edge() {
        let pts = [(0.0, 0.0), (1.0, 5.0), (2.0, 15.0), (3.0, 40.0)];
        assert_eq!(
            cut_at_top(&pts, 10.0),
            vec![(0.0, 0.0), (1.0, 5.0), (1.5, 10.0)]
        );
        assert_eq!(cut_at_top(&pts, 100.0), pts.to_vec());
        // A line that starts above the top has nothing inside the plot.
        assert!(cut_at_top(&[(0.0, 20.0)], 10.0).is_empty());
    }
}
