//! Which language a visit starts in, and keeping the reader's choice: the link's `lang=`
//! comes first (read with the rest of the link), then the choice saved here, then the browser's
//! languages (any `zh-*` gives Chinese), else English.

use super::storage;
use crate::calc::link::Lang;

/// Where the reader's own choice of language is kept.
const LANG_KEY: &str = "gpuplan/lang";

/// The language to show when the link names none: the saved choice, else the browser's first
/// language this page speaks, else English.
pub fn fallback_lang() -> Lang {
    // Where storage is refused (a frame in another site's page, a locked-down profile) the
    // page simply has no saved choice.
    if let Some(l) = storage::get(LANG_KEY).and_then(|s| Lang::from_tag(&s)) {
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

/// Keeps the reader's choice for their next visit.
pub fn remember_lang(l: Lang) {
    // Storage refused (private window): the link still carries the choice.
    let _ = storage::set(LANG_KEY, crate::calc::choice::Choice::id(l));
}

/// The `<html lang>` value of a language.
pub fn html_lang(l: Lang) -> &'static str {
    match l {
        Lang::En => "en",
        Lang::Zh => "zh-CN",
    }
}
