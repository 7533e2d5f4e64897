//! A plotters backend for a canvas that measures text with the canvas itself.
//!
//! plotters' browser font code measures each label by adding a `<span>` to the page and reading
//! its `offsetHeight`, which forces a layout of the whole page for every tick label: about 5 ms of
//! each slider move went there. This wrapper draws shapes through `plotters-canvas` unchanged and
//! answers `estimate_text_size` from `CanvasRenderingContext2d.measureText`, which touches no
//! layout.
//!
//! It draws text itself, to set the context's font only when it changes: parsing a font string
//! is the dearest step of a label, and a chart draws dozens in a handful of fonts (labels are
//! measured before they are placed and wrapped, so the same font is asked for again and again).
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
use plotters_canvas::CanvasBackend;
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

/// An error of the shapes drawn through `plotters-canvas`, as this backend's.
fn lift<E: std::error::Error + Send + Sync>(e: DrawingErrorKind<E>) -> Error {
    match e {
        DrawingErrorKind::DrawingError(e) => {
            DrawingErrorKind::DrawingError(CanvasError(e.to_string()))
        }
        DrawingErrorKind::FontError(e) => DrawingErrorKind::FontError(e),
    }
}

fn js_error(e: JsValue) -> Error {
    DrawingErrorKind::DrawingError(CanvasError(format!("{e:?}")))
}

pub struct MeasuringCanvas {
    inner: CanvasBackend,
    context: CanvasRenderingContext2d,
    /// The size plotters lays out in: the canvas's CSS size.
    size: (u32, u32),
    /// The font the context has now, so an unchanged font is not set (and parsed) again.
    font: RefCell<String>,
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
        Some(MeasuringCanvas {
            inner: CanvasBackend::with_canvas_object(canvas)?,
            font: RefCell::new(context.font()),
            context,
            size,
        })
    }

    /// Gives the context `style`'s font, unless it has it already. Written as the browser writes
    /// it back (`13px sans-serif`, the style only when not normal), so the font a drawing leaves
    /// is recognised by the next one and not set again: setting a font makes the browser bring
    /// the page's styles up to date first, which after an edit costs a style pass.
    fn use_font<S: BackendTextStyle>(&self, style: &S) {
        let font = font_of(style);
        if *self.font.borrow() != font {
            self.context.set_font(&font);
            *self.font.borrow_mut() = font;
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

impl DrawingBackend for MeasuringCanvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }
    fn ensure_prepared(&mut self) -> Result<(), Error> {
        self.inner.ensure_prepared().map_err(lift)
    }
    fn present(&mut self) -> Result<(), Error> {
        self.inner.present().map_err(lift)
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), Error> {
        self.inner.draw_pixel(point, color).map_err(lift)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), Error> {
        self.inner.draw_line(from, to, style).map_err(lift)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        self.inner
            .draw_rect(upper_left, bottom_right, style, fill)
            .map_err(lift)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Error> {
        self.inner.draw_path(path, style).map_err(lift)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        self.inner
            .draw_circle(center, radius, style, fill)
            .map_err(lift)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Error> {
        self.inner.fill_polygon(vert, style).map_err(lift)
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
        // A turned label is drawn inside save/restore, which also restores the font it replaced.
        let font_before = (turn != 0.0).then(|| self.font.borrow().clone());
        if turn != 0.0 {
            self.context.save();
            self.context.translate(x, y).map_err(js_error)?;
            self.context.rotate(turn).map_err(js_error)?;
            (x, y) = (0.0, 0.0);
        }
        self.context.set_text_baseline(match style.anchor().v_pos {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        });
        self.context.set_text_align(match style.anchor().h_pos {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "center",
        });
        let (r, g, b) = color.rgb;
        self.context
            .set_fill_style_str(&format!("rgba({r},{g},{b},{})", color.alpha));
        self.use_font(style);
        let drawn = self.context.fill_text(text, x, y).map_err(js_error);
        if let Some(font) = font_before {
            self.context.restore();
            *self.font.borrow_mut() = font;
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
