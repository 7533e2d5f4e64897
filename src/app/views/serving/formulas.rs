//! The serving working: the decode step, prefill, and cost per million tokens (with the hours the
//! billing view's rule bills) with the numbers in place.

use super::Rep;
use crate::app::format::number;
use crate::app::widgets::FormulaRow;
use crate::text::Texts;

/// Every formula with the numbers in place, from the same inputs and report as every figure.
#[rustfmt::skip]
pub(super) const ROWS: &[FormulaRow<Rep>] = &[
    FormulaRow { title: |t| t.serving.f_decode, symbolic: |t| t.serving.f_decode_sym, open: true, substituted: decode_step, show: None },
    FormulaRow { title: |t| t.serving.f_latency, symbolic: |t| t.serving.f_latency_sym, open: true, substituted: latency, show: None },
    FormulaRow { title: |t| t.serving.f_first_token, symbolic: |t| t.serving.f_first_token_sym, open: true, substituted: first_token, show: None },
    FormulaRow { title: |t| t.serving_billing.f_cost, symbolic: |t| t.serving_billing.f_cost_sym, open: true, substituted: cost, show: None },
];

fn decode_step(p: &Rep, t: &'static Texts) -> String {
    let r = &p.report;
    t.serving.f_decode_num(
        &number(r.step.bytes / 1e9, 2),
        &number(r.step.memory_s * 1000.0, 3),
        &number(r.step.flops / 1e12, 3),
        &number(r.step.compute_s * 1000.0, 3),
        &number(r.runtime.efficiency, 2),
        &number(r.runtime.overhead_s * 1000.0, 2),
        &number(r.step.comm_s * 1000.0, 3),
        &number(r.step.seconds * 1000.0, 2),
        if r.step.bandwidth_bound {
            t.serving.bandwidth_bound
        } else {
            t.serving.compute_bound
        },
    )
}

fn latency(p: &Rep, t: &'static Texts) -> String {
    let (i, r) = (&p.inputs, &p.report);
    t.serving.f_latency_num(
        &number(r.load_conc, 1),
        &number(r.tpot_s * 1000.0, 2),
        &r.conc.to_string(),
        &number(r.tpot_slots_s * 1000.0, 2),
        &number(r.throughput, 0),
        &i.out_tokens.to_string(),
    )
}

fn first_token(p: &Rep, t: &'static Texts) -> String {
    let r = &p.report;
    let ms = |s: f64| t.serving.ms(&number(s * 1000.0, 1));
    format!(
        "{} + {} + {} = {}",
        ms(r.prefill_s),
        ms(r.request_s),
        ms(r.wait_s),
        ms(r.ttft_s)
    )
}

fn cost(p: &Rep, t: &'static Texts) -> String {
    let (i, r) = (&p.inputs, &p.report);
    t.serving_billing.f_cost_num(
        &number(r.rent_card_hour.amount, 2),
        &r.cards.to_string(),
        &number(r.billed_hours, 2),
        &number(r.load_rps, 3),
        // Priced input tokens count at their share of an output token.
        &if i.in_price_pct > 0.0 {
            format!(
                "({} + {}% × {})",
                i.out_tokens,
                number(i.in_price_pct, 2),
                i.in_tokens
            )
        } else {
            i.out_tokens.to_string()
        },
        &number(r.rent_hours, 2),
        &number(r.cost_rented.amount, 2),
        // Without a purchase price there is no owned cost: a dash, as the tile shows.
        &r.own
            .as_ref()
            .map_or("—".to_string(), |o| number(o.card_hour.amount, 2)),
        &r.own
            .as_ref()
            .map_or("—".to_string(), |o| number(o.cost.amount, 2)),
    )
}
