//! The page's views as the state knows them: an id, a title, a body and what resetting it puts
//! back. The table itself is the views' registry (`crate::app::views::registry`), given here
//! once when the page starts ([`register`]), so that the state, the widgets and the shell name
//! views through this module and nothing below the views imports them.

use crate::app::words::Tr;
use crate::calc::field::FieldError;
use crate::calc::scenario::{Progress, Scenario};
use crate::calc::table::Issue;
use crate::text::Texts;
use leptos::prelude::*;
use std::sync::OnceLock;

/// Puts a view's inputs back: the scenario, its progress and the example. Returns the link keys
/// it reset, whose problems the page then forgets.
pub type Reset = fn(&mut Scenario, &mut Progress, &Scenario) -> Vec<&'static str>;

/// One view of the page.
pub struct ViewEntry {
    /// The link value (`view=`), also the suffix of `view-<id>` and `nav-<id>`.
    pub id: &'static str,
    /// Listed in the navigation (a view kept only so old links open is not).
    pub in_nav: bool,
    pub render: fn() -> AnyView,
    /// The title of a view whose words live in its own locale section rather than `[view]`.
    pub own_title: Option<Tr>,
    /// What "reset this view" puts back; `None` for a view without inputs of its own (the
    /// toolbar then offers no reset).
    pub reset: Option<Reset>,
}

impl ViewEntry {
    /// The page title and navigation label (`[view]` in the locale files, else its own title).
    pub fn title(&self, t: &'static Texts) -> &'static str {
        t.view
            .get(self.id)
            .or_else(|| self.own_title.map(|f| f(t)))
            .unwrap_or(self.id)
    }
}

static VIEWS: OnceLock<&'static [ViewEntry]> = OnceLock::new();

/// Gives the state the page's views (at least one), before the page is drawn.
pub fn register(views: &'static [ViewEntry]) {
    assert!(!views.is_empty(), "the page needs at least one view");
    let _ = VIEWS.set(views);
}

/// Every view, in the navigation's order.
pub fn all() -> &'static [ViewEntry] {
    VIEWS.get().copied().unwrap_or(&[])
}

/// The first view, the one a bare address opens.
pub fn first() -> &'static ViewEntry {
    &all()[0]
}

/// The view with link value `id`; an empty id is the first view.
pub fn find(id: &str) -> Option<&'static ViewEntry> {
    if id.is_empty() {
        return Some(first());
    }
    all().iter().find(|v| v.id == id)
}

/// The problem of a `view=` value that names no view.
pub fn unknown_view(raw: &str) -> Issue {
    Issue::new(FieldError::NotAChoice {
        key: "view",
        raw: raw.to_string(),
        allowed: all().iter().map(|v| v.id).collect(),
    })
}
