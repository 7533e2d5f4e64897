//! The inference charts: what one card holds, stacked against its capacity, and memory against
//! concurrency at a quarter, one and four times the context. Their series come from the view's
//! memo (`calc::memory_sheet`); the drawing, summary and CSV rows are the memory views' shared
//! ones (`views::memory`), given this view's words, read when shown so a language switch
//! rewords them.

use super::Rep;
use crate::app::format::{gib, number};
use crate::app::views::memory::{
    draw_lines, draw_stack, size, stack_rows, stack_summary, sweep_rows, tokens,
};
use crate::app::widgets::{Area, ChartRow};
use crate::calc::memory_sheet::Sweep;
use crate::text::Texts;

#[rustfmt::skip]
pub(super) const CHARTS: &[ChartRow<Rep>] = &[
    ChartRow { testid: "chart-inference-stack", label: |t| t.inference.chart_stack, how: |t| t.chart_how.inference_stack,
        summary: |p, t| stack_summary(t, &part_names(t), &p.stack), csv: |p, t| stack_rows(t, &part_names(t), &p.stack),
        draw: draw_card },
    ChartRow { testid: "chart-inference-concurrency", label: |t| t.inference.chart_conc, how: |t| t.chart_how.inference_concurrency,
        summary: conc_summary, csv: |p, t| sweep_rows(t, t.inference.conc_axis, &p.sweep, &|c| t.chart_dl.context(&c.unwrap_or(0).to_string())),
        draw: |a: &Area, p, t| { let w = &t.inference;
            draw_lines(a, &p.sweep, &|c| w.tokens(&number(c.unwrap_or(0) as f64, 0)), &w.capacity(&gib(p.capacity)), (w.conc_axis, w.gib_per_card)) } },
];

/// The parts' names, in the order the stack draws them.
fn part_names(t: &'static Texts) -> [&'static str; 4] {
    let w = &t.inference;
    [w.part_weights, w.part_kv, w.part_overhead, w.part_headroom]
}

/// The stack, with the card's name and memory under its bar.
fn draw_card(a: &Area, p: &Rep, t: &'static Texts) -> Result<(), crate::charts::ChartError> {
    let w = &t.inference;
    let card = if p.card_name.is_empty() {
        w.card
    } else {
        p.card_name
    };
    let label = format!("{card} ({})", size(p.stack.capacity));
    draw_stack(a, &part_names(t), &p.stack, &label, w.gib_per_card)
}

/// Each context's line from its first to its last point, the card, and the reader's choice.
fn conc_summary(p: &Rep, t: &'static Texts) -> String {
    let (w, s): (_, &Sweep) = (&t.chart_sum, &p.sweep);
    let lines: Vec<String> = s
        .lines
        .iter()
        .filter_map(|(ctx, pts)| {
            let (lo, hi) = (pts.first()?, pts.last()?);
            Some(w.conc_line(
                &tokens(ctx.unwrap_or(0) as f64),
                &size(lo.1),
                &size(hi.1),
                &tokens(hi.0),
            ))
        })
        .collect();
    if lines.is_empty() {
        return w.empty.to_string();
    }
    w.conc(
        &lines.join(w.line_sep),
        &size(s.capacity),
        &tokens(s.at.0),
        &size(s.at.1),
    )
}
