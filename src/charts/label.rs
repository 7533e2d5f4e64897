//! Words inside a plot: where a label goes, how it wraps, and the light box behind it.
//!
//! A label names something drawn (a limit line, a marked value, a crossing), so it is placed
//! beside that thing and never across it: above a horizontal line (below when there is no room
//! above), beside a vertical line (right, else left), at a corner of a point. It is wrapped to
//! the room on its side and moved inside the plot so no word is cut at an edge. A label that
//! would cover one placed before it takes its next place. A box of nearly opaque white goes
//! behind every label, so a grid line or another series crossing it does not cut its letters.

use super::{font, ChartError};
use crate::calc::order;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Font size of labels inside a plot, in CSS pixels.
pub(crate) const LABEL: u32 = 13;
/// Space between a label and what it names.
const GAP: i32 = 5;
/// Space kept between a label and the plot's edge.
const PAD: i32 = 3;
/// The narrowest room a label is wrapped to: narrower, it would become a column of words.
const MIN_ROOM: i32 = 72;

/// A box in pixels of the plotting area, edges included.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rect {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Rect {
    fn overlap(&self, o: &Rect) -> i64 {
        let w = (self.x1.min(o.x1) - self.x0.max(o.x0)).max(0);
        let h = (self.y1.min(o.y1) - self.y0.max(o.y0)).max(0);
        i64::from(w) * i64::from(h)
    }

    /// Whether the segment from `a` to `b` passes through the box (with its halo).
    fn meets(&self, a: (i32, i32), b: (i32, i32)) -> bool {
        // Clip the segment to the box's slab in x, then see whether what is left spans the box
        // in y (Liang-Barsky reduced to one axis, enough for segments of a few pixels).
        let (x0, x1) = (f64::from(self.x0 - 3), f64::from(self.x1 + 3));
        let (y0, y1) = (f64::from(self.y0 - 1), f64::from(self.y1 + 1));
        let (ax, ay, bx, by) = (
            f64::from(a.0),
            f64::from(a.1),
            f64::from(b.0),
            f64::from(b.1),
        );
        let (lo, hi) = if ax <= bx { (ax, bx) } else { (bx, ax) };
        if hi < x0 || lo > x1 {
            return false;
        }
        let y_at = |x: f64| {
            if bx == ax {
                ay
            } else {
                ay + (by - ay) * (x - ax) / (bx - ax)
            }
        };
        let (ya, yb) = if ax == bx {
            (ay, by)
        } else {
            (y_at(lo.max(x0)), y_at(hi.min(x1)))
        };
        ya.min(yb) <= y1 && ya.max(yb) >= y0
    }
}

/// What a label names, in pixels of the plotting area; this decides where it may go.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Near {
    /// A horizontal line at height `y`: above it, from about `x`, or below it.
    Level { x: i32, y: i32 },
    /// A vertical line at `x`: beside it (right, else left), its top at about `y`.
    Upright { x: i32, y: i32 },
    /// A point marked with a circle of radius `r`: at one of its corners, above right first.
    Point { x: i32, y: i32, r: i32 },
    /// Centred above a point (the top of a bar), or higher when that place is taken.
    Over { x: i32, y: i32 },
}

/// The labels of one plot: the area they are drawn in and the boxes already taken.
pub(crate) struct Labels<DB: DrawingBackend> {
    area: DrawingArea<DB, Shift>,
    /// The plot's top left in the backend's pixels, to turn chart points into the area's.
    base: (i32, i32),
    size: (i32, i32),
    taken: Vec<Rect>,
    /// The series' lines, in pixels: a label is put where it crosses none, when it can be.
    lines: Vec<((i32, i32), (i32, i32))>,
}

/// The cartesian charts drawn here: decimals on both axes.
type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

impl<DB: DrawingBackend> Labels<DB> {
    pub(crate) fn new(chart: &Chart<DB>) -> Self {
        let plot = chart.plotting_area();
        let (w, h) = plot.dim_in_pixel();
        Labels {
            area: plot.strip_coord_spec(),
            base: plot.get_base_pixel(),
            size: (w as i32, h as i32),
            taken: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// Keeps labels off a series' line where they have another place.
    pub(crate) fn avoid(&mut self, chart: &Chart<DB>, points: &[(f64, f64)]) {
        let px: Vec<(i32, i32)> = points.iter().map(|p| self.at(chart, *p)).collect();
        self.lines.extend(px.windows(2).map(|w| (w[0], w[1])));
    }

    /// Keeps labels off a box of the chart (a bar), from corner `a` to corner `b`.
    pub(crate) fn block(&mut self, chart: &Chart<DB>, a: (f64, f64), b: (f64, f64)) {
        let (a, b) = (self.at(chart, a), self.at(chart, b));
        self.taken.push(Rect {
            x0: a.0.min(b.0),
            y0: a.1.min(b.1),
            x1: a.0.max(b.0),
            y1: a.1.max(b.1),
        });
    }

    /// A point of the chart, in pixels of the plot.
    pub(crate) fn at(&self, chart: &Chart<DB>, p: (f64, f64)) -> (i32, i32) {
        let (x, y) = chart.plotting_area().map_coordinate(&p);
        (x - self.base.0, y - self.base.1)
    }

    /// The plot's width and height in pixels.
    pub(crate) fn size(&self) -> (i32, i32) {
        self.size
    }

    /// How wide `text` is in font `size`.
    pub(crate) fn width_sized(&self, text: &str, size: u32) -> Result<i32, ChartError> {
        measure(&self.area, text, &font(size))
    }

    /// Draws `text` next to what it names, on the best free place.
    pub(crate) fn put(&mut self, text: &str, near: Near) -> Result<(), ChartError> {
        self.put_sized(text, near, LABEL)
    }

    /// As [`Labels::put`], in another font size.
    pub(crate) fn put_sized(
        &mut self,
        text: &str,
        near: Near,
        size: u32,
    ) -> Result<(), ChartError> {
        if text.trim().is_empty() {
            return Ok(());
        }
        let style = font(size);
        let line_h = line_height(size);
        let mut best: Option<(i64, Rect, Vec<String>)> = None;
        for (room, slot) in self.slots(near) {
            let lines = wrap(&self.area, text, &style, room.max(MIN_ROOM))?;
            let mut text_w = 0;
            for l in &lines {
                text_w = text_w.max(measure(&self.area, l, &style)?);
            }
            let text_h = line_h * lines.len() as i32;
            let rect = self.clamp(slot.place(near, text_w, text_h));
            let score = self.score(&rect, near);
            if best.as_ref().is_none_or(|b| score < b.0) {
                best = Some((score, rect, lines));
            }
            if score == 0 {
                break;
            }
        }
        let Some((_, rect, lines)) = best else {
            return Ok(());
        };
        // The halo: a little wider than the words, so their edges stay clear of lines too.
        self.area.draw(&Rectangle::new(
            [(rect.x0 - 3, rect.y0 - 1), (rect.x1 + 3, rect.y1 + 1)],
            WHITE.mix(0.9).filled(),
        ))?;
        for (n, l) in lines.iter().enumerate() {
            self.area.draw(&Text::new(
                l.clone(),
                (rect.x0, rect.y0 + line_h * n as i32),
                style.pos(Pos::new(HPos::Left, VPos::Top)),
            ))?;
        }
        self.taken.push(rect);
        Ok(())
    }

    /// The places a label may take, in order of preference, with the width it has there.
    fn slots(&self, near: Near) -> Vec<(i32, Slot)> {
        let whole = self.size.0 - 2 * PAD;
        match near {
            // From where it was asked for, then from the left and the right ends of the line.
            Near::Level { x, .. } => [x, PAD, self.size.0]
                .into_iter()
                .flat_map(|at| [(whole, Slot::Above(at)), (whole, Slot::Below(at))])
                .collect(),
            Near::Upright { x, .. } => {
                let right = self.size.0 - PAD - (x + GAP);
                let left = x - GAP - PAD;
                let mut v = Vec::new();
                // Lower places beside the line, for when the top is taken by an earlier label.
                for step in 0..4 {
                    v.push((right, Slot::Right(step)));
                    v.push((left, Slot::Left(step)));
                }
                // The wider side first when the words need more room than the other side has.
                if left > right && right < MIN_ROOM {
                    order::sort_by_key(&mut v, |(_, s)| matches!(s, Slot::Right(_)));
                }
                v
            }
            Near::Point { x, r, .. } => {
                let right = self.size.0 - PAD - (x + r + GAP);
                let left = x - r - GAP - PAD;
                vec![
                    (right, Slot::UpRight),
                    (right, Slot::DownRight),
                    (left, Slot::UpLeft),
                    (left, Slot::DownLeft),
                ]
            }
            Near::Over { .. } => (0..4).map(|k| (whole, Slot::Stacked(k))).collect(),
        }
    }

    /// Moves a box inside the plot, keeping `PAD` from every edge where it fits.
    fn clamp(&self, r: Rect) -> Rect {
        let (w, h) = self.size;
        // A box longer than the room starts at the near edge; else it is moved back from the
        // edge it passes.
        let shift = |lo: i32, hi: i32, len: i32, limit: i32| -> i32 {
            if len > limit - 2 * PAD || lo < PAD {
                PAD - lo
            } else if hi > limit - PAD {
                limit - PAD - hi
            } else {
                0
            }
        };
        let dx = shift(r.x0, r.x1, r.x1 - r.x0, w);
        let dy = shift(r.y0, r.y1, r.y1 - r.y0, h);
        Rect {
            x0: r.x0 + dx,
            x1: r.x1 + dx,
            y0: r.y0 + dy,
            y1: r.y1 + dy,
        }
    }

    /// Lower is better: crossing what the label names is worst, then covering a series' line,
    /// then covering other labels.
    fn score(&self, r: &Rect, near: Near) -> i64 {
        let crosses = match near {
            Near::Level { y, .. } => r.y0 - 1 <= y && y <= r.y1 + 1,
            Near::Upright { x, .. } => r.x0 - 3 <= x && x <= r.x1 + 3,
            Near::Point { x, y, r: radius } => {
                r.overlap(&Rect {
                    x0: x - radius,
                    y0: y - radius,
                    x1: x + radius,
                    y1: y + radius,
                }) > 0
            }
            Near::Over { x, y } => r.x0 <= x && x <= r.x1 && r.y0 <= y && y < r.y1,
        };
        let covered: i64 = self.taken.iter().map(|t| t.overlap(r)).sum();
        let cut = self.lines.iter().filter(|(a, b)| r.meets(*a, *b)).count() as i64;
        i64::from(crosses) * 1_000_000_000 + cut * 1_000_000 + covered
    }
}

/// One place a label may take around what it names.
#[derive(Clone, Copy, Debug)]
enum Slot {
    /// Above or below a horizontal line, starting at this x (moved left when it would not fit).
    Above(i32),
    Below(i32),
    /// Right or left of a vertical line, `n` lines down from the top asked for.
    Right(i32),
    Left(i32),
    UpRight,
    DownRight,
    UpLeft,
    DownLeft,
    /// Above a point, `n` label heights higher than the nearest place.
    Stacked(i32),
}

impl Slot {
    /// The box of a `w` by `h` label in this place.
    fn place(self, near: Near, w: i32, h: i32) -> Rect {
        let (x0, y0) = match (near, self) {
            (Near::Level { y, .. }, Slot::Above(x)) => (x, y - GAP - h),
            (Near::Level { y, .. }, Slot::Below(x)) => (x, y + GAP),
            (Near::Level { x, y }, _) => (x, y - GAP - h),
            (Near::Upright { x, y }, Slot::Left(n)) => (x - GAP - w, y + n * (h + 2)),
            (Near::Upright { x, y }, Slot::Right(n)) => (x + GAP, y + n * (h + 2)),
            (Near::Upright { x, y }, _) => (x + GAP, y),
            (Near::Point { x, y, r }, slot) => {
                let right = x + r + GAP;
                let left = x - r - GAP - w;
                let up = y - r - h;
                let down = y + r;
                match slot {
                    Slot::DownRight => (right, down),
                    Slot::UpLeft => (left, up),
                    Slot::DownLeft => (left, down),
                    _ => (right, up),
                }
            }
            (Near::Over { x, y }, Slot::Stacked(n)) => (x - w / 2, y - GAP - h - n * (h + 1)),
            (Near::Over { x, y }, _) => (x - w / 2, y - GAP - h),
        };
        Rect {
            x0,
            y0,
            x1: x0 + w,
            y1: y0 + h,
        }
    }
}

/// The height of a line of text of font `size`.
pub(crate) fn line_height(size: u32) -> i32 {
    (f64::from(size) * 1.25).ceil() as i32
}

/// How wide `text` is when drawn in `style`, from the backend.
pub(crate) fn measure<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    style: &TextStyle,
) -> Result<i32, ChartError> {
    Ok(area.estimate_text_size(text, style)?.0 as i32)
}

/// `text` in lines no wider than `room`: broken between words, or between any two Chinese
/// characters (never before a closing mark such as `，` or `）`); a single word wider than `room`
/// is broken between its letters.
pub(crate) fn wrap<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    style: &TextStyle,
    room: i32,
) -> Result<Vec<String>, ChartError> {
    wrap_words(area, text, style, room, true)
}

/// As [`wrap`]; a word wider than `room` is broken only when `break_words` says so, else it
/// keeps a line of its own (a category name is better a little wide than cut in two).
pub(crate) fn wrap_words<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    style: &TextStyle,
    room: i32,
    break_words: bool,
) -> Result<Vec<String>, ChartError> {
    if measure(area, text, style)? <= room {
        return Ok(vec![text.to_string()]);
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for unit in units(text) {
        let longer = format!("{line}{unit}");
        if measure(area, longer.trim_end(), style)? <= room {
            line = longer;
            continue;
        }
        if !line.trim().is_empty() {
            lines.push(line.trim_end().to_string());
        }
        line = unit.trim_start().to_string();
        // A word wider than the room on its own (a long model name) is cut between letters.
        while break_words
            && measure(area, line.trim_end(), style)? > room
            && line.chars().count() > 1
        {
            let mut head = String::new();
            for c in line.chars() {
                head.push(c);
                if head.chars().count() > 1 && measure(area, &head, style)? > room {
                    head.pop();
                    break;
                }
            }
            line = line[head.len()..].to_string();
            lines.push(head);
        }
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_string());
    }
    Ok(lines)
}

/// Characters of the wide scripts (CJK and their full-width punctuation), each a unit of its own.
fn is_wide(c: char) -> bool {
    c as u32 >= 0x2E80
}

/// The pieces a line may break between: a word with its following space, or one wide character
/// with any closing marks after it.
fn units(text: &str) -> Vec<String> {
    const CLOSING: &str = "，。、；：！？）」』】%";
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut cur_wide = false;
    for c in text.chars() {
        if CLOSING.contains(c) && !cur.is_empty() {
            cur.push(c);
            continue;
        }
        // An opening mark stays with what follows it; otherwise a wide character stands alone
        // and a run of narrow ones (a word, a number) stays together.
        let opened = cur.ends_with(['（', '「', '『', '【']);
        let starts_new = !opened && (is_wide(c) || cur_wide);
        if starts_new && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        cur.push(c);
        cur_wide = is_wide(c);
        if c == ' ' {
            out.push(std::mem::take(&mut cur));
            cur_wide = false;
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::units;

    #[test]
    fn breaks_between_words_and_chinese_characters() {
        assert_eq!(units("capacity 80 GiB"), ["capacity ", "80 ", "GiB"]);
        assert_eq!(
            units("显存容量，80 GiB"),
            ["显", "存", "容", "量，", "80 ", "GiB"]
        );
        assert_eq!(units("上限（80）"), ["上", "限", "（80）"]);
    }
}
