//! The advisor and checklists view (docs/formulas.md, "Workloads and supply forms" and
//! "Operating routine and checklists"): which supply forms fit the workload and why, the operating
//! routine as lists whose ticks are kept beside the scenario (in the link and in storage), and the
//! troubleshooting table.

use super::spot::SPOT;
use crate::app::state::{use_app, Lens};
use crate::app::widgets::{CheckField, ChoiceField};
use crate::calc::advisor::{advise, AdvisorChoice, Form, Profile};
use crate::calc::checklists::{LISTS, TROUBLES};
use crate::calc::choice::Choice;
use crate::calc::link::Lang;
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

#[component]
pub fn ChecklistsView() -> impl IntoView {
    let app = use_app();
    let zh = Memo::new(move |_| app.lang.get() == Some(Lang::Zh));
    // The advisor reads what the other views know (run length, data size, cards), so it follows
    // the whole scenario; its inputs and verdicts are computed together so the hint and the table
    // agree.
    let advice = Memo::new(move |_| {
        app.scenario.with(|s| {
            let inputs = s.advisor_inputs();
            let report = advise(&inputs);
            (inputs, report)
        })
    });
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
    let ticked = move |id: &'static str| app.progress.with(|p| p.checked.contains(id));
    let toggle = move |id: &'static str, on: bool| {
        app.clear_issue("checked");
        app.progress.update(|p| {
            if on {
                p.checked.insert(id.to_string());
            } else {
                p.checked.remove(id);
            }
        })
    };
    let done = move || app.progress.with(|p| p.checked.len());
    let total: usize = LISTS.iter().map(|l| l.items.len()).sum();

    view! {
        <section class="view checklists" data-testid="view-checklists">
            <h2>"Which supply form fits"</h2>
            <div class="columns">
                <form class="inputs" on:submit=|ev| ev.prevent_default()>
                    <ChoiceField key="profile" label="The workload" options=profiles value=profile on_change=set_profile />
                    <CheckField key="interruptible" label="it survives being stopped at any moment"
                        checked=Signal::derive(move || advice.with(|(a, _)| a.interruptible))
                        on_change=Callback::new(move |on: bool| app.try_edit(LENS, |a| a.interruptible = on)) />
                    <CheckField key="ckpt" label="it resumes from checkpoints"
                        checked=Signal::derive(move || advice.with(|(a, _)| a.has_checkpoints))
                        on_change=Callback::new(move |on: bool| app.try_edit(SPOT, |i| i.has_checkpoints = on)) />
                    <p class="hint">{move || advice.with(|(a, _)| {
                        format!("From the other views: runs of {} h (spot), {} GB of data (billing rules), {} card(s) at once (memory views).",
                            a.run_hours, a.data_gb, a.cards)
                    })}</p>
                </form>
                <div class="results">
                    <table class="advisor" data-testid="advisor">
                        <thead><tr><th>"form"</th><th>"verdict"</th><th>"why"</th></tr></thead>
                        <tbody>
                            {move || advice.with(|(_, a)| a.verdicts.iter().map(|v| view! {
                                <tr data-testid=format!("advisor-{}", v.form.id()) data-value=if v.fits { "fit" } else { "excluded" } class:excluded=!v.fits>
                                    <td>{form_label(v.form)}</td>
                                    <td>{if v.fits { "fits" } else { "excluded" }}</td>
                                    <td>{v.reason.clone()}</td>
                                </tr>
                            }).collect_view())}
                        </tbody>
                    </table>
                    <ul class="advisor-notes">
                        {move || advice.with(|(_, a)| a.notes.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view())}
                    </ul>
                    <p class="hint">"Rule out the forms that do not fit first; compare prices only among the rest."</p>
                </div>
            </div>

            <h2>"The routine"</h2>
            <p class="lang-switch">
                <span data-testid="checklist-progress" data-value=done>{move || format!("{} of {total} ticked · ", done())}</span>
                <button type="button" data-testid="checklist-lang-en" class:active=move || !zh.get() on:click=move |_| app.lang.set(Some(Lang::En))>"English"</button>
                " "
                <button type="button" data-testid="checklist-lang-zh" class:active=move || zh.get() on:click=move |_| app.lang.set(Some(Lang::Zh))>"中文"</button>
                " "
                <button type="button" data-testid="checklist-clear" on:click=move |_| app.progress.update(|p| p.checked.clear())>"Untick all"</button>
            </p>
            <Show when=move || app.issue("checked").is_some()>
                <p class="field-msg" role="alert">{move || app.issue("checked")}</p>
            </Show>
            <div class="lists" lang=move || if zh.get() { "zh-CN" } else { "en" }>
                {LISTS.iter().map(|l| view! {
                    <fieldset class="checklist" data-testid=format!("checklist-{}", l.id)>
                        <legend>{move || if zh.get() { l.zh } else { l.en }}</legend>
                        <ul>
                            {l.items.iter().map(|i| view! {
                                <li>
                                    <label>
                                        <input type="checkbox" data-testid=format!("check-{}", i.id)
                                            prop:checked=move || ticked(i.id)
                                            on:change=move |ev| toggle(i.id, event_target_checked(&ev)) />
                                        " "
                                        <span>{move || if zh.get() { i.zh } else { i.en }}</span>
                                    </label>
                                    {(!i.cmd.is_empty()).then(|| view! { <code class="cmd">{i.cmd}</code> })}
                                </li>
                            }).collect_view()}
                        </ul>
                    </fieldset>
                }).collect_view()}
                <h3>{move || if zh.get() { "常见问题排查" } else { "Troubleshooting" }}</h3>
                <table class="troubles" data-testid="troubleshooting">
                    <thead><tr>
                        <th>{move || if zh.get() { "现象" } else { "symptom" }}</th>
                        <th>{move || if zh.get() { "可能原因" } else { "likely cause" }}</th>
                        <th>{move || if zh.get() { "检查什么" } else { "what to check" }}</th>
                    </tr></thead>
                    <tbody>
                        {TROUBLES.iter().map(|t| view! {
                            <tr>{(0..3).map(|k| view! { <td>{move || if zh.get() { t.zh[k] } else { t.en[k] }}</td> }).collect_view()}</tr>
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        </section>
    }
}
