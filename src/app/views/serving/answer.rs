//! The serving headline: whether a replica meets both latency goals at the chosen concurrency,
//! with its output tokens per second, the cards for the target load and the cost per million
//! output tokens.

use super::results::duration;
use super::{Rep, Serving};
use crate::app::format::{money, number};
use crate::app::i18n::option;
use crate::app::state::{use_app, See};
use crate::app::views::headline::Way;
use crate::app::views::headline::{Answer, Tone};
use crate::app::views::model::MEMORY;
use crate::calc::choice::Choice;
use crate::calc::headline;
use crate::calc::serving::{meets_goals, ServingSheet};
use crate::text::Texts;
use leptos::prelude::*;

/// The ways out, each with a button that sets it: when the model does not fit, the fewest cards
/// that hold one request, split by tensor parallelism, or a smaller format; when it fits, a
/// larger split of one machine whose fleet takes fewer cards in all or meets the goals the chosen
/// split misses.
pub fn ways(r: &ServingSheet, t: &'static Texts) -> Vec<Way> {
    let mut v = Vec::new();
    if r.fits {
        if let Some(b) = r.better_split {
            let (count, cards) = (b.tp.to_string(), b.cards.to_string());
            v.push(Way {
                kind: "split",
                value: count.clone(),
                text: if meets_goals(r) {
                    t.headline
                        .try_split_fewer(&count, &cards, &r.cards.to_string())
                } else {
                    t.headline.try_split_meets(&count, &cards)
                },
                // It fits already: the way is to fewer cards or met goals, not to fitting.
                fits: false,
            });
        }
        return v;
    }
    if let Some(tp) = r.tp_to_fit {
        v.push(Way {
            kind: "tp",
            value: tp.to_string(),
            text: t.headline.try_tp(&tp.to_string()),
            fits: true,
        });
    }
    if let Some(f) = r.format_to_fit {
        v.push(Way {
            kind: "format",
            value: f.id().to_string(),
            text: t.headline.try_format_fits(option(t, "weights", f.id())),
            fits: true,
        });
    }
    v
}

/// Makes the change of a way out: more tensor-parallel cards, or a smaller format.
pub fn try_way(report: Serving) -> Callback<&'static str> {
    let app = use_app();
    Callback::new(move |kind: &'static str| {
        let (tp, format, split) =
            report.see_untracked(|r| (r.tp_to_fit, r.format_to_fit, r.better_split));
        if let ("split", Some(b)) = (kind, split) {
            app.try_edit(MEMORY, |m| m.inference.tp = b.tp);
            return;
        }
        match (kind, tp, format) {
            ("tp", Some(tp), _) => app.try_edit(MEMORY, |m| m.inference.tp = tp),
            ("format", _, Some(f)) => app.try_edit(MEMORY, |m| m.inference.weights = f),
            _ => {}
        }
    })
}

pub fn answer(p: &Rep, t: &'static Texts) -> Answer {
    let (i, r, h) = (&p.inputs, &p.report, &t.headline);
    let code = headline::serving(r);
    if code == "no-fit" {
        let name = r.card_name;
        let tokens = number((i.in_tokens + i.out_tokens) as f64, 0);
        return Answer {
            code,
            tone: Tone::Bad,
            lead: h.no_fit.to_string(),
            detail: match r.tp_to_fit {
                Some(tp) => {
                    h.serving_needs_cards(&tokens, &r.tp.to_string(), name, &tp.to_string())
                }
                None => h.serving_no_fit_detail(&tokens, &r.tp.to_string(), name),
            },
        };
    }
    // No fleet meets the goal: lead with the best first token and the ways to bring it down.
    if r.ttft_unmeetable {
        return Answer {
            code,
            tone: Tone::Bad,
            lead: h.serving_unmeetable(&duration(t, r.ttft_floor_s)),
            detail: h.serving_unmeetable_detail(
                &duration(t, r.prefill_s),
                &duration(t, i.ttft_ms / 1000.0),
                &r.cards.to_string(),
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
            &number(r.load_rps, 2),
            &r.cards.to_string(),
            &money(r.cost_rented, 2),
        ),
    }
}
