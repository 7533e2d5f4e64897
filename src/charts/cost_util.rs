//! Monthly cost against utilisation: owning (flat, or rising when electricity follows use) and
//! renting (rising from zero), the crossing labelled with U*, the chosen utilisation marked.

use super::{
    axis_top, compact, font, legend, line_axes, ChartError, ChartText, Corner, MARK, OWN, RENT,
};
use crate::calc::sensitivity::CostVsUtil;
use plotters::coord::Shift;
use plotters::prelude::*;

pub fn draw_cost_vs_util<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    d: &CostVsUtil,
    t: &ChartText,
) -> Result<(), ChartError> {
    let top = axis_top(d.own.iter().chain(&d.rent).map(|p| p.1));
    let mut chart = line_axes(
        root,
        0f64..100f64,
        top,
        (t.x_axis.as_str(), t.y_axis.as_str()),
        (&|v| format!("{v:.0}%"), &|v| compact(*v)),
    )?;
    let pct = |s: &[(f64, f64)]| s.iter().map(|(u, c)| (u * 100.0, *c)).collect::<Vec<_>>();
    chart.draw_series(LineSeries::new(pct(&d.own), OWN.stroke_width(3)))?;
    chart.draw_series(LineSeries::new(pct(&d.rent), RENT.stroke_width(3)))?;

    let (u, own, rent) = d.chosen;
    let x = u * 100.0;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(x, 0.0), (x, top)],
        MARK.mix(0.5).stroke_width(1),
    )))?;
    chart.draw_series([own, rent].map(|c| Circle::new((x, c), 4, MARK.filled())))?;
    chart.draw_series(std::iter::once(Text::new(
        t.chosen.clone(),
        (x, top * 0.97),
        font(14),
    )))?;

    if let Some((u_star, cost)) = d.crossing {
        let p = (u_star * 100.0, cost);
        chart.draw_series(std::iter::once(Circle::new(p, 6, MARK.stroke_width(2))))?;
        chart.draw_series(std::iter::once(Text::new(
            t.mark.clone(),
            (p.0 + 1.5, cost * 0.9),
            font(15),
        )))?;
    }
    legend(
        &chart,
        Corner::UpperLeft,
        &[(t.first.as_str(), OWN), (t.second.as_str(), RENT)],
    )?;
    root.present()?;
    Ok(())
}
