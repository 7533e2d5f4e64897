//! Reads the card and machine catalogue (`data/catalogue.toml`), checks every row, and writes it
//! as static Rust tables, so the page carries the figures and no TOML reader.
//!
//! What the build refuses, each with the row named (`card "h100-sxm": rent.CNY: ...`):
//! - a key that is not one of a row's (a misspelt `amout` is not silently dropped), a missing
//!   one, or a value of the wrong type;
//! - an id used twice (cards and machines share one space: a pick is named by it), or one that
//!   is not lowercase letters, digits and hyphens;
//! - a price without a source or a date, a date that is not "YYYY-MM" of 2000-2099, a currency
//!   other than CNY or USD, a range out of order (`low <= amount <= high`), a figure at or below
//!   zero or past the caps below (a slip of digits, and beyond what the page's inputs take);
//! - a card whose `form` is not one of [`FORMS`], a host whose cards are not catalogue cards of
//!   its form, or a host price that is not a street price;
//! - a machine whose card is not a catalogue card, a rent whose `per` is not hour or month, a
//!   price without its `tier` (`RENT_TIERS`, `BUY_TIERS`), or a monthly rent not of the monthly
//!   tier.
//!
//! Shared by build.rs and the tests (`#[path]`), so the tests can feed it broken rows.

use std::fmt::Write as _;
use toml::{Table, Value};

// Build.rs needs only the date reader and the month's hours of the shared file.
#[allow(dead_code)]
#[path = "../src/calc/pick/month.rs"]
mod month;

pub use month::RENT_MONTH_HOURS;

/// The data file, from the crate's root.
pub const FILE: &str = "data/catalogue.toml";

/// Currencies a price may be in, in the order of the generated fields (`_cny`, `_usd`).
pub const CURRENCIES: [&str; 2] = ["CNY", "USD"];

/// Largest purchase price of a card or a machine: 10^8 in any currency (eight cards of it stay
/// below the rent-or-buy view's 10^10).
pub const MAX_PURCHASE: f64 = 1e8;
/// Largest rent per hour, of a card or a machine (eight cards of it stay below the rent-or-buy
/// view's 10^6 a machine-hour).
pub const MAX_RENT_HOUR: f64 = 1e5;
/// Smallest figure of any price: a cent, the rent-or-buy view's least hourly price.
pub const MIN_PRICE: f64 = 0.01;

/// One dated price, in the currency of its source.
#[derive(Debug, Clone, PartialEq)]
pub struct Quote {
    /// Per hour for rent (a monthly rent divided by [`RENT_MONTH_HOURS`]), once for purchase.
    pub amount: f64,
    pub low: f64,
    pub high: f64,
    pub source: String,
    pub date: String,
    /// The source quoted the rent by the month.
    pub monthly: bool,
    /// Which tier of price it is ([`RENT_TIERS`] for a rent, [`BUY_TIERS`] for a purchase).
    pub tier: String,
}

/// The tiers a rent may be of, as the file writes them and the Rust variant each becomes: on
/// demand (a cloud's list price, held as long as paid), community (on demand on hosts of third
/// parties), spot (interruptible) and monthly (a term of a month, 包月; `per = "month"`).
pub const RENT_TIERS: [(&str, &str); 4] = [
    ("on_demand", "OnDemand"),
    ("community", "Community"),
    ("spot", "Spot"),
    ("monthly", "Monthly"),
];

/// The tiers a purchase may be of: a street price (what a buyer pays now, a dealer's or a
/// market's figure) or a launch price (the vendor's MSRP at launch, not what a card costs later).
pub const BUY_TIERS: [(&str, &str); 2] = [("street", "Street"), ("launch", "Launch")];

/// How a card is built and so how it is sold, as the file writes it and the Rust variant each
/// becomes: an SXM module or an OAM module (sold on 8-GPU baseboards, in whole machines), or a
/// PCIe card (sold alone, for a host that takes several).
pub const FORMS: [(&str, &str); 3] = [("sxm", "Sxm"), ("oam", "Oam"), ("pcie", "Pcie")];

/// A row's prices: rent and purchase, each in [`CURRENCIES`] order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Prices {
    pub rent: [Option<Quote>; 2],
    pub buy: [Option<Quote>; 2],
}

#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub vram_gb: f64,
    pub usable_mib: f64,
    pub usable_source: String,
    pub bandwidth_gb_s: f64,
    pub bf16_tflops: f64,
    pub bf16: bool,
    pub fp8_tflops: Option<f64>,
    pub power_w: f64,
    pub interconnect: String,
    pub form: String,
    pub prices: Prices,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Machine {
    pub id: String,
    pub name: String,
    pub card: String,
    pub cards: u32,
    pub interconnect: String,
    pub power_kw: Option<f64>,
    pub power_source: String,
    pub prices: Prices,
}

/// A host: the machine around cards bought one by one or on a board (chassis, CPUs, memory,
/// network, power), priced without the cards.
#[derive(Debug, Clone, PartialEq)]
pub struct Host {
    pub id: String,
    pub name: String,
    /// The form of the cards it takes.
    pub form: String,
    /// Cards it takes.
    pub cards: u32,
    /// The catalogue cards it takes.
    pub fits: Vec<String>,
    /// Its own draw at load beside its cards, W.
    pub power_w: f64,
    pub power_source: String,
    pub prices: Prices,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalogue {
    pub cards: Vec<Card>,
    pub machines: Vec<Machine>,
    pub hosts: Vec<Host>,
}

const CARD_KEYS: &[&str] = &[
    "id",
    "name",
    "vram_gb",
    "usable_mib",
    "usable_source",
    "bandwidth_gb_s",
    "bf16_tflops",
    "bf16",
    "fp8_tflops",
    "power_w",
    "interconnect",
    "form",
    "rent",
    "buy",
];
const HOST_KEYS: &[&str] = &[
    "id",
    "name",
    "form",
    "cards",
    "fits",
    "power_w",
    "power_source",
    "buy",
];
const MACHINE_KEYS: &[&str] = &[
    "id",
    "name",
    "card",
    "cards",
    "interconnect",
    "power_kw",
    "power_source",
    "rent",
    "buy",
];
const QUOTE_KEYS: &[&str] = &["amount", "low", "high", "source", "date", "per", "tier"];

/// Reads and checks the whole file: the catalogue, or every problem found (not only the first).
pub fn parse(text: &str) -> Result<Catalogue, Vec<String>> {
    let table: Table = text
        .parse()
        .map_err(|e| vec![format!("{FILE} is not valid TOML: {e}")])?;
    let mut errors = Vec::new();
    for k in table.keys() {
        if k != "card" && k != "machine" && k != "host" {
            errors.push(format!(
                "{FILE}: unknown top-level key {k:?} (only [[card]], [[machine]] and [[host]] rows)"
            ));
        }
    }
    let mut cat = Catalogue::default();
    for (i, row) in rows(&table, "card", &mut errors).iter().enumerate() {
        let mut r = Row::new("card", i, row, CARD_KEYS, &mut errors);
        let card = Card {
            id: r.id(),
            name: r.text("name"),
            vram_gb: r.number("vram_gb", 1.0, 4096.0),
            usable_mib: r.number("usable_mib", 1.0, 4_194_304.0),
            usable_source: r.text("usable_source"),
            bandwidth_gb_s: r.number("bandwidth_gb_s", 1.0, 100_000.0),
            bf16_tflops: r.number("bf16_tflops", 1.0, 100_000.0),
            bf16: r.flag("bf16"),
            fp8_tflops: r.optional_number("fp8_tflops", 1.0, 100_000.0),
            power_w: r.number("power_w", 1.0, 5000.0),
            interconnect: r.text("interconnect"),
            form: r.form(),
            prices: r.prices(),
        };
        if card.usable_mib > card.vram_gb * 1024.0 {
            r.fail(format!(
                "usable_mib {} is more than the {} GB the card is sold as",
                card.usable_mib, card.vram_gb
            ));
        }
        cat.cards.push(card);
    }
    for (i, row) in rows(&table, "machine", &mut errors).iter().enumerate() {
        let mut r = Row::new("machine", i, row, MACHINE_KEYS, &mut errors);
        r.whole("cards");
        let machine = Machine {
            id: r.id(),
            name: r.text("name"),
            card: r.text("card"),
            cards: r.number("cards", 1.0, 64.0) as u32,
            interconnect: r.text("interconnect"),
            power_kw: r.optional_number("power_kw", 0.01, 1000.0),
            power_source: r.text("power_source"),
            prices: r.prices(),
        };
        if !machine.card.is_empty() && !cat.cards.iter().any(|c| c.id == machine.card) {
            r.fail(format!(
                "card {:?} is not a card of this file",
                machine.card
            ));
        }
        cat.machines.push(machine);
    }
    for (i, row) in rows(&table, "host", &mut errors).iter().enumerate() {
        let mut r = Row::new("host", i, row, HOST_KEYS, &mut errors);
        r.whole("cards");
        let host = Host {
            id: r.id(),
            name: r.text("name"),
            form: r.form(),
            cards: r.number("cards", 1.0, 64.0) as u32,
            fits: r.texts("fits"),
            power_w: r.number("power_w", 1.0, 100_000.0),
            power_source: r.text("power_source"),
            prices: r.prices(),
        };
        for id in &host.fits {
            match cat.cards.iter().find(|c| &c.id == id) {
                None => r.fail(format!("fits {id:?}: not a card of this file")),
                Some(c) if !host.form.is_empty() && c.form != host.form => r.fail(format!(
                    "fits {id:?}: a card of form {:?}, the host takes {:?}",
                    c.form, host.form
                )),
                Some(_) => {}
            }
        }
        for q in host.prices.buy.iter().flatten() {
            if q.tier != "street" {
                r.fail(format!(
                    "buy: tier {:?}; a host's price is what a buyer pays now, \"street\"",
                    q.tier
                ));
            }
        }
        cat.hosts.push(host);
    }
    let mut seen = std::collections::BTreeSet::new();
    let ids = cat
        .cards
        .iter()
        .map(|c| ("card", &c.id))
        .chain(cat.machines.iter().map(|m| ("machine", &m.id)))
        .chain(cat.hosts.iter().map(|h| ("host", &h.id)));
    for (kind, id) in ids {
        if !id.is_empty() && !seen.insert(id.clone()) {
            errors.push(format!(
                "{kind} {id:?}: the id is used by another row (cards and machines share ids)"
            ));
        }
    }
    if errors.is_empty() {
        Ok(cat)
    } else {
        Err(errors)
    }
}

/// The rows of one array of tables (`[[card]]`), or none.
fn rows<'a>(table: &'a Table, key: &str, errors: &mut Vec<String>) -> Vec<&'a Table> {
    match table.get(key) {
        None => Vec::new(),
        Some(Value::Array(a)) => a
            .iter()
            .enumerate()
            .filter_map(|(i, v)| match v {
                Value::Table(t) => Some(t),
                _ => {
                    errors.push(format!("{key} {}: not a table; write [[{key}]]", i + 1));
                    None
                }
            })
            .collect(),
        Some(_) => {
            errors.push(format!("{key}: write each row as [[{key}]]"));
            Vec::new()
        }
    }
}

/// One row being read: its values, and where to report what is wrong with it.
struct Row<'a> {
    /// `card "h100-sxm"`, or `card 3` while the id is unknown.
    name: String,
    table: &'a Table,
    errors: &'a mut Vec<String>,
}

impl<'a> Row<'a> {
    fn new(
        kind: &str,
        index: usize,
        table: &'a Table,
        keys: &[&str],
        errors: &'a mut Vec<String>,
    ) -> Self {
        let name = match table.get("id") {
            Some(Value::String(id)) => format!("{kind} {id:?}"),
            _ => format!("{kind} {} (no id)", index + 1),
        };
        for k in table.keys() {
            if !keys.contains(&k.as_str()) {
                errors.push(format!(
                    "{name}: unknown key {k:?}; a {kind} has {}",
                    keys.join(", ")
                ));
            }
        }
        Row {
            name,
            table,
            errors,
        }
    }

    fn fail(&mut self, what: String) {
        self.errors.push(format!("{}: {what}", self.name));
    }

    fn id(&mut self) -> String {
        let id = self.text("id");
        if !id.is_empty()
            && !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            self.fail(format!(
                "id {id:?}: use lowercase letters, digits and hyphens (it is a link value)"
            ));
        }
        id
    }

    fn text(&mut self, key: &str) -> String {
        match self.table.get(key) {
            Some(Value::String(s)) if !s.trim().is_empty() => s.clone(),
            Some(Value::String(_)) => {
                self.fail(format!("{key} is empty"));
                String::new()
            }
            Some(v) => {
                self.fail(format!("{key} should be text, found {}", v.type_str()));
                String::new()
            }
            None => {
                self.fail(format!("{key} is missing"));
                String::new()
            }
        }
    }

    /// A card's or a host's `form`, one of [`FORMS`].
    fn form(&mut self) -> String {
        let form = self.text("form");
        if !form.is_empty() && !FORMS.iter().any(|(f, _)| *f == form) {
            let names: Vec<&str> = FORMS.iter().map(|f| f.0).collect();
            self.fail(format!("form {form:?} is not one of {}", names.join(", ")));
            return String::new();
        }
        form
    }

    /// A list of texts (`fits = ["h100-sxm", "h200"]`), at least one.
    fn texts(&mut self, key: &str) -> Vec<String> {
        match self.table.get(key) {
            Some(Value::Array(a)) if !a.is_empty() => a
                .iter()
                .filter_map(|v| match v {
                    Value::String(s) => Some(s.clone()),
                    other => {
                        self.fail(format!(
                            "{key}: each entry should be text, found {}",
                            other.type_str()
                        ));
                        None
                    }
                })
                .collect(),
            Some(Value::Array(_)) => {
                self.fail(format!("{key} is empty"));
                Vec::new()
            }
            Some(v) => {
                self.fail(format!(
                    "{key} should be a list of text, found {}",
                    v.type_str()
                ));
                Vec::new()
            }
            None => {
                self.fail(format!("{key} is missing"));
                Vec::new()
            }
        }
    }

    fn flag(&mut self, key: &str) -> bool {
        match self.table.get(key) {
            Some(Value::Boolean(b)) => *b,
            Some(v) => {
                self.fail(format!(
                    "{key} should be true or false, found {}",
                    v.type_str()
                ));
                false
            }
            None => {
                self.fail(format!("{key} is missing"));
                false
            }
        }
    }

    fn optional_number(&mut self, key: &str, min: f64, max: f64) -> Option<f64> {
        let v = self.table.get(key)?;
        Some(check_number(v, key, min, max).unwrap_or_else(|e| {
            self.fail(e);
            min
        }))
    }

    fn number(&mut self, key: &str, min: f64, max: f64) -> f64 {
        self.optional_number(key, min, max).unwrap_or_else(|| {
            self.fail(format!("{key} is missing"));
            min
        })
    }

    /// Reports a `key` that holds a fraction (its range and presence are `number`'s to check).
    fn whole(&mut self, key: &str) {
        if let Some(Value::Float(f)) = self.table.get(key) {
            if f.fract() != 0.0 {
                self.fail(format!("{key} should be a whole number, found {f}"));
            }
        }
    }

    /// The `rent` and `buy` tables, each keyed by currency: `[card.rent.CNY]`.
    fn prices(&mut self) -> Prices {
        let mut p = Prices::default();
        for kind in ["rent", "buy"] {
            let Some(v) = self.table.get(kind) else {
                continue;
            };
            let Value::Table(by_currency) = v else {
                self.fail(format!(
                    "{kind} should be a table of currencies, as [{kind}.CNY]"
                ));
                continue;
            };
            for (cur, q) in by_currency {
                let here = format!("{kind}.{cur}");
                let Some(slot) = CURRENCIES.iter().position(|c| c == cur) else {
                    self.fail(format!(
                        "{here}: currency {cur:?} is not one of {}",
                        CURRENCIES.join(", ")
                    ));
                    continue;
                };
                let Value::Table(q) = q else {
                    self.fail(format!("{here} should be a table"));
                    continue;
                };
                let quote = self.quote(&here, q, kind == "rent");
                let field = if kind == "rent" {
                    &mut p.rent
                } else {
                    &mut p.buy
                };
                field[slot] = quote;
            }
        }
        p
    }

    fn quote(&mut self, here: &str, q: &Table, rent: bool) -> Option<Quote> {
        let before = self.errors.len();
        for k in q.keys() {
            if !QUOTE_KEYS.contains(&k.as_str()) {
                self.fail(format!(
                    "{here}: unknown key {k:?}; a price has {}",
                    QUOTE_KEYS.join(", ")
                ));
            }
        }
        // A card's monthly rent is per card-month, a machine's per machine-month.
        let monthly = match q.get("per") {
            None => false,
            Some(Value::String(p)) if rent && p == "hour" => false,
            Some(Value::String(p)) if rent && p == "month" => true,
            Some(_) if rent => {
                self.fail(format!("{here}: per should be \"hour\" or \"month\""));
                false
            }
            Some(_) => {
                self.fail(format!(
                    "{here}: per is only for a rent (a purchase is once)"
                ));
                false
            }
        };
        let tiers: &[(&str, &str)] = if rent { &RENT_TIERS } else { &BUY_TIERS };
        let names = || tiers.iter().map(|t| t.0).collect::<Vec<_>>().join(", ");
        let tier = match q.get("tier") {
            Some(Value::String(t)) if tiers.iter().any(|(n, _)| n == t) => t.clone(),
            Some(Value::String(t)) => {
                self.fail(format!("{here}: tier {t:?} is not one of {}", names()));
                String::new()
            }
            Some(v) => {
                self.fail(format!(
                    "{here}: tier should be text, found {}",
                    v.type_str()
                ));
                String::new()
            }
            None => {
                self.fail(format!("{here}: tier is missing: one of {}", names()));
                String::new()
            }
        };
        // A monthly rent is the monthly tier, and the monthly tier is a monthly rent.
        if rent && !tier.is_empty() && monthly != (tier == "monthly") {
            self.fail(format!(
                "{here}: a rent per month is of tier \"monthly\", and a rent of that tier is per month"
            ));
        }
        // Caps in the unit the source used.
        let (scale, max) = match (rent, monthly) {
            (true, true) => (RENT_MONTH_HOURS, MAX_RENT_HOUR * RENT_MONTH_HOURS),
            (true, false) => (1.0, MAX_RENT_HOUR),
            (false, _) => (1.0, MAX_PURCHASE),
        };
        let read = |key: &str, this: &mut Self| -> Option<f64> {
            match q.get(key) {
                None => None,
                Some(v) => match check_number(v, key, MIN_PRICE * scale, max) {
                    Ok(n) => Some(n),
                    Err(e) => {
                        this.fail(format!("{here}: {e}"));
                        None
                    }
                },
            }
        };
        let amount = read("amount", self);
        let low = read("low", self);
        let high = read("high", self);
        if q.get("amount").is_none() {
            self.fail(format!("{here}: amount is missing"));
        }
        let source = match q.get("source") {
            Some(Value::String(s)) if !s.trim().is_empty() => s.clone(),
            _ => {
                self.fail(format!("{here}: source is missing: name the site or page"));
                String::new()
            }
        };
        let date = match q.get("date") {
            Some(Value::String(d)) => match month::parse_month(d) {
                Ok(_) => d.clone(),
                Err(e) => {
                    self.fail(format!("{here}: date {d:?}: {e}"));
                    String::new()
                }
            },
            _ => {
                self.fail(format!(
                    "{here}: date is missing: the month the price was published or read, YYYY-MM"
                ));
                String::new()
            }
        };
        let amount = amount?;
        // A single figure is its own range.
        let (low, high) = (low.unwrap_or(amount), high.unwrap_or(amount));
        if !(low <= amount && amount <= high) {
            self.fail(format!(
                "{here}: the range is out of order: low {low} <= amount {amount} <= high {high} does not hold"
            ));
        }
        if self.errors.len() > before {
            return None;
        }
        Some(Quote {
            amount: amount / scale,
            low: low / scale,
            high: high / scale,
            source,
            date,
            monthly,
            tier,
        })
    }
}

/// A finite number from `min` to `max`; whole numbers may be written without a point.
fn check_number(v: &Value, key: &str, min: f64, max: f64) -> Result<f64, String> {
    let n = match v {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        other => {
            return Err(format!(
                "{key} should be a number, found {}",
                other.type_str()
            ))
        }
    };
    if n.is_finite() && (min..=max).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{key} {n} is not from {min} to {max}"))
    }
}

fn quote_rust(q: &Option<Quote>) -> String {
    match q {
        None => "None".to_string(),
        Some(q) => format!(
            "Some(Quote {{ amount: {:?}, low: {:?}, high: {:?}, source: {:?}, date: {:?}, monthly: {}, tier: Tier::{} }})",
            q.amount, q.low, q.high, q.source, q.date, q.monthly, tier_variant(&q.tier)
        ),
    }
}

/// The Rust variant of a tier the file names (checked when read).
fn tier_variant(tier: &str) -> &'static str {
    RENT_TIERS
        .iter()
        .chain(BUY_TIERS.iter())
        .find(|(n, _)| *n == tier)
        .map_or("OnDemand", |(_, v)| v)
}

fn prices_rust(p: &Prices) -> String {
    format!(
        "rent_cny: {}, rent_usd: {}, buy_cny: {}, buy_usd: {}",
        quote_rust(&p.rent[0]),
        quote_rust(&p.rent[1]),
        quote_rust(&p.buy[0]),
        quote_rust(&p.buy[1])
    )
}

const HEADER: &str = "// Generated by build.rs from data/catalogue.toml; edit that file instead.\n";

/// The card table (`GPUS`), as `crate::calc::memory::catalogue` includes it.
pub fn cards_rust(c: &Catalogue) -> String {
    let mut out = String::from(HEADER);
    out.push_str("pub const GPUS: &[Gpu] = &[\n");
    for g in &c.cards {
        let _ = writeln!(
            out,
            "    Gpu {{ id: {:?}, name: {:?}, vram_gb: {:?}, usable_mib: {:?}, usable_source: {:?}, bandwidth_gb_s: {:?}, bf16_tflops: {:?}, bf16: {}, fp8_tflops: {:?}, power_w: {:?}, interconnect: {:?}, form: Form::{} }},",
            g.id,
            g.name,
            g.vram_gb,
            g.usable_mib,
            g.usable_source,
            g.bandwidth_gb_s,
            g.bf16_tflops,
            g.bf16,
            g.fp8_tflops,
            g.power_w,
            g.interconnect,
            form_variant(&g.form)
        );
    }
    out.push_str("];\n");
    out
}

/// The Rust variant of a form the file names (checked when read).
fn form_variant(form: &str) -> &'static str {
    FORMS
        .iter()
        .find(|(n, _)| *n == form)
        .map_or("Pcie", |(_, v)| v)
}

/// The price tables (`PRICES` per card, `MACHINES`, `HOSTS`), as `crate::calc::memory::prices`
/// includes them.
pub fn prices_rust_file(c: &Catalogue) -> String {
    let mut out = String::from(HEADER);
    // A rent of 3.14 is a price, not an approximation of pi.
    out.push_str("#[allow(clippy::approx_constant)]\npub const PRICES: &[CardPrices] = &[\n");
    for g in &c.cards {
        let _ = writeln!(
            out,
            "    CardPrices {{ id: {:?}, {} }},",
            g.id,
            prices_rust(&g.prices)
        );
    }
    out.push_str("];\n#[allow(clippy::approx_constant)]\npub const MACHINES: &[Machine] = &[\n");
    for m in &c.machines {
        let _ = writeln!(
            out,
            "    Machine {{ id: {:?}, name: {:?}, card: {:?}, cards: {}, interconnect: {:?}, power_kw: {:?}, power_source: {:?}, {} }},",
            m.id,
            m.name,
            m.card,
            m.cards,
            m.interconnect,
            m.power_kw,
            m.power_source,
            prices_rust(&m.prices)
        );
    }
    out.push_str("];\n#[allow(clippy::approx_constant)]\npub const HOSTS: &[Host] = &[\n");
    for h in &c.hosts {
        let _ = writeln!(
            out,
            "    Host {{ id: {:?}, name: {:?}, form: Form::{}, cards: {}, fits: &{:?}, power_w: {:?}, power_source: {:?}, buy_cny: {}, buy_usd: {} }},",
            h.id,
            h.name,
            form_variant(&h.form),
            h.cards,
            h.fits,
            h.power_w,
            h.power_source,
            quote_rust(&h.prices.buy[0]),
            quote_rust(&h.prices.buy[1]),
        );
    }
    out.push_str("];\n");
    out
}
