//! The serving report: every figure the view shows, from the inputs, the memory views' model
//! and card, and the rent-or-buy view's owning cost.

use super::calibration::{BANDS, KNEE};
use super::cost::{
    billed_hours_a_day, fleet_verdict, own_source, owned_unit, rent_price, PriceSource,
};
use super::measured::Tool;
use super::queue::{fewest_replicas, finite_source, largest_meeting, mmc_wait};
use super::step::point_at;
use super::step::{point, Setup, Step};
use super::{Load, Runtime, RuntimeModel, ServingError, ServingInputs, SPREAD};
use crate::calc::billing::Granularity;
use crate::calc::memory::dtype::WeightType;
use crate::calc::memory::inference;
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::memory::llamacpp::{self, LlamaCppAlloc};
use crate::calc::memory::vllm::Engine;
use crate::calc::pick::OwnBasis;
use crate::calc::rent_buy::Verdict;
use crate::calc::scenario::Scenario;
use crate::calc::table::{validate, Valid};
use crate::calc::units::Money;

/// Everything the serving view shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ServingReport {
    pub runtime: RuntimeModel,
    pub tp: u64,
    /// One request of prompt + output tokens fits a replica. When it does not, no figure below
    /// but `tp_to_fit` means anything, and the page shows none of them.
    pub fits: bool,
    /// When it does not fit: the fewest cards of this type, split by tensor parallelism as the
    /// runtime accepts (they divide the heads), that hold one request (up to 64).
    pub tp_to_fit: Option<u64>,
    /// When it does not fit: the first smaller weight format (llama.cpp's GGUF types, else fp8
    /// and AWQ) with which one request fits the chosen cards.
    pub format_to_fit: Option<WeightType>,
    /// The tensor-parallel cards are more than one machine holds ([`MACHINE_CARDS`]): the
    /// all-reduces would cross the network, which the step does not count.
    pub tp_beyond_machine: bool,
    /// Tensor parallelism over cards without a fast link (NVLink): every layer's all-reduces
    /// cross PCIe (counted in the step); pipeline parallelism sends only activations.
    pub tp_slow_link: bool,
    /// The load in force, requests a second: typed, or from the people using it at once.
    pub load: Load,
    pub load_rps: f64,
    /// A request's time from arrival to its last token at the chosen concurrency (prefill and
    /// decode, no queueing): what a person waits before thinking about the next one.
    pub response_s: f64,
    /// Concurrency used: the chosen one, at most what memory holds (at least 1).
    pub conc: u64,
    /// Requests one replica holds at once under the load in force (Little's law: its arrival
    /// rate times a request's time from prefill to last token), at most `conc`. TPOT, TTFT and
    /// the response time are taken at it.
    pub load_conc: f64,
    /// Memory's limit is vLLM's KV cache pool (`engine=vllm`), not the guide's 20% rule.
    pub vllm_pool_limit: bool,
    /// Memory's limit is what llama.cpp allocates (`runtime=llamacpp`): weights less the
    /// embedding, the KV cache of every slot, its compute buffer and the CUDA context.
    pub llamacpp_limit: bool,
    /// With `runtime=llamacpp`: what it allocates on a card at the concurrency used.
    pub llamacpp: Option<LlamaCppAlloc>,
    /// Requests of prompt + output tokens a replica holds under the guide's rule (3 GiB of
    /// overhead and 20% headroom): the figure to size a service by, beside a runtime's own.
    pub guide_max_conc: u64,
    /// The chosen concurrency was above what memory holds.
    pub conc_capped: bool,
    /// Most sequences of prompt + output tokens one replica holds.
    pub max_conc: u64,
    pub step: Step,
    /// Rescaling from the measured figure (1 without one).
    pub scale: f64,
    /// A pasted benchmark's rescaling (`cal`): its tool, and the factors it set on decode and
    /// on prefill (rates multiplied, times divided), each when the output gave that figure.
    pub cal_tool: Option<Tool>,
    pub cal_decode: Option<f64>,
    pub cal_prefill: Option<f64>,
    /// One request's decode tokens/s at the chosen concurrency.
    pub decode_tps: f64,
    /// All requests' output tokens/s on one replica.
    pub throughput: f64,
    /// The same at the largest concurrency memory allows.
    pub max_throughput: f64,
    pub prefill_s: f64,
    /// Time per output token at the load in force (`load_conc` requests in flight).
    pub tpot_s: f64,
    /// Time per output token with every slot busy (`conc` in flight): what a benchmark at that
    /// concurrency measures.
    pub tpot_slots_s: f64,
    pub ttft_s: f64,
    /// The runtime's fixed time a request, part of `ttft_s`.
    pub request_s: f64,
    /// Queueing share of the time to first token.
    pub wait_s: f64,
    /// No fleet meets the first-token goal: it is below prefill and the fixed time a request
    /// plus one decode step (`ttft_floor_s`). The fleet is then sized for a wait of one step.
    pub ttft_unmeetable: bool,
    /// The shortest first-token time any fleet gives: prefill, the fixed time and one step.
    pub ttft_floor_s: f64,
    /// A replica runs near its knee: the load fills 80% or more of its capacity or its slots.
    pub busy: bool,
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
    /// Output tokens per hour served at the target load, in the hours the load runs.
    pub tokens_per_hour: f64,
    /// Hours a day the rented fleet is held (the load runs those hours).
    pub rent_hours: f64,
    /// The billing view's rule, and the hours it bills each rented card a day.
    pub granularity: Granularity,
    pub billed_hours: f64,
    pub rent_card_hour: Money,
    pub price_source: PriceSource,
    /// Yuan per dollar, for words on converted prices.
    pub fx: f64,
    /// Owning the fleet's cards; `None` without a purchase price for the card (none typed, no
    /// dated street price): then there is no owned cost and no verdict.
    pub own: Option<Owned>,
    /// Per million output tokens: the billed card-hours a day over the tokens served a day (an
    /// input token counted as `in_price_pct` of one); 0 when the rent is missing.
    pub cost_rented: Money,
    /// Per million input tokens, at `in_price_pct` of an output token's price (0 when none).
    pub cost_rented_in: Money,
    /// Rent-or-buy's verdict for this fleet at its utilisation; `None` while a price is missing.
    pub verdict: Option<Verdict>,
    /// Range to trust for the rates, from [`SPREAD`]: (low, high) multipliers.
    pub trust: (f64, f64),
    /// Ranges to trust (low, high multipliers of the rate shown), by regime, from the cases
    /// the model was not fitted on ([`BANDS`]).
    pub band_decode: (f64, f64),
    pub band_throughput: (f64, f64),
    /// The first token's band, as multipliers of a time ([`super::Band::time_multipliers`]) of
    /// its part with no queue (prefill and the fixed time: what it was measured against); the
    /// band near the knee (`busy`) when the replica runs there.
    pub band_ttft: (f64, f64),
    /// The ranges shown (low, high), in the figures' own units: decode and throughput tokens a
    /// second, the first token in seconds. Each holds its figure.
    pub decode_range: (f64, f64),
    pub throughput_range: (f64, f64),
    pub max_throughput_range: (f64, f64),
    pub ttft_range: (f64, f64),
    /// The card computes 16-bit in fp16 only (T4).
    pub no_bf16: bool,
    /// The weights are fp8 (block-wise fp8 checkpoints run slower than their bytes).
    pub fp8_weights: bool,
}

/// Checks the inputs and runs the calculator: for callers that hold unchecked inputs.
pub fn serving(i: &ServingInputs, s: &Scenario) -> Result<ServingReport, ServingError> {
    Ok(report(&validate(i.clone())?, s))
}

pub(super) fn memory_of(s: &Scenario) -> Valid<MemoryInputs> {
    validate(s.memory.clone()).unwrap_or_default()
}

/// The largest concurrency memory holds at a context of prompt + output, per replica: the
/// guide's rule, or with `engine=vllm` the sequences of that length vLLM's pool holds (its
/// "maximum concurrency", whole; below 1 vLLM refuses to start), the profile run sampling the
/// serving concurrency (`--max-num-seqs`).
///
/// With `runtime=llamacpp` the limit is what llama.cpp allocates ([`llamacpp::max_slots`]):
/// whether it starts, not the guide's margin for a service, which [`guide_limit`] keeps.
fn memory_limit(m: &Valid<MemoryInputs>, i: &ServingInputs) -> u64 {
    let mut probe: MemoryInputs = (**m).clone();
    let ctx = (i.in_tokens + i.out_tokens).max(1);
    probe.inference.ctx = ctx;
    let vllm = probe.inference.engine == Engine::Vllm;
    probe.inference.conc = if vllm { i.conc.clamp(1, 100_000) } else { 1 };
    match validate(probe) {
        Ok(v) => {
            let r = inference::report(&v);
            if i.runtime == Runtime::LlamaCpp {
                let inf = &v.inference;
                return llamacpp::max_slots(
                    &v.model.arch,
                    inf.weights,
                    inf.kv,
                    r.weights,
                    inf.tp,
                    ctx,
                    r.capacity,
                );
            }
            match (vllm, r.vllm) {
                (true, Some(p)) => p.max_concurrency.floor().clamp(0.0, 1e9) as u64,
                _ => r.max_concurrency,
            }
        }
        Err(_) => 0,
    }
}

/// The guide's rule (framework overhead and headroom) at a context of prompt + output: the
/// requests a replica holds when sized as a service, shown beside a runtime's own count.
fn guide_limit(m: &Valid<MemoryInputs>, i: &ServingInputs) -> u64 {
    let mut probe: MemoryInputs = (**m).clone();
    probe.inference.ctx = (i.in_tokens + i.out_tokens).max(1);
    probe.inference.conc = 1;
    validate(probe).map_or(0, |v| inference::report(&v).max_concurrency)
}

/// What llama.cpp allocates on a card for `conc` requests of prompt + output tokens.
fn llamacpp_alloc(m: &Valid<MemoryInputs>, i: &ServingInputs, conc: u64) -> LlamaCppAlloc {
    let r = inference::report(m);
    let inf = &m.inference;
    let ctx = (i.in_tokens + i.out_tokens).max(1);
    llamacpp::allocation(
        &m.model.arch,
        inf.weights,
        inf.kv,
        r.weights,
        inf.tp,
        conc.saturating_mul(ctx),
        true,
    )
}

/// What a pasted benchmark sets: the factor on the model's decode rate and on its prefill rate.
struct Calibration {
    decode: Option<f64>,
    prefill: Option<f64>,
}

/// The factors a pasted benchmark's figures give, each measured figure over the model's own at
/// the same point:
/// - decode: the measured time per output token (or one request's tokens a second) against the
///   model's at the benchmark's concurrency (1 where it gives none: llama-bench runs one
///   sequence);
/// - prefill: llama-bench's prompt tokens a second against the model's prefill rate for this
///   prompt. A serving benchmark's TTFT holds queueing, so it does not set prefill.
fn calibration(setup: &Setup, i: &ServingInputs) -> Calibration {
    let Some(m) = &i.cal else {
        return Calibration {
            decode: None,
            prefill: None,
        };
    };
    let prefill = setup.prefill();
    let conc = m.concurrency.unwrap_or(1.0).max(1.0).round();
    let measured_tpot = m
        .tpot_s
        .filter(|t| *t > 0.0)
        .or_else(|| m.decode_tps.filter(|r| *r > 0.0).map(|r| 1.0 / r));
    // The factor is on the decode step alone: the others' prefills that stall a request (part of
    // the time per token measured at a concurrency above one) keep the model's prefill, which a
    // decode measurement does not rescale.
    let decode = measured_tpot.and_then(|t| {
        let model = super::step::point_at(setup, conc, prefill, 1.0);
        let stall = model.tpot_s - model.step_s;
        let k = model.step_s / (t - stall);
        (k.is_finite() && k > 0.0).then_some(k)
    });
    let prefill = m.prefill_tps.filter(|r| *r > 0.0).and_then(|r| {
        let model = i.in_tokens as f64 / prefill;
        let k = r / model;
        (k.is_finite() && k > 0.0).then_some(k)
    });
    Calibration { decode, prefill }
}

/// The fewest cards of the memory views' card that hold one request, split as the runtime
/// accepts (the tensor-parallel size divides the heads), within one machine
/// ([`MACHINE_CARDS`]): tensor parallelism across machines runs every layer's all-reduces over
/// the network, which is not a way out the page can size.
fn tp_to_fit(m: &Valid<MemoryInputs>, i: &ServingInputs) -> Option<u64> {
    (1..=MACHINE_CARDS).find(|&tp| {
        let mut probe: MemoryInputs = (**m).clone();
        probe.inference.tp = tp;
        validate(probe).is_ok_and(|v| memory_limit(&v, i) >= 1)
    })
}

/// Cards in one machine: tensor parallelism stays within it.
pub const MACHINE_CARDS: u64 = 8;

/// Smaller weight formats tried in turn as a way out, by runtime: llama.cpp's GGUF types, else
/// fp8 then a 4-bit checkpoint (vLLM, SGLang and TensorRT-LLM run both).
fn smaller_formats(rt: Runtime) -> [WeightType; 2] {
    match rt {
        Runtime::LlamaCpp => [WeightType::Q8_0, WeightType::Q4KM],
        _ => [WeightType::Fp8, WeightType::Awq],
    }
}

/// The first smaller weight format with which one request fits the chosen cards.
fn format_to_fit(m: &Valid<MemoryInputs>, i: &ServingInputs) -> Option<WeightType> {
    let bits = m.inference.weights.bits_per_weight(&m.model.arch);
    smaller_formats(i.runtime)
        .into_iter()
        .filter(|w| w.bits_per_weight(&m.model.arch) < bits)
        .find(|&w| {
            let mut probe: MemoryInputs = (**m).clone();
            probe.inference.weights = w;
            validate(probe).is_ok_and(|v| memory_limit(&v, i) >= 1)
        })
}

/// Owning the fleet's cards, in whole units ([`crate::calc::pick::own`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Owned {
    /// Where the purchase price came from, and what one unit is.
    pub source: PriceSource,
    pub basis: OwnBasis,
    /// Units bought, the cards one takes, and the cards bought in all (a board is bought full).
    pub units: u64,
    pub unit_cards: u64,
    pub cards_bought: u64,
    /// The price of one card bought: a hosted card's, or a whole unit's over its cards.
    pub card_price: Money,
    /// One unit's draw at load, kW.
    pub kw: f64,
    /// A month of owning the units, at the day's busy share.
    pub month: Money,
    /// The units' cost over the fleet's cards and the month's hours: a used card-hour.
    pub card_hour: Money,
    /// Per million output tokens: the units' whole day over the tokens served a day.
    pub cost: Money,
    /// Per million input tokens, at `in_price_pct` of an output token's price (0 when none).
    pub cost_in: Money,
}

/// The serving calculator: its own inputs with the memory views' model and card and the
/// rent-or-buy view's owning cost, read from the scenario.
pub fn report(i: &Valid<ServingInputs>, s: &Scenario) -> ServingReport {
    let m = memory_of(s);
    let card = m.card().unwrap_or(&crate::calc::memory::catalogue::GPUS[0]);
    let rt = i.runtime.model();
    let setup = Setup { m: &m, card, rt, i };
    let raw_single = 1.0 / setup.step(1.0).seconds;
    let cal = calibration(&setup, i);
    let scale = match cal.decode {
        Some(k) => k,
        None if i.measured_tps > 0.0 => i.measured_tps / raw_single,
        None => 1.0,
    };
    // Prefill is rescaled only by a measured prefill rate: a decode speed (typed, or a
    // benchmark's time per token) is bandwidth-bound and says nothing about the matmuls' rate.
    let prefill = setup.prefill() / cal.prefill.unwrap_or(1.0);
    let max_conc = memory_limit(&m, i);
    let fits = max_conc >= 1;
    let conc = i.conc.min(max_conc).max(1);
    let out = i.out_tokens as f64;
    let tp = m.inference.tp.max(1);
    let request_s = rt.fixed_time(tp);
    // Capacity: the replica with every slot busy.
    let p = point(&setup, conc, prefill, scale);
    let top = point(&setup, max_conc.max(1), prefill, scale);
    let goal = i.tpot_ms / 1000.0;
    let conc_for_goal = largest_meeting(max_conc, |b| {
        point(&setup, b, prefill, scale).tpot_s <= goal
    });
    // The floor: the first token with no wait, prefill and the fixed time, the same terms the
    // first token is shown with (its wait at no load is 0). A goal below it is unmeetable.
    let ttft_goal = i.ttft_ms / 1000.0;
    let ttft_floor_s = prefill + request_s;
    let ttft_unmeetable = ttft_goal < ttft_floor_s;
    // Replicas: enough for the load, with the queueing wait within what the goal leaves after
    // the floor, at least one decode step (a request is admitted at a step's end: a shorter
    // wait is not sized for). An unmeetable goal is not sized for: the fleet then keeps the
    // wait within the floor itself (the first token at most twice its best), so cards never
    // grow for a goal they cannot meet. Sizing holds each slot for a request's life at full
    // slots (conservative, and the same for every count, so the search is monotone).
    let hold_full = prefill + out * p.tpot_s;
    let wait_goal = if ttft_unmeetable {
        ttft_floor_s.max(p.step_s)
    } else {
        (ttft_goal - ttft_floor_s).max(p.step_s)
    };
    // People: each is away their think time and the fixed time between one slot and the next.
    let away = i.think_s + request_s;
    let people = |replicas: u64| i.users.div_ceil(replicas.max(1)).max(1);
    let size = |rps: f64| match i.load {
        Load::Rps => fewest_replicas(rps / p.rps, |n| {
            mmc_wait(conc, rps / n as f64, hold_full) <= wait_goal
        }),
        // A closed loop is never unstable: from one replica, as many as keep the wait within
        // the goal (at most one per `conc` people, where nobody waits).
        Load::Users => fewest_replicas(1.0, |n| {
            finite_source(people(n), conc, away, hold_full).1 <= wait_goal
        }),
    };
    // The load each replica carries, the requests it holds at once (Little's law) and their
    // wait for a slot; with people, the rate their loop sends at that wait.
    let at_load = |rps: f64, replicas: u64| {
        let mut lambda = rps / replicas.max(1) as f64;
        let mut l = 1.0f64;
        let mut q = point_at(&setup, 1.0, prefill, scale);
        let mut wait = 0.0;
        for _ in 0..200 {
            let hold = prefill + out * q.tpot_s;
            if i.load == Load::Users {
                let (x, w) = finite_source(people(replicas), conc, away, hold);
                lambda = x;
                wait = w;
            }
            let next = (lambda * hold).min(conc as f64);
            q = point_at(&setup, next.max(1.0), prefill, scale);
            if (next - l).abs() <= 1e-12 * next.max(1.0) {
                l = next;
                break;
            }
            l = next;
        }
        if i.load == Load::Rps {
            wait = mmc_wait(conc, lambda, prefill + out * q.tpot_s);
        }
        (l, q, lambda, wait)
    };
    let response = |q: &super::step::Point| prefill + request_s + out * q.tpot_s;
    let (replicas, (load_conc, q, _, wait_s)) = match i.load {
        Load::Rps => {
            let replicas = size(i.target_rps);
            (replicas, at_load(i.target_rps, replicas))
        }
        Load::Users => {
            let replicas = size(0.0);
            (replicas, at_load(0.0, replicas))
        }
    };
    // The rate in force: typed, or what the people send, each waiting their answer (its
    // queueing wait included) and thinking before the next.
    let rps = match i.load {
        Load::Rps => i.target_rps,
        Load::Users => i.users as f64 / (i.think_s + response(&q) + wait_s),
    };
    let response_s = response(&q);
    let ttft_s = prefill + request_s + wait_s;
    // Saturating: a load no count of replicas meets leaves the search at its cap (about 1e18),
    // which times the cards of a replica passes u64.
    let cards = replicas.saturating_mul(tp);
    let utilisation = (rps / (replicas as f64 * p.rps)).min(1.0);
    let busy = utilisation >= KNEE || load_conc >= KNEE * conc as f64;
    let tokens_per_hour = rps * i.out_tokens as f64 * 3600.0;
    // Input tokens priced at a share of an output token: the day's cost is spread over both.
    let in_share = i.in_price_pct / 100.0;
    let priced_per_hour = rps * (i.out_tokens as f64 + in_share * i.in_tokens as f64) * 3600.0;
    let cur = s.currency;
    let (rent, price_source) = rent_price(i, s, card);
    let held = i.rent_hours;
    let granularity = s.billing.granularity;
    let billed_hours = billed_hours_a_day(granularity, held);
    // Paid card-hours a day over the tokens served a day.
    let per_million =
        |price: f64, hours: f64| price * cards as f64 * hours / (priced_per_hour * held) * 1e6;
    let own = owned_unit(i, s, card).and_then(|unit| {
        // Owned cards stand idle outside the held hours: the units' month at the day's use.
        let fleet = unit.fleet(cards, utilisation * held / 24.0)?;
        let hour = fleet.card_hour;
        Some(Owned {
            source: own_source(&unit),
            basis: unit.basis,
            units: fleet.units,
            unit_cards: unit.cards,
            cards_bought: fleet.cards_bought,
            card_price: Money::new(unit.card_price(), cur),
            kw: fleet.unit_kw,
            month: Money::new(fleet.month, cur),
            card_hour: Money::new(hour, cur),
            cost: Money::new(per_million(hour, 24.0), cur),
            cost_in: Money::new(in_share * per_million(hour, 24.0), cur),
        })
    });
    let verdict = match (&own, price_source) {
        (_, PriceSource::Missing) | (None, _) => None,
        (Some(o), _) => Some(fleet_verdict(rent, billed_hours, o.card_hour.amount)),
    };
    // The first token's band was measured against its part with no queue: the wait is added
    // after, never multiplied.
    let band_ttft = if busy {
        BANDS.ttft_busy.time_multipliers()
    } else {
        BANDS.ttft.time_multipliers()
    };
    let ttft_range = hold_figure(
        (
            ttft_floor_s * band_ttft.0 + wait_s,
            ttft_floor_s * band_ttft.1 + wait_s,
        ),
        ttft_s,
    );
    ServingReport {
        runtime: *rt,
        tp,
        fits,
        tp_to_fit: if fits { None } else { tp_to_fit(&m, i) },
        format_to_fit: if fits { None } else { format_to_fit(&m, i) },
        tp_beyond_machine: tp > MACHINE_CARDS,
        tp_slow_link: tp > 1 && i.runtime != Runtime::LlamaCpp && !card.fast_link(tp),
        load: i.load,
        load_rps: rps,
        response_s,
        conc,
        load_conc,
        vllm_pool_limit: m.inference.engine == Engine::Vllm && i.runtime != Runtime::LlamaCpp,
        llamacpp_limit: i.runtime == Runtime::LlamaCpp,
        llamacpp: (i.runtime == Runtime::LlamaCpp && fits).then(|| llamacpp_alloc(&m, i, conc)),
        guide_max_conc: guide_limit(&m, i),
        conc_capped: i.conc > max_conc.max(1),
        max_conc,
        step: Step {
            seconds: p.step_s,
            ..setup.step(conc as f64)
        },
        scale,
        cal_tool: i.cal.as_ref().map(|c| c.tool),
        cal_decode: cal.decode,
        cal_prefill: cal.prefill,
        decode_tps: 1.0 / q.tpot_s,
        throughput: p.throughput,
        max_throughput: top.throughput,
        prefill_s: prefill,
        tpot_s: q.tpot_s,
        tpot_slots_s: p.tpot_s,
        ttft_s,
        request_s,
        wait_s,
        ttft_unmeetable,
        ttft_floor_s,
        busy,
        conc_for_goal,
        meets_tpot: q.tpot_s <= goal,
        meets_ttft: ttft_s <= ttft_goal,
        replica_rps: p.rps,
        replicas,
        cards,
        utilisation,
        tokens_per_hour,
        rent_hours: held,
        granularity,
        billed_hours,
        rent_card_hour: Money::new(rent, cur),
        price_source,
        fx: s.fx,
        own,
        cost_rented: Money::new(per_million(rent, billed_hours), cur),
        cost_rented_in: Money::new(in_share * per_million(rent, billed_hours), cur),
        verdict,
        trust: (1.0 / (1.0 + SPREAD.1), 1.0 / (1.0 + SPREAD.0)),
        band_decode: BANDS.decode.multipliers(),
        band_throughput: BANDS.throughput.multipliers(),
        band_ttft,
        decode_range: rate_range(BANDS.decode.multipliers(), 1.0 / q.tpot_s),
        throughput_range: rate_range(BANDS.throughput.multipliers(), p.throughput),
        max_throughput_range: rate_range(BANDS.throughput.multipliers(), top.throughput),
        ttft_range,
        no_bf16: !card.bf16,
        fp8_weights: matches!(m.inference.weights, WeightType::Fp8 | WeightType::Fp8Ckpt),
    }
}

/// A rate's range: the band's multipliers of it, holding the figure.
fn rate_range(m: (f64, f64), v: f64) -> (f64, f64) {
    hold_figure((v * m.0, v * m.1), v)
}

/// A range widened to hold its figure: a band all on one side (the model is known to run fast
/// or slow there) still shows the figure inside what it gives.
fn hold_figure(r: (f64, f64), v: f64) -> (f64, f64) {
    (r.0.min(v), r.1.max(v))
}
