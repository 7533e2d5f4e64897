//! The inference view (docs/formulas.md, "Inference memory"): weights, KV cache, overhead and headroom against a
//! card, with sliders for context length and concurrency.

use super::model::{ModelSection, MEMORY};
use crate::app::format::{billions, gb, gib, number, percent};
use crate::app::state::{use_app, use_report};
use crate::app::widgets::{ChartCanvas, ChoiceField, Formula, NumberField, SliderField, Stat};
use crate::calc::choice::Choice;
use crate::calc::memory::catalogue::{gpu, GPUS};
use crate::calc::memory::dtype::{KvType, WeightType};
use crate::calc::memory::inference::{memory_vs_concurrency, report, InferenceReport};
use crate::calc::memory::inputs::{CONC, CTX, MARGIN, OVERHEAD_GIB, TP};
use crate::calc::units::Bytes;
use crate::charts::memory::{draw_stacked, draw_sweep, SweepChart};
use leptos::prelude::*;

/// The cards to choose from, for both memory views.
pub fn gpu_options() -> Vec<(String, String)> {
    GPUS.iter()
        .map(|g| (g.id.to_string(), g.name.to_string()))
        .collect()
}

/// `(id, id)` pairs of a choice, for a drop-down.
pub fn id_options<C: Choice>() -> Vec<(String, String)> {
    C::ALL
        .iter()
        .map(|c| (c.id().to_string(), c.id().to_string()))
        .collect()
}

#[component]
pub fn InferenceView() -> impl IntoView {
    let app = use_app();
    let rep = use_report(MEMORY, |m, _| report(m));
    let inputs = Memo::new(move |_| rep.with(|r| (*r.inputs).clone()));
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));
    let stat = move |get: fn(&InferenceReport) -> String| Signal::derive(move || report.with(get));
    let set_weights = Callback::new(move |id: String| {
        if let Some(w) = WeightType::from_id(&id) {
            app.try_edit(MEMORY, |m| m.inference.weights = w);
        }
    });
    let set_kv = Callback::new(move |id: String| {
        if let Some(k) = KvType::from_id(&id) {
            app.try_edit(MEMORY, |m| m.inference.kv = k);
        }
    });
    let set_gpu = Callback::new(move |id: String| {
        if gpu(&id).is_some() {
            app.try_edit(MEMORY, |m| m.gpu = id);
        }
    });
    let weight_options = id_options::<WeightType>();
    let kv_options = id_options::<KvType>();

    let stack = Memo::new(move |_| {
        report.with(|r| {
            let tp = inputs.with(|i| i.inference.tp.max(1)) as f64;
            (
                vec![
                    ("weights".to_string(), r.weights.as_gib() / tp),
                    ("KV cache".to_string(), r.kv_cache.as_gib() / tp),
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
        <section class="view inference" data-testid="view-inference">
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <ModelSection />
                    <fieldset>
                        <legend>"Serving"</legend>
                        <ChoiceField key="weights" label="Weights stored as" options=weight_options
                            value=Signal::derive(move || inputs.with(|i| i.inference.weights.id().to_string())) on_change=set_weights />
                        <ChoiceField key="kv" label="KV cache element" options=kv_options
                            value=Signal::derive(move || inputs.with(|i| i.inference.kv.id().to_string())) on_change=set_kv />
                        <SliderField field=&CTX lens=MEMORY label="Context length" unit="tokens" min=512.0 max=131072.0 step=512.0 />
                        <SliderField field=&CONC lens=MEMORY label="Concurrent sequences" unit="" min=1.0 max=256.0 step=1.0 />
                        <NumberField field=&OVERHEAD_GIB lens=MEMORY label="Framework overhead per card (the guide: 2-4)" unit="GiB" />
                        <NumberField field=&MARGIN lens=MEMORY label="Headroom for long requests" unit="%" />
                        <ChoiceField key="gpu" label="Card" options=gpu_options()
                            value=Signal::derive(move || inputs.with(|i| i.gpu.clone())) on_change=set_gpu />
                        <p class="field-note" data-testid="gpu-specs">{move || inputs.with(|i| gpu(&i.gpu).map(card_line).unwrap_or_default())}</p>
                        <NumberField field=&TP lens=MEMORY label="Cards it is split over (tensor parallel)" unit="cards" />
                        <p class="field-msg" role="alert" data-testid="error-gpu">{move || app.issue("gpu")}</p>
                    </fieldset>
                </form>
                <div class="results">
                    <div class="stats">
                        <Stat testid="param-count" label="Parameters"
                            value=stat(|r| r.params.round().to_string()) text=stat(|r| billions(r.params)) />
                        <Stat testid="weights-bytes" label="Weights"
                            value=stat(|r| r.weights.whole().to_string()) text=stat(|r| gb(r.weights))
                            note=stat(|r| format!("{} · {} bits a weight", gib(r.weights), number(r.bits_per_weight, 3))) />
                        <Stat testid="kv-bytes-per-token" label="KV cache per token"
                            value=stat(|r| r.kv_per_token.whole().to_string())
                            text=stat(|r| format!("{} MiB", number(r.kv_per_token.as_mib(), 4))) />
                        <Stat testid="kv-cache-bytes" label="KV cache"
                            value=stat(|r| r.kv_cache.whole().to_string()) text=stat(|r| gib(r.kv_cache)) />
                        <Stat testid="required-bytes" label="Needed per card, with headroom"
                            value=stat(|r| r.required.whole().to_string()) text=stat(|r| gib(r.required))
                            note=stat(|r| if r.fits { "fits the chosen card".into() } else { "does not fit the chosen card".into() }) />
                        <Stat testid="card-tier" label="Smallest card tier"
                            value=stat(|r| r.tier_gb.map(|t| t.to_string()).unwrap_or_default())
                            text=stat(|r| r.tier_gb.map(|t| format!("{t} GB")).unwrap_or_else(|| "more than one card".into())) />
                        <Stat testid="max-concurrency" label="Most sequences the card(s) hold"
                            value=stat(|r| r.max_concurrency.to_string()) text=stat(|r| r.max_concurrency.to_string())
                            note=stat(|r| format!("or one context of up to {} tokens at this concurrency", number(r.max_context as f64, 0))) />
                    </div>
                    <div class="formulas">
                        <Formula title="Weights" open=true symbolic="parameters × bits per weight / 8"
                            substituted=Signal::derive(move || report.with(|r| format!(
                                "{} × {} / 8 B = {} ({})", number(r.params, 0), number(r.bits_per_weight, 4), gb(r.weights), gib(r.weights)))) />
                        <Formula title="KV cache per token" open=true symbolic="2 (K and V) × layers × KV heads × head size × element bytes"
                            substituted=Signal::derive(move || inputs.with(|i| report.with(|r| format!(
                                "2 × {} × {} × {} × {} B = {} B = {} MiB",
                                i.model.arch.layers, i.model.arch.kv_heads, i.model.arch.head_dim, number(i.inference.kv.bytes(), 0),
                                number(r.kv_per_token.0, 0), number(r.kv_per_token.as_mib(), 4))))) />
                        <Formula title="KV cache" open=true symbolic="per token × context × concurrent sequences (windowed layers hold at most the window)"
                            substituted=Signal::derive(move || inputs.with(|i| report.with(|r| format!(
                                "{} MiB × {} × {} = {}", number(r.kv_per_token.as_mib(), 4), number(i.inference.ctx as f64, 0), i.inference.conc, gib(r.kv_cache))))) />
                        <Formula title="Needed per card" open=true symbolic="((weights + cache) / cards + overhead) × (1 + headroom)"
                            substituted=Signal::derive(move || inputs.with(|i| report.with(|r| format!(
                                "(({} + {}) / {} + {}) × {} = {}",
                                gib(r.weights), gib(r.kv_cache), i.inference.tp, gib(r.overhead), number(1.0 + i.inference.margin.0, 3), gib(r.required))))) />
                    </div>
                    <div class="charts">
                        <ChartCanvas testid="chart-inference-stack" label="What one card holds"
                            draw=move |root| stack.with(|(parts, cap)| {
                                draw_stacked(root, parts, *cap, &format!("{} ({})", gpu_name(), gib(Bytes::from_gib(*cap))), "GiB per card")
                            }) />
                        <ChartCanvas testid="chart-inference-concurrency" label="Memory against concurrency"
                            draw=move |root| sweep.with(|s| inputs.with(|i| report.with(|r| {
                                let series: Vec<(String, Vec<(f64, f64)>)> = s.iter()
                                    .map(|(ctx, pts)| (format!("{} tokens", number(*ctx as f64, 0)), pts.clone()))
                                    .collect();
                                let x_max = series.iter().flat_map(|s| s.1.iter().map(|p| p.0)).fold(1.0, f64::max);
                                draw_sweep(root, &SweepChart {
                                    series: &series,
                                    capacity: Some(r.capacity.as_gib()),
                                    capacity_label: &format!("capacity {}", gib(r.capacity)),
                                    x_axis: "concurrent sequences",
                                    y_axis: "GiB per card",
                                    x_max,
                                    marked: Some((i.inference.conc as f64, r.required.as_gib())),
                                    mark_label: "",
                                })
                            }))) />
                    </div>
                    <p class="hint">{move || report.with(|r| format!(
                        "Size to the peak, not the mean: {} of the card's memory is spoken for at this load.",
                        percent(r.required.0 / r.capacity.0.max(1.0), 0)))}</p>
                </div>
            </div>
        </section>
    }
}

/// The chosen card's datasheet figures and, where the catalogue has one, its sourced price.
pub fn card_line(g: &crate::calc::memory::catalogue::Gpu) -> String {
    let price = g
        .price_cny_per_hour
        .map(|(p, src)| format!(" · about {} CNY per card-hour ({src})", number(p, 0)))
        .unwrap_or_else(|| " · no sourced rental price: use your quote".into());
    format!(
        "{} GB · {} GB/s · {} TFLOPS bf16 dense · {} W · {}{}",
        number(g.vram_gb, 0),
        number(g.bandwidth_gb_s, 0),
        number(g.bf16_tflops, 0),
        number(g.power_w, 0),
        g.interconnect,
        price
    )
}
