//! The training headline: whether the chosen card holds the run, in GiB as `nvidia-smi` shows
//! memory, and when it does not, the ways out the core computed (more cards with sharding, a
//! bigger card, recomputation, LoRA, QLoRA), each with a button that makes that change.

use super::Training;
use crate::app::format::gib;
use crate::app::state::{memo, use_app, See};
use crate::app::views::headline::{Answer, Tone, Way as WayItem};
use crate::app::views::model::card::{card_capacity as capacity, catalogue_name as name};
use crate::app::views::model::MEMORY;
use crate::calc::headline::{self, training_ways, TrainingWays, Way};
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::memory::training::{Method, Recompute, TrainingReport};
use crate::calc::units::Bytes;
use crate::text::Texts;
use leptos::prelude::*;

/// The report with its ways out, computed together.
#[derive(Debug, Clone, PartialEq)]
pub struct Told {
    pub r: TrainingReport,
    pub w: TrainingWays,
}

pub fn told(rep: Training) -> Memo<Told> {
    memo(move || {
        rep.see(|p| Told {
            w: training_ways(&p.inputs, &p.report),
            r: p.report.clone(),
        })
    })
}

/// What one card needs against what the chosen card has.
fn need(m: &MemoryInputs, r: &TrainingReport, t: &'static Texts) -> String {
    let h = &t.headline;
    let card = name(&m.gpu);
    if m.training.gpus > 1 {
        h.train_need_cards(
            &gib(r.total),
            &m.training.gpus.to_string(),
            card,
            &gib(r.capacity),
        )
    } else {
        h.train_need(&gib(r.total), card, &gib(r.capacity))
    }
}

/// The headline's ways: the fewest cards with sharding, a bigger card, or, when no number of
/// these cards holds it, that bigger card's count.
fn ways(w: &TrainingWays, t: &'static Texts) -> String {
    let h = &t.headline;
    let mut v = Vec::new();
    if let Some(n) = w.cards {
        v.push(h.way_shard(&n.to_string(), &w.stage.to_string()));
    }
    if let Some(id) = w.card {
        v.push(h.way_card(name(id), &gib(capacity(id))));
    } else if let Some((id, n)) = w.sharded_card {
        v.push(h.way_cards_of(&n.to_string(), name(id)));
    }
    if v.is_empty() {
        h.no_way.to_string()
    } else {
        h.use_ways(&v.join(h.or))
    }
}

pub fn answer(m: &MemoryInputs, told: &Told, t: &'static Texts) -> Answer {
    let (r, h) = (&told.r, &t.headline);
    let need = need(m, r, t);
    if r.fits {
        Answer {
            code: headline::memory(true),
            tone: Tone::Good,
            lead: h.fits.to_string(),
            detail: format!(
                "{need}{}{}",
                h.part_sep,
                h.spare(&gib(Bytes(r.capacity.0 - r.total.0)))
            ),
        }
    } else {
        Answer {
            code: headline::memory(false),
            tone: Tone::Bad,
            lead: h.no_fit.to_string(),
            detail: format!("{need}{}{}", h.part_sep, ways(&told.w, t)),
        }
    }
}

/// What a change would leave: fits this card, fits on some number of them, or still over.
fn status(w: &Way, has: Bytes, t: &'static Texts) -> String {
    let h = &t.headline;
    match (w.fits, w.cards) {
        (true, _) => h.then_fits.to_string(),
        (false, Some(n)) => h.then_cards(&n.to_string()),
        (false, None) => h.then_over(&gib(has)),
    }
}

/// Words a changed run: (texts, what a card then needs, whether it fits).
type Worded = fn(&'static Texts, &str, &str) -> String;

/// Every way out, for the list under the headline; empty when the run fits.
pub fn ways_list(told: &Told, t: &'static Texts) -> Vec<WayItem> {
    let (r, w, h) = (&told.r, &told.w, &t.headline);
    if r.fits {
        return Vec::new();
    }
    let mut v = Vec::new();
    if let Some(n) = w.cards {
        v.push(WayItem {
            kind: "cards",
            value: n.to_string(),
            text: h.try_shard(&n.to_string(), &w.stage.to_string()),
            fits: true,
        });
    }
    if let Some(id) = w.card.or(w.sharded_card.map(|(id, _)| id)) {
        v.push(WayItem {
            kind: "card",
            value: id.to_string(),
            text: h.try_card(name(id), &gib(capacity(id))),
            fits: w.card.is_some(),
        });
    }
    let changes: [(&'static str, Option<Way>, Worded); 3] = [
        ("recompute", w.recompute, |t, need, s| {
            t.headline.try_recompute(need, s)
        }),
        ("lora", w.lora, |t, need, s| t.headline.try_lora(need, s)),
        ("qlora", w.qlora, |t, need, s| t.headline.try_qlora(need, s)),
    ];
    for (kind, way, text) in changes {
        if let Some(way) = way {
            v.push(WayItem {
                kind,
                value: way.total.whole().to_string(),
                text: text(t, &gib(way.total), &status(&way, r.capacity, t)),
                fits: way.fits,
            });
        }
    }
    v
}

/// The `train-min-gpus` note when no number of cards holds the run: why, and the way out.
pub fn none_note(told: &Told, t: &'static Texts) -> String {
    let (r, w, h) = (&told.r, &told.w, &t.headline);
    let reason = h.none_reason(&gib(w.floor), &gib(r.capacity));
    let way = if let Some(n) = w.recompute.and_then(|x| x.cards) {
        h.none_recompute(&n.to_string())
    } else if let Some((id, n)) = w.sharded_card {
        h.none_card(&n.to_string(), name(id))
    } else {
        h.none_shorter.to_string()
    };
    format!("{reason}{}{}", h.part_sep, h.none_way(&way))
}

/// Makes the change of the way `kind`.
pub fn try_way(told: Memo<Told>) -> Callback<&'static str> {
    let app = use_app();
    Callback::new(move |kind: &'static str| {
        let w = told.see_untracked(|x| x.w.clone());
        match kind {
            "cards" => {
                if let Some(n) = w.cards {
                    app.try_edit(MEMORY, |m| {
                        m.training.gpus = n;
                        m.training.zero = w.stage;
                    })
                }
            }
            "card" => {
                if let Some(id) = w.card.or(w.sharded_card.map(|(id, _)| id)) {
                    app.try_edit(MEMORY, |m| m.gpu = id.to_string())
                }
            }
            "recompute" => app.try_edit(MEMORY, |m| m.training.recompute = Recompute::Full),
            "lora" => app.try_edit(MEMORY, |m| m.training.method = Method::Lora),
            "qlora" => app.try_edit(MEMORY, |m| m.training.method = Method::Qlora),
            _ => {}
        }
    })
}
