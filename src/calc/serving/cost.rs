//! Cost: the rented card-hour price and where it came from, the hours a rented fleet is billed,
//! owning a card-hour, and rent-or-buy's verdict for the fleet.
//!
//! A rented fleet is billed for the hours its cards are held, not the hours they compute. It is
//! held `rent_hours` a day (the load runs those hours; 24: around the clock) and each day's
//! holding is one run under the billing view's rule ([`Granularity::billed`]): per second bills
//! the hours as they are (a run of an hour or more is past both minimums), per started hour
//! rounds them up, per started day bills 24 whatever is held.
//!
//! ```text
//! billed a day     = rule(rent_hours)                     per card
//! rented / 10^6    = price x cards x billed / (tokens per held hour x rent_hours) x 10^6
//! owned / 10^6     = units x own(busy) x 24 / month hours / (tokens per held hour x rent_hours) x 10^6
//! ```
//! Owned cards are bought in whole units ([`crate::calc::pick::own`]) and are there all day
//! whether the load runs or not, so the units' day is spread over the tokens of the held hours,
//! at the busy share of the whole day (`u x rent_hours / 24`).

use super::ServingInputs;
use crate::calc::billing::Granularity;
use crate::calc::memory::catalogue::Gpu;
use crate::calc::memory::prices::{prices, CardPrices, Quote};
use crate::calc::pick::{own_unit, OwnBasis, OwnUnit};
use crate::calc::rent_buy::Verdict;
use crate::calc::scenario::Scenario;
use crate::calc::table::validate;
use crate::calc::units::{Currency, Hours};

/// Where a price came from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PriceSource {
    /// Typed on the serving view (`card_price`).
    Typed,
    /// The card's own dated quote, in the scenario's currency.
    Catalogue(&'static Quote),
    /// The card's quote in the other currency, converted at the scenario's rate: the only
    /// dated figure there is for this card.
    Converted(&'static Quote),
    /// No quote for this card: the rent-or-buy view's machine, per card.
    RentBuy,
    /// No figure at all: none typed, none dated, and rent or buy asks for its own.
    Missing,
}

/// The card's dated quote of one kind (`pick` gives its CNY and USD quotes: rent, or purchase)
/// in the scenario's currency, else the other currency's converted at the scenario's rate.
fn dated(
    card: &Gpu,
    s: &Scenario,
    which: fn(&'static CardPrices) -> (Option<&'static Quote>, Option<&'static Quote>),
) -> Option<(f64, PriceSource)> {
    let (cny, usd) = which(prices(card.id)?);
    let (own, other) = match s.currency {
        Currency::Cny => (cny, usd),
        Currency::Usd => (usd, cny),
    };
    if let Some(q) = own {
        return Some((q.amount, PriceSource::Catalogue(q)));
    }
    let q = other?;
    let amount = match s.currency {
        Currency::Cny => q.amount * s.fx,
        Currency::Usd => q.amount / s.fx,
    };
    Some((amount, PriceSource::Converted(q)))
}

/// Rent per card-hour in the scenario's currency, and where it came from: the price typed,
/// else the card's own dated hourly quote (on demand or community; never another card's, never a
/// monthly term over 730 hours), else rent or buy's machine / 8 unless rent or buy is itself
/// asking for its rent, in which case [`PriceSource::Missing`] and no verdict.
pub(super) fn rent_price(i: &ServingInputs, s: &Scenario, card: &Gpu) -> (f64, PriceSource) {
    if i.card_price > 0.0 {
        return (i.card_price, PriceSource::Typed);
    }
    let hourly = dated(card, s, |p| {
        let hourly = |q: &'static Option<Quote>| q.as_ref().filter(|q| q.tier.is_hourly());
        (hourly(&p.rent_cny), hourly(&p.rent_usd))
    });
    if let Some(found) = hourly {
        return found;
    }
    if s.rent_buy.ask.price {
        return (0.0, PriceSource::Missing);
    }
    (
        s.rent_buy.price_per_hour / CARDS_PER_MACHINE,
        PriceSource::RentBuy,
    )
}

/// The board power of the card the rent-or-buy view's machine holds (the guide's 8 x A100 80
/// GB machine drawing 7 kW: NVIDIA A100 SXM datasheet, 400 W).
pub const RENT_BUY_CARD_W: f64 = 400.0;

/// The unit that owning a card of this type means ([`crate::calc::pick::own`]): whole machines
/// of SXM and OAM cards, PCIe cards on hosts; the purchase per card typed on the serving view
/// (`card_buy`) when there is one, else the catalogue's dated street prices in the scenario's
/// currency (never converted), else the rent-or-buy view's machine when it is of this card and
/// its purchase is the reader's. Hosting, staff, electricity price, cooling and the months are
/// the rent-or-buy view's. `None`: no price for a unit in this currency, so serving shows no
/// owned cost and no verdict.
pub(super) fn owned_unit(i: &ServingInputs, s: &Scenario, card: &Gpu) -> Option<OwnUnit> {
    let rb = validate(s.rent_buy.clone()).unwrap_or_default();
    let typed = (i.card_buy > 0.0).then_some(i.card_buy);
    own_unit(&rb, s.currency, s.fx, card, typed)
}

/// Where an owned unit's price came from, as the serving view names it.
pub(super) fn own_source(u: &OwnUnit) -> PriceSource {
    match u.basis {
        OwnBasis::RentBuy => PriceSource::RentBuy,
        OwnBasis::Machine { quote, .. } => PriceSource::Catalogue(quote),
        OwnBasis::Hosted { card: Some(q), .. } => PriceSource::Catalogue(q),
        OwnBasis::Hosted { card: None, .. } => PriceSource::Typed,
    }
}

/// Hours each card of a fleet held `rent_hours` a day is billed a day: one run under `rule`.
pub fn billed_hours_a_day(rule: Granularity, rent_hours: f64) -> f64 {
    rule.billed(Hours(rent_hours)).0
}

/// Cards in the rent-or-buy view's machine.
pub const CARDS_PER_MACHINE: f64 = 8.0;

/// Rent-or-buy's rule applied to this fleet: rent when a rented card costs no more a day than an
/// owned one. The rented card is paid its billed hours (the load's `rent_hours` under the billing
/// rule; a card cannot be rented only for the moments a request arrives), the owned one all 24
/// hours at the day's utilisation. The same two sums as the cost per million tokens, so the
/// verdict always agrees with the two costs shown beside it; at equal cost it is rent, as in
/// the rent-or-buy view.
pub(super) fn fleet_verdict(rent_card_hour: f64, billed_hours: f64, own_card_hour: f64) -> Verdict {
    if rent_card_hour * billed_hours <= own_card_hour * 24.0 {
        Verdict::Rent
    } else {
        Verdict::Buy
    }
}
