//! How the bill's table cells change the bill: typed cells keep a refusal beside their row, the
//! other controls show it at the top of the view; and the cells' shared parts.

use super::{group_label, LENS};
use crate::app::format::number;
use crate::app::i18n::{field_error, value};
use crate::app::state::{AppState, See};
use crate::app::widgets::{live, typed_input};
use crate::app::words::bill_error;
use crate::calc::bill::{BillError, BillInputs, BillLine, BillReport, Group, Lever, MAX_AMOUNT};
use crate::calc::choice::Choice;
use crate::calc::field::{FieldError, NumSpec, NumberKind};
use crate::calc::number_text::NumberTextError;
use crate::calc::units::Currency;
use crate::text::Texts;
use leptos::prelude::*;
use std::collections::BTreeMap;

/// The column a typed cell belongs to, which names it in a message.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Col {
    Amount,
    Hours,
    Share,
}

/// Why a typed cell was not taken; worded when shown, so it follows a language switch.
#[derive(Debug, Clone, PartialEq)]
pub enum CellError {
    /// The text is not a number the column takes.
    Typed(Col, FieldError),
    /// The bill refused the value.
    Refused(BillError),
}

impl CellError {
    pub fn words(&self, t: &'static Texts, c: Currency) -> String {
        match self {
            CellError::Typed(col, e) => {
                let what = match col {
                    Col::Amount => t.bill.col_amount,
                    Col::Hours => t.bill.col_hours,
                    Col::Share => t.bill.col_share,
                };
                typed(t, what, e, c)
            }
            CellError::Refused(e) => bill_error(t, e, c),
        }
    }
}

/// A cell's problem with the column's name in place of a field's label.
fn typed(t: &'static Texts, what: &str, e: &FieldError, c: Currency) -> String {
    match e {
        FieldError::NotANumber { raw, why, .. } => match why {
            NumberTextError::Empty => t.err.empty(what),
            NumberTextError::BadGrouping { .. } => t.err.grouping(what, raw),
            NumberTextError::PercentNotAllowed => t.err.percent_here(what),
            NumberTextError::UnitNotAllowed { .. } => t.err.unit_here(what, raw),
            NumberTextError::NotFinite => t.err.too_large(what, raw),
            _ => t.err.not_a_number(what, raw),
        },
        FieldError::OutOfRange { min, max, kind, .. } => {
            t.err
                .range(what, &value(*min, *kind, c), &value(*max, *kind, c))
        }
        FieldError::NotWhole { value, .. } => t.err.whole(what, &number(*value, 6)),
        other => field_error(t, other, c),
    }
}

/// What every row reads and writes.
#[derive(Clone, Copy)]
pub struct BillEdits {
    pub app: AppState,
    pub inputs: Memo<BillInputs>,
    pub report: Memo<BillReport>,
    /// What did not parse or what the bill refused, by cell ("line-2-amount"), with the value
    /// still in use written as the cell shows it: shown beside the row; the bill keeps the value
    /// the cell had before typing began.
    pub errors: RwSignal<BTreeMap<String, (CellError, String)>>,
}

impl BillEdits {
    /// The outcome of the text typed in `cell`: taken, or refused, and then the bill goes back
    /// to what it was before typing there began ([`AppState::typed`]) and the message says
    /// which value is still in use (`shown`, read after that).
    pub fn typed(self, cell: String, result: Result<(), CellError>, shown: Signal<String>) {
        self.app.typed(&cell, result.is_ok());
        match result {
            Ok(()) => {
                if self.errors.see_untracked(|m| m.contains_key(&cell)) {
                    self.errors.update(|m| {
                        m.remove(&cell);
                    });
                }
            }
            Err(e) => {
                let using = shown.get_untracked();
                self.errors.update(|m| {
                    m.insert(cell, (e, using));
                });
            }
        }
    }

    /// Whether the text in `cell` is refused.
    pub fn refused(self, cell: String) -> Signal<bool> {
        Signal::derive(move || self.errors.see(|m| m.contains_key(&cell)))
    }

    /// A cell's problem in the reader's language, with the value still in use, if it has one.
    pub fn error_words(self, cell: &str) -> Option<String> {
        let (t, c) = (self.app.t(), self.app.currency.get());
        self.errors.see(|m| {
            m.get(cell)
                .map(|(e, using)| t.err.using(&e.words(t, c), using))
        })
    }

    /// The typed cell `cell` of a row: `shown` is its value in force, `tried` tries typed text.
    pub fn cell(
        self,
        cell: String,
        label: Signal<String>,
        shown: Signal<String>,
        tried: impl Fn(&str) -> Result<(), CellError> + Send + Sync + 'static,
    ) -> AnyView {
        let id = cell.clone();
        typed_input(
            self.app,
            cell.clone(),
            format!("bill-{cell}"),
            label,
            shown,
            self.refused(cell),
            Callback::new(move |text: String| self.typed(id.clone(), tried(&text), shown)),
        )
    }

    // Typed cells try their change and keep a refusal beside the row...
    pub fn edit_line(
        self,
        n: usize,
        apply: Box<dyn FnOnce(&mut BillLine)>,
    ) -> Result<(), CellError> {
        self.app.clear_issue("lines");
        self.app
            .edit(LENS, |b| {
                if let Some(l) = b.lines.get_mut(n) {
                    apply(l)
                }
            })
            .map_err(CellError::Refused)
    }

    pub fn edit_lever(self, n: usize, apply: Box<dyn FnOnce(&mut Lever)>) -> Result<(), CellError> {
        self.app.clear_issue("levers");
        self.app
            .edit(LENS, |b| {
                if let Some(l) = b.levers.get_mut(n) {
                    apply(l)
                }
            })
            .map_err(CellError::Refused)
    }

    // ...the other controls have no text to keep: a refusal shows at the top of the view.
    pub fn try_line(self, n: usize, apply: Box<dyn FnOnce(&mut BillLine)>) {
        self.app.clear_issue("lines");
        self.app.try_edit(LENS, |b| {
            if let Some(l) = b.lines.get_mut(n) {
                apply(l)
            }
        })
    }

    pub fn try_lever(self, n: usize, apply: Box<dyn FnOnce(&mut Lever)>) {
        self.app.clear_issue("levers");
        self.app.try_edit(LENS, |b| {
            if let Some(l) = b.levers.get_mut(n) {
                apply(l)
            }
        })
    }
}

pub fn group_select(
    app: AppState,
    testid: String,
    // Named by column and row ("Group: GPU instances"), as the row's other inputs are.
    label: Signal<String>,
    value: Signal<Group>,
    set: impl Fn(Group) + 'static,
) -> impl IntoView {
    view! {
        <select
            data-testid=testid
            aria-label=move || label.get()
            prop:value=move || value.get().id()
            on:change=move |ev| {
                if let Some(g) = Group::from_id(&event_target_value(&ev)) {
                    set(g)
                }
            }
        >
            {Group::ALL
                .iter()
                .map(|&g| {
                    view! {
                        <option value=g.id() selected=move || value.get() == g>
                            {live(move || group_label(app.t(), g))}
                        </option>
                    }
                })
                .collect_view()}
        </select>
    }
}

/// Reads a typed cell of column `col`, checked like a link's value.
fn cell(col: Col, raw: &str, max: f64, kind: NumberKind) -> Result<f64, CellError> {
    let key = match col {
        Col::Amount => "amount",
        Col::Hours => "hours",
        Col::Share => "share",
    };
    NumSpec {
        key,
        min: 0.0,
        max,
        whole: false,
        kind,
    }
    .parse(raw)
    .map_err(|e| CellError::Typed(col, e))
}

/// A typed amount.
pub fn amount(raw: &str) -> Result<f64, CellError> {
    cell(Col::Amount, raw, MAX_AMOUNT, NumberKind::Money)
}

/// A typed number of hours.
pub fn hours(raw: &str) -> Result<f64, CellError> {
    cell(Col::Hours, raw, MAX_AMOUNT, NumberKind::Plain)
}

/// A typed share of a group, in percent.
pub fn share(raw: &str) -> Result<f64, CellError> {
    cell(Col::Share, raw, 100.0, NumberKind::Percent)
}

/// A column's name in the reader's language.
pub type Column = fn(&'static Texts) -> &'static str;

/// How a row's cells and inputs are named on the page: a cell by its column (`data-label`, shown
/// above it when the table stacks on a phone), an input by column and row ("Amount: GPU
/// instances"), the row by the line's name, or by its number while it has none.
#[derive(Clone, Copy)]
pub struct RowNames<F> {
    pub app: AppState,
    /// The row's place in the table, from 0.
    pub n: usize,
    /// The line's name as shown.
    pub name: F,
}

impl<F: Fn() -> String + Copy + Send + Sync + 'static> RowNames<F> {
    fn row(self) -> String {
        let shown = (self.name)();
        if shown.trim().is_empty() {
            self.app.t().table_label.row(&(self.n + 1).to_string())
        } else {
            shown
        }
    }

    pub fn col(self, c: Column) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
        move || c(self.app.t())
    }

    pub fn named(self, c: Column) -> impl Fn() -> String + Copy + Send + Sync + 'static {
        move || {
            let t = self.app.t();
            t.table_label.named(c(t), &self.row())
        }
    }
}
