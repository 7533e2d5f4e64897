//! Owning cards as they are sold: whole units, never a share of a machine nobody sells
//! (docs/formulas.md, "Owning whole units").
//!
//! An SXM or OAM module sits on an 8-GPU baseboard and is bought in whole machines; a PCIe card is
//! bought alone and needs a host that takes it. So owning `n` cards of a kind means:
//!
//! ```text
//! unit, in this order of preference (the first that has its prices in the scenario's currency):
//!   the rent-or-buy view's machine   when it is of this card and its purchase is the reader's
//!                                    (or the guide's own, in yuan: never converted)
//!   boards (SXM, OAM):  a machine row of the card at its street price (cards, host, network)
//!                       else 8 x the card's street price (or the price typed) + a host row's
//!   PCIe:               the card's street price (or the price typed) + a host row that takes it
//!                       else a machine row of the card at its street price
//! units          = ceil(n / cards a unit takes)
//! a board unit   is bought full: purchase and draw of the whole machine; its utilisation is the
//!                fleet's busy share x n / (units x cards a unit takes)
//! a hosted unit  holds n / units cards on average: purchase = host + n / units x card,
//!                draw = host's own + n / units x the card's board power, at the fleet's busy share
//! a month        = units x rent or buy's monthly cost of owning one unit (own_at), with rent or
//!                buy's electricity price, cooling, hosting, staff, months and cost of capital
//! ```
//!
//! No price is converted between currencies and none is borrowed from another card: a unit
//! without its prices in the scenario's currency is absent, and the page says what is missing.
//! A host's price is without its cards, dated and sourced in `data/catalogue.toml`.

use crate::calc::memory::catalogue::Gpu;
use crate::calc::memory::prices::{prices, Host, Machine, Quote, Tier, HOSTS, MACHINES};
use crate::calc::pick::{rent_buy_fill, Pick};
use crate::calc::rent_buy::{own_at, RentBuyInputs};
use crate::calc::serving::CARDS_PER_MACHINE;
use crate::calc::table::{validate, Valid};
use crate::calc::units::{Currency, Kilowatts};

/// What one owned unit is, and the quotes it stands on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OwnBasis {
    /// The rent-or-buy view's machine, as the reader has it.
    RentBuy,
    /// A machine row of the catalogue, bought whole at its street price.
    Machine {
        machine: &'static Machine,
        quote: &'static Quote,
    },
    /// Cards bought one by one (at their street price, or the price typed: `card` is `None`) on
    /// a host row bought without cards.
    Hosted {
        card: Option<&'static Quote>,
        host: &'static Host,
        host_quote: &'static Quote,
    },
}

impl OwnBasis {
    /// The quotes the unit stands on (none for the rent-or-buy view's own machine).
    pub fn quotes(&self) -> impl Iterator<Item = &'static Quote> {
        let all: [Option<&'static Quote>; 2] = match *self {
            OwnBasis::RentBuy => [None, None],
            OwnBasis::Machine { quote, .. } => [Some(quote), None],
            OwnBasis::Hosted {
                card, host_quote, ..
            } => [card, Some(host_quote)],
        };
        all.into_iter().flatten()
    }

    /// The month of the oldest quote the unit stands on ("YYYY-MM" sorts as dates do).
    pub fn date(&self) -> Option<&'static str> {
        self.quotes().map(|q| q.date).min()
    }
}

/// One unit that can be bought, priced as rent or buy prices its machine.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnUnit {
    pub basis: OwnBasis,
    /// Cards one unit takes.
    pub cards: u64,
    /// Bought full (a baseboard machine): cards beyond the fleet's stand idle in it.
    pub full: bool,
    /// One unit as the rent-or-buy view's machine: a full unit, or a host full of cards.
    machine: Valid<RentBuyInputs>,
    /// A card's price and board power, and the host's without cards (a hosted unit).
    card_price: f64,
    host_price: f64,
    card_kw: f64,
    host_kw: f64,
}

/// The units a fleet of cards takes and what they cost a month.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OwnedFleet {
    pub units: u64,
    /// Cards bought: every card of every board, or the fleet's cards on hosts.
    pub cards_bought: u64,
    /// A month of owning them, at the fleet's busy share.
    pub month: f64,
    /// That month over the fleet's cards and the month's hours: an owned card-hour, the idle
    /// cards of a unit included.
    pub card_hour: f64,
    /// One unit's draw at load, kW (a hosted unit at its average cards).
    pub unit_kw: f64,
}

/// Whether the rent-or-buy view's purchase is the guide's yuan example converted into another
/// currency (a converted figure, not a price anyone quoted in it).
fn converted_guide(rb: &RentBuyInputs, currency: Currency, fx: f64) -> bool {
    let guide = RentBuyInputs::default().purchase;
    currency != Currency::Cny && (rb.purchase - guide / fx).abs() <= 0.5
}

/// The street quote of a card in `currency`.
fn street(card: &Gpu, currency: Currency) -> Option<&'static Quote> {
    prices(card.id)?
        .buy(currency)
        .filter(|q| q.tier == Tier::Street)
}

/// The host that takes `card` at the least price a card slot, with a quote in `currency`.
fn host_for(card: &Gpu, currency: Currency) -> Option<(&'static Host, &'static Quote)> {
    HOSTS
        .iter()
        .filter(|h| h.form == card.form && h.fits.contains(&card.id) && h.cards > 0)
        .filter_map(|h| h.buy(currency).map(|q| (h, q)))
        .min_by(|a, b| {
            let slot = |x: &(&Host, &Quote)| x.1.amount / f64::from(x.0.cards);
            slot(a).total_cmp(&slot(b))
        })
}

/// A machine row of `card` with a street price in `currency`: its whole machine.
fn machine_for(card: &Gpu, currency: Currency) -> Option<(&'static Machine, &'static Quote)> {
    MACHINES
        .iter()
        .filter(|m| m.card == card.id && m.cards > 0)
        .filter_map(|m| {
            m.buy(currency)
                .filter(|q| q.tier == Tier::Street)
                .map(|q| (m, q))
        })
        .min_by(|a, b| {
            let card = |x: &(&Machine, &Quote)| x.1.amount / f64::from(x.0.cards);
            card(a).total_cmp(&card(b))
        })
}

/// Rent or buy's machine with another purchase and draw: the idle draw keeps its share of the
/// load, the resale its share of the price; `None` should the result not validate.
fn with_machine(rb: &RentBuyInputs, purchase: f64, kw: f64) -> Option<Valid<RentBuyInputs>> {
    let mut m = rb.clone();
    m.power_idle = Kilowatts(if rb.power_load.0 > 0.0 {
        (kw * rb.power_idle.0 / rb.power_load.0).min(kw)
    } else {
        rb.power_idle.0.min(kw)
    });
    m.power_load = Kilowatts(kw);
    m.resale = if rb.purchase > 0.0 {
        (rb.resale / rb.purchase * purchase).min(purchase)
    } else {
        0.0
    };
    m.purchase = purchase;
    validate(m).ok()
}

/// The unit owning `card` means, with rent or buy's other costs (`rb`), in `currency`; `typed`:
/// a purchase per card the reader typed for this card (the serving view's `card_buy`). `None`
/// when the prices a unit needs are not there in `currency`.
pub fn own_unit(
    rb: &Valid<RentBuyInputs>,
    currency: Currency,
    fx: f64,
    card: &Gpu,
    typed: Option<f64>,
) -> Option<OwnUnit> {
    let card_kw = card.power_w / 1000.0;
    let whole = |basis, cards: u64, machine| OwnUnit {
        basis,
        cards,
        full: true,
        machine,
        card_price: 0.0,
        host_price: 0.0,
        card_kw,
        host_kw: 0.0,
    };
    if typed.is_none()
        && rb.machine_card == card.id
        && !rb.ask.purchase
        && !converted_guide(rb, currency, fx)
    {
        return Some(whole(
            OwnBasis::RentBuy,
            CARDS_PER_MACHINE as u64,
            rb.clone(),
        ));
    }
    let from_machine = || {
        let (m, quote) = machine_for(card, currency)?;
        let (filled, _, gaps) = rent_buy_fill(rb, currency, Pick::Machine(m));
        if gaps.iter().any(|g| g.key == "purchase") {
            return None;
        }
        let v = validate(filled).ok()?;
        Some(whole(
            OwnBasis::Machine { machine: m, quote },
            u64::from(m.cards),
            v,
        ))
    };
    if card.form.on_boards() && typed.is_none() {
        if let Some(u) = from_machine() {
            return Some(u);
        }
    }
    let card_quote = match typed {
        Some(_) => None,
        None => Some(street(card, currency)?),
    };
    let per_card = typed.or(card_quote.map(|q| q.amount))?;
    let hosted = host_for(card, currency).and_then(|(host, host_quote)| {
        let slots = u64::from(host.cards);
        let host_kw = host.power_w / 1000.0;
        let n = slots as f64;
        let machine = with_machine(rb, host_quote.amount + n * per_card, host_kw + n * card_kw)?;
        Some(OwnUnit {
            basis: OwnBasis::Hosted {
                card: card_quote,
                host,
                host_quote,
            },
            cards: slots,
            full: card.form.on_boards(),
            machine,
            card_price: per_card,
            host_price: host_quote.amount,
            card_kw,
            host_kw,
        })
    });
    match hosted {
        Some(u) => Some(u),
        None if typed.is_none() => from_machine(),
        None => None,
    }
}

impl OwnUnit {
    /// One unit as the rent-or-buy view's machine (a hosted unit full of cards).
    pub fn machine(&self) -> &Valid<RentBuyInputs> {
        &self.machine
    }

    /// The price of one card bought: a hosted card's own, or a whole machine's over its cards.
    pub fn card_price(&self) -> f64 {
        if self.full && self.host_price == 0.0 {
            self.machine.purchase / self.cards as f64
        } else {
            self.card_price
        }
    }

    /// Owning `cards` cards in whole units, busy `busy` of the time (0 to 1): the units, the
    /// cards bought and a month's cost; `None` for no cards or a unit that does not validate.
    pub fn fleet(&self, cards: u64, busy: f64) -> Option<OwnedFleet> {
        if cards == 0 || self.cards == 0 {
            return None;
        }
        let busy = busy.clamp(0.0, 1.0);
        let units = cards.div_ceil(self.cards);
        let card_hour = |month: f64| month / (cards as f64 * self.machine.month_hours.0);
        let k = units as f64;
        if self.full {
            let u = busy * cards as f64 / (k * self.cards as f64);
            let month = own_at(&self.machine, u.min(1.0)) * k;
            return Some(OwnedFleet {
                units,
                cards_bought: units * self.cards,
                month,
                card_hour: card_hour(month),
                unit_kw: self.machine.power_load.0,
            });
        }
        // Cards spread over the hosts: every cost of a unit is linear in its cards, so the
        // average host's month times the hosts is the fleet's.
        let per = cards as f64 / k;
        let kw = self.host_kw + per * self.card_kw;
        let m = with_machine(&self.machine, self.host_price + per * self.card_price, kw)?;
        let month = own_at(&m, busy) * k;
        Some(OwnedFleet {
            units,
            cards_bought: cards,
            month,
            card_hour: card_hour(month),
            unit_kw: kw,
        })
    }

    /// The month of the oldest quote the unit stands on.
    pub fn date(&self) -> Option<&'static str> {
        self.basis.date()
    }
}
