//! The monthly bill review: an editable table of bill lines in four groups, the savings levers of
//! the hidden-cost table, and the bill by group before and after them.

use crate::app::format::{money, number, percent};
use crate::app::state::use_app;
use crate::app::widgets::{ChartCanvas, Formula, Stat};
use crate::calc::bill::{review, BillInputs, BillLine, BillReport, Group, Lever};
use crate::calc::field::parse_in;
use crate::calc::units::Money;
use crate::charts::bars::{draw_bars, BarChart};
use leptos::prelude::*;
use std::collections::BTreeMap;

fn group_label(g: Group) -> &'static str {
    match g {
        Group::Instances => "instances",
        Group::Storage => "storage",
        Group::Traffic => "traffic",
        Group::Other => "other",
    }
}

fn group_select(
    testid: String,
    value: Signal<Group>,
    set: impl Fn(Group) + 'static,
) -> impl IntoView {
    view! {
        <select data-testid=testid aria-label="group"
            prop:value=move || value.get().id()
            on:change=move |ev| if let Some(g) = Group::from_id(&event_target_value(&ev)) { set(g) }>
            {Group::ALL.map(|g| view! { <option value=g.id() selected=move || value.get() == g>{group_label(g)}</option> })}
        </select>
    }
}

#[component]
pub fn BillView() -> impl IntoView {
    let app = use_app();
    let inputs = Memo::new(move |_| app.scenario.with(|s| s.bill.clone()));
    let cur = Memo::new(move |_| app.scenario.with(|s| s.currency));
    let result = Memo::new(move |_| inputs.with(review));
    let report = Memo::new(
        move |prev: Option<&Option<BillReport>>| match result.get() {
            Ok(r) => Some(r),
            Err(_) => prev.cloned().flatten(),
        },
    );
    // Text that did not parse, by cell ("line-2-amount"): shown beside the row; the bill keeps
    // its last good value.
    let errors = RwSignal::new(BTreeMap::<String, String>::new());
    let cash = move |v: f64| money(Money::new(v, cur.get()), 0);
    let set_error = move |cell: String, e: Option<String>| {
        errors.update(|m| match e {
            Some(e) => {
                m.insert(cell, e);
            }
            None => {
                m.remove(&cell);
            }
        })
    };
    let edit_line = move |n: usize, apply: Box<dyn FnOnce(&mut BillLine)>| {
        app.clear_link_issue("lines");
        app.scenario.update(|s| {
            if let Some(l) = s.bill.lines.get_mut(n) {
                apply(l)
            }
        })
    };
    let edit_lever = move |n: usize, apply: Box<dyn FnOnce(&mut Lever)>| {
        app.clear_link_issue("levers");
        app.scenario.update(|s| {
            if let Some(l) = s.bill.levers.get_mut(n) {
                apply(l)
            }
        })
    };
    let amount_cell = move |cell: String, raw: String| -> Option<f64> {
        match parse_in("amount", 0.0, 1e12, false, &raw) {
            Ok(v) => {
                set_error(cell, None);
                Some(v)
            }
            Err(e) => {
                set_error(cell, Some(e.to_string()));
                None
            }
        }
    };
    let lines_len = Memo::new(move |_| inputs.with(|i| i.lines.len()));
    let levers_len = Memo::new(move |_| inputs.with(|i| i.levers.len()));
    let line = move |n: usize| {
        let get = move |f: fn(&BillLine) -> String| {
            move || inputs.with(|i| i.lines.get(n).map(f).unwrap_or_default())
        };
        view! {
            <tr data-testid=format!("bill-line-{n}")>
                <td><input type="text" aria-label="line" data-testid=format!("bill-line-{n}-label")
                    prop:value=get(|l| l.label.clone())
                    on:change=move |ev| { let t = event_target_value(&ev); edit_line(n, Box::new(move |l| l.label = t)) } /></td>
                <td>{group_select(format!("bill-line-{n}-group"),
                    Signal::derive(move || inputs.with(|i| i.lines.get(n).map(|l| l.group).unwrap_or_default())),
                    move |g| edit_line(n, Box::new(move |l| l.group = g)))}</td>
                <td><input type="text" inputmode="decimal" aria-label="hours" data-testid=format!("bill-line-{n}-hours")
                    prop:value=get(|l| l.hours.map(|h| number(h, 2)).unwrap_or_default())
                    on:input=move |ev| {
                        let raw = event_target_value(&ev);
                        let cell = format!("line-{n}-hours");
                        if raw.trim().is_empty() {
                            set_error(cell, None);
                            edit_line(n, Box::new(|l| l.hours = None));
                        } else if let Some(v) = amount_cell(cell, raw) {
                            edit_line(n, Box::new(move |l| l.hours = Some(v)));
                        }
                    } /></td>
                <td><input type="text" inputmode="decimal" aria-label="amount" data-testid=format!("bill-line-{n}-amount")
                    prop:value=get(|l| number(l.amount, 2))
                    on:input=move |ev| if let Some(v) = amount_cell(format!("line-{n}-amount"), event_target_value(&ev)) {
                        edit_line(n, Box::new(move |l| l.amount = v));
                    } /></td>
                <td class="num">{move || report.with(|r| r.as_ref().and_then(|r| r.unit_prices.get(n).copied().flatten())
                    .map(|p| format!("{} /h", number(p, 2))).unwrap_or_else(|| "–".into()))}</td>
                <td><button type="button" data-testid=format!("bill-line-{n}-remove") aria-label="remove line"
                    on:click=move |_| { errors.set(BTreeMap::new()); app.scenario.update(|s| { if n < s.bill.lines.len() { s.bill.lines.remove(n); } }) }>"×"</button>
                    <span class="field-msg" role="alert">{move || errors.with(|m| m.get(&format!("line-{n}-amount")).or(m.get(&format!("line-{n}-hours"))).cloned())}</span></td>
            </tr>
        }
    };
    let lever = move |n: usize| {
        let lv = move |f: fn(&Lever) -> String| {
            move || inputs.with(|i| i.levers.get(n).map(f).unwrap_or_default())
        };
        let is_share =
            move || inputs.with(|i| i.levers.get(n).map(|l| l.share.is_some()).unwrap_or(false));
        view! {
            <tr data-testid=format!("bill-lever-{n}")>
                <td><input type="checkbox" data-testid=format!("bill-lever-{n}-on") aria-label="apply"
                    prop:checked=move || inputs.with(|i| i.levers.get(n).map(|l| l.on).unwrap_or(false))
                    on:change=move |ev| { let on = event_target_checked(&ev); edit_lever(n, Box::new(move |l| l.on = on)) } /></td>
                <td><input type="text" aria-label="lever" prop:value=lv(|l| l.label.clone())
                    on:change=move |ev| { let t = event_target_value(&ev); edit_lever(n, Box::new(move |l| l.label = t)) } /></td>
                <td>{group_select(format!("bill-lever-{n}-group"),
                    Signal::derive(move || inputs.with(|i| i.levers.get(n).map(|l| l.group).unwrap_or_default())),
                    move |g| edit_lever(n, Box::new(move |l| l.group = g)))}</td>
                <td>
                    <select aria-label="amount or share" data-testid=format!("bill-lever-{n}-mode")
                        prop:value=move || if is_share() { "share" } else { "amount" }
                        on:change=move |ev| {
                            let share = event_target_value(&ev) == "share";
                            // Switching keeps what the lever saves now.
                            let saved = report.with_untracked(|r| r.as_ref().and_then(|r| r.lever_savings.get(n).copied()).unwrap_or(0.0));
                            let group_total = report.with_untracked(|r| r.as_ref().map(|r| r.by_group));
                            edit_lever(n, Box::new(move |l| {
                                if share && l.share.is_none() {
                                    let total = group_total.and_then(|g| g.iter().find(|x| x.0 == l.group).map(|x| x.1)).unwrap_or(0.0);
                                    l.share = Some(if total > 0.0 { (l.amount / total).min(1.0) } else { 0.0 });
                                } else if !share && l.share.is_some() {
                                    l.amount = if l.on { saved } else { 0.0 };
                                    l.share = None;
                                }
                            }))
                        }>
                        <option value="amount" selected=move || !is_share()>"amount"</option>
                        <option value="share" selected=is_share>"% of group"</option>
                    </select>
                    <input type="text" inputmode="decimal" aria-label="value" data-testid=format!("bill-lever-{n}-value")
                        prop:value=lv(|l| match l.share { Some(f) => number(f * 100.0, 1), None => number(l.amount, 2) })
                        on:input=move |ev| {
                            let raw = event_target_value(&ev);
                            let cell = format!("lever-{n}");
                            if is_share() {
                                match parse_in("share", 0.0, 100.0, false, &raw) {
                                    Ok(v) => { set_error(cell, None); edit_lever(n, Box::new(move |l| l.share = Some(v / 100.0))) }
                                    Err(e) => set_error(cell, Some(e.to_string())),
                                }
                            } else if let Some(v) = amount_cell(cell, raw) {
                                edit_lever(n, Box::new(move |l| l.amount = v));
                            }
                        } />
                    <span class="field-msg" role="alert">{move || errors.with(|m| m.get(&format!("lever-{n}")).cloned())}</span>
                </td>
                <td class="num" data-testid=format!("bill-lever-{n}-saves")
                    data-value=move || report.with(|r| r.as_ref().and_then(|r| r.lever_savings.get(n)).map(|v| v.to_string()).unwrap_or_default())>
                    {move || report.with(|r| r.as_ref().and_then(|r| r.lever_savings.get(n).copied()).map(cash).unwrap_or_default())}</td>
            </tr>
        }
    };
    let stat = move |get: fn(&BillReport) -> String| {
        Signal::derive(move || report.with(|r| r.as_ref().map(get).unwrap_or_default()))
    };

    view! {
        <section class="view bill" data-testid="view-bill">
            <Show when=move || app.link_issue("lines").or(app.link_issue("levers")).is_some()>
                <p class="field-msg" role="alert">{move || app.link_issue("lines").or(app.link_issue("levers"))}</p>
            </Show>
            <p class="field-msg" role="alert" data-testid="error-bill">{move || result.with(|r| r.as_ref().err().cloned())}</p>
            <div class="stats">
                <Stat testid="bill-total" label="The month's bill"
                    value=stat(|r| r.total.to_string()) text=Signal::derive(move || report.with(|r| r.as_ref().map(|r| cash(r.total)).unwrap_or_default())) />
                <Stat testid="bill-savings" label="Saved by the levers ticked"
                    value=stat(|r| r.savings.to_string()) text=Signal::derive(move || report.with(|r| r.as_ref().map(|r| cash(r.savings)).unwrap_or_default())) />
                <Stat testid="bill-savings-share" label="Share of the bill"
                    value=stat(|r| r.share.to_string()) text=stat(|r| percent(r.share, 1)) />
                <Stat testid="bill-after" label="The bill after them"
                    value=stat(|r| (r.total - r.savings).to_string()) text=Signal::derive(move || report.with(|r| r.as_ref().map(|r| cash(r.total - r.savings)).unwrap_or_default())) />
            </div>
            <Formula title="Savings" open=true symbolic="Σ levers ticked (each at most its group) / total"
                substituted=Signal::derive(move || report.with(|r| r.as_ref().map(|r| {
                    let parts: Vec<String> = r.lever_savings.iter().filter(|v| **v > 0.0).map(|v| number(*v, 0)).collect();
                    format!("({}) / {} = {} / {} = {}", if parts.is_empty() { "0".into() } else { parts.join(" + ") },
                        number(r.total, 0), number(r.savings, 0), number(r.total, 0), percent(r.share, 1))
                }).unwrap_or_default())) />
            <div class="bill-grid">
            <div>
            <h2>"Bill lines"</h2>
            <table class="bill-lines">
                <thead><tr><th>"line"</th><th>"group"</th><th>"hours"</th><th>"amount"</th><th>"unit price"</th><th></th></tr></thead>
                <tbody>
                    <For each=move || 0..lines_len.get() key=|n| *n let:n>{line(n)}</For>
                </tbody>
            </table>
            <p>
                <button type="button" data-testid="bill-add-line"
                    on:click=move |_| app.scenario.update(|s| s.bill.lines.push(BillLine { label: "new line".into(), group: Group::Other, hours: None, amount: 0.0 }))>"Add a line"</button>
                " "
                <button type="button" data-testid="bill-reset"
                    on:click=move |_| { errors.set(BTreeMap::new()); app.scenario.update(|s| s.bill = BillInputs::default()) }>"Back to the guide's month"</button>
            </p>
            <h2>"Savings levers"</h2>
            <p class="hint">"From the hidden-cost table: each habit saves an amount, or a share of its group (half the traffic moved to the internal network follows the traffic line). A group cannot save more than it bills."</p>
            <table class="bill-levers">
                <thead><tr><th>"on"</th><th>"habit"</th><th>"group"</th><th>"saves"</th><th>"this month"</th></tr></thead>
                <tbody>
                    <For each=move || 0..levers_len.get() key=|n| *n let:n>{lever(n)}</For>
                </tbody>
            </table>
            </div>
            <div class="charts">
                <ChartCanvas testid="chart-bill-groups" label="The bill by group, before and after the levers"
                    draw=move |root| report.with(|r| {
                        let cats: Vec<String> = Group::ALL.iter().map(|g| group_label(*g).to_string()).collect();
                        let (before, after) = r.as_ref()
                            .map(|r| (r.by_group.map(|g| g.1).to_vec(), r.after_by_group.map(|g| g.1).to_vec()))
                            .unwrap_or((vec![0.0; 4], vec![0.0; 4]));
                        let series = vec![("bill".to_string(), before), ("after the levers".to_string(), after)];
                        draw_bars(root, &BarChart { categories: &cats, series: &series, y_axis: cur.get().code() })
                    }) />
            </div>
            </div>
        </section>
    }
}
