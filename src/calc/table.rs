//! One field table per calculator drives everything about an input: its link key, its range or
//! allowed ids, its check, and its link form. A calculator's inputs implement [`Calculator`] by
//! listing their [`Field`]s and, where fields constrain one another, a cross-field check; reading a
//! link, checking a stored scenario and checking an edit made on the page then all go through the
//! same code ([`read_query`], [`validate`]), so their rules cannot drift apart.
//!
//! Only [`validate`] builds a [`Valid`]: the reports and chart series take `&Valid<T>`, so an input
//! that was never checked cannot reach them.

use super::field::{link_number, FieldError, NumField};
use crate::calc::order;
use std::error::Error;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// An error that belongs beside one input: `key()` is that input's link key, `kind()` which
/// error enum it is. The page words each kind by one function in one exhaustive `match`, so a new
/// error type is a compile error until it has a kind, and a new kind until it has words.
pub trait KeyedError: Error + Send + Sync + 'static {
    fn key(&self) -> &'static str;
    fn kind(&self) -> ErrorKind;
}

// Here rather than beside `FieldError`, so that `field` does not import `table` (which imports it).
impl KeyedError for FieldError {
    fn key(&self) -> &'static str {
        FieldError::key(self)
    }
    fn kind(&self) -> ErrorKind {
        ErrorKind::Field
    }
}

/// The error enums a problem can hold, one per [`KeyedError`] type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    Field,
    UnknownItems,
    RentBuy,
    Spot,
    Billing,
    Bill,
    Advisor,
    Serving,
    Memory,
    Plan,
}

/// A choice kept as an id (see [`Choice`](super::choice::Choice)), read through plain function pointers so the table is
/// a constant; [`choice_field!`](crate::choice_field) writes one.
pub struct ChoiceField<T> {
    pub key: &'static str,
    pub get: fn(&T) -> &'static str,
    /// Sets the value with this id; `false` when no value has it.
    pub set: fn(&mut T, &str) -> bool,
    pub ids: fn() -> Vec<&'static str>,
}

/// A yes/no input, written `1` or `0`.
pub struct FlagField<T> {
    pub key: &'static str,
    pub get: fn(&T) -> bool,
    pub set: fn(&mut T, bool),
}

/// An input with a text form of its own (a list of runs, bill lines, a card id).
pub struct TextField<T: Calculator> {
    pub key: &'static str,
    pub read: fn(&mut T, &str) -> Result<(), T::Error>,
    pub write: fn(&T) -> String,
}

/// One input of a calculator.
pub enum Field<T: Calculator> {
    Num(NumField<T>),
    Choice(ChoiceField<T>),
    Flag(FlagField<T>),
    Text(TextField<T>),
}

impl<T: Calculator> Field<T> {
    pub fn key(&self) -> &'static str {
        match self {
            Field::Num(f) => f.key,
            Field::Choice(f) => f.key,
            Field::Flag(f) => f.key,
            Field::Text(f) => f.key,
        }
    }

    /// Reads the link form of the value into `t`; on error `t` is left as it was.
    pub fn read(&self, t: &mut T, raw: &str) -> Result<(), T::Error> {
        match self {
            Field::Num(f) => f.apply(t, raw).map_err(Into::into),
            Field::Choice(f) => {
                if (f.set)(t, raw.trim()) {
                    Ok(())
                } else {
                    Err(FieldError::NotAChoice {
                        key: f.key,
                        raw: raw.to_string(),
                        allowed: (f.ids)(),
                    }
                    .into())
                }
            }
            Field::Flag(f) => match raw.trim() {
                "1" | "true" => {
                    (f.set)(t, true);
                    Ok(())
                }
                "0" | "false" => {
                    (f.set)(t, false);
                    Ok(())
                }
                _ => Err(FieldError::NotAFlag {
                    key: f.key,
                    raw: raw.to_string(),
                }
                .into()),
            },
            Field::Text(f) => {
                // Read into a copy so a half-read value never stays behind.
                let mut c = t.clone();
                (f.read)(&mut c, raw)?;
                *t = c;
                Ok(())
            }
        }
    }

    /// The value's link form.
    pub fn write(&self, t: &T) -> String {
        match self {
            Field::Num(f) => link_number((f.get)(t)),
            Field::Choice(f) => (f.get)(t).to_string(),
            Field::Flag(f) => if (f.get)(t) { "1" } else { "0" }.to_string(),
            Field::Text(f) => (f.write)(t),
        }
    }

    /// Whether the value held in `t` is one this field accepts (a stored or computed value may
    /// not be: a number out of range, a list that grew too long).
    pub fn check(&self, t: &T) -> Result<(), T::Error> {
        match self {
            Field::Num(f) => f.check_in(t).map(|_| ()).map_err(Into::into),
            Field::Choice(_) | Field::Flag(_) => Ok(()),
            Field::Text(f) => {
                let mut c = t.clone();
                (f.read)(&mut c, &(f.write)(t))
            }
        }
    }

    /// Copies this field's value from `from` into `t`.
    pub fn copy(&self, t: &mut T, from: &T) {
        match self {
            Field::Num(f) => (f.set)(t, (f.get)(from)),
            Field::Choice(f) => {
                (f.set)(t, (f.get)(from));
            }
            Field::Flag(f) => (f.set)(t, (f.get)(from)),
            Field::Text(f) => {
                let _ = (f.read)(t, &(f.write)(from));
            }
        }
    }
}

/// The inputs of one calculator.
pub trait Calculator: Clone + Default + PartialEq + Send + Sync + 'static {
    type Error: KeyedError + From<FieldError> + Clone;

    /// Every input, in link and form order. Keys are unique across all calculators.
    const FIELDS: &'static [Field<Self>];

    /// Rules between inputs that are each in range.
    fn cross_check(&self) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Fills in what a link leaves to be derived, once its keys are read; `given` says which
    /// keys it named.
    fn after_read(&mut self, _given: &dyn Fn(&str) -> bool) {}

    /// What a link is written against: only values that differ from it are written, and an
    /// input a link breaks falls back to it.
    fn link_base(&self) -> Self {
        Self::default()
    }

    /// Settles the base once its amounts are in the scenario's currency, for an input whose
    /// default a link derives from whether another input is written (rent or buy's `hosting_kw`
    /// follows the machine's draw when `hosting` is given alone).
    fn link_settle(&self, _base: &mut Self) {}

    /// Converts every amount of money by `factor` (a currency switch), except those whose keys
    /// `given` names (a link's own amounts are already in its currency). Number fields of the
    /// money kind convert by themselves; a calculator with amounts inside a text field (the bill's
    /// lines) converts those too.
    fn scale_money(&mut self, factor: f64, given: &dyn Fn(&str) -> bool) {
        scale_money_fields(self, factor, given);
    }

    fn field(key: &str) -> Option<&'static Field<Self>> {
        Self::FIELDS.iter().find(|f| f.key() == key)
    }

    /// Whether the input `key` awaits the reader's figure: its box is shown empty with a
    /// message, whatever number it holds (rent or buy's price inputs after a pick without a
    /// quote for them).
    fn asked(&self, _key: &str) -> bool {
        false
    }

    /// The reader gave the input `key` a figure: it is no longer asked for.
    fn answered(&mut self, _key: &str) {}
}

/// Multiplies the money-kind number fields of `t` by `factor`, kept within each field's range,
/// skipping the keys `given` names.
pub fn scale_money_fields<T: Calculator>(t: &mut T, factor: f64, given: &dyn Fn(&str) -> bool) {
    for f in T::FIELDS {
        if let Field::Num(n) = f {
            if n.kind == super::number_text::NumberKind::Money && !given(n.key) {
                let v = ((n.get)(t) * factor).clamp(n.min, n.max);
                if v.is_finite() {
                    (n.set)(t, v);
                }
            }
        }
    }
}

/// Inputs that passed [`validate`]: every field in range and every cross-field rule kept.
#[derive(Debug, Clone, PartialEq)]
pub struct Valid<T>(T);

impl<T> Deref for Valid<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> Valid<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T: Calculator> Default for Valid<T> {
    /// The defaults are the guide's example, valid by construction (a test checks each).
    fn default() -> Self {
        Valid(T::default())
    }
}

/// Checks every field and then the rules between them.
pub fn validate<T: Calculator>(t: T) -> Result<Valid<T>, T::Error> {
    for f in T::FIELDS {
        f.check(&t)?;
    }
    t.cross_check()?;
    Ok(Valid(t))
}

/// A problem found in a link or a stored scenario, with the key of the input it belongs to.
/// It holds the calculator's own error value: [`Issue::error`] gives it back by type.
#[derive(Clone)]
pub struct Issue(Arc<dyn KeyedError>);

impl Issue {
    pub fn new(e: impl KeyedError) -> Self {
        Issue(Arc::new(e))
    }
    pub fn key(&self) -> &'static str {
        self.0.key()
    }
    pub fn kind(&self) -> ErrorKind {
        self.0.kind()
    }
    /// The error as the type its calculator reported it in.
    pub fn error<E: Error + 'static>(&self) -> Option<&E> {
        let e: &(dyn Error + 'static) = &*self.0;
        e.downcast_ref::<E>()
    }
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Debug for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Issue({:?}: {})", self.key(), self.0)
    }
}

impl PartialEq for Issue {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key() && self.to_string() == other.to_string()
    }
}

/// The pairs of a query string, in order.
pub type Pairs = [(String, String)];

/// Reads a calculator's keys from `pairs` into `t` in table order (so a preset is applied before
/// the keys that change it), then repairs what the cross-field rules refuse: each input a rule
/// names falls back to its [`Calculator::link_base`] value and the problem is reported.
/// Returns whether any key of this calculator was present.
pub fn read_query<T: Calculator>(t: &mut T, pairs: &Pairs, issues: &mut Vec<Issue>) -> bool {
    let lookup = |key: &str| pairs.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v);
    let mut any = false;
    for f in T::FIELDS {
        if let Some(raw) = lookup(f.key()) {
            any = true;
            if let Err(e) = f.read(t, raw) {
                issues.push(Issue::new(e));
            }
        }
    }
    t.after_read(&|key| lookup(key).is_some());
    repair(t, issues);
    any
}

/// Brings `t` back within its rules: the input each failing rule names takes its base value; when
/// that does not help (the rule names the input that is missing, as a latent size for latent
/// attention), the one input whose base value restores the rules does; failing both, the whole
/// calculator falls back to its defaults. Every problem found is added to `issues`.
pub fn repair<T: Calculator>(t: &mut T, issues: &mut Vec<Issue>) {
    let base = t.link_base();
    for _ in 0..T::FIELDS.len() + 1 {
        let e = match validate(t.clone()) {
            Ok(_) => return,
            Err(e) => e,
        };
        if !issues.iter().any(|i| i.key() == e.key()) {
            issues.push(Issue::new(e.clone()));
        }
        let before = t.clone();
        if let Some(f) = T::field(e.key()) {
            f.copy(t, &base);
        }
        if *t != before {
            continue;
        }
        let restores = T::FIELDS.iter().find(|f| {
            let mut c = t.clone();
            f.copy(&mut c, &base);
            c != *t && validate(c).is_ok()
        });
        match restores {
            Some(f) => f.copy(t, &base),
            None => break,
        }
    }
    if validate(t.clone()).is_err() {
        *t = T::default();
    }
}

/// Appends the keys whose values differ from [`Calculator::link_base`], its amounts converted
/// by `money` (the rate from the guide's currency to the scenario's, so a link in dollars leaves
/// out the guide's amounts in dollars, which a reader converts back the same way).
pub fn write_query<T: Calculator>(
    t: &T,
    money: f64,
    q: &mut form_urlencoded::Serializer<'_, String>,
) {
    let mut base = t.link_base();
    if money != 1.0 {
        base.scale_money(money, &|_| false);
    }
    t.link_settle(&mut base);
    for f in T::FIELDS {
        let v = f.write(t);
        if v != f.write(&base) {
            q.append_pair(f.key(), &v);
        }
    }
}

/// Writes a [`ChoiceField`] for an input held as a [`Choice`](crate::calc::choice::Choice) enum at `t.<path>`; a table lists
/// it as `Field::Choice(NAME)`.
#[macro_export]
macro_rules! choice_field {
    ($key:literal, $ty:ty, $($path:ident).+) => {
        $crate::calc::table::ChoiceField {
            key: $key,
            get: |t| <$ty as $crate::calc::choice::Choice>::id(t.$($path).+),
            set: |t, raw| match <$ty as $crate::calc::choice::Choice>::from_id(raw) {
                Some(v) => {
                    t.$($path).+ = v;
                    true
                }
                None => false,
            },
            ids: <$ty as $crate::calc::choice::Choice>::ids,
        }
    };
}

/// Writes a [`FlagField`] for a `bool` at `t.<path>`; a table lists it as `Field::Flag(NAME)`.
#[macro_export]
macro_rules! flag_field {
    ($key:literal, $($path:ident).+) => {
        $crate::calc::table::FlagField {
            key: $key,
            get: |t| t.$($path).+,
            set: |t, v| t.$($path).+ = v,
        }
    };
}

/// What [`self_check`] found wrong with a table.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TableDefect {
    #[error("key {key} is listed twice")]
    DuplicateKey { key: &'static str },
    #[error("the defaults are refused at {key}")]
    DefaultRefused { key: &'static str },
    #[error("{key}: its default does not read back")]
    DefaultUnreadable { key: &'static str },
    #[error("{key}: its default reads back changed")]
    DefaultChanged { key: &'static str },
    #[error("{key}: its slider is empty, steps by nothing or reaches outside the field's range")]
    SliderOutside { key: &'static str },
}

/// A slider must be a range with a step inside its field's range: the page's number box takes
/// the field's whole range, and the slider only a comfortable part of it.
pub fn slider_defect<T: Calculator>(f: &Field<T>) -> Option<TableDefect> {
    let Field::Num(NumField {
        key,
        min,
        max,
        slider: Some(s),
        ..
    }) = f
    else {
        return None;
    };
    let inside = *min <= s.min && s.min < s.max && s.max <= *max;
    let steps = s.step > 0.0 && s.step <= s.max - s.min;
    (!inside || !steps).then_some(TableDefect::SliderOutside { key })
}

/// Checks a table: keys unique, each default valid, each value that its field writes read back
/// unchanged, each slider a range with a step inside its field's range. Used by the tests of
/// every calculator.
pub fn self_check<T: Calculator + fmt::Debug>() -> Result<(), TableDefect> {
    let mut keys: Vec<&'static str> = T::FIELDS.iter().map(Field::key).collect();
    order::sort(&mut keys);
    if let Some(w) = keys.windows(2).find(|w| w[0] == w[1]) {
        return Err(TableDefect::DuplicateKey { key: w[0] });
    }
    validate(T::default()).map_err(|e| TableDefect::DefaultRefused { key: e.key() })?;
    let d = T::default();
    for f in T::FIELDS {
        let key = f.key();
        if let Some(defect) = slider_defect(f) {
            return Err(defect);
        }
        let mut t = T::default();
        f.read(&mut t, &f.write(&d))
            .map_err(|_| TableDefect::DefaultUnreadable { key })?;
        if t != d {
            return Err(TableDefect::DefaultChanged { key });
        }
    }
    Ok(())
}
