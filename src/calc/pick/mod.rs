//! Picking a card or a machine from the catalogue (`data/catalogue.toml`): what it fills in on
//! the other views, how old its prices are, and the break-even utilisation of every row side by
//! side (docs/formulas.md, "Prices per card").
//!
//! A pick is a row of the catalogue, named by its id: a card (`h100-sxm`, rent per card-hour and
//! purchase per card) or a machine (`8x-h100`, priced whole). For the rent-or-buy view a card row
//! stands for a machine of [`CARDS_PER_MACHINE`] of it:
//!
//! ```text
//! purchase      = machine street price          | 8 x card street price (the cards alone, no host)
//! price         = machine rent per hour         | 8 x card rent per card-hour
//!                 (on demand or community only: a monthly term is a reservation, not an hourly
//!                 price, and a spot price can be taken back)
//! reserve_month = the machine's monthly term    | 8 x card monthly term   (a 包月 quote only; it
//!                 is the price of a month reserved: reserve=1, reserve_term=1m; a row without
//!                 one sets 0, so the month's discount off the hourly rent applies again)
//! power_kw      = the machine's system figure   | the same figure of a machine row of this card,
//!                                               | else 7 kW x board W / 400 W (below)
//! idle_kw       = idle_kw x new power_kw / power_kw       (its share of the load, to 10 W)
//! resale        = resale x new purchase / purchase        (its share of the price, whole units)
//! gpu           = the card's id (both memory views)
//! card_price    = card rent per card-hour       | machine rent per hour / its cards  (serving)
//! ```
//!
//! A figure is filled only from a quote in the scenario's currency and of the tier the input
//! means: a row with none asks for that figure ([`Gap`]; rent or buy's `ask`): the input no
//! longer holds the previous machine's figure as if it were this one's, and there is no verdict
//! until the reader gives it. Serving's rent per card-hour goes back to "from the card"
//! (`card_price = 0`). Nothing is ever converted. A launch price (MSRP) never fills a purchase; a
//! monthly term (包月) never fills the hourly rent: the gap names it, and it fills the one-month
//! reservation it is (`reserve_month`), so a month reserved costs exactly the quote. Every
//! filled value is inside its field's range (build.rs caps the catalogue's figures) and the two
//! rules between rent-or-buy inputs still hold (idle at most the load, resale at most the
//! purchase), so a fill always yields inputs that validate.
//!
//! Power without a system figure: the guide's machine draws 7 kW at load with eight A100s of
//! 400 W each (the rent-or-buy defaults; NVIDIA A100 SXM datasheet), and that draw is scaled by
//! the picked card's board power, as the serving view scales its owned machine
//! ([`crate::calc::serving::RENT_BUY_CARD_W`]). System figures, where found, are the vendors'
//! maxima: DGX H100/H200 10.2 kW, DGX B200 14.3 kW, DGX A100 6.5 kW.
//!
//! Age: a price dated "2026-06" is taken as of its month's first day, so its age is the longest
//! it can be; a price older than [`STALE_AFTER_DAYS`] (180) days is stale and the page shows
//! "price from <month>" beside it ([`age`]).

pub mod age;
pub mod by_card;
pub mod fill;
pub mod month;
pub mod own;

pub use age::{age_in_days, is_stale, DateError, STALE_AFTER_DAYS};
pub use by_card::{break_even_by_card, CardBreakEven};
pub use fill::{fill, rent_buy_fill, Basis, Calc, Change, Fill, Gap, Kind, Value};
pub use own::{own_unit, OwnBasis, OwnUnit, OwnedFleet};

use crate::calc::memory::catalogue::{gpu, Gpu, GPUS};
use crate::calc::memory::prices::{CardPrices, Machine, Quote, Tier, MACHINES, PRICES};
use crate::calc::rent_buy::RentBuyInputs;
use crate::calc::serving::{CARDS_PER_MACHINE, RENT_BUY_CARD_W};
use crate::calc::units::{Currency, Kilowatts};
use month::RENT_MONTH_HOURS;

/// A row of the catalogue: a card with its per-card prices, or a machine priced whole.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pick {
    Card(&'static CardPrices),
    Machine(&'static Machine),
}

/// The row with this id (cards and machines share one space of ids; the build checks it).
pub fn pick(id: &str) -> Option<Pick> {
    all().find(|p| p.id() == id)
}

/// Every row: the cards in catalogue order, then the machines.
pub fn all() -> impl Iterator<Item = Pick> {
    PRICES
        .iter()
        .map(Pick::Card)
        .chain(MACHINES.iter().map(Pick::Machine))
}

impl Pick {
    /// The row's id (a card's is its `gpu=` link value).
    pub fn id(&self) -> &'static str {
        match self {
            Pick::Card(p) => p.id,
            Pick::Machine(m) => m.id,
        }
    }

    /// The card: the row's own, or the machine's.
    pub fn gpu(&self) -> &'static Gpu {
        let id = match self {
            Pick::Card(p) => p.id,
            Pick::Machine(m) => m.card,
        };
        // Every price row and every machine names a catalogue card (build.rs checks it).
        gpu(id).unwrap_or(&GPUS[0])
    }

    /// Cards in the machine the rent-or-buy view prices: the machine's, or eight of a card.
    pub fn cards(&self) -> u32 {
        match self {
            Pick::Card(_) => CARDS_PER_MACHINE as u32,
            Pick::Machine(m) => m.cards,
        }
    }

    /// The row's rent quote in `currency`, of any tier.
    fn rent_quote(&self, currency: Currency) -> Option<&'static Quote> {
        match self {
            Pick::Card(p) => p.rent(currency),
            Pick::Machine(m) => m.rent(currency),
        }
    }

    /// Rent per hour of the whole machine in `currency`, billed by the hour (on demand or
    /// community; never a monthly term over 730 hours), and the quote it comes from.
    pub fn machine_rent(&self, currency: Currency) -> Option<(f64, &'static Quote)> {
        let q = self.rent_quote(currency).filter(|q| q.tier.is_hourly())?;
        Some((q.amount * f64::from(self.cards_per_quote()), q))
    }

    /// A monthly term (包月) for the whole machine in `currency`, per month: a reservation of a
    /// month, never an hourly price ([`Pick::machine_rent`] leaves it out).
    pub fn machine_month(&self, currency: Currency) -> Option<(f64, &'static Quote)> {
        let q = self
            .rent_quote(currency)
            .filter(|q| q.tier == Tier::Monthly)?;
        Some((
            q.amount * RENT_MONTH_HOURS * f64::from(self.cards_per_quote()),
            q,
        ))
    }

    /// Purchase of the whole machine in `currency` at a street price (a card row: its cards
    /// alone, no host). A launch price (MSRP) is not what the card costs today: left out.
    pub fn machine_purchase(&self, currency: Currency) -> Option<(f64, &'static Quote)> {
        let q = self
            .buy_quote(currency)
            .filter(|q| q.tier == Tier::Street)?;
        Some((q.amount * f64::from(self.cards_per_quote()), q))
    }

    /// The row's purchase quote in `currency`, of any tier.
    pub fn buy_quote(&self, currency: Currency) -> Option<&'static Quote> {
        match self {
            Pick::Card(p) => p.buy(currency),
            Pick::Machine(m) => m.buy(currency),
        }
    }

    /// How many of the machine's cards one quote of the row prices: a card row's quote is one
    /// card's, a machine row's the whole machine's.
    fn cards_per_quote(&self) -> u32 {
        match self {
            Pick::Card(_) => CARDS_PER_MACHINE as u32,
            Pick::Machine(_) => 1,
        }
    }

    /// Rent per card-hour in `currency`, billed by the hour: a card's own, or a machine's over
    /// its cards.
    pub fn card_rent(&self, currency: Currency) -> Option<(f64, &'static Quote)> {
        let q = self.rent_quote(currency).filter(|q| q.tier.is_hourly())?;
        match self {
            Pick::Card(_) => Some((q.amount, q)),
            Pick::Machine(m) => Some((q.amount / f64::from(m.cards), q)),
        }
    }

    /// A spot (interruptible) rent in `currency` as quoted: per card-hour for a card row, per
    /// machine-hour for a machine row; `None` unless the catalogue's rent is of the spot tier.
    pub fn spot_rent(&self, currency: Currency) -> Option<(f64, &'static Quote)> {
        let q = self.rent_quote(currency).filter(|q| q.tier == Tier::Spot)?;
        Some((q.amount, q))
    }

    /// Every quote of the row, rent before purchase, CNY before USD.
    pub fn quotes(&self) -> impl Iterator<Item = &'static Quote> {
        let all: [&'static Option<Quote>; 4] = match self {
            Pick::Card(p) => [&p.rent_cny, &p.rent_usd, &p.buy_cny, &p.buy_usd],
            Pick::Machine(m) => [&m.rent_cny, &m.rent_usd, &m.buy_cny, &m.buy_usd],
        };
        all.into_iter().filter_map(Option::as_ref)
    }

    /// Draw at full load of the machine the row stands for, and where the figure comes from:
    /// the machine's system figure; for a card, that of a machine row of the card; else the
    /// guide's machine scaled by the card's board power (module docs).
    pub fn load_power(&self) -> (Kilowatts, Basis) {
        let machine: Option<&'static Machine> = match *self {
            Pick::Machine(m) => Some(m),
            Pick::Card(p) => MACHINES
                .iter()
                .find(|m| m.card == p.id && m.power_kw.is_some()),
        };
        if let Some((m, kw)) = machine.and_then(|m| m.power_kw.map(|kw| (m, kw))) {
            return (Kilowatts(kw), Basis::MachinePower(m));
        }
        let guide_kw = RentBuyInputs::default().power_load.0;
        let watts = self.gpu().power_w;
        (
            Kilowatts(guide_kw * watts / RENT_BUY_CARD_W),
            Basis::BoardPower {
                watts,
                guide_kw,
                guide_card_w: RENT_BUY_CARD_W,
            },
        )
    }
}
