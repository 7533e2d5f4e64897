//! What moves the rent-or-buy answer (docs/formulas.md, "What moves the answer"): pure data for two
//! charts, drawn by the page.
//!
//! - [`tornado`]: every numeric input of the rent-or-buy table moved by `-x` and `+x` of its value
//!   (`x` is the table's own `swing` input, 20% by default), one at a time, with the break-even
//!   `U*` and the monthly difference `own - rent` at the chosen utilisation recomputed at each end.
//!   The bars come sorted by how far they move the chosen output, largest first.
//! - [`verdict_map`]: which option wins over a grid of hourly rent by utilisation, with the cost
//!   difference in each cell for shading. The border between the two regions is the curve
//!   `U*(p)`: renting wins below it, owning above.
//!
//! Both read the calculator's field table ([`crate::calc::table::Calculator::FIELDS`]), not a
//! list of inputs of their own, so a numeric input added to the table is moved by the tornado
//! without a change here. Every output is recomputed by [`crate::calc::rent_buy::report`] or the
//! same formulas, and only at inputs that pass the table's checks.

pub mod tornado;
pub mod verdict_map;

pub use tornado::{tornado, Bar, Clamp, End, Outcome, Output, Quantity, Skip, Swing, Tornado};
pub use verdict_map::{market_range, verdict_map, verdict_map_sized, Cell, Current, VerdictMap};
