//! The page's one way into localStorage, and the current scenario kept there.
//!
//! [`get`], [`set`], [`remove`] and [`keys`] are the only code that reaches
//! `window.localStorage`; the saved scenarios ([`super::library::store`]) and the language
//! choice ([`super::lang`]) go through them too. Where storage is missing or refused (a private
//! window, a frame sandboxed without same-origin, a locked-down profile, a full quota) they
//! report it or find nothing, never panic: merely touching `localStorage` throws in those
//! places, and a panic would kill the page.
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

/// localStorage, when this window may use it. `Window::local_storage` returns the browser's
/// refusal as an error (where gloo-storage's accessor would panic on it).
fn area() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// Whether localStorage can be reached at all.
pub fn available() -> bool {
    area().is_some()
}

/// The text under `key`; `None` when there is none or storage cannot be read.
pub fn get(key: &str) -> Option<String> {
    area()?.get_item(key).ok().flatten()
}

/// Writes `value` under `key`.
pub fn set(key: &str, value: &str) -> Result<(), SaveError> {
    area()
        .ok_or(SaveError::Unavailable)?
        .set_item(key, value)
        .map_err(|_| SaveError::Refused)
}

/// Removes `key`; nothing happens where storage cannot be used.
pub fn remove(key: &str) {
    if let Some(s) = area() {
        let _ = s.remove_item(key);
    }
}

/// Every key storage holds now; none where it cannot be used.
pub fn keys() -> Vec<String> {
    let Some(s) = area() else {
        return Vec::new();
    };
    let n = s.length().unwrap_or(0);
    (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
}

fn set_aside(raw: &str) -> String {
    let backup_key = format!("{DAMAGED_PREFIX}{}", js_sys::Date::now() as u64);
    let _ = set(&backup_key, raw);
    backup_key
}

pub fn load() -> Loaded {
    if !available() {
        return Loaded::Unavailable;
    }
    let (key, raw) = match (get(KEY), get(V1_KEY)) {
        (Some(raw), _) => (KEY, raw),
        (None, Some(raw)) => (V1_KEY, raw),
        (None, None) => return Loaded::Nothing,
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
            remove(key);
            Loaded::SetAside {
                reason: e,
                backup_key,
            }
        }
    }
}

/// Why a write did not happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveError {
    /// localStorage cannot be reached in this window.
    Unavailable,
    /// The browser refused the write (a full quota).
    Refused,
}

/// Saves the scenario and progress.
pub fn save(s: &Scenario, p: &Progress) -> Result<(), SaveError> {
    set(KEY, &to_stored(s, p))
}

/// Whether the state saved as the page's current one is `s`: then an address that sets `s` is
/// this browser's own (a reload, a bookmark of the page as it was), not a link from outside.
/// Reads only; what cannot be read holds nothing.
pub fn holds(s: &Scenario) -> bool {
    get(KEY).is_some_and(|raw| from_stored(&raw).is_ok_and(|r| r.scenario == *s))
}

/// Records that the tab is being left with the address at `from` while its state is `to`; with
/// both equal there is nothing to correct and the record is removed.
///
/// `from` holds every address the tab may be reopened at: the one it shows, and the one it showed
/// before its last write. A reload started before a write goes to the address from before it,
/// while the tab, still running until the new page arrives, may make that write meanwhile.
pub fn note_left(from: &[&str], to: &str) {
    if from.iter().all(|f| *f == to) {
        remove(LEFT_KEY);
    } else {
        let from: Vec<String> = from.iter().map(|f| quote(f)).collect();
        let note = format!(
            "[[{}],{},{}]",
            from.join(","),
            quote(to),
            js_sys::Date::now()
        );
        let _ = set(LEFT_KEY, &note);
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
    let left = get(LEFT_KEY).and_then(|raw| read_left(&raw));
    remove(LEFT_KEY);
    let fresh = |when: f64| (0.0..LEFT_FOR_MS).contains(&(js_sys::Date::now() - when));
    match left {
        Some((from, to, when)) if fresh(when) && from.iter().any(|f| f == search) => to,
        _ => search.to_string(),
    }
}
