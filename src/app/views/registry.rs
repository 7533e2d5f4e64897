//! The views of the page, in one table: the navigation, the page body, the page title, the
//! `view=` link value and the toolbar's "reset this view" all read it (through
//! [`crate::app::state::view_entry`], where the table is registered when the page starts). Adding a calculator's view is one line here.

use super::bill::BillView;
use super::billing::BillingView;
use super::checklists::ChecklistsView;
use super::compare::CompareView;
use super::glossary::GlossaryView;
use super::inference::InferenceView;
use super::plan::PlanView;
use super::rent_buy::RentBuyView;
use super::reset;
use super::serving::ServingView;
use super::spot::SpotView;
use super::training::TrainingView;
use leptos::prelude::*;

// Read through the page state, which is given this table at start ([`register`]) so that it can
// name views without reaching up to them.
pub use crate::app::state::view_entry::{find, first, register, unknown_view, ViewEntry};

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
        id: "plan",
        in_nav: true,
        render: || view! { <PlanView /> }.into_any(),
        own_title: None,
        reset: Some(reset::plan),
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
