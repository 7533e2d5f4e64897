//! Months as the catalogue dates its prices ("YYYY-MM") and days counted on the civil calendar.
//!
//! Shared by build.rs (`#[path]`), which refuses a catalogue row whose date does not read, and by
//! [`super::age`], which counts how old a price is, so the two can never disagree on what a date
//! means. Plain std only (build.rs has no other crate for it), so the error implements
//! `Display` by hand rather than through thiserror.

use std::fmt;

/// The years a catalogue date may name: anything outside is a slip of digits, not a price.
pub const FIRST_YEAR: i32 = 2000;
pub const LAST_YEAR: i32 = 2099;

/// A month of a year, as a catalogue row dates its price.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Month {
    pub year: i32,
    /// 1 to 12.
    pub month: u32,
}

/// Why a date is not a catalogue month.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MonthError {
    /// Not four digits, a hyphen and two digits.
    Shape,
    /// The month is not 01 to 12.
    Month(u32),
    /// The year is outside [`FIRST_YEAR`] to [`LAST_YEAR`].
    Year(i32),
}

impl fmt::Display for MonthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MonthError::Shape => write!(f, "a date is written YYYY-MM, such as 2026-09"),
            MonthError::Month(m) => write!(f, "month {m} is not 01 to 12"),
            MonthError::Year(y) => {
                write!(f, "year {y} is not {FIRST_YEAR} to {LAST_YEAR}")
            }
        }
    }
}

impl std::error::Error for MonthError {}

/// Reads "YYYY-MM": exactly four digits, a hyphen, two digits.
pub fn parse_month(s: &str) -> Result<Month, MonthError> {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    if b.len() != 7 || b[4] != b'-' || !digits(0..4) || !digits(5..7) {
        return Err(MonthError::Shape);
    }
    // Checked to be ASCII digits above, so both parse.
    let year: i32 = s[0..4].parse().map_err(|_| MonthError::Shape)?;
    let month: u32 = s[5..7].parse().map_err(|_| MonthError::Shape)?;
    if !(1..=12).contains(&month) {
        return Err(MonthError::Month(month));
    }
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return Err(MonthError::Year(year));
    }
    Ok(Month { year, month })
}

/// Whether `year` has a 29 February (Gregorian rule).
pub fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Days in a month of a year (`month` 1 to 12).
pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar (negative before).
///
/// Counts whole 400-year eras (146,097 days each) from 0000-03-01, so that the leap day falls at
/// the end of each counted year; the day of the year is then a fixed formula of the month
/// (`(153 m + 2) / 5` gives the days before month `m` counted from March), and 719,468 is the
/// count from 0000-03-01 to 1970-01-01.
pub fn days_from_civil(year: i32, month: u32, day: u32) -> i64 {
    let y = i64::from(year) - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Hours in a month of rent (a year of 8,760 hours over 12): a monthly rent is divided by this
/// to compare it with an hourly one, as the catalogue's rows have always done.
pub const RENT_MONTH_HOURS: f64 = 730.0;
