//! Page state: one scenario signal that every view reads, filled at start from the link (when it
//! sets any input) or else from storage, and written back to both on every change.
//!
//! Data flows one way: link or storage -> `scenario` -> each view's report memo -> numbers, formulas
//! and charts.

use super::storage::{self, Loaded};
use crate::calc::field::FieldError;
use crate::calc::link::{self, LinkState};
use crate::calc::scenario::{Lang, Scenario, View};
use leptos::prelude::*;

/// Shared through context by every view and widget.
#[derive(Clone, Copy)]
pub struct AppState {
    pub scenario: RwSignal<Scenario>,
    pub view: RwSignal<View>,
    pub lang: RwSignal<Option<Lang>>,
    pub embed: bool,
    /// Problems found in the link, shown beside their fields until the field is edited.
    pub link_issues: RwSignal<Vec<FieldError>>,
    /// A notice about saved data (set aside, not saved), shown at the top of the page.
    pub storage_notice: RwSignal<Option<String>>,
}

impl AppState {
    pub fn from_page() -> Self {
        let search = storage::resume_query(&window().location().search().unwrap_or_default());
        let decoded = link::decode(&search);
        let mut notice = None;
        let scenario = if decoded.sets_inputs {
            decoded.state.scenario.clone()
        } else {
            match storage::load() {
                Loaded::Scenario(s) => *s,
                Loaded::Nothing => Scenario::default(),
                Loaded::Unavailable => {
                    notice = Some("Local storage is not available: changes will not be kept after this tab closes (the link still holds them).".to_string());
                    Scenario::default()
                }
                Loaded::SetAside { reason, backup_key } => {
                    notice = Some(format!("Saved inputs could not be read ({reason}). They were kept under the storage key \"{backup_key}\" and the guide's example is shown."));
                    Scenario::default()
                }
            }
        };
        AppState {
            scenario: RwSignal::new(scenario),
            view: RwSignal::new(decoded.state.view),
            lang: RwSignal::new(decoded.state.lang),
            embed: decoded.state.embed,
            link_issues: RwSignal::new(decoded.issues),
            storage_notice: RwSignal::new(notice),
        }
    }

    /// The link problem for `key`, if any.
    pub fn link_issue(&self, key: &'static str) -> Option<String> {
        self.link_issues.with(|v| {
            v.iter()
                .find(|e| e.key() == key)
                .map(|e| format!("{e}; the default is used"))
        })
    }

    /// Forgets the link problem of `key` once the person edits that field.
    pub fn clear_link_issue(&self, key: &'static str) {
        if self
            .link_issues
            .with_untracked(|v| v.iter().any(|e| e.key() == key))
        {
            self.link_issues.update(|v| v.retain(|e| e.key() != key));
        }
    }

    /// The link state of what is on screen now.
    fn link_state(&self) -> LinkState {
        LinkState {
            view: self.view.get(),
            lang: self.lang.get(),
            embed: self.embed,
            scenario: self.scenario.get(),
        }
    }

    /// Writes the state to the address bar (replacing the history entry, so a moving slider
    /// piles up no entries) and to storage.
    fn write(&self, state: &LinkState) {
        let loc = window().location();
        let path = loc.pathname().unwrap_or_default();
        let hash = loc.hash().unwrap_or_default();
        let url = format!("{path}{}{hash}", query(state));
        if let Ok(h) = window().history() {
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
        if let Err(e) = storage::save(&state.scenario) {
            self.storage_notice
                .set(Some(format!("Inputs could not be saved: {e}.")));
        }
    }

    /// Keeps storage and the address bar in step with the scenario.
    ///
    /// While a slider moves, the writes are coalesced to one per [`PERSIST_DELAY`]:
    /// `history.replaceState` and `localStorage.setItem` cost about 3 ms a call in Chromium, more
    /// than the whole redraw. Leaving the page writes at once, so nothing is lost on reload.
    pub fn persist(self) {
        let pending = StoredValue::new_local(None::<TimeoutHandle>);
        Effect::new(move |first: Option<()>| {
            let state = self.link_state();
            if let Some(h) = pending.try_update_value(|p| p.take()).flatten() {
                h.clear();
            }
            if first.is_none() {
                self.write(&state);
            } else {
                let handle =
                    set_timeout_with_handle(move || self.write(&state), PERSIST_DELAY).ok();
                pending.set_value(handle);
            }
        });
        // A reload has already chosen its address when `pagehide` fires, so one within the write
        // delay of an edit would reopen the state before it: note what the address should have
        // been for the next page to pick up.
        let handle = window_event_listener(leptos::ev::pagehide, move |_| {
            let state = self.link_state_untracked();
            let shown = window().location().search().unwrap_or_default();
            storage::note_left(&shown, &query(&state));
            self.write(&state);
        });
        // The page lives as long as the app: the listener is never removed.
        std::mem::forget(handle);
    }

    fn link_state_untracked(&self) -> LinkState {
        LinkState {
            view: self.view.get_untracked(),
            lang: self.lang.get_untracked(),
            embed: self.embed,
            scenario: self.scenario.get_untracked(),
        }
    }
}

/// The address's query for a state, with its `?` (empty for the defaults), as `location.search`
/// reads it.
fn query(state: &LinkState) -> String {
    let q = link::encode(state);
    if q.is_empty() {
        q
    } else {
        format!("?{q}")
    }
}

/// How long link and storage writes wait for the next change before going out.
pub const PERSIST_DELAY: std::time::Duration = std::time::Duration::from_millis(150);

pub fn use_app() -> AppState {
    // Provided at the root before any view is built.
    expect_context::<AppState>()
}
