//! The spot view (docs/formulas.md, "Spot and checkpoints"): the component and its inputs, the
//! job and the capacity. The interval, wall times, costs and the crossing are shown by the files
//! beside it.

mod answer;
mod charts;
mod formulas;
mod results;

use self::answer::answer;
use self::charts::SpotChart;
use self::formulas::SpotFormulas;
use self::results::{SpotStats, SpotWarning};
use super::headline::Headline;
use crate::app::format::number;
use crate::app::i18n::tr;
use crate::app::state::{memo, use_app, use_report, Lens, Reported, See};
use crate::app::widgets::{live, Help, Input, Inputs};
use crate::calc::spot::{
    mtbf_from_monthly_rate, report, SpotInputs, SpotReport, CKPT, CKPT_GB, CKPT_MINUTES, JOB_HOURS,
    KEPT, MTBF_HOURS, ONDEMAND_PRICE, PREEMPTIBLE_STOP, RECLAIM_BANDS, RESTART_MINUTES, SPOT_PRICE,
    STOP_HOURS, STORAGE_PRICE,
};
use crate::calc::units::Hours;
use leptos::prelude::*;

/// The spot calculator's inputs; the advisor's checkpoint box writes them too.
pub const SPOT: Lens<SpotInputs> = crate::app::state::lenses::SPOT;

// Split where a term's "?" stands beside its field.
#[rustfmt::skip]
const JOB: &[Input<SpotInputs>] = &[
    Input::num(JOB_HOURS),
    Input::flag(CKPT),
    Input::num(CKPT_MINUTES),
];

#[rustfmt::skip]
const RESTART: &[Input<SpotInputs>] = &[
    Input::num(RESTART_MINUTES),
    Input::num(CKPT_GB),
];

#[rustfmt::skip]
const KEEPING: &[Input<SpotInputs>] = &[
    Input::num(KEPT),
    Input::num(STORAGE_PRICE),
];

#[rustfmt::skip]
const INTERRUPTIONS: &[Input<SpotInputs>] = &[
    Input::num(MTBF_HOURS),
];

#[rustfmt::skip]
const CAPACITY: &[Input<SpotInputs>] = &[
    Input::num(STOP_HOURS),
    Input::num(ONDEMAND_PRICE),
    Input::num(SPOT_PRICE),
];

/// The inputs and report of this view, always computed together.
pub type Spot = Memo<Reported<SpotInputs, SpotReport>>;

#[component]
pub fn SpotView() -> impl IntoView {
    let app = use_app();
    let rep: Spot = use_report(SPOT, report);
    let report = memo(move || rep.see(|r| r.report.clone()));
    let said = memo(move || rep.see(|r| answer(r, app.t())));
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
            <Headline answer=said help_end="spot" />
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <fieldset>
                        <legend>{tr(|t| t.spot.legend_job)}</legend>
                        <Inputs list=JOB lens=SPOT />
                        <Help term="young-daly" named=true />
                        <Inputs list=RESTART lens=SPOT />
                        <p class="hint">
                            {live(move || {
                                app.scenario
                                    .see(|s| s.training_checkpoint())
                                    .map(|b| {
                                        let gb = (b.as_gb() * 10.0).round() / 10.0;
                                        view! {
                                            <button
                                                type="button"
                                                data-testid="ckpt-from-training"
                                                on:click=move |_| {
                                                    app.clear_issue("ckpt_gb");
                                                    app.try_edit(SPOT, |i| i.checkpoint_gb = gb)
                                                }
                                            >
                                                {live(move || {
                                                    app.t().spot.ckpt_from_training(&number(gb, 1))
                                                })}
                                            </button>
                                            {tr(|t| t.spot.ckpt_from_training_note)}
                                        }
                                    })
                            })}
                        </p>
                        <p class="hint">
                            {live(move || {
                                app.scenario
                                    .see(|s| s.training_job_hours())
                                    .map(|h| {
                                        view! {
                                            <button
                                                type="button"
                                                data-testid="job-from-training"
                                                on:click=move |_| {
                                                    app.clear_issue("job_hours");
                                                    app.try_edit(SPOT, |i| i.job = h)
                                                }
                                            >
                                                {live(move || {
                                                    app.t().spot.job_from_training(&number(h.0, 2))
                                                })}
                                            </button>
                                            {tr(|t| t.spot.job_from_training_note)}
                                        }
                                    })
                            })}
                        </p>
                        <Inputs list=KEEPING lens=SPOT />
                    </fieldset>
                    <fieldset>
                        <legend>{tr(|t| t.spot.legend_capacity)}</legend>
                        <label class="field">
                            <span class="field-label">{tr(|t| t.spot.band_label)}</span>
                            <span class="field-control">
                                <select
                                    data-testid="input-band"
                                    on:change=move |ev| set_band(event_target_value(&ev))
                                >
                                    <option value="">{tr(|t| t.spot.band_choose)}</option>
                                    {RECLAIM_BANDS
                                        .iter()
                                        .map(|(l, _)| view! { <option value=*l>{*l}</option> })
                                        .collect_view()}
                                    {RECLAIM_BANDS
                                        .iter()
                                        .map(|(l, _)| {
                                            view! {
                                                <option value=format!(
                                                    "{l}|24",
                                                )>{live(move || app.t().spot.band_24h(l))}</option>
                                            }
                                        })
                                        .collect_view()}
                                </select>
                            </span>
                            <span class="field-note">{tr(|t| t.spot.band_note)}</span>
                        </label>
                        <Inputs list=INTERRUPTIONS lens=SPOT />
                        <Help term="mtbf" named=true />
                        <Inputs list=CAPACITY lens=SPOT />
                        <p class="field-msg" role="alert" data-testid="error-spot">
                            {live(move || app.issue("ckpt"))}
                        </p>
                    </fieldset>
                </form>
                <div class="results">
                    <SpotWarning rep=rep />
                    <SpotStats report=report />
                    <SpotFormulas rep=rep />
                    <SpotChart rep=rep />
                </div>
            </div>
        </section>
    }
}
