//! The billing-rules view (docs/formulas.md, "Billing rules"): minimum billing granularity on a
//! list of runs, what a stopped instance still costs against a released one, and moving data
//! directly against through object storage.

use crate::app::format::{money, number};
use crate::app::state::{use_app, use_report, Lens};
use crate::app::widgets::{ChartCanvas, CheckField, ChoiceField, Formula, NumberField, Stat};
use crate::calc::billing::{
    format_runs, parse_runs, report, BillingInputs, BillingReport, Granularity, ADDRESS_DAY,
    AUTO_RELEASE_HOURS, DATA_GB, DISK_GB, DISK_PRICE, DOWNLOAD_GB, EGRESS_PRICE, FORGOTTEN_HOURS,
    INTERNAL_MBPS, LOADS, OBJECT_PRICE, PUBLIC_MBPS, RUN_PRICE, SNAPSHOT_GB, SNAPSHOT_PRICE,
    XREGION_PRICE,
};
use crate::calc::choice::Choice;
use crate::calc::units::Money;
use crate::charts::bars::{draw_bars, BarChart};
use leptos::prelude::*;

const LENS: Lens<BillingInputs> = Lens {
    get: |s| &s.billing,
    get_mut: |s| &mut s.billing,
};

pub fn rule_label(g: Granularity) -> &'static str {
    match g {
        Granularity::Second1m => "per second, 1-minute minimum",
        Granularity::Second1h => "per second, 1-hour minimum",
        Granularity::Hour => "per started hour",
        Granularity::Day => "per started day",
    }
}

fn short_label(g: Granularity) -> &'static str {
    match g {
        Granularity::Second1m => "second, 1 min",
        Granularity::Second1h => "second, 1 h",
        Granularity::Hour => "started hour",
        Granularity::Day => "started day",
    }
}

#[component]
pub fn BillingView() -> impl IntoView {
    let app = use_app();
    let rep = use_report(LENS, report);
    let inputs = Memo::new(move |_| rep.with(|r| (*r.inputs).clone()));
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));
    let stat = move |get: fn(&BillingReport) -> f64| {
        Signal::derive(move || report.with(|r| get(r).to_string()))
    };
    let cash = move |get: fn(&BillingReport) -> Money| {
        Signal::derive(move || report.with(|r| money(get(r), 2)))
    };
    let hours = move |get: fn(&BillingReport) -> f64, digits: u8| {
        Signal::derive(move || report.with(|r| format!("{} h", number(get(r), digits))))
    };
    // A formula with the numbers in place, from the same inputs and report as every figure.
    let working = move |get: fn(&BillingInputs, &BillingReport) -> String| {
        Signal::derive(move || rep.with(|r| get(&r.inputs, &r.report)))
    };

    let runs_raw = RwSignal::new(inputs.with_untracked(|i| format_runs(&i.runs)));
    let runs_error = RwSignal::new(None::<String>);
    let on_runs = move |text: String| {
        app.clear_issue("runs");
        let result = parse_runs(&text)
            .map_err(|e| e.to_string())
            .and_then(|r| app.edit(LENS, |i| i.runs = r).map_err(|e| e.to_string()));
        runs_error.set(result.err());
        runs_raw.set(text);
    };
    let set_rule = Callback::new(move |id: String| {
        if let Some(g) = Granularity::from_id(&id) {
            app.clear_issue("granularity");
            app.try_edit(LENS, |i| i.granularity = g);
        }
    });
    let rules: Vec<(String, String)> = Granularity::ALL
        .iter()
        .map(|g| (g.id().to_string(), rule_label(*g).to_string()))
        .collect();

    view! {
        <section class="view billing" data-testid="view-billing">
            <p class="field-msg" role="alert" data-testid="error-billing">{move || app.issue("xregion")}</p>
            <h2>"Minimum billing granularity"</h2>
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <label class="field">
                        <span class="field-label">"Runs: lengths with units (s, m, h, d), comma-separated"</span>
                        <textarea data-testid="input-runs" rows="2" placeholder="e.g. 10m,25m,3h"
                            prop:value=move || runs_raw.get()
                            on:input=move |ev| on_runs(event_target_value(&ev))></textarea>
                        <span class="field-msg" role="alert" data-testid="error-runs">
                            {move || runs_error.get().or_else(|| app.issue("runs"))}
                        </span>
                    </label>
                    <ChoiceField key="granularity" label="Billing rule" options=rules
                        value=Signal::derive(move || inputs.with(|i| i.granularity.id().to_string())) on_change=set_rule />
                    <span class="field-msg" role="alert">{move || app.issue("granularity")}</span>
                    <NumberField field=&RUN_PRICE lens=LENS label="Price per instance-hour" unit="per h" />
                </form>
                <div class="results">
                    <div class="stats">
                        <Stat testid="billed-hours" label="Hours billed" value=stat(|r| r.runs.billed.0) text=hours(|r| r.runs.billed.0, 2) />
                        <Stat testid="used-hours" label="Hours used" value=stat(|r| r.runs.used.0) text=hours(|r| r.runs.used.0, 2) />
                        <Stat testid="billed-cost" label="Charged" value=stat(|r| r.billed_cost.amount) text=cash(|r| r.billed_cost) />
                        <Stat testid="excess-cost" label="Paid for hours not used" value=stat(|r| r.excess_cost.amount) text=cash(|r| r.excess_cost) />
                    </div>
                    <Formula title="Hours billed" open=true symbolic="Σ billed(run): per second max(d, minimum); per started hour ⌈d⌉; per started day 24⌈d/24⌉"
                        substituted=Signal::derive(move || report.with(|r| {
                            let parts: Vec<String> = r.runs.runs.iter().take(8).map(|(u, b)| format!("{} h → {} h", number(u.0, 3), number(b.0, 3))).collect();
                            let more = if r.runs.runs.len() > 8 { ", …" } else { "" };
                            format!("{}{more}; total {} h billed for {} h used", parts.join(", "), number(r.runs.billed.0, 3), number(r.runs.used.0, 3))
                        })) />
                    <ChartCanvas testid="chart-billing-rules" label="Hours billed for these runs under each rule"
                        draw=move |root| report.with(|r| {
                            let cats: Vec<String> = Granularity::ALL.iter().map(|g| short_label(*g).to_string()).collect();
                            let (used, by_rule) = (r.runs.used.0, r.by_rule.map(|x| x.1 .0).to_vec());
                            let series = vec![("used".to_string(), vec![used; 4]), ("billed".to_string(), by_rule)];
                            draw_bars(root, &BarChart { categories: &cats, series: &series, y_axis: "hours" })
                        }) />
                </div>
            </div>

            <h2>"Stopped is not released"</h2>
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <NumberField field=&DISK_GB lens=LENS label="Cloud disks kept" unit="GB" />
                    <NumberField field=&DISK_PRICE lens=LENS label="Disk price" unit="per GB-month" />
                    <NumberField field=&ADDRESS_DAY lens=LENS label="Public address while idle" unit="per day" />
                    <NumberField field=&SNAPSHOT_GB lens=LENS label="Snapshots kept" unit="GB" />
                    <NumberField field=&SNAPSHOT_PRICE lens=LENS label="Snapshot price" unit="per GB-month" />
                    <NumberField field=&FORGOTTEN_HOURS lens=LENS label="Hours a forgotten instance runs before anyone notices" unit="h" />
                    <NumberField field=&AUTO_RELEASE_HOURS lens=LENS label="Automatic release after" unit="h" />
                </form>
                <div class="results">
                    <div class="stats">
                        <Stat testid="stopped-per-day" label="A stopped instance still costs, per day" value=stat(|r| r.stopped_per_day.amount) text=cash(|r| r.stopped_per_day) />
                        <Stat testid="stopped-per-month" label="… per month" value=stat(|r| r.stopped_per_month.amount) text=cash(|r| r.stopped_per_month)
                            note="released: nothing, once its disks and snapshots are deleted" />
                        <Stat testid="forgotten-cost" label="A forgotten running instance" value=stat(|r| r.forgotten_cost.amount) text=cash(|r| r.forgotten_cost) />
                        <Stat testid="auto-release-saves" label="Automatic release saves" value=stat(|r| r.auto_release_saves.amount) text=cash(|r| r.auto_release_saves) />
                    </div>
                    <Formula title="Stopped per day" open=true symbolic="disks × price / 30 + address per day + snapshots × price / 30"
                        substituted=working(|i, r| format!(
                            "{} × {} / 30 + {} + {} × {} / 30 = {}",
                            number(i.disk_gb, 0), number(i.disk_price, 3), number(i.address_per_day, 2), number(i.snapshot_gb, 0),
                            number(i.snapshot_price, 3), number(r.stopped_per_day.amount, 2))) />
                    <Formula title="Automatic release" open=true symbolic="(hours until noticed − min(hours until noticed, auto-release)) × price"
                        substituted=working(|i, r| format!(
                            "({} − {}) × {} = {}",
                            number(i.forgotten_hours, 1), number(i.forgotten_hours.min(i.auto_release_hours), 1), number(i.price, 2),
                            number(r.auto_release_saves.amount, 2))) />
                </div>
            </div>

            <h2>"Moving data"</h2>
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <NumberField field=&DATA_GB lens=LENS label="Data set" unit="GB" />
                    <NumberField field=&LOADS lens=LENS label="Times a month it is loaded onto a fresh instance" unit="" />
                    <NumberField field=&PUBLIC_MBPS lens=LENS label="Public bandwidth" unit="Mbit/s" />
                    <NumberField field=&INTERNAL_MBPS lens=LENS label="Internal network from object storage" unit="Mbit/s" />
                    <NumberField field=&DOWNLOAD_GB lens=LENS label="Downloaded to the internet a month (weights, results)" unit="GB" />
                    <NumberField field=&EGRESS_PRICE lens=LENS label="Public traffic out" unit="per GB" />
                    <CheckField key="xregion" label="the data sits in another region than the instances"
                        checked=Signal::derive(move || inputs.with(|i| i.cross_region))
                        on_change=Callback::new(move |on: bool| app.try_edit(LENS, |i| i.cross_region = on)) />
                    <NumberField field=&XREGION_PRICE lens=LENS label="Cross-region transfer" unit="per GB" />
                    <NumberField field=&OBJECT_PRICE lens=LENS label="Object storage" unit="per GB-month" />
                </form>
                <div class="results">
                    <div class="stats">
                        <Stat testid="upload-hours" label="One upload over the public link" value=stat(|r| r.upload_hours) text=hours(|r| r.upload_hours, 2) />
                        <Stat testid="internal-hours" label="One pull over the internal network" value=stat(|r| r.internal_hours) text=hours(|r| r.internal_hours, 3) />
                        <Stat testid="direct-cost-month" label="Direct, per month" value=stat(|r| r.direct_cost_month.amount) text=cash(|r| r.direct_cost_month)
                            note=Signal::derive(move || report.with(|r| format!("egress {} + cross-region {}", number(r.egress_cost.amount, 2), number(r.cross_region_cost.amount, 2)))) />
                        <Stat testid="object-cost-month" label="Through object storage, per month" value=stat(|r| r.object_cost_month.amount) text=cash(|r| r.object_cost_month)
                            note=Signal::derive(move || report.with(|r| format!("egress {} + bucket {}", number(r.egress_cost.amount, 2), number(r.object_storage_cost.amount, 2)))) />
                    </div>
                    <Formula title="Transfer time" open=true symbolic="GB × 8000 / (Mbit/s × 3600) hours"
                        substituted=working(|i, r| format!(
                            "{} × 8000 / ({} × 3600) = {} h; internally {} h",
                            number(i.data_gb, 1), number(i.public_mbps, 0), number(r.upload_hours, 3), number(r.internal_hours, 4))) />
                    <ChartCanvas testid="chart-data-hours" label="Hours a month spent moving the data set"
                        draw=move |root| report.with(|r| {
                            let cats = vec!["direct upload each time".to_string(), "object storage, internal pulls".to_string()];
                            let v = vec![r.direct_hours_month, r.object_hours_month];
                            let series = vec![("hours a month".to_string(), v)];
                            draw_bars(root, &BarChart { categories: &cats, series: &series, y_axis: "hours" })
                        }) />
                </div>
            </div>
        </section>
    }
}
