//! A key output with its test hook, a row of them read from a table, and a formula with the
//! person's numbers substituted.

use crate::app::i18n::Tr;
use crate::app::state::use_app;
use crate::text::Texts;
use leptos::prelude::*;

/// One key result: `data-testid` names it, `data-value` holds the raw number in base units
/// (currency units, bytes, fractions), the text is for people.
#[component]
pub fn Stat(
    testid: &'static str,
    label: Tr,
    #[prop(into)] value: Signal<String>,
    #[prop(into)] text: Signal<String>,
    #[prop(optional, into)] note: Signal<String>,
) -> impl IntoView {
    view! {
        <div class="stat">
            <div class="stat-label">{move || label(use_app().t())}</div>
            <output class="stat-value" data-testid=testid data-value=value>
                {text}
            </output>
            <div class="stat-note">{note}</div>
        </div>
    }
}

/// One tile of a [`Stats`] row, read from `R` (a report, or inputs and report together).
pub struct StatRow<R: 'static> {
    pub testid: &'static str,
    pub label: Tr,
    /// The `data-value`: the raw number in base units.
    pub value: fn(&R) -> String,
    /// The figure as people read it, in the reader's language.
    pub text: fn(&R, &'static Texts) -> String,
    pub note: Option<fn(&R, &'static Texts) -> String>,
}

/// A row of tiles, one for each entry of `rows`, all read from `of`.
#[component]
pub fn Stats<R: Send + Sync + 'static>(of: Memo<R>, rows: &'static [StatRow<R>]) -> impl IntoView {
    let app = use_app();
    let worded = move |f: fn(&R, &'static Texts) -> String| {
        Signal::derive(move || of.with(|r| f(r, app.t())))
    };
    let tiles = rows
        .iter()
        .map(|row| {
            let value = row.value;
            let note = row.note.map(worded).unwrap_or_default();
            view! {
                <Stat
                    testid=row.testid
                    label=row.label
                    value=Signal::derive(move || of.with(value))
                    text=worded(row.text)
                    note=note
                />
            }
        })
        .collect_view();
    view! { <div class="stats">{tiles}</div> }
}

/// One block of a [`Formulas`] list, read from `P` (a report, or inputs and report together).
pub struct FormulaRow<P: 'static> {
    pub title: Tr,
    pub symbolic: Tr,
    /// Whether the block starts unfolded.
    pub open: bool,
    /// The same formula with the numbers in place, and the result.
    pub substituted: fn(&P, &'static Texts) -> String,
    /// When set, the block is shown only while this holds.
    pub show: Option<fn(&P) -> bool>,
}

/// The formulas of `rows`, one after another, all read from `of`.
#[component]
pub fn Formulas<P: Send + Sync + 'static>(
    of: Memo<P>,
    rows: &'static [FormulaRow<P>],
) -> impl IntoView {
    let app = use_app();
    rows.iter()
        .map(|row| {
            let get = row.substituted;
            let block = move || {
                view! {
                    <Formula
                        title=row.title
                        open=row.open
                        symbolic=row.symbolic
                        substituted=Signal::derive(move || of.with(|p| get(p, app.t())))
                    />
                }
            };
            match row.show {
                Some(show) => {
                    view! { <Show when=move || of.with(show)>{block()}</Show> }.into_any()
                }
                None => block().into_any(),
            }
        })
        .collect_view()
}

/// A formula written out: its symbols, then the same with the numbers in place, then the result.
#[component]
pub fn Formula(
    title: Tr,
    symbolic: Tr,
    #[prop(into)] substituted: Signal<String>,
    #[prop(optional)] open: bool,
) -> impl IntoView {
    view! {
        <details class="formula" open=open>
            <summary>{move || title(use_app().t())}</summary>
            <code class="formula-symbolic">{move || symbolic(use_app().t())}</code>
            <code class="formula-numbers">{substituted}</code>
        </details>
    }
}
