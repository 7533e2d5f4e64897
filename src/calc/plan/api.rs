//! Hosted APIs: each named provider's own listed price per million input and output tokens for
//! the models the calculator offers, dated, so that "host it or call it" is answered beside the
//! cards (docs/formulas.md, "A hosted API beside the cards", where every row is listed).
//!
//! ```text
//! a provider's cost for the job = in_tokens x input price + out_tokens x output price
//!                                 (per request; the request count a month is common to all)
//! kept                          = the provider of the model, in the job's currency, whose
//!                                 cost is the lowest (the first row of the table on a tie)
//! ```
//!
//! The job's own token mix decides: a provider with the cheaper output wins a chat that writes
//! long answers, one with the cheaper input wins a long prompt with a short answer (DeepSeek-V3
//! below: DeepSeek's own API against DeepInfra's turns at about 0.34 prompt tokens per output
//! token).
//!
//! A price is kept in the currency its provider publishes and never converted: a job in a
//! currency with no row for its model shows no hosted row until the reader types one (`api_in`,
//! `api_out`). Each row quotes what the provider's own page lists (or, where named, a dated
//! record of that page), with the page in `source`; an input price with a cache is the
//! cache-miss one, since a plan cannot count on hits. Free tiers (rate limited, not for a
//! production load) are left out.

use crate::calc::units::Currency;

/// Decimals a price per million tokens is written with: hosted prices run to a few tenths of a
/// cent ($0.055, $0.025), which two decimals would round to another provider's price.
pub const PRICE_DIGITS: u8 = 4;

/// One provider's price for one model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ApiPrice {
    /// The model's preset id (`model=`).
    pub model: &'static str,
    /// Who sells it, in a word or two (shown on the page).
    pub provider: &'static str,
    /// Per million input (prompt) tokens.
    pub input: f64,
    /// Per million output tokens.
    pub output: f64,
    pub currency: Currency,
    /// The page the figures were read on, and what it says.
    pub source: &'static str,
    /// Month of the figures, "YYYY-MM": the page's own date where it shows one, else the month
    /// it was read (the source says which). Older than 180 days, the page marks it stale.
    pub date: &'static str,
}

impl ApiPrice {
    /// What one request of `in_tokens` prompt and `out_tokens` output tokens costs here.
    pub fn request_cost(&self, in_tokens: f64, out_tokens: f64) -> f64 {
        (in_tokens * self.input + out_tokens * self.output) / 1e6
    }
}

/// The prices found, read from stored copies of the pages on 2026-12-07. To update one, edit
/// its row, set `date` and name the page in `source`; docs/formulas.md lists the same rows.
#[rustfmt::skip]
pub static API_PRICES: &[ApiPrice] = &[
    ApiPrice {
        model: "llama-3.1-8b", provider: "DeepInfra", input: 0.055, output: 0.055, currency: Currency::Usd,
        source: "https://deepinfra.com/meta-llama/Meta-Llama-3.1-8B-Instruct/api: \"$0.055 / Mtoken\", input and output alike (bfloat16); page undated, read 2026-12-07",
        date: "2026-12",
    },
    ApiPrice {
        model: "llama-3.1-8b", provider: "Fireworks", input: 0.20, output: 0.20, currency: Currency::Usd,
        source: "https://fireworks.ai/pricing: serverless text models by base parameter count, \"up to 16B $0.20\" per 1M tokens, input and output alike (served as llama-v3p1-8b-instruct, as theneuralbase.com's Fireworks lesson calls it); page undated, read 2026-12-07",
        date: "2026-12",
    },
    ApiPrice {
        model: "llama-3.1-70b", provider: "DeepInfra", input: 0.13, output: 0.40, currency: Currency::Usd,
        source: "https://deepinfra.com/meta-llama/Meta-Llama-3.1-70B-Instruct-Turbo/api: \"$0.13/$0.40 in/out Mtoken\" (fp8); page undated, read 2026-12-07",
        date: "2026-12",
    },
    ApiPrice {
        model: "llama-3.1-70b", provider: "Fireworks", input: 0.90, output: 0.90, currency: Currency::Usd,
        source: "https://fireworks.ai/pricing: \"16.1B - 80B $0.90\" per 1M tokens, input and output alike (served as llama-v3p1-70b-instruct, the same lesson); page undated, read 2026-12-07",
        date: "2026-12",
    },
    ApiPrice {
        model: "qwen2.5-7b", provider: "DeepInfra", input: 0.025, output: 0.05, currency: Currency::Usd,
        source: "https://deepinfra.com/Qwen/Qwen2.5-7B-Instruct/api: \"$0.025/$0.05 in/out Mtoken\" (bfloat16); page undated, read 2026-12-07",
        date: "2026-12",
    },
    ApiPrice {
        model: "mixtral-8x7b", provider: "DeepInfra", input: 0.24, output: 0.24, currency: Currency::Usd,
        source: "https://deepinfra.com/mistralai/Mixtral-8x7B-Instruct-v0.1/api: \"$0.24 / Mtoken\", input and output alike (bfloat16); page undated, read 2026-12-07",
        date: "2026-12",
    },
    ApiPrice {
        model: "mixtral-8x7b", provider: "Fireworks", input: 0.50, output: 0.50, currency: Currency::Usd,
        source: "https://fireworks.ai/pricing: \"MoE 0B - 56B (Mixtral 8x7B) $0.50\" per 1M tokens, input and output alike; page undated, read 2026-12-07",
        date: "2026-12",
    },
    ApiPrice {
        model: "deepseek-v3", provider: "DeepInfra", input: 0.85, output: 0.90, currency: Currency::Usd,
        source: "https://deepinfra.ai/deepseek-ai/DeepSeek-V3/api (DeepInfra's own page): \"$0.85/$0.90 in/out Mtoken\"; page undated, read 2026-12-07",
        date: "2026-12",
    },
    ApiPrice {
        model: "deepseek-v3", provider: "DeepSeek", input: 0.27, output: 1.10, currency: Currency::Usd,
        source: "https://api-docs.deepseek.com/quick_start/pricing-details-usd: deepseek-chat (DeepSeek-V3, 64K context) $0.27 per 1M input tokens on a cache miss ($0.07 on a hit), $1.10 per 1M output; the price after the discount that ran to 2025-02-08 (the notes of DeepSeek's pricing page as mirrored at apidog.com, modified 2025-02-06); DeepSeek's pricing page of 2026 lists only its V4 models",
        date: "2025-02",
    },
    ApiPrice {
        model: "deepseek-v3", provider: "DeepSeek", input: 2.0, output: 8.0, currency: Currency::Cny,
        source: "DeepSeek open platform, deepseek-chat (DeepSeek-V3) after the discount: 2 元 per million input tokens and 8 元 per million output, as reported by ITBEAR on 2025-02-25 (shengjixing.cn/ruanjian/202502/57309.html); the CNY table of DeepSeek's pricing page (api-docs.deepseek.com/zh-cn/quick_start/pricing) is an image in the stored copies of 2025-02 (apifox.com mirror, modified 2025-02-09)",
        date: "2025-02",
    },
    ApiPrice {
        model: "deepseek-v3", provider: "SiliconFlow", input: 2.0, output: 8.0, currency: Currency::Cny,
        source: "SiliconFlow 硅基流动 (siliconflow.cn/pricing): deepseek-ai/DeepSeek-V3 2.00 元 input and 8.00 元 output per million tokens, as listed in a survey of the pricing page dated 2026-02-08 (huasheng.ai/insights/siliconflow-api-guide)",
        date: "2026-02",
    },
];

/// Every price of `model` in `currency`, in table order.
pub fn api_prices(model: &str, currency: Currency) -> impl Iterator<Item = &'static ApiPrice> + '_ {
    API_PRICES
        .iter()
        .filter(move |p| p.model == model && p.currency == currency)
}

/// The cheapest dated price of `model` in `currency` for requests of `in_tokens` prompt and
/// `out_tokens` output tokens (the first row on a tie), if one was found.
pub fn api_price(
    model: &str,
    currency: Currency,
    in_tokens: f64,
    out_tokens: f64,
) -> Option<&'static ApiPrice> {
    api_prices(model, currency).fold(None, |best, p| match best {
        Some(b)
            if b.request_cost(in_tokens, out_tokens) <= p.request_cost(in_tokens, out_tokens) =>
        {
            Some(b)
        }
        _ => Some(p),
    })
}
