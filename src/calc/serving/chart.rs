//! The chart series: throughput and time per output token against concurrency, and cost per
//! million output tokens against utilisation.

use super::cost::owned_unit;
use super::report::memory_of;
use super::step::{point, Point, Setup};
use super::{ServingInputs, ServingReport};
use crate::calc::scenario::Scenario;
use crate::calc::series::{first_above, Crossing, Series};
use crate::calc::table::Valid;

/// Throughput and per-token latency against concurrency, with the marks.
#[derive(Debug, Clone, PartialEq)]
pub struct ConcurrencyChart {
    /// (concurrency, output tokens/s of a replica).
    pub throughput: Series,
    /// (concurrency, time per output token in ms).
    pub tpot_ms: Series,
    pub x_max: f64,
    /// Memory's limit, as a concurrency (drawn as a vertical mark).
    pub memory_limit: f64,
    pub tpot_goal_ms: f64,
    /// Where the time per token passes the goal, as a concurrency on the line as drawn.
    pub tpot_limit: Crossing,
    /// The chosen concurrency's point on each line.
    pub chosen_throughput: (f64, f64),
    pub chosen_tpot: (f64, f64),
}

/// The concurrency sweep: 1 to past both the chosen concurrency and memory's limit.
pub fn concurrency_chart(
    i: &Valid<ServingInputs>,
    s: &Scenario,
    r: &ServingReport,
) -> ConcurrencyChart {
    let m = memory_of(s);
    let card = m.card().unwrap_or(&crate::calc::memory::catalogue::GPUS[0]);
    let setup = Setup {
        m: &m,
        card,
        rt: i.runtime.model(),
        i,
    };
    let limit = r.max_conc.max(1);
    let x_max = (limit.min(4096) as f64 * 1.25)
        .max(i.conc.min(100_000) as f64)
        .max(8.0);
    let n = 64;
    let xs: Vec<u64> = {
        let mut v: Vec<u64> = (0..=n)
            .map(|k| (1.0 + (x_max - 1.0) * k as f64 / n as f64).round() as u64)
            .collect();
        v.dedup();
        v
    };
    let pts: Vec<Point> = xs
        .iter()
        .map(|&b| point(&setup, b, r.prefill_s, r.scale))
        .collect();
    // Past memory's limit the sequences do not fit: the lines stop there.
    let fits = |p: &&Point| p.conc <= limit;
    let tpot_ms: Series = pts
        .iter()
        .filter(fits)
        .map(|p| (p.conc as f64, p.tpot_s * 1000.0))
        .collect();
    ConcurrencyChart {
        throughput: pts
            .iter()
            .filter(fits)
            .map(|p| (p.conc as f64, p.throughput))
            .collect(),
        tpot_limit: first_above(&tpot_ms, i.tpot_ms),
        tpot_ms,
        x_max,
        memory_limit: r.max_conc as f64,
        tpot_goal_ms: i.tpot_ms,
        chosen_throughput: (r.conc as f64, r.throughput),
        chosen_tpot: (r.conc as f64, r.tpot_s * 1000.0),
    }
}

/// Cost per million output tokens against utilisation.
#[derive(Debug, Clone, PartialEq)]
pub struct CostChart {
    /// Rented cards billed every hour they are held, under the billing view's rule.
    pub rented: Series,
    /// Rented only for the hours they compute (rent-or-buy's model).
    pub rented_used: Series,
    /// Empty without a purchase price for the card (no owned cost).
    pub owned: Series,
    /// The fleet's utilisation and its owned cost; `None` without an owned cost.
    pub mark: Option<(f64, f64)>,
    pub y_top: f64,
}

/// Cost per million output tokens of one card at utilisation 5-100% (of the held hours), in
/// percent, billed and owned as the report's figures are ([`super::billed_hours_a_day`]).
pub fn cost_chart(s: &Scenario, r: &ServingReport) -> CostChart {
    let m = memory_of(s);
    let card = m.card().unwrap_or(&crate::calc::memory::catalogue::GPUS[0]);
    // Owning: the same units of this card as the report's, for the report's fleet.
    let unit = owned_unit(&s.serving, s, card);
    let cards = r.cards.max(1);
    // Priced input tokens take their share of the cost, as in the report.
    let i = &s.serving;
    let (out, input) = (i.out_tokens as f64, i.in_tokens as f64);
    let out_share = out / (out + i.in_price_pct / 100.0 * input);
    // Tokens one card makes in an hour at full use, in output-token equivalents.
    let full = r.throughput * 3600.0 / r.tp as f64 / out_share;
    let held = r.rent_hours;
    // Every billed hour paid, spread over the held hours' tokens.
    let rent = r.rent_card_hour.amount * r.billed_hours / held;
    let per_m = |price: f64, u: f64| price / (full * u).max(1e-12) * 1e6;
    // An owned card's whole day, at the day's utilisation, over the held hours.
    let own = |u: f64| {
        let hour = unit.as_ref()?.fleet(cards, u * held / 24.0)?.card_hour;
        Some(hour * 24.0 / held)
    };
    let us: Vec<f64> = (1..=40)
        .map(|k| 0.05 + 0.95 * (k - 1) as f64 / 39.0)
        .collect();
    let rented: Series = us.iter().map(|&u| (u * 100.0, per_m(rent, u))).collect();
    let used = r.rent_card_hour.amount;
    let rented_used: Series = us.iter().map(|&u| (u * 100.0, per_m(used, 1.0))).collect();
    let owned: Series = us
        .iter()
        .filter_map(|&u| own(u).map(|o| (u * 100.0, per_m(o, u))))
        .collect();
    let u = r.utilisation.max(0.01);
    let mark = own(u).map(|o| (u * 100.0, per_m(o, u)));
    // The top: four times the larger cost at full use, so the 1/u curves stay readable.
    let at_full = per_m(rent, 1.0).max(own(1.0).map_or(0.0, |o| per_m(o, 1.0)));
    CostChart {
        rented,
        rented_used,
        owned,
        mark,
        y_top: (at_full * 4.0).max(mark.map_or(0.0, |m| m.1 * 1.2)),
    }
}

/// Everything the serving view shows, made by one call: the report and both charts' series, so
/// the view keeps one memo (docs/performance.md, "One memo per view").
#[derive(Debug, Clone, PartialEq)]
pub struct ServingSheet {
    pub report: ServingReport,
    pub concurrency: ConcurrencyChart,
    pub cost: CostChart,
    /// The memory views' card by name, for the headline when the model does not fit.
    pub card_name: &'static str,
    /// Another split of one machine that carries the load with fewer cards in all, or meets the
    /// goals the chosen split misses ([`super::fewest_cards`]); a way out the page offers.
    pub better_split: Option<BetterSplit>,
}

/// A split of one machine other than the chosen one, and the cards its fleet takes in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BetterSplit {
    pub tp: u64,
    pub cards: u64,
}

/// The report's figures are read through the sheet as they are (`sheet.throughput`).
impl std::ops::Deref for ServingSheet {
    type Target = ServingReport;
    fn deref(&self) -> &ServingReport {
        &self.report
    }
}

/// The report and the chart series of the scenario's serving inputs.
pub fn sheet(i: &Valid<ServingInputs>, s: &Scenario) -> ServingSheet {
    let report = super::report(i, s);
    ServingSheet {
        concurrency: concurrency_chart(i, s, &report),
        cost: cost_chart(s, &report),
        card_name: crate::calc::memory::catalogue::gpu(&s.memory.gpu).map_or("", |g| g.name),
        better_split: better_split(i, s, &report),
        report,
    }
}

/// The split of one machine, from the chosen one up, whose fleet meets both goals with the fewest
/// cards, when it is not the chosen split: fewer cards in all than the chosen split's fleet, or
/// the goals the chosen split misses met. None when one request does not fit the chosen split
/// (the way out is then the split that holds it).
pub fn better_split(
    i: &Valid<ServingInputs>,
    s: &Scenario,
    report: &ServingReport,
) -> Option<BetterSplit> {
    if !report.fits {
        return None;
    }
    let from = s.memory.inference.tp;
    let at = |k: u64| {
        let mut t = s.clone();
        t.memory.inference.tp = k;
        crate::calc::table::validate(t.memory.clone()).ok()?;
        Some(super::report(i, &t))
    };
    let (tp, r) = super::fewest_cards(from, report.clone(), &at)?;
    (tp != from).then_some(BetterSplit { tp, cards: r.cards })
}
