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
use super::headline::{Headline, Ways};
use super::model::card::CardField;
use super::model::{self, MEMORY};
use crate::app::format::number;
use crate::app::state::{memo, use_app, use_scenario_report, Lens, Reported, See};
use crate::app::widgets::{choice, form, holds, live, num, sheet, slider, Item, Section, Sheet};
use crate::calc::choice::Choice;
use crate::calc::memory::inputs::{TP, WEIGHTS};
use crate::calc::serving::{
    sheet as serving_sheet, Load, ServingInputs, ServingReport, ServingSheet, CARD_BUY, CARD_PRICE,
    IN_PRICE_PCT, IN_TOKENS, LOAD, MEASURED_TPS, OUT_TOKENS, RENT_HOURS, RUNTIME, SERVE_CONC,
    TARGET_RPS, THINK_S, TPOT_MS, TTFT_MS, USERS,
};
use crate::text::Texts;
use leptos::prelude::*;

/// The serving calculator's inputs.
pub const LENS: Lens<ServingInputs> = crate::app::state::lenses::SERVING;

/// The form: the memory views' model and card, then this view's runtime, requests, load,
/// goals, price and calibration.
const FORM: &[Section] = &[
    model::SECTION,
    Section {
        legend: Some(|t| t.serving.legend_card),
        items: &[
            Item::Control(|| view! { <CardField testid="gpu-specs" /> }.into_any()),
            Item::Control(|| choice(&WEIGHTS, MEMORY)),
            Item::Control(|| num(&TP, MEMORY)),
            Item::Help("tp"),
            Item::Control(|| choice(&RUNTIME, LENS)),
        ],
    },
    Section {
        legend: Some(|t| t.serving.legend_requests),
        items: &[
            Item::Control(|| num(&IN_TOKENS, LENS)),
            Item::Control(|| num(&OUT_TOKENS, LENS)),
            Item::Control(|| slider(&SERVE_CONC, LENS)),
        ],
    },
    Section {
        legend: Some(|t| t.serving.legend_load),
        items: &[
            Item::Control(|| choice(&LOAD, LENS)),
            // The load, as a rate or as people using it at once: only the chosen one's fields.
            Item::Either {
                when: || holds(LENS, |i| i.load == Load::Users),
                yes: &[
                    Item::Control(|| num(&USERS, LENS)),
                    Item::Control(|| num(&THINK_S, LENS)),
                ],
                no: &[Item::Control(|| num(&TARGET_RPS, LENS))],
            },
            Item::Control(|| num(&TPOT_MS, LENS)),
            Item::Control(|| num(&TTFT_MS, LENS)),
            Item::Help("ttft-tpot"),
            // The price and the hours it is paid for, then the note on how they are billed.
            Item::Control(|| num(&CARD_PRICE, LENS)),
            Item::Control(|| num(&CARD_BUY, LENS)),
            Item::Control(|| num(&RENT_HOURS, LENS)),
            Item::Control(|| num(&IN_PRICE_PCT, LENS)),
            Item::Control(billed),
            Item::Control(|| num(&MEASURED_TPS, LENS)),
            Item::Control(|| view! { <CalibrateBox /> }.into_any()),
        ],
    },
];

/// The note under the price, read from the view's report (given as context by the view).
fn billed() -> AnyView {
    let app = use_app();
    let Some(rep) = use_context::<Serving>() else {
        return ().into_any();
    };
    view! {
        <p class="hint" data-testid="serving-billed">
            {live(move || rep.see(|r| billed_note(&r.report, app.t())))}
        </p>
    }
    .into_any()
}

/// The hours held and billed a day, under the billing view's rule by its short name.
fn billed_note(r: &ServingReport, t: &'static Texts) -> String {
    let id = r.granularity.id();
    let rule = t.billing.rule_short.get(id).unwrap_or(id);
    t.serving_billing
        .billed_note(&number(r.rent_hours, 2), &number(r.billed_hours, 2), rule)
}

/// The inputs, report and chart series of this view, always computed together.
pub type Rep = Reported<ServingInputs, ServingSheet>;
/// The view's one memo: everything below the form reads it.
pub type Serving = Memo<Rep>;

/// What the view shows below its form, as rows read from its memo.
const SHEET: Sheet<Rep> = Sheet {
    notes: Some(("serving-notes", results::notes)),
    // Without room for one request, every figure would be built on nothing: none is shown.
    shown: Some(|p| p.fits),
    tiles: results::TILES,
    sentence: None,
    ranges: Some(results::ranges),
    formulas: formulas::ROWS,
    charts: charts::CHARTS,
};

#[component]
pub fn ServingView() -> impl IntoView {
    let app = use_app();
    let rep: Serving = use_scenario_report(LENS, serving_sheet);
    let said = memo(move || rep.see(|r| answer(r, app.t())));
    let out = memo(move || rep.see(|r| ways(r, app.t())));
    provide_context(rep);

    view! {
        <section class="view serving" data-testid="view-serving">
            <Headline answer=said />
            <Ways ways=out on_try=try_way(rep) />
            <div class="columns">{form(FORM)} <div class="results">{sheet(rep, &SHEET)}</div></div>
        </section>
    }
}
