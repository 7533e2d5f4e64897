//! The plan's training rows: for every catalogue card (and its 8-card machines), the fewest cards
//! that hold the run, the count that finishes it by the deadline, its wall time, and the whole
//! job's cost three ways (docs/formulas.md, "The plan", training).
//!
//! ```text
//! memory gate  = the training memory report's fewest cards (min_gpus, ZeRO-3 when the view
//!                shards nothing and one card does not hold it), with the margin kept free
//!                (`train_margin_pct`) and past one machine in whole machines
//! count        = the first bookable n (1 to 8, then 16, 24, ... 64) from the gate whose wall
//!                time (training_time) is within the deadline; none: the fastest such n, and
//!                the row misses the deadline
//! billed       = the billing view's rule applied to the job's wall time, one run a card
//! on demand    = rent per card-hour x n x billed
//!                machine row: rent per machine-hour x ceil(n / 8) x billed
//! reserved     = the monthly term per card x n x ceil(billed / month hours)
//!                machine row: its monthly term x machines x the same months
//! owned        = a month of owning the whole units n cards take (calc::pick::own: machines of
//!                SXM / OAM cards, PCIe cards on hosts) at full use x the same months as
//!                reserved; machine row: own_at(1) of the machine x machines x the same months
//! spot         = the catalogue's spot quote per card-hour x n x billed(spot wall), where
//!                spot wall = the spot view's wall time with checkpoints (Daly's interval) for
//!                the job's wall time, with M = M_instance / instances
//!                machine row: its spot quote per machine-hour x machines x the same
//! ```
//!
//! Owned is charged in whole months, as a reserved term is: cards bought for a job are held at
//! least a month of their depreciation, power, hosting and staff, however short the job. Counting
//! only the hours the job runs would price a 1.5-hour job on a bought B200 at a few dollars and
//! rank owning first for any short job, which holds only for a reader whose cards are busy with
//! other work the rest of the month (the rent-or-buy view answers that, with their utilisation).
//!
//! Spot stands only on a spot quote of the same card (or machine) in the scenario's currency:
//! no quote, no spot way, never another card's price. A reclaim of any one instance stops the
//! whole data-parallel job, so with independent (Poisson) reclaims the job's mean time between
//! interruptions is one instance's over the instances rented ([`spot_job`]).

use super::{row_scenario_train, OwnedUnits, PlanInputs, PlanRow, Reason, Way};
use crate::calc::memory::catalogue::{Gpu, GPUS};
use crate::calc::memory::prices::{prices, MACHINES, PRICES};
use crate::calc::memory::training::{self, Headroom};
use crate::calc::pick::{own_unit, rent_buy_fill, Pick};
use crate::calc::rent_buy::{own_at, RentBuyInputs};
use crate::calc::scenario::Scenario;
use crate::calc::spot::{daly, mtbf_from_monthly_rate, wall_with, SpotInputs, RECLAIM_BANDS};
use crate::calc::table::{validate, Valid};
use crate::calc::training_time::{bookable_counts, time_report, TimeReport, MAX_CARDS};
use crate::calc::units::{Bytes, Hours};

/// The run on `n` cards of `gpu` at ZeRO stage `zero`, checked; `None` when it does not validate.
fn run(s: &Scenario, gpu: &Gpu, n: u64, zero: u8) -> Option<TimeReport> {
    let m = validate(row_scenario_train(s, gpu, n, zero).memory).ok()?;
    Some(time_report(&m))
}

/// The fewest cards of `gpu` that hold the run, and the ZeRO stage that assumes.
fn gate(s: &Scenario, gpu: &Gpu) -> Option<(u64, u8)> {
    let m = validate(row_scenario_train(s, gpu, 1, s.memory.training.zero).memory).ok()?;
    let r = training::report(&m);
    let n = r.min_gpus?;
    let zero = if n > 1 && s.memory.training.zero == 0 {
        r.min_gpus_stage
    } else {
        s.memory.training.zero
    };
    (n <= MAX_CARDS).then_some((n, zero))
}

/// The reclaim band the plan assumes for a spot instance: the highest of the monthly bands spot
/// markets publish (AWS Spot Instance Advisor's ">20%", taken as 30% a month as the spot view
/// takes it; docs/formulas.md, "Reclaim-rate bands"). An assumption on the cautious side: no
/// stored source gives a GPU instance's band, and a lower one would make spot look cheaper.
pub const SPOT_BAND: usize = RECLAIM_BANDS.len() - 1;

/// A training job's expected time on spot capacity with checkpoint-resume.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpotJob {
    /// The job's mean hours between interruptions: one instance's over the instances.
    pub mtbf_h: f64,
    /// Daly's checkpoint interval, hours.
    pub interval_h: f64,
    /// Expected wall hours, restarts and lost work included.
    pub wall_h: f64,
}

/// The spot view's model applied to a job of `hours` on `instances` spot instances (cards rented
/// one by one, or machines), at [`SPOT_BAND`]'s reclaim rate and the spot view's checkpoint and
/// restart times ([`SpotInputs::default`]: 6 and 15 minutes).
pub fn spot_job(hours: f64, instances: u64) -> SpotJob {
    let d = SpotInputs::default();
    let m = mtbf_from_monthly_rate(RECLAIM_BANDS[SPOT_BAND].1).0 / instances.max(1) as f64;
    let (c, r) = (d.checkpoint_minutes / 60.0, d.restart_minutes / 60.0);
    let tau = daly(c, m);
    SpotJob {
        mtbf_h: m,
        interval_h: tau,
        wall_h: wall_with(hours, m, c, r, tau),
    }
}

/// Rent-or-buy's monthly cost of owning the machine `pick` fills, used around the clock, and the
/// month of its purchase quote; `None` without a street price in the scenario's currency.
fn owned_month(rb: &RentBuyInputs, s: &Scenario, pick: Pick) -> Option<(f64, &'static str)> {
    let (_, quote) = pick.machine_purchase(s.currency)?;
    let (filled, _, gaps) = rent_buy_fill(rb, s.currency, pick);
    if gaps.iter().any(|g| g.key == "purchase") {
        return None;
    }
    let v: Valid<RentBuyInputs> = validate(filled).ok()?;
    Some((own_at(&v, 1.0), quote.date))
}

/// Every training row, unsorted.
pub(super) fn rows(i: &PlanInputs, s: &Scenario, rb: &Valid<RentBuyInputs>) -> Vec<PlanRow> {
    let cur = s.currency;
    let month_hours = rb.month_hours.0;
    let mut out = Vec::new();
    for gpu in GPUS {
        let card_pick = Pick::Card(prices(gpu.id).unwrap_or(&PRICES[0]));
        let Some((least, zero)) = gate(s, gpu) else {
            out.push(no_fit(gpu, gpu.id, 0));
            for m in MACHINES.iter().filter(|m| m.card == gpu.id) {
                out.push(no_fit(gpu, m.id, u64::from(m.cards)));
            }
            continue;
        };
        // The first count that meets the deadline, else the fastest.
        let mut chosen: Option<(u64, TimeReport)> = None;
        let mut fastest: Option<(u64, TimeReport)> = None;
        // Counts a provider rents: past one machine, whole machines only.
        for n in bookable_counts().filter(|&n| n >= least) {
            let Some(r) = run(s, gpu, n, zero) else {
                continue;
            };
            if r.hours.0 <= i.deadline_h {
                chosen = Some((n, r));
                break;
            }
            if fastest.as_ref().is_none_or(|f| r.hours.0 < f.1.hours.0) {
                fastest = Some((n, r));
            }
        }
        let meets = chosen.is_some();
        let Some((n, r)) = chosen.or(fastest) else {
            out.push(no_fit(gpu, gpu.id, 0));
            continue;
        };
        let hours = r.hours.0;
        let at_edge = edge(s, gpu, n, zero);
        let billed = s.billing.granularity.billed(Hours(hours)).0;
        let months = (billed / month_hours).ceil().max(1.0);
        let nf = n as f64;
        // The card row.
        let per_card = f64::from(card_pick.cards());
        let on_demand = card_pick
            .card_rent(cur)
            .map(|(h, q)| (h * nf * billed, Some(q.date)));
        let reserved = card_pick
            .machine_month(cur)
            .map(|(m, q)| (m / per_card * nf * months, Some(q.date)));
        // Owned: the whole units n cards take, busy all the time the job holds them.
        let unit = own_unit(rb, cur, s.fx, gpu, None);
        let fleet = unit.as_ref().and_then(|u| u.fleet(n, 1.0));
        let owned = unit
            .as_ref()
            .zip(fleet)
            .map(|(u, f)| (f.month * months, u.date()));
        let spot_billed = |instances: u64| {
            s.billing
                .granularity
                .billed(Hours(spot_job(hours, instances).wall_h))
                .0
        };
        let spot = card_pick
            .spot_rent(cur)
            .map(|(h, q)| (h * nf * spot_billed(n), Some(q.date)));
        let mut card_row = row(
            gpu,
            gpu.id,
            0,
            0,
            n,
            zero,
            &r,
            meets,
            [on_demand, reserved, owned, spot],
            cur,
        );
        card_row.edge = at_edge;
        card_row.owned = unit
            .zip(fleet)
            .filter(|_| card_row.month_of(Way::Owned).is_some())
            .map(|(u, f)| OwnedUnits {
                basis: u.basis,
                units: f.units,
                unit_cards: u.cards,
                cards_bought: f.cards_bought,
            });
        out.push(card_row);
        for m in MACHINES.iter().filter(|m| m.card == gpu.id) {
            let pick = Pick::Machine(m);
            let per = u64::from(m.cards.max(1));
            let machines = n.div_ceil(per).max(1);
            let k = machines as f64;
            let on_demand = pick
                .machine_rent(cur)
                .map(|(h, q)| (h * k * billed, Some(q.date)));
            let reserved = pick
                .machine_month(cur)
                .map(|(mo, q)| (mo * k * months, Some(q.date)));
            let owned = owned_month(rb, s, pick).map(|(mo, date)| (mo * k * months, Some(date)));
            let spot = pick
                .spot_rent(cur)
                .map(|(h, q)| (h * k * spot_billed(machines), Some(q.date)));
            let mut machine_row = row(
                gpu,
                m.id,
                per,
                machines,
                n,
                zero,
                &r,
                meets,
                [on_demand, reserved, owned, spot],
                cur,
            );
            machine_row.edge = at_edge;
            machine_row.owned = pick
                .machine_purchase(cur)
                .filter(|_| machine_row.month_of(Way::Owned).is_some())
                .map(|(_, quote)| OwnedUnits::machines(m, quote, machines));
            out.push(machine_row);
        }
    }
    out
}

fn no_fit(gpu: &'static Gpu, id: &'static str, machine_cards: u64) -> PlanRow {
    PlanRow {
        id,
        gpu,
        machine_cards,
        tp: 1,
        cards: 0,
        machines: 0,
        fits: false,
        meets: false,
        reason: Some(Reason::NoFit),
        ttft_s: 0.0,
        tpot_s: 0.0,
        prefill_s: 0.0,
        decode_tps: 0.0,
        load_rps: 0.0,
        hours: 0.0,
        train_tps: 0.0,
        zero: 0,
        month: [None; 4],
        dates: [None; 4],
        owned: None,
        way: None,
        cost: None,
        per_million: None,
        frontier: false,
        edge: None,
    }
}

/// The spare and kept-free bytes a card of the run on `n` cards of `gpu` at stage `zero` has,
/// when that run is at the edge of its memory (the training view's headline says so too).
fn edge(s: &Scenario, gpu: &Gpu, n: u64, zero: u8) -> Option<(Bytes, Bytes)> {
    let m = validate(row_scenario_train(s, gpu, n, zero).memory).ok()?;
    let r = training::report(&m);
    (r.headroom == Headroom::Edge).then_some((r.spare, r.kept_free))
}

#[allow(clippy::too_many_arguments)]
fn row(
    gpu: &'static Gpu,
    id: &'static str,
    machine_cards: u64,
    machines: u64,
    n: u64,
    zero: u8,
    r: &TimeReport,
    meets: bool,
    ways: [Option<(f64, Option<&'static str>)>; 4],
    cur: crate::calc::units::Currency,
) -> PlanRow {
    let (month, cheapest) = super::priced(ways.map(|w| w.map(|x| x.0)), cur);
    let dates = std::array::from_fn(|k| ways[k].and_then(|x| x.1).filter(|_| month[k].is_some()));
    let reason = if !meets {
        Some(Reason::MissesDeadline { hours: r.hours.0 })
    } else if cheapest.is_none() {
        Some(Reason::NoPrice)
    } else {
        None
    };
    PlanRow {
        id,
        gpu,
        machine_cards,
        tp: 1,
        cards: n,
        machines,
        fits: true,
        meets,
        reason,
        ttft_s: 0.0,
        tpot_s: 0.0,
        prefill_s: 0.0,
        decode_tps: 0.0,
        load_rps: 0.0,
        hours: r.hours.0,
        train_tps: r.tokens_per_s_per_card,
        zero,
        month,
        dates,
        owned: None,
        way: cheapest.map(|c| c.0),
        cost: cheapest.map(|c| c.1),
        per_million: cheapest
            .filter(|_| r.train_tokens > 0.0)
            .map(|c| c.1.amount / r.train_tokens * 1e6),
        frontier: false,
        edge: None,
    }
}
