//! Queueing: Erlang C and the M/M/c wait behind the time to first token, the fewest replicas
//! for the load and the first-token goal, and the largest concurrency meeting a goal.

use crate::calc::search::last_holding;

/// Erlang C: the chance an arrival waits, `c` servers at offered load `a` (< c) erlangs.
pub fn erlang_c(c: u64, a: f64) -> f64 {
    if c == 0 || a >= c as f64 {
        return 1.0;
    }
    // Erlang B by its recurrence (stable for large c), then C from B.
    let mut b = 1.0;
    for k in 1..=c {
        b = a * b / (k as f64 + a * b);
    }
    let rho = a / c as f64;
    b / (1.0 - rho + rho * b)
}

/// M/M/c mean wait in queue: `c` slots, arrivals `lambda`/s, each slot busy `hold` s a request.
pub fn mmc_wait(c: u64, lambda: f64, hold: f64) -> f64 {
    let a = lambda * hold;
    if a >= c as f64 {
        return f64::INFINITY;
    }
    erlang_c(c, a) * hold / (c as f64 - a)
}

/// The fewest replicas (at least `load`, the load in replicas' worth) for which `ok` holds, `ok`
/// holding for every count past the first that does; at most `load` x 2^20 + 1.
pub(super) fn fewest_replicas(load: f64, ok: impl Fn(u64) -> bool) -> u64 {
    let lo = load.ceil().clamp(1.0, 1e12) as u64;
    if ok(lo) {
        return lo;
    }
    let mut hi = lo.saturating_mul(2).max(lo + 1);
    while !ok(hi) && hi < lo.saturating_mul(1 << 20) {
        hi = hi.saturating_mul(2);
    }
    // ok(lo) is false, ok(hi) true (or the cap reached): the first that holds follows the last
    // that does not.
    last_holding(lo, hi, |n| !ok(n)) + 1
}

/// The largest `b` in `1..=max` for which `ok` holds, `ok` holding for a prefix; 0 if none.
pub(super) fn largest_meeting(max: u64, ok: impl Fn(u64) -> bool) -> u64 {
    if max == 0 || !ok(1) {
        return 0;
    }
    let hi = max.min(1_000_000);
    if ok(hi) {
        return hi;
    }
    last_holding(1, hi, ok)
}

/// A closed loop of `n` people sharing `c` slots (the finite-source queue M/M/c//N, the
/// machine-repairman model): each person is away `think` s between an answer and the next
/// request, each request holds a slot `hold` s. Returns the requests a second the loop sends
/// and their mean wait for a slot, s. Never more than `n` requests are in the system, so `n`
/// at most `c` never wait.
///
/// The states `k` (requests in the system) are a birth-death chain: births at `(n - k) / think`,
/// deaths at `min(k, c) / hold`. Its weights are log-concave, so they are summed outward from
/// the mode until a term no longer counts: the cost stays small for millions of people.
pub fn finite_source(n: u64, c: u64, think: f64, hold: f64) -> (f64, f64) {
    let (nf, cf) = (n as f64, c.max(1) as f64);
    if n == 0 || hold.is_nan() || hold <= 0.0 {
        return (0.0, 0.0);
    }
    if n <= c.max(1) {
        return (nf / (think.max(0.0) + hold), 0.0);
    }
    if think.is_nan() || think <= 0.0 {
        // No time away: every person is always in the system.
        return (cf / hold, hold * (nf / cf - 1.0));
    }
    // ratio(k) = weight(k) / weight(k - 1), falling in k.
    let ratio = |k: f64| (nf - k + 1.0) * hold / (think * k.min(cf));
    // The mode: the largest k with ratio(k) >= 1 (0 if none).
    let (mut lo, mut hi) = (0u64, n);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if ratio(mid as f64) >= 1.0 {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let mode = lo;
    let (mut sum, mut queued, mut busy) = (0.0f64, 0.0f64, 0.0f64);
    let mut add = |k: u64, w: f64| {
        let kf = k as f64;
        sum += w;
        queued += w * (kf - cf).max(0.0);
        busy += w * kf.min(cf);
    };
    add(mode, 1.0);
    let mut w = 1.0;
    let mut k = mode;
    while k < n {
        k += 1;
        w *= ratio(k as f64);
        add(k, w);
        if w < 1e-17 {
            break;
        }
    }
    let (mut w, mut k) = (1.0, mode);
    while k > 0 {
        w /= ratio(k as f64);
        k -= 1;
        add(k, w);
        if w < 1e-17 {
            break;
        }
    }
    let rate = busy / sum / hold;
    (rate, if rate > 0.0 { queued / sum / rate } else { 0.0 })
}
