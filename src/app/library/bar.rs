//! The scenario bar on every view: the current scenario's name and whether it has unsaved
//! changes, save and save as new, and a menu of the scenarios saved in this browser (open,
//! duplicate, delete with undo, export, import from a file or by dropping one on the page).

use super::store::WriteError;
use super::{use_library, ImportDone, Message};
use crate::app::i18n::tr;
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::{live, When};
use crate::app::words;
use crate::calc::library::{Clash, EntryError, FileError, NameError, Refused, NAME_MAX};
use crate::calc::link::Lang;
use crate::text::Texts;
use leptos::prelude::*;

#[component]
pub fn ScenarioBar() -> impl IntoView {
    let app = use_app();
    let lib = use_library();
    // The name being typed; it follows the current scenario's name when that changes.
    let draft = RwSignal::new(String::new());
    // Memos, so a slider move that changes neither answer touches nothing here.
    let current = memo(move || lib.current_name());
    let unsaved = memo(move || lib.unsaved());
    Effect::new(move |_| draft.set(current.get().unwrap_or_default()));
    let status = move || {
        let t = app.t();
        match (current.get(), unsaved.get()) {
            (None, true) if lib.from_link.get() => t.lib.from_link,
            (_, true) => t.lib.unsaved,
            (Some(_), false) => t.lib.saved_state,
            (None, false) => t.lib.example_state,
        }
    };
    let count = move || lib.items.see(Vec::len);
    let drop = window_event_listener(leptos::ev::drop, move |ev| {
        // A drop a field handled (the config.json box) is not a scenario file.
        if ev.default_prevented() {
            return;
        }
        ev.prevent_default();
        if let Some(file) = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            read_file(file);
        }
    });
    // Without this the browser opens a dropped file in place of the page.
    let over = window_event_listener(leptos::ev::dragover, move |ev| {
        if !ev.default_prevented() {
            ev.prevent_default();
        }
    });
    on_cleanup(move || {
        drop.remove();
        over.remove();
    });
    view! {
        <section class="scenario-bar" aria-label=tr(|t| t.lib.bar)>
            <label class="scenario-name">
                <span>{tr(|t| t.lib.name)}</span>
                " "
                <input
                    type="text"
                    data-testid="scenario-name"
                    maxlength=NAME_MAX.to_string()
                    placeholder=tr(|t| t.lib.name_placeholder)
                    prop:value=move || draft.get()
                    on:input=move |ev| draft.set(event_target_value(&ev))
                    on:keydown=move |ev| {
                        if ev.key() == "Enter" {
                            lib.save(&draft.get_untracked());
                        }
                    }
                />
            </label>
            <button
                type="button"
                data-testid="scenario-save"
                on:click=move |_| lib.save(&draft.get_untracked())
            >
                {tr(|t| t.lib.save)}
            </button>
            <span
                class="scenario-status"
                data-testid="scenario-status"
                data-value=move || if unsaved.get() { "unsaved" } else { "saved" }
            >
                {live(status)}
            </span>
            <details class="scenario-menu">
                <summary>
                    {tr(|t| t.lib.list)} " ("
                    <span data-testid="scenario-count" data-value=move || count().to_string()>
                        {live(count)}
                    </span> ")"
                </summary>
                <List />
                <div class="scenario-actions">
                    <button
                        type="button"
                        data-testid="scenario-save-new"
                        on:click=move |_| lib.save_as_new(&draft.get_untracked())
                    >
                        {tr(|t| t.lib.save_new)}
                    </button>
                    <button
                        type="button"
                        data-testid="scenario-export"
                        on:click=move |_| lib.export(false)
                    >
                        {tr(|t| t.lib.export_all)}
                    </button>
                    <button
                        type="button"
                        data-testid="scenario-export-current"
                        on:click=move |_| lib.export(true)
                    >
                        {tr(|t| t.lib.export_one)}
                    </button>
                    <label class="file-pick">
                        <span>{tr(|t| t.lib.import)}</span>
                        " "
                        <input
                            type="file"
                            accept=".json,application/json,text/plain"
                            data-testid="scenario-import"
                            on:change=move |ev| {
                                let input: web_sys::HtmlInputElement = event_target(&ev);
                                if let Some(file) = input.files().and_then(|f| f.get(0)) {
                                    read_file(file);
                                }
                                input.set_value("");
                            }
                        />
                    </label>
                    <a href="?view=compare" data-testid="scenario-compare">
                        {tr(|t| t.lib.compare)}
                    </a>
                </div>
                <p class="hint">{tr(|t| t.lib.local_note)}</p>
                {lib
                    .unavailable
                    .then(|| {
                        view! {
                            <p class="hint" data-testid="scenario-unavailable">
                                {tr(|t| t.lib_off.tab_only)}
                            </p>
                        }
                    })}
            </details>
            <Clash />
            <p class="scenario-message" role="status" data-testid="scenario-message">
                {live(move || lib.message.get().map(|m| words_for(app.t(), &m)))}
                {live(move || {
                    lib.undo
                        .see(|d| d.is_some())
                        .then(|| {
                            view! {
                                " "
                                <button
                                    type="button"
                                    data-testid="scenario-undo"
                                    on:click=move |_| lib.undo()
                                >
                                    {tr(|t| t.lib.undo)}
                                </button>
                            }
                        })
                })}
            </p>
        </section>
    }
}

/// The saved scenarios, each with open, duplicate and delete.
#[component]
fn List() -> impl IntoView {
    let app = use_app();
    let lib = use_library();
    view! {
        <When
            when=move || lib.items.see(|v| !v.is_empty())
            fallback=|| view! { <p class="hint">{tr(|t| t.lib.empty)}</p> }
        >
            <ul class="scenario-list" data-testid="scenario-list">
                <For
                    each=move || lib.items.get()
                    key=|i| (i.id, i.saved.name.clone(), i.saved.changed)
                    let:item
                >
                    {
                        let id = item.id;
                        let name = item.saved.name.clone();
                        let changed = item.saved.changed;
                        let is_current = move || lib.current.get().is_some_and(|(c, _)| c == id);
                        view! {
                            <li data-name=name.clone() class:current=is_current>
                                <span class="scenario-item-name">{name.clone()}</span>
                                " "
                                <span class="hint">
                                    {live(move || {
                                        app.t().lib.changed(&when(changed, app.shown.get()))
                                    })}
                                </span>
                                " "
                                <button
                                    type="button"
                                    data-testid="scenario-open"
                                    on:click=move |_| lib.open(id)
                                >
                                    {tr(|t| t.lib.open)}
                                </button>
                                <button
                                    type="button"
                                    data-testid="scenario-duplicate"
                                    on:click=move |_| lib.duplicate(id)
                                >
                                    {tr(|t| t.lib.duplicate)}
                                </button>
                                <button
                                    type="button"
                                    data-testid="scenario-delete"
                                    on:click=move |_| lib.delete(id)
                                >
                                    {tr(|t| t.lib.delete)}
                                </button>
                            </li>
                        }
                    }
                </For>
            </ul>
        </When>
    }
}

/// Asks what an import does with names already saved.
#[component]
fn Clash() -> impl IntoView {
    let app = use_app();
    let lib = use_library();
    view! {
        <When when=move || lib.waiting.see(|w| w.is_some())>
            <div class="import-clash" role="alertdialog" data-testid="import-clash">
                <p>
                    {live(move || {
                        let names = lib
                            .waiting
                            .see(|w| w.as_ref().map(|w| quoted(&w.clashes)).unwrap_or_default());
                        app.t().lib.clash(&names)
                    })}
                </p>
                <button
                    type="button"
                    data-testid="import-keep-both"
                    on:click=move |_| lib.resolve(Clash::KeepBoth)
                >
                    {tr(|t| t.lib.keep_both)}
                </button>
                <button
                    type="button"
                    data-testid="import-replace"
                    on:click=move |_| lib.resolve(Clash::Replace)
                >
                    {tr(|t| t.lib.replace)}
                </button>
                <button
                    type="button"
                    data-testid="import-skip"
                    on:click=move |_| lib.resolve(Clash::Skip)
                >
                    {tr(|t| t.lib.skip)}
                </button>
                <button type="button" on:click=move |_| lib.cancel_import()>
                    {tr(|t| t.lib.cancel)}
                </button>
            </div>
        </When>
    }
}

/// Reads a chosen or dropped file and imports it.
fn read_file(file: web_sys::File) {
    let lib = use_library();
    let name = file.name();
    leptos::task::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text())
            .await
            .ok()
            .and_then(|v| v.as_string());
        match text {
            Some(text) => lib.import_text(&text, &name),
            // Unreadable bytes: the same answer as any file that is not ours.
            None => lib
                .message
                .set(Some(Message::ImportFailed(FileError::NotOurs))),
        }
    });
}

/// A time as the reader's language writes a date and time.
fn when(ms: u64, lang: Lang) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    let tag = match lang {
        Lang::Zh => "zh-CN",
        Lang::En => "en-GB",
    };
    d.to_locale_string(tag, &wasm_bindgen::JsValue::UNDEFINED)
        .as_string()
        .unwrap_or_default()
}

fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("“{n}”"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn name_error(t: &'static Texts, e: &NameError) -> String {
    match e {
        NameError::Empty => t.lib.name_empty.to_string(),
        NameError::TooLong { max, len } => t.lib.name_long(&max.to_string(), &len.to_string()),
        NameError::Comma => t.lib.name_comma.to_string(),
        NameError::Control => t.lib.name_control.to_string(),
    }
}

fn entry_error(t: &'static Texts, e: &EntryError) -> String {
    match e {
        EntryError::NoName => t.lib.entry_no_name.to_string(),
        EntryError::NotAnEntry => t.lib.entry_not.to_string(),
        EntryError::Name(n) => name_error(t, n),
        EntryError::Store(s) => words::store_error(t, s),
    }
}

fn refused(t: &'static Texts, r: &Refused) -> String {
    let name = r
        .name
        .as_ref()
        .map(|n| format!(" “{n}”"))
        .unwrap_or_default();
    t.lib
        .imported_refused(&r.place.to_string(), &name, &entry_error(t, &r.reason))
}

fn import_words(t: &'static Texts, d: &ImportDone) -> String {
    let mut parts = Vec::new();
    if !d.added.is_empty() {
        parts.push(t.lib.imported_added(&quoted(&d.added)));
    }
    if !d.replaced.is_empty() {
        parts.push(t.lib.imported_replaced(&quoted(&d.replaced)));
    }
    if !d.skipped.is_empty() {
        parts.push(t.lib.imported_skipped(&quoted(&d.skipped)));
    }
    for (from, to) in &d.renamed {
        parts.push(t.lib.imported_renamed(from, to));
    }
    if !d.partly.is_empty() {
        parts.push(t.lib.imported_partly(&quoted(&d.partly)));
    }
    for r in &d.refused {
        parts.push(refused(t, r));
    }
    if parts.is_empty() {
        return t.lib.imported_nothing.to_string();
    }
    t.lib.imported_done(&parts.join(t.app.sentence_sep))
}

/// A message in the reader's language.
fn words_for(t: &'static Texts, m: &Message) -> String {
    match m {
        Message::Saved { name } => t.lib.msg_saved(name),
        Message::Replaced { name } => t.lib.msg_replaced(name),
        Message::Restored { names } => t.lib.msg_restored(&quoted(names)),
        Message::Conflict { name, kept_as } => t.lib.msg_conflict(name, kept_as),
        Message::NotStored { name, why } => t.lib.msg_not_stored(
            name,
            match why {
                WriteError::Unavailable => t.lib.why_unavailable,
                WriteError::Full => t.lib.why_full,
            },
        ),
        Message::Opened { name } => t.lib.msg_opened(name),
        Message::Deleted { name } => t.lib.msg_deleted(name),
        Message::Damaged { kept } => t.lib.msg_damaged(&kept.len().to_string(), &kept.join(", ")),
        Message::NameRefused(e) => name_error(t, e),
        Message::NameTaken { name } => t.lib.msg_taken(name),
        Message::Imported(d) => import_words(t, d),
        Message::ImportFailed(e) => match e {
            FileError::NotJson { line, column } => {
                t.lib.file_not_json(&line.to_string(), &column.to_string())
            }
            FileError::NotOurs => t.lib.file_not_ours.to_string(),
            FileError::TooNew { found } => t.lib.file_too_new(
                &found.to_string(),
                &crate::calc::scenario::SCHEMA.to_string(),
            ),
        },
        Message::NothingToExport => t.lib.nothing_export.to_string(),
    }
}
