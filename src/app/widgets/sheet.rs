//! A calculator view's results as a table: its notes, tiles, formulas and charts, all read from
//! the view's one memo (its inputs, report and chart series, made by one core function).
//!
//! A view writes a [`Sheet`] of its data type `D`: rows of plain function pointers that word a
//! figure, write a formula or draw a chart from `&D`. [`sheet`] is the only generic step: it
//! wraps the memo and the table in one reader (an implementation of `Read` for `D`, a handful of
//! small methods), and everything else (the tiles, the formula blocks, the charts, the notes,
//! their markup and reactive parts) is built by code compiled once for every view. A view's
//! chart closures, its memo per chart and its derived summaries become rows of a constant
//! (docs/performance.md, "One memo per view: the pilot", for what that saved).

use super::canvas_backend::MeasuringCanvas;
use super::chart_canvas::{chart, Caption, Rows};
use super::stat::{blocks, tiles, FormulaRow, Part, RangeOf, StatRow};
use super::when::{live, When};
use crate::app::i18n::Tr;
use crate::app::state::{memo, use_app, See};
use crate::charts::ChartError;
use crate::text::Texts;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::DrawingArea;
use std::sync::Arc;

/// The area a chart row draws on.
pub type Area = DrawingArea<MeasuringCanvas, Shift>;

/// One chart of a [`Sheet`], read from `D`.
pub struct ChartRow<D: 'static> {
    pub testid: &'static str,
    /// The caption (also the canvas's text alternative).
    pub label: Tr,
    /// One sentence on how to read it, under the caption.
    pub how: Tr,
    /// Its key numbers in words, for screen readers.
    pub summary: Words<D>,
    /// Its data as a table, for the CSV file (asked for only on a click).
    pub csv: fn(&D, &'static Texts) -> Rows,
    pub draw: fn(&Area, &D, &'static Texts) -> Result<(), ChartError>,
}

/// A text read from a view's data, in the reader's language.
pub type Words<D> = fn(&D, &'static Texts) -> String;
/// Notes read from a view's data: each with whether the reader must act on it.
pub type Notes<D> = fn(&D, &'static Texts) -> Vec<(bool, String)>;

/// Everything a calculator view shows of its results, as rows read from its data `D`.
pub struct Sheet<D: 'static> {
    /// The notes' test id, and the notes: each with whether the reader must act on it (shown as
    /// a warning) or it says how the figures are made.
    pub notes: Option<(&'static str, Notes<D>)>,
    /// Whether the figures stand on anything: while this is false only the notes are shown.
    pub shown: Option<fn(&D) -> bool>,
    pub tiles: &'static [StatRow<D>],
    /// A sentence under the tiles saying what they mean, with its test id.
    pub sentence: Option<(&'static str, Words<D>)>,
    /// The range (low, high) a tile carries, by its test id.
    pub ranges: Option<RangeOf<D>>,
    pub formulas: &'static [FormulaRow<D>],
    pub charts: &'static [ChartRow<D>],
}

/// What the sheet's widgets ask of the view's memo, by row. Implemented once per data type, by
/// [`Reader`]; the widgets hold it as `Arc<dyn Read>` and are compiled once.
trait Read: Send + Sync {
    fn shown(&self) -> bool;
    fn notes(&self, t: &'static Texts) -> Vec<(bool, String)>;
    fn tile(&self, i: usize, part: Part, t: &'static Texts) -> String;
    fn range(&self, i: usize) -> Option<(f64, f64)>;
    fn sentence(&self, t: &'static Texts) -> String;
    fn formula(&self, i: usize, t: &'static Texts) -> String;
    fn formula_shown(&self, i: usize) -> bool;
    fn summary(&self, i: usize, t: &'static Texts) -> String;
    /// Read without tracking: asked on a click.
    fn csv(&self, i: usize, t: &'static Texts) -> Rows;
    fn draw(&self, i: usize, area: &Area, t: &'static Texts) -> Result<(), ChartError>;
}

struct Reader<D: Send + Sync + 'static> {
    of: Memo<D>,
    sheet: &'static Sheet<D>,
}

impl<D: Send + Sync + 'static> Read for Reader<D> {
    fn shown(&self) -> bool {
        self.sheet.shown.is_none_or(|f| self.of.see(f))
    }
    fn notes(&self, t: &'static Texts) -> Vec<(bool, String)> {
        self.sheet
            .notes
            .map(|(_, f)| self.of.see(|d| f(d, t)))
            .unwrap_or_default()
    }
    fn tile(&self, i: usize, part: Part, t: &'static Texts) -> String {
        let row = &self.sheet.tiles[i];
        self.of.see(|d| match part {
            Part::Value => (row.value)(d),
            Part::Text => (row.text)(d, t),
            Part::Note => row.note.map(|f| f(d, t)).unwrap_or_default(),
        })
    }
    fn range(&self, i: usize) -> Option<(f64, f64)> {
        let f = self.sheet.ranges?;
        self.of.see(|d| f(d, self.sheet.tiles[i].testid))
    }
    fn sentence(&self, t: &'static Texts) -> String {
        self.sheet
            .sentence
            .map(|(_, f)| self.of.see(|d| f(d, t)))
            .unwrap_or_default()
    }
    fn formula(&self, i: usize, t: &'static Texts) -> String {
        self.of.see(|d| (self.sheet.formulas[i].substituted)(d, t))
    }
    fn formula_shown(&self, i: usize) -> bool {
        self.sheet.formulas[i].show.is_none_or(|f| self.of.see(f))
    }
    fn summary(&self, i: usize, t: &'static Texts) -> String {
        self.of.see(|d| (self.sheet.charts[i].summary)(d, t))
    }
    fn csv(&self, i: usize, t: &'static Texts) -> Rows {
        self.of.see_untracked(|d| (self.sheet.charts[i].csv)(d, t))
    }
    fn draw(&self, i: usize, area: &Area, t: &'static Texts) -> Result<(), ChartError> {
        self.of.see(|d| (self.sheet.charts[i].draw)(area, d, t))
    }
}

/// The parts of a sheet's figures that do not depend on the data: test ids, captions, which
/// rows have a note or a condition. Taken from the table once, so the builder is not generic.
struct Heads {
    tiles: Vec<(&'static str, Tr, bool)>,
    ranged: bool,
    sentence: Option<&'static str>,
    formulas: Vec<(Tr, Tr, bool, bool)>,
    charts: Vec<(&'static str, Tr, Tr)>,
}

/// A view's results: its notes, then (while the sheet's `shown` holds) its tiles, formulas and
/// charts, all read from `of`.
pub fn sheet<D: Send + Sync + 'static>(of: Memo<D>, sheet: &'static Sheet<D>) -> AnyView {
    let notes = sheet.notes.map(|(testid, _)| testid);
    let heads = Heads {
        tiles: sheet
            .tiles
            .iter()
            .map(|r| (r.testid, r.label, r.note.is_some()))
            .collect(),
        ranged: sheet.ranges.is_some(),
        sentence: sheet.sentence.map(|(testid, _)| testid),
        formulas: sheet
            .formulas
            .iter()
            .map(|r| (r.title, r.symbolic, r.open, r.show.is_some()))
            .collect(),
        charts: sheet
            .charts
            .iter()
            .map(|c| (c.testid, c.label, c.how))
            .collect(),
    };
    build(Arc::new(Reader { of, sheet }), notes, Arc::new(heads))
}

fn build(read: Arc<dyn Read>, notes: Option<&'static str>, heads: Arc<Heads>) -> AnyView {
    let app = use_app();
    let notes = notes.map(|testid| {
        let read = read.clone();
        // The sentences as a memo: most moves leave them as they were, and then nothing is
        // rebuilt.
        let said = memo(move || read.notes(app.t()));
        view! {
            <div class="notes" data-testid=testid>
                {live(move || {
                    said.get()
                        .into_iter()
                        .map(|(act, n)| {
                            let class = if act { "notice" } else { "note" };
                            view! { <p class=class>{n}</p> }
                        })
                        .collect_view()
                })}
            </div>
        }
    });
    let shown = {
        let read = read.clone();
        move || read.shown()
    };
    view! {
        {notes}
        <When when=shown>{figures(read.clone(), heads.clone())}</When>
    }
    .into_any()
}

/// The tiles, formulas and charts, built each time they are shown.
fn figures(read: Arc<dyn Read>, heads: Arc<Heads>) -> AnyView {
    let app = use_app();
    // A part the table has no rows for is left out, not drawn empty: a view may split its
    // results over several sheets of the same memo, to put its own parts between them.
    let tiled = (!heads.tiles.is_empty()).then(|| {
        let (r, q) = (read.clone(), read.clone());
        let part = Callback::new(move |(i, p): (usize, Part)| r.tile(i, p, app.t()));
        let range = heads
            .ranged
            .then(|| Callback::new(move |i: usize| q.range(i)));
        tiles(heads.tiles.clone(), part, range)
    });
    let sentence = heads.sentence.map(|testid| {
        let r = read.clone();
        view! {
            <p class="sentence" data-testid=testid>
                {live(move || r.sentence(app.t()))}
            </p>
        }
    });
    let formulas = (!heads.formulas.is_empty()).then(|| {
        let (r, q) = (read.clone(), read.clone());
        let substituted = Callback::new(move |i: usize| r.formula(i, app.t()));
        let shown = Callback::new(move |i: usize| q.formula_shown(i));
        let blocks = blocks(heads.formulas.clone(), substituted, shown);
        view! { <div class="formulas">{blocks}</div> }
    });
    let charts = heads
        .charts
        .iter()
        .enumerate()
        .map(|(i, &(testid, label, how))| {
            let (r, q, d) = (read.clone(), read.clone(), read.clone());
            let summary = Signal::derive(move || r.summary(i, app.t()));
            let csv = Callback::new(move |()| q.csv(i, app.t_untracked()));
            let draw = Box::new(move |area: &Area| d.draw(i, area, app.t()));
            chart(
                testid,
                Caption::Worded(label),
                Some(summary),
                Some(Caption::Worded(how)),
                Some(csv),
                draw,
            )
        })
        .collect_view();
    let charts = (!heads.charts.is_empty()).then(|| view! { <div class="charts">{charts}</div> });
    view! {
        {tiled}
        {sentence}
        {formulas}
        {charts}
    }
    .into_any()
}
