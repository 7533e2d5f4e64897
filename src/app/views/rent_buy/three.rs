//! Own, reserve or rent: the three monthly costs at the chosen utilisation, the cheapest way and
//! what it saves, the stretches of utilisation where each way wins, and the three lines on one
//! chart. Shown when the reader asks for reserving to be compared (`reserve=1`); the figures are
//! the core's (`crate::calc::reserve`).

use super::RentBuy;
use crate::app::format::{money, percent};
use crate::app::i18n::{currency_name, tr, Tr};
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::{live, ChartCanvas, StatRow, Stats, When};
use crate::calc::reserve::{three_way, ThreeWayReport, Way};
use crate::calc::sensitivity::cost_vs_util3;
use crate::calc::units::Money;
use crate::charts::{draw_cost_vs_util3, ChartText};
use crate::text::Texts;
use leptos::prelude::*;

const HOW: Tr = |t| t.chart_how.three_ways;

/// A way in words.
pub fn way(t: &'static Texts, w: Way) -> &'static str {
    match w {
        Way::Own => t.rent_buy.way_own,
        Way::Rent => t.rent_buy.way_rent,
        Way::Reserve => t.rent_buy.way_reserve,
    }
}

fn reserve_note(r: &ThreeWayReport, t: &'static Texts) -> String {
    let p = &r.reserve_parts;
    if !r.known(Way::Reserve) {
        return String::new();
    }
    let (d, list) = (percent(p.discount.0, 0), money(p.list_month, 0));
    let note = match (p.quoted_month, p.prepaid) {
        (Some(m), _) => t.rent_buy.reserve_note_quoted(&money(m, 0)),
        // Without a cost of capital (a rate of 0, or less than a cent a month), the clause
        // naming it would say "0 a month of it".
        (None, Some(pre)) if p.interest.amount.abs() < 0.005 => {
            t.rent_buy.reserve_note_prepaid(&d, &list, &money(pre, 0))
        }
        (None, Some(pre)) => {
            t.rent_buy
                .reserve_note_upfront(&d, &list, &money(pre, 0), &money(p.interest, 2))
        }
        (None, None) => t.rent_buy.reserve_note_monthly(&d, &list),
    };
    if p.beyond_horizon.amount > 0.0 {
        let whole = t.rent_buy.reserve_note_whole(&money(p.beyond_horizon, 0));
        format!("{note}{}{whole}", t.headline.part_sep)
    } else {
        note
    }
}

/// A way's monthly cost, or nothing while it stands on a price that is asked for.
fn cost(r: &ThreeWayReport, w: Way) -> Option<Money> {
    let m = match w {
        Way::Rent => r.rent,
        Way::Reserve => r.reserve,
        Way::Own => r.own,
    };
    r.known(w).then_some(m)
}

fn cost_value(r: &ThreeWayReport, w: Way) -> String {
    cost(r, w).map_or(String::new(), |m| m.amount.to_string())
}

fn cost_text(r: &ThreeWayReport, w: Way, t: &'static Texts) -> String {
    cost(r, w).map_or(t.rent_buy.three_asked.to_string(), |m| money(m, 2))
}

#[rustfmt::skip]
const TILES: &[StatRow<ThreeWayReport>] = &[
    StatRow { testid: "three-own", label: |t| t.rent_buy.tile_own, value: |r| cost_value(r, Way::Own), text: |r, t| cost_text(r, Way::Own, t), note: None },
    StatRow { testid: "three-rent", label: |t| t.rent_buy.tile_rent, value: |r| cost_value(r, Way::Rent), text: |r, t| cost_text(r, Way::Rent, t), note: None },
    StatRow { testid: "three-reserve", label: |t| t.rent_buy.tile_reserve, value: |r| cost_value(r, Way::Reserve), text: |r, t| cost_text(r, Way::Reserve, t), note: Some(reserve_note) },
    StatRow { testid: "three-best", label: |t| t.rent_buy.tile_best, value: |r| r.decided().map_or(String::new(), |w| crate::calc::choice::Choice::id(w).to_string()),
        text: |r, t| r.decided().map_or(t.rent_buy.three_undecided.to_string(), |w| way(t, w).to_string()),
        note: Some(|r, t| if r.decided().is_some() { t.rent_buy.best_note(&money(r.saving, 0), way(t, r.runner_up)) } else { String::new() }) },
];

/// The bands in words: `0%–63.3% rent on demand · 63.3%–74.6% reserve · …`.
fn bands(t: &'static Texts, r: &ThreeWayReport) -> String {
    if r.decided().is_none() {
        return t.rent_buy.three_undecided.to_string();
    }
    let items: Vec<String> = r
        .bands
        .iter()
        .filter(|b| b.to.0 > b.from.0)
        .map(|b| {
            t.rent_buy
                .band_item(&percent(b.from.0, 1), &percent(b.to.0, 1), way(t, b.way))
        })
        .collect();
    items.join(" · ")
}

#[component]
pub fn ThreeWays(rep: RentBuy) -> impl IntoView {
    let app = use_app();
    let on = memo(move || rep.see(|r| r.inputs.reserve));
    let three = memo(move || rep.see(|r| three_way(&r.inputs, r.currency)));
    let lines = memo(move || rep.see(|r| cost_vs_util3(&r.inputs)));
    let cur = move |t: &'static Texts| currency_name(t, rep.see(|r| r.currency));
    let summary = Signal::derive(move || {
        let t = app.t();
        three.see(|r| [t.rent_buy.bands_lead.to_string(), bands(t, r)].join(" "))
    });
    live(move || {
        if !on.get() {
            return view! {
                <p class="hint" data-testid="three-off">
                    {tr(|t| t.rent_buy.three_off)}
                </p>
            }
            .into_any();
        }
        let t = app.t();
        view! {
            <section class="three-ways" data-testid="three-ways">
                <h3>{tr(|t| t.rent_buy.three_title)}</h3>
                <Stats of=three rows=TILES />
                <p data-testid="three-bands">
                    {tr(|t| t.rent_buy.bands_lead)} " "
                    {live(move || three.see(|r| bands(app.t(), r)))}
                </p>
                // The lines of a way priced on an asked figure are not this machine's: no chart
                // until it is given.
                <When when=move || three.see(|r| r.decided().is_some())>
                    <div class="charts">
                        <ChartCanvas
                            testid="chart-three-ways"
                            label=t.rent_buy.chart_three
                            how=HOW
                            summary=summary
                            draw=move |root| {
                                lines
                                    .see(|d| {
                                        let text = ChartText {
                                            x_axis: t.rent_buy.axis_util.into(),
                                            y_axis: t.rent_buy.axis_per_month(cur(t)),
                                            first: t.rent_buy.way_own.into(),
                                            second: t.rent_buy.way_rent.into(),
                                            chosen: percent(d.chosen.0, 1),
                                            ..Default::default()
                                        };
                                        draw_cost_vs_util3(root, d, &text, t.rent_buy.way_reserve)
                                    })
                            }
                        />
                    </div>
                </When>
            </section>
        }
        .into_any()
    })
}
