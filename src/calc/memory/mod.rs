//! GPU memory sizing (SPEC.md section 3): architectures and their parameter counts, presets of
//! real models, a GPU catalogue, weight and cache formats, and the two calculators.

pub mod arch;
pub mod catalogue;
pub mod config_json;
pub mod dtype;
pub mod fields;
pub mod inference;
pub mod link;
pub mod presets;
pub mod training;
pub mod training_choices;
