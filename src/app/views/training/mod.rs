//! The training view (docs/formulas.md, "Training memory" and "Training time"): the component,
//! its form and its results as tables. Everything below the form reads one memo, the core's
//! `calc::memory_sheet::training` (the report, the ways out, the charts' series, the job's time
//! and cost); the frame, the answer's shape and the charts are the memory views' own
//! (`views::memory`).

mod answer;
mod charts;
mod formulas;
mod lora;
mod results;
mod time;

use self::answer::{answer, ways_list};
use self::lora::lora_fields;
use super::memory::{page, try_way};
use super::model::card::CardField;
use super::model::{self, MEMORY};
use crate::app::i18n::{tr, Tr};
use crate::app::state::{memo, use_app, use_report, Reported, See};
use crate::app::widgets::{
    choice, flag, holds, live, locale_option, num, sheet, slider, ChoiceField, Item, Section, Sheet,
};
use crate::calc::memory::inputs::{
    MemoryInputs, BATCH, FLASH, FROZEN_LAYERS, GPUS, METHOD, OPTIMIZER, PRECISION, RECOMPUTE, SEQ,
    TRAIN_MARGIN, TRAIN_TOKENS,
};
use crate::calc::memory::training::Method;
use crate::calc::memory_sheet::{training as training_sheet, TrainingSheet};
use leptos::prelude::*;

/// The inputs, report, ways out, chart series and the job's time and cost of this view, always
/// computed together.
pub type Rep = Reported<MemoryInputs, TrainingSheet>;
/// The view's one memo: everything below the form reads it.
pub type Training = Memo<Rep>;

/// The form: the model, then the run (its method, its shape, what it keeps), the cards and the
/// tokens to train on.
const FORM: &[Section] = &[
    model::SECTION,
    Section {
        legend: Some(|t| t.training.legend),
        items: &[
            Item::Control(|| choice(&METHOD, MEMORY)),
            Item::Help("lora"),
            Item::Control(|| choice(&OPTIMIZER, MEMORY)),
            Item::Control(|| choice(&PRECISION, MEMORY)),
            Item::Control(|| slider(&SEQ, MEMORY)),
            Item::Control(|| slider(&BATCH, MEMORY)),
            Item::Control(|| choice(&RECOMPUTE, MEMORY)),
            Item::Help("recompute"),
            Item::Control(|| flag(&FLASH, MEMORY)),
            // A full fine-tune may freeze layers; the LoRA methods name their rank and modules.
            Item::Either {
                when: || holds(MEMORY, |m| m.training.method != Method::Full),
                yes: &[Item::Control(lora_fields)],
                no: &[Item::Control(|| num(&FROZEN_LAYERS, MEMORY))],
            },
            Item::Control(|| view! { <CardField /> }.into_any()),
            Item::Control(|| num(&GPUS, MEMORY)),
            Item::Control(zero),
            Item::Help("zero"),
            Item::Control(|| num(&TRAIN_MARGIN, MEMORY)),
            Item::Help("headroom"),
            Item::Control(|| num(&TRAIN_TOKENS, MEMORY)),
            Item::Control(problem),
        ],
    },
];

/// The sharding drop-down's label: more than the ZeRO stage alone (`[field].zero`).
const ZERO: Tr = |t| t.training.zero;

/// The sharding stage, 0 to 3.
fn zero() -> AnyView {
    let app = use_app();
    let inputs = app.slice(MEMORY);
    let set = Callback::new(move |id: String| {
        if let Ok(v) = id.parse::<u8>() {
            app.try_edit(MEMORY, |m| m.training.zero = v.min(3))
        }
    });
    let value = Signal::derive(move || inputs.see(|m| m.training.zero.to_string()));
    view! {
        <ChoiceField
            key="zero"
            label=Some(ZERO)
            options=vec!["0", "1", "2", "3"]
            text=locale_option
            value=value
            on_change=set
        />
    }
    .into_any()
}

/// Why the modules or the card are refused.
fn problem() -> AnyView {
    let app = use_app();
    view! {
        <p class="field-msg" role="alert" data-testid="error-training">
            {live(move || app.issue("lora_targets").or_else(|| app.issue("gpu")))}
        </p>
    }
    .into_any()
}

/// What one card holds and the fewest cards that hold the run.
const MEMORY_FIGURES: Sheet<Rep> = Sheet {
    notes: None,
    shown: None,
    tiles: results::TILES,
    sentence: None,
    ranges: None,
    formulas: &[],
    charts: &[],
};

/// The job's time and cost, then the model states' formula.
const TIME: Sheet<Rep> = Sheet {
    notes: None,
    shown: None,
    tiles: time::TILES,
    sentence: None,
    ranges: None,
    formulas: formulas::STATES,
    charts: &[],
};

/// The activations' and the reserve's formulas, and the charts.
const WORKING: Sheet<Rep> = Sheet {
    notes: None,
    shown: None,
    tiles: &[],
    sentence: None,
    ranges: None,
    formulas: formulas::REST,
    charts: charts::CHARTS,
};

#[component]
pub fn TrainingView() -> impl IntoView {
    let app = use_app();
    let rep: Training = use_report(MEMORY, training_sheet);
    let said = memo(move || rep.see(|r| answer(r, app.t())));
    let ways = memo(move || rep.see(|r| ways_list(r, app.t())));
    let results = view! {
        {sheet(rep, &MEMORY_FIGURES)}
        <h3>{tr(|t| t.training.time_legend)}</h3>
        {sheet(rep, &TIME)}
        <p class="hint">{tr(|t| t.training.bytes_note)}</p>
        {sheet(rep, &WORKING)}
    }
    .into_any();
    page(
        "training",
        said,
        ways,
        try_way(rep, |r, kind, m| r.ways.apply(kind, m)),
        FORM,
        results,
    )
}
