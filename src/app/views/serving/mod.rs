//! The serving view (docs/formulas.md, "Serving capacity"): the component and its inputs. The
//! model, card, weight format and tensor parallelism are the memory views' own; the runtime,
//! request shape, load and latency goals are this view's. Figures, working and charts are in the
//! files beside it.

mod answer;
mod calibrate;
mod charts;
mod formulas;
mod results;

use self::answer::{answer, try_way, ways};
use self::calibrate::CalibrateBox;
use self::charts::ServingCharts;
use self::formulas::ServingFormulas;
use self::results::{ServingNotes, ServingStats};
use super::headline::{Headline, Ways};
use super::model::card::CardField;
use super::model::{ModelSection, MEMORY};
use crate::app::format::number;
use crate::app::glossary::Help;
use crate::app::i18n::tr;
use crate::app::state::{use_app, use_scenario_report, Lens, Reported};
use crate::app::widgets::{ChoiceInput, Input, Inputs, NumberField, SliderField};
use crate::calc::choice::Choice;
use crate::calc::memory::inputs::{TP, WEIGHTS};
use crate::calc::serving::{
    report, Load, ServingInputs, ServingReport, CARD_PRICE, IN_PRICE_PCT, IN_TOKENS, LOAD,
    MEASURED_TPS, OUT_TOKENS, RENT_HOURS, RUNTIME, SERVE_CONC, TARGET_RPS, THINK_S, TPOT_MS,
    TTFT_MS, USERS,
};
use crate::text::Texts;
use leptos::prelude::*;

/// The serving calculator's inputs.
pub const LENS: Lens<ServingInputs> = Lens {
    get: |s| &s.serving,
    get_mut: |s| &mut s.serving,
};

#[rustfmt::skip]
const REQUESTS: &[Input<ServingInputs>] = &[
    Input::num(IN_TOKENS),
    Input::num(OUT_TOKENS),
];

// Split where the latency terms' "?" stands beside their fields.
#[rustfmt::skip]
const GOALS: &[Input<ServingInputs>] = &[
    Input::num(TPOT_MS),
    Input::num(TTFT_MS),
];

// The load, as a rate or as people using it at once: only the chosen one's fields are shown.
#[rustfmt::skip]
const BY_RATE: &[Input<ServingInputs>] = &[
    Input::num(TARGET_RPS),
];

#[rustfmt::skip]
const BY_USERS: &[Input<ServingInputs>] = &[
    Input::num(USERS),
    Input::num(THINK_S),
];

// The price and the hours it is paid for, then the note on how they are billed.
#[rustfmt::skip]
const PRICE: &[Input<ServingInputs>] = &[
    Input::num(CARD_PRICE),
    Input::num(RENT_HOURS),
    Input::num(IN_PRICE_PCT),
];

#[rustfmt::skip]
const CALIBRATE: &[Input<ServingInputs>] = &[
    Input::num(MEASURED_TPS),
];

/// The hours held and billed a day, under the billing view's rule by its short name.
fn billed_note(r: &ServingReport, t: &'static Texts) -> String {
    let id = r.granularity.id();
    let rule = t.billing.rule_short.get(id).unwrap_or(id);
    t.serving_billing
        .billed_note(&number(r.rent_hours, 2), &number(r.billed_hours, 2), rule)
}

/// The inputs and report of this view, always computed together.
pub type Serving = Memo<Reported<ServingInputs, ServingReport>>;

#[component]
pub fn ServingView() -> impl IntoView {
    let app = use_app();
    let rep: Serving = use_scenario_report(LENS, report);
    let report = Memo::new(move |_| rep.with(|r| r.report.clone()));
    let card = Memo::new(move |_| app.scenario.with(|s| s.memory.gpu.clone()));
    let said = Memo::new(move |_| rep.with(|r| card.with(|c| answer(r, c, app.t()))));
    let out = Memo::new(move |_| report.with(|r| ways(r, app.t())));
    // Without room for one request, every figure below would be built on nothing: none is shown.
    let fits = Memo::new(move |_| report.with(|r| r.fits));
    let by_users = Memo::new(move |_| rep.with(|r| r.inputs.load == Load::Users));

    view! {
        <section class="view serving" data-testid="view-serving">
            <Headline answer=said />
            <Ways ways=out on_try=try_way(report) />
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <ModelSection />
                    <fieldset>
                        <legend>{tr(|t| t.serving.legend_card)}</legend>
                        <CardField testid="gpu-specs" />
                        <ChoiceInput field=&WEIGHTS lens=MEMORY />
                        <NumberField field=&TP lens=MEMORY />
                        <Help term="tp" named=true />
                        <ChoiceInput field=&RUNTIME lens=LENS />
                    </fieldset>
                    <fieldset>
                        <legend>{tr(|t| t.serving.legend_requests)}</legend>
                        <Inputs list=REQUESTS lens=LENS />
                        <SliderField field=&SERVE_CONC lens=LENS min=1.0 max=256.0 step=1.0 />
                    </fieldset>
                    <fieldset>
                        <legend>{tr(|t| t.serving.legend_load)}</legend>
                        <ChoiceInput field=&LOAD lens=LENS />
                        <Show
                            when=move || by_users.get()
                            fallback=|| view! { <Inputs list=BY_RATE lens=LENS /> }
                        >
                            <Inputs list=BY_USERS lens=LENS />
                        </Show>
                        <Inputs list=GOALS lens=LENS />
                        <Help term="ttft-tpot" named=true />
                        <Inputs list=PRICE lens=LENS />
                        <p class="hint" data-testid="serving-billed">
                            {move || report.with(|r| billed_note(r, app.t()))}
                        </p>
                        <Inputs list=CALIBRATE lens=LENS />
                        <CalibrateBox />
                    </fieldset>
                </form>
                <div class="results">
                    <ServingNotes report=report />
                    <Show when=move || fits.get()>
                        <ServingStats report=report />
                        <ServingFormulas rep=rep />
                        <ServingCharts rep=rep />
                    </Show>
                </div>
            </div>
        </section>
    }
}
