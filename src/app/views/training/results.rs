//! The training figures: parameters, trainable share, model states, activations and total per
//! card, and the fewest cards of the chosen type that hold the run.

use crate::app::format::{billions, gb, gib, number};
use crate::app::widgets::{StatRow, Stats};
use crate::calc::memory::training::TrainingReport;
use leptos::prelude::*;

#[rustfmt::skip]
const TILES: &[StatRow<TrainingReport>] = &[
    StatRow { testid: "param-count", label: "Parameters", value: |r| r.params.round().to_string(), text: |r| billions(r.params), note: None },
    StatRow { testid: "trainable-params", label: "Trainable", value: |r| r.trainable.round().to_string(), text: |r| billions(r.trainable),
        note: Some(|r| format!("{}% of all", number(100.0 * r.trainable / r.params.max(1.0), 3))) },
    StatRow { testid: "train-states-bytes", label: "Model states per card", value: |r| r.states.whole().to_string(), text: |r| gb(r.states),
        note: Some(|r| format!("{} · unsharded {}", gib(r.states), gb(r.states_unsharded))) },
    StatRow { testid: "train-activations-bytes", label: "Activations per card", value: |r| r.activations.whole().to_string(), text: |r| gib(r.activations),
        note: Some(|_| "an estimate: check the peak in a short trial run".to_string()) },
    StatRow { testid: "train-reserve-bytes", label: "CUDA context, workspaces, allocator", value: |r| r.reserve.whole().to_string(), text: |r| gib(r.reserve),
        note: Some(|_| "0.5 GiB context + 0.25 GiB workspaces + 5% allocator reserve (estimates; see formulas)".to_string()) },
    StatRow { testid: "train-total-bytes", label: "Total per card", value: |r| r.total.whole().to_string(), text: |r| gib(r.total),
        note: Some(|r| if r.fits { format!("fits {}", gib(r.capacity)) } else { format!("over the card's {}", gib(r.capacity)) }) },
    StatRow { testid: "train-min-gpus", label: "Fewest cards that hold it",
        value: |r| r.min_gpus.map(|n| n.to_string()).unwrap_or_default(),
        text: |r| r.min_gpus.map(|n| n.to_string()).unwrap_or_else(|| "none".into()),
        note: Some(|r| format!("with sharding stage {}", r.min_gpus_stage)) },
];

#[component]
pub fn TrainingStats(report: Memo<TrainingReport>) -> impl IntoView {
    view! { <Stats of=report rows=TILES /> }
}
