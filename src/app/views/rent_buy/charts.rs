//! The three rent-or-buy charts. Each reads only the series it draws (a memo per chart), so moving
//! the utilisation slider redraws the two charts that depend on it and leaves the third alone.

use super::RentBuy;
use crate::app::format::{number, percent};
use crate::app::widgets::ChartCanvas;
use crate::calc::sensitivity::{break_even_vs_price, cost_vs_util, cumulative};
use crate::charts::{draw_break_even_vs_price, draw_cost_vs_util, draw_cumulative, ChartText};
use leptos::prelude::*;

#[component]
pub fn RentBuyCharts(rep: RentBuy) -> impl IntoView {
    // Series from the same valid inputs as the figures beside them.
    let cost = Memo::new(move |_| rep.with(|r| cost_vs_util(&r.inputs)));
    let be = Memo::new(move |_| rep.with(|r| break_even_vs_price(&r.inputs)));
    let cum = Memo::new(move |_| rep.with(|r| cumulative(&r.inputs, &r.report)));
    let code = move || rep.with(|r| r.currency.code());
    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-cost-vs-util"
                label="Monthly cost against utilisation"
                draw=move |root| {
                    cost.with(|d| {
                        let t = ChartText {
                            x_axis: "utilisation".into(),
                            y_axis: format!("{} per month", code()),
                            first: "own".into(),
                            second: "rent".into(),
                            mark: d
                                .crossing
                                .map(|(u, _)| format!("U* {}", percent(u, 1)))
                                .unwrap_or_default(),
                            chosen: percent(d.chosen.0, 1),
                        };
                        draw_cost_vs_util(root, d, &t)
                    })
                }
            />
            <ChartCanvas
                testid="chart-break-even-vs-price"
                label="Break-even utilisation against hourly rent"
                draw=move |root| {
                    be.with(|d| {
                        let t = ChartText {
                            x_axis: format!("rent, {} per machine-hour", code()),
                            y_axis: "break-even utilisation".into(),
                            first: "U*".into(),
                            mark: d
                                .chosen
                                .1
                                .map(|u| {
                                    format!("{}: {}", number(d.chosen.0, 0), percent(u, 1))
                                })
                                .unwrap_or_default(),
                            ..Default::default()
                        };
                        draw_break_even_vs_price(root, d, &t)
                    })
                }
            />
            <ChartCanvas
                testid="chart-cumulative"
                label="Cumulative cost over the horizon"
                draw=move |root| {
                    cum.with(|d| {
                        let t = ChartText {
                            x_axis: "month".into(),
                            y_axis: format!("{} in total", code()),
                            first: "own (purchase up front)".into(),
                            second: "rent".into(),
                            mark: d
                                .payback
                                .map(|(m, _)| {
                                    format!("pays back in month {}", number(m.ceil(), 0))
                                })
                                .unwrap_or_default(),
                            ..Default::default()
                        };
                        draw_cumulative(root, d, &t)
                    })
                }
            />
        </div>
    }
}
