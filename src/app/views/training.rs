//! The training view (docs/formulas.md, "Training memory"): model states and activations per card, sharding,
//! and the fewest cards of the chosen type that hold a run.

use super::inference::{gpu_options, id_options};
use super::model::{ModelSection, MEMORY};
use crate::app::format::{billions, gb, gib, number};
use crate::app::state::{use_app, use_report};
use crate::app::widgets::{
    ChartCanvas, CheckField, ChoiceField, Formula, NumberField, SliderField, Stat,
};
use crate::calc::choice::Choice;
use crate::calc::memory::catalogue::gpu;
use crate::calc::memory::inputs::{BATCH, FROZEN_LAYERS, GPUS, LORA_RANK, SEQ};
use crate::calc::memory::training::{
    report, total_vs_seq, Method, Optimizer, Precision, Recompute, TrainingInputs, TrainingReport,
    LORA_MODULES,
};
use crate::calc::units::Bytes;
use crate::charts::memory::{draw_stacked, draw_sweep, SweepChart};
use leptos::prelude::*;

#[component]
pub fn TrainingView() -> impl IntoView {
    let app = use_app();
    let rep = use_report(MEMORY, |m, _| report(m));
    let inputs = Memo::new(move |_| rep.with(|r| (*r.inputs).clone()));
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));
    let stat = move |get: fn(&TrainingReport) -> String| Signal::derive(move || report.with(get));
    let choice = |update: fn(&mut TrainingInputs, &str)| {
        Callback::new(move |id: String| app.try_edit(MEMORY, |m| update(&mut m.training, &id)))
    };
    let set_method = choice(|t, id| {
        if let Some(v) = Method::from_id(id) {
            t.method = v
        }
    });
    let set_opt = choice(|t, id| {
        if let Some(v) = Optimizer::from_id(id) {
            t.optimizer = v
        }
    });
    let set_prec = choice(|t, id| {
        if let Some(v) = Precision::from_id(id) {
            t.precision = v
        }
    });
    let set_rec = choice(|t, id| {
        if let Some(v) = Recompute::from_id(id) {
            t.recompute = v
        }
    });
    let set_zero = choice(|t, id| {
        if let Ok(v) = id.parse::<u8>() {
            t.zero = v.min(3)
        }
    });
    let set_gpu = Callback::new(move |id: String| {
        if gpu(&id).is_some() {
            app.try_edit(MEMORY, |m| m.gpu = id);
        }
    });
    let lora = move || inputs.with(|m| m.training.method != Method::Full);
    let stack = Memo::new(move |_| {
        report.with(|r| {
            (
                vec![
                    ("weights".to_string(), r.weights.as_gib()),
                    ("gradients".to_string(), r.grads.as_gib()),
                    ("optimiser".to_string(), r.optimizer.as_gib()),
                    ("master copy".to_string(), r.master.as_gib()),
                    ("activations".to_string(), r.activations.as_gib()),
                ],
                r.capacity.as_gib(),
            )
        })
    });
    let sweep = Memo::new(move |_| rep.with(|r| total_vs_seq(&r.inputs)));

    view! {
        <section class="view training" data-testid="view-training">
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <ModelSection />
                    <fieldset>
                        <legend>"Training run"</legend>
                        <ChoiceField key="method" label="Method" options={id_options::<Method>()}
                            value=Signal::derive(move || inputs.with(|m| m.training.method.id().to_string())) on_change=set_method />
                        <ChoiceField key="optimizer" label="Optimiser" options={id_options::<Optimizer>()}
                            value=Signal::derive(move || inputs.with(|m| m.training.optimizer.id().to_string())) on_change=set_opt />
                        <ChoiceField key="precision" label="Precision" options={id_options::<Precision>()}
                            value=Signal::derive(move || inputs.with(|m| m.training.precision.id().to_string())) on_change=set_prec />
                        <SliderField field=&SEQ lens=MEMORY label="Sequence length" unit="tokens" min=128.0 max=32768.0 step=128.0 />
                        <SliderField field=&BATCH lens=MEMORY label="Micro-batch per card" unit="" min=1.0 max=64.0 step=1.0 />
                        <ChoiceField key="recompute" label="Activation recomputation" options={id_options::<Recompute>()}
                            value=Signal::derive(move || inputs.with(|m| m.training.recompute.id().to_string())) on_change=set_rec />
                        <CheckField key="flash" label="memory-efficient attention (FlashAttention)"
                            checked=Signal::derive(move || inputs.with(|m| m.training.flash))
                            on_change=Callback::new(move |on: bool| app.try_edit(MEMORY, |m| m.training.flash = on)) />
                        <Show when=move || !lora()>
                            <NumberField field=&FROZEN_LAYERS lens=MEMORY label="Leading layers kept frozen (with the embeddings)" unit="layers" />
                        </Show>
                        <Show when=lora>
                            <NumberField field=&LORA_RANK lens=MEMORY label="LoRA rank" unit="" />
                            <div class="field">
                                <span class="field-label">"LoRA targets"</span>
                                <span class="field-control radios" data-testid="input-lora_targets">
                                    {LORA_MODULES.iter().map(|m| view! {
                                        <label>
                                            <input type="checkbox"
                                                prop:checked=move || inputs.with(|i| i.training.lora_targets.iter().any(|x| x == m))
                                                on:change=move |ev| {
                                                    let on = event_target_checked(&ev);
                                                    app.try_edit(MEMORY, |i| {
                                                        let t = &mut i.training.lora_targets;
                                                        t.retain(|x| x != m);
                                                        if on { t.push(m.to_string()); }
                                                        // Keep the order of the module list, so links stay stable.
                                                        t.sort_by_key(|x| LORA_MODULES.iter().position(|y| y == x));
                                                    });
                                                } />
                                            {format!(" {m}")}
                                        </label>
                                    }).collect_view()}
                                </span>
                            </div>
                        </Show>
                        <ChoiceField key="gpu" label="Card" options=gpu_options()
                            value=Signal::derive(move || inputs.with(|m| m.gpu.clone())) on_change=set_gpu />
                        <p class="field-note">{move || inputs.with(|m| gpu(&m.gpu).map(super::inference::card_line).unwrap_or_default())}</p>
                        <NumberField field=&GPUS lens=MEMORY label="Cards (data parallel)" unit="cards" />
                        <ChoiceField key="zero" label="Sharding (ZeRO stage / FSDP)"
                            options=vec![("0".into(), "0: none".into()), ("1".into(), "1: optimiser state".into()), ("2".into(), "2: + gradients".into()), ("3".into(), "3: + weights".into())]
                            value=Signal::derive(move || inputs.with(|m| m.training.zero.to_string())) on_change=set_zero />
                        <p class="field-msg" role="alert" data-testid="error-training">{move || app.issue("lora_targets").or_else(|| app.issue("gpu"))}</p>
                    </fieldset>
                </form>
                <div class="results">
                    <div class="stats">
                        <Stat testid="param-count" label="Parameters"
                            value=stat(|r| r.params.round().to_string()) text=stat(|r| billions(r.params)) />
                        <Stat testid="trainable-params" label="Trainable"
                            value=stat(|r| r.trainable.round().to_string()) text=stat(|r| billions(r.trainable))
                            note=stat(|r| format!("{}% of all", number(100.0 * r.trainable / r.params.max(1.0), 3))) />
                        <Stat testid="train-states-bytes" label="Model states per card"
                            value=stat(|r| r.states.whole().to_string()) text=stat(|r| gb(r.states))
                            note=stat(|r| format!("{} · unsharded {}", gib(r.states), gb(r.states_unsharded))) />
                        <Stat testid="train-activations-bytes" label="Activations per card"
                            value=stat(|r| r.activations.whole().to_string()) text=stat(|r| gib(r.activations))
                            note=Signal::derive(|| "an estimate: check the peak in a short trial run".to_string()) />
                        <Stat testid="train-total-bytes" label="Total per card"
                            value=stat(|r| r.total.whole().to_string()) text=stat(|r| gib(r.total))
                            note=stat(|r| if r.fits { format!("fits {}", gib(r.capacity)) } else { format!("over the card's {}", gib(r.capacity)) }) />
                        <Stat testid="train-min-gpus" label="Fewest cards that hold it"
                            value=stat(|r| r.min_gpus.map(|n| n.to_string()).unwrap_or_default())
                            text=stat(|r| r.min_gpus.map(|n| n.to_string()).unwrap_or_else(|| "none".into()))
                            note=stat(|r| format!("with sharding stage {}", r.min_gpus_stage)) />
                    </div>
                    <div class="formulas">
                        <Formula title="Model states" open=true
                            symbolic="trainable × (weight + gradient + optimiser + master bytes) + frozen × frozen bytes"
                            substituted=Signal::derive(move || report.with(|r| {
                                let sb = r.per_param;
                                let frozen = if r.trainable < r.params { format!(" + {} × {} B", number(r.params, 0), number(r.frozen_bytes, 4)) } else { String::new() };
                                format!("{} × ({} + {} + {} + {}) B{} = {}",
                                    number(r.trainable, 0), number(sb.weight, 0), number(sb.grad, 0), number(sb.optimizer, 0), number(sb.master, 0),
                                    frozen, gb(r.states_unsharded))
                            })) />
                        <p class="hint">"Mixed precision with AdamW is 16 bytes a trainable parameter: 2 weight + 2 gradient + 8 moments + 4 master copy. The guide's text says 12 in all, but its own items add to 16 and its example uses 16; 12 is the optimiser's part (moments and master copy)."</p>
                        <Formula title="Activations" open=true
                            symbolic="layers × s b (17 h + 8 I) [+ 5 a s² b without memory-efficient attention] + logits s b V × 4 B"
                            substituted=Signal::derive(move || inputs.with(|m| report.with(|r| format!(
                                "{} × {} × {} × (17 × {} + 8 × {}) + … = {}",
                                m.model.arch.layers, m.training.seq, m.training.batch, m.model.arch.hidden, m.model.arch.intermediate, gib(r.activations))))) />
                    </div>
                    <div class="charts">
                        <ChartCanvas testid="chart-training-stack" label="What one card holds"
                            draw=move |root| stack.with(|(parts, cap)| {
                                draw_stacked(root, parts, *cap, &format!("capacity {}", gib(Bytes::from_gib(*cap))), "GiB per card")
                            }) />
                        <ChartCanvas testid="chart-training-seq" label="Memory against sequence length"
                            draw=move |root| sweep.with(|pts| inputs.with(|m| report.with(|r| {
                                let cap = r.capacity.as_gib();
                                let series = vec![("total per card".to_string(), pts.clone())];
                                let x_max = pts.last().map(|p| p.0).unwrap_or(1.0);
                                draw_sweep(root, &SweepChart {
                                    series: &series,
                                    capacity: Some(cap),
                                    capacity_label: &format!("capacity {}", gib(Bytes::from_gib(cap))),
                                    x_axis: "sequence length, tokens",
                                    y_axis: "GiB per card",
                                    x_max,
                                    marked: Some((m.training.seq as f64, r.total.as_gib())),
                                    mark_label: "",
                                })
                            }))) />
                    </div>
                </div>
            </div>
        </section>
    }
}
