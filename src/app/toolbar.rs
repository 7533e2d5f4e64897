//! The page's own actions, under the header (not in an embed): put the guide's example back in
//! this view (`reset-view`) or in every view (`reset-all`, after a confirmation), each with an
//! undo for a while after; copy the link (`copy-link`); copy the HTML that embeds this view with
//! its inputs in another page (`copy-embed`); and download the view's key results as
//! CSV (`results-csv`); and present the view on a projector (`present`, a toggle: the answer
//! and its working in large type, `present=1` in the link). What happened is said in one status line (`toolbar-status`).

use super::i18n::tr;
use super::state::{use_app, AppState};
use super::views::registry::ViewEntry;
use crate::app::state::See;
use crate::app::widgets::live;
use crate::calc::scenario::{Progress, Scenario};
use crate::text::Texts;
use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;

/// How long a message (and a reset's undo) stays.
const SHOWN_FOR: Duration = Duration::from_secs(10);

/// What the status line says.
#[derive(Clone, PartialEq)]
enum Said {
    /// A reset of one view (its id) or of everything (`None`), with the state before it for the
    /// undo.
    Reset {
        view: Option<&'static str>,
        before: Box<(Scenario, Progress)>,
    },
    Undone,
    Copied,
    /// The clipboard could not be used: the link is shown, selected, for the reader to copy.
    CopyByHand(String),
    EmbedCopied,
    /// The same for the embed code.
    EmbedByHand(String),
    Saved(String),
}

/// The guide's example in `s`'s currency, converted at `s`'s rate (the example is in yuan).
fn example_in(s: &Scenario) -> Scenario {
    let mut d = Scenario {
        fx: s.fx,
        ..Scenario::default()
    };
    d.switch_currency(s.currency);
    d
}

/// Puts the guide's example back into the inputs shown on `view`, keeping every other view's,
/// the currency and the rate; the link keys it reset, or `None` for a view without inputs.
fn reset_view(view: &ViewEntry, s: &mut Scenario, p: &mut Progress) -> Option<Vec<&'static str>> {
    let reset = view.reset?;
    let d = example_in(s);
    Some(reset(s, p, &d))
}

/// Whether `view` has inputs to reset.
fn has_inputs(view: &ViewEntry) -> bool {
    view.reset.is_some()
}

/// Puts `s` and `p` on the page and draws the view anew, so no box keeps text typed before.
/// Problems of the keys `cleared` (`None`: all) are forgotten; held values are dropped.
fn commit(app: AppState, s: Scenario, p: Progress, cleared: Option<&[&'static str]>) {
    for key in Scenario::keys() {
        app.release(key);
    }
    app.issues.update(|v| match cleared {
        Some(keys) => v.retain(|e| !keys.contains(&e.key())),
        None => v.clear(),
    });
    app.refused.set(Vec::new());
    app.scenario.set(s);
    app.progress.set(p);
    app.view.set(app.view.get_untracked());
}

/// The text of an element as shown: without its buttons, hidden help and screen-reader-only
/// words, spaces collapsed.
fn shown_text(el: &web_sys::Element) -> String {
    let Ok(copy) = el.clone_node_with_deep(true) else {
        return String::new();
    };
    let Ok(copy) = copy.dyn_into::<web_sys::Element>() else {
        return String::new();
    };
    if let Ok(extra) = copy.query_selector_all("button, .help-panel, .visually-hidden") {
        for i in 0..extra.length() {
            if let Some(n) = extra.item(i) {
                if let Some(parent) = n.parent_node() {
                    let _ = parent.remove_child(&n);
                }
            }
        }
    }
    let text = copy.text_content().unwrap_or_default();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The visible label of a result: its tile's label, else the headline's word, else the first
/// cell of its table row, else its `aria-label`.
fn label_of(el: &web_sys::Element, t: &'static Texts) -> String {
    let within = |sel: &str| el.closest(sel).ok().flatten();
    if let Some(label) =
        within(".stat").and_then(|s| s.query_selector(".stat-label").ok().flatten())
    {
        return shown_text(&label);
    }
    if within(".headline").is_some() {
        return t.toolbar.csv_answer.to_string();
    }
    if let Some(first) = within("tr").and_then(|r| r.first_element_child()) {
        if &first != el {
            return shown_text(&first);
        }
    }
    el.get_attribute("aria-label").unwrap_or_default()
}

/// Every key result in `<main>` (an element with both `data-testid` and `data-value`), one row
/// each, under the header `testid,label,value,text`.
fn results_csv(t: &'static Texts) -> Vec<[String; 4]> {
    let head = ["testid", "label", "value", "text"].map(String::from);
    let mut rows = vec![head];
    let Ok(found) = document().query_selector_all("main [data-testid][data-value]") else {
        return rows;
    };
    for i in 0..found.length() {
        let Some(el) = found
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        let testid = el.get_attribute("data-testid").unwrap_or_default();
        let value = el.get_attribute("data-value").unwrap_or_default();
        rows.push([testid, label_of(&el, t), value, shown_text(&el)]);
    }
    rows
}

/// `&`, `<`, `>` and `"` written as HTML entities, for text put in an attribute.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The HTML that shows the view on screen, with its inputs, in another page: the frame (its link
/// with `embed=1`) and the few lines that fit each such frame to the height it posts (README,
/// "Embedding a view"). Pasted twice, the second listener only sets the same heights again.
fn embed_code(href: &str, title: &str) -> String {
    format!(
        "<iframe class=\"gpuplan\" title=\"gpuplan: {}\" src=\"{}\" width=\"100%\" height=\"600\" style=\"border:0\"></iframe>\n\
         <script>addEventListener('message', (e) => {{ for (const f of document.querySelectorAll('iframe.gpuplan')) \
         if (e.source === f.contentWindow && e.data && e.data.gpuplan === 'height' && Number.isFinite(e.data.height)) \
         f.style.height = e.data.height + 'px'; }});</script>",
        escape(title),
        escape(href)
    )
}

/// Whether this browser offers the asynchronous clipboard (not on a plain-http address).
fn has_clipboard() -> bool {
    js_sys::Reflect::get(&window().navigator(), &"clipboard".into())
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false)
}

#[component]
pub fn Toolbar() -> impl IntoView {
    let app = use_app();
    let said = RwSignal::new(None::<Said>);
    let timer = StoredValue::new_local(None::<TimeoutHandle>);
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    let by_hand = NodeRef::<leptos::html::Input>::new();

    let say = move |s: Said| {
        if let Some(h) = timer.try_update_value(|h| h.take()).flatten() {
            h.clear();
        }
        // The text to copy by hand stays until the next action; the rest fade.
        let stays = matches!(s, Said::CopyByHand(_) | Said::EmbedByHand(_));
        said.set(Some(s));
        if !stays {
            let h = set_timeout_with_handle(
                move || {
                    said.try_set(None);
                },
                SHOWN_FOR,
            )
            .ok();
            timer.set_value(h);
        }
    };

    let reset_this = move |_| {
        let view = app.view.get_untracked();
        let id = view.id;
        let (before_s, before_p) = (app.scenario.get_untracked(), app.progress.get_untracked());
        let (mut s, mut p) = (before_s.clone(), before_p.clone());
        if let Some(keys) = reset_view(view, &mut s, &mut p) {
            commit(app, s, p, Some(&keys));
            say(Said::Reset {
                view: Some(id),
                before: Box::new((before_s, before_p)),
            });
        }
    };
    let reset_all = move || {
        let before = (app.scenario.get_untracked(), app.progress.get_untracked());
        commit(app, Scenario::default(), Progress::default(), None);
        say(Said::Reset {
            view: None,
            before: Box::new(before),
        });
    };
    let undo = move |_| {
        if let Some(Said::Reset { before, .. }) = said.get_untracked() {
            let (s, p) = *before;
            commit(app, s, p, Some(&[]));
            say(Said::Undone);
        }
    };
    // The text to copy by hand, shown and selected (after the box has its text and is shown).
    let by_hand_copy = move |said: Said| {
        say(said);
        request_animation_frame(move || {
            if let Some(input) = by_hand.get_untracked() {
                let _ = input.focus();
                input.select();
            }
        });
    };
    // Copies `text`, saying `done` or, failing that, showing it with `by_hand` to copy.
    let put = move |text: String, done: Said, by_hand: fn(String) -> Said| {
        if !has_clipboard() {
            by_hand_copy(by_hand(text));
            return;
        }
        let promise = window().navigator().clipboard().write_text(&text);
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(_) => say(done),
                Err(_) => by_hand_copy(by_hand(text)),
            }
        });
    };
    let copy = move |_| {
        put(
            untrack(|| app.href(app.embed)),
            Said::Copied,
            Said::CopyByHand,
        )
    };
    let copy_embed = move |_| {
        let title = app.view.get_untracked().title(app.t_untracked());
        let code = embed_code(&untrack(|| app.href(true)), title);
        put(code, Said::EmbedCopied, Said::EmbedByHand)
    };
    let csv = move |_| {
        let id = app.view.get_untracked().id;
        let name = format!("gpuplan-{id}.csv");
        if super::download::download_csv(&name, results_csv(app.t_untracked())).is_ok() {
            say(Said::Saved(name));
        }
    };

    let words = move || {
        let t = app.t();
        said.see(|s| match s {
            None => String::new(),
            Some(Said::Reset { view: Some(id), .. }) => {
                let title = super::views::registry::find(id)
                    .map(|v| v.title(t))
                    .unwrap_or(id);
                t.toolbar.view_done(title)
            }
            Some(Said::Reset { view: None, .. }) => t.toolbar.all_done.to_string(),
            Some(Said::Undone) => t.toolbar.undone.to_string(),
            Some(Said::Copied) => t.toolbar.copied.to_string(),
            Some(Said::CopyByHand(_)) => t.toolbar.copy_by_hand.to_string(),
            Some(Said::EmbedCopied) => t.toolbar.embed_copied.to_string(),
            Some(Said::EmbedByHand(_)) => t.toolbar.embed_by_hand.to_string(),
            Some(Said::Saved(name)) => t.toolbar.csv_saved(name),
        })
    };
    let can_undo = move || said.see(|s| matches!(s, Some(Said::Reset { .. })));
    let manual = move || {
        said.see(|s| match s {
            Some(Said::CopyByHand(text) | Said::EmbedByHand(text)) => Some(text.clone()),
            _ => None,
        })
    };
    let close = move || {
        if let Some(d) = dialog.get_untracked() {
            d.close();
        }
    };

    view! {
        <div class="toolbar" role="group" aria-label=tr(|t| t.toolbar.label)>
            <button
                type="button"
                class="present-toggle"
                data-testid="present"
                title=tr(|t| t.toolbar.present_title)
                aria-pressed=move || app.present.get().to_string()
                on:click=move |_| app.present.update(|p| *p = !*p)
            >
                {tr(|t| t.toolbar.present)}
            </button>
            <button
                type="button"
                data-testid="reset-view"
                hidden=move || !has_inputs(app.view.get())
                on:click=reset_this
            >
                {tr(|t| t.toolbar.reset_view)}
            </button>
            <button
                type="button"
                data-testid="reset-all"
                aria-haspopup="dialog"
                on:click=move |_| {
                    if let Some(d) = dialog.get_untracked() {
                        let _ = d.show_modal();
                    }
                }
            >
                {tr(|t| t.toolbar.reset_all)}
            </button>
            <button type="button" data-testid="copy-link" on:click=copy>
                {tr(|t| t.toolbar.copy)}
            </button>
            <button type="button" data-testid="copy-embed" on:click=copy_embed>
                {tr(|t| t.toolbar.embed)}
            </button>
            <button type="button" data-testid="results-csv" on:click=csv>
                {tr(|t| t.toolbar.csv)}
            </button>
            <p class="toolbar-status" role="status" data-testid="toolbar-status">
                {live(words)}
                " "
                <button
                    type="button"
                    data-testid="reset-undo"
                    hidden=move || !can_undo()
                    on:click=undo
                >
                    {tr(|t| t.toolbar.undo)}
                </button>
            </p>
            <label class="copy-by-hand" hidden=move || manual().is_none()>
                <span>
                    {live(move || {
                        let t = app.t();
                        if said.see(|s| matches!(s, Some(Said::EmbedByHand(_)))) {
                            t.toolbar.embed_box
                        } else {
                            t.toolbar.link_box
                        }
                    })}
                </span>
                " "
                <input
                    type="text"
                    readonly
                    data-testid="copy-link-text"
                    node_ref=by_hand
                    prop:value=move || manual().unwrap_or_default()
                />
            </label>
            <dialog
                class="confirm"
                data-testid="reset-confirm"
                node_ref=dialog
                aria-labelledby="reset-confirm-title"
            >
                <h2 id="reset-confirm-title">{tr(|t| t.toolbar.confirm_title)}</h2>
                <p>{tr(|t| t.toolbar.confirm_text)}</p>
                <p class="confirm-buttons">
                    <button
                        type="button"
                        data-testid="reset-all-confirm"
                        on:click=move |_| {
                            close();
                            reset_all();
                        }
                    >
                        {tr(|t| t.toolbar.confirm_yes)}
                    </button>
                    " "
                    <button
                        type="button"
                        data-testid="reset-all-cancel"
                        autofocus
                        on:click=move |_| close()
                    >
                        {tr(|t| t.toolbar.confirm_no)}
                    </button>
                </p>
            </dialog>
        </div>
    }
}
