//! A canvas that plotters draws on, redrawn whenever what the `draw` closure reads changes and
//! whenever the canvas's box changes size.
//!
//! The stylesheet gives the canvas its size (the width of its card, a height set by the window).
//! A `ResizeObserver` reports that size, and before each drawing the backing store is set to it
//! times the device pixel ratio: the chart is laid out for the room it has, in CSS pixels, and
//! drawn at the screen's resolution, so labels keep their size on a phone and stay sharp on a
//! high-density screen.
//!
//! A chart out of view draws a change later, when it comes into view or the browser is idle
//! (`super::sight`); meanwhile its canvas has `data-stale`. A chart's first drawing waits for
//! the page's first frame to be shown, so that the view's results show without waiting for it.
//! After each drawing the canvas gets `data-draws` (a counter) so tests and the latency
//! benchmark can tell a redraw happened without guessing at timing.
//!
//! Under the caption a chart may say in one sentence how to read it; its key numbers in words
//! (`summary`) are read out to screen readers. Under the canvas two buttons save the drawing as a
//! PNG file and the chart's data as a CSV file; the data is asked of the view only on a click.

use super::canvas_backend::{Kept, MeasuringCanvas};
use super::sight::{last_entry, Sight};
use super::when::live;
use crate::app::download::{download_blob, download_csv};
use crate::app::i18n::Tr;
use crate::app::state::{use_app, See};
use crate::charts::ChartError;
use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, HtmlCanvasElement, ResizeObserver, ResizeObserverEntry};

/// A chart's caption (also its text alternative): fixed, or worded in the reader's language.
#[derive(Clone, Copy)]
pub enum Caption {
    Fixed(&'static str),
    Worded(Tr),
}

impl From<&'static str> for Caption {
    fn from(s: &'static str) -> Self {
        Caption::Fixed(s)
    }
}

impl From<Tr> for Caption {
    fn from(f: Tr) -> Self {
        Caption::Worded(f)
    }
}

impl Caption {
    fn text(self, t: &'static crate::text::Texts) -> &'static str {
        match self {
            Caption::Fixed(s) => s,
            Caption::Worded(f) => f(t),
        }
    }
}

/// A chart's data as a table: the first row names the columns, each further row is one point
/// (or one category) with a cell per series, an empty cell where a series has no value.
pub type Rows = Vec<Vec<String>>;

/// Why a chart is not shown, worded at render time in the reader's language.
#[derive(Clone, PartialEq)]
enum Problem {
    NoCanvas,
    Failed(String),
}

/// The size a chart is drawn at while its box has none (inside something hidden), so that it
/// still draws and counts; it is drawn again at its real size when it is shown.
pub const WIDTH: u32 = 720;
pub const HEIGHT: u32 = 340;

/// The most device pixels per CSS pixel drawn: beyond it a chart costs more to draw and looks
/// no sharper.
const MAX_RATIO: f64 = 4.0;

/// How a chart is drawn on the area it is given. Boxed, so that the chart's own code (sizing,
/// drawing out of view, downloads) is compiled once for every chart, not once per drawing.
pub type Draw = Box<dyn Fn(&DrawingArea<MeasuringCanvas, Shift>) -> Result<(), ChartError>>;

#[component]
pub fn ChartCanvas<F>(
    testid: &'static str,
    #[prop(into)] label: Caption,
    /// What the chart shows, in words, for readers who cannot see it: not shown on the page,
    /// read out after the caption (`aria-describedby`).
    #[prop(optional, into)]
    summary: Option<Signal<String>>,
    /// One sentence on how to read the chart, shown under the caption.
    #[prop(optional, into)]
    how: Option<Caption>,
    /// The chart's data for the CSV file. Called only when the reader asks for the file, so a
    /// slider's move does not build a table nobody downloads.
    #[prop(optional, into)]
    csv: Option<Callback<(), Rows>>,
    draw: F,
) -> impl IntoView
where
    F: Fn(&DrawingArea<MeasuringCanvas, Shift>) -> Result<(), ChartError> + 'static,
{
    chart(testid, label, summary, how, csv, Box::new(draw))
}

pub(super) fn chart(
    testid: &'static str,
    label: Caption,
    summary: Option<Signal<String>>,
    how: Option<Caption>,
    csv: Option<Callback<(), Rows>>,
    draw: Draw,
) -> AnyView {
    let app = use_app();
    let label = move || label.text(app.t());
    let node = NodeRef::<Canvas>::new();
    let problem = RwSignal::new(None::<Problem>);
    // The canvas's box in CSS pixels, once it has been laid out.
    let boxed = RwSignal::new(None::<(f64, f64)>);
    // Runs the drawing again when one put off while the chart was out of view is due.
    let kick = Trigger::new();
    let sight = Sight::new(kick);
    node.on_load({
        let sight = sight.clone();
        move |canvas| {
            observe_size(&canvas, boxed);
            sight.watch(&canvas);
        }
    });
    let mut draws = 0u32;
    // The last drawing, kept so that the next one can start from what it shares with it.
    let kept = Rc::new(RefCell::new(Kept::default()));
    Effect::new(move |_| {
        kick.track();
        let Some(canvas) = node.get() else { return };
        // Nothing is drawn before the box is known: a first drawing at a guessed size would be
        // thrown away a frame later.
        let Some((w, h)) = boxed.get() else { return };
        // Nor before the page's first frame is shown: the headline and results show without
        // waiting for the charts (see `sight`).
        if draws == 0 && sight.wait_first_frame() {
            return;
        }
        // Out of view, a change is drawn later (see `sight`): returning before `draw` reads
        // anything leaves this effect out of the next moves' runs. The first drawing is always
        // made, so every chart has one.
        if draws > 0 && !sight.may_draw() {
            sight.put_off(&canvas);
            return;
        }
        let (w, h) = if w < 1.0 || h < 1.0 {
            (f64::from(WIDTH), f64::from(HEIGHT))
        } else {
            (w, h)
        };
        let ratio = window().device_pixel_ratio().clamp(1.0, MAX_RATIO);
        // Rounded up, so the backing store never has fewer pixels than the screen shows.
        let (pw, ph) = ((w * ratio).ceil() as u32, (h * ratio).ceil() as u32);
        // Setting a size clears the canvas even when it is unchanged: only a change is written.
        if canvas.width() != pw {
            canvas.set_width(pw);
        }
        if canvas.height() != ph {
            canvas.set_height(ph);
        }
        let css = (w.floor() as u32, h.floor() as u32);
        let Some(backend) = MeasuringCanvas::new(canvas.clone(), css, kept.clone()) else {
            problem.set(Some(Problem::NoCanvas));
            return;
        };
        let area = backend.into_drawing_area();
        // The chart presents its drawing; this sends what one that failed midway had drawn.
        let drawn = draw(&area);
        let result = drawn.and(area.present().map_err(ChartError::from));
        draws += 1;
        sight.drew(&canvas);
        let _ = canvas.set_attribute("data-draws", &draws.to_string());
        // Written only when it changes: most drawings succeed, and the message need not re-render.
        let now = result.err().map(|e| Problem::Failed(e.0));
        if problem.see_untracked(|p| *p != now) {
            problem.set(now);
        }
    });
    let summary_id = summary.map(|_| format!("{testid}-summary"));
    // Only the numbers: the sentence on reading the chart is on the page, read in its place.
    let described_by = summary_id.clone();
    let save_png = move |_| {
        if let Some(canvas) = node.get_untracked() {
            save_drawing(&canvas, format!("gpuplan-{testid}.png"));
        }
    };
    let save_csv = move |_| {
        if let Some(rows) = csv.and_then(|c| c.try_run(())) {
            let _ = download_csv(&format!("gpuplan-{testid}.csv"), &rows);
        }
    };
    view! {
        <figure class="chart">
            <figcaption>{live(label)}</figcaption>
            {how
                .map(|h| {
                    view! {
                        <p class="chart-how" data-testid=format!("{testid}-how")>
                            {live(move || h.text(app.t()))}
                        </p>
                    }
                })}
            <canvas
                node_ref=node
                width=WIDTH
                height=HEIGHT
                data-testid=testid
                role="img"
                aria-label=label
                aria-describedby=described_by
            ></canvas>
            {summary
                .map(|s| {
                    view! {
                        <p
                            class="visually-hidden"
                            id=summary_id
                            data-testid=format!("{testid}-summary")
                        >
                            {live(move || s.get())}
                        </p>
                    }
                })}
            <p class="chart-dl">
                <span>{live(move || app.t().chart_dl.lead)}</span>
                " "
                <button
                    type="button"
                    data-testid=format!("{testid}-png")
                    aria-label=move || app.t().chart_dl.png(label())
                    on:click=save_png
                >
                    "PNG"
                </button>
                {csv
                    .map(|_| {
                        view! {
                            " "
                            <button
                                type="button"
                                data-testid=format!("{testid}-csv")
                                aria-label=move || app.t().chart_dl.csv(label())
                                on:click=save_csv
                            >
                                "CSV"
                            </button>
                        }
                    })}
            </p>
            <p class="field-msg" role="alert">
                {live(move || {
                    let t = app.t();
                    problem
                        .get()
                        .map(|p| match p {
                            Problem::NoCanvas => t.chart.no_canvas.to_string(),
                            Problem::Failed(why) => t.chart.failed(&why),
                        })
                })}
            </p>
        </figure>
    }
    .into_any()
}

/// Saves what the canvas shows as a PNG file. `toBlob` encodes it off the main thread and
/// answers later; a canvas that cannot be read gives nothing, and nothing is saved.
fn save_drawing(canvas: &HtmlCanvasElement, name: String) {
    let done = Closure::once_into_js(move |blob: JsValue| {
        if let Ok(blob) = blob.dyn_into::<Blob>() {
            let _ = download_blob(&name, &blob);
        }
    });
    let _ = canvas.to_blob(done.unchecked_ref());
}

/// Reports the canvas's box to `boxed` whenever it changes (a rotated phone, a resized window,
/// a column that moved under a wider one), which redraws the chart at the new size.
fn observe_size(canvas: &HtmlCanvasElement, boxed: RwSignal<Option<(f64, f64)>>) {
    let report = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let Some(entry) = last_entry::<ResizeObserverEntry>(&entries) else {
            return;
        };
        let rect = entry.content_rect();
        let size = Some((rect.width(), rect.height()));
        // `try_`: a report that arrives after the chart left the page changes nothing.
        if boxed.try_get_untracked() != Some(size) {
            boxed.try_set(size);
        }
    });
    // Handed to JavaScript, which keeps it while the observer may call it; a Rust-owned closure
    // dropped with the chart would throw if a last report were already queued.
    let report = report.into_js_value();
    let Ok(observer) = ResizeObserver::new(report.unchecked_ref()) else {
        // No observer (a very old browser): draw once at the size the box has now.
        let (w, h) = (canvas.client_width(), canvas.client_height());
        boxed.set(Some((f64::from(w), f64::from(h))));
        return;
    };
    observer.observe(canvas);
    let observer = StoredValue::new_local(observer);
    on_cleanup(move || {
        observer.try_with_value(|o| o.disconnect());
    });
}
