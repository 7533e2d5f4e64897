//! Stopped is not released: what a stopped instance still costs in disks, address and
//! snapshots, what a forgotten running one costs, and what automatic release saves.

use super::{Figures, LENS};
use crate::app::format::number;
use crate::app::widgets::{Formula, NumberField, Stat};
use crate::calc::billing::{
    ADDRESS_DAY, AUTO_RELEASE_HOURS, DISK_GB, DISK_PRICE, FORGOTTEN_HOURS, SNAPSHOT_GB,
    SNAPSHOT_PRICE,
};
use leptos::prelude::*;

#[component]
pub fn StoppedNotReleased(f: Figures) -> impl IntoView {
    view! {
        <h2>"Stopped is not released"</h2>
        <div class="columns">
            <form class="inputs" on:submit=|ev| ev.prevent_default()>
                <NumberField field=&DISK_GB lens=LENS label="Cloud disks kept" unit="GB" />
                <NumberField field=&DISK_PRICE lens=LENS label="Disk price" unit="per GB-month" />
                <NumberField
                    field=&ADDRESS_DAY
                    lens=LENS
                    label="Public address while idle"
                    unit="per day"
                />
                <NumberField field=&SNAPSHOT_GB lens=LENS label="Snapshots kept" unit="GB" />
                <NumberField
                    field=&SNAPSHOT_PRICE
                    lens=LENS
                    label="Snapshot price"
                    unit="per GB-month"
                />
                <NumberField
                    field=&FORGOTTEN_HOURS
                    lens=LENS
                    label="Hours a forgotten instance runs before anyone notices"
                    unit="h"
                />
                <NumberField
                    field=&AUTO_RELEASE_HOURS
                    lens=LENS
                    label="Automatic release after"
                    unit="h"
                />
            </form>
            <div class="results">
                <div class="stats">
                    <Stat
                        testid="stopped-per-day"
                        label="A stopped instance still costs, per day"
                        value=f.stat(|r| r.stopped_per_day.amount)
                        text=f.cash(|r| r.stopped_per_day)
                    />
                    <Stat
                        testid="stopped-per-month"
                        label="… per month"
                        value=f.stat(|r| r.stopped_per_month.amount)
                        text=f.cash(|r| r.stopped_per_month)
                        note="released: nothing, once its disks and snapshots are deleted"
                    />
                    <Stat
                        testid="forgotten-cost"
                        label="A forgotten running instance"
                        value=f.stat(|r| r.forgotten_cost.amount)
                        text=f.cash(|r| r.forgotten_cost)
                    />
                    <Stat
                        testid="auto-release-saves"
                        label="Automatic release saves"
                        value=f.stat(|r| r.auto_release_saves.amount)
                        text=f.cash(|r| r.auto_release_saves)
                    />
                </div>
                <Formula
                    title="Stopped per day"
                    open=true
                    symbolic="disks × price / 30 + address per day + snapshots × price / 30"
                    substituted=f
                        .working(|i, r| {
                            format!(
                                "{} × {} / 30 + {} + {} × {} / 30 = {}",
                                number(i.disk_gb, 0),
                                number(i.disk_price, 3),
                                number(i.address_per_day, 2),
                                number(i.snapshot_gb, 0),
                                number(i.snapshot_price, 3),
                                number(r.stopped_per_day.amount, 2),
                            )
                        })
                />
                <Formula
                    title="Automatic release"
                    open=true
                    symbolic="(hours until noticed − min(hours until noticed, auto-release)) × price"
                    substituted=f
                        .working(|i, r| {
                            format!(
                                "({} − {}) × {} = {}",
                                number(i.forgotten_hours, 1),
                                number(i.forgotten_hours.min(i.auto_release_hours), 1),
                                number(i.price, 2),
                                number(r.auto_release_saves.amount, 2),
                            )
                        })
                />
            </div>
        </div>
    }
}
