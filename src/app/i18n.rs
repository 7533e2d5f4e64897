//! The page's words in the reader's language.
//!
//! The language comes from the link (`lang=`), then the reader's saved choice, then the browser's
//! languages (any `zh-*` gives Chinese), else English; [`AppState::t`] gives the texts of the
//! language shown, and reading it inside a closure makes that closure follow a switch. The texts
//! are the tables generated from `locales/` ([`crate::text`]): a widget takes a [`Tr`], a plain
//! function from the texts to one string, so a label is data rather than a closure per field.

use super::format;
use super::state::{use_app, AppState};
use crate::calc::field::FieldError;
use crate::calc::link::Lang;
use crate::calc::number_text::{NumberKind, NumberTextError};
use crate::calc::table::Issue;
use crate::calc::units::{Currency, Money};
use crate::text::Texts;
use leptos::prelude::*;

/// Picks one string from the texts: `|t| t.app.tagline`.
pub type Tr = fn(&'static Texts) -> &'static str;

/// Where the reader's own choice of language is kept.
const LANG_KEY: &str = "gpuplan/lang";

/// The language to show when the link names none: the saved choice, else the browser's first
/// language this page speaks, else English.
pub fn fallback_lang() -> Lang {
    // Not gloo's `LocalStorage::raw()`, which panics where storage is refused (a frame in
    // another site's page, a locked-down profile): the page then simply has no saved choice.
    if let Some(l) = local_storage()
        .and_then(|s| s.get_item(LANG_KEY).ok().flatten())
        .and_then(|s| Lang::from_tag(&s))
    {
        return l;
    }
    let nav = web_sys::window().map(|w| w.navigator());
    let langs = nav.map(|n| n.languages().to_vec()).unwrap_or_default();
    langs
        .iter()
        .filter_map(|v| v.as_string())
        .find_map(|tag| Lang::from_tag(&tag))
        .unwrap_or_default()
}

/// The language that can be shown for `want`: itself once its words are loaded, else the other.
pub fn showable(want: Lang) -> Lang {
    if crate::text::has(want) {
        return want;
    }
    match want {
        Lang::En => Lang::Zh,
        Lang::Zh => Lang::En,
    }
}

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
                    .with_untracked(|n| matches!(n, Some(super::state::Notice::NoTexts { .. })))
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

/// Keeps the reader's choice for their next visit.
pub fn remember_lang(l: Lang) {
    // Storage refused (private window): the link still carries the choice.
    if let Some(s) = local_storage() {
        let _ = s.set_item(LANG_KEY, crate::calc::choice::Choice::id(l));
    }
}

/// localStorage, when this window may use it.
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// A text node that follows the language: `{tr(|t| t.app.tagline)}`.
pub fn tr(f: Tr) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let app = use_app();
    move || f(app.t())
}

/// A field's visible label, by its link key.
pub fn label(t: &'static Texts, key: &str) -> &'static str {
    t.field.get(key).unwrap_or("")
}

/// A currency's name as a unit: `CNY`, `元`.
pub fn currency_name(t: &'static Texts, c: Currency) -> &'static str {
    t.cur.get(c.code()).unwrap_or(c.code())
}

/// A field's unit, by its link key: for money, the currency with what it is per.
pub fn unit(t: &'static Texts, key: &str, kind: NumberKind, c: Currency) -> String {
    let per = t.unit.get(key).unwrap_or("");
    match kind {
        NumberKind::Money => t
            .app
            .money_unit(currency_name(t, c), per)
            .trim()
            .to_string(),
        _ => per.to_string(),
    }
}

/// A value of a field as the page writes it: money with its currency, a percentage with `%`.
pub fn value(v: f64, kind: NumberKind, c: Currency) -> String {
    match kind {
        NumberKind::Money => format::money(Money::new(v, c), 2),
        NumberKind::Percent => format::percent(v / 100.0, 0),
        NumberKind::Plain => format::number(v, 6),
    }
}

/// A field's problem in words, with the field's label and its bounds as the page writes them.
pub fn field_error(t: &'static Texts, e: &FieldError, c: Currency) -> String {
    let label = |key: &str| {
        let l = self::label(t, key);
        if l.is_empty() {
            key.to_string()
        } else {
            l.to_string()
        }
    };
    match e {
        FieldError::NotANumber { key, raw, why } => {
            let l = label(key);
            match why {
                NumberTextError::Empty => t.err.empty(&l),
                NumberTextError::BadGrouping { .. } => t.err.grouping(&l, raw),
                NumberTextError::PercentNotAllowed => t.err.percent_here(&l),
                NumberTextError::UnitNotAllowed { .. } => t.err.unit_here(&l, raw),
                NumberTextError::NotFinite => t.err.too_large(&l, raw),
                _ => t.err.not_a_number(&l, raw),
            }
        }
        FieldError::OutOfRange {
            key,
            min,
            max,
            kind,
            ..
        } => t
            .err
            .range(&label(key), &value(*min, *kind, c), &value(*max, *kind, c)),
        FieldError::NotWhole { key, value } => t.err.whole(&label(key), &format::number(*value, 6)),
        FieldError::NotAChoice { key, raw, allowed } => {
            let names: Vec<String> = allowed
                .iter()
                .map(|id| option(t, key, id).to_string())
                .collect();
            t.err.choice(&label(key), raw, &names.join(t.app.list_sep))
        }
        FieldError::NotAFlag { key, raw } => t.err.flag(&label(key), raw),
    }
}

/// A choice's option in words, by the field's key and the option's id; the id itself when the
/// locale files name it nowhere (a model or card id is its own name).
pub fn option(t: &'static Texts, key: &str, id: &'static str) -> &'static str {
    t.opt.get(&format!("{key}.{id}")).unwrap_or(id)
}

/// Any problem the page reports, in words. Each calculator's own errors are worded by the
/// function its view registers in [`super::words`]; a field's own problem is worded here.
pub fn issue(t: &'static Texts, i: &Issue, c: Currency) -> String {
    if let Some(e) = i.error::<FieldError>() {
        return field_error(t, e, c);
    }
    super::words::issue(t, i, c).unwrap_or_else(|| i.to_string())
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

/// The `<html lang>` value of a language.
pub fn html_lang(l: Lang) -> &'static str {
    match l {
        Lang::En => "en",
        Lang::Zh => "zh-CN",
    }
}
