//! The one storage adapter: the current scenario in localStorage through gloo-storage.
//!
//! Key `gpuplan/v1/current` holds `{"schema": N, "scenario": {...}}`. Storage that is missing or
//! refused (private windows, a full quota) is reported, never a crash. A saved entry this build
//! cannot read is copied aside under `gpuplan/v1/damaged/<time>` before anything overwrites it,
//! and the page says so.
//!
//! Key `gpuplan/v1/left` holds `[from, to]` when a tab was left before its address caught up with
//! its state (writes to the address wait for edits to settle): `from` is the query the address bar
//! still showed, `to` the one it should have. A reload starts from the address as it was, so the
//! page that opens `from` next reads `to` instead and nothing typed is lost.

use crate::calc::scenario::{from_json, Scenario, Stored, SCHEMA};
use gloo_storage::{LocalStorage, Storage};

pub const KEY: &str = "gpuplan/v1/current";
const DAMAGED_PREFIX: &str = "gpuplan/v1/damaged/";
const LEFT_KEY: &str = "gpuplan/v1/left";

/// What loading found.
pub enum Loaded {
    Nothing,
    Scenario(Box<Scenario>),
    /// Unreadable data, moved to `backup_key`, with the reason.
    SetAside {
        reason: String,
        backup_key: String,
    },
    /// localStorage cannot be used at all.
    Unavailable,
}

/// Whether localStorage can be reached; gloo-storage would throw otherwise.
fn available() -> bool {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .is_some()
}

pub fn load() -> Loaded {
    if !available() {
        return Loaded::Unavailable;
    }
    let raw = match LocalStorage::raw().get_item(KEY) {
        Ok(Some(raw)) => raw,
        Ok(None) => return Loaded::Nothing,
        Err(_) => return Loaded::Unavailable,
    };
    match from_json(&raw) {
        Ok(s) => Loaded::Scenario(Box::new(s)),
        Err(e) => {
            let backup_key = format!("{DAMAGED_PREFIX}{}", js_sys::Date::now() as u64);
            let _ = LocalStorage::raw().set_item(&backup_key, &raw);
            let _ = LocalStorage::raw().remove_item(KEY);
            Loaded::SetAside {
                reason: e.to_string(),
                backup_key,
            }
        }
    }
}

/// Saves the scenario; the error text says why it could not be.
pub fn save(s: &Scenario) -> Result<(), String> {
    if !available() {
        return Err("local storage is not available in this browser window".into());
    }
    LocalStorage::set(
        KEY,
        Stored {
            schema: SCHEMA,
            scenario: s.clone(),
        },
    )
    .map_err(|e| e.to_string())
}

/// Records that the tab is being left with the address at `from` while its state is `to`; with
/// both equal there is nothing to correct and the record is removed.
pub fn note_left(from: &str, to: &str) {
    if !available() {
        return;
    }
    if from == to {
        LocalStorage::delete(LEFT_KEY);
    } else {
        let _ = LocalStorage::set(LEFT_KEY, (from, to));
    }
}

/// The query to start from for a page opened at `search`: the state its tab was left in when the
/// address lagged behind it, else `search` itself. The record is used once.
pub fn resume_query(search: &str) -> String {
    if !available() {
        return search.to_string();
    }
    let left: Option<(String, String)> = LocalStorage::get(LEFT_KEY).ok();
    LocalStorage::delete(LEFT_KEY);
    match left {
        Some((from, to)) if from == search => to,
        _ => search.to_string(),
    }
}
