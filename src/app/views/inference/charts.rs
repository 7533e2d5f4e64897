//! The inference charts: what one card holds, stacked against its capacity, and memory against
//! concurrency at a quarter, one and four times the context. Their words are read inside the
//! drawing closures, so a language switch redraws them.

use super::Inference;
use crate::app::format::{gib, number};
use crate::app::i18n::Tr;
use crate::app::state::use_app;
use crate::app::widgets::ChartCanvas;
use crate::calc::memory::catalogue::gpu;
use crate::calc::memory::inference::{memory_vs_concurrency, InferenceReport};
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::units::Bytes;
use crate::charts::memory::{draw_stacked, draw_sweep, SweepChart};
use leptos::prelude::*;

/// The charts' captions.
const STACK: Tr = |t| t.inference.chart_stack;
const CONC: Tr = |t| t.inference.chart_conc;

#[component]
pub fn InferenceCharts(
    rep: Inference,
    inputs: Memo<MemoryInputs>,
    report: Memo<InferenceReport>,
) -> impl IntoView {
    let app = use_app();
    let stack = Memo::new(move |_| {
        report.with(|r| {
            // What one card holds: its share of the weights, and of the cache as the engine
            // shards it (copied heads and a latent cache are not divided).
            (
                [
                    r.weights_per_card.as_gib(),
                    r.kv_per_card.as_gib(),
                    r.overhead.as_gib(),
                    r.headroom.as_gib(),
                ],
                r.capacity.as_gib(),
            )
        })
    });
    let sweep = Memo::new(move |_| {
        rep.with(|r| {
            let ctx = r.inputs.inference.ctx;
            let mut ctxs = vec![ctx / 4, ctx, ctx * 4];
            ctxs.retain(|c| *c >= 1);
            ctxs.dedup();
            memory_vs_concurrency(&r.inputs, &ctxs)
        })
    });
    let gpu_name = move || inputs.with(|i| gpu(&i.gpu).map(|g| g.name));
    let shown = app.t_untracked();

    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-inference-stack"
                label=STACK(shown)
                draw=move |root| {
                    let w = &app.t().inference;
                    let names = [w.part_weights, w.part_kv, w.part_overhead, w.part_headroom];
                    let card = gpu_name().unwrap_or(w.card);
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
                                &format!("{} ({})", card, gib(Bytes::from_gib(*cap))),
                                w.gib_per_card,
                            )
                        })
                }
            />
            <ChartCanvas
                testid="chart-inference-concurrency"
                label=CONC(shown)
                draw=move |root| {
                    let w = &app.t().inference;
                    sweep
                        .with(|s| {
                            inputs
                                .with(|i| {
                                    report
                                        .with(|r| {
                                            let series: Vec<(String, Vec<(f64, f64)>)> = s
                                                .iter()
                                                .map(|(ctx, pts)| (
                                                    w.tokens(&number(*ctx as f64, 0)),
                                                    pts.clone(),
                                                ))
                                                .collect();
                                            let x_max = series
                                                .iter()
                                                .flat_map(|s| s.1.iter().map(|p| p.0))
                                                .fold(1.0, f64::max);
                                            draw_sweep(
                                                root,
                                                &SweepChart {
                                                    series: &series,
                                                    capacity: Some(r.capacity.as_gib()),
                                                    capacity_label: &w.capacity(&gib(r.capacity)),
                                                    x_axis: w.conc_axis,
                                                    y_axis: w.gib_per_card,
                                                    x_max,
                                                    marked: Some((
                                                        i.inference.conc as f64,
                                                        r.required.as_gib(),
                                                    )),
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
