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
    pub fn from_id(id: &str) -> Option<Self> {
        Group::ALL.into_iter().find(|g| g.id() == id)
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

/// A saving: a fixed amount, or a share of its group's total when `share` is set (so "half the
/// traffic" follows the traffic line when it is edited).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lever {
    pub label: String,
    #[serde(default)]
    pub group: Group,
    pub amount: f64,
    /// Fraction 0 to 1 of the group's total; overrides `amount`.
    #[serde(default)]
    pub share: Option<f64>,
    pub on: bool,
}

impl Lever {
    /// What the lever saves on a bill whose group totals are `by_group`.
    pub fn saves(&self, by_group: &[(Group, f64); 4]) -> f64 {
        match self.share {
            Some(f) => {
                f * by_group
                    .iter()
                    .find(|g| g.0 == self.group)
                    .map(|g| g.1)
                    .unwrap_or(0.0)
            }
            None => self.amount,
        }
    }
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

fn lever(label: &str, group: Group, amount: f64, share: Option<f64>, on: bool) -> Lever {
    Lever {
        label: label.into(),
        group,
        amount,
        share,
        on,
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
            // The hidden-cost table's six habits; the guide's month applies the first three.
            levers: vec![
                lever(
                    "delete snapshots older than a month",
                    Group::Storage,
                    1_600.0,
                    None,
                    true,
                ),
                lever(
                    "release the forgotten instances",
                    Group::Other,
                    1_500.0,
                    None,
                    true,
                ),
                lever(
                    "move large files over the internal network",
                    Group::Traffic,
                    0.0,
                    Some(0.5),
                    true,
                ),
                lever(
                    "checkpoint-resume, so spot jobs are not rerun",
                    Group::Instances,
                    0.0,
                    None,
                    false,
                ),
                lever(
                    "auto-release idle instances",
                    Group::Instances,
                    0.0,
                    None,
                    false,
                ),
                lever(
                    "a baked image instead of rebuilding the environment",
                    Group::Instances,
                    0.0,
                    None,
                    false,
                ),
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
    /// What each lever saves (0 when off), in input order.
    pub lever_savings: Vec<f64>,
    /// Group totals after the levers that are on.
    pub after_by_group: [(Group, f64); 4],
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
        if let Some(f) = l.share {
            if !(0.0..=1.0).contains(&f) {
                return Err(format!("lever {}: share must be 0% to 100%", n + 1));
            }
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
    let lever_savings: Vec<f64> = i
        .levers
        .iter()
        .map(|l| if l.on { l.saves(&by_group) } else { 0.0 })
        .collect();
    // A group cannot save more than it bills, so neither can the whole bill.
    let after_by_group = by_group.map(|(g, amount)| {
        let saved: f64 = i
            .levers
            .iter()
            .zip(&lever_savings)
            .filter(|(l, _)| l.group == g)
            .map(|(_, s)| s)
            .sum();
        (g, (amount - saved).max(0.0))
    });
    let savings = (total - after_by_group.iter().map(|g| g.1).sum::<f64>()).max(0.0);
    Ok(BillReport {
        total,
        by_group,
        after_by_group,
        lever_savings,
        savings,
        share: if total > 0.0 { savings / total } else { 0.0 },
        unit_prices: i
            .lines
            .iter()
            .map(|l| l.hours.filter(|h| *h > 0.0).map(|h| l.amount / h))
            .collect(),
    })
}

// Link form. Lines: `group~amount~hours~label` joined by `;` (hours may be empty). Levers:
// `group~amount~on~label`, the amount written `50%` when it is a share of the group. `~` and `;`
// cannot appear in labels and are dropped when writing.

fn clean(label: &str) -> String {
    label.replace(['~', ';'], " ").trim().to_string()
}

pub fn format_lines(lines: &[BillLine]) -> String {
    use crate::calc::field::link_number;
    lines
        .iter()
        .map(|l| {
            format!(
                "{}~{}~{}~{}",
                l.group.id(),
                link_number(l.amount),
                l.hours.map(link_number).unwrap_or_default(),
                clean(&l.label)
            )
        })
        .collect::<Vec<_>>()
        .join(";")
}

pub fn format_levers(levers: &[Lever]) -> String {
    use crate::calc::field::link_number;
    levers
        .iter()
        .map(|l| {
            let amount = match l.share {
                Some(f) => format!("{}%", link_number(f * 100.0)),
                None => link_number(l.amount),
            };
            format!(
                "{}~{}~{}~{}",
                l.group.id(),
                amount,
                if l.on { 1 } else { 0 },
                clean(&l.label)
            )
        })
        .collect::<Vec<_>>()
        .join(";")
}

fn number(what: &str, n: usize, raw: &str) -> Result<f64, String> {
    match raw.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..=1e12).contains(&v) => Ok(v),
        _ => Err(format!(
            "item {n}: {what} {raw:?} is not a number of 0 or more"
        )),
    }
}

fn parts(raw: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    raw.split(';')
        .filter(|p| !p.trim().is_empty())
        .enumerate()
        .map(|(n, p)| (n + 1, p.splitn(4, '~').collect()))
}

fn group(n: usize, raw: &str) -> Result<Group, String> {
    Group::from_id(raw.trim()).ok_or_else(|| {
        format!("item {n}: group {raw:?} is not one of instances, storage, traffic, other")
    })
}

pub fn parse_lines(raw: &str) -> Result<Vec<BillLine>, String> {
    let mut out = Vec::new();
    for (n, p) in parts(raw) {
        if p.len() < 2 {
            return Err(format!("item {n}: expected group~amount~hours~label"));
        }
        let hours = match p.get(2).map(|h| h.trim()) {
            None | Some("") => None,
            Some(h) => Some(number("hours", n, h)?),
        };
        out.push(BillLine {
            group: group(n, p[0])?,
            amount: number("amount", n, p[1])?,
            hours,
            label: p.get(3).map(|l| l.trim().to_string()).unwrap_or_default(),
        });
    }
    if out.len() > 200 {
        return Err("at most 200 lines".into());
    }
    Ok(out)
}

pub fn parse_levers(raw: &str) -> Result<Vec<Lever>, String> {
    let mut out = Vec::new();
    for (n, p) in parts(raw) {
        if p.len() < 2 {
            return Err(format!("item {n}: expected group~amount~on~label"));
        }
        let a = p[1].trim();
        let (amount, share) = match a.strip_suffix('%') {
            Some(pc) => {
                let f = number("share", n, pc)? / 100.0;
                if f > 1.0 {
                    return Err(format!("item {n}: share {a} is over 100%"));
                }
                (0.0, Some(f))
            }
            None => (number("amount", n, a)?, None),
        };
        let on = match p.get(2).map(|o| o.trim()) {
            None | Some("1") | Some("") => true,
            Some("0") => false,
            Some(o) => return Err(format!("item {n}: on {o:?} must be 1 or 0")),
        };
        out.push(Lever {
            group: group(n, p[0])?,
            amount,
            share,
            on,
            label: p.get(3).map(|l| l.trim().to_string()).unwrap_or_default(),
        });
    }
    if out.len() > 50 {
        return Err("at most 50 levers".into());
    }
    Ok(out)
}
