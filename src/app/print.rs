//! What a printed page carries beyond the screen: a line with the page's full address and the
//! day it was printed (`print-stamp`), shown only by the print stylesheet (style/main.css,
//! `@media print`), so a sheet of paper leads back to the state it shows.

use super::i18n;
use super::state::{use_app, AppState, PERSIST_DELAY};
use leptos::prelude::*;

/// The page's address (with `embed=1` when `embed`), following the state once edits pause.
///
/// Encoding the link on every step of a moving slider would add to each redraw for a line that
/// nobody reads until later; like the address bar, this waits [`PERSIST_DELAY`] after the last
/// change, and [`refresh`] brings it up to date at once (before printing).
pub fn settled_link(app: AppState, embed: bool) -> RwSignal<String> {
    let link = RwSignal::new(untrack(|| app.href(embed)));
    let pending = StoredValue::new_local(None::<TimeoutHandle>);
    Effect::new(move |first: Option<()>| {
        // Tracked without being cloned: only a change matters here, not the value.
        app.scenario.track();
        app.progress.track();
        app.view.track();
        app.lang.track();
        if first.is_none() {
            return;
        }
        if let Some(h) = pending.try_update_value(|p| p.take()).flatten() {
            h.clear();
        }
        let handle = set_timeout_with_handle(
            move || {
                link.try_set(untrack(|| app.href(embed)));
            },
            PERSIST_DELAY,
        )
        .ok();
        pending.set_value(handle);
    });
    link
}

/// Sets `link` to the address of the state now.
pub fn refresh(app: AppState, link: RwSignal<String>, embed: bool) {
    link.set(untrack(|| app.href(embed)));
}

/// Today in the reader's language: "12 May 2026", "2026年5月12日".
fn date(ms: f64, lang: &str) -> String {
    let options = js_sys::Object::new();
    for (k, v) in [("year", "numeric"), ("month", "long"), ("day", "numeric")] {
        let _ = js_sys::Reflect::set(&options, &k.into(), &v.into());
    }
    let locale = if lang == "en" { "en-GB" } else { lang };
    js_sys::Date::new(&ms.into())
        .to_locale_date_string(locale, &options)
        .into()
}

/// The address and date line of a printed page; hidden on screen.
#[component]
pub fn PrintStamp() -> impl IntoView {
    let app = use_app();
    let link = settled_link(app, false);
    let now = RwSignal::new(js_sys::Date::now());
    // Printing from the browser's menu: the link and the day of this very print.
    let before = window_event_listener(leptos::ev::beforeprint, move |_| {
        refresh(app, link, false);
        now.set(js_sys::Date::now());
    });
    // The stamp lives as long as the page.
    std::mem::forget(before);
    let text = move || {
        let day = date(now.get(), i18n::html_lang(app.shown.get()));
        link.with(|l| app.t().print.stamp(l, &day))
    };
    view! {
        <p class="print-stamp" data-testid="print-stamp">
            {text}
        </p>
    }
}
