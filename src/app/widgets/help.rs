//! Words for students: the terms the page uses, each a paragraph with its formula
//! (`[glossary.<term>]` in the locale files), and the "?" button that opens one beside where the
//! term appears. The glossary view lists them all.
//!
//! The button is a disclosure: `aria-expanded` says whether its paragraph is shown,
//! `aria-controls` names it, Escape closes it. Everything it holds is phrasing content, so it
//! may stand inside a sentence (a headline) as well as beside a field.

use super::when::live;
use crate::app::i18n::Tr;
use crate::app::state::use_app;
use crate::app::state::view_entry;
use leptos::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One term: its link id (`help-<id>`, `glossary-<id>`), its name, the paragraph and the formula.
pub struct Term {
    pub id: &'static str,
    pub name: Tr,
    pub text: Tr,
    pub formula: Tr,
}

macro_rules! term {
    ($id:literal, $key:ident) => {
        Term {
            id: $id,
            name: |t| t.glossary.$key.name,
            text: |t| t.glossary.$key.text,
            formula: |t| t.glossary.$key.formula,
        }
    };
}

/// Every term, in the order the glossary lists them.
pub const TERMS: &[Term] = &[
    term!("u-star", u_star),
    term!("pue", pue),
    term!("gib-gb", gib_gb),
    term!("zero", zero),
    term!("recompute", recompute),
    term!("headroom", headroom),
    term!("lora", lora),
    term!("kv-cache", kv_cache),
    term!("tp", tp),
    term!("ttft-tpot", ttft_tpot),
    term!("spot", spot),
    term!("mtbf", mtbf),
    term!("young-daly", young_daly),
];

pub fn term(id: &str) -> Option<&'static Term> {
    TERMS.iter().find(|t| t.id == id)
}

/// Ids for `aria-controls`, unique on the page.
static NEXT: AtomicUsize = AtomicUsize::new(0);

/// Opens the glossary view at the term `id`.
pub fn open_glossary(id: &'static str) {
    let app = use_app();
    if let Some(v) = view_entry::find("glossary") {
        app.go(v);
    }
    // The view is drawn on the next tick; scroll once it is there.
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(&format!("term-{id}")) {
            el.scroll_into_view();
        }
    });
}

/// A "?" beside a term: opens the term's paragraph and formula in place. With `named`, the
/// term's name is written beside the button (where the button does not stand next to the term).
#[component]
pub fn Help(term: &'static str, #[prop(optional)] named: bool) -> impl IntoView {
    let app = use_app();
    let Some(entry) = self::term(term) else {
        return ().into_any();
    };
    let open = RwSignal::new(false);
    let panel = format!("help-panel-{}", NEXT.fetch_add(1, Ordering::Relaxed));
    let button = NodeRef::<leptos::html::Button>::new();
    let name = move || (entry.name)(app.t());
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" && open.get_untracked() {
            open.set(false);
            if let Some(b) = button.get_untracked() {
                let _ = b.focus();
            }
        }
    };
    let testid = format!("help-{term}");
    let controls = panel.clone();
    view! {
        <span class="help" data-testid=testid on:keydown=on_key>
            <button
                type="button"
                class="help-btn"
                node_ref=button
                aria-expanded=move || open.get().to_string()
                aria-controls=controls
                aria-label=move || app.t().help.what(name())
                title=move || app.t().help.what(name())
                on:click=move |_| open.update(|o| *o = !*o)
            >
                "?"
            </button>
            {named.then(|| view! { <span class="help-name">{live(name)}</span> })}
            <span class="help-panel" id=panel role="note" hidden=move || !open.get()>
                <strong>{live(name)}</strong>
                " "
                <span class="help-text">{live(move || (entry.text)(app.t()))}</span>
                " "
                <code class="help-formula">{live(move || (entry.formula)(app.t()))}</code>
                " "
                <a
                    href=format!("?view=glossary#term-{term}")
                    on:click=move |ev| {
                        ev.prevent_default();
                        open_glossary(term);
                    }
                >
                    {live(move || app.t().help.all)}
                </a>
            </span>
        </span>
    }
    .into_any()
}
