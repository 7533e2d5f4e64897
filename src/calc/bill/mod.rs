//! The monthly bill review (docs/formulas.md, "Monthly bill"): bill lines in four groups, savings
//! levers from the hidden-cost table, and what the levers save.
//!
//! Defaults are the guide's month for a team of four (21,000 CNY) and its three levers: most of
//! the 2,200 of disks and snapshots were three-month-old snapshots (1,600), the forgotten
//! instances (1,500 of the 2,500 of other costs), and half the public traffic moved to the
//! internal network (900): 4,000 saved, 19.0% of the bill. Each default lever is a share of its
//! group (1,600 / 2,200, 60%, 50%), so on a bill of the reader's own it saves from the reader's
//! groups; a lever ticked with neither an amount nor a share is listed as unpriced and the page
//! asks for its amount.

mod link;

pub use link::{
    format_levers, format_lines, parse_levers, parse_lines, ListError, MAX_AMOUNT, MAX_LEVERS,
    MAX_LINES,
};

use super::choice::Choice;
use super::field::FieldError;
use super::table::{validate, Calculator, Field, KeyedError, TextField, Valid};
use super::units::{Currency, Money};
use thiserror::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Group {
    #[default]
    Instances,
    Storage,
    Traffic,
    Other,
}

crate::choice_ids!(Group {
    Instances => "instances",
    Storage => "storage",
    Traffic => "traffic",
    Other => "other",
});

/// The report keeps one total per group in a fixed-size array; this keeps that size and the list
/// of groups from drifting apart.
const GROUPS: usize = 4;
const _: () = assert!(<Group as Choice>::ALL.len() == GROUPS);

/// One value per group, in [`Choice::ALL`] order.
fn per_group<V>(mut f: impl FnMut(Group) -> V) -> [(Group, V); GROUPS] {
    std::array::from_fn(|k| {
        let g = <Group as Choice>::ALL[k];
        (g, f(g))
    })
}

#[derive(Debug, Clone, PartialEq)]
pub struct BillLine {
    pub label: String,
    pub group: Group,
    /// Hours, for instance lines (the unit price is derived).
    pub hours: Option<f64>,
    pub amount: f64,
}

/// A saving: a fixed amount, or a share of its group's total when `share` is set (so "half the
/// traffic" follows the traffic line when it is edited).
#[derive(Debug, Clone, PartialEq)]
pub struct Lever {
    pub label: String,
    pub group: Group,
    pub amount: f64,
    /// Fraction 0 to 1 of the group's total; overrides `amount`.
    pub share: Option<f64>,
    pub on: bool,
}

impl Lever {
    /// What the lever saves on a bill whose group totals are `by_group` (amounts in the bill's
    /// currency, like the lines).
    ///
    /// A share saves whole hundredths of the currency, as a bill is written: the share a link
    /// carries (ten decimals of a percent) then saves exactly what the share held in full does.
    pub fn saves(&self, by_group: &[(Group, f64); GROUPS]) -> f64 {
        match self.share {
            Some(f) => {
                let of = by_group
                    .iter()
                    .find(|g| g.0 == self.group)
                    .map(|g| g.1)
                    .unwrap_or(0.0);
                (f * of * 100.0).round() / 100.0
            }
            None => self.amount,
        }
    }

    /// Ticked, but holding neither an amount nor a share: what it saves is not known.
    pub fn unpriced(&self) -> bool {
        self.on && self.share.is_none() && self.amount == 0.0
    }
}

#[derive(Debug, Clone, PartialEq)]
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
                // The guide's 1,600 and 1,500 as shares of the groups they came from, so that a
                // bill of the reader's own saves from its own groups, not the guide's amounts.
                // 1,600 / 2,200 is written to the ten decimals of a percent a link carries, so the
                // default reads back from its link unchanged; it saves 1,600.00 to the cent.
                lever(
                    "delete snapshots older than a month",
                    Group::Storage,
                    0.0,
                    Some(72.727_272_727_3 / 100.0),
                    true,
                ),
                lever(
                    "release the forgotten instances",
                    Group::Other,
                    0.0,
                    Some(1_500.0 / 2_500.0),
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

impl Calculator for BillInputs {
    type Error = BillError;

    // Both lists are checked by reading back what they write, so a value set on the page (a
    // negative amount, a share over 100%) is refused just as it would be in a link.
    const FIELDS: &'static [Field<Self>] = &[
        Field::Text(TextField {
            key: "lines",
            read: |i, raw| {
                i.lines = parse_lines(raw).map_err(BillError::Lines)?;
                Ok(())
            },
            write: |i| format_lines(&i.lines),
        }),
        Field::Text(TextField {
            key: "levers",
            read: |i, raw| {
                i.levers = parse_levers(raw).map_err(BillError::Levers)?;
                Ok(())
            },
            write: |i| format_levers(&i.levers),
        }),
    ];

    /// The lines' amounts, and the levers' that are amounts rather than shares, are money.
    fn scale_money(&mut self, factor: f64, given: &dyn Fn(&str) -> bool) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        // Kept within what a list reads back, as number fields are kept within their ranges: a
        // largest amount converted at the lowest rate would otherwise refuse the whole list.
        if !given("lines") {
            for l in &mut self.lines {
                l.amount = (l.amount * factor).min(MAX_AMOUNT);
            }
        }
        if !given("levers") {
            for l in self.levers.iter_mut().filter(|l| l.share.is_none()) {
                l.amount = (l.amount * factor).min(MAX_AMOUNT);
            }
        }
    }
}

/// Why bill inputs were refused: a problem in one of the two lists, which says which.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum BillError {
    #[error("lines: {0}")]
    Lines(ListError),
    #[error("levers: {0}")]
    Levers(ListError),
    /// The table's shared code reports in [`FieldError`]; the bill's two lists have their own.
    #[error(transparent)]
    Field(#[from] FieldError),
}

impl KeyedError for BillError {
    fn kind(&self) -> crate::calc::table::ErrorKind {
        crate::calc::table::ErrorKind::Bill
    }
    fn key(&self) -> &'static str {
        match self {
            BillError::Lines(_) => "lines",
            BillError::Levers(_) => "levers",
            BillError::Field(e) => e.key(),
        }
    }
}

/// Everything the bill view shows. Amounts are in the currency passed to [`report`].
#[derive(Debug, Clone, PartialEq)]
pub struct BillReport {
    pub total: Money,
    pub by_group: [(Group, Money); GROUPS],
    pub savings: Money,
    /// Savings as a share of the total, 0 to 1.
    pub share: f64,
    /// What each lever saves (0 when off), in input order.
    pub lever_savings: Vec<Money>,
    /// Group totals after the levers that are on.
    pub after_by_group: [(Group, Money); GROUPS],
    /// Price per hour of each line that has hours.
    pub unit_prices: Vec<Option<Money>>,
    /// The levers ticked that save nothing because they hold neither an amount nor a share:
    /// the page asks for their amount (indices into the levers).
    pub unpriced: Vec<usize>,
}

/// Checks the inputs and reviews the bill: for callers that hold unchecked inputs.
pub fn review(i: &BillInputs, currency: Currency) -> Result<BillReport, BillError> {
    Ok(report(&validate(i.clone())?, currency))
}

/// The bill review. Sums are taken in plain amounts, in the inputs' currency, and given the
/// currency once at the end.
pub fn report(i: &Valid<BillInputs>, currency: Currency) -> BillReport {
    let money = |a: f64| Money::new(a, currency);
    let total: f64 = i.lines.iter().map(|l| l.amount).sum();
    let by_group = per_group(|g| {
        i.lines
            .iter()
            .filter(|l| l.group == g)
            .map(|l| l.amount)
            .sum::<f64>()
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
    BillReport {
        total: money(total),
        by_group: by_group.map(|(g, a)| (g, money(a))),
        after_by_group: after_by_group.map(|(g, a)| (g, money(a))),
        lever_savings: lever_savings.into_iter().map(money).collect(),
        savings: money(savings),
        share: if total > 0.0 { savings / total } else { 0.0 },
        unit_prices: i
            .lines
            .iter()
            // Hours so small that the price an hour overflows (a typed 5e-324) have no price an
            // hour to show, rather than an infinite one.
            .map(|l| {
                l.hours
                    .filter(|h| *h > 0.0)
                    .map(|h| l.amount / h)
                    .filter(|p| p.is_finite())
                    .map(money)
            })
            .collect(),
        unpriced: (i.levers.iter().enumerate())
            .filter(|(_, l)| l.unpriced())
            .map(|(n, _)| n)
            .collect(),
    }
}
