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
//! owned / 10^6     = own(u x rent_hours / 24) x cards x 24 / (tokens per held hour x rent_hours) x 10^6
//! ```
//! Owned cards are there all day whether the load runs or not, so their day is spread over the
//! tokens of the held hours, at the utilisation of the whole day.

use super::ServingInputs;
use crate::calc::billing::Granularity;
use crate::calc::memory::catalogue::Gpu;
use crate::calc::rent_buy::{own_at, RentBuyInputs, Verdict};
use crate::calc::scenario::Scenario;
use crate::calc::table::Valid;
use crate::calc::units::{Currency, Hours};

/// Where the rented card-hour price came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PriceSource {
    Typed,
    Catalogue,
    RentBuy,
}

/// Rent per card-hour in the scenario's currency, and where it came from.
pub(super) fn rent_price(i: &ServingInputs, s: &Scenario, card: &Gpu) -> (f64, PriceSource) {
    if i.card_price > 0.0 {
        return (i.card_price, PriceSource::Typed);
    }
    match (s.currency, card.price_cny_per_hour) {
        (Currency::Cny, Some((p, _))) => (p, PriceSource::Catalogue),
        _ => (
            s.rent_buy.price_per_hour / CARDS_PER_MACHINE,
            PriceSource::RentBuy,
        ),
    }
}

/// Hours each card of a fleet held `rent_hours` a day is billed a day: one run under `rule`.
pub fn billed_hours_a_day(rule: Granularity, rent_hours: f64) -> f64 {
    rule.billed(Hours(rent_hours)).0
}

/// Cards in the rent-or-buy view's machine.
pub const CARDS_PER_MACHINE: f64 = 8.0;

/// Owning one card for an hour at utilisation `u`: the rent-or-buy machine's monthly cost over
/// its 8 cards and the month's hours.
pub(super) fn owned_card_hour(rb: &Valid<RentBuyInputs>, u: f64) -> f64 {
    own_at(rb, u) / CARDS_PER_MACHINE / rb.month_hours.0
}

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
