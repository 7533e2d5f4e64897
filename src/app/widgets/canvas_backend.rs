//! A plotters backend for a canvas that measures text with the canvas itself.
//!
//! plotters' browser font code measures each label by adding a `<span>` to the page and reading
//! its `offsetHeight`, which forces a layout of the whole page for every tick label: about 5 ms of
//! each slider move went there. This backend answers `estimate_text_size` from
//! `CanvasRenderingContext2d.measureText`, which touches no layout, and keeps the widths.
//!
//! It draws everything itself (it replaced `plotters-canvas`) so that it sets the context's state
//! only when it changes: the font (parsing a font string is the dearest step of a label, and a
//! chart draws dozens in a handful of fonts), and the colours, line width, alignment and
//! baseline, which plotters gives again with every line and label. Each setting is a call into
//! the browser with a string to decode, and most of them set what was already set.
//!
//! It also separates the chart's size from the canvas's pixels: charts lay out in CSS pixels (so
//! a 13 px label is 13 px on screen, whatever the screen) while the canvas holds one pixel per
//! device pixel. The context is scaled by the ratio once per drawing and every coordinate, line
//! width and font size plotters gives is multiplied by it, which keeps text and lines sharp on a
//! phone or a high-density monitor.

use plotters::prelude::*;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontTransform,
};
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// What went wrong in the canvas, as text (the page shows it in place of the chart).
#[derive(Debug)]
pub struct CanvasError(String);

impl std::fmt::Display for CanvasError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CanvasError {}

type Error = DrawingErrorKind<CanvasError>;

fn js_error(e: JsValue) -> Error {
    DrawingErrorKind::DrawingError(CanvasError(format!("{e:?}")))
}

/// A colour as a key: its channels and the bits of its opacity.
type Colour = (u8, u8, u8, u64);

fn colour(c: BackendColor) -> Colour {
    (c.rgb.0, c.rgb.1, c.rgb.2, c.alpha.to_bits())
}

fn css(c: BackendColor) -> String {
    let (r, g, b) = c.rgb;
    format!("rgba({r},{g},{b},{})", c.alpha)
}

/// What the context has been given in this drawing; `None` is not known (the start of a
/// drawing), so the first use sets it.
#[derive(Clone, Default)]
struct Pen {
    font: Option<String>,
    stroke: Option<Colour>,
    width: Option<u32>,
    fill: Option<Colour>,
    baseline: Option<u8>,
    align: Option<u8>,
}

pub struct MeasuringCanvas {
    context: CanvasRenderingContext2d,
    /// The size plotters lays out in: the canvas's CSS size.
    size: (u32, u32),
    pen: RefCell<Pen>,
}

impl MeasuringCanvas {
    /// A backend drawing `size` CSS pixels onto `canvas`, whose backing store (its `width` and
    /// `height`) is already set to the device pixels that size covers.
    pub fn new(canvas: HtmlCanvasElement, size: (u32, u32)) -> Option<Self> {
        let context = canvas
            .get_context("2d")
            .ok()
            .flatten()?
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()?;
        let size = (size.0.max(1), size.1.max(1));
        // Set, not multiplied: a transform left from an earlier drawing must not compound.
        context
            .set_transform(
                f64::from(canvas.width()) / f64::from(size.0),
                0.0,
                0.0,
                f64::from(canvas.height()) / f64::from(size.1),
                0.0,
                0.0,
            )
            .ok()?;
        // The font the last drawing left is known (it is read back as the browser writes it);
        // the rest is set on first use.
        let pen = Pen {
            font: Some(context.font()),
            ..Pen::default()
        };
        Some(MeasuringCanvas {
            context,
            size,
            pen: RefCell::new(pen),
        })
    }

    /// Gives the context `style`'s font, unless it has it already. Written as the browser writes
    /// it back (`13px sans-serif`, the style only when not normal), so the font a drawing leaves
    /// is recognised by the next one and not set again: setting a font makes the browser bring
    /// the page's styles up to date first, which after an edit costs a style pass.
    fn use_font<S: BackendTextStyle>(&self, style: &S) {
        let font = font_of(style);
        let mut pen = self.pen.borrow_mut();
        if pen.font.as_deref() != Some(font.as_str()) {
            self.context.set_font(&font);
            pen.font = Some(font);
        }
    }

    fn use_stroke<S: BackendStyle>(&self, style: &S) {
        let mut pen = self.pen.borrow_mut();
        let c = colour(style.color());
        if pen.stroke != Some(c) {
            self.context.set_stroke_style_str(&css(style.color()));
            pen.stroke = Some(c);
        }
        let w = style.stroke_width();
        if pen.width != Some(w) {
            self.context.set_line_width(f64::from(w));
            pen.width = Some(w);
        }
    }

    fn use_fill(&self, color: BackendColor) {
        let mut pen = self.pen.borrow_mut();
        let c = colour(color);
        if pen.fill != Some(c) {
            self.context.set_fill_style_str(&css(color));
            pen.fill = Some(c);
        }
    }

    fn use_anchor(&self, v: VPos, h: HPos) {
        let mut pen = self.pen.borrow_mut();
        let (b, a) = (v as u8, h as u8);
        if pen.baseline != Some(b) {
            self.context.set_text_baseline(match v {
                VPos::Top => "top",
                VPos::Center => "middle",
                VPos::Bottom => "bottom",
            });
            pen.baseline = Some(b);
        }
        if pen.align != Some(a) {
            self.context.set_text_align(match h {
                HPos::Left => "start",
                HPos::Right => "end",
                HPos::Center => "center",
            });
            pen.align = Some(a);
        }
    }
}

/// A style's font as the browser writes it back (see `use_font`).
fn font_of<S: BackendTextStyle>(style: &S) -> String {
    match style.style().as_str() {
        "normal" => format!("{}px {}", style.size(), style.family().as_str()),
        other => format!("{other} {}px {}", style.size(), style.family().as_str()),
    }
}

/// Widths already measured, by font and text. A redraw measures the same tick labels, legend
/// words and notes again (wrapping measures each word more than once), and each measurement
/// crosses into the browser with its text; with the widths kept, a slider move measures only
/// the labels whose text changed. The page's fonts are the system's (no web font loads later
/// and changes a width), so a width once measured stays right. Cleared when it grows past
/// `WIDTHS_KEPT`, which a session reaches only by many distinct numbers on the axes.
const WIDTHS_KEPT: usize = 4096;

thread_local! {
    static WIDTHS: RefCell<HashMap<String, f64>> = RefCell::new(HashMap::new());
}

/// A one-pixel line along a pixel row or column is drawn half a pixel over, onto the pixels
/// themselves: drawn on their edge, it would blur across two.
fn crisp(from: BackendCoord, to: BackendCoord) -> ((f64, f64), (f64, f64)) {
    let (mut a, mut b) = (
        (f64::from(from.0), f64::from(from.1)),
        (f64::from(to.0), f64::from(to.1)),
    );
    if from.0 == to.0 {
        a.0 -= 0.5;
        b.0 -= 0.5;
    }
    if from.1 == to.1 {
        a.1 -= 0.5;
        b.1 -= 0.5;
    }
    (a, b)
}

impl DrawingBackend for MeasuringCanvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }
    fn ensure_prepared(&mut self) -> Result<(), Error> {
        Ok(())
    }
    fn present(&mut self) -> Result<(), Error> {
        Ok(())
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), Error> {
        if color.alpha == 0.0 {
            return Ok(());
        }
        self.use_fill(color);
        self.context
            .fill_rect(f64::from(point.0), f64::from(point.1), 1.0, 1.0);
        Ok(())
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), Error> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let (a, b) = crisp(from, to);
        self.use_stroke(style);
        self.context.begin_path();
        self.context.move_to(a.0, a.1);
        self.context.line_to(b.0, b.1);
        self.context.stroke();
        Ok(())
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let (x, y) = (f64::from(upper_left.0), f64::from(upper_left.1));
        let (w, h) = (
            f64::from(bottom_right.0 - upper_left.0),
            f64::from(bottom_right.1 - upper_left.1),
        );
        if fill {
            self.use_fill(style.color());
            self.context.fill_rect(x, y, w, h);
        } else {
            self.use_stroke(style);
            self.context.stroke_rect(x, y, w, h);
        }
        Ok(())
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Error> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let mut path = path.into_iter();
        let Some(start) = path.next() else {
            return Ok(());
        };
        self.use_stroke(style);
        self.context.begin_path();
        self.context.move_to(f64::from(start.0), f64::from(start.1));
        for p in path {
            self.context.line_to(f64::from(p.0), f64::from(p.1));
        }
        self.context.stroke();
        Ok(())
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        if fill {
            self.use_fill(style.color());
        } else {
            self.use_stroke(style);
        }
        self.context.begin_path();
        self.context
            .arc(
                f64::from(center.0),
                f64::from(center.1),
                f64::from(radius),
                0.0,
                std::f64::consts::TAU,
            )
            .map_err(js_error)?;
        if fill {
            self.context.fill();
        } else {
            self.context.stroke();
        }
        Ok(())
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Error> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let mut vert = vert.into_iter();
        let Some(start) = vert.next() else {
            return Ok(());
        };
        self.use_fill(style.color());
        self.context.begin_path();
        self.context.move_to(f64::from(start.0), f64::from(start.1));
        for p in vert {
            self.context.line_to(f64::from(p.0), f64::from(p.1));
        }
        self.context.close_path();
        self.context.fill();
        Ok(())
    }
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), Error> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let (mut x, mut y) = (f64::from(pos.0), f64::from(pos.1));
        let turn = match style.transform() {
            FontTransform::None => 0.0,
            FontTransform::Rotate90 => 0.5,
            FontTransform::Rotate180 => 1.0,
            FontTransform::Rotate270 => 1.5,
        } * std::f64::consts::PI;
        // A turned label is drawn inside save/restore, which also restores the state it set: the
        // pen is put back as it was with it.
        let pen_before = (turn != 0.0).then(|| self.pen.borrow().clone());
        if turn != 0.0 {
            self.context.save();
            self.context.translate(x, y).map_err(js_error)?;
            self.context.rotate(turn).map_err(js_error)?;
            (x, y) = (0.0, 0.0);
        }
        self.use_anchor(style.anchor().v_pos, style.anchor().h_pos);
        self.use_fill(color);
        self.use_font(style);
        let drawn = self.context.fill_text(text, x, y).map_err(js_error);
        if let Some(pen) = pen_before {
            self.context.restore();
            *self.pen.borrow_mut() = pen;
        }
        drawn
    }
    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), Error> {
        // The transform does not change what measureText answers, so widths are in the CSS
        // pixels the chart lays out in.
        let key = format!("{}\u{0}{text}", font_of(style));
        let width = match WIDTHS.with(|w| w.borrow().get(&key).copied()) {
            Some(width) => width,
            None => {
                self.use_font(style);
                let width = self
                    .context
                    .measure_text(text)
                    .map(|m| m.width())
                    .unwrap_or(style.size() * 0.6 * text.chars().count() as f64);
                WIDTHS.with(|w| {
                    let mut w = w.borrow_mut();
                    if w.len() >= WIDTHS_KEPT {
                        w.clear();
                    }
                    w.insert(key, width);
                });
                width
            }
        };
        // A line box of the font's size, as the span measurement gave.
        Ok((width.ceil() as u32, (style.size() * 1.2).ceil() as u32))
    }
}
