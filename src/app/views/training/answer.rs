//! The training headline: whether the chosen card holds the run, in GiB as `nvidia-smi` shows
//! memory, and when it does not, the ways out the core computed (more cards with sharding, a
//! bigger card, recomputation, LoRA, QLoRA), each with a button that makes that change. A fit
//! keeps the margin (`train_margin_pct`) free; at the edge the headline says what is left and
//! what would leave more (a smaller micro-batch, recomputation, ZeRO-3), each figure the core's.

use super::Rep;
use crate::app::format::{gib, percent};
use crate::app::views::headline::{Answer, Way as WayItem};
use crate::app::views::memory::{self, card_way, card_words};
use crate::app::views::model::card::catalogue_name as name;
use crate::calc::headline::{TrainingWays, Way};
use crate::calc::memory::training::Headroom;
use crate::calc::training_time::{whole_units, MACHINE_CARDS};
use crate::calc::units::Bytes;
use crate::text::Texts;

/// What one card needs against what the chosen card has.
fn need(p: &Rep, t: &'static Texts) -> String {
    let (h, m) = (&t.headline, &p.inputs);
    let card = name(&m.gpu);
    if m.training.gpus > 1 {
        h.train_need_cards(
            &gib(p.total),
            &m.training.gpus.to_string(),
            card,
            &gib(p.capacity),
        )
    } else {
        h.train_need(&gib(p.total), card, &gib(p.capacity))
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
        v.push(card_words(id, t));
    } else if let Some((id, n)) = w.sharded_card {
        v.push(h.way_cards_of(&n.to_string(), name(id)));
    }
    if v.is_empty() {
        h.no_way.to_string()
    } else {
        h.use_ways(&v.join(h.or))
    }
}

/// What the run leaves against the margin it keeps free: "6.1 GiB to spare, less than twice the
/// 8 GiB (10%) kept free".
fn left(p: &Rep, t: &'static Texts) -> String {
    let h = &t.headline;
    let (free, kept) = (gib(p.spare), gib(p.kept_free));
    let pct = percent(p.inputs.training.margin.0, 0);
    match p.headroom {
        Headroom::Ample => h.spare_kept(&free, &kept, &pct),
        Headroom::Edge => h.spare_edge(&free, &kept, &pct),
        Headroom::Short => h.spare_short(&free, &kept, &pct),
        Headroom::Over => String::new(),
    }
}

/// At the edge: the changes that would leave more, each with what a card then needs.
fn more_room(w: &TrainingWays, t: &'static Texts) -> Option<String> {
    let h = &t.headline;
    let mut v = Vec::new();
    if let Some((b, way)) = w.batch {
        v.push(h.room_batch(&b.to_string(), &gib(way.total)));
    }
    if let Some(way) = w.recompute {
        v.push(h.room_recompute(&gib(way.total)));
    }
    if let Some((z, way)) = w.zero {
        v.push(h.room_zero(&z.to_string(), &gib(way.total)));
    }
    (!v.is_empty()).then(|| h.room_ways(&v.join(h.or)))
}

pub fn answer(p: &Rep, t: &'static Texts) -> Answer {
    let h = &t.headline;
    let rest = match p.headroom {
        Headroom::Ample => left(p, t),
        Headroom::Edge => match more_room(&p.ways, t) {
            Some(more) => format!("{}{}{more}", left(p, t), h.part_sep),
            None => left(p, t),
        },
        Headroom::Short => format!("{}{}{}", left(p, t), h.part_sep, ways(&p.ways, t)),
        Headroom::Over => ways(&p.ways, t),
    };
    // A typed count past one machine that is not whole machines: what a provider rents.
    let n = p.inputs.training.gpus;
    let whole = whole_units(n);
    let rest = if whole == n {
        rest
    } else {
        let machines = (whole / MACHINE_CARDS).to_string();
        let note = h.train_not_whole(&n.to_string(), &whole.to_string(), &machines);
        format!("{rest}{}{note}", h.part_sep)
    };
    memory::answer(p.fits, need(p, t), rest, t)
}

/// What a change would leave: fits this card, fits on some number of them, or still over `has`
/// (the card's memory less what is kept free).
fn status(w: &Way, has: Bytes, t: &'static Texts) -> String {
    let h = &t.headline;
    match (w.fits, w.cards) {
        (true, _) => h.then_fits.to_string(),
        (false, Some(n)) => h.then_cards(&n.to_string()),
        (false, None) => h.then_over(&gib(has)),
    }
}

/// What a run may use: the card's memory less the margin kept free.
fn room(p: &Rep) -> Bytes {
    Bytes(p.capacity.0 - p.kept_free.0)
}

/// Words a changed run: (texts, what a card then needs, whether it fits).
type Worded = fn(&'static Texts, &str, &str) -> String;

/// Every way out, for the list under the headline; empty when the run fits.
pub fn ways_list(p: &Rep, t: &'static Texts) -> Vec<WayItem> {
    let (w, h) = (&p.ways, &t.headline);
    if p.fits {
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
        v.push(card_way(id, w.card.is_some(), t));
    }
    if let Some((b, way)) = w.batch {
        v.push(WayItem {
            kind: "batch",
            value: b.to_string(),
            text: h.try_batch(&b.to_string(), &gib(way.total), &status(&way, room(p), t)),
            fits: way.fits,
        });
    }
    if let Some((z, way)) = w.zero {
        v.push(WayItem {
            kind: "zero",
            value: z.to_string(),
            text: h.try_zero(&z.to_string(), &gib(way.total), &status(&way, room(p), t)),
            fits: way.fits,
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
                text: text(t, &gib(way.total), &status(&way, room(p), t)),
                fits: way.fits,
            });
        }
    }
    v
}

/// The `train-min-gpus` note when no number of cards holds the run: why, and the way out.
pub fn none_note(p: &Rep, t: &'static Texts) -> String {
    let (w, h) = (&p.ways, &t.headline);
    let reason = h.none_reason(&gib(w.floor), &gib(p.capacity));
    let way = if let Some(n) = w.recompute.and_then(|x| x.cards) {
        h.none_recompute(&n.to_string())
    } else if let Some((id, n)) = w.sharded_card {
        h.none_card(&n.to_string(), name(id))
    } else {
        h.none_shorter.to_string()
    };
    format!("{reason}{}{}", h.part_sep, h.none_way(&way))
}
