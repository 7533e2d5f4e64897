//! Price table per GPU card: what one card costs to rent for an hour, and to buy, with where each
//! figure was read and when.
//!
//! Every rent figure is per **card-hour, on demand** (not spot, not interruptible, not a reserved
//! term), for one card of the catalogue's link id ([`crate::calc::memory::catalogue`]). A machine
//! price is divided by its card count; a monthly machine rent, where nothing else was found, is
//! divided by its cards and by 730 hours (8760 / 12), and the row says so. Purchase prices are per
//! card: a vendor's launch price (MSRP), a street estimate, or an 8-card server price divided by
//! 8, and the row says which.
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

const fn q(amount: f64, low: f64, high: f64, source: &'static str, date: &'static str) -> Quote {
    Quote {
        amount,
        low,
        high,
        source,
        date,
    }
}

const AUTODL: &str = "AutoDL 算力市场 autodl.com/home list price (originalPrice, price file 2026-09-24, captured 2026-10-04)";

// The A40 rents at 3.14 CNY an hour: a price, not an approximation of pi.
#[allow(clippy::approx_constant)]
#[rustfmt::skip]
pub const PRICES: &[CardPrices] = &[
    CardPrices {
        id: "t4",
        rent_cny: Some(q(11.84, 11.84, 11.84,
            "Alibaba Cloud ECS ecs.gn6i-c4g1.xlarge (1x T4), pay-as-you-go instance price from DescribePrice, Shanghai/Shenzhen, 2026-09-24; whole instance incl. CPU/RAM/100 GiB disk",
            "2026-09")),
        rent_usd: Some(q(0.5904, 0.5904, 0.5904,
            "Modal modal.com/pricing T4 $0.5904/h (serverless, per second), as verified 2026-05-07 by techbytes.app serverless GPU pricing matrix",
            "2026-05")),
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "a10",
        rent_cny: Some(q(9.74, 9.74, 9.74,
            "Alibaba Cloud ECS ecs.gn7i-c8g1.2xlarge (1x A10), pay-as-you-go instance price from DescribePrice, Shanghai/Shenzhen, 2026-09-24; AutoDL lists no A10",
            "2026-09")),
        rent_usd: Some(q(1.29, 1.29, 1.29,
            "Lambda lambda.ai 1x A10 $1.29/h, read 2026-10-04 (video upscaling cost report); Lambda listed A10 at $0.86/h on 2026-05-07 (techbytes.app)",
            "2026-10")),
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "rtx-4090",
        rent_cny: Some(q(1.98, 1.88, 2.20,
            "AutoDL 算力市场 RTX 4090 24G ¥1.98/h list (member ¥1.88, read 2026-10-01; market median ¥2.19 over 500 machines); 共绩算力 ¥1.98; 优云智算 from ¥1.92; 矩池云 ¥2.20; all captured 2026-10-04",
            "2026-10")),
        rent_usd: Some(q(0.34, 0.34, 0.74,
            "RunPod runpod.io/pricing (page 'Updated September 27, 2026') RTX 4090 Community Cloud $0.34/h, Secure Cloud $0.74/h",
            "2026-09")),
        buy_cny: None,
        buy_usd: Some(q(1599.0, 1599.0, 1599.0,
            "NVIDIA launch price (MSRP) $1,599, announced 2022-09-20 for sale 2022-10-12 (GeForce Beyond keynote, as reported by bandwidthblog.co.za and others)",
            "2022-09")),
    },
    CardPrices {
        id: "l40s",
        rent_cny: Some(q(4.98, 4.98, 4.98,
            "共绩算力 gongjiyun.com/pricing L40S ¥4.98/h on demand, captured 2026-10-04; AutoDL lists L40 (not L40S) at ¥4.82",
            "2026-10")),
        rent_usd: Some(q(0.79, 0.79, 1.9512,
            "RunPod runpod.io/pricing (page 'Updated September 27, 2026') L40S Community $0.79/h, Secure $1.09/h; Modal $1.9512/h (verified 2026-05-07, techbytes.app)",
            "2026-09")),
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "a100-40gb",
        rent_cny: Some(q(2.80, 2.80, 3.45,
            "矩池云 matpool.com A100-PCIE 40G ¥2.80/h, captured 2026-10-04 (PCIe, not SXM); AutoDL A100 40GB ¥3.45/h per a 2026-04 comparison (AutoDL no longer lists it in 2026-10)",
            "2026-10")),
        rent_usd: Some(q(1.48, 1.48, 1.48,
            "Lambda lambda.ai A100 40GB $1.48/h, verified 2026-05-07 (techbytes.app serverless GPU pricing matrix)",
            "2026-05")),
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "a100-80gb",
        rent_cny: Some(q(7.03, 7.03, 7.03, AUTODL, "2026-10")),
        rent_usd: Some(q(1.39, 1.166, 2.79,
            "RunPod runpod.io/pricing (page 'Updated September 27, 2026') A100 SXM 80GB Community $1.39/h; Lambda A100 SXM $2.79/h (2026-10-04); Modal A100 80GB $2.4984/h (2026-05-07); Vast.ai on-demand A100 80GB $1.166-1.205/h (usagepricing.com, 2026-06)",
            "2026-09")),
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "a800-80gb",
        rent_cny: Some(q(5.88, 5.59, 7.80,
            "AutoDL 算力市场 A800-80G ¥5.88/h list (member ¥5.59, read 2026-10-01), captured 2026-10-04; 共绩算力 A800 ¥7.80/h (2026-10-04)",
            "2026-10")),
        rent_usd: None,
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "h100-sxm",
        rent_cny: Some(q(10.70, 7.71, 13.70,
            "Eastmoney (no on-demand CNY list found; AutoDL lists no H100): derived from mainland 8-card H100 machine monthly rent ¥45,000-80,000 (guba.eastmoney.com, 2026-07-31, cited by a public cost calculator) / 8 cards / 730 h; amount is the midpoint ¥62,500. Monthly term, not on demand",
            "2026-07")),
        rent_usd: Some(q(2.69, 2.2145, 6.155,
            "RunPod runpod.io/pricing (page 'Updated September 27, 2026') H100 SXM Community $2.69/h, Secure $3.49/h; Lambda lambda.ai 8x $3.99, 1x $4.29 per GPU-h; Hyperstack $3.20; Verda $3.77; Together $3.99; CoreWeave HGX H100 8-GPU $49.24/h = $6.155/GPU-h; Vast.ai public feed median $2.2145 (all read 2026-10-05 by a GPU price-index audit)",
            "2026-09")),
        buy_cny: None,
        buy_usd: Some(q(30000.0, 30000.0, 30000.0,
            "aiinframap.com H100 vs H200 vs B200 TCO tool: 'mid-2026 typical' street price H100 ~$30,000 per GPU (rough estimate, +/-20-40%; NVIDIA publishes no list price)",
            "2026-06")),
    },
    CardPrices {
        id: "h800",
        rent_cny: Some(q(10.50, 10.50, 25.00,
            "AutoDL 算力市场 H800-80G ¥10.50/h list (price file 2026-09-24, captured 2026-10-04); 共绩算力 H800 ¥25.00/h on demand (preemptible ¥15.00), 2026-10-04",
            "2026-10")),
        rent_usd: None,
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "h200",
        rent_cny: Some(q(13.70, 10.27, 17.12,
            "Eastmoney (no on-demand CNY list found; AutoDL lists no H200): derived from mainland 8-card H200 machine monthly rent ¥60,000-100,000 (guba.eastmoney.com, 2026-07-31, cited by a public cost calculator) / 8 cards / 730 h; amount is the midpoint ¥80,000. Monthly term, not on demand",
            "2026-07")),
        rent_usd: Some(q(3.59, 3.59, 4.59,
            "RunPod runpod.io/pricing H200 $3.59/h (read 2026-10-04); Hyperstack H200 SXM $3.99; Crusoe $4.29; Jarvislabs $4.59 (read 2026-10-05 by a GPU price-index audit)",
            "2026-10")),
        buy_cny: Some(q(190000.0, 187500.0, 250000.0,
            "News reports of H200 in China: ~¥190,000 per chip and ~¥1,500,000 per 8-card machine (= ¥187,500 per card; php.xlycwl.com news, 2026-01-10); ¥250,000 (TechNode, 2026-10-01, cited in a public research log)",
            "2026-01")),
        buy_usd: Some(q(35000.0, 27000.0, 72500.0,
            "aiinframap.com 'mid-2026 typical' street price H200 ~$35,000 per GPU (rough); ~$27,000 per chip quoted to Chinese buyers (2026-01-28 news); 8-card H200 server $450,000-580,000 / 8 = $56,250-72,500 (haink.org, 2026-06-10; server price incl. host)",
            "2026-06")),
    },
    CardPrices {
        id: "mi300x",
        rent_cny: None,
        rent_usd: Some(q(1.99, 1.50, 6.00,
            "cliffcenter.com AMD inference economics note (2026-05-18): median MI300X on-demand $1.99/GPU-h; TensorWave $1.50, Vultr $1.85, Azure and Oracle $6.00",
            "2026-05")),
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "rtx-3090",
        rent_cny: Some(q(1.39, 1.32, 1.85,
            "AutoDL 算力市场 RTX 3090 24G ¥1.39/h list (member ¥1.32, read 2026-10-01), captured 2026-10-04; 矩池云 ¥1.85 (2026-10-04)",
            "2026-10")),
        rent_usd: Some(q(0.50, 0.50, 0.50,
            "RunPod runpod.io/pricing RTX 3090 $0.50/h, as read 2026-10-01 in a public training tutorial (tier not stated)",
            "2026-10")),
        buy_cny: None,
        buy_usd: Some(q(1499.0, 1499.0, 1499.0,
            "NVIDIA launch price (Founders Edition) $1,499, announced 2020-09-01 for 2020-09-24 (as reported by dreampc.com.au / TechRadar)",
            "2020-09")),
    },
    CardPrices {
        id: "rtx-3090-ti",
        rent_cny: Some(q(2.70, 2.70, 2.70, AUTODL, "2026-10")),
        rent_usd: None,
        buy_cny: None,
        buy_usd: Some(q(1999.0, 1999.0, 1999.0,
            "NVIDIA launch price (Founders Edition) $1,999, 2022-03-29 (slashgear.com)",
            "2022-03")),
    },
    CardPrices {
        id: "rtx-4080",
        rent_cny: None,
        rent_usd: None,
        buy_cny: None,
        buy_usd: Some(q(1199.0, 1199.0, 1199.0,
            "NVIDIA launch price for the RTX 4080 16GB $1,199, announced 2022-09-20 (incpak.com, bijden-boer.com)",
            "2022-09")),
    },
    CardPrices {
        id: "rtx-a6000",
        rent_cny: None,
        rent_usd: Some(q(1.09, 1.09, 1.09,
            "Lambda lambda.ai/pricing RTX A6000 $1.09/h per GPU, read 2026-10-04 (video upscaling cost report)",
            "2026-10")),
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "rtx-6000-ada",
        rent_cny: None,
        rent_usd: None,
        buy_cny: None,
        buy_usd: Some(q(6799.0, 6799.0, 6799.0,
            "NVIDIA launch MSRP $6,799, Q1 2023 (pcpartdb.com; month not given)",
            "2023-01")),
    },
    CardPrices {
        id: "a40",
        rent_cny: Some(q(3.14, 3.14, 3.14, AUTODL, "2026-10")),
        rent_usd: None,
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "l4",
        rent_cny: None,
        rent_usd: Some(q(0.44, 0.44, 0.7992,
            "RunPod runpod.io/pricing (page 'Updated September 27, 2026') L4 Community $0.44/h, Secure $0.49/h; Modal L4 $0.7992/h (verified 2026-05-07, techbytes.app)",
            "2026-09")),
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "a100-pcie-80gb",
        rent_cny: None,
        rent_usd: Some(q(1.39, 1.39, 1.59,
            "RunPod A100 PCIe $1.39/h on demand (AutoDL/RunPod comparison dated 2026-04); RunPod 'A100 80GB' $1.59/h read 2026-10-01 (form factor not stated)",
            "2026-04")),
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "h100-pcie",
        rent_cny: None,
        rent_usd: Some(q(1.99, 1.99, 3.29,
            "RunPod runpod.io/pricing (page 'Updated September 27, 2026') H100 PCIe Community $1.99/h, Secure $2.89/h; Hyperstack $2.50; Lambda lambda.ai 1x H100 PCIe $3.29 (read 2026-10-05 by a GPU price-index audit)",
            "2026-09")),
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "h20",
        rent_cny: Some(q(10.50, 8.0, 10.50,
            "AutoDL 算力市场 H20-96G ¥10.50/h list (same tier as H800; price file 2026-09-24, captured 2026-10-04); an AutoDL H20 profiling log of 2026-06-18 gives ~¥8/card-h",
            "2026-10")),
        rent_usd: None,
        buy_cny: None,
        buy_usd: None,
    },
    CardPrices {
        id: "b200",
        rent_cny: None,
        rent_usd: Some(q(5.98, 5.98, 8.60,
            "RunPod runpod.io/pricing (page 'Updated September 27, 2026') B200 Community $5.98/h, Secure $6.79/h; Lambda B200 SXM6 8x $6.69, 1x $6.99; Hyperstack $6.00; Verda $7.13; Together $8.19; Nebius $8.50 (from 2026-10-01); CoreWeave HGX B200 8-GPU $68.80/h = $8.60/GPU-h (read 2026-10-05 by a GPU price-index audit)",
            "2026-09")),
        buy_cny: None,
        buy_usd: Some(q(40000.0, 40000.0, 40000.0,
            "aiinframap.com H100 vs H200 vs B200 TCO tool: 'mid-2026 typical' street price B200 ~$40,000 per GPU (rough estimate, +/-20-40%)",
            "2026-06")),
    },
];

/// NVIDIA L20 48 GB: not yet in the catalogue, kept apart from [`PRICES`] until it is.
#[rustfmt::skip]
pub const L20_48GB: CardPrices = CardPrices {
    id: "l20",
    rent_cny: Some(q(3.87, 2.88, 14.63,
        "AutoDL 算力市场 L20 48G ¥3.87/h list (price file 2026-09-24, captured 2026-10-04); AutoDL L20 48G ¥2.88/h in a 2026-09 deployment log; 共绩算力 ¥4.00 (2026-10-04); Alibaba Cloud ECS ecs.gn8is.2xlarge ¥14.63/h (DescribePrice, 2026-09-24, whole instance)",
        "2026-10")),
    rent_usd: None,
    buy_cny: None,
    buy_usd: None,
};

impl Quote {
    /// Where the figure was read, in a word: the source's first.
    pub fn site(&self) -> &'static str {
        self.source.split([' ', '(']).next().unwrap_or(self.source)
    }
}

/// The prices of the card with link id `id`, if the table has a row for it.
pub fn prices(id: &str) -> Option<&'static CardPrices> {
    PRICES.iter().find(|p| p.id == id)
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
        for p in PRICES.iter().chain(std::iter::once(&L20_48GB)) {
            for quote in quotes(p).into_iter().flatten() {
                assert!(quote.low > 0.0, "{}", p.id);
                assert!(
                    quote.low <= quote.amount && quote.amount <= quote.high,
                    "{}",
                    p.id
                );
                assert!(!quote.source.is_empty(), "{}", p.id);
                let d = quote.date.as_bytes();
                assert!(d.len() == 7 && d[4] == b'-', "{}: {}", p.id, quote.date);
            }
        }
    }

    #[test]
    fn lookup_by_id() {
        assert_eq!(prices("h800").map(|p| p.id), Some("h800"));
        assert!(prices("l20").is_none());
        assert!(prices("no-such-card").is_none());
    }
}
