//! The serving figures: one request's speed, the replica's throughput, latencies, the fleet and
//! the cost per million output tokens, each with its test hook; and the notes on how far to
//! trust them.

use crate::app::format::{money, number, percent};
use crate::app::widgets::{StatRow, Stats};
use crate::calc::rent_buy::Verdict;
use crate::calc::serving::{PriceSource, Runtime, ServingReport};
use leptos::prelude::*;

fn range(r: &ServingReport, v: f64, digits: u8) -> String {
    format!(
        "likely {}–{} (calibration spread)",
        number(v * r.trust.0, digits),
        number(v * r.trust.1, digits)
    )
}

#[rustfmt::skip]
const TILES: &[StatRow<ServingReport>] = &[
    StatRow { testid: "decode-tokens-per-second", label: "One request: output tokens/s", value: |r| r.decode_tps.to_string(),
        text: |r| number(r.decode_tps, 1), note: Some(|r| range(r, r.decode_tps, 0)) },
    StatRow { testid: "throughput-tokens-per-second", label: "All requests: output tokens/s a replica", value: |r| r.throughput.to_string(),
        text: |r| number(r.throughput, 0), note: Some(|r| format!("at {} concurrent; {}", r.conc, range(r, r.throughput, 0))) },
    StatRow { testid: "max-throughput-tokens-per-second", label: "Output tokens/s at the most requests memory holds", value: |r| r.max_throughput.to_string(),
        text: |r| number(r.max_throughput, 0), note: Some(|r| format!("{} concurrent fit in memory", r.max_conc)) },
    StatRow { testid: "tpot-seconds", label: "Time per output token", value: |r| r.tpot_s.to_string(),
        text: |r| format!("{} ms", number(r.tpot_s * 1000.0, 1)),
        note: Some(|r| if r.meets_tpot { "meets the goal".into() } else { "misses the goal".into() }) },
    StatRow { testid: "ttft-seconds", label: "Time to first token", value: |r| r.ttft_s.to_string(),
        text: |r| format!("{} ms", number(r.ttft_s * 1000.0, 0)),
        note: Some(|r| format!("prefill {} ms + queueing {} ms{}", number(r.prefill_s * 1000.0, 0), number(r.wait_s * 1000.0, 0),
            if r.meets_ttft { "" } else { "; misses the goal" })) },
    StatRow { testid: "concurrency-for-goal", label: "Most concurrent requests meeting the token goal", value: |r| r.conc_for_goal.to_string(),
        text: |r| r.conc_for_goal.to_string(), note: None },
    StatRow { testid: "cards-needed", label: "Cards for the target load", value: |r| r.cards.to_string(),
        text: |r| r.cards.to_string(),
        note: Some(|r| {
            let cards = if r.tp == 1 { "1 card".to_string() } else { format!("{} cards", r.tp) };
            format!("{} × {cards} a replica; {} busy", r.replicas, percent(r.utilisation, 0))
        }) },
    StatRow { testid: "cost-per-million-tokens", label: "Per million output tokens, rented", value: |r| r.cost_rented.amount.to_string(),
        text: |r| money(r.cost_rented, 2),
        note: Some(|r| format!("{} a card-hour ({})", money(r.rent_card_hour, 2), match r.price_source {
            PriceSource::Typed => "yours",
            PriceSource::Catalogue => "the catalogue's",
            PriceSource::RentBuy => "rent or buy's machine / 8",
        })) },
    StatRow { testid: "cost-per-million-tokens-owned", label: "Per million output tokens, owned", value: |r| r.cost_owned.amount.to_string(),
        text: |r| money(r.cost_owned, 2),
        note: Some(|r| format!("{} a card-hour: rent or buy's machine / 8 / month hours", money(r.own_card_hour, 2))) },
    StatRow { testid: "serving-verdict", label: "Rent or buy, this fleet", value: |r| match r.verdict { Verdict::Rent => "rent".into(), Verdict::Buy => "buy".into() },
        text: |r| match r.verdict { Verdict::Rent => "rent".into(), Verdict::Buy => "buy".into() },
        note: Some(|r| format!("at {} utilisation", percent(r.utilisation, 0))) },
];

#[component]
pub fn ServingStats(report: Memo<ServingReport>) -> impl IntoView {
    view! { <Stats of=report rows=TILES /> }
}

/// What limits the figures: memory's cap on concurrency, the runtime's basis, the T4's fp16.
#[component]
pub fn ServingNotes(report: Memo<ServingReport>) -> impl IntoView {
    let notes = move || {
        report.with(|r| {
            let mut v = Vec::new();
            if r.max_conc == 0 {
                v.push("The model does not fit these cards at this context: add tensor-parallel cards or a smaller format.".to_string());
            } else if r.conc_capped {
                v.push(format!("Memory holds {} requests of this length a replica: the figures use {}.", r.max_conc, r.conc));
            }
            v.push(format!("Constants: {}. Every rate is an estimate; the calibration cases fell between {} and {} of the measured figure.",
                r.runtime.basis, percent(1.0 / r.trust.1, 0), percent(1.0 / r.trust.0, 0)));
            if r.runtime.runtime == Runtime::LlamaCpp {
                v.push("llama.cpp k-quants below 4 bits unpack slowly: for q2_k/q3_k the estimate can be 60% high.".to_string());
            }
            if r.scale != 1.0 {
                v.push(format!("Rescaled by your measurement: × {}.", number(r.scale, 3)));
            }
            if r.no_bf16 {
                v.push("This card has no bf16 (Turing): its 16-bit figure is fp16.".to_string());
            }
            v
        })
    };
    view! {
        <div class="notes" data-testid="serving-notes">
            {move || {
                notes().into_iter().map(|n| view! { <p class="notice">{n}</p> }).collect_view()
            }}
        </div>
    }
}
