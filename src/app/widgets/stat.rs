//! A key output with its test hook, a row of them read from a table, and a formula with the
//! person's numbers substituted.

use super::when::{live, When};
use crate::app::i18n::Tr;
use crate::app::state::{use_app, See};
use crate::text::Texts;
use leptos::prelude::*;

/// A figure divided by a count ("CN¥46,853.33 / 3") kept on one line: the spaces around a
/// division become no-break spaces, so a narrow tile or formula wraps before the figure or after
/// the count, never between them. Other spaces (around `+`, `=`, `×`) still let a long formula
/// wrap.
fn keep_divisions(text: String) -> String {
    if text.contains(" / ") {
        text.replace(" / ", "\u{a0}/\u{a0}")
    } else {
        text
    }
}

/// One key result: `data-testid` names it, `data-value` holds the raw number in base units
/// (currency units, bytes, fractions), the text is for people; a figure shown with a range to
/// trust carries its ends as `data-low` and `data-high`, in the same units.
#[component]
pub fn Stat(
    testid: &'static str,
    label: Tr,
    #[prop(into)] value: Signal<String>,
    #[prop(into)] text: Signal<String>,
    #[prop(optional, into)] note: Signal<String>,
    #[prop(optional, into)] low: Signal<Option<String>>,
    #[prop(optional, into)] high: Signal<Option<String>>,
) -> impl IntoView {
    let shown = Signal::derive(move || keep_divisions(text.get()));
    view! {
        <div class="stat">
            <div class="stat-label">{live(move || label(use_app().t()))}</div>
            <output
                class="stat-value"
                data-testid=testid
                data-value=value
                data-low=move || low.get()
                data-high=move || high.get()
            >
                {shown}
            </output>
            <div class="stat-note">{note}</div>
        </div>
    }
}

/// The range (low, high) a tile's figure carries, read from `R` by the tile's test id.
pub type RangeOf<R> = fn(&R, &'static str) -> Option<(f64, f64)>;

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
///
/// Only the reading is generic: it is one callback per report type, and the tiles are built by
/// code compiled once for every view.
///
/// `ranges`, when given, names the range (low, high) a tile's figure carries, by its test id.
#[component]
pub fn Stats<R: Send + Sync + 'static>(
    of: Memo<R>,
    rows: &'static [StatRow<R>],
    #[prop(optional)] ranges: Option<RangeOf<R>>,
) -> impl IntoView {
    let app = use_app();
    let read = Callback::new(move |(i, part): (usize, Part)| {
        let row = &rows[i];
        of.see(|r| match part {
            Part::Value => (row.value)(r),
            Part::Text => (row.text)(r, app.t()),
            Part::Note => row.note.map(|f| f(r, app.t())).unwrap_or_default(),
        })
    });
    let heads = rows
        .iter()
        .map(|r| (r.testid, r.label, r.note.is_some()))
        .collect();
    let range = ranges.map(|f| Callback::new(move |i: usize| of.see(|r| f(r, rows[i].testid))));
    tiles(heads, read, range)
}

/// The part of a tile a [`Stats`] reader is asked for.
#[derive(Clone, Copy)]
pub(super) enum Part {
    Value,
    Text,
    Note,
}

pub(super) fn tiles(
    heads: Vec<(&'static str, Tr, bool)>,
    read: Callback<(usize, Part), String>,
    range: Option<Callback<usize, Option<(f64, f64)>>>,
) -> AnyView {
    let part = move |i: usize, p: Part| Signal::derive(move || read.run((i, p)));
    // One end of a tile's range, or none (and then no attribute).
    let end = move |i: usize, high: bool| {
        Signal::derive(move || {
            range
                .and_then(|f| f.run(i))
                .map(|(lo, hi)| if high { hi } else { lo }.to_string())
        })
    };
    let tiles = heads
        .into_iter()
        .enumerate()
        .map(|(i, (testid, label, noted))| {
            let note = if noted {
                part(i, Part::Note)
            } else {
                Signal::default()
            };
            view! {
                <Stat
                    testid=testid
                    label=label
                    value=part(i, Part::Value)
                    text=part(i, Part::Text)
                    note=note
                    low=end(i, false)
                    high=end(i, true)
                />
            }
        })
        .collect_view();
    view! { <div class="stats">{tiles}</div> }.into_any()
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

/// The formulas of `rows`, one after another, all read from `of`; as with [`Stats`], only the
/// reading is generic.
#[component]
pub fn Formulas<P: Send + Sync + 'static>(
    of: Memo<P>,
    rows: &'static [FormulaRow<P>],
) -> impl IntoView {
    let app = use_app();
    let substituted = Callback::new(move |i: usize| of.see(|p| (rows[i].substituted)(p, app.t())));
    let shown = Callback::new(move |i: usize| rows[i].show.is_none_or(|f| of.see(f)));
    let heads = rows
        .iter()
        .map(|r| (r.title, r.symbolic, r.open, r.show.is_some()))
        .collect();
    blocks(heads, substituted, shown)
}

pub(super) fn blocks(
    heads: Vec<(Tr, Tr, bool, bool)>,
    substituted: Callback<usize, String>,
    shown: Callback<usize, bool>,
) -> AnyView {
    heads
        .into_iter()
        .enumerate()
        .map(|(i, (title, symbolic, open, conditional))| {
            let block = move || {
                view! {
                    <Formula
                        title=title
                        open=open
                        symbolic=symbolic
                        substituted=Signal::derive(move || substituted.run(i))
                    />
                }
            };
            if conditional {
                view! { <When when=move || shown.run(i)>{block()}</When> }.into_any()
            } else {
                block().into_any()
            }
        })
        .collect_view()
        .into_any()
}

/// A formula written out: its symbols, then the same with the numbers in place, then the result.
#[component]
pub fn Formula(
    title: Tr,
    symbolic: Tr,
    #[prop(into)] substituted: Signal<String>,
    #[prop(optional)] open: bool,
) -> impl IntoView {
    let app = use_app();
    let numbers = Signal::derive(move || keep_divisions(substituted.get()));
    // Presenting, every formula is unfolded: the working is what the room is shown.
    view! {
        <details class="formula" prop:open=move || open || app.present.get()>
            <summary>{live(move || title(use_app().t()))}</summary>
            <code class="formula-symbolic">{live(move || symbolic(use_app().t()))}</code>
            <code class="formula-numbers">{numbers}</code>
        </details>
    }
}
