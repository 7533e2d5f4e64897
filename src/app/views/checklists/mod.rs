//! The advisor and checklists view (docs/formulas.md, "Workloads and supply forms" and
//! "Operating routine and checklists"): the component, and the advice its advisor reads. Which
//! supply forms fit sits in `advisor.rs`; the routine and the troubleshooting table, whose ticks
//! are kept beside the scenario (in the link and in storage), in `routine.rs`. Every word comes
//! from the locale files (`[checklists]`, `[advisor]`, `[lists]`, `[trouble]`) in the language
//! the page is shown in.

mod advisor;
mod routine;

use self::advisor::Advisor;
use self::routine::Routine;
use crate::app::state::use_app;
use crate::calc::advisor::advise;
use leptos::prelude::*;

#[component]
pub fn ChecklistsView() -> impl IntoView {
    let app = use_app();
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

    view! {
        <section class="view checklists" data-testid="view-checklists">
            <Advisor advice=advice />
            <Routine />
        </section>
    }
}
