//! The monthly bill review (docs/formulas.md, "Monthly bill"): the component with the bill's
//! totals and the two tables. The rows, how they edit the bill, and the chart of the bill by group
//! before and after the levers sit in the files beside it.

mod chart;
mod edits;
mod levers;
mod lines;

use self::chart::BillChart;
use self::edits::BillEdits;
use self::levers::lever;
use self::lines::line;
use crate::app::format::{money, number, percent};
use crate::app::state::{use_app, use_report, Lens, Reported};
use crate::app::widgets::{FormulaRow, Formulas, StatRow, Stats};
use crate::calc::bill::{report, BillInputs, BillLine, BillReport, Group};
use leptos::prelude::*;
use std::collections::BTreeMap;

const LENS: Lens<BillInputs> = Lens {
    get: |s| &s.bill,
    get_mut: |s| &mut s.bill,
};

/// The inputs and report of this view, always computed together.
pub type Bill = Memo<Reported<BillInputs, BillReport>>;

fn group_label(g: Group) -> &'static str {
    match g {
        Group::Instances => "instances",
        Group::Storage => "storage",
        Group::Traffic => "traffic",
        Group::Other => "other",
    }
}

#[rustfmt::skip]
const TILES: &[StatRow<BillReport>] = &[
    StatRow { testid: "bill-total", label: "The month's bill", value: |r| r.total.amount.to_string(), text: |r| money(r.total, 0), note: None },
    StatRow { testid: "bill-savings", label: "Saved by the levers ticked", value: |r| r.savings.amount.to_string(), text: |r| money(r.savings, 0), note: None },
    StatRow { testid: "bill-savings-share", label: "Share of the bill", value: |r| r.share.to_string(), text: |r| percent(r.share, 1), note: None },
    StatRow { testid: "bill-after", label: "The bill after them",
        value: |r| r.total.checked_sub(r.savings).map(|a| a.amount.to_string()).unwrap_or_default(),
        text: |r| r.total.checked_sub(r.savings).map(|a| money(a, 0)).unwrap_or_default(), note: None },
];

#[rustfmt::skip]
const FORMULAS: &[FormulaRow<BillReport>] = &[
    FormulaRow { title: "Savings", symbolic: "Σ levers ticked (each at most its group) / total", open: true, substituted: savings, show: None },
];

/// The savings with the numbers in place.
fn savings(r: &BillReport) -> String {
    let parts: Vec<String> = r
        .lever_savings
        .iter()
        .filter(|v| v.amount > 0.0)
        .map(|v| number(v.amount, 0))
        .collect();
    format!(
        "({}) / {} = {} / {} = {}",
        if parts.is_empty() {
            "0".into()
        } else {
            parts.join(" + ")
        },
        number(r.total.amount, 0),
        number(r.savings.amount, 0),
        number(r.total.amount, 0),
        percent(r.share, 1),
    )
}

#[component]
pub fn BillView() -> impl IntoView {
    let app = use_app();
    let rep: Bill = use_report(LENS, report);
    let inputs = Memo::new(move |_| rep.with(|r| (*r.inputs).clone()));
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));
    let errors = RwSignal::new(BTreeMap::<String, String>::new());
    let edits = BillEdits {
        app,
        inputs,
        report,
        errors,
    };
    let lines_len = Memo::new(move |_| inputs.with(|i| i.lines.len()));
    let levers_len = Memo::new(move |_| inputs.with(|i| i.levers.len()));

    view! {
        <section class="view bill" data-testid="view-bill">
            <p class="field-msg" role="alert" data-testid="error-bill">
                {move || app.issue("lines").or_else(|| app.issue("levers"))}
            </p>
            <Stats of=report rows=TILES />
            <Formulas of=report rows=FORMULAS />
            <div class="bill-grid">
                <div>
                    <h2>"Bill lines"</h2>
                    <table class="bill-lines">
                        <thead>
                            <tr>
                                <th>"line"</th>
                                <th>"group"</th>
                                <th>"hours"</th>
                                <th>"amount"</th>
                                <th>"unit price"</th>
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
                                                label: "new line".into(),
                                                group: Group::Other,
                                                hours: None,
                                                amount: 0.0,
                                            })
                                    },
                                )
                            }
                        >
                            "Add a line"
                        </button>
                        " "
                        <button
                            type="button"
                            data-testid="bill-reset"
                            on:click=move |_| {
                                errors.set(BTreeMap::new());
                                app.try_edit(LENS, |b| *b = BillInputs::default())
                            }
                        >
                            "Back to the guide's month"
                        </button>
                    </p>
                    <h2>"Savings levers"</h2>
                    <p class="hint">
                        "From the hidden-cost table: each habit saves an amount, or a share of its group (half the traffic moved to the internal network follows the traffic line). A group cannot save more than it bills."
                    </p>
                    <table class="bill-levers">
                        <thead>
                            <tr>
                                <th>"on"</th>
                                <th>"habit"</th>
                                <th>"group"</th>
                                <th>"saves"</th>
                                <th>"this month"</th>
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
