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
use crate::app::i18n::{tr, Tr};
use crate::app::state::{memo, use_app, use_report, Lens, Reported, See};
use crate::app::widgets::{flag, form, live, num, Item, Section};
use crate::calc::scenario::Scenario;
use crate::calc::spot::{
    mtbf_from_monthly_rate, report, SpotInputs, SpotReport, CKPT, CKPT_GB, CKPT_MINUTES, JOB_HOURS,
    KEPT, MTBF_HOURS, ONDEMAND_PRICE, PREEMPTIBLE_STOP, RECLAIM_BANDS, RESTART_MINUTES, SPOT_PRICE,
    STOP_HOURS, STORAGE_PRICE,
};
use crate::calc::units::Hours;
use crate::text::Texts;
use leptos::prelude::*;

/// The spot calculator's inputs; the advisor's checkpoint box writes them too.
pub const SPOT: Lens<SpotInputs> = crate::app::state::lenses::SPOT;

const FORM: &[Section] = &[
    Section {
        legend: Some(|t| t.spot.legend_job),
        items: &[
            Item::Control(|| num(&JOB_HOURS, SPOT)),
            Item::Control(|| flag(&CKPT, SPOT)),
            Item::Control(|| num(&CKPT_MINUTES, SPOT)),
            Item::Help("young-daly"),
            Item::Control(|| num(&RESTART_MINUTES, SPOT)),
            Item::Control(|| num(&CKPT_GB, SPOT)),
            Item::Control(|| from_training(&CKPT_FROM_TRAINING)),
            Item::Control(|| from_training(&JOB_FROM_TRAINING)),
            Item::Control(|| num(&KEPT, SPOT)),
            Item::Control(|| num(&STORAGE_PRICE, SPOT)),
        ],
    },
    Section {
        legend: Some(|t| t.spot.legend_capacity),
        items: &[
            Item::Control(band),
            Item::Control(|| num(&MTBF_HOURS, SPOT)),
            Item::Help("mtbf"),
            Item::Control(|| num(&STOP_HOURS, SPOT)),
            Item::Control(|| num(&ONDEMAND_PRICE, SPOT)),
            Item::Control(|| num(&SPOT_PRICE, SPOT)),
            Item::Control(|| {
                let app = use_app();
                view! {
                    <p class="field-msg" role="alert" data-testid="error-spot">
                        {live(move || app.issue("ckpt"))}
                    </p>
                }
                .into_any()
            }),
        ],
    },
];

/// A figure the training view already knows, offered as a button that copies it into one of
/// this view's inputs; nothing is shown while the training view cannot give it.
struct FromTraining {
    testid: &'static str,
    /// The input's link key, whose message the copy clears.
    key: &'static str,
    /// The figure, as the input takes it.
    read: fn(&Scenario) -> Option<f64>,
    write: fn(&mut SpotInputs, f64),
    /// The button's words with the figure, and the figure's decimals.
    words: fn(&'static Texts, &str) -> String,
    digits: u8,
    note: Tr,
}

/// The training view's checkpoint, in GB to one decimal.
const CKPT_FROM_TRAINING: FromTraining = FromTraining {
    testid: "ckpt-from-training",
    key: "ckpt_gb",
    read: |s| {
        s.training_checkpoint()
            .map(|b| (b.as_gb() * 10.0).round() / 10.0)
    },
    write: |i, gb| i.checkpoint_gb = gb,
    words: |t, gb| t.spot.ckpt_from_training(gb),
    digits: 1,
    note: |t| t.spot.ckpt_from_training_note,
};

/// The training view's run length, in hours.
const JOB_FROM_TRAINING: FromTraining = FromTraining {
    testid: "job-from-training",
    key: "job_hours",
    read: |s| s.training_job_hours().map(|h| h.0),
    write: |i, h| i.job = Hours(h),
    words: |t, h| t.spot.job_from_training(h),
    digits: 2,
    note: |t| t.spot.job_from_training_note,
};

fn from_training(f: &'static FromTraining) -> AnyView {
    let app = use_app();
    view! {
        <p class="hint">
            {live(move || {
                app.scenario
                    .see(f.read)
                    .map(|v| {
                        view! {
                            <button
                                type="button"
                                data-testid=f.testid
                                on:click=move |_| {
                                    app.clear_issue(f.key);
                                    app.try_edit(SPOT, |i| (f.write)(i, v))
                                }
                            >
                                {live(move || (f.words)(app.t(), &number(v, f.digits)))}
                            </button>
                            {tr(f.note)}
                        }
                    })
            })}
        </p>
    }
    .into_any()
}

/// The reclaim band: picking one sets the mean time between interruptions from its monthly
/// rate, and the fixed stop where the band has one. A band the other inputs refuse (a 24-hour
/// stop shorter than a restart and a checkpoint) is shown beside the fixed stop, the input its
/// rule names.
fn band() -> AnyView {
    let app = use_app();
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
    }
    .into_any()
}

/// The inputs and report of this view, always computed together.
pub type Spot = Memo<Reported<SpotInputs, SpotReport>>;

#[component]
pub fn SpotView() -> impl IntoView {
    let app = use_app();
    let rep: Spot = use_report(SPOT, report);
    let report = memo(move || rep.see(|r| r.report.clone()));
    let said = memo(move || rep.see(|r| answer(r, app.t())));

    view! {
        <section class="view spot" data-testid="view-spot">
            <Headline answer=said help_end="spot" />
            <div class="columns">
                {form(FORM)} <div class="results">
                    <SpotWarning rep=rep />
                    <SpotStats report=report />
                    <SpotFormulas rep=rep />
                    <SpotChart rep=rep />
                </div>
            </div>
        </section>
    }
}
