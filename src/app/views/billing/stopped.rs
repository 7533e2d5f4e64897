//! Stopped is not released: what a stopped instance still costs in disks, address and
//! snapshots, what a forgotten running one costs, and what automatic release saves.

use super::{cash, Figures, Rep, LENS};
use crate::app::format::number;
use crate::app::i18n::tr;
use crate::app::widgets::{form, num, FormulaRow, Formulas, Item, Section, StatRow, Stats};
use crate::calc::billing::{
    BillingReport, ADDRESS_DAY, AUTO_RELEASE_HOURS, DISK_GB, DISK_PRICE, FORGOTTEN_HOURS,
    SNAPSHOT_GB, SNAPSHOT_PRICE,
};
use crate::text::Texts;
use leptos::prelude::*;

const FORM: &[Section] = &[Section {
    legend: None,
    items: &[
        Item::Control(|| num(&DISK_GB, LENS)),
        Item::Control(|| num(&DISK_PRICE, LENS)),
        Item::Control(|| num(&ADDRESS_DAY, LENS)),
        Item::Control(|| num(&SNAPSHOT_GB, LENS)),
        Item::Control(|| num(&SNAPSHOT_PRICE, LENS)),
        Item::Control(|| num(&FORGOTTEN_HOURS, LENS)),
        Item::Control(|| num(&AUTO_RELEASE_HOURS, LENS)),
    ],
}];

#[rustfmt::skip]
const TILES: &[StatRow<BillingReport>] = &[
    StatRow { testid: "stopped-per-day", label: |t| t.billing.tile_stopped_day, value: |r| r.stopped_per_day.amount.to_string(),
        text: |r, _| cash(r.stopped_per_day), note: None },
    StatRow { testid: "stopped-per-month", label: |t| t.billing.tile_stopped_month, value: |r| r.stopped_per_month.amount.to_string(), text: |r, _| cash(r.stopped_per_month),
        note: Some(|_, t| t.billing.stopped_note.to_string()) },
    StatRow { testid: "forgotten-cost", label: |t| t.billing.tile_forgotten, value: |r| r.forgotten_cost.amount.to_string(),
        text: |r, _| cash(r.forgotten_cost), note: None },
    StatRow { testid: "auto-release-saves", label: |t| t.billing.tile_auto_saves, value: |r| r.auto_release_saves.amount.to_string(),
        text: |r, _| cash(r.auto_release_saves), note: None },
];

#[rustfmt::skip]
const ROWS: &[FormulaRow<Rep>] = &[
    FormulaRow { title: |t| t.billing.stopped_day_title, symbolic: |t| t.billing.stopped_day_formula, open: true, substituted: stopped_per_day, show: None },
    FormulaRow { title: |t| t.billing.auto_title, symbolic: |t| t.billing.auto_formula, open: true, substituted: auto_release, show: None },
];

#[component]
pub fn StoppedNotReleased(f: Figures) -> impl IntoView {
    view! {
        <h2>{tr(|t| t.billing.stopped_title)}</h2>
        <div class="columns">
            {form(FORM)} <div class="results">
                <Stats of=f.report rows=TILES />
                <Formulas of=f.rep rows=ROWS />
            </div>
        </div>
    }
}

fn stopped_per_day(p: &Rep, _: &'static Texts) -> String {
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

fn auto_release(p: &Rep, _: &'static Texts) -> String {
    let (i, r) = (&p.inputs, &p.report);
    format!(
        "({} − {}) × {} = {}",
        number(i.forgotten_hours, 1),
        number(i.forgotten_hours.min(i.auto_release_hours), 1),
        number(i.price, 2),
        number(r.auto_release_saves.amount, 2),
    )
}
