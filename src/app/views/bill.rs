//! The monthly bill review (docs/formulas.md, "Monthly bill"): an editable table of bill lines in
//! four groups, the savings levers of the hidden-cost table, and the bill by group before and
//! after them.

use crate::app::format::{money, number, percent};
use crate::app::state::{use_app, use_report, Lens};
use crate::app::widgets::{ChartCanvas, Formula, Stat};
use crate::calc::bill::{report, BillInputs, BillLine, BillReport, Group, Lever, MAX_AMOUNT};
use crate::calc::choice::Choice;
use crate::calc::field::parse_in;
use crate::charts::bars::{draw_bars, BarChart};
use leptos::prelude::*;
use std::collections::BTreeMap;

const LENS: Lens<BillInputs> = Lens {
    get: |s| &s.bill,
    get_mut: |s| &mut s.bill,
};

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
            {Group::ALL.iter().map(|&g| view! { <option value=g.id() selected=move || value.get() == g>{group_label(g)}</option> }).collect_view()}
        </select>
    }
}

/// A typed amount or number of hours, checked like a link's.
fn amount(raw: &str) -> Result<f64, String> {
    parse_in("amount", 0.0, MAX_AMOUNT, false, raw).map_err(|e| e.to_string())
}

#[component]
pub fn BillView() -> impl IntoView {
    let app = use_app();
    let rep = use_report(LENS, report);
    let inputs = Memo::new(move |_| rep.with(|r| (*r.inputs).clone()));
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));
    // Text that did not parse or that the bill refused, by cell ("line-2-amount"): shown beside
    // the row; the bill keeps its last good value.
    let errors = RwSignal::new(BTreeMap::<String, String>::new());
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
    // Typed cells try their change and keep a refusal beside the row...
    let edit_line = move |n: usize, apply: Box<dyn FnOnce(&mut BillLine)>| {
        app.clear_issue("lines");
        app.edit(LENS, |b| {
            if let Some(l) = b.lines.get_mut(n) {
                apply(l)
            }
        })
        .map_err(|e| e.to_string())
    };
    let edit_lever = move |n: usize, apply: Box<dyn FnOnce(&mut Lever)>| {
        app.clear_issue("levers");
        app.edit(LENS, |b| {
            if let Some(l) = b.levers.get_mut(n) {
                apply(l)
            }
        })
        .map_err(|e| e.to_string())
    };
    // ...the other controls have no text to keep: a refusal shows at the top of the view.
    let try_line = move |n: usize, apply: Box<dyn FnOnce(&mut BillLine)>| {
        app.clear_issue("lines");
        app.try_edit(LENS, |b| {
            if let Some(l) = b.lines.get_mut(n) {
                apply(l)
            }
        })
    };
    let try_lever = move |n: usize, apply: Box<dyn FnOnce(&mut Lever)>| {
        app.clear_issue("levers");
        app.try_edit(LENS, |b| {
            if let Some(l) = b.levers.get_mut(n) {
                apply(l)
            }
        })
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
                    on:change=move |ev| { let t = event_target_value(&ev); try_line(n, Box::new(move |l| l.label = t)) } /></td>
                <td>{group_select(format!("bill-line-{n}-group"),
                    Signal::derive(move || inputs.with(|i| i.lines.get(n).map(|l| l.group).unwrap_or_default())),
                    move |g| try_line(n, Box::new(move |l| l.group = g)))}</td>
                <td><input type="text" inputmode="decimal" aria-label="hours" data-testid=format!("bill-line-{n}-hours")
                    prop:value=get(|l| l.hours.map(|h| number(h, 2)).unwrap_or_default())
                    on:input=move |ev| {
                        let raw = event_target_value(&ev);
                        let hours = if raw.trim().is_empty() { Ok(None) } else { amount(&raw).map(Some) };
                        let result = hours.and_then(|h| edit_line(n, Box::new(move |l| l.hours = h)));
                        set_error(format!("line-{n}-hours"), result.err());
                    } /></td>
                <td><input type="text" inputmode="decimal" aria-label="amount" data-testid=format!("bill-line-{n}-amount")
                    prop:value=get(|l| number(l.amount, 2))
                    on:input=move |ev| {
                        let result = amount(&event_target_value(&ev)).and_then(|v| edit_line(n, Box::new(move |l| l.amount = v)));
                        set_error(format!("line-{n}-amount"), result.err());
                    } /></td>
                <td class="num">{move || report.with(|r| r.unit_prices.get(n).copied().flatten()
                    .map(|p| format!("{} /h", number(p.amount, 2))).unwrap_or_else(|| "–".into()))}</td>
                <td><button type="button" data-testid=format!("bill-line-{n}-remove") aria-label="remove line"
                    on:click=move |_| { errors.set(BTreeMap::new()); app.try_edit(LENS, |b| { if n < b.lines.len() { b.lines.remove(n); } }) }>"×"</button>
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
                    on:change=move |ev| { let on = event_target_checked(&ev); try_lever(n, Box::new(move |l| l.on = on)) } /></td>
                <td><input type="text" aria-label="lever" prop:value=lv(|l| l.label.clone())
                    on:change=move |ev| { let t = event_target_value(&ev); try_lever(n, Box::new(move |l| l.label = t)) } /></td>
                <td>{group_select(format!("bill-lever-{n}-group"),
                    Signal::derive(move || inputs.with(|i| i.levers.get(n).map(|l| l.group).unwrap_or_default())),
                    move |g| try_lever(n, Box::new(move |l| l.group = g)))}</td>
                <td>
                    <select aria-label="amount or share" data-testid=format!("bill-lever-{n}-mode")
                        prop:value=move || if is_share() { "share" } else { "amount" }
                        on:change=move |ev| {
                            let share = event_target_value(&ev) == "share";
                            // Switching keeps what the lever saves now.
                            let saved = report.with_untracked(|r| r.lever_savings.get(n).map(|v| v.amount).unwrap_or(0.0));
                            let group_total = report.with_untracked(|r| r.by_group.map(|(g, v)| (g, v.amount)));
                            try_lever(n, Box::new(move |l| {
                                if share && l.share.is_none() {
                                    let total = group_total.iter().find(|x| x.0 == l.group).map(|x| x.1).unwrap_or(0.0);
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
                            let result = if is_share() {
                                parse_in("share", 0.0, 100.0, false, &raw)
                                    .map_err(|e| e.to_string())
                                    .and_then(|v| edit_lever(n, Box::new(move |l| l.share = Some(v / 100.0))))
                            } else {
                                amount(&raw).and_then(|v| edit_lever(n, Box::new(move |l| l.amount = v)))
                            };
                            set_error(format!("lever-{n}"), result.err());
                        } />
                    <span class="field-msg" role="alert">{move || errors.with(|m| m.get(&format!("lever-{n}")).cloned())}</span>
                </td>
                <td class="num" data-testid=format!("bill-lever-{n}-saves")
                    data-value=move || report.with(|r| r.lever_savings.get(n).map(|v| v.amount.to_string()).unwrap_or_default())>
                    {move || report.with(|r| r.lever_savings.get(n).map(|v| money(*v, 0)).unwrap_or_default())}</td>
            </tr>
        }
    };
    let stat = move |get: fn(&BillReport) -> String| Signal::derive(move || report.with(get));

    view! {
        <section class="view bill" data-testid="view-bill">
            <p class="field-msg" role="alert" data-testid="error-bill">{move || app.issue("lines").or_else(|| app.issue("levers"))}</p>
            <div class="stats">
                <Stat testid="bill-total" label="The month's bill"
                    value=stat(|r| r.total.amount.to_string()) text=stat(|r| money(r.total, 0)) />
                <Stat testid="bill-savings" label="Saved by the levers ticked"
                    value=stat(|r| r.savings.amount.to_string()) text=stat(|r| money(r.savings, 0)) />
                <Stat testid="bill-savings-share" label="Share of the bill"
                    value=stat(|r| r.share.to_string()) text=stat(|r| percent(r.share, 1)) />
                <Stat testid="bill-after" label="The bill after them"
                    value=stat(|r| r.total.checked_sub(r.savings).map(|a| a.amount.to_string()).unwrap_or_default())
                    text=stat(|r| r.total.checked_sub(r.savings).map(|a| money(a, 0)).unwrap_or_default()) />
            </div>
            <Formula title="Savings" open=true symbolic="Σ levers ticked (each at most its group) / total"
                substituted=stat(|r| {
                    let parts: Vec<String> = r.lever_savings.iter().filter(|v| v.amount > 0.0).map(|v| number(v.amount, 0)).collect();
                    format!("({}) / {} = {} / {} = {}", if parts.is_empty() { "0".into() } else { parts.join(" + ") },
                        number(r.total.amount, 0), number(r.savings.amount, 0), number(r.total.amount, 0), percent(r.share, 1))
                }) />
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
                    on:click=move |_| app.try_edit(LENS, |b| b.lines.push(BillLine { label: "new line".into(), group: Group::Other, hours: None, amount: 0.0 }))>"Add a line"</button>
                " "
                <button type="button" data-testid="bill-reset"
                    on:click=move |_| { errors.set(BTreeMap::new()); app.try_edit(LENS, |b| *b = BillInputs::default()) }>"Back to the guide's month"</button>
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
                    draw=move |root| rep.with(|rep| {
                        let r = &rep.report;
                        let cats: Vec<String> = Group::ALL.iter().map(|g| group_label(*g).to_string()).collect();
                        let before = r.by_group.map(|g| g.1.amount).to_vec();
                        let after = r.after_by_group.map(|g| g.1.amount).to_vec();
                        let series = vec![("bill".to_string(), before), ("after the levers".to_string(), after)];
                        draw_bars(root, &BarChart { categories: &cats, series: &series, y_axis: rep.currency.code() })
                    }) />
            </div>
            </div>
        </section>
    }
}
