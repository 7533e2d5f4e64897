//! The views of the page, in one table: the navigation, the page body, the page title, the
//! `view=` link value and the toolbar's "reset this view" all read it. Adding a calculator's view is one line here.

use super::bill::BillView;
use super::billing::BillingView;
use super::checklists::ChecklistsView;
use super::compare::CompareView;
use super::glossary::GlossaryView;
use super::inference::InferenceView;
use super::rent_buy::RentBuyView;
use super::reset::{self, Reset};
use super::serving::ServingView;
use super::spot::SpotView;
use super::training::TrainingView;
use crate::app::i18n::Tr;
use crate::calc::field::FieldError;
use crate::calc::table::Issue;
use crate::text::Texts;
use leptos::prelude::*;

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

/// Every view, the first being the one a bare address opens.
pub static VIEWS: &[ViewEntry] = &[
    ViewEntry {
        id: "rent-buy",
        in_nav: true,
        render: || view! { <RentBuyView /> }.into_any(),
        own_title: None,
        reset: Some(reset::rent_buy),
    },
    ViewEntry {
        id: "training",
        in_nav: true,
        render: || view! { <TrainingView /> }.into_any(),
        own_title: None,
        reset: Some(reset::training),
    },
    ViewEntry {
        id: "inference",
        in_nav: true,
        render: || view! { <InferenceView /> }.into_any(),
        own_title: None,
        reset: Some(reset::inference),
    },
    ViewEntry {
        id: "serving",
        in_nav: true,
        render: || view! { <ServingView /> }.into_any(),
        own_title: None,
        reset: Some(reset::serving),
    },
    ViewEntry {
        id: "spot",
        in_nav: true,
        render: || view! { <SpotView /> }.into_any(),
        own_title: None,
        reset: Some(reset::spot),
    },
    ViewEntry {
        id: "billing",
        in_nav: true,
        render: || view! { <BillingView /> }.into_any(),
        own_title: None,
        reset: Some(reset::billing),
    },
    ViewEntry {
        id: "bill",
        in_nav: true,
        render: || view! { <BillView /> }.into_any(),
        own_title: None,
        reset: Some(reset::bill),
    },
    ViewEntry {
        id: "checklists",
        in_nav: true,
        render: || view! { <ChecklistsView /> }.into_any(),
        own_title: None,
        reset: Some(reset::checklists),
    },
    ViewEntry {
        id: "glossary",
        in_nav: true,
        render: || view! { <GlossaryView /> }.into_any(),
        own_title: Some(|t| t.glossary.title),
        reset: None,
    },
    ViewEntry {
        id: "compare",
        in_nav: true,
        render: || view! { <CompareView /> }.into_any(),
        own_title: Some(|t| t.compare.title),
        reset: None,
    },
];

pub fn first() -> &'static ViewEntry {
    &VIEWS[0]
}

/// The view with link value `id`; an empty id is the first view.
pub fn find(id: &str) -> Option<&'static ViewEntry> {
    if id.is_empty() {
        return Some(first());
    }
    VIEWS.iter().find(|v| v.id == id)
}

/// The problem of a `view=` value that names no view.
pub fn unknown_view(raw: &str) -> Issue {
    Issue::new(FieldError::NotAChoice {
        key: "view",
        raw: raw.to_string(),
        allowed: VIEWS.iter().map(|v| v.id).collect(),
    })
}
