//! The monthly bill review (docs/formulas.md, "Monthly bill"): the component with the bill's
//! totals and the two tables. The rows, how they edit the bill, the names of the page's own lines
//! and levers, and the chart of the bill by group before and after the levers sit in the files
//! beside it. Every word comes from `[bill]` (and `[opt.group]`) in the reader's language.

mod chart;
mod edits;
mod levers;
mod lines;
mod names;

use self::chart::BillChart;
use self::edits::{BillEdits, CellError};
use self::levers::lever;
use self::lines::line;
use self::names::lever_name;
use super::headline::{Answer, Headline, Tone};
use crate::app::format::{money, number, percent};
use crate::app::i18n::{option, tr};
use crate::app::state::{memo, use_app, use_report, Lens, Reported, See};
use crate::app::widgets::{live, FormulaRow, Formulas, StatRow, Stats};
use crate::calc::bill::{report, BillInputs, BillLine, BillReport, Group};
use crate::calc::choice::Choice;
use crate::calc::headline;
use crate::calc::table::Calculator;
use crate::calc::units::{Currency, Money};
use crate::text::Texts;
use leptos::prelude::*;
use std::collections::BTreeMap;

pub const LENS: Lens<BillInputs> = crate::app::state::lenses::BILL;

/// The inputs and report of this view, always computed together.
pub type Bill = Memo<Reported<BillInputs, BillReport>>;

fn group_label(t: &'static Texts, g: Group) -> &'static str {
    option(t, "group", g.id())
}

/// Money as the page writes it. The sum of no lines is a negative zero, written `0`, not `-0`.
fn cash(m: Money, digits: u8) -> String {
    money(Money::new(m.amount + 0.0, m.currency), digits)
}

/// The bill after the levers (never below zero, nor a negative zero).
fn after(r: &BillReport) -> Option<Money> {
    r.total
        .checked_sub(r.savings)
        .map(|a| Money::new(a.amount.max(0.0) + 0.0, a.currency))
        .ok()
}

#[rustfmt::skip]
const TILES: &[StatRow<BillReport>] = &[
    StatRow { testid: "bill-total", label: |t| t.bill.stat_total, value: |r| (r.total.amount + 0.0).to_string(), text: |r, _| cash(r.total, 0), note: None },
    StatRow { testid: "bill-savings", label: |t| t.bill.stat_savings, value: |r| (r.savings.amount + 0.0).to_string(), text: |r, _| cash(r.savings, 0), note: None },
    StatRow { testid: "bill-savings-share", label: |t| t.bill.stat_share, value: |r| (r.share + 0.0).to_string(), text: |r, _| percent(r.share + 0.0, 1), note: None },
    StatRow { testid: "bill-after", label: |t| t.bill.stat_after,
        value: |r| after(r).map(|a| a.amount.to_string()).unwrap_or_default(),
        text: |r, _| after(r).map(|a| cash(a, 0)).unwrap_or_default(), note: None },
];

#[rustfmt::skip]
const FORMULAS: &[FormulaRow<BillReport>] = &[
    FormulaRow { title: |t| t.bill.f_savings, symbolic: |t| t.bill.f_savings_symbolic, open: true, substituted: |r, _| savings(r), show: None },
];

/// The savings with the numbers in place.
fn savings(r: &BillReport) -> String {
    let n = |v: f64| number(v + 0.0, 0);
    let parts: Vec<String> = r
        .lever_savings
        .iter()
        .filter(|v| v.amount > 0.0)
        .map(|v| n(v.amount))
        .collect();
    format!(
        "({}) / {} = {} / {} = {}",
        if parts.is_empty() {
            n(0.0)
        } else {
            parts.join(" + ")
        },
        n(r.total.amount),
        n(r.savings.amount),
        n(r.total.amount),
        percent(r.share + 0.0, 1),
    )
}

/// The headline: the month's total, and what the habits ticked save of it; or, while a habit is
/// ticked without an amount, that amount asked for. `labels` are the levers' labels.
fn answer(r: &BillReport, labels: &[String], t: &'static Texts) -> Answer {
    let h = &t.headline;
    let code = headline::bill(r);
    let detail = if code == "ask" {
        let habit = r
            .unpriced
            .first()
            .and_then(|&n| labels.get(n))
            .map(|l| lever_name(t, l))
            .unwrap_or_default();
        h.bill_ask(&habit)
    } else if code == "saves" {
        h.bill_saves(
            &cash(r.savings, 0),
            &percent(r.share + 0.0, 1),
            &after(r).map(|a| cash(a, 0)).unwrap_or_default(),
        )
    } else {
        h.bill_none.to_string()
    };
    Answer {
        code,
        tone: if code == "saves" {
            Tone::Good
        } else {
            Tone::Plain
        },
        lead: h.bill_lead(&cash(r.total, 0)),
        detail,
    }
}

#[component]
pub fn BillView() -> impl IntoView {
    let app = use_app();
    let rep: Bill = use_report(LENS, report);
    let inputs = memo(move || rep.see(|r| (*r.inputs).clone()));
    let report = memo(move || rep.see(|r| r.report.clone()));
    let errors = RwSignal::new(BTreeMap::<String, (CellError, String)>::new());
    let edits = BillEdits {
        app,
        inputs,
        report,
        errors,
    };
    let lines_len = memo(move || inputs.see(|i| i.lines.len()));
    let levers_len = memo(move || inputs.see(|i| i.levers.len()));
    let said = memo(move || {
        let labels: Vec<String> =
            inputs.see(|i| i.levers.iter().map(|l| l.label.clone()).collect());
        report.see(|r| answer(r, &labels, app.t()))
    });

    view! {
        <section class="view bill" data-testid="view-bill">
            <Headline answer=said />
            <p class="field-msg" role="alert" data-testid="error-bill">
                {live(move || app.issue("lines").or_else(|| app.issue("levers")))}
            </p>
            <Stats of=report rows=TILES />
            <Formulas of=report rows=FORMULAS />
            <div class="bill-grid">
                <div>
                    <h2>{tr(|t| t.bill.lines_title)}</h2>
                    <table class="bill-lines">
                        <thead>
                            <tr>
                                <th>{tr(|t| t.bill.col_line)}</th>
                                <th>{tr(|t| t.bill.col_group)}</th>
                                <th>{tr(|t| t.bill.col_hours)}</th>
                                <th>{tr(|t| t.bill.col_amount)}</th>
                                <th>{tr(|t| t.bill.col_unit_price)}</th>
                                <th></th>
                            </tr>
                        </thead>
                        <tbody>
                            <For each=move || 0..lines_len.get() key=|n| *n let:n>
                                {line(n, edits)}
                            </For>
                        </tbody>
                    </table>
                    <p>
                        <button
                            type="button"
                            data-testid="bill-add-line"
                            on:click=move |_| {
                                app.try_edit(
                                    LENS,
                                    |b| {
                                        b.lines
                                            .push(BillLine {
                                                label: names::NEW_LINE.into(),
                                                group: Group::Other,
                                                hours: None,
                                                amount: 0.0,
                                            })
                                    },
                                )
                            }
                        >
                            {tr(|t| t.bill.add_line)}
                        </button>
                        " "
                        <button
                            type="button"
                            data-testid="bill-reset"
                            on:click=move |_| {
                                errors.set(BTreeMap::new());
                                let (c, fx) = app.scenario.see_untracked(|s| (s.currency, s.fx));
                                app.try_edit(
                                    LENS,
                                    |b| {
                                        *b = BillInputs::default();
                                        if c == Currency::Usd {
                                            b.scale_money(1.0 / fx, &|_| false);
                                        }
                                    },
                                )
                            }
                        >
                            {tr(|t| t.bill.reset)}
                        </button>
                    </p>
                    <h2>{tr(|t| t.bill.levers_title)}</h2>
                    <p class="hint">{tr(|t| t.bill.levers_hint)}</p>
                    <table class="bill-levers">
                        <thead>
                            <tr>
                                <th>{tr(|t| t.bill.col_on)}</th>
                                <th>{tr(|t| t.bill.col_habit)}</th>
                                <th>{tr(|t| t.bill.col_group)}</th>
                                <th>{tr(|t| t.bill.col_saves)}</th>
                                <th>{tr(|t| t.bill.col_this_month)}</th>
                            </tr>
                        </thead>
                        <tbody>
                            <For each=move || 0..levers_len.get() key=|n| *n let:n>
                                {lever(n, edits)}
                            </For>
                        </tbody>
                    </table>
                </div>
                <BillChart rep=rep />
            </div>
        </section>
    }
}
