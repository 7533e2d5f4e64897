//! The serving figures: one request's speed, the replica's throughput, latencies, the fleet and
//! the cost per million output tokens, each with its test hook; and the notes on how far to
//! trust them.

use super::Rep;
use crate::app::format::{money, number, percent};
use crate::app::i18n::{quote_month, site};
use crate::app::widgets::StatRow;
use crate::calc::pick::OwnBasis;
use crate::calc::rent_buy::Verdict;
use crate::calc::serving::{Load, PriceSource, Runtime, ServingReport, MACHINE_CARDS};
use crate::calc::units::Money;
use crate::text::Texts;

/// The range to trust, (low, high) in the figure's units, from the band of its regime (the
/// cases the model was not fitted on).
fn range(r: (f64, f64), digits: u8, t: &'static Texts) -> String {
    t.serving.range(&number(r.0, digits), &number(r.1, digits))
}

/// A first token's range, in ms.
fn range_ms(r: (f64, f64), t: &'static Texts) -> String {
    range((r.0 * 1000.0, r.1 * 1000.0), 0, t)
}

/// A time in words: seconds from one second up, else milliseconds.
pub(super) fn duration(t: &'static Texts, seconds: f64) -> String {
    if seconds >= 1.0 {
        t.serving.seconds(&number(seconds, 1))
    } else {
        ms(t, seconds, 0)
    }
}

/// The ranges carried as `data-low` and `data-high`, in base units, by the tiles that show one.
pub(super) fn ranges(r: &Rep, testid: &'static str) -> Option<(f64, f64)> {
    match testid {
        "decode-tokens-per-second" => Some(r.decode_range),
        "throughput-tokens-per-second" => Some(r.throughput_range),
        "max-throughput-tokens-per-second" => Some(r.max_throughput_range),
        "ttft-seconds" => Some(r.ttft_range),
        _ => None,
    }
}

/// The time per output token: at the requests the load keeps in flight, and with every slot
/// busy (what a benchmark at that concurrency measures).
fn tpot_note(r: &Rep, t: &'static Texts) -> String {
    let at = if r.meets_tpot {
        t.serving.meets
    } else {
        t.serving.misses
    };
    t.serving.tpot_note(
        at,
        &number(r.load_conc, 1),
        &ms(t, r.tpot_slots_s, 2),
        &r.conc.to_string(),
    )
}

/// The first token: prefill, the runtime's fixed time and queueing, and the range to trust.
fn ttft_note(r: &Rep, t: &'static Texts) -> String {
    let w = &t.serving;
    let (prefill, fixed, wait) = (
        number(r.prefill_s * 1000.0, 0),
        number(r.request_s * 1000.0, 0),
        number(r.wait_s * 1000.0, 0),
    );
    let parts = w.ttft_parts(&prefill, &fixed, &wait);
    let band = range_ms(r.ttft_range, t);
    if r.ttft_unmeetable {
        w.ttft_unmeetable(&parts, &duration(t, r.ttft_floor_s))
    } else if r.meets_ttft {
        w.ttft_note_meets(&parts, &band)
    } else {
        w.ttft_note_misses(&parts, &band)
    }
}

fn ms(t: &'static Texts, seconds: f64, digits: u8) -> String {
    t.serving.ms(&number(seconds * 1000.0, digits))
}

/// Where a price came from, in words: typed, a dated quote (converted when it is the other
/// currency's), or rent or buy's machine.
fn source(r: &ServingReport, s: PriceSource, t: &'static Texts) -> String {
    let w = &t.serving;
    match s {
        PriceSource::Typed => w.source_typed.to_string(),
        PriceSource::Catalogue(q) => w.source_catalogue(site(t, q), &quote_month(t, q.date)),
        PriceSource::Converted(q) => {
            w.source_converted(site(t, q), &quote_month(t, q.date), &number(r.fx, 4))
        }
        PriceSource::RentBuy => w.source_rent_buy.to_string(),
        PriceSource::Missing => w.rent_missing.to_string(),
    }
}

/// A cost tile's note, saying when priced input tokens carry part of the cost: an output token's
/// cost then falls as their share rises, and the reader should see why.
fn shared(r: &ServingReport, t: &'static Texts, note: String) -> String {
    if r.cost_rented_in.amount > 0.0 {
        t.serving.in_shares_cost(&note)
    } else {
        note
    }
}

/// Owning a card-hour, and the whole units it comes from; what to give when there is no price.
fn owned_note(r: &ServingReport, t: &'static Texts) -> String {
    let Some(o) = &r.own else {
        return t.serving.owned_missing.to_string();
    };
    let w = &t.serving;
    let price = money(o.card_hour, 2);
    let (units, cards) = (o.units.to_string(), r.cards.to_string());
    match o.basis {
        OwnBasis::RentBuy => w.owned_note(&price, &units, &o.unit_cards.to_string(), &cards),
        OwnBasis::Machine { machine, .. } => w.owned_machine_note(
            &price,
            &units,
            machine.name,
            &money(
                Money::new(
                    o.card_price.amount * o.unit_cards as f64,
                    o.card_price.currency,
                ),
                0,
            ),
            &source(r, o.source, t),
            &number(o.kw, 2),
            &cards,
        ),
        OwnBasis::Hosted {
            host, host_quote, ..
        } => w.owned_hosted_note(
            &price,
            &cards,
            &money(o.card_price, 0),
            &source(r, o.source, t),
            &units,
            host.name,
            &money(Money::new(host_quote.amount, o.card_price.currency), 0),
            &w.source_catalogue(site(t, host_quote), &quote_month(t, host_quote.date)),
            &number(o.kw, 2),
        ),
    }
}

/// Where the load in force comes from: typed as a rate, or people using it at once.
fn load_note(r: &Rep, t: &'static Texts) -> String {
    match r.load {
        Load::Rps => t.serving.load_typed.to_string(),
        Load::Users => t
            .serving
            .load_users(&ms(t, r.response_s, 0), &ms(t, r.wait_s, 0)),
    }
}

#[rustfmt::skip]
pub(super) const TILES: &[StatRow<Rep>] = &[
    StatRow { testid: "load-rps", label: |t| t.serving.load_rps, value: |r| r.load_rps.to_string(),
        text: |r, t| t.serving.per_second(&number(r.load_rps, 3)), note: Some(load_note) },
    StatRow { testid: "decode-tokens-per-second", label: |t| t.serving.decode, value: |r| r.decode_tps.to_string(),
        text: |r, _| number(r.decode_tps, 1), note: Some(|r, t| range(r.decode_range, 1, t)) },
    StatRow { testid: "throughput-tokens-per-second", label: |t| t.serving.throughput, value: |r| r.throughput.to_string(),
        text: |r, _| number(r.throughput, 0), note: Some(|r, t| t.serving.throughput_note(&r.conc.to_string(), &range(r.throughput_range, 0, t))) },
    StatRow { testid: "max-throughput-tokens-per-second", label: |t| t.serving.max_throughput, value: |r| r.max_throughput.to_string(),
        text: |r, _| number(r.max_throughput, 0), note: Some(|r, t| t.serving.max_throughput_note(&r.max_conc.to_string(), &range(r.max_throughput_range, 0, t))) },
    StatRow { testid: "tpot-seconds", label: |t| t.serving.tpot, value: |r| r.tpot_s.to_string(),
        text: |r, t| ms(t, r.tpot_s, 1), note: Some(tpot_note) },
    StatRow { testid: "ttft-seconds", label: |t| t.serving.ttft, value: |r| r.ttft_s.to_string(),
        text: |r, t| ms(t, r.ttft_s, 0), note: Some(ttft_note) },
    StatRow { testid: "concurrency-for-goal", label: |t| t.serving.conc_for_goal, value: |r| r.conc_for_goal.to_string(),
        text: |r, _| r.conc_for_goal.to_string(), note: None },
    StatRow { testid: "cards-needed", label: |t| t.serving.cards, value: |r| r.cards.to_string(),
        text: |r, _| r.cards.to_string(),
        note: Some(|r, t| {
            let cards = if r.tp == 1 { t.serving.one_card.to_string() } else { t.serving.many_cards(&r.tp.to_string()) };
            t.serving.cards_note(&r.replicas.to_string(), &cards, &percent(r.utilisation, 0))
        }) },
    StatRow { testid: "cost-per-million-tokens", label: |t| t.serving.rented, value: |r| if r.price_source == PriceSource::Missing { String::new() } else { r.cost_rented.amount.to_string() },
        text: |r, _| if r.price_source == PriceSource::Missing { "—".to_string() } else { money(r.cost_rented, 2) },
        note: Some(|r, t| shared(r, t, t.serving.rented_note(&money(r.rent_card_hour, 2), &source(r, r.price_source, t)))) },
    StatRow { testid: "cost-per-million-tokens-owned", label: |t| t.serving.owned, value: |r| r.own.as_ref().map(|o| o.cost.amount.to_string()).unwrap_or_default(),
        text: |r, _| r.own.as_ref().map_or("—".to_string(), |o| money(o.cost, 2)),
        note: Some(|r, t| shared(r, t, owned_note(r, t))) },
    StatRow { testid: "cost-per-million-input-tokens", label: |t| t.serving.rented_in, value: |r| r.cost_rented_in.amount.to_string(),
        text: |r, _| money(r.cost_rented_in, 2),
        note: Some(|r, t| if r.cost_rented_in.amount > 0.0 { t.serving.rented_in_note(&r.own.as_ref().map_or("—".to_string(), |o| money(o.cost_in, 2))) } else { t.serving.in_unpriced.into() }) },
    StatRow { testid: "serving-verdict", label: |t| t.serving.verdict, value: |r| match r.verdict { Some(Verdict::Rent) => "rent".into(), Some(Verdict::Buy) => "buy".into(), None => String::new() },
        text: |r, t| match r.verdict { Some(Verdict::Rent) => t.serving.rent.into(), Some(Verdict::Buy) => t.serving.buy.into(), None => t.serving.verdict_missing.into() },
        note: Some(|r, t| t.serving.verdict_note(&percent(r.utilisation, 0), &number(r.billed_hours, 2))) },
];

/// Where the runtime's constants come from, by runtime.
fn basis(t: &'static Texts, r: Runtime) -> &'static str {
    match r {
        Runtime::LlamaCpp => t.serving.basis_llamacpp,
        Runtime::Vllm => t.serving.basis_vllm,
        Runtime::TrtLlm => t.serving.basis_trtllm,
        Runtime::Sglang => t.serving_calibration.basis_sglang,
    }
}

/// What limits the figures: memory's cap on concurrency, the runtime's basis, the T4's fp16.
/// Each with whether the reader must act on it (the model does not fit, the concurrency asked is
/// more than memory holds, the load is near the knee): only those are coloured as a warning; the
/// rest say how the figures are made and are plain notes.
pub(super) fn notes(r: &Rep, t: &'static Texts) -> Vec<(bool, String)> {
    let w = &t.serving;
    let mut v: Vec<(bool, String)> = Vec::new();
    if r.max_conc == 0 {
        v.push((true, w.no_fit.to_string()));
    } else if r.conc_capped {
        v.push((true, w.capped(&r.max_conc.to_string(), &r.conc.to_string())));
    }
    v.push((
        false,
        w.constants(
            basis(t, r.runtime.runtime),
            &percent(1.0 / r.trust.1, 0),
            &percent(1.0 / r.trust.0, 0),
        ),
    ));
    if r.runtime.runtime == Runtime::LlamaCpp {
        v.push((false, w.kquants.to_string()));
    }
    if r.fp8_weights && r.runtime.runtime != Runtime::LlamaCpp {
        v.push((false, t.serving_calibration.fp8_blockwise.to_string()));
    }
    if r.busy {
        v.push((true, w.busy(&percent(r.utilisation, 0))));
    }
    if r.vllm_pool_limit {
        v.push((false, w.vllm_pool(&r.max_conc.to_string())));
    }
    if r.tp_beyond_machine {
        v.push((
            true,
            w.tp_beyond_machine(&r.tp.to_string(), &MACHINE_CARDS.to_string()),
        ));
    } else if r.tp_slow_link {
        v.push((true, w.tp_slow_link(&r.tp.to_string())));
    }
    if let (true, Some(a)) = (r.llamacpp_limit, r.llamacpp) {
        v.push((
            false,
            w.llamacpp_gate(
                &number(a.total.as_gib(), 2),
                &r.conc.to_string(),
                &r.max_conc.to_string(),
                &r.guide_max_conc.to_string(),
            ),
        ));
    }
    match (r.cal_tool, r.cal_decode, r.cal_prefill) {
        (Some(tool), d, p) => v.push((
            false,
            w.calibrated(
                tool.name(),
                &d.map(|k| number(k, 3)).unwrap_or_else(|| "–".into()),
                &p.map(|k| number(k, 3)).unwrap_or_else(|| "–".into()),
            ),
        )),
        (None, _, _) if r.scale != 1.0 => v.push((false, w.rescaled(&number(r.scale, 3)))),
        _ => {}
    }
    if r.no_bf16 {
        v.push((false, w.no_bf16.to_string()));
    }
    v
}
