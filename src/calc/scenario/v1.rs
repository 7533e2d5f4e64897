//! Schema 1, the first stored form: JSON, `{"schema": 1, "scenario": {...}}`, written and read
//! back by readers and writers derived from the structs by a JSON library (docs/performance.md).
//! That library is gone; this module reads the same texts by hand from a [`Value`] and takes
//! exactly what the derived readers took, so every save and file of the first builds loads as it
//! did:
//!
//! - A struct is an object, its members by name in any order, or an array of its members in
//!   the order the struct declares them (the derived readers took both). An object's
//!   members that are not the struct's are passed over; one of the struct's given twice is
//!   refused. An array longer than the struct is refused.
//! - A member not given takes the struct's default, except the required members of a bill line
//!   (`label`, `group`, `amount`) and of a lever (`label`, `amount`, `on`). A bill line's `hours`
//!   not given is none, as the derived readers read a missing optional member.
//! - A choice is its name as the derived writers spelled it from the variant, which for three
//!   choices is not the link's id (`fixed-hours`, `second1m`, `sliding-window`); or the derived
//!   readers' other form of a name, an object with that name as its one member and `null` as its
//!   value.
//! - A number is read as its type: a count (`u64`, `u32`, `u8`) only when written whole and in
//!   its range; `null` only where the value is optional.
//!
//! Anything else refuses the whole save, with where and why ([`Problem`]).

use super::super::advisor::{AdvisorChoice, Profile};
use super::super::bill::{BillInputs, BillLine, Group, Lever};
use super::super::billing::{BillingInputs, Granularity};
use super::super::json::{self, Value};
use super::super::memory::arch::{Arch, AttentionKind};
use super::super::memory::dtype::{KvType, WeightType};
use super::super::memory::inputs::{InferenceInputs, ModelSpec, TrainingInputs};
use super::super::memory::training_choices::{Method, Optimizer, Precision, Recompute};
use super::super::rent_buy::{PowerModel, RentBuyInputs};
use super::super::spot::SpotInputs;
use super::super::units::{Bytes, Currency, Hours, Kilowatts, Ratio};
use std::collections::BTreeSet;
use std::fmt;

/// Schema 1's top level.
#[derive(Default)]
pub(super) struct V1 {
    pub schema: u32,
    pub scenario: V1Scenario,
}

/// Schema 1's scenario: the model and card kept in both memory views (the inference copy was
/// the one used), the currency in two places and the ticks among the inputs.
#[derive(Default)]
pub(super) struct V1Scenario {
    pub currency: Currency,
    pub rent_buy: RentBuyInputs,
    /// Its copy of the model and card was not used; its own settings read as today's.
    pub training: TrainingInputs,
    pub inference: V1Inference,
    pub spot: SpotInputs,
    pub billing: BillingInputs,
    pub bill: BillInputs,
    pub advisor: AdvisorChoice,
    pub checked: BTreeSet<String>,
}

/// Schema 1's inference inputs, which held the model and card both memory views used.
pub(super) struct V1Inference {
    pub model: Option<String>,
    pub arch: Arch,
    pub params_b: Option<f64>,
    pub gpu: Option<String>,
    pub weights: WeightType,
    pub kv: KvType,
    pub ctx: u64,
    pub conc: u64,
    pub overhead: Bytes,
    pub margin: Ratio,
    pub tp: u64,
}

impl Default for V1Inference {
    fn default() -> Self {
        let (m, i) = (ModelSpec::default(), InferenceInputs::default());
        V1Inference {
            model: m.model,
            arch: m.arch,
            params_b: m.params_b,
            gpu: None,
            weights: i.weights,
            kv: i.kv,
            ctx: i.ctx,
            conc: i.conc,
            overhead: i.overhead,
            margin: i.margin,
            tp: i.tp,
        }
    }
}

/// Why schema-1 data was refused: the JSON itself, or a value at a place in it.
#[derive(Debug)]
pub(super) enum Problem {
    Json(json::Error),
    /// `path`: member names and array places from the top, outermost first.
    Value {
        path: Vec<String>,
        what: String,
    },
}

impl Problem {
    fn new(what: impl Into<String>) -> Problem {
        Problem::Value {
            path: Vec::new(),
            what: what.into(),
        }
    }

    /// The same problem, one step further from the top: inside `step`.
    fn inside(mut self, step: impl ToString) -> Problem {
        if let Problem::Value { path, .. } = &mut self {
            path.insert(0, step.to_string());
        }
        self
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Json(e) => write!(f, "not JSON: {e}"),
            Problem::Value { path, what } if path.is_empty() => f.write_str(what),
            Problem::Value { path, what } => write!(f, "{}: {what}", path.join(".")),
        }
    }
}

/// Reads schema-1 text.
pub(super) fn read(text: &str) -> Result<V1, Problem> {
    V1::read(&json::parse(text).map_err(Problem::Json)?)
}

/// A type as the derived reader of it took it from JSON.
trait Read: Sized {
    fn read(v: &Value) -> Result<Self, Problem>;
}

/// A member's value, with the member's name on a problem.
fn member<T: Read>(v: &Value, name: &str) -> Result<T, Problem> {
    T::read(v).map_err(|p| p.inside(name))
}

impl Read for f64 {
    fn read(v: &Value) -> Result<Self, Problem> {
        v.as_f64().ok_or_else(|| Problem::new("expected a number"))
    }
}

impl Read for u64 {
    fn read(v: &Value) -> Result<Self, Problem> {
        v.as_u64()
            .ok_or_else(|| Problem::new("expected a whole number, 0 or more"))
    }
}

/// A count of a narrower type: written whole, and within its range.
fn narrow<T: TryFrom<u64>>(v: &Value, max: u64) -> Result<T, Problem> {
    T::try_from(u64::read(v)?)
        .map_err(|_| Problem::new(format!("expected a whole number from 0 to {max}")))
}

impl Read for u32 {
    fn read(v: &Value) -> Result<Self, Problem> {
        narrow(v, u32::MAX.into())
    }
}

impl Read for u8 {
    fn read(v: &Value) -> Result<Self, Problem> {
        narrow(v, u8::MAX.into())
    }
}

impl Read for bool {
    fn read(v: &Value) -> Result<Self, Problem> {
        v.as_bool()
            .ok_or_else(|| Problem::new("expected true or false"))
    }
}

impl Read for String {
    fn read(v: &Value) -> Result<Self, Problem> {
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| Problem::new("expected a string"))
    }
}

impl<T: Read> Read for Option<T> {
    fn read(v: &Value) -> Result<Self, Problem> {
        match v {
            Value::Null => Ok(None),
            v => T::read(v).map(Some),
        }
    }
}

impl<T: Read> Read for Vec<T> {
    fn read(v: &Value) -> Result<Self, Problem> {
        let items = v
            .as_array()
            .ok_or_else(|| Problem::new("expected an array"))?;
        items
            .iter()
            .enumerate()
            .map(|(n, x)| T::read(x).map_err(|p| p.inside(n)))
            .collect()
    }
}

impl Read for BTreeSet<String> {
    fn read(v: &Value) -> Result<Self, Problem> {
        Vec::<String>::read(v).map(|list| list.into_iter().collect())
    }
}

/// The unit types: their number, as the derived readers read a one-field tuple struct.
macro_rules! units {
    ($($ty:ident),+) => {$(
        impl Read for $ty {
            fn read(v: &Value) -> Result<Self, Problem> {
                f64::read(v).map($ty)
            }
        }
    )+};
}

units!(Hours, Kilowatts, Ratio, Bytes);

/// A choice by its name, as the derived writers wrote it.
fn choice<T: Copy>(v: &Value, names: &[(&str, T)]) -> Result<T, Problem> {
    let name = match v {
        Value::String(s) => s.as_str(),
        // The derived readers' tagged form of a variant without data: `{"name": null}`.
        Value::Object(m) if m.len() == 1 && matches!(m[0].1, Value::Null) => m[0].0.as_str(),
        _ => return Err(Problem::new("expected a name in quotes")),
    };
    names
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            let known: Vec<&str> = names.iter().map(|(n, _)| *n).collect();
            Problem::new(format!("{name:?} is not one of {}", known.join(", ")))
        })
}

/// The choices and their names. The derived writers spelled each from the variant's name, so
/// these are not always the link's ids.
macro_rules! choices {
    ($($ty:ident { $($name:literal => $variant:ident),+ $(,)? })+) => {$(
        impl Read for $ty {
            fn read(v: &Value) -> Result<Self, Problem> {
                choice(v, &[$(($name, $ty::$variant)),+])
            }
        }
    )+};
}

choices! {
    Currency { "CNY" => Cny, "USD" => Usd }
    PowerModel { "fixed-hours" => FixedHours, "follows-use" => FollowsUse }
    Granularity { "second1m" => Second1m, "second1h" => Second1h, "hour" => Hour, "day" => Day }
    Group { "instances" => Instances, "storage" => Storage, "traffic" => Traffic, "other" => Other }
    Profile { "training" => Training, "inference" => Inference, "batch" => Batch }
    AttentionKind { "full" => Full, "sliding-window" => SlidingWindow, "latent" => Latent }
    KvType { "fp16" => Fp16, "bf16" => Bf16, "fp8" => Fp8, "int8" => Int8 }
    Method { "full" => Full, "lora" => Lora, "qlora" => Qlora }
    Optimizer {
        "adamw" => Adamw, "adamw8bit" => Adamw8bit, "adafactor" => Adafactor, "sgdm" => Sgdm,
        "sgd" => Sgd,
    }
    Precision { "mixed-bf16" => MixedBf16, "bf16" => Bf16, "fp32" => Fp32 }
    Recompute { "none" => None, "selective" => Selective, "full" => Full }
    WeightType {
        "fp32" => Fp32, "bf16" => Bf16, "fp16" => Fp16, "fp8" => Fp8, "int8" => Int8,
        "int4" => Int4, "awq" => Awq, "gptq" => Gptq, "fp8-ckpt" => Fp8Ckpt, "q8_0" => Q8_0,
        "q6_k" => Q6K, "q5_k_m" => Q5KM, "q5_0" => Q5_0, "q4_k_m" => Q4KM, "q4_k_s" => Q4KS,
        "q4_0" => Q4_0, "q3_k_m" => Q3KM, "q2_k" => Q2K,
    }
}

/// Where each member of a bill line or lever is given in `v` (`names` in the struct's order): by
/// name in an object, or by place in an array. These structs have required members, and an
/// array must give every member (a lever's last member is required, so a shorter array always
/// lacked one).
fn members<'a>(
    v: &'a Value,
    names: &[&str],
    given: &mut [Option<&'a Value>],
) -> Result<(), Problem> {
    match v {
        Value::Object(m) => {
            for (name, x) in m {
                if let Some(i) = names.iter().position(|n| n == name) {
                    if given[i].replace(x).is_some() {
                        return Err(Problem::new("given twice").inside(name));
                    }
                }
            }
        }
        Value::Array(a) if a.len() == names.len() => {
            for (slot, x) in given.iter_mut().zip(a) {
                *slot = Some(x);
            }
        }
        Value::Array(_) => return Err(wrong_length(names.len())),
        _ => return Err(Problem::new("expected an object")),
    }
    Ok(())
}

/// Reads one member into a struct.
type Setter<T> = fn(&mut T, &Value) -> Result<(), Problem>;

/// A struct whose missing members take the struct's default (the derive's `default` on the
/// struct), from its members' names and setters in the order the struct declares them. One
/// setter a member, called through this one loop, keeps the reader small in the wasm.
fn with_defaults<T: Default>(v: &Value, members: &[(&str, Setter<T>)]) -> Result<T, Problem> {
    let mut out = T::default();
    let mut set = |(name, setter): &(&str, Setter<T>), x: &Value| {
        setter(&mut out, x).map_err(|p| p.inside(name))
    };
    match v {
        Value::Object(m) => {
            // Which members were given, to refuse one given twice (no struct has 64).
            let mut given = 0u64;
            for (name, x) in m {
                if let Some(i) = members.iter().position(|(n, _)| n == name) {
                    if given & 1 << i != 0 {
                        return Err(Problem::new("given twice").inside(name));
                    }
                    given |= 1 << i;
                    set(&members[i], x)?;
                }
            }
        }
        Value::Array(a) if a.len() <= members.len() => {
            for (m, x) in members.iter().zip(a) {
                set(m, x)?;
            }
        }
        Value::Array(_) => return Err(wrong_length(members.len())),
        _ => return Err(Problem::new("expected an object")),
    }
    Ok(out)
}

fn wrong_length(n: usize) -> Problem {
    Problem::new(format!("expected an array of {n} members"))
}

/// The structs read by [`with_defaults`], with their members in the order they declare them:
/// an array gives them in that order.
macro_rules! with_defaults {
    ($($ty:ident { $($field:ident),+ $(,)? })+) => {$(
        impl Read for $ty {
            fn read(v: &Value) -> Result<Self, Problem> {
                const MEMBERS: &[(&str, Setter<$ty>)] = &[$(
                    (stringify!($field), |out, x| {
                        out.$field = Read::read(x)?;
                        Ok(())
                    }),
                )+];
                with_defaults(v, MEMBERS)
            }
        }
    )+};
}

with_defaults! {
    V1 { schema, scenario }
    V1Scenario { currency, rent_buy, training, inference, spot, billing, bill, advisor, checked }
    V1Inference {
        model, arch, params_b, gpu, weights, kv, ctx, conc, overhead, margin, tp,
    }
    RentBuyInputs {
        purchase, months, power_load, power_idle, power_model, hours_per_day, kwh_price, pue,
        hosting_per_month, ops_per_month, resale, price_per_hour, util, month_hours, demand,
    }
    TrainingInputs {
        method, optimizer, precision, seq, batch, recompute, flash, lora_targets, lora_rank,
        gpus, zero, frozen_layers,
    }
    Arch {
        layers, hidden, heads, kv_heads, head_dim, vocab, intermediate, tied_embeddings,
        qkv_bias, norms_per_layer, qk_norm, experts, experts_per_token, shared_experts,
        expert_intermediate, dense_layers, attention, window, sliding_every, q_lora_rank,
        kv_lora_rank, qk_nope_head_dim, qk_rope_head_dim, v_head_dim,
    }
    SpotInputs {
        job, mtbf, checkpoint_minutes, restart_minutes, ondemand_price, spot_price,
        has_checkpoints, checkpoint_gb, storage_price_gb_month, kept, stop_hours,
    }
    BillingInputs {
        runs, granularity, price, disk_gb, disk_price, address_per_day, snapshot_gb,
        snapshot_price, forgotten_hours, auto_release_hours, data_gb, loads, public_mbps,
        internal_mbps, download_gb, egress_price, cross_region, cross_region_price, object_price,
    }
    BillInputs { lines, levers }
    AdvisorChoice { profile, interruptible }
}

/// A required member.
fn required<T: Read>(given: Option<&Value>, name: &str) -> Result<T, Problem> {
    member(
        given.ok_or_else(|| Problem::new("missing").inside(name))?,
        name,
    )
}

/// An optional member: its default when not given.
fn optional<T: Read + Default>(given: Option<&Value>, name: &str) -> Result<T, Problem> {
    given.map_or_else(|| Ok(T::default()), |x| member(x, name))
}

impl Read for BillLine {
    fn read(v: &Value) -> Result<Self, Problem> {
        let mut given = [None; 4];
        members(v, &["label", "group", "hours", "amount"], &mut given)?;
        let [label, group, hours, amount] = given;
        Ok(BillLine {
            label: required(label, "label")?,
            group: required(group, "group")?,
            hours: optional(hours, "hours")?,
            amount: required(amount, "amount")?,
        })
    }
}

impl Read for Lever {
    fn read(v: &Value) -> Result<Self, Problem> {
        let mut given = [None; 5];
        members(v, &["label", "group", "amount", "share", "on"], &mut given)?;
        let [label, group, amount, share, on] = given;
        Ok(Lever {
            label: required(label, "label")?,
            group: optional(group, "group")?,
            amount: required(amount, "amount")?,
            share: optional(share, "share")?,
            on: required(on, "on")?,
        })
    }
}
