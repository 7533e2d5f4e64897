//! The spot figures: the warning against spot without checkpoints, the best checkpoint interval,
//! wall time and cost with and without checkpoints, on demand, and checkpoint storage.

use super::Spot;
use crate::app::format::{money, number, percent};
use crate::app::state::{use_app, See};
use crate::app::widgets::{live, StatRow, Stats, When};
use crate::calc::spot::SpotReport;
use crate::calc::units::Money;
use crate::text::Texts;
use leptos::prelude::*;

/// The `data-value` of a time or cost that has no bound, as JavaScript's `Number()` reads it.
const NEVER: &str = "Infinity";

/// Hours, to `digits` places, with their unit.
fn hours(t: &'static Texts, h: f64, digits: u8) -> String {
    t.spot.hours(&number(h, digits))
}

/// Shown when the job should not run on spot without checkpoints: a warning while they are off,
/// a plain note (keep them on) while they are on.
#[component]
pub fn SpotWarning(rep: Spot) -> impl IntoView {
    let app = use_app();
    let m = move |x: Money| money(x, 0);
    let warning = move || {
        let t = app.t();
        rep.see(|rep| {
            let (i, r) = (&rep.inputs, &rep.report);
            let over = r.crossover.map(|c| i.job.0 > c.0).unwrap_or(false);
            (!i.has_checkpoints || over).then(|| {
                match (i.has_checkpoints, r.wall_without, r.cost_without) {
                    (true, _, _) => t.spot.warn_keep_checkpoints.to_string(),
                    (false, Some(w), Some(c)) => {
                        t.spot
                            .warn_reruns(&number(w.0, 0), &m(c), &m(r.ondemand_cost))
                    }
                    // No fixed stop: the job is too long for the interruptions to let it end.
                    (false, _, _) if i.stop_hours == 0.0 => {
                        t.spot_never.warn(&number(i.job.0, 1), &number(i.mtbf.0, 1))
                    }
                    (false, _, _) => t
                        .spot
                        .warn_never_finishes(&number(i.stop_hours, 1), &number(i.job.0, 1)),
                }
            })
        })
    };

    // With the checkpoints ticked the sentence only says why they matter: nothing to do, so no
    // alarm colour and no alert; without them it is the warning it reads as.
    let ticked = move || rep.see(|r| r.inputs.has_checkpoints);
    view! {
        <When when=move || warning().is_some()>
            <p
                class=move || if ticked() { "note" } else { "notice warning" }
                role=move || if ticked() { "note" } else { "alert" }
                data-testid="spot-warning"
            >
                {live(warning)}
            </p>
        </When>
    }
}

#[rustfmt::skip]
const TILES: &[StatRow<SpotReport>] = &[
    StatRow { testid: "optimal-interval-hours", label: |t| t.spot.tile_daly, value: |r| r.daly.0.to_string(),
        text: |r, t| t.spot.minutes(&number(r.daly.0 * 60.0, 1)), note: None },
    StatRow { testid: "young-interval-hours", label: |t| t.spot.tile_young, value: |r| r.young.0.to_string(),
        text: |r, t| t.spot.minutes(&number(r.young.0 * 60.0, 1)), note: None },
    StatRow { testid: "spot-wall-hours", label: |t| t.spot.tile_wall_with, value: |r| r.wall_with.0.to_string(),
        text: |r, t| hours(t, r.wall_with.0, 1), note: None },
    StatRow { testid: "spot-cost", label: |t| t.spot.tile_cost_with, value: |r| r.cost_with.amount.to_string(), text: |r, _| money(r.cost_with, 0),
        note: Some(|r, t| t.spot.cost_with_note(&percent(r.ratio_with, 0))) },
    StatRow { testid: "nockpt-wall-hours", label: |t| t.spot.tile_wall_without,
        value: |r| r.wall_without.map(|w| w.0.to_string()).unwrap_or_else(|| NEVER.into()),
        text: |r, t| r.wall_without.map(|w| hours(t, w.0, 0)).unwrap_or_else(|| t.spot.never_finishes.into()), note: None },
    StatRow { testid: "nockpt-cost", label: |t| t.spot.tile_cost_without,
        value: |r| r.cost_without.map(|c| c.amount.to_string()).unwrap_or_else(|| NEVER.into()),
        text: |r, t| r.cost_without.map(|c| money(c, 0)).unwrap_or_else(|| t.spot.no_bound.into()), note: None },
    StatRow { testid: "crossover-hours", label: |t| t.spot.tile_crossover,
        value: |r| r.crossover.map(|c| c.0.to_string()).unwrap_or_default(),
        text: |r, t| r.crossover.map(|c| hours(t, c.0, 1)).unwrap_or_else(|| t.spot.no_crossing.into()),
        note: Some(|r, t| if r.crossover_is_cut_off() {
            t.spot.crossover_cut_off.into()
        } else {
            t.spot.crossover_note.into()
        }) },
    StatRow { testid: "ondemand-cost", label: |t| t.spot.tile_ondemand, value: |r| r.ondemand_cost.amount.to_string(), text: |r, _| money(r.ondemand_cost, 0), note: None },
    StatRow { testid: "checkpoint-storage", label: |t| t.spot.tile_storage, value: |r| r.storage_per_month.amount.to_string(),
        text: |r, _| money(r.storage_per_month, 0), note: None },
];

#[component]
pub fn SpotStats(report: Memo<SpotReport>) -> impl IntoView {
    view! { <Stats of=report rows=TILES /> }
}
