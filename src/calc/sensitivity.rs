//! Chart data for the rent-or-buy view: pure series, drawn elsewhere (`crate::charts`).
//!
//! - cost against utilisation: both costs are linear in U, so two points per line are exact;
//! - break-even against hourly rent: `U*(p)` over the guide's market range 80-200 per hour,
//!   widened to keep the chosen price in the middle third of the axis;
//! - cumulative cost over the horizon: owning pays the purchase up front then its running cost,
//!   renting pays each month's rent; resale comes back in the last month (the curve's value when
//!   a resale curve is given). The amounts are cash as paid, not discounted at the cost of
//!   capital;
//! - cost against utilisation for the three ways (own, reserve, rent): three straight lines, the
//!   reserved one flat, with the bands where each is the cheapest (`super::reserve`).

use super::rent_buy::{break_even, own_at, rent_at, resale_value, RentBuyInputs, RentBuyReport};
use super::reserve::{bands, costs_at, crossings, Band, Way};
use super::table::Valid;
use super::units::Currency;

/// The guide's market range for an 8-card machine, per machine-hour (section 1.2).
pub const MARKET_PRICE_RANGE: (f64, f64) = (80.0, 200.0);

pub use super::series::Series;

/// The price axis of a chart over hourly rent: the market range `(low, high)`, widened to
/// `price / 1.5 .. price x 1.5` when the chosen price lies near or beyond its ends, so the chosen
/// price always sits well inside.
pub fn price_axis(market: (f64, f64), price: f64) -> (f64, f64) {
    (market.0.min(price / 1.5), market.1.max(price * 1.5))
}

/// The guide's market range in the scenario's currency: yuan as the guide gives it, dollars at
/// `fx` yuan per dollar.
pub fn market_range(cur: Currency, fx: f64) -> (f64, f64) {
    match cur {
        Currency::Cny => MARKET_PRICE_RANGE,
        Currency::Usd => (MARKET_PRICE_RANGE.0 / fx, MARKET_PRICE_RANGE.1 / fx),
    }
}

/// Monthly cost of owning and of renting against utilisation 0..1.
#[derive(Debug, Clone, PartialEq)]
pub struct CostVsUtil {
    pub own: Series,
    pub rent: Series,
    /// `(U*, cost at U*)` when the lines cross within 0..1.
    pub crossing: Option<(f64, f64)>,
    /// The chosen utilisation and the two costs there.
    pub chosen: (f64, f64, f64),
}

pub fn cost_vs_util(i: &Valid<RentBuyInputs>) -> CostVsUtil {
    let i: &RentBuyInputs = i;
    let line = |f: fn(&RentBuyInputs, f64) -> f64| vec![(0.0, f(i, 0.0)), (1.0, f(i, 1.0))];
    let crossing = break_even(i)
        .filter(|u| *u <= 1.0)
        .map(|u| (u, rent_at(i, u)));
    let u = i.util.0;
    CostVsUtil {
        own: line(own_at),
        rent: line(rent_at),
        crossing,
        chosen: (u, own_at(i, u), rent_at(i, u)),
    }
}

/// Break-even utilisation against the hourly rent.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakEvenVsPrice {
    /// `(price, U*)`; prices where renting always wins are left out.
    pub points: Series,
    pub price_range: (f64, f64),
    /// The chosen price and its U*, if any.
    pub chosen: (f64, Option<f64>),
}

pub fn break_even_vs_price(i: &Valid<RentBuyInputs>) -> BreakEvenVsPrice {
    let p = i.price_per_hour;
    let (lo, hi) = price_axis(MARKET_PRICE_RANGE, p);
    const STEPS: usize = 60;
    // Only the price moves, within a bounded range around a valid one.
    let mut probe: RentBuyInputs = (**i).clone();
    let points = (0..=STEPS)
        .filter_map(|k| {
            probe.price_per_hour = lo + (hi - lo) * k as f64 / STEPS as f64;
            break_even(&probe).map(|u| (probe.price_per_hour, u))
        })
        .collect();
    BreakEvenVsPrice {
        points,
        price_range: (lo, hi),
        chosen: (p, break_even(i)),
    }
}

/// Cumulative cost month by month over the horizon.
#[derive(Debug, Clone, PartialEq)]
pub struct Cumulative {
    pub own: Series,
    pub rent: Series,
    /// `(month, cumulative cost)` where renting's total passes owning's, within the horizon.
    pub payback: Option<(f64, f64)>,
}

/// The horizon is at most 240 months (the field's range), so the series stays small.
pub fn cumulative(i: &Valid<RentBuyInputs>, r: &RentBuyReport) -> Cumulative {
    let months = i.months.max(1.0).round() as usize;
    let running = r.running_monthly.amount;
    let rent = r.rent_monthly.amount;
    let end = resale_value(i).0;
    let own = (0..=months)
        .map(|m| {
            let resale = if m == months { end } else { 0.0 };
            (m as f64, i.purchase + running * m as f64 - resale)
        })
        .collect();
    let rent = (0..=months).map(|m| (m as f64, rent * m as f64)).collect();
    Cumulative {
        own,
        rent,
        payback: r.payback_month.map(|m| (m, i.purchase + running * m)),
    }
}

/// Everything the rent-or-buy view's results read, made by one call: the report and its three
/// charts' series, so the view keeps one memo (docs/performance.md, "One memo per view").
#[derive(Debug, Clone, PartialEq)]
pub struct RentBuySheet {
    pub report: RentBuyReport,
    pub cost_chart: CostVsUtil,
    pub break_even_chart: BreakEvenVsPrice,
    pub cumulative_chart: Cumulative,
}

/// The report's figures are read through the sheet as they are (`sheet.verdict`).
impl std::ops::Deref for RentBuySheet {
    type Target = RentBuyReport;
    fn deref(&self) -> &RentBuyReport {
        &self.report
    }
}

/// The report and the chart series of the rent-or-buy inputs.
pub fn rent_buy_sheet(i: &Valid<RentBuyInputs>, cur: Currency) -> RentBuySheet {
    let report = super::rent_buy::report(i, cur);
    RentBuySheet {
        cost_chart: cost_vs_util(i),
        break_even_chart: break_even_vs_price(i),
        cumulative_chart: cumulative(i, &report),
        report,
    }
}

/// Where two ways' lines cross within utilisation 0..1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Crossing {
    /// The way cheaper below the crossing, and the one cheaper above it.
    pub below: Way,
    pub above: Way,
    pub util: f64,
    pub cost: f64,
}

/// Monthly cost of owning, reserving and renting against utilisation 0..1, with the bands where
/// each compared way is the cheapest.
#[derive(Debug, Clone, PartialEq)]
pub struct CostVsUtil3 {
    pub own: Series,
    pub rent: Series,
    /// Flat: a reserved machine costs the same at any utilisation. Drawn even when reserving is
    /// not compared, so the reader sees what it would cost.
    pub reserve: Series,
    /// Whether reserving is compared (`reserve=1`); the bands and crossings follow it.
    pub reserve_considered: bool,
    pub bands: Vec<Band>,
    pub crossings: Vec<Crossing>,
    /// The chosen utilisation and each way's cost there: `(U, own, rent, reserve)`.
    pub chosen: (f64, f64, f64, f64),
}

pub fn cost_vs_util3(i: &Valid<RentBuyInputs>) -> CostVsUtil3 {
    let i: &RentBuyInputs = i;
    let at = |w: Way, u: f64| costs_at(i, u)[w as usize];
    let line = |w: Way| vec![(0.0, at(w, 0.0)), (1.0, at(w, 1.0))];
    let u = i.util.0;
    let crossings = crossings(i)
        .into_iter()
        .map(|(below, above, util)| Crossing {
            below,
            above,
            util,
            cost: at(below, util),
        })
        .collect();
    CostVsUtil3 {
        own: line(Way::Own),
        rent: line(Way::Rent),
        reserve: line(Way::Reserve),
        reserve_considered: i.reserve,
        bands: bands(i),
        crossings,
        chosen: (u, at(Way::Own, u), at(Way::Rent, u), at(Way::Reserve, u)),
    }
}
