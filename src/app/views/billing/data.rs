//! Moving data: a data set loaded onto fresh instances directly over the public link against
//! through object storage and the internal network, in hours and money a month.

use super::{Figures, LENS};
use crate::app::format::number;
use crate::app::state::use_app;
use crate::app::widgets::{ChartCanvas, CheckField, Formula, NumberField, Stat};
use crate::calc::billing::{
    BillingInputs, BillingReport, DATA_GB, DOWNLOAD_GB, EGRESS_PRICE, INTERNAL_MBPS, LOADS,
    OBJECT_PRICE, PUBLIC_MBPS, XREGION_PRICE,
};
use crate::charts::bars::{draw_bars, BarChart};
use leptos::prelude::*;

#[component]
pub fn MovingData(
    inputs: Memo<BillingInputs>,
    report: Memo<BillingReport>,
    f: Figures,
) -> impl IntoView {
    let app = use_app();

    view! {
        <h2>"Moving data"</h2>
        <div class="columns">
            <form class="inputs" on:submit=|ev| ev.prevent_default()>
                <NumberField field=&DATA_GB lens=LENS label="Data set" unit="GB" />
                <NumberField
                    field=&LOADS
                    lens=LENS
                    label="Times a month it is loaded onto a fresh instance"
                    unit=""
                />
                <NumberField field=&PUBLIC_MBPS lens=LENS label="Public bandwidth" unit="Mbit/s" />
                <NumberField
                    field=&INTERNAL_MBPS
                    lens=LENS
                    label="Internal network from object storage"
                    unit="Mbit/s"
                />
                <NumberField
                    field=&DOWNLOAD_GB
                    lens=LENS
                    label="Downloaded to the internet a month (weights, results)"
                    unit="GB"
                />
                <NumberField
                    field=&EGRESS_PRICE
                    lens=LENS
                    label="Public traffic out"
                    unit="per GB"
                />
                <CheckField
                    key="xregion"
                    label="the data sits in another region than the instances"
                    checked=Signal::derive(move || inputs.with(|i| i.cross_region))
                    on_change=Callback::new(move |on: bool| {
                        app.try_edit(LENS, |i| i.cross_region = on)
                    })
                />
                <NumberField
                    field=&XREGION_PRICE
                    lens=LENS
                    label="Cross-region transfer"
                    unit="per GB"
                />
                <NumberField
                    field=&OBJECT_PRICE
                    lens=LENS
                    label="Object storage"
                    unit="per GB-month"
                />
            </form>
            <div class="results">
                <div class="stats">
                    <Stat
                        testid="upload-hours"
                        label="One upload over the public link"
                        value=f.stat(|r| r.upload_hours)
                        text=f.hours(|r| r.upload_hours, 2)
                    />
                    <Stat
                        testid="internal-hours"
                        label="One pull over the internal network"
                        value=f.stat(|r| r.internal_hours)
                        text=f.hours(|r| r.internal_hours, 3)
                    />
                    <Stat
                        testid="direct-cost-month"
                        label="Direct, per month"
                        value=f.stat(|r| r.direct_cost_month.amount)
                        text=f.cash(|r| r.direct_cost_month)
                        note=Signal::derive(move || {
                            report
                                .with(|r| {
                                    format!(
                                        "egress {} + cross-region {}",
                                        number(r.egress_cost.amount, 2),
                                        number(r.cross_region_cost.amount, 2),
                                    )
                                })
                        })
                    />
                    <Stat
                        testid="object-cost-month"
                        label="Through object storage, per month"
                        value=f.stat(|r| r.object_cost_month.amount)
                        text=f.cash(|r| r.object_cost_month)
                        note=Signal::derive(move || {
                            report
                                .with(|r| {
                                    format!(
                                        "egress {} + bucket {}",
                                        number(r.egress_cost.amount, 2),
                                        number(r.object_storage_cost.amount, 2),
                                    )
                                })
                        })
                    />
                </div>
                <Formula
                    title="Transfer time"
                    open=true
                    symbolic="GB × 8000 / (Mbit/s × 3600) hours"
                    substituted=f
                        .working(|i, r| {
                            format!(
                                "{} × 8000 / ({} × 3600) = {} h; internally {} h",
                                number(i.data_gb, 1),
                                number(i.public_mbps, 0),
                                number(r.upload_hours, 3),
                                number(r.internal_hours, 4),
                            )
                        })
                />
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
