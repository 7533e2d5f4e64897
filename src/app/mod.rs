//! The Leptos page (wasm only): [`state`] holds the scenario and keeps link and storage in step,
//! [`views`] has one component per calculator, [`widgets`] the shared fields, results and charts.

pub mod download;
pub mod embed;
pub mod format;

pub mod i18n;
pub mod lang;
pub mod library;
pub mod presets;
pub mod print;
pub mod state;
pub mod storage;
pub mod toolbar;

pub mod views;
pub mod widgets;
pub mod words;

use crate::app::state::{memo, view_entry, See};
use crate::app::widgets::{live, preset_title, When};
use crate::calc::choice::Choice;
use crate::calc::field::FieldError;
use crate::calc::link::{self, Lang, Unknown};
use crate::calc::memory::{catalogue, presets as models};
use crate::calc::scenario::{pairs, Scenario, CHECKED, CUR, FX, FX_KEY};
use crate::calc::units::Currency;
use crate::text::Texts;
use i18n::tr;
use leptos::prelude::*;
use state::AppState;
use views::registry::VIEWS;

/// Whether a problem with `key` shows at the top of the page: the keys that belong to the page
/// rather than to a field do, but for the checklists' ticks, worded beside the list.
fn at_top(key: &str) -> bool {
    key != CHECKED && link::PAGE_KEYS.contains(&key)
}

/// Mounts the page on `<body>`.
pub fn mount() {
    console_error_panic_hook::set_once();
    // Without words the page cannot be drawn: the loading screen then says so (boot.js).
    if !i18n::first_texts() {
        let failed = web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &"gpuplanBootFailed".into()).ok())
            .and_then(|f| wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f).ok());
        if let Some(f) = failed {
            let _ = f.call0(&wasm_bindgen::JsValue::NULL);
        }
        return;
    }
    // The loading line index.html shows until now; removed in the same task as the app is
    // drawn, so nothing blank is painted between them.
    if let Some(boot) = document().get_element_by_id("boot") {
        boot.remove();
    }
    views::registry::register(VIEWS);
    leptos::mount::mount_to_body(App);
}

#[component]
pub fn App() -> impl IntoView {
    let app = AppState::from_page();
    provide_context(app);
    i18n::follow_language(app);
    widgets::provide_presets();
    library::Library::provide(app);
    // Read before the first write, which leaves them out of the address. Kept for the page's
    // life (the page is drawn once), so the notice's closures share them.
    let unknown: &'static [Unknown] =
        link::unknown_values(&pairs(&window().location().search().unwrap_or_default())).leak();
    // Before the first write, so the address written is the example's.
    presets::from_link(app);
    app.persist();
    if app.embed {
        embed::report_height();
    }
    let body_class = embed::class(app);
    view! {
        <div class=body_class class:present=move || app.present.get()>
            <a class="skip" href="#main">
                {tr(|t| t.app.skip)}
            </a>
            <When when=move || !app.embed>
                <Header />
                <PageTools />
            </When>
            <When when=move || app.embed>
                <embed::EmbedOpen />
            </When>
            <print::PrintStamp />
            <When when=move || !app.embed && app.storage_notice.get().is_some()>
                <p class="notice" role="status" data-testid="storage-notice">
                    {live(move || {
                        let c = app.currency.get();
                        app.storage_notice.get().map(|n| n.text(app.t(), c))
                    })}
                    " "
                    <button type="button" on:click=move |_| app.storage_notice.set(None)>
                        {tr(|t| t.app.dismiss)}
                    </button>
                </p>
            </When>
            <When when=move || !link_notice(app, unknown).is_empty()>
                <p class="notice" role="status" data-testid="link-notice">
                    {live(move || link_notice(app, unknown).join(gap(app)))}
                </p>
            </When>
            <main id="main" tabindex="-1">
                {live(move || (app.view.get().render)())}
            </main>
            <When when=move || !app.embed>
                <footer>
                    {tr(|t| t.app.footer)}
                    <a
                        class="guide-link"
                        href="?view=glossary#term-guide"
                        data-testid="about-guide-link"
                        on:click=move |ev| {
                            ev.prevent_default();
                            widgets::open_glossary("guide");
                        }
                    >
                        {tr(|t| t.guide.footer_link)}
                    </a>
                </footer>
            </When>
        </div>
    }
}

/// What was wrong with the link the page opened at, in sentences for the top of the page: the
/// page's own keys (an unknown view, example, language or currency, with the nearest one), and
/// each value no choice of a calculator has (`gpu=h100`), for as long as its field has not been
/// edited (editing a field forgets its problem).
fn link_notice(app: state::AppState, unknown: &[Unknown]) -> Vec<String> {
    let (t, c) = (app.t(), app.currency.get());
    app.issues.see(|issues| {
        let mut said = Vec::new();
        for e in issues.iter().filter(|e| at_top(e.key())) {
            // With a near one, it is named; with none, the few allowed ones are listed.
            let near = match e.error::<FieldError>() {
                Some(FieldError::NotAChoice { key, raw, allowed }) => {
                    link::nearest_id(raw, allowed).map(|id| Unknown {
                        key,
                        value: raw.clone(),
                        near: Some(id),
                        listed: true,
                    })
                }
                _ => None,
            };
            said.push(match near {
                Some(u) => unknown_words(app, t, &u),
                None => t.app.link_default(&i18n::issue(t, e, c)),
            });
        }
        for u in unknown {
            if issues.iter().any(|e| e.key() == u.key) {
                said.push(unknown_words(app, t, u));
            }
        }
        said
    })
}

/// What goes between two sentences: a space in English, nothing after Chinese full stops.
fn gap(app: state::AppState) -> &'static str {
    match app.shown.get() {
        Lang::Zh => "",
        Lang::En => " ",
    }
}

/// The longest part of a link's value quoted back: a pasted page of text is not echoed whole.
const QUOTED_CHARS: usize = 40;

/// One unknown value in words: what it is not, the nearest allowed one, and what is shown.
fn unknown_words(app: state::AppState, t: &'static Texts, u: &Unknown) -> String {
    let mut value: String = u.value.chars().take(QUOTED_CHARS).collect();
    if u.value.chars().count() > QUOTED_CHARS {
        value.push('…');
    }
    let label = words::label(t, u.key);
    let label = if label.is_empty() { u.key } else { label };
    if !u.listed {
        return t.link.unreadable(&value, label);
    }
    let l = &t.link;
    let what = match u.key {
        "gpu" => l.what_gpu.to_string(),
        "model" => l.what_model.to_string(),
        link::VIEW => l.what_view.to_string(),
        link::PRESET => l.what_preset.to_string(),
        link::LANG => l.what_lang.to_string(),
        CUR => l.what_cur.to_string(),
        link::PART => l.what_part.to_string(),
        _ => l.what_choice(label),
    };
    let mut said = match u.near.map(|id| id_name(t, u.key, id)) {
        Some(near) => l.not_one_near(&value, &what, &near),
        None => l.not_one(&value, &what),
    };
    // What the page shows in its place: the first view, or the input's value.
    let now = match u.key {
        link::VIEW => Some(app.view.get().title(t).to_string()),
        key => app
            .scenario
            .see(|s: &Scenario| link::value_of(s, key))
            .map(|id| id_name(t, key, &id)),
    };
    if let Some(now) = now.filter(|n| !n.is_empty()) {
        said.push_str(gap(app));
        said.push_str(&l.instead(&now));
    }
    said
}

/// An allowed id of `key` by its name: a card's or model's own, a view's title, an option's words.
fn id_name(t: &'static Texts, key: &str, id: &str) -> String {
    let named = match key {
        "gpu" => catalogue::gpu(id).map(|g| g.name),
        "model" => models::preset(id).map(|p| p.name),
        link::VIEW => view_entry::find(id).map(|v| v.title(t)),
        link::PRESET => crate::calc::presets::example(id).map(|e| preset_title(e, t)),
        link::LANG => Lang::from_id(id).map(|l| match l {
            Lang::En => "English",
            Lang::Zh => "中文",
        }),
        CUR => Currency::from_code(id).map(|c| i18n::currency_name(t, c)),
        _ => t.opt.get(&format!("{key}.{id}")),
    };
    named.unwrap_or(id).to_string()
}

/// Narrower than this (CSS px), the scenario bar and the page's actions are folded under one line,
/// so a phone's first screen reaches the answer; the same width as `style/main.css`'s phone rules.
const FOLD_BELOW: f64 = 641.0;

/// The scenario bar and the page's actions. On a wide screen they are always open (the fold's
/// line is hidden by the stylesheet); on a phone they are folded under one line at first, so the
/// headline is within the first screen's top third, and open with a tap. Widened past
/// [`FOLD_BELOW`] (a phone turned, a window resized), they open again.
#[component]
fn PageTools() -> impl IntoView {
    let wide = || {
        window()
            .inner_width()
            .ok()
            .and_then(|w| w.as_f64())
            .unwrap_or(FOLD_BELOW)
            >= FOLD_BELOW
    };
    let details = NodeRef::<leptos::html::Details>::new();
    let handle = window_event_listener(leptos::ev::resize, move |_| {
        if wide() {
            if let Some(d) = details.get_untracked() {
                d.set_open(true);
            }
        }
    });
    on_cleanup(move || handle.remove());
    view! {
        <details class="page-tools" node_ref=details open=wide()>
            <summary data-testid="page-tools">{tr(|t| t.app.tools)}</summary>
            <library::bar::ScenarioBar />
            <toolbar::Toolbar />
        </details>
    }
}

/// Marks the tabs' wrapper with the sides on which tabs are out of view (`data-more`: `start`,
/// `end`, both or none), so the stylesheet fades that edge and shows an arrow: on a phone a row
/// of tabs cut at the edge would not otherwise say that it scrolls.
fn mark_more(nav: &web_sys::HtmlElement) {
    let (left, width, shown) = (
        nav.scroll_left() as f64,
        nav.scroll_width() as f64,
        nav.client_width() as f64,
    );
    let mut more = Vec::new();
    if left > 1.0 {
        more.push("start");
    }
    if left + shown < width - 1.0 {
        more.push("end");
    }
    if let Some(wrap) = nav.parent_element() {
        let _ = wrap.set_attribute("data-more", &more.join(" "));
    }
}

#[component]
fn Header() -> impl IntoView {
    let app = state::use_app();
    let set_currency = move |c: Currency| app.set_currency(c);
    // On a phone the tabs scroll sideways: the current one is brought into the bar's view on load,
    // after a switch and after a change of language (names change width). Only the bar scrolls,
    // by the least that shows the whole tab: `scrollIntoView` would also scroll the page when the
    // bar is above the fold.
    let nav = NodeRef::<leptos::html::Nav>::new();
    Effect::new(move |_| {
        let id = app.view.get().id;
        app.shown.track();
        let Some(nav) = nav.get() else { return };
        request_animation_frame(move || {
            let Ok(Some(tab)) = nav.query_selector(&format!("[data-testid=\"nav-{id}\"]")) else {
                return;
            };
            let bar = nav.get_bounding_client_rect();
            let tab = tab.get_bounding_client_rect();
            let dx = if tab.left() < bar.left() {
                tab.left() - bar.left()
            } else if tab.right() > bar.right() {
                (tab.right() - bar.right()).min(tab.left() - bar.left())
            } else {
                0.0
            };
            if dx != 0.0 {
                nav.scroll_by_with_x_and_y(dx, 0.0);
            }
            mark_more(&nav);
        });
    });
    let handle = window_event_listener(leptos::ev::resize, move |_| {
        if let Some(nav) = nav.get_untracked() {
            mark_more(&nav);
        }
    });
    on_cleanup(move || handle.remove());
    view! {
        <header class="top">
            <h1>"gpuplan"</h1>
            <p class="tagline">{tr(|t| t.app.tagline)}</p>
            <div class="nav-wrap" data-testid="nav-wrap">
                <nav
                    node_ref=nav
                    aria-label=tr(|t| { t.app.nav })
                    on:scroll=move |_| {
                        if let Some(nav) = nav.get_untracked() {
                            mark_more(&nav);
                        }
                    }
                >
                    {VIEWS
                        .iter()
                        .filter(|v| v.in_nav)
                        .map(|v| {
                            view! {
                                <a
                                    href=format!("?view={}", v.id)
                                    data-testid=format!("nav-{}", v.id)
                                    class:active=move || app.view.get().id == v.id
                                    aria-current=move || {
                                        (app.view.get().id == v.id).then_some("page")
                                    }
                                    on:click=move |ev| {
                                        ev.prevent_default();
                                        app.go(v);
                                    }
                                >
                                    {live(move || v.title(app.t()))}
                                </a>
                            }
                        })
                        .collect_view()}
                </nav>
            </div>
            <presets::PresetMenu />
            <LangSwitch />
            <span class="currency radios" data-testid="input-cur">
                {[Currency::Cny, Currency::Usd]
                    .map(|c| {
                        view! {
                            <label>
                                <input
                                    type="radio"
                                    name="cur"
                                    prop:checked=move || app.currency.get() == c
                                    on:change=move |_| set_currency(c)
                                />
                                {live(move || format!(" {}", i18n::currency_name(app.t(), c)))}
                            </label>
                        }
                    })}
            </span>
            <FxBox />
        </header>
    }
}

/// 中文 / English, on every view: switching keeps every input and writes `lang=` to the link.
#[component]
fn LangSwitch() -> impl IntoView {
    let app = state::use_app();
    let choose = move |l: Lang| app.choose_lang(l);
    let button = move |l: Lang, name: &'static str, lang_attr: &'static str| {
        view! {
            <button
                type="button"
                lang=lang_attr
                data-testid=format!("lang-{}", crate::calc::choice::Choice::id(l))
                aria-pressed=move || (app.shown.get() == l).to_string()
                on:click=move |_| choose(l)
            >
                {name}
            </button>
        }
    };
    view! {
        <span class="lang-switch" role="group" aria-label=tr(|t| t.app.language)>
            {button(Lang::Zh, "中文", "zh-CN")}
            {button(Lang::En, "English", "en")}
        </span>
    }
}

/// The exchange rate (yuan per dollar) a currency switch converts at, with the default's date.
#[component]
fn FxBox() -> impl IntoView {
    let app = state::use_app();
    let error = RwSignal::new(None::<crate::calc::field::FieldError>);
    let raw = RwSignal::new(None::<String>);
    // A memo: the box is written again only when the rate changes, not at every edit.
    let fx = memo(move || app.scenario.see(|s| s.fx));
    let shown = move || raw.get().unwrap_or_else(|| format::number(fx.get(), 4));
    let note = move || {
        let t = app.t();
        t.app.fx_note(&format::number(FX.default, 4), FX.date)
    };
    view! {
        <label class="fx" title=note>
            <span>{tr(|t| t.app.fx)}</span>
            " "
            <input
                type="text"
                inputmode="decimal"
                size="5"
                data-testid="input-fx"
                aria-invalid=move || error.see(|e| e.is_some()).to_string()
                prop:value=shown
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    app.typing(FX_KEY);
                    match FX.spec.parse(&text) {
                        Ok(v) => {
                            error.set(None);
                            app.set_fx(v);
                            app.typed(FX_KEY, true);
                        }
                        Err(e) => {
                            app.typed(FX_KEY, false);
                            error.set(Some(e));
                        }
                    }
                    raw.set(Some(text));
                }
                on:blur=move |_| {
                    app.typing_done(FX_KEY);
                    if error.see_untracked(|e| e.is_none()) {
                        raw.set(None);
                    }
                }
            />
            " "
            <span class="unit">{tr(|t| t.app.fx_unit)}</span>
            <span class="field-msg" role="alert" data-testid="error-fx">
                {live(move || {
                    error
                        .get()
                        .map(|e| {
                            let t = app.t();
                            let problem = i18n::field_error(t, &e, app.currency.get());
                            t.err.using(&problem, &format::number(fx.get(), 4))
                        })
                })}
            </span>
        </label>
    }
}
