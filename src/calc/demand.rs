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
//!
//! Three ways ([`hybrid3`], docs/formulas.md, "Own, reserve or rent"): own `k`, reserve `m`, rent
//! the rest. Each month's hours go first to the reserved machines (already paid for, no cost an
//! hour), then to the owned ones when an hour of their electricity (`b / H`) costs no more than an
//! hour of rent, then to renting. With `c = min(b / H, p)` and `F(x) = mean_m min(d_m, x)` (the
//! hours a month the first `x` hours of capacity serve):
//!
//! ```text
//! cost(k, m) = k a + m R + c [F((k+m) H) - F(m H)] + p [mean d - F((k+m) H)]
//!            = G(k + m) + K(m)
//! G(T)       = T a + (c - p) F(T H) + p mean d
//! K(m)       = m (R - a) - c F(m H)
//! ```
//! where `R` is a reserved machine's month ([`super::reserve`]). The cost splits into a part of
//! the machine count `T = k + m` and a part of `m`, so the best `m <= T` for each `T` is a running
//! minimum and the search is linear in the machines. Ties: fewer machines, then fewer owned (a
//! reserved machine commits to less). Reserving is considered only when the reader turned it on;
//! without it the plan is the two-way one.

use super::rent_buy::{own_at, RentBuyInputs};
use super::reserve::{reserve_monthly, ReserveTerm};
use super::table::Valid;
pub use super::terms::{format_demand, parse_demand, DemandError, MAX_MONTHS, MAX_MONTH_HOURS};
use super::units::{Currency, Hours, Money};
use crate::calc::order;

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

/// Mean hours a month that served demand from each month of a profile.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fill {
    pub reserved: Hours,
    pub owned: Hours,
    pub rented: Hours,
}

/// One plan of the three-way hybrid.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan3 {
    pub owned: usize,
    /// Machines reserved: the most in any month when terms are chosen month by month.
    pub reserved: usize,
    /// Machines reserved in each month of the profile.
    pub reserved_by_month: Vec<usize>,
    pub monthly: Money,
    pub fill: Fill,
}

/// The best mix of owned, reserved and rented machines for a demand profile.
#[derive(Debug, Clone, PartialEq)]
pub struct Hybrid3Report {
    /// The cheapest plan.
    pub best: Plan3,
    /// The cheapest plan that reserves nothing: the two-way plan.
    pub own_only: Plan3,
    /// The cheapest plan that owns nothing (renting everything when reserving is off).
    pub reserve_only: Plan3,
    pub all_rent: Money,
    /// Whether reserving was considered (`reserve=1`).
    pub reserve_considered: bool,
    /// The demand used, machine-hours per month.
    pub demand: Vec<Hours>,
}

/// The profile's months sorted, with running sums, to serve `F(x)` in a binary search.
struct Served {
    sorted: Vec<f64>,
    /// `prefix[j]`: the sum of the `j` smallest months.
    prefix: Vec<f64>,
}

impl Served {
    fn new(demand: &[Hours]) -> Self {
        let mut sorted: Vec<f64> = demand.iter().map(|d| d.0).collect();
        order::sort_by(&mut sorted, f64::total_cmp);
        let mut prefix = vec![0.0];
        for d in &sorted {
            prefix.push(prefix.last().copied().unwrap_or(0.0) + d);
        }
        Served { sorted, prefix }
    }

    /// `F(x)`: mean over the months of `min(d, x)`.
    fn mean_within(&self, x: f64) -> f64 {
        let n = self.sorted.len();
        if n == 0 {
            return 0.0;
        }
        let below = self.sorted.partition_point(|d| *d <= x);
        let above = (n - below) as f64;
        // Every month within `x`: no `x * 0` (an infinite `x` would make it NaN).
        let capped = if above > 0.0 { x * above } else { 0.0 };
        (self.prefix[below] + capped) / n as f64
    }
}

/// The three-way hybrid plan: own `k`, reserve `m`, rent the rest, each month filled in the
/// cheapest order.
pub fn hybrid3(i: &Valid<RentBuyInputs>, currency: Currency) -> Hybrid3Report {
    let demand = effective_demand(i);
    let h = i.month_hours.0;
    let p = i.price_per_hour;
    let peak = demand.iter().map(|d| d.0).fold(0.0, f64::max);
    let n_max = ((peak / h).ceil() as usize).min(MAX_MACHINES);
    let (a, b) = (own_at(i, 0.0), own_at(i, 1.0) - own_at(i, 0.0));
    let r = reserve_monthly(i);
    let c = (b / h).min(p);
    let served = Served::new(&demand);
    let mean_d = served.mean_within(f64::INFINITY);
    let g = |t: usize| t as f64 * a + (c - p) * served.mean_within(t as f64 * h) + p * mean_d;
    let k = |m: usize| m as f64 * (r - a) - c * served.mean_within(m as f64 * h);
    // The plan's own figures, month by month, so the reported cost does not carry the rounding
    // of the split form.
    let plan = |owned: usize, reserved: usize| -> Plan3 {
        let (rc, oc) = (reserved as f64 * h, owned as f64 * h);
        let n = demand.len().max(1) as f64;
        let (mut rs, mut os, mut ts) = (0.0, 0.0, 0.0);
        for d in &demand {
            let on_reserved = d.0.min(rc);
            let on_owned = if b / h <= p {
                (d.0 - on_reserved).min(oc)
            } else {
                0.0
            };
            rs += on_reserved;
            os += on_owned;
            ts += d.0 - on_reserved - on_owned;
        }
        let (rs, os, ts) = (rs / n, os / n, ts / n);
        Plan3 {
            owned,
            reserved,
            reserved_by_month: vec![reserved; demand.len()],
            monthly: Money::new(
                owned as f64 * a + reserved as f64 * r + b / h * os + p * ts,
                currency,
            ),
            fill: Fill {
                reserved: Hours(rs),
                owned: Hours(os),
                rented: Hours(ts),
            },
        }
    };
    let reserve = i.reserve;
    if reserve && i.reserve_term == ReserveTerm::Month {
        return by_month(i, &demand, currency, (a, b, r));
    }
    // For each machine count T: the best number reserved among 0..=T (ties: more reserved).
    let mut best_m = 0usize;
    let mut best_k = k(0);
    let mut best: Option<(f64, usize, usize)> = None;
    let mut own_only: Option<(f64, usize)> = None;
    let mut reserve_only: Option<(f64, usize)> = None;
    for t in 0..=n_max {
        if reserve && t > 0 {
            let kt = k(t);
            if kt <= best_k {
                best_k = kt;
                best_m = t;
            }
        }
        let gt = g(t);
        let cost = gt + best_k;
        if best.is_none_or(|(c0, _, _)| cost < c0) {
            best = Some((cost, t, best_m));
        }
        if own_only.is_none_or(|(c0, _)| gt < c0) {
            own_only = Some((gt, t));
        }
        if reserve {
            let only = gt + k(t);
            if reserve_only.is_none_or(|(c0, _)| only < c0) {
                reserve_only = Some((only, t));
            }
        }
    }
    let (_, t, m) = best.unwrap_or((0.0, 0, 0));
    let own_only = plan(own_only.map_or(0, |o| o.1), 0);
    Hybrid3Report {
        best: plan(t - m, m),
        reserve_only: plan(0, reserve_only.map_or(0, |o| o.1)),
        all_rent: plan(0, 0).monthly,
        own_only,
        reserve_considered: reserve,
        demand,
    }
}

/// What month `d` costs with `owned` machines owned and `reserved` reserved for it, filled in the
/// cheapest order (reserved, then owned when its electricity costs no more than rent, then
/// rented): the cost and the hours on reserved, owned and rented machines.
fn month_cost(
    d: f64,
    owned: usize,
    reserved: usize,
    h: f64,
    p: f64,
    abr: (f64, f64, f64),
) -> (f64, [f64; 3]) {
    let (a, b, r) = abr;
    let on_reserved = d.min(reserved as f64 * h);
    let on_owned = if b / h <= p {
        (d - on_reserved).min(owned as f64 * h)
    } else {
        0.0
    };
    let rented = d - on_reserved - on_owned;
    let cost = owned as f64 * a + reserved as f64 * r + b / h * on_owned + p * rented;
    (cost, [on_reserved, on_owned, rented])
}

/// The machines to reserve for month `d` with `owned` owned: the cost is piecewise linear in the
/// number reserved, with its corners where the reserved machines, or the reserved and owned ones
/// together, just cover the month, so the best whole number is one next to a corner (or none).
/// Ties: fewer reserved.
fn best_reserved(d: f64, owned: usize, h: f64, p: f64, abr: (f64, f64, f64)) -> usize {
    let full = d / h;
    let around = |x: f64| {
        let x = x.max(0.0).min(MAX_MACHINES as f64);
        [x.floor() as usize, x.ceil() as usize]
    };
    let mut best = (month_cost(d, owned, 0, h, p, abr).0, 0usize);
    for m in around(full - owned as f64).into_iter().chain(around(full)) {
        let c = month_cost(d, owned, m, h, p, abr).0;
        if c < best.0 || (c == best.0 && m < best.1) {
            best = (c, m);
        }
    }
    best.1
}

/// The three-way plan when a reserved term is one month: the owned machines hold over the whole
/// profile, the reserved ones are chosen month by month ([`best_reserved`]). For each number
/// owned (0 up to enough for the peak month) the months are chosen independently, so the search
/// is linear in the machines times the months. Ties: fewer owned.
fn by_month(
    i: &RentBuyInputs,
    demand: &[Hours],
    currency: Currency,
    abr: (f64, f64, f64),
) -> Hybrid3Report {
    let h = i.month_hours.0;
    let p = i.price_per_hour;
    let n = demand.len().max(1) as f64;
    let peak = demand.iter().map(|d| d.0).fold(0.0, f64::max);
    let n_max = ((peak / h).ceil() as usize).min(MAX_MACHINES);
    let plan = |owned: usize, reserving: bool| -> Plan3 {
        let mut total = 0.0;
        let mut hours = [0.0; 3];
        let mut by_month = Vec::with_capacity(demand.len());
        for d in demand {
            let m = if reserving {
                best_reserved(d.0, owned, h, p, abr)
            } else {
                0
            };
            let (c, split) = month_cost(d.0, owned, m, h, p, abr);
            total += c;
            hours.iter_mut().zip(split).for_each(|(s, x)| *s += x);
            by_month.push(m);
        }
        Plan3 {
            owned,
            reserved: by_month.iter().copied().max().unwrap_or(0),
            reserved_by_month: by_month,
            monthly: Money::new(total / n, currency),
            fill: Fill {
                reserved: Hours(hours[0] / n),
                owned: Hours(hours[1] / n),
                rented: Hours(hours[2] / n),
            },
        }
    };
    let cheapest = |reserving: bool, owned_max: usize| {
        (0..=owned_max)
            .map(|k| plan(k, reserving))
            .fold(None::<Plan3>, |best, q| match best {
                Some(b) if b.monthly.amount <= q.monthly.amount => Some(b),
                _ => Some(q),
            })
            .unwrap_or_else(|| plan(0, reserving))
    };
    Hybrid3Report {
        best: cheapest(true, n_max),
        own_only: cheapest(false, n_max),
        reserve_only: plan(0, true),
        all_rent: plan(0, false).monthly,
        reserve_considered: true,
        demand: demand.to_vec(),
    }
}
