//! The saved scenarios in localStorage: one entry per scenario, so a damaged one is set aside
//! alone, and an index that keeps their order.
//!
//! - `gpuplan/v2/saved/<id>`: one scenario in its entry form ([`crate::calc::library::to_entry`]).
//! - `gpuplan/v2/saved-index`: the ids in the order they are listed. Entries missing from it are
//!   found by their keys and listed after the others, so a lost index loses no scenario.
//! - `gpuplan/v2/saved-current`: the id of the saved scenario the page is working on.
//!
//! An entry that cannot be read is copied under `gpuplan/v1/damaged/<time>-<id>` (its text as it
//! was) and removed from the list; the others still load.
//!
//! Storage is reached only through the page's adapter, [`crate::app::storage`].

use crate::app::storage::{self, SaveError};
use crate::calc::library::{from_entry, from_index, to_entry, to_index, EntryError, Saved};
use crate::calc::order;
use crate::calc::table::Issue;

pub const PREFIX: &str = "gpuplan/v2/saved/";
pub const INDEX: &str = "gpuplan/v2/saved-index";
const CURRENT: &str = "gpuplan/v2/saved-current";
const DAMAGED_PREFIX: &str = "gpuplan/v1/damaged/";

/// A saved scenario and the key it lives under.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub id: u64,
    pub saved: Saved,
}

/// An entry that could not be read, with where its text was kept.
#[derive(Debug, Clone, PartialEq)]
pub struct Damaged {
    pub id: u64,
    pub reason: EntryError,
    pub kept: String,
}

/// What loading the list found.
#[derive(Debug, Clone, Default)]
pub struct Listed {
    pub items: Vec<Item>,
    pub damaged: Vec<Damaged>,
    /// Values refused inside entries that were otherwise read (replaced by their defaults).
    pub refused: Vec<(String, Vec<Issue>)>,
    /// localStorage cannot be used at all.
    pub unavailable: bool,
}

/// Every key in storage under the entries' prefix, as ids.
fn stored_ids() -> Vec<u64> {
    storage::keys()
        .iter()
        .filter_map(|k| k.strip_prefix(PREFIX).and_then(|id| id.parse().ok()))
        .collect()
}

/// Reads every saved scenario; damaged ones are set aside.
pub fn load() -> Listed {
    if !storage::available() {
        return Listed {
            unavailable: true,
            ..Listed::default()
        };
    }
    let mut ids = from_index(&storage::get(INDEX).unwrap_or_default());
    let mut found = stored_ids();
    order::sort(&mut found);
    for id in found {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    let mut out = Listed::default();
    for id in ids {
        let key = format!("{PREFIX}{id}");
        let Some(text) = storage::get(&key) else {
            // Listed but gone (removed in another tab): nothing to load.
            continue;
        };
        match from_entry(&text) {
            Ok(o) => {
                if !o.issues.is_empty() {
                    out.refused.push((o.saved.name.clone(), o.issues));
                }
                out.items.push(Item { id, saved: o.saved });
            }
            Err(reason) => {
                let kept = format!("{DAMAGED_PREFIX}{}-{id}", js_sys::Date::now() as u64);
                // Removed only once its text is safely kept.
                if storage::set(&kept, &text).is_ok() {
                    storage::remove(&key);
                }
                out.damaged.push(Damaged { id, reason, kept });
            }
        }
    }
    if !out.damaged.is_empty() {
        let ids: Vec<u64> = out.items.iter().map(|i| i.id).collect();
        let _ = storage::set(INDEX, &to_index(&ids));
    }
    out
}

/// Why a write did not happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteError {
    Unavailable,
    /// The browser refused (its quota is full).
    Full,
}

impl From<SaveError> for WriteError {
    fn from(e: SaveError) -> Self {
        match e {
            SaveError::Unavailable => WriteError::Unavailable,
            SaveError::Refused => WriteError::Full,
        }
    }
}

/// Writes one entry and the index of `all` (which holds it).
pub fn write(item: &Item, all: &[Item]) -> Result<(), WriteError> {
    storage::set(&format!("{PREFIX}{}", item.id), &to_entry(&item.saved))?;
    write_index(all)
}

pub fn write_index(all: &[Item]) -> Result<(), WriteError> {
    let ids: Vec<u64> = all.iter().map(|i| i.id).collect();
    Ok(storage::set(INDEX, &to_index(&ids))?)
}

/// Removes one entry; `all` no longer holds it.
pub fn remove(id: u64, all: &[Item]) -> Result<(), WriteError> {
    if !storage::available() {
        return Err(WriteError::Unavailable);
    }
    storage::remove(&format!("{PREFIX}{id}"));
    write_index(all)
}

/// The `changed` time of what storage holds under `id` now (another tab may have saved it).
pub fn stored_changed(id: u64) -> Option<u64> {
    let text = storage::get(&format!("{PREFIX}{id}"))?;
    from_entry(&text).ok().map(|o| o.saved.changed)
}

pub fn current() -> Option<u64> {
    storage::get(CURRENT)?.parse().ok()
}

pub fn set_current(id: Option<u64>) {
    match id {
        Some(id) => {
            let _ = storage::set(CURRENT, &id.to_string());
        }
        None => storage::remove(CURRENT),
    }
}

/// Milliseconds since 1970, now.
pub fn now() -> u64 {
    js_sys::Date::now() as u64
}

/// An id no item has: the time, moved on past any taken one.
pub fn new_id(all: &[Item]) -> u64 {
    let mut id = now();
    while all.iter().any(|i| i.id == id) {
        id += 1;
    }
    id
}
