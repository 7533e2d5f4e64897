//! The training charts: what one card holds, stacked against its capacity, and the total per card
//! against sequence length. Their words are read inside the drawing closures, so a language
//! switch redraws them. Each chart's summary in words and its CSV file come from the memo it draws.

use super::Training;
use crate::app::format::{gib, number};
use crate::app::i18n::Tr;
use crate::app::state::{memo, use_app, See};
use crate::app::views::memory_stack::{stack_rows, stack_summary};
use crate::app::widgets::ChartCanvas;
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::memory::training::{total_vs_seq, TrainingReport};
use crate::calc::series::{first_above, Crossing};
use crate::calc::units::Bytes;
use crate::charts::memory::{draw_stacked, draw_sweep, SweepChart};
use crate::text::Texts;
use leptos::prelude::*;

/// The charts' captions, worded when shown: a language switch rewords them.
const STACK: Tr = |t| t.training.chart_stack;
const SEQ: Tr = |t| t.training.chart_seq;
/// How to read them.
const HOW_STACK: Tr = |t| t.chart_how.training_stack;
const HOW_SEQ: Tr = |t| t.chart_how.training_seq;

/// The parts' names, in the order the stack draws them.
fn part_names(t: &'static Texts) -> [&'static str; 6] {
    let w = &t.training;
    [
        w.part_weights,
        w.part_grads,
        w.part_optimizer,
        w.part_master,
        w.part_activations,
        w.part_reserve,
    ]
}

#[component]
pub fn TrainingCharts(
    rep: Training,
    inputs: Memo<MemoryInputs>,
    report: Memo<TrainingReport>,
) -> impl IntoView {
    let app = use_app();
    let stack = memo(move || {
        report.see(|r| {
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
    let sweep = memo(move || rep.see(|r| total_vs_seq(&r.inputs)));
    let stack_sum = Signal::derive(move || {
        let t = app.t();
        stack.see(|(sizes, cap)| stack_summary(t, &part_names(t), sizes, *cap))
    });
    let seq_sum = Signal::derive(move || {
        let t = app.t();
        sweep.see(|pts| {
            let seq = inputs.see(|m| m.training.seq as f64);
            report.see(|r| seq_summary(t, pts, seq, r.total.as_gib(), r.capacity.as_gib()))
        })
    });
    let stack_csv = move || {
        let t = app.t_untracked();
        stack.see_untracked(|(sizes, cap)| stack_rows(t, &part_names(t), sizes, *cap))
    };
    let seq_csv = move || {
        let t = app.t_untracked();
        let w = &t.training;
        let mut rows = vec![vec![
            w.seq_axis.to_string(),
            t.chart_dl.column(w.total_series, "GiB"),
        ]];
        sweep.see_untracked(|pts| {
            rows.extend(
                pts.iter()
                    .map(|(x, y)| vec![format!("{x}"), format!("{y:.3}")]),
            )
        });
        rows
    };

    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-training-stack"
                label=STACK
                how=HOW_STACK
                summary=stack_sum
                csv=stack_csv
                draw=move |root| {
                    let t = app.t();
                    let w = &t.training;
                    let names = part_names(t);
                    stack
                        .see(|(sizes, cap)| {
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
                label=SEQ
                how=HOW_SEQ
                summary=seq_sum
                csv=seq_csv
                draw=move |root| {
                    let w = &app.t().training;
                    sweep
                        .see(|pts| {
                            inputs
                                .see(|m| {
                                    report
                                        .see(|r| {
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

/// Memory at both ends of the sweep and at the reader's length, and where it passes the card.
fn seq_summary(t: &'static Texts, pts: &[(f64, f64)], seq: f64, now: f64, cap: f64) -> String {
    let w = &t.chart_sum;
    let size = |v: f64| gib(Bytes::from_gib(v));
    let tokens = |v: f64| number(v, 0);
    let (Some(lo), Some(hi)) = (pts.first(), pts.last()) else {
        return w.empty.to_string();
    };
    let limit = match first_above(pts, cap) {
        Crossing::Never => w.seq_all_fit.to_string(),
        Crossing::AtStart => w.seq_none_fit.to_string(),
        Crossing::At(x) => w.seq_limit(&tokens(x)),
    };
    [
        w.seq(
            &size(lo.1),
            &tokens(lo.0),
            &size(hi.1),
            &tokens(hi.0),
            &tokens(seq),
            &size(now),
            &size(cap),
        ),
        limit,
    ]
    .join(w.sep)
}
