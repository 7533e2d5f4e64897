//! Moving data: a data set loaded onto fresh instances directly over the public link against
//! through object storage and the internal network, in hours and money a month.

use super::{cash, hours, Figures, Rep, LENS};
use crate::app::format::number;
use crate::app::widgets::{ChartCanvas, FormulaRow, Formulas, Input, Inputs, StatRow, Stats};
use crate::calc::billing::{
    BillingInputs, BillingReport, DATA_GB, DOWNLOAD_GB, EGRESS_PRICE, INTERNAL_MBPS, LOADS,
    OBJECT_PRICE, PUBLIC_MBPS, XREGION, XREGION_PRICE,
};
use crate::charts::bars::{draw_bars, BarChart};
use leptos::prelude::*;

#[rustfmt::skip]
const INPUTS: &[Input<BillingInputs>] = &[
    Input::num(DATA_GB, "Data set", "GB"),
    Input::num(LOADS, "Times a month it is loaded onto a fresh instance", ""),
    Input::num(PUBLIC_MBPS, "Public bandwidth", "Mbit/s"),
    Input::num(INTERNAL_MBPS, "Internal network from object storage", "Mbit/s"),
    Input::num(DOWNLOAD_GB, "Downloaded to the internet a month (weights, results)", "GB"),
    Input::num(EGRESS_PRICE, "Public traffic out", "per GB"),
    Input::flag(XREGION, "the data sits in another region than the instances"),
    Input::num(XREGION_PRICE, "Cross-region transfer", "per GB"),
    Input::num(OBJECT_PRICE, "Object storage", "per GB-month"),
];

#[rustfmt::skip]
const TILES: &[StatRow<BillingReport>] = &[
    StatRow { testid: "upload-hours", label: "One upload over the public link", value: |r| r.upload_hours.to_string(),
        text: |r| hours(r.upload_hours, 2), note: None },
    StatRow { testid: "internal-hours", label: "One pull over the internal network", value: |r| r.internal_hours.to_string(),
        text: |r| hours(r.internal_hours, 3), note: None },
    StatRow { testid: "direct-cost-month", label: "Direct, per month", value: |r| r.direct_cost_month.amount.to_string(),
        text: |r| cash(r.direct_cost_month),
        note: Some(|r| format!("egress {} + cross-region {}", number(r.egress_cost.amount, 2), number(r.cross_region_cost.amount, 2))) },
    StatRow { testid: "object-cost-month", label: "Through object storage, per month", value: |r| r.object_cost_month.amount.to_string(),
        text: |r| cash(r.object_cost_month),
        note: Some(|r| format!("egress {} + bucket {}", number(r.egress_cost.amount, 2), number(r.object_storage_cost.amount, 2))) },
];

#[rustfmt::skip]
const ROWS: &[FormulaRow<Rep>] = &[
    FormulaRow { title: "Transfer time", symbolic: "GB × 8000 / (Mbit/s × 3600) hours", open: true, substituted: transfer_time, show: None },
];

#[component]
pub fn MovingData(report: Memo<BillingReport>, f: Figures) -> impl IntoView {
    view! {
        <h2>"Moving data"</h2>
        <div class="columns">
            <form class="inputs" on:submit=|ev| ev.prevent_default()>
                <Inputs list=INPUTS lens=LENS />
            </form>
            <div class="results">
                <Stats of=report rows=TILES />
                <Formulas of=f.rep rows=ROWS />
                <ChartCanvas
                    testid="chart-data-hours"
                    label="Hours a month spent moving the data set"
                    draw=move |root| {
                        report
                            .with(|r| {
                                let cats = vec![
                                    "direct upload each time".to_string(),
                                    "object storage, internal pulls".to_string(),
                                ];
                                let v = vec![r.direct_hours_month, r.object_hours_month];
                                let series = vec![("hours a month".to_string(), v)];
                                draw_bars(
                                    root,
                                    &BarChart {
                                        categories: &cats,
                                        series: &series,
                                        y_axis: "hours",
                                    },
                                )
                            })
                    }
                />
            </div>
        </div>
    }
}

fn transfer_time(p: &Rep) -> String {
    let (i, r) = (&p.inputs, &p.report);
    format!(
        "{} × 8000 / ({} × 3600) = {} h; internally {} h",
        number(i.data_gb, 1),
        number(i.public_mbps, 0),
        number(r.upload_hours, 3),
        number(r.internal_hours, 4),
    )
}
