//! Hosted APIs: a few dated, sourced prices per million input and output tokens for the models
//! the calculator offers, so that "host it or call it" is answered beside the cards
//! (docs/formulas.md, "The plan", where each source is listed).
//!
//! A price is kept in the currency its provider publishes and never converted: a scenario in
//! another currency shows no hosted row until the reader types one (`api_in`, `api_out`).
//! Where a model has several providers, the cheapest found is kept (the others are in the
//! source text), since a reader calling an API picks the cheapest that serves the model.

use crate::calc::units::Currency;

/// One provider's price for one model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ApiPrice {
    /// The model's preset id (`model=`).
    pub model: &'static str,
    /// Who sells it, in a word (shown on the page).
    pub provider: &'static str,
    /// Per million input (prompt) tokens.
    pub input: f64,
    /// Per million output tokens.
    pub output: f64,
    pub currency: Currency,
    /// Where the figures were read.
    pub source: &'static str,
    /// Month the figures were read, "YYYY-MM".
    pub date: &'static str,
}

/// The prices found. To update one, edit its row, set `date` to the month it was read and name
/// the page in `source`; docs/formulas.md lists the same rows.
pub static API_PRICES: &[ApiPrice] = &[
    ApiPrice {
        model: "llama-3.1-70b",
        provider: "DeepInfra",
        input: 0.13,
        output: 0.40,
        currency: Currency::Usd,
        source: "DeepInfra deepinfra.com/meta-llama/Meta-Llama-3.1-70B-Instruct-Turbo: $0.13/$0.40 in/out per M tokens (fp8); aigateway.sh lists the same model at $0.29/$0.60",
        date: "2026-12",
    },
    ApiPrice {
        model: "llama-3.1-8b",
        provider: "Together",
        input: 0.20,
        output: 0.60,
        currency: Currency::Usd,
        source: "Together AI Llama 3.1 8B $0.20 per M input and $0.60 per M output tokens, as quoted by theneuralbase.com's Together AI pricing lesson",
        date: "2026-12",
    },
    ApiPrice {
        model: "qwen2.5-7b",
        provider: "DeepInfra",
        input: 0.025,
        output: 0.05,
        currency: Currency::Usd,
        source: "DeepInfra deepinfra.com/Qwen/Qwen2.5-7B-Instruct: $0.025/$0.05 in/out per M tokens (bf16)",
        date: "2026-12",
    },
];

/// The cheapest dated price for `model` in `currency` (by the output token, the larger share of
/// a chat's cost), if one was found.
pub fn api_price(model: &str, currency: Currency) -> Option<&'static ApiPrice> {
    API_PRICES
        .iter()
        .filter(|p| p.model == model && p.currency == currency)
        .min_by(|a, b| a.output.total_cmp(&b.output))
}
