//! Own, reserve or rent: a machine reserved for a term (包月, 包年, three years) as a third way
//! beside owning it and renting it by the hour (docs/formulas.md, "Own, reserve or rent").
//!
//! ```text
//! list_month     = price_per_hour x month_hours              a whole month at the hourly rent
//! reserved_month = (1 - discount_term) x list_month          billed every month of the term
//!                = reserve_month                             a one-month term with its price given
//! reserve        = reserved_month                            paid monthly
//!                = term x reserved_month x i / (1 - v^term)  paid up front (see super::finance)
//! rent           = list_month x U
//! own            = a + b U                                   (super::rent_buy)
//! ```
//!
//! A reserved machine is paid for every hour of the term whether it computes or not, so it costs
//! the same at any utilisation: its line is flat. The break-evens follow:
//!
//! - rent against reserve: `U = reserve / list_month`, which is `1 - discount` when paid monthly
//!   or at a zero rate; renting wins below it.
//! - own against reserve: `U = (reserve - a) / b` when electricity follows use (`b > 0`) and
//!   reserving costs more than an idle owned machine; owning wins below it. With a fixed
//!   electricity bill both lines are flat and one of them wins everywhere.
//! - rent against own: `U*`, unchanged.
//!
//! Ties go to the way that commits to less: renting before reserving (no commitment at all),
//! reserving before owning (a shorter commitment, and nothing to sell at the end). The bands are
//! the stretches of utilisation from 0 to 1 where each way is the cheapest by that rule.
//!
//! Reserving is compared only when the reader turns it on (`reserve=1`): by default the verdict,
//! the bands and the hybrid plan are the guide's two-way ones.
//!
//! Default discounts off the on-demand hourly rent, each a round figure inside the range
//! published for its term (docs/formulas.md lists the sources): one month 20% (a monthly
//! package against pay-as-you-go), one year 35% (a year's subscription, or a one-year
//! commitment), three years 55% (a three-year commitment).
//!
//! A one-month term may instead be priced as quoted (`reserve_month`, a 包月 price for the whole
//! machine): then a reserved month costs exactly that, whatever the hourly rent, which may be
//! unknown (the CNY H100 and H200 machines rent only by the month). Picking such a row sets it
//! (`crate::calc::pick`). A zero price means none given, and the discount applies.

use super::finance::{monthly_rate, prepaid_monthly, recovery_factor};
use super::rent_buy::{break_even, own_at, rent_at, Ask, RentBuyInputs};
use super::table::Valid;
pub use super::terms::{ReservePay, ReserveTerm};
use super::units::{Currency, Money, Ratio};
use crate::calc::order;

/// One of the three ways to have a machine, in the order that breaks ties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    Rent,
    Reserve,
    Own,
}

crate::choice_ids!(Way { Rent => "rent", Reserve => "reserve", Own => "own" });

impl Way {
    /// Place in the tie order: the lower wins a tie.
    fn rank(self) -> usize {
        self as usize
    }
}

/// What reserving one machine costs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReserveParts {
    pub term: ReserveTerm,
    pub pay: ReservePay,
    /// The discount off the hourly rent for this term.
    pub discount: Ratio,
    /// The month's price as quoted, when a one-month term has one (`reserve_month`): it is the
    /// billed month, and the discount plays no part.
    pub quoted_month: Option<Money>,
    /// A whole month at the on-demand rent.
    pub list_month: Money,
    /// A month of the term at the discount, as billed month by month.
    pub billed_month: Money,
    /// Paid at the start of the term, when paid up front.
    pub prepaid: Option<Money>,
    /// The cost of having paid early, a month (0 when paid monthly or at a zero rate).
    pub interest: Money,
    /// What a term longer than the horizon adds a month: the months of the term past the horizon,
    /// charged within it (0 when the term fits).
    pub beyond_horizon: Money,
    /// What a reserved month costs in the comparison: billed month plus interest.
    pub monthly: Money,
}

/// The discount of the chosen term.
pub fn discount(i: &RentBuyInputs) -> Ratio {
    match i.reserve_term {
        ReserveTerm::Month => i.reserve_off_month,
        ReserveTerm::Year => i.reserve_off_year,
        ReserveTerm::ThreeYears => i.reserve_off_three_years,
    }
}

/// The price of a one-month term as given, if it applies: the term is a month and the price is
/// set (0 means none).
fn quoted_month(i: &RentBuyInputs) -> Option<f64> {
    (i.reserve_term == ReserveTerm::Month && i.reserve_month_price > 0.0)
        .then_some(i.reserve_month_price)
}

/// A month of the term as billed: the quoted month, else the discount off a month at the hourly
/// rent.
fn billed_month(i: &RentBuyInputs) -> f64 {
    quoted_month(i).unwrap_or_else(|| (1.0 - discount(i).0) * i.price_per_hour * i.month_hours.0)
}

/// Reserving's monthly cost in the comparison, at any utilisation.
///
/// A term longer than the horizon (`months`, over which owning is compared) is charged whole:
/// its payments, valued at the start, are spread over the horizon's months as the purchase is,
/// since a reserved term cannot be ended early. Three years over 12 months at 38,880 a month cost
/// 36 x 38,880 / 12 = 116,640 a month, not 38,880.
pub(crate) fn reserve_monthly(i: &RentBuyInputs) -> f64 {
    let billed = billed_month(i);
    let n = i.reserve_term.months();
    let rate = monthly_rate(i.capital_rate);
    // What the term's payments are worth at its start.
    let value = match i.reserve_pay {
        ReservePay::Monthly => billed / recovery_factor(rate, n),
        ReservePay::Upfront => billed * n,
    };
    if n > i.months {
        value * recovery_factor(rate, i.months)
    } else {
        within_term(i, billed)
    }
}

/// A reserved month over the term itself: the billed month, with the interest of paying early.
fn within_term(i: &RentBuyInputs, billed: f64) -> f64 {
    let n = i.reserve_term.months();
    match i.reserve_pay {
        ReservePay::Monthly => billed,
        ReservePay::Upfront => prepaid_monthly(billed * n, n, i.capital_rate),
    }
}

/// The parts of [`reserve_monthly`].
pub fn reserve_parts(i: &RentBuyInputs, cur: Currency) -> ReserveParts {
    let list = i.price_per_hour * i.month_hours.0;
    let d = discount(i);
    let billed = billed_month(i);
    let monthly = reserve_monthly(i);
    ReserveParts {
        term: i.reserve_term,
        pay: i.reserve_pay,
        discount: d,
        quoted_month: quoted_month(i).map(|m| Money::new(m, cur)),
        list_month: Money::new(list, cur),
        billed_month: Money::new(billed, cur),
        prepaid: (i.reserve_pay == ReservePay::Upfront)
            .then(|| Money::new(billed * i.reserve_term.months(), cur)),
        interest: Money::new(within_term(i, billed) - billed, cur),
        beyond_horizon: Money::new(monthly - within_term(i, billed), cur),
        monthly: Money::new(monthly, cur),
    }
}

/// A way's monthly cost as `intercept + slope x U`.
fn line(i: &RentBuyInputs, way: Way) -> (f64, f64) {
    match way {
        Way::Rent => (0.0, rent_at(i, 1.0)),
        Way::Reserve => (reserve_monthly(i), 0.0),
        Way::Own => {
            let a = own_at(i, 0.0);
            (a, own_at(i, 1.0) - a)
        }
    }
}

/// The ways compared: reserving only when the reader turned it on.
pub fn considered(i: &RentBuyInputs) -> &'static [Way] {
    if i.reserve {
        &[Way::Rent, Way::Reserve, Way::Own]
    } else {
        &[Way::Rent, Way::Own]
    }
}

/// Each way's monthly cost at utilisation `u`, in the order of [`Way`].
pub fn costs_at(i: &RentBuyInputs, u: f64) -> [f64; 3] {
    [rent_at(i, u), reserve_monthly(i), own_at(i, u)]
}

/// The cheapest of `ways` by exact comparison, ties to the lower rank.
fn cheapest(costs: &[f64; 3], ways: &[Way]) -> Way {
    let mut best = ways[0];
    for &w in &ways[1..] {
        if costs[w.rank()] < costs[best.rank()] {
            best = w;
        }
    }
    best
}

/// The cheapest way at utilisation `u` by direct comparison of the costs, ties by the rule
/// (renting, then reserving, then owning).
pub fn cheapest_at(i: &RentBuyInputs, u: f64) -> Way {
    cheapest(&costs_at(i, u), considered(i))
}

/// A stretch of utilisation where one way is the cheapest. Bands run from 0 to 1 in order and
/// touch; a boundary belongs to whichever of the bands meeting there wins a tie (the lower
/// rank), which is the way that costs the same as its neighbour there and commits to less. A
/// band may be a single point when a third way ties both neighbours there and wins the tie.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    pub way: Way,
    pub from: Ratio,
    pub to: Ratio,
}

/// The way the bands name at `u` (0 to 1); `None` outside the bands.
pub fn way_at(bands: &[Band], u: f64) -> Option<Way> {
    bands
        .iter()
        .filter(|b| b.from.0 <= u && u <= b.to.0)
        .map(|b| b.way)
        .min_by_key(|w| w.rank())
}

/// Where each pair of the compared ways' lines cross strictly between 0 and 1: `(first,
/// second, U)`, the first the way that is cheaper below the crossing.
pub fn crossings(i: &RentBuyInputs) -> Vec<(Way, Way, f64)> {
    let ways = considered(i);
    let mut out = Vec::new();
    for (n, &w1) in ways.iter().enumerate() {
        for &w2 in &ways[n + 1..] {
            let ((c1, s1), (c2, s2)) = (line(i, w1), line(i, w2));
            if s1 == s2 {
                continue;
            }
            let u = (c2 - c1) / (s1 - s2);
            if u.is_finite() && u > 0.0 && u < 1.0 {
                // Below the crossing the line with the larger slope is the lower one.
                let (low, high) = if s1 > s2 { (w1, w2) } else { (w2, w1) };
                out.push((low, high, u));
            }
        }
    }
    out
}

/// The bands of utilisation 0..1 where each compared way is the cheapest.
pub fn bands(i: &RentBuyInputs) -> Vec<Band> {
    let ways = considered(i);
    let mut points: Vec<f64> = crossings(i).iter().map(|c| c.2).collect();
    points.extend([0.0, 1.0]);
    order::sort_by(&mut points, f64::total_cmp);
    points.dedup();
    // Pieces in order: each point, then the open stretch after it.
    let mut pieces: Vec<(Way, f64, f64)> = Vec::new();
    let last = points.len() - 1;
    for (n, &p) in points.iter().enumerate() {
        let costs = costs_at(i, p);
        let at_point = if n == 0 || n == last {
            cheapest(&costs, ways)
        } else {
            // A crossing: the lines meet here, so costs within rounding of the lowest tie.
            let low = ways
                .iter()
                .map(|w| costs[w.rank()])
                .fold(f64::INFINITY, f64::min);
            let scale = ways
                .iter()
                .map(|w| costs[w.rank()].abs())
                .fold(0.0, f64::max);
            let tol = 1e-12 * scale;
            ways.iter()
                .copied()
                .find(|w| costs[w.rank()] <= low + tol)
                .unwrap_or(ways[0])
        };
        pieces.push((at_point, p, p));
        if n < last {
            let next = points[n + 1];
            let mid = cheapest(&costs_at(i, (p + next) / 2.0), ways);
            pieces.push((mid, p, next));
        }
    }
    let mut out: Vec<Band> = Vec::new();
    for (way, from, to) in pieces {
        match out.last_mut() {
            Some(b) if b.way == way => b.to = Ratio(to),
            _ => out.push(Band {
                way,
                from: Ratio(from),
                to: Ratio(to),
            }),
        }
    }
    out
}

/// Owning, reserving and renting compared.
#[derive(Debug, Clone, PartialEq)]
pub struct ThreeWayReport {
    /// Monthly costs at the chosen utilisation.
    pub rent: Money,
    pub reserve: Money,
    pub own: Money,
    pub reserve_parts: ReserveParts,
    /// Rent against own: `U*`, as the two-way report has it.
    pub rent_own: Option<Ratio>,
    /// Rent against reserve: renting is cheaper below it. May exceed 1.
    pub rent_reserve: Option<Ratio>,
    /// Own against reserve: owning is cheaper below it (electricity that follows use only).
    pub own_reserve: Option<Ratio>,
    /// Whether reserving is among the ways compared (`reserve=1`).
    pub reserve_considered: bool,
    pub bands: Vec<Band>,
    /// The cheapest way at the chosen utilisation, and the next cheapest.
    pub best: Way,
    pub runner_up: Way,
    /// What the best way saves a month against the runner-up.
    pub saving: Money,
    /// The prices awaiting the reader's figure: a cost standing on one is not this machine's,
    /// and there is no best way until it is given ([`ThreeWayReport::decided`]).
    pub asked: Ask,
}

impl ThreeWayReport {
    /// The cheapest way, or `None` while a price is asked for.
    pub fn decided(&self) -> Option<Way> {
        (!self.asked.any()).then_some(self.best)
    }

    /// Whether a way's cost stands on given prices only: renting on the hourly rent, owning on
    /// the purchase, reserving on the hourly rent unless its month is priced as quoted.
    pub fn known(&self, way: Way) -> bool {
        match way {
            Way::Rent => !self.asked.price,
            Way::Own => !self.asked.purchase,
            Way::Reserve => self.reserve_parts.quoted_month.is_some() || !self.asked.price,
        }
    }
}

/// The three-way comparison at the inputs' utilisation.
pub fn three_way(i: &Valid<RentBuyInputs>, cur: Currency) -> ThreeWayReport {
    let i: &RentBuyInputs = i;
    let u = i.util.0;
    let costs = costs_at(i, u);
    let ways = considered(i);
    let best = cheapest(&costs, ways);
    let others: Vec<Way> = ways.iter().copied().filter(|w| *w != best).collect();
    let runner_up = cheapest(&costs, &others);
    let (a, b) = line(i, Way::Own);
    let r = reserve_monthly(i);
    let list = rent_at(i, 1.0);
    ThreeWayReport {
        rent: Money::new(costs[0], cur),
        reserve: Money::new(costs[1], cur),
        own: Money::new(costs[2], cur),
        reserve_parts: reserve_parts(i, cur),
        rent_own: break_even(i).map(Ratio),
        rent_reserve: (list > 0.0).then(|| Ratio(r / list)),
        own_reserve: (b > 0.0 && r >= a).then(|| Ratio((r - a) / b)),
        reserve_considered: i.reserve,
        bands: bands(i),
        best,
        runner_up,
        saving: Money::new(costs[runner_up.rank()] - costs[best.rank()], cur),
        asked: i.ask,
    }
}
