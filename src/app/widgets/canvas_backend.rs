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
//!
//! # The kept base
//!
//! A slider usually moves only a chart's mark: the axes, the legend and the lines stay as they
//! were, and drawing them again (dozens of labels, each a call into the browser) was most of a
//! chart's cost. So a drawing is not sent to the canvas call by call: its calls are kept in a
//! list and sent when plotters presents the drawing. The list is compared with the last drawing's
//! ([`Kept`]): where the two begin with the same calls, the canvas is copied once that common
//! beginning is drawn, and the next drawing that begins with it again is started from the copy
//! and sends only the calls after it. Charts draw their marks last, so that the common beginning
//! is everything but the marks. Nothing is guessed: a drawing that differs anywhere in the kept
//! beginning (another size, language, series or axis) is drawn whole, as before.

use plotters::prelude::*;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontTransform,
};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
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

fn css(c: Colour) -> String {
    let (r, g, b, a) = c;
    format!("rgba({r},{g},{b},{})", f64::from_bits(a))
}

/// How a shape is painted: filled, or outlined with a line this wide.
#[derive(Clone, Copy, PartialEq)]
enum Paint {
    Fill(Colour),
    Stroke(Colour, u32),
}

fn paint<S: BackendStyle>(style: &S, fill: bool) -> Paint {
    if fill {
        Paint::Fill(colour(style.color()))
    } else {
        Paint::Stroke(colour(style.color()), style.stroke_width())
    }
}

/// One call of a drawing, as plotters made it (CSS pixels): what is kept and compared.
#[derive(Clone, PartialEq)]
enum Call {
    Rect(BackendCoord, BackendCoord, Paint),
    Line(BackendCoord, BackendCoord, Paint),
    Path(Vec<BackendCoord>, Paint),
    Circle(BackendCoord, u32, Paint),
    Polygon(Vec<BackendCoord>, Paint),
    Text {
        text: String,
        font: String,
        colour: Colour,
        /// The context's `textBaseline` and `textAlign`.
        anchor: (&'static str, &'static str),
        /// Quarter turns clockwise.
        turn: u8,
        at: BackendCoord,
    },
}

impl Call {
    /// Roughly what sending the call costs, in calls of a line: a label costs most (a string
    /// to decode, glyphs to lay out and draw).
    fn weight(&self) -> usize {
        match self {
            Call::Text { .. } => 4,
            Call::Path(p, _) | Call::Polygon(p, _) => 1 + p.len() / 16,
            _ => 1,
        }
    }
}

/// The least weight of a common beginning worth copying (it must also be half the drawing):
/// copying and restoring the canvas each cost about what a handful of labels cost.
const KEEP_LEAST: usize = 24;

/// What one canvas keeps between its drawings: the last drawing's calls, and a copy of the
/// canvas as it was after the first `len` of them.
#[derive(Default)]
pub struct Kept {
    last: Vec<Call>,
    /// The canvas's pixels and CSS size the last drawing was made at.
    size: Option<((u32, u32), (u32, u32))>,
    base: Option<Base>,
    /// The canvas's context, asked for once: the browser answers with the same object each time.
    context: Option<CanvasRenderingContext2d>,
    /// The font the last drawing left on the context: still its font while `size` holds, since
    /// only a new backing store resets a context.
    font: Option<String>,
}

struct Base {
    len: usize,
    copy: HtmlCanvasElement,
}

/// What the context has been given in this drawing; `None` is not known (the start of a
/// drawing), so the first use sets it.
#[derive(Clone, Default)]
struct Pen {
    font: Option<String>,
    stroke: Option<Colour>,
    width: Option<u32>,
    fill: Option<Colour>,
    baseline: Option<&'static str>,
    align: Option<&'static str>,
}

pub struct MeasuringCanvas {
    canvas: HtmlCanvasElement,
    context: CanvasRenderingContext2d,
    /// The size plotters lays out in: the canvas's CSS size.
    size: (u32, u32),
    pen: RefCell<Pen>,
    /// This drawing's calls not yet sent, and whether some were sent already.
    calls: Vec<Call>,
    sent: bool,
    kept: Rc<RefCell<Kept>>,
}

impl MeasuringCanvas {
    /// A backend drawing `size` CSS pixels onto `canvas`, whose backing store (its `width` and
    /// `height`) is already set to the device pixels that size covers. `kept` is the canvas's
    /// record of its last drawing, handed to each of its drawings in turn.
    pub fn new(
        canvas: HtmlCanvasElement,
        size: (u32, u32),
        kept: Rc<RefCell<Kept>>,
    ) -> Option<Self> {
        let size = (size.0.max(1), size.1.max(1));
        let (context, font) = {
            let mut k = kept.borrow_mut();
            let context = match &k.context {
                Some(c) => c.clone(),
                None => {
                    let c = context_2d(&canvas)?;
                    k.context = Some(c.clone());
                    c
                }
            };
            let unchanged = k.size == Some(((canvas.width(), canvas.height()), size));
            // The font the last drawing left is known (it is kept as the browser writes it);
            // a context whose backing store was set again has the default, read back here.
            let font = match (&k.font, unchanged) {
                (Some(f), true) => f.clone(),
                _ => context.font(),
            };
            (context, font)
        };
        // Set, not multiplied: a transform left from an earlier drawing must not compound.
        set_scale(&canvas, &context, size).ok()?;
        // The rest of the pen is set on first use.
        let pen = Pen {
            font: Some(font),
            ..Pen::default()
        };
        Some(MeasuringCanvas {
            canvas,
            context,
            size,
            pen: RefCell::new(pen),
            calls: Vec::new(),
            sent: false,
            kept,
        })
    }

    /// Sends the calls made since the last send. The first send of a drawing starts from the
    /// kept copy when the drawing begins as the copy's drawing did, and keeps a new copy when
    /// this drawing and the last share a long enough beginning.
    fn send(&mut self) -> Result<(), Error> {
        let calls = std::mem::take(&mut self.calls);
        let sent = self.send_calls(calls);
        self.kept.borrow_mut().font = self.pen.borrow().font.clone();
        sent
    }

    fn send_calls(&mut self, calls: Vec<Call>) -> Result<(), Error> {
        if self.sent {
            return self.send_all(&calls);
        }
        self.sent = true;
        let kept = self.kept.clone();
        let mut kept = kept.borrow_mut();
        let size = Some(((self.canvas.width(), self.canvas.height()), self.size));
        let same_size = kept.size == size;
        // Known again only once this drawing is sent: a drawing that fails midway leaves the
        // canvas matching no kept list, so the next one is drawn whole.
        kept.size = None;
        let from = match &kept.base {
            Some(b)
                if same_size
                    && calls.len() >= b.len
                    && kept.last.len() >= b.len
                    && calls[..b.len] == kept.last[..b.len] =>
            {
                self.restore(&b.copy)?;
                b.len
            }
            _ => {
                let common = if same_size {
                    calls
                        .iter()
                        .zip(&kept.last)
                        .take_while(|(a, b)| a == b)
                        .count()
                } else {
                    0
                };
                let weight = |c: &[Call]| c.iter().map(Call::weight).sum::<usize>();
                let (head, all) = (weight(&calls[..common]), weight(&calls));
                kept.base = None;
                if head >= KEEP_LEAST && 2 * head >= all {
                    self.send_all(&calls[..common])?;
                    kept.base = self.copy(common);
                    common
                } else {
                    0
                }
            }
        };
        self.send_all(&calls[from..])?;
        kept.last = calls;
        kept.size = size;
        Ok(())
    }

    fn send_all(&self, calls: &[Call]) -> Result<(), Error> {
        calls.iter().try_for_each(|c| self.draw(c))
    }

    /// A copy of the canvas as it is now, the first `len` calls drawn; none if the page cannot
    /// make one (the drawing is then drawn whole next time).
    fn copy(&self, len: usize) -> Option<Base> {
        let copy = self
            .canvas
            .owner_document()?
            .create_element("canvas")
            .ok()?
            .dyn_into::<HtmlCanvasElement>()
            .ok()?;
        copy.set_width(self.canvas.width());
        copy.set_height(self.canvas.height());
        context_2d(&copy)?
            .draw_image_with_html_canvas_element(&self.canvas, 0.0, 0.0)
            .ok()?;
        Some(Base { len, copy })
    }

    /// Puts the kept copy back, pixel for pixel, and the drawing's scale after it.
    fn restore(&self, copy: &HtmlCanvasElement) -> Result<(), Error> {
        let c = &self.context;
        c.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
            .map_err(js_error)?;
        c.clear_rect(
            0.0,
            0.0,
            f64::from(self.canvas.width()),
            f64::from(self.canvas.height()),
        );
        c.draw_image_with_html_canvas_element(copy, 0.0, 0.0)
            .map_err(js_error)?;
        set_scale(&self.canvas, c, self.size).map_err(js_error)
    }

    /// Gives the context `font`, unless it has it already. Written as the browser writes it
    /// back (`13px sans-serif`, the style only when not normal), so the font a drawing leaves is
    /// recognised by the next one and not set again: setting a font makes the browser bring the
    /// page's styles up to date first, which after an edit costs a style pass.
    fn use_font(&self, font: &str) {
        let mut pen = self.pen.borrow_mut();
        if pen.font.as_deref() != Some(font) {
            self.context.set_font(font);
            pen.font = Some(font.to_string());
        }
    }

    fn use_stroke(&self, c: Colour, w: u32) {
        let mut pen = self.pen.borrow_mut();
        if pen.stroke != Some(c) {
            self.context.set_stroke_style_str(&css(c));
            pen.stroke = Some(c);
        }
        if pen.width != Some(w) {
            self.context.set_line_width(f64::from(w));
            pen.width = Some(w);
        }
    }

    fn use_fill(&self, c: Colour) {
        let mut pen = self.pen.borrow_mut();
        if pen.fill != Some(c) {
            self.context.set_fill_style_str(&css(c));
            pen.fill = Some(c);
        }
    }

    fn use_paint(&self, p: Paint) {
        match p {
            Paint::Fill(c) => self.use_fill(c),
            Paint::Stroke(c, w) => self.use_stroke(c, w),
        }
    }

    /// Ends the path begun by the caller: filled or outlined.
    fn finish(&self, p: Paint) {
        match p {
            Paint::Fill(_) => self.context.fill(),
            Paint::Stroke(..) => self.context.stroke(),
        }
    }

    fn use_anchor(&self, (baseline, align): (&'static str, &'static str)) {
        let mut pen = self.pen.borrow_mut();
        if pen.baseline != Some(baseline) {
            self.context.set_text_baseline(baseline);
            pen.baseline = Some(baseline);
        }
        if pen.align != Some(align) {
            self.context.set_text_align(align);
            pen.align = Some(align);
        }
    }

    /// Sends one call to the context.
    fn draw(&self, call: &Call) -> Result<(), Error> {
        let c = &self.context;
        let xy = |p: &BackendCoord| (f64::from(p.0), f64::from(p.1));
        match call {
            Call::Rect(a, b, p) => {
                let ((x, y), (x1, y1)) = (xy(a), xy(b));
                self.use_paint(*p);
                match p {
                    Paint::Fill(_) => c.fill_rect(x, y, x1 - x, y1 - y),
                    Paint::Stroke(..) => c.stroke_rect(x, y, x1 - x, y1 - y),
                }
            }
            Call::Line(from, to, p) => {
                let (a, b) = crisp(*from, *to);
                self.use_paint(*p);
                c.begin_path();
                c.move_to(a.0, a.1);
                c.line_to(b.0, b.1);
                c.stroke();
            }
            Call::Path(pts, p) | Call::Polygon(pts, p) => {
                let Some((first, rest)) = pts.split_first() else {
                    return Ok(());
                };
                self.use_paint(*p);
                c.begin_path();
                let (x, y) = xy(first);
                c.move_to(x, y);
                for q in rest {
                    let (x, y) = xy(q);
                    c.line_to(x, y);
                }
                if matches!(call, Call::Polygon(..)) {
                    c.close_path();
                }
                self.finish(*p);
            }
            Call::Circle(at, r, p) => {
                self.use_paint(*p);
                c.begin_path();
                let (x, y) = xy(at);
                c.arc(x, y, f64::from(*r), 0.0, std::f64::consts::TAU)
                    .map_err(js_error)?;
                self.finish(*p);
            }
            Call::Text {
                text,
                font,
                colour,
                anchor,
                turn,
                at,
            } => {
                let (mut x, mut y) = xy(at);
                // A turned label is drawn inside save/restore, which also restores the state it
                // set: the pen is put back as it was with it.
                let pen_before = (*turn != 0).then(|| self.pen.borrow().clone());
                if *turn != 0 {
                    c.save();
                    c.translate(x, y).map_err(js_error)?;
                    c.rotate(f64::from(*turn) * std::f64::consts::FRAC_PI_2)
                        .map_err(js_error)?;
                    (x, y) = (0.0, 0.0);
                }
                self.use_anchor(*anchor);
                self.use_fill(*colour);
                self.use_font(font);
                let drawn = c.fill_text(text, x, y).map_err(js_error);
                if let Some(pen) = pen_before {
                    c.restore();
                    *self.pen.borrow_mut() = pen;
                }
                drawn?;
            }
        }
        Ok(())
    }

    /// Keeps a call for the send, unless it would draw nothing.
    fn add(&mut self, alpha: f64, call: impl FnOnce() -> Call) {
        if alpha != 0.0 {
            self.calls.push(call());
        }
    }
}

/// A canvas's 2D context; none if the page cannot give one.
fn context_2d(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()?
        .dyn_into::<CanvasRenderingContext2d>()
        .ok()
}

/// Maps the chart's CSS pixels onto the canvas's device pixels.
fn set_scale(
    canvas: &HtmlCanvasElement,
    context: &CanvasRenderingContext2d,
    size: (u32, u32),
) -> Result<(), JsValue> {
    context.set_transform(
        f64::from(canvas.width()) / f64::from(size.0),
        0.0,
        0.0,
        f64::from(canvas.height()) / f64::from(size.1),
        0.0,
        0.0,
    )
}

/// An anchor as the context's `textBaseline` and `textAlign`.
fn anchor(v: VPos, h: HPos) -> (&'static str, &'static str) {
    let baseline = match v {
        VPos::Top => "top",
        VPos::Center => "middle",
        VPos::Bottom => "bottom",
    };
    let align = match h {
        HPos::Left => "start",
        HPos::Right => "end",
        HPos::Center => "center",
    };
    (baseline, align)
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
    /// Sends what was drawn. Charts present once, at the end; the chart widget presents again
    /// after them, which sends what a chart that stopped on an error had drawn.
    fn present(&mut self) -> Result<(), Error> {
        self.send()
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), Error> {
        let to = (point.0 + 1, point.1 + 1);
        self.add(color.alpha, || {
            Call::Rect(point, to, Paint::Fill(colour(color)))
        });
        Ok(())
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), Error> {
        self.add(style.color().alpha, || {
            Call::Line(from, to, paint(style, false))
        });
        Ok(())
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        self.add(style.color().alpha, || {
            Call::Rect(upper_left, bottom_right, paint(style, fill))
        });
        Ok(())
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Error> {
        self.add(style.color().alpha, || {
            Call::Path(path.into_iter().collect(), paint(style, false))
        });
        Ok(())
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        self.add(style.color().alpha, || {
            Call::Circle(center, radius, paint(style, fill))
        });
        Ok(())
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Error> {
        self.add(style.color().alpha, || {
            Call::Polygon(vert.into_iter().collect(), paint(style, true))
        });
        Ok(())
    }
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), Error> {
        let color = style.color();
        self.add(color.alpha, || Call::Text {
            text: text.to_string(),
            font: font_of(style),
            colour: colour(color),
            anchor: anchor(style.anchor().v_pos, style.anchor().h_pos),
            turn: match style.transform() {
                FontTransform::None => 0,
                FontTransform::Rotate90 => 1,
                FontTransform::Rotate180 => 2,
                FontTransform::Rotate270 => 3,
            },
            at: pos,
        });
        Ok(())
    }
    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), Error> {
        // The transform does not change what measureText answers, so widths are in the CSS
        // pixels the chart lays out in.
        let font = font_of(style);
        let key = format!("{font}\u{0}{text}");
        let width = match WIDTHS.with(|w| w.borrow().get(&key).copied()) {
            Some(width) => width,
            None => {
                self.use_font(&font);
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
