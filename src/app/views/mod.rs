//! One folder per view of the page (`view=` in the link), and the registry that lists them.

pub mod bill;
pub mod billing;
pub mod checklists;
pub mod compare;
pub mod glossary;
pub mod headline;
pub mod inference;
pub mod memory;
pub mod model;
pub mod plan;
pub mod registry;
pub mod rent_buy;
pub mod reset;
pub mod serving;
pub mod spot;
pub mod training;
