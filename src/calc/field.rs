//! Numeric input fields: one descriptor per field, shared by the link decoder and the form, so a
//! range is written down once and a value typed into the page is checked exactly like a value read
//! from a link.
//!
//! Values are held in *link units*: the unit the link key names (`util=54` is 54 percent, `months=36`
//! is 36 months). Converting to the calculator's typed quantities happens in the accessors.

pub use super::number_text::NumberKind;
use super::number_text::{read_number, NumberTextError};
use thiserror::Error;

/// A problem with one field's raw text or value, naming the field by its link key. The page
/// words it with the field's label; the text here is for logs and tests.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum FieldError {
    #[error("{key}: expected a number, found {raw:?} ({why:?})")]
    NotANumber {
        key: &'static str,
        raw: String,
        why: NumberTextError,
    },
    #[error("{key}: {value} is outside the allowed range {min} to {max}")]
    OutOfRange {
        key: &'static str,
        value: f64,
        min: f64,
        max: f64,
        kind: NumberKind,
    },
    #[error("{key}: expected a whole number, found {value}")]
    NotWhole { key: &'static str, value: f64 },
    #[error("{key}: expected one of {}, found {raw:?}", allowed.join(", "))]
    NotAChoice {
        key: &'static str,
        raw: String,
        allowed: Vec<&'static str>,
    },
    #[error("{key}: expected 1 or 0, found {raw:?}")]
    NotAFlag { key: &'static str, raw: String },
}

impl FieldError {
    /// The link key of the field the problem belongs to, so the page can show it beside that field.
    pub fn key(&self) -> &'static str {
        match self {
            FieldError::NotANumber { key, .. }
            | FieldError::OutOfRange { key, .. }
            | FieldError::NotWhole { key, .. }
            | FieldError::NotAChoice { key, .. }
            | FieldError::NotAFlag { key, .. } => key,
        }
    }
}

/// What a number field accepts, without its accessors: the page's number boxes and the bill's
/// table cells check typed text with it exactly as a link value is checked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NumSpec {
    pub key: &'static str,
    pub min: f64,
    pub max: f64,
    pub whole: bool,
    pub kind: NumberKind,
}

impl NumSpec {
    /// Reads text typed by a person or found in a link ([`read_number`]: full-width digits,
    /// `万`, `k`, grouping commas, `%` in a percentage) and checks it.
    pub fn parse(&self, raw: &str) -> Result<f64, FieldError> {
        let value = read_number(raw, self.kind).map_err(|why| FieldError::NotANumber {
            key: self.key,
            raw: raw.to_string(),
            why,
        })?;
        self.check(value)
    }

    /// Checks a number already read (a slider's value, a stored scenario's field).
    pub fn check(&self, value: f64) -> Result<f64, FieldError> {
        if !value.is_finite() {
            return Err(FieldError::NotANumber {
                key: self.key,
                raw: value.to_string(),
                why: NumberTextError::NotFinite,
            });
        }
        if value < self.min || value > self.max {
            return Err(FieldError::OutOfRange {
                key: self.key,
                value,
                min: self.min,
                max: self.max,
                kind: self.kind,
            });
        }
        if self.whole && value.fract() != 0.0 {
            return Err(FieldError::NotWhole {
                key: self.key,
                value,
            });
        }
        Ok(value)
    }
}

/// A slider's comfortable range and its step, in link units (money in the guide's yuan: the page
/// converts the range for an amount in dollars). The number box beside it still takes the field's
/// whole range, and a value outside the slider's widens it on the page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slider {
    pub min: f64,
    pub max: f64,
    pub step: f64,
}

/// Describes one numeric input of a calculator whose inputs are `T`.
pub struct NumField<T> {
    /// The link key, also the suffix of the field's `data-testid` (`input-<key>`).
    pub key: &'static str,
    pub min: f64,
    pub max: f64,
    /// The slider the form draws beside the number box, for the fields that have one (by
    /// reference: most fields have none, and each table entry stays a word wide for it).
    pub slider: Option<&'static Slider>,
    /// Whether only whole numbers are allowed.
    pub whole: bool,
    /// How the value is written: money follows the scenario's currency (and converts with it), a
    /// percentage may be typed with `%`.
    pub kind: NumberKind,
    pub get: fn(&T) -> f64,
    pub set: fn(&mut T, f64),
}

impl<T> NumField<T> {
    /// What the field accepts.
    pub const fn spec(&self) -> NumSpec {
        NumSpec {
            key: self.key,
            min: self.min,
            max: self.max,
            whole: self.whole,
            kind: self.kind,
        }
    }

    /// Parses text typed by a person or found in a link (see [`NumSpec::parse`]).
    pub fn parse(&self, raw: &str) -> Result<f64, FieldError> {
        self.spec().parse(raw)
    }

    /// Checks a number already parsed (a slider's value, a stored scenario's field).
    pub fn check(&self, value: f64) -> Result<f64, FieldError> {
        self.spec().check(value)
    }

    /// Parses and, when valid, stores the value into `target`.
    pub fn apply(&self, target: &mut T, raw: &str) -> Result<(), FieldError> {
        let v = self.parse(raw)?;
        (self.set)(target, v);
        Ok(())
    }

    /// The value in `target`, checked against the range (a stored or derived value may not be).
    pub fn check_in(&self, target: &T) -> Result<f64, FieldError> {
        self.check((self.get)(target))
    }
}

/// Formats a number for a link: a plain decimal with at most ten decimals, trailing zeros cut,
/// so that a percentage read back as a fraction and shown again (`0.3 x 100`) stays `30`.
pub fn link_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        return format!("{}", v as i64);
    }
    let s = format!("{v:.10}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct S {
        x: f64,
    }

    const F: NumField<S> = NumField {
        key: "x",
        min: 0.0,
        max: 100.0,
        slider: None,
        whole: false,
        kind: NumberKind::Plain,
        get: |s| s.x,
        set: |s, v| s.x = v,
    };

    #[test]
    fn parses_separators_and_rejects_garbage() {
        assert_eq!(F.parse(" 1,500 ").ok(), None, "out of range");
        assert_eq!(
            F.parse(" 1,5 ").ok(),
            None,
            "a decimal comma is refused, not read as 15"
        );
        assert_eq!(F.parse("12.5").ok(), Some(12.5));
        assert!(matches!(F.parse("abc"), Err(FieldError::NotANumber { .. })));
        assert!(matches!(F.parse("NaN"), Err(FieldError::NotANumber { .. })));
        assert!(matches!(F.parse("inf"), Err(FieldError::NotANumber { .. })));
        assert!(matches!(F.parse("101"), Err(FieldError::OutOfRange { .. })));
        assert!(matches!(F.parse("-1"), Err(FieldError::OutOfRange { .. })));
        assert!(matches!(F.parse(""), Err(FieldError::NotANumber { .. })));
    }

    #[test]
    fn messages_name_field_value_and_range() {
        let e = F.parse("150").unwrap_err();
        assert_eq!(
            e.to_string(),
            "x: 150 is outside the allowed range 0 to 100"
        );
        assert_eq!(e.key(), "x");
        let e = F.parse("abc").unwrap_err();
        assert_eq!(
            e.to_string(),
            "x: expected a number, found \"abc\" (NotANumber)"
        );
    }

    #[test]
    fn apply_leaves_target_alone_on_error() {
        let mut s = S { x: 7.0 };
        assert!(F.apply(&mut s, "oops").is_err());
        assert_eq!(s.x, 7.0);
        F.apply(&mut s, "8").unwrap();
        assert_eq!((F.get)(&s), 8.0);
    }

    #[test]
    fn link_numbers_are_plain() {
        assert_eq!(link_number(1_200_000.0), "1200000");
        assert_eq!(link_number(0.13), "0.13");
        assert_eq!(link_number(54.0), "54");
        assert_eq!(link_number(0.3 * 100.0), "30");
        assert_eq!(link_number(0.2 * 100.0), "20");
    }
}
