//! What moves the rent-or-buy answer: two tornado charts (the break-even utilisation and the
//! monthly difference, each input moved by the `swing` share) and the verdict over hourly rent by
//! utilisation. The figures are the core's (`crate::calc::moves`); this file words and draws them.

use super::{RentBuy, LENS};
use crate::app::format::{money, number, percent};
use crate::app::i18n::{currency_name, label, tr, Tr};
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::{live, num, ChartCanvas};
use crate::calc::moves::{market_range, tornado, verdict_map, Output, Skip, Tornado, VerdictMap};
use crate::calc::rent_buy::SWING;
use crate::calc::reserve::Way;
use crate::calc::units::{Currency, Money};
use crate::charts::heatmap::{draw_heatmap, HeatmapChart};
use crate::charts::tornado::{draw_tornado, TornadoBar, TornadoChart};
use crate::charts::Side;
use crate::text::Texts;
use leptos::prelude::*;

const HOW_TORNADO: Tr = |t| t.chart_how.tornado;
const HOW_HEAT: Tr = |t| t.chart_how.heatmap;

/// One output of the tornado as the page writes it.
fn figure(by: Output, v: Option<f64>, c: Currency) -> String {
    match (by, v) {
        (Output::BreakEven, Some(u)) => percent(u, 1),
        (Output::BreakEven, None) => "—".to_string(),
        (Output::Difference, Some(d)) => money(Money::new(d, c), 0),
        (Output::Difference, None) => String::new(),
    }
}

/// The value of `by` in an outcome; `None` for a break-even that does not exist.
fn value(by: Output, o: &crate::calc::moves::Outcome) -> Option<f64> {
    match by {
        Output::BreakEven => o.break_even.map(|u| u.0),
        Output::Difference => Some(o.difference.amount),
    }
}

/// A field's label without its explanation, for a chart's narrow name column: the words before
/// the first bracket or colon (`购置价（显卡、网络…）` is `购置价`).
fn short(t: &'static Texts, key: &str) -> String {
    let l = label(t, key);
    let end = l
        .find(['（', '(', '：', ':'])
        .filter(|&i| i > 0)
        .unwrap_or(l.len());
    l[..end].trim().to_string()
}

/// The colour of a way on the charts.
fn side(w: Way) -> Side {
    match w {
        Way::Rent => Side::Rent,
        Way::Reserve => Side::Reserve,
        Way::Own => Side::Own,
    }
}

/// The bars as the chart draws them: a missing break-even is drawn at 100% (renting wins at
/// every utilisation, as at any break-even above full use). With reserving compared, each end
/// carries the cheapest of the three ways there.
fn bars(t: &'static Texts, d: &Tornado, reserving: bool) -> Vec<TornadoBar> {
    let at = |o| value(d.by, o).unwrap_or(1.0);
    d.bars
        .iter()
        .map(|b| TornadoBar {
            name: short(t, b.key),
            low: at(&b.low.outcome),
            high: at(&b.high.outcome),
            ways: reserving.then(|| (side(b.low.outcome.way), side(b.high.outcome.way))),
        })
        .collect()
}

/// The bar that moves the output most, and the output as the inputs stand.
fn tornado_summary(t: &'static Texts, d: &Tornado, c: Currency) -> String {
    let w = &t.chart_sum;
    let base = w.tornado_base(&figure(d.by, value(d.by, &d.base), c));
    match d.bars.first() {
        Some(b) => [
            w.tornado_first(
                label(t, b.key),
                &figure(d.by, value(d.by, &b.low.outcome), c),
                &figure(d.by, value(d.by, &b.high.outcome), c),
            ),
            base,
        ]
        .join(w.sep),
        None => base,
    }
}

fn tornado_rows(t: &'static Texts, d: &Tornado, reserving: bool) -> Vec<Vec<String>> {
    let w = &t.rent_buy;
    let mut head = vec![
        w.col_input.to_string(),
        w.col_low.to_string(),
        w.col_high.to_string(),
        w.col_at_low.to_string(),
        w.col_at_high.to_string(),
    ];
    if reserving {
        head.extend([w.col_way_low.to_string(), w.col_way_high.to_string()]);
    }
    let mut rows = vec![head];
    let cell = |o| {
        value(d.by, o)
            .map(|v| format!("{v:.4}"))
            .unwrap_or_default()
    };
    rows.extend(d.bars.iter().map(|b| {
        let mut row = vec![
            label(t, b.key).to_string(),
            format!("{}", b.low.link_value),
            format!("{}", b.high.link_value),
            cell(&b.low.outcome),
            cell(&b.high.outcome),
        ];
        if reserving {
            row.extend(
                [
                    way_words(t, b.low.outcome.way),
                    way_words(t, b.high.outcome.way),
                ]
                .map(str::to_string),
            );
        }
        row
    }));
    rows
}

/// The inputs without a bar, and why.
fn skipped(t: &'static Texts, d: &Tornado, reserving_off: bool) -> String {
    let w = &t.rent_buy;
    let list: Vec<String> = d
        .skipped
        .iter()
        // A reserved term's discount moves nothing while reserving is not compared: not worth
        // a mention then.
        .filter(|(key, why)| {
            !(reserving_off && *why == Skip::NoEffect && key.starts_with("reserve_"))
        })
        .filter_map(|(key, why)| {
            let l = &short(t, key);
            match why {
                Skip::Setting => None,
                Skip::Zero => Some(w.skip_zero(l)),
                Skip::NoEffect => Some(w.skip_no_effect(l)),
                Skip::Convention => Some(w.skip_convention(l)),
            }
        })
        .collect();
    if list.is_empty() {
        String::new()
    } else {
        w.moves_skipped(&list.join(t.app.list_sep))
    }
}

/// What the cheapest way at a point is, as the map's legend says it.
fn way_words(t: &'static Texts, w: Way) -> &'static str {
    match w {
        Way::Own => t.rent_buy.heat_own,
        Way::Rent => t.rent_buy.heat_rent,
        Way::Reserve => t.rent_buy.heat_reserve,
    }
}

fn heat_summary(t: &'static Texts, m: &VerdictMap, reserving: bool) -> String {
    let w = &t.chart_sum;
    let c = m.current;
    if reserving {
        let way = match c.way {
            Way::Own => t.rent_buy.way_own,
            Way::Rent => t.rent_buy.way_rent,
            Way::Reserve => t.rent_buy.way_reserve,
        };
        return w.heat3(&money(c.price, 2), &percent(c.util.0, 1), way);
    }
    match c.break_even {
        Some(u) => w.heat(&money(c.price, 2), &percent(u.0, 1)),
        None => w.heat_none.to_string(),
    }
}

fn heat_rows(t: &'static Texts, m: &VerdictMap, cur: &str, reserving: bool) -> Vec<Vec<String>> {
    let w = &t.rent_buy;
    let mut head = vec![
        w.axis_rent(cur),
        t.chart_dl.column(w.axis_util, "%"),
        t.chart_dl.column(w.col_difference, &w.axis_per_month(cur)),
    ];
    if reserving {
        head.push(w.col_cheapest.to_string());
    }
    let mut rows = vec![head];
    let mid = |e: &[f64], k: usize| (e[k] + e[k + 1]) / 2.0;
    for (j, row) in m.cells.iter().enumerate() {
        for (i, cell) in row.iter().enumerate() {
            let mut r = vec![
                format!("{:.2}", mid(&m.price_edges, i)),
                format!("{:.2}", mid(&m.util_edges, j) * 100.0),
                format!("{:.2}", cell.difference.amount),
            ];
            if reserving {
                r.push(way_words(t, cell.way).to_string());
            }
            rows.push(r);
        }
    }
    rows
}

/// The section: the swing, both tornadoes and the map.
#[component]
pub fn Moves(rep: RentBuy) -> impl IntoView {
    let app = use_app();
    let by_be = memo(move || rep.see(|r| tornado(&r.inputs, r.currency, Output::BreakEven)));
    let by_diff = memo(move || rep.see(|r| tornado(&r.inputs, r.currency, Output::Difference)));
    let fx = memo(move || app.scenario.see(|s| s.fx));
    let map = memo(move || {
        rep.see(|r| verdict_map(&r.inputs, r.currency, market_range(r.currency, fx.get())))
    });
    let currency = memo(move || rep.see(|r| r.currency));
    let reserving = memo(move || rep.see(|r| r.inputs.reserve));
    let cur = move |t: &'static Texts| currency_name(t, currency.get());
    let pct = move || rep.see(|r| percent(r.inputs.swing.0, 0));
    let sum = move |d: Memo<Tornado>| {
        Signal::derive(move || {
            let t = app.t();
            d.see(|d| tornado_summary(t, d, currency.get()))
        })
    };
    let (be_sum, diff_sum) = (sum(by_be), sum(by_diff));
    let heat_sum = Signal::derive(move || {
        let t = app.t();
        map.see(|m| heat_summary(t, m, reserving.get()))
    });
    let point = move || {
        let t = app.t();
        map.see(|m| {
            let c = m.current;
            t.rent_buy.heat_point(
                &money(c.price, 2),
                &percent(c.util.0, 1),
                way_words(t, c.way),
            )
        })
    };
    let verdict_id = move || {
        // The headline's own ids: `buy` for owning, as the two-way verdict has it.
        map.see(|m| match m.current.way {
            Way::Own => "buy",
            Way::Rent => "rent",
            Way::Reserve => "reserve",
        })
    };
    // One canvas per tornado: the same drawing for either output.
    let tornado_chart = move |t: &'static Texts,
                              d: Memo<Tornado>,
                              summary: Signal<String>,
                              testid,
                              caption: &'static str| {
        let x_axis = move |t: &'static Texts| match d.see_untracked(|d| d.by) {
            Output::BreakEven => t.rent_buy.axis_break_even.to_string(),
            Output::Difference if reserving.get_untracked() => t.rent_buy.axis_difference3(cur(t)),
            Output::Difference => t.rent_buy.axis_difference(cur(t)),
        };
        view! {
            <ChartCanvas
                testid=testid
                label=caption
                how=HOW_TORNADO
                summary=summary
                csv=move || {
                    let t = app.t_untracked();
                    d.see_untracked(|d| tornado_rows(t, d, reserving.get_untracked()))
                }
                draw=move |root| {
                    let p = pct();
                    let three = reserving.get();
                    d.see(|d| {
                        let bars = bars(t, d, three);
                        draw_tornado(
                            root,
                            &TornadoChart {
                                bars: &bars,
                                base: value(d.by, &d.base).unwrap_or(1.0),
                                x_axis: &x_axis(t),
                                lowered: &t.rent_buy.lowered(&p),
                                raised: &t.rent_buy.raised(&p),
                                percent: d.by == Output::BreakEven,
                                ways: three
                                    .then_some([
                                        t.rent_buy.heat_rent,
                                        t.rent_buy.heat_reserve,
                                        t.rent_buy.heat_own,
                                    ]),
                            },
                        )
                    })
                }
            />
        }
    };
    view! {
        <section class="moves" data-testid="moves">
            <h3>{tr(|t| t.rent_buy.moves_title)}</h3>
            <p class="hint">{tr(|t| t.rent_buy.moves_intro)}</p>
            {num(&SWING, LENS)}
            {live(move || {
                let t = app.t();
                view! {
                    <div class="charts">
                        {tornado_chart(
                            t,
                            by_be,
                            be_sum,
                            "chart-tornado-break-even",
                            t.rent_buy.chart_tornado_be,
                        )}
                        {tornado_chart(
                            t,
                            by_diff,
                            diff_sum,
                            "chart-tornado-difference",
                            t.rent_buy.chart_tornado_diff,
                        )} <p class="hint" data-testid="moves-skipped">
                            {live(move || {
                                let off = !rep.see(|r| r.inputs.reserve);
                                by_diff.see(|d| skipped(t, d, off))
                            })}
                        </p>
                        <ChartCanvas
                            testid="chart-heatmap"
                            label=t.rent_buy.chart_heatmap
                            how=HOW_HEAT
                            summary=heat_sum
                            csv=move || {
                                let t = app.t_untracked();
                                map.see_untracked(|m| heat_rows(
                                    t,
                                    m,
                                    cur(t),
                                    reserving.get_untracked(),
                                ))
                            }
                            draw=move |root| {
                                let three = reserving.get();
                                map.see(|m| {
                                    let cols = m.price_edges.len().saturating_sub(1);
                                    let sides: Vec<Side> = m
                                        .cells
                                        .iter()
                                        .flatten()
                                        .map(|c| side(c.way))
                                        .collect();
                                    let cells: Vec<f64> = m
                                        .cells
                                        .iter()
                                        .flatten()
                                        .map(|c| c.difference.amount)
                                        .collect();
                                    let (lo, hi) = m.market;
                                    let c = m.current;
                                    draw_heatmap(
                                        root,
                                        &HeatmapChart {
                                            price: (
                                                m.price_edges.first().copied().unwrap_or(0.0),
                                                m.price_edges.last().copied().unwrap_or(1.0),
                                            ),
                                            util: (0.0, 1.0),
                                            cols,
                                            cells: &cells,
                                            boundary: &m.border,
                                            market: m.market,
                                            point: (c.price.amount, c.util.0),
                                            x_axis: &t.rent_buy.axis_rent(cur(t)),
                                            y_axis: t.rent_buy.axis_util,
                                            own: t.rent_buy.heat_own,
                                            rent: t.rent_buy.heat_rent,
                                            market_name: &t
                                                .rent_buy
                                                .heat_market(&number(lo, 0), &number(hi, 0)),
                                            sides: three.then_some(sides.as_slice()),
                                            reserve: three.then_some(t.rent_buy.heat_reserve),
                                        },
                                    )
                                })
                            }
                        /> <p class="hint" data-testid="heatmap-point" data-value=verdict_id>
                            {live(point)}
                        </p>
                    </div>
                }
            })}
        </section>
    }
}
