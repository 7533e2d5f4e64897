//! A view embedded in another page (`embed=1`): the view alone, results first (style/main.css,
//! `.app.embed`), with no header, toolbar, footer or storage notice, and a small link that opens
//! the same state in a tab of its own. The page tells the page around it how tall it is, so an
//! iframe can fit it without a scroll bar of its own (README, "Embedding").
//!
//! An embed writes nothing to storage ([`super::state::AppState::from_page`] and `write`): its
//! state is its link, and the reader's own saved scenario is not theirs to change.

use super::i18n::tr;
use super::print::settled_link;
use super::state::use_app;
use leptos::prelude::*;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Whether the page is shown as an embed (`embed=1`).
pub fn embedded() -> bool {
    use_app().embed
}

/// "Open in gpuplan": the same state without `embed`, in a new tab.
#[component]
pub fn EmbedOpen() -> impl IntoView {
    let app = use_app();
    let link = settled_link(app, false);
    view! {
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

/// Posts the page's height to the page that frames it, once it is laid out and again whenever it
/// changes. Nothing is sent when the page is not in a frame. The message carries only a height,
/// so it goes to any parent (`"*"`): the page cannot know which site embeds it.
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
    let observe = Closure::<dyn FnMut(js_sys::Array, web_sys::ResizeObserver)>::new(
        move |_: js_sys::Array, _: web_sys::ResizeObserver| {
            let px = measured.get_bounding_client_rect().height().ceil();
            if px != sent.get() {
                sent.set(px);
                let _ = parent.post_message(&height_message(px), "*");
            }
        },
    );
    if let Ok(observer) = web_sys::ResizeObserver::new(observe.as_ref().unchecked_ref()) {
        // The first observation comes once the page is laid out: that is the "on load" message.
        observer.observe(&root);
        // Both live as long as the page.
        std::mem::forget(observer);
        observe.forget();
    }
}
