//! Reusable pieces of a calculator view. Test hooks (`data-testid`, `data-value`) are set here,
//! once, so every view publishes them the same way.

mod canvas_backend;
mod chart_canvas;
mod choice;
mod form;
mod help;
mod number_field;
mod preset_note;
mod sheet;
mod sight;
mod stat;
mod typed;
mod when;

pub use chart_canvas::ChartCanvas;
pub use choice::{
    locale_option, CheckField, ChoiceField, ChoiceInput, FlagInput, OptionText, RadioInput,
};
pub use form::{choice, flag, form, holds, num, radio, sections, slider, Item, Section};
pub use help::{open_glossary, term, Help, Term, TERMS};
pub use number_field::{NumberField, SliderField};
pub use preset_note::{
    provide as provide_presets, title as preset_title, use_presets, PresetNote, Presets,
};
pub use sheet::{sheet, Area, ChartRow, Notes, Sheet, Words};
pub use stat::{Formula, FormulaRow, Formulas, RangeOf, Stat, StatRow, Stats};
pub use typed::typed_input;
pub use when::{live, When};
