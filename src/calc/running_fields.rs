//! Numeric input descriptors of the spot view, in link units (CONTRACT.md), shared by the form and
//! the link decoder.

use super::field::NumField;
use super::spot::SpotInputs;
use super::units::Hours;

#[rustfmt::skip]
pub const SPOT: &[NumField<SpotInputs>] = &[
    NumField { key: "job_hours", min: 0.01, max: 1e6, step: 1.0, whole: false, get: |i| i.job.0, set: |i, v| i.job = Hours(v) },
    NumField { key: "mtbf_hours", min: 0.01, max: 1e7, step: 1.0, whole: false, get: |i| i.mtbf.0, set: |i, v| i.mtbf = Hours(v) },
    NumField { key: "ckpt_minutes", min: 0.0, max: 10_000.0, step: 0.5, whole: false, get: |i| i.checkpoint_minutes, set: |i, v| i.checkpoint_minutes = v },
    NumField { key: "restart_minutes", min: 0.0, max: 10_000.0, step: 0.5, whole: false, get: |i| i.restart_minutes, set: |i, v| i.restart_minutes = v },
    NumField { key: "ondemand_price", min: 0.0, max: 1e6, step: 0.1, whole: false, get: |i| i.ondemand_price, set: |i, v| i.ondemand_price = v },
    NumField { key: "spot_price", min: 0.0, max: 1e6, step: 0.1, whole: false, get: |i| i.spot_price, set: |i, v| i.spot_price = v },
    NumField { key: "ckpt_gb", min: 0.0, max: 1e7, step: 1.0, whole: false, get: |i| i.checkpoint_gb, set: |i, v| i.checkpoint_gb = v },
    NumField { key: "storage_price", min: 0.0, max: 1e4, step: 0.01, whole: false, get: |i| i.storage_price_gb_month, set: |i, v| i.storage_price_gb_month = v },
    NumField { key: "kept", min: 0.0, max: 1000.0, step: 1.0, whole: true, get: |i| i.kept as f64, set: |i, v| i.kept = v as u32 },
];

pub fn spot_field(key: &str) -> Option<&'static NumField<SpotInputs>> {
    SPOT.iter().find(|f| f.key == key)
}
