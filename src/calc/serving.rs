//! Serving capacity: tokens per second, latency, cards needed and cost per million output tokens
//! for the shared model and card (docs/formulas.md, "Serving capacity"; beyond the guide).
//!
//! ```text
//! decode step   t = max(bytes / bandwidth, flops / tensor peak) / eff + overhead + comm(tp)
//! bytes         = weights read per card + B x KV cache of one sequence per card
//! weights read  = dense part + routed experts x distinct experts hit / experts
//!                 (distinct hit by a batch of B: E (1 - (1 - k/E)^B), k experts a token)
//! flops         = 2 x active parameters x B / tp + attention (4 x layers x q heads x head_dim
//!                 x context x B / tp)
//! comm(tp)      = 2 x layers x (latency x ceil(log2 tp) + 2 (tp - 1)/tp x B x hidden x 2 / link)
//! prefill       = max(2 x active x prompt (+ attention) / tp / (peak x frac), weights / bandwidth)
//! tpot(B)       = t(B) + (B - 1) x prefill / output tokens   (the others' prefills stall decode)
//! throughput    = B x output / (output x t(B) + B x prefill)
//! ttft          = prefill + Erlang-C wait for a free slot (M/M/c, c = B slots a replica)
//! cost / M      = price per card-hour x cards / (served output tokens per hour) x 1e6
//! ```
//!
//! Bandwidth and tensor peak are the catalogue's datasheet figures; fp8 weights on a card with
//! fp8 units use its fp8 peak, anything else its 16-bit peak (quantised weights are widened to
//! 16 bits to compute). Context per sequence while decoding is taken at its mean,
//! prompt + output / 2. The concurrency is the serving view's own (`serve_conc`, not the
//! inference view's `conc`: that one sizes memory for the inference view's context, this one
//! is the number of requests in flight); memory's limit comes from the inference memory
//! report for a context of prompt + output ([`crate::calc::memory::inference::report`]).
//!
//! The runtime constants ([`RUNTIMES`]) are calibrated on published measurements, each a named
//! test in tests/core/serving.rs with its source and tolerance; the spread of those errors is
//! [`SPREAD`], shown on the page as the range to trust. SGLang has no measurement here: it takes
//! vLLM's constants (an assumption, said on the page). The tensor-parallel communication term
//! is not calibrated: 10 us per all-reduce hop on NVLink at 300 GB/s, 25 us on PCIe at
//! 20 GB/s, stated assumptions.
//!
//! Owning: the rent-or-buy view's machine holds 8 cards, so one owned card-hour costs
//! `own_monthly / 8 / month_hours` ([`crate::calc::rent_buy::report`]). Renting: the price typed
//! here (`card_price`), else the catalogue's (in CNY, only when the scenario is in CNY), else
//! the rent-or-buy view's machine rent / 8.

use super::field::{FieldError, NumField};
use super::memory::catalogue::Gpu;
use super::memory::dtype::WeightType;
use super::memory::inference;
use super::memory::inputs::MemoryInputs;
use super::rent_buy::{own_at, rent_at, RentBuyInputs, Verdict};
use super::scenario::Scenario;
use super::series::Series;
use super::table::{validate, Calculator, ChoiceField, Field, KeyedError, Valid};
use super::units::{Currency, Money};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The serving runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Runtime {
    LlamaCpp,
    #[default]
    Vllm,
    TrtLlm,
    Sglang,
}

crate::choice_ids!(Runtime { LlamaCpp => "llamacpp", Vllm => "vllm", TrtLlm => "trtllm", Sglang => "sglang" });

/// A runtime's calibrated constants.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RuntimeModel {
    pub runtime: Runtime,
    /// Share of the roofline (bandwidth or tensor peak) a decode step reaches.
    pub efficiency: f64,
    /// Fixed time a decode step costs beyond the roofline (launches, sampling, scheduling), s.
    pub overhead_s: f64,
    /// Share of the tensor peak prefill reaches.
    pub prefill_fraction: f64,
    /// Where the constants come from.
    pub basis: &'static str,
}

/// Calibrated on the measurements in tests/core/serving.rs (docs/formulas.md, "Serving capacity").
pub const RUNTIMES: &[RuntimeModel] = &[
    RuntimeModel { runtime: Runtime::LlamaCpp, efficiency: 0.84, overhead_s: 3.3e-3, prefill_fraction: 0.80,
        basis: "llama-bench tg128 and pp512, RTX 3090, llama 7B F16 and Q4_0 (ggml-org/llama.cpp#4766)" },
    RuntimeModel { runtime: Runtime::Vllm, efficiency: 0.81, overhead_s: 0.55e-3, prefill_fraction: 0.60,
        basis: "vLLM, Llama 3.1 8B bf16 at one request: A100 40GB about 75 tok/s, H100 TPOT 6.48 ms" },
    RuntimeModel { runtime: Runtime::TrtLlm, efficiency: 0.75, overhead_s: 0.4e-3, prefill_fraction: 0.70,
        basis: "TensorRT-LLM 0.5 performance table: LLaMA 7B fp8, H100, batch 64, 128 in / 128 out, 9,193 tok/s" },
    RuntimeModel { runtime: Runtime::Sglang, efficiency: 0.81, overhead_s: 0.55e-3, prefill_fraction: 0.60,
        basis: "no measurement found: vLLM's constants assumed" },
];

/// How far the calibration cases' estimates fell from their measurements: the lowest and
/// highest `estimate / measured - 1` (tests/core/serving.rs keeps this in step). The page
/// shows every rate as `[rate / (1 + high), rate / (1 + low)]`.
pub const SPREAD: (f64, f64) = (-0.15, 0.15);

impl Runtime {
    pub fn model(self) -> &'static RuntimeModel {
        RUNTIMES
            .iter()
            .find(|m| m.runtime == self)
            .unwrap_or(&RUNTIMES[1])
    }
}

/// Everything the serving calculator reads of its own; the model, card, formats and tensor
/// parallelism are the memory views' (`scenario.memory`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
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
    /// One request's decode tokens/s measured on this model, card and runtime; 0: none.
    /// Every rate is rescaled by measured / estimated.
    pub measured_tps: f64,
}

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
            measured_tps: 0.0,
        }
    }
}

type F = NumField<ServingInputs>;

// Link units; keys and ranges are the link's public interface. `serve_conc`: `conc` is the
// inference view's (keys are unique across calculators).
#[rustfmt::skip]
mod fields {
    use super::*;
    pub const IN_TOKENS: F = NumField { key: "in_tokens", min: 1.0, max: 1_000_000.0, step: 1.0, whole: true, get: |i| i.in_tokens as f64, set: |i, v| i.in_tokens = v as u64 };
    pub const OUT_TOKENS: F = NumField { key: "out_tokens", min: 1.0, max: 1_000_000.0, step: 1.0, whole: true, get: |i| i.out_tokens as f64, set: |i, v| i.out_tokens = v as u64 };
    pub const SERVE_CONC: F = NumField { key: "serve_conc", min: 1.0, max: 100_000.0, step: 1.0, whole: true, get: |i| i.conc as f64, set: |i, v| i.conc = v as u64 };
    pub const TARGET_RPS: F = NumField { key: "target_rps", min: 0.001, max: 1e6, step: 0.1, whole: false, get: |i| i.target_rps, set: |i, v| i.target_rps = v };
    pub const TPOT_MS: F = NumField { key: "tpot_ms", min: 0.1, max: 1e5, step: 1.0, whole: false, get: |i| i.tpot_ms, set: |i, v| i.tpot_ms = v };
    pub const TTFT_MS: F = NumField { key: "ttft_ms", min: 1.0, max: 1e7, step: 10.0, whole: false, get: |i| i.ttft_ms, set: |i, v| i.ttft_ms = v };
    pub const CARD_PRICE: F = NumField { key: "card_price", min: 0.0, max: 1e6, step: 0.1, whole: false, get: |i| i.card_price, set: |i, v| i.card_price = v };
    pub const MEASURED_TPS: F = NumField { key: "measured_tps", min: 0.0, max: 1e6, step: 1.0, whole: false, get: |i| i.measured_tps, set: |i, v| i.measured_tps = v };
}
pub use fields::*;

/// The serving runtime.
pub const RUNTIME: ChoiceField<ServingInputs> = crate::choice_field!("runtime", Runtime, runtime);

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
    ];

    /// A context beyond the memory views' largest cannot be sized.
    fn cross_check(&self) -> Result<(), ServingError> {
        let ctx = self.in_tokens + self.out_tokens;
        if ctx > inference::MAX_CONTEXT {
            return Err(ServingError::ContextTooLong {
                tokens: ctx,
                max: inference::MAX_CONTEXT,
            });
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
}

impl KeyedError for ServingError {
    fn key(&self) -> &'static str {
        match self {
            ServingError::ContextTooLong { .. } => "out_tokens",
            ServingError::Field(e) => e.key(),
        }
    }
}

/// Where the rented card-hour price came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PriceSource {
    Typed,
    Catalogue,
    RentBuy,
}

/// One decode step of a replica at a batch, broken down.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Step {
    /// Bytes read from memory per card.
    pub bytes: f64,
    pub flops: f64,
    pub memory_s: f64,
    pub compute_s: f64,
    pub comm_s: f64,
    /// The whole step, calibration included.
    pub seconds: f64,
    pub bandwidth_bound: bool,
}

/// Everything the serving view shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ServingReport {
    pub runtime: RuntimeModel,
    pub tp: u64,
    /// Concurrency used: the chosen one, at most what memory holds (at least 1).
    pub conc: u64,
    /// The chosen concurrency was above what memory holds.
    pub conc_capped: bool,
    /// Most sequences of prompt + output tokens one replica holds.
    pub max_conc: u64,
    pub step: Step,
    /// Rescaling from the measured figure (1 without one).
    pub scale: f64,
    /// One request's decode tokens/s at the chosen concurrency.
    pub decode_tps: f64,
    /// All requests' output tokens/s on one replica.
    pub throughput: f64,
    /// The same at the largest concurrency memory allows.
    pub max_throughput: f64,
    pub prefill_s: f64,
    pub tpot_s: f64,
    pub ttft_s: f64,
    /// Queueing share of the time to first token.
    pub wait_s: f64,
    /// Largest concurrency whose time per output token meets the goal (0: not even one).
    pub conc_for_goal: u64,
    pub meets_tpot: bool,
    pub meets_ttft: bool,
    /// Requests per second one replica completes at the chosen concurrency.
    pub replica_rps: f64,
    pub replicas: u64,
    pub cards: u64,
    /// Share of the fleet's capacity the target load uses.
    pub utilisation: f64,
    /// Output tokens per hour served at the target load.
    pub tokens_per_hour: f64,
    pub rent_card_hour: Money,
    pub price_source: PriceSource,
    pub own_card_hour: Money,
    pub cost_rented: Money,
    pub cost_owned: Money,
    /// Rent-or-buy's verdict for this fleet at its utilisation.
    pub verdict: Verdict,
    /// Range to trust for the rates, from [`SPREAD`]: (low, high) multipliers.
    pub trust: (f64, f64),
    /// The card computes 16-bit in fp16 only (T4).
    pub no_bf16: bool,
}

/// The inputs the model reads from the memory views, checked.
struct Setup<'a> {
    m: &'a MemoryInputs,
    card: &'a Gpu,
    rt: &'static RuntimeModel,
    i: &'a ServingInputs,
}

impl Setup<'_> {
    fn tp(&self) -> f64 {
        self.m.inference.tp.max(1) as f64
    }

    /// Parameters scaled to the typed count when one is typed.
    fn scale_params(&self) -> f64 {
        let derived = self.m.model.arch.params().total();
        if derived > 0.0 {
            self.m.model.params() / derived
        } else {
            1.0
        }
    }

    fn bytes_per_param(&self) -> f64 {
        self.m.inference.weights.bits_per_weight(&self.m.model.arch) / 8.0
    }

    /// Active parameters a token passes through.
    fn active(&self) -> f64 {
        self.m.model.arch.params().active * self.scale_params()
    }

    /// Weights read by one decode step of `b` sequences, per card.
    fn weights_read(&self, b: f64) -> f64 {
        let a = &self.m.model.arch;
        let total = self.m.model.params();
        let routed = if a.is_moe() && a.experts > 0 {
            let moe_layers = a.layers.saturating_sub(a.dense_layers.min(a.layers)) as f64;
            let expert = 3.0 * a.hidden as f64 * a.expert_intermediate as f64;
            (moe_layers * a.experts as f64 * expert * self.scale_params()).min(total)
        } else {
            0.0
        };
        let hit = if routed > 0.0 {
            let (e, k) = (a.experts as f64, a.experts_per_token.min(a.experts) as f64);
            (1.0 - (1.0 - k / e).powf(b.max(1.0))).clamp(0.0, 1.0)
        } else {
            0.0
        };
        ((total - routed) + routed * hit) * self.bytes_per_param() / self.tp()
    }

    /// Cache one sequence holds at `ctx` tokens, per card.
    fn kv_per_seq(&self, ctx: f64) -> f64 {
        let a = &self.m.model.arch;
        let layer = a.kv_elements_per_token_per_layer() * self.m.inference.kv.bytes();
        layer * a.cached_token_layers(ctx.max(0.0) as u64)
            / a.kv_cache_split(self.m.inference.tp.max(1)) as f64
    }

    /// Attention FLOPs per token at `ctx` tokens of context, per card.
    fn attention_flops(&self, ctx: f64) -> f64 {
        let a = &self.m.model.arch;
        4.0 * a.layers as f64 * (a.heads * a.head_dim) as f64 * ctx / self.tp()
    }

    fn peak(&self) -> f64 {
        let fp8 = matches!(self.m.inference.weights, WeightType::Fp8);
        match (fp8, self.card.fp8_tflops) {
            (true, Some(t)) => t * 1e12,
            _ => self.card.bf16_tflops * 1e12,
        }
    }

    fn comm(&self, b: f64) -> f64 {
        let tp = self.m.inference.tp.max(1);
        if tp <= 1 {
            return 0.0;
        }
        let (latency, link) = if self.card.fast_link(tp) {
            (10e-6, 300e9)
        } else {
            (25e-6, 20e9)
        };
        let a = &self.m.model.arch;
        let hops = (tp as f64).log2().ceil();
        let bytes = 2.0 * (tp as f64 - 1.0) / tp as f64 * b * a.hidden as f64 * 2.0;
        2.0 * a.layers as f64 * (latency * hops + bytes / link)
    }

    /// One decode step of `b` sequences, before any measured rescaling.
    fn step(&self, b: f64) -> Step {
        let ctx = self.i.in_tokens as f64 + self.i.out_tokens as f64 / 2.0;
        let bytes = self.weights_read(b) + b * self.kv_per_seq(ctx);
        let flops = b * (2.0 * self.active() / self.tp() + self.attention_flops(ctx));
        let memory_s = bytes / (self.card.bandwidth_gb_s * 1e9);
        let compute_s = flops / self.peak();
        let comm_s = self.comm(b);
        Step {
            bytes,
            flops,
            memory_s,
            compute_s,
            comm_s,
            seconds: memory_s.max(compute_s) / self.rt.efficiency + self.rt.overhead_s + comm_s,
            bandwidth_bound: memory_s >= compute_s,
        }
    }

    /// Prefill of one request's prompt, before rescaling.
    fn prefill(&self) -> f64 {
        let n = self.i.in_tokens as f64;
        let flops = 2.0 * self.active() * n / self.tp() + self.attention_flops(n / 2.0) * n;
        let compute = flops / (self.peak() * self.rt.prefill_fraction);
        let memory = self.weights_read(n) / (self.card.bandwidth_gb_s * 1e9);
        compute.max(memory) + self.comm(n)
    }
}

/// The figures of one replica at a concurrency.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub conc: u64,
    pub step_s: f64,
    pub tpot_s: f64,
    /// Output tokens per second of the replica.
    pub throughput: f64,
    /// Requests per second the replica completes.
    pub rps: f64,
}

fn point(s: &Setup, b: u64, prefill: f64, scale: f64) -> Point {
    let bf = b.max(1) as f64;
    let out = s.i.out_tokens as f64;
    let step = s.step(bf).seconds / scale;
    let tpot = step + (bf - 1.0) * prefill / out;
    let cycle = out * step + bf * prefill;
    Point {
        conc: b,
        step_s: step,
        tpot_s: tpot,
        throughput: bf * out / cycle,
        rps: bf / cycle,
    }
}

/// Erlang C: the chance an arrival waits, `c` servers at offered load `a` (< c) erlangs.
pub fn erlang_c(c: u64, a: f64) -> f64 {
    if c == 0 || a >= c as f64 {
        return 1.0;
    }
    // Erlang B by its recurrence (stable for large c), then C from B.
    let mut b = 1.0;
    for k in 1..=c {
        b = a * b / (k as f64 + a * b);
    }
    let rho = a / c as f64;
    b / (1.0 - rho + rho * b)
}

/// M/M/c mean wait in queue: `c` slots, arrivals `lambda`/s, each slot busy `hold` s a request.
pub fn mmc_wait(c: u64, lambda: f64, hold: f64) -> f64 {
    let a = lambda * hold;
    if a >= c as f64 {
        return f64::INFINITY;
    }
    erlang_c(c, a) * hold / (c as f64 - a)
}

/// Checks the inputs and runs the calculator: for callers that hold unchecked inputs.
pub fn serving(i: &ServingInputs, s: &Scenario) -> Result<ServingReport, ServingError> {
    Ok(report(&validate(i.clone())?, s))
}

fn memory_of(s: &Scenario) -> Valid<MemoryInputs> {
    validate(s.memory.clone()).unwrap_or_default()
}

/// The largest concurrency memory holds at a context of prompt + output, per replica.
fn memory_limit(m: &Valid<MemoryInputs>, i: &ServingInputs) -> u64 {
    let mut probe: MemoryInputs = (**m).clone();
    probe.inference.ctx = (i.in_tokens + i.out_tokens).max(1);
    probe.inference.conc = 1;
    match validate(probe) {
        Ok(v) => inference::report(&v).max_concurrency,
        Err(_) => 0,
    }
}

/// The serving calculator: its own inputs with the memory views' model and card and the
/// rent-or-buy view's owning cost, read from the scenario.
pub fn report(i: &Valid<ServingInputs>, s: &Scenario) -> ServingReport {
    let m = memory_of(s);
    let card = m.card().unwrap_or(&super::memory::catalogue::GPUS[0]);
    let rt = i.runtime.model();
    let setup = Setup { m: &m, card, rt, i };
    let raw_single = 1.0 / setup.step(1.0).seconds;
    let scale = if i.measured_tps > 0.0 {
        i.measured_tps / raw_single
    } else {
        1.0
    };
    let prefill = setup.prefill() / scale;
    let max_conc = memory_limit(&m, i);
    let conc = i.conc.min(max_conc).max(1);
    let p = point(&setup, conc, prefill, scale);
    let top = point(&setup, max_conc.max(1), prefill, scale);
    let goal = i.tpot_ms / 1000.0;
    let conc_for_goal = largest_meeting(max_conc, |b| {
        point(&setup, b, prefill, scale).tpot_s <= goal
    });
    // Replicas: enough for the load with every replica below saturation and the first token
    // within its goal (M/M/c, c = conc slots, each busy for a request's whole life).
    let hold = prefill + i.out_tokens as f64 * p.tpot_s;
    let ttft_goal = i.ttft_ms / 1000.0;
    let wait = |n: u64| mmc_wait(conc, i.target_rps / n as f64, hold);
    let replicas = fewest_replicas(i.target_rps / p.rps, |n| {
        let w = wait(n);
        // A goal prefill alone misses cannot be met by more replicas: stop at saturation.
        w.is_finite() && (prefill >= ttft_goal || prefill + w <= ttft_goal)
    });
    let wait_s = wait(replicas);
    let ttft_s = prefill + wait_s;
    let tp = m.inference.tp.max(1);
    let cards = replicas * tp;
    let utilisation = (i.target_rps / (replicas as f64 * p.rps)).min(1.0);
    let tokens_per_hour = i.target_rps * i.out_tokens as f64 * 3600.0;
    let cur = s.currency;
    let (rent, price_source) = rent_price(i, s, card);
    let rb = validate(s.rent_buy.clone()).unwrap_or_default();
    let own = owned_card_hour(&rb, utilisation);
    let per_million = |price: f64| price * cards as f64 / tokens_per_hour * 1e6;
    let verdict = fleet_verdict(&rb, rent, utilisation);
    ServingReport {
        runtime: *rt,
        tp,
        conc,
        conc_capped: i.conc > max_conc.max(1),
        max_conc,
        step: Step {
            seconds: p.step_s,
            ..setup.step(conc as f64)
        },
        scale,
        decode_tps: 1.0 / p.tpot_s,
        throughput: p.throughput,
        max_throughput: top.throughput,
        prefill_s: prefill,
        tpot_s: p.tpot_s,
        ttft_s,
        wait_s,
        conc_for_goal,
        meets_tpot: p.tpot_s <= goal,
        meets_ttft: ttft_s <= ttft_goal,
        replica_rps: p.rps,
        replicas,
        cards,
        utilisation,
        tokens_per_hour,
        rent_card_hour: Money::new(rent, cur),
        price_source,
        own_card_hour: Money::new(own, cur),
        cost_rented: Money::new(per_million(rent), cur),
        cost_owned: Money::new(per_million(own), cur),
        verdict,
        trust: (1.0 / (1.0 + SPREAD.1), 1.0 / (1.0 + SPREAD.0)),
        no_bf16: !card.bf16,
    }
}

/// The fewest replicas (at least `load`, the load in replicas' worth) for which `ok` holds, `ok`
/// holding for every count past the first that does; at most `load` x 2^20 + 1.
fn fewest_replicas(load: f64, ok: impl Fn(u64) -> bool) -> u64 {
    let lo = load.ceil().clamp(1.0, 1e12) as u64;
    if ok(lo) {
        return lo;
    }
    let mut hi = lo.saturating_mul(2).max(lo + 1);
    while !ok(hi) && hi < lo.saturating_mul(1 << 20) {
        hi = hi.saturating_mul(2);
    }
    let mut lo = lo;
    // ok(lo) is false, ok(hi) true (or the cap reached): bisect.
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if ok(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// The largest `b` in `1..=max` for which `ok` holds, `ok` holding for a prefix; 0 if none.
fn largest_meeting(max: u64, ok: impl Fn(u64) -> bool) -> u64 {
    if max == 0 || !ok(1) {
        return 0;
    }
    let (mut lo, mut hi) = (1u64, max.min(1_000_000));
    if ok(hi) {
        return hi;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if ok(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Rent per card-hour in the scenario's currency, and where it came from.
fn rent_price(i: &ServingInputs, s: &Scenario, card: &Gpu) -> (f64, PriceSource) {
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

/// Cards in the rent-or-buy view's machine.
pub const CARDS_PER_MACHINE: f64 = 8.0;

/// Owning one card for an hour at utilisation `u`: the rent-or-buy machine's monthly cost over
/// its 8 cards and the month's hours.
fn owned_card_hour(rb: &Valid<RentBuyInputs>, u: f64) -> f64 {
    own_at(rb, u) / CARDS_PER_MACHINE / rb.month_hours.0
}

/// Rent-or-buy's rule for one machine of these cards at utilisation `u`, at the serving price.
fn fleet_verdict(rb: &Valid<RentBuyInputs>, rent_card_hour: f64, u: f64) -> Verdict {
    let mut at_price: RentBuyInputs = (**rb).clone();
    at_price.price_per_hour = (rent_card_hour * CARDS_PER_MACHINE).max(0.01);
    if rent_at(&at_price, u) <= own_at(&at_price, u) {
        Verdict::Rent
    } else {
        Verdict::Buy
    }
}

/// Throughput and per-token latency against concurrency, with the marks.
#[derive(Debug, Clone, PartialEq)]
pub struct ConcurrencyChart {
    /// (concurrency, output tokens/s of a replica).
    pub throughput: Series,
    /// (concurrency, time per output token in ms).
    pub tpot_ms: Series,
    pub x_max: f64,
    /// Memory's limit, as a concurrency (drawn as a vertical mark).
    pub memory_limit: f64,
    pub tpot_goal_ms: f64,
    /// The chosen concurrency's point on each line.
    pub chosen_throughput: (f64, f64),
    pub chosen_tpot: (f64, f64),
}

/// The concurrency sweep: 1 to past both the chosen concurrency and memory's limit.
pub fn concurrency_chart(
    i: &Valid<ServingInputs>,
    s: &Scenario,
    r: &ServingReport,
) -> ConcurrencyChart {
    let m = memory_of(s);
    let card = m.card().unwrap_or(&super::memory::catalogue::GPUS[0]);
    let setup = Setup {
        m: &m,
        card,
        rt: i.runtime.model(),
        i,
    };
    let limit = r.max_conc.max(1);
    let x_max = (limit.min(4096) as f64 * 1.25)
        .max(i.conc.min(100_000) as f64)
        .max(8.0);
    let n = 64;
    let xs: Vec<u64> = {
        let mut v: Vec<u64> = (0..=n)
            .map(|k| (1.0 + (x_max - 1.0) * k as f64 / n as f64).round() as u64)
            .collect();
        v.dedup();
        v
    };
    let pts: Vec<Point> = xs
        .iter()
        .map(|&b| point(&setup, b, r.prefill_s, r.scale))
        .collect();
    // Past memory's limit the sequences do not fit: the lines stop there.
    let fits = |p: &&Point| p.conc <= limit;
    ConcurrencyChart {
        throughput: pts
            .iter()
            .filter(fits)
            .map(|p| (p.conc as f64, p.throughput))
            .collect(),
        tpot_ms: pts
            .iter()
            .filter(fits)
            .map(|p| (p.conc as f64, p.tpot_s * 1000.0))
            .collect(),
        x_max,
        memory_limit: r.max_conc as f64,
        tpot_goal_ms: i.tpot_ms,
        chosen_throughput: (r.conc as f64, r.throughput),
        chosen_tpot: (r.conc as f64, r.tpot_s * 1000.0),
    }
}

/// Cost per million output tokens against utilisation.
#[derive(Debug, Clone, PartialEq)]
pub struct CostChart {
    /// Rented cards billed every hour.
    pub rented: Series,
    /// Rented only for the hours they compute (rent-or-buy's model).
    pub rented_used: Series,
    pub owned: Series,
    /// The fleet's utilisation and its owned cost.
    pub mark: (f64, f64),
    pub y_top: f64,
}

/// Cost per million output tokens of one card at utilisation 5-100%, in percent.
pub fn cost_chart(s: &Scenario, r: &ServingReport) -> CostChart {
    let rb = validate(s.rent_buy.clone()).unwrap_or_default();
    // Tokens one card makes in an hour at full use.
    let full = r.throughput * 3600.0 / r.tp as f64;
    let rent = r.rent_card_hour.amount;
    let per_m = |price: f64, u: f64| price / (full * u).max(1e-12) * 1e6;
    let us: Vec<f64> = (1..=40)
        .map(|k| 0.05 + 0.95 * (k - 1) as f64 / 39.0)
        .collect();
    let rented: Series = us.iter().map(|&u| (u * 100.0, per_m(rent, u))).collect();
    let rented_used: Series = us.iter().map(|&u| (u * 100.0, per_m(rent, 1.0))).collect();
    let owned: Series = us
        .iter()
        .map(|&u| (u * 100.0, per_m(owned_card_hour(&rb, u), u)))
        .collect();
    let u = r.utilisation.max(0.01);
    let mark = (u * 100.0, per_m(owned_card_hour(&rb, u), u));
    // The top: four times the larger cost at full use, so the 1/u curves stay readable.
    let at_full = per_m(rent, 1.0).max(per_m(owned_card_hour(&rb, 1.0), 1.0));
    CostChart {
        rented,
        rented_used,
        owned,
        mark,
        y_top: (at_full * 4.0).max(mark.1 * 1.2),
    }
}
