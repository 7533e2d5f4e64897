//! The bill chart: the bill by group, before and after the levers ticked.

use super::{group_label, Bill};
use crate::app::i18n::currency_name;
use crate::app::state::use_app;
use crate::app::widgets::ChartCanvas;
use crate::calc::bill::Group;
use crate::calc::choice::Choice;
use crate::charts::bars::{draw_bars, BarChart};
use leptos::prelude::*;

#[component]
pub fn BillChart(rep: Bill) -> impl IntoView {
    let app = use_app();
    // The chart and its caption are made again in the reader's language on a switch.
    let chart = move || {
        let t = app.t();
        view! {
            <ChartCanvas
                testid="chart-bill-groups"
                label=t.bill.chart_title
                draw=move |root| {
                    rep.with(|rep| {
                        let r = &rep.report;
                        let cats: Vec<String> = Group::ALL
                            .iter()
                            .map(|g| group_label(t, *g).to_string())
                            .collect();
                        let before = r.by_group.map(|g| g.1.amount + 0.0).to_vec();
                        let after = r.after_by_group.map(|g| g.1.amount + 0.0).to_vec();
                        let series = vec![
                            (t.bill.chart_bill.to_string(), before),
                            (t.bill.chart_after.to_string(), after),
                        ];
                        draw_bars(
                            root,
                            &BarChart {
                                categories: &cats,
                                series: &series,
                                y_axis: currency_name(t, rep.currency),
                            },
                        )
                    })
                }
            />
        }
    };
    view! { <div class="charts">{chart}</div> }
}
