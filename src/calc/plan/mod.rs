//! The plan: which card, how many, and which way to pay, as one ranked answer for a job
//! (docs/formulas.md, "The plan"). The guide's procedure (2.1, 1.3, 6.2): memory decides what
//! can run, then the supply forms that do not fit the job are set aside, and the prices of the
//! rest are compared.
//!
//! A serving job is the serving view's own inputs with the memory views' model and format. For
//! every card of the catalogue the plan runs the serving calculator itself
//! ([`crate::calc::serving::report`]) on that card, so every figure of a row is the serving
//! view's for the same inputs:
//!
//! ```text
//! tensor-parallel cards = of the splits from the fewest that hold one request (1, or the
//!                         serving report's tp_to_fit) up to 8 (one machine) that the runtime
//!                         accepts, the one whose fleet meets both latency goals with the fewest
//!                         cards in all (the smaller split on a tie); none meets: the fewest
//! cards                 = the serving report's count at that split (replicas x tp)
//! machines (a machine row of the catalogue) = ceil(cards / cards per machine)
//! a month, on demand    = rent per card-hour x cards x billed hours a day x days
//!                         (machine: rent per machine-hour x machines x billed hours x days)
//! a month, reserved     = the catalogue's monthly term (包月) per card x cards
//!                         (machine: its monthly term x machines)
//! a month, owned        = owning a card-hour (rent-or-buy's rules, the serving view's machine
//!                         of 8) x cards x the month's hours
//!                         (machine: rent or buy filled from the machine row, its month at the
//!                         machine's utilisation, x machines)
//! days                  = rent or buy's month hours / 24
//! per million tokens    = a month / (tokens priced a held hour x held hours a day x days) x 1e6
//! ```
//!
//! Like compares with like: a way to pay is present only where the catalogue has a dated quote
//! for that card or machine, in the scenario's currency and of that way's tier (an hourly rent
//! on demand or community for on demand; a monthly term for reserved; a street price, or the
//! rent-or-buy view's own machine of that card, for owned). A price typed on the serving view
//! (`card_price`, `card_buy`) or a calibration is for the serving view's one card, so the plan
//! leaves them out for every card (a row's link opens the serving view without them). No
//! price is converted and none is borrowed from another card: a way with no price is absent.
//!
//! Ranking: rows that fit and meet both latency goals with a price, by the cheapest way's month;
//! then rows that meet the goals with no price; then rows that fit and miss a goal; then rows
//! that do not fit. Each excluded row carries its [`Reason`].
//!
//! Beside the cards: a hosted API at a dated price per million input and output tokens
//! ([`api`]) or the reader's own (`api_in`, `api_out`), for the same tokens a month.

pub mod api;
mod train;
pub use train::{spot_job, SpotJob, SPOT_BAND};

use crate::calc::field::{NumField, NumberKind};
use crate::calc::memory::catalogue::{Gpu, GPUS};
use crate::calc::memory::prices::{Machine, Quote, MACHINES};
use crate::calc::pick::{rent_buy_fill, OwnBasis, Pick};
use crate::calc::rent_buy::own_at;
use crate::calc::scenario::Scenario;
use crate::calc::serving::{self, PriceSource, ServingInputs, ServingReport};
use crate::calc::table::{validate, Calculator, ChoiceField, Field, KeyedError, Valid};
use crate::calc::units::{Bytes, Currency, Money};
use std::cmp::Ordering;
use thiserror::Error;

/// The plan's own inputs: the kind of job, and the hosted API's prices when typed. The serving
/// job itself is the serving view's inputs and the memory views' model (one set of inputs).
#[derive(Debug, Clone, PartialEq)]
pub struct PlanInputs {
    pub job: Job,
    /// A hosted API's price per million input tokens, in the scenario's currency; 0: the dated
    /// price of [`api::API_PRICES`] for the model, where there is one.
    pub api_in: f64,
    /// The same per million output tokens.
    pub api_out: f64,
    /// A training job's deadline: hours of wall time it must finish within.
    pub deadline_h: f64,
}

impl Default for PlanInputs {
    fn default() -> Self {
        PlanInputs {
            job: Job::Serve,
            api_in: 0.0,
            api_out: 0.0,
            deadline_h: 48.0,
        }
    }
}

/// What the job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Job {
    /// Serving the model: the serving view's inputs.
    #[default]
    Serve,
    /// Training (fine-tuning) the model.
    Train,
}

crate::choice_ids!(Job { Serve => "serve", Train => "train" });

/// The kind of job.
pub const JOB: ChoiceField<PlanInputs> = crate::choice_field!("job", Job, job);

type F = NumField<PlanInputs>;

#[rustfmt::skip]
mod fields {
    use super::*;
    pub const API_IN: F = NumField { key: "api_in", kind: NumberKind::Money, min: 0.0, max: 10_000.0, slider: None, whole: false, get: |i| i.api_in, set: |i, v| i.api_in = v };
    pub const API_OUT: F = NumField { key: "api_out", kind: NumberKind::Money, min: 0.0, max: 10_000.0, slider: None, whole: false, get: |i| i.api_out, set: |i, v| i.api_out = v };
    pub const DEADLINE_H: F = NumField { key: "deadline_h", kind: NumberKind::Plain, min: 0.01, max: 1e6, slider: None, whole: false, get: |i| i.deadline_h, set: |i, v| i.deadline_h = v };
}
pub use fields::*;

impl Calculator for PlanInputs {
    type Error = PlanError;
    const FIELDS: &'static [Field<Self>] = &[
        Field::Choice(JOB),
        Field::Num(API_IN),
        Field::Num(API_OUT),
        Field::Num(DEADLINE_H),
    ];
}

/// Why plan inputs were refused.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum PlanError {
    #[error(transparent)]
    Field(#[from] crate::calc::field::FieldError),
}

impl KeyedError for PlanError {
    fn kind(&self) -> crate::calc::table::ErrorKind {
        crate::calc::table::ErrorKind::Plan
    }
    fn key(&self) -> &'static str {
        match self {
            PlanError::Field(e) => e.key(),
        }
    }
}

/// A way to pay for the cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    /// Rented by the hour (on demand or community), for the hours held a day.
    OnDemand,
    /// A monthly term (包月), held the whole month.
    Reserved,
    /// Bought: rent-or-buy's monthly cost of owning.
    Owned,
    /// Training only: interruptible cards at the catalogue's dated spot quote, resumed from
    /// checkpoints (the spot view's model, [`spot_job`]).
    Spot,
}

impl Way {
    pub const ALL: [Way; 4] = [Way::OnDemand, Way::Reserved, Way::Owned, Way::Spot];

    pub fn id(self) -> &'static str {
        match self {
            Way::OnDemand => "on_demand",
            Way::Reserved => "reserved",
            Way::Owned => "owned",
            Way::Spot => "spot",
        }
    }
}

/// Why a row is not ranked among those that meet the job.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reason {
    /// One request does not fit even eight of the card (one machine).
    NoFit,
    /// The first-token goal is missed: the time at the load and its prefill part, seconds; or,
    /// `at_best`, no fleet of this card meets it and `ttft_s` is the shortest first token there
    /// is (prefill and the runtime's fixed time, no queueing: the serving view's floor).
    MissesFirstToken {
        ttft_s: f64,
        prefill_s: f64,
        at_best: bool,
    },
    /// The time per output token at the load is over the goal, seconds.
    MissesTpot { tpot_s: f64 },
    /// It meets the job, but the catalogue has no price for it in the scenario's currency.
    NoPrice,
    /// Training: no count up to [`crate::calc::training_time::MAX_CARDS`] finishes by the
    /// deadline; the fastest it finishes in, hours.
    MissesDeadline { hours: f64 },
}

impl Reason {
    pub fn id(self) -> &'static str {
        match self {
            Reason::NoFit => "no_fit",
            Reason::MissesFirstToken { .. } => "misses_ttft",
            Reason::MissesTpot { .. } => "misses_tpot",
            Reason::NoPrice => "no_price",
            Reason::MissesDeadline { .. } => "misses_deadline",
        }
    }
}

/// One row: a card of the catalogue, or an 8-card machine priced whole.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanRow {
    /// The catalogue row's id: a card's `gpu=` id, or a machine's id (`8x-h100`).
    pub id: &'static str,
    /// The card (a machine's cards).
    pub gpu: &'static Gpu,
    /// Cards in one machine for a machine row; 0 for a card row.
    pub machine_cards: u64,
    /// Tensor-parallel cards a replica (the fewest that hold one request).
    pub tp: u64,
    /// Cards the load and goals need (the serving report's count).
    pub cards: u64,
    /// Machines of a machine row (0 for a card row).
    pub machines: u64,
    pub fits: bool,
    pub meets: bool,
    pub reason: Option<Reason>,
    pub ttft_s: f64,
    pub tpot_s: f64,
    pub prefill_s: f64,
    /// One request's decode tokens a second at the load.
    pub decode_tps: f64,
    /// Requests a second in force on this fleet (typed, or what the people send to it).
    pub load_rps: f64,
    /// Training: the job's wall time on `cards`, hours, and tokens a second a card (0 serving).
    pub hours: f64,
    pub train_tps: f64,
    /// Training: the ZeRO stage the count assumes (0 serving).
    pub zero: u8,
    /// A month of serving, or the whole training job, each way (indexed as [`Way::ALL`]);
    /// `None`: no price of that way.
    pub month: [Option<Money>; 4],
    /// The cheapest way present, and its month.
    pub way: Option<Way>,
    pub cost: Option<Money>,
    /// The month of the oldest quote each way's price stands on (indexed as [`Way::ALL`]);
    /// `None` where the way has no price, or stands on the reader's own figure (the rent-or-buy
    /// view's machine).
    pub dates: [Option<&'static str>; 4],
    /// What owning means for this row: whole units that are sold ([`crate::calc::pick::own`]).
    pub owned: Option<OwnedUnits>,
    /// The cheapest way's cost per million tokens priced (output, and input at
    /// `in_price_pct`): the serving view's cost per million of that way.
    pub per_million: Option<f64>,
    /// No other priced row that meets the goals is both cheaper per million and faster per
    /// token (marked on the chart).
    pub frontier: bool,
    /// Training: the row's run at the edge of its memory (it fits with its margin kept free but
    /// less than twice that spare, `Headroom::Edge`), as the bytes spare and the bytes kept free
    /// a card; `None` otherwise and for serving rows.
    pub edge: Option<(Bytes, Bytes)>,
}

/// The units an owned way buys.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OwnedUnits {
    pub basis: OwnBasis,
    pub units: u64,
    /// Cards one unit takes, and the cards bought in all (a board is bought full).
    pub unit_cards: u64,
    pub cards_bought: u64,
}

impl OwnedUnits {
    /// `machines` whole machines of a machine row, bought at `quote`.
    pub fn machines(m: &'static Machine, quote: &'static Quote, machines: u64) -> OwnedUnits {
        let per = u64::from(m.cards);
        OwnedUnits {
            basis: OwnBasis::Machine { machine: m, quote },
            units: machines,
            unit_cards: per,
            cards_bought: machines * per,
        }
    }
}

impl PlanRow {
    /// A training card row past one machine: the whole machines its cards make (its count is
    /// a multiple of [`crate::calc::training_time::MACHINE_CARDS`], as the training search
    /// books them); `None` for a serving row, a machine row or one machine's cards.
    pub fn train_machines(&self) -> Option<u64> {
        let per = crate::calc::training_time::MACHINE_CARDS;
        (self.machine_cards == 0 && self.fits && self.train_tps > 0.0 && self.cards > per)
            .then(|| self.cards.div_ceil(per))
    }

    /// The month of the oldest quote `way` stands on.
    pub fn date_of(&self, way: Way) -> Option<&'static str> {
        self.dates[way as usize]
    }

    /// The month's cost of `way`.
    pub fn month_of(&self, way: Way) -> Option<Money> {
        self.month[way as usize]
    }
}

/// A hosted API for the same tokens a month.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiRow {
    /// The dated price used, or `None` when both prices were typed.
    pub price: Option<&'static api::ApiPrice>,
    pub input: f64,
    pub output: f64,
    pub month: Money,
    pub per_million: f64,
}

/// Everything the plan view shows.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanReport {
    pub job: Job,
    pub currency: Currency,
    /// Sorted as the module docs say; `best` is 0 when the first row meets the job with a price.
    pub rows: Vec<PlanRow>,
    pub best: Option<usize>,
    /// The card row of the scenario's own card (ringed on the chart).
    pub current: Option<usize>,
    /// The requests a second the month is counted at: the best row's load in force.
    pub load_rps: f64,
    pub api: Option<ApiRow>,
    /// The hosted API costs less a month than the best row.
    pub api_cheaper: bool,
}

/// The serving inputs a row runs with: the serving view's, less what was typed for its one card.
pub fn row_serving(s: &ServingInputs) -> ServingInputs {
    ServingInputs {
        card_price: 0.0,
        card_buy: 0.0,
        measured_tps: 0.0,
        cal: None,
        ..s.clone()
    }
}

/// The scenario a row stands on: the card, the fewest tensor-parallel cards `tp`, and the serving
/// inputs of [`row_serving`]. A row's link opens the serving view on it.
pub fn row_scenario(s: &Scenario, gpu: &Gpu, tp: u64) -> Scenario {
    let mut out = s.clone();
    out.memory.gpu = gpu.id.to_string();
    out.memory.inference.tp = tp;
    out.serving = row_serving(&s.serving);
    out
}

/// The scenario a training row stands on: the card, `n` cards at ZeRO stage `zero` (the
/// training view's `gpus` and `zero`). A row's link opens the training view on it.
pub fn row_scenario_train(s: &Scenario, gpu: &Gpu, n: u64, zero: u8) -> Scenario {
    let mut out = s.clone();
    out.memory.gpu = gpu.id.to_string();
    out.memory.training.gpus = n;
    out.memory.training.zero = zero;
    out
}

/// The serving report on `gpu` at the split whose fleet meets both latency goals with the fewest
/// cards in all, and that split. The splits tried run from the fewest tensor-parallel cards that
/// hold one request up to one machine ([`serving::MACHINE_CARDS`]), those the runtime accepts
/// (the model validates at that split, as the serving view's `tp`); a tie keeps the smaller
/// split. More cards a replica hold more of the KV cache beside one copy of the weights and split
/// each request's prefill and decode, so a larger split can need fewer cards in all (Llama 3.1 8B
/// at 8k prompts for 16 people: sixteen RTX 4090s one a replica, two as one pair). When no split
/// meets the goals, the fewest that hold a request. `None` when the serving inputs do not
/// validate.
fn serve_on(s: &Scenario, gpu: &Gpu) -> Option<(ServingReport, u64)> {
    let i = validate(row_serving(&s.serving)).ok()?;
    let at = |tp: u64| serving::report(&i, &row_scenario(s, gpu, tp));
    let one = at(1);
    let (least, tp) = if one.fits {
        (one, 1)
    } else {
        match one.tp_to_fit {
            Some(tp) => (at(tp), tp),
            None => return Some((one, 1)),
        }
    };
    if !least.fits {
        return Some((least, tp));
    }
    let at = |k: u64| {
        let sc = row_scenario(s, gpu, k);
        validate(sc.memory.clone()).ok()?;
        Some(serving::report(&i, &sc))
    };
    Some(match serving::fewest_cards(tp, least.clone(), &at) {
        Some((k, r)) => (r, k),
        None => (least, tp),
    })
}

/// The plan's report.
pub fn report(i: &Valid<PlanInputs>, s: &Scenario) -> PlanReport {
    let cur = s.currency;
    let rb = validate(s.rent_buy.clone()).unwrap_or_default();
    let month_hours = rb.month_hours.0;
    let days = month_hours / 24.0;
    let mut rows = Vec::new();
    if i.job == Job::Serve {
        for gpu in GPUS {
            let Some((r, tp)) = serve_on(s, gpu) else {
                continue;
            };
            let priced_hour = priced_per_hour(&r, &s.serving);
            let tokens_month = priced_hour * r.rent_hours * days;
            let fleet_u = r.utilisation * r.rent_hours / 24.0;
            // The card row: its own quotes, through the serving report's own figures.
            let on_demand = match r.price_source {
                PriceSource::Catalogue(q) => Some((
                    r.rent_card_hour.amount * r.cards as f64 * r.billed_hours * days,
                    Some(q.date),
                )),
                _ => None,
            };
            let reserved = crate::calc::memory::prices::prices(gpu.id).and_then(|p| {
                let pick = Pick::Card(p);
                let per_card = f64::from(pick.cards());
                pick.machine_month(cur)
                    .map(|(m, q)| (m / per_card * r.cards as f64, Some(q.date)))
            });
            // Owned: the serving report's whole units, their month at the day's use.
            let owned = r.own.as_ref().map(|o| (o.month.amount, o.basis.date()));
            let units = r.own.as_ref().map(|o| OwnedUnits {
                basis: o.basis,
                units: o.units,
                unit_cards: o.unit_cards,
                cards_bought: o.cards_bought,
            });
            let mut card_row = row(
                gpu.id,
                gpu,
                0,
                0,
                tp,
                &r,
                [on_demand, reserved, owned],
                tokens_month,
                cur,
            );
            card_row.owned = units.filter(|_| card_row.month_of(Way::Owned).is_some());
            rows.push(card_row);
            // Its machines, priced whole.
            for m in MACHINES.iter().filter(|m| m.card == gpu.id) {
                let per = u64::from(m.cards.max(1));
                let machines = r.cards.div_ceil(per).max(1);
                let n = machines as f64;
                let pick = Pick::Machine(m);
                let on_demand = pick
                    .machine_rent(cur)
                    .map(|(h, q)| (h * n * r.billed_hours * days, Some(q.date)));
                let reserved = pick
                    .machine_month(cur)
                    .map(|(mo, q)| (mo * n, Some(q.date)));
                // The machine's cards beyond the count stand idle: its utilisation is the
                // fleet's share of them.
                let u = fleet_u * r.cards as f64 / (n * per as f64);
                let bought = pick.machine_purchase(cur);
                let owned = bought.and_then(|(_, q)| {
                    let (filled, _, gaps) = rent_buy_fill(&s.rent_buy, cur, pick);
                    let ok = gaps.iter().all(|g| g.key != "purchase");
                    let v = validate(filled).ok().filter(|_| ok)?;
                    Some((own_at(&v, u.min(1.0)) * n, Some(q.date)))
                });
                let mut machine_row = row(
                    m.id,
                    gpu,
                    per,
                    machines,
                    tp,
                    &r,
                    [on_demand, reserved, owned],
                    tokens_month,
                    cur,
                );
                machine_row.owned = bought
                    .filter(|_| machine_row.month_of(Way::Owned).is_some())
                    .map(|(_, quote)| OwnedUnits::machines(m, quote, machines));
                rows.push(machine_row);
            }
        }
    }
    if i.job == Job::Train {
        rows = train::rows(i, s, &rb);
    }
    crate::calc::order::sort_by(&mut rows, rank);
    mark_frontier(&mut rows, i.job);
    let best = rows
        .first()
        .filter(|r| r.meets && r.cost.is_some())
        .map(|_| 0);
    let current = rows
        .iter()
        .position(|r| r.machine_cards == 0 && r.gpu.id == s.memory.gpu);
    // The month is counted at the best row's load (people send faster to a faster fleet), else
    // at the rate typed.
    let load_rps = best
        .or(current)
        .map(|b| rows[b].load_rps)
        .unwrap_or(s.serving.target_rps);
    let api = if i.job == Job::Serve {
        api_row(i, s, load_rps, days)
    } else {
        None
    };
    let api_cheaper = match (&api, best) {
        (Some(a), Some(b)) => rows[b].cost.is_some_and(|c| a.month.amount < c.amount),
        _ => false,
    };
    PlanReport {
        job: i.job,
        currency: cur,
        rows,
        best,
        current,
        load_rps,
        api,
        api_cheaper,
    }
}

/// Tokens priced an hour of load: output tokens, and input tokens at `in_price_pct` of one, as
/// the serving view spreads its cost.
fn priced_per_hour(r: &ServingReport, s: &ServingInputs) -> f64 {
    let share = s.in_price_pct / 100.0;
    r.load_rps * (s.out_tokens as f64 + share * s.in_tokens as f64) * 3600.0
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn row(
    id: &'static str,
    gpu: &'static Gpu,
    machine_cards: u64,
    machines: u64,
    tp: u64,
    r: &ServingReport,
    month: [Option<(f64, Option<&'static str>)>; 3],
    tokens_month: f64,
    cur: Currency,
) -> PlanRow {
    let fits = r.fits;
    let meets = serving::meets_goals(r);
    // A figure that is not finite (a load no count meets) is no price.
    // Serving has no spot way: a service reclaimed mid-request is not a checkpointed job.
    let [od, re, ow] = month;
    let (month, cheapest) = priced([od, re, ow, None].map(|w| w.map(|x| x.0)), cur);
    let dates = [od, re, ow, None].map(|w| w.and_then(|x| x.1));
    let per_million = cheapest
        .filter(|_| tokens_month > 0.0)
        .map(|(_, m)| m.amount / tokens_month * 1e6)
        .filter(|v| v.is_finite());
    let reason = if !fits {
        Some(Reason::NoFit)
    } else if r.ttft_unmeetable || !r.meets_ttft {
        Some(Reason::MissesFirstToken {
            ttft_s: if r.ttft_unmeetable {
                r.ttft_floor_s
            } else {
                r.ttft_s
            },
            prefill_s: r.prefill_s,
            at_best: r.ttft_unmeetable,
        })
    } else if !r.meets_tpot {
        Some(Reason::MissesTpot { tpot_s: r.tpot_s })
    } else if cheapest.is_none() {
        Some(Reason::NoPrice)
    } else {
        None
    };
    PlanRow {
        id,
        gpu,
        machine_cards,
        tp,
        cards: if fits { r.cards } else { 0 },
        machines: if fits { machines } else { 0 },
        fits,
        meets,
        reason,
        ttft_s: r.ttft_s,
        tpot_s: r.tpot_s,
        prefill_s: r.prefill_s,
        decode_tps: r.decode_tps,
        load_rps: r.load_rps,
        hours: 0.0,
        train_tps: 0.0,
        zero: 0,
        month: if fits { month } else { [None; 4] },
        dates: if fits {
            std::array::from_fn(|k| dates[k].filter(|_| month[k].is_some()))
        } else {
            [None; 4]
        },
        owned: None,
        way: cheapest.filter(|_| fits).map(|c| c.0),
        cost: cheapest.filter(|_| fits).map(|c| c.1),
        per_million: per_million.filter(|_| fits),
        frontier: false,
        edge: None,
    }
}

/// The ways' figures as money in `cur` (a figure that is not finite or below zero is no price),
/// and the cheapest way with its money: shared by serving and training rows.
pub(super) fn priced(
    month: [Option<f64>; 4],
    cur: Currency,
) -> ([Option<Money>; 4], Option<(Way, Money)>) {
    let month = month.map(|m| {
        m.filter(|v| v.is_finite() && *v >= 0.0)
            .map(|v| Money::new(v, cur))
    });
    let cheapest = Way::ALL
        .into_iter()
        .filter_map(|w| month[w as usize].map(|m| (w, m)))
        .min_by(|a, b| a.1.amount.total_cmp(&b.1.amount));
    (month, cheapest)
}

/// A row's class: 0 meets the job with a price, 1 meets it with none, 2 fits and misses a goal,
/// 3 does not fit.
pub fn class(r: &PlanRow) -> u8 {
    match (r.fits, r.meets, r.cost.is_some()) {
        (false, _, _) => 3,
        (true, false, _) => 2,
        (true, true, false) => 1,
        (true, true, true) => 0,
    }
}

/// The ranking: by class, then by the month shown (cheapest first), then by cost per million.
fn rank(a: &PlanRow, b: &PlanRow) -> Ordering {
    let cost = |r: &PlanRow| r.cost.map_or(f64::INFINITY, |m| m.amount);
    class(a)
        .cmp(&class(b))
        .then(cost(a).total_cmp(&cost(b)))
        .then(a.tpot_s.total_cmp(&b.tpot_s))
        .then(a.hours.total_cmp(&b.hours))
}

/// A row's point: serving, (cost per million, time per token); training, (the job's cost, its
/// hours).
fn point(r: &PlanRow, job: Job) -> Option<(f64, f64)> {
    match job {
        Job::Serve => r.per_million.map(|c| (c, r.tpot_s)),
        Job::Train => r.cost.map(|c| (c.amount, r.hours)),
    }
}

/// Marks the rows that meet the job with a price and that no other such row beats on both cost
/// and time (serving: per million tokens and per output token; training: the job and its hours).
fn mark_frontier(rows: &mut [PlanRow], job: Job) {
    let pts: Vec<Option<(f64, f64)>> = rows
        .iter()
        .map(|r| point(r, job).filter(|_| r.meets))
        .collect();
    for (k, r) in rows.iter_mut().enumerate() {
        let Some((c, t)) = pts[k] else { continue };
        r.frontier = !pts.iter().enumerate().any(|(j, p)| {
            j != k && p.is_some_and(|(c2, t2)| c2 <= c && t2 <= t && (c2 < c || t2 < t))
        });
    }
}

/// The hosted API's row: the prices typed (both), else the cheapest dated price for the model
/// in the scenario's currency at the job's prompt and output tokens, with a typed one replacing
/// its figure; `None` without a price.
fn api_row(i: &PlanInputs, s: &Scenario, rps: f64, days: f64) -> Option<ApiRow> {
    let sv = &s.serving;
    let dated = s
        .memory
        .model
        .model
        .as_deref()
        .and_then(|m| api::api_price(m, s.currency, sv.in_tokens as f64, sv.out_tokens as f64));
    let (input, output, price) = match (i.api_in > 0.0 && i.api_out > 0.0, dated) {
        (true, _) => (i.api_in, i.api_out, None),
        (false, Some(p)) => (
            if i.api_in > 0.0 { i.api_in } else { p.input },
            if i.api_out > 0.0 { i.api_out } else { p.output },
            Some(p),
        ),
        (false, None) => return None,
    };
    let hours = sv.rent_hours * days * 3600.0;
    let requests = rps * hours;
    let month = requests * (sv.in_tokens as f64 * input + sv.out_tokens as f64 * output) / 1e6;
    let share = sv.in_price_pct / 100.0;
    let priced = requests * (sv.out_tokens as f64 + share * sv.in_tokens as f64);
    let per_million = if priced > 0.0 {
        month / priced * 1e6
    } else {
        0.0
    };
    (month.is_finite() && per_million.is_finite()).then(|| ApiRow {
        price,
        input,
        output,
        month: Money::new(month, s.currency),
        per_million,
    })
}

/// A point of the plan's chart: a row that fits with a price; serving, its time per output token
/// (ms) and its cost per million tokens; training, the job's hours and its cost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlanPoint {
    /// Index into the report's rows.
    pub row: usize,
    pub x: f64,
    pub y: f64,
    /// No other row that meets the goals with a price beats it on both.
    pub frontier: bool,
    /// The scenario's own card (ringed).
    pub current: bool,
}

/// The chart's points: every row that fits with a price (a machine row is its card at the same
/// speed, priced whole), the frontier marked and the current card's
/// flagged.
pub fn chart(r: &PlanReport) -> Vec<PlanPoint> {
    r.rows
        .iter()
        .enumerate()
        .filter(|(_, row)| row.fits)
        .filter_map(|(k, row)| {
            let (y, x) = point(row, r.job)?;
            Some(PlanPoint {
                row: k,
                x: if r.job == Job::Serve { x * 1000.0 } else { x },
                y,
                frontier: row.frontier,
                current: r.current == Some(k),
            })
        })
        .collect()
}
