//! One row of the savings levers table: ticked or not, label, group, an amount or a share of the
//! group, and what the lever saves this month. Each cell carries its column's name
//! (`data-label`, shown above it when a phone stacks the row), and each control is named by its
//! column and the habit, so a screen reader tells the rows apart.

use super::cash;
use super::edits::{amount, group_select, share, BillEdits, Column, RowNames};
use super::names::{lever_label, lever_name};
use crate::app::format::number;
use crate::app::state::See;
use crate::app::widgets::live;
use crate::calc::bill::Lever;
use leptos::prelude::*;

/// The row of lever `n`.
pub fn lever(n: usize, edits: BillEdits) -> impl IntoView {
    let BillEdits {
        app,
        inputs,
        report,
        ..
    } = edits;
    let lv = move |f: fn(&Lever) -> String| {
        move || inputs.see(|i| i.levers.get(n).map(f).unwrap_or_default())
    };
    let name = move || {
        let t = app.t();
        inputs.see(|i| {
            i.levers
                .get(n)
                .map(|l| lever_name(t, &l.label))
                .unwrap_or_default()
        })
    };
    let is_share =
        move || inputs.see(|i| i.levers.get(n).map(|l| l.share.is_some()).unwrap_or(false));
    let set_mode = move |share: bool| {
        // Switching keeps what the lever saves now.
        let saved =
            report.see_untracked(|r| r.lever_savings.get(n).map(|v| v.amount).unwrap_or(0.0));
        let group_total = report.see_untracked(|r| r.by_group.map(|(g, v)| (g, v.amount)));
        edits.try_lever(
            n,
            Box::new(move |l| {
                if share && l.share.is_none() {
                    let total = group_total
                        .iter()
                        .find(|x| x.0 == l.group)
                        .map(|x| x.1)
                        .unwrap_or(0.0);
                    l.share = Some(if total > 0.0 {
                        (l.amount / total).min(1.0)
                    } else {
                        0.0
                    });
                } else if !share && l.share.is_some() {
                    l.amount = if l.on { saved } else { 0.0 };
                    l.share = None;
                }
            }),
        )
    };
    let names = RowNames { app, n, name };
    let col = move |c: Column| names.col(c);
    let named = move |c: Column| names.named(c);
    view! {
        <tr data-testid=format!("bill-lever-{n}")>
            <td data-label=col(|t| t.table_label.on)>
                <input
                    type="checkbox"
                    data-testid=format!("bill-lever-{n}-on")
                    aria-label=named(|t| t.table_label.on)
                    prop:checked=move || {
                        inputs.see(|i| i.levers.get(n).map(|l| l.on).unwrap_or(false))
                    }
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        edits.try_lever(n, Box::new(move |l| l.on = on))
                    }
                />
            </td>
            <td data-label=col(|t| t.table_label.habit)>
                <input
                    type="text"
                    aria-label=named(|t| t.table_label.habit)
                    data-testid=format!("bill-lever-{n}-label")
                    prop:value=name
                    on:change=move |ev| {
                        let label = lever_label(&event_target_value(&ev));
                        edits.try_lever(n, Box::new(move |l| l.label = label))
                    }
                />
            </td>
            <td data-label=col(|t| {
                t.table_label.group
            })>
                {group_select(
                    app,
                    format!("bill-lever-{n}-group"),
                    Signal::derive(named(|t| t.table_label.group)),
                    Signal::derive(move || {
                        inputs.see(|i| i.levers.get(n).map(|l| l.group).unwrap_or_default())
                    }),
                    move |g| edits.try_lever(n, Box::new(move |l| l.group = g)),
                )}
            </td>
            <td data-label=col(|t| t.table_label.saves)>
                <select
                    aria-label=named(|t| t.table_label.mode)
                    data-testid=format!("bill-lever-{n}-mode")
                    prop:value=move || if is_share() { "share" } else { "amount" }
                    on:change=move |ev| set_mode(event_target_value(&ev) == "share")
                >
                    <option value="amount" selected=move || !is_share()>
                        {live(move || app.t().bill.mode_amount)}
                    </option>
                    <option value="share" selected=is_share>
                        {live(move || app.t().bill.mode_share)}
                    </option>
                </select>
                {edits
                    .cell(
                        format!("lever-{n}-value"),
                        Signal::derive(named(|t| t.table_label.value)),
                        Signal::derive(
                            lv(|l| match l.share {
                                Some(f) => number(f * 100.0, 1),
                                None => number(l.amount + 0.0, 2),
                            }),
                        ),
                        move |raw| {
                            if is_share() {
                                let v = share(raw)?;
                                edits.edit_lever(n, Box::new(move |l| l.share = Some(v / 100.0)))
                            } else {
                                let v = amount(raw)?;
                                edits.edit_lever(n, Box::new(move |l| l.amount = v))
                            }
                        },
                    )}
                <span class="field-msg" role="alert" data-testid=format!("bill-lever-{n}-msg")>
                    {live(move || {
                        let typed = edits.error_words(&format!("lever-{n}-value"));
                        let asks = report.see(|r| r.unpriced.contains(&n));
                        typed.or_else(|| asks.then(|| app.t().bill.lever_ask.to_string()))
                    })}
                </span>
            </td>
            <td
                class="num"
                data-label=col(|t| t.table_label.this_month)
                data-testid=format!("bill-lever-{n}-saves")
                data-value=move || {
                    report
                        .see(|r| {
                            r.lever_savings
                                .get(n)
                                .map(|v| (v.amount + 0.0).to_string())
                                .unwrap_or_default()
                        })
                }
            >
                {live(move || {
                    report.see(|r| r.lever_savings.get(n).map(|v| cash(*v, 0)).unwrap_or_default())
                })}
            </td>
        </tr>
    }
}
