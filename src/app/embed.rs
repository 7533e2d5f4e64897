//! A view embedded in another page (`embed=1`): the view alone, results first (style/main.css,
//! `.app.embed`), with no header, toolbar, footer or storage notice, and a small link that opens
//! the same state in a tab of its own. The page tells the page around it how tall it is, so an
//! iframe can fit it without a scroll bar of its own (README, "Embedding").
//!
//! An embed writes nothing to storage ([`super::state::AppState::from_page`] and `write`): its
//! state is its link, and the reader's own saved scenario is not theirs to change.

use super::i18n::tr;
use super::print::settled_link;
use super::state::{use_app, AppState};
use super::widgets::When;
use crate::calc::link::Part;
use leptos::prelude::*;
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Whether the page is shown as an embed (`embed=1`).
pub fn embedded() -> bool {
    use_app().embed
}

/// The page's class: an embed, and which part of the view it shows (style/main.css hides the
/// rest). Without `part`, the answer, the key results and the first chart, the inputs folded.
pub fn class(app: AppState) -> &'static str {
    match (app.embed, app.part) {
        (false, _) => "app",
        (true, None) => "app embed",
        (true, Some(Part::Headline)) => "app embed part part-headline",
        (true, Some(Part::Results)) => "app embed part part-results",
        (true, Some(Part::Chart)) => "app embed part part-chart",
    }
}

/// "Open in gpuplan": the same state without `embed`, in a new tab; and, for the whole view, the
/// inputs folded under a summary the reader can open (the form shows above the results then).
#[component]
pub fn EmbedOpen() -> impl IntoView {
    let app = use_app();
    let link = settled_link(app, false);
    view! {
        <When when=move || app.part.is_none()>
            <details class="embed-inputs" data-testid="embed-inputs">
                <summary>{tr(|t| t.embed.inputs)}</summary>
            </details>
        </When>
        <p class="embed-bar">
            <a
                class="embed-open"
                data-testid="embed-open"
                href=move || link.get()
                target="_blank"
                rel="noopener"
            >
                {tr(|t| t.embed.open)}
                " "
                <span class="visually-hidden">{tr(|t| t.embed.new_tab)}</span>
            </a>
        </p>
    }
}

/// The message an embed sends its parent: `{"gpuplan": "height", "height": <px>}`.
fn height_message(px: f64) -> JsValue {
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"gpuplan".into(), &"height".into());
    let _ = js_sys::Reflect::set(&msg, &"height".into(), &px.into());
    msg.into()
}

/// Posts the page's height to the page that frames it as soon as it is laid out and again
/// whenever it changes, whether or not the frame is on the reader's screen. Nothing is sent when
/// the page is not in a frame. The message carries only a height, so it goes to any parent
/// (`"*"`): the page cannot know which site embeds it.
///
/// A `ResizeObserver` alone is not enough: its reports are delivered when the browser renders a
/// frame, and Chromium does not render a cross-origin frame that is off screen. A frame far below
/// the fold of a document then posted nothing until scrolled to, and sat at the host's default
/// height with a scroll bar of its own. So the height is also measured (which lays the page out
/// on the spot, rendered or not) after the page is first drawn, after every change to the
/// document (a `MutationObserver`, whose reports do not wait for rendering), and a few times
/// in the first seconds (late layout such as fonts); the observer still catches a frame the host
/// resizes.
pub fn report_height() {
    let Some(win) = web_sys::window() else {
        return;
    };
    let parent = match win.parent() {
        Ok(Some(p)) => p,
        _ => return,
    };
    let own: &JsValue = win.as_ref();
    let theirs: &JsValue = parent.as_ref();
    if own == theirs {
        return;
    }
    let Some(root) = win.document().and_then(|d| d.document_element()) else {
        return;
    };
    let sent = Rc::new(Cell::new(-1.0_f64));
    let measured = root.clone();
    // The root element's own box, not its scroll height: that is never less than the frame, so a
    // page that shrinks would keep the frame at its tallest.
    let post = Rc::new(move || {
        let px = measured.get_bounding_client_rect().height().ceil();
        if px != sent.get() {
            sent.set(px);
            let _ = parent.post_message(&height_message(px), "*");
        }
    });
    let on_resize = post.clone();
    let observe = Closure::<dyn FnMut(js_sys::Array, web_sys::ResizeObserver)>::new(
        move |_: js_sys::Array, _: web_sys::ResizeObserver| on_resize(),
    );
    if let Ok(observer) = web_sys::ResizeObserver::new(observe.as_ref().unchecked_ref()) {
        observer.observe(&root);
        // Both live as long as the page.
        std::mem::forget(observer);
        observe.forget();
    }
    // One measurement per turn of changes: a redraw changes many nodes at once.
    let due = Rc::new(Cell::new(false));
    let later = {
        let post = post.clone();
        move || {
            if due.replace(true) {
                return;
            }
            let (due, post) = (due.clone(), post.clone());
            set_timeout(
                move || {
                    due.set(false);
                    post();
                },
                Duration::ZERO,
            );
        }
    };
    let changed = Closure::<dyn FnMut()>::new(later);
    if let Ok(observer) = web_sys::MutationObserver::new(changed.as_ref().unchecked_ref()) {
        let options = web_sys::MutationObserverInit::new();
        options.set_subtree(true);
        options.set_child_list(true);
        options.set_character_data(true);
        options.set_attributes(true);
        let _ = observer.observe_with_options(&root, &options);
        std::mem::forget(observer);
        changed.forget();
    }
    // The first measurement, once the page is drawn (this runs before it is), then a few more.
    for ms in [0, 250, 1000, 3000] {
        let post = post.clone();
        set_timeout(move || post(), Duration::from_millis(ms));
    }
}
