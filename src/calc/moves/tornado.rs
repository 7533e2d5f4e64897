//! The tornado: each numeric input of the rent-or-buy table moved down and up by the share `x`
//! (`swing`, 20% by default), one at a time, the others held where they are.
//!
//! ```text
//! low  = v x (1 - x)        high = v x (1 + x)
//! bar  = (U* and own - rent at U) at low, and at high
//! span = max - min of an output over low, the base and high
//! ```
//!
//! Rules, each reported rather than hidden:
//! - An end outside the field's range stops at the range's end ([`Clamp::Range`]): PUE 1 moved
//!   down stays at 1.
//! - An end that breaks a rule between inputs (a purchase price below the resale value, a load
//!   draw below the idle draw) stops at the last value the rule allows, found by bisection
//!   between the base and the end ([`Clamp::Rule`], with the calculator's own error).
//! - A whole-number field (months) moves to the next whole number at or beyond `±x`, so even a
//!   small `x` moves it: 36 months at 20% gives 28 and 44.
//! - Not moved ([`Skip`]): `swing` itself (it sets the move), `month_hours` (720 or 730 is a
//!   convention of the calendar, not an estimate that could be off), an input at zero (a relative
//!   move leaves it there) and an input whose move changes neither output as the other inputs
//!   stand (the idle draw while electricity is counted for fixed hours).
//! - With reserving compared (`reserve=1`) each end also carries the cheapest of the three ways,
//!   and the monthly difference is owning less the cheaper of renting and reserving, so a
//!   reserved term's discount moves the answer like any other input.
//! - `U*` does not exist when renting is cheaper at every utilisation; it is `None` at that end,
//!   never an infinite or undefined number. A bar whose `U*` exists at one end and not at another
//!   ranks above every bar with a finite span when bars are ranked by `U*` ([`Swing::Appears`]).

use crate::calc::field::{NumField, NumberKind};
use crate::calc::order;
use crate::calc::rent_buy::{report, RentBuyInputs, Verdict};
use crate::calc::reserve::{cheapest_at, costs_at, Way};
use crate::calc::table::{validate, Calculator, Field, Issue, Valid};
use crate::calc::units::{Currency, Money, Ratio};
use std::cmp::Ordering;

/// Why an input of the table has no bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skip {
    /// It sets how far the others move (`swing`).
    Setting,
    /// A convention of the calendar, not an estimate that could be off (`month_hours`).
    Convention,
    /// Its value is zero, and a relative move leaves it there.
    Zero,
    /// Moving it changes neither output while the other inputs stand as they are.
    NoEffect,
}

crate::choice_ids!(Skip {
    Setting => "setting",
    Convention => "convention",
    Zero => "zero",
    NoEffect => "no-effect",
});

/// Inputs of the table the tornado never moves, and why. Every other number field is moved.
pub const NOT_MOVED: &[(&str, Skip)] =
    &[("swing", Skip::Setting), ("month_hours", Skip::Convention)];

/// The output the bars are ranked by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Output {
    /// The break-even utilisation `U*`.
    BreakEven,
    /// Owning's monthly cost less renting's at the chosen utilisation.
    #[default]
    Difference,
}

crate::choice_ids!(Output { BreakEven => "break-even", Difference => "difference" });

/// Both outputs at one set of inputs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// `None` when renting is cheaper at every utilisation.
    pub break_even: Option<Ratio>,
    /// `own - rent` a month at the chosen utilisation: positive when renting saves. With
    /// `reserve=1`, owning less the cheaper of renting and reserving: positive when not owning
    /// saves.
    pub difference: Money,
    /// At the chosen utilisation (ties: rent), as the headline says it.
    pub verdict: Verdict,
    /// The cheapest of the ways compared at the chosen utilisation: owning, renting and, with
    /// `reserve=1`, reserving (ties as in [`crate::calc::reserve`]).
    pub way: Way,
}

impl Outcome {
    /// The outputs of the rent-or-buy report at `i`.
    pub fn of(i: &Valid<RentBuyInputs>, cur: Currency) -> Outcome {
        let r = report(i, cur);
        let u = i.util.0;
        let difference = if i.reserve {
            let [rent, reserve, own] = costs_at(i, u);
            Money::new(own - rent.min(reserve), cur)
        } else {
            r.monthly_difference
        };
        Outcome {
            break_even: r.break_even,
            difference,
            verdict: r.verdict,
            way: cheapest_at(i, u),
        }
    }
}

/// Why an end stopped short of `±x`.
#[derive(Debug, Clone, PartialEq)]
pub enum Clamp {
    /// At the field's own range end (`min` or `max` of its table line), given in link units.
    Range { limit: f64 },
    /// At the last value a rule between inputs allows; the error is the one the calculator
    /// reports one step further (its key names the input the rule is shown beside).
    Rule(Issue),
}

/// An input's value with its unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Quantity {
    Money(Money),
    Share(Ratio),
    /// In the unit the field's `[unit]` words name (kW, h, months, PUE's factor).
    Plain(f64),
}

/// One end of a bar.
#[derive(Debug, Clone, PartialEq)]
pub struct End {
    /// The input's value at this end in link units (percent for a share), as its box shows it.
    pub link_value: f64,
    pub input: Quantity,
    /// `None` when the end is exactly `v x (1 ± x)` (a whole-number field: the next whole number).
    pub clamped: Option<Clamp>,
    pub outcome: Outcome,
}

/// How far a bar moves one output between its ends (with the base).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Swing {
    /// By this much: `U*` as a fraction (0.1 = ten points), the difference in currency units.
    By(f64),
    /// The break-even exists at some of the three points and not at others: renting wins at
    /// every utilisation there.
    Appears,
}

impl Swing {
    /// Larger first: `Appears`, then finite spans from the largest.
    fn rank(self) -> (u8, f64) {
        match self {
            Swing::Appears => (1, 0.0),
            Swing::By(s) => (0, s),
        }
    }
}

/// One input moved down and up.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// The field's link key (its label and unit in the locale files' `[field]` and `[unit]`).
    pub key: &'static str,
    pub kind: NumberKind,
    /// The value as the inputs hold it, in link units.
    pub base: f64,
    pub low: End,
    pub high: End,
}

impl Bar {
    /// The span of `output` over the low end, the base and the high end.
    pub fn swing(&self, output: Output, base: &Outcome) -> Swing {
        let three = [&self.low.outcome, base, &self.high.outcome];
        let values: Vec<f64> = match output {
            Output::Difference => three.iter().map(|o| o.difference.amount).collect(),
            Output::BreakEven => {
                let some: Vec<f64> = three
                    .iter()
                    .filter_map(|o| o.break_even.map(|u| u.0))
                    .collect();
                match some.len() {
                    0 => return Swing::By(0.0),
                    3 => some,
                    _ => return Swing::Appears,
                }
            }
        };
        let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Swing::By(hi - lo)
    }
}

/// The tornado of one set of inputs.
#[derive(Debug, Clone, PartialEq)]
pub struct Tornado {
    /// The share each input moved by (the inputs' `swing`).
    pub swing: Ratio,
    /// The output the bars are ranked by.
    pub by: Output,
    /// Both outputs at the inputs as given.
    pub base: Outcome,
    /// Largest span of `by` first; equal spans keep the table's order.
    pub bars: Vec<Bar>,
    /// The number fields without a bar, in table order.
    pub skipped: Vec<(&'static str, Skip)>,
}

/// Moves each numeric input of the rent-or-buy table by `-swing` and `+swing` and recomputes both
/// outputs at each end; bars ranked by `by`.
pub fn tornado(i: &Valid<RentBuyInputs>, cur: Currency, by: Output) -> Tornado {
    let x = i.swing.0;
    let base = Outcome::of(i, cur);
    let mut bars = Vec::new();
    let mut skipped = Vec::new();
    for f in <RentBuyInputs as Calculator>::FIELDS {
        let Field::Num(f) = f else { continue };
        if let Some((_, why)) = NOT_MOVED.iter().find(|(k, _)| *k == f.key) {
            skipped.push((f.key, *why));
            continue;
        }
        let v = (f.get)(i);
        if v == 0.0 {
            skipped.push((f.key, Skip::Zero));
            continue;
        }
        let end = |factor: f64| {
            let (at, link_value, clamped) = moved(i, f, factor);
            End {
                link_value,
                input: quantity(f.kind, link_value, cur),
                clamped,
                outcome: Outcome::of(&at, cur),
            }
        };
        let (low, high) = (end(1.0 - x), end(1.0 + x));
        if low.outcome == base && high.outcome == base {
            skipped.push((f.key, Skip::NoEffect));
            continue;
        }
        bars.push(Bar {
            key: f.key,
            kind: f.kind,
            base: v,
            low,
            high,
        });
    }
    // A stable sort keeps the table's order between equal spans.
    order::sort_by(&mut bars, |a, b| {
        let (ra, rb) = (a.swing(by, &base).rank(), b.swing(by, &base).rank());
        rb.0.cmp(&ra.0).then(rb.1.total_cmp(&ra.1))
    });
    Tornado {
        swing: i.swing,
        by,
        base,
        bars,
        skipped,
    }
}

fn quantity(kind: NumberKind, link_value: f64, cur: Currency) -> Quantity {
    match kind {
        NumberKind::Money => Quantity::Money(Money::new(link_value, cur)),
        NumberKind::Percent => Quantity::Share(Ratio::from_percent(link_value)),
        NumberKind::Plain | NumberKind::Tokens => Quantity::Plain(link_value),
    }
}

/// The inputs with `f` moved to `factor` times its value, kept within its range and the rules
/// between inputs: the checked inputs, the value used (link units) and what stopped it short.
fn moved<T: Calculator>(
    base: &Valid<T>,
    f: &NumField<T>,
    factor: f64,
) -> (Valid<T>, f64, Option<Clamp>) {
    let v = (f.get)(base);
    let mut target = v * factor;
    if f.whole {
        target = outward_whole(v, target);
    }
    let mut clamped = None;
    if target < f.min || target > f.max {
        target = target.clamp(f.min, f.max);
        clamped = Some(Clamp::Range { limit: target });
    }
    let at = |value: f64| {
        let mut t: T = (**base).clone();
        (f.set)(&mut t, value);
        validate(t)
    };
    let refused = match at(target) {
        Ok(valid) => return (valid, target, clamped),
        Err(e) => Issue::new(e),
    };
    // A rule between inputs refuses the end. Each rule of the table is a linear inequality, so
    // the values it allows along the move form one stretch that starts at the (valid) base:
    // bisect for its far end. Sixty halvings reach the last bit of a double.
    let along = |s: f64| {
        let w = v + s * (target - v);
        match (f.whole, target > v) {
            (false, _) => w,
            // Rounded towards the base, so the whole value stays on the allowed side.
            (true, true) => w.floor(),
            (true, false) => w.ceil(),
        }
    };
    let (mut ok, mut bad) = (0.0, 1.0);
    let mut best = (base.clone(), v);
    for _ in 0..60 {
        let mid = 0.5 * (ok + bad);
        match at(along(mid)) {
            Ok(valid) => {
                ok = mid;
                best = (valid, along(mid));
            }
            Err(_) => bad = mid,
        }
    }
    (best.0, best.1, Some(Clamp::Rule(refused)))
}

/// The whole number at or beyond `target`, seen from `base`: a whole-number field moves at least
/// as far as asked. A target within rounding noise of a whole number is that number.
fn outward_whole(base: f64, target: f64) -> f64 {
    let near = target.round();
    if (target - near).abs() <= 1e-9 * near.abs().max(1.0) {
        near
    } else {
        match target.partial_cmp(&base) {
            Some(Ordering::Greater) => target.ceil(),
            _ => target.floor(),
        }
    }
}
