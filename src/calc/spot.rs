//! Spot (preemptible) capacity and checkpoints: the expected wall time and cost of a job that can
//! be interrupted, with and without checkpoint-resume, against on-demand (docs/formulas.md,
//! "Spot and checkpoints"; beyond the guide).
//!
//! ```text
//! Young (1974)   tau = sqrt(2 C M)
//! Daly (2006)    tau = sqrt(2 C M) (1 + sqrt(C / 2M) / 3 + (C / 2M) / 9) - C     (C < 2M; else M)
//! with ckpt      wall = M e^(R/M) (e^((tau + C)/M) - 1) T / tau
//! without        wall = M e^(R/M) (e^(T/M) - 1)
//! ```
//! `T` compute hours the job needs, `M` mean hours between interruptions, `C` hours to write a
//! checkpoint, `R` hours to restart. Interruptions are taken as a Poisson process (exponential
//! times between them), the assumption of both papers: J. W. Young, "A first order approximation to
//! the optimum checkpoint interval", CACM 1974; J. T. Daly, "A higher order estimate of the optimum
//! checkpoint interval for restart dumps", FGCS 2006. Billing is per wall hour.
//!
//! The guide's rule follows from the second formula: without checkpoints the expected time grows
//! exponentially with job length, so long jobs on spot capacity cost more than on demand.
//!
//! Some preemptible kinds also stop every instance after a fixed time `S` (24 h is common), on top
//! of the random reclaims. That stop is known in advance, so it is modelled as planned, not random:
//! - without checkpoints an attempt must fit in one instance's life: a job with `R + T > S` never
//!   finishes, and one that fits is affected by the random reclaims only;
//! - with checkpoints each instance life of `S` hours spends `R` starting and `C` on a last
//!   checkpoint before the stop, so `wall = wall_random S / (S - R - C)`. A random reclaim also
//!   starts a fresh instance, which makes planned stops rarer: the formula errs on the long side.

use super::field::{FieldError, NumField, NumberKind};
use super::series::{cut_at_top, Series};
use super::table::{validate, Calculator, Field, FlagField, KeyedError, Valid};
use super::units::{Currency, Hours, Money};
use thiserror::Error;

/// Monthly reclaim-rate bands as spot markets publish them, with the mean time between
/// interruptions each implies. Assumption, stated on the page: a band's upper bound is the chance
/// an instance is reclaimed within a 720-hour month, and reclaims are a Poisson process, so
/// `M = 720 / -ln(1 - rate)`.
pub const RECLAIM_BANDS: &[(&str, f64)] = &[
    ("<5%", 0.05),
    ("5-10%", 0.10),
    ("10-15%", 0.15),
    ("15-20%", 0.20),
    (">20%", 0.30),
];

pub fn mtbf_from_monthly_rate(rate: f64) -> Hours {
    Hours(720.0 / -(1.0 - rate.clamp(1e-9, 0.999_999)).ln())
}

/// The fixed stop of the preemptible kinds that end every instance after a day.
pub const PREEMPTIBLE_STOP: Hours = Hours(24.0);

/// Everything the spot calculator reads. Prices are plain amounts in the scenario's currency; the
/// report gives them their currency.
#[derive(Debug, Clone, PartialEq)]
pub struct SpotInputs {
    pub job: Hours,
    pub mtbf: Hours,
    pub checkpoint_minutes: f64,
    pub restart_minutes: f64,
    pub ondemand_price: f64,
    pub spot_price: f64,
    pub has_checkpoints: bool,
    pub checkpoint_gb: f64,
    pub storage_price_gb_month: f64,
    pub kept: u32,
    /// Hours after which every instance is stopped, whatever happens (0: no such stop).
    pub stop_hours: f64,
}

impl Default for SpotInputs {
    fn default() -> Self {
        SpotInputs {
            job: Hours(100.0),
            mtbf: Hours(20.0),
            checkpoint_minutes: 6.0,
            restart_minutes: 15.0,
            ondemand_price: 10.0,
            spot_price: 3.5,
            has_checkpoints: true,
            checkpoint_gb: 112.0,
            storage_price_gb_month: 0.12,
            kept: 3,
            stop_hours: 0.0,
        }
    }
}

type F = NumField<SpotInputs>;

// The numeric inputs in link units (minutes where the key says so), each named so the form can
// refer to it. Keys, ranges and steps are the link's public interface: do not change them.
#[rustfmt::skip]
mod fields {
    use super::*;
    pub const JOB_HOURS: F = NumField { key: "job_hours", kind: NumberKind::Plain, min: 0.01, max: 1e6, slider: None, whole: false, get: |i| i.job.0, set: |i, v| i.job = Hours(v) };
    pub const MTBF_HOURS: F = NumField { key: "mtbf_hours", kind: NumberKind::Plain, min: 0.01, max: 1e7, slider: None, whole: false, get: |i| i.mtbf.0, set: |i, v| i.mtbf = Hours(v) };
    pub const CKPT_MINUTES: F = NumField { key: "ckpt_minutes", kind: NumberKind::Plain, min: 0.0, max: 10_000.0, slider: None, whole: false, get: |i| i.checkpoint_minutes, set: |i, v| i.checkpoint_minutes = v };
    pub const RESTART_MINUTES: F = NumField { key: "restart_minutes", kind: NumberKind::Plain, min: 0.0, max: 10_000.0, slider: None, whole: false, get: |i| i.restart_minutes, set: |i, v| i.restart_minutes = v };
    pub const ONDEMAND_PRICE: F = NumField { key: "ondemand_price", kind: NumberKind::Money, min: 0.0, max: 1e6, slider: None, whole: false, get: |i| i.ondemand_price, set: |i, v| i.ondemand_price = v };
    pub const SPOT_PRICE: F = NumField { key: "spot_price", kind: NumberKind::Money, min: 0.0, max: 1e6, slider: None, whole: false, get: |i| i.spot_price, set: |i, v| i.spot_price = v };
    pub const CKPT_GB: F = NumField { key: "ckpt_gb", kind: NumberKind::Plain, min: 0.0, max: 1e7, slider: None, whole: false, get: |i| i.checkpoint_gb, set: |i, v| i.checkpoint_gb = v };
    pub const STORAGE_PRICE: F = NumField { key: "storage_price", kind: NumberKind::Money, min: 0.0, max: 1e4, slider: None, whole: false, get: |i| i.storage_price_gb_month, set: |i, v| i.storage_price_gb_month = v };
    // Whole and at most 1000, so the `as u32` in `set` is exact for every value the field accepts.
    pub const KEPT: F = NumField { key: "kept", kind: NumberKind::Plain, min: 0.0, max: 1000.0, slider: None, whole: true, get: |i| i.kept as f64, set: |i, v| i.kept = v as u32 };
    pub const STOP_HOURS: F = NumField { key: "stop_hours", kind: NumberKind::Plain, min: 0.0, max: 1e5, slider: None, whole: false, get: |i| i.stop_hours, set: |i, v| i.stop_hours = v };
}
pub use fields::*;

/// Whether the job can resume from checkpoints.
pub const CKPT: FlagField<SpotInputs> = crate::flag_field!("ckpt", has_checkpoints);

/// The most mean times between interruptions a restart and a checkpoint together may take
/// (e^100 is about 3e43, which leaves room for the job length and the prices).
pub const MAX_OVERHEAD_MTBFS: f64 = 100.0;

impl Calculator for SpotInputs {
    type Error = SpotError;

    // Link order as before the table existed: the numbers, then the checkpoint flag.
    const FIELDS: &'static [Field<Self>] = &[
        Field::Num(JOB_HOURS),
        Field::Num(MTBF_HOURS),
        Field::Num(CKPT_MINUTES),
        Field::Num(RESTART_MINUTES),
        Field::Num(ONDEMAND_PRICE),
        Field::Num(SPOT_PRICE),
        Field::Num(CKPT_GB),
        Field::Num(STORAGE_PRICE),
        Field::Num(KEPT),
        Field::Num(STOP_HOURS),
        Field::Flag(CKPT),
    ];

    /// A fixed stop must leave each instance some time to compute after it has restarted and
    /// written its last checkpoint; otherwise the planned-stop stretch divides by zero or less.
    fn cross_check(&self) -> Result<(), SpotError> {
        let overhead = (self.restart_minutes + self.checkpoint_minutes) / 60.0;
        if self.stop_hours > 0.0 && self.stop_hours <= overhead {
            return Err(SpotError::StopTooShort {
                stop_hours: self.stop_hours,
                overhead_hours: overhead,
            });
        }
        // A restart and a checkpoint of more than MAX_OVERHEAD_MTBFS mean times between
        // interruptions: the wall time's e^((R + C)/M) passes any number (the job never gets
        // going). Named at the restart, else at the checkpoint, within what is left.
        let limit = MAX_OVERHEAD_MTBFS * self.mtbf.0 * 60.0;
        let over = |key: &'static str, value: f64, max: f64| {
            Err(SpotError::Field(FieldError::OutOfRange {
                key,
                value,
                min: 0.0,
                max,
                kind: NumberKind::Plain,
            }))
        };
        if self.restart_minutes > limit {
            return over(RESTART_MINUTES.key, self.restart_minutes, limit);
        }
        if self.restart_minutes + self.checkpoint_minutes > limit {
            let left = limit - self.restart_minutes;
            return over(CKPT_MINUTES.key, self.checkpoint_minutes, left);
        }
        Ok(())
    }
}

/// Why spot inputs were refused.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SpotError {
    #[error(
        "stop_hours: an instance stopped after {stop_hours} h spends it all restarting and \
         checkpointing ({overhead_hours} h)"
    )]
    StopTooShort {
        stop_hours: f64,
        overhead_hours: f64,
    },
    #[error(transparent)]
    Field(#[from] FieldError),
}

impl KeyedError for SpotError {
    fn kind(&self) -> crate::calc::table::ErrorKind {
        crate::calc::table::ErrorKind::Spot
    }
    fn key(&self) -> &'static str {
        match self {
            SpotError::StopTooShort { .. } => "stop_hours",
            SpotError::Field(e) => e.key(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SpotReport {
    pub young: Hours,
    pub daly: Hours,
    pub wall_with: Hours,
    /// The same before the planned stops stretch it (equal to `wall_with` without a fixed stop).
    pub wall_with_random: Hours,
    pub cost_with: Money,
    /// Without checkpoints; `None` when the job never finishes (longer than an instance lives,
    /// or so much longer than the time between interruptions that e^(T/M) passes any number).
    pub wall_without: Option<Hours>,
    pub cost_without: Option<Money>,
    pub ondemand_cost: Money,
    /// Spot with checkpoints as a share of on-demand.
    pub ratio_with: f64,
    /// Job length past which spot without checkpoints costs more than on demand.
    pub crossover: Option<Hours>,
    /// Under a fixed stop, the longest job that finishes without checkpoints (`S - R`); when the
    /// crossover equals it, the job past it is not dearer but impossible.
    pub longest_without: Option<Hours>,
    pub storage_per_month: Money,
}

impl SpotReport {
    /// Whether the crossover is where jobs stop finishing without checkpoints at all (the fixed
    /// stop), rather than where their expected cost passes on demand.
    pub fn crossover_is_cut_off(&self) -> bool {
        self.longest_without
            .zip(self.crossover)
            .is_some_and(|(l, c)| c.0 >= l.0 - 1e-6)
    }
}

pub fn young(c: f64, m: f64) -> f64 {
    (2.0 * c * m).sqrt()
}

pub fn daly(c: f64, m: f64) -> f64 {
    if c >= 2.0 * m {
        return m;
    }
    let x = c / (2.0 * m);
    (2.0 * c * m).sqrt() * (1.0 + x.sqrt() / 3.0 + x / 9.0) - c
}

pub fn wall_with(t: f64, m: f64, c: f64, r: f64, tau: f64) -> f64 {
    m * (r / m).exp() * (((tau + c) / m).exp() - 1.0) * t / tau
}

pub fn wall_without(t: f64, m: f64, r: f64) -> f64 {
    m * (r / m).exp() * ((t / m).exp() - 1.0)
}

/// Wall time without checkpoints under a fixed stop every `stop` hours (0: none); `None` when an
/// attempt cannot fit in one instance's life.
pub fn wall_without_stop(t: f64, m: f64, r: f64, stop: f64) -> Option<f64> {
    (stop <= 0.0 || r + t <= stop).then(|| wall_without(t, m, r))
}

/// Stretches a wall time with checkpoints for a fixed stop every `stop` hours (0: none): each
/// instance life loses `r` to starting and `c` to a last checkpoint.
pub fn with_planned_stops(wall: f64, r: f64, c: f64, stop: f64) -> f64 {
    if stop <= 0.0 {
        wall
    } else {
        wall * stop / (stop - r - c)
    }
}

/// Checks the inputs and runs the calculator: for callers that hold unchecked inputs.
pub fn spot(i: &SpotInputs, currency: Currency) -> Result<SpotReport, SpotError> {
    Ok(report(&validate(i.clone())?, currency))
}

/// The spot calculator.
pub fn report(i: &Valid<SpotInputs>, currency: Currency) -> SpotReport {
    let (t, m) = (i.job.0, i.mtbf.0);
    let (c, r) = (i.checkpoint_minutes / 60.0, i.restart_minutes / 60.0);
    let tau_young = young(c, m);
    let tau_daly = if c > 0.0 { daly(c, m) } else { t };
    // Without a checkpoint cost there is nothing to trade off: checkpoint continuously.
    let wall_ckpt = if c > 0.0 {
        wall_with(t, m, c, r, tau_daly.max(1e-9))
    } else {
        t * (r / m).exp()
    };
    let wall_random = wall_ckpt;
    let wall_ckpt = with_planned_stops(wall_random, r, c, i.stop_hours);
    // A job far longer than the time between interruptions has an expected time e^(T/M) past
    // any number: like one that does not fit in an instance's life, it never finishes.
    let wall_none = wall_without_stop(t, m, r, i.stop_hours)
        .filter(|w| w.is_finite() && (w * i.spot_price).is_finite());
    let money = |a: f64| Money::new(a, currency);
    let ondemand = i.ondemand_price * t;
    SpotReport {
        young: Hours(tau_young),
        daly: Hours(tau_daly),
        wall_with: Hours(wall_ckpt),
        wall_with_random: Hours(wall_random),
        cost_with: money(wall_ckpt * i.spot_price),
        wall_without: wall_none.map(Hours),
        cost_without: wall_none.map(|w| money(w * i.spot_price)),
        ondemand_cost: money(ondemand),
        // An on-demand cost so near nothing that the share passes any number counts as none.
        ratio_with: Some(wall_ckpt * i.spot_price / ondemand)
            .filter(|r| ondemand > 0.0 && r.is_finite())
            .unwrap_or(0.0),
        crossover: crossover(i),
        longest_without: (i.stop_hours > 0.0).then_some(Hours(i.stop_hours - r)),
        storage_per_month: money(i.checkpoint_gb * i.kept as f64 * i.storage_price_gb_month),
    }
}

/// Job length where `spot x wall_without(T) = on-demand x T`, by bisection; `None` when spot
/// without checkpoints is dearer from the start or cheaper for any job up to a million hours.
/// Under a fixed stop, a job that cannot finish counts as dearer, so the crossing is at most the
/// longest job that fits in one instance's life.
pub fn crossover(i: &Valid<SpotInputs>) -> Option<Hours> {
    let (m, r) = (i.mtbf.0, i.restart_minutes / 60.0);
    let excess = |t: f64| match wall_without_stop(t, m, r, i.stop_hours) {
        Some(w) => i.spot_price * w - i.ondemand_price * t,
        None => f64::INFINITY,
    };
    let (mut lo, mut hi) = (1e-6, 1e6_f64.min(m * 700.0));
    // Strictly dearer at the far end: with both prices at 0 the lines never part, and a
    // bisection over equal costs would report an arbitrary length.
    if excess(lo) > 0.0 || excess(hi) <= 0.0 {
        return None;
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if excess(mid) > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(Hours(0.5 * (lo + hi)))
}

/// Expected cost against job length, for the chart: on demand, spot with checkpoints, spot
/// without; up to twice the chosen job (and past the crossover when there is one). Points are
/// chart coordinates `(hours, cost)`, the cost a plain amount in the scenario's currency like the
/// inputs' prices: a chart draws numbers, and the report carries the figures as [`Money`].
pub fn cost_vs_job_length(i: &Valid<SpotInputs>) -> [Vec<(f64, f64)>; 3] {
    let (m, c, r) = (
        i.mtbf.0,
        i.checkpoint_minutes / 60.0,
        i.restart_minutes / 60.0,
    );
    let tau = if c > 0.0 { daly(c, m).max(1e-9) } else { 0.0 };
    let end = crossover(i)
        .map(|x| x.0 * 1.5)
        .unwrap_or(0.0)
        .max(i.job.0 * 2.0)
        .max(1.0);
    let xs = (0..=48).map(|k| end * k as f64 / 48.0);
    let ondemand = xs.clone().map(|t| (t, i.ondemand_price * t)).collect();
    let with = xs
        .clone()
        .map(|t| {
            let w = if c > 0.0 {
                wall_with(t, m, c, r, tau)
            } else {
                t * (r / m).exp()
            };
            (t, i.spot_price * with_planned_stops(w, r, c, i.stop_hours))
        })
        .collect();
    // Lengths that never finish have no point: the line ends where the instance's life does.
    let mut without: Vec<(f64, f64)> = xs
        .filter_map(|t| wall_without_stop(t, m, r, i.stop_hours).map(|w| (t, i.spot_price * w)))
        .filter(|p| p.1.is_finite())
        .collect();
    // ...exactly there, not at the last sample before it.
    let longest = i.stop_hours - r;
    if i.stop_hours > 0.0 && longest > 0.0 && longest < end {
        let w = i.spot_price * wall_without(longest, m, r);
        if w.is_finite() {
            without.push((longest, w));
        }
    }
    [ondemand, with, without]
}

/// The cost chart as drawn: the three lines within the plot, the axis ends and the mark.
#[derive(Debug, Clone, PartialEq)]
pub struct CostChart {
    pub on_demand: Series,
    /// Spot with checkpoints, cut where it leaves the plot.
    pub with: Series,
    /// Spot without checkpoints, cut where it leaves the plot (or where jobs stop finishing).
    pub without: Series,
    pub x_max: f64,
    /// The top of the cost axis: twice the on-demand cost of the longest job shown, since the
    /// cost without checkpoints grows exponentially.
    pub y_max: f64,
    /// Where to mark the crossover: on the on-demand line, or, when the crossing is where jobs
    /// stop finishing at all (a fixed stop), at the end of the no-checkpoint line.
    pub mark: Option<(f64, f64)>,
}

/// Shapes [`cost_vs_job_length`] for drawing.
pub fn cost_chart(i: &Valid<SpotInputs>, r: &SpotReport) -> CostChart {
    let [on_demand, with, without] = cost_vs_job_length(i);
    let y_max = on_demand.last().map(|p| p.1 * 2.0).unwrap_or(1.0).max(1.0);
    let x_max = on_demand.last().map(|p| p.0).unwrap_or(1.0).max(1e-9);
    let end_without = without.last().copied();
    let mark = r.crossover.and_then(|c| {
        if r.crossover_is_cut_off() {
            end_without
        } else {
            Some((c.0, c.0 * i.ondemand_price))
        }
    });
    CostChart {
        with: cut_at_top(&with, y_max),
        without: cut_at_top(&without, y_max),
        on_demand,
        x_max,
        y_max,
        mark,
    }
}
