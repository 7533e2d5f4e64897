//! Named scenarios on the page: the list saved in this browser, which one the page is working
//! on, and the actions of the scenario bar (save, save as new, open, duplicate, delete with undo,
//! export, import). The rules (names, entries, files, merges) are the core's
//! ([`crate::calc::library`]); this module holds them in signals and storage.
//!
//! The page's inputs still autosave as the current state (see [`super::storage`]); a named
//! scenario changes only when the person saves it. Two tabs: a save in one reaches the other
//! through the `storage` event, and a save never overwrites a copy another tab saved later
//! ([`may_overwrite`]): the later one keeps the name, and this tab's version is kept under a new
//! one, with a message saying so.

pub mod bar;
pub mod store;

use super::download::download;
use super::state::AppState;
use crate::app::state::See;
use crate::calc::library::{
    check_name, export, import, may_overwrite, merge, unique_name, Clash, FileError, Imported,
    NameError, Refused, Saved,
};
use crate::calc::scenario::{Progress, Scenario};
use leptos::prelude::*;
use store::{Item, WriteError};

/// Something the scenario bar tells the person, worded when shown.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    Saved {
        name: String,
    },
    /// Saved over the earlier version of `name`, which Undo brings back.
    Replaced {
        name: String,
    },
    /// Undo brought back these scenarios as they were.
    Restored {
        names: Vec<String>,
    },
    /// Another tab saved `name` after this one opened it; this version was kept as `kept_as`.
    Conflict {
        name: String,
        kept_as: String,
    },
    /// Kept in this tab only: storage refused it.
    NotStored {
        name: String,
        why: WriteError,
    },
    Opened {
        name: String,
    },
    Deleted {
        name: String,
    },
    Damaged {
        kept: Vec<String>,
    },
    NameRefused(NameError),
    NameTaken {
        name: String,
    },
    Imported(ImportDone),
    ImportFailed(FileError),
    NothingToExport,
}

thread_local! {
    /// The scenario a page starts from, made once: the scenario bar asks at every edit whether
    /// the inputs still equal it.
    static DEFAULT: Scenario = Scenario::default();
}

/// What an import did.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ImportDone {
    pub added: Vec<String>,
    pub replaced: Vec<String>,
    pub skipped: Vec<String>,
    pub renamed: Vec<(String, String)>,
    pub refused: Vec<Refused>,
    /// Entries read with some values refused (replaced by defaults).
    pub partly: Vec<String>,
}

/// An import waiting for the person to say what to do with names already saved.
#[derive(Debug, Clone, PartialEq)]
pub struct Waiting {
    pub file: Imported,
    pub clashes: Vec<String>,
}

/// The saved scenarios, shared through context.
#[derive(Clone, Copy)]
pub struct Library {
    pub items: RwSignal<Vec<Item>>,
    /// The saved scenario the page works on, and the `changed` time of the copy this tab knows.
    pub current: RwSignal<Option<(u64, u64)>>,
    pub message: RwSignal<Option<Message>>,
    /// What the last delete, save over a saved scenario or import that replaced one took away,
    /// as it was, until Undo brings it back or another such action takes its place.
    pub undo: RwSignal<Option<Vec<Item>>>,
    pub waiting: RwSignal<Option<Waiting>>,
    /// The inputs came from a link from outside and have not been saved or replaced since.
    pub from_link: RwSignal<bool>,
    /// localStorage cannot be used: saves live in this tab only.
    pub unavailable: bool,
    /// Ids storage refused: they live in this tab only, and a reload keeps them.
    local_only: StoredValue<Vec<u64>>,
    app: AppState,
}

pub fn use_library() -> Library {
    expect_context::<Library>()
}

impl Library {
    /// Loads the list and keeps it in step with other tabs. An embedded view has no scenario bar
    /// and does not touch the list.
    pub fn provide(app: AppState) -> Library {
        let listed = if app.embed {
            store::Listed::default()
        } else {
            store::load()
        };
        // A link from outside starts a new, unsaved scenario: saving it never writes over the
        // one the page worked on before.
        if app.from_link {
            store::set_current(None);
        }
        let current = store::current().and_then(|id| {
            listed
                .items
                .iter()
                .find(|i| i.id == id)
                .map(|i| (id, i.saved.changed))
        });
        let message = (!listed.damaged.is_empty()).then(|| Message::Damaged {
            kept: listed.damaged.iter().map(|d| d.kept.clone()).collect(),
        });
        let lib = Library {
            items: RwSignal::new(listed.items),
            current: RwSignal::new(current),
            message: RwSignal::new(message),
            undo: RwSignal::new(None),
            waiting: RwSignal::new(None),
            from_link: RwSignal::new(app.from_link),
            unavailable: listed.unavailable,
            local_only: StoredValue::new(Vec::new()),
            app,
        };
        provide_context(lib);
        if !app.embed {
            let other_tab = window_event_listener(leptos::ev::storage, move |ev| {
                let key = ev.key().unwrap_or_default();
                if key.starts_with(store::PREFIX) || key == store::INDEX || key.is_empty() {
                    lib.reload();
                }
            });
            std::mem::forget(other_tab);
        }
        lib
    }

    /// Reads the list again (another tab changed it). Scenarios only this tab holds (storage
    /// refused them) stay.
    fn reload(&self) {
        let listed = store::load();
        let local: Vec<Item> = self.items.see_untracked(|v| {
            self.local_only.with_value(|ids| {
                v.iter()
                    .filter(|i| ids.contains(&i.id) && !listed.items.iter().any(|s| s.id == i.id))
                    .cloned()
                    .collect()
            })
        });
        let mut items = listed.items;
        items.extend(local);
        self.items.set(items);
    }

    /// The name of the scenario the page works on, if it is a saved one.
    pub fn current_name(&self) -> Option<String> {
        let (id, _) = self.current.get()?;
        self.items
            .see(|v| v.iter().find(|i| i.id == id).map(|i| i.saved.name.clone()))
    }

    /// Whether the inputs differ from the saved scenario the page works on (always, when it works
    /// on none and the inputs are not the guide's example).
    pub fn unsaved(&self) -> bool {
        let Some((id, _)) = self.current.get() else {
            return DEFAULT.with(|d| self.app.scenario.see(|s| s != d));
        };
        self.items.see(|v| {
            v.iter().find(|i| i.id == id).is_none_or(|i| {
                self.app.scenario.see(|s| *s != i.saved.scenario)
                    || self.app.progress.see(|p| *p != i.saved.progress)
            })
        })
    }

    fn snapshot(&self, name: String) -> Saved {
        Saved {
            name,
            changed: store::now(),
            scenario: self.app.scenario.get_untracked(),
            progress: self.app.progress.get_untracked(),
        }
    }

    fn name_taken(&self, name: &str, except: Option<u64>) -> bool {
        self.items.see_untracked(|v| {
            v.iter()
                .any(|i| i.saved.name == name && Some(i.id) != except)
        })
    }

    /// Adds or replaces `item` in the list and storage; the message says how it went.
    fn put(&self, item: Item) -> Message {
        let name = item.saved.name.clone();
        self.items
            .update(|v| match v.iter().position(|i| i.id == item.id) {
                Some(at) => v[at] = item.clone(),
                None => v.push(item.clone()),
            });
        let result = self.items.see_untracked(|all| store::write(&item, all));
        self.local_only.update_value(|ids| {
            ids.retain(|i| *i != item.id);
            if result.is_err() {
                ids.push(item.id);
            }
        });
        self.current.set(Some((item.id, item.saved.changed)));
        store::set_current(Some(item.id));
        self.from_link.set(false);
        match result {
            Ok(()) => Message::Saved { name },
            Err(why) => Message::NotStored { name, why },
        }
    }

    /// [`Library::put`] without moving the page to `item`: it stays on the scenario it works on.
    fn put_beside(&self, item: Item) -> Message {
        // The page's own scenario written again (Undo of a save over it) is known at its new
        // time, so the next save does not take it for another tab's.
        let current = self.current.get_untracked().map(|(id, at)| {
            (
                id,
                if id == item.id {
                    item.saved.changed
                } else {
                    at
                },
            )
        });
        let from_link = self.from_link.get_untracked();
        let msg = self.put(item);
        self.from_link.set(from_link);
        self.current.set(current);
        store::set_current(current.map(|(id, _)| id));
        msg
    }

    /// The saved scenario with key `id`.
    fn item(&self, id: u64) -> Option<Item> {
        self.items
            .see_untracked(|v| v.iter().find(|i| i.id == id).cloned())
    }

    /// Saves the inputs under `raw` (the name field): over the scenario the page works on when
    /// the name is its name (Undo brings the earlier version back), else as a new scenario, so
    /// typing another name and saving never renames or overwrites the one opened before.
    pub fn save(&self, raw: &str) {
        let msg = match check_name(raw) {
            Err(e) => Message::NameRefused(e),
            Ok(name) => {
                let current = self
                    .current
                    .get_untracked()
                    .filter(|(id, _)| self.item(*id).is_some_and(|i| i.saved.name == name));
                if current.is_none() && self.name_taken(&name, None) {
                    Message::NameTaken { name }
                } else {
                    match current {
                        None => self.save_new_named(name),
                        Some((id, base)) => {
                            if may_overwrite(Some(base), store::stored_changed(id)) {
                                let before = self.item(id);
                                let saved = self.snapshot(name.clone());
                                let unchanged = before.as_ref().is_some_and(|b| {
                                    b.saved.scenario == saved.scenario
                                        && b.saved.progress == saved.progress
                                });
                                match self.put(Item { id, saved }) {
                                    Message::Saved { name } if !unchanged => {
                                        self.undo.set(before.map(|b| vec![b]));
                                        Message::Replaced { name }
                                    }
                                    other => other,
                                }
                            } else {
                                // Another tab saved it since: theirs keeps the name.
                                self.reload();
                                let kept_as = unique_name(&name, |n| self.name_taken(n, None));
                                let _ = self.save_new_named(kept_as.clone());
                                Message::Conflict { name, kept_as }
                            }
                        }
                    }
                }
            }
        };
        self.message.set(Some(msg));
    }

    /// Saves the inputs as a new scenario named `raw`, which the page then works on.
    pub fn save_as_new(&self, raw: &str) {
        let msg = match check_name(raw) {
            Err(e) => Message::NameRefused(e),
            Ok(name) if self.name_taken(&name, None) => Message::NameTaken { name },
            Ok(name) => self.save_new_named(name),
        };
        self.message.set(Some(msg));
    }

    fn save_new_named(&self, name: String) -> Message {
        let id = self.items.see_untracked(|v| store::new_id(v));
        let saved = self.snapshot(name);
        self.put(Item { id, saved })
    }

    /// Puts a saved scenario's inputs on the page.
    pub fn open(&self, id: u64) {
        let Some(item) = self.item(id) else {
            return;
        };
        self.app.issues.set(Vec::new());
        self.app.refused.set(Vec::new());
        self.app.scenario.set(item.saved.scenario.clone());
        self.app.progress.set(item.saved.progress.clone());
        self.current.set(Some((id, item.saved.changed)));
        store::set_current(Some(id));
        self.from_link.set(false);
        self.message.set(Some(Message::Opened {
            name: item.saved.name,
        }));
    }

    /// A copy of a saved scenario under the next free name.
    pub fn duplicate(&self, id: u64) {
        let Some(item) = self.item(id) else {
            return;
        };
        let name = unique_name(&item.saved.name, |n| self.name_taken(n, None));
        let copy = Item {
            id: self.items.see_untracked(|v| store::new_id(v)),
            saved: Saved {
                name,
                changed: store::now(),
                ..item.saved
            },
        };
        // Duplicating does not move the page to the copy.
        let msg = self.put_beside(copy);
        self.message.set(Some(msg));
    }

    /// Deletes a saved scenario; [`Library::undo_delete`] brings it back.
    pub fn delete(&self, id: u64) {
        let Some(item) = self.item(id) else {
            return;
        };
        self.items.update(|v| v.retain(|i| i.id != id));
        let _ = self.items.see_untracked(|all| store::remove(id, all));
        if self.current.get_untracked().is_some_and(|(c, _)| c == id) {
            self.current.set(None);
            store::set_current(None);
        }
        self.message.set(Some(Message::Deleted {
            name: item.saved.name.clone(),
        }));
        self.undo.set(Some(vec![item]));
    }

    /// Brings back what the last delete, save over or replacing import took away: a deleted
    /// scenario is saved again (under a new name if its name was taken meanwhile), a replaced
    /// one gets its earlier version back. The page's inputs stay as they are.
    pub fn undo(&self) {
        let Some(items) = self.undo.get_untracked() else {
            return;
        };
        self.undo.set(None);
        let mut names = Vec::new();
        let mut msg = None;
        for mut item in items {
            let exists = self.item(item.id).is_some();
            if !exists && self.name_taken(&item.saved.name, None) {
                item.saved.name = unique_name(&item.saved.name, |n| self.name_taken(n, None));
            }
            item.saved.changed = store::now();
            names.push(item.saved.name.clone());
            if let m @ Message::NotStored { .. } = self.put_beside(item) {
                msg = Some(m);
            }
        }
        self.message
            .set(Some(msg.unwrap_or(Message::Restored { names })));
    }

    /// Downloads every saved scenario as one file (or, with `only_current`, the page's inputs
    /// under the current name).
    pub fn export(&self, only_current: bool) {
        let list: Vec<Saved> = if only_current {
            let t = self.app.t();
            let name = self
                .current_name()
                .unwrap_or_else(|| t.lib.unnamed.to_string());
            vec![self.snapshot(name)]
        } else {
            self.items
                .see_untracked(|v| v.iter().map(|i| i.saved.clone()).collect())
        };
        if list.is_empty() {
            self.message.set(Some(Message::NothingToExport));
            return;
        }
        let file = export(&list, store::now());
        let name = if only_current {
            "gpuplan-scenario.json"
        } else {
            "gpuplan-scenarios.json"
        };
        let _ = download(name, "application/json", file.as_bytes());
    }

    /// Reads a file's text; a file whose names are already saved waits for the person's choice.
    pub fn import_text(&self, text: &str, file_name: &str) {
        let single = file_name
            .rsplit_once('.')
            .map_or(file_name, |(stem, _)| stem)
            .to_string();
        let single = check_name(&single).unwrap_or_else(|_| self.app.t().lib.imported.to_string());
        match import(text, &single) {
            Err(e) => self.message.set(Some(Message::ImportFailed(e))),
            Ok(file) => {
                let clashes: Vec<String> = file
                    .entries
                    .iter()
                    .map(|o| o.saved.name.clone())
                    .filter(|n| self.name_taken(n, None))
                    .collect();
                if clashes.is_empty() {
                    self.finish_import(file, Clash::KeepBoth);
                } else {
                    self.waiting.set(Some(Waiting { file, clashes }));
                }
            }
        }
    }

    /// Brings the waiting import in, resolving taken names by `clash`.
    pub fn resolve(&self, clash: Clash) {
        if let Some(w) = self.waiting.get_untracked() {
            self.waiting.set(None);
            self.finish_import(w.file, clash);
        }
    }

    pub fn cancel_import(&self) {
        self.waiting.set(None);
    }

    fn finish_import(&self, file: Imported, clash: Clash) {
        let partly: Vec<String> = file
            .entries
            .iter()
            .filter(|o| !o.issues.is_empty())
            .map(|o| o.saved.name.clone())
            .collect();
        let incoming: Vec<Saved> = file.entries.into_iter().map(|o| o.saved).collect();
        let mut list: Vec<Saved> = self
            .items
            .see_untracked(|v| v.iter().map(|i| i.saved.clone()).collect());
        let before = list.len();
        let earlier = self.items.get_untracked();
        let done = merge(&mut list, incoming, |_| clash);
        // Replaced ones keep their id; added ones get new ids.
        let mut items = self.items.get_untracked();
        let mut stored = Ok(());
        for (n, saved) in list.into_iter().enumerate() {
            let item = if n < before {
                if items[n].saved == saved {
                    continue;
                }
                items[n].saved = saved;
                items[n].clone()
            } else {
                let id = store::new_id(&items);
                items.push(Item { id, saved });
                items[items.len() - 1].clone()
            };
            if let Err(e) = store::write(&item, &items) {
                self.local_only.update_value(|ids| ids.push(item.id));
                stored = Err(e);
            }
        }
        // Scenarios the import replaced, as they were, for Undo.
        let replaced: Vec<Item> = earlier
            .into_iter()
            .filter(|e| items.iter().any(|i| i.id == e.id && i.saved != e.saved))
            .collect();
        if !replaced.is_empty() {
            self.undo.set(Some(replaced));
        }
        self.items.set(items);
        let msg = match stored {
            Err(why) => Message::NotStored {
                name: done.added.first().cloned().unwrap_or_default(),
                why,
            },
            Ok(()) => Message::Imported(ImportDone {
                added: done.added,
                replaced: done.replaced,
                skipped: done.skipped,
                renamed: done.renamed,
                refused: file.refused,
                partly,
            }),
        };
        self.message.set(Some(msg));
    }

    /// The saved scenario named `name`.
    pub fn find(&self, name: &str) -> Option<Item> {
        self.items
            .see(|v| v.iter().find(|i| i.saved.name == name).cloned())
    }

    /// A scenario and progress as saved, for the comparison.
    pub fn scenario_of(&self, name: &str) -> Option<(Scenario, Progress)> {
        self.find(name)
            .map(|i| (i.saved.scenario, i.saved.progress))
    }
}
