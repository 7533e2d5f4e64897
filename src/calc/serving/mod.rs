//! Serving capacity: tokens per second, latency, cards needed and cost per million output tokens
//! for the shared model and card (docs/formulas.md, "Serving capacity"; beyond the guide).
//!
//! ```text
//! decode step   t = max(bytes / bandwidth, matmul flops / matmul peak + attention flops /
//!                 16-bit peak) / eff + overhead + comm(tp)
//! bytes         = weights read per card + B x KV cache of one sequence per card
//! weights read  = dense part + routed experts x distinct experts hit / experts
//!                 (distinct hit by a batch of B: E (1 - (1 - k/E)^B), k experts a token)
//! flops         = 2 x active parameters x B / tp + attention x B / tp ([`attention_flops`]:
//!                 4 x layers x q heads x head_dim x context; latent attention counts the latent)
//! comm(tp)      = 2 x layers x (hop x ceil(log2 tp) + 2 (tp - 1)/tp x B x hidden x 2 / link)
//! prefill       = max((2 x active x prompt / matmul peak + attention / 16-bit peak) / tp / frac,
//!                 weights / bandwidth)
//! tpot(B)       = t(B) + (B - 1) x prefill / output tokens   (the others' prefills stall decode;
//!                 none for a request of one output token)
//! throughput    = B x output / (output x t(B) + B x prefill)
//! ttft          = prefill + fixed time a request + Erlang-C wait (M/M/c, c = B slots a replica)
//! load_conc     = min(B, rate a replica x (prefill + output x tpot(load_conc)))  (Little's law)
//!                 TPOT, TTFT and the response are taken at it; `tpot_slots_s` at B
//! replicas      = fewest below saturation whose wait is within max(goal - prefill - fixed, one
//!                 step); a goal under prefill + fixed + one step is unmeetable (never sized at
//!                 the saturation edge)
//! rented / M    = price per card-hour x cards x billed hours a day
//!                 / (served output tokens per hour x held hours a day) x 1e6
//! owned / M     = owned card-hour x cards x 24 / (the same tokens a day) x 1e6
//! ```
//!
//! Bandwidth and tensor peak are the catalogue's datasheet figures. The weight matmuls run at
//! the rate of the kernel the runtime picks for the format and card: fp8 on a card with fp8 units
//! at [`FP8_GAIN`] over the 16-bit peak, block-wise fp8 (DeepSeek-V3's own checkpoint) on cards
//! that scale blocks in software at [`BLOCK_FP8_GAIN`] of it, 4-bit weight-only formats at
//! [`MARLIN_COMPUTE`] under vLLM's Marlin and [`W4_COMPUTE`] under older kernels; attention runs
//! at the 16-bit peak whatever the weights. Context per sequence while decoding is taken at its mean,
//! prompt + output / 2. The concurrency is the serving view's own (`serve_conc`, not the
//! inference view's `conc`: that one sizes memory for the inference view's context, this one
//! is the number of requests in flight); memory's limit comes from the inference memory
//! report for a context of prompt + output ([`crate::calc::memory::inference::report`]).
//!
//! The runtime constants ([`RUNTIMES`]) are calibrated on published measurements, each a named
//! test in tests/core/serving.rs with its source and tolerance; the spread of those errors is
//! [`SPREAD`], shown on the page as the range to trust; the bands by regime ([`BANDS`]) come
//! from held-back cases the model was not fitted on (tests/core/serving_items.rs). The fixed
//! time a request ([`REQUEST_S`]), SGLang's prefill share and a MoE layer's prefill time are
//! fitted on the SGLang cookbook; fp8 and 4-bit compute rates are [`FP8_GAIN`], [`BLOCK_FP8_GAIN`],
//! [`MARLIN_COMPUTE`], [`W4_COMPUTE`]. SGLang's per-step overhead is fitted on
//! GPUStack's Qwen3-8B on one H100 (its efficiency and prefill share are vLLM's). The
//! tensor-parallel communication term ([`NVLINK`], [`PCIE`]): on NVLink a 15 us hop fitted end
//! to end on TensorRT-LLM's 4 x H100 LLaMA 70B and checked on SGLang's 8 x A100 Llama 3.1 70B,
//! at 300 GB/s, checked against SGLang's all-reduce microbenchmark; on PCIe 25 us at 20 GB/s,
//! an assumption held to nccl-tests' measurements.
//!
//! Renting: the fleet is billed for the hours it is held, `rent_hours` a day, under the billing
//! view's rule ([`billed_hours_a_day`]).
//!
//! Owning: whole units that are sold ([`crate::calc::pick::own`], through [`cost::owned_unit`]):
//! rent or buy's machine when it is of this card and its purchase is given; else a machine row
//! of an SXM or OAM card at its street price; else the purchase per card typed here
//! (`card_buy`) or the card's dated street price, on whole hosts that take it. Nothing is
//! converted between currencies; without a unit's price there is no owned cost and no verdict.
//! The rent-or-buy view's other costs apply; the units' month is carried by the fleet's cards
//! (`units x own_monthly / cards / month_hours` a used card-hour), at the utilisation of the
//! whole day, and an owned card is paid all 24 hours. Renting: the price typed here
//! (`card_price`), else the card's own dated hourly quote (on demand or community, never a
//! monthly term) in the scenario's currency, else its quote in the other currency converted at
//! `fx`, else the rent-or-buy view's machine rent / 8 (unless rent or buy asks for it). Two cards
//! never share a price unless neither has a quote.
//!
//! The load: requests a second (`target_rps`), or `users` people each waiting `think_s` between
//! an answer and their next request, a closed loop whose rate is
//! `users / (think_s + prefill + output tokens x tpot)`. The page shows which is in force.
//! Input tokens can be priced at `in_price_pct` of an output token (as API price lists do): the
//! fleet's cost a day is spread over `output + share x input` tokens, so the costs per million
//! of both together still pay for the fleet.
//!
//! When one request of prompt + output tokens does not fit a replica, the report says so
//! (`fits`) with the fewest tensor-parallel cards that hold it (`tp_to_fit`), and the page shows
//! no figure built on it.

mod calibration;
mod chart;
mod cost;
pub mod measured;
mod queue;
mod report;
mod split;
mod step;

pub use calibration::{
    Band, Bands, Link, Runtime, RuntimeModel, BANDS, BLOCK_FP8_GAIN, FP8_GAIN, KNEE,
    LLAMACPP_HALF_ACCUMULATE, LLAMACPP_HBM_SHARE, LLAMACPP_MMQ_SM_CLOCK, LLAMACPP_QUANT_PREFILL,
    MARLIN_COMPUTE, NVLINK, PCIE, RANK_S, REQUEST_S, RUNTIMES, SPREAD, TRTLLM_REQUEST_S,
    VLLM_REQUEST_S, W4_COMPUTE,
};
pub use chart::{
    better_split, concurrency_chart, cost_chart, sheet, BetterSplit, ConcurrencyChart, CostChart,
    ServingSheet,
};
pub use cost::{billed_hours_a_day, PriceSource, CARDS_PER_MACHINE, RENT_BUY_CARD_W};
pub use queue::{erlang_c, finite_source, mmc_wait};
pub use report::{report, serving, Owned, ServingReport, MACHINE_CARDS};
pub use split::{fewest_cards, meets_goals};
pub use step::{attention_flops, Point, Step};

use super::field::{FieldError, NumField, NumberKind, Slider};
use super::memory::inference;
use super::table::{Calculator, ChoiceField, Field, KeyedError, TextField};
use thiserror::Error;

/// Everything the serving calculator reads of its own; the model, card, formats and tensor
/// parallelism are the memory views' (`scenario.memory`).
#[derive(Debug, Clone, PartialEq)]
pub struct ServingInputs {
    pub runtime: Runtime,
    /// Prompt tokens a request.
    pub in_tokens: u64,
    /// Output tokens a request.
    pub out_tokens: u64,
    /// Requests in flight on one replica (tp cards).
    pub conc: u64,
    /// Requests per second the fleet must serve.
    pub target_rps: f64,
    /// Latency goal: time per output token, ms.
    pub tpot_ms: f64,
    /// Latency goal: time to first token, ms.
    pub ttft_ms: f64,
    /// Rent per card-hour in the scenario's currency; 0: the catalogue's or rent-or-buy's.
    pub card_price: f64,
    /// Purchase per card in the scenario's currency; 0: the card's dated street price, and
    /// without one no owned cost and no verdict.
    pub card_buy: f64,
    /// Hours a day the rented fleet is held (the load runs those hours), billed under the
    /// billing view's rule.
    pub rent_hours: f64,
    /// One request's decode tokens/s measured on this model, card and runtime; 0: none.
    /// Every decode step is rescaled by measured / estimated; prefill is not (it is bound by the
    /// matmuls, not the bandwidth a decode speed measures).
    pub measured_tps: f64,
    /// How the load is given: requests a second, or people using it at once.
    pub load: Load,
    /// People using the service at once (with `load = users`).
    pub users: u64,
    /// Seconds a person takes between one answer and their next request (with `load = users`).
    pub think_s: f64,
    /// The price of an input token as a percentage of an output token's (API price lists quote
    /// both); 0: the whole cost is put on the output tokens.
    pub in_price_pct: f64,
    /// A benchmark's output read by [`measured::read`] (link key `cal`, in
    /// [`measured::to_link`]'s form): the model is rescaled to it on this card and runtime.
    pub cal: Option<measured::Measured>,
}

/// How the serving load is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Load {
    /// Requests a second, `target_rps`.
    #[default]
    Rps,
    /// People using it at once, `users`, each waiting `think_s` between an answer and the next
    /// request: a closed loop, whose rate is users / (think + time a request takes).
    Users,
}

crate::choice_ids!(Load { Rps => "rps", Users => "users" });

impl Default for ServingInputs {
    fn default() -> Self {
        ServingInputs {
            runtime: Runtime::Vllm,
            in_tokens: 1024,
            out_tokens: 256,
            conc: 16,
            target_rps: 2.0,
            tpot_ms: 50.0,
            ttft_ms: 2000.0,
            card_price: 0.0,
            card_buy: 0.0,
            rent_hours: 24.0,
            measured_tps: 0.0,
            load: Load::Rps,
            users: 16,
            think_s: 10.0,
            in_price_pct: 0.0,
            cal: None,
        }
    }
}

type F = NumField<ServingInputs>;

// Link units; keys and ranges are the link's public interface. `serve_conc`: `conc` is the
// inference view's (keys are unique across calculators).
#[rustfmt::skip]
mod fields {
    use super::*;
    pub const IN_TOKENS: F = NumField { key: "in_tokens", kind: NumberKind::Tokens, min: 1.0, max: 1_000_000.0, slider: None, whole: true, get: |i| i.in_tokens as f64, set: |i, v| i.in_tokens = v as u64 };
    pub const OUT_TOKENS: F = NumField { key: "out_tokens", kind: NumberKind::Tokens, min: 1.0, max: 1_000_000.0, slider: None, whole: true, get: |i| i.out_tokens as f64, set: |i, v| i.out_tokens = v as u64 };
    pub const SERVE_CONC: F = NumField { key: "serve_conc", kind: NumberKind::Plain, min: 1.0, max: 100_000.0, slider: Some(&Slider { min: 1.0, max: 256.0, step: 1.0 }), whole: true, get: |i| i.conc as f64, set: |i, v| i.conc = v as u64 };
    pub const TARGET_RPS: F = NumField { key: "target_rps", kind: NumberKind::Plain, min: 0.001, max: 1e6, slider: None, whole: false, get: |i| i.target_rps, set: |i, v| i.target_rps = v };
    pub const TPOT_MS: F = NumField { key: "tpot_ms", kind: NumberKind::Plain, min: 0.1, max: 1e5, slider: None, whole: false, get: |i| i.tpot_ms, set: |i, v| i.tpot_ms = v };
    pub const TTFT_MS: F = NumField { key: "ttft_ms", kind: NumberKind::Plain, min: 1.0, max: 1e7, slider: None, whole: false, get: |i| i.ttft_ms, set: |i, v| i.ttft_ms = v };
    pub const CARD_PRICE: F = NumField { key: "card_price", kind: NumberKind::Money, min: 0.0, max: 1e6, slider: None, whole: false, get: |i| i.card_price, set: |i, v| i.card_price = v };
    pub const CARD_BUY: F = NumField { key: "card_buy", kind: NumberKind::Money, min: 0.0, max: 1e8, slider: None, whole: false, get: |i| i.card_buy, set: |i, v| i.card_buy = v };
    pub const RENT_HOURS: F = NumField { key: "rent_hours", kind: NumberKind::Plain, min: 1.0, max: 24.0, slider: None, whole: false, get: |i| i.rent_hours, set: |i, v| i.rent_hours = v };
    pub const MEASURED_TPS: F = NumField { key: "measured_tps", kind: NumberKind::Plain, min: 0.0, max: 1e6, slider: None, whole: false, get: |i| i.measured_tps, set: |i, v| i.measured_tps = v };
    pub const USERS: F = NumField { key: "users", kind: NumberKind::Plain, min: 1.0, max: 10_000_000.0, slider: None, whole: true, get: |i| i.users as f64, set: |i, v| i.users = v as u64 };
    pub const THINK_S: F = NumField { key: "think_s", kind: NumberKind::Plain, min: 0.0, max: 86_400.0, slider: None, whole: false, get: |i| i.think_s, set: |i, v| i.think_s = v };
    pub const IN_PRICE_PCT: F = NumField { key: "in_price_pct", kind: NumberKind::Percent, min: 0.0, max: 1000.0, slider: None, whole: false, get: |i| i.in_price_pct, set: |i, v| i.in_price_pct = v };
}
pub use fields::*;

/// The serving runtime.
pub const RUNTIME: ChoiceField<ServingInputs> = crate::choice_field!("runtime", Runtime, runtime);

/// How the load is given.
pub const LOAD: ChoiceField<ServingInputs> = crate::choice_field!("load", Load, load);

/// The slowest measured decode speed taken, tokens a second (0 means none was measured).
pub const MIN_MEASURED_TPS: f64 = 0.01;

impl Calculator for ServingInputs {
    type Error = ServingError;

    const FIELDS: &'static [Field<Self>] = &[
        Field::Choice(RUNTIME),
        Field::Num(IN_TOKENS),
        Field::Num(OUT_TOKENS),
        Field::Num(SERVE_CONC),
        Field::Num(TARGET_RPS),
        Field::Num(TPOT_MS),
        Field::Num(TTFT_MS),
        Field::Num(CARD_PRICE),
        Field::Num(MEASURED_TPS),
        // Last: links written before them keep their order.
        Field::Num(RENT_HOURS),
        Field::Choice(LOAD),
        Field::Num(USERS),
        Field::Num(THINK_S),
        Field::Num(IN_PRICE_PCT),
        Field::Num(CARD_BUY),
        Field::Text(TextField {
            key: "cal",
            read: |i, raw| {
                i.cal = if raw.trim().is_empty() {
                    None
                } else {
                    Some(measured::from_link(raw)?)
                };
                Ok(())
            },
            write: |i| i.cal.as_ref().map(measured::to_link).unwrap_or_default(),
        }),
    ];

    /// A context beyond the memory views' largest cannot be sized. A measured speed (0: none)
    /// of less than [`MIN_MEASURED_TPS`] slows every rate so far that a request's wait passes
    /// any number.
    fn cross_check(&self) -> Result<(), ServingError> {
        let ctx = self.in_tokens + self.out_tokens;
        if ctx > inference::MAX_CONTEXT {
            return Err(ServingError::ContextTooLong {
                tokens: ctx,
                max: inference::MAX_CONTEXT,
            });
        }
        if self.measured_tps > 0.0 && self.measured_tps < MIN_MEASURED_TPS {
            return Err(FieldError::OutOfRange {
                key: MEASURED_TPS.key,
                value: self.measured_tps,
                min: MIN_MEASURED_TPS,
                max: MEASURED_TPS.max,
                kind: MEASURED_TPS.kind,
            }
            .into());
        }
        Ok(())
    }
}

/// Why serving inputs were refused.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ServingError {
    #[error("out_tokens: prompt and output make {tokens} tokens, more than the {max} the memory views size")]
    ContextTooLong { tokens: u64, max: u64 },
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error("cal: {0}")]
    Calibration(#[from] measured::MeasuredError),
}

impl KeyedError for ServingError {
    fn kind(&self) -> crate::calc::table::ErrorKind {
        crate::calc::table::ErrorKind::Serving
    }
    fn key(&self) -> &'static str {
        match self {
            ServingError::ContextTooLong { .. } => "out_tokens",
            ServingError::Field(e) => e.key(),
            ServingError::Calibration(_) => "cal",
        }
    }
}
