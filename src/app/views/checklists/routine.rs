//! The operating routine as lists to tick, with the count of ticks, and the troubleshooting table,
//! in the page's language. The two language buttons here set the language of the whole page, like
//! the switch in the header.

use crate::app::i18n::tr;
use crate::app::state::{use_app, See};
use crate::app::widgets::{live, When};
use crate::calc::checklists::{LISTS, TROUBLES};
use crate::calc::link::Lang;
use crate::text::Texts;
use leptos::prelude::*;

/// A text of `[lists.<list>]` by its key (`title`, or an item id).
pub fn list_text(t: &'static Texts, list: &str, key: &str) -> &'static str {
    t.lists.get(&format!("{list}.{key}")).unwrap_or_default()
}

#[component]
pub fn Routine() -> impl IntoView {
    let app = use_app();
    let ticked = move |id: &'static str| app.progress.see(|p| p.checked.contains(id));
    let toggle = move |id: &'static str, on: bool| {
        app.clear_issue(crate::calc::scenario::CHECKED);
        app.progress.update(|p| {
            if on {
                p.checked.insert(id.to_string());
            } else {
                p.checked.remove(id);
            }
        })
    };
    let done = move || app.progress.see(|p| p.checked.len());
    let total: usize = LISTS.iter().map(|l| l.items.len()).sum();
    let set_lang = move |l: Lang| app.choose_lang(l);
    let zh = move || app.shown.get() == Lang::Zh;

    view! {
        <h2>{tr(|t| t.checklists.routine_title)}</h2>
        <p class="lang-switch">
            <span data-testid="checklist-progress" data-value=done>
                {live(move || app.t().checklists.progress(&done().to_string(), &total.to_string()))}
            </span>
            <button
                type="button"
                lang="en"
                data-testid="checklist-lang-en"
                class:active=move || !zh()
                aria-pressed=move || (!zh()).to_string()
                on:click=move |_| set_lang(Lang::En)
            >
                "English"
            </button>
            " "
            <button
                type="button"
                lang="zh-CN"
                data-testid="checklist-lang-zh"
                class:active=zh
                aria-pressed=move || zh().to_string()
                on:click=move |_| set_lang(Lang::Zh)
            >
                "中文"
            </button>
            " "
            <button
                type="button"
                data-testid="checklist-clear"
                on:click=move |_| app.progress.update(|p| p.checked.clear())
            >
                {tr(|t| t.checklists.untick)}
            </button>
        </p>
        <When when=move || app.issue(crate::calc::scenario::CHECKED).is_some()>
            <p class="field-msg" role="alert">
                {live(move || app.issue(crate::calc::scenario::CHECKED))}
            </p>
        </When>
        <div class="lists">
            {LISTS
                .iter()
                .map(|l| {
                    view! {
                        <fieldset class="checklist" data-testid=format!("checklist-{}", l.id)>
                            <legend>{live(move || list_text(app.t(), l.id, "title"))}</legend>
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
                                                    <span>{live(move || list_text(app.t(), l.id, i.id))}</span>
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
                .collect_view()} <Troubleshooting />
        </div>
    }
}

/// Symptom, likely cause and what to check.
#[component]
fn Troubleshooting() -> impl IntoView {
    let app = use_app();
    let cell = move |row: &'static str, part: &'static str| {
        move || {
            app.t()
                .trouble
                .get(&format!("{row}.{part}"))
                .unwrap_or_default()
        }
    };
    view! {
        <h3>{tr(|t| t.checklists.trouble_title)}</h3>
        <table class="troubles" data-testid="troubleshooting">
            <thead>
                <tr>
                    <th>{tr(|t| t.checklists.col_symptom)}</th>
                    <th>{tr(|t| t.checklists.col_cause)}</th>
                    <th>{tr(|t| t.checklists.col_check)}</th>
                </tr>
            </thead>
            <tbody>
                {TROUBLES
                    .iter()
                    .map(|&row| {
                        view! {
                            <tr data-testid=format!("trouble-{row}")>
                                <td>{cell(row, "symptom")}</td>
                                <td>{cell(row, "cause")}</td>
                                <td>{cell(row, "check")}</td>
                            </tr>
                        }
                    })
                    .collect_view()}
            </tbody>
        </table>
    }
}
