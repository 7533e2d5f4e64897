//! Quantities with their unit in the type.
//!
//! - [`Bytes`]: memory, counted in bytes. Binary (GiB = 2^30 B) and decimal (GB = 10^9 B)
//!   prefixes are separate constructors and readers, never mixed silently: a card sold as
//!   "80 GB" holds 80 GiB, while a 7B model in fp16 is 14 GB (10^9) of weights.
//! - [`Money`]: an amount in a [`Currency`]. A scenario has one currency; the core never
//!   converts between currencies, so arithmetic keeps the left operand's currency.
//! - [`Hours`]: durations, as decimal hours.
//! - [`Ratio`]: a fraction, 1.0 = 100%.
//! - [`Kilowatts`]: electrical draw.

use std::ops::{Add, Mul};

/// 2^30 bytes.
pub const GIB: f64 = 1_073_741_824.0;
/// 2^20 bytes.
pub const MIB: f64 = 1_048_576.0;
/// 10^9 bytes.
pub const GB: f64 = 1e9;

/// A memory size in bytes; fractional so that 4.5-bit weight formats stay exact until shown.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Bytes(pub f64);

impl Bytes {
    pub fn from_gib(gib: f64) -> Self {
        Bytes(gib * GIB)
    }
    pub fn from_gb(gb: f64) -> Self {
        Bytes(gb * GB)
    }
    pub fn from_mib(mib: f64) -> Self {
        Bytes(mib * MIB)
    }
    pub fn as_gib(self) -> f64 {
        self.0 / GIB
    }
    pub fn as_gb(self) -> f64 {
        self.0 / GB
    }
    pub fn as_mib(self) -> f64 {
        self.0 / MIB
    }
    /// Whole bytes, rounded up: what the page publishes as `data-value`.
    pub fn whole(self) -> u64 {
        self.0.max(0.0).ceil() as u64
    }
}

impl Add for Bytes {
    type Output = Bytes;
    fn add(self, rhs: Bytes) -> Bytes {
        Bytes(self.0 + rhs.0)
    }
}

impl Mul<f64> for Bytes {
    type Output = Bytes;
    fn mul(self, rhs: f64) -> Bytes {
        Bytes(self.0 * rhs)
    }
}

/// The currencies a scenario can be kept in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Currency {
    /// Chinese yuan: the guide's examples are in CNY.
    #[default]
    Cny,
    Usd,
}

crate::choice_ids!(Currency { Cny => "CNY", Usd => "USD" });

impl Currency {
    /// ISO 4217 code, as used in links (`cur=`) and by `Intl.NumberFormat`.
    pub fn code(self) -> &'static str {
        crate::calc::choice::Choice::id(self)
    }

    pub fn from_code(code: &str) -> Option<Self> {
        match code.to_ascii_uppercase().as_str() {
            "CNY" | "RMB" => Some(Currency::Cny),
            "USD" => Some(Currency::Usd),
            _ => None,
        }
    }
}

/// An amount of money in currency units (yuan, dollars), with its currency.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Money {
    pub amount: f64,
    pub currency: Currency,
}

impl Money {
    pub fn new(amount: f64, currency: Currency) -> Self {
        Money { amount, currency }
    }
}

/// Two amounts in different currencies were combined; the core never converts between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cannot combine an amount in {left} with one in {right}")]
pub struct CurrencyMismatch {
    pub left: &'static str,
    pub right: &'static str,
}

impl Money {
    /// The sum of two amounts in one currency. Money has no `+`: adding amounts of different
    /// currencies must be an error, not a silent mix.
    pub fn checked_add(self, rhs: Money) -> Result<Money, CurrencyMismatch> {
        self.same(rhs)
            .map(|c| Money::new(self.amount + rhs.amount, c))
    }

    /// The difference of two amounts in one currency.
    pub fn checked_sub(self, rhs: Money) -> Result<Money, CurrencyMismatch> {
        self.same(rhs)
            .map(|c| Money::new(self.amount - rhs.amount, c))
    }

    fn same(self, rhs: Money) -> Result<Currency, CurrencyMismatch> {
        if self.currency == rhs.currency {
            Ok(self.currency)
        } else {
            Err(CurrencyMismatch {
                left: self.currency.code(),
                right: rhs.currency.code(),
            })
        }
    }
}

impl Mul<f64> for Money {
    type Output = Money;
    fn mul(self, rhs: f64) -> Money {
        Money::new(self.amount * rhs, self.currency)
    }
}

/// A duration in decimal hours.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Hours(pub f64);

/// A fraction, where 1.0 means 100%.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Ratio(pub f64);

impl Ratio {
    pub fn from_percent(p: f64) -> Self {
        Ratio(p / 100.0)
    }
    pub fn percent(self) -> f64 {
        self.0 * 100.0
    }
}

/// Electrical power in kilowatts.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Kilowatts(pub f64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gib_and_gb_stay_distinct() {
        let b = Bytes::from_gb(14.0);
        assert_eq!(b.0, 14e9);
        assert!((b.as_gib() - 13.038516).abs() < 1e-6);
        assert_eq!(Bytes::from_gib(80.0).0, 80.0 * 1_073_741_824.0);
        assert_eq!(Bytes::from_mib(0.5).whole(), 524_288);
    }

    #[test]
    fn currency_codes_round_trip() {
        for c in [Currency::Cny, Currency::Usd] {
            assert_eq!(Currency::from_code(c.code()), Some(c));
        }
        assert_eq!(Currency::from_code("eur"), None);
    }

    #[test]
    fn money_keeps_its_currency() {
        let a = Money::new(10.0, Currency::Usd)
            .checked_add(Money::new(5.0, Currency::Usd))
            .unwrap();
        assert_eq!(a, Money::new(15.0, Currency::Usd));
        assert_eq!((a * 2.0).amount, 30.0);
        assert_eq!(
            a.checked_sub(Money::new(1.0, Currency::Cny)),
            Err(CurrencyMismatch {
                left: "USD",
                right: "CNY"
            })
        );
    }
}
