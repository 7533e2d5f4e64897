//! The calculation core: plain Rust on std, thiserror and form_urlencoded, with no browser, UI or
//! drawing code, so that native `cargo test` covers all of it.
//!
//! - [`units`]: bytes, money, hours, ratios.
//! - [`field`]: numeric input descriptors shared by links and the form.
//! - [`rent_buy`], [`sensitivity`], [`demand`]: rent or buy, its chart series, the hybrid plan;
//!   [`moves`]: what moves its answer (the tornado and the verdict over rent and utilisation).
//!   [`reserve`]: a reserved machine as a third way; [`finance`]: cost of capital and resale;
//!   [`terms`]: the reserved term and the demand profile as the rent-or-buy inputs hold them.
//! - [`training_time`]: training tokens a second, wall time, card-hours and the job's cost.
//! - [`spot`], [`billing`], [`bill`], [`advisor`], [`checklists`]: what running really costs.
//! - [`pick`]: picking a card or a machine of the catalogue (`data/catalogue.toml`): what it
//!   fills in, how old its prices are, and every row's break-even side by side.
//! - [`scenario`]: all inputs together and their stored format; [`link`]: the shareable link;
//!   [`suggest`]: the nearest allowed id to a value a link gives that no choice has.
//! - [`library`]: named scenarios and their export file.
//! - [`order`], [`search`]: sorting compiled once, and the one bisection behind every "most
//!   that fits" and "fewest that meet".
//! - [`json`]: the reader of the JSON the page takes in (schema-1 saves, export files, a pasted
//!   `config.json`).

pub mod advisor;
pub mod bill;
pub mod billing;
pub mod checklists;
pub mod choice;
pub mod demand;
pub mod field;
pub mod finance;
pub mod headline;
pub mod json;
pub mod library;
pub mod link;
pub mod memory;
pub mod memory_sheet;
pub mod moves;
pub mod number_text;
pub mod order;
pub mod pick;
pub mod plan;
pub mod presets;
pub mod rent_buy;
pub mod reserve;
pub mod scenario;
pub mod search;
pub mod sensitivity;
pub mod series;
pub mod serving;
pub mod spot;
pub mod suggest;
pub mod table;
pub mod terms;
pub mod training_time;
pub mod units;
