//! The training view (docs/formulas.md, "Training memory" and "Training time"): the component and
//! its training-run inputs. Model states and activations per card, sharding and the fewest cards
//! that hold a run, and the job's time and cost, are shown by the files beside it.

mod answer;
mod charts;
mod formulas;
mod lora;
mod results;
mod time;

use self::answer::{answer, told, try_way, ways_list};
use self::charts::TrainingCharts;
use self::formulas::TrainingFormulas;
use self::lora::LoraFields;
use self::results::TrainingStats;
use self::time::TrainingTime;
use super::headline::{Headline, Ways};
use super::model::card::CardField;
use super::model::{ModelSection, MEMORY};
use crate::app::i18n::{tr, Tr};
use crate::app::state::{memo, use_app, use_report, Reported, See};
use crate::app::widgets::{live, Help, When};
use crate::app::widgets::{
    locale_option, ChoiceField, ChoiceInput, FlagInput, NumberField, SliderField,
};
use crate::calc::memory::inputs::{
    MemoryInputs, BATCH, FLASH, FROZEN_LAYERS, GPUS, METHOD, OPTIMIZER, PRECISION, RECOMPUTE, SEQ,
    TRAIN_TOKENS,
};
use crate::calc::memory::training::{report, Method, TrainingReport};
use leptos::prelude::*;

/// The sharding drop-down's label: more than the ZeRO stage alone (`[field].zero`).
const ZERO: Tr = |t| t.training.zero;

/// The inputs and report of this view, always computed together.
pub type Training = Memo<Reported<MemoryInputs, TrainingReport>>;

#[component]
pub fn TrainingView() -> impl IntoView {
    let app = use_app();
    let rep: Training = use_report(MEMORY, |m, _| report(m));
    let inputs = memo(move || rep.see(|r| (*r.inputs).clone()));
    let report = memo(move || rep.see(|r| r.report.clone()));
    let set_zero = Callback::new(move |id: String| {
        if let Ok(v) = id.parse::<u8>() {
            app.try_edit(MEMORY, |m| m.training.zero = v.min(3))
        }
    });
    let lora = move || inputs.see(|m| m.training.method != Method::Full);
    let zero_value = Signal::derive(move || inputs.see(|m| m.training.zero.to_string()));
    let told = told(rep);
    let said = memo(move || told.see(|x| inputs.see(|m| answer(m, x, app.t()))));
    let ways = memo(move || told.see(|x| ways_list(x, app.t())));

    view! {
        <section class="view training" data-testid="view-training">
            <Headline answer=said help_end="gib-gb" />
            <Ways ways=ways on_try=try_way(told) />
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <ModelSection />
                    <fieldset>
                        <legend>{tr(|t| t.training.legend)}</legend>
                        <ChoiceInput field=&METHOD lens=MEMORY />
                        <Help term="lora" named=true />
                        <ChoiceInput field=&OPTIMIZER lens=MEMORY />
                        <ChoiceInput field=&PRECISION lens=MEMORY />
                        <SliderField field=&SEQ lens=MEMORY />
                        <SliderField field=&BATCH lens=MEMORY />
                        <ChoiceInput field=&RECOMPUTE lens=MEMORY />
                        <Help term="recompute" named=true />
                        <FlagInput field=&FLASH lens=MEMORY />
                        <When when=move || !lora()>
                            <NumberField field=&FROZEN_LAYERS lens=MEMORY />
                        </When>
                        <When when=lora>
                            <LoraFields inputs=inputs />
                        </When>
                        <CardField />
                        <NumberField field=&GPUS lens=MEMORY />
                        <ChoiceField
                            key="zero"
                            label=Some(ZERO)
                            options=vec!["0", "1", "2", "3"]
                            text=locale_option
                            value=zero_value
                            on_change=set_zero
                        />
                        <Help term="zero" named=true />
                        <NumberField field=&TRAIN_TOKENS lens=MEMORY />
                        <p class="field-msg" role="alert" data-testid="error-training">
                            {live(move || app.issue("lora_targets").or_else(|| app.issue("gpu")))}
                        </p>
                    </fieldset>
                </form>
                <div class="results">
                    <TrainingStats told=told />
                    <TrainingTime rep=rep />
                    <TrainingFormulas inputs=inputs report=report />
                    <TrainingCharts rep=rep inputs=inputs report=report />
                </div>
            </div>
        </section>
    }
}
