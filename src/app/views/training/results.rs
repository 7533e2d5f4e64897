//! The training figures: parameters, trainable share, model states, activations and total per
//! card, and the fewest cards of the chosen type that hold the run.

use crate::app::format::{billions, gb, gib, number};
use crate::app::widgets::Stat;
use crate::calc::memory::training::TrainingReport;
use leptos::prelude::*;

#[component]
pub fn TrainingStats(report: Memo<TrainingReport>) -> impl IntoView {
    let stat = move |get: fn(&TrainingReport) -> String| Signal::derive(move || report.with(get));

    view! {
        <div class="stats">
            <Stat
                testid="param-count"
                label="Parameters"
                value=stat(|r| r.params.round().to_string())
                text=stat(|r| billions(r.params))
            />
            <Stat
                testid="trainable-params"
                label="Trainable"
                value=stat(|r| r.trainable.round().to_string())
                text=stat(|r| billions(r.trainable))
                note=stat(|r| {
                    format!("{}% of all", number(100.0 * r.trainable / r.params.max(1.0), 3))
                })
            />
            <Stat
                testid="train-states-bytes"
                label="Model states per card"
                value=stat(|r| r.states.whole().to_string())
                text=stat(|r| gb(r.states))
                note=stat(|r| format!("{} · unsharded {}", gib(r.states), gb(r.states_unsharded)))
            />
            <Stat
                testid="train-activations-bytes"
                label="Activations per card"
                value=stat(|r| r.activations.whole().to_string())
                text=stat(|r| gib(r.activations))
                note=Signal::derive(|| {
                    "an estimate: check the peak in a short trial run".to_string()
                })
            />
            <Stat
                testid="train-total-bytes"
                label="Total per card"
                value=stat(|r| r.total.whole().to_string())
                text=stat(|r| gib(r.total))
                note=stat(|r| {
                    if r.fits {
                        format!("fits {}", gib(r.capacity))
                    } else {
                        format!("over the card's {}", gib(r.capacity))
                    }
                })
            />
            <Stat
                testid="train-min-gpus"
                label="Fewest cards that hold it"
                value=stat(|r| r.min_gpus.map(|n| n.to_string()).unwrap_or_default())
                text=stat(|r| r.min_gpus.map(|n| n.to_string()).unwrap_or_else(|| "none".into()))
                note=stat(|r| format!("with sharding stage {}", r.min_gpus_stage))
            />
        </div>
    }
}
