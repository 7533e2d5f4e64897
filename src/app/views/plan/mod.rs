//! The plan view (docs/formulas.md, "The plan"): which card, how many and which way to pay for
//! a job, as one ranked table. The job is the serving view's inputs and the memory views' model
//! (the same link keys); the plan's own inputs are the kind of job and a hosted API's prices.
//!
//! One memo holds the report (`use_scenario_report`); the sentence, the table and the chart all
//! read it, the table's rows drawn by one loop and the chart from the points the core returns.

mod chart;
mod table;

use self::chart::PlanChart;
use self::table::{row_name, way_name, PlanTable};
use super::headline::{Answer, Headline, Tone};
use super::model::{self, MEMORY};
use crate::app::format::{money, number};
use crate::app::state::{memo, use_app, use_scenario_report, Lens, Reported, See};
use crate::app::widgets::{choice, form, holds, num, radio, Item, Section};
use crate::calc::memory::inputs::{METHOD, SEQ, TRAIN_TOKENS, WEIGHTS};
use crate::calc::plan::{report, Job, PlanInputs, PlanReport, API_IN, API_OUT, DEADLINE_H, JOB};
use crate::calc::serving::{
    Load, ServingInputs, IN_TOKENS, LOAD, OUT_TOKENS, RENT_HOURS, RUNTIME, TARGET_RPS, THINK_S,
    TPOT_MS, TTFT_MS, USERS,
};
use crate::text::Texts;
use leptos::prelude::*;

/// The plan's own inputs.
pub const LENS: Lens<PlanInputs> = crate::app::state::lenses::PLAN;
/// The serving job's inputs, the serving view's own.
const SERVE: Lens<ServingInputs> = crate::app::state::lenses::SERVING;

/// A serving job: the serving view's own inputs, then the hosted API's prices.
const SERVE_ITEMS: &[Item] = &[
    Item::Control(|| choice(&WEIGHTS, MEMORY)),
    Item::Control(|| choice(&RUNTIME, SERVE)),
    Item::Control(|| num(&IN_TOKENS, SERVE)),
    Item::Control(|| num(&OUT_TOKENS, SERVE)),
    Item::Control(|| choice(&LOAD, SERVE)),
    Item::Either {
        when: || holds(SERVE, |i| i.load == Load::Users),
        yes: &[
            Item::Control(|| num(&USERS, SERVE)),
            Item::Control(|| num(&THINK_S, SERVE)),
        ],
        no: &[Item::Control(|| num(&TARGET_RPS, SERVE))],
    },
    Item::Control(|| num(&TTFT_MS, SERVE)),
    Item::Control(|| num(&TPOT_MS, SERVE)),
    Item::Help("ttft-tpot"),
    Item::Control(|| num(&RENT_HOURS, SERVE)),
    Item::Control(|| num(&API_IN, LENS)),
    Item::Control(|| num(&API_OUT, LENS)),
];

/// A training job: the training view's method, tokens and sequence, and the deadline.
const TRAIN_ITEMS: &[Item] = &[
    Item::Control(|| choice(&METHOD, MEMORY)),
    Item::Help("lora"),
    Item::Control(|| num(&TRAIN_TOKENS, MEMORY)),
    Item::Control(|| num(&SEQ, MEMORY)),
    Item::Control(|| num(&DEADLINE_H, LENS)),
];

const FORM: &[Section] = &[
    Section {
        legend: None,
        items: &[Item::Control(|| radio(&JOB, LENS)), model::MODEL_ITEM],
    },
    Section {
        legend: Some(|t| t.plan.legend_job),
        items: &[Item::Either {
            when: || holds(LENS, |i| i.job == Job::Train),
            yes: TRAIN_ITEMS,
            no: SERVE_ITEMS,
        }],
    },
];

/// The inputs and report of this view, always computed together.
pub type Plan = Memo<Reported<PlanInputs, PlanReport>>;

/// The sentence: the cheapest card that meets the job, its count and way to pay, and the hosted
/// API beside it; or, when none meets it, the nearest row's reason.
fn answer(r: &PlanReport, t: &'static Texts) -> Answer {
    let w = &t.plan;
    let api = r.api.as_ref().map(|a| {
        let who = a.price.map_or(w.api_yours, |p| p.provider);
        w.api_sentence(who, &money(a.month, 0), &money_per(a.per_million, r, t))
    });
    let Some(b) = r.best.map(|b| &r.rows[b]) else {
        let nearest = r.rows.first().map(|row| table::reason(row, r, t));
        return Answer {
            code: "none",
            tone: Tone::Bad,
            lead: w.none.to_string(),
            detail: [nearest, api]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(w.sep),
        };
    };
    let (Some(way), Some(cost)) = (b.way, b.cost) else {
        return Answer {
            code: "none",
            tone: Tone::Bad,
            lead: w.none.to_string(),
            detail: String::new(),
        };
    };
    if r.job == Job::Train {
        return Answer {
            code: "best",
            tone: Tone::Good,
            lead: w.best_train(&row_name(b, t), way_name(way, t), &money(cost, 0)),
            detail: w.train_detail(&number(b.hours, 1), &number(b.train_tps, 0)),
        };
    }
    let lead = w.best(&row_name(b, t), way_name(way, t), &money(cost, 0));
    let detail = w.best_detail(
        &number(b.ttft_s, 1),
        &number(b.tpot_s * 1000.0, 0),
        &b.per_million.map_or(String::new(), |v| money_per(v, r, t)),
    );
    let detail = match (api, r.api_cheaper) {
        (Some(a), true) => format!("{detail}{}{a}{}", w.sep, w.api_cheaper),
        (Some(a), false) => format!("{detail}{}{a}", w.sep),
        (None, _) => detail,
    };
    Answer {
        code: "best",
        tone: Tone::Good,
        lead,
        detail,
    }
}

/// A cost per million tokens in the report's currency, with the decimals of a hosted price so
/// that the card's and the API's compare ($0.055, not $0.06).
fn money_per(v: f64, r: &PlanReport, t: &'static Texts) -> String {
    t.plan.per_million(&money(
        crate::calc::units::Money::new(v, r.currency),
        crate::calc::plan::api::PRICE_DIGITS,
    ))
}

#[component]
pub fn PlanView() -> impl IntoView {
    let app = use_app();
    let rep: Plan = use_scenario_report(LENS, report);
    let said = memo(move || rep.see(|r| answer(&r.report, app.t())));
    view! {
        <section class="view plan" data-testid="view-plan">
            <Headline answer=said />
            <div class="columns">
                {form(FORM)} <div class="results">
                    <PlanTable rep=rep />
                    <PlanChart rep=rep />
                </div>
            </div>
        </section>
    }
}
