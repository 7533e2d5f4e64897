//! Prices from the catalogue: pick a card or an 8-card machine and its dated quotes fill the
//! rent-or-buy machine, the memory views' card and serving's rent per card-hour, in the scenario's
//! currency only (a price in the other currency is never converted, and the page says which
//! inputs it left). A quote older than 180 days says the month it is from. Under it, the
//! break-even of every row side by side. The rules are the core's (`crate::calc::pick`).

use super::RentBuy;
use crate::app::format::{money, number, percent, today};
use crate::app::i18n::{currency_name, label, quote_month, site, tr};
use crate::app::state::lenses::{MEMORY, RENT_BUY, SERVING};
use crate::app::state::{memo, use_app, See};
use crate::app::widgets::live;
use crate::calc::field::NumberKind;
use crate::calc::memory::catalogue::gpu;
use crate::calc::memory::prices::Tier;
use crate::calc::pick::month::RENT_MONTH_HOURS;
use crate::calc::pick::{
    all, break_even_by_card, fill, is_stale, pick, Basis, Calc, Fill, Kind, Pick, Value,
};
use crate::calc::rent_buy::RentBuyInputs;
use crate::calc::serving::ServingInputs;
use crate::calc::table::{Calculator, Field};
use crate::calc::units::{Currency, Money};
use crate::text::Texts;
use leptos::prelude::*;

/// A row's name: the card's, or the machine's with its card count.
fn name(t: &'static Texts, p: Pick) -> String {
    match p {
        Pick::Card(_) => p.gpu().name.to_string(),
        Pick::Machine(m) => format!(
            "{} · {}",
            m.name,
            t.catalogue.machine(&p.cards().to_string())
        ),
    }
}

/// How a number of a filled input is written: by its field's kind in its table.
fn kind(calc: Calc, key: &str) -> NumberKind {
    fn of<T: Calculator>(key: &str) -> NumberKind {
        T::FIELDS
            .iter()
            .find_map(|f| match f {
                Field::Num(n) if n.key == key => Some(n.kind),
                _ => None,
            })
            .unwrap_or(NumberKind::Plain)
    }
    match calc {
        Calc::RentBuy => of::<RentBuyInputs>(key),
        Calc::Serving => of::<ServingInputs>(key),
        Calc::Memory => NumberKind::Plain,
    }
}

fn value(v: &Value, k: NumberKind, c: Currency) -> String {
    match v {
        Value::Number(n) => crate::app::i18n::value(*n, k, c),
        Value::Id(id) => gpu(id).map(|g| g.name).unwrap_or(id).to_string(),
    }
}

fn basis(t: &'static Texts, b: &Basis, c: Currency) -> String {
    let w = &t.catalogue;
    let cash = |v: f64| money(Money::new(v, c), 2);
    match b {
        Basis::Quote(q) => w.basis_quote(site(t, q), &quote_month(t, q.date)),
        Basis::Cards { quote, cards } => w.basis_cards(
            &cards.to_string(),
            &cash(quote.amount),
            site(t, quote),
            &quote_month(t, quote.date),
        ),
        Basis::PerCard { quote, cards } => w.basis_per_card(
            &cash(quote.amount),
            &cards.to_string(),
            site(t, quote),
            &quote_month(t, quote.date),
        ),
        Basis::MachinePower(m) => w.basis_machine_power(
            m.name,
            &number(m.power_kw.unwrap_or(0.0), 1),
            m.power_source,
        ),
        Basis::BoardPower {
            watts,
            guide_kw,
            guide_card_w,
        } => w.basis_board_power(
            &number(*guide_kw, 0),
            &number(*guide_card_w, 0),
            &number(*watts, 0),
        ),
        Basis::MonthlyTerm { quote, cards: 1 } => {
            w.basis_monthly_term(site(t, quote), &quote_month(t, quote.date))
        }
        Basis::MonthlyTerm { quote, cards } => w.basis_monthly_term_cards(
            &cards.to_string(),
            &cash(quote.amount * RENT_MONTH_HOURS),
            site(t, quote),
            &quote_month(t, quote.date),
        ),
        Basis::NoMonthlyTerm => w.basis_no_monthly_term(currency_name(t, c)),
        Basis::InProportion { to } => w.basis_in_proportion(label(t, to)),
        Basis::Catalogue(_) => String::new(),
    }
}

/// A rent's tier, in words.
fn tier(t: &'static Texts, tier: Tier) -> &'static str {
    let w = &t.catalogue;
    match tier {
        Tier::OnDemand => w.tier_on_demand,
        Tier::Community => w.tier_community,
        Tier::Spot => w.tier_spot,
        _ => w.tier_monthly,
    }
}

/// What a pick did, one line an input, then what it could not fill.
fn lines(t: &'static Texts, f: &Fill) -> Vec<String> {
    let c = f.currency;
    let n = name(t, f.pick);
    let mut out: Vec<String> = f
        .changes
        .iter()
        .map(|ch| {
            let k = kind(ch.calc, ch.key);
            let l = label(t, ch.key);
            let head = if ch.is_noop() {
                t.catalogue.unchanged(l, &value(&ch.to, k, c))
            } else {
                t.catalogue
                    .change(l, &value(&ch.from, k, c), &value(&ch.to, k, c))
            };
            let why = basis(t, &ch.basis, c);
            if why.is_empty() {
                head
            } else {
                format!("{head} ({why})")
            }
        })
        .collect();
    out.extend(f.gaps.iter().map(|g| {
        let (l, cur) = (label(t, g.key), currency_name(t, g.currency));
        let w = &t.catalogue;
        match (g.calc, g.kind, g.other_tier) {
            (Calc::Serving, _, _) => w.gap_card_price(l, &n, cur),
            (_, Kind::Rent, Some(q)) if q.tier == Tier::Monthly => {
                let month = f.pick.machine_month(c).map_or(0.0, |(m, _)| m);
                w.gap_rent_monthly(
                    l,
                    &n,
                    cur,
                    &money(Money::new(month, c), 0),
                    site(t, q),
                    &quote_month(t, q.date),
                )
            }
            (_, Kind::Buy, Some(q)) if q.tier == Tier::Launch => w.gap_buy_launch(
                l,
                &n,
                cur,
                &money(Money::new(q.amount, c), 0),
                &quote_month(t, q.date),
            ),
            (_, Kind::Rent, _) => w.gap_rent(l, &n, cur),
            (_, Kind::Buy, _) => w.gap_buy(l, &n, cur),
        }
    }));
    out
}

/// The picker, first in the form: a row's quotes fill the inputs below it, and what it filled
/// (and could not) is listed under it.
pub fn picker() -> AnyView {
    let app = use_app();
    // What the last pick did, worded when shown so that a language switch rewords it.
    let done = RwSignal::new(None::<Fill>);
    let choose = move |id: String| {
        let Some(p) = pick(&id) else {
            return;
        };
        let s = app.scenario.get_untracked();
        let f = fill(&s, p);
        let mut next = s.clone();
        f.apply(&mut next);
        // Each calculator through the validated edit: a value its table refuses changes nothing.
        let _ = app.edit(RENT_BUY, |i| *i = next.rent_buy.clone());
        let _ = app.edit(MEMORY, |i| *i = next.memory.clone());
        let _ = app.edit(SERVING, |i| *i = next.serving.clone());
        done.set(Some(f));
    };
    view! {
        <div class="catalogue" data-testid="catalogue">
            <label class="field">
                <span class="field-label">{tr(|t| t.catalogue.pick)}</span>
                <span class="field-control">
                    <select
                        data-testid="catalogue-pick"
                        on:change=move |ev| choose(event_target_value(&ev))
                    >
                        <option value="" selected=true>
                            "—"
                        </option>
                        {live(move || {
                            let t = app.t();
                            all()
                                .map(|p| {
                                    view! { <option value=p.id()>{name(t, p)}</option> }
                                })
                                .collect_view()
                        })}
                    </select>
                </span>
            </label>
            {live(move || {
                let t = app.t();
                done.see(|f| {
                    f.as_ref()
                        .map(|f| {
                            view! {
                                <div
                                    class="hint"
                                    data-testid="catalogue-filled"
                                    data-value=f.pick.id()
                                >
                                    <p>{t.catalogue.fills(&name(t, f.pick))}</p>
                                    <ul>
                                        {lines(t, f)
                                            .into_iter()
                                            .map(|l| view! { <li>{l}</li> })
                                            .collect_view()}
                                    </ul>
                                </div>
                            }
                        })
                })
            })}
        </div>
    }
    .into_any()
}

/// The break-even of every catalogue row with both prices in the scenario's currency.
#[component]
pub fn ByCard(rep: RentBuy) -> impl IntoView {
    let app = use_app();
    let side = memo(move || rep.see(|r| break_even_by_card(&r.inputs, r.currency)));
    view! {
        <section class="by-card">
            <h3>{tr(|t| t.catalogue.side_title)}</h3>
            <p class="hint">
                {live(move || {
                    let t = app.t();
                    t.catalogue.side_note(currency_name(t, rep.see(|r| r.currency)))
                })}
            </p>
            <table class="plans by-card" data-testid="by-card">
                <thead>
                    <tr>
                        <th>{tr(|t| t.catalogue.side_col_row)}</th>
                        <th>{tr(|t| t.catalogue.side_col_tier)}</th>
                        <th>{tr(|t| t.catalogue.side_col_u)}</th>
                        <th>{tr(|t| t.catalogue.side_col_costs)}</th>
                        <th>{tr(|t| t.catalogue.side_col_date)}</th>
                    </tr>
                </thead>
                <tbody>
                    {live(move || {
                        let t = app.t();
                        side.see(|rows| {
                            rows.iter()
                                .map(|r| {
                                    let u = r.break_even.map(|u| u.0);
                                    let shown = match u {
                                        None => t.catalogue.side_never.to_string(),
                                        Some(u) if u > 1.0 => t.catalogue.side_above.to_string(),
                                        Some(u) => percent(u, 1),
                                    };
                                    let row_name = if r.cards_only {
                                        t.catalogue.side_cards_only(&name(t, r.pick))
                                    } else {
                                        name(t, r.pick)
                                    };
                                    let cur = rep.see(|x| x.currency);
                                    let costs = format!(
                                        "{} + {}",
                                        money(Money::new(r.hosting, cur), 0),
                                        money(Money::new(r.ops, cur), 0),
                                    );
                                    let old = if is_stale(r.oldest, today()).unwrap_or(false) {
                                        t.catalogue.side_oldest(r.oldest)
                                    } else {
                                        r.oldest.to_string()
                                    };
                                    view! {
                                        <tr
                                            data-testid=format!("by-card-{}", r.pick.id())
                                            data-cards-only=r.cards_only.to_string()
                                            data-value=u.map(|u| u.to_string()).unwrap_or_default()
                                        >
                                            <td>{row_name}</td>
                                            <td data-testid="by-card-tier" data-value=r.tier.id()>
                                                {tier(t, r.tier)}
                                            </td>
                                            <td>{shown}</td>
                                            <td data-testid=format!(
                                                "card-costs-{}",
                                                r.pick.id(),
                                            )>{costs}</td>
                                            <td>{old}</td>
                                        </tr>
                                    }
                                })
                                .collect_view()
                        })
                    })}
                </tbody>
            </table>
            {live(move || {
                let t = app.t();
                side.see(Vec::is_empty)
                    .then(|| {
                        view! {
                            <p class="hint" data-testid="by-card-empty">
                                {t.catalogue.side_empty(currency_name(t, rep.see(|r| r.currency)))}
                            </p>
                        }
                    })
            })}
        </section>
    }
}
