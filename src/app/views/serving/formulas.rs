//! The serving working: the decode step, prefill, and cost per million tokens with the numbers in
//! place.

use super::Serving;
use crate::app::format::number;
use crate::app::widgets::Formula;
use crate::calc::serving::{ServingInputs, ServingReport};
use leptos::prelude::*;

#[component]
pub fn ServingFormulas(rep: Serving) -> impl IntoView {
    let working = move |get: fn(&ServingInputs, &ServingReport) -> String| {
        Signal::derive(move || rep.with(|r| get(&r.inputs, &r.report)))
    };

    view! {
        <div class="formulas">
            <Formula
                title="Decode step"
                open=true
                symbolic="max(bytes / bandwidth, FLOPs / tensor peak) / efficiency + overhead + TP communication"
                substituted=working(|_, r| {
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
                        if r.step.bandwidth_bound { "bandwidth-bound" } else { "compute-bound" },
                    )
                })
            />
            <Formula
                title="Per-token latency and throughput"
                open=true
                symbolic="tpot = step + (B − 1) × prefill / output;  throughput = B × output / (output × step + B × prefill)"
                substituted=working(|i, r| {
                    format!(
                        "B = {}: tpot = {} ms; throughput = {} tokens/s a replica",
                        r.conc,
                        number(r.tpot_s * 1000.0, 2),
                        number(r.throughput, 0),
                    ) + &format!("; output {} tokens", i.out_tokens)
                })
            />
            <Formula
                title="Time to first token"
                open=true
                symbolic="prefill (2 × active parameters × prompt + attention, at a share of peak) + M/M/c wait (Erlang C, c = B slots)"
                substituted=working(|_, r| {
                    format!(
                        "{} ms + {} ms = {} ms",
                        number(r.prefill_s * 1000.0, 1),
                        number(r.wait_s * 1000.0, 1),
                        number(r.ttft_s * 1000.0, 1),
                    )
                })
            />
            <Formula
                title="Cost per million output tokens"
                open=true
                symbolic="price per card-hour × cards / (requests/s × output tokens × 3600) × 10⁶"
                substituted=working(|i, r| {
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
                })
            />
        </div>
    }
}
