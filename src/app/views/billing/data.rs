//! Moving data: a data set loaded onto fresh instances directly over the public link against
//! through object storage and the internal network, in hours and money a month.

use super::{cash, hours, Figures, Rep, LENS};
use crate::app::format::number;
use crate::app::i18n::{tr, Tr};
use crate::app::state::{use_app, See};
use crate::app::widgets::{
    flag, form, live, num, ChartCanvas, FormulaRow, Formulas, Item, Section, StatRow, Stats,
};
use crate::calc::billing::{
    BillingReport, DATA_GB, DOWNLOAD_GB, EGRESS_PRICE, INTERNAL_MBPS, LOADS, OBJECT_PRICE,
    PUBLIC_MBPS, XREGION, XREGION_PRICE,
};
use crate::charts::bars::{draw_bars, BarChart};
use crate::text::Texts;
use leptos::prelude::*;

const FORM: &[Section] = &[Section {
    legend: None,
    items: &[
        Item::Control(|| num(&DATA_GB, LENS)),
        Item::Control(|| num(&LOADS, LENS)),
        Item::Control(|| num(&PUBLIC_MBPS, LENS)),
        Item::Control(|| num(&INTERNAL_MBPS, LENS)),
        Item::Control(|| num(&DOWNLOAD_GB, LENS)),
        Item::Control(|| num(&EGRESS_PRICE, LENS)),
        Item::Control(|| flag(&XREGION, LENS)),
        Item::Control(|| num(&XREGION_PRICE, LENS)),
        Item::Control(|| num(&OBJECT_PRICE, LENS)),
    ],
}];

#[rustfmt::skip]
const TILES: &[StatRow<BillingReport>] = &[
    StatRow { testid: "upload-hours", label: |t| t.billing.tile_upload, value: |r| r.upload_hours.to_string(),
        text: |r, t| hours(t, r.upload_hours, 2), note: None },
    StatRow { testid: "internal-hours", label: |t| t.billing.tile_internal, value: |r| r.internal_hours.to_string(),
        text: |r, t| hours(t, r.internal_hours, 3), note: None },
    StatRow { testid: "direct-cost-month", label: |t| t.billing.tile_direct, value: |r| r.direct_cost_month.amount.to_string(),
        text: |r, _| cash(r.direct_cost_month),
        note: Some(|r, t| t.billing.direct_note(&number(r.egress_cost.amount, 2), &number(r.cross_region_cost.amount, 2))) },
    StatRow { testid: "object-cost-month", label: |t| t.billing.tile_object, value: |r| r.object_cost_month.amount.to_string(),
        text: |r, _| cash(r.object_cost_month),
        note: Some(|r, t| t.billing.object_note(&number(r.egress_cost.amount, 2), &number(r.object_storage_cost.amount, 2))) },
];

#[rustfmt::skip]
const ROWS: &[FormulaRow<Rep>] = &[
    FormulaRow { title: |t| t.billing.transfer_title, symbolic: |t| t.billing.transfer_formula, open: true, substituted: transfer_time, show: None },
];

/// How to read the chart.
const HOW: Tr = |t| t.chart_how.data_hours;

#[component]
pub fn MovingData(report: Memo<BillingReport>, f: Figures) -> impl IntoView {
    let app = use_app();
    // The chart's two bars in words, and as a table on a click.
    let summary = Signal::derive(move || {
        let t = app.t();
        let w = &t.billing;
        report.see(|r| {
            t.chart_sum.data(
                &hours(t, r.direct_hours_month, 2),
                w.bar_direct,
                &hours(t, r.object_hours_month, 2),
                w.bar_object,
            )
        })
    });
    let csv = move || {
        let t = app.t_untracked();
        let w = &t.billing;
        report.see_untracked(|r| {
            vec![
                vec![t.chart_dl.way.to_string(), w.line_hours_month.to_string()],
                vec![
                    w.bar_direct.to_string(),
                    format!("{:.3}", r.direct_hours_month),
                ],
                vec![
                    w.bar_object.to_string(),
                    format!("{:.3}", r.object_hours_month),
                ],
            ]
        })
    };
    // The canvas takes its caption as plain text: a language switch draws it anew.
    let chart = move || {
        let t = app.t();
        view! {
            <ChartCanvas
                testid="chart-data-hours"
                label=t.billing.chart_data
                how=HOW
                summary=summary
                csv=csv
                draw=move |root| {
                    report
                        .see(|r| {
                            let cats = vec![
                                t.billing.bar_direct.to_string(),
                                t.billing.bar_object.to_string(),
                            ];
                            let v = vec![r.direct_hours_month, r.object_hours_month];
                            let series = vec![(t.billing.line_hours_month.to_string(), v)];
                            draw_bars(
                                root,
                                &BarChart {
                                    categories: &cats,
                                    series: &series,
                                    y_axis: t.billing.axis_hours,
                                },
                            )
                        })
                }
            />
        }
    };
    view! {
        <h2>{tr(|t| t.billing.data_title)}</h2>
        <div class="columns">
            {form(FORM)} <div class="results">
                <Stats of=report rows=TILES />
                <Formulas of=f.rep rows=ROWS />
                {live(chart)}
            </div>
        </div>
    }
}

fn transfer_time(p: &Rep, t: &'static Texts) -> String {
    let (i, r) = (&p.inputs, &p.report);
    t.billing.transfer_numbers(
        &number(i.data_gb, 1),
        &number(i.public_mbps, 0),
        &number(r.upload_hours, 3),
        &number(r.internal_hours, 4),
    )
}
