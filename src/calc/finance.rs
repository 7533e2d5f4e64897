//! The cost of money and of age: what a machine bought up front costs a month once the capital
//! it ties up is charged for, and what it fetches when sold (docs/formulas.md, "Own, reserve or
//! rent").
//!
//! ```text
//! i           = annual rate / 12                                  monthly rate
//! v           = 1 / (1 + i)                                       one month's discount
//! capital(n)  = (purchase - resale x v^n) x i / (1 - v^n)         i > 0
//!             = (purchase - resale) / n                           i = 0
//! prepaid(n)  = amount x i / (1 - v^n)                            an amount paid at the start
//!                                                                 of n months, as a monthly sum
//! ```
//!
//! `capital(n)` is the level monthly charge whose present value over `n` months equals the
//! purchase less the present value of the resale received at the end: the textbook capital
//! recovery charge with a salvage value. Monthly sums are taken as paid at the end of each month,
//! as the page compares rent, electricity and staff month by month; the purchase and any
//! prepayment are paid at the start. The monthly rate is the annual rate divided by twelve, as
//! loan repayments (等额本息) are computed; an annual rate compounded monthly is a little more
//! than the rate typed (8% a year is 8.30% effective).
//!
//! The resale curve gives the share of the purchase price a machine fetches at the end of year
//! 1, 2, 3, ... of its life. Between those points the share is read on a straight line (with
//! 100% at the day of purchase), and past the last one it stays at the last share: add a `0`
//! to say a machine is worth nothing after that.

use super::number_text::{read_number, NumberKind};
use super::units::Ratio;
use thiserror::Error;

/// `1 - (1 + i)^-n`, without the cancellation of the direct form at small rates.
fn one_minus_discount(i: f64, n: f64) -> f64 {
    -(-n * i.ln_1p()).exp_m1()
}

/// `(1 + i)^-n`: the value today of one unit received after `n` months at monthly rate `i`.
pub fn discount_factor(i: f64, n: f64) -> f64 {
    (-n * i.ln_1p()).exp()
}

/// The capital recovery factor `i / (1 - (1 + i)^-n)`: the monthly sum, paid at each month's
/// end, that repays one unit lent today over `n` months. `1 / n` at `i = 0`.
pub fn recovery_factor(i: f64, n: f64) -> f64 {
    if i == 0.0 {
        1.0 / n
    } else {
        i / one_minus_discount(i, n)
    }
}

/// The monthly rate of an annual one: a twelfth of it.
pub fn monthly_rate(annual: Ratio) -> f64 {
    annual.0 / 12.0
}

/// The level monthly charge of owning a machine bought for `purchase` and sold for `resale` after
/// `months` months, at the annual rate `rate`. At rate 0 it is exactly
/// `(purchase - resale) / months`, the straight-line depreciation the guide uses.
pub fn capital_charge(purchase: f64, resale: f64, months: f64, rate: Ratio) -> f64 {
    let i = monthly_rate(rate);
    if i == 0.0 {
        return (purchase - resale) / months;
    }
    (purchase - resale * discount_factor(i, months)) * recovery_factor(i, months)
}

/// An amount paid at the start of `months` months, spread over them as a monthly sum at the
/// annual rate `rate`: the amount / months at rate 0, more at any positive rate (the interest
/// the prepaid money would have earned).
pub fn prepaid_monthly(amount: f64, months: f64, rate: Ratio) -> f64 {
    amount * recovery_factor(monthly_rate(rate), months)
}

/// The most years a resale curve may list: the longest horizon is 240 months.
pub const MAX_RESALE_YEARS: usize = 20;

/// The share of its price a machine fetches after `months` months, read from a curve of
/// year-end shares (see the module docs). `None` for an empty curve: the single resale value
/// applies then.
pub fn resale_share(curve: &[Ratio], months: f64) -> Option<Ratio> {
    let last = curve.last()?;
    let years = (months / 12.0).max(0.0);
    let whole = years.floor();
    let k = whole as usize;
    if k >= curve.len() {
        return Some(*last);
    }
    let before = if k == 0 { 1.0 } else { curve[k - 1].0 };
    let after = curve[k].0;
    Some(Ratio(before + (after - before) * (years - whole)))
}

/// Why a typed resale curve was refused.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ResaleCurveError {
    #[error("resale_curve: year {year} is {raw:?}; expected a percentage from 0 to 100")]
    Item { year: usize, raw: String },
    #[error("resale_curve: {years} years given; at most {max} are allowed")]
    TooLong { years: usize, max: usize },
    /// Typed into the box: a comma with a digit on each side (`1,5`) that could be a decimal
    /// comma as well as a separator between years. `raw` is the digits around it (full-width
    /// forms folded: `１，５` is `1,5`).
    #[error("resale_curve: {raw:?} could be one decimal or two years")]
    AmbiguousComma { raw: String },
}

/// What separates the years of a curve: commas, semicolons, the Chinese enumeration comma and
/// blanks, in their ASCII and full-width forms.
fn is_year_separator(c: char) -> bool {
    matches!(c, ',' | ';' | '\u{3001}' | '\u{FF0C}' | '\u{FF1B}') || c.is_whitespace()
}

/// Reads a curve in its link form: percentages, one per year, separated by commas (`78,60,46,35`),
/// semicolons, `、` or blanks; each is read as a percent box reads a number (a `%` after it, full-
/// width digits). The box adds one rule, [`check_typed_resale_curve`].
pub fn parse_resale_curve(raw: &str) -> Result<Vec<Ratio>, ResaleCurveError> {
    let mut out = Vec::new();
    let parts = raw.split(is_year_separator).map(str::trim);
    for (n, part) in parts.filter(|p| !p.is_empty()).enumerate() {
        match read_number(part, NumberKind::Percent) {
            // Kept to the ten decimals the link writes, so a curve read back from its own link
            // is the same curve (`１E-11` is 0, not a share no link can hold).
            Ok(v) if (0.0..=100.0).contains(&v) => {
                out.push(Ratio::from_percent((v * 1e10).round() / 1e10))
            }
            _ => {
                return Err(ResaleCurveError::Item {
                    year: n + 1,
                    raw: part.to_string(),
                })
            }
        }
    }
    if out.len() > MAX_RESALE_YEARS {
        return Err(ResaleCurveError::TooLong {
            years: out.len(),
            max: MAX_RESALE_YEARS,
        });
    }
    Ok(out)
}

/// The rule a typed curve adds to the link's: a comma with a digit right before and right after
/// it is a decimal comma to many readers (`1,5` is one and a half in much of Europe) and a
/// separator between years in the link form. Every number box refuses `1,5` rather than guess
/// (src/calc/number_text.rs); this box does the same unless the text can only be a list: two or
/// more such commas and no other separator (`78,60,46,35`, the form a link is written in). One
/// such comma alone (`1,5`, `78,60`), or beside other separators (`78,5, 60`), is refused, and
/// the message shows both readings (`1.5` and `1, 5`).
pub fn check_typed_resale_curve(raw: &str) -> Result<(), ResaleCurveError> {
    let folded: Vec<char> = raw.chars().map(super::number_text::fold_width).collect();
    let digit = |k: usize| folded.get(k).is_some_and(|c| c.is_ascii_digit());
    let start = folded.iter().position(|c| !c.is_whitespace()).unwrap_or(0);
    let end = folded
        .iter()
        .rposition(|c| !c.is_whitespace())
        .map_or(0, |e| e + 1);
    let mut tight = Vec::new();
    let mut other = false;
    for (k, &c) in folded.iter().enumerate().take(end).skip(start) {
        if c == ',' && k > 0 && digit(k - 1) && digit(k + 1) {
            tight.push(k);
        } else if is_year_separator(c) {
            other = true;
        }
    }
    let first = match tight.first() {
        Some(&k) if tight.len() == 1 || other => k,
        _ => return Ok(()),
    };
    // The digits on either side of the first such comma, as typed.
    let mut from = first;
    while from > 0 && digit(from - 1) {
        from -= 1;
    }
    let mut to = first + 1;
    while digit(to) {
        to += 1;
    }
    Err(ResaleCurveError::AmbiguousComma {
        raw: folded[from..to].iter().collect(),
    })
}

/// The curve as the box shows it: percentages with a comma and a blank between years, which
/// [`check_typed_resale_curve`] accepts at any length.
pub fn write_typed_resale_curve(curve: &[Ratio]) -> String {
    curve
        .iter()
        .map(|r| super::field::link_number(r.percent()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The curve as it is written in a link: percentages, comma-separated.
pub fn format_resale_curve(curve: &[Ratio]) -> String {
    curve
        .iter()
        .map(|r| super::field::link_number(r.percent()))
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_curve_is_read_on_straight_lines_and_held_after_its_end() {
        let c = [Ratio(0.8), Ratio(0.6)];
        assert_eq!(resale_share(&c, 0.0), Some(Ratio(1.0)));
        assert_eq!(resale_share(&c, 6.0), Some(Ratio(0.9)));
        assert_eq!(resale_share(&c, 12.0), Some(Ratio(0.8)));
        assert_eq!(resale_share(&c, 18.0), Some(Ratio(0.7)));
        assert_eq!(resale_share(&c, 24.0), Some(Ratio(0.6)));
        assert_eq!(resale_share(&c, 240.0), Some(Ratio(0.6)));
        assert_eq!(resale_share(&[], 36.0), None);
    }

    #[test]
    fn small_rates_do_not_cancel() {
        // At 1e-12 a month the charge is straight-line to within rounding, not garbage.
        let c = capital_charge(1.2e6, 0.0, 36.0, Ratio(12e-12));
        assert!((c - 1.2e6 / 36.0).abs() < 1e-3, "{c}");
    }
}
