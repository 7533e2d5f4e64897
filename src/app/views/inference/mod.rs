//! The inference view (docs/formulas.md, "Inference memory"): the component, its form and its
//! results as tables. Everything below the form reads one memo, the core's
//! `calc::memory_sheet::inference` (the report, the ways out, the charts' series); the frame,
//! the answer's shape and the charts are the memory views' own (`views::memory`).

mod answer;
mod charts;
mod formulas;
mod results;

use self::answer::{answer, ways_list};
use super::memory::{page, try_way};
use super::model::card::CardField;
use super::model::{self, MEMORY};
use crate::app::i18n::tr;
use crate::app::state::{memo, use_app, use_report, Reported, See};
use crate::app::widgets::{choice, live, num, sheet, slider, Item, Section, Sheet, When};
use crate::calc::memory::inputs::{
    MemoryInputs, CONC, CTX, ENGINE, GPU_UTIL, KV, MARGIN, OVERHEAD_GIB, TP, WEIGHTS,
};
use crate::calc::memory_sheet::{inference as inference_sheet, InferenceSheet};
use leptos::prelude::*;

/// The inputs, report, ways out and chart series of this view, always computed together.
pub type Rep = Reported<MemoryInputs, InferenceSheet>;
/// The view's one memo: everything below the form reads it.
pub type Inference = Memo<Rep>;

/// The form: the model, then the load, the card and the engine.
const FORM: &[Section] = &[
    model::SECTION,
    Section {
        legend: Some(|t| t.inference.legend),
        items: &[
            Item::Control(|| choice(&WEIGHTS, MEMORY)),
            Item::Control(|| choice(&KV, MEMORY)),
            Item::Help("kv-cache"),
            Item::Control(|| slider(&CTX, MEMORY)),
            Item::Control(|| slider(&CONC, MEMORY)),
            Item::Control(|| num(&OVERHEAD_GIB, MEMORY)),
            Item::Control(|| num(&MARGIN, MEMORY)),
            Item::Control(|| view! { <CardField testid="gpu-specs" /> }.into_any()),
            Item::Control(|| num(&TP, MEMORY)),
            Item::Help("tp"),
            Item::Control(gpu_problem),
            Item::Control(|| choice(&ENGINE, MEMORY)),
            Item::Control(|| num(&GPU_UTIL, MEMORY)),
        ],
    },
];

/// Why a card is refused (one the catalogue does not hold, or cards it cannot split over).
fn gpu_problem() -> AnyView {
    let app = use_app();
    view! {
        <p class="field-msg" role="alert" data-testid="error-gpu">
            {live(move || app.issue("gpu"))}
        </p>
    }
    .into_any()
}

/// The figures and the note on sizing to the peak.
const FIGURES: Sheet<Rep> = Sheet {
    notes: None,
    shown: None,
    tiles: results::TILES,
    sentence: Some(("inference-peak", results::peak)),
    ranges: None,
    formulas: &[],
    charts: &[],
};

/// The working and the charts, under the engine's pool.
const WORKING: Sheet<Rep> = Sheet {
    notes: None,
    shown: None,
    tiles: &[],
    sentence: None,
    ranges: None,
    formulas: formulas::ROWS,
    charts: charts::CHARTS,
};

/// With `engine=vllm`: the pool vLLM would allocate and the launch flags that give it.
fn engine(rep: Inference) -> AnyView {
    let app = use_app();
    let flags = move || rep.see(|r| r.vllm.as_ref().map(|v| v.flags.clone()).unwrap_or_default());
    view! {
        <When when=move || rep.see(|r| r.vllm.is_some())>
            <div class="engine" data-testid="engine-vllm">
                {sheet(rep, &results::POOL)}
                <p class="hint">{live(move || rep.see(|r| results::profile(r, app.t())))}</p>
                <p>{tr(|t| t.inference.flags)}</p>
                <pre>
                    <code data-testid="vllm-flags" data-value=flags>
                        {live(flags)}
                    </code>
                </pre>
            </div>
        </When>
    }
    .into_any()
}

#[component]
pub fn InferenceView() -> impl IntoView {
    let app = use_app();
    let rep: Inference = use_report(MEMORY, inference_sheet);
    let said = memo(move || rep.see(|r| answer(r, app.t())));
    let ways = memo(move || rep.see(|r| ways_list(r, app.t())));
    let results = view! {
        {sheet(rep, &FIGURES)}
        {engine(rep)}
        {sheet(rep, &WORKING)}
    }
    .into_any();
    page(
        "inference",
        said,
        ways,
        try_way(rep, |r, kind, m| r.ways.apply(kind, m)),
        FORM,
        results,
    )
}
