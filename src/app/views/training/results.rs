//! The training figures: parameters, trainable share, model states, activations and total per
//! card, and the fewest cards of the chosen type that hold the run.

use crate::app::format::{billions, gb, gib, number};
use crate::app::widgets::{StatRow, Stats};
use crate::calc::memory::training::TrainingReport;
use leptos::prelude::*;

#[rustfmt::skip]
const TILES: &[StatRow<TrainingReport>] = &[
    StatRow { testid: "param-count", label: |t| t.training.params, value: |r| r.params.round().to_string(), text: |r, _| billions(r.params), note: None },
    StatRow { testid: "trainable-params", label: |t| t.training.trainable, value: |r| r.trainable.round().to_string(), text: |r, _| billions(r.trainable),
        note: Some(|r, t| t.training.trainable_note(&number(100.0 * r.trainable / r.params.max(1.0), 3))) },
    StatRow { testid: "train-states-bytes", label: |t| t.training.states, value: |r| r.states.whole().to_string(), text: |r, _| gb(r.states),
        note: Some(|r, t| t.training.states_note(&gib(r.states), &gb(r.states_unsharded))) },
    StatRow { testid: "train-activations-bytes", label: |t| t.training.activations, value: |r| r.activations.whole().to_string(), text: |r, _| gib(r.activations),
        note: Some(|_, t| t.training.activations_note.to_string()) },
    StatRow { testid: "train-reserve-bytes", label: |t| t.training.reserve, value: |r| r.reserve.whole().to_string(), text: |r, _| gib(r.reserve),
        note: Some(|_, t| t.training.reserve_note.to_string()) },
    StatRow { testid: "train-total-bytes", label: |t| t.training.total, value: |r| r.total.whole().to_string(), text: |r, _| gib(r.total),
        note: Some(|r, t| if r.fits { t.training.fits(&gib(r.capacity)) } else { t.training.over(&gib(r.capacity)) }) },
    StatRow { testid: "train-min-gpus", label: |t| t.training.min_gpus,
        value: |r| r.min_gpus.map(|n| n.to_string()).unwrap_or_default(),
        text: |r, t| r.min_gpus.map(|n| n.to_string()).unwrap_or_else(|| t.training.min_gpus_none.into()),
        note: Some(|r, t| t.training.min_gpus_note(&r.min_gpus_stage.to_string())) },
];

#[component]
pub fn TrainingStats(report: Memo<TrainingReport>) -> impl IntoView {
    view! { <Stats of=report rows=TILES /> }
}
