//! Page state: one scenario signal that every view reads, filled at start from the link (when it
//! sets any input) or else from storage, and written back to both once edits pause.
//!
//! The scenario only ever holds valid inputs. An edit is tried on a copy of its calculator's
//! inputs and committed only when the whole calculator still validates ([`AppState::edit`]); a
//! refused edit leaves the scenario, the results, the link and storage as they were, and the field
//! says which value is still in use. So nothing rejected is ever written anywhere.
//!
//! Data flows one way: link or storage -> `scenario` -> each view's report ([`use_report`]) ->
//! numbers, formulas and charts.

pub mod lenses;
mod memo;
mod see;
pub use memo::memo;
pub use see::See;
mod typing;
pub mod view_entry;

use super::lang;
use super::storage::{self, Loaded};
use super::words;
use crate::calc::link::{self, Lang, LinkState};
use crate::calc::scenario::{Progress, Scenario};
use crate::calc::table::{validate, Calculator, Issue, Valid};
use crate::calc::units::Currency;
use leptos::prelude::*;
use std::any::{Any, TypeId};
use typing::Typing;
pub use view_entry::{Reset, ViewEntry};

/// Where a calculator's inputs sit inside the scenario.
pub struct Lens<T: 'static> {
    pub get: fn(&Scenario) -> &T,
    pub get_mut: fn(&mut Scenario) -> &mut T,
}

impl<T> Clone for Lens<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Lens<T> {}

/// Shared through context by every view and widget.
#[derive(Clone, Copy)]
pub struct AppState {
    pub scenario: RwSignal<Scenario>,
    /// The scenario's currency alone. Words that only need the currency (a unit, a message)
    /// read it here: reading it from `scenario` would run them again on every slider move.
    pub currency: Memo<Currency>,
    pub progress: RwSignal<Progress>,
    pub view: RwSignal<&'static ViewEntry>,
    /// The language the link names, if it names one (it is written back to the link only then).
    pub lang: RwSignal<Option<Lang>>,
    /// The language asked for: the link's, else the saved choice or the browser's.
    pub wanted: Memo<Lang>,
    /// The language shown: the one asked for once its words are loaded, the other until then.
    pub shown: Memo<Lang>,
    /// Fires when a language's words have been loaded (see `i18n::follow_language`).
    pub texts: Trigger,
    /// Fires when the reader chooses a language again, so a failed load is tried again.
    pub ask_again: Trigger,
    pub embed: bool,
    /// The part of the view an embed shows (`part=`; `None`: answer, key results, one chart).
    pub part: Option<crate::calc::link::Part>,
    /// Presenting (`present=1`, the toolbar's toggle): the answer with its working under it in
    /// large type (style/main.css, `.app.present`); never in an embed.
    pub present: RwSignal<bool>,
    /// The inputs came from a link opened from outside (one that sets inputs other than the
    /// ones this browser last kept): the page works on a new, unsaved scenario, not on the
    /// saved one it was working on before.
    pub from_link: bool,
    /// Names of the saved scenarios the compare view shows (link key `compare`).
    pub compare: RwSignal<Vec<String>>,
    /// Problems found in the link or the saved data, shown beside their fields until the field
    /// is edited.
    pub issues: RwSignal<Vec<Issue>>,
    /// Changes refused by a calculator's rules (a choice that contradicts another input), shown
    /// beside the input the rule names until an edit there succeeds.
    pub refused: RwSignal<Vec<Issue>>,
    /// A notice about saved data (set aside, not saved), shown at the top of the page.
    pub storage_notice: RwSignal<Option<Notice>>,
    /// Typed values refused by a rule between fields, by link key, each with a retry: a change
    /// elsewhere (raising the purchase price above a refused resale) may make them acceptable.
    pending: StoredValue<Vec<(&'static str, Callback<()>)>>,
    /// One memo per calculator's inputs (see [`AppState::slice`]).
    slices: StoredValue<Slices>,
    /// The address the tab showed before its last write (see [`storage::note_left`]).
    shown_before: StoredValue<String>,
    /// The box being typed in, the scenario as it was when typing there began, and as its last
    /// keystroke left it (see [`AppState::typing`]).
    pub(super) typing: StoredValue<Option<Typing>>,
}

/// The calculators' input memos, made on first use under the page's root owner so that they
/// outlive the view that first asked, keyed by the inputs' type and the lens that reads them.
struct Slices {
    owner: Owner,
    memos: Vec<(TypeId, usize, Box<dyn Any + Send + Sync>)>,
}

impl AppState {
    pub fn from_page() -> Self {
        let shown = window().location().search().unwrap_or_default();
        // An embedded view's state is its link alone: it neither takes up the reader's own tab
        // left mid-edit nor opens their saved scenario, and it never writes storage (see
        // [`AppState::write`]), so a view pasted into a wiki cannot change what they saved.
        // Only this key is needed before choosing where the state comes from (read as
        // `link::decode` reads it: the last `embed` wins); the whole link is decoded below.
        let embed = crate::calc::scenario::pairs(&shown)
            .iter()
            .rev()
            .find(|(k, _)| k == crate::calc::link::EMBED)
            .is_some_and(|(_, v)| v == "1" || v == "true");
        let search = if embed {
            shown
        } else {
            storage::resume_query(&shown)
        };
        let decoded = link::decode(&search);
        let mut issues = decoded.issues;
        let mut notice = None;
        let from_link = decoded.sets_inputs && !embed && !storage::holds(&decoded.state.scenario);
        let (scenario, progress) = if decoded.sets_inputs || embed {
            (decoded.state.scenario, decoded.state.progress)
        } else {
            match storage::load() {
                Loaded::Restored(r) => {
                    if let Some(kept) = &r.set_aside {
                        notice = Some(Notice::SetAside {
                            issues: r.restored.issues.clone(),
                            kept: kept.clone(),
                        });
                    }
                    issues.extend(r.restored.issues);
                    (r.restored.scenario, r.restored.progress)
                }
                Loaded::Nothing => Default::default(),
                Loaded::Unavailable => {
                    notice = Some(Notice::Unavailable);
                    Default::default()
                }
                Loaded::SetAside { reason, backup_key } => {
                    notice = Some(Notice::Unreadable {
                        reason,
                        kept: backup_key,
                    });
                    Default::default()
                }
            }
        };
        let view = match view_entry::find(&decoded.state.view) {
            Some(v) => v,
            None => {
                issues.push(view_entry::unknown_view(&decoded.state.view));
                view_entry::first()
            }
        };
        let lang = RwSignal::new(decoded.state.lang);
        let fallback = lang::fallback_lang();
        let wanted = memo(move || lang.get().unwrap_or(fallback));
        let texts = Trigger::new();
        let scenario = RwSignal::new(scenario);
        AppState {
            scenario,
            currency: memo(move || scenario.see(|s| s.currency)),
            progress: RwSignal::new(progress),
            view: RwSignal::new(view),
            lang,
            wanted,
            shown: memo(move || {
                texts.track();
                lang::showable(wanted.get())
            }),
            texts,
            ask_again: Trigger::new(),
            embed: decoded.state.embed,
            part: decoded.state.part,
            present: RwSignal::new(decoded.state.present && !decoded.state.embed),
            from_link,
            compare: RwSignal::new(decoded.state.compare),
            issues: RwSignal::new(issues),
            refused: RwSignal::new(Vec::new()),
            storage_notice: RwSignal::new(notice),
            pending: StoredValue::new(Vec::new()),
            slices: StoredValue::new(Slices {
                owner: Owner::current().unwrap_or_default(),
                memos: Vec::new(),
            }),
            typing: StoredValue::new(None),
            shown_before: StoredValue::new(String::new()),
        }
    }

    /// One calculator's inputs as a memo of their own. Fields, choices and reports read their
    /// calculator here rather than the whole scenario: a move of one slider then re-runs only
    /// what reads that calculator, and the scenario signal keeps a handful of subscribers
    /// instead of one per field on the page. (Every subscriber that re-runs takes itself out of
    /// its sources' subscriber lists and puts itself back; with a hundred subscribers on one
    /// signal that bookkeeping alone cost about half a millisecond a move.)
    pub fn slice<T: Calculator>(&self, lens: Lens<T>) -> Memo<T> {
        let key = (TypeId::of::<T>(), lens.get as usize);
        let found = self.slices.with_value(|s| {
            s.memos
                .iter()
                .find(|(t, l, _)| (*t, *l) == key)
                .and_then(|(_, _, m)| m.downcast_ref::<Memo<T>>().copied())
        });
        if let Some(memo) = found {
            return memo;
        }
        let scenario = self.scenario;
        let owner = self.slices.with_value(|s| s.owner.clone());
        let memo = owner.with(|| memo(move || scenario.see(|s| (lens.get)(s).clone())));
        self.slices
            .update_value(|s| s.memos.push((key.0, key.1, Box::new(memo))));
        memo
    }

    /// Tries a change to one calculator's inputs: committed when the calculator still validates,
    /// else refused with the reason and nothing changes.
    pub fn edit<T: Calculator>(
        &self,
        lens: Lens<T>,
        change: impl FnOnce(&mut T),
    ) -> Result<(), T::Error> {
        let mut change = Some(change);
        self.edit_by(lens, &mut |t| change.take().into_iter().for_each(|c| c(t)))
    }

    // Compiled once per calculator, not once per edit's closure: the page has about a hundred.
    fn edit_by<T: Calculator>(
        &self,
        lens: Lens<T>,
        change: &mut dyn FnMut(&mut T),
    ) -> Result<(), T::Error> {
        let mut candidate = self.scenario.see_untracked(|s| (lens.get)(s).clone());
        change(&mut candidate);
        if self.scenario.see_untracked(|s| *(lens.get)(s) == candidate) {
            return Ok(());
        }
        let valid = validate(candidate)?;
        self.scenario
            .update(|s| *(lens.get_mut)(s) = valid.into_inner());
        // Taken out first: a retry that is refused again puts itself back.
        let retries = self
            .pending
            .try_update_value(std::mem::take)
            .unwrap_or_default();
        for (_, retry) in retries {
            // A retry whose field has left the page (another view now) is simply dropped.
            let _ = retry.try_run(());
        }
        Ok(())
    }

    /// Keeps `retry` for the field `key` until it is withdrawn or a later edit makes it pass.
    pub fn hold(&self, key: &'static str, retry: Callback<()>) {
        self.pending.update_value(|p| {
            p.retain(|(k, _)| *k != key);
            p.push((key, retry));
        });
    }

    /// Forgets the held value of `key` (the person typed something else there).
    pub fn release(&self, key: &'static str) {
        self.pending.update_value(|p| p.retain(|(k, _)| *k != key));
    }

    /// [`AppState::edit`] for a control that has no text of its own to keep (a choice, a
    /// checkbox): a refusal is shown beside the input its rule names.
    pub fn try_edit<T: Calculator>(&self, lens: Lens<T>, change: impl FnOnce(&mut T)) {
        let mut change = Some(change);
        self.try_edit_by(lens, &mut |t| change.take().into_iter().for_each(|c| c(t)));
    }

    fn try_edit_by<T: Calculator>(&self, lens: Lens<T>, change: &mut dyn FnMut(&mut T)) {
        match self.edit_by(lens, change) {
            Ok(()) => {
                if self.refused.see_untracked(|v| !v.is_empty()) {
                    self.refused.set(Vec::new());
                }
            }
            Err(e) => self.refused.set(vec![Issue::new(e)]),
        }
    }

    /// Sets the scenario-wide currency, converting every amount at the scenario's rate.
    pub fn set_currency(&self, c: Currency) {
        if self.scenario.see_untracked(|s| s.currency != c) {
            self.scenario.update(|s| s.switch_currency(c));
        }
    }

    /// Sets the exchange rate (yuan per dollar); amounts are not converted.
    pub fn set_fx(&self, fx: f64) {
        if self.scenario.see_untracked(|s| s.fx != fx) {
            self.scenario.update(|s| s.fx = fx);
        }
    }

    /// The problem recorded for `key`, if any: a refused change, else one from the link or the
    /// saved data.
    pub fn issue(&self, key: &'static str) -> Option<String> {
        let t = self.t();
        // The currency is read only when there is an issue to word (see the field's message).
        let refused = self.refused.see(|v| {
            v.iter()
                .find(|e| e.key() == key)
                .map(|e| t.err.not_changed(&words::issue(t, e, self.currency.get())))
        });
        refused.or_else(|| {
            self.issues.see(|v| {
                v.iter()
                    .find(|e| e.key() == key)
                    .map(|e| t.err.default_used(&words::issue(t, e, self.currency.get())))
            })
        })
    }

    /// Forgets the problem of `key` once the person edits that field.
    pub fn clear_issue(&self, key: &'static str) {
        if self
            .issues
            .see_untracked(|v| v.iter().any(|e| e.key() == key))
        {
            self.issues.update(|v| v.retain(|e| e.key() != key));
        }
    }

    /// Switches to another view: a new history entry, so Back returns to the one before.
    pub fn go(&self, to: &'static ViewEntry) {
        if self.view.get_untracked().id == to.id {
            return;
        }
        self.view.set(to);
        let state = self.link_state_untracked();
        if let Ok(h) = window().history() {
            let _ = h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address(&state)));
        }
    }

    /// The link state of what is on screen now.
    fn link_state(&self) -> LinkState {
        LinkState {
            view: self.view.get().id.to_string(),
            lang: self.lang.get(),
            embed: self.embed,
            part: self.part,
            present: self.present.get(),
            compare: self.compare.get(),
            scenario: self.scenario.get(),
            progress: self.progress.get(),
        }
    }

    fn link_state_untracked(&self) -> LinkState {
        LinkState {
            view: self.view.get_untracked().id.to_string(),
            lang: self.lang.get_untracked(),
            embed: self.embed,
            part: self.part,
            present: self.present.get_untracked(),
            compare: self.compare.get_untracked(),
            scenario: self.scenario.get_untracked(),
            progress: self.progress.get_untracked(),
        }
    }

    /// Writes the state to the address bar (replacing the history entry, so a moving slider
    /// piles up no entries) and to storage.
    fn write(&self, state: &LinkState) {
        let shown = window().location().search().unwrap_or_default();
        self.shown_before.set_value(shown);
        if let Ok(h) = window().history() {
            let _ =
                h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address(state)));
        }
        if self.embed {
            return;
        }
        if let Err(e) = storage::save(&state.scenario, &state.progress) {
            self.storage_notice
                .set(Some(Notice::NotSaved { reason: e }));
        }
    }

    /// The whole address of what is on screen, with `embed=1` or without it: read from the state
    /// rather than the address bar, which catches up with an edit only once edits pause. Tracked:
    /// a closure that calls it follows every change. It opens this state in any browser, even
    /// one with saved inputs of its own ([`link::encode_whole`]).
    pub fn href(&self, embed: bool) -> String {
        let state = LinkState {
            embed,
            ..self.link_state()
        };
        let loc = window().location();
        let origin = loc.origin().unwrap_or_default();
        let path = loc.pathname().unwrap_or_default();
        let hash = loc.hash().unwrap_or_default();
        let q = link::encode_whole(&state, view_entry::first().id);
        format!("{origin}{path}?{q}{hash}")
    }

    /// Keeps storage, the address bar and the title in step with the state.
    ///
    /// While a slider moves, the writes wait until the state has not changed for
    /// [`PERSIST_DELAY`]: `history.replaceState` and `localStorage.setItem` cost about 3 ms a
    /// call in Chromium, more than the whole redraw. Leaving the page writes at once, so nothing
    /// is lost on reload.
    pub fn persist(self) {
        let write = after_pause(move || self.write(&self.link_state_untracked()));
        Effect::new(move |first: Option<()>| {
            // Tracked without being cloned: a step only notes that the state changed, and the
            // write reads it when it goes out.
            self.view.track();
            self.lang.track();
            self.compare.track();
            self.present.track();
            self.scenario.track();
            self.progress.track();
            if first.is_none() {
                self.write(&self.link_state_untracked());
            } else {
                write();
            }
        });
        // The title and `<html lang>` follow the view and the language.
        Effect::new(move |_| {
            let (v, t, lang) = (self.view.get(), self.t(), self.shown.get());
            document().set_title(&t.app.title(v.title(t)));
            if let Some(html) = document().document_element() {
                let _ = html.set_attribute("lang", lang::html_lang(lang));
            }
        });
        // Back and Forward between views: the address names the view to show; the inputs stay.
        let back = window_event_listener(leptos::ev::popstate, move |_| {
            let search = window().location().search().unwrap_or_default();
            let id = link::decode(&search).state.view;
            let v = view_entry::find(&id).unwrap_or_else(view_entry::first);
            self.view.set(v);
        });
        // A reload has already chosen its address when `pagehide` fires, so one within the write
        // delay of an edit would reopen the state before it: note what the address should have
        // been for the next page to pick up.
        let leave = window_event_listener(leptos::ev::pagehide, move |_| {
            let state = self.link_state_untracked();
            if !self.embed {
                let shown = window().location().search().unwrap_or_default();
                // The address before the last write matters only if it sets inputs: one that
                // does not opens the saved state, which this write brings up to date.
                let before = self.shown_before.get_value();
                let mut from = vec![shown.as_str()];
                if before != shown && link::decode(&before).sets_inputs {
                    from.push(&before);
                }
                storage::note_left(&from, &query(&state));
            }
            self.write(&state);
        });
        // The page lives as long as the app: the listeners are never removed.
        std::mem::forget(back);
        std::mem::forget(leave);
    }
}

/// The address's query for a state, with its `?` (empty for the defaults), as `location.search`
/// reads it.
fn query(state: &LinkState) -> String {
    let q = link::encode(state, view_entry::first().id);
    if q.is_empty() {
        q
    } else {
        format!("?{q}")
    }
}

/// The address of a state on this page.
fn address(state: &LinkState) -> String {
    let loc = window().location();
    let path = loc.pathname().unwrap_or_default();
    let hash = loc.hash().unwrap_or_default();
    format!("{path}{}{hash}", query(state))
}

/// A notice about saved data, worded when shown.
#[derive(Clone)]
pub enum Notice {
    /// Some saved values were refused; the original text was kept under `kept`.
    SetAside { issues: Vec<Issue>, kept: String },
    /// localStorage cannot be used.
    Unavailable,
    /// Nothing saved could be read; the text was kept under `kept`.
    Unreadable {
        reason: crate::calc::scenario::StoreError,
        kept: String,
    },
    /// A save failed.
    NotSaved { reason: storage::SaveError },
    /// The words of the language chosen could not be loaded: the page stays in the other.
    NoTexts { lang: Lang },
}

impl Notice {
    pub fn text(&self, t: &'static crate::text::Texts, c: Currency) -> String {
        match self {
            Notice::SetAside { issues, kept } => {
                let problems: Vec<String> = issues.iter().map(|i| words::issue(t, i, c)).collect();
                t.app
                    .notice_set_aside(&problems.join(t.app.sentence_sep), kept)
            }
            Notice::Unavailable => t.app.notice_unavailable.to_string(),
            Notice::NoTexts { lang } => t.app.notice_no_texts(match lang {
                Lang::En => t.app.lang_en,
                Lang::Zh => t.app.lang_zh,
            }),
            Notice::Unreadable { reason, kept } => t
                .app
                .notice_unreadable(&super::words::store_error(t, reason), kept),
            Notice::NotSaved { reason } => t.app.notice_not_saved(match reason {
                storage::SaveError::Unavailable => t.app.save_unavailable,
                storage::SaveError::Refused => t.app.save_refused,
            }),
        }
    }
}

/// How long link and storage writes wait for the next change before going out.
pub const PERSIST_DELAY: std::time::Duration = std::time::Duration::from_millis(150);

/// What [`after_pause`] keeps between a change and its run.
struct Pause {
    /// When the last change was noted (`Date.now()`, ms).
    last: f64,
    /// Whether a timer is out.
    armed: bool,
    action: std::rc::Rc<dyn Fn()>,
}

/// Returns a function to call on every change; `action` runs once the changes have paused for
/// [`PERSIST_DELAY`]. A moving slider changes the state on every step: rather than clearing a
/// timer and setting another each time (two calls into the browser a step), a change only notes
/// the time, and the one timer out, when it fires before the pause is over, waits out the rest.
pub fn after_pause(action: impl Fn() + 'static) -> impl Fn() + Copy + 'static {
    let pause = StoredValue::new_local(Pause {
        last: 0.0,
        armed: false,
        action: std::rc::Rc::new(action),
    });
    move || {
        let arm = pause
            .try_update_value(|p| {
                p.last = js_sys::Date::now();
                !std::mem::replace(&mut p.armed, true)
            })
            .unwrap_or(false);
        if arm {
            wait(pause, PERSIST_DELAY);
        }
    }
}

fn wait(pause: StoredValue<Pause, LocalStorage>, delay: std::time::Duration) {
    set_timeout(
        move || {
            // Gone with its owner (the page changed view): nothing left to write for.
            let Some(left) = pause.try_with_value(|p| {
                PERSIST_DELAY.as_secs_f64() * 1000.0 - (js_sys::Date::now() - p.last)
            }) else {
                return;
            };
            if left >= 1.0 {
                wait(pause, std::time::Duration::from_millis(left.ceil() as u64));
                return;
            }
            let action = pause.try_update_value(|p| {
                p.armed = false;
                p.action.clone()
            });
            if let Some(action) = action {
                action();
            }
        },
        delay,
    );
}

pub fn use_app() -> AppState {
    // Provided at the root before any view is built.
    expect_context::<AppState>()
}

/// One calculator's valid inputs with their report, computed together so every output of a
/// view (tiles, sentence, formulas, charts) reads the same pair and they cannot disagree.
#[derive(Clone, PartialEq)]
pub struct Reported<T, R> {
    pub inputs: Valid<T>,
    pub currency: Currency,
    pub report: R,
}

/// A view's table reads the report's figures through the pair as they are (`p.throughput`), so
/// its rows take the one memo's value and need no projection of their own.
impl<T, R> std::ops::Deref for Reported<T, R> {
    type Target = R;
    fn deref(&self) -> &R {
        &self.report
    }
}

/// The pair for `inputs` once checked; should they fail (the scenario holds only valid inputs,
/// so they should not), the last good pair, or the defaults' on the first run.
fn pair<T: Calculator, R: Clone>(
    inputs: &T,
    currency: Currency,
    prev: Option<&Reported<T, R>>,
    calc: impl Fn(&Valid<T>) -> R,
) -> Reported<T, R> {
    let v = match (validate(inputs.clone()), prev) {
        (Ok(v), _) => v,
        (Err(_), Some(p)) => return p.clone(),
        (Err(_), None) => Valid::<T>::default(),
    };
    Reported {
        report: calc(&v),
        inputs: v,
        currency,
    }
}

/// The report of a calculator that also reads other calculators' inputs (the serving view reads
/// the memory views' model and card and the rent-or-buy view's owning cost): like
/// [`use_report`], but `calc` is given the whole scenario, and the report is recomputed when
/// any of it changes (the memo still stops equal reports from redrawing anything).
pub fn use_scenario_report<T, R>(
    lens: Lens<T>,
    calc: fn(&Valid<T>, &Scenario) -> R,
) -> Memo<Reported<T, R>>
where
    T: Calculator,
    R: Clone + PartialEq + Send + Sync + 'static,
{
    let app = use_app();
    Memo::new(move |prev: Option<&Reported<T, R>>| {
        app.scenario
            .see(|s| pair((lens.get)(s), s.currency, prev, |v| calc(v, s)))
    })
}

/// The report of the calculator at `lens`, recomputed when its inputs or the currency change.
pub fn use_report<T, R>(lens: Lens<T>, calc: fn(&Valid<T>, Currency) -> R) -> Memo<Reported<T, R>>
where
    T: Calculator,
    R: Clone + PartialEq + Send + Sync + 'static,
{
    let app = use_app();
    let inputs = app.slice(lens);
    let currency = app.currency;
    Memo::new(move |prev: Option<&Reported<T, R>>| {
        let currency = currency.get();
        inputs.see(|i| pair(i, currency, prev, |v| calc(v, currency)))
    })
}
