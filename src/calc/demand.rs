//! Hybrid plan for a demand profile: own `k` machines for the base load, rent the peaks
//! (docs/formulas.md, "Own the base, rent the peaks").
//!
//! ```text
//! demand d_m          machine-hours needed in month m (m = 1..n)
//! owned hours         o_m(k) = min(d_m, k H)
//! rented hours        r_m(k) = d_m - o_m(k)
//! cost(k)             = mean_m [ k a + b o_m(k) / H + p r_m(k) ]
//! ```
//! where owning one machine costs `a + b U` a month (see [`super::rent_buy`]), `H` is the hours in
//! a month and `p` the rent per machine-hour. The best plan is the `k` with the lowest mean cost
//! (ties: fewer machines). Adding the k-th machine pays off exactly when that machine would be
//! busy more than U* of the time, which the per-machine utilisations let a reader check.
//!
//! With no profile the chosen utilisation stands for one machine's flat demand, `d_m = U H`.

use super::rent_buy::{own_at, RentBuyInputs};
use super::table::Valid;
use super::units::{Currency, Hours, Money};
use thiserror::Error;

/// At most this many owned machines are considered; a profile needing more is capped.
pub const MAX_MACHINES: usize = 10_000;

/// One candidate plan.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub owned: usize,
    pub monthly: Money,
    /// Utilisation of the last machine added (the k-th), averaged over the months.
    pub last_machine_util: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct HybridReport {
    pub best: Plan,
    pub all_rent: Money,
    /// Every plan from 0 machines up to enough for the peak month.
    pub plans: Vec<Plan>,
    /// The demand used, machine-hours per month.
    pub demand: Vec<Hours>,
}

/// The profile used: the typed one, or a flat month at the chosen utilisation.
fn effective_demand(i: &RentBuyInputs) -> Vec<Hours> {
    if i.demand.is_empty() {
        vec![Hours(i.util.0 * i.month_hours.0)]
    } else {
        i.demand.clone()
    }
}

pub fn hybrid(i: &Valid<RentBuyInputs>, currency: Currency) -> HybridReport {
    let demand = effective_demand(i);
    let h = i.month_hours.0;
    let n = demand.len().max(1) as f64;
    let peak = demand.iter().map(|d| d.0).fold(0.0, f64::max);
    let k_max = ((peak / h).ceil() as usize).min(MAX_MACHINES);
    let (a, b) = (own_at(i, 0.0), own_at(i, 1.0) - own_at(i, 0.0));
    let cost = |k: usize| -> (f64, f64) {
        let cap = k as f64 * h;
        let mut total = 0.0;
        let mut last_busy = 0.0;
        for d in &demand {
            let owned = d.0.min(cap);
            total += k as f64 * a + b * owned / h + i.price_per_hour * (d.0 - owned);
            if k > 0 {
                last_busy += (d.0 - (k - 1) as f64 * h).clamp(0.0, h) / h;
            }
        }
        (total / n, last_busy / n)
    };
    let plans: Vec<Plan> = (0..=k_max)
        .map(|k| {
            let (m, u) = cost(k);
            Plan {
                owned: k,
                monthly: Money::new(m, currency),
                last_machine_util: u,
            }
        })
        .collect();
    let best = plans
        .iter()
        .fold(None::<&Plan>, |best, p| match best {
            Some(b) if b.monthly.amount <= p.monthly.amount => Some(b),
            _ => Some(p),
        })
        .cloned()
        .unwrap_or(Plan {
            owned: 0,
            monthly: Money::new(0.0, currency),
            last_machine_util: 0.0,
        });
    HybridReport {
        all_rent: plans.first().map(|p| p.monthly).unwrap_or(best.monthly),
        best,
        plans,
        demand,
    }
}

/// Why a typed demand profile was refused.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum DemandError {
    #[error("demand: item {item} is {raw:?}; expected machine-hours from 0 to {max}")]
    Item { item: usize, raw: String, max: f64 },
    #[error("demand: {months} months given; at most {max} are allowed")]
    TooLong { months: usize, max: usize },
}

/// The most machine-hours one month of a profile may hold, and the most months.
pub const MAX_MONTH_HOURS: f64 = 1e7;
pub const MAX_MONTHS: usize = 120;

/// Parses a profile typed as comma-separated machine-hours (`600,900,1500`); blanks are ignored.
pub fn parse_demand(raw: &str) -> Result<Vec<Hours>, DemandError> {
    let mut out = Vec::new();
    let parts = raw.split([',', ';', ' ', '\n']).map(str::trim);
    for (n, part) in parts.filter(|p| !p.is_empty()).enumerate() {
        match part.parse::<f64>() {
            Ok(v) if v.is_finite() && (0.0..=MAX_MONTH_HOURS).contains(&v) => out.push(Hours(v)),
            _ => {
                return Err(DemandError::Item {
                    item: n + 1,
                    raw: part.to_string(),
                    max: MAX_MONTH_HOURS,
                })
            }
        }
    }
    if out.len() > MAX_MONTHS {
        return Err(DemandError::TooLong {
            months: out.len(),
            max: MAX_MONTHS,
        });
    }
    Ok(out)
}

/// The profile as it is written in a link.
pub fn format_demand(d: &[Hours]) -> String {
    d.iter()
        .map(|h| super::field::link_number(h.0))
        .collect::<Vec<_>>()
        .join(",")
}
