//! The plan's chart: cost per million tokens against time per output token, one point per row
//! that fits with a price, the rows no other beats on both marked and named, the scenario's own
//! card ringed. The points come from the core ([`crate::calc::plan::chart`]).

use super::table::row_name;
use super::Plan;
use crate::app::format::{money, number};
use crate::app::i18n::{currency_name, Tr};
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::ChartCanvas;
use crate::calc::plan::{chart, PlanPoint};
use crate::calc::units::Money;
use crate::charts::scatter::{draw_scatter, ScatterChart};
use leptos::prelude::*;

const CAPTION: Tr = |t| t.plan.chart;
const HOW: Tr = |t| t.plan.chart_how;

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
                        t.plan.chart_point(
                            &row_name(&r.report.rows[p.row], t),
                            &money(Money::new(p.y, r.report.currency), 2),
                            &number(p.x, 0),
                        )
                    })
                    .collect();
                if named.is_empty() {
                    t.chart_sum.empty.to_string()
                } else {
                    t.plan.chart_sum(&named.join(t.plan.sep))
                }
            })
        })
    });
    let csv = move || {
        let t = app.t_untracked();
        rep.see_untracked(|r| {
            let mut out = vec![vec![
                t.plan.col_card.to_string(),
                t.plan.x_axis.to_string(),
                t.plan.y_axis(currency_name(t, r.report.currency)),
            ]];
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
                                let y = t.plan.y_axis(currency_name(t, r.report.currency));
                                draw_scatter(
                                    root,
                                    &ScatterChart {
                                        points: &xy,
                                        names: &names,
                                        ringed: pts.iter().position(|p| p.current),
                                        x_axis: t.plan.x_axis,
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
