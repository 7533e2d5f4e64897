//! The training charts: what one card holds, stacked against its capacity, and the total per card
//! against sequence length. Their series come from the view's memo (`calc::memory_sheet`); the
//! drawing, summary and CSV rows are the memory views' shared ones (`views::memory`), given this
//! view's words, read when shown so a language switch rewords them.

use super::Rep;
use crate::app::views::memory::{
    draw_lines, draw_stack, size, stack_rows, stack_summary, sweep_rows, tokens,
};
use crate::app::widgets::{Area, ChartRow};
use crate::calc::series::Crossing;
use crate::text::Texts;

#[rustfmt::skip]
pub(super) const CHARTS: &[ChartRow<Rep>] = &[
    ChartRow { testid: "chart-training-stack", label: |t| t.training.chart_stack, how: |t| t.chart_how.training_stack,
        summary: |p, t| stack_summary(t, &part_names(t), &p.stack), csv: |p, t| stack_rows(t, &part_names(t), &p.stack),
        draw: |a: &Area, p, t| { let w = &t.training;
            draw_stack(a, &part_names(t), &p.stack, &w.capacity(&size(p.stack.capacity)), w.gib_per_card) } },
    ChartRow { testid: "chart-training-seq", label: |t| t.training.chart_seq, how: |t| t.chart_how.training_seq,
        summary: seq_summary, csv: |p, t| sweep_rows(t, t.training.seq_axis, &p.sweep, &|_| t.training.total_series.to_string()),
        draw: |a: &Area, p, t| { let w = &t.training;
            draw_lines(a, &p.sweep, &|_| w.total_series.to_string(), &w.capacity(&size(p.sweep.capacity)), (w.seq_axis, w.gib_per_card)) } },
];

/// The parts' names, in the order the stack draws them.
fn part_names(t: &'static Texts) -> [&'static str; 6] {
    let w = &t.training;
    [
        w.part_weights,
        w.part_grads,
        w.part_optimizer,
        w.part_master,
        w.part_activations,
        w.part_reserve,
    ]
}

/// Memory at both ends of the sweep and at the reader's length, and where it passes the card.
fn seq_summary(p: &Rep, t: &'static Texts) -> String {
    let (w, s) = (&t.chart_sum, &p.sweep);
    let pts = s.lines.first().map(|l| l.1.as_slice()).unwrap_or_default();
    let (Some(lo), Some(hi)) = (pts.first(), pts.last()) else {
        return w.empty.to_string();
    };
    let limit = match s.limit {
        Crossing::Never => w.seq_all_fit.to_string(),
        Crossing::AtStart => w.seq_none_fit.to_string(),
        Crossing::At(x) => w.seq_limit(&tokens(x)),
    };
    [
        w.seq(
            &size(lo.1),
            &tokens(lo.0),
            &size(hi.1),
            &tokens(hi.0),
            &tokens(s.at.0),
            &size(s.at.1),
            &size(s.capacity),
        ),
        limit,
    ]
    .join(w.sep)
}
