//! What a printed page carries beyond the screen: a line with the page's full address and the
//! day it was printed (`print-stamp`), shown only by the print stylesheet (style/main.css,
//! `@media print`), so a sheet of paper leads back to the state it shows.

use super::state::{after_pause, use_app, AppState};
use crate::app::state::See;
use crate::app::widgets::live;
use crate::text::Texts;
use leptos::prelude::*;

/// The page's address (with `embed=1` when `embed`), following the state once edits pause.
///
/// Encoding the link on every step of a moving slider would add to each redraw for a line that
/// nobody reads until later; like the address bar, this waits until the state has not changed
/// for [`super::state::PERSIST_DELAY`], and [`refresh`] brings it up to date at once (before
/// printing).
pub fn settled_link(app: AppState, embed: bool) -> RwSignal<String> {
    let link = RwSignal::new(untrack(|| app.href(embed)));
    follow(app, link, embed);
    link
}

/// The same, empty until the page's first frame has been shown: for a line that is not on
/// screen, whose link (the whole scenario encoded, about 7% of the app's start in a profile of a
/// first visit) need not hold up the first result. A task queued from the first frame's
/// animation callback runs once that frame has been rendered (a task queued at once would
/// mostly run before it).
pub fn settled_link_later(app: AppState, embed: bool) -> RwSignal<String> {
    let link = RwSignal::new(String::new());
    request_animation_frame(move || {
        set_timeout(
            move || {
                link.try_set(untrack(|| app.href(embed)));
            },
            std::time::Duration::ZERO,
        );
    });
    follow(app, link, embed);
    link
}

/// Keeps `link` following the state once edits pause.
fn follow(app: AppState, link: RwSignal<String>, embed: bool) {
    let settle = after_pause(move || {
        link.try_set(untrack(|| app.href(embed)));
    });
    Effect::new(move |first: Option<()>| {
        // Tracked without being cloned: only a change matters here, not the value.
        app.scenario.track();
        app.progress.track();
        app.view.track();
        app.lang.track();
        if first.is_some() {
            settle();
        }
    });
}

/// Sets `link` to the address of the state now.
pub fn refresh(app: AppState, link: RwSignal<String>, embed: bool) {
    link.set(untrack(|| app.href(embed)));
}

/// The day of `ms` in the reader's language: "12 May 2026", "2026年5月12日". Written from the
/// locale files' month names rather than by `toLocaleDateString`, whose first call loads the
/// browser's date data: about 25 ms of a first visit, for a line only paper shows.
fn date(t: &'static Texts, ms: f64) -> String {
    let d = js_sys::Date::new(&ms.into());
    let m = &t.print_date;
    let month = [
        m.m1, m.m2, m.m3, m.m4, m.m5, m.m6, m.m7, m.m8, m.m9, m.m10, m.m11, m.m12,
    ]
    .get(d.get_month() as usize)
    .copied()
    .unwrap_or_default();
    m.when(
        &d.get_date().to_string(),
        month,
        &d.get_full_year().to_string(),
    )
}

/// The address and date line of a printed page; hidden on screen.
#[component]
pub fn PrintStamp() -> impl IntoView {
    let app = use_app();
    let link = settled_link_later(app, false);
    let now = RwSignal::new(js_sys::Date::now());
    // Printing from the browser's menu: the link and the day of this very print.
    let before = window_event_listener(leptos::ev::beforeprint, move |_| {
        refresh(app, link, false);
        now.set(js_sys::Date::now());
    });
    // The stamp lives as long as the page.
    std::mem::forget(before);
    let text = move || {
        let t = app.t();
        let day = date(t, now.get());
        link.see(|l| t.print.stamp(l, &day))
    };
    view! {
        <p class="print-stamp" data-testid="print-stamp">
            {live(text)}
        </p>
    }
}
