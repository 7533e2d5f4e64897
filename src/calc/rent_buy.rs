//! Rent or buy: the monthly cost of owning a GPU machine against renting it, and the break-even
//! utilisation (docs/formulas.md, "Rent or buy").
//!
//! ```text
//! own_monthly  = (purchase - resale) / months + electricity + hosting + ops
//! electricity  = power_kW x hours_per_day x (month_hours / 24) x kWh_price x PUE      (fixed hours)
//!              = (idle_kW + (load_kW - idle_kW) x U) x month_hours x kWh_price x PUE (follows use)
//! rent_monthly = price_per_hour x month_hours x U
//! U*           = own_monthly / (price_per_hour x month_hours)                        (fixed hours)
//! ```
//!
//! With electricity that follows use, owning also grows with U, so the break-even solves
//! `a + b U = p H U`: `U* = a / (p H - b)`, and there is none when `p H <= b` (renting an hour
//! costs less than the electricity of computing it yourself).
//!
//! Assumptions and sources:
//! - Defaults are the guide's worked example: 1,200,000 CNY over 36 months, 7 kW for 12 h a day at
//!   1 CNY/kWh, 3,000 CNY hosting and bandwidth, 8,000 CNY (half an operations engineer), rent
//!   120 CNY per machine-hour (the guide's median of an 80-200 market range), 720 h a month.
//! - U is the share of hours the cards really compute, not the hours the machine is switched on.
//! - PUE (cooling overhead) defaults to 1, as the guide counts the card draw alone.
//! - Hosting follows the machine (`hosting_scale=kw`, the default): the guide's 3,000 is for its
//!   7 kW machine (`hosting_kw`), and a machine drawing `P` kW is hosted for `3,000 x P / 7`, as
//!   colocation is priced by power; `fixed` charges the figure per machine whatever it draws.
//!   A hosting figure the reader gives (typed, or a link's `hosting` without `hosting_kw`) is
//!   for the machine on screen: `hosting_kw` becomes that machine's draw, so `power_kw=10` with
//!   `hosting=2000` hosts for 2,000, not 2,000 x 10 / 7.
//!   Staff is per machine (`ops_scale=machine`, the guide's half an engineer) or the team's cost
//!   over a fleet (`fleet` machines, each carrying `ops / fleet`).
//! - Idle draw of an 8-card machine (1 kW) is an assumption for the "follows use" model: roughly
//!   host, fans and eight idle cards at 60-80 W each; change it to your measured figure.
//! - Resale value is received at the end of the horizon and lowers depreciation; the payback month
//!   ignores it, since it is only realised when the machine is sold.
//! - Ties at exactly U* go to renting: equal cost, but no capital tied up.
//!
//! Beyond the guide, each with a default that keeps the guide's figures exact
//! (docs/formulas.md, "Own, reserve or rent"):
//! - Cost of capital (`capital_rate`, default 0): the purchase becomes a level monthly charge over
//!   the horizon with the resale discounted back ([`super::finance::capital_charge`]); the part
//!   above straight-line depreciation is shown as interest. At 0 it is `(purchase - resale) /
//!   months` exactly.
//! - Resale by age (`resale_curve`, default empty): shares of the purchase price at the end of
//!   each year; when given, the curve read at the horizon replaces the single `resale` value
//!   ([`resale_value`]).
//! - A reserved machine (`reserve`, off by default) is compared in [`super::reserve`]; it
//!   changes nothing in this report.

use super::field::{link_number, FieldError, NumField, NumberKind, Slider};
use super::finance::ResaleCurveError;
use super::finance::{
    capital_charge, check_typed_resale_curve, format_resale_curve, parse_resale_curve,
    resale_share, write_typed_resale_curve,
};
use super::table::{
    validate, Calculator, ChoiceField, Field, FlagField, KeyedError, TextField, Valid,
};
use super::terms::{format_demand, parse_demand, DemandError, ReservePay, ReserveTerm};
use super::units::{Currency, Hours, Kilowatts, Money, Ratio};
use thiserror::Error;

/// How the electricity bill of an owned machine is modelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PowerModel {
    /// The guide's model: full load draw for a fixed number of hours a day.
    #[default]
    FixedHours,
    /// Idle draw around the clock plus the extra load draw for the share U of hours computing.
    FollowsUse,
}

crate::choice_ids!(PowerModel { FixedHours => "fixed", FollowsUse => "use" });

/// How the hosting figure follows the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HostingScale {
    /// In proportion to the machine's load draw: `hosting` is quoted for a machine drawing
    /// `hosting_kw` (the guide's 3,000 for its 7 kW machine), as colocation is priced by power.
    #[default]
    Kw,
    /// The amount typed, per machine, whatever it draws.
    Fixed,
}

crate::choice_ids!(HostingScale { Kw => "kw", Fixed => "fixed" });

/// Whom the staff figure is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpsScale {
    /// Each machine: the guide's half an engineer for its one machine.
    #[default]
    Machine,
    /// The whole fleet of `fleet` machines, each carrying an equal share.
    Fleet,
}

crate::choice_ids!(OpsScale { Machine => "machine", Fleet => "fleet" });

/// Everything the rent-or-buy calculator reads. Amounts are in the scenario's currency.
#[derive(Debug, Clone, PartialEq)]
pub struct RentBuyInputs {
    /// Purchase price of the machine with network, power and switch.
    pub purchase: f64,
    /// Amortisation horizon in months.
    pub months: f64,
    /// Draw at full load.
    pub power_load: Kilowatts,
    /// Draw when switched on but idle (used by [`PowerModel::FollowsUse`]).
    pub power_idle: Kilowatts,
    pub power_model: PowerModel,
    /// Hours a day at full load (used by [`PowerModel::FixedHours`]).
    pub hours_per_day: Hours,
    /// Electricity price per kWh.
    pub kwh_price: f64,
    /// Power usage effectiveness: facility draw / IT draw, at least 1.
    pub pue: f64,
    /// Hosting and bandwidth per month, for a machine drawing `hosting_kw` at load when hosting
    /// follows the draw ([`HostingScale::Kw`]), else per machine.
    pub hosting_per_month: f64,
    pub hosting_scale: HostingScale,
    /// The load draw the hosting figure is quoted for, kW.
    pub hosting_kw: f64,
    /// Operations staff per month: per machine, or for the whole fleet ([`OpsScale`]).
    pub ops_per_month: f64,
    pub ops_scale: OpsScale,
    /// Machines the staff figure is shared over when it is for the fleet.
    pub fleet: f64,
    /// Resale value at the end of the horizon.
    pub resale: f64,
    /// Rent per machine-hour.
    pub price_per_hour: f64,
    /// Utilisation: share of the month's hours the cards compute.
    pub util: Ratio,
    /// Hours in a month (720 = 30 days; 730 = a year / 12).
    pub month_hours: Hours,
    /// Demand profile: machine-hours needed in each month; empty means one machine at `util`.
    pub demand: Vec<Hours>,
    /// How far "what moves the answer" moves each input up and down ([`super::moves`]); no cost
    /// reads it.
    pub swing: Ratio,
    /// Annual cost of capital charged on the purchase (and on a reserved term paid up front).
    pub capital_rate: Ratio,
    /// Share of the purchase price fetched at the end of year 1, 2, ...; empty: `resale` applies.
    pub resale_curve: Vec<Ratio>,
    /// Whether a reserved machine is compared as a third way (and in the hybrid plan).
    pub reserve: bool,
    pub reserve_term: ReserveTerm,
    pub reserve_pay: ReservePay,
    /// Discount off the hourly rent for a one-month term, applied to every hour of the month.
    pub reserve_off_month: Ratio,
    /// The same for a one-year term.
    pub reserve_off_year: Ratio,
    /// The same for a three-year term.
    pub reserve_off_three_years: Ratio,
    /// What a month reserved for a one-month term costs, as quoted (a 包月 price); 0: none, and
    /// the month is the hourly rent for every hour less `reserve_off_month`. A pick of a row that
    /// rents by the month sets it ([`super::reserve`]).
    pub reserve_month_price: f64,
    /// The card the machine holds (a catalogue id): the guide's machine is 8 x A100 80 GB, and a
    /// pick sets it. Serving owns a card at this machine's price only when it is that card.
    pub machine_card: String,
    /// Price inputs the machine picked last had no quote for: they await the reader's figure,
    /// and until it is given there is no verdict ([`Ask`]).
    pub ask: Ask,
}

/// The card of the guide's machine: eight A100 80 GB (7 kW, NVIDIA A100 SXM datasheet 400 W).
pub const GUIDE_MACHINE_CARD: &str = "a100-80gb";

/// The price inputs awaiting the reader's figure. Picking a catalogue row that has no purchase
/// or no hourly rent in the scenario's currency does not keep the previous machine's figure: it
/// asks for this one's. The number the input holds meanwhile is not shown and decides nothing:
/// the page shows no verdict while anything is asked ([`Ask::any`]). Typing a figure into the
/// input answers it. Link form: `ask=purchase`, `ask=price` or `ask=purchase,price` (no key:
/// nothing asked, so every older link reads as before).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Ask {
    pub purchase: bool,
    pub price: bool,
}

impl Ask {
    /// Whether any price is asked for.
    pub fn any(self) -> bool {
        self.purchase || self.price
    }

    /// Whether the input with link key `key` is asked for.
    pub fn has(self, key: &str) -> bool {
        match key {
            "purchase" => self.purchase,
            "price" => self.price,
            _ => false,
        }
    }

    /// Asks (or stops asking) for the input with link key `key`; other keys change nothing.
    pub fn set(&mut self, key: &str, asked: bool) {
        match key {
            "purchase" => self.purchase = asked,
            "price" => self.price = asked,
            _ => {}
        }
    }

    /// The keys asked for, in form order.
    pub fn keys(self) -> Vec<&'static str> {
        [("purchase", self.purchase), ("price", self.price)]
            .into_iter()
            .filter_map(|(k, on)| on.then_some(k))
            .collect()
    }

    fn write(self) -> String {
        self.keys().join(",")
    }

    fn read(raw: &str) -> Result<Ask, FieldError> {
        let mut a = Ask::default();
        for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if !matches!(part, "purchase" | "price") {
                return Err(FieldError::NotAChoice {
                    key: "ask",
                    raw: raw.to_string(),
                    allowed: vec!["purchase", "price"],
                });
            }
            a.set(part, true);
        }
        Ok(a)
    }
}

impl Default for RentBuyInputs {
    fn default() -> Self {
        RentBuyInputs {
            purchase: 1_200_000.0,
            months: 36.0,
            power_load: Kilowatts(7.0),
            power_idle: Kilowatts(1.0),
            power_model: PowerModel::FixedHours,
            hours_per_day: Hours(12.0),
            kwh_price: 1.0,
            pue: 1.0,
            hosting_per_month: 3_000.0,
            hosting_scale: HostingScale::Kw,
            hosting_kw: 7.0,
            ops_per_month: 8_000.0,
            ops_scale: OpsScale::Machine,
            fleet: 1.0,
            resale: 0.0,
            price_per_hour: 120.0,
            util: Ratio(0.5),
            month_hours: Hours(720.0),
            demand: Vec::new(),
            swing: Ratio(0.2),
            capital_rate: Ratio(0.0),
            resale_curve: Vec::new(),
            reserve: false,
            reserve_term: ReserveTerm::Year,
            reserve_pay: ReservePay::Upfront,
            reserve_off_month: Ratio::from_percent(20.0),
            reserve_off_year: Ratio::from_percent(35.0),
            reserve_off_three_years: Ratio::from_percent(55.0),
            reserve_month_price: 0.0,
            machine_card: GUIDE_MACHINE_CARD.to_string(),
            ask: Ask::default(),
        }
    }
}

type F = NumField<RentBuyInputs>;

// The numeric inputs in link units (docs/contract.md), each named so the form refers to it.
#[rustfmt::skip]
mod fields {
    use super::*;
    pub const PURCHASE: F = NumField { key: "purchase", kind: NumberKind::Money, min: 0.0, max: 1e10, slider: None, whole: false, get: |i| i.purchase, set: |i, v| i.purchase = v };
    pub const MONTHS: F = NumField { key: "months", kind: NumberKind::Plain, min: 1.0, max: 240.0, slider: None, whole: true, get: |i| i.months, set: |i, v| i.months = v };
    pub const RESALE: F = NumField { key: "resale", kind: NumberKind::Money, min: 0.0, max: 1e10, slider: None, whole: false, get: |i| i.resale, set: |i, v| i.resale = v };
    pub const POWER_KW: F = NumField { key: "power_kw", kind: NumberKind::Plain, min: 0.0, max: 1000.0, slider: None, whole: false, get: |i| i.power_load.0, set: |i, v| i.power_load = Kilowatts(v) };
    pub const IDLE_KW: F = NumField { key: "idle_kw", kind: NumberKind::Plain, min: 0.0, max: 1000.0, slider: None, whole: false, get: |i| i.power_idle.0, set: |i, v| i.power_idle = Kilowatts(v) };
    pub const HOURS_PER_DAY: F = NumField { key: "hours_per_day", kind: NumberKind::Plain, min: 0.0, max: 24.0, slider: None, whole: false, get: |i| i.hours_per_day.0, set: |i, v| i.hours_per_day = Hours(v) };
    pub const KWH_PRICE: F = NumField { key: "kwh_price", kind: NumberKind::Money, min: 0.0, max: 100.0, slider: None, whole: false, get: |i| i.kwh_price, set: |i, v| i.kwh_price = v };
    pub const PUE: F = NumField { key: "pue", kind: NumberKind::Plain, min: 1.0, max: 3.0, slider: None, whole: false, get: |i| i.pue, set: |i, v| i.pue = v };
    pub const HOSTING: F = NumField { key: "hosting", kind: NumberKind::Money, min: 0.0, max: 1e9, slider: None, whole: false, get: |i| i.hosting_per_month, set: |i, v| i.hosting_per_month = v };
    pub const HOSTING_KW: F = NumField { key: "hosting_kw", kind: NumberKind::Plain, min: 0.01, max: 1000.0, slider: None, whole: false, get: |i| i.hosting_kw, set: |i, v| i.hosting_kw = v };
    pub const FLEET: F = NumField { key: "fleet", kind: NumberKind::Plain, min: 1.0, max: 10_000.0, slider: None, whole: true, get: |i| i.fleet, set: |i, v| i.fleet = v };
    pub const OPS: F = NumField { key: "ops", kind: NumberKind::Money, min: 0.0, max: 1e9, slider: None, whole: false, get: |i| i.ops_per_month, set: |i, v| i.ops_per_month = v };
    pub const PRICE: F = NumField { key: "price", kind: NumberKind::Money, min: 0.01, max: 1e6, slider: Some(&Slider { min: 40.0, max: 300.0, step: 1.0 }), whole: false, get: |i| i.price_per_hour, set: |i, v| i.price_per_hour = v };
    pub const UTIL: F = NumField { key: "util", kind: NumberKind::Percent, min: 0.0, max: 100.0, slider: Some(&Slider { min: 0.0, max: 100.0, step: 0.5 }), whole: false, get: |i| i.util.percent(), set: |i, v| i.util = Ratio::from_percent(v) };
    pub const MONTH_HOURS: F = NumField { key: "month_hours", kind: NumberKind::Plain, min: 24.0, max: 744.0, slider: None, whole: false, get: |i| i.month_hours.0, set: |i, v| i.month_hours = Hours(v) };
    pub const SWING: F = NumField { key: "swing", kind: NumberKind::Percent, min: 1.0, max: 90.0, slider: None, whole: false, get: |i| i.swing.percent(), set: |i, v| i.swing = Ratio::from_percent(v) };
    pub const CAPITAL_RATE: F = NumField { key: "capital_rate", kind: NumberKind::Percent, min: 0.0, max: 100.0, slider: None, whole: false, get: |i| i.capital_rate.percent(), set: |i, v| i.capital_rate = Ratio::from_percent(v) };
    pub const RESERVE_OFF_1M: F = NumField { key: "reserve_off_1m", kind: NumberKind::Percent, min: 0.0, max: 99.0, slider: None, whole: false, get: |i| i.reserve_off_month.percent(), set: |i, v| i.reserve_off_month = Ratio::from_percent(v) };
    pub const RESERVE_OFF_1Y: F = NumField { key: "reserve_off_1y", kind: NumberKind::Percent, min: 0.0, max: 99.0, slider: None, whole: false, get: |i| i.reserve_off_year.percent(), set: |i, v| i.reserve_off_year = Ratio::from_percent(v) };
    pub const RESERVE_OFF_3Y: F = NumField { key: "reserve_off_3y", kind: NumberKind::Percent, min: 0.0, max: 99.0, slider: None, whole: false, get: |i| i.reserve_off_three_years.percent(), set: |i, v| i.reserve_off_three_years = Ratio::from_percent(v) };
    pub const RESERVE_MONTH: F = NumField { key: "reserve_month", kind: NumberKind::Money, min: 0.0, max: 1e9, slider: None, whole: false, get: |i| i.reserve_month_price, set: |i, v| i.reserve_month_price = v };
}
pub use fields::*;

impl RentBuyInputs {
    /// The draw a hosting figure typed for this machine is quoted for: its own load draw (the
    /// least `hosting_kw` takes when it draws nothing, which then hosts for nothing either way).
    fn hosting_kw_of(load: Kilowatts) -> f64 {
        load.0.clamp(HOSTING_KW.min, HOSTING_KW.max)
    }

    fn hosting_for_this_machine(&mut self) {
        self.hosting_kw = Self::hosting_kw_of(self.power_load);
    }
}

/// How electricity is counted.
pub const POWER_MODEL: ChoiceField<RentBuyInputs> =
    crate::choice_field!("power_model", PowerModel, power_model);

/// How hosting follows the machine.
pub const HOSTING_SCALE: ChoiceField<RentBuyInputs> =
    crate::choice_field!("hosting_scale", HostingScale, hosting_scale);

/// Whom the staff figure is for.
pub const OPS_SCALE: ChoiceField<RentBuyInputs> =
    crate::choice_field!("ops_scale", OpsScale, ops_scale);

/// Whether reserving is compared.
pub const RESERVE: FlagField<RentBuyInputs> = crate::flag_field!("reserve", reserve);

/// The reserved term.
pub const RESERVE_TERM: ChoiceField<RentBuyInputs> =
    crate::choice_field!("reserve_term", ReserveTerm, reserve_term);

/// How the reserved term is paid.
pub const RESERVE_PAY: ChoiceField<RentBuyInputs> =
    crate::choice_field!("reserve_pay", ReservePay, reserve_pay);

impl Calculator for RentBuyInputs {
    type Error = RentBuyError;

    const FIELDS: &'static [Field<Self>] = &[
        Field::Num(PURCHASE),
        Field::Num(MONTHS),
        Field::Num(RESALE),
        Field::Text(TextField {
            key: "resale_curve",
            read: |i, raw| {
                i.resale_curve = parse_resale_curve(raw)?;
                Ok(())
            },
            write: |i| format_resale_curve(&i.resale_curve),
        }),
        Field::Num(CAPITAL_RATE),
        Field::Choice(POWER_MODEL),
        Field::Num(POWER_KW),
        Field::Num(IDLE_KW),
        Field::Num(HOURS_PER_DAY),
        Field::Num(KWH_PRICE),
        Field::Num(PUE),
        Field::Num(HOSTING),
        Field::Choice(HOSTING_SCALE),
        Field::Num(HOSTING_KW),
        Field::Num(OPS),
        Field::Choice(OPS_SCALE),
        Field::Num(FLEET),
        Field::Num(PRICE),
        Field::Num(UTIL),
        Field::Num(MONTH_HOURS),
        Field::Text(TextField {
            key: "demand",
            read: |i, raw| {
                i.demand = parse_demand(raw)?;
                Ok(())
            },
            write: |i| format_demand(&i.demand),
        }),
        Field::Num(SWING),
        Field::Flag(RESERVE),
        Field::Choice(RESERVE_TERM),
        Field::Choice(RESERVE_PAY),
        Field::Num(RESERVE_OFF_1M),
        Field::Num(RESERVE_MONTH),
        Field::Num(RESERVE_OFF_1Y),
        Field::Num(RESERVE_OFF_3Y),
        Field::Text(TextField {
            key: "machine_card",
            read: |i, raw| {
                let id = raw.trim();
                match crate::calc::memory::catalogue::gpu(id) {
                    Some(g) => {
                        i.machine_card = g.id.to_string();
                        Ok(())
                    }
                    None => Err(FieldError::NotAChoice {
                        key: "machine_card",
                        raw: raw.to_string(),
                        allowed: crate::calc::memory::catalogue::GPUS
                            .iter()
                            .map(|g| g.id)
                            .collect(),
                    }
                    .into()),
                }
            },
            write: |i| i.machine_card.clone(),
        }),
        // Last, so that a link's `ask` stands over the figures read before it.
        Field::Text(TextField {
            key: "ask",
            read: |i, raw| {
                i.ask = Ask::read(raw)?;
                Ok(())
            },
            write: |i| i.ask.write(),
        }),
    ];

    fn asked(&self, key: &str) -> bool {
        self.ask.has(key)
    }

    fn answered(&mut self, key: &str) {
        self.ask.set(key, false);
        // A hosting figure typed for the machine on screen is that machine's: it is quoted for
        // the machine's own draw, not for the guide's 7 kW, and follows the draw from here on.
        if key == HOSTING.key {
            self.hosting_for_this_machine();
        }
    }

    fn after_read(&mut self, given: &dyn Fn(&str) -> bool) {
        // A link that gives the hosting figure without the draw it is quoted for gives it for
        // the machine it describes (`power_kw=10&hosting=2000` is 2,000 for a 10 kW machine).
        if given(HOSTING.key) && !given(HOSTING_KW.key) {
            self.hosting_for_this_machine();
        }
    }

    fn link_settle(&self, base: &mut Self) {
        // Read back, a link without `hosting_kw` quotes the hosting for the guide's machine
        // when it leaves out `hosting`, and for its own machine when it gives `hosting`:
        // `hosting_kw` is written whenever it is not what a reader would take.
        if link_number((HOSTING.get)(self)) != link_number((HOSTING.get)(base)) {
            base.hosting_kw = Self::hosting_kw_of(self.power_load);
        }
    }

    fn cross_check(&self) -> Result<(), RentBuyError> {
        if self.power_model == PowerModel::FollowsUse && self.power_idle.0 > self.power_load.0 {
            return Err(RentBuyError::IdleAboveLoad {
                idle: self.power_idle.0,
                load: self.power_load.0,
            });
        }
        if self.resale > self.purchase {
            return Err(RentBuyError::ResaleAbovePurchase {
                resale: self.resale,
                purchase: self.purchase,
            });
        }
        Ok(())
    }
}

/// Reads text typed into the page's box of text field `key` (the demand profile, the resale
/// curve). A box follows the rules of every number box (src/calc/number_text.rs), which a link,
/// written by the page, does not need: a comma between two digits in the resale curve could be a
/// decimal comma as well as a separator between years, so `1,5` is refused there with a message
/// rather than read as two years ([`check_typed_resale_curve`]). The link form `78,60,46,35`
/// stays the link's, and what the box shows is written with a blank after each comma, so it
/// reads back as typed.
pub fn read_typed(i: &mut RentBuyInputs, key: &str, raw: &str) -> Result<(), RentBuyError> {
    let Some(f) = <RentBuyInputs as Calculator>::FIELDS
        .iter()
        .find(|f| f.key() == key)
    else {
        return Ok(());
    };
    // A year that is not a number is named first; the comma's reading only once each is one.
    let mut next = i.clone();
    f.read(&mut next, raw)?;
    if key == "resale_curve" {
        check_typed_resale_curve(raw)?;
    }
    *i = next;
    Ok(())
}

/// What the page's box of text field `key` shows: the link form, except the resale curve, whose
/// years are written with a blank after each comma (`78, 60`) so a two-year curve reads back in
/// the box ([`read_typed`]).
pub fn write_typed(i: &RentBuyInputs, key: &str) -> String {
    if key == "resale_curve" {
        return write_typed_resale_curve(&i.resale_curve);
    }
    <RentBuyInputs as Calculator>::FIELDS
        .iter()
        .find_map(|f| match f {
            Field::Text(t) if t.key == key => Some((t.write)(i)),
            _ => None,
        })
        .unwrap_or_default()
}

/// Inputs that are each in range but contradict one another, or a value out of range.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum RentBuyError {
    #[error("idle_kw: idle draw {idle} kW is above the load draw {load} kW")]
    IdleAboveLoad { idle: f64, load: f64 },
    #[error("resale: resale value {resale} is above the purchase price {purchase}")]
    ResaleAbovePurchase { resale: f64, purchase: f64 },
    #[error(transparent)]
    Demand(#[from] DemandError),
    #[error(transparent)]
    ResaleCurve(#[from] ResaleCurveError),
    #[error(transparent)]
    Field(#[from] FieldError),
}

impl KeyedError for RentBuyError {
    fn kind(&self) -> crate::calc::table::ErrorKind {
        crate::calc::table::ErrorKind::RentBuy
    }
    fn key(&self) -> &'static str {
        match self {
            RentBuyError::IdleAboveLoad { .. } => "idle_kw",
            RentBuyError::ResaleAbovePurchase { .. } => "resale",
            RentBuyError::Demand(_) => "demand",
            RentBuyError::ResaleCurve(_) => "resale_curve",
            RentBuyError::Field(e) => e.key(),
        }
    }
}

/// Whether renting or owning is cheaper at the chosen utilisation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Rent,
    Buy,
}

crate::choice_ids!(Verdict { Rent => "rent", Buy => "buy" });

/// The parts of owning one machine for one month.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OwnParts {
    /// Straight-line depreciation, `(purchase - resale) / months`.
    pub depreciation: Money,
    /// The cost of the capital tied up: the capital charge above straight-line depreciation (0
    /// at a zero rate).
    pub interest: Money,
    pub electricity: Money,
    pub hosting: Money,
    pub ops: Money,
}

impl OwnParts {
    pub fn total(&self) -> Money {
        let sum = self.depreciation.amount
            + self.interest.amount
            + self.electricity.amount
            + self.hosting.amount
            + self.ops.amount;
        Money::new(sum, self.depreciation.currency)
    }
}

/// Everything the rent-or-buy view shows.
#[derive(Debug, Clone, PartialEq)]
pub struct RentBuyReport {
    pub own: OwnParts,
    pub own_monthly: Money,
    pub rent_monthly: Money,
    /// `own - rent`: positive when renting saves money.
    pub monthly_difference: Money,
    /// Utilisation at which both cost the same; `None` when renting is always cheaper.
    pub break_even: Option<Ratio>,
    pub verdict: Verdict,
    /// Days in the month, `month_hours / 24`.
    pub days_per_month: f64,
    /// Energy bought per month, kWh (after PUE).
    pub energy_kwh: f64,
    /// Month (fractional) in which renting's cumulative cost passes owning's, within the horizon.
    pub payback_month: Option<f64>,
    /// Owning's running cost per month, without depreciation.
    pub running_monthly: Money,
    /// The resale value received at the end of the horizon, and where it comes from.
    pub resale_value: Money,
    pub resale_source: ResaleSource,
    /// The prices awaiting the reader's figure: while any is, the figures above stand on a
    /// number that is not this machine's, and there is no verdict ([`RentBuyReport::decided`]).
    pub asked: Ask,
}

impl RentBuyReport {
    /// The verdict, or `None` while a price is asked for (the page asks instead of answering).
    pub fn decided(&self) -> Option<Verdict> {
        (!self.asked.any()).then_some(self.verdict)
    }
}

/// Which input gave the resale value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResaleSource {
    /// The single value typed (`resale`).
    Value,
    /// The resale curve read at the horizon (`resale_curve`); it wins over `resale`.
    Curve,
}

crate::choice_ids!(ResaleSource { Value => "value", Curve => "curve" });

/// The resale value at the end of the horizon: the curve's share of the purchase price at
/// `months` when a curve is given, else the single `resale` value.
pub fn resale_value(i: &RentBuyInputs) -> (f64, ResaleSource) {
    match resale_share(&i.resale_curve, i.months) {
        Some(share) => (i.purchase * share.0, ResaleSource::Curve),
        None => (i.resale, ResaleSource::Value),
    }
}

/// Owning's monthly capital charge: depreciation plus the cost of capital.
pub(crate) fn capital_monthly(i: &RentBuyInputs) -> f64 {
    capital_charge(i.purchase, resale_value(i).0, i.months, i.capital_rate)
}

/// Hosting a month for this machine: the figure typed, in proportion to the machine's load draw
/// against the draw it is quoted for when hosting follows the draw (3,000 x 7 / 7 for the
/// guide's machine, exactly 3,000).
pub fn hosting_monthly(i: &RentBuyInputs) -> f64 {
    match i.hosting_scale {
        HostingScale::Kw => i.hosting_per_month * i.power_load.0 / i.hosting_kw,
        HostingScale::Fixed => i.hosting_per_month,
    }
}

/// Staff a month for this machine: the figure typed, or its share of the fleet's.
pub fn ops_monthly(i: &RentBuyInputs) -> f64 {
    match i.ops_scale {
        OpsScale::Machine => i.ops_per_month,
        OpsScale::Fleet => i.ops_per_month / i.fleet,
    }
}

/// Owning's monthly cost as `a + b U`: the fixed part and the part that scales with utilisation.
fn own_linear(i: &RentBuyInputs) -> (f64, f64) {
    let h = i.month_hours.0;
    let base = capital_monthly(i) + hosting_monthly(i) + ops_monthly(i);
    match i.power_model {
        PowerModel::FixedHours => {
            let kwh = i.power_load.0 * i.hours_per_day.0 * (h / 24.0) * i.pue;
            (base + kwh * i.kwh_price, 0.0)
        }
        PowerModel::FollowsUse => {
            let idle = i.power_idle.0 * h * i.pue * i.kwh_price;
            let extra = (i.power_load.0 - i.power_idle.0) * h * i.pue * i.kwh_price;
            (base + idle, extra)
        }
    }
}

/// Owning's monthly cost at utilisation `u`.
pub(crate) fn own_at(i: &RentBuyInputs, u: f64) -> f64 {
    let (a, b) = own_linear(i);
    a + b * u
}

/// Renting's monthly cost at utilisation `u`.
pub(crate) fn rent_at(i: &RentBuyInputs, u: f64) -> f64 {
    i.price_per_hour * i.month_hours.0 * u
}

/// Break-even utilisation at the inputs' prices.
pub(crate) fn break_even(i: &RentBuyInputs) -> Option<f64> {
    let (a, b) = own_linear(i);
    let slope = i.price_per_hour * i.month_hours.0 - b;
    (slope > 0.0).then(|| a / slope)
}

/// Checks the inputs and runs the calculator: for callers that hold unchecked inputs.
pub fn rent_buy(i: &RentBuyInputs, cur: Currency) -> Result<RentBuyReport, RentBuyError> {
    Ok(report(&validate(i.clone())?, cur))
}

/// The rent-or-buy calculator.
pub fn report(i: &Valid<RentBuyInputs>, cur: Currency) -> RentBuyReport {
    let h = i.month_hours.0;
    let u = i.util.0;
    let energy_kwh = match i.power_model {
        PowerModel::FixedHours => i.power_load.0 * i.hours_per_day.0 * (h / 24.0) * i.pue,
        PowerModel::FollowsUse => {
            (i.power_idle.0 + (i.power_load.0 - i.power_idle.0) * u) * h * i.pue
        }
    };
    let (resale, resale_source) = resale_value(i);
    let depreciation = (i.purchase - resale) / i.months;
    let own = OwnParts {
        depreciation: Money::new(depreciation, cur),
        interest: Money::new(capital_monthly(i) - depreciation, cur),
        electricity: Money::new(energy_kwh * i.kwh_price, cur),
        hosting: Money::new(hosting_monthly(i), cur),
        ops: Money::new(ops_monthly(i), cur),
    };
    let own_monthly = own.total();
    let rent_monthly = Money::new(rent_at(i, u), cur);
    let running = Money::new(
        own.electricity.amount + own.hosting.amount + own.ops.amount,
        cur,
    );
    let margin = rent_monthly.amount - running.amount;
    let payback_month = (margin > 0.0)
        .then(|| i.purchase / margin)
        .filter(|m| *m <= i.months);
    RentBuyReport {
        own,
        own_monthly,
        rent_monthly,
        monthly_difference: Money::new(own_monthly.amount - rent_monthly.amount, cur),
        break_even: break_even(i).map(Ratio),
        verdict: if rent_monthly.amount <= own_monthly.amount {
            Verdict::Rent
        } else {
            Verdict::Buy
        },
        days_per_month: h / 24.0,
        energy_kwh,
        payback_month,
        running_monthly: running,
        resale_value: Money::new(resale, cur),
        resale_source,
        asked: i.ask,
    }
}
