//! The inference headline: whether the chosen card(s) hold the load with its headroom, in GiB as
//! `nvidia-smi` shows memory, how many sequences they hold, and when they do not, the ways out
//! the core computed (more cards with tensor parallelism, a bigger card, a smaller weight format,
//! fewer sequences at once), each with a button that makes that change.

use super::Inference;
use crate::app::format::{gib, number};
use crate::app::i18n::option;
use crate::app::state::{memo, use_app, See};
use crate::app::views::headline::{Answer, Tone, Way};
use crate::app::views::model::card::{card_capacity as capacity, catalogue_name as name};
use crate::app::views::model::MEMORY;
use crate::calc::choice::Choice;
use crate::calc::headline::{self, inference_ways, InferenceWays};
use crate::calc::memory::inference::InferenceReport;
use crate::calc::memory::inputs::MemoryInputs;
use crate::text::Texts;
use leptos::prelude::*;

/// The inputs and report with the ways out, computed together.
#[derive(Debug, Clone, PartialEq)]
pub struct Told {
    pub m: MemoryInputs,
    pub r: InferenceReport,
    pub w: InferenceWays,
}

pub fn told(rep: Inference) -> Memo<Told> {
    memo(move || {
        rep.see(|p| Told {
            w: inference_ways(&p.inputs, &p.report),
            m: (*p.inputs).clone(),
            r: p.report.clone(),
        })
    })
}

/// What one card needs with headroom against what the chosen card has.
fn need(m: &MemoryInputs, r: &InferenceReport, t: &'static Texts) -> String {
    let h = &t.headline;
    let card = name(&m.gpu);
    if m.inference.tp > 1 {
        h.infer_need_cards(
            &gib(r.required),
            &m.inference.tp.to_string(),
            card,
            &gib(r.capacity),
        )
    } else {
        h.infer_need(&gib(r.required), card, &gib(r.capacity))
    }
}

pub fn answer(x: &Told, t: &'static Texts) -> Answer {
    let (m, r, w, h) = (&x.m, &x.r, &x.w, &t.headline);
    let need = need(m, r, t);
    if r.fits {
        return Answer {
            code: headline::memory(true),
            tone: Tone::Good,
            lead: h.fits.to_string(),
            detail: format!(
                "{need}{}{}",
                h.part_sep,
                h.holds(
                    &r.max_concurrency.to_string(),
                    &number(m.inference.ctx as f64, 0)
                )
            ),
        };
    }
    let mut ways = Vec::new();
    if let Some(tp) = w.tp {
        ways.push(h.way_tp(&tp.to_string()));
    }
    if let Some(id) = w.card {
        ways.push(h.way_card(name(id), &gib(capacity(id))));
    }
    let ways = if ways.is_empty() {
        w.format
            .map(|(f, need)| h.use_ways(&h.way_format(option(t, "weights", f.id()), &gib(need))))
            .unwrap_or_else(|| h.no_way.to_string())
    } else {
        h.use_ways(&ways.join(h.or))
    };
    Answer {
        code: headline::memory(false),
        tone: Tone::Bad,
        lead: h.no_fit.to_string(),
        detail: format!("{need}{}{ways}", h.part_sep),
    }
}

/// Every way out, for the list under the headline; empty when the load fits.
pub fn ways_list(x: &Told, t: &'static Texts) -> Vec<Way> {
    let (m, r, w, h) = (&x.m, &x.r, &x.w, &t.headline);
    if r.fits {
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
        v.push(Way {
            kind: "card",
            value: id.to_string(),
            text: h.try_card(name(id), &gib(capacity(id))),
            fits: true,
        });
    }
    if let Some((f, need)) = w.format {
        v.push(Way {
            kind: "format",
            value: f.id().to_string(),
            text: h.try_format(option(t, "weights", f.id()), &gib(need)),
            fits: true,
        });
    }
    if w.sequences >= 1 && w.sequences < m.inference.conc {
        v.push(Way {
            kind: "fewer",
            value: w.sequences.to_string(),
            text: h.try_fewer(&w.sequences.to_string(), &number(m.inference.ctx as f64, 0)),
            fits: true,
        });
    }
    v
}

/// Makes the change of the way `kind`.
pub fn try_way(told: Memo<Told>) -> Callback<&'static str> {
    let app = use_app();
    Callback::new(move |kind: &'static str| {
        let w = told.see_untracked(|x| x.w.clone());
        match kind {
            "tp" => {
                if let Some(tp) = w.tp {
                    app.try_edit(MEMORY, |m| m.inference.tp = tp)
                }
            }
            "card" => {
                if let Some(id) = w.card {
                    app.try_edit(MEMORY, |m| m.gpu = id.to_string())
                }
            }
            "format" => {
                if let Some((f, _)) = w.format {
                    app.try_edit(MEMORY, |m| m.inference.weights = f)
                }
            }
            "fewer" => app.try_edit(MEMORY, |m| m.inference.conc = w.sequences),
            _ => {}
        }
    })
}
