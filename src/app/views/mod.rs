//! One file per view of the page (`view=` in the link).

pub mod bill;
pub mod billing;
pub mod checklists;
pub mod inference;
pub mod model;
pub mod registry;
pub mod rent_buy;
mod rent_buy_charts;
pub mod spot;
pub mod training;
