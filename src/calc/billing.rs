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
//!
//! Stopped against released (section 4, "stopped is not released"): a stopped instance no longer
//! pays for its cards but still pays for what it holds.
//!
//! ```text
//! stopped per day      = disks GB x disk price / 30 + address per day + snapshots GB x price / 30
//! forgotten instance   = hours until someone notices x price per hour
//! with auto-release    = min(hours until noticed, auto-release hours) x price per hour
//! ```
//! Storage prices are per GB-month of 30 days (the 720-hour month of SPEC.md).
//!
//! Data movement (section 4, "public traffic"; section 5, data over 20 GB goes through object
//! storage):
//!
//! ```text
//! transfer hours       = GB x 8000 / (Mbit/s x 3600)
//! direct               = every start uploads over the public link; data in another region pays
//!                        cross-region transfer each start
//! via object storage   = one upload, then every start pulls over the internal network (free),
//!                        plus the bucket's GB-month
//! egress               = GB downloaded to the internet x egress price (both routes)
//! ```
//! Inbound traffic is free at the common clouds and is not charged. The default prices are typical
//! list prices in CNY (public traffic 0.8/GB, cloud disk 0.5/GB-month, snapshots and object
//! storage 0.12/GB-month, an idle public address 0.8/day) and are meant to be replaced with quotes.

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

/// Hours used and billed for a list of runs under one rule.
#[derive(Debug, Clone, PartialEq)]
pub struct RunsReport {
    pub used: Hours,
    pub billed: Hours,
    /// Per run: (used, billed).
    pub runs: Vec<(Hours, Hours)>,
}

pub fn bill_runs(runs: &[Hours], g: Granularity) -> RunsReport {
    let runs: Vec<(Hours, Hours)> = runs.iter().map(|r| (*r, g.billed(*r))).collect();
    RunsReport {
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
        // Dividing (not multiplying by 1/3600) keeps `8821s` the same float as 8821 / 3600.
        let to_hours: fn(f64) -> f64 = match unit.to_ascii_lowercase().as_str() {
            "s" => |v| v / 3600.0,
            "m" | "min" => |v| v / 60.0,
            "h" => |v| v,
            "d" => |v| v * 24.0,
            _ => {
                return Err(format!(
                    "runs: item {} ({part:?}) has unit {unit:?}; use s, m, h or d",
                    n + 1
                ))
            }
        };
        match num.trim().parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 && to_hours(v) <= 1e6 => {
                out.push(Hours(to_hours(v)))
            }
            _ => return Err(format!("runs: item {} ({part:?}) is not a length", n + 1)),
        }
    }
    if out.len() > 1000 {
        return Err("runs: at most 1000 runs".into());
    }
    Ok(out)
}

/// Writes runs back in the link form `10m,25m,3h`, in the largest unit that keeps them exact.
pub fn format_runs(runs: &[Hours]) -> String {
    runs.iter()
        .map(|h| {
            let secs = h.0 * 3600.0;
            let exact = |v: f64| (v - v.round()).abs() < 1e-9;
            if exact(h.0) {
                format!("{}h", h.0.round())
            } else if exact(secs / 60.0) {
                format!("{}m", (secs / 60.0).round())
            } else if exact(secs) {
                format!("{}s", secs.round())
            } else {
                format!("{}h", crate::calc::field::link_number(h.0))
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The billing-rules view: runs under a granularity, a stopped instance, data movement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BillingInputs {
    pub runs: Vec<Hours>,
    pub granularity: Granularity,
    /// Price per instance-hour while it runs.
    pub price: f64,
    pub disk_gb: f64,
    pub disk_price: f64,
    pub address_per_day: f64,
    pub snapshot_gb: f64,
    pub snapshot_price: f64,
    /// Hours an instance left running after its job goes on before someone notices.
    pub forgotten_hours: f64,
    /// Automatic release after this many hours (the guide's example: 12).
    pub auto_release_hours: f64,
    pub data_gb: f64,
    /// Times a month the data set is loaded onto a fresh instance.
    pub loads: f64,
    pub public_mbps: f64,
    pub internal_mbps: f64,
    /// GB downloaded to the internet a month (weights, results).
    pub download_gb: f64,
    pub egress_price: f64,
    /// Whether the data sits in another region than the instances.
    pub cross_region: bool,
    pub cross_region_price: f64,
    pub object_price: f64,
}

impl Default for BillingInputs {
    fn default() -> Self {
        BillingInputs {
            runs: vec![Hours(10.0 / 60.0)],
            granularity: Granularity::default(),
            price: 8.0,
            disk_gb: 500.0,
            disk_price: 0.5,
            address_per_day: 0.8,
            snapshot_gb: 200.0,
            snapshot_price: 0.12,
            forgotten_hours: 64.0,
            auto_release_hours: 12.0,
            data_gb: 50.0,
            loads: 4.0,
            public_mbps: 100.0,
            internal_mbps: 2_000.0,
            download_gb: 15.0,
            egress_price: 0.8,
            cross_region: false,
            cross_region_price: 0.5,
            object_price: 0.12,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct BillingReport {
    pub runs: RunsReport,
    /// Cost of the billed hours and of the hours beyond use.
    pub billed_cost: f64,
    pub excess_cost: f64,
    /// Billed hours of the same runs under every rule, in [`Granularity::ALL`] order.
    pub by_rule: [(Granularity, Hours); 4],
    pub stopped_per_day: f64,
    pub stopped_per_month: f64,
    pub forgotten_cost: f64,
    pub auto_release_cost: f64,
    pub auto_release_saves: f64,
    pub upload_hours: f64,
    pub internal_hours: f64,
    /// Hours a month spent moving the data set, each way of doing it.
    pub direct_hours_month: f64,
    pub object_hours_month: f64,
    pub egress_cost: f64,
    pub cross_region_cost: f64,
    pub object_storage_cost: f64,
    pub direct_cost_month: f64,
    pub object_cost_month: f64,
}

/// Hours to move `gb` decimal gigabytes at `mbps` megabits a second.
pub fn transfer_hours(gb: f64, mbps: f64) -> f64 {
    if mbps <= 0.0 {
        return f64::INFINITY;
    }
    gb * 8_000.0 / (mbps * 3_600.0)
}

pub fn billing(i: &BillingInputs) -> Result<BillingReport, String> {
    let nums = [
        ("run_price", i.price),
        ("disk_gb", i.disk_gb),
        ("disk_price", i.disk_price),
        ("address_day", i.address_per_day),
        ("snapshot_gb", i.snapshot_gb),
        ("snapshot_price", i.snapshot_price),
        ("forgotten_hours", i.forgotten_hours),
        ("auto_release_hours", i.auto_release_hours),
        ("data_gb", i.data_gb),
        ("loads", i.loads),
        ("download_gb", i.download_gb),
        ("egress_price", i.egress_price),
        ("xregion_price", i.cross_region_price),
        ("object_price", i.object_price),
    ];
    for (key, v) in nums {
        if !v.is_finite() || v < 0.0 {
            return Err(format!("{key}: {v} must be 0 or more"));
        }
    }
    for (key, v) in [
        ("public_mbps", i.public_mbps),
        ("internal_mbps", i.internal_mbps),
    ] {
        if !v.is_finite() || v <= 0.0 {
            return Err(format!("{key}: {v} must be more than 0"));
        }
    }
    if i.runs.iter().any(|r| !r.0.is_finite() || r.0 < 0.0) {
        return Err("runs: every run must be a length of 0 or more".into());
    }
    let runs = bill_runs(&i.runs, i.granularity);
    let by_rule = Granularity::ALL.map(|g| (g, bill_runs(&i.runs, g).billed));
    // Summed per month, where the prices are quoted, so a whole-number month stays whole.
    let stopped_per_month =
        i.disk_gb * i.disk_price + i.address_per_day * 30.0 + i.snapshot_gb * i.snapshot_price;
    let forgotten_cost = i.forgotten_hours * i.price;
    let auto_release_cost = i.forgotten_hours.min(i.auto_release_hours) * i.price;
    let upload_hours = transfer_hours(i.data_gb, i.public_mbps);
    let internal_hours = transfer_hours(i.data_gb, i.internal_mbps);
    let egress_cost = i.download_gb * i.egress_price;
    let cross_region_cost = if i.cross_region {
        i.loads * i.data_gb * i.cross_region_price
    } else {
        0.0
    };
    let object_storage_cost = i.data_gb * i.object_price;
    Ok(BillingReport {
        billed_cost: runs.billed.0 * i.price,
        excess_cost: (runs.billed.0 - runs.used.0).max(0.0) * i.price,
        runs,
        by_rule,
        stopped_per_day: stopped_per_month / 30.0,
        stopped_per_month,
        forgotten_cost,
        auto_release_cost,
        auto_release_saves: forgotten_cost - auto_release_cost,
        upload_hours,
        internal_hours,
        direct_hours_month: i.loads * upload_hours,
        // The first load waits for the one upload; every load then pulls internally.
        object_hours_month: if i.loads > 0.0 {
            upload_hours + i.loads * internal_hours
        } else {
            0.0
        },
        egress_cost,
        cross_region_cost,
        object_storage_cost,
        direct_cost_month: egress_cost + cross_region_cost,
        object_cost_month: egress_cost + object_storage_cost,
    })
}
