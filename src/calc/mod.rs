//! The calculation core: plain Rust on std, serde and form_urlencoded, with no browser, UI or
//! drawing code, so that native `cargo test` covers all of it.
//!
//! - [`units`]: bytes, money, hours, ratios.
//! - [`field`]: numeric input descriptors shared by links and the form.
//! - [`rent_buy`], [`sensitivity`], [`demand`]: rent or buy, its chart series, the hybrid plan.
//! - [`spot`], [`billing`], [`bill`], [`advisor`], [`checklists`]: what running really costs.
//! - [`scenario`]: all inputs together and their stored format; [`link`]: the shareable link.

pub mod advisor;
pub mod bill;
pub mod billing;
pub mod checklists;
pub mod choice;
pub mod demand;
pub mod field;
pub mod headline;
pub mod library;
pub mod link;
pub mod memory;
pub mod number_text;
pub mod presets;
pub mod rent_buy;
pub mod scenario;
pub mod sensitivity;
pub mod series;
pub mod serving;
pub mod spot;
pub mod table;
pub mod units;
