//! Shared helpers for the core tests.

/// Asserts `actual` is within `tol` of `expected`, naming both on failure.
#[track_caller]
pub fn assert_close(actual: f64, expected: f64, tol: f64) {
    assert!(
        (actual - expected).abs() <= tol,
        "expected {expected} (within {tol}), got {actual}"
    );
}
