//! The plan's table: one row per catalogue card or machine, ranked, with its count, latencies,
//! a month three ways and the cheapest way, or why it is left out. The rows are worded once per
//! report into plain lines and drawn by one loop; a row's card opens the serving view on it.

use super::Plan;
use crate::app::format::{gib, money, number};
use crate::app::i18n::{currency_name, quote_month, tr, Tr};
use crate::app::state::{memo, use_app, AppState, See};
use crate::app::widgets::live;
use crate::calc::link::{encode_whole, LinkState};
use crate::calc::pick::OwnBasis;
use crate::calc::plan::api::PRICE_DIGITS;
use crate::calc::plan::{
    row_scenario, row_scenario_train, row_serving, Job, OwnedUnits, PlanReport, PlanRow, Reason,
    Way,
};
use crate::calc::scenario::Scenario;
use crate::calc::training_time::MACHINE_CARDS;
use crate::calc::units::{Currency, Money};
use crate::text::Texts;
use leptos::prelude::*;

/// A row's card: `count × name`, or machines priced whole.
pub fn row_name(r: &PlanRow, t: &'static Texts) -> String {
    match crate::calc::memory::prices::machine(r.id).filter(|_| r.machine_cards > 0) {
        Some(m) if r.machines == 1 => t.plan.machine_one(m.name),
        Some(m) => t.plan.machines(m.name, &r.machines.to_string()),
        None => match r.train_machines() {
            Some(k) => t
                .plan
                .cards_machines(r.gpu.name, &k.to_string(), &r.cards.to_string()),
            None if r.fits => t.plan.cards(&r.cards.to_string(), r.gpu.name),
            None => r.gpu.name.to_string(),
        },
    }
}

/// What an owned way buys, in words: "1 × 8 × B200 (DGX B200) at $515,000", or cards on hosts.
pub fn owned_units(o: &OwnedUnits, c: Currency, t: &'static Texts) -> String {
    let w = &t.plan;
    let units = o.units.to_string();
    match o.basis {
        OwnBasis::RentBuy => w.own_rent_buy(&units),
        OwnBasis::Machine { machine, quote } => {
            w.own_machine(&units, machine.name, &money(Money::new(quote.amount, c), 0))
        }
        OwnBasis::Hosted {
            host, host_quote, ..
        } => w.own_hosted(
            &o.cards_bought.to_string(),
            &units,
            host.name,
            &money(Money::new(host_quote.amount, c), 0),
        ),
    }
}

pub fn way_name(w: Way, t: &'static Texts) -> &'static str {
    match w {
        Way::OnDemand => t.plan.way_on_demand,
        Way::Reserved => t.plan.way_reserved,
        Way::Owned => t.plan.way_owned,
        Way::Spot => t.plan.way_spot,
    }
}

fn seconds(v: f64, t: &'static Texts) -> String {
    if v >= 1.0 {
        t.serving.seconds(&number(v, 1))
    } else {
        t.serving.ms(&number(v * 1000.0, 0))
    }
}

/// Why a row is left out, in words ("misses first token: prefill 3.2 s").
pub fn reason(r: &PlanRow, p: &PlanReport, t: &'static Texts) -> String {
    let w = &t.plan;
    let text = match r.reason {
        None => return String::new(),
        Some(Reason::NoFit) => w.no_fit.to_string(),
        Some(Reason::MissesFirstToken {
            ttft_s,
            prefill_s,
            at_best: false,
        }) => w.misses_ttft(&seconds(ttft_s, t), &seconds(prefill_s, t)),
        // The shortest first token there is: the column's time at the load is longer.
        Some(Reason::MissesFirstToken {
            ttft_s,
            prefill_s,
            at_best: true,
        }) => w.misses_ttft_at_best(&seconds(ttft_s, t), &seconds(prefill_s, t)),
        Some(Reason::MissesTpot { tpot_s }) => w.misses_tpot(&seconds(tpot_s, t)),
        Some(Reason::NoPrice) => w.no_price(currency_name(t, p.currency)),
        Some(Reason::MissesDeadline { hours }) => w.misses_deadline(&number(hours, 1)),
    };
    format!("{}{}{text}", row_name(r, t), w.colon)
}

/// One row as the table shows it.
#[derive(Clone, PartialEq)]
struct Line {
    id: &'static str,
    /// The index of the row, to open it.
    k: usize,
    cost: String,
    count: u64,
    fits: bool,
    meets: bool,
    name: String,
    ttft: String,
    tpot: String,
    month: [String; 4],
    /// Each way's price month, worded and raw.
    when: [String; 4],
    date: [&'static str; 4],
    /// What owning buys.
    owned: String,
    why: String,
}

fn lines(p: &PlanReport, t: &'static Texts) -> Vec<Line> {
    p.rows
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let shown = |s: String| if r.fits { s } else { String::new() };
            Line {
                id: r.id,
                k,
                cost: r.cost.map_or(String::new(), |c| c.amount.to_string()),
                count: r.cards,
                fits: r.fits,
                meets: r.meets,
                name: row_name(r, t),
                ttft: shown(match p.job {
                    Job::Serve => seconds(r.ttft_s, t),
                    Job::Train => t.plan.hours(&number(r.hours, 1)),
                }),
                tpot: shown(match p.job {
                    Job::Serve => t.serving.ms(&number(r.tpot_s * 1000.0, 0)),
                    Job::Train => number(r.train_tps, 0),
                }),
                month: Way::ALL.map(|w| r.month_of(w).map_or("–".into(), |m| money(m, 0))),
                when: Way::ALL.map(|w| {
                    r.month_of(w)
                        .and(r.date_of(w))
                        .map_or(String::new(), |d| quote_month(t, d))
                }),
                date: Way::ALL.map(|w| r.date_of(w).unwrap_or("")),
                owned: match (r.owned, r.month_of(Way::Owned)) {
                    (Some(o), Some(_)) => owned_units(&o, p.currency, t),
                    _ => String::new(),
                },
                why: match (r.reason, r.way) {
                    (None, Some(w)) => match r.edge {
                        // At the edge of its memory: how much is left, and what leaves more.
                        Some((spare, kept)) => {
                            t.plan.at_edge(way_name(w, t), &gib(spare), &gib(kept))
                        }
                        None => way_name(w, t).to_string(),
                    },
                    _ => {
                        let full = reason(r, p, t);
                        // The name is in the row already.
                        full.split_once(t.plan.colon)
                            .map_or(full.clone(), |x| x.1.into())
                    }
                },
            }
        })
        .collect()
}

/// The address of the serving view on a row's card and split (the training view on its card,
/// count and sharding), the rest of the scenario kept.
fn href(app: AppState, s: &Scenario, job: Job, r: &PlanRow) -> String {
    let (view, scenario) = match job {
        Job::Serve => ("serving", row_scenario(s, r.gpu, r.tp)),
        Job::Train => ("training", row_scenario_train(s, r.gpu, r.cards, r.zero)),
    };
    let state = LinkState {
        view: view.into(),
        lang: app.lang.get_untracked(),
        embed: false,
        part: None,
        compare: Vec::new(),
        // A teacher presenting the plan stays presenting in the view a row opens.
        present: app.present.get_untracked(),
        scenario,
        progress: app.progress.get_untracked(),
    };
    format!("?{}", encode_whole(&state, ""))
}

/// Opens the serving view on row `k`: its card, its split, no price typed for another card; for
/// a training job the training view on its card, count and sharding.
fn open(app: AppState, rep: Plan, k: usize) {
    let Some((job, gpu, tp, n, zero)) = rep.see_untracked(|r| {
        let job = r.report.job;
        r.report
            .rows
            .get(k)
            .map(|row| (job, row.gpu, row.tp, row.cards, row.zero))
    }) else {
        return;
    };
    let view = match job {
        Job::Serve => {
            app.try_edit(super::super::model::MEMORY, |m| {
                m.gpu = gpu.id.to_string();
                m.inference.tp = tp;
            });
            app.try_edit(crate::app::state::lenses::SERVING, |s| *s = row_serving(s));
            "serving"
        }
        Job::Train => {
            app.try_edit(super::super::model::MEMORY, |m| {
                m.gpu = gpu.id.to_string();
                m.training.gpus = n.max(1);
                m.training.zero = zero;
            });
            "training"
        }
    };
    if let Some(v) = crate::app::state::view_entry::find(view) {
        app.go(v);
    }
}

#[component]
pub fn PlanTable(rep: Plan) -> impl IntoView {
    let app = use_app();
    let shown = memo(move || rep.see(|r| lines(&r.report, app.t())));
    let best = move || {
        rep.see(|r| {
            r.report
                .best
                .map_or(String::new(), |b| r.report.rows[b].id.to_string())
        })
    };
    let best_name = move || {
        let t = app.t();
        rep.see(|r| match r.report.best {
            Some(b) => t.plan.best_row(&row_name(&r.report.rows[b], t)),
            None => t.plan.none.to_string(),
        })
    };
    let hrefs = memo(move || {
        rep.see(|r| {
            app.scenario.see(|s| {
                r.report
                    .rows
                    .iter()
                    .map(|row| href(app, s, r.report.job, row))
                    .collect::<Vec<_>>()
            })
        })
    });
    let train = memo(move || rep.see(|r| r.report.job == Job::Train));
    let head = move |serve: Tr, job: Tr| {
        move || {
            if train.get() {
                job(app.t())
            } else {
                serve(app.t())
            }
        }
    };
    view! {
        <section class="plan-rows">
            <p class="hint" data-testid="plan-best" data-value=best>
                {best_name}
            </p>
            <div class="table-scroll">
                <table class="plans plan" data-testid="plan-table">
                    <thead>
                        <tr>
                            <th>{tr(|t| t.plan.col_card)}</th>
                            <th>{head(|t| t.plan.col_ttft, |t| t.plan.col_hours)}</th>
                            <th>{head(|t| t.plan.col_tpot, |t| t.plan.col_tps)}</th>
                            <th>{head(|t| t.plan.col_on_demand, |t| t.plan.col_on_demand_job)}</th>
                            <th>{head(|t| t.plan.col_reserved, |t| t.plan.col_reserved_job)}</th>
                            <th>{head(|t| t.plan.col_owned, |t| t.plan.col_owned_job)}</th>
                            // Spot is a training way only: a column for it there.
                            {live(move || {
                                train
                                    .get()
                                    .then(|| view! { <th>{tr(|t| t.plan.col_spot_job)}</th> })
                            })}
                            <th>{tr(|t| t.plan.col_way)}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {live(move || {
                            let t = app.t();
                            let links = hrefs.get();
                            shown
                                .see(|rows| {
                                    rows.iter()
                                        .map(|l| {
                                            let k = l.k;
                                            let to = links.get(k).cloned().unwrap_or_default();
                                            let class = if l.meets { "" } else { "excluded" };
                                            view! {
                                                <tr
                                                    data-card=l.id
                                                    data-cost=l.cost.clone()
                                                    data-count=l.count
                                                    data-fits=if l.fits { "1" } else { "0" }
                                                    data-meets=if l.meets { "1" } else { "0" }
                                                    class=class
                                                >
                                                    <td data-label=t.plan.col_card>
                                                        <a
                                                            href=to
                                                            on:click=move |ev| {
                                                                ev.prevent_default();
                                                                open(app, rep, k);
                                                            }
                                                        >
                                                            {l.name.clone()}
                                                        </a>
                                                    </td>
                                                    <td data-label=t.plan.col_ttft>{l.ttft.clone()}</td>
                                                    <td data-label=t.plan.col_tpot>{l.tpot.clone()}</td>
                                                    <td data-label=t.plan.col_on_demand data-date=l.date[0]>
                                                        {l.month[0].clone()}
                                                        <small class="when">{l.when[0].clone()}</small>
                                                    </td>
                                                    <td data-label=t.plan.col_reserved data-date=l.date[1]>
                                                        {l.month[1].clone()}
                                                        <small class="when">{l.when[1].clone()}</small>
                                                    </td>
                                                    <td
                                                        data-label=t.plan.col_owned
                                                        data-date=l.date[2]
                                                        data-testid="plan-owned"
                                                    >
                                                        {l.month[2].clone()}
                                                        <small class="when">{l.owned.clone()}</small>
                                                        <small class="when">{l.when[2].clone()}</small>
                                                    </td>
                                                    {train
                                                        .get()
                                                        .then(|| {
                                                            view! {
                                                                <td
                                                                    data-label=t.plan.col_spot_job
                                                                    data-testid="plan-spot"
                                                                    data-date=l.date[3]
                                                                >
                                                                    {l.month[3].clone()}
                                                                    <small class="when">{l.when[3].clone()}</small>
                                                                </td>
                                                            }
                                                        })}
                                                    <td data-label=t.plan.col_way data-testid="plan-way">
                                                        {l.why.clone()}
                                                    </td>
                                                </tr>
                                            }
                                        })
                                        .collect_view()
                                })
                        })}
                    </tbody>
                </table>
            </div>
            {live(move || {
                train
                    .get()
                    .then(|| {
                        view! {
                            <p class="hint" data-testid="plan-spot-note">
                                {tr(|t| t.plan.spot_note)}
                            </p>
                        }
                    })
            })}
            // Rows past one machine: the time assumes links between the machines that the
            // rents shown do not say they include.
            {live(move || {
                let beyond = rep
                    .see(|r| {
                        r.report
                            .rows
                            .iter()
                            .filter(|row| row.fits && row.cards > MACHINE_CARDS)
                            .count()
                    });
                (train.get() && beyond > 0)
                    .then(|| {
                        view! {
                            <p class="hint" data-testid="plan-fabric-note" data-value=beyond>
                                {live(move || app.t().plan.fabric_note(&beyond.to_string()))}
                            </p>
                        }
                    })
            })}
            <p class="hint" data-testid="plan-api">
                {live(move || {
                    let t = app.t();
                    rep.see(|r| match &r.report.api {
                        Some(a) => {
                            let who = a
                                .price
                                .map_or(
                                    String::from(t.plan.api_yours),
                                    |p| { t.plan.api_source(p.provider, &quote_month(t, p.date)) },
                                );
                            t.plan
                                .api_row(
                                    &who,
                                    &money(
                                        crate::calc::units::Money::new(a.input, r.report.currency),
                                        PRICE_DIGITS,
                                    ),
                                    &money(
                                        crate::calc::units::Money::new(a.output, r.report.currency),
                                        PRICE_DIGITS,
                                    ),
                                    &money(a.month, 0),
                                )
                        }
                        None => t.plan.api_none.to_string(),
                    })
                })}
            </p>
        </section>
    }
}
