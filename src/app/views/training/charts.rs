//! The training charts: what one card holds, stacked against its capacity, and the total per card
//! against sequence length. Their words are read inside the drawing closures, so a language
//! switch redraws them.

use super::Training;
use crate::app::format::gib;
use crate::app::i18n::Tr;
use crate::app::state::use_app;
use crate::app::widgets::ChartCanvas;
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::memory::training::{total_vs_seq, TrainingReport};
use crate::calc::units::Bytes;
use crate::charts::memory::{draw_stacked, draw_sweep, SweepChart};
use leptos::prelude::*;

/// The charts' captions.
const STACK: Tr = |t| t.training.chart_stack;
const SEQ: Tr = |t| t.training.chart_seq;

#[component]
pub fn TrainingCharts(
    rep: Training,
    inputs: Memo<MemoryInputs>,
    report: Memo<TrainingReport>,
) -> impl IntoView {
    let app = use_app();
    let stack = Memo::new(move |_| {
        report.with(|r| {
            (
                [
                    r.weights.as_gib(),
                    r.grads.as_gib(),
                    r.optimizer.as_gib(),
                    r.master.as_gib(),
                    r.activations.as_gib(),
                    r.reserve.as_gib(),
                ],
                r.capacity.as_gib(),
            )
        })
    });
    let sweep = Memo::new(move |_| rep.with(|r| total_vs_seq(&r.inputs)));
    let shown = app.t_untracked();

    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-training-stack"
                label=STACK(shown)
                draw=move |root| {
                    let w = &app.t().training;
                    let names = [
                        w.part_weights,
                        w.part_grads,
                        w.part_optimizer,
                        w.part_master,
                        w.part_activations,
                        w.part_reserve,
                    ];
                    stack
                        .with(|(sizes, cap)| {
                            let parts: Vec<(String, f64)> = names
                                .iter()
                                .zip(sizes)
                                .map(|(n, v)| (n.to_string(), *v))
                                .collect();
                            draw_stacked(
                                root,
                                &parts,
                                *cap,
                                &w.capacity(&gib(Bytes::from_gib(*cap))),
                                w.gib_per_card,
                            )
                        })
                }
            />
            <ChartCanvas
                testid="chart-training-seq"
                label=SEQ(shown)
                draw=move |root| {
                    let w = &app.t().training;
                    sweep
                        .with(|pts| {
                            inputs
                                .with(|m| {
                                    report
                                        .with(|r| {
                                            let cap = r.capacity.as_gib();
                                            let series = vec![
                                                (w.total_series.to_string(), pts.clone()),
                                            ];
                                            let x_max = pts.last().map(|p| p.0).unwrap_or(1.0);
                                            draw_sweep(
                                                root,
                                                &SweepChart {
                                                    series: &series,
                                                    capacity: Some(cap),
                                                    capacity_label: &w.capacity(&gib(Bytes::from_gib(cap))),
                                                    x_axis: w.seq_axis,
                                                    y_axis: w.gib_per_card,
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
