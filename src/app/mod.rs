//! The Leptos page (wasm only): [`state`] holds the scenario and keeps link and storage in step,
//! [`views`] has one component per calculator, [`widgets`] the shared fields, results and charts.

pub mod format;
pub mod state;
pub mod storage;
pub mod views;
pub mod widgets;

use crate::calc::units::Currency;
use leptos::prelude::*;
use state::AppState;
use views::registry::VIEWS;

/// Keys that belong to the page rather than to a field: their problems show at the top.
const PAGE_KEYS: [&str; 4] = ["view", "lang", "cur", "embed"];

/// Mounts the page on `<body>`.
pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}

#[component]
pub fn App() -> impl IntoView {
    let app = AppState::from_page();
    provide_context(app);
    app.persist();
    // Only English text exists so far; the attribute says what is shown.
    if let Some(html) = document().document_element() {
        let _ = html.set_attribute("lang", "en");
    }
    let body_class = if app.embed { "app embed" } else { "app" };
    view! {
        <div class=body_class>
            <Show when=move || !app.embed>
                <Header />
            </Show>
            <Show when=move || app.storage_notice.get().is_some()>
                <p class="notice" role="status" data-testid="storage-notice">
                    {move || app.storage_notice.get()}
                    " "
                    <button type="button" on:click=move |_| app.storage_notice.set(None)>
                        "Dismiss"
                    </button>
                </p>
            </Show>
            <Show when=move || app.issues.with(|v| v.iter().any(|e| PAGE_KEYS.contains(&e.key())))>
                <p class="notice" role="status" data-testid="link-notice">
                    {move || {
                        app.issues
                            .with(|v| {
                                v.iter()
                                    .filter(|e| PAGE_KEYS.contains(&e.key()))
                                    .map(|e| format!("{e}; the default is used. "))
                                    .collect::<String>()
                            })
                    }}
                </p>
            </Show>
            <main>{move || (app.view.get().render)()}</main>
            <Show when=move || !app.embed>
                <footer>
                    "Everything is computed in this browser; nothing is sent anywhere. Figures follow a public field guide to renting GPUs; replace them with the prices you are quoted."
                </footer>
            </Show>
        </div>
    }
}

#[component]
fn Header() -> impl IntoView {
    let app = state::use_app();
    let set_currency = move |c: Currency| app.set_currency(c);
    view! {
        <header class="top">
            <h1>"gpuplan"</h1>
            <p class="tagline">
                "Rent or buy GPUs, size their memory, and see what a month really costs."
            </p>
            <nav aria-label="views">
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
                                {v.title}
                            </a>
                        }
                    })
                    .collect_view()}
            </nav>
            <span class="currency radios" data-testid="input-cur">
                {[Currency::Cny, Currency::Usd]
                    .map(|c| {
                        view! {
                            <label>
                                <input
                                    type="radio"
                                    name="cur"
                                    prop:checked=move || app.scenario.with(|s| s.currency == c)
                                    on:change=move |_| set_currency(c)
                                />
                                {format!(" {}", c.code())}
                            </label>
                        }
                    })}
            </span>
        </header>
    }
}
