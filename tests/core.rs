//! Native tests of the calculation core, in one binary.
//!
//! Each worked example of SPEC.md is a named test with its exact figures; property tests cover
//! monotonicity, round trips and finite, non-negative outputs.

#[path = "core/common.rs"]
mod common;
#[path = "core/demand.rs"]
mod demand;
#[path = "core/link.rs"]
mod link;
#[path = "core/rent_buy.rs"]
mod rent_buy;
#[path = "core/scenario.rs"]
mod scenario;
