//! Named scenarios: the saved entries, the export file, the rules for bringing a file in, and the
//! comparison of two or three scenarios.
//!
//! An entry is a scenario's stored form (the link query with `schema=`, see
//! [`super::scenario`]) with two more keys in front: `name` and `changed` (milliseconds since
//! 1970, UTC). Reading one goes through the same checks as a link, so a value that is out of range
//! is reported and replaced by its default like a bad link value; an entry without a usable name
//! is refused whole.
//!
//! The export file is JSON, written by hand here so that its layout is fixed and readable:
//!
//! ```json
//! {"gpuplan": "scenarios", "schema": 2, "exported": 1764547200000,
//!  "scenarios": [{"name": "8 x H100", "changed": 1764547100000, "query": "price=90&util=0.6"}]}
//! ```
//!
//! `query` is the entry's scenario as a link query: one codec for links, storage and files. An
//! import reads every entry it can and reports each one it refuses with the reason; a name that
//! is already taken is resolved by the person ([`Clash`]).
//!
//! The comparison ([`summary`], [`compare`], [`diff`]) converts every scenario to the first one's
//! currency at its own exchange rate, so the amounts side by side are in one unit.

use super::choice::Choice;
use super::field::NumberKind;
use super::json::{self, quote, Value};
use super::memory::{inference, training};
use super::rent_buy::{self, Ask, Verdict};
use super::scenario::{
    from_stored, pairs, to_query, Progress, Scenario, StoreError, Visit, SCHEMA, SCHEMA_KEY,
};
use super::table::{validate, Calculator, Field, Issue};
use super::units::{Bytes, Currency, Money, Ratio};
use super::{bill, plan, serving, spot};
use thiserror::Error;

/// The longest name kept, in characters.
pub const NAME_MAX: usize = 80;

/// A scenario saved under a name.
#[derive(Debug, Clone, PartialEq)]
pub struct Saved {
    pub name: String,
    /// When it was last changed, milliseconds since 1970 (UTC).
    pub changed: u64,
    pub scenario: Scenario,
    pub progress: Progress,
}

/// Why a name cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NameError {
    #[error("a scenario needs a name")]
    Empty,
    #[error("a name has at most {max} characters; this one has {len}")]
    TooLong { max: usize, len: usize },
    /// A comparison link lists names separated by commas.
    #[error("a name cannot hold a comma")]
    Comma,
    #[error("a name cannot hold control characters")]
    Control,
}

/// The name as it will be kept (trimmed), or why it cannot be.
pub fn check_name(raw: &str) -> Result<String, NameError> {
    let name = raw.trim();
    let len = name.chars().count();
    if len == 0 {
        return Err(NameError::Empty);
    }
    if len > NAME_MAX {
        return Err(NameError::TooLong { max: NAME_MAX, len });
    }
    if name.contains(',') {
        return Err(NameError::Comma);
    }
    if name.chars().any(char::is_control) {
        return Err(NameError::Control);
    }
    Ok(name.to_string())
}

/// `base` if no scenario has it, else `base (2)`, `base (3)`, ...: the first free one.
pub fn unique_name(base: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    // Room for the suffix within the longest name.
    let stem: String = base.chars().take(NAME_MAX - 8).collect();
    (2..)
        .map(|n| format!("{stem} ({n})"))
        .find(|n| !taken(n))
        .unwrap_or_default()
}

/// Why an entry (in storage or in a file) cannot be read.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum EntryError {
    #[error("the entry has no name")]
    NoName,
    #[error("its name: {0}")]
    Name(NameError),
    #[error("{0}")]
    Store(StoreError),
    #[error("an entry is not an object with a name and a query")]
    NotAnEntry,
}

/// An entry read back, with the values that were refused and replaced by their defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct Opened {
    pub saved: Saved,
    pub issues: Vec<Issue>,
}

/// The stored form of a saved scenario.
pub fn to_entry(s: &Saved) -> String {
    let mut head = form_urlencoded::Serializer::new(String::new());
    head.append_pair("name", &s.name);
    head.append_pair("changed", &s.changed.to_string());
    head.append_pair(SCHEMA_KEY, &SCHEMA.to_string());
    let q = to_query(&s.scenario, &s.progress);
    let head = head.finish();
    if q.is_empty() {
        head
    } else {
        format!("{head}&{q}")
    }
}

/// Reads a stored entry.
pub fn from_entry(text: &str) -> Result<Opened, EntryError> {
    let p = pairs(text);
    let find = |key: &str| p.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    let name = check_name(find("name").ok_or(EntryError::NoName)?).map_err(EntryError::Name)?;
    // A missing or garbled time reads as the oldest: any other copy wins a clash with it.
    let changed = find("changed").and_then(|v| v.parse().ok()).unwrap_or(0);
    let r = from_stored(text).map_err(EntryError::Store)?;
    Ok(Opened {
        saved: Saved {
            name,
            changed,
            scenario: r.scenario,
            progress: r.progress,
        },
        issues: r.issues,
    })
}

/// The storage index: entry ids, comma-separated, in the order they are listed.
pub fn to_index(ids: &[u64]) -> String {
    ids.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// Reads the index; anything that is not an id is skipped (the entries themselves are found by
/// their keys as well, so a damaged index loses no scenario, only its order).
pub fn from_index(text: &str) -> Vec<u64> {
    let mut ids: Vec<u64> = Vec::new();
    for id in text.split(',').filter_map(|s| s.trim().parse().ok()) {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

/// What the export file says it is.
const FILE_KIND: &str = "scenarios";

/// The export file of `list`, written at `now` (milliseconds since 1970).
pub fn export(list: &[Saved], now: u64) -> String {
    let entries: Vec<String> = list
        .iter()
        .map(|s| {
            format!(
                "    {{\"name\": {}, \"changed\": {}, \"query\": {}}}",
                quote(&s.name),
                s.changed,
                quote(&to_query(&s.scenario, &s.progress))
            )
        })
        .collect();
    format!(
        "{{\n  \"gpuplan\": \"{FILE_KIND}\",\n  \"schema\": {SCHEMA},\n  \"exported\": {now},\n  \"scenarios\": [\n{}\n  ]\n}}\n",
        entries.join(",\n")
    )
}

/// Why a file cannot be imported at all.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum FileError {
    #[error("the file is not JSON (line {line}, column {column})")]
    NotJson { line: usize, column: usize },
    #[error("the file is not a gpuplan scenario file")]
    NotOurs,
    #[error("the file has schema {found}; this page reads up to schema {SCHEMA}")]
    TooNew { found: u64 },
}

/// An entry of a file that was refused: its place (from 1), its name if it had a readable one.
#[derive(Debug, Clone, PartialEq)]
pub struct Refused {
    pub place: usize,
    pub name: Option<String>,
    pub reason: EntryError,
}

/// Everything a file holds: the entries that can be used and the ones refused.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Imported {
    pub entries: Vec<Opened>,
    pub refused: Vec<Refused>,
}

/// Reads an export file. Besides this build's files it takes a single saved state of the page
/// (schema 1's JSON object, or a stored query), named `name_for_single`.
pub fn import(text: &str, name_for_single: &str) -> Result<Imported, FileError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.starts_with("schema=") {
        return single(trimmed, name_for_single);
    }
    let v = json::parse(trimmed).map_err(|e| FileError::NotJson {
        line: e.line,
        column: e.column,
    })?;
    if v.get("scenario").is_some() && v.get("schema").is_some() {
        return single(trimmed, name_for_single);
    }
    if v.get("gpuplan").and_then(Value::as_str) != Some(FILE_KIND) {
        return Err(FileError::NotOurs);
    }
    let schema = v.get("schema").and_then(Value::as_u64).unwrap_or(0);
    if schema > u64::from(SCHEMA) {
        return Err(FileError::TooNew { found: schema });
    }
    let Some(list) = v.get("scenarios").and_then(Value::as_array) else {
        return Err(FileError::NotOurs);
    };
    let mut out = Imported::default();
    for (n, e) in list.iter().enumerate() {
        let name = e.get("name").and_then(Value::as_str).map(str::to_string);
        match entry(e, schema) {
            Ok(o) => out.entries.push(o),
            Err(reason) => out.refused.push(Refused {
                place: n + 1,
                name,
                reason,
            }),
        }
    }
    Ok(out)
}

fn single(text: &str, name: &str) -> Result<Imported, FileError> {
    let mut out = Imported::default();
    match (check_name(name), from_stored(text)) {
        (Ok(name), Ok(r)) => out.entries.push(Opened {
            saved: Saved {
                name,
                changed: 0,
                scenario: r.scenario,
                progress: r.progress,
            },
            issues: r.issues,
        }),
        (Err(e), _) => out.refused.push(Refused {
            place: 1,
            name: None,
            reason: EntryError::Name(e),
        }),
        (_, Err(e)) => out.refused.push(Refused {
            place: 1,
            name: None,
            reason: EntryError::Store(e),
        }),
    }
    Ok(out)
}

fn entry(e: &Value, schema: u64) -> Result<Opened, EntryError> {
    if !e.is_object() {
        return Err(EntryError::NotAnEntry);
    }
    let name = e.get("name").ok_or(EntryError::NoName)?;
    let name = name.as_str().ok_or(EntryError::NotAnEntry)?;
    let query = e
        .get("query")
        .and_then(Value::as_str)
        .ok_or(EntryError::NotAnEntry)?;
    let changed = e.get("changed").and_then(Value::as_u64).unwrap_or(0);
    let mut stored = form_urlencoded::Serializer::new(String::new());
    stored.append_pair("name", name);
    stored.append_pair("changed", &changed.to_string());
    stored.append_pair(SCHEMA_KEY, &schema.max(2).to_string());
    let stored = stored.finish();
    // The entry's own keys come from the entry, never from inside its query.
    let mut rest = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs(query) {
        if !matches!(k.as_str(), "name" | "changed" | SCHEMA_KEY) {
            rest.append_pair(&k, &v);
        }
    }
    let rest = rest.finish();
    from_entry(&if rest.is_empty() {
        stored
    } else {
        format!("{stored}&{rest}")
    })
}

/// What to do with an incoming scenario whose name is already saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clash {
    /// Keep both: the incoming one takes the next free name (`name (2)`).
    KeepBoth,
    /// The incoming one replaces the saved one.
    Replace,
    /// The saved one stays; the incoming one is dropped.
    Skip,
}

/// What a merge did, by name.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Merged {
    pub added: Vec<String>,
    pub replaced: Vec<String>,
    pub skipped: Vec<String>,
    /// Incoming names kept under another name: (as it came, as it is kept).
    pub renamed: Vec<(String, String)>,
}

/// Brings `incoming` into `list`; `clash` decides for each name that is taken. Nothing saved is
/// changed except by an explicit [`Clash::Replace`].
pub fn merge(
    list: &mut Vec<Saved>,
    incoming: Vec<Saved>,
    clash: impl Fn(&Saved) -> Clash,
) -> Merged {
    let mut done = Merged::default();
    for mut s in incoming {
        match list.iter().position(|o| o.name == s.name) {
            None => {
                done.added.push(s.name.clone());
                list.push(s);
            }
            Some(at) => match clash(&s) {
                Clash::Replace => {
                    done.replaced.push(s.name.clone());
                    list[at] = s;
                }
                Clash::Skip => done.skipped.push(s.name),
                Clash::KeepBoth => {
                    let new = unique_name(&s.name, |n| list.iter().any(|o| o.name == n));
                    done.renamed
                        .push((std::mem::replace(&mut s.name, new.clone()), new));
                    list.push(s);
                }
            },
        }
    }
    done
}

/// Whether a save may overwrite what storage holds under the name: only when storage holds
/// nothing newer than the copy this tab started from (`base`: its `changed`, or `None` for a new
/// name). Otherwise another tab saved in between, and its copy wins.
pub fn may_overwrite(base: Option<u64>, stored: Option<u64>) -> bool {
    match (base, stored) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(b), Some(s)) => s <= b,
    }
}

/// The key results of a scenario, in its own currency.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub own_monthly: Money,
    pub rent_monthly: Money,
    /// `None` while a price is asked for, as the verdict.
    pub break_even: Option<Ratio>,
    /// `None` while a price is asked for: the page asks for it instead of answering, and so does
    /// the comparison.
    pub verdict: Option<Verdict>,
    /// The rent-or-buy prices awaiting the reader's figure: the monthly cost standing on one is
    /// not shown either.
    pub asked: Ask,
    /// What one card holds for the training run, and whether it fits the card.
    pub training_per_card: Bytes,
    pub training_fits: bool,
    /// The fewest cards of the chosen type that hold the training run.
    pub min_cards: Option<u64>,
    pub inference_per_card: Bytes,
    pub inference_fits: bool,
    pub spot_cost: Money,
    pub bill_total: Money,
    /// Serving: cost per million output tokens, rented.
    pub serving_per_million: Money,
    /// Serving: whether one request fits a replica (else the serving figures are `None`).
    pub serving_fits: bool,
    /// Serving: a replica's output tokens a second at the chosen concurrency.
    pub serving_tokens_per_second: f64,
    /// Serving: time per output token and to the first one, seconds.
    pub serving_tpot: f64,
    pub serving_ttft: f64,
    /// Serving: cards for the load.
    pub serving_cards: u64,
    /// The plan's best row: its catalogue id (a card's, or a machine's such as `8x-h100`, as the
    /// plan view's `plan-best`), and the month of serving (or the whole training job) its
    /// cheapest way costs; `None` when no row meets the job at a price.
    pub plan_best: Option<(&'static str, Money)>,
}

/// Every calculator's key result for one scenario.
pub fn summary(s: &Scenario) -> Summary {
    let c = s.currency;
    let rb = rent_buy::report(&validate(s.rent_buy.clone()).unwrap_or_default(), c);
    let m = validate(s.memory.clone()).unwrap_or_default();
    let tr = training::report(&m);
    let inf = inference::report(&m);
    let sp = spot::report(&validate(s.spot.clone()).unwrap_or_default(), c);
    let bl = bill::report(&validate(s.bill.clone()).unwrap_or_default(), c);
    let sv = serving::report(&validate(s.serving.clone()).unwrap_or_default(), s);
    let pr = plan::report(&validate(s.plan.clone()).unwrap_or_default(), s);
    let plan_best = pr.best.and_then(|b| {
        let row = &pr.rows[b];
        Some((row.id, row.cost?))
    });
    Summary {
        own_monthly: rb.own_monthly,
        rent_monthly: rb.rent_monthly,
        break_even: rb.break_even.filter(|_| !rb.asked.any()),
        verdict: rb.decided(),
        asked: rb.asked,
        training_per_card: tr.total,
        training_fits: tr.fits,
        min_cards: tr.min_gpus,
        inference_per_card: inf.required,
        inference_fits: inf.fits,
        spot_cost: sp.cost_with,
        bill_total: bl.total,
        serving_per_million: sv.cost_rented,
        serving_fits: sv.fits,
        serving_tokens_per_second: sv.throughput,
        serving_tpot: sv.tpot_s,
        serving_ttft: sv.ttft_s,
        serving_cards: sv.cards,
        plan_best,
    }
}

/// A key result compared across scenarios.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    OwnMonthly,
    RentMonthly,
    BreakEven,
    Verdict,
    TrainingPerCard,
    MinCards,
    InferencePerCard,
    SpotCost,
    BillTotal,
    ServingPerMillion,
    ServingTokensPerSecond,
    ServingTpot,
    ServingTtft,
    ServingCards,
    /// The plan's best row (a catalogue card or machine), and what its cheapest way costs.
    PlanBest,
    PlanCost,
}

crate::choice_ids!(Metric {
    OwnMonthly => "own-monthly",
    RentMonthly => "rent-monthly",
    BreakEven => "break-even",
    Verdict => "verdict",
    TrainingPerCard => "training-per-card",
    MinCards => "min-cards",
    InferencePerCard => "inference-per-card",
    SpotCost => "spot-cost",
    BillTotal => "bill-total",
    ServingPerMillion => "serving-per-million",
    ServingTokensPerSecond => "serving-tokens-per-second",
    ServingTpot => "serving-tpot",
    ServingTtft => "serving-ttft",
    ServingCards => "serving-cards",
    PlanBest => "plan-best",
    PlanCost => "plan-cost",
});

/// How a metric's values compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Better {
    Lower,
    Higher,
    /// Neither direction is better in itself (a break-even, a verdict).
    Neither,
}

/// What a metric's number is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Money,
    Ratio,
    Bytes,
    Count,
    /// 1 for buying, 0 for renting.
    Verdict,
    /// Tokens a second.
    Rate,
    Seconds,
    /// A catalogue row, by its place in [`crate::calc::pick::all`].
    Pick,
}

impl Metric {
    pub fn better(self) -> Better {
        match self {
            Metric::BreakEven | Metric::Verdict | Metric::PlanBest => Better::Neither,
            Metric::ServingTokensPerSecond => Better::Higher,
            _ => Better::Lower,
        }
    }

    pub fn kind(self) -> Kind {
        match self {
            Metric::OwnMonthly
            | Metric::RentMonthly
            | Metric::SpotCost
            | Metric::BillTotal
            | Metric::ServingPerMillion
            | Metric::PlanCost => Kind::Money,
            Metric::PlanBest => Kind::Pick,
            Metric::BreakEven => Kind::Ratio,
            Metric::Verdict => Kind::Verdict,
            Metric::TrainingPerCard | Metric::InferencePerCard => Kind::Bytes,
            Metric::MinCards | Metric::ServingCards => Kind::Count,
            Metric::ServingTokensPerSecond => Kind::Rate,
            Metric::ServingTpot | Metric::ServingTtft => Kind::Seconds,
        }
    }

    /// The catalogue id a value stands for, for a metric whose value is a catalogue row
    /// ([`Kind::Pick`]): what the compare table's cell gives as its `data-value`.
    pub fn row_id(self, s: &Summary) -> Option<&'static str> {
        match self {
            Metric::PlanBest => s.plan_best.map(|b| b.0),
            _ => None,
        }
    }

    /// The value in base units (an amount, a share 0-1, bytes, a count); `None` when there is
    /// none (no break-even, no card count that holds the run).
    pub fn value(self, s: &Summary) -> Option<f64> {
        let v = match self {
            // A cost standing on a price that is asked for is not this machine's.
            Metric::OwnMonthly if s.asked.purchase => return None,
            Metric::RentMonthly if s.asked.price => return None,
            Metric::OwnMonthly => s.own_monthly.amount,
            Metric::RentMonthly => s.rent_monthly.amount,
            Metric::BreakEven => return s.break_even.map(|r| r.0),
            Metric::Verdict => return s.verdict.map(|v| f64::from(u8::from(v == Verdict::Buy))),
            Metric::TrainingPerCard => s.training_per_card.0,
            Metric::MinCards => return s.min_cards.map(|n| n as f64),
            Metric::InferencePerCard => s.inference_per_card.0,
            Metric::SpotCost => s.spot_cost.amount,
            Metric::BillTotal => s.bill_total.amount,
            Metric::ServingPerMillion if s.serving_fits => s.serving_per_million.amount,
            Metric::ServingTokensPerSecond if s.serving_fits => s.serving_tokens_per_second,
            Metric::ServingTpot if s.serving_fits => s.serving_tpot,
            Metric::ServingTtft if s.serving_fits => s.serving_ttft,
            Metric::ServingCards if s.serving_fits => s.serving_cards as f64,
            // The number only tells scenarios apart (the same row, the same number); the row
            // itself is [`Metric::row_id`].
            Metric::PlanBest => {
                let id = s.plan_best?.0;
                return crate::calc::pick::all()
                    .position(|p| p.id() == id)
                    .map(|k| k as f64);
            }
            Metric::PlanCost => return s.plan_best.map(|b| b.1.amount),
            // A model that does not fit has no serving figures.
            Metric::ServingPerMillion
            | Metric::ServingTokensPerSecond
            | Metric::ServingTpot
            | Metric::ServingTtft
            | Metric::ServingCards => return None,
        };
        v.is_finite().then_some(v)
    }
}

/// One key result across the scenarios compared.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub metric: Metric,
    pub values: Vec<Option<f64>>,
    /// Each scenario's catalogue id where the metric is a catalogue row ([`Metric::row_id`]), else
    /// `None`.
    pub ids: Vec<Option<&'static str>>,
    /// The scenarios with the better value (empty when the metric has no better direction, or
    /// when all are equal).
    pub best: Vec<usize>,
}

/// The scenarios converted to one currency (the first one's), each at its own exchange rate.
pub fn in_one_currency(list: &[&Scenario]) -> Vec<Scenario> {
    let c = list.first().map_or(Currency::default(), |s| s.currency);
    list.iter()
        .map(|s| {
            let mut s = (*s).clone();
            s.switch_currency(c);
            s
        })
        .collect()
}

/// Every key result of every scenario, with the better values marked: the results that differ
/// first, then those the scenarios share, each group in the metrics' order (what the reader
/// came to see is at the top).
pub fn compare(list: &[&Scenario]) -> Vec<Row> {
    let sums: Vec<Summary> = in_one_currency(list).iter().map(summary).collect();
    let rows: Vec<Row> = <Metric as Choice>::ALL
        .iter()
        .map(|&metric| {
            let values: Vec<Option<f64>> = sums.iter().map(|s| metric.value(s)).collect();
            let ids = sums.iter().map(|s| metric.row_id(s)).collect();
            let best = match metric.better() {
                Better::Neither => Vec::new(),
                Better::Lower => best_lower(&values),
                Better::Higher => {
                    let negated: Vec<Option<f64>> = values.iter().map(|v| v.map(|v| -v)).collect();
                    best_lower(&negated)
                }
            };
            Row {
                metric,
                values,
                ids,
                best,
            }
        })
        .collect();
    let (mut differ, same): (Vec<Row>, Vec<Row>) = rows
        .into_iter()
        .partition(|r| r.values.iter().any(|v| *v != r.values[0]));
    differ.extend(same);
    differ
}

/// The places holding the lowest value, unless every value is the same.
fn best_lower(values: &[Option<f64>]) -> Vec<usize> {
    let known: Vec<f64> = values.iter().flatten().copied().collect();
    let Some(low) = known.iter().copied().reduce(f64::min) else {
        return Vec::new();
    };
    let all_same = known.len() == values.len() && known.iter().all(|v| *v == low);
    if all_same {
        return Vec::new();
    }
    // Within a part in a million counts as equal, so rounding does not pick a winner.
    let close = |v: f64| (v - low).abs() <= low.abs() * 1e-6;
    values
        .iter()
        .enumerate()
        .filter(|(_, v)| v.is_some_and(close))
        .map(|(n, _)| n)
        .collect()
}

/// An input whose value differs between the scenarios: its link key and each scenario's value
/// as the link writes it (`None`: the default).
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    pub key: String,
    pub values: Vec<Option<String>>,
}

/// The inputs that differ between the scenarios, in link order, after converting them to one
/// currency (so a scenario in dollars and its twin in yuan differ in nothing).
pub fn diff(list: &[&Scenario]) -> Vec<Difference> {
    let queries: Vec<Vec<(String, String)>> = in_one_currency(list)
        .iter()
        .map(|s| pairs(&to_query(s, &Progress::default())))
        .collect();
    let mut keys: Vec<String> = Vec::new();
    for q in &queries {
        for (k, _) in q {
            if !keys.contains(k) {
                keys.push(k.clone());
            }
        }
    }
    keys.into_iter()
        .filter_map(|key| {
            let values: Vec<Option<String>> = queries
                .iter()
                .map(|q| q.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()))
                .collect();
            let differ = values.iter().any(|v| *v != values[0]);
            differ.then_some(Difference { key, values })
        })
        .collect()
}

/// A link value as its field reads it, for showing a [`Difference`] in words.
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    Number(NumberKind, f64),
    /// A choice's id, as the table names it.
    Choice(&'static str),
    Flag(bool),
    /// A list or a value of a field with a text form of its own, as the link writes it.
    Text(String),
}

/// What the link value `raw` of `key` is, by its field's table.
pub fn shown(key: &str, raw: &str) -> Shown {
    struct Find<'a> {
        key: &'a str,
        raw: &'a str,
        out: Option<Shown>,
    }
    impl Visit for Find<'_> {
        fn visit<T: Calculator + std::fmt::Debug>(
            &mut self,
            _: usize,
            _: fn(&mut Scenario) -> &mut T,
        ) {
            if self.out.is_some() {
                return;
            }
            let Some(f) = T::FIELDS.iter().find(|f| f.key() == self.key) else {
                return;
            };
            self.out = Some(match f {
                Field::Num(n) => match self.raw.parse::<f64>() {
                    Ok(v) => Shown::Number(n.kind, v),
                    Err(_) => Shown::Text(self.raw.to_string()),
                },
                Field::Choice(c) => match (c.ids)().into_iter().find(|id| *id == self.raw) {
                    Some(id) => Shown::Choice(id),
                    None => Shown::Text(self.raw.to_string()),
                },
                Field::Flag(_) => Shown::Flag(self.raw == "1"),
                Field::Text(_) => Shown::Text(self.raw.to_string()),
            });
        }
    }
    let mut find = Find {
        key,
        raw,
        out: None,
    };
    Scenario::visit_calculators(&mut find);
    find.out.unwrap_or_else(|| Shown::Text(raw.to_string()))
}
