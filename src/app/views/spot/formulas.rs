//! The spot working: the best interval (Daly and Young), wall time with checkpoints, planned stops
//! and wall time without checkpoints, each with the numbers in place.

use super::Spot;
use crate::app::format::number;
use crate::app::state::Reported;
use crate::app::widgets::{FormulaRow, Formulas};
use crate::calc::spot::{SpotInputs, SpotReport};
use crate::text::Texts;
use leptos::prelude::*;

type Rep = Reported<SpotInputs, SpotReport>;

/// Every formula with the numbers in place, from the same inputs and report as every figure.
#[rustfmt::skip]
const ROWS: &[FormulaRow<Rep>] = &[
    FormulaRow { title: |t| t.spot.best_title, symbolic: |t| t.spot.best_formula, open: true, substituted: best_interval, show: None },
    FormulaRow { title: |t| t.spot.wall_with_title, symbolic: |t| t.spot.wall_with_formula, open: true, substituted: wall_with, show: None },
    FormulaRow { title: |t| t.spot.stops_title, symbolic: |t| t.spot.stops_formula, open: true, substituted: planned_stops, show: Some(|p| p.inputs.stop_hours > 0.0) },
    FormulaRow { title: |t| t.spot.wall_without_title, symbolic: |t| t.spot.wall_without_formula, open: true, substituted: wall_without, show: None },
];

#[component]
pub fn SpotFormulas(rep: Spot) -> impl IntoView {
    view! {
        <div class="formulas">
            <Formulas of=rep rows=ROWS />
        </div>
    }
}

fn best_interval(p: &Rep, t: &'static Texts) -> String {
    let (i, r) = (&p.inputs, &p.report);
    t.spot.best_numbers(
        &number(i.checkpoint_minutes / 60.0, 4),
        &number(i.mtbf.0, 2),
        &number(r.young.0, 4),
        &number(r.daly.0, 4),
    )
}

fn wall_with(p: &Rep, t: &'static Texts) -> String {
    let (i, r) = (&p.inputs, &p.report);
    t.spot.wall_with_numbers(
        &restarts(i),
        &number(r.daly.0, 4),
        &number(i.checkpoint_minutes / 60.0, 4),
        &number(i.mtbf.0, 2),
        &number(i.job.0, 2),
        &number(r.wall_with_random.0, 2),
    )
}

fn planned_stops(p: &Rep, t: &'static Texts) -> String {
    let (i, r) = (&p.inputs, &p.report);
    let (rs, c) = (i.restart_minutes / 60.0, i.checkpoint_minutes / 60.0);
    t.spot.stops_numbers(
        &number(r.wall_with_random.0, 2),
        &number(i.stop_hours, 2),
        &number(rs, 3),
        &number(c, 3),
        &number(r.wall_with.0, 2),
    )
}

fn wall_without(p: &Rep, t: &'static Texts) -> String {
    let (i, r) = (&p.inputs, &p.report);
    format!(
        "{} × (e^({}/{}) − 1) = {}",
        restarts(i),
        number(i.job.0, 2),
        number(i.mtbf.0, 2),
        r.wall_without
            .map(|w| t.spot.hours(&number(w.0, 1)))
            .unwrap_or_else(|| if i.stop_hours == 0.0 {
                t.spot_never.wall(&number(i.job.0, 1), &number(i.mtbf.0, 1))
            } else {
                t.spot
                    .wall_without_never(&number(i.job.0, 1), &number(i.stop_hours, 1))
            }),
    )
}

/// The factor both wall times start with: `M e^(R/M)`, with the numbers in place.
fn restarts(i: &SpotInputs) -> String {
    format!(
        "{} × e^({}/{})",
        number(i.mtbf.0, 2),
        number(i.restart_minutes / 60.0, 3),
        number(i.mtbf.0, 2),
    )
}
