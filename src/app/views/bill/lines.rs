//! One row of the bill lines table: label, group, hours and amount as typed cells, the unit price
//! the bill works out, and the remove button with the row's refusals beside it. Each cell carries
//! its column's name (`data-label`, shown above it when a phone stacks the row), and each input
//! is named by its column and the line's name, so a screen reader tells the rows apart.

use super::edits::{amount, group_select, hours, BillEdits, Column, RowNames};
use super::names::{line_label, line_name};
use super::LENS;
use crate::app::format::number;
use crate::app::state::See;
use crate::app::widgets::live;
use crate::calc::bill::BillLine;
use leptos::prelude::*;
use std::collections::BTreeMap;

/// The row of line `n`.
pub fn line(n: usize, edits: BillEdits) -> impl IntoView {
    let BillEdits {
        app,
        inputs,
        report,
        errors,
    } = edits;
    let get = move |f: fn(&BillLine) -> String| {
        move || inputs.see(|i| i.lines.get(n).map(f).unwrap_or_default())
    };
    let name = move || {
        let t = app.t();
        inputs.see(|i| {
            i.lines
                .get(n)
                .map(|l| line_name(t, &l.label))
                .unwrap_or_default()
        })
    };
    let names = RowNames { app, n, name };
    let col = move |c: Column| names.col(c);
    let named = move |c: Column| names.named(c);
    view! {
        <tr data-testid=format!("bill-line-{n}")>
            <td data-label=col(|t| t.table_label.line)>
                <input
                    type="text"
                    aria-label=named(|t| t.table_label.line)
                    data-testid=format!("bill-line-{n}-label")
                    prop:value=name
                    on:change=move |ev| {
                        let label = line_label(&event_target_value(&ev));
                        edits.try_line(n, Box::new(move |l| l.label = label))
                    }
                />
            </td>
            <td data-label=col(|t| {
                t.table_label.group
            })>
                {group_select(
                    app,
                    format!("bill-line-{n}-group"),
                    Signal::derive(named(|t| t.table_label.group)),
                    Signal::derive(move || {
                        inputs.see(|i| i.lines.get(n).map(|l| l.group).unwrap_or_default())
                    }),
                    move |g| edits.try_line(n, Box::new(move |l| l.group = g)),
                )}
            </td>
            <td data-label=col(|t| {
                t.table_label.hours
            })>
                {edits
                    .cell(
                        format!("line-{n}-hours"),
                        Signal::derive(named(|t| t.table_label.hours)),
                        Signal::derive(
                            get(|l| l.hours.map(|h| number(h + 0.0, 2)).unwrap_or_default()),
                        ),
                        move |raw| {
                            let h = if raw.trim().is_empty() { None } else { Some(hours(raw)?) };
                            edits.edit_line(n, Box::new(move |l| l.hours = h))
                        },
                    )}
            </td>
            <td data-label=col(|t| {
                t.table_label.amount
            })>
                {edits
                    .cell(
                        format!("line-{n}-amount"),
                        Signal::derive(named(|t| t.table_label.amount)),
                        Signal::derive(get(|l| number(l.amount + 0.0, 2))),
                        move |raw| {
                            let v = amount(raw)?;
                            edits.edit_line(n, Box::new(move |l| l.amount = v))
                        },
                    )}
            </td>
            <td class="num" data-label=col(|t| t.table_label.unit_price)>
                {live(move || {
                    let t = app.t();
                    report
                        .see(|r| {
                            r.unit_prices
                                .get(n)
                                .copied()
                                .flatten()
                                .map(|p| t.bill.per_hour(&number(p.amount + 0.0, 2)))
                                .unwrap_or_else(|| "–".into())
                        })
                })}
            </td>
            <td>
                <button
                    type="button"
                    data-testid=format!("bill-line-{n}-remove")
                    aria-label=move || app.t().bill.remove_line
                    on:click=move |_| {
                        errors.set(BTreeMap::new());
                        app.try_edit(
                            LENS,
                            |b| {
                                if n < b.lines.len() {
                                    b.lines.remove(n);
                                }
                            },
                        )
                    }
                >
                    "×"
                </button>
                <span class="field-msg" role="alert">
                    {live(move || {
                        edits
                            .error_words(&format!("line-{n}-amount"))
                            .or_else(|| edits.error_words(&format!("line-{n}-hours")))
                    })}
                </span>
            </td>
        </tr>
    }
}
