//! The inference view (docs/formulas.md, "Inference memory"): the component and its serving
//! inputs. Weights, KV cache, overhead and headroom against a card are shown by the files beside
//! it.

mod answer;
mod charts;
mod formulas;
mod results;

use self::answer::{answer, told, try_way, ways_list};
use self::charts::InferenceCharts;
use self::formulas::InferenceFormulas;
use self::results::{EngineStats, InferenceStats, PeakNote};
use super::headline::{Headline, Ways};
use super::model::card::CardField;
use super::model::{ModelSection, MEMORY};
use crate::app::i18n::tr;
use crate::app::state::{memo, use_app, use_report, Reported, See};
use crate::app::widgets::{live, ChoiceInput, Help, NumberField, SliderField};
use crate::calc::memory::inference::{report, InferenceReport};
use crate::calc::memory::inputs::{
    MemoryInputs, CONC, CTX, ENGINE, GPU_UTIL, KV, MARGIN, OVERHEAD_GIB, TP, WEIGHTS,
};
use leptos::prelude::*;

/// The inputs and report of this view, always computed together.
pub type Inference = Memo<Reported<MemoryInputs, InferenceReport>>;

#[component]
pub fn InferenceView() -> impl IntoView {
    let app = use_app();
    let rep: Inference = use_report(MEMORY, |m, _| report(m));
    let inputs = memo(move || rep.see(|r| (*r.inputs).clone()));
    let report = memo(move || rep.see(|r| r.report.clone()));
    let told = told(rep);
    let said = memo(move || told.see(|x| answer(x, app.t())));
    let ways = memo(move || told.see(|x| ways_list(x, app.t())));

    view! {
        <section class="view inference" data-testid="view-inference">
            <Headline answer=said help_end="gib-gb" />
            <Ways ways=ways on_try=try_way(told) />
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <ModelSection />
                    <fieldset>
                        <legend>{tr(|t| t.inference.legend)}</legend>
                        <ChoiceInput field=&WEIGHTS lens=MEMORY />
                        <ChoiceInput field=&KV lens=MEMORY />
                        <Help term="kv-cache" named=true />
                        <SliderField field=&CTX lens=MEMORY />
                        <SliderField field=&CONC lens=MEMORY />
                        <NumberField field=&OVERHEAD_GIB lens=MEMORY />
                        <NumberField field=&MARGIN lens=MEMORY />
                        <CardField testid="gpu-specs" />
                        <NumberField field=&TP lens=MEMORY />
                        <Help term="tp" named=true />
                        <p class="field-msg" role="alert" data-testid="error-gpu">
                            {live(move || app.issue("gpu"))}
                        </p>
                        <ChoiceInput field=&ENGINE lens=MEMORY />
                        <NumberField field=&GPU_UTIL lens=MEMORY />
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
