//! Chart drawing with plotters, generic over the drawing backend: the page draws on a canvas
//! (`app::widgets::canvas_backend`), native tests draw into an SVG string and read it back.
//!
//! Each chart takes its series from [`crate::calc::sensitivity`] and a [`ChartText`] with the
//! words in the page's language, so nothing here computes a figure or chooses a language.
//!
//! Sizes are in CSS pixels: the page's canvas maps them to device pixels (so the charts are laid
//! out for the width they get, from a phone's 300 px to a wide screen's 700). No text is smaller
//! than 12 px. Legends sit in a band above the plot, where they cannot cover a line; labels inside
//! the plot go through [`label::Labels`], which keeps them off what they name and inside the edges.

pub mod bars;
mod break_even;
mod cost_util;
mod cumulative;
pub mod heatmap;
mod label;
pub mod memory;
pub mod overlay;
pub mod scatter;
pub mod tornado;

pub use break_even::draw_break_even_vs_price;
pub use cost_util::{draw_cost_vs_util, draw_cost_vs_util3};
pub use cumulative::draw_cumulative;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::RGBColor;

/// Owning: a dark teal.
pub const OWN: RGBColor = RGBColor(0x0f, 0x76, 0x6e);
/// Renting: an amber that stays apart from teal for colour-blind readers.
pub const RENT: RGBColor = RGBColor(0xd9, 0x77, 0x06);
/// A reserved machine: a violet apart from both.
pub const RESERVE: RGBColor = RGBColor(0x6d, 0x28, 0xd9);
/// Marks: the chosen value, the crossing.
/// Which way a cell or a mark stands for, drawn in that way's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Rent,
    Reserve,
    Own,
}

impl Side {
    pub fn colour(self) -> RGBColor {
        match self {
            Side::Rent => RENT,
            Side::Reserve => RESERVE,
            Side::Own => OWN,
        }
    }
}

pub const MARK: RGBColor = RGBColor(0x33, 0x41, 0x55);
pub const GRID: RGBColor = RGBColor(0xe2, 0xe8, 0xf0);

/// Font sizes, CSS pixels: tick values, axis names and legend entries; values written on bars.
pub(crate) const TICK: u32 = 13;
pub(crate) const VALUE: u32 = 12;
const LEGEND: u32 = 13;

/// The chart's margin, and the extra room on the right for the last x value to stay whole.
pub(crate) const MARGIN: u32 = 12;
const MARGIN_RIGHT: u32 = 28;
/// Room left of a line chart's plot for the y values and the axis name.
const Y_AREA: u32 = 64;
const X_AREA: u32 = 40;

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

thread_local! {
    /// Whether axis numbers are written with Chinese units (万, 亿), as a Chinese reader counts.
    static CHINESE_UNITS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Sets whether [`compact`] writes Chinese units: the page sets it with the reader's language.
pub fn set_chinese_units(on: bool) {
    CHINESE_UNITS.with(|c| c.set(on));
}

/// Short axis numbers: 46,853 -> `46.9k`, 1,200,000 -> `1.2M`; in Chinese
/// ([`set_chinese_units`]) by ten thousands, 46,853 -> `4.7万`, 1,200,000 -> `120万`,
/// 120,000,000 -> `1.2亿`, and below ten thousand whole (`2,500`): "2.5k" is not how a Chinese
/// author writes a number.
pub fn compact(v: f64) -> String {
    let a = v.abs();
    if CHINESE_UNITS.with(std::cell::Cell::get) {
        let (scaled, suffix) = if a >= 1e8 {
            (v / 1e8, "亿")
        } else if a >= 1e4 {
            (v / 1e4, "万")
        } else {
            (v, "")
        };
        let s = if scaled.abs() >= 100.0 || scaled.fract().abs() < 0.05 {
            crate::numtext::plain(scaled, 0)
        } else {
            crate::numtext::plain(scaled, 1)
        };
        return format!("{s}{suffix}");
    }
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

/// The axes every line chart here shares: a plot from 0 to `top` over `x`, light grid lines, as
/// many values a side as the size allows, and the axis names. `root` is the area under the legend.
/// Returns the chart to draw series on.
pub(crate) fn line_axes<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, plotters::coord::Shift>,
    x: std::ops::Range<f64>,
    top: f64,
    names: (&str, &str),
    labels: (&Label, &Label),
) -> Result<LineChart<'a, DB>, ChartError> {
    let (w, h) = root.dim_in_pixel();
    let mut chart = ChartBuilder::on(root)
        .margin(MARGIN)
        .margin_top(MARGIN / 2)
        .margin_right(MARGIN_RIGHT)
        .x_label_area_size(X_AREA)
        .y_label_area_size(Y_AREA)
        .build_cartesian_2d(x, 0f64..top)?;
    chart
        .configure_mesh()
        .max_light_lines(0)
        .x_labels(tick_count(
            w.saturating_sub(MARGIN + MARGIN_RIGHT + Y_AREA),
            56,
            7,
        ))
        .y_labels(tick_count(h.saturating_sub(MARGIN + X_AREA), 34, 6))
        .bold_line_style(GRID)
        .x_desc(names.0)
        .y_desc(names.1)
        .x_label_formatter(labels.0)
        .y_label_formatter(labels.1)
        .label_style(font(TICK))
        .axis_desc_style(font(TICK))
        .draw()?;
    Ok(chart)
}

/// How many values an axis `length` pixels long can show at `spacing` apart (at least three).
pub(crate) fn tick_count(length: u32, spacing: u32, most: usize) -> usize {
    ((length / spacing.max(1)) as usize).clamp(3, most.max(3))
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

/// How a legend entry shows its series: a short line, or a block of the bar's colour.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Key {
    Line,
    Block,
}

/// Draws the legend in a band across the top of `root`, its entries flowing into as many rows as
/// the width needs, and returns the area under the band for the plot: outside the plot, a legend
/// never covers a line or a label, whatever the data.
pub(crate) fn legend_band<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    items: &[(&str, RGBColor)],
    key: Key,
) -> Result<DrawingArea<DB, plotters::coord::Shift>, ChartError> {
    const ROW: i32 = 20;
    const SWATCH: i32 = 16;
    if items.is_empty() {
        return Ok(root.clone());
    }
    let style = font(LEGEND);
    let (w, _) = root.dim_in_pixel();
    let left = MARGIN as i32;
    let right = w as i32 - MARGIN as i32;
    // Lay the entries out first, to know how many rows the band needs.
    let mut placed = Vec::with_capacity(items.len());
    let (mut x, mut row) = (left, 0);
    for (label, color) in items {
        let room = (right - left - SWATCH - 6).max(40);
        let lines = label::wrap(root, label, &style, room)?;
        let mut text_w = 0;
        for l in &lines {
            text_w = text_w.max(label::measure(root, l, &style)?);
        }
        let entry_w = SWATCH + 6 + text_w;
        if x > left && x + entry_w > right {
            x = left;
            row += 1;
        }
        placed.push((x, row, lines, *color));
        row += placed.last().map_or(0, |p| p.2.len() as i32 - 1);
        x += entry_w + 16;
    }
    let top = 6;
    for (x, row, lines, color) in &placed {
        let y = top + ROW * row + ROW / 2;
        match key {
            Key::Line => root.draw(&PathElement::new(
                vec![(*x, y), (x + SWATCH, y)],
                color.stroke_width(3),
            ))?,
            Key::Block => root.draw(&Rectangle::new(
                [(x + 3, y - 5), (x + SWATCH - 3, y + 5)],
                color.filled(),
            ))?,
        }
        for (n, l) in lines.iter().enumerate() {
            root.draw(&Text::new(
                l.clone(),
                (x + SWATCH + 6, y + ROW * n as i32),
                style.pos(Pos::new(HPos::Left, VPos::Center)),
            ))?;
        }
    }
    let rows = placed.last().map_or(1, |p| p.1 + p.2.len() as i32);
    let band = top + ROW * rows;
    Ok(root.split_vertically(band).1)
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
    fn compact_numbers_in_chinese_units() {
        set_chinese_units(true);
        let got = [
            46_853.0,
            40_000.0,
            1_200_000.0,
            120_000_000.0,
            2_500.0,
            0.5,
            -15_000.0,
        ]
        .map(compact);
        set_chinese_units(false);
        assert_eq!(
            got,
            ["4.7万", "4万", "120万", "1.2亿", "2,500", "0.5", "-1.5万"]
        );
        assert_eq!(compact(46_853.0), "46.9k");
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
