//! The bill chart: the bill by group, before and after the levers ticked; in words for screen
//! readers and as a CSV file, from the same report.

use super::{cash, group_label, Bill};
use crate::app::i18n::{currency_name, Tr};
use crate::app::state::{use_app, See};
use crate::app::widgets::{live, ChartCanvas};
use crate::calc::bill::BillReport;
use crate::calc::bill::Group;
use crate::calc::choice::Choice;
use crate::charts::bars::{draw_bars, BarChart};
use crate::text::Texts;
use leptos::prelude::*;

/// How to read it.
const HOW: Tr = |t| t.chart_how.bill_groups;

#[component]
pub fn BillChart(rep: Bill) -> impl IntoView {
    let app = use_app();
    let summary = Signal::derive(move || {
        let t = app.t();
        rep.see(|rep| summary(t, &rep.report))
    });
    let csv = move || {
        let t = app.t_untracked();
        rep.see_untracked(|rep| rows(t, &rep.report, currency_name(t, rep.currency)))
    };
    // The chart and its caption are made again in the reader's language on a switch.
    let chart = move || {
        let t = app.t();
        view! {
            <ChartCanvas
                testid="chart-bill-groups"
                label=t.bill.chart_title
                how=HOW
                summary=summary
                csv=csv
                draw=move |root| {
                    rep.see(|rep| {
                        let r = &rep.report;
                        let cats: Vec<String> = Group::ALL
                            .iter()
                            .map(|g| group_label(t, *g).to_string())
                            .collect();
                        let before = r.by_group.map(|g| g.1.amount + 0.0).to_vec();
                        let after = r.after_by_group.map(|g| g.1.amount + 0.0).to_vec();
                        let series = vec![
                            (t.bill.chart_bill.to_string(), before),
                            (t.bill.chart_after.to_string(), after),
                        ];
                        draw_bars(
                            root,
                            &BarChart {
                                categories: &cats,
                                series: &series,
                                y_axis: currency_name(t, rep.currency),
                            },
                        )
                    })
                }
            />
        }
    };
    view! { <div class="charts">{live(chart)}</div> }
}

/// Each group's amount before and after the levers, in the chart's order.
fn summary(t: &'static Texts, r: &BillReport) -> String {
    let list = |by: &[(Group, crate::calc::units::Money)]| {
        by.iter()
            .map(|(g, m)| format!("{} {}", group_label(t, *g), cash(*m, 0)))
            .collect::<Vec<_>>()
            .join(t.app.list_sep)
    };
    t.chart_sum
        .bill(&list(&r.by_group), &list(&r.after_by_group))
}

fn rows(t: &'static Texts, r: &BillReport, cur: &str) -> Vec<Vec<String>> {
    let col = |name: &str| t.chart_dl.column(name, cur);
    let mut out = vec![vec![
        t.bill.col_group.to_string(),
        col(t.bill.chart_bill),
        col(t.bill.chart_after),
    ]];
    out.extend(r.by_group.iter().zip(&r.after_by_group).map(|(b, a)| {
        vec![
            group_label(t, b.0).to_string(),
            format!("{:.2}", b.1.amount + 0.0),
            format!("{:.2}", a.1.amount + 0.0),
        ]
    }));
    out
}
