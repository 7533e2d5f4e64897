//! The three rent-or-buy charts. Each reads only the series it draws (a memo per chart), so moving
//! the utilisation slider redraws the two charts that depend on it and leaves the third alone.

use super::RentBuy;
use crate::app::format::{number, percent};
use crate::app::i18n::currency_name;
use crate::app::state::use_app;
use crate::app::widgets::ChartCanvas;
use crate::calc::sensitivity::{break_even_vs_price, cost_vs_util, cumulative};
use crate::charts::{draw_break_even_vs_price, draw_cost_vs_util, draw_cumulative, ChartText};
use crate::text::Texts;
use leptos::prelude::*;

#[component]
pub fn RentBuyCharts(rep: RentBuy) -> impl IntoView {
    let app = use_app();
    // Series from the same valid inputs as the figures beside them.
    let cost = Memo::new(move |_| rep.with(|r| cost_vs_util(&r.inputs)));
    let be = Memo::new(move |_| rep.with(|r| break_even_vs_price(&r.inputs)));
    let cum = Memo::new(move |_| rep.with(|r| cumulative(&r.inputs, &r.report)));
    // The currency as a unit, in the language shown.
    let cur = move |t: &'static Texts| currency_name(t, rep.with(|r| r.currency));
    // The canvases take their caption as plain text: a language switch draws them anew.
    move || {
        let t = app.t();
        view! {
            <div class="charts">
                <ChartCanvas
                    testid="chart-cost-vs-util"
                    label=t.rent_buy.chart_cost
                    draw=move |root| {
                        cost.with(|d| {
                            let text = ChartText {
                                x_axis: t.rent_buy.axis_util.into(),
                                y_axis: t.rent_buy.axis_per_month(cur(t)),
                                first: t.rent_buy.line_own.into(),
                                second: t.rent_buy.line_rent.into(),
                                mark: d
                                    .crossing
                                    .map(|(u, _)| format!("U* {}", percent(u, 1)))
                                    .unwrap_or_default(),
                                chosen: percent(d.chosen.0, 1),
                            };
                            draw_cost_vs_util(root, d, &text)
                        })
                    }
                />
                <ChartCanvas
                    testid="chart-break-even-vs-price"
                    label=t.rent_buy.chart_break_even
                    draw=move |root| {
                        be.with(|d| {
                            let text = ChartText {
                                x_axis: t.rent_buy.axis_rent(cur(t)),
                                y_axis: t.rent_buy.axis_break_even.into(),
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
                            draw_break_even_vs_price(root, d, &text)
                        })
                    }
                />
                <ChartCanvas
                    testid="chart-cumulative"
                    label=t.rent_buy.chart_cumulative
                    draw=move |root| {
                        cum.with(|d| {
                            let text = ChartText {
                                x_axis: t.rent_buy.axis_month.into(),
                                y_axis: t.rent_buy.axis_total(cur(t)),
                                first: t.rent_buy.line_own_upfront.into(),
                                second: t.rent_buy.line_rent.into(),
                                mark: d
                                    .payback
                                    .map(|(m, _)| t.rent_buy.pays_back(&number(m.ceil(), 0)))
                                    .unwrap_or_default(),
                                ..Default::default()
                            };
                            draw_cumulative(root, d, &text)
                        })
                    }
                />
            </div>
        }
    }
}
