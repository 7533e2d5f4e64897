//! The serving view (docs/formulas.md, "Serving capacity"): the component and its inputs. The
//! model, card, weight format and tensor parallelism are the memory views' own; the runtime,
//! request shape, load and latency goals are this view's. Figures, working and charts are in the
//! files beside it.

mod charts;
mod formulas;
mod results;

use self::charts::ServingCharts;
use self::formulas::ServingFormulas;
use self::results::{ServingNotes, ServingStats};
use super::model::card::CardField;
use super::model::{ModelSection, MEMORY};
use crate::app::state::{use_scenario_report, Lens, Reported};
use crate::app::widgets::{ChoiceInput, Input, Inputs, NumberField, SliderField};
use crate::calc::memory::inputs::{TP, WEIGHTS};
use crate::calc::serving::{
    report, ServingInputs, ServingReport, CARD_PRICE, IN_TOKENS, MEASURED_TPS, OUT_TOKENS, RUNTIME,
    SERVE_CONC, TARGET_RPS, TPOT_MS, TTFT_MS,
};
use leptos::prelude::*;

/// The serving calculator's inputs.
pub const LENS: Lens<ServingInputs> = Lens {
    get: |s| &s.serving,
    get_mut: |s| &mut s.serving,
};

/// How the runtime choices read.
fn runtime_text(id: &str) -> &str {
    match id {
        "llamacpp" => "llama.cpp",
        "vllm" => "vLLM",
        "trtllm" => "TensorRT-LLM",
        "sglang" => "SGLang (vLLM's constants)",
        other => other,
    }
}

#[rustfmt::skip]
const REQUESTS: &[Input<ServingInputs>] = &[
    Input::num(IN_TOKENS, "Prompt tokens a request", "tokens"),
    Input::num(OUT_TOKENS, "Output tokens a request", "tokens"),
];

#[rustfmt::skip]
const LOAD: &[Input<ServingInputs>] = &[
    Input::num(TARGET_RPS, "Target load", "requests/s"),
    Input::num(TPOT_MS, "Goal: time per output token", "ms"),
    Input::num(TTFT_MS, "Goal: time to first token", "ms"),
    Input::num(CARD_PRICE, "Rent per card-hour (0: the catalogue's, else rent or buy's / 8)", "per h"),
    Input::num(MEASURED_TPS, "Calibrate: one request on my card did (0: none)", "tokens/s"),
];

/// The inputs and report of this view, always computed together.
pub type Serving = Memo<Reported<ServingInputs, ServingReport>>;

#[component]
pub fn ServingView() -> impl IntoView {
    let rep: Serving = use_scenario_report(LENS, report);
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));

    view! {
        <section class="view serving" data-testid="view-serving">
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <ModelSection />
                    <fieldset>
                        <legend>"Card and runtime"</legend>
                        <CardField testid="gpu-specs" />
                        <ChoiceInput field=&WEIGHTS lens=MEMORY label="Weights stored as" />
                        <NumberField
                            field=&TP
                            lens=MEMORY
                            label="Tensor-parallel cards a replica"
                        />
                        <ChoiceInput
                            field=&RUNTIME
                            lens=LENS
                            label="Serving runtime"
                            text=runtime_text
                        />
                    </fieldset>
                    <fieldset>
                        <legend>"Requests"</legend>
                        <Inputs list=REQUESTS lens=LENS />
                        <SliderField
                            field=&SERVE_CONC
                            lens=LENS
                            label="Concurrent requests a replica"
                            unit=""
                            min=1.0
                            max=256.0
                            step=1.0
                        />
                    </fieldset>
                    <fieldset>
                        <legend>"Load, goals and price"</legend>
                        <Inputs list=LOAD lens=LENS />
                    </fieldset>
                </form>
                <div class="results">
                    <ServingNotes report=report />
                    <ServingStats report=report />
                    <ServingFormulas rep=rep />
                    <ServingCharts rep=rep />
                </div>
            </div>
        </section>
    }
}
