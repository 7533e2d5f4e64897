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

use crate::app::state::{memo, See};
use crate::app::widgets::{live, When};
use crate::calc::link::Lang;
use crate::calc::scenario::FX;
use crate::calc::units::Currency;
use i18n::tr;
use leptos::prelude::*;
use state::AppState;
use views::registry::VIEWS;

/// Keys that belong to the page rather than to a field: their problems show at the top.
const PAGE_KEYS: [&str; 6] = ["view", "lang", "cur", "fx", "embed", "preset"];

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
    // Before the first write, so the address written is the example's.
    presets::from_link(app);
    app.persist();
    if app.embed {
        embed::report_height();
    }
    let body_class = if app.embed { "app embed" } else { "app" };
    view! {
        <div class=body_class>
            <a class="skip" href="#main">
                {tr(|t| t.app.skip)}
            </a>
            <When when=move || !app.embed>
                <Header />
                <library::bar::ScenarioBar />
                <toolbar::Toolbar />
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
            <When when=move || app.issues.see(|v| v.iter().any(|e| PAGE_KEYS.contains(&e.key())))>
                <p class="notice" role="status" data-testid="link-notice">
                    {live(move || {
                        let (t, c) = (app.t(), app.currency.get());
                        app.issues
                            .see(|v| {
                                v.iter()
                                    .filter(|e| PAGE_KEYS.contains(&e.key()))
                                    .map(|e| t.app.link_default(&i18n::issue(t, e, c)))
                                    .collect::<Vec<_>>()
                                    .join(" ")
                            })
                    })}
                </p>
            </When>
            <main id="main" tabindex="-1">
                {live(move || (app.view.get().render)())}
            </main>
            <When when=move || !app.embed>
                <footer>{tr(|t| t.app.footer)}</footer>
            </When>
        </div>
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
        });
    });
    view! {
        <header class="top">
            <h1>"gpuplan"</h1>
            <p class="tagline">{tr(|t| t.app.tagline)}</p>
            <nav node_ref=nav aria-label=tr(|t| { t.app.nav })>
                {VIEWS
                    .iter()
                    .filter(|v| v.in_nav)
                    .map(|v| {
                        view! {
                            <a
                                href=format!("?view={}", v.id)
                                data-testid=format!("nav-{}", v.id)
                                class:active=move || app.view.get().id == v.id
                                aria-current=move || (app.view.get().id == v.id).then_some("page")
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
                    app.typing("fx");
                    match FX.spec.parse(&text) {
                        Ok(v) => {
                            error.set(None);
                            app.set_fx(v);
                            app.typed("fx", true);
                        }
                        Err(e) => {
                            app.typed("fx", false);
                            error.set(Some(e));
                        }
                    }
                    raw.set(Some(text));
                }
                on:blur=move |_| {
                    app.typing_done("fx");
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
