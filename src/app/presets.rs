//! The guide's worked examples, one click each: a menu in the header on every view
//! (`preset-<id>`) and a link key (`?preset=<id>`). The note that says what the example on
//! screen shows is a widget under each headline ([`crate::app::widgets::PresetNote`]), which
//! also holds which example was applied last.
//!
//! Applying an example goes through the normal validated edit ([`AppState::edit`]) with the
//! inputs the core gives ([`crate::calc::presets`]): only that view's calculator changes (for the
//! memory examples, the shared model and card too). The view is then drawn anew, so its boxes
//! show the example's values, with every formula unfolded; a click adds a history entry, so Back
//! returns to the view shown before (the inputs stay, as after any switch of views).

use crate::app::i18n::tr;
use crate::app::state::lenses::{BILL, MEMORY, RENT_BUY, SPOT};
use crate::app::state::{use_app, view_entry, AppState, See, ViewEntry};
use crate::app::widgets::{live, preset_title as title, use_presets};
use crate::calc::bill::BillInputs;
use crate::calc::field::FieldError;
use crate::calc::link::{self, LinkState};
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::presets::{self as core, Example, Target, EXAMPLES};
use crate::calc::rent_buy::RentBuyInputs;
use crate::calc::scenario::pairs;
use crate::calc::spot::SpotInputs;
use crate::calc::table::{Calculator, Issue};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Forgets the messages and held values of a calculator's fields: the example replaces them.
fn forget<T: Calculator>(app: AppState) {
    for f in T::FIELDS {
        app.clear_issue(f.key());
        app.release(f.key());
    }
}

/// The address of what is on screen now (as the state module writes it).
fn address(app: AppState) -> String {
    let state = LinkState {
        view: app.view.get_untracked().id.to_string(),
        lang: app.lang.get_untracked(),
        embed: app.embed,
        part: app.part,
        present: app.present.get_untracked(),
        compare: app.compare.get_untracked(),
        scenario: app.scenario.get_untracked(),
        progress: app.progress.get_untracked(),
    };
    let q = link::encode(&state, view_entry::first().id);
    let loc = window().location();
    let path = loc.pathname().unwrap_or_default();
    let hash = loc.hash().unwrap_or_default();
    if q.is_empty() {
        format!("{path}{hash}")
    } else {
        format!("{path}?{q}{hash}")
    }
}

/// Applies the example: its inputs through the validated edit, then its view, drawn anew. With
/// `push`, a history entry is added for it (a click); a link's example replaces the first entry
/// as any link does.
pub fn apply(app: AppState, e: &'static Example, push: bool) -> Result<(), Issue> {
    let mut s = app.scenario.get_untracked();
    core::apply(e, &mut s);
    match e.target {
        Target::RentBuy => {
            forget::<RentBuyInputs>(app);
            app.edit(RENT_BUY, |i| *i = s.rent_buy.clone())
                .map_err(Issue::new)?
        }
        Target::Training | Target::Inference => {
            forget::<MemoryInputs>(app);
            app.edit(MEMORY, |i| *i = s.memory.clone())
                .map_err(Issue::new)?
        }
        Target::Spot => {
            forget::<SpotInputs>(app);
            app.edit(SPOT, |i| *i = s.spot.clone())
                .map_err(Issue::new)?
        }
        Target::Bill => {
            forget::<BillInputs>(app);
            app.edit(BILL, |i| *i = s.bill.clone())
                .map_err(Issue::new)?
        }
    }
    if !app.refused.see_untracked(|v| v.is_empty()) {
        app.refused.set(Vec::new());
    }
    use_presets().active.set(Some(e));
    let view: &'static ViewEntry = view_entry::find(e.view).unwrap_or_else(view_entry::first);
    // Set even when it is the view shown: the view is drawn anew, so every box, table and
    // folded formula shows the example.
    app.view.set(view);
    if push {
        if let Ok(h) = window().history() {
            let _ = h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address(app)));
        }
    }
    request_animation_frame(move || {
        unfold();
        if push {
            if let Some(main) = document()
                .get_element_by_id("main")
                .and_then(|m| m.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = main.focus();
            }
        }
    });
    Ok(())
}

/// Opens every formula of the view: an example is shown with its working. (One closed formula
/// at a time: each one opened no longer matches, and a view has a few dozen at most.)
fn unfold() {
    for _ in 0..100 {
        let Some(d) = document()
            .query_selector("main details.formula:not([open])")
            .ok()
            .flatten()
            .and_then(|n| n.dyn_into::<web_sys::HtmlDetailsElement>().ok())
        else {
            break;
        };
        d.set_open(true);
    }
}

/// Applies `?preset=<id>` from the address the page opened at; an unknown id is reported at the
/// top of the page with the known ones.
pub fn from_link(app: AppState) {
    let search = window().location().search().unwrap_or_default();
    let Some((_, id)) = pairs(&search)
        .into_iter()
        .rev()
        .find(|(k, _)| k == link::PRESET)
    else {
        return;
    };
    let result = match core::example(&id) {
        Some(e) => apply(app, e, false),
        None => Err(Issue::new(FieldError::NotAChoice {
            key: link::PRESET,
            raw: id,
            allowed: core::ids(),
        })),
    };
    if let Err(issue) = result {
        app.issues.update(|v| v.push(issue));
    }
}

/// The header's menu of the guide's examples, on every view.
#[component]
pub fn PresetMenu() -> impl IntoView {
    let app = use_app();
    let menu = NodeRef::<leptos::html::Details>::new();
    let choose = move |e: &'static Example| {
        if let Err(issue) = apply(app, e, true) {
            app.refused.set(vec![issue]);
        }
        if let Some(d) = menu.get_untracked() {
            d.set_open(false);
        }
    };
    view! {
        <details class="presets" data-testid="presets" node_ref=menu>
            <summary>{tr(|t| t.preset.menu)}</summary>
            <div class="presets-panel">
                <p class="hint">{tr(|t| t.preset.menu_hint)}</p>
                <ul>
                    {EXAMPLES
                        .iter()
                        .map(|e| {
                            let view_title = move || {
                                let t = app.t();
                                view_entry::find(e.view).map(|v| v.title(t)).unwrap_or_default()
                            };
                            view! {
                                <li>
                                    <a
                                        href=format!("?preset={}", e.id)
                                        data-testid=format!("preset-{}", e.id)
                                        on:click=move |ev| {
                                            ev.prevent_default();
                                            choose(e);
                                        }
                                    >
                                        {live(move || title(e, app.t()))}
                                    </a>
                                    " "
                                    <span class="preset-view">{live(view_title)}</span>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </div>
        </details>
    }
}
