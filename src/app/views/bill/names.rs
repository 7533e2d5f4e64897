//! The names of the lines and levers the page comes with.
//!
//! The bill keeps each line's and lever's name as text (the link's `lines=` and `levers=`), and
//! the guide's month writes its own in English. Those texts are the ids of the page's own lines:
//! shown, each is worded from `[bill.line]` or `[bill.lever]` in the reader's language, so a link
//! stays the same whatever the language; a name a person typed is shown as typed. Typing one of
//! the page's own names (in either language) stores its id again.

use crate::calc::link::Lang;
use crate::text::{texts, Texts};

type Name = fn(&'static Texts) -> &'static str;

/// The lines of the guide's month (`BillInputs::default()`) and of "Add a line", by the text the
/// link holds.
const LINES: &[(&str, Name)] = &[
    ("resident single-card instance", |t| t.bill.line.resident),
    ("temporary 8-card machine", |t| t.bill.line.temp8),
    ("spot instances, batch evaluation", |t| {
        t.bill.line.spot_eval
    }),
    ("disks and snapshots", |t| t.bill.line.disks),
    ("public traffic", |t| t.bill.line.traffic),
    ("image storage and forgotten instances", |t| {
        t.bill.line.image_forgotten
    }),
    (NEW_LINE, |t| t.bill.line.new),
];

/// The hidden-cost table's six habits, by the text the link holds.
const LEVERS: &[(&str, Name)] = &[
    ("delete snapshots older than a month", |t| {
        t.bill.lever.snapshots
    }),
    ("release the forgotten instances", |t| {
        t.bill.lever.forgotten
    }),
    ("move large files over the internal network", |t| {
        t.bill.lever.internal
    }),
    ("checkpoint-resume, so spot jobs are not rerun", |t| {
        t.bill.lever.ckpt
    }),
    ("auto-release idle instances", |t| t.bill.lever.auto_release),
    ("a baked image instead of rebuilding the environment", |t| {
        t.bill.lever.image
    }),
];

/// The id of a line added with "Add a line".
pub const NEW_LINE: &str = "new line";

fn shown(table: &[(&str, Name)], t: &'static Texts, stored: &str) -> String {
    table
        .iter()
        .find(|(id, _)| *id == stored)
        .map_or_else(|| stored.to_string(), |(_, name)| name(t).to_string())
}

fn stored(table: &[(&str, Name)], typed: &str) -> String {
    let typed = typed.trim();
    table
        .iter()
        .find(|(_, name)| {
            [Lang::En, Lang::Zh]
                .iter()
                .any(|l| name(texts(*l)) == typed)
        })
        .map_or_else(|| typed.to_string(), |(id, _)| id.to_string())
}

/// The name of a line as the reader sees it.
pub fn line_name(t: &'static Texts, label: &str) -> String {
    shown(LINES, t, label)
}

/// The label to keep for a line name typed by a person.
pub fn line_label(typed: &str) -> String {
    stored(LINES, typed)
}

/// The name of a lever as the reader sees it.
pub fn lever_name(t: &'static Texts, label: &str) -> String {
    shown(LEVERS, t, label)
}

/// The label to keep for a lever name typed by a person.
pub fn lever_label(typed: &str) -> String {
    stored(LEVERS, typed)
}
