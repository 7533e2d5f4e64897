//! Which supply form fits: the workload's kind and habits, and each form's verdict with its
//! reason, from what the other views know. The core gives each verdict and note as a code with
//! its numbers; they are worded here.

use crate::app::format::number;
use crate::app::i18n::tr;
use crate::app::state::{use_app, Lens, See};
use crate::app::views::spot::SPOT;
use crate::app::widgets::{choice, flag, form, live, Item, Section};
use crate::calc::advisor::{
    AdvisorChoice, AdvisorInputs, AdvisorReport, Form, Note, Reason, INTERRUPTIBLE, PROFILE,
};
use crate::calc::choice::Choice;
use crate::calc::spot::CKPT;
use crate::text::Texts;
use leptos::prelude::*;

const LENS: Lens<AdvisorChoice> = crate::app::state::lenses::ADVISOR;

pub fn form_label(t: &'static Texts, f: Form) -> &'static str {
    let f_ = &t.advisor.form;
    match f {
        Form::WholeMachine => f_.whole_machine,
        Form::PerCard => f_.per_card,
        Form::Container => f_.container,
        Form::Spot => f_.spot,
        Form::Managed => f_.managed,
    }
}

/// Hours, gigabytes: at most one decimal.
fn short(v: f64) -> String {
    number(v, 1)
}

fn reason(t: &'static Texts, r: Reason) -> String {
    let a = &t.advisor;
    match r {
        Reason::ShortBatchRuns { run_hours } => a.short_batch_runs(&short(run_hours)),
        Reason::LongBatch => a.long_batch.into(),
        Reason::SpansCards { cards } => a.spans_cards(&cards.to_string()),
        Reason::OneCardIdle => a.one_card_idle.into(),
        Reason::IndependentSlices => a.independent_slices.into(),
        Reason::SplitOverShared { cards } => a.split_over_shared(&cards.to_string()),
        Reason::SingleCard => a.single_card.into(),
        Reason::ContainerLocked => a.container_locked.into(),
        Reason::ContainerReady => a.container_ready.into(),
        Reason::ServiceNotReclaimable => a.service_not_reclaimable.into(),
        Reason::NotInterruptible => a.not_interruptible.into(),
        Reason::NoCheckpoints => a.no_checkpoints.into(),
        Reason::Survivable => a.survivable.into(),
        Reason::ManagedNotService => a.managed_not_service.into(),
        Reason::ManagedShortRuns => a.managed_short_runs.into(),
        Reason::ManagedLongRuns { run_hours } => a.managed_long_runs(&short(run_hours)),
    }
}

fn note(t: &'static Texts, n: Note) -> String {
    let a = &t.advisor;
    match n {
        Note::ObjectStorage { data_gb } => a.note_object_storage(&short(data_gb)),
        Note::Tier { tier_gb } => a.note_tier(&short(tier_gb)),
        Note::NoTier => a.note_no_tier.into(),
        Note::WeakInterconnect => a.note_weak_interconnect.into(),
    }
}

/// The advisor's inputs and its verdicts, computed together; the form's hint reads the inputs
/// the other views gave.
#[derive(Clone, Copy)]
struct Advice(Memo<(AdvisorInputs, AdvisorReport)>);

const FORM: &[Section] = &[Section {
    legend: None,
    items: &[
        Item::Control(|| choice(&PROFILE, LENS)),
        Item::Control(|| flag(&INTERRUPTIBLE, LENS)),
        Item::Control(|| flag(&CKPT, SPOT)),
        Item::Control(from_views),
    ],
}];

/// What the advisor took from the other views: the run length, the data and the cards.
fn from_views() -> AnyView {
    let app = use_app();
    let advice = use_context::<Advice>();
    view! {
        <p class="hint">
            {live(move || {
                let t = app.t();
                advice
                    .map(|Advice(a)| {
                        a.see(|(a, _)| {
                            t.checklists
                                .from_views(
                                    &short(a.run_hours),
                                    &short(a.data_gb),
                                    &a.cards.to_string(),
                                )
                        })
                    })
                    .unwrap_or_default()
            })}
        </p>
    }
    .into_any()
}

/// `advice` holds the advisor's inputs and its verdicts, computed together.
#[component]
pub fn Advisor(advice: Memo<(AdvisorInputs, AdvisorReport)>) -> impl IntoView {
    let app = use_app();
    provide_context(Advice(advice));
    view! {
        <h2>{tr(|t| t.checklists.advisor_title)}</h2>
        <div class="columns">
            {form(FORM)} <div class="results">
                <table class="advisor" data-testid="advisor">
                    <thead>
                        <tr>
                            <th>{tr(|t| t.checklists.col_form)}</th>
                            <th>{tr(|t| t.checklists.col_verdict)}</th>
                            <th>{tr(|t| t.checklists.col_why)}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {live(move || {
                            let t = app.t();
                            advice
                                .see(|(_, a)| {
                                    a.verdicts
                                        .iter()
                                        .map(|v| {
                                            view! {
                                                <tr
                                                    data-testid=format!("advisor-{}", v.form.id())
                                                    data-value=if v.fits { "fit" } else { "excluded" }
                                                    class:excluded=!v.fits
                                                >
                                                    <td>{form_label(t, v.form)}</td>
                                                    <td>
                                                        {if v.fits {
                                                            t.checklists.fits
                                                        } else {
                                                            t.checklists.excluded
                                                        }}
                                                    </td>
                                                    <td>{reason(t, v.reason)}</td>
                                                </tr>
                                            }
                                        })
                                        .collect_view()
                                })
                        })}
                    </tbody>
                </table>
                <ul class="advisor-notes">
                    {live(move || {
                        let t = app.t();
                        advice
                            .see(|(_, a)| {
                                a.notes
                                    .iter()
                                    .map(|n| view! { <li>{note(t, *n)}</li> })
                                    .collect_view()
                            })
                    })}
                </ul>
                <p class="hint">{tr(|t| t.checklists.rule_out_first)}</p>
            </div>
        </div>
    }
}
