//! The inference headline: whether the chosen card(s) hold the load with its headroom, in GiB as
//! `nvidia-smi` shows memory, how many sequences they hold, and when they do not, the ways out
//! the core computed (more cards with tensor parallelism, a bigger card, a smaller weight format,
//! fewer sequences at once), each with a button that makes that change.

use super::Rep;
use crate::app::format::{gib, number};
use crate::app::i18n::option;
use crate::app::views::headline::{Answer, Way};
use crate::app::views::memory::{self, card_way, card_words};
use crate::app::views::model::card::catalogue_name as name;
use crate::calc::choice::Choice;
use crate::text::Texts;

/// What one card needs with headroom against what the chosen card has.
fn need(p: &Rep, t: &'static Texts) -> String {
    let (h, m) = (&t.headline, &p.inputs);
    let card = name(&m.gpu);
    if m.inference.tp > 1 {
        h.infer_need_cards(
            &gib(p.required),
            &m.inference.tp.to_string(),
            card,
            &gib(p.capacity),
        )
    } else {
        h.infer_need(&gib(p.required), card, &gib(p.capacity))
    }
}

pub fn answer(p: &Rep, t: &'static Texts) -> Answer {
    let (w, h) = (&p.ways, &t.headline);
    let rest = if p.fits {
        let ctx = number(p.inputs.inference.ctx as f64, 0);
        if p.max_concurrency == 1 {
            h.holds_one(&ctx)
        } else {
            h.holds(&p.max_concurrency.to_string(), &ctx)
        }
    } else {
        let mut ways = Vec::new();
        if let Some(tp) = w.tp {
            ways.push(h.way_tp(&tp.to_string()));
        }
        if let Some(id) = w.card {
            ways.push(card_words(id, t));
        }
        if ways.is_empty() {
            w.format
                .map(|(f, need)| {
                    h.use_ways(&h.way_format(option(t, "weights", f.id()), &gib(need)))
                })
                .unwrap_or_else(|| h.no_way.to_string())
        } else {
            h.use_ways(&ways.join(h.or))
        }
    };
    memory::answer(p.fits, need(p, t), rest, t)
}

/// Every way out, for the list under the headline; empty when the load fits.
pub fn ways_list(p: &Rep, t: &'static Texts) -> Vec<Way> {
    let (w, h) = (&p.ways, &t.headline);
    if p.fits {
        return Vec::new();
    }
    let mut v = Vec::new();
    if let Some(tp) = w.tp {
        v.push(Way {
            kind: "tp",
            value: tp.to_string(),
            text: h.try_tp(&tp.to_string()),
            fits: true,
        });
    }
    if let Some(id) = w.card {
        v.push(card_way(id, true, t));
    }
    if let Some((f, need)) = w.format {
        v.push(Way {
            kind: "format",
            value: f.id().to_string(),
            text: h.try_format(option(t, "weights", f.id()), &gib(need)),
            fits: true,
        });
    }
    let conc = p.inputs.inference.conc;
    if w.sequences >= 1 && w.sequences < conc {
        v.push(Way {
            kind: "fewer",
            value: w.sequences.to_string(),
            text: h.try_fewer(
                &w.sequences.to_string(),
                &number(p.inputs.inference.ctx as f64, 0),
            ),
            fits: true,
        });
    }
    v
}
