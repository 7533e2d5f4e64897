//! The plan view (docs/formulas.md, "The plan"): which card, how many and which way to pay for
//! a job, as one ranked table. The job is the serving view's inputs and the memory views' model
//! (the same link keys); the plan's own inputs are the kind of job and a hosted API's prices.
//!
//! One memo holds the report (`use_scenario_report`); the sentence, the table and the chart all
//! read it, the table's rows drawn by one loop and the chart from the points the core returns.

mod chart;
mod table;

use self::chart::PlanChart;
use self::table::{owned_units, row_name, way_name, PlanTable};
use super::headline::{Answer, Headline, Tone};
use super::model::{self, MEMORY};
use crate::app::format::{money, number};
use crate::app::i18n::quote_month;
use crate::app::state::{memo, use_app, use_scenario_report, Lens, Reported, See};
use crate::app::widgets::{choice, form, holds, num, radio, Item, Section};
use crate::calc::memory::inputs::{METHOD, SEQ, TRAIN_MARGIN, TRAIN_TOKENS, WEIGHTS};
use crate::calc::plan::{
    report, Job, PlanInputs, PlanReport, Way, API_IN, API_OUT, DEADLINE_H, JOB,
};
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
    Item::Control(|| num(&TRAIN_MARGIN, MEMORY)),
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

/// The sentence: the cheapest card that meets the job, its count, way to pay, the unit bought and
/// the price's month, with the hosted API beside it (first, when it costs less); or, when none
/// meets it, the nearest row's reason.
fn answer(r: &PlanReport, t: &'static Texts) -> Answer {
    let w = &t.plan;
    let api = r.api.as_ref().map(|a| {
        let who = a.price.map_or(w.api_yours.to_string(), |p| {
            w.api_source(p.provider, &quote_month(t, p.date))
        });
        (who, money(a.month, 0), money_per(a.per_million, r, t))
    });
    let Some(b) = r.best.map(|b| &r.rows[b]) else {
        let nearest = r.rows.first().map(|row| table::reason(row, r, t));
        let api = api.map(|(who, month, per)| w.api_sentence(&who, &month, &per));
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
    // What the money buys and when it was priced: the units owned, or the rent's month.
    let month = b.date_of(way).map(|d| price_month(t, d));
    let basis = match (way, b.owned, month) {
        (Way::Owned, Some(o), None) => owned_units(&o, r.currency, t),
        (Way::Owned, Some(o), Some(m)) => w.basis_owned(&owned_units(&o, r.currency, t), &m),
        (_, _, m) => m.unwrap_or_default(),
    };
    let name = row_name(b, t);
    if r.job == Job::Train {
        return Answer {
            code: "best",
            tone: Tone::Good,
            lead: w.best_train(&name, way_name(way, t), &money(cost, 0)),
            detail: [
                basis,
                w.train_detail(&number(b.hours, 1), &number(b.train_tps, 0)),
            ]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(w.sep),
        };
    }
    let lead = w.best(&name, way_name(way, t), &money(cost, 0));
    let detail = w.best_detail(
        &number(b.ttft_s, 1),
        &number(b.tpot_s * 1000.0, 0),
        &b.per_million.map_or(String::new(), |v| money_per(v, r, t)),
    );
    let detail = [basis, detail]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(w.sep);
    match (api, r.api_cheaper) {
        // The API costs less than any card: it leads, the cheapest card follows.
        (Some((who, month, per)), true) => Answer {
            code: "api",
            tone: Tone::Good,
            lead: w.api_first(&who, &month, &per),
            detail: w.api_then(&lead, &detail),
        },
        (Some((who, month, per)), false) => Answer {
            code: "best",
            tone: Tone::Good,
            lead,
            detail: format!("{detail}{}{}", w.sep, w.api_sentence(&who, &month, &per)),
        },
        (None, _) => Answer {
            code: "best",
            tone: Tone::Good,
            lead,
            detail,
        },
    }
}

/// A price's month in the sentence: "price of 2026-10", or "price from 2024-08, more than 180
/// days old" past the catalogue's rule.
fn price_month(t: &'static Texts, date: &str) -> String {
    if crate::calc::pick::is_stale(date, crate::app::format::today()).unwrap_or(false) {
        t.plan.price_old(date)
    } else {
        t.plan.price_of(date)
    }
}

/// A cost per million tokens in the report's currency: cents from a unit up, and below one the
/// decimals of a hosted price, so that the card's and the API's compare ($0.055, not $0.06).
fn money_per(v: f64, r: &PlanReport, t: &'static Texts) -> String {
    let digits = if v.abs() >= 1.0 {
        2
    } else {
        crate::calc::plan::api::PRICE_DIGITS
    };
    t.plan.per_million(&money(
        crate::calc::units::Money::new(v, r.currency),
        digits,
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
