//! The page's words in the reader's language.
//!
//! The language comes from the link (`lang=`), then the reader's saved choice, then the browser's
//! languages (any `zh-*` gives Chinese), else English; [`AppState::t`] gives the texts of the
//! language shown, and reading it inside a closure makes that closure follow a switch. The texts
//! are the tables generated from `locales/` ([`crate::text`]): a widget takes a [`Tr`], a plain
//! function from the texts to one string, so a label is data rather than a closure per field.

use super::format;
use super::lang::remember_lang;
use super::state::{use_app, AppState};
use crate::app::state::See;
use crate::calc::link::Lang;
use crate::text::Texts;
use leptos::prelude::*;

// The words themselves are worded below this module, in [`super::words`], so that the state can
// word its notices without reaching up to the language switch.
pub use super::words::{
    currency_name, field_error, issue, label, option, quote_month, site, unit, value, Tr,
};

/// Reads the words start.js fetched for the first language (`window.gpuplanFirst`). False when
/// there are none this build can read: then the page is not drawn, and the loading screen says
/// the calculator could not be loaded.
pub fn first_texts() -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let first = js_sys::Reflect::get(&w, &"gpuplanFirst".into()).unwrap_or_default();
    let field = |k: &str| {
        js_sys::Reflect::get(&first, &k.into())
            .ok()
            .and_then(|v| v.as_string())
    };
    let (Some(lang), Some(text)) = (
        field("lang").and_then(|l| Lang::from_tag(&l)),
        field("text"),
    ) else {
        return false;
    };
    crate::text::load(lang, text).is_ok()
}

/// Fetches the words of the language asked for when they are not loaded yet: the page goes on
/// in the other language meanwhile, and switches once they are read. A failure (offline before
/// the language was ever loaded) is said in a notice; choosing the language again retries.
pub fn follow_language(app: AppState) {
    let asking = StoredValue::new(false);
    Effect::new(move |_| {
        app.ask_again.track();
        let want = app.wanted.get();
        if crate::text::has(want) || asking.get_value() {
            return;
        }
        asking.set_value(true);
        leptos::task::spawn_local(async move {
            let body = fetch_texts(want).await;
            let loaded = body.is_some_and(|b| crate::text::load(want, b).is_ok());
            asking.try_set_value(false);
            if loaded {
                app.texts.notify();
                // A failed try's notice no longer holds.
                if app
                    .storage_notice
                    .see_untracked(|n| matches!(n, Some(super::state::Notice::NoTexts { .. })))
                {
                    app.storage_notice.try_set(None);
                }
            } else {
                app.storage_notice
                    .try_set(Some(super::state::Notice::NoTexts { lang: want }));
            }
        });
    });
}

/// The body of a language's file, through start.js's `gpuplanText` (the file names are in its
/// address).
async fn fetch_texts(lang: Lang) -> Option<String> {
    use wasm_bindgen::JsCast;
    let w = web_sys::window()?;
    let fetch = js_sys::Reflect::get(&w, &"gpuplanText".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    let id = crate::calc::choice::Choice::id(lang);
    let promise = fetch
        .call1(&wasm_bindgen::JsValue::NULL, &id.into())
        .ok()?
        .dyn_into::<js_sys::Promise>()
        .ok()?;
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .ok()?
        .as_string()
}

impl AppState {
    /// The reader chose `l`: kept for their next visit, and its words loaded if need be.
    pub fn choose_lang(&self, l: Lang) {
        remember_lang(l);
        self.lang.set(Some(l));
        self.ask_again.notify();
    }
}

/// A text node that follows the language: `{tr(|t| t.app.tagline)}`.
pub fn tr(f: Tr) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let app = use_app();
    move || f(app.t())
}

impl AppState {
    /// The texts of the language shown; reading it makes the caller follow a switch.
    pub fn t(&self) -> &'static Texts {
        let lang = self.shown.get();
        // Numbers formatted next are in the same language as the words around them.
        format::set_lang(lang);
        crate::text::texts(lang)
    }

    /// The texts without following a switch.
    pub fn t_untracked(&self) -> &'static Texts {
        let lang = self.shown.get_untracked();
        format::set_lang(lang);
        crate::text::texts(lang)
    }
}
