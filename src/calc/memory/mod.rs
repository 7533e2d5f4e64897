//! GPU memory sizing (docs/formulas.md, "Training memory" and "Inference memory"): architectures
//! and their parameter counts, presets of real models, a GPU catalogue, weight and cache formats,
//! the inputs both views share, and the two calculators.

pub mod arch;
pub mod catalogue;
pub mod config_json;
pub mod dtype;
pub mod inference;
pub mod inputs;
pub mod llamacpp;
pub mod presets;
pub mod prices;
pub mod training;
pub mod training_choices;
pub mod vllm;
