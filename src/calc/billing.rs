//! Minimum billing granularity (SPEC.md section 4): what a list of runs is charged under each
//! rule, against the hours really used.
//!
//! ```text
//! per second, minimum m    billed = max(d, m)
//! per started hour         billed = ceil(d / 1 h) h
//! per started day          billed = ceil(d / 24 h) x 24 h
//! ```
//! The guide's example: per-second billing with a one-hour minimum charges a ten-minute run as an
//! hour.

use crate::calc::units::Hours;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Granularity {
    /// Per second, at least a minute.
    Second1m,
    /// Per second, at least an hour (the guide's example).
    #[default]
    Second1h,
    /// Every started hour.
    Hour,
    /// Every started day (whole machines).
    Day,
}

impl Granularity {
    pub const ALL: [Granularity; 4] = [
        Granularity::Second1m,
        Granularity::Second1h,
        Granularity::Hour,
        Granularity::Day,
    ];
    pub fn id(self) -> &'static str {
        match self {
            Granularity::Second1m => "second-1m",
            Granularity::Second1h => "second-1h",
            Granularity::Hour => "hour",
            Granularity::Day => "day",
        }
    }
    pub fn from_id(id: &str) -> Option<Self> {
        Granularity::ALL.into_iter().find(|g| g.id() == id)
    }

    /// Hours charged for one run of `used` hours.
    pub fn billed(self, used: Hours) -> Hours {
        let d = used.0.max(0.0);
        // Every started second is charged; the microsecond allowance keeps float noise (10 min
        // read as 600.0000000001 s) from starting a new second, hour or day.
        let secs = (d * 3600.0 - 1e-6).ceil().max(0.0);
        Hours(match self {
            Granularity::Second1m => secs.max(60.0) / 3600.0,
            Granularity::Second1h => secs.max(3600.0) / 3600.0,
            Granularity::Hour => (secs / 3600.0).ceil().max(1.0),
            Granularity::Day => (secs / 86_400.0).ceil().max(1.0) * 24.0,
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct BillingReport {
    pub used: Hours,
    pub billed: Hours,
    /// Per run: (used, billed).
    pub runs: Vec<(Hours, Hours)>,
}

pub fn billing(runs: &[Hours], g: Granularity) -> BillingReport {
    let runs: Vec<(Hours, Hours)> = runs.iter().map(|r| (*r, g.billed(*r))).collect();
    BillingReport {
        used: Hours(runs.iter().map(|r| r.0 .0).sum()),
        billed: Hours(runs.iter().map(|r| r.1 .0).sum()),
        runs,
    }
}

/// Parses run lengths with units: `90s`, `10m`, `3h`, `1.5h`, `2d`; a bare number is hours.
pub fn parse_runs(raw: &str) -> Result<Vec<Hours>, String> {
    let mut out = Vec::new();
    for (n, part) in raw
        .split([',', ';', ' '])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .enumerate()
    {
        let (num, unit) = match part.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
            Some((at, _)) => part.split_at(at),
            None => (part, "h"),
        };
        let scale = match unit.to_ascii_lowercase().as_str() {
            "s" => 1.0 / 3600.0,
            "m" | "min" => 1.0 / 60.0,
            "h" => 1.0,
            "d" => 24.0,
            _ => {
                return Err(format!(
                    "runs: item {} ({part:?}) has unit {unit:?}; use s, m, h or d",
                    n + 1
                ))
            }
        };
        match num.trim().parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 && v * scale <= 1e6 => out.push(Hours(v * scale)),
            _ => return Err(format!("runs: item {} ({part:?}) is not a length", n + 1)),
        }
    }
    if out.len() > 1000 {
        return Err("runs: at most 1000 runs".into());
    }
    Ok(out)
}
