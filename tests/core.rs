//! Native tests of the calculation core, in one binary.
//!
//! Each worked example of docs/formulas.md is a named test with its exact figures; property tests cover
//! monotonicity, round trips and finite, non-negative outputs.

#[path = "core/advisor.rs"]
mod advisor;
#[path = "core/api_prices.rs"]
mod api_prices;
#[path = "core/billing.rs"]
mod billing;
#[path = "core/catalogue_file.rs"]
mod catalogue_file;
#[path = "core/common.rs"]
mod common;
#[path = "core/config_json.rs"]
mod config_json;
#[path = "core/currency.rs"]
mod currency;
#[path = "core/demand.rs"]
mod demand;
#[path = "core/engine.rs"]
mod engine;
#[path = "core/fuzz.rs"]
mod fuzz;
#[path = "core/json.rs"]
mod json;
#[path = "core/library.rs"]
mod library;
#[path = "core/link.rs"]
mod link;
#[path = "core/measured.rs"]
mod measured;
#[path = "core/memory.rs"]
mod memory;
#[path = "core/memory_gates.rs"]
mod memory_gates;
#[path = "core/memory_sheet.rs"]
mod memory_sheet;
#[path = "core/moves.rs"]
mod moves;
#[path = "core/numtext.rs"]
mod numtext;
#[path = "core/pick.rs"]
mod pick;
#[path = "core/plan.rs"]
mod plan;
#[path = "core/presets.rs"]
mod presets;
#[path = "core/rent_buy.rs"]
mod rent_buy;
#[path = "core/reserve.rs"]
mod reserve;
#[path = "core/scenario.rs"]
mod scenario;
#[path = "core/schema1.rs"]
mod schema1;
#[path = "core/serving.rs"]
mod serving;
#[path = "core/serving_edges.rs"]
mod serving_edges;
#[path = "core/serving_items.rs"]
mod serving_items;
#[path = "core/serving_kernels.rs"]
mod serving_kernels;
#[path = "core/spot.rs"]
mod spot;
#[path = "core/text.rs"]
mod text;
#[path = "core/training_fit.rs"]
mod training_fit;
#[path = "core/training_peaks.rs"]
mod training_peaks;
#[path = "core/training_time.rs"]
mod training_time;

/// A test file in `tests/core/` that no `#[path]` line above declares would never run, silently:
/// this fails instead, naming it.
#[test]
fn every_core_test_file_is_declared() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = std::fs::read_to_string(root.join("core.rs")).expect("tests/core.rs");
    let mut undeclared = Vec::new();
    for entry in std::fs::read_dir(root.join("core")).expect("tests/core") {
        let name = entry.expect("a directory entry").file_name();
        let name = name.to_string_lossy();
        if name.ends_with(".rs") && !this.contains(&format!("#[path = \"core/{name}\"]")) {
            undeclared.push(name.into_owned());
        }
    }
    assert!(
        undeclared.is_empty(),
        "not declared in tests/core.rs: {undeclared:?}"
    );
}
