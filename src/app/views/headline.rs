//! The one sentence each view opens with: the answer to its question in words and colour, before
//! the figures it comes from. `headline` is its hook and `data-value` its code
//! ([`crate::calc::headline`]); the lead words come first and strong, the detail after.
//!
//! Where the answer is "it does not fit", [`Ways`] lists what else would change it, each figure
//! computed by the core with one input changed, with a button that makes that change.

use crate::app::format::percent;
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::{live, Help, PresetNote, When};
use leptos::prelude::*;

/// A share as a headline writes it: `50%`, `54.2%` (one decimal only where it is not zero).
pub fn share(fraction: f64) -> String {
    let tenths = (fraction * 1000.0).round();
    percent(fraction, if tenths % 10.0 == 0.0 { 0 } else { 1 })
}

/// What the headline's colour says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// It fits, it meets the goal, it saves.
    Good,
    /// It does not fit, it misses.
    Bad,
    /// The rent-or-buy colours.
    Rent,
    Buy,
    Plain,
}

impl Tone {
    fn class(self) -> &'static str {
        match self {
            Tone::Good => "headline good",
            Tone::Bad => "headline bad",
            Tone::Rent => "headline rent",
            Tone::Buy => "headline buy",
            Tone::Plain => "headline",
        }
    }
}

/// A view's answer, worded in the reader's language.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The `data-value`: a code that does not depend on the language.
    pub code: &'static str,
    pub tone: Tone,
    /// The answer itself, shown strong.
    pub lead: String,
    /// The figures behind it; empty for none.
    pub detail: String,
}

/// The headline of a view. `lead_hook` gives the lead words a test hook of their own (rent or
/// buy's `verdict`) with the code as its value; `help` puts a term's "?" after them, `help_end`
/// after the figures (where the term is a unit the figures use). Under it,
/// when the view shows one of the guide's examples, the sentence on what the example shows.
#[component]
pub fn Headline(
    answer: Memo<Answer>,
    #[prop(optional)] lead_hook: Option<&'static str>,
    #[prop(optional)] help: Option<&'static str>,
    #[prop(optional)] help_end: Option<&'static str>,
) -> impl IntoView {
    let app = use_app();
    let code = move || answer.see(|a| a.code);
    let detail = move || {
        answer.see(|a| {
            if a.detail.is_empty() {
                String::new()
            } else {
                format!("{}{}", app.t().headline.sep, a.detail)
            }
        })
    };
    view! {
        <p class=move || answer.see(|a| a.tone.class()) data-testid="headline" data-value=code>
            <strong
                class="headline-lead"
                data-testid=lead_hook
                data-value=move || lead_hook.map(|_| code())
            >
                {live(move || answer.see(|a| a.lead.clone()))}
            </strong>
            {help.map(|h| view! { <Help term=h /> })}
            <span class="headline-detail">{live(detail)}</span>
            {help_end.map(|h| view! { <Help term=h /> })}
        </p>
        <PresetNote />
    }
}

/// One way out: `way-<kind>` with its figure as `data-value`.
#[derive(Debug, Clone, PartialEq)]
pub struct Way {
    pub kind: &'static str,
    pub value: String,
    pub text: String,
    /// Whether this way makes it fit.
    pub fits: bool,
}

/// The kinds of way offered when the model already fits: the same job on fewer cards.
const FEWER: &[&str] = &["split"];

/// The ways out, each with a button that makes its change (`on_try` gets the way's kind).
#[component]
pub fn Ways(ways: Memo<Vec<Way>>, on_try: Callback<&'static str>) -> impl IntoView {
    let app = use_app();
    let kinds = memo(move || ways.see(|v| v.iter().map(|w| w.kind).collect::<Vec<_>>()));
    view! {
        <When when=move || ways.see(|w| !w.is_empty())>
            <div class="ways">
                <p class="ways-title">
                    {live(move || {
                        let h = &app.t().headline;
                        if kinds.see(|k| k.iter().all(|k| FEWER.contains(k))) {
                            h.ways_title_fewer
                        } else {
                            h.ways_title
                        }
                    })}
                </p>
                <ul data-testid="ways">
                    // Keyed by kind: a slider move changes the ways' figures, not which ways
                    // there are, so each item keeps its element and button and only its text,
                    // value and mark are written (rebuilding the list removed and re-made every
                    // item and its listener on every move).
                    <For each=move || kinds.get() key=|k| *k let:kind>
                        {
                            let field = move |f: fn(&Way) -> String| {
                                ways.see(|v| {
                                    v.iter().find(|w| w.kind == kind).map(f).unwrap_or_default()
                                })
                            };
                            let fits = move || {
                                ways.see(|v| v.iter().any(|w| w.kind == kind && w.fits))
                            };
                            view! {
                                <li
                                    class:fits=fits
                                    data-testid=format!("way-{kind}")
                                    data-value=move || field(|w| w.value.clone())
                                >
                                    {live(move || field(|w| w.text.clone()))}
                                    " "
                                    <button type="button" on:click=move |_| on_try.run(kind)>
                                        {live(move || app.t().headline.try_it)}
                                    </button>
                                </li>
                            }
                        }
                    </For>
                </ul>
            </div>
        </When>
    }
}
