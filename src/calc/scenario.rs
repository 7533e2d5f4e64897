//! A scenario: every calculator's inputs together, the unit that is saved, shared and compared,
//! and beside it the reader's progress (checklist ticks), which is not an input.
//!
//! Each calculator appears once, in the `calculators!` list below: that line gives the scenario
//! its field and makes the calculator's table part of links and stored scenarios. Shared things
//! are held once: one currency, one model and one card for both memory views.
//!
//! Stored format (schema 2): the link query of the scenario, `schema=2&price=90&...`, read back
//! through the same checks as a link. Schema 1 (JSON, `{"schema": 1, "scenario": {...}}`) is
//! migrated by writing it out as a query and reading that back, so a value that was stored out of
//! range is reported and replaced like a bad link value, never trusted.

use super::advisor::{AdvisorChoice, AdvisorInputs, Profile};
use super::bill::BillInputs;
use super::billing::BillingInputs;
use super::checklists::is_item;
use super::field::{NumSpec, NumberKind};
use super::memory::catalogue::tier_for;
use super::memory::inference::inference;
use super::memory::inputs::{InferenceInputs, MemoryInputs, ModelSpec};
use super::memory::training::training;
use super::plan::PlanInputs;
use super::rent_buy::RentBuyInputs;
use super::serving::ServingInputs;
use super::spot::SpotInputs;
use super::table::{self, Calculator, Issue, KeyedError, Pairs};
use super::units::{Bytes, Currency, Hours};
use std::collections::BTreeSet;
use thiserror::Error;

mod v1;

/// `cur=CNY|USD` (`RMB` too): the scenario's currency. A link that names it sets the inputs.
pub const CUR: &str = "cur";
/// `fx=<yuan per dollar>`: the scenario's exchange rate ([`FX`]).
pub const FX_KEY: &str = "fx";
/// `checked=<id>,<id>`: the checklists' ticked items (the reader's [`Progress`]).
pub const CHECKED: &str = "checked";
/// `schema=<n>`: the stored form's version ([`SCHEMA`]); only stored data carries it.
pub const SCHEMA_KEY: &str = "schema";

/// The schema this build writes.
pub const SCHEMA: u32 = 2;

/// Declares the scenario from its calculators: `field: Type` per calculator, in link order.
macro_rules! calculators {
    ($($field:ident: $ty:ty),+ $(,)?) => {
        /// All inputs of all calculators.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Scenario {
            /// The currency every amount is in.
            pub currency: Currency,
            /// Yuan per dollar, for converting amounts when the currency changes (link key `fx`).
            pub fx: f64,
            $(pub $field: $ty,)+
        }

        impl Default for Scenario {
            fn default() -> Self {
                Scenario {
                    currency: Currency::default(),
                    fx: FX.default,
                    $($field: <$ty>::default(),)+
                }
            }
        }

        impl Scenario {
            /// Converts every amount of money by `factor`, except the keys `given` names.
            pub fn scale_money(&mut self, factor: f64, given: &dyn Fn(&str) -> bool) {
                $(Calculator::scale_money(&mut self.$field, factor, given);)+
            }

            /// Reads every calculator's keys from a query's pairs; whether any was present.
            pub fn read(&mut self, pairs: &Pairs, issues: &mut Vec<Issue>) -> bool {
                let mut any = false;
                $(any |= table::read_query(&mut self.$field, pairs, issues);)+
                any
            }

            /// Appends every key whose value differs from its default (in this currency).
            pub fn write(&self, q: &mut form_urlencoded::Serializer<'_, String>) {
                let money = match self.currency {
                    Currency::Cny => 1.0,
                    Currency::Usd => 1.0 / self.fx,
                };
                $(table::write_query(&self.$field, money, q);)+
            }

            /// Whether every calculator's inputs are valid, with the first problem.
            pub fn check(&self) -> Result<(), Issue> {
                $(table::validate(self.$field.clone()).map_err(Issue::new)?;)+
                Ok(())
            }

            /// Hands each calculator's place in the scenario to `v`, in link order, with its
            /// index: tests walk every table this way, so a calculator added to the list is
            /// covered without naming it anywhere else.
            pub fn visit_calculators(v: &mut impl Visit) {
                let mut index = 0;
                $(
                    v.visit::<$ty>(index, |s| &mut s.$field);
                    index += 1;
                )+
                let _ = index;
            }

            /// Every link key of every calculator.
            pub fn keys() -> Vec<&'static str> {
                let mut keys = Vec::new();
                $(keys.extend(<$ty as Calculator>::FIELDS.iter().map(|f| f.key()));)+
                keys
            }
        }
    };
}

calculators! {
    rent_buy: RentBuyInputs,
    memory: MemoryInputs,
    spot: SpotInputs,
    billing: BillingInputs,
    bill: BillInputs,
    advisor: AdvisorChoice,
    serving: ServingInputs,
    plan: PlanInputs,
}

/// Something done to each calculator's inputs in turn ([`Scenario::visit_calculators`]).
pub trait Visit {
    fn visit<T: Calculator + std::fmt::Debug>(
        &mut self,
        index: usize,
        lens: fn(&mut Scenario) -> &mut T,
    );
}

impl Scenario {
    /// How many calculators the scenario holds.
    pub fn calculator_count() -> usize {
        struct Count(usize);
        impl Visit for Count {
            fn visit<T: Calculator + std::fmt::Debug>(
                &mut self,
                _: usize,
                _: fn(&mut Scenario) -> &mut T,
            ) {
                self.0 += 1;
            }
        }
        let mut c = Count(0);
        Scenario::visit_calculators(&mut c);
        c.0
    }
}

/// What the reader has done, kept beside the scenario: ticked checklist items.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Progress {
    pub checked: BTreeSet<String>,
}

/// Checklist ids that are not items of this version.
#[derive(Debug, Clone, PartialEq, Error)]
#[error("checked: unknown items {} were left out", unknown.join(", "))]
pub struct UnknownItems {
    pub unknown: Vec<String>,
}

impl KeyedError for UnknownItems {
    fn kind(&self) -> crate::calc::table::ErrorKind {
        crate::calc::table::ErrorKind::UnknownItems
    }
    fn key(&self) -> &'static str {
        CHECKED
    }
}

impl Progress {
    /// Reads `checked=a,b`; unknown ids are left out and reported.
    pub fn read(&mut self, pairs: &Pairs, issues: &mut Vec<Issue>) -> bool {
        let Some((_, raw)) = pairs.iter().rev().find(|(k, _)| k == CHECKED) else {
            return false;
        };
        let ids = raw.split(',').map(str::trim).filter(|s| !s.is_empty());
        let (known, unknown): (Vec<&str>, Vec<&str>) = ids.partition(|id| is_item(id));
        self.checked = known.into_iter().map(str::to_string).collect();
        if !unknown.is_empty() {
            issues.push(Issue::new(UnknownItems {
                unknown: unknown.into_iter().map(str::to_string).collect(),
            }));
        }
        true
    }

    pub fn write(&self, q: &mut form_urlencoded::Serializer<'_, String>) {
        if !self.checked.is_empty() {
            let ids: Vec<&str> = self.checked.iter().map(String::as_str).collect();
            q.append_pair(CHECKED, &ids.join(","));
        }
    }
}

/// Why saved data could not be read at all.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum StoreError {
    #[error("saved data is not readable: {reason}")]
    Unreadable { reason: String },
    #[error("saved data has schema {found}; this page reads up to schema {SCHEMA}")]
    TooNew { found: u32 },
}

/// A stored scenario read back: what could be used, and what was wrong with the rest.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Restored {
    pub scenario: Scenario,
    pub progress: Progress,
    /// Values that were refused and replaced by their defaults.
    pub issues: Vec<Issue>,
    /// The schema the data was written in.
    pub schema: u32,
}

/// The pairs of a query string, without its leading `?`.
pub fn pairs(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    form_urlencoded::parse(query.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

/// The exchange rate's field (`fx`, yuan per dollar) and its default: a recent rate, used only to
/// convert amounts when the currency is switched (docs/formulas.md, "Currencies").
pub struct Fx {
    pub spec: NumSpec,
    pub default: f64,
    /// When the default was read, shown beside it.
    pub date: &'static str,
}

pub const FX: Fx = Fx {
    spec: NumSpec {
        key: FX_KEY,
        min: 0.01,
        max: 10_000.0,
        whole: false,
        kind: NumberKind::Plain,
    },
    default: 7.1,
    date: "2025-10",
};

impl Scenario {
    /// Switches the currency, converting every amount at the scenario's rate so the situation
    /// stays the same.
    pub fn switch_currency(&mut self, to: Currency) {
        let factor = match (self.currency, to) {
            (Currency::Cny, Currency::Usd) => 1.0 / self.fx,
            (Currency::Usd, Currency::Cny) => self.fx,
            _ => return,
        };
        self.scale_money(factor, &|_| false);
        self.currency = to;
    }
}

/// Reads the currency key `cur` (`CNY`, `USD`, `RMB`).
pub fn read_currency(pairs: &Pairs, issues: &mut Vec<Issue>) -> Option<Currency> {
    let (_, raw) = pairs.iter().rev().find(|(k, _)| k == CUR)?;
    match Currency::from_code(raw) {
        Some(c) => Some(c),
        None => {
            issues.push(Issue::new(super::field::FieldError::NotAChoice {
                key: CUR,
                raw: raw.clone(),
                allowed: <Currency as super::choice::Choice>::ids(),
            }));
            None
        }
    }
}

/// A scenario and its progress as a query (without `?`), only what differs from the defaults.
pub fn to_query(s: &Scenario, p: &Progress) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    if s.currency != Currency::default() {
        q.append_pair(CUR, s.currency.code());
    }
    if s.fx != FX.default {
        q.append_pair(FX_KEY, &super::field::link_number(s.fx));
    }
    s.write(&mut q);
    p.write(&mut q);
    q.finish()
}

/// Reads a scenario and progress from a query's pairs; whether any input was present.
pub fn from_pairs(pairs: &Pairs, issues: &mut Vec<Issue>) -> (Scenario, Progress, bool) {
    let mut s = Scenario::default();
    let mut p = Progress::default();
    let mut any = s.read(pairs, issues);
    let given = |key: &str| pairs.iter().any(|(k, _)| k == key);
    if let Some((_, raw)) = pairs.iter().rev().find(|(k, _)| k == FX_KEY) {
        match FX.spec.parse(raw) {
            Ok(v) => s.fx = v,
            Err(e) => issues.push(Issue::new(e)),
        }
    }
    if let Some(c) = read_currency(pairs, issues) {
        // The guide's amounts are in yuan: in another currency, every amount the link does not
        // give is the guide's, converted at the rate.
        if c == Currency::Usd {
            s.scale_money(1.0 / s.fx, &given);
        }
        s.currency = c;
    }
    any |= given(CUR) || given(FX_KEY);
    any |= p.read(pairs, issues);
    (s, p, any)
}

/// The stored form of a scenario and its progress.
pub fn to_stored(s: &Scenario, p: &Progress) -> String {
    let q = to_query(s, p);
    if q.is_empty() {
        format!("{SCHEMA_KEY}={SCHEMA}")
    } else {
        format!("{SCHEMA_KEY}={SCHEMA}&{q}")
    }
}

/// Reads stored data of any schema this build knows.
pub fn from_stored(text: &str) -> Result<Restored, StoreError> {
    if text.trim_start().starts_with('{') {
        return from_v1(text);
    }
    let pairs = pairs(text);
    let schema = match pairs.iter().find(|(k, _)| k == SCHEMA_KEY) {
        Some((_, v)) => v.parse::<u32>().map_err(|_| StoreError::Unreadable {
            reason: format!("schema {v:?} is not a number"),
        })?,
        None => {
            return Err(StoreError::Unreadable {
                reason: "no schema".into(),
            })
        }
    };
    if schema > SCHEMA {
        return Err(StoreError::TooNew { found: schema });
    }
    Ok(restore(&pairs, schema))
}

/// Reads stored pairs through the same checks as a link's.
fn restore(pairs: &Pairs, schema: u32) -> Restored {
    let mut issues = Vec::new();
    let (scenario, progress, _) = from_pairs(pairs, &mut issues);
    Restored {
        scenario,
        progress,
        issues,
        schema,
    }
}

/// Reads schema 1 ([`v1`]) and brings it to today's scenario.
fn from_v1(text: &str) -> Result<Restored, StoreError> {
    let v1 = v1::read(text).map_err(|e| StoreError::Unreadable {
        reason: e.to_string(),
    })?;
    if v1.schema > SCHEMA {
        return Err(StoreError::TooNew { found: v1.schema });
    }
    let o = v1.scenario;
    let raw = Scenario {
        currency: o.currency,
        rent_buy: o.rent_buy,
        memory: MemoryInputs {
            model: ModelSpec {
                model: o.inference.model,
                arch: o.inference.arch,
                params_b: o.inference.params_b,
            },
            gpu: o
                .inference
                .gpu
                .unwrap_or_else(|| MemoryInputs::default().gpu),
            training: o.training,
            inference: InferenceInputs {
                weights: o.inference.weights,
                kv: o.inference.kv,
                ctx: o.inference.ctx,
                conc: o.inference.conc,
                overhead: o.inference.overhead,
                margin: o.inference.margin,
                tp: o.inference.tp,
                ..InferenceInputs::default()
            },
        },
        spot: o.spot,
        billing: o.billing,
        bill: o.bill,
        advisor: o.advisor,
        // Calculators added after schema 1 start from their defaults.
        ..Scenario::default()
    };
    let progress = Progress { checked: o.checked };
    // Through the link form, so every value meets the same checks as a link's.
    Ok(restore(&pairs(&to_query(&raw, &progress)), 1))
}

impl Scenario {
    /// What a resumable checkpoint of the training view's job holds: the trainable weights, their
    /// optimiser state and master copy (gradients are rebuilt by the next step, and frozen weights
    /// reload from the base model). 7B full fine-tuning with AdamW in mixed bf16: 14 bytes a
    /// parameter, 98 GB.
    pub fn training_checkpoint(&self) -> Option<Bytes> {
        let r = training(&self.memory).ok()?;
        let b = r.per_param;
        Some(Bytes(r.trainable * (b.weight + b.optimizer + b.master)))
    }

    /// The wall time of the training view's job (its tokens to train over its cards' speed,
    /// [`crate::calc::training_time`]), for the spot view's job length; `None` when the training
    /// inputs do not hold or the time is outside the spot view's range.
    pub fn training_job_hours(&self) -> Option<Hours> {
        let r = crate::calc::training_time::training_time(&self.memory).ok()?;
        let h = (r.hours.0 * 100.0).round() / 100.0;
        (h.is_finite() && (0.01..=1e6).contains(&h)).then_some(Hours(h))
    }

    /// The advisor's inputs: its own choices with what the other views already know (checkpoints
    /// and run length from the spot view, data size from billing, cards and tier from memory).
    pub fn advisor_inputs(&self) -> AdvisorInputs {
        let a = &self.advisor;
        let m = &self.memory;
        let (cards, tier_gb) = match a.profile {
            Profile::Training => match training(m) {
                // Spread over several cards, each needs the tier of the card that count assumes.
                Ok(r) => match r.min_gpus {
                    Some(n) if n > 1 => (n, tier_for(r.capacity)),
                    Some(n) => (n, tier_for(r.total)),
                    None => (m.training.gpus, None),
                },
                Err(_) => (m.training.gpus, None),
            },
            Profile::Inference | Profile::Batch => match inference(m) {
                Ok(r) => (m.inference.tp, r.tier_gb),
                Err(_) => (m.inference.tp, None),
            },
        };
        AdvisorInputs {
            profile: a.profile,
            interruptible: a.interruptible,
            has_checkpoints: self.spot.has_checkpoints,
            data_gb: self.billing.data_gb,
            run_hours: self.spot.job.0,
            cards: cards.max(1),
            tier_gb,
        }
    }
}
