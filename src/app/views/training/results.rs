//! The training figures: parameters, trainable share, model states, activations and total per
//! card, and the fewest cards of the chosen type that hold the run. Every memory figure is in GiB,
//! as `nvidia-smi` shows it, with the decimal GB beside it where a figure is usually quoted so,
//! so a total never reads smaller than one of its parts.

use super::answer::{none_note, Told};
use crate::app::format::{billions, gb, gib, number};
use crate::app::widgets::{StatRow, Stats};
use leptos::prelude::*;

#[rustfmt::skip]
const TILES: &[StatRow<Told>] = &[
    StatRow { testid: "param-count", label: |t| t.training.params, value: |p| p.r.params.round().to_string(), text: |p, _| billions(p.r.params), note: None },
    StatRow { testid: "trainable-params", label: |t| t.training.trainable, value: |p| p.r.trainable.round().to_string(), text: |p, _| billions(p.r.trainable),
        note: Some(|p, t| t.training.trainable_note(&number(100.0 * p.r.trainable / p.r.params.max(1.0), 3))) },
    StatRow { testid: "train-states-bytes", label: |t| t.training.states, value: |p| p.r.states.whole().to_string(), text: |p, _| gib(p.r.states),
        note: Some(|p, t| t.training.states_note(&format!("= {}", gb(p.r.states)), &gib(p.r.states_unsharded))) },
    StatRow { testid: "train-activations-bytes", label: |t| t.training.activations, value: |p| p.r.activations.whole().to_string(), text: |p, _| gib(p.r.activations),
        note: Some(|_, t| t.training.activations_note.to_string()) },
    StatRow { testid: "train-reserve-bytes", label: |t| t.training.reserve, value: |p| p.r.reserve.whole().to_string(), text: |p, _| gib(p.r.reserve),
        note: Some(|_, t| t.training.reserve_note.to_string()) },
    StatRow { testid: "train-total-bytes", label: |t| t.training.total, value: |p| p.r.total.whole().to_string(), text: |p, _| gib(p.r.total),
        note: Some(|p, t| if p.r.fits { t.training.fits(&gib(p.r.capacity)) } else { t.training.over(&gib(p.r.capacity)) }) },
    // "None" says why (sharding cannot divide the activations) and what would do instead.
    StatRow { testid: "train-min-gpus", label: |t| t.training.min_gpus,
        value: |p| p.r.min_gpus.map(|n| n.to_string()).unwrap_or_default(),
        text: |p, t| p.r.min_gpus.map(|n| n.to_string()).unwrap_or_else(|| t.training.min_gpus_none.into()),
        note: Some(|p, t| match p.r.min_gpus {
            Some(_) => t.training.min_gpus_note(&p.r.min_gpus_stage.to_string()),
            None => none_note(p, t),
        }) },
];

#[component]
pub fn TrainingStats(told: Memo<Told>) -> impl IntoView {
    view! { <Stats of=told rows=TILES /> }
}
