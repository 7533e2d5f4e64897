//! The training charts: what one card holds, stacked against its capacity, and the total per card
//! against sequence length.

use super::Training;
use crate::app::format::gib;
use crate::app::widgets::ChartCanvas;
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::memory::training::{total_vs_seq, TrainingReport};
use crate::calc::units::Bytes;
use crate::charts::memory::{draw_stacked, draw_sweep, SweepChart};
use leptos::prelude::*;

#[component]
pub fn TrainingCharts(
    rep: Training,
    inputs: Memo<MemoryInputs>,
    report: Memo<TrainingReport>,
) -> impl IntoView {
    let stack = Memo::new(move |_| {
        report.with(|r| {
            (
                vec![
                    ("weights".to_string(), r.weights.as_gib()),
                    ("gradients".to_string(), r.grads.as_gib()),
                    ("optimiser".to_string(), r.optimizer.as_gib()),
                    ("master copy".to_string(), r.master.as_gib()),
                    ("activations".to_string(), r.activations.as_gib()),
                    ("context and reserve".to_string(), r.reserve.as_gib()),
                ],
                r.capacity.as_gib(),
            )
        })
    });
    let sweep = Memo::new(move |_| rep.with(|r| total_vs_seq(&r.inputs)));

    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-training-stack"
                label="What one card holds"
                draw=move |root| {
                    stack
                        .with(|(parts, cap)| {
                            draw_stacked(
                                root,
                                parts,
                                *cap,
                                &format!("capacity {}", gib(Bytes::from_gib(*cap))),
                                "GiB per card",
                            )
                        })
                }
            />
            <ChartCanvas
                testid="chart-training-seq"
                label="Memory against sequence length"
                draw=move |root| {
                    sweep
                        .with(|pts| {
                            inputs
                                .with(|m| {
                                    report
                                        .with(|r| {
                                            let cap = r.capacity.as_gib();
                                            let series = vec![
                                                ("total per card".to_string(), pts.clone()),
                                            ];
                                            let x_max = pts.last().map(|p| p.0).unwrap_or(1.0);
                                            draw_sweep(
                                                root,
                                                &SweepChart {
                                                    series: &series,
                                                    capacity: Some(cap),
                                                    capacity_label: &format!(
                                                        "capacity {}",
                                                        gib(Bytes::from_gib(cap)),
                                                    ),
                                                    x_axis: "sequence length, tokens",
                                                    y_axis: "GiB per card",
                                                    x_max,
                                                    marked: Some((m.training.seq as f64, r.total.as_gib())),
                                                    mark_label: "",
                                                },
                                            )
                                        })
                                })
                        })
                }
            />
        </div>
    }
}
