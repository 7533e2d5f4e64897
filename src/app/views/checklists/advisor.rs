//! Which supply form fits: the workload's kind and habits, and each form's verdict with its
//! reason, from what the other views know.

use crate::app::state::{use_app, Lens};
use crate::app::views::spot::SPOT;
use crate::app::widgets::{CheckField, ChoiceField};
use crate::calc::advisor::{AdvisorChoice, AdvisorInputs, AdvisorReport, Form, Profile};
use crate::calc::choice::Choice;
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

/// `advice` holds the advisor's inputs and its verdicts, computed together.
#[component]
pub fn Advisor(advice: Memo<(AdvisorInputs, AdvisorReport)>) -> impl IntoView {
    let app = use_app();
    let profile = Signal::derive(move || advice.with(|(a, _)| a.profile.id().to_string()));
    let set_profile = Callback::new(move |id: String| {
        if let Some(p) = Profile::from_id(&id) {
            app.clear_issue("profile");
            app.try_edit(LENS, |a| a.profile = p);
        }
    });
    let profiles: Vec<(String, String)> = Profile::ALL
        .iter()
        .map(|p| (p.id().to_string(), profile_label(*p).to_string()))
        .collect();

    view! {
        <h2>"Which supply form fits"</h2>
        <div class="columns">
            <form class="inputs" on:submit=|ev| ev.prevent_default()>
                <ChoiceField
                    key="profile"
                    label="The workload"
                    options=profiles
                    value=profile
                    on_change=set_profile
                />
                <CheckField
                    key="interruptible"
                    label="it survives being stopped at any moment"
                    checked=Signal::derive(move || advice.with(|(a, _)| a.interruptible))
                    on_change=Callback::new(move |on: bool| {
                        app.try_edit(LENS, |a| a.interruptible = on)
                    })
                />
                <CheckField
                    key="ckpt"
                    label="it resumes from checkpoints"
                    checked=Signal::derive(move || advice.with(|(a, _)| a.has_checkpoints))
                    on_change=Callback::new(move |on: bool| {
                        app.try_edit(SPOT, |i| i.has_checkpoints = on)
                    })
                />
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
