//! Runs of keystrokes in a text box, so that no prefix of refused text stays in force.
//!
//! Typed text is tried at every keystroke, so its prefixes pass through the scenario on the way:
//! typing 150 into a percentage tries 1 and 15 before 150 is refused. Were the refusal to keep
//! the last prefix that passed, the page would compute with 15, a value nobody typed. So the
//! first keystroke of a run keeps the scenario as it was, and a refusal puts it back.

use super::AppState;
use crate::app::state::See;
use crate::calc::scenario::Scenario;
use leptos::prelude::*;

/// A run of keystrokes in one box (see [`AppState::typing`]).
pub struct Typing {
    id: String,
    before: Scenario,
    after: Scenario,
}

impl AppState {
    /// Notes that the person is about to try a keystroke's text in the box `id`: the first
    /// keystroke of a run keeps the scenario as it was, for [`AppState::typed`] to put back. A
    /// run is this box's keystrokes with nothing else changing the scenario between
    /// them: any other change (a choice, another field, a preset) starts a new run, so a
    /// refusal never undoes it.
    pub fn typing(&self, id: &str) {
        let same = self.typing.with_value(|t| {
            t.as_ref()
                .is_some_and(|t| t.id == id && self.scenario.see_untracked(|s| *s == t.after))
        });
        if !same {
            let now = self.scenario.get_untracked();
            self.typing.set_value(Some(Typing {
                id: id.to_string(),
                before: now.clone(),
                after: now,
            }));
        }
    }

    /// The keystroke's text in `id` was taken (`ok`) or refused. A refusal returns the scenario
    /// to what it was before the run began, so no prefix of the refused text stays in force.
    pub fn typed(&self, id: &str, ok: bool) {
        let before = self.typing.with_value(|t| match t {
            Some(t) if t.id == id && !ok => Some(t.before.clone()),
            _ => None,
        });
        if let Some(before) = before {
            if self.scenario.see_untracked(|s| *s != before) {
                self.scenario.set(before);
            }
        }
        let now = self.scenario.get_untracked();
        self.typing.update_value(|t| {
            if let Some(t) = t.as_mut().filter(|t| t.id == id) {
                t.after = now;
            }
        });
    }

    /// Typing in `id` is over (the box lost focus, or a slider moved): a later refusal there
    /// goes back only to what the box held when typing began again.
    pub fn typing_done(&self, id: &str) {
        if self
            .typing
            .with_value(|t| t.as_ref().is_some_and(|t| t.id == id))
        {
            self.typing.set_value(None);
        }
    }
}
