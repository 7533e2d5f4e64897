//! When a chart that is out of view draws.
//!
//! A slider moves every chart that reads its field, but a reader sees only the charts on screen:
//! on a phone none of a view's charts are beside its sliders, and on a laptop one or two are. A
//! chart on screen (or within [`MARGIN`] of it) draws in the same pass as the move. A chart out
//! of view notes that its drawing is behind (`data-stale` on the canvas, a test hook) and draws
//! when it comes into view, when the browser next has idle time (at most [`IDLE_WAIT_MS`] later
//! under load), or before the page is printed, whichever is first. Its drawing is therefore
//! never more than one idle period behind, and the work of a move is the work for what can be
//! seen.
//!
//! While a chart is behind, its drawing effect reads none of the chart's data, so further moves
//! do not run it at all: it is run again by this module's `kick` when the drawing is due.
//!
//! A chart's first drawing waits for the page's first frame with the app in it to be shown
//! ([`Sight::wait_first_frame`]). Its size is known only once that frame is laid out (its
//! resize observer answers then, before the frame is painted), so drawing it at once would hold
//! the frame, and the view's headline and results with it, until every chart had drawn: about
//! 110 ms of script for rent or buy's with the CPU slowed 4x (docs/performance.md, "A first
//! visit over slow 4G"). The charts draw in the task right after that frame and show in the next one.

use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    HtmlCanvasElement, IdleRequestOptions, IntersectionObserver, IntersectionObserverEntry,
    IntersectionObserverInit,
};

/// How far outside the window a chart still counts as on screen: a chart about to be scrolled
/// into view is drawn before it gets there.
const MARGIN: &str = "100px 0px";

/// The longest a chart out of view waits for idle time before it draws anyway.
const IDLE_WAIT_MS: u32 = 300;

/// Where a browser has no idle callbacks, the wait before a chart out of view draws.
const NO_IDLE_WAIT_MS: i32 = 50;

/// What a chart knows of its place on screen and of a drawing it put off.
pub struct Sight {
    /// On screen or near it. Taken as so until the observer first answers, and for good where
    /// there is no observer: every drawing is then done at once, as without this module.
    on_screen: Cell<bool>,
    /// A drawing was put off.
    behind: Cell<bool>,
    /// The put-off drawing may be done now (the chart came into view, or idle time came).
    due: Cell<bool>,
    /// An idle callback is already asked for.
    asked: Cell<bool>,
    /// Runs the chart's drawing effect again.
    kick: Trigger,
    /// Its first drawing waits for the page's first frame (it is in [`FIRST_FRAME`]'s list).
    waiting: Cell<bool>,
}

/// Where the page's first frame with the app in it stands.
enum FirstFrame {
    /// Not asked for yet.
    Unasked,
    /// Asked for; the charts whose first drawing waits for it.
    Waiting(Vec<Trigger>),
    /// Shown: charts draw at once.
    Shown,
}

thread_local! {
    static FIRST_FRAME: RefCell<FirstFrame> = const { RefCell::new(FirstFrame::Unasked) };
}

/// Starts watching for the page's first frame, if that is not done yet: called as a chart is
/// built, in the task that mounts the page, so that the animation callback below runs in that
/// first frame. A task queued from a frame's animation callback runs once the frame has been
/// rendered. A page in a background tab gets no frames: the charts then draw after
/// [`FIRST_FRAME_WAIT_MS`] (or before printing), as they did before they waited.
fn watch_first_frame() {
    let ask = FIRST_FRAME.with(|f| {
        let mut f = f.borrow_mut();
        if matches!(*f, FirstFrame::Unasked) {
            *f = FirstFrame::Waiting(Vec::new());
            true
        } else {
            false
        }
    });
    if ask {
        request_animation_frame(|| set_timeout(first_frame_shown, std::time::Duration::ZERO));
        set_timeout(
            first_frame_shown,
            std::time::Duration::from_millis(FIRST_FRAME_WAIT_MS),
        );
    }
}

/// The longest a chart's first drawing waits for the page's first frame.
const FIRST_FRAME_WAIT_MS: u64 = 1000;

/// The first frame is shown (or waited for long enough): the charts waiting for it draw.
fn first_frame_shown() {
    let waiting = FIRST_FRAME.with(|f| f.replace(FirstFrame::Shown));
    if let FirstFrame::Waiting(kicks) = waiting {
        for kick in kicks {
            // A chart that left the page meanwhile: its trigger is gone, and notifying it does
            // nothing.
            kick.notify();
        }
    }
}

impl Sight {
    /// `kick` must be tracked by the chart's drawing effect.
    pub fn new(kick: Trigger) -> Rc<Sight> {
        watch_first_frame();
        Rc::new(Sight {
            on_screen: Cell::new(true),
            behind: Cell::new(false),
            due: Cell::new(false),
            asked: Cell::new(false),
            kick,
            waiting: Cell::new(false),
        })
    }

    /// Whether the chart's first drawing must wait for the page's first frame to be shown; if
    /// so, the drawing effect is run again (by `kick`) once it has been.
    pub fn wait_first_frame(&self) -> bool {
        FIRST_FRAME.with(|f| match &mut *f.borrow_mut() {
            FirstFrame::Shown => false,
            FirstFrame::Waiting(kicks) => {
                if !self.waiting.replace(true) {
                    kicks.push(self.kick);
                }
                true
            }
            // Not watched (no chart was built before): nothing would wake it, so it draws now.
            FirstFrame::Unasked => false,
        })
    }

    /// Follows `canvas` onto and off the screen, and listens for printing, until the chart's
    /// owner is cleaned up.
    pub fn watch(self: &Rc<Self>, canvas: &HtmlCanvasElement) {
        observe(canvas, self.clone());
        before_print(self.clone());
    }

    /// Whether a change may be drawn now. Taking the answer spends a due drawing.
    pub fn may_draw(&self) -> bool {
        self.on_screen.get() || self.due.replace(false)
    }

    /// Puts a drawing off: marks the canvas as behind and asks for idle time.
    pub fn put_off(self: &Rc<Self>, canvas: &HtmlCanvasElement) {
        if !self.behind.replace(true) {
            let _ = canvas.set_attribute("data-stale", "");
        }
        if !self.asked.replace(true) {
            ask_idle(self.clone());
        }
    }

    /// The drawing is current.
    pub fn drew(&self, canvas: &HtmlCanvasElement) {
        self.due.set(false);
        if self.behind.replace(false) {
            let _ = canvas.remove_attribute("data-stale");
        }
    }

    /// Runs the put-off drawing, if there is one.
    fn catch_up(&self) {
        if self.behind.get() {
            self.due.set(true);
            self.kick.notify();
        }
    }
}

/// The newest of an observer's entries. Each chart's observers watch its canvas alone, so the
/// last entry is the canvas's latest state.
pub(super) fn last_entry<T: JsCast>(entries: &js_sys::Array) -> Option<T> {
    entries.iter().last().and_then(|e| e.dyn_into::<T>().ok())
}

fn observe(canvas: &HtmlCanvasElement, sight: Rc<Sight>) {
    let report = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let Some(entry) = last_entry::<IntersectionObserverEntry>(&entries) else {
            return;
        };
        sight.on_screen.set(entry.is_intersecting());
        if entry.is_intersecting() {
            sight.catch_up();
        }
    });
    // Kept by JavaScript while the observer may call it (see `observe_size` in chart_canvas).
    let report = report.into_js_value();
    let options = IntersectionObserverInit::new();
    options.set_root_margin(MARGIN);
    let Ok(observer) = IntersectionObserver::new_with_options(report.unchecked_ref(), &options)
    else {
        return;
    };
    observer.observe(canvas);
    let observer = StoredValue::new_local(observer);
    on_cleanup(move || {
        observer.try_with_value(|o| o.disconnect());
    });
}

/// A printed page shows every chart: one put off is drawn when printing starts. The effect it
/// starts runs in the same turn, before the page is laid out for print.
fn before_print(sight: Rc<Sight>) {
    let listener = Closure::<dyn Fn()>::new(move || {
        first_frame_shown();
        sight.catch_up();
    })
    .into_js_value();
    let window = window();
    if window
        .add_event_listener_with_callback("beforeprint", listener.unchecked_ref())
        .is_err()
    {
        return;
    }
    let listener = StoredValue::new_local(listener);
    on_cleanup(move || {
        listener.try_with_value(|l| {
            let _ = window.remove_event_listener_with_callback("beforeprint", l.unchecked_ref());
        });
    });
}

thread_local! {
    /// The same for every request: made once rather than at each move.
    static IDLE_OPTIONS: IdleRequestOptions = {
        let options = IdleRequestOptions::new();
        options.set_timeout(IDLE_WAIT_MS);
        options
    };
}

fn ask_idle(sight: Rc<Sight>) {
    let fire = {
        let sight = sight.clone();
        Closure::once_into_js(move || {
            sight.asked.set(false);
            sight.catch_up();
        })
    };
    let window = window();
    let asked = IDLE_OPTIONS.with(|options| {
        window
            .request_idle_callback_with_options(fire.unchecked_ref(), options)
            .is_ok()
    });
    if asked {
        return;
    }
    // No idle callbacks (Safari): a short timer, still outside the move's own pass.
    if window
        .set_timeout_with_callback_and_timeout_and_arguments_0(
            fire.unchecked_ref(),
            NO_IDLE_WAIT_MS,
        )
        .is_err()
    {
        // Nothing can wake the chart later: it draws now.
        sight.asked.set(false);
        sight.on_screen.set(true);
        sight.catch_up();
    }
}
