//! The inference view (docs/formulas.md, "Inference memory"): the component and its serving
//! inputs. Weights, KV cache, overhead and headroom against a card are shown by the files beside
//! it.

mod charts;
mod formulas;
mod results;

use self::charts::InferenceCharts;
use self::formulas::InferenceFormulas;
use self::results::{EngineStats, InferenceStats, PeakNote};
use super::model::card::CardField;
use super::model::{ModelSection, MEMORY};
use crate::app::state::{use_app, use_report, Reported};
use crate::app::widgets::{ChoiceInput, NumberField, SliderField};
use crate::calc::memory::inference::{report, InferenceReport};
use crate::calc::memory::inputs::{
    MemoryInputs, CONC, CTX, ENGINE, GPU_UTIL, KV, MARGIN, OVERHEAD_GIB, TP, WEIGHTS,
};
use leptos::prelude::*;

/// How the engine choices read.
fn engine_text(id: &str) -> &str {
    match id {
        "guide" => "the guide's rule (weights + cache + overhead + headroom)",
        "vllm" => "vLLM's allocator (gpu_memory_utilization, profile run, KV pool)",
        other => other,
    }
}

/// The inputs and report of this view, always computed together.
pub type Inference = Memo<Reported<MemoryInputs, InferenceReport>>;

#[component]
pub fn InferenceView() -> impl IntoView {
    let app = use_app();
    let rep: Inference = use_report(MEMORY, |m, _| report(m));
    let inputs = Memo::new(move |_| rep.with(|r| (*r.inputs).clone()));
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));

    view! {
        <section class="view inference" data-testid="view-inference">
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <ModelSection />
                    <fieldset>
                        <legend>"Serving"</legend>
                        <ChoiceInput field=&WEIGHTS lens=MEMORY label="Weights stored as" />
                        <ChoiceInput field=&KV lens=MEMORY label="KV cache element" />
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
                        <CardField testid="gpu-specs" />
                        <NumberField
                            field=&TP
                            lens=MEMORY
                            label="Cards it is split over (tensor parallel)"
                            unit="cards"
                        />
                        <p class="field-msg" role="alert" data-testid="error-gpu">
                            {move || app.issue("gpu")}
                        </p>
                        <ChoiceInput
                            field=&ENGINE
                            lens=MEMORY
                            label="Memory counted as"
                            text=engine_text
                        />
                        <NumberField
                            field=&GPU_UTIL
                            lens=MEMORY
                            label="vLLM gpu_memory_utilization (with the vLLM engine)"
                            unit="%"
                        />
                    </fieldset>
                </form>
                <div class="results">
                    <InferenceStats report=report />
                    <EngineStats report=report />
                    <InferenceFormulas inputs=inputs report=report />
                    <InferenceCharts rep=rep inputs=inputs report=report />
                    <PeakNote report=report />
                </div>
            </div>
        </section>
    }
}
