//! The serving headline: whether a replica meets both latency goals at the chosen concurrency,
//! with its output tokens per second, the cards for the target load and the cost per million
//! output tokens.

use crate::app::format::{money, number};
use crate::app::state::Reported;
use crate::app::views::headline::{Answer, Tone};
use crate::calc::headline;
use crate::calc::memory::catalogue::gpu;
use crate::calc::serving::{ServingInputs, ServingReport};
use crate::text::Texts;

/// `card` is the memory views' card id (the serving view shares it).
pub fn answer(p: &Reported<ServingInputs, ServingReport>, card: &str, t: &'static Texts) -> Answer {
    let (i, r, h) = (&p.inputs, &p.report, &t.headline);
    let code = headline::serving(r);
    if code == "no-fit" {
        let name = gpu(card).map(|g| g.name).unwrap_or_default();
        return Answer {
            code,
            tone: Tone::Bad,
            lead: h.no_fit.to_string(),
            detail: h.serving_no_fit_detail(
                &number((i.in_tokens + i.out_tokens) as f64, 0),
                &r.tp.to_string(),
                name,
            ),
        };
    }
    let lead = match (r.meets_tpot, r.meets_ttft) {
        (true, true) => h.serving_meets,
        (false, true) => h.serving_misses_tpot,
        (true, false) => h.serving_misses_ttft,
        (false, false) => h.serving_misses,
    };
    Answer {
        code,
        tone: if code == "meets" {
            Tone::Good
        } else {
            Tone::Bad
        },
        lead: lead.to_string(),
        detail: h.serving_detail(
            &number(r.throughput, 0),
            &number(i.target_rps, 2),
            &r.cards.to_string(),
            &money(r.cost_rented, 2),
        ),
    }
}
