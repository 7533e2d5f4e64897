//! What picking a row fills in: the rent-or-buy machine (purchase, rent per machine-hour, draw),
//! the memory views' card and the serving view's rent per card-hour, each from the row's quote in
//! the scenario's currency, with where every value comes from and what could not be filled.
//! The rules are in the module docs of [`super`].

use super::Pick;
use crate::calc::memory::catalogue::Gpu;
use crate::calc::memory::prices::{Machine, Quote};
use crate::calc::rent_buy::{RentBuyInputs, RESERVE_MONTH};
use crate::calc::reserve::ReserveTerm;
use crate::calc::scenario::Scenario;
use crate::calc::serving::ServingInputs;
use crate::calc::table::{Calculator, Field};
use crate::calc::units::{Currency, Kilowatts};

/// The calculator an input belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Calc {
    RentBuy,
    /// Both memory views (the card is theirs together).
    Memory,
    Serving,
}

/// A value of an input: a number in link units, or a card id.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Number(f64),
    Id(String),
}

/// Where a filled value comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Basis {
    /// The row's own quote, as it stands (a machine's price or rent; a card's rent per card-hour).
    Quote(&'static Quote),
    /// `cards` times a card's quote: a card row standing for a machine of them.
    Cards { quote: &'static Quote, cards: u32 },
    /// A machine's rent per hour over its `cards`.
    PerCard { quote: &'static Quote, cards: u32 },
    /// A machine row's draw at load, from the vendor's system figure.
    MachinePower(&'static Machine),
    /// No system figure: the guide's machine (`guide_kw` with cards of `guide_card_w`) scaled by
    /// the card's board power, `guide_kw x watts / guide_card_w`.
    BoardPower {
        watts: f64,
        guide_kw: f64,
        guide_card_w: f64,
    },
    /// A monthly term (包月) of the row, as the price of a month reserved for a one-month term
    /// (reserving then compared, for a month): the quote as it stands for a machine row, `cards`
    /// card-months for a card row (`cards` is 1 for a machine row).
    MonthlyTerm { quote: &'static Quote, cards: u32 },
    /// The row has no monthly term in the scenario's currency: the price of a month reserved goes
    /// back to none, and the month's discount off the hourly rent applies again.
    NoMonthlyTerm,
    /// Kept in proportion to the input `to`, which changed.
    InProportion { to: &'static str },
    /// The card of the row.
    Catalogue(&'static Gpu),
}

/// A kind of price.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Rent,
    Buy,
}

/// One input that picking the row sets.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub calc: Calc,
    /// The input's link key.
    pub key: &'static str,
    pub from: Value,
    pub to: Value,
    pub basis: Basis,
}

impl Change {
    /// Whether the input already held the value.
    pub fn is_noop(&self) -> bool {
        self.from == self.to
    }
}

/// An input the row could not fill: it has no price of this kind and tier in the scenario's
/// currency (it may have one in the other, which is never converted). Rent or buy then asks for
/// the figure (its `ask`); serving's rent goes back to "from the card" (0).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gap {
    pub calc: Calc,
    pub key: &'static str,
    pub kind: Kind,
    pub currency: Currency,
    /// A quote of the row in this currency of another tier, which does not fill the input: a
    /// monthly term (包月) for an hourly rent, a launch price for a purchase.
    pub other_tier: Option<&'static Quote>,
}

/// What picking a row does to a scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct Fill {
    pub pick: Pick,
    pub currency: Currency,
    /// Every input set, in the order rent or buy, memory, serving.
    pub changes: Vec<Change>,
    pub gaps: Vec<Gap>,
}

/// What picking `pick` fills in `s`, in its currency.
pub fn fill(s: &Scenario, pick: Pick) -> Fill {
    let cur = s.currency;
    let (_, mut changes, mut gaps) = rent_buy_fill(&s.rent_buy, cur, pick);
    let gpu = pick.gpu();
    changes.push(Change {
        calc: Calc::Memory,
        key: "gpu",
        from: Value::Id(s.memory.gpu.clone()),
        to: Value::Id(gpu.id.to_string()),
        basis: Basis::Catalogue(gpu),
    });
    let card_price = "card_price";
    match pick.card_rent(cur) {
        Some((per_card, quote)) => changes.push(Change {
            calc: Calc::Serving,
            key: card_price,
            from: Value::Number(s.serving.card_price),
            to: Value::Number(per_card),
            basis: match pick {
                Pick::Card(_) => Basis::Quote(quote),
                Pick::Machine(m) => Basis::PerCard {
                    quote,
                    cards: m.cards,
                },
            },
        }),
        None => gaps.push(Gap {
            calc: Calc::Serving,
            key: card_price,
            kind: Kind::Rent,
            currency: cur,
            other_tier: pick.machine_month(cur).map(|(_, q)| q),
        }),
    }
    Fill {
        pick,
        currency: cur,
        changes,
        gaps,
    }
}

/// The rent-or-buy inputs with the row's machine in them (purchase, rent per machine-hour,
/// draw, and the idle draw and resale kept in proportion), what changed and what could not be:
/// a price the row has no quote for is asked for (`ask`), never left as the last machine's.
pub fn rent_buy_fill(
    rb: &RentBuyInputs,
    currency: Currency,
    pick: Pick,
) -> (RentBuyInputs, Vec<Change>, Vec<Gap>) {
    let mut out = rb.clone();
    out.machine_card = pick.gpu().id.to_string();
    let mut changes = Vec::new();
    let mut gaps = Vec::new();
    let mut change = |key, from, to, basis| {
        changes.push(Change {
            calc: Calc::RentBuy,
            key,
            from: Value::Number(from),
            to: Value::Number(to),
            basis,
        })
    };
    let mut gap = |key, kind, other_tier| {
        gaps.push(Gap {
            calc: Calc::RentBuy,
            key,
            kind,
            currency,
            other_tier,
        })
    };
    match pick.machine_purchase(currency) {
        Some((purchase, quote)) => {
            out.purchase = purchase;
            // The resale stays the same share of the price; at most the new price.
            out.resale = if rb.purchase > 0.0 {
                to_step(purchase * (rb.resale / rb.purchase), RESALE_STEPS).min(purchase)
            } else {
                0.0
            };
            out.ask.purchase = false;
            change("purchase", rb.purchase, purchase, cards_basis(pick, quote));
            change(
                "resale",
                rb.resale,
                out.resale,
                Basis::InProportion { to: "purchase" },
            );
        }
        None => {
            out.ask.purchase = true;
            gap("purchase", Kind::Buy, pick.buy_quote(currency));
        }
    }
    match pick.machine_rent(currency) {
        Some((price, quote)) => {
            out.price_per_hour = price;
            out.ask.price = false;
            change("price", rb.price_per_hour, price, cards_basis(pick, quote));
        }
        None => {
            out.ask.price = true;
            gap(
                "price",
                Kind::Rent,
                pick.machine_month(currency).map(|(_, q)| q),
            );
        }
    }
    // A monthly term is a month reserved: it prices the one-month term, and reserving is compared
    // for a month. A row without one leaves no earlier row's monthly price behind.
    match pick.machine_month(currency) {
        Some((month, quote)) => {
            out.reserve_month_price = month;
            reserve_for_a_month(&mut out);
            let cards = match pick {
                Pick::Card(_) => pick.cards(),
                Pick::Machine(_) => 1,
            };
            change(
                RESERVE_MONTH.key,
                rb.reserve_month_price,
                month,
                Basis::MonthlyTerm { quote, cards },
            );
        }
        None if rb.reserve_month_price != 0.0 => {
            out.reserve_month_price = 0.0;
            change(
                RESERVE_MONTH.key,
                rb.reserve_month_price,
                0.0,
                Basis::NoMonthlyTerm,
            );
        }
        None => {}
    }
    let (load, basis) = pick.load_power();
    out.power_load = load;
    // The idle draw stays the same share of the load; at most the new load.
    out.power_idle = Kilowatts(if rb.power_load.0 > 0.0 {
        to_step(load.0 * (rb.power_idle.0 / rb.power_load.0), IDLE_KW_STEPS).min(load.0)
    } else {
        rb.power_idle.0.min(load.0)
    });
    change("power_kw", rb.power_load.0, load.0, basis);
    change(
        "idle_kw",
        rb.power_idle.0,
        out.power_idle.0,
        Basis::InProportion { to: "power_kw" },
    );
    (out, changes, gaps)
}

/// A month's price given: reserving is compared, for a one-month term, so that the month
/// reserved costs that price.
fn reserve_for_a_month(i: &mut RentBuyInputs) {
    i.reserve = true;
    i.reserve_term = ReserveTerm::Month;
}

/// A resale kept in proportion is rounded to a whole unit of the currency, and an idle draw to
/// 10 W: the value itself, not only its box, so the box (which shows what is in force) reads
/// `1.46` rather than `1.457143`, and the figures computed from it are the box's. The rounding
/// is far below what either figure is known to.
const RESALE_STEPS: f64 = 1.0;
const IDLE_KW_STEPS: f64 = 100.0;

/// `v` rounded to the nearest `1 / steps`; divided, not multiplied by the step, so 146 / 100 is
/// the double nearest 1.46.
fn to_step(v: f64, steps: f64) -> f64 {
    (v * steps).round() / steps
}

/// A machine row's quote stands as it is; a card row's is multiplied by the machine's cards.
fn cards_basis(pick: Pick, quote: &'static Quote) -> Basis {
    match pick {
        Pick::Card(_) => Basis::Cards {
            quote,
            cards: pick.cards(),
        },
        Pick::Machine(_) => Basis::Quote(quote),
    }
}

impl Fill {
    /// Makes the changes in `s`, through each calculator's field table: each value filled, each
    /// rent-or-buy price the row has no quote for asked for, and serving's rent per card-hour
    /// back to "from the card" when the row has none (never the last row's figure).
    pub fn apply(&self, s: &mut Scenario) {
        for g in &self.gaps {
            match g.calc {
                Calc::RentBuy => s.rent_buy.ask.set(g.key, true),
                Calc::Serving => set_number::<ServingInputs>(&mut s.serving, g.key, 0.0),
                Calc::Memory => {}
            }
        }
        for c in &self.changes {
            match (&c.calc, &c.to) {
                (Calc::RentBuy, Value::Number(v)) => {
                    set_number(&mut s.rent_buy, c.key, *v);
                    s.rent_buy.ask.set(c.key, false);
                    if c.key == RESERVE_MONTH.key && *v > 0.0 {
                        reserve_for_a_month(&mut s.rent_buy);
                    }
                }
                (Calc::Serving, Value::Number(v)) => {
                    set_number::<ServingInputs>(&mut s.serving, c.key, *v)
                }
                (Calc::Memory, Value::Id(id)) => {
                    s.memory.gpu = id.clone();
                    // The rent-or-buy machine is now of this card.
                    s.rent_buy.machine_card = id.clone();
                }
                _ => {}
            }
        }
    }
}

fn set_number<T: Calculator>(t: &mut T, key: &str, v: f64) {
    if let Some(Field::Num(f)) = T::field(key) {
        (f.set)(t, v);
    }
}
