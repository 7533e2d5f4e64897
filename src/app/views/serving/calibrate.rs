//! Calibrating from a benchmark: pasted output of `vllm bench serve`, `llama-bench` or
//! `genai-perf` is read by the core ([`crate::calc::serving::measured`]) and kept in the serving
//! inputs (`cal=` in the link), which rescale the model to it; the notes say by how much, and a
//! button clears it.

use super::LENS;
use crate::app::i18n::tr;
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::live;
use crate::app::words::measured_error;
use crate::calc::serving::measured::{from_link, read, to_link, MeasuredError, Tool};
use leptos::prelude::*;

/// What the last paste gave: the tool read, or why nothing was.
#[derive(Clone, Copy, PartialEq)]
enum Pasted {
    Read(Tool),
    Refused(MeasuredError),
}

#[component]
pub fn CalibrateBox() -> impl IntoView {
    let app = use_app();
    let inputs = app.slice(LENS);
    let text = RwSignal::new(String::new());
    let pasted = RwSignal::new(None::<Pasted>);
    let set = memo(move || inputs.see(|i| i.cal.is_some()));
    let apply = move |_| {
        // Kept as its link form reads it back, so the page, its link and storage hold the same.
        let result = read(&text.get_untracked()).and_then(|m| from_link(&to_link(&m)));
        match result {
            Ok(m) => {
                let tool = m.tool;
                app.clear_issue("cal");
                app.try_edit(LENS, move |i| i.cal = Some(m));
                pasted.set(Some(Pasted::Read(tool)));
            }
            Err(e) => pasted.set(Some(Pasted::Refused(e))),
        }
    };
    let clear = move |_| {
        app.clear_issue("cal");
        app.try_edit(LENS, |i| i.cal = None);
        pasted.set(None);
    };
    let message = move || {
        let t = app.t();
        pasted
            .get()
            .map(|p| match p {
                Pasted::Read(tool) => t.serving.cal_read(tool.name()),
                Pasted::Refused(e) => measured_error(t, &e),
            })
            .or_else(|| app.issue("cal"))
    };
    view! {
        <details class="config calibrate">
            <summary>{tr(|t| t.serving.cal_title)}</summary>
            <p class="hint">{tr(|t| t.serving.cal_hint)}</p>
            <textarea
                data-testid="cal-paste"
                rows="6"
                aria-label=tr(|t| t.serving.cal_title)
                placeholder=tr(|t| t.serving.cal_placeholder)
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
            ></textarea>
            <p>
                <button type="button" data-testid="cal-apply" on:click=apply>
                    {tr(|t| t.serving.cal_apply)}
                </button>
                " "
                <button
                    type="button"
                    data-testid="cal-clear"
                    hidden=move || !set.get()
                    on:click=clear
                >
                    {tr(|t| t.serving.cal_clear)}
                </button>
            </p>
            <p
                class=move || {
                    if matches!(pasted.get(), Some(Pasted::Read(_))) { "hint" } else { "field-msg" }
                }
                role="status"
                data-testid="cal-result"
            >
                {live(message)}
            </p>
        </details>
    }
}
