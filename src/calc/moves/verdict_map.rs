//! The verdict over hourly rent by utilisation: a grid of cells, each saying which option is
//! cheaper at its centre and by how much, with the break-even curve, the chosen point and the
//! guide's market range.
//!
//! ```text
//! cell (p, u), at its centre:  difference = own(u) - rent(p, u) = a + b u - p H u
//! verdict                      rent when difference >= 0 (ties: rent), else buy
//! border                       u = U*(p) = a / (p H - b); none where p H <= b
//! ```
//!
//! Owning does not depend on the rent, so along a column the difference falls linearly in `u`
//! and changes sign once, at `U*(p)`: every cell below the curve says rent, every cell above it
//! buy. The price axis is the guide's market range of 80-200 yuan a machine-hour (in dollars at
//! the scenario's rate, [`market_range`]), widened as the break-even chart widens it
//! ([`price_axis`]) to keep the chosen price well inside. Utilisation runs from 0 to 100%. Only the rent and the
//! utilisation move; the demand profile plays no part (each cell is one machine at a flat `u`).
//!
//! With reserving compared (`reserve=1`) each cell also names the cheapest of the three ways
//! ([`crate::calc::reserve::cheapest_at`]) and its difference is owning less the cheaper of
//! renting and reserving. The rent-against-own curve is not drawn then (`border` is empty): the
//! borders are where the colours change.

use crate::calc::rent_buy::{break_even, report, RentBuyInputs, Verdict};
use crate::calc::reserve::{cheapest_at, costs_at, Way};
pub use crate::calc::sensitivity::market_range;
use crate::calc::sensitivity::{price_axis, Series};
use crate::calc::table::Valid;
use crate::calc::units::{Currency, Money, Ratio};

/// Columns (rent bands) and rows (utilisation bands, 2.5 points each) of [`verdict_map`].
pub const PRICE_BANDS: usize = 48;
pub const UTIL_BANDS: usize = 40;
/// The most bands [`verdict_map_sized`] draws along either axis.
pub const MAX_BANDS: usize = 400;

/// One cell, at its centre.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cell {
    pub verdict: Verdict,
    /// The cheapest of the ways compared (with `reserve=1`, reserving too).
    pub way: Way,
    /// `own - rent` a month: positive where renting saves (the shading's size and side).
    pub difference: Money,
}

/// The inputs' own point on the map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Current {
    /// Rent per machine-hour, in the scenario's currency.
    pub price: Money,
    pub util: Ratio,
    /// As the report says it (the headline's verdict).
    pub verdict: Verdict,
    /// The cheapest of the ways compared, as the three-way report says it.
    pub way: Way,
    pub difference: Money,
    /// `U*` at the chosen rent; `None` when renting always wins.
    pub break_even: Option<Ratio>,
}

/// The grid and what is marked on it. Prices are per machine-hour in `currency`; utilisations
/// are fractions from 0 to 1.
#[derive(Debug, Clone, PartialEq)]
pub struct VerdictMap {
    pub currency: Currency,
    /// Column edges, ascending: one more than there are columns.
    pub price_edges: Vec<f64>,
    /// Row edges from 0 to 1: one more than there are rows.
    pub util_edges: Vec<f64>,
    /// `cells[row][col]`: row 0 is the lowest utilisation, column 0 the lowest rent.
    pub cells: Vec<Vec<Cell>>,
    /// `(price, U*)` at four points per column, where a break-even exists; `U*` may exceed 1
    /// (the page clips the curve at the top).
    pub border: Series,
    pub current: Current,
    /// The guide's market range per machine-hour, in `currency` (as passed in).
    pub market: (f64, f64),
    /// The largest `|difference|` over the cells, to scale the shading; 0 when all cells tie.
    pub largest_difference: f64,
}

/// The map at [`PRICE_BANDS`] by [`UTIL_BANDS`]; `market` is the guide's range in the scenario's
/// currency ([`market_range`]).
pub fn verdict_map(i: &Valid<RentBuyInputs>, cur: Currency, market: (f64, f64)) -> VerdictMap {
    verdict_map_sized(i, cur, market, PRICE_BANDS, UTIL_BANDS)
}

/// The map with `prices` columns and `utils` rows (each kept within 1..=[`MAX_BANDS`]).
pub fn verdict_map_sized(
    i: &Valid<RentBuyInputs>,
    cur: Currency,
    market: (f64, f64),
    prices: usize,
    utils: usize,
) -> VerdictMap {
    let (cols, rows) = (prices.clamp(1, MAX_BANDS), utils.clamp(1, MAX_BANDS));
    let (lo, hi) = price_axis(market, i.price_per_hour);
    let edges = |n: usize, a: f64, b: f64| -> Vec<f64> {
        (0..=n).map(|k| a + (b - a) * k as f64 / n as f64).collect()
    };
    let price_edges = edges(cols, lo, hi);
    let util_edges = edges(rows, 0.0, 1.0);
    let centre = |e: &[f64], k: usize| 0.5 * (e[k] + e[k + 1]);
    // Only the rent moves between columns, within a bounded range around a valid one.
    let mut probe: RentBuyInputs = (**i).clone();
    let mut largest = 0.0f64;
    let mut cells = vec![Vec::with_capacity(cols); rows];
    for c in 0..cols {
        probe.price_per_hour = centre(&price_edges, c);
        for (r, row) in cells.iter_mut().enumerate() {
            let u = centre(&util_edges, r);
            let [rent, reserve, own] = costs_at(&probe, u);
            // Owning against the cheaper of the other ways compared.
            let other = if probe.reserve {
                rent.min(reserve)
            } else {
                rent
            };
            let difference = own - other;
            largest = largest.max(difference.abs());
            row.push(Cell {
                verdict: if difference >= 0.0 {
                    Verdict::Rent
                } else {
                    Verdict::Buy
                },
                difference: Money::new(difference, cur),
                way: cheapest_at(&probe, u),
            });
        }
    }
    let border = if i.reserve {
        Series::new()
    } else {
        edges(cols * 4, lo, hi)
            .into_iter()
            .filter_map(|p| {
                probe.price_per_hour = p;
                break_even(&probe).map(|u| (p, u))
            })
            .collect()
    };
    let r = report(i, cur);
    VerdictMap {
        currency: cur,
        price_edges,
        util_edges,
        cells,
        border,
        current: Current {
            price: Money::new(i.price_per_hour, cur),
            util: i.util,
            verdict: r.verdict,
            way: cheapest_at(i, i.util.0),
            difference: r.monthly_difference,
            break_even: r.break_even,
        },
        market,
        largest_difference: largest,
    }
}
