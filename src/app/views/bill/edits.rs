//! How the bill's table cells change the bill: typed cells keep a refusal beside their row, the
//! other controls show it at the top of the view; and the cells' shared parts.

use super::{group_label, LENS};
use crate::app::state::AppState;
use crate::calc::bill::{BillInputs, BillLine, BillReport, Group, Lever, MAX_AMOUNT};
use crate::calc::choice::Choice;
use crate::calc::field::parse_in;
use leptos::prelude::*;
use std::collections::BTreeMap;

/// What every row reads and writes.
#[derive(Clone, Copy)]
pub struct BillEdits {
    pub app: AppState,
    pub inputs: Memo<BillInputs>,
    pub report: Memo<BillReport>,
    /// Text that did not parse or that the bill refused, by cell ("line-2-amount"): shown beside
    /// the row; the bill keeps its last good value.
    pub errors: RwSignal<BTreeMap<String, String>>,
}

impl BillEdits {
    pub fn set_error(self, cell: String, e: Option<String>) {
        self.errors.update(|m| match e {
            Some(e) => {
                m.insert(cell, e);
            }
            None => {
                m.remove(&cell);
            }
        })
    }

    // Typed cells try their change and keep a refusal beside the row...
    pub fn edit_line(self, n: usize, apply: Box<dyn FnOnce(&mut BillLine)>) -> Result<(), String> {
        self.app.clear_issue("lines");
        self.app
            .edit(LENS, |b| {
                if let Some(l) = b.lines.get_mut(n) {
                    apply(l)
                }
            })
            .map_err(|e| e.to_string())
    }

    pub fn edit_lever(self, n: usize, apply: Box<dyn FnOnce(&mut Lever)>) -> Result<(), String> {
        self.app.clear_issue("levers");
        self.app
            .edit(LENS, |b| {
                if let Some(l) = b.levers.get_mut(n) {
                    apply(l)
                }
            })
            .map_err(|e| e.to_string())
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
    testid: String,
    value: Signal<Group>,
    set: impl Fn(Group) + 'static,
) -> impl IntoView {
    view! {
        <select
            data-testid=testid
            aria-label="group"
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
                            {group_label(g)}
                        </option>
                    }
                })
                .collect_view()}
        </select>
    }
}

/// A typed amount or number of hours, checked like a link's.
pub fn amount(raw: &str) -> Result<f64, String> {
    parse_in("amount", 0.0, MAX_AMOUNT, false, raw).map_err(|e| e.to_string())
}
