//! Stopped is not released: what a stopped instance still costs in disks, address and
//! snapshots, what a forgotten running one costs, and what automatic release saves.

use super::{cash, Figures, Rep, LENS};
use crate::app::format::number;
use crate::app::widgets::{FormulaRow, Formulas, Input, Inputs, StatRow, Stats};
use crate::calc::billing::{
    BillingInputs, BillingReport, ADDRESS_DAY, AUTO_RELEASE_HOURS, DISK_GB, DISK_PRICE,
    FORGOTTEN_HOURS, SNAPSHOT_GB, SNAPSHOT_PRICE,
};
use leptos::prelude::*;

#[rustfmt::skip]
const INPUTS: &[Input<BillingInputs>] = &[
    Input::num(DISK_GB, "Cloud disks kept", "GB"),
    Input::num(DISK_PRICE, "Disk price", "per GB-month"),
    Input::num(ADDRESS_DAY, "Public address while idle", "per day"),
    Input::num(SNAPSHOT_GB, "Snapshots kept", "GB"),
    Input::num(SNAPSHOT_PRICE, "Snapshot price", "per GB-month"),
    Input::num(FORGOTTEN_HOURS, "Hours a forgotten instance runs before anyone notices", "h"),
    Input::num(AUTO_RELEASE_HOURS, "Automatic release after", "h"),
];

#[rustfmt::skip]
const TILES: &[StatRow<BillingReport>] = &[
    StatRow { testid: "stopped-per-day", label: "A stopped instance still costs, per day", value: |r| r.stopped_per_day.amount.to_string(),
        text: |r| cash(r.stopped_per_day), note: None },
    StatRow { testid: "stopped-per-month", label: "… per month", value: |r| r.stopped_per_month.amount.to_string(), text: |r| cash(r.stopped_per_month),
        note: Some(|_| "released: nothing, once its disks and snapshots are deleted".to_string()) },
    StatRow { testid: "forgotten-cost", label: "A forgotten running instance", value: |r| r.forgotten_cost.amount.to_string(),
        text: |r| cash(r.forgotten_cost), note: None },
    StatRow { testid: "auto-release-saves", label: "Automatic release saves", value: |r| r.auto_release_saves.amount.to_string(),
        text: |r| cash(r.auto_release_saves), note: None },
];

#[rustfmt::skip]
const ROWS: &[FormulaRow<Rep>] = &[
    FormulaRow { title: "Stopped per day", symbolic: "disks × price / 30 + address per day + snapshots × price / 30", open: true, substituted: stopped_per_day, show: None },
    FormulaRow { title: "Automatic release", symbolic: "(hours until noticed − min(hours until noticed, auto-release)) × price", open: true, substituted: auto_release, show: None },
];

#[component]
pub fn StoppedNotReleased(f: Figures) -> impl IntoView {
    view! {
        <h2>"Stopped is not released"</h2>
        <div class="columns">
            <form class="inputs" on:submit=|ev| ev.prevent_default()>
                <Inputs list=INPUTS lens=LENS />
            </form>
            <div class="results">
                <Stats of=f.report rows=TILES />
                <Formulas of=f.rep rows=ROWS />
            </div>
        </div>
    }
}

fn stopped_per_day(p: &Rep) -> String {
    let (i, r) = (&p.inputs, &p.report);
    format!(
        "{} × {} / 30 + {} + {} × {} / 30 = {}",
        number(i.disk_gb, 0),
        number(i.disk_price, 3),
        number(i.address_per_day, 2),
        number(i.snapshot_gb, 0),
        number(i.snapshot_price, 3),
        number(r.stopped_per_day.amount, 2),
    )
}

fn auto_release(p: &Rep) -> String {
    let (i, r) = (&p.inputs, &p.report);
    format!(
        "({} − {}) × {} = {}",
        number(i.forgotten_hours, 1),
        number(i.forgotten_hours.min(i.auto_release_hours), 1),
        number(i.price, 2),
        number(r.auto_release_saves.amount, 2),
    )
}
