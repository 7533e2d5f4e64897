//! The spot figures: the warning against spot without checkpoints, the best checkpoint interval,
//! wall time and cost with and without checkpoints, on demand, and checkpoint storage.

use super::Spot;
use crate::app::format::{money, number, percent};
use crate::app::widgets::{StatRow, Stats};
use crate::calc::spot::SpotReport;
use crate::calc::units::Money;
use leptos::prelude::*;

/// The `data-value` of a time or cost that has no bound, as JavaScript's `Number()` reads it.
const NEVER: &str = "Infinity";

/// Shown when the job should not run on spot without checkpoints.
#[component]
pub fn SpotWarning(rep: Spot) -> impl IntoView {
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

    view! {
        <Show when=move || warning().is_some()>
            <p class="notice warning" role="alert" data-testid="spot-warning">
                {warning}
            </p>
        </Show>
    }
}

#[rustfmt::skip]
const TILES: &[StatRow<SpotReport>] = &[
    StatRow { testid: "optimal-interval-hours", label: "Best checkpoint interval (Daly)", value: |r| r.daly.0.to_string(),
        text: |r| format!("{} min", number(r.daly.0 * 60.0, 1)), note: None },
    StatRow { testid: "young-interval-hours", label: "Young's first-order interval", value: |r| r.young.0.to_string(),
        text: |r| format!("{} min", number(r.young.0 * 60.0, 1)), note: None },
    StatRow { testid: "spot-wall-hours", label: "Spot with checkpoints: wall time", value: |r| r.wall_with.0.to_string(),
        text: |r| format!("{} h", number(r.wall_with.0, 1)), note: None },
    StatRow { testid: "spot-cost", label: "Spot with checkpoints: cost", value: |r| r.cost_with.amount.to_string(), text: |r| money(r.cost_with, 0),
        note: Some(|r| format!("{} of on demand", percent(r.ratio_with, 0))) },
    StatRow { testid: "nockpt-wall-hours", label: "Spot without checkpoints: wall time",
        value: |r| r.wall_without.map(|w| w.0.to_string()).unwrap_or_else(|| NEVER.into()),
        text: |r| r.wall_without.map(|w| format!("{} h", number(w.0, 0))).unwrap_or_else(|| "never finishes".into()), note: None },
    StatRow { testid: "nockpt-cost", label: "Spot without checkpoints: cost",
        value: |r| r.cost_without.map(|c| c.amount.to_string()).unwrap_or_else(|| NEVER.into()),
        text: |r| r.cost_without.map(|c| money(c, 0)).unwrap_or_else(|| "no bound".into()), note: None },
    StatRow { testid: "crossover-hours", label: "Spot without checkpoints costs more past",
        value: |r| r.crossover.map(|c| c.0.to_string()).unwrap_or_default(),
        text: |r| r.crossover.map(|c| format!("{} h", number(c.0, 1))).unwrap_or_else(|| "no crossing".into()),
        note: Some(|r| if r.crossover_is_cut_off() {
            "of compute: no longer job finishes without checkpoints".into()
        } else {
            "of compute: longer jobs need checkpoints".into()
        }) },
    StatRow { testid: "ondemand-cost", label: "On demand", value: |r| r.ondemand_cost.amount.to_string(), text: |r| money(r.ondemand_cost, 0), note: None },
    StatRow { testid: "checkpoint-storage", label: "Checkpoint storage per month", value: |r| r.storage_per_month.amount.to_string(),
        text: |r| money(r.storage_per_month, 0), note: None },
];

#[component]
pub fn SpotStats(report: Memo<SpotReport>) -> impl IntoView {
    view! { <Stats of=report rows=TILES /> }
}
