//! The inference charts: what one card holds, stacked against its capacity, and memory against
//! concurrency at a quarter, one and four times the context.

use super::Inference;
use crate::app::format::{gib, number};
use crate::app::widgets::ChartCanvas;
use crate::calc::memory::catalogue::gpu;
use crate::calc::memory::inference::{memory_vs_concurrency, InferenceReport};
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::units::Bytes;
use crate::charts::memory::{draw_stacked, draw_sweep, SweepChart};
use leptos::prelude::*;

#[component]
pub fn InferenceCharts(
    rep: Inference,
    inputs: Memo<MemoryInputs>,
    report: Memo<InferenceReport>,
) -> impl IntoView {
    let stack = Memo::new(move |_| {
        report.with(|r| {
            // What one card holds: its share of the weights, and of the cache as the engine
            // shards it (copied heads and a latent cache are not divided).
            (
                vec![
                    ("weights".to_string(), r.weights_per_card.as_gib()),
                    ("KV cache".to_string(), r.kv_per_card.as_gib()),
                    ("overhead".to_string(), r.overhead.as_gib()),
                    ("headroom".to_string(), r.headroom.as_gib()),
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
    let gpu_name = move || inputs.with(|i| gpu(&i.gpu).map(|g| g.name).unwrap_or("card"));

    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-inference-stack"
                label="What one card holds"
                draw=move |root| {
                    stack
                        .with(|(parts, cap)| {
                            draw_stacked(
                                root,
                                parts,
                                *cap,
                                &format!("{} ({})", gpu_name(), gib(Bytes::from_gib(*cap))),
                                "GiB per card",
                            )
                        })
                }
            />
            <ChartCanvas
                testid="chart-inference-concurrency"
                label="Memory against concurrency"
                draw=move |root| {
                    sweep
                        .with(|s| {
                            inputs
                                .with(|i| {
                                    report
                                        .with(|r| {
                                            let series: Vec<(String, Vec<(f64, f64)>)> = s
                                                .iter()
                                                .map(|(ctx, pts)| (
                                                    format!("{} tokens", number(*ctx as f64, 0)),
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
                                                    capacity_label: &format!("capacity {}", gib(r.capacity)),
                                                    x_axis: "concurrent sequences",
                                                    y_axis: "GiB per card",
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
