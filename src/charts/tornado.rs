//! What moves the answer: one horizontal bar per input, from the output at the input lowered to
//! the output at the input raised, about the base value, the largest swing at the top (the order
//! the caller gives). The bars are drawn as the caller computed them; nothing is recomputed here.

use super::label::{self, line_height};
use super::{
    compact, font, legend_band, tick_count, ChartError, Key, Side, GRID, MARGIN, MARK, OWN, RENT,
    TICK,
};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One input's bar: its name, and the output with the input lowered and raised.
#[derive(Debug, Clone, PartialEq)]
pub struct TornadoBar {
    pub name: String,
    pub low: f64,
    pub high: f64,
    /// With reserving compared: the cheapest way at the low and the high end, drawn as a dot of
    /// its colour at each end.
    pub ways: Option<(Side, Side)>,
}

pub struct TornadoChart<'a> {
    pub bars: &'a [TornadoBar],
    /// The output at the inputs as they are.
    pub base: f64,
    /// What the horizontal axis measures, with its unit.
    pub x_axis: &'a str,
    /// Legend names of the lowered and the raised input (`-20%`, `+20%`).
    pub lowered: &'a str,
    pub raised: &'a str,
    /// How the axis writes a value (`54%`, `12k`).
    pub percent: bool,
    /// With reserving compared: the legend names of the dots, the cheapest way being renting,
    /// reserving, owning.
    pub ways: Option<[&'a str; 3]>,
}

pub fn draw_tornado<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &TornadoChart,
) -> Result<(), ChartError> {
    root.fill(&WHITE)?;
    let mut keys = vec![(c.lowered, OWN), (c.raised, RENT)];
    if let Some(names) = c.ways {
        let sides = [Side::Rent, Side::Reserve, Side::Own];
        keys.extend(names.into_iter().zip(sides).map(|(n, s)| (n, s.colour())));
    }
    let body = legend_band(root, &keys, Key::Block)?;
    let (w, h) = body.dim_in_pixel();
    let n = c.bars.len().max(1);
    // Names take up to a third of the width, wrapped to it.
    let name_w = (w as i32 / 3).clamp(60, 200);
    // As many lines of a name as its row holds; a longer name ends in an ellipsis.
    let row_h = (h as i32 - 40 - MARGIN as i32 * 2) / n as i32;
    let most = (row_h / line_height(TICK)).max(1) as usize;
    let names = c
        .bars
        .iter()
        .map(|b| {
            let mut lines = label::wrap(&body, &b.name, &font(TICK), name_w - 8)?;
            if lines.len() > most {
                lines.truncate(most);
                let last = lines.last_mut().expect("at least one line");
                loop {
                    let cut = format!("{}…", last.trim_end());
                    if label::measure(&body, &cut, &font(TICK))? <= name_w - 8 || last.is_empty() {
                        *last = cut;
                        break;
                    }
                    last.pop();
                }
            }
            Ok(lines)
        })
        .collect::<Result<Vec<_>, ChartError>>()?;
    let finite = |v: f64| if v.is_finite() { v } else { c.base };
    let (mut lo, mut hi) = (c.base, c.base);
    for b in c.bars {
        lo = lo.min(finite(b.low)).min(finite(b.high));
        hi = hi.max(finite(b.low)).max(finite(b.high));
    }
    // Room either side, and a visible span when nothing moves.
    let pad = ((hi - lo) * 0.08)
        .max(hi.abs().max(lo.abs()) * 0.02)
        .max(1e-9);
    let (lo, hi) = (lo - pad, hi + pad);
    let fmt = |v: &f64| {
        if c.percent {
            format!("{:.0}%", v * 100.0)
        } else {
            compact(*v)
        }
    };
    let mut chart = ChartBuilder::on(&body)
        .margin(MARGIN)
        .margin_top(MARGIN / 2)
        .x_label_area_size(40)
        .y_label_area_size(name_w as u32)
        .build_cartesian_2d(lo..hi, 0f64..n as f64)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .max_light_lines(0)
        .bold_line_style(GRID)
        .y_labels(0)
        .x_labels(tick_count(
            w.saturating_sub(name_w as u32 + 2 * MARGIN),
            64,
            6,
        ))
        .x_desc(c.x_axis)
        .x_label_formatter(&fmt)
        .label_style(font(TICK))
        .axis_desc_style(font(TICK))
        .draw()?;
    // Row r from the top: the first bar is the largest swing.
    let row = |r: usize| (n - 1 - r) as f64;
    for (r, b) in c.bars.iter().enumerate() {
        let y = row(r);
        for (v, color) in [(b.low, OWN), (b.high, RENT)] {
            let v = finite(v);
            let (a, z) = if v < c.base { (v, c.base) } else { (c.base, v) };
            chart.draw_series(std::iter::once(Rectangle::new(
                [(a, y + 0.2), (z, y + 0.8)],
                color.filled(),
            )))?;
        }
        if let Some((at_low, at_high)) = b.ways {
            for (v, side) in [(b.low, at_low), (b.high, at_high)] {
                let p = (finite(v), y + 0.5);
                chart.draw_series(std::iter::once(Circle::new(p, 6, MARK.filled())))?;
                chart.draw_series(std::iter::once(Circle::new(p, 5, WHITE.filled())))?;
                chart.draw_series(std::iter::once(Circle::new(p, 4, side.colour().filled())))?;
            }
        }
    }
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(c.base, 0.0), (c.base, n as f64)],
        MARK.stroke_width(2),
    )))?;
    let area = chart.plotting_area();
    let line_h = line_height(TICK);
    for (r, lines) in names.iter().enumerate() {
        let (px, py) = area.map_coordinate(&(lo, row(r) + 0.5));
        let top = py - line_h * lines.len() as i32 / 2;
        for (k, line) in lines.iter().enumerate() {
            root.draw(&Text::new(
                line.clone(),
                (px - 8, top + line_h * k as i32),
                font(TICK).pos(Pos::new(HPos::Right, VPos::Top)),
            ))?;
        }
    }
    root.present()?;
    Ok(())
}
