//! Minimum billing granularity (docs/formulas.md, "Billing rules"): what a list of runs is charged
//! under each rule, against the hours really used.
//!
//! ```text
//! per second, minimum m    billed = max(d, m)
//! per started hour         billed = ceil(d / 1 h) h
//! per started day          billed = ceil(d / 24 h) x 24 h
//! ```
//! The guide's example: per-second billing with a one-hour minimum charges a ten-minute run as an
//! hour.
//!
//! Stopped against released (same section, "Stopped is not released"): a stopped instance no
//! longer pays for its cards but still pays for what it holds.
//!
//! ```text
//! stopped per day      = disks GB x disk price / 30 + address per day + snapshots GB x price / 30
//! forgotten instance   = hours until someone notices x price per hour
//! with auto-release    = min(hours until noticed, auto-release hours) x price per hour
//! ```
//! Storage prices are per GB-month of 30 days (the 720-hour month of docs/formulas.md).
//!
//! Data movement (same section, "Moving data"; and "Workloads and supply forms": data over 20 GB
//! goes through object storage):
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

use super::choice::Choice;
use super::field::{link_number, FieldError, NumField, NumberKind};
use super::table::{
    validate, Calculator, ChoiceField, Field, FlagField, KeyedError, TextField, Valid,
};
use super::units::{Currency, Hours, Money};
use thiserror::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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

crate::choice_ids!(Granularity {
    Second1m => "second-1m",
    Second1h => "second-1h",
    Hour => "hour",
    Day => "day",
});

/// The report lists every rule in a fixed-size array; this keeps that size and the list of rules
/// from drifting apart.
const RULES: usize = 4;
const _: () = assert!(<Granularity as Choice>::ALL.len() == RULES);

impl Granularity {
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

/// The most runs a list may hold, and the longest run, in hours (over a century).
pub const MAX_RUNS: usize = 1000;
pub const MAX_RUN_HOURS: f64 = 1e6;

/// Why a typed list of runs was refused. `item` counts from 1; `raw` is the item as typed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum RunsError {
    #[error("runs: item {item} ({raw:?}) has unit {unit:?}; use s, m, h or d")]
    BadUnit {
        item: usize,
        raw: String,
        unit: String,
    },
    #[error("runs: item {item} ({raw:?}) is not a length from 0 to {max} h", max = MAX_RUN_HOURS)]
    NotALength { item: usize, raw: String },
    #[error("runs: {count} runs given; at most {max} are allowed")]
    TooMany { count: usize, max: usize },
}

/// Parses run lengths with units: `90s`, `10m`, `3h`, `1.5h`, `2d`; a bare number is hours.
pub fn parse_runs(raw: &str) -> Result<Vec<Hours>, RunsError> {
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
                return Err(RunsError::BadUnit {
                    item: n + 1,
                    raw: part.to_string(),
                    unit: unit.to_string(),
                })
            }
        };
        match num.trim().parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 && to_hours(v) <= MAX_RUN_HOURS => {
                out.push(Hours(to_hours(v)))
            }
            _ => {
                return Err(RunsError::NotALength {
                    item: n + 1,
                    raw: part.to_string(),
                })
            }
        }
    }
    if out.len() > MAX_RUNS {
        return Err(RunsError::TooMany {
            count: out.len(),
            max: MAX_RUNS,
        });
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
                format!("{}h", link_number(h.0))
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The billing-rules view: runs under a granularity, a stopped instance, data movement. Prices are
/// plain amounts in the scenario's currency; the report gives them their currency.
#[derive(Debug, Clone, PartialEq)]
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

type F = NumField<BillingInputs>;

// The numeric inputs in link units, each named so the form can refer to it. Keys, ranges and
// steps are the link's public interface: do not change them. The two link speeds start above 0,
// as a transfer over a link of no speed never ends.
#[rustfmt::skip]
mod fields {
    use super::*;
    pub const RUN_PRICE: F = NumField { key: "run_price", kind: NumberKind::Money, min: 0.0, max: 1e6, slider: None, whole: false, get: |i| i.price, set: |i, v| i.price = v };
    pub const DISK_GB: F = NumField { key: "disk_gb", kind: NumberKind::Plain, min: 0.0, max: 1e7, slider: None, whole: false, get: |i| i.disk_gb, set: |i, v| i.disk_gb = v };
    pub const DISK_PRICE: F = NumField { key: "disk_price", kind: NumberKind::Money, min: 0.0, max: 1e4, slider: None, whole: false, get: |i| i.disk_price, set: |i, v| i.disk_price = v };
    pub const ADDRESS_DAY: F = NumField { key: "address_day", kind: NumberKind::Money, min: 0.0, max: 1e4, slider: None, whole: false, get: |i| i.address_per_day, set: |i, v| i.address_per_day = v };
    pub const SNAPSHOT_GB: F = NumField { key: "snapshot_gb", kind: NumberKind::Plain, min: 0.0, max: 1e7, slider: None, whole: false, get: |i| i.snapshot_gb, set: |i, v| i.snapshot_gb = v };
    pub const SNAPSHOT_PRICE: F = NumField { key: "snapshot_price", kind: NumberKind::Money, min: 0.0, max: 1e4, slider: None, whole: false, get: |i| i.snapshot_price, set: |i, v| i.snapshot_price = v };
    pub const FORGOTTEN_HOURS: F = NumField { key: "forgotten_hours", kind: NumberKind::Plain, min: 0.0, max: 1e5, slider: None, whole: false, get: |i| i.forgotten_hours, set: |i, v| i.forgotten_hours = v };
    pub const AUTO_RELEASE_HOURS: F = NumField { key: "auto_release_hours", kind: NumberKind::Plain, min: 0.0, max: 1e5, slider: None, whole: false, get: |i| i.auto_release_hours, set: |i, v| i.auto_release_hours = v };
    pub const DATA_GB: F = NumField { key: "data_gb", kind: NumberKind::Plain, min: 0.0, max: 1e7, slider: None, whole: false, get: |i| i.data_gb, set: |i, v| i.data_gb = v };
    pub const LOADS: F = NumField { key: "loads", kind: NumberKind::Plain, min: 0.0, max: 1e4, slider: None, whole: false, get: |i| i.loads, set: |i, v| i.loads = v };
    pub const PUBLIC_MBPS: F = NumField { key: "public_mbps", kind: NumberKind::Plain, min: 0.1, max: 1e6, slider: None, whole: false, get: |i| i.public_mbps, set: |i, v| i.public_mbps = v };
    pub const INTERNAL_MBPS: F = NumField { key: "internal_mbps", kind: NumberKind::Plain, min: 0.1, max: 1e7, slider: None, whole: false, get: |i| i.internal_mbps, set: |i, v| i.internal_mbps = v };
    pub const DOWNLOAD_GB: F = NumField { key: "download_gb", kind: NumberKind::Plain, min: 0.0, max: 1e7, slider: None, whole: false, get: |i| i.download_gb, set: |i, v| i.download_gb = v };
    pub const EGRESS_PRICE: F = NumField { key: "egress_price", kind: NumberKind::Money, min: 0.0, max: 1e4, slider: None, whole: false, get: |i| i.egress_price, set: |i, v| i.egress_price = v };
    pub const XREGION_PRICE: F = NumField { key: "xregion_price", kind: NumberKind::Money, min: 0.0, max: 1e4, slider: None, whole: false, get: |i| i.cross_region_price, set: |i, v| i.cross_region_price = v };
    pub const OBJECT_PRICE: F = NumField { key: "object_price", kind: NumberKind::Money, min: 0.0, max: 1e4, slider: None, whole: false, get: |i| i.object_price, set: |i, v| i.object_price = v };
}
pub use fields::*;

/// The billing rule.
pub const GRANULARITY: ChoiceField<BillingInputs> =
    crate::choice_field!("granularity", Granularity, granularity);
/// Whether the data sits in another region than the instances.
pub const XREGION: FlagField<BillingInputs> = crate::flag_field!("xregion", cross_region);

impl Calculator for BillingInputs {
    type Error = BillingError;

    // Link order as before the table existed: the runs and their rule, the numbers, then the
    // cross-region flag.
    const FIELDS: &'static [Field<Self>] = &[
        Field::Text(TextField {
            key: "runs",
            read: |i, raw| {
                i.runs = parse_runs(raw)?;
                Ok(())
            },
            write: |i| format_runs(&i.runs),
        }),
        Field::Choice(GRANULARITY),
        Field::Num(RUN_PRICE),
        Field::Num(DISK_GB),
        Field::Num(DISK_PRICE),
        Field::Num(ADDRESS_DAY),
        Field::Num(SNAPSHOT_GB),
        Field::Num(SNAPSHOT_PRICE),
        Field::Num(FORGOTTEN_HOURS),
        Field::Num(AUTO_RELEASE_HOURS),
        Field::Num(DATA_GB),
        Field::Num(LOADS),
        Field::Num(PUBLIC_MBPS),
        Field::Num(INTERNAL_MBPS),
        Field::Num(DOWNLOAD_GB),
        Field::Num(EGRESS_PRICE),
        Field::Num(XREGION_PRICE),
        Field::Num(OBJECT_PRICE),
        Field::Flag(XREGION),
    ];
    // No rule ties these inputs together: each is checked by its own field.
}

/// Why billing inputs were refused.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum BillingError {
    #[error(transparent)]
    Runs(#[from] RunsError),
    #[error(transparent)]
    Field(#[from] FieldError),
}

impl KeyedError for BillingError {
    fn kind(&self) -> crate::calc::table::ErrorKind {
        crate::calc::table::ErrorKind::Billing
    }
    fn key(&self) -> &'static str {
        match self {
            BillingError::Runs(_) => "runs",
            BillingError::Field(e) => e.key(),
        }
    }
}

/// Everything the billing-rules view shows. Amounts are in the currency passed to [`report`].
#[derive(Debug, Clone, PartialEq)]
pub struct BillingReport {
    pub runs: RunsReport,
    /// Cost of the billed hours and of the hours beyond use.
    pub billed_cost: Money,
    pub excess_cost: Money,
    /// Billed hours of the same runs under every rule, in [`Choice::ALL`] order.
    pub by_rule: [(Granularity, Hours); RULES],
    pub stopped_per_day: Money,
    pub stopped_per_month: Money,
    pub forgotten_cost: Money,
    pub auto_release_cost: Money,
    pub auto_release_saves: Money,
    pub upload_hours: f64,
    pub internal_hours: f64,
    /// Hours a month spent moving the data set, each way of doing it.
    pub direct_hours_month: f64,
    pub object_hours_month: f64,
    pub egress_cost: Money,
    pub cross_region_cost: Money,
    pub object_storage_cost: Money,
    pub direct_cost_month: Money,
    pub object_cost_month: Money,
}

/// Hours to move `gb` decimal gigabytes at `mbps` megabits a second.
pub fn transfer_hours(gb: f64, mbps: f64) -> f64 {
    if mbps <= 0.0 {
        return f64::INFINITY;
    }
    gb * 8_000.0 / (mbps * 3_600.0)
}

/// Checks the inputs and runs the calculator: for callers that hold unchecked inputs.
pub fn billing(i: &BillingInputs, currency: Currency) -> Result<BillingReport, BillingError> {
    Ok(report(&validate(i.clone())?, currency))
}

/// The billing-rules calculator.
pub fn report(i: &Valid<BillingInputs>, currency: Currency) -> BillingReport {
    let runs = bill_runs(&i.runs, i.granularity);
    let by_rule = std::array::from_fn(|k| {
        let g = <Granularity as Choice>::ALL[k];
        (g, bill_runs(&i.runs, g).billed)
    });
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
    let money = |a: f64| Money::new(a, currency);
    BillingReport {
        billed_cost: money(runs.billed.0 * i.price),
        excess_cost: money((runs.billed.0 - runs.used.0).max(0.0) * i.price),
        runs,
        by_rule,
        stopped_per_day: money(stopped_per_month / 30.0),
        stopped_per_month: money(stopped_per_month),
        forgotten_cost: money(forgotten_cost),
        auto_release_cost: money(auto_release_cost),
        auto_release_saves: money(forgotten_cost - auto_release_cost),
        upload_hours,
        internal_hours,
        direct_hours_month: i.loads * upload_hours,
        // The first load waits for the one upload; every load then pulls internally.
        object_hours_month: if i.loads > 0.0 {
            upload_hours + i.loads * internal_hours
        } else {
            0.0
        },
        egress_cost: money(egress_cost),
        cross_region_cost: money(cross_region_cost),
        object_storage_cost: money(object_storage_cost),
        direct_cost_month: money(egress_cost + cross_region_cost),
        object_cost_month: money(egress_cost + object_storage_cost),
    }
}
