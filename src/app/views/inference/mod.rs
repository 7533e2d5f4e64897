//! The inference view (docs/formulas.md, "Inference memory"): the component and its serving
//! inputs. Weights, KV cache, overhead and headroom against a card are shown by the files beside
//! it.

mod charts;
mod formulas;
mod results;

use self::charts::InferenceCharts;
use self::formulas::InferenceFormulas;
use self::results::{InferenceStats, PeakNote};
use super::model::card::{card_line, gpu_options, id_options};
use super::model::{ModelSection, MEMORY};
use crate::app::state::{use_app, use_report, Reported};
use crate::app::widgets::{ChoiceField, NumberField, SliderField};
use crate::calc::choice::Choice;
use crate::calc::memory::catalogue::gpu;
use crate::calc::memory::dtype::{KvType, WeightType};
use crate::calc::memory::inference::{report, InferenceReport};
use crate::calc::memory::inputs::{MemoryInputs, CONC, CTX, MARGIN, OVERHEAD_GIB, TP};
use leptos::prelude::*;

/// The inputs and report of this view, always computed together.
pub type Inference = Memo<Reported<MemoryInputs, InferenceReport>>;

#[component]
pub fn InferenceView() -> impl IntoView {
    let app = use_app();
    let rep: Inference = use_report(MEMORY, |m, _| report(m));
    let inputs = Memo::new(move |_| rep.with(|r| (*r.inputs).clone()));
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));
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

    view! {
        <section class="view inference" data-testid="view-inference">
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <ModelSection />
                    <fieldset>
                        <legend>"Serving"</legend>
                        <ChoiceField
                            key="weights"
                            label="Weights stored as"
                            options=weight_options
                            value=Signal::derive(move || {
                                inputs.with(|i| i.inference.weights.id().to_string())
                            })
                            on_change=set_weights
                        />
                        <ChoiceField
                            key="kv"
                            label="KV cache element"
                            options=kv_options
                            value=Signal::derive(move || {
                                inputs.with(|i| i.inference.kv.id().to_string())
                            })
                            on_change=set_kv
                        />
                        <SliderField
                            field=&CTX
                            lens=MEMORY
                            label="Context length"
                            unit="tokens"
                            min=512.0
                            max=131072.0
                            step=512.0
                        />
                        <SliderField
                            field=&CONC
                            lens=MEMORY
                            label="Concurrent sequences"
                            unit=""
                            min=1.0
                            max=256.0
                            step=1.0
                        />
                        <NumberField
                            field=&OVERHEAD_GIB
                            lens=MEMORY
                            label="Framework overhead per card (the guide: 2-4)"
                            unit="GiB"
                        />
                        <NumberField
                            field=&MARGIN
                            lens=MEMORY
                            label="Headroom for long requests"
                            unit="%"
                        />
                        <ChoiceField
                            key="gpu"
                            label="Card"
                            options=gpu_options()
                            value=Signal::derive(move || inputs.with(|i| i.gpu.clone()))
                            on_change=set_gpu
                        />
                        <p class="field-note" data-testid="gpu-specs">
                            {move || {
                                inputs.with(|i| gpu(&i.gpu).map(card_line).unwrap_or_default())
                            }}
                        </p>
                        <NumberField
                            field=&TP
                            lens=MEMORY
                            label="Cards it is split over (tensor parallel)"
                            unit="cards"
                        />
                        <p class="field-msg" role="alert" data-testid="error-gpu">
                            {move || app.issue("gpu")}
                        </p>
                    </fieldset>
                </form>
                <div class="results">
                    <InferenceStats report=report />
                    <InferenceFormulas inputs=inputs report=report />
                    <InferenceCharts rep=rep inputs=inputs report=report />
                    <PeakNote report=report />
                </div>
            </div>
        </section>
    }
}
