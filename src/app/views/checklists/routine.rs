//! The operating routine as lists to tick, in English or Chinese, with the count of ticks, and the
//! troubleshooting table.

use crate::app::state::use_app;
use crate::calc::checklists::{LISTS, TROUBLES};
use crate::calc::link::Lang;
use leptos::prelude::*;

/// `zh`: the lists are shown in Chinese.
#[component]
pub fn Routine(zh: Memo<bool>) -> impl IntoView {
    let app = use_app();
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
        <h2>"The routine"</h2>
        <p class="lang-switch">
            <span data-testid="checklist-progress" data-value=done>
                {move || format!("{} of {total} ticked · ", done())}
            </span>
            <button
                type="button"
                data-testid="checklist-lang-en"
                class:active=move || !zh.get()
                on:click=move |_| app.lang.set(Some(Lang::En))
            >
                "English"
            </button>
            " "
            <button
                type="button"
                data-testid="checklist-lang-zh"
                class:active=move || zh.get()
                on:click=move |_| app.lang.set(Some(Lang::Zh))
            >
                "中文"
            </button>
            " "
            <button
                type="button"
                data-testid="checklist-clear"
                on:click=move |_| app.progress.update(|p| p.checked.clear())
            >
                "Untick all"
            </button>
        </p>
        <Show when=move || app.issue("checked").is_some()>
            <p class="field-msg" role="alert">
                {move || app.issue("checked")}
            </p>
        </Show>
        <div class="lists" lang=move || if zh.get() { "zh-CN" } else { "en" }>
            {LISTS
                .iter()
                .map(|l| {
                    view! {
                        <fieldset class="checklist" data-testid=format!("checklist-{}", l.id)>
                            <legend>{move || if zh.get() { l.zh } else { l.en }}</legend>
                            <ul>
                                {l
                                    .items
                                    .iter()
                                    .map(|i| {
                                        view! {
                                            <li>
                                                <label>
                                                    <input
                                                        type="checkbox"
                                                        data-testid=format!("check-{}", i.id)
                                                        prop:checked=move || ticked(i.id)
                                                        on:change=move |ev| toggle(i.id, event_target_checked(&ev))
                                                    />
                                                    " "
                                                    <span>{move || if zh.get() { i.zh } else { i.en }}</span>
                                                </label>
                                                {(!i.cmd.is_empty())
                                                    .then(|| view! { <code class="cmd">{i.cmd}</code> })}
                                            </li>
                                        }
                                    })
                                    .collect_view()}
                            </ul>
                        </fieldset>
                    }
                })
                .collect_view()}
            <Troubleshooting zh=zh />
        </div>
    }
}

/// Symptom, likely cause and what to check.
#[component]
fn Troubleshooting(zh: Memo<bool>) -> impl IntoView {
    view! {
        <h3>{move || if zh.get() { "常见问题排查" } else { "Troubleshooting" }}</h3>
        <table class="troubles" data-testid="troubleshooting">
            <thead>
                <tr>
                    <th>{move || if zh.get() { "现象" } else { "symptom" }}</th>
                    <th>{move || if zh.get() { "可能原因" } else { "likely cause" }}</th>
                    <th>{move || if zh.get() { "检查什么" } else { "what to check" }}</th>
                </tr>
            </thead>
            <tbody>
                {TROUBLES
                    .iter()
                    .map(|t| {
                        view! {
                            <tr>
                                {(0..3)
                                    .map(|k| {
                                        view! {
                                            <td>{move || if zh.get() { t.zh[k] } else { t.en[k] }}</td>
                                        }
                                    })
                                    .collect_view()}
                            </tr>
                        }
                    })
                    .collect_view()}
            </tbody>
        </table>
    }
}
