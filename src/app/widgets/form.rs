//! A calculator's input form as data: sections of [`Item`]s, drawn by one loop.
//!
//! Every view lists its form as a constant table instead of writing it as markup: this is the
//! one way a form is written. The markup of a form (a fieldset per section, a legend, the
//! controls in order, a part shown only while a condition holds, a part folded away) is then
//! compiled once for every view, rather than once per view as a tree of typed elements; what
//! stays per field is one function pointer that builds its control. A part of a form that
//! several views share (the model) is a table of its own, drawn by [`sections`] inside theirs.

use super::choice::{ChoiceInput, FlagInput, RadioInput};
use super::help::Help;
pub use super::number_field::{num, slider};
use super::when::When;
use crate::app::i18n::{tr, Tr};
use crate::app::state::{memo, use_app, Lens, See};
use crate::calc::table::{Calculator, ChoiceField, FlagField};
use leptos::prelude::*;

/// One entry of a form.
#[derive(Clone, Copy)]
pub enum Item {
    /// A control, built by a function written once with its field and lens ([`num`],
    /// [`slider`], [`choice`], [`radio`], [`flag`]) or a widget of the view's own.
    Control(fn() -> AnyView),
    /// The "?" beside a term, with the term's name written beside it.
    Help(&'static str),
    /// `yes` while `when` holds, `no` otherwise (the load given as a rate or as people; a power
    /// model's one figure or the other). `when` makes the condition, with [`holds`].
    Either {
        when: fn() -> Memo<bool>,
        yes: &'static [Item],
        no: &'static [Item],
    },
    /// `items` folded away under `summary`, opened by a click (the model's architecture); `class`
    /// names the fold for the style sheet.
    Fold {
        class: &'static str,
        summary: Tr,
        items: &'static [Item],
    },
}

/// A run of items, in a fieldset with a legend when it has one.
pub struct Section {
    pub legend: Option<Tr>,
    pub items: &'static [Item],
}

/// The form of `sections`; a submit (Enter in a box) does nothing, as every change already
/// applies.
pub fn form(list: &'static [Section]) -> AnyView {
    let parts = sections(list);
    view! {
        <form class="inputs" on:submit=|ev| ev.prevent_default()>
            {parts}
        </form>
    }
    .into_any()
}

/// The sections of `list` without a `<form>` around them: a part of a form that sits inside
/// other views' forms (the model section).
pub fn sections(list: &'static [Section]) -> AnyView {
    list.iter().map(section).collect_view().into_any()
}

fn section(s: &'static Section) -> AnyView {
    let items = items(s.items);
    match s.legend {
        Some(legend) => view! {
            <fieldset>
                <legend>{tr(legend)}</legend>
                {items}
            </fieldset>
        }
        .into_any(),
        None => items,
    }
}

fn items(list: &'static [Item]) -> AnyView {
    list.iter().map(item).collect_view().into_any()
}

fn item(i: &'static Item) -> AnyView {
    match *i {
        Item::Control(build) => build(),
        Item::Help(term) => view! { <Help term=term named=true /> }.into_any(),
        Item::Either { when, yes, no } => {
            let on = when();
            view! {
                <When when=move || on.get() fallback=move || items(no)>
                    {items(yes)}
                </When>
            }
            .into_any()
        }
        Item::Fold {
            class,
            summary,
            items: list,
        } => view! {
            <details class=class>
                <summary>{tr(summary)}</summary>
                {items(list)}
            </details>
        }
        .into_any(),
    }
}

/// Whether `test` holds of a calculator's inputs, read from their memo (not the whole scenario,
/// so another calculator's slider does not run it), and a memo itself, so an edit that leaves
/// it as it was redraws nothing.
pub fn holds<T: Calculator>(lens: Lens<T>, test: fn(&T) -> bool) -> Memo<bool> {
    let inputs = use_app().slice(lens);
    memo(move || inputs.see(test))
}

/// A drop-down for `field`.
pub fn choice<T: Calculator>(field: &'static ChoiceField<T>, lens: Lens<T>) -> AnyView {
    view! { <ChoiceInput field=field lens=lens /> }.into_any()
}

/// A row of radio buttons for `field`.
pub fn radio<T: Calculator>(field: &'static ChoiceField<T>, lens: Lens<T>) -> AnyView {
    view! { <RadioInput field=field lens=lens /> }.into_any()
}

/// A checkbox for `field`.
pub fn flag<T: Calculator>(field: &'static FlagField<T>, lens: Lens<T>) -> AnyView {
    view! { <FlagInput field=field lens=lens /> }.into_any()
}
