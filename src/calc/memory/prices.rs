//! Price tables: what one card, or one 8-card machine, costs to rent for an hour and to buy, with
//! where each figure was read and when.
//!
//! The figures are rows of `data/catalogue.toml` (one file for cards, machines and prices; to
//! update a price, edit its row, date it and cite the source); build.rs checks the file and writes
//! [`PRICES`] and [`MACHINES`] from it. A row without a source or a date, a range out of order or
//! a currency other than CNY and USD does not build.
//!
//! Every rent figure is per **card-hour** (a card row) or machine-hour (a machine row), for one
//! card of the catalogue's link id ([`crate::calc::memory::catalogue`]), and names its [`Tier`]:
//! on demand, community, spot, or monthly (a month's term, 包月, stored over 730 hours but never
//! an hourly price: [`Tier::is_hourly`]). Purchase prices are per card or per machine: a street
//! price (a dealer's, a market's, an estimate) or a vendor's launch price (MSRP), and the tier says
//! which; only street prices fill a purchase.
//!
//! Prices stay in the **currency of their source and are never converted**: CNY figures come from
//! Chinese clouds and rental markets, USD figures from US and international ones. A card with a
//! figure in one currency only leaves the other empty (`None`); a `None` means nothing dated was
//! found in the stored sources, not that the card costs nothing.
//!
//! Each [`Quote`] carries one representative figure (`amount`), the lowest and highest on-demand
//! figures found for the same card and currency (`low`, `high`; equal to `amount` when one figure
//! was found), a `source` naming every site and page the figures come from, and the month the
//! price was published or the page captured (`date`, "YYYY-MM"). Rental prices move weekly; read
//! the date before trusting a figure.
//!
//! Machines ([`Machine`]) are priced whole where a source priced a whole machine: its purchase
//! (cards, host and network), its rent per machine-hour (a monthly rent over 730 hours, marked
//! [`Quote::monthly`]), and its draw at full load from the vendor's system figure (DGX H100/H200
//! 10.2 kW, DGX B200 14.3 kW, DGX A100 6.5 kW maximum).
//!
//! Representative choice: for CNY rent, the AutoDL market list price (not the member price) where
//! AutoDL lists the card, else the cheapest mainland on-demand list price found; for USD rent, the
//! RunPod Community Cloud on-demand price where RunPod lists the card, else the one provider found.
//!
//! Sources (all read as stored copies, 2026-05 to 2026-10):
//! - AutoDL 算力市场 (autodl.com/home): the full list from the site's price bundle
//!   (`originalPrice`, file dated 2026-09-24, captured 2026-10-04), as recorded in a public
//!   research report on video upscaling costs; member prices from a public tutorial that read the
//!   page on 2026-10-01; L20 48G ¥2.88 from a private-deployment log (2026-09); H20 "~8 元/卡/h"
//!   from an SGLang profiling log (2026-06-18).
//! - 共绩算力 (gongjiyun.com/pricing), 矩池云 (matpool.com), 优云智算 (compshare.cn): the same
//!   report, 2026-10-04.
//! - Alibaba Cloud ECS `DescribePrice` (Shanghai/Shenzhen, pay-as-you-go, 1-GPU instances), read
//!   2026-09-24 and recorded in a public capacity-screen report.
//! - Mainland 8-card machine monthly rent, H100 ¥45–80k and H200 ¥60–100k (guba.eastmoney.com,
//!   2026-07-31), as cited by a public cost calculator.
//! - RunPod pricing page (runpod.io/pricing, "Updated September 27, 2026"), as read by the same
//!   video report (2026-10-04), by a GPU price-index audit (2026-10-05) and by a tutorial
//!   (2026-10-01).
//! - Lambda (lambda.ai/pricing), CoreWeave, Hyperstack, Crusoe, Jarvislabs and the Vast.ai public
//!   median feed, from the GPU price-index audit of 2026-10-05.
//! - Modal and Lambda prices "verified on May 7, 2026" (techbytes.app serverless GPU matrix).
//! - Vast.ai on-demand A100 80GB range, June 2026 (usagepricing.com).
//! - MI300X rents (TensorWave, Vultr, median, Azure/Oracle), cliffcenter.com research note,
//!   2026-05-18.
//! - Launch prices: NVIDIA's GeForce announcements as reported at the time (RTX 3090, 2020-09;
//!   RTX 3090 Ti, 2022-03; RTX 4090 and 4080 16GB, 2022-09); RTX 6000 Ada MSRP (pcpartdb.com).
//! - Street estimates: aiinframap.com H100/H200/B200 TCO tool ("mid-2026 typical figures", rough,
//!   ±20–40%); H200 8-card server $450–580k (haink.org, 2026-06-10); H200 in China ~¥190k per
//!   card and ~¥1.5M per 8-card machine (2026-01-10 news), ~$27k per card to Chinese buyers
//!   (2026-01-28 news), ¥250k (TechNode, 2026-10-01).

use super::catalogue::{gpu, Form, Gpu, GPUS};
use crate::calc::units::Currency;

/// One price: a representative figure, the range it sits in, where it was read and when.
///
/// A source's first word names where the figure was read (`AutoDL`, `RunPod`, `NVIDIA`): the
/// page shows it with the date, and the whole source in docs/formulas.md.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quote {
    /// Representative figure, in the currency of the field that holds the quote.
    pub amount: f64,
    /// Lowest figure found for the same card, currency and kind (on demand for rent).
    pub low: f64,
    /// Highest figure found for the same card, currency and kind.
    pub high: f64,
    /// Sites, pages and the way the figure was derived.
    pub source: &'static str,
    /// Month the price was published or the page captured, "YYYY-MM".
    pub date: &'static str,
    /// The source quoted a monthly rent; `amount`, `low` and `high` are it over 730 hours.
    pub monthly: bool,
    /// Which tier of price it is: only quotes of one tier are compared with each other.
    pub tier: Tier,
}

/// The tier of a price. A rent is on demand (a cloud's list price per hour, held as long as it is
/// paid), community (on demand on third parties' hosts, such as RunPod's Community Cloud), spot
/// (interruptible) or monthly (a term of a month, 包月: a reservation, not an hourly price). A
/// purchase is a street price (what a buyer pays now) or a launch price (the vendor's MSRP when
/// the card came out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    OnDemand,
    Community,
    Spot,
    Monthly,
    Street,
    Launch,
}

impl Tier {
    /// The tier's id, as the catalogue file writes it.
    pub fn id(self) -> &'static str {
        match self {
            Tier::OnDemand => "on_demand",
            Tier::Community => "community",
            Tier::Spot => "spot",
            Tier::Monthly => "monthly",
            Tier::Street => "street",
            Tier::Launch => "launch",
        }
    }

    /// A rent billed by the hour and held as long as it is paid (on demand or community): the
    /// tiers an hourly price input takes. Spot can be taken back; monthly is a reserved term.
    pub fn is_hourly(self) -> bool {
        matches!(self, Tier::OnDemand | Tier::Community)
    }
}

/// What one card costs: rent per card-hour on demand, and purchase per card, in CNY and USD.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CardPrices {
    /// Link id, as in the catalogue (`gpu=`).
    pub id: &'static str,
    /// Rent per card-hour, CNY, from a mainland cloud or rental market.
    pub rent_cny: Option<Quote>,
    /// Rent per card-hour, USD, from a US or international cloud.
    pub rent_usd: Option<Quote>,
    /// Purchase per card, CNY.
    pub buy_cny: Option<Quote>,
    /// Purchase per card, USD.
    pub buy_usd: Option<Quote>,
}

/// An 8-card machine (or another count), priced whole.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Machine {
    pub id: &'static str,
    pub name: &'static str,
    /// The catalogue id of its cards.
    pub card: &'static str,
    pub cards: u32,
    pub interconnect: &'static str,
    /// Draw at full load, kW, from the vendor's system figure; `None`: none found.
    pub power_kw: Option<f64>,
    /// Where `power_kw` comes from, or why there is none.
    pub power_source: &'static str,
    /// Rent per machine-hour.
    pub rent_cny: Option<Quote>,
    pub rent_usd: Option<Quote>,
    /// Purchase of the whole machine.
    pub buy_cny: Option<Quote>,
    pub buy_usd: Option<Quote>,
}

/// A host: the machine around cards (chassis, CPUs, memory, network, power), priced without the
/// cards, so that owning cards is owning what can be bought: an 8-GPU baseboard server for SXM or
/// OAM modules, or a server or workstation that takes PCIe cards.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Host {
    pub id: &'static str,
    pub name: &'static str,
    /// The form of the cards it takes.
    pub form: Form,
    /// Cards it takes.
    pub cards: u32,
    /// The catalogue ids of the cards it takes.
    pub fits: &'static [&'static str],
    /// Its own draw at load beside its cards, W, and where the figure comes from.
    pub power_w: f64,
    pub power_source: &'static str,
    /// Purchase without the cards (a street price).
    pub buy_cny: Option<Quote>,
    pub buy_usd: Option<Quote>,
}

impl Host {
    /// Purchase without the cards in `currency`, if a source quoted one in it.
    pub fn buy(&self, currency: Currency) -> Option<&Quote> {
        in_currency(&self.buy_cny, &self.buy_usd, currency)
    }
}

// Every card's prices in catalogue order, every machine and every host (build.rs writes them
// from the file).
include!(concat!(env!("OUT_DIR"), "/catalogue_prices.rs"));

impl Quote {
    /// Where the figure was read, in a word: the source's first.
    pub fn site(&self) -> &'static str {
        self.source.split([' ', '(']).next().unwrap_or(self.source)
    }
}

/// The one quote of a pair in CNY and USD that is in `currency`.
fn in_currency<'a>(
    cny: &'a Option<Quote>,
    usd: &'a Option<Quote>,
    currency: Currency,
) -> Option<&'a Quote> {
    match currency {
        Currency::Cny => cny.as_ref(),
        Currency::Usd => usd.as_ref(),
    }
}

impl CardPrices {
    /// Rent per card-hour in `currency`, if a source quoted one in it (of any tier).
    pub fn rent(&self, currency: Currency) -> Option<&Quote> {
        in_currency(&self.rent_cny, &self.rent_usd, currency)
    }

    /// Rent per card-hour in `currency` billed by the hour (on demand or community), not a
    /// monthly term over 730 hours nor spot.
    pub fn hourly_rent(&self, currency: Currency) -> Option<&Quote> {
        self.rent(currency).filter(|q| q.tier.is_hourly())
    }

    /// Purchase per card in `currency`, if a source quoted one in it.
    pub fn buy(&self, currency: Currency) -> Option<&Quote> {
        in_currency(&self.buy_cny, &self.buy_usd, currency)
    }
}

impl Machine {
    /// Rent per machine-hour in `currency`, if a source quoted one in it (of any tier).
    pub fn rent(&self, currency: Currency) -> Option<&Quote> {
        in_currency(&self.rent_cny, &self.rent_usd, currency)
    }

    /// Rent per machine-hour billed by the hour (on demand or community).
    pub fn hourly_rent(&self, currency: Currency) -> Option<&Quote> {
        self.rent(currency).filter(|q| q.tier.is_hourly())
    }

    /// Purchase of the whole machine in `currency`, if a source quoted one in it.
    pub fn buy(&self, currency: Currency) -> Option<&Quote> {
        in_currency(&self.buy_cny, &self.buy_usd, currency)
    }

    /// Its cards' catalogue entry (the build checks that every machine names one).
    pub fn gpu(&self) -> &'static Gpu {
        gpu(self.card).unwrap_or(&GPUS[0])
    }
}

/// The prices of the card with link id `id`, if the table has a row for it.
pub fn prices(id: &str) -> Option<&'static CardPrices> {
    PRICES.iter().find(|p| p.id == id)
}

/// The machine with id `id`.
pub fn machine(id: &str) -> Option<&'static Machine> {
    MACHINES.iter().find(|m| m.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quotes(p: &CardPrices) -> [Option<Quote>; 4] {
        [p.rent_cny, p.rent_usd, p.buy_cny, p.buy_usd]
    }

    #[test]
    fn every_catalogue_card_has_one_row() {
        for gpu in crate::calc::memory::catalogue::GPUS {
            let rows = PRICES.iter().filter(|p| p.id == gpu.id).count();
            assert_eq!(rows, 1, "{}", gpu.id);
        }
        assert_eq!(PRICES.len(), crate::calc::memory::catalogue::GPUS.len());
    }

    #[test]
    fn quotes_are_ordered_sourced_and_dated() {
        let machines = MACHINES
            .iter()
            .map(|m| (m.id, [m.rent_cny, m.rent_usd, m.buy_cny, m.buy_usd]));
        for (id, all) in PRICES.iter().map(|p| (p.id, quotes(p))).chain(machines) {
            for quote in all.into_iter().flatten() {
                assert!(quote.low > 0.0, "{id}");
                assert!(
                    quote.low <= quote.amount && quote.amount <= quote.high,
                    "{id}"
                );
                assert!(!quote.source.is_empty(), "{id}");
                let d = quote.date.as_bytes();
                assert!(d.len() == 7 && d[4] == b'-', "{id}: {}", quote.date);
            }
        }
    }

    #[test]
    fn lookup_by_id() {
        assert_eq!(prices("h800").map(|p| p.id), Some("h800"));
        assert_eq!(
            prices("l20").map(|p| p.rent_cny.unwrap().amount),
            Some(3.87)
        );
        assert!(prices("no-such-card").is_none());
        assert_eq!(machine("8x-b200").map(|m| m.gpu().id), Some("b200"));
        assert!(machine("b200").is_none());
    }

    #[test]
    fn a_quote_is_read_in_its_own_currency_only() {
        let h200 = prices("h200").unwrap();
        assert_eq!(h200.buy(Currency::Cny).map(|q| q.amount), Some(190_000.0));
        assert_eq!(h200.buy(Currency::Usd).map(|q| q.amount), Some(35_000.0));
        let a800 = prices("a800-80gb").unwrap();
        assert!(a800.rent(Currency::Usd).is_none());
        // A monthly machine rent is kept per hour, over 730 hours, and marked so.
        let rent = machine("8x-h100").unwrap().rent(Currency::Cny).unwrap();
        assert!(rent.monthly);
        assert_eq!(rent.amount, 62_500.0 / 730.0);
        assert_eq!((rent.low, rent.high), (45_000.0 / 730.0, 80_000.0 / 730.0));
    }
}
