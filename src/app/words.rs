//! The calculators' own problems in words. The core reports each as an enum value with its
//! numbers; this module words every variant in the reader's language from the locale files'
//! `[err_calc]` table, with the fields' visible labels and the numbers formatted for the page.
//! A field's own problem ([`FieldError`]) is worded by [`field_error`].

use super::format::{self, money, number};
use crate::calc::advisor::AdvisorError;
use crate::calc::bill::{BillError, Group, ListError};
use crate::calc::billing::{BillingError, RunsError, MAX_RUN_HOURS};
use crate::calc::choice::Choice;
use crate::calc::demand::DemandError;
use crate::calc::field::FieldError;
use crate::calc::finance::ResaleCurveError;
use crate::calc::memory::arch::ArchError;
use crate::calc::memory::config_json::{ConfigError, MODEL_TYPES};
use crate::calc::memory::inputs::MemoryError;
use crate::calc::number_text::{NumberKind, NumberTextError};
use crate::calc::plan::PlanError;
use crate::calc::rent_buy::RentBuyError;
use crate::calc::scenario::{StoreError, UnknownItems, SCHEMA};
use crate::calc::serving::measured::{MeasuredError, Tool};
use crate::calc::serving::ServingError;
use crate::calc::spot::SpotError;
use crate::calc::table::{ErrorKind, Issue};
use crate::calc::units::{Currency, Money};
use crate::text::Texts;

/// Picks one string from the texts: `|t| t.app.tagline`.
pub type Tr = fn(&'static Texts) -> &'static str;

/// A field's visible label, by its link key.
pub fn label(t: &'static Texts, key: &str) -> &'static str {
    t.field.get(key).unwrap_or("")
}

/// Where a dated price was read, named as the reader's language names the site (`[site]`, by
/// the source's first word in lower case: 虎嗅 for Huxiu), else by that word as it stands.
pub fn site(t: &'static Texts, q: &crate::calc::memory::prices::Quote) -> &'static str {
    let word = q.site();
    t.site.get(&word.to_ascii_lowercase()).unwrap_or(word)
}

/// A quote's month as the page shows it: "2026-10", or "price from 2024-08" when it is older
/// than the catalogue's rule allows (`calc::pick::age`).
pub fn quote_month(t: &'static Texts, date: &str) -> String {
    if crate::calc::pick::is_stale(date, format::today()).unwrap_or(false) {
        t.catalogue.stale(date)
    } else {
        date.to_string()
    }
}

/// A currency's name as a unit: `CNY`, `元`.
pub fn currency_name(t: &'static Texts, c: Currency) -> &'static str {
    t.cur.get(c.code()).unwrap_or(c.code())
}

/// A field's unit, by its link key: for money, the currency with what it is per.
pub fn unit(t: &'static Texts, key: &str, kind: NumberKind, c: Currency) -> String {
    let per = t.unit.get(key).unwrap_or("");
    match kind {
        NumberKind::Money => t
            .app
            .money_unit(currency_name(t, c), per)
            .trim()
            .to_string(),
        _ => per.to_string(),
    }
}

/// A value of a field as the page writes it: money with its currency, a percentage with `%`.
pub fn value(v: f64, kind: NumberKind, c: Currency) -> String {
    match kind {
        NumberKind::Money => format::money(Money::new(v, c), 2),
        NumberKind::Percent => format::percent(v / 100.0, 0),
        NumberKind::Plain | NumberKind::Tokens => format::number(v, 6),
    }
}

/// A field's problem in words, with the field's label and its bounds as the page writes them.
pub fn field_error(t: &'static Texts, e: &FieldError, c: Currency) -> String {
    let label = |key: &str| {
        let l = self::label(t, key);
        if l.is_empty() {
            key.to_string()
        } else {
            l.to_string()
        }
    };
    match e {
        FieldError::NotANumber { key, raw, why } => {
            let l = label(key);
            match why {
                NumberTextError::Empty => t.err.empty(&l),
                NumberTextError::BadGrouping { .. } => t.err.grouping(&l, raw),
                NumberTextError::PercentNotAllowed => t.err.percent_here(&l),
                NumberTextError::UnitNotAllowed { .. } => t.err.unit_here(&l, raw),
                NumberTextError::NotFinite => t.err.too_large(&l, raw),
                _ => t.err.not_a_number(&l, raw),
            }
        }
        FieldError::OutOfRange {
            key,
            min,
            max,
            kind,
            ..
        } => t
            .err
            .range(&label(key), &value(*min, *kind, c), &value(*max, *kind, c)),
        FieldError::NotWhole { key, value } => t.err.whole(&label(key), &format::number(*value, 6)),
        FieldError::NotAChoice { key, raw, allowed } => {
            let names: Vec<String> = allowed
                .iter()
                .map(|id| option(t, key, id).to_string())
                .collect();
            t.err.choice(&label(key), raw, &names.join(t.app.list_sep))
        }
        FieldError::NotAFlag { key, raw } => t.err.flag(&label(key), raw),
    }
}

/// A choice's option in words, by the field's key and the option's id; the id itself when the
/// locale files name it nowhere (a model or card id is its own name).
pub fn option(t: &'static Texts, key: &str, id: &'static str) -> &'static str {
    t.opt.get(&format!("{key}.{id}")).unwrap_or(id)
}

/// Any problem the page reports, in words. Each calculator's own errors are worded by the
/// function below; a field's own problem is worded here.
pub fn issue(t: &'static Texts, i: &Issue, c: Currency) -> String {
    calc_issue(t, i, c).unwrap_or_else(|| i.to_string())
}

/// The words for a problem of any calculator, by its kind: the `match` is exhaustive, so an
/// error kind without words does not compile. `None` only if an error type claims a kind that is
/// not its own.
fn calc_issue(t: &'static Texts, i: &Issue, c: Currency) -> Option<String> {
    Some(match i.kind() {
        ErrorKind::Field => field_error(t, i.error::<FieldError>()?, c),
        ErrorKind::UnknownItems => unknown_items(t, i.error::<UnknownItems>()?),
        ErrorKind::RentBuy => rent_buy_error(t, i.error::<RentBuyError>()?, c),
        ErrorKind::Spot => spot_error(t, i.error::<SpotError>()?, c),
        ErrorKind::Billing => billing_error(t, i.error::<BillingError>()?, c),
        ErrorKind::Bill => bill_error(t, i.error::<BillError>()?, c),
        ErrorKind::Advisor => match i.error::<AdvisorError>()? {
            AdvisorError::Field(f) => field_error(t, f, c),
        },
        ErrorKind::Serving => serving_error(t, i.error::<ServingError>()?, c),
        ErrorKind::Memory => memory_error(t, i.error::<MemoryError>()?, c),
        ErrorKind::Plan => match i.error::<PlanError>()? {
            PlanError::Field(f) => field_error(t, f, c),
        },
    })
}

/// A field's label by its link key; the key only if the locale files have no label for it.
fn field(t: &'static Texts, key: &str) -> String {
    match label(t, key) {
        "" => key.to_string(),
        l => l.to_string(),
    }
}

/// A count or an item number.
fn count(n: impl Into<f64>) -> String {
    number(n.into(), 0)
}

/// A whole number too large for `f64` to hold exactly is still written in full.
fn whole(n: u64) -> String {
    if n < (1 << 53) {
        number(n as f64, 0)
    } else {
        n.to_string()
    }
}

/// An item number or count held in a `usize`.
fn nth(n: usize) -> String {
    whole(n as u64)
}

pub fn rent_buy_error(t: &'static Texts, e: &RentBuyError, c: Currency) -> String {
    let m = &t.err_calc;
    match e {
        RentBuyError::IdleAboveLoad { idle, load } => {
            m.idle_above_load(&field(t, "idle_kw"), &number(*idle, 3), &number(*load, 3))
        }
        RentBuyError::ResaleAbovePurchase { resale, purchase } => m.resale_above_purchase(
            &field(t, "resale"),
            &money(Money::new(*resale, c), 2),
            &money(Money::new(*purchase, c), 2),
        ),
        RentBuyError::Demand(d) => demand_error(t, d),
        RentBuyError::ResaleCurve(e) => {
            let l = field(t, "resale_curve");
            match e {
                ResaleCurveError::Item { year, raw } => {
                    m.resale_curve_item(&l, &number(*year as f64, 0), raw)
                }
                ResaleCurveError::TooLong { years, max } => {
                    m.resale_curve_too_long(&l, &number(*years as f64, 0), &number(*max as f64, 0))
                }
                // Both readings written out: the decimal with a dot, the years with a blank.
                ResaleCurveError::AmbiguousComma { raw } => {
                    m.resale_curve_comma(&l, raw, &raw.replace(',', "."), &raw.replace(',', ", "))
                }
            }
        }
        RentBuyError::Field(f) => field_error(t, f, c),
    }
}

pub fn demand_error(t: &'static Texts, e: &DemandError) -> String {
    let m = &t.err_calc;
    let l = field(t, "demand");
    match e {
        DemandError::Item { item, raw, max } => {
            m.demand_item(&l, &nth(*item), raw, &number(*max, 0))
        }
        DemandError::TooLong { months, max } => m.demand_too_long(&l, &nth(*months), &nth(*max)),
    }
}

pub fn spot_error(t: &'static Texts, e: &SpotError, c: Currency) -> String {
    match e {
        SpotError::StopTooShort {
            stop_hours,
            overhead_hours,
        } => t
            .err_calc
            .stop_too_short(&number(*stop_hours, 2), &number(*overhead_hours, 2)),
        SpotError::Field(f) => field_error(t, f, c),
    }
}

pub fn billing_error(t: &'static Texts, e: &BillingError, c: Currency) -> String {
    match e {
        BillingError::Runs(r) => runs_error(t, r),
        BillingError::Field(f) => field_error(t, f, c),
    }
}

pub fn runs_error(t: &'static Texts, e: &RunsError) -> String {
    let m = &t.err_calc;
    let l = field(t, "runs");
    match e {
        RunsError::BadUnit { item, raw, unit } => m.runs_bad_unit(&l, &nth(*item), raw, unit),
        RunsError::NotALength { item, raw } => {
            m.runs_not_a_length(&l, &nth(*item), raw, &number(MAX_RUN_HOURS, 0))
        }
        RunsError::TooMany { count, max } => m.runs_too_many(&l, &nth(*count), &nth(*max)),
    }
}

/// Which of the bill's two lists a [`ListError`] belongs to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BillList {
    Lines,
    Levers,
}

pub fn bill_error(t: &'static Texts, e: &BillError, c: Currency) -> String {
    match e {
        BillError::Lines(l) => list_error(t, l, BillList::Lines),
        BillError::Levers(l) => list_error(t, l, BillList::Levers),
        BillError::Field(f) => field_error(t, f, c),
    }
}

pub fn list_error(t: &'static Texts, e: &ListError, list: BillList) -> String {
    let m = &t.err_calc;
    let l = field(
        t,
        match list {
            BillList::Lines => "lines",
            BillList::Levers => "levers",
        },
    );
    match e {
        ListError::Shape { item, .. } => match list {
            BillList::Lines => m.list_shape_lines(&l, &nth(*item)),
            BillList::Levers => m.list_shape_levers(&l, &nth(*item)),
        },
        ListError::NotANumber { item, what, raw } => {
            let what = match *what {
                "hours" => t.bill.col_hours,
                "share" => t.bill.col_share,
                _ => t.bill.col_amount,
            };
            m.list_not_a_number(&l, &nth(*item), what, raw)
        }
        ListError::Group { item, raw } => {
            let names: Vec<&str> = Group::ALL
                .iter()
                .map(|g| option(t, "group", g.id()))
                .collect();
            m.list_group(&l, &nth(*item), raw, &names.join(t.app.list_sep))
        }
        ListError::ShareOver100 { item, percent } => {
            m.list_share_over(&l, &nth(*item), &format!("{}%", number(*percent, 2)))
        }
        ListError::Flag { item, raw } => m.list_flag(&l, &nth(*item), raw),
        ListError::TooMany { count, max, .. } => m.list_too_many(&l, &nth(*count), &nth(*max)),
    }
}

pub fn serving_error(t: &'static Texts, e: &ServingError, c: Currency) -> String {
    match e {
        ServingError::ContextTooLong { tokens, max } => {
            t.err_calc.context_too_long(&whole(*tokens), &whole(*max))
        }
        ServingError::Field(f) => field_error(t, f, c),
        ServingError::Calibration(e) => measured_error(t, e),
    }
}

/// Why a pasted benchmark output or a `cal=` link was not read. Tool names and a figure's link
/// key are the same in every language.
pub fn measured_error(t: &'static Texts, e: &MeasuredError) -> String {
    let m = &t.err_calc;
    let tool = Tool::name;
    match e {
        MeasuredError::NotRecognised => m.measured_not_recognised.to_string(),
        MeasuredError::NoFigures { tool: x } => m.measured_no_figures(tool(*x)),
        MeasuredError::NotFinite { what } => m.measured_not_finite(what.key()),
        MeasuredError::Negative { what } => m.measured_negative(what.key()),
        MeasuredError::Several { tool: x, count } => {
            m.measured_several(&whole(*count as u64), tool(*x))
        }
        MeasuredError::MixedTools { first, second } => {
            m.measured_mixed(tool(*first), tool(*second))
        }
        MeasuredError::LinkTool => m.measured_link_tool.to_string(),
        MeasuredError::LinkField { index } => m.measured_link_field(&whole(*index as u64)),
        MeasuredError::LinkRepeated { what } => m.measured_link_repeated(what.key()),
    }
}

pub fn memory_error(t: &'static Texts, e: &MemoryError, c: Currency) -> String {
    let m = &t.err_calc;
    match e {
        MemoryError::Field(f) => field_error(t, f, c),
        MemoryError::Arch(a) => arch_error(t, a),
        MemoryError::UnknownModel { id } => m.unknown_model(&field(t, "model"), id),
        MemoryError::UnknownGpu { id } => m.unknown_gpu(&field(t, "gpu"), id),
        MemoryError::UnknownTarget { name } => m.unknown_target(&field(t, "lora_targets"), name),
        MemoryError::NoTargets => m.no_targets(&field(t, "lora_targets")),
        MemoryError::FrozenAboveLayers { frozen, layers } => {
            m.frozen_above_layers(&field(t, "frozen_layers"), &whole(*frozen), &whole(*layers))
        }
        MemoryError::TensorParallel {
            tp,
            heads,
            kv_heads,
        } => m.tensor_parallel(&whole(*tp), &whole(*heads), &whole(*kv_heads)),
    }
}

pub fn arch_error(t: &'static Texts, e: &ArchError) -> String {
    let m = &t.err_calc;
    match e {
        ArchError::Zero { key } => m.arch_zero(&field(t, key)),
        ArchError::KvHeads { kv_heads, heads } => {
            m.arch_kv_heads(&field(t, "kv_heads"), &whole(*kv_heads), &whole(*heads))
        }
        ArchError::NoLatent => m.arch_no_latent.to_string(),
        ArchError::ExpertsPerToken { per_token, experts } => m.arch_experts_per_token(
            &field(t, "experts_per_token"),
            &whole(*per_token),
            &whole(*experts),
        ),
        ArchError::TooLarge { key, value, max } => {
            m.arch_too_large(&field(t, key), &whole(*value), &whole(*max))
        }
    }
}

/// Why a pasted `config.json` was not read. Text that is not JSON is placed by line and column,
/// as an imported file is.
pub fn config_error(t: &'static Texts, e: &ConfigError) -> String {
    let m = &t.err_calc;
    match e {
        ConfigError::Json(j) => m.config_json(&j.line.to_string(), &j.column.to_string()),
        ConfigError::NotObject => m.config_not_object.to_string(),
        ConfigError::UnknownType(found) => {
            m.config_unknown_type(found, &MODEL_TYPES.join(t.app.list_sep))
        }
        ConfigError::Missing(key) => m.config_missing(key),
        ConfigError::MissingKeys(keys) => m.config_missing_keys(&keys.join(t.app.list_sep)),
        ConfigError::Shape(a) => m.config_shape(&arch_error(t, a)),
    }
}

pub fn unknown_items(t: &'static Texts, e: &UnknownItems) -> String {
    t.err_calc
        .unknown_items(&field(t, "checked"), &e.unknown.join(t.app.list_sep))
}

/// Why saved data could not be read at all, as the reason in `[app] notice_unreadable`. The
/// reader's own detail is left out: it names the stored format's internals.
pub fn store_error(t: &'static Texts, e: &StoreError) -> String {
    match e {
        StoreError::Unreadable { .. } => t.err_calc.store_unreadable.to_string(),
        StoreError::TooNew { found } => t.err_calc.store_too_new(&count(*found), &count(SCHEMA)),
    }
}
