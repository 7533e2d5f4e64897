//! Two or three saved scenarios side by side (`view=compare&compare=alpha,beta`): every key
//! result with the better value marked, the inputs that differ, and the rent-or-buy cost lines
//! and the memory per card overlaid, one colour per scenario. The figures come from the core
//! ([`crate::calc::library::compare`] and [`crate::calc::library::diff`]); this view words them.
//!
//! The names in a link are looked up among the scenarios saved in this browser: a link sent to
//! someone else opens with a note saying which names are not saved here.

use super::headline::{Answer, Headline, Tone};
use crate::app::format::{gib, money, number, percent};
use crate::app::i18n::{currency_name, label, option, tr, value, Tr};
use crate::app::library::use_library;
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::{live, ChartCanvas, When};
use crate::calc::choice::Choice;
use crate::calc::library::{self, compare, diff, in_one_currency, Kind, Metric, Row, Shown};
use crate::calc::link::COMPARE_MAX;
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::memory::{inference, training};
use crate::calc::scenario::Scenario;
use crate::calc::sensitivity::cost_vs_util;
use crate::calc::table::validate;
use crate::calc::units::{Bytes, Currency, Money};
use crate::charts::bars::{draw_bars, BarChart};
use crate::charts::overlay::{draw_overlay, Overlaid, OverlayText};
use crate::text::Texts;
use leptos::prelude::*;

/// The scenarios chosen, in the order chosen, that are saved here.
#[derive(Clone, PartialEq)]
struct Chosen {
    names: Vec<String>,
    /// In the first one's currency.
    scenarios: Vec<Scenario>,
}

#[component]
pub fn CompareView() -> impl IntoView {
    let app = use_app();
    let lib = use_library();
    let chosen = memo(move || {
        let names: Vec<String> = app
            .compare
            .get()
            .into_iter()
            .filter(|n| lib.find(n).is_some())
            .collect();
        let raw: Vec<Scenario> = names
            .iter()
            .filter_map(|n| lib.scenario_of(n).map(|(s, _)| s))
            .collect();
        let refs: Vec<&Scenario> = raw.iter().collect();
        Chosen {
            names,
            scenarios: in_one_currency(&refs),
        }
    });
    let missing = move || {
        app.compare
            .get()
            .into_iter()
            .filter(|n| lib.find(n).is_none())
            .collect::<Vec<_>>()
    };
    let said = memo(move || {
        let t = &app.t().compare;
        chosen.see(|c| {
            if c.names.len() < 2 {
                Answer {
                    code: "choose",
                    tone: Tone::Plain,
                    lead: t.choose_lead.to_string(),
                    detail: t.choose_detail.to_string(),
                }
            } else {
                let refs: Vec<&Scenario> = c.scenarios.iter().collect();
                let n = diff(&refs).len();
                Answer {
                    code: "compared",
                    tone: Tone::Plain,
                    lead: t.lead(&c.names.len().to_string()),
                    detail: if n == 1 {
                        t.detail_one.to_string()
                    } else {
                        t.detail(&n.to_string())
                    },
                }
            }
        })
    });
    view! {
        <section class="view compare" data-testid="view-compare">
            <Headline answer=said />
            <Picker />
            <When when=move || !missing().is_empty()>
                <p class="notice" data-testid="compare-missing">
                    {live(move || app.t().compare.missing(&missing().join(", ")))}
                </p>
            </When>
            <When when=move || chosen.see(|c| c.names.len() >= 2)>
                <Results chosen=chosen />
            </When>
        </section>
    }
}

/// Checkboxes of the saved scenarios: at most three at once.
#[component]
fn Picker() -> impl IntoView {
    let app = use_app();
    let lib = use_library();
    let toggle = move |name: String, on: bool| {
        app.compare.update(|v| {
            v.retain(|n| *n != name);
            if on {
                v.push(name);
            }
            v.truncate(COMPARE_MAX);
        });
    };
    view! {
        <fieldset class="compare-pick">
            <legend>{tr(|t| t.compare.pick)}</legend>
            <When
                when=move || lib.items.see(|v| !v.is_empty())
                fallback=|| view! { <p class="hint">{tr(|t| t.compare.none_saved)}</p> }
            >
                <For each=move || lib.items.get() key=|i| (i.id, i.saved.name.clone()) let:item>
                    {
                        let name = item.saved.name.clone();
                        let n2 = name.clone();
                        let n3 = name.clone();
                        let checked = move || app.compare.see(|v| v.contains(&n2));
                        let full = move || {
                            app.compare.see(|v| v.len() >= COMPARE_MAX && !v.contains(&n3))
                        };
                        view! {
                            <label>
                                <input
                                    type="checkbox"
                                    data-testid="compare-pick"
                                    data-name=name.clone()
                                    prop:checked=checked
                                    disabled=full
                                    on:change=move |ev| toggle(
                                        name.clone(),
                                        event_target_checked(&ev),
                                    )
                                />
                                " "
                                {item.saved.name.clone()}
                            </label>
                        }
                    }
                </For>
            </When>
            <p class="hint">{tr(|t| t.compare.link_note)}</p>
        </fieldset>
    }
}

/// An input's link value in words: money in the currency, a choice by its option's name.
fn input_words(t: &'static Texts, key: &str, raw: &str, c: Currency) -> String {
    // Cards and models are named by the catalogue, not by the locale files.
    let named = match key {
        "gpu" => crate::calc::memory::catalogue::gpu(raw).map(|g| g.name),
        "model" => crate::calc::memory::presets::preset(raw).map(|p| p.name),
        _ => None,
    };
    if let Some(name) = named {
        return name.to_string();
    }
    match library::shown(key, raw) {
        Shown::Number(kind, v) => value(v, kind, c),
        Shown::Choice(id) => option(t, key, id).to_string(),
        Shown::Flag(on) => if on {
            t.compare_words.yes
        } else {
            t.compare_words.no
        }
        .to_string(),
        Shown::Text(s) => s,
    }
}

/// A catalogue row's name, from its id (a card's or a machine's).
fn picked_name(t: &'static Texts, id: &str) -> String {
    crate::calc::pick::all()
        .find(|p| p.id() == id)
        .map_or(t.compare.none, |p| match p {
            crate::calc::pick::Pick::Card(_) => p.gpu().name,
            crate::calc::pick::Pick::Machine(m) => m.name,
        })
        .to_string()
}

/// A metric's value in words.
fn shown(t: &'static Texts, m: Metric, v: Option<f64>, c: Currency) -> String {
    let Some(v) = v else {
        return t.compare.none.to_string();
    };
    match m.kind() {
        Kind::Money => money(Money::new(v, c), if v.abs() < 100.0 { 2 } else { 0 }),
        Kind::Ratio => percent(v, 1),
        Kind::Bytes => gib(Bytes(v)),
        Kind::Count => number(v, 0),
        Kind::Rate => t.compare.per_second(&number(v, 0)),
        Kind::Seconds => t.serving.ms(&number(v * 1000.0, 1)),
        // Worded from the row's id (`picked_name`) where the table has it.
        Kind::Pick => crate::calc::pick::all()
            .nth(v as usize)
            .map_or(t.compare.none.to_string(), |p| picked_name(t, p.id())),
        Kind::Verdict => if v > 0.5 {
            t.compare.buy
        } else {
            t.compare.rent
        }
        .to_string(),
    }
}

fn metric_name(t: &'static Texts, m: Metric) -> &'static str {
    let c = &t.compare;
    match m {
        Metric::OwnMonthly => c.m_own,
        Metric::RentMonthly => c.m_rent,
        Metric::BreakEven => c.m_break_even,
        Metric::Verdict => c.m_verdict,
        Metric::TrainingPerCard => c.m_training,
        Metric::MinCards => c.m_min_cards,
        Metric::InferencePerCard => c.m_inference,
        Metric::SpotCost => c.m_spot,
        Metric::BillTotal => c.m_bill,
        Metric::ServingPerMillion => c.m_serving,
        Metric::ServingTokensPerSecond => c.m_serving_tps,
        Metric::ServingTpot => c.m_serving_tpot,
        Metric::ServingTtft => c.m_serving_ttft,
        Metric::ServingCards => c.m_serving_cards,
        Metric::PlanBest => c.m_plan_best,
        Metric::PlanCost => c.m_plan_cost,
    }
}

#[component]
fn Results(chosen: Memo<Chosen>) -> impl IntoView {
    let app = use_app();
    let rows = memo(move || {
        chosen.see(|c| {
            let refs: Vec<&Scenario> = c.scenarios.iter().collect();
            compare(&refs)
        })
    });
    let currency = move || {
        chosen.see(|c| {
            c.scenarios
                .first()
                .map_or(Currency::default(), |s| s.currency)
        })
    };
    let head = move || {
        chosen.see(|c| {
            c.names
                .iter()
                .enumerate()
                .map(|(n, name)| {
                    // A class, not a style attribute: the page's CSP allows no inline style. The
                    // stylesheet's swatch colours are the charts' (`charts::overlay::colour`).
                    view! {
                        <th scope="col">
                            <span class=format!("swatch swatch-{n}") aria-hidden="true"></span>
                            " "
                            {name.clone()}
                        </th>
                    }
                })
                .collect_view()
        })
    };
    let body = move || {
        let (t, c) = (app.t(), currency());
        rows.see(|rows| {
            rows.iter()
                .map(|r: &Row| {
                    let cells = r
                        .values
                        .iter()
                        .enumerate()
                        .map(|(n, v)| {
                            let best = r.best.contains(&n);
                            let id = r.ids.get(n).copied().flatten();
                            let text = match id {
                                Some(id) => picked_name(t, id),
                                None => shown(t, r.metric, *v, c),
                            };
                            // A catalogue row is given by its id, as the plan view's `plan-best`.
                            let value = id
                                .map(str::to_string)
                                .or_else(|| v.map(|v| v.to_string()))
                                .unwrap_or_default();
                            view! {
                                <td class:best=best data-value=value>
                                    {text}
                                    {best
                                        .then(|| {
                                            view! {
                                                " "
                                                <span class="best-mark">{t.compare.better}</span>
                                            }
                                        })}
                                </td>
                            }
                        })
                        .collect_view();
                    view! {
                        <tr data-metric=r.metric.id()>
                            <th scope="row">{metric_name(t, r.metric)}</th>
                            {cells}
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let differences = move || {
        let (t, cur) = (app.t(), currency());
        chosen.see(|c| {
            let refs: Vec<&Scenario> = c.scenarios.iter().collect();
            diff(&refs)
                .into_iter()
                .map(|d| {
                    // The field's label; the link key only for a key the page has no label for.
                    let name = match label(t, &d.key) {
                        "" => d.key.clone(),
                        l => l.to_string(),
                    };
                    let key = d.key.clone();
                    let cells = d
                        .values
                        .into_iter()
                        .map(|v| {
                            let text = match v {
                                // The default card is a card: named, as the others are.
                                None if key == "gpu" => {
                                    input_words(t, &key, &MemoryInputs::default().gpu, cur)
                                }
                                None => t.compare.example.to_string(),
                                Some(raw) => input_words(t, &key, &raw, cur),
                            };
                            view! { <td>{text}</td> }
                        })
                        .collect_view();
                    view! {
                        <tr data-key=d.key.clone()>
                            <th scope="row">{name}</th>
                            {cells}
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let count = move || chosen.see(|c| c.names.len());
    view! {
        <div class="table-wrap">
            <table
                class="compare-table"
                data-testid="compare-table"
                data-value=move || count().to_string()
            >
                <caption>{tr(|t| t.compare.results)}</caption>
                <thead>
                    <tr>
                        <th scope="col">{tr(|t| t.compare.result)}</th>
                        {live(head)}
                    </tr>
                </thead>
                <tbody>{live(body)}</tbody>
            </table>
        </div>
        <div class="table-wrap">
            <table class="compare-table" data-testid="compare-diff">
                <caption>{tr(|t| t.compare.inputs)}</caption>
                <thead>
                    <tr>
                        <th scope="col">{tr(|t| t.compare.input)}</th>
                        {live(head)}
                    </tr>
                </thead>
                <tbody>{live(differences)}</tbody>
            </table>
        </div>
        <CompareCharts chosen=chosen />
    }
}

const HOW_COST: Tr = |t| t.compare_chart.how_cost;
const HOW_MEMORY: Tr = |t| t.compare_chart.how_memory;

#[component]
fn CompareCharts(chosen: Memo<Chosen>) -> impl IntoView {
    let app = use_app();
    let lines = memo(move || {
        chosen.see(|c| {
            c.scenarios
                .iter()
                .map(|s| cost_vs_util(&validate(s.rent_buy.clone()).unwrap_or_default()))
                .collect::<Vec<_>>()
        })
    });
    let memory = memo(move || {
        chosen.see(|c| {
            c.scenarios
                .iter()
                .map(|s| {
                    let m = validate(s.memory.clone()).unwrap_or_default();
                    let gib = |b: Bytes| b.0 / 1_073_741_824.0;
                    vec![
                        gib(training::report(&m).total),
                        gib(inference::report(&m).required),
                    ]
                })
                .collect::<Vec<_>>()
        })
    });
    let first_currency = move || {
        chosen.see(|c| {
            c.scenarios
                .first()
                .map_or(Currency::default(), |s| s.currency)
        })
    };
    let cost_sum = Signal::derive(move || {
        let t = app.t();
        let names = chosen.see(|c| c.names.clone());
        let cur = first_currency();
        lines.see(|l| {
            names
                .iter()
                .zip(l)
                .map(|(n, d)| {
                    let be = d
                        .crossing
                        .map(|(u, _)| percent(u, 1))
                        .unwrap_or_else(|| t.compare_chart.no_be.to_string());
                    let own = d.own.first().map_or(0.0, |p| p.1);
                    t.compare_chart
                        .sum_cost(n, &money(Money::new(own, cur), 0), &be)
                })
                .collect::<Vec<_>>()
                .join(t.app.sentence_sep)
        })
    });
    let memory_sum = Signal::derive(move || {
        let t = app.t();
        let names = chosen.see(|c| c.names.clone());
        memory.see(|m| {
            names
                .iter()
                .zip(m)
                .map(|(n, v)| {
                    let g = |x: f64| gib(Bytes(x * 1_073_741_824.0));
                    t.compare_chart.sum_memory(n, &g(v[0]), &g(v[1]))
                })
                .collect::<Vec<_>>()
                .join(t.app.sentence_sep)
        })
    });
    live(move || {
        let t = app.t();
        let cur = first_currency();
        view! {
            <div class="charts">
                <ChartCanvas
                    testid="chart-compare-cost"
                    label=t.compare.chart_cost
                    how=HOW_COST
                    summary=cost_sum
                    draw=move |root| {
                        let names = chosen.see(|c| c.names.clone());
                        lines
                            .see(|l| {
                                let list: Vec<Overlaid> = names
                                    .iter()
                                    .zip(l)
                                    .map(|(name, data)| Overlaid { name, data })
                                    .collect();
                                let y = t.rent_buy.axis_per_month(currency_name(t, cur));
                                let text = OverlayText {
                                    x_axis: t.rent_buy.axis_util,
                                    y_axis: &y,
                                    own: t.compare.own,
                                    rent: t.compare.rent_line,
                                };
                                draw_overlay(root, &list, &text)
                            })
                    }
                />
                <ChartCanvas
                    testid="chart-compare-memory"
                    label=t.compare.chart_memory
                    how=HOW_MEMORY
                    summary=memory_sum
                    draw=move |root| {
                        let names = chosen.see(|c| c.names.clone());
                        memory
                            .see(|m| {
                                let categories = [
                                    t.compare.m_training.to_string(),
                                    t.compare.m_inference.to_string(),
                                ];
                                let series: Vec<(String, Vec<f64>)> = names
                                    .into_iter()
                                    .zip(m.iter().cloned())
                                    .collect();
                                draw_bars(
                                    root,
                                    &BarChart {
                                        categories: &categories,
                                        series: &series,
                                        y_axis: "GiB",
                                    },
                                )
                            })
                    }
                />
            </div>
        }
    })
}
