//! Any input of a calculator's table, drawn by its kind: a number box for a number, a drop-down
//! for a choice, a checkbox for a yes/no. A form can then be a list of [`Input`]s, each written
//! once as its field with the label and unit the page gives it.

use super::choice::{id_text, ChoiceInput, FlagInput, OptionText};
use super::number_field::NumberField;
use crate::app::state::Lens;
use crate::calc::field::NumField;
use crate::calc::table::{Calculator, ChoiceField, Field, FlagField};
use leptos::prelude::*;

/// One input of a form: a field of the table, with its label and unit.
pub struct Input<T: Calculator> {
    pub field: Field<T>,
    pub label: &'static str,
    pub unit: &'static str,
}

impl<T: Calculator> Input<T> {
    pub const fn num(field: NumField<T>, label: &'static str, unit: &'static str) -> Self {
        Input {
            field: Field::Num(field),
            label,
            unit,
        }
    }

    pub const fn choice(field: ChoiceField<T>, label: &'static str) -> Self {
        Input {
            field: Field::Choice(field),
            label,
            unit: "",
        }
    }

    pub const fn flag(field: FlagField<T>, label: &'static str) -> Self {
        Input {
            field: Field::Flag(field),
            label,
            unit: "",
        }
    }
}

/// The control for `field`. Inputs with a text form of their own (a list of runs, a card) have
/// widgets of their own and draw nothing here.
#[component]
pub fn FieldInput<T: Calculator>(
    field: &'static Field<T>,
    lens: Lens<T>,
    label: &'static str,
    #[prop(optional)] unit: &'static str,
    /// Words a choice's options.
    #[prop(default = id_text)]
    text: OptionText,
) -> impl IntoView {
    match field {
        Field::Num(f) => {
            view! { <NumberField field=f lens=lens label=label unit=unit /> }.into_any()
        }
        Field::Choice(f) => {
            view! { <ChoiceInput field=f lens=lens label=label text=text /> }.into_any()
        }
        Field::Flag(f) => view! { <FlagInput field=f lens=lens label=label /> }.into_any(),
        Field::Text(_) => ().into_any(),
    }
}

/// A run of inputs, in the order listed.
#[component]
pub fn Inputs<T: Calculator>(list: &'static [Input<T>], lens: Lens<T>) -> impl IntoView {
    list.iter()
        .map(|i| view! { <FieldInput field=&i.field lens=lens label=i.label unit=i.unit /> })
        .collect_view()
}
