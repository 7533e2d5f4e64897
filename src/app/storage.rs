//! The one storage adapter: the current scenario in localStorage through gloo-storage.
//!
//! Key `gpuplan/v1/current` holds `{"schema": N, "scenario": {...}}`. Storage that is missing or
//! refused (private windows, a full quota) is reported, never a crash. A saved entry this build
//! cannot read is copied aside under `gpuplan/v1/damaged/<time>` before anything overwrites it,
//! and the page says so.

use crate::calc::scenario::{from_json, Scenario, Stored, SCHEMA};
use gloo_storage::{LocalStorage, Storage};

pub const KEY: &str = "gpuplan/v1/current";
const DAMAGED_PREFIX: &str = "gpuplan/v1/damaged/";

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
