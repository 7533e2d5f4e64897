//! Bisection over whole numbers, shared by the calculators that look for the most of something
//! that fits (sequences, context, requests) or the fewest of something that meets a goal.

/// The largest `n` in `lo..hi` for which `holds` is true, given that `holds(lo)` is true, that
/// `holds(hi)` is false (or is taken to be: `hi` is a cap) and that `holds` is true on a prefix.
/// Calls `holds` about log2(hi - lo) times.
pub fn last_holding(mut lo: u64, mut hi: u64, holds: impl Fn(u64) -> bool) -> u64 {
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if holds(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_last_number_on_the_holding_side() {
        assert_eq!(last_holding(1, 2, |_| true), 1);
        assert_eq!(last_holding(0, 1_000, |n| n * n <= 500), 22);
        assert_eq!(last_holding(5, 6, |n| n < 3), 5);
    }
}
