//! The break-even utilisation U* of every catalogue row side by side, with the rent-or-buy view's
//! other costs: the guide notes that the break-even "is very sensitive to the card".
//!
//! For each row that has both a purchase and a rent figure in the currency asked for, the
//! rent-or-buy inputs are filled from the row ([`super::rent_buy_fill`]: its purchase, its rent
//! per machine-hour, its draw at load, idle draw and resale kept in proportion), everything else
//! (electricity price and model, cooling, hosting, staff, months, hours in a month) is the view's
//! own, and U* is the rent-or-buy formula (`crate::calc::rent_buy`):
//!
//! ```text
//! U* = own_monthly / (price_per_hour x month_hours)       (fixed hours)
//!    = a / (price_per_hour x month_hours - b)             (electricity follows use)
//! ```
//!
//! A U* above 1 means renting is cheaper even at full use; `None`, that renting is cheaper at any
//! use (an hour's rent does not cover the electricity of computing it). Only like prices meet: a
//! row's purchase is a street price (a launch MSRP is left out) and its rent an hourly one (on
//! demand or community; a monthly term is a reservation and spot can be taken back). Rows are
//! grouped by the rent's tier (on demand, then community) and sorted by U* within it, lowest first
//! (owning pays soonest), those without a break-even last. Rows without both figures in the
//! currency are left out, never converted. A card row is eight cards without a host, so its
//! purchase is lower than a whole machine's: read it beside the machine rows of the same card.

use super::{all, fill::Basis, rent_buy_fill, Pick};
use crate::calc::memory::prices::Tier;
use crate::calc::order;
use crate::calc::rent_buy::{break_even, own_at, RentBuyInputs};
use crate::calc::table::{validate, Valid};
use crate::calc::units::{Currency, Ratio};

/// One row of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct CardBreakEven {
    pub pick: Pick,
    /// Purchase of the machine, in the currency asked for.
    pub purchase: f64,
    /// Rent per machine-hour.
    pub price_per_hour: f64,
    /// Draw at load, kW, and where it comes from.
    pub power_kw: f64,
    pub power: Basis,
    /// Owning the machine a month at the view's utilisation.
    pub own_monthly: f64,
    /// Utilisation at which owning and renting cost the same.
    pub break_even: Option<Ratio>,
    /// Month of the older of the two prices ("YYYY-MM"), to show how old the comparison is.
    pub oldest: &'static str,
    /// The rent's tier (on demand or community): rows are compared within a tier.
    pub tier: Tier,
}

/// Every row with a purchase and a rent figure in `currency`, sorted by U* (module docs).
pub fn break_even_by_card(rb: &Valid<RentBuyInputs>, currency: Currency) -> Vec<CardBreakEven> {
    let mut rows: Vec<CardBreakEven> = all()
        .filter_map(|pick| {
            let (purchase, buy) = pick.machine_purchase(currency)?;
            let (price, rent) = pick.machine_rent(currency)?;
            let (filled, _, _) = rent_buy_fill(rb, currency, pick);
            // Filled values stay in range and keep the rules between inputs (super's docs).
            let filled = validate(filled).ok()?;
            let (power_kw, power) = pick.load_power();
            Some(CardBreakEven {
                pick,
                purchase,
                price_per_hour: price,
                power_kw: power_kw.0,
                power,
                own_monthly: own_at(&filled, filled.util.0),
                break_even: break_even(&filled).map(Ratio),
                oldest: buy.date.min(rent.date),
                tier: rent.tier,
            })
        })
        .collect();
    order::sort_by(&mut rows, |a, b| {
        let key = |r: &CardBreakEven| r.break_even.map_or(f64::INFINITY, |u| u.0);
        tier_rank(a.tier)
            .cmp(&tier_rank(b.tier))
            .then_with(|| key(a).total_cmp(&key(b)))
            .then_with(|| a.pick.id().cmp(b.pick.id()))
    });
    rows
}

/// On demand before community: the order the table's groups come in.
fn tier_rank(t: Tier) -> u8 {
    match t {
        Tier::OnDemand => 0,
        Tier::Community => 1,
        _ => 2,
    }
}
