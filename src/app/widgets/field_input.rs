//! Any input of a calculator's table, drawn by its kind: a number box for a number, a drop-down
//! for a choice, a checkbox for a yes/no. A form can then be a list of [`Input`]s, each written
//! once as its field; the locale files word it by its link key.

use super::choice::{ChoiceInput, FlagInput};
use super::number_field::NumberField;
use crate::app::state::Lens;
use crate::calc::field::NumField;
use crate::calc::table::{Calculator, ChoiceField, Field, FlagField};
use leptos::prelude::*;

/// One input of a form: a field of the table. Its label, unit and option texts come from the
/// locale files by its link key.
pub struct Input<T: Calculator> {
    pub field: Field<T>,
}

impl<T: Calculator> Input<T> {
    pub const fn num(field: NumField<T>) -> Self {
        Input {
            field: Field::Num(field),
        }
    }

    pub const fn choice(field: ChoiceField<T>) -> Self {
        Input {
            field: Field::Choice(field),
        }
    }

    pub const fn flag(field: FlagField<T>) -> Self {
        Input {
            field: Field::Flag(field),
        }
    }
}

/// The control for `field`. Inputs with a text form of their own (a list of runs, a card) have
/// widgets of their own and draw nothing here.
#[component]
pub fn FieldInput<T: Calculator>(field: &'static Field<T>, lens: Lens<T>) -> impl IntoView {
    match field {
        Field::Num(f) => view! { <NumberField field=f lens=lens /> }.into_any(),
        Field::Choice(f) => view! { <ChoiceInput field=f lens=lens /> }.into_any(),
        Field::Flag(f) => view! { <FlagInput field=f lens=lens /> }.into_any(),
        Field::Text(_) => ().into_any(),
    }
}

/// A run of inputs, in the order listed.
#[component]
pub fn Inputs<T: Calculator>(list: &'static [Input<T>], lens: Lens<T>) -> impl IntoView {
    list.iter()
        .map(|i| view! { <FieldInput field=&i.field lens=lens /> })
        .collect_view()
}
