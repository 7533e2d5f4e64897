//! The bill chart: the bill by group, before and after the levers ticked.

use super::{group_label, Bill};
use crate::app::widgets::ChartCanvas;
use crate::calc::bill::Group;
use crate::calc::choice::Choice;
use crate::charts::bars::{draw_bars, BarChart};
use leptos::prelude::*;

#[component]
pub fn BillChart(rep: Bill) -> impl IntoView {
    view! {
        <div class="charts">
            <ChartCanvas
                testid="chart-bill-groups"
                label="The bill by group, before and after the levers"
                draw=move |root| {
                    rep.with(|rep| {
                        let r = &rep.report;
                        let cats: Vec<String> = Group::ALL
                            .iter()
                            .map(|g| group_label(*g).to_string())
                            .collect();
                        let before = r.by_group.map(|g| g.1.amount).to_vec();
                        let after = r.after_by_group.map(|g| g.1.amount).to_vec();
                        let series = vec![
                            ("bill".to_string(), before),
                            ("after the levers".to_string(), after),
                        ];
                        draw_bars(
                            root,
                            &BarChart {
                                categories: &cats,
                                series: &series,
                                y_axis: rep.currency.code(),
                            },
                        )
                    })
                }
            />
        </div>
    }
}
