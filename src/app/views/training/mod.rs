//! The training view (docs/formulas.md, "Training memory"): the component and its training-run
//! inputs. Model states and activations per card, sharding and the fewest cards that hold a run
//! are shown by the files beside it.

mod charts;
mod formulas;
mod lora;
mod results;

use self::charts::TrainingCharts;
use self::formulas::TrainingFormulas;
use self::lora::LoraFields;
use self::results::TrainingStats;
use super::model::card::{card_line, gpu_options, id_options};
use super::model::{ModelSection, MEMORY};
use crate::app::state::{use_app, use_report, Reported};
use crate::app::widgets::{CheckField, ChoiceField, NumberField, SliderField};
use crate::calc::choice::Choice;
use crate::calc::memory::catalogue::gpu;
use crate::calc::memory::inputs::{MemoryInputs, BATCH, FROZEN_LAYERS, GPUS, SEQ};
use crate::calc::memory::training::{
    report, Method, Optimizer, Precision, Recompute, TrainingInputs, TrainingReport,
};
use leptos::prelude::*;

/// The inputs and report of this view, always computed together.
pub type Training = Memo<Reported<MemoryInputs, TrainingReport>>;

#[component]
pub fn TrainingView() -> impl IntoView {
    let app = use_app();
    let rep: Training = use_report(MEMORY, |m, _| report(m));
    let inputs = Memo::new(move |_| rep.with(|r| (*r.inputs).clone()));
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));
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
    // Bound here: a turbofish written inside `view!` without braces reads as a tag.
    let method_options = id_options::<Method>();
    let optimizer_options = id_options::<Optimizer>();
    let precision_options = id_options::<Precision>();
    let recompute_options = id_options::<Recompute>();

    view! {
        <section class="view training" data-testid="view-training">
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <ModelSection />
                    <fieldset>
                        <legend>"Training run"</legend>
                        <ChoiceField
                            key="method"
                            label="Method"
                            options=method_options
                            value=Signal::derive(move || {
                                inputs.with(|m| m.training.method.id().to_string())
                            })
                            on_change=set_method
                        />
                        <ChoiceField
                            key="optimizer"
                            label="Optimiser"
                            options=optimizer_options
                            value=Signal::derive(move || {
                                inputs.with(|m| m.training.optimizer.id().to_string())
                            })
                            on_change=set_opt
                        />
                        <ChoiceField
                            key="precision"
                            label="Precision"
                            options=precision_options
                            value=Signal::derive(move || {
                                inputs.with(|m| m.training.precision.id().to_string())
                            })
                            on_change=set_prec
                        />
                        <SliderField
                            field=&SEQ
                            lens=MEMORY
                            label="Sequence length"
                            unit="tokens"
                            min=128.0
                            max=32768.0
                            step=128.0
                        />
                        <SliderField
                            field=&BATCH
                            lens=MEMORY
                            label="Micro-batch per card"
                            unit=""
                            min=1.0
                            max=64.0
                            step=1.0
                        />
                        <ChoiceField
                            key="recompute"
                            label="Activation recomputation"
                            options=recompute_options
                            value=Signal::derive(move || {
                                inputs.with(|m| m.training.recompute.id().to_string())
                            })
                            on_change=set_rec
                        />
                        <CheckField
                            key="flash"
                            label="memory-efficient attention (FlashAttention)"
                            checked=Signal::derive(move || inputs.with(|m| m.training.flash))
                            on_change=Callback::new(move |on: bool| {
                                app.try_edit(MEMORY, |m| m.training.flash = on)
                            })
                        />
                        <Show when=move || !lora()>
                            <NumberField
                                field=&FROZEN_LAYERS
                                lens=MEMORY
                                label="Leading layers kept frozen (with the embeddings)"
                                unit="layers"
                            />
                        </Show>
                        <Show when=lora>
                            <LoraFields inputs=inputs />
                        </Show>
                        <ChoiceField
                            key="gpu"
                            label="Card"
                            options=gpu_options()
                            value=Signal::derive(move || inputs.with(|m| m.gpu.clone()))
                            on_change=set_gpu
                        />
                        <p class="field-note">
                            {move || {
                                inputs.with(|m| gpu(&m.gpu).map(card_line).unwrap_or_default())
                            }}
                        </p>
                        <NumberField
                            field=&GPUS
                            lens=MEMORY
                            label="Cards (data parallel)"
                            unit="cards"
                        />
                        <ChoiceField
                            key="zero"
                            label="Sharding (ZeRO stage / FSDP)"
                            options=vec![
                                ("0".into(), "0: none".into()),
                                ("1".into(), "1: optimiser state".into()),
                                ("2".into(), "2: + gradients".into()),
                                ("3".into(), "3: + weights".into()),
                            ]
                            value=Signal::derive(move || {
                                inputs.with(|m| m.training.zero.to_string())
                            })
                            on_change=set_zero
                        />
                        <p class="field-msg" role="alert" data-testid="error-training">
                            {move || app.issue("lora_targets").or_else(|| app.issue("gpu"))}
                        </p>
                    </fieldset>
                </form>
                <div class="results">
                    <TrainingStats report=report />
                    <TrainingFormulas inputs=inputs report=report />
                    <TrainingCharts rep=rep inputs=inputs report=report />
                </div>
            </div>
        </section>
    }
}
