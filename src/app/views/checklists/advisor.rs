//! Which supply form fits: the workload's kind and habits, and each form's verdict with its
//! reason, from what the other views know.

use crate::app::state::Lens;
use crate::app::views::spot::SPOT;
use crate::app::widgets::{ChoiceInput, FlagInput};
use crate::calc::advisor::{
    AdvisorChoice, AdvisorInputs, AdvisorReport, Form, Profile, INTERRUPTIBLE, PROFILE,
};
use crate::calc::choice::Choice;
use crate::calc::spot::CKPT;
use leptos::prelude::*;

const LENS: Lens<AdvisorChoice> = Lens {
    get: |s| &s.advisor,
    get_mut: |s| &mut s.advisor,
};

fn form_label(f: Form) -> &'static str {
    match f {
        Form::WholeMachine => "Whole machine",
        Form::PerCard => "Per card (a slice of a shared machine)",
        Form::Container => "Container instance",
        Form::Spot => "Spot / preemptible",
        Form::Managed => "Managed job service",
    }
}

fn profile_label(p: Profile) -> &'static str {
    match p {
        Profile::Training => "training (must run to the end)",
        Profile::Inference => "inference (a long-running service)",
        Profile::Batch => "batch (rendering, offline inference, searches)",
    }
}

/// The option text of a workload's id.
fn profile_text(id: &'static str) -> &'static str {
    Profile::from_id(id).map_or(id, profile_label)
}

/// `advice` holds the advisor's inputs and its verdicts, computed together.
#[component]
pub fn Advisor(advice: Memo<(AdvisorInputs, AdvisorReport)>) -> impl IntoView {
    view! {
        <h2>"Which supply form fits"</h2>
        <div class="columns">
            <form class="inputs" on:submit=|ev| ev.prevent_default()>
                <ChoiceInput field=&PROFILE lens=LENS label="The workload" text=profile_text />
                <FlagInput
                    field=&INTERRUPTIBLE
                    lens=LENS
                    label="it survives being stopped at any moment"
                />
                <FlagInput field=&CKPT lens=SPOT label="it resumes from checkpoints" />
                <p class="hint">
                    {move || {
                        advice
                            .with(|(a, _)| {
                                format!(
                                    "From the other views: runs of {} h (spot), {} GB of data (billing rules), {} card(s) at once (memory views).",
                                    a.run_hours,
                                    a.data_gb,
                                    a.cards,
                                )
                            })
                    }}
                </p>
            </form>
            <div class="results">
                <table class="advisor" data-testid="advisor">
                    <thead>
                        <tr>
                            <th>"form"</th>
                            <th>"verdict"</th>
                            <th>"why"</th>
                        </tr>
                    </thead>
                    <tbody>
                        {move || {
                            advice
                                .with(|(_, a)| {
                                    a.verdicts
                                        .iter()
                                        .map(|v| {
                                            view! {
                                                <tr
                                                    data-testid=format!("advisor-{}", v.form.id())
                                                    data-value=if v.fits { "fit" } else { "excluded" }
                                                    class:excluded=!v.fits
                                                >
                                                    <td>{form_label(v.form)}</td>
                                                    <td>{if v.fits { "fits" } else { "excluded" }}</td>
                                                    <td>{v.reason.clone()}</td>
                                                </tr>
                                            }
                                        })
                                        .collect_view()
                                })
                        }}
                    </tbody>
                </table>
                <ul class="advisor-notes">
                    {move || {
                        advice
                            .with(|(_, a)| {
                                a.notes
                                    .iter()
                                    .map(|n| view! { <li>{n.clone()}</li> })
                                    .collect_view()
                            })
                    }}
                </ul>
                <p class="hint">
                    "Rule out the forms that do not fit first; compare prices only among the rest."
                </p>
            </div>
        </div>
    }
}
