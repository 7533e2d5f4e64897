//! The bill's link text forms ([`format_lines`], [`format_levers`], [`parse_lines`],
//! [`parse_levers`]) and [`ListError`], why a list was refused.
//!
//! Link form. Lines: `group~amount~hours~label` joined by `;` (hours may be empty). Levers:
//! `group~amount~on~label`, the amount written `50%` when it is a share of the group. `~` and `;`
//! cannot appear in labels and are dropped when writing.

use super::{BillLine, Group, Lever};
use crate::calc::choice::Choice;
use crate::calc::field::link_number;
use thiserror::Error;

/// Why a list of bill lines or of levers was refused. `item` counts from 1; `raw` is the part of
/// the item as typed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ListError {
    #[error("item {item}: expected {expected}")]
    Shape { item: usize, expected: &'static str },
    /// `what` is the part that is not a number: `amount`, `hours` or `share`.
    #[error("item {item}: {what} {raw:?} is not a number of 0 or more")]
    NotANumber {
        item: usize,
        what: &'static str,
        raw: String,
    },
    #[error("item {item}: group {raw:?} is not one of {}", <Group as Choice>::ids().join(", "))]
    Group { item: usize, raw: String },
    /// `percent` is the share as typed, in percent.
    #[error("item {item}: share {percent}% is over 100%")]
    ShareOver100 { item: usize, percent: f64 },
    #[error("item {item}: on {raw:?} must be 1 or 0")]
    Flag { item: usize, raw: String },
    /// `what` is the list: `lines` or `levers`.
    #[error("{count} {what} given; at most {max} are allowed")]
    TooMany {
        what: &'static str,
        count: usize,
        max: usize,
    },
}

fn clean(label: &str) -> String {
    label.replace(['~', ';'], " ").trim().to_string()
}

pub fn format_lines(lines: &[BillLine]) -> String {
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

/// The largest amount or number of hours a list item may hold.
pub const MAX_AMOUNT: f64 = 1e12;
/// The most lines and levers a bill may hold.
pub const MAX_LINES: usize = 200;
pub const MAX_LEVERS: usize = 50;

fn number(what: &'static str, item: usize, raw: &str) -> Result<f64, ListError> {
    match raw.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..=MAX_AMOUNT).contains(&v) => Ok(v),
        _ => Err(ListError::NotANumber {
            item,
            what,
            raw: raw.to_string(),
        }),
    }
}

fn parts(raw: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    raw.split(';')
        .filter(|p| !p.trim().is_empty())
        .enumerate()
        .map(|(n, p)| (n + 1, p.splitn(4, '~').collect()))
}

fn group(item: usize, raw: &str) -> Result<Group, ListError> {
    Group::from_id(raw.trim()).ok_or_else(|| ListError::Group {
        item,
        raw: raw.to_string(),
    })
}

pub fn parse_lines(raw: &str) -> Result<Vec<BillLine>, ListError> {
    let mut out = Vec::new();
    for (n, p) in parts(raw) {
        if p.len() < 2 {
            return Err(ListError::Shape {
                item: n,
                expected: "group~amount~hours~label",
            });
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
    if out.len() > MAX_LINES {
        return Err(ListError::TooMany {
            what: "lines",
            count: out.len(),
            max: MAX_LINES,
        });
    }
    Ok(out)
}

pub fn parse_levers(raw: &str) -> Result<Vec<Lever>, ListError> {
    let mut out = Vec::new();
    for (n, p) in parts(raw) {
        if p.len() < 2 {
            return Err(ListError::Shape {
                item: n,
                expected: "group~amount~on~label",
            });
        }
        let a = p[1].trim();
        let (amount, share) = match a.strip_suffix('%') {
            Some(pc) => {
                let percent = number("share", n, pc)?;
                if percent > 100.0 {
                    return Err(ListError::ShareOver100 { item: n, percent });
                }
                (0.0, Some(percent / 100.0))
            }
            None => (number("amount", n, a)?, None),
        };
        let on = match p.get(2).map(|o| o.trim()) {
            None | Some("1") | Some("") => true,
            Some("0") => false,
            Some(o) => {
                return Err(ListError::Flag {
                    item: n,
                    raw: o.to_string(),
                })
            }
        };
        out.push(Lever {
            group: group(n, p[0])?,
            amount,
            share,
            on,
            label: p.get(3).map(|l| l.trim().to_string()).unwrap_or_default(),
        });
    }
    if out.len() > MAX_LEVERS {
        return Err(ListError::TooMany {
            what: "levers",
            count: out.len(),
            max: MAX_LEVERS,
        });
    }
    Ok(out)
}
