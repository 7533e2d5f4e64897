//! The inference charts: what one card holds, stacked against its capacity, and memory against
//! concurrency at a quarter, one and four times the context. Their words are read inside the
//! drawing closures, so a language switch redraws them. Each chart's summary in words and its CSV
//! file come from the memo it draws.

use super::Inference;
use crate::app::format::{gib, number};
use crate::app::i18n::Tr;
use crate::app::state::{memo, use_app, See};
use crate::app::views::memory_stack::{stack_rows, stack_summary};
use crate::app::widgets::ChartCanvas;
use crate::calc::memory::catalogue::gpu;
use crate::calc::memory::inference::{memory_vs_concurrency, InferenceReport};
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::order;
use crate::calc::units::Bytes;
use crate::charts::memory::{draw_stacked, draw_sweep, SweepChart};
use crate::text::Texts;
use leptos::prelude::*;

/// The charts' captions, worded when shown: a language switch rewords them.
const STACK: Tr = |t| t.inference.chart_stack;
const CONC: Tr = |t| t.inference.chart_conc;
/// How to read them.
const HOW_STACK: Tr = |t| t.chart_how.inference_stack;
const HOW_CONC: Tr = |t| t.chart_how.inference_concurrency;

/// The parts' names, in the order the stack draws them.
fn part_names(t: &'static Texts) -> [&'static str; 4] {
    let w = &t.inference;
    [w.part_weights, w.part_kv, w.part_overhead, w.part_headroom]
}

#[component]
pub fn InferenceCharts(
    rep: Inference,
    inputs: Memo<MemoryInputs>,
    report: Memo<InferenceReport>,
) -> impl IntoView {
    let app = use_app();
    let stack = memo(move || {
        report.see(|r| {
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
    let sweep = memo(move || {
        rep.see(|r| {
            let ctx = r.inputs.inference.ctx;
            let mut ctxs = vec![ctx / 4, ctx, ctx * 4];
            ctxs.retain(|c| *c >= 1);
            ctxs.dedup();
            memory_vs_concurrency(&r.inputs, &ctxs)
        })
    });
    let gpu_name = move || inputs.see(|i| gpu(&i.gpu).map(|g| g.name));
    let stack_sum = Signal::derive(move || {
        let t = app.t();
        stack.see(|(sizes, cap)| stack_summary(t, &part_names(t), sizes, *cap))
    });
    let conc_sum = Signal::derive(move || {
        let t = app.t();
        sweep.see(|s| {
            let conc = inputs.see(|i| i.inference.conc);
            report.see(|r| conc_summary(t, s, conc, r.required.as_gib(), r.capacity.as_gib()))
        })
    });
    let stack_csv = move || {
        let t = app.t_untracked();
        stack.see_untracked(|(sizes, cap)| stack_rows(t, &part_names(t), sizes, *cap))
    };
    let conc_csv = move || {
        let t = app.t_untracked();
        sweep.see_untracked(|s| conc_rows(t, s))
    };

    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-inference-stack"
                label=STACK
                how=HOW_STACK
                summary=stack_sum
                csv=stack_csv
                draw=move |root| {
                    let t = app.t();
                    let w = &t.inference;
                    let names = part_names(t);
                    let card = gpu_name().unwrap_or(w.card);
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
                                &format!("{} ({})", card, gib(Bytes::from_gib(*cap))),
                                w.gib_per_card,
                            )
                        })
                }
            />
            <ChartCanvas
                testid="chart-inference-concurrency"
                label=CONC
                how=HOW_CONC
                summary=conc_sum
                csv=conc_csv
                draw=move |root| {
                    let w = &app.t().inference;
                    sweep
                        .see(|s| {
                            inputs
                                .see(|i| {
                                    report
                                        .see(|r| {
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

/// Each context's line from its first to its last point, the card, and the reader's choice.
fn conc_summary(
    t: &'static Texts,
    sweep: &[(u64, Vec<(f64, f64)>)],
    conc: u64,
    now: f64,
    cap: f64,
) -> String {
    let w = &t.chart_sum;
    let size = |v: f64| gib(Bytes::from_gib(v));
    let lines: Vec<String> = sweep
        .iter()
        .filter_map(|(ctx, pts)| {
            let (lo, hi) = (pts.first()?, pts.last()?);
            Some(w.conc_line(
                &number(*ctx as f64, 0),
                &size(lo.1),
                &size(hi.1),
                &number(hi.0, 0),
            ))
        })
        .collect();
    if lines.is_empty() {
        return w.empty.to_string();
    }
    w.conc(
        &lines.join(w.line_sep),
        &size(cap),
        &number(conc as f64, 0),
        &size(now),
    )
}

/// Concurrency, then memory at each context; the lines share their concurrencies.
fn conc_rows(t: &'static Texts, sweep: &[(u64, Vec<(f64, f64)>)]) -> Vec<Vec<String>> {
    let mut header = vec![t.inference.conc_axis.to_string()];
    header.extend(sweep.iter().map(|(ctx, _)| {
        t.chart_dl
            .column(&t.chart_dl.context(&ctx.to_string()), "GiB")
    }));
    let mut xs: Vec<f64> = sweep
        .iter()
        .flat_map(|(_, pts)| pts.iter().map(|p| p.0))
        .collect();
    order::sort_by(&mut xs, f64::total_cmp);
    xs.dedup();
    let mut rows = vec![header];
    for x in xs {
        let mut row = vec![format!("{x}")];
        row.extend(sweep.iter().map(|(_, pts)| {
            pts.iter()
                .find(|p| p.0 == x)
                .map(|p| format!("{:.3}", p.1))
                .unwrap_or_default()
        }));
        rows.push(row);
    }
    rows
}
