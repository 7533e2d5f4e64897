//! Numbers written as the page's two locales write them: `en-US` and `zh-CN`, the output of the
//! browser's `Intl.NumberFormat` for the styles the page uses, produced in Rust. (Reading what a
//! person types is the other direction: [`crate::calc::number_text`].)
//!
//! The page first asked `Intl.NumberFormat` itself. Building the first formatter of a locale
//! loads the browser's locale data, about 80 ms of a first visit before the first number shows,
//! and every number then crossed into JavaScript and back as a string (about half a millisecond
//! of a slider move on a view with many figures). Both locales write numbers the same way
//! (`,` between thousands, `.` before decimals, `%` after a share), and only the currency symbol
//! differs, so the rules fit in this module; `tests/core/numtext.rs` checks them against
//! `Intl.NumberFormat`'s own outputs.
//!
//! The rules, as `Intl.NumberFormat` applies them:
//! - rounding is half away from zero on the shortest decimal that reads back as the same double
//!   (2.5 -> 3, 0.125 -> 0.13 and 1.005 -> 1.01 at two decimals, though 1.005's double is
//!   1.00499999...);
//! - plain numbers and money drop trailing zeros (`minimumFractionDigits: 0`); shares keep their
//!   decimals (`19.0%`) so a column of them lines up;
//! - a negative number keeps its sign even when it rounds to zero (`-0`), as `Intl` does;
//! - money is the sign, then the symbol, then the number: `-CN¥1,234.5`; the symbol is `CN¥` and
//!   `$` in English, `¥` and `US$` in Chinese;
//! - what is not a finite number is written `–`.
//!
//! One known difference: when a double lies exactly halfway between two shortest decimals (which
//! happens only above 2^49, about 5.6 x 10^14, where the spacing of doubles reaches a quarter),
//! JavaScript picks the even digit and Rust the other: 1,000,000,000,000,000.25 is written
//! `...000.2` by `Intl` and `...000.3` here. No amount, count or share of this page comes near.

use crate::calc::link::Lang;
use crate::calc::units::Currency;

/// What is written for a value that is not a finite number.
pub const NOT_A_NUMBER: &str = "–";

/// A plain number with at most `digits` decimals: `1,200,000`, `0.5`.
pub fn plain(v: f64, digits: u8) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    signed(v, "", &trimmed(v, digits))
}

/// A share (0.5423) as a percentage with exactly `digits` decimals: `54.2%`.
pub fn percent(fraction: f64, digits: u8) -> String {
    if !fraction.is_finite() {
        return NOT_A_NUMBER.into();
    }
    // Scaled by 100 in decimal, as `Intl` does: two more decimals of the exact value, then the
    // point moved, so 0.145 is not first turned into 14.499999999999998 by a multiplication.
    let d = digits as usize;
    let s = fixed(fraction.abs(), d + 2);
    let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
    let joined = format!("{int}{}", &frac[..2]);
    let int = joined.trim_start_matches('0');
    let int = if int.is_empty() { "0" } else { int };
    let body = if d == 0 {
        int.to_string()
    } else {
        format!("{int}.{}", &frac[2..])
    };
    format!("{}%", signed(fraction, "", &group(&body)))
}

/// An amount with its currency's symbol in `lang`, with at most `digits` decimals: none when the
/// rounded amount is whole, else at least two, so cents are never written as one digit
/// (`CN¥5,702.40`, not `CN¥5,702.4`, which reads as a measurement rather than a price). This is
/// where the page parts from `Intl`, which drops the trailing zero.
pub fn money(amount: f64, currency: Currency, lang: Lang, digits: u8) -> String {
    if !amount.is_finite() {
        return NOT_A_NUMBER.into();
    }
    let mut body = trimmed(amount, digits.max(if digits > 0 { 2 } else { 0 }));
    if let Some((_, cents)) = body.split_once('.') {
        if cents.len() == 1 {
            body.push('0');
        }
    }
    signed(amount, symbol(currency, lang), &body)
}

/// `|v|` with at most `digits` decimals, trailing zeros dropped, thousands grouped.
fn trimmed(v: f64, digits: u8) -> String {
    let mut s = fixed(v.abs(), digits as usize);
    trim_zeros(&mut s);
    group(&s)
}

/// The currency symbol `Intl` writes in each locale: the other locale's currency is marked.
pub fn symbol(currency: Currency, lang: Lang) -> &'static str {
    match (lang, currency) {
        (Lang::En, Currency::Cny) => "CN¥",
        (Lang::En, Currency::Usd) => "$",
        (Lang::Zh, Currency::Cny) => "¥",
        (Lang::Zh, Currency::Usd) => "US$",
    }
}

/// `v` (not negative) with exactly `digits` decimals, rounded as `Intl` rounds: half away from
/// zero on the shortest decimal that reads back as the same double (what JavaScript's
/// `String(v)` and Rust's `{}` both write), not on the double's exact binary value. So 1.005,
/// whose double is 1.00499999999999989..., is written 1.01, and 2.5 is 3 where Rust's `{:.0}`
/// (ties to even, on the exact value) writes 2.
fn fixed(v: f64, digits: usize) -> String {
    // `{}` never writes an exponent: 1e21 is all its digits, 1e-7 is 0.0000001.
    let shortest = format!("{v}");
    let (int, frac) = shortest.split_once('.').unwrap_or((&shortest, ""));
    if frac.len() <= digits {
        let pad = "0".repeat(digits - frac.len());
        return if digits == 0 {
            int.to_string()
        } else {
            format!("{int}.{frac}{pad}")
        };
    }
    let kept = if digits == 0 {
        int.to_string()
    } else {
        format!("{int}.{}", &frac[..digits])
    };
    if frac.as_bytes()[digits] >= b'5' {
        round_up(&kept)
    } else {
        kept
    }
}

/// Adds one unit in the last place of a decimal string of digits and at most one point.
fn round_up(s: &str) -> String {
    let mut bytes = s.as_bytes().to_vec();
    let mut i = bytes.len();
    loop {
        if i == 0 {
            bytes.insert(0, b'1');
            break;
        }
        i -= 1;
        match bytes[i] {
            b'.' => continue,
            b'9' => bytes[i] = b'0',
            d => {
                bytes[i] = d + 1;
                break;
            }
        }
    }
    String::from_utf8(bytes).unwrap_or_default()
}

/// Drops the zeros after the last significant decimal, and the point when none is left.
fn trim_zeros(s: &mut String) {
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
}

/// Puts `,` between each group of three digits of the whole part.
fn group(s: &str) -> String {
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (s, None),
    };
    let mut out = String::with_capacity(s.len() + int.len() / 3);
    for (k, c) in int.chars().enumerate() {
        if k > 0 && (int.len() - k) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if let Some(f) = frac {
        out.push('.');
        out.push_str(f);
    }
    out
}

/// The sign of `v` (kept for -0 and for negatives that round to zero, as `Intl` keeps it), then
/// `symbol`, then the digits.
fn signed(v: f64, symbol: &str, digits: &str) -> String {
    let sign = if v.is_sign_negative() { "-" } else { "" };
    format!("{sign}{symbol}{digits}")
}
