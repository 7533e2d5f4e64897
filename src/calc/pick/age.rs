//! How old a catalogue price is, and whether it is stale.
//!
//! A price is dated by its month ("2026-06"), read as that month's **first day**: the age is then
//! the longest the price can be, so a warning comes at most a month early and never late. A
//! price is stale when it is more than [`STALE_AFTER_DAYS`] days old, and the page shows "price
//! from <month>" beside it. Days are counted on the Gregorian calendar
//! ([`super::month::days_from_civil`]), so month lengths and leap years count as they fall.

use super::month::{days_from_civil, days_in_month, parse_month, MonthError};
use super::Pick;
use crate::calc::memory::prices::Quote;
use thiserror::Error;

/// Past this many days a price is stale.
pub const STALE_AFTER_DAYS: i64 = 180;

/// A date that cannot be counted from.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DateError {
    #[error("date {found:?}: {problem}")]
    Month { found: String, problem: MonthError },
    #[error("today, {year}-{month}-{day}, is not a day of the calendar")]
    Today { year: i32, month: u32, day: u32 },
}

/// Days from the first day of the month `date` ("YYYY-MM") to `today` (year, month, day):
/// negative when the month is later than today.
pub fn age_in_days(date: &str, today: (i32, u32, u32)) -> Result<i64, DateError> {
    let m = parse_month(date).map_err(|problem| DateError::Month {
        found: date.to_string(),
        problem,
    })?;
    let (year, month, day) = today;
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return Err(DateError::Today { year, month, day });
    }
    Ok(days_from_civil(year, month, day) - days_from_civil(m.year, m.month, 1))
}

/// Whether a price dated `date` is more than [`STALE_AFTER_DAYS`] old on `today`.
pub fn is_stale(date: &str, today: (i32, u32, u32)) -> Result<bool, DateError> {
    Ok(age_in_days(date, today)? > STALE_AFTER_DAYS)
}

impl Pick {
    /// The row's quotes that are stale on `today` (each to be shown "price from <month>").
    pub fn stale_quotes(&self, today: (i32, u32, u32)) -> Result<Vec<&'static Quote>, DateError> {
        let mut stale = Vec::new();
        for q in self.quotes() {
            if is_stale(q.date, today)? {
                stale.push(q);
            }
        }
        Ok(stale)
    }
}
