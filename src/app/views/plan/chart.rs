//! The plan's chart: cost per million tokens against time per output token, one point per row
//! that fits with a price, the rows no other beats on both marked and named, the scenario's own
//! card ringed. The points come from the core ([`crate::calc::plan::chart`]).

use super::table::row_name;
use super::Plan;
use crate::app::format::{money, number};
use crate::app::i18n::{currency_name, Tr};
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::ChartCanvas;
use crate::calc::plan::{chart, Job, PlanPoint};
use crate::calc::units::Currency;
use crate::calc::units::Money;
use crate::charts::scatter::{draw_scatter, ScatterChart};
use crate::text::Texts;
use leptos::prelude::*;

const CAPTION: Tr = |t| t.plan.chart;
const HOW: Tr = |t| t.chart_how.plan;

/// The axes' names: serving, time per token and cost per million; training, wall time and the
/// job's cost.
fn axes(t: &'static Texts, job: Job, cur: Currency) -> (&'static str, String) {
    match job {
        Job::Serve => (t.plan.x_axis, t.plan.y_axis(currency_name(t, cur))),
        Job::Train => (
            t.plan.x_axis_train,
            t.plan.y_axis_train(currency_name(t, cur)),
        ),
    }
}

#[component]
pub fn PlanChart(rep: Plan) -> impl IntoView {
    let app = use_app();
    let points = memo(move || rep.see(|r| chart(&r.report)));
    let summary = Signal::derive(move || {
        let t = app.t();
        rep.see(|r| {
            points.see(|pts| {
                let named: Vec<String> = pts
                    .iter()
                    .filter(|p| p.frontier)
                    .map(|p| {
                        let name = row_name(&r.report.rows[p.row], t);
                        let cost = money(Money::new(p.y, r.report.currency), 2);
                        match r.report.job {
                            Job::Serve => t.plan.chart_point(&name, &cost, &number(p.x, 0)),
                            Job::Train => t.plan.chart_point_train(&name, &cost, &number(p.x, 1)),
                        }
                    })
                    .collect();
                if named.is_empty() {
                    t.plan.chart_sum_none(&pts.len().to_string())
                } else {
                    t.plan.chart_sum(&named.join(t.plan.sep))
                }
            })
        })
    });
    let csv = move || {
        let t = app.t_untracked();
        rep.see_untracked(|r| {
            let (x, y) = axes(t, r.report.job, r.report.currency);
            let mut out = vec![vec![t.plan.col_card.to_string(), x.to_string(), y]];
            points.see_untracked(|pts| {
                out.extend(pts.iter().map(|p| {
                    vec![
                        row_name(&r.report.rows[p.row], t),
                        format!("{:.1}", p.x),
                        format!("{:.4}", p.y),
                    ]
                }))
            });
            out
        })
    };
    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-plan"
                label=CAPTION
                how=HOW
                summary=summary
                csv=csv
                draw=move |root| {
                    let t = app.t();
                    rep.see(|r| {
                        points
                            .see(|pts: &Vec<PlanPoint>| {
                                let xy: Vec<(f64, f64, bool)> = pts
                                    .iter()
                                    .map(|p| (p.x, p.y, p.frontier))
                                    .collect();
                                let names: Vec<String> = pts
                                    .iter()
                                    .map(|p| r.report.rows[p.row].id.to_string())
                                    .collect();
                                let (x, y) = axes(t, r.report.job, r.report.currency);
                                draw_scatter(
                                    root,
                                    &ScatterChart {
                                        points: &xy,
                                        names: &names,
                                        ringed: pts.iter().position(|p| p.current),
                                        x_axis: x,
                                        y_axis: &y,
                                        legend: [
                                            t.plan.legend_frontier,
                                            t.plan.legend_other,
                                            t.plan.legend_current,
                                        ],
                                    },
                                )
                            })
                    })
                }
            />
        </div>
    }
}
