//! Which split of one machine carries the load with the fewest cards (docs/formulas.md, "The
//! plan" and "Serving capacity"). More cards a replica hold one copy of the weights and give the
//! rest of their memory to the KV cache, and split each request's prefill and decode, so a larger
//! split can carry more requests a card and need fewer cards in all: Llama 3.1 8B at 8k prompts
//! for 16 people takes sixteen RTX 4090s one a replica and one pair two a replica.

use super::report::{ServingReport, MACHINE_CARDS};

/// A fleet that holds the job and meets the first-token and per-token goals.
pub fn meets_goals(r: &ServingReport) -> bool {
    r.fits && !r.ttft_unmeetable && r.meets_ttft && r.meets_tpot
}

/// Of the splits from `from` (whose report is `first`) up to one machine, the one whose fleet
/// meets both goals with the fewest cards in all, the smaller split on a tie, with its report;
/// `None` when none meets them. `at(k)` is the report at `k` cards a replica, `None` where the
/// runtime does not accept that split (the model does not validate at it). A fleet of `k`-card
/// replicas has at least `k` cards, so the search stops once `k` reaches the best count found.
pub fn fewest_cards(
    from: u64,
    first: ServingReport,
    at: &dyn Fn(u64) -> Option<ServingReport>,
) -> Option<(u64, ServingReport)> {
    let mut best = meets_goals(&first).then_some((from, first));
    for k in from + 1..=MACHINE_CARDS {
        if best.as_ref().is_some_and(|(_, b)| k >= b.cards) {
            break;
        }
        let Some(r) = at(k) else { continue };
        if meets_goals(&r) && best.as_ref().is_none_or(|(_, b)| r.cards < b.cards) {
            best = Some((k, r));
        }
    }
    best
}
