//! Shared helpers for the core tests.

/// Asserts `actual` is within `tol` of `expected`, naming both on failure.
#[track_caller]
pub fn assert_close(actual: f64, expected: f64, tol: f64) {
    assert!(
        (actual - expected).abs() <= tol,
        "expected {expected} (within {tol}), got {actual}"
    );
}

/// Checks inputs a test builds, failing with the reason when they are refused.
#[track_caller]
pub fn valid<T: gpuplan::calc::table::Calculator>(t: T) -> gpuplan::calc::table::Valid<T> {
    match gpuplan::calc::table::validate(t) {
        Ok(v) => v,
        Err(e) => panic!("test inputs refused: {e}"),
    }
}
