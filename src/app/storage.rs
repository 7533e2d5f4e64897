//! The one storage adapter: the current scenario in localStorage through gloo-storage.
//!
//! Key `gpuplan/v2/current` holds the scenario in its stored form (the link query with
//! `schema=2`, see [`crate::calc::scenario`]). An older save (`gpuplan/v1/current`, JSON) is read
//! once through the migration and left where it is. Storage that is missing or refused (private
//! windows, a full quota) is reported, never a crash. Saved data this build cannot read, or that
//! holds values it refuses, is copied aside under `gpuplan/v1/damaged/<time>` before anything
//! overwrites it, and the page says so; the values it can use are used.
//!
//! Key `gpuplan/v1/left` holds `[[from, ...], to, time]` (JSON) when a tab was left before its
//! address caught up with its state (writes to the address wait for edits to settle): `from` are
//! the queries the address bar showed, `to` the one it should have. A reload starts from the
//! address as it was, so the page that opens a `from` next reads `to` instead and nothing typed
//! is lost.

use crate::calc::json::{self, quote};
use crate::calc::scenario::{from_stored, to_stored, Progress, Restored, Scenario, StoreError};
use gloo_storage::{LocalStorage, Storage};

pub const KEY: &str = "gpuplan/v2/current";
const V1_KEY: &str = "gpuplan/v1/current";
const DAMAGED_PREFIX: &str = "gpuplan/v1/damaged/";
const LEFT_KEY: &str = "gpuplan/v1/left";

/// A save that could be read, and where its original text was kept when some of it was refused.
pub struct Kept {
    pub restored: Restored,
    pub set_aside: Option<String>,
}

/// What loading found.
pub enum Loaded {
    Nothing,
    Restored(Box<Kept>),
    /// Unreadable data, moved to `backup_key`, with the reason.
    SetAside {
        reason: StoreError,
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

fn set_aside(raw: &str) -> String {
    let backup_key = format!("{DAMAGED_PREFIX}{}", js_sys::Date::now() as u64);
    let _ = LocalStorage::raw().set_item(&backup_key, raw);
    backup_key
}

pub fn load() -> Loaded {
    if !available() {
        return Loaded::Unavailable;
    }
    let get = |key: &str| LocalStorage::raw().get_item(key);
    let (key, raw) = match (get(KEY), get(V1_KEY)) {
        (Ok(Some(raw)), _) => (KEY, raw),
        (Ok(None), Ok(Some(raw))) => (V1_KEY, raw),
        (Ok(None), Ok(None)) => return Loaded::Nothing,
        _ => return Loaded::Unavailable,
    };
    match from_stored(&raw) {
        Ok(restored) => {
            // Values refused on the way in are replaced by defaults; the text is kept as it was.
            let set_aside = (!restored.issues.is_empty()).then(|| set_aside(&raw));
            Loaded::Restored(Box::new(Kept {
                restored,
                set_aside,
            }))
        }
        Err(e) => {
            let backup_key = set_aside(&raw);
            let _ = LocalStorage::raw().remove_item(key);
            Loaded::SetAside {
                reason: e,
                backup_key,
            }
        }
    }
}

/// Saves the scenario and progress; the error text says why they could not be.
/// Why a save did not happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveError {
    /// localStorage cannot be reached in this window.
    Unavailable,
    /// The browser refused the write (a full quota).
    Refused,
}

pub fn save(s: &Scenario, p: &Progress) -> Result<(), SaveError> {
    if !available() {
        return Err(SaveError::Unavailable);
    }
    LocalStorage::raw()
        .set_item(KEY, &to_stored(s, p))
        .map_err(|_| SaveError::Refused)
}

/// Whether the state saved as the page's current one is `s`: then an address that sets `s` is
/// this browser's own (a reload, a bookmark of the page as it was), not a link from outside.
/// Reads only; what cannot be read holds nothing.
pub fn holds(s: &Scenario) -> bool {
    if !available() {
        return false;
    }
    match LocalStorage::raw().get_item(KEY) {
        Ok(Some(raw)) => from_stored(&raw).is_ok_and(|r| r.scenario == *s),
        _ => false,
    }
}

/// Records that the tab is being left with the address at `from` while its state is `to`; with
/// both equal there is nothing to correct and the record is removed.
///
/// `from` holds every address the tab may be reopened at: the one it shows, and the one it showed
/// before its last write. A reload started before a write goes to the address from before it,
/// while the tab, still running until the new page arrives, may make that write meanwhile.
pub fn note_left(from: &[&str], to: &str) {
    if !available() {
        return;
    }
    if from.iter().all(|f| *f == to) {
        LocalStorage::delete(LEFT_KEY);
    } else {
        let from: Vec<String> = from.iter().map(|f| quote(f)).collect();
        let note = format!(
            "[[{}],{},{}]",
            from.join(","),
            quote(to),
            js_sys::Date::now()
        );
        let _ = LocalStorage::raw().set_item(LEFT_KEY, &note);
    }
}

/// The note [`note_left`] wrote: `[[from, ...], to, time]`; `None` for anything else.
fn read_left(raw: &str) -> Option<(Vec<String>, String, f64)> {
    let v = json::parse(raw).ok()?;
    let [from, to, when] = v.as_array()? else {
        return None;
    };
    let from = from
        .as_array()?
        .iter()
        .map(|f| f.as_str().map(str::to_string))
        .collect::<Option<Vec<String>>>()?;
    Some((from, to.as_str()?.to_string(), when.as_f64()?))
}

/// How long a note of a tab left mid-edit is good for: a reload opens within it; a link opened
/// later in the same tab, or in another, is not the reload the note was made for.
const LEFT_FOR_MS: f64 = 10_000.0;

/// The query to start from for a page opened at `search`: the state its tab was left in when the
/// address lagged behind it, else `search` itself. The record is used once.
pub fn resume_query(search: &str) -> String {
    if !available() {
        return search.to_string();
    }
    let left = LocalStorage::raw()
        .get_item(LEFT_KEY)
        .ok()
        .flatten()
        .and_then(|raw| read_left(&raw));
    LocalStorage::delete(LEFT_KEY);
    let fresh = |when: f64| (0.0..LEFT_FOR_MS).contains(&(js_sys::Date::now() - when));
    match left {
        Some((from, to, when)) if fresh(when) && from.iter().any(|f| f == search) => to,
        _ => search.to_string(),
    }
}
