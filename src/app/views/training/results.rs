//! The training figures: parameters, trainable share, model states, activations and total per
//! card, and the fewest cards of the chosen type that hold the run. Every memory figure is in GiB,
//! as `nvidia-smi` shows it, with the decimal GB beside it where a figure is usually quoted so,
//! so a total never reads smaller than one of its parts.

use super::answer::none_note;
use super::Rep;
use crate::app::format::{billions, gb, gib, number, percent};
use crate::app::widgets::StatRow;
use crate::calc::units::Bytes;

#[rustfmt::skip]
pub(super) const TILES: &[StatRow<Rep>] = &[
    StatRow { testid: "param-count", label: |t| t.training.params, value: |p| p.params.round().to_string(), text: |p, _| billions(p.params), note: None },
    StatRow { testid: "trainable-params", label: |t| t.training.trainable, value: |p| p.trainable.round().to_string(), text: |p, _| billions(p.trainable),
        note: Some(|p, t| t.training.trainable_note(&number(100.0 * p.trainable / p.params.max(1.0), 3))) },
    StatRow { testid: "train-states-bytes", label: |t| t.training.states, value: |p| p.states.whole().to_string(), text: |p, _| gib(p.states),
        note: Some(|p, t| t.training.states_note(&format!("= {}", gb(p.states)), &gib(p.states_unsharded))) },
    StatRow { testid: "train-activations-bytes", label: |t| t.training.activations, value: |p| p.activations.whole().to_string(), text: |p, _| gib(p.activations),
        note: Some(|_, t| t.training.activations_note.to_string()) },
    StatRow { testid: "train-reserve-bytes", label: |t| t.training.reserve, value: |p| p.reserve.whole().to_string(), text: |p, _| gib(p.reserve),
        note: Some(|_, t| t.training.reserve_note.to_string()) },
    StatRow { testid: "train-total-bytes", label: |t| t.training.total, value: |p| p.total.whole().to_string(), text: |p, _| gib(p.total),
        note: Some(|p, t| {
            let (has, kept) = (gib(p.capacity), gib(p.kept_free));
            if p.fits { t.training.fits(&has, &kept) } else { t.training.over(&gib(Bytes(p.capacity.0 - p.kept_free.0)), &has, &kept) }
        }) },
    // "None" says why (sharding cannot divide the activations) and what would do instead.
    StatRow { testid: "train-min-gpus", label: |t| t.training.min_gpus,
        value: |p| p.min_gpus.map(|n| n.to_string()).unwrap_or_default(),
        text: |p, t| p.min_gpus.map(|n| n.to_string()).unwrap_or_else(|| t.training.min_gpus_none.into()),
        note: Some(|p, t| match p.min_gpus {
            Some(_) => t.training.min_gpus_note(&p.min_gpus_stage.to_string(), &percent(p.inputs.training.margin.0, 0)),
            None => none_note(p, t),
        }) },
];
