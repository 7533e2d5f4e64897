//! The rent-or-buy inputs' own value types, below the calculations that read them: a reserved
//! term and how it is paid ([`super::reserve`] prices them), and the month-by-month demand profile
//! as typed and linked ([`super::demand`] plans over it). Kept apart so that the inputs
//! ([`super::rent_buy`]) do not import the modules that import them.

use super::units::Hours;
use thiserror::Error;

/// How long a machine is reserved for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReserveTerm {
    /// One month (包月).
    Month,
    /// One year (包年): the guide's annual rental.
    #[default]
    Year,
    /// Three years.
    ThreeYears,
}

crate::choice_ids!(ReserveTerm { Month => "1m", Year => "1y", ThreeYears => "3y" });

impl ReserveTerm {
    /// The term in months.
    pub fn months(self) -> f64 {
        match self {
            ReserveTerm::Month => 1.0,
            ReserveTerm::Year => 12.0,
            ReserveTerm::ThreeYears => 36.0,
        }
    }
}

/// How a reserved term is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReservePay {
    /// Month by month over the term.
    Monthly,
    /// The whole term at its start, as Chinese clouds sell 包年包月.
    #[default]
    Upfront,
}

crate::choice_ids!(ReservePay { Monthly => "monthly", Upfront => "upfront" });

/// Why a typed demand profile was refused.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum DemandError {
    #[error("demand: item {item} is {raw:?}; expected machine-hours from 0 to {max}")]
    Item { item: usize, raw: String, max: f64 },
    #[error("demand: {months} months given; at most {max} are allowed")]
    TooLong { months: usize, max: usize },
}

/// The most machine-hours one month of a profile may hold, and the most months.
pub const MAX_MONTH_HOURS: f64 = 1e7;
pub const MAX_MONTHS: usize = 120;

/// Parses a profile typed as comma-separated machine-hours (`600,900,1500`); blanks are ignored.
pub fn parse_demand(raw: &str) -> Result<Vec<Hours>, DemandError> {
    let mut out = Vec::new();
    let parts = raw.split([',', ';', ' ', '\n']).map(str::trim);
    for (n, part) in parts.filter(|p| !p.is_empty()).enumerate() {
        match part.parse::<f64>() {
            Ok(v) if v.is_finite() && (0.0..=MAX_MONTH_HOURS).contains(&v) => out.push(Hours(v)),
            _ => {
                return Err(DemandError::Item {
                    item: n + 1,
                    raw: part.to_string(),
                    max: MAX_MONTH_HOURS,
                })
            }
        }
    }
    if out.len() > MAX_MONTHS {
        return Err(DemandError::TooLong {
            months: out.len(),
            max: MAX_MONTHS,
        });
    }
    Ok(out)
}

/// The profile as it is written in a link.
pub fn format_demand(d: &[Hours]) -> String {
    d.iter()
        .map(|h| super::field::link_number(h.0))
        .collect::<Vec<_>>()
        .join(",")
}
