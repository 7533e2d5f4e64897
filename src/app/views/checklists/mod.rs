//! The advisor and checklists view (docs/formulas.md, "Workloads and supply forms" and
//! "Operating routine and checklists"): the component, and the advice its advisor reads. Which
//! supply forms fit sits in `advisor.rs`; the routine and the troubleshooting table, whose ticks
//! are kept beside the scenario (in the link and in storage), in `routine.rs`. Every word comes
//! from the locale files (`[checklists]`, `[advisor]`, `[lists]`, `[trouble]`) in the language
//! the page is shown in.

mod advisor;
mod routine;

use self::advisor::{form_label, Advisor};
use self::routine::{list_text, Routine};
use super::headline::{Answer, Headline, Tone};
use crate::app::state::{memo, use_app, See};
use crate::calc::advisor::{advise, AdvisorReport};
use crate::calc::checklists::LISTS;
use crate::calc::headline;
use crate::calc::scenario::Progress;
use crate::text::Texts;
use leptos::prelude::*;

/// The headline: how much of the routine is ticked, the next list to work through, and the
/// supply forms that fit.
fn answer(p: &Progress, advice: &AdvisorReport, t: &'static Texts) -> Answer {
    let h = &t.headline;
    let total: usize = LISTS.iter().map(|l| l.items.len()).sum();
    let done = LISTS
        .iter()
        .flat_map(|l| l.items)
        .filter(|i| p.checked.contains(i.id))
        .count();
    let code = headline::checklists(done, total);
    let forms: Vec<&str> = advice
        .verdicts
        .iter()
        .filter(|v| v.fits)
        .map(|v| form_label(t, v.form))
        .collect();
    let mut detail = Vec::new();
    if let Some(next) = LISTS
        .iter()
        .find(|l| l.items.iter().any(|i| !p.checked.contains(i.id)))
    {
        detail.push(h.check_next(list_text(t, next.id, "title")));
    }
    if !forms.is_empty() {
        detail.push(h.check_forms(&forms.join(t.app.list_sep)));
    }
    Answer {
        code,
        tone: if code == "done" {
            Tone::Good
        } else {
            Tone::Plain
        },
        lead: if code == "done" {
            h.check_done(&total.to_string())
        } else {
            h.check_todo(&done.to_string(), &total.to_string())
        },
        detail: detail.join(h.part_sep),
    }
}

#[component]
pub fn ChecklistsView() -> impl IntoView {
    let app = use_app();
    // The advisor reads what the other views know (run length, data size, cards), so it follows
    // the whole scenario; its inputs and verdicts are computed together so the hint and the table
    // agree.
    let advice = memo(move || {
        app.scenario.see(|s| {
            let inputs = s.advisor_inputs();
            let report = advise(&inputs);
            (inputs, report)
        })
    });

    let said = memo(move || {
        app.progress
            .see(|p| advice.see(|(_, a)| answer(p, a, app.t())))
    });

    view! {
        <section class="view checklists" data-testid="view-checklists">
            <Headline answer=said />
            <Advisor advice=advice />
            <Routine />
        </section>
    }
}
