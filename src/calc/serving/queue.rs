//! Queueing: Erlang C and the M/M/c wait behind the time to first token, the fewest replicas
//! for the load and the first-token goal, and the largest concurrency meeting a goal.

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
    let mut lo = lo;
    // ok(lo) is false, ok(hi) true (or the cap reached): bisect.
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if ok(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// The largest `b` in `1..=max` for which `ok` holds, `ok` holding for a prefix; 0 if none.
pub(super) fn largest_meeting(max: u64, ok: impl Fn(u64) -> bool) -> u64 {
    if max == 0 || !ok(1) {
        return 0;
    }
    let (mut lo, mut hi) = (1u64, max.min(1_000_000));
    if ok(hi) {
        return hi;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if ok(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}
