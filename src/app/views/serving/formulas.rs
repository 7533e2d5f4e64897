//! The serving working: the decode step, prefill, and cost per million tokens with the numbers in
//! place.

use super::Serving;
use crate::app::format::number;
use crate::app::state::Reported;
use crate::app::widgets::{FormulaRow, Formulas};
use crate::calc::serving::{ServingInputs, ServingReport};
use leptos::prelude::*;

type Rep = Reported<ServingInputs, ServingReport>;

/// Every formula with the numbers in place, from the same inputs and report as every figure.
#[rustfmt::skip]
const ROWS: &[FormulaRow<Rep>] = &[
    FormulaRow { title: "Decode step", symbolic: "max(bytes / bandwidth, FLOPs / tensor peak) / efficiency + overhead + TP communication", open: true, substituted: decode_step, show: None },
    FormulaRow { title: "Per-token latency and throughput", symbolic: "tpot = step + (B − 1) × prefill / output;  throughput = B × output / (output × step + B × prefill)", open: true, substituted: latency, show: None },
    FormulaRow { title: "Time to first token", symbolic: "prefill (2 × active parameters × prompt + attention, at a share of peak) + M/M/c wait (Erlang C, c = B slots)", open: true, substituted: first_token, show: None },
    FormulaRow { title: "Cost per million output tokens", symbolic: "price per card-hour × cards / (requests/s × output tokens × 3600) × 10⁶", open: true, substituted: cost, show: None },
];

#[component]
pub fn ServingFormulas(rep: Serving) -> impl IntoView {
    view! {
        <div class="formulas">
            <Formulas of=rep rows=ROWS />
        </div>
    }
}

fn decode_step(p: &Rep) -> String {
    let r = &p.report;
    format!(
        "max({} GB read: {} ms, {} TFLOP: {} ms) / {} + {} ms + {} ms = {} ms ({})",
        number(r.step.bytes / 1e9, 2),
        number(r.step.memory_s * 1000.0, 3),
        number(r.step.flops / 1e12, 3),
        number(r.step.compute_s * 1000.0, 3),
        number(r.runtime.efficiency, 2),
        number(r.runtime.overhead_s * 1000.0, 2),
        number(r.step.comm_s * 1000.0, 3),
        number(r.step.seconds * 1000.0, 2),
        if r.step.bandwidth_bound {
            "bandwidth-bound"
        } else {
            "compute-bound"
        },
    )
}

fn latency(p: &Rep) -> String {
    let (i, r) = (&p.inputs, &p.report);
    format!(
        "B = {}: tpot = {} ms; throughput = {} tokens/s a replica",
        r.conc,
        number(r.tpot_s * 1000.0, 2),
        number(r.throughput, 0),
    ) + &format!("; output {} tokens", i.out_tokens)
}

fn first_token(p: &Rep) -> String {
    let r = &p.report;
    format!(
        "{} ms + {} ms = {} ms",
        number(r.prefill_s * 1000.0, 1),
        number(r.wait_s * 1000.0, 1),
        number(r.ttft_s * 1000.0, 1),
    )
}

fn cost(p: &Rep) -> String {
    let (i, r) = (&p.inputs, &p.report);
    format!(
        "{} × {} / ({} × {} × 3600) × 10⁶ = {} rented; owned {} a card-hour: {}",
        number(r.rent_card_hour.amount, 2),
        r.cards,
        number(i.target_rps, 3),
        i.out_tokens,
        number(r.cost_rented.amount, 2),
        number(r.own_card_hour.amount, 2),
        number(r.cost_owned.amount, 2),
    )
}
