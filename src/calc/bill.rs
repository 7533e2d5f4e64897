//! The monthly bill review (SPEC.md section 4): bill lines in four groups, savings levers from the
//! hidden-cost table, and what the levers save.
//!
//! Defaults are the guide's month for a team of four (21,000 CNY) and its three levers: most of
//! the 2,200 of disks and snapshots were three-month-old snapshots (1,600), the forgotten
//! instances (1,500), and half the public traffic moved to the internal network (900): 4,000 saved,
//! 19.0% of the bill.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Group {
    #[default]
    Instances,
    Storage,
    Traffic,
    Other,
}

impl Group {
    pub const ALL: [Group; 4] = [
        Group::Instances,
        Group::Storage,
        Group::Traffic,
        Group::Other,
    ];
    pub fn id(self) -> &'static str {
        match self {
            Group::Instances => "instances",
            Group::Storage => "storage",
            Group::Traffic => "traffic",
            Group::Other => "other",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BillLine {
    pub label: String,
    pub group: Group,
    /// Hours, for instance lines (the unit price is derived).
    pub hours: Option<f64>,
    pub amount: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lever {
    pub label: String,
    pub amount: f64,
    pub on: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BillInputs {
    pub lines: Vec<BillLine>,
    pub levers: Vec<Lever>,
}

fn line(label: &str, group: Group, hours: Option<f64>, amount: f64) -> BillLine {
    BillLine {
        label: label.into(),
        group,
        hours,
        amount,
    }
}

fn lever(label: &str, amount: f64) -> Lever {
    Lever {
        label: label.into(),
        amount,
        on: true,
    }
}

impl Default for BillInputs {
    fn default() -> Self {
        BillInputs {
            lines: vec![
                line(
                    "resident single-card instance",
                    Group::Instances,
                    Some(720.0),
                    5_800.0,
                ),
                line(
                    "temporary 8-card machine",
                    Group::Instances,
                    Some(46.0),
                    5_500.0,
                ),
                line(
                    "spot instances, batch evaluation",
                    Group::Instances,
                    Some(300.0),
                    3_200.0,
                ),
                line("disks and snapshots", Group::Storage, None, 2_200.0),
                line("public traffic", Group::Traffic, None, 1_800.0),
                line(
                    "image storage and forgotten instances",
                    Group::Other,
                    None,
                    2_500.0,
                ),
            ],
            levers: vec![
                lever("delete snapshots older than a month", 1_600.0),
                lever("release the forgotten instances", 1_500.0),
                lever("move half the traffic to the internal network", 900.0),
            ],
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct BillReport {
    pub total: f64,
    pub by_group: [(Group, f64); 4],
    pub savings: f64,
    pub share: f64,
    /// Unit price per line that has hours.
    pub unit_prices: Vec<Option<f64>>,
}

pub fn review(i: &BillInputs) -> Result<BillReport, String> {
    for (n, l) in i.lines.iter().enumerate() {
        if !l.amount.is_finite() || l.amount < 0.0 {
            return Err(format!(
                "line {}: amount {} must be 0 or more",
                n + 1,
                l.amount
            ));
        }
        if let Some(h) = l.hours {
            if !h.is_finite() || h < 0.0 {
                return Err(format!("line {}: hours {h} must be 0 or more", n + 1));
            }
        }
    }
    for (n, l) in i.levers.iter().enumerate() {
        if !l.amount.is_finite() || l.amount < 0.0 {
            return Err(format!(
                "lever {}: amount {} must be 0 or more",
                n + 1,
                l.amount
            ));
        }
    }
    let total: f64 = i.lines.iter().map(|l| l.amount).sum();
    let by_group = Group::ALL.map(|g| {
        (
            g,
            i.lines
                .iter()
                .filter(|l| l.group == g)
                .map(|l| l.amount)
                .sum(),
        )
    });
    // Savings cannot exceed what is billed.
    let savings = i
        .levers
        .iter()
        .filter(|l| l.on)
        .map(|l| l.amount)
        .sum::<f64>()
        .min(total);
    Ok(BillReport {
        total,
        by_group,
        savings,
        share: if total > 0.0 { savings / total } else { 0.0 },
        unit_prices: i
            .lines
            .iter()
            .map(|l| l.hours.filter(|h| *h > 0.0).map(|h| l.amount / h))
            .collect(),
    })
}
