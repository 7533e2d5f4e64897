//! The spot view (docs/formulas.md, "Spot and checkpoints"): checkpoint interval, expected wall
//! time and cost with and without checkpoint-resume, against on-demand, and the job length past
//! which spot without checkpoints costs more.

use crate::app::format::{money, number, percent};
use crate::app::state::{use_app, use_report, Lens};
use crate::app::widgets::{ChartCanvas, CheckField, Formula, NumberField, Stat};
use crate::calc::spot::{
    cost_vs_job_length, mtbf_from_monthly_rate, report, SpotInputs, SpotReport, CKPT_GB,
    CKPT_MINUTES, JOB_HOURS, KEPT, MTBF_HOURS, ONDEMAND_PRICE, PREEMPTIBLE_STOP, RECLAIM_BANDS,
    RESTART_MINUTES, SPOT_PRICE, STOP_HOURS, STORAGE_PRICE,
};
use crate::calc::units::{Hours, Money};
use crate::charts::cut_at_top;
use crate::charts::memory::{draw_sweep, SweepChart};
use leptos::prelude::*;

/// The spot calculator's inputs; the advisor's checkpoint box writes them too.
pub const SPOT: Lens<SpotInputs> = Lens {
    get: |s| &s.spot,
    get_mut: |s| &mut s.spot,
};

/// The `data-value` of a time or cost that has no bound, as JavaScript's `Number()` reads it.
const NEVER: &str = "Infinity";

#[component]
pub fn SpotView() -> impl IntoView {
    let app = use_app();
    let rep = use_report(SPOT, report);
    let inputs = Memo::new(move |_| rep.with(|r| (*r.inputs).clone()));
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));
    let stat = move |get: fn(&SpotReport) -> String| Signal::derive(move || report.with(get));
    // A formula with the numbers in place, from the same inputs and report as every figure.
    let working = move |get: fn(&SpotInputs, &SpotReport) -> String| {
        Signal::derive(move || rep.with(|r| get(&r.inputs, &r.report)))
    };
    let series = Memo::new(move |_| rep.with(|r| cost_vs_job_length(&r.inputs)));
    let m = move |x: Money| money(x, 0);
    let warning = move || {
        rep.with(|rep| {
            let (i, r) = (&rep.inputs, &rep.report);
            let over = r.crossover.map(|c| i.job.0 > c.0).unwrap_or(false);
            (!i.has_checkpoints || over).then(|| match (i.has_checkpoints, r.wall_without, r.cost_without) {
                (true, _, _) => "Without checkpoint-resume this job would cost more on spot than on demand: keep the checkpoints on.".to_string(),
                (false, Some(w), Some(c)) => format!(
                    "No spot without checkpoint-resume: this job is expected to take {} hours of reruns and cost {} against {} on demand.",
                    number(w.0, 0), m(c), m(r.ondemand_cost)
                ),
                (false, _, _) => format!(
                    "No spot without checkpoint-resume: every instance stops after {} h, so a {} h job never finishes without checkpoints.",
                    number(i.stop_hours, 1), number(i.job.0, 1)
                ),
            })
        })
    };
    // A band the other inputs refuse (a 24-hour stop shorter than a restart and a checkpoint) is
    // shown beside the fixed stop, the input its rule names.
    let set_band = move |raw: String| {
        let (band, stop) = match raw.split_once('|') {
            Some((b, "24")) => (b.to_string(), PREEMPTIBLE_STOP.0),
            _ => (raw.clone(), 0.0),
        };
        if let Some((_, rate)) = RECLAIM_BANDS.iter().find(|(l, _)| *l == band) {
            let mt = mtbf_from_monthly_rate(*rate);
            app.clear_issue("mtbf_hours");
            app.clear_issue("stop_hours");
            app.try_edit(SPOT, |i| {
                i.mtbf = Hours((mt.0 * 10.0).round() / 10.0);
                i.stop_hours = stop;
            });
        }
    };

    view! {
        <section class="view spot" data-testid="view-spot">
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <fieldset>
                        <legend>"The job"</legend>
                        <NumberField field=&JOB_HOURS lens=SPOT label="Compute hours the job needs" unit="h" />
                        <CheckField key="ckpt" label="the job can resume from checkpoints"
                            checked=Signal::derive(move || inputs.with(|i| i.has_checkpoints))
                            on_change=Callback::new(move |on: bool| app.try_edit(SPOT, |i| i.has_checkpoints = on)) />
                        <NumberField field=&CKPT_MINUTES lens=SPOT label="Time to write a checkpoint" unit="min" />
                        <NumberField field=&RESTART_MINUTES lens=SPOT label="Time to restart after an interruption" unit="min" />
                        <NumberField field=&CKPT_GB lens=SPOT label="Checkpoint size" unit="GB" />
                        <p class="hint">
                            {move || app.scenario.with(|s| s.training_checkpoint()).map(|b| {
                                let gb = (b.as_gb() * 10.0).round() / 10.0;
                                view! {
                                    <button type="button" data-testid="ckpt-from-training"
                                        on:click=move |_| { app.clear_issue("ckpt_gb"); app.try_edit(SPOT, |i| i.checkpoint_gb = gb) }>
                                        {format!("Use the training view's job: {} GB", number(gb, 1))}
                                    </button>
                                    " (trainable weights, optimiser state and master copy)"
                                }
                            })}
                        </p>
                        <NumberField field=&KEPT lens=SPOT label="Checkpoints kept" unit="" />
                        <NumberField field=&STORAGE_PRICE lens=SPOT label="Storage price" unit="per GB-month" />
                    </fieldset>
                    <fieldset>
                        <legend>"The capacity"</legend>
                        <label class="field">
                            <span class="field-label">"Interruption band (monthly reclaim rate; sets the mean time below)"</span>
                            <span class="field-control">
                                <select data-testid="input-band" on:change=move |ev| set_band(event_target_value(&ev))>
                                    <option value="">"choose a band…"</option>
                                    {RECLAIM_BANDS.iter().map(|(l, _)| view! { <option value=*l>{*l}</option> }).collect_view()}
                                    {RECLAIM_BANDS.iter().map(|(l, _)| view! { <option value=format!("{l}|24")>{format!("{l}, and it always stops after 24 h")}</option> }).collect_view()}
                                </select>
                            </span>
                            <span class="field-note">"Assumed: the band's upper rate is the chance of a reclaim within a 720-hour month, reclaims at random: mean hours = 720 / −ln(1 − rate). The 24-hour kinds also set the fixed stop below."</span>
                        </label>
                        <NumberField field=&MTBF_HOURS lens=SPOT label="Mean hours between interruptions" unit="h" />
                        <NumberField field=&STOP_HOURS lens=SPOT label="Every instance stops after (0: never)" unit="h" />
                        <NumberField field=&ONDEMAND_PRICE lens=SPOT label="On-demand price" unit="per h" />
                        <NumberField field=&SPOT_PRICE lens=SPOT label="Spot price" unit="per h" />
                        <p class="field-msg" role="alert" data-testid="error-spot">{move || app.issue("ckpt")}</p>
                    </fieldset>
                </form>
                <div class="results">
                    <Show when=move || warning().is_some()>
                        <p class="notice warning" role="alert" data-testid="spot-warning">{warning}</p>
                    </Show>
                    <div class="stats">
                        <Stat testid="optimal-interval-hours" label="Best checkpoint interval (Daly)"
                            value=stat(|r| r.daly.0.to_string()) text=stat(|r| format!("{} min", number(r.daly.0 * 60.0, 1))) />
                        <Stat testid="young-interval-hours" label="Young's first-order interval"
                            value=stat(|r| r.young.0.to_string()) text=stat(|r| format!("{} min", number(r.young.0 * 60.0, 1))) />
                        <Stat testid="spot-wall-hours" label="Spot with checkpoints: wall time"
                            value=stat(|r| r.wall_with.0.to_string()) text=stat(|r| format!("{} h", number(r.wall_with.0, 1))) />
                        <Stat testid="spot-cost" label="Spot with checkpoints: cost"
                            value=stat(|r| r.cost_with.amount.to_string()) text=stat(|r| money(r.cost_with, 0))
                            note=stat(|r| format!("{} of on demand", percent(r.ratio_with, 0))) />
                        <Stat testid="nockpt-wall-hours" label="Spot without checkpoints: wall time"
                            value=stat(|r| r.wall_without.map(|w| w.0.to_string()).unwrap_or_else(|| NEVER.into()))
                            text=stat(|r| r.wall_without.map(|w| format!("{} h", number(w.0, 0))).unwrap_or_else(|| "never finishes".into())) />
                        <Stat testid="nockpt-cost" label="Spot without checkpoints: cost"
                            value=stat(|r| r.cost_without.map(|c| c.amount.to_string()).unwrap_or_else(|| NEVER.into()))
                            text=stat(|r| r.cost_without.map(|c| money(c, 0)).unwrap_or_else(|| "no bound".into())) />
                        <Stat testid="crossover-hours" label="Spot without checkpoints costs more past"
                            value=stat(|r| r.crossover.map(|c| c.0.to_string()).unwrap_or_default())
                            text=stat(|r| r.crossover.map(|c| format!("{} h", number(c.0, 1))).unwrap_or_else(|| "no crossing".into()))
                            note=stat(|r| if r.crossover_is_cut_off() {
                                "of compute: no longer job finishes without checkpoints".into()
                            } else {
                                "of compute: longer jobs need checkpoints".into()
                            }) />
                        <Stat testid="ondemand-cost" label="On demand"
                            value=stat(|r| r.ondemand_cost.amount.to_string()) text=stat(|r| money(r.ondemand_cost, 0)) />
                        <Stat testid="checkpoint-storage" label="Checkpoint storage per month"
                            value=stat(|r| r.storage_per_month.amount.to_string()) text=stat(|r| money(r.storage_per_month, 0)) />
                    </div>
                    <div class="formulas">
                        <Formula title="Best interval" open=true symbolic="Daly: √(2CM) (1 + √(C/2M)/3 + (C/2M)/9) − C;  Young: √(2CM)"
                            substituted=working(|i, r| format!(
                                "C = {} h, M = {} h: √(2 × {} × {}) = {} h; Daly {} h",
                                number(i.checkpoint_minutes / 60.0, 4), number(i.mtbf.0, 2), number(i.checkpoint_minutes / 60.0, 4),
                                number(i.mtbf.0, 2), number(r.young.0, 4), number(r.daly.0, 4))) />
                        <Formula title="Wall time with checkpoints" open=true symbolic="M e^(R/M) (e^((τ + C)/M) − 1) T / τ"
                            substituted=working(|i, r| format!(
                                "{} × e^({}/{}) × (e^(({} + {})/{}) − 1) × {} / {} = {} h",
                                number(i.mtbf.0, 2), number(i.restart_minutes / 60.0, 3), number(i.mtbf.0, 2), number(r.daly.0, 4),
                                number(i.checkpoint_minutes / 60.0, 4), number(i.mtbf.0, 2), number(i.job.0, 2), number(r.daly.0, 4),
                                number(r.wall_with_random.0, 2))) />
                        <Show when=move || inputs.with(|i| i.stop_hours > 0.0)>
                            <Formula title="Planned stops" open=true symbolic="wall × S / (S − R − C), S the fixed stop"
                                substituted=working(|i, r| {
                                    let (rs, c) = (i.restart_minutes / 60.0, i.checkpoint_minutes / 60.0);
                                    format!("{} × {} / ({} − {} − {}) = {} h; without checkpoints an attempt must fit in {} h",
                                        number(r.wall_with_random.0, 2), number(i.stop_hours, 2), number(i.stop_hours, 2), number(rs, 3), number(c, 3),
                                        number(r.wall_with.0, 2), number(i.stop_hours, 2))
                                }) />
                        </Show>
                        <Formula title="Wall time without checkpoints" open=true symbolic="M e^(R/M) (e^(T/M) − 1)"
                            substituted=working(|i, r| format!(
                                "{} × e^({}/{}) × (e^({}/{}) − 1) = {}",
                                number(i.mtbf.0, 2), number(i.restart_minutes / 60.0, 3), number(i.mtbf.0, 2), number(i.job.0, 2),
                                number(i.mtbf.0, 2),
                                r.wall_without.map(|w| format!("{} h", number(w.0, 1)))
                                    .unwrap_or_else(|| format!("∞: {} h + the restart do not fit in an instance's {} h", number(i.job.0, 1), number(i.stop_hours, 1))))) />
                    </div>
                    <div class="charts">
                        <ChartCanvas testid="chart-spot-cost" label="Expected cost against job length"
                            draw=move |root| series.with(|[od, with, without]| rep.with(|rep| {
                                let (i, r) = (&rep.inputs, &rep.report);
                                // The cost without checkpoints grows exponentially: the axis stops at
                                // twice the on-demand cost of the longest job shown.
                                let cap = od.last().map(|p| p.1 * 2.0).unwrap_or(1.0).max(1.0);
                                let clip = |v: &Vec<(f64, f64)>| cut_at_top(v, cap);
                                let s = vec![
                                    ("on demand".to_string(), od.clone()),
                                    ("spot, checkpoints".to_string(), clip(with)),
                                    ("spot, no checkpoints".to_string(), clip(without)),
                                ];
                                let x_max = od.last().map(|p| p.0).unwrap_or(1.0);
                                let cross = r.crossover;
                                // Under a fixed stop the crossing may be where jobs stop finishing at
                                // all: then the mark sits at the end of the no-checkpoint line.
                                let cut_off = r.crossover_is_cut_off();
                                let label = cross.map(|c| if cut_off {
                                    format!("no checkpoints: nothing past {} h finishes", number(c.0, 1))
                                } else {
                                    format!("no checkpoints costs more past {} h", number(c.0, 1))
                                }).unwrap_or_default();
                                let price = i.ondemand_price;
                                let end_without = without.last().copied();
                                draw_sweep(root, &SweepChart {
                                    series: &s,
                                    capacity: None,
                                    capacity_label: "",
                                    x_axis: "job length, compute hours",
                                    y_axis: &format!("expected cost, {}", rep.currency.code()),
                                    x_max,
                                    marked: cross.and_then(|c| if cut_off { end_without } else { Some((c.0, c.0 * price)) }),
                                    mark_label: &label,
                                })
                            })) />
                    </div>
                </div>
            </div>
        </section>
    }
}
