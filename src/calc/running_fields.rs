//! Inputs of the running-cost views (spot, billing, bill, checklists) in link units (CONTRACT.md):
//! numeric descriptors shared by the form and the link, and the link reader and writer of the keys
//! that are not plain numbers.

use super::advisor::{AdvisorChoice, Profile};
use super::bill::{format_levers, format_lines, parse_levers, parse_lines, BillInputs};
use super::billing::{format_runs, parse_runs, BillingInputs, Granularity};
use super::checklists::is_item;
use super::field::{link_number, FieldError, NumField};
use super::spot::SpotInputs as Spot;
use super::spot::SpotInputs;
use super::units::Hours;
use std::collections::BTreeSet;

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
    NumField { key: "stop_hours", min: 0.0, max: 1e5, step: 1.0, whole: false, get: |i| i.stop_hours, set: |i, v| i.stop_hours = v },
];

pub fn spot_field(key: &str) -> Option<&'static NumField<SpotInputs>> {
    SPOT.iter().find(|f| f.key == key)
}

#[rustfmt::skip]
pub const BILLING: &[NumField<BillingInputs>] = &[
    NumField { key: "run_price", min: 0.0, max: 1e6, step: 0.1, whole: false, get: |i| i.price, set: |i, v| i.price = v },
    NumField { key: "disk_gb", min: 0.0, max: 1e7, step: 10.0, whole: false, get: |i| i.disk_gb, set: |i, v| i.disk_gb = v },
    NumField { key: "disk_price", min: 0.0, max: 1e4, step: 0.01, whole: false, get: |i| i.disk_price, set: |i, v| i.disk_price = v },
    NumField { key: "address_day", min: 0.0, max: 1e4, step: 0.1, whole: false, get: |i| i.address_per_day, set: |i, v| i.address_per_day = v },
    NumField { key: "snapshot_gb", min: 0.0, max: 1e7, step: 10.0, whole: false, get: |i| i.snapshot_gb, set: |i, v| i.snapshot_gb = v },
    NumField { key: "snapshot_price", min: 0.0, max: 1e4, step: 0.01, whole: false, get: |i| i.snapshot_price, set: |i, v| i.snapshot_price = v },
    NumField { key: "forgotten_hours", min: 0.0, max: 1e5, step: 1.0, whole: false, get: |i| i.forgotten_hours, set: |i, v| i.forgotten_hours = v },
    NumField { key: "auto_release_hours", min: 0.0, max: 1e5, step: 1.0, whole: false, get: |i| i.auto_release_hours, set: |i, v| i.auto_release_hours = v },
    NumField { key: "data_gb", min: 0.0, max: 1e7, step: 1.0, whole: false, get: |i| i.data_gb, set: |i, v| i.data_gb = v },
    NumField { key: "loads", min: 0.0, max: 1e4, step: 1.0, whole: false, get: |i| i.loads, set: |i, v| i.loads = v },
    NumField { key: "public_mbps", min: 0.1, max: 1e6, step: 10.0, whole: false, get: |i| i.public_mbps, set: |i, v| i.public_mbps = v },
    NumField { key: "internal_mbps", min: 0.1, max: 1e7, step: 100.0, whole: false, get: |i| i.internal_mbps, set: |i, v| i.internal_mbps = v },
    NumField { key: "download_gb", min: 0.0, max: 1e7, step: 1.0, whole: false, get: |i| i.download_gb, set: |i, v| i.download_gb = v },
    NumField { key: "egress_price", min: 0.0, max: 1e4, step: 0.01, whole: false, get: |i| i.egress_price, set: |i, v| i.egress_price = v },
    NumField { key: "xregion_price", min: 0.0, max: 1e4, step: 0.01, whole: false, get: |i| i.cross_region_price, set: |i, v| i.cross_region_price = v },
    NumField { key: "object_price", min: 0.0, max: 1e4, step: 0.01, whole: false, get: |i| i.object_price, set: |i, v| i.object_price = v },
];

pub fn billing_field(key: &str) -> Option<&'static NumField<BillingInputs>> {
    BILLING.iter().find(|f| f.key == key)
}

/// The running-cost parts of a scenario, borrowed together for the link decoder.
pub struct Running<'a> {
    pub spot: &'a mut Spot,
    pub billing: &'a mut BillingInputs,
    pub bill: &'a mut BillInputs,
    pub advisor: &'a mut AdvisorChoice,
    pub checked: &'a mut BTreeSet<String>,
}

fn flag(key: &'static str, value: &str, set: impl FnOnce(bool)) -> Result<bool, FieldError> {
    match value {
        "1" | "0" => {
            set(value == "1");
            Ok(true)
        }
        _ => Err(FieldError::NotAChoice {
            key,
            raw: value.to_string(),
            allowed: "1, 0",
        }),
    }
}

fn invalid(key: &'static str, message: String) -> FieldError {
    let message = message
        .strip_prefix(&format!("{key}: "))
        .map(str::to_string)
        .unwrap_or(message);
    FieldError::Invalid { key, message }
}

/// Reads one link key of the running-cost views; `None` when the key is not one of theirs.
pub fn read(key: &str, value: &str, r: &mut Running) -> Option<Result<bool, FieldError>> {
    if let Some(f) = spot_field(key) {
        return Some(f.apply(r.spot, value).map(|_| true));
    }
    if let Some(f) = billing_field(key) {
        return Some(f.apply(r.billing, value).map(|_| true));
    }
    Some(match key {
        "ckpt" => flag("ckpt", value, |v| r.spot.has_checkpoints = v),
        "xregion" => flag("xregion", value, |v| r.billing.cross_region = v),
        "interruptible" => flag("interruptible", value, |v| r.advisor.interruptible = v),
        "runs" => parse_runs(value)
            .map(|v| {
                r.billing.runs = v;
                true
            })
            .map_err(|m| invalid("runs", m)),
        "granularity" => Granularity::from_id(value)
            .map(|g| {
                r.billing.granularity = g;
                true
            })
            .ok_or_else(|| FieldError::NotAChoice {
                key: "granularity",
                raw: value.to_string(),
                allowed: "second-1m, second-1h, hour, day",
            }),
        "profile" => Profile::from_id(value)
            .map(|p| {
                r.advisor.profile = p;
                true
            })
            .ok_or_else(|| FieldError::NotAChoice {
                key: "profile",
                raw: value.to_string(),
                allowed: "training, inference, batch",
            }),
        "lines" => parse_lines(value)
            .map(|v| {
                r.bill.lines = v;
                true
            })
            .map_err(|m| invalid("lines", m)),
        "levers" => parse_levers(value)
            .map(|v| {
                r.bill.levers = v;
                true
            })
            .map_err(|m| invalid("levers", m)),
        "checked" => {
            let ids: Vec<&str> = value
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect();
            let unknown: Vec<&str> = ids.iter().copied().filter(|id| !is_item(id)).collect();
            *r.checked = ids
                .iter()
                .filter(|id| is_item(id))
                .map(|id| id.to_string())
                .collect();
            if unknown.is_empty() {
                Ok(true)
            } else {
                Err(invalid(
                    "checked",
                    format!("unknown items {} were left out", unknown.join(", ")),
                ))
            }
        }
        _ => return None,
    })
}

/// Writes the running-cost keys whose values differ from the defaults.
pub fn write(
    q: &mut form_urlencoded::Serializer<'_, String>,
    spot: &Spot,
    billing: &BillingInputs,
    bill: &BillInputs,
    advisor: &AdvisorChoice,
    checked: &BTreeSet<String>,
) {
    let sd = Spot::default();
    for f in SPOT {
        let v = (f.get)(spot);
        if v != (f.get)(&sd) {
            q.append_pair(f.key, &link_number(v));
        }
    }
    if spot.has_checkpoints != sd.has_checkpoints {
        q.append_pair("ckpt", if spot.has_checkpoints { "1" } else { "0" });
    }
    let bd = BillingInputs::default();
    if billing.runs != bd.runs {
        q.append_pair("runs", &format_runs(&billing.runs));
    }
    if billing.granularity != bd.granularity {
        q.append_pair("granularity", billing.granularity.id());
    }
    for f in BILLING {
        let v = (f.get)(billing);
        if v != (f.get)(&bd) {
            q.append_pair(f.key, &link_number(v));
        }
    }
    if billing.cross_region != bd.cross_region {
        q.append_pair("xregion", if billing.cross_region { "1" } else { "0" });
    }
    let d = BillInputs::default();
    if bill.lines != d.lines {
        q.append_pair("lines", &format_lines(&bill.lines));
    }
    if bill.levers != d.levers {
        q.append_pair("levers", &format_levers(&bill.levers));
    }
    let ad = AdvisorChoice::default();
    if advisor.profile != ad.profile {
        q.append_pair("profile", advisor.profile.id());
    }
    if advisor.interruptible != ad.interruptible {
        q.append_pair(
            "interruptible",
            if advisor.interruptible { "1" } else { "0" },
        );
    }
    if !checked.is_empty() {
        q.append_pair(
            "checked",
            &checked.iter().cloned().collect::<Vec<_>>().join(","),
        );
    }
}
