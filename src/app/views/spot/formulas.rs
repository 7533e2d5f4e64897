//! The spot working: the best interval (Daly and Young), wall time with checkpoints, planned stops
//! and wall time without checkpoints, each with the numbers in place.

use super::Spot;
use crate::app::format::number;
use crate::app::widgets::Formula;
use crate::calc::spot::{SpotInputs, SpotReport};
use leptos::prelude::*;

#[component]
pub fn SpotFormulas(rep: Spot, inputs: Memo<SpotInputs>) -> impl IntoView {
    // A formula with the numbers in place, from the same inputs and report as every figure.
    let working = move |get: fn(&SpotInputs, &SpotReport) -> String| {
        Signal::derive(move || rep.with(|r| get(&r.inputs, &r.report)))
    };

    view! {
        <div class="formulas">
            <Formula
                title="Best interval"
                open=true
                symbolic="Daly: √(2CM) (1 + √(C/2M)/3 + (C/2M)/9) − C;  Young: √(2CM)"
                substituted=working(|i, r| {
                    format!(
                        "C = {} h, M = {} h: √(2 × {} × {}) = {} h; Daly {} h",
                        number(i.checkpoint_minutes / 60.0, 4),
                        number(i.mtbf.0, 2),
                        number(i.checkpoint_minutes / 60.0, 4),
                        number(i.mtbf.0, 2),
                        number(r.young.0, 4),
                        number(r.daly.0, 4),
                    )
                })
            />
            <Formula
                title="Wall time with checkpoints"
                open=true
                symbolic="M e^(R/M) (e^((τ + C)/M) − 1) T / τ"
                substituted=working(|i, r| {
                    format!(
                        "{} × e^({}/{}) × (e^(({} + {})/{}) − 1) × {} / {} = {} h",
                        number(i.mtbf.0, 2),
                        number(i.restart_minutes / 60.0, 3),
                        number(i.mtbf.0, 2),
                        number(r.daly.0, 4),
                        number(i.checkpoint_minutes / 60.0, 4),
                        number(i.mtbf.0, 2),
                        number(i.job.0, 2),
                        number(r.daly.0, 4),
                        number(r.wall_with_random.0, 2),
                    )
                })
            />
            <Show when=move || inputs.with(|i| i.stop_hours > 0.0)>
                <Formula
                    title="Planned stops"
                    open=true
                    symbolic="wall × S / (S − R − C), S the fixed stop"
                    substituted=working(|i, r| {
                        let (rs, c) = (i.restart_minutes / 60.0, i.checkpoint_minutes / 60.0);
                        format!(
                            "{} × {} / ({} − {} − {}) = {} h; without checkpoints an attempt must fit in {} h",
                            number(r.wall_with_random.0, 2),
                            number(i.stop_hours, 2),
                            number(i.stop_hours, 2),
                            number(rs, 3),
                            number(c, 3),
                            number(r.wall_with.0, 2),
                            number(i.stop_hours, 2),
                        )
                    })
                />
            </Show>
            <Formula
                title="Wall time without checkpoints"
                open=true
                symbolic="M e^(R/M) (e^(T/M) − 1)"
                substituted=working(|i, r| {
                    format!(
                        "{} × e^({}/{}) × (e^({}/{}) − 1) = {}",
                        number(i.mtbf.0, 2),
                        number(i.restart_minutes / 60.0, 3),
                        number(i.mtbf.0, 2),
                        number(i.job.0, 2),
                        number(i.mtbf.0, 2),
                        r
                            .wall_without
                            .map(|w| format!("{} h", number(w.0, 1)))
                            .unwrap_or_else(|| {
                                format!(
                                    "∞: {} h + the restart do not fit in an instance's {} h",
                                    number(i.job.0, 1),
                                    number(i.stop_hours, 1),
                                )
                            }),
                    )
                })
            />
        </div>
    }
}
