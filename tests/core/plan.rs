//! The plan: one row per catalogue card and machine, each the serving calculator's own figures
//! on that card, ranked by the month shown (docs/formulas.md, "The plan").

use super::common::valid;
use gpuplan::calc::memory::prices::prices;
use gpuplan::calc::plan::{
    class, report, row_scenario, row_scenario_train, row_serving, PlanReport, Reason, Way,
};
use gpuplan::calc::rent_buy::RentBuyInputs;
use gpuplan::calc::scenario::{from_pairs, pairs, Scenario};
use gpuplan::calc::serving::{self, PriceSource};
use gpuplan::calc::training_time::time_report;
use gpuplan::calc::units::{Currency, Hours};
use proptest::prelude::*;

fn scenario(query: &str) -> Scenario {
    let mut issues = Vec::new();
    let (s, _, _) = from_pairs(&pairs(query), &mut issues);
    assert!(issues.is_empty(), "{query}: {issues:?}");
    s
}

/// The plan of the scenario a link's query gives (which must read without a problem).
pub(crate) fn plan(query: &str) -> (PlanReport, Scenario) {
    let s = scenario(query);
    (report(&valid(s.plan.clone()), &s), s)
}

/// The issue's first sentence: Llama 3.1 70B served to 16 people at a 32k context (30,720
/// prompt tokens and 2,048 out), priced in dollars.
const SEVENTY_B: &str =
    "model=llama-3.1-70b&load=users&users=16&in_tokens=30720&out_tokens=2048&cur=usd";

fn days() -> f64 {
    RentBuyInputs::default().month_hours.0 / 24.0
}

/// Owning is whole machines: two B200s hold and serve the job, but B200s are sold on 8-card
/// boards, so owning them is one DGX B200 (its dated $515,000), idle beyond the two cards; the
/// cheapest way that can be had is the two B200s rented by the card-hour, ahead of four MI300X
/// at Crusoe's $3.45.
#[test]
fn seventy_b_for_sixteen_people_is_two_b200s_rented_and_owning_them_is_a_whole_machine() {
    use gpuplan::calc::pick::OwnBasis;
    let (p, s) = plan(SEVENTY_B);
    let best = &p.rows[p.best.expect("a row meets the job")];
    assert_eq!(best.id, "b200");
    assert_eq!((best.cards, best.way), (2, Some(Way::OnDemand)));
    assert_eq!(best.date_of(Way::OnDemand), Some("2026-09"));
    let mi300x = p.rows.iter().find(|r| r.id == "mi300x").unwrap();
    assert_eq!(mi300x.cards, 4);
    let od = mi300x.month_of(Way::OnDemand).unwrap().amount;
    assert!((od - 3.45 * 4.0 * 24.0 * days()).abs() < 1e-6, "{od}");
    assert!(best.cost.unwrap().amount < od);
    let b200 = best;
    // One B200 holds the model but its 30k-token prefill misses the 2 s first token; a replica
    // of two meets it, and two cards serve the sixteen people.
    assert_eq!((b200.tp, b200.cards), (2, 2));
    let one = serving::report(
        &valid(row_serving(&s.serving)),
        &row_scenario(&s, b200.gpu, 1),
    );
    assert!(one.fits && !one.meets_ttft, "{}", one.ttft_s);
    // On demand: RunPod's $5.98 a card-hour (the catalogue's USD quote), 2 cards, 24 hours
    // billed a day, the month's days.
    let od = b200.month_of(Way::OnDemand).unwrap();
    assert!(
        (od.amount - 5.98 * 2.0 * 24.0 * days()).abs() < 1e-6,
        "{od:?}"
    );
    assert_eq!(od.currency, Currency::Usd);
    // Owned: one whole DGX B200, bought at its street price, the serving view's own figure.
    let owned = b200.owned.expect("a B200 machine is sold");
    assert_eq!(
        (owned.units, owned.unit_cards, owned.cards_bought),
        (1, 8, 8)
    );
    match owned.basis {
        OwnBasis::Machine { machine, quote } => {
            assert_eq!(machine.id, "8x-b200");
            assert_eq!((quote.amount, quote.date), (515_000.0, "2025-03"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(b200.date_of(Way::Owned), Some("2025-03"));
    let serve = serving::report(
        &valid(row_serving(&s.serving)),
        &row_scenario(&s, b200.gpu, 2),
    );
    let own = serve.own.expect("owned");
    assert_eq!(b200.month_of(Way::Owned).unwrap().amount, own.month.amount);
    // The whole machine's month: at least its purchase over the months, never two eighths of it.
    let months = RentBuyInputs::default().months;
    assert!(own.month.amount > 515_000.0 / months, "{:?}", own.month);
    let dgx = p.rows.iter().find(|r| r.id == "8x-b200").unwrap();
    assert_eq!(dgx.month_of(Way::Owned), b200.month_of(Way::Owned));
    // The H100 row: four a replica (the fewest that hold it, which meet the goals), eight cards,
    // RunPod's $2.69 on demand, and no USD monthly term: no reserved way, never one made up.
    let h100 = p.rows.iter().find(|r| r.id == "h100-sxm").unwrap();
    assert!(h100.meets);
    assert_eq!((h100.tp, h100.cards), (4, 8));
    let od = h100.month_of(Way::OnDemand).unwrap().amount;
    assert!((od - 2.69 * 8.0 * 24.0 * days()).abs() < 1e-6, "{od}");
    assert_eq!(h100.month_of(Way::Reserved), None);
}

#[test]
fn seventy_b_leaves_out_cards_it_does_not_fit_with_their_reason() {
    let (p, _) = plan(SEVENTY_B);
    let t4 = p.rows.iter().find(|r| r.id == "t4").unwrap();
    assert!(!t4.fits && !t4.meets);
    assert_eq!(t4.reason, Some(Reason::NoFit));
    assert_eq!(t4.cost, None);
    // Four A100 80 GB a replica hold it, but a 30k prompt's prefill misses the 2 s first token
    // on every split up to eight: the row keeps the fewest that hold it, with the reason.
    let a100 = p.rows.iter().find(|r| r.id == "a100-80gb").unwrap();
    assert!(a100.fits && !a100.meets);
    assert_eq!(a100.tp, 4);
    match a100.reason {
        Some(Reason::MissesFirstToken {
            ttft_s, prefill_s, ..
        }) => {
            assert!(ttft_s > 2.0 && prefill_s > 0.0 && prefill_s <= ttft_s)
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_h800_meets_the_job_but_has_no_dollar_price_so_ranks_after_priced_rows() {
    let (p, _) = plan(SEVENTY_B);
    let at = p.rows.iter().position(|r| r.id == "h800").unwrap();
    let h800 = &p.rows[at];
    assert!(h800.meets);
    assert_eq!(h800.reason, Some(Reason::NoPrice));
    assert_eq!(h800.month, [None; 4]);
    assert!(p.rows[..at].iter().all(|r| r.cost.is_some() && r.meets));
}

#[test]
fn an_eight_card_machine_is_priced_whole() {
    let (p, _) = plan(SEVENTY_B);
    let m = p.rows.iter().find(|r| r.id == "8x-h100").unwrap();
    assert_eq!((m.machine_cards, m.machines, m.cards), (8, 1, 8));
    // Lambda's $31.92 a machine-hour.
    let od = m.month_of(Way::OnDemand).unwrap().amount;
    assert!((od - 31.92 * 24.0 * days()).abs() < 1e-6);
    // Two B200s take one DGX B200, priced whole.
    let b = p.rows.iter().find(|r| r.id == "8x-b200").unwrap();
    assert_eq!((b.machine_cards, b.cards, b.machines), (8, 2, 1));
}

#[test]
fn in_yuan_a_card_with_only_a_dollar_quote_has_no_rent() {
    let (p, _) = plan(&SEVENTY_B.replace("cur=usd", "cur=cny"));
    let h100 = p.rows.iter().find(|r| r.id == "h100-sxm").unwrap();
    // An H100 has a yuan monthly term and a dollar hourly rent: reserved only, nothing converted.
    assert_eq!(h100.month_of(Way::OnDemand), None);
    let reserved = h100.month_of(Way::Reserved).unwrap();
    assert_eq!(reserved.currency, Currency::Cny);
    assert!((reserved.amount - 7812.5 * 8.0).abs() < 1e-6);
    // No yuan price for the API either, until one is typed.
    assert_eq!(p.api, None);
    let (typed, _) = plan(&SEVENTY_B.replace("cur=usd", "cur=cny&api_in=4&api_out=12"));
    assert!(typed
        .api
        .is_some_and(|a| a.price.is_none() && a.input == 4.0));
}

#[test]
fn the_hosted_api_costs_its_tokens_a_month() {
    let (p, s) = plan("model=llama-3.1-70b&target_rps=0.5&in_tokens=1000&out_tokens=500&cur=usd");
    let api = p.api.expect("a dated price for Llama 3.1 70B");
    assert_eq!(api.price.map(|x| x.provider), Some("DeepInfra"));
    let requests = 0.5 * 3600.0 * s.serving.rent_hours * days();
    let month = requests * (1000.0 * 0.13 + 500.0 * 0.40) / 1e6;
    assert!((api.month.amount - month).abs() < 1e-9, "{api:?}");
    let (cheaper, _) = plan(
        "model=llama-3.1-70b&target_rps=0.5&in_tokens=1000&out_tokens=500&cur=usd&api_out=0.2",
    );
    assert_eq!(cheaper.api.unwrap().output, 0.2);
}

/// Queries over models, loads and goals for the properties.
fn query() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["llama-3.1-8b", "qwen2.5-7b", "llama-3.1-70b", "mixtral-8x7b"]),
        prop::sample::select(vec!["bf16", "fp8", "awq"]),
        256u64..16_000,
        16u64..2048,
        prop_oneof![
            (1u64..200).prop_map(|u| format!("load=users&users={u}")),
            (0.05f64..20.0).prop_map(|r| format!("target_rps={r}")),
        ],
        (200.0f64..20_000.0, 10.0f64..200.0),
        prop::sample::select(vec!["usd", "cny"]),
        0.0f64..200.0,
    )
        .prop_map(|(m, w, i, o, load, (ttft, tpot), cur, pct)| {
            format!(
                "model={m}&weights={w}&in_tokens={i}&out_tokens={o}&{load}&ttft_ms={ttft}&tpot_ms={tpot}&cur={cur}&in_price_pct={pct}"
            )
        })
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every row's figures are the serving view's on that card and split (the row's link), and
    /// its cost per million is the serving view's of the same way.
    #[test]
    fn every_row_is_the_serving_views_figures(q in query()) {
        let (p, s) = plan(&q);
        let i = valid(row_serving(&s.serving));
        for r in p.rows.iter().filter(|r| r.fits) {
            let v = serving::report(&i, &row_scenario(&s, r.gpu, r.tp));
            prop_assert!(v.fits);
            prop_assert_eq!(r.cards, v.cards, "{}", r.id);
            prop_assert!(close(r.ttft_s, v.ttft_s) && close(r.tpot_s, v.tpot_s), "{}", r.id);
            prop_assert_eq!(r.meets, v.meets_ttft && v.meets_tpot && !v.ttft_unmeetable);
            if r.machine_cards > 0 {
                continue;
            }
            match r.way {
                Some(Way::OnDemand) => {
                    prop_assert!(close(r.per_million.unwrap(), v.cost_rented.amount), "{}", r.id)
                }
                Some(Way::Owned) => prop_assert!(
                    close(r.per_million.unwrap(), v.own.as_ref().unwrap().cost.amount),
                    "{}", r.id
                ),
                _ => {}
            }
        }
    }

    /// The ranking is by class (meets with a price, meets without, misses a goal, does not
    /// fit), then by the month shown; a row that does not fit is never above one that does;
    /// the best is the first and cheapest of its own ways.
    #[test]
    fn rows_rank_by_the_cost_shown_and_fitting_first(q in query()) {
        let (p, _) = plan(&q);
        for w in p.rows.windows(2) {
            prop_assert!(class(&w[0]) <= class(&w[1]));
            prop_assert!(w[0].fits || !w[1].fits);
            if class(&w[0]) == 0 && class(&w[1]) == 0 {
                prop_assert!(w[0].cost.unwrap().amount <= w[1].cost.unwrap().amount);
            }
        }
        if let Some(b) = p.best {
            let best = &p.rows[b];
            prop_assert!(best.meets);
            let least = best.month.iter().flatten().map(|m| m.amount).fold(f64::INFINITY, f64::min);
            prop_assert_eq!(best.cost.unwrap().amount, least);
        } else {
            prop_assert!(p.rows.iter().all(|r| class(r) > 0));
        }
    }

    /// Every figure shown is finite and not negative, in the scenario's currency; a way is
    /// present only where the catalogue quotes it in that currency.
    #[test]
    fn figures_are_finite_and_no_price_is_invented(q in query()) {
        let (p, s) = plan(&q);
        for r in &p.rows {
            for v in [r.ttft_s, r.tpot_s, r.prefill_s, r.decode_tps] {
                prop_assert!(v.is_finite() && v >= 0.0, "{}", r.id);
            }
            for m in r.month.iter().flatten() {
                prop_assert!(m.amount.is_finite() && m.amount >= 0.0);
                prop_assert_eq!(m.currency, s.currency);
            }
            prop_assert!(r.per_million.is_none_or(|v| v.is_finite() && v >= 0.0));
            if r.machine_cards == 0 && r.fits {
                let quote = prices(r.gpu.id).and_then(|q| q.hourly_rent(s.currency));
                prop_assert_eq!(r.month_of(Way::OnDemand).is_some(), quote.is_some(), "{}", r.id);
            }
        }
        if let Some(a) = &p.api {
            prop_assert!(a.month.amount.is_finite() && a.per_million.is_finite());
        }
    }
}

#[test]
fn a_price_typed_for_the_serving_views_card_is_not_any_other_cards() {
    let (p, _) = plan(&format!("{SEVENTY_B}&card_price=0.01&card_buy=1"));
    let (q, _) = plan(SEVENTY_B);
    assert_eq!(p.rows, q.rows);
    let typed = scenario(&format!("{SEVENTY_B}&card_price=0.01&card_buy=1"));
    let r = serving::serving(&row_serving(&typed.serving), &typed).unwrap();
    assert!(!matches!(r.price_source, PriceSource::Typed));
}

/// The issue's second sentence: Qwen2.5 7B fine-tuned with LoRA on 200 M tokens within two days.
const QWEN_LORA: &str =
    "job=train&model=qwen2.5-7b&method=lora&train_tokens=200000000&deadline_h=48&cur=usd";

#[test]
fn qwen_lora_on_200m_tokens_in_two_days_is_one_l40s_on_demand() {
    let (p, s) = plan(QWEN_LORA);
    let best = &p.rows[p.best.expect("a card finishes within two days")];
    assert_eq!((best.id, best.cards), ("l40s", 1));
    assert_eq!(best.way, Some(Way::OnDemand));
    // The wall time is the training-time calculator's on that card.
    let m = valid(row_scenario_train(&s, best.gpu, 1, 0).memory);
    let t = time_report(&m);
    assert_eq!(best.hours, t.hours.0);
    assert!(best.hours < 48.0);
    // On demand: the card's dollar hourly quote for the hours the billing view's rule bills
    // (per second by default: the run's hours to the second).
    let rent = prices("l40s")
        .unwrap()
        .hourly_rent(Currency::Usd)
        .unwrap()
        .amount;
    let billed = s.billing.granularity.billed(Hours(best.hours)).0;
    assert!(billed >= best.hours && billed - best.hours < 1.0 / 3600.0);
    let od = best.month_of(Way::OnDemand).unwrap().amount;
    assert!((od - rent * billed).abs() < 1e-9, "{od}");
    assert_eq!(best.cost.unwrap().amount, od);
}

/// A card bought for a job is held at least a month, and a B200 is bought as the 8-card machine
/// it is sold in: the B200 that runs the job fastest is owned for one month of the DGX B200's
/// owning cost (not the $3 of its 1.5 hours, nor an eighth of the machine), so renting it wins.
#[test]
fn owning_for_a_short_job_is_a_whole_month_of_a_whole_machine() {
    use gpuplan::calc::memory::prices::MACHINES;
    use gpuplan::calc::pick::{rent_buy_fill, Pick};
    use gpuplan::calc::units::Ratio;
    let (p, s) = plan(QWEN_LORA);
    let b200 = p.rows.iter().find(|r| r.id == "b200").unwrap();
    assert_eq!(b200.cards, 1);
    assert!(b200.hours < 2.0, "{}", b200.hours);
    let dgx = MACHINES.iter().find(|m| m.id == "8x-b200").unwrap();
    let (mut filled, _, _) = rent_buy_fill(&s.rent_buy, Currency::Usd, Pick::Machine(dgx));
    // One card of the eight busy the whole month.
    filled.util = Ratio(1.0 / 8.0);
    let month = gpuplan::calc::rent_buy::report(&valid(filled), Currency::Usd)
        .own_monthly
        .amount;
    let owned = b200.month_of(Way::Owned).unwrap().amount;
    assert!((owned - month).abs() < 1e-6, "{owned} against {month}");
    assert_eq!(b200.owned.map(|o| (o.units, o.cards_bought)), Some((1, 8)));
    assert!(owned > 100.0 * b200.month_of(Way::OnDemand).unwrap().amount);
    assert_eq!(b200.way, Some(Way::OnDemand));
}

#[test]
fn a_tight_deadline_takes_more_cards_or_misses_with_the_fastest_time() {
    let (p, s) = plan(&QWEN_LORA.replace("deadline_h=48", "deadline_h=2"));
    let h100 = p.rows.iter().find(|r| r.id == "h100-sxm").unwrap();
    assert!(h100.meets && h100.cards > 1 && h100.hours <= 2.0);
    // One card fewer would not finish in time.
    let fewer = time_report(&valid(
        row_scenario_train(&s, h100.gpu, h100.cards - 1, h100.zero).memory,
    ));
    assert!(fewer.hours.0 > 2.0);
    let (p, _) = plan(&QWEN_LORA.replace("deadline_h=48", "deadline_h=0.01"));
    assert_eq!(p.best, None);
    assert!(p.rows.iter().filter(|r| r.fits).all(|r| matches!(
        r.reason,
        Some(Reason::MissesDeadline { hours }) if hours > 0.01
    )));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Training rows: each row's hours are the training-time calculator's on its card and count,
    /// ranked by the job's cost shown, rows that do not fit last, every figure finite.
    #[test]
    fn training_rows_are_the_training_views_figures_ranked_by_cost(
        model in prop::sample::select(vec!["qwen2.5-7b", "llama-3.1-8b", "mistral-7b"]),
        method in prop::sample::select(vec!["full", "lora", "qlora"]),
        tokens in 1_000_000u64..2_000_000_000,
        seq in prop::sample::select(vec![512u64, 2048, 4096]),
        deadline in 1.0f64..500.0,
        cur in prop::sample::select(vec!["usd", "cny"]),
    ) {
        let (p, s) = plan(&format!(
            "job=train&model={model}&method={method}&train_tokens={tokens}&seq={seq}&deadline_h={deadline}&cur={cur}"
        ));
        for r in p.rows.iter().filter(|r| r.fits) {
            let t = time_report(&valid(row_scenario_train(&s, r.gpu, r.cards, r.zero).memory));
            prop_assert_eq!(r.hours, t.hours.0, "{}", r.id);
            prop_assert_eq!(r.meets, t.hours.0 <= deadline);
            for m in r.month.iter().flatten() {
                prop_assert!(m.amount.is_finite() && m.amount >= 0.0);
                prop_assert_eq!(m.currency, s.currency);
            }
        }
        for w in p.rows.windows(2) {
            prop_assert!(class(&w[0]) <= class(&w[1]));
            prop_assert!(w[0].fits || !w[1].fits);
            if class(&w[0]) == 0 && class(&w[1]) == 0 {
                prop_assert!(w[0].cost.unwrap().amount <= w[1].cost.unwrap().amount);
            }
        }
    }
}

#[test]
fn compare_shows_each_scenarios_best_row_and_its_cost() {
    use gpuplan::calc::library::{compare, Metric};
    use gpuplan::calc::pick::all;
    let (serve, a) = plan(SEVENTY_B);
    let (train, b) = plan(QWEN_LORA);
    let rows = compare(&[&a, &b]);
    let of = |m: Metric| rows.iter().find(|r| r.metric == m).unwrap().values.clone();
    let at = |id: &str| all().position(|p| p.id() == id).map(|k| k as f64);
    assert_eq!(of(Metric::PlanBest), vec![at("b200"), at("l40s")]);
    // The row is given by its catalogue id, as the plan view's `plan-best`.
    let ids = |m: Metric| rows.iter().find(|r| r.metric == m).unwrap().ids.clone();
    assert_eq!(ids(Metric::PlanBest), vec![Some("b200"), Some("l40s")]);
    assert_eq!(ids(Metric::PlanCost), vec![None, None]);
    let cost = |p: &PlanReport| p.best.and_then(|k| p.rows[k].cost).map(|c| c.amount);
    assert_eq!(of(Metric::PlanCost), vec![cost(&serve), cost(&train)]);
    // The better (lower) cost is marked; which card is best has no better direction.
    let best = |m: Metric| rows.iter().find(|r| r.metric == m).unwrap().best.clone();
    assert_eq!(best(Metric::PlanCost), vec![1]);
    assert!(best(Metric::PlanBest).is_empty());
}

/// A row whose card can never meet the first-token goal says so with the shortest first token
/// there is (the serving view's floor for that split), not a time that reads as the one at the
/// load beside it.
#[test]
fn a_first_token_no_fleet_meets_is_reported_at_its_best() {
    let q = "model=llama-3.1-70b&load=users&users=16&in_tokens=32768&out_tokens=2048&cur=usd";
    let (p, _) = plan(q);
    let mut seen = 0;
    for r in &p.rows {
        let Some(Reason::MissesFirstToken {
            ttft_s, at_best, ..
        }) = r.reason
        else {
            continue;
        };
        if at_best {
            seen += 1;
            assert!(ttft_s <= r.ttft_s, "{}: {ttft_s} > {}", r.id, r.ttft_s);
            assert!(ttft_s >= r.prefill_s, "{}", r.id);
        } else {
            assert_eq!(ttft_s, r.ttft_s, "{}", r.id);
        }
    }
    assert!(
        seen > 0,
        "no row of a 32k prompt on 70B misses its first token at best"
    );
}

#[test]
fn spot_job_is_the_spot_views_wall_time_at_the_highest_band() {
    use gpuplan::calc::plan::{spot_job, SPOT_BAND};
    use gpuplan::calc::spot::{daly, wall_with, RECLAIM_BANDS};
    // The highest band, ">20%", taken as 30% a month: 720 / -ln(0.7) = 2,018.64 h a card.
    assert_eq!(RECLAIM_BANDS[SPOT_BAND].0, ">20%");
    // 40 h of work on 4 cards: any card's reclaim stops the job, so M = 2,018.64 / 4.
    let j = spot_job(40.0, 4);
    assert!((j.mtbf_h - 504.661).abs() < 1e-3, "{j:?}");
    assert!((j.interval_h - 9.980).abs() < 1e-3, "{j:?}");
    assert!((j.wall_h - 40.827).abs() < 1e-3, "{j:?}");
    // The spot view's own formulas with its 6-minute checkpoint and 15-minute restart.
    let tau = daly(0.1, j.mtbf_h);
    assert_eq!(j.wall_h, wall_with(40.0, j.mtbf_h, 0.1, 0.25, tau));
    // More cards, more reclaims: 100 h on 16 cards takes 104.30 h.
    assert!((spot_job(100.0, 16).wall_h - 104.296).abs() < 1e-3);
    assert!(spot_job(40.0, 1).wall_h < j.wall_h);
}

#[test]
fn training_rows_price_spot_only_from_a_spot_quote_of_the_same_card() {
    use gpuplan::calc::pick::all;
    use gpuplan::calc::plan::spot_job;
    for cur in ["usd", "cny"] {
        let (p, s) = plan(&format!(
            "job=train&model=qwen2.5-7b&method=lora&train_tokens=200000000&deadline_h=48&cur={cur}"
        ));
        let mut priced = 0;
        for r in p.rows.iter().filter(|r| r.fits) {
            let pick = all().find(|k| k.id() == r.id).expect("a catalogue row");
            let quote = pick.spot_rent(s.currency);
            assert_eq!(r.month_of(Way::Spot).is_some(), quote.is_some(), "{}", r.id);
            if let Some((price, _)) = quote {
                let instances = if r.machine_cards > 0 {
                    r.machines
                } else {
                    r.cards
                };
                let wall = spot_job(r.hours, instances).wall_h;
                let billed = s.billing.granularity.billed(Hours(wall)).0;
                let want = price * instances as f64 * billed;
                assert!((r.month_of(Way::Spot).unwrap().amount - want).abs() <= want * 1e-9);
                priced += 1;
            }
            // Spot is at least the work itself: reclaims only add hours.
            assert!(spot_job(r.hours, r.cards).wall_h > r.hours);
        }
        // The catalogue holds no spot-tier rent today: the column is empty, never borrowed.
        assert_eq!(priced, 0, "{cur}");
    }
    // Serving has no spot way.
    let (serve, _) = plan(SEVENTY_B);
    assert!(serve.rows.iter().all(|r| r.month_of(Way::Spot).is_none()));
}

#[test]
fn a_split_that_misses_the_first_token_takes_more_cards_a_replica_when_they_meet_it() {
    let (p, s) = plan(SEVENTY_B);
    let h200 = p.rows.iter().find(|r| r.id == "h200").unwrap();
    // Two H200s hold Llama 3.1 70B, but a 30k prompt's prefill on two misses the 2 s first
    // token (3.50 s); four a replica meet it (1.78 s), and four cards carry the load.
    let i = valid(row_serving(&s.serving));
    let at = |tp: u64| serving::report(&i, &row_scenario(&s, h200.gpu, tp));
    let two = at(2);
    assert!(two.fits && !two.meets_ttft);
    assert!((two.ttft_s - 3.500).abs() < 1e-3, "{}", two.ttft_s);
    assert!(h200.meets && h200.reason.is_none());
    assert_eq!((h200.tp, h200.cards), (4, 4));
    assert!((h200.ttft_s - 1.779).abs() < 1e-3, "{}", h200.ttft_s);
    // The row is the serving view's report on that split, and its month is for four cards:
    // RunPod's $3.59 an H200-hour on demand.
    let four = at(4);
    assert_eq!((h200.ttft_s, h200.cards), (four.ttft_s, four.cards));
    let od = h200.month_of(Way::OnDemand).unwrap().amount;
    assert!((od - 3.59 * 4.0 * 24.0 * days()).abs() < 1e-6, "{od}");
}

/// Llama 3.1 8B at 8k prompts for 16 people on RTX 4090s: one card a replica keeps 16 GB of
/// weights beside about 5 GB of KV cache, one 9k-token request, so the fleet is sixteen cards;
/// two a replica keep one copy of the weights beside 30 GB of cache and carry all sixteen people
/// on one pair. The row is the pair, as the serving view on that card and split shows it.
#[test]
fn a_larger_split_that_needs_fewer_cards_in_all_is_the_rows() {
    let q = "model=llama-3.1-8b&weights=bf16&in_tokens=8000&out_tokens=1000&load=users&users=16&cur=usd";
    let (p, s) = plan(q);
    let row = p.rows.iter().find(|r| r.id == "rtx-4090").unwrap();
    let i = valid(row_serving(&s.serving));
    let at = |tp: u64| serving::report(&i, &row_scenario(&s, row.gpu, tp));
    let (one, two) = (at(1), at(2));
    assert!(one.fits && one.meets_ttft && one.meets_tpot);
    assert_eq!((one.replicas, one.cards), (16, 16));
    assert_eq!((two.replicas, two.cards), (1, 2));
    assert!(row.meets);
    assert_eq!((row.tp, row.cards), (2, 2));
    assert_eq!((row.ttft_s, row.tpot_s), (two.ttft_s, two.tpot_s));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// No split of one machine that the runtime accepts meets the goals with fewer cards than
    /// the row's, nor with as many at a smaller split.
    #[test]
    fn no_split_meets_the_goals_with_fewer_cards_than_the_row(q in query()) {
        let (p, s) = plan(&q);
        let i = valid(row_serving(&s.serving));
        for r in p.rows.iter().filter(|r| r.meets) {
            for k in 1..=serving::MACHINE_CARDS {
                let sc = row_scenario(&s, r.gpu, k);
                if gpuplan::calc::table::validate(sc.memory.clone()).is_err() {
                    continue;
                }
                let v = serving::report(&i, &sc);
                if v.fits && v.meets_ttft && v.meets_tpot && !v.ttft_unmeetable {
                    prop_assert!(
                        v.cards > r.cards || (v.cards == r.cards && k >= r.tp),
                        "{q}: {} at {} a replica takes {} cards, the row {} at {}",
                        r.id, k, v.cards, r.cards, r.tp
                    );
                }
            }
        }
    }
}

/// Checks every owned way of a plan: whole units that are sold, each standing on quotes of its
/// own card (or a host that takes it) in the plan's currency, and the cards bought cover the
/// row's.
fn owned_ways_are_whole_sold_units(p: &PlanReport, s: &Scenario) -> Result<(), TestCaseError> {
    use gpuplan::calc::memory::prices::{machine, prices};
    use gpuplan::calc::pick::OwnBasis;
    let cur = s.currency;
    for r in &p.rows {
        let Some(month) = r.month_of(Way::Owned) else {
            continue;
        };
        prop_assert_eq!(month.currency, cur);
        let o = r.owned.expect("an owned price names its units");
        prop_assert!(o.units >= 1 && o.unit_cards >= 1, "{}", r.id);
        prop_assert_eq!(o.units, r.cards.div_ceil(o.unit_cards), "{}", r.id);
        prop_assert!(o.cards_bought >= r.cards, "{}", r.id);
        match o.basis {
            OwnBasis::RentBuy => prop_assert_eq!(s.rent_buy.machine_card.as_str(), r.gpu.id),
            OwnBasis::Machine { machine: m, quote } => {
                prop_assert_eq!(m.card, r.gpu.id);
                prop_assert_eq!(o.cards_bought, o.units * u64::from(m.cards));
                prop_assert!(std::ptr::eq(quote, m.buy(cur).unwrap()), "{}", r.id);
                prop_assert_eq!(r.date_of(Way::Owned), Some(quote.date));
            }
            OwnBasis::Hosted {
                card,
                host,
                host_quote,
            } => {
                prop_assert!(host.fits.contains(&r.gpu.id) && host.form == r.gpu.form);
                prop_assert!(std::ptr::eq(host_quote, host.buy(cur).unwrap()));
                if let Some(q) = card {
                    prop_assert!(std::ptr::eq(q, prices(r.gpu.id).unwrap().buy(cur).unwrap()));
                }
                if r.gpu.form.on_boards() {
                    prop_assert_eq!(o.cards_bought, o.units * u64::from(host.cards));
                } else {
                    prop_assert_eq!(o.cards_bought, r.cards);
                }
            }
        }
        // A machine row buys its own machine.
        if r.machine_cards > 0 {
            if let OwnBasis::Machine { machine: m, .. } = o.basis {
                prop_assert_eq!(Some(m), machine(r.id));
            }
        }
    }
    Ok(())
}

/// A serving row's on-demand month is its quote x cards x the hours billed a day x the month's
/// days, the quote being the card's own (or its machine's) in the plan's currency.
fn rented_months_are_quote_times_units_times_hours(
    p: &PlanReport,
    s: &Scenario,
) -> Result<(), TestCaseError> {
    use gpuplan::calc::memory::prices::{machine, prices};
    for r in p.rows.iter().filter(|r| r.fits) {
        let Some(month) = r.month_of(Way::OnDemand) else {
            continue;
        };
        let quote = match machine(r.id).filter(|_| r.machine_cards > 0) {
            Some(m) => m.hourly_rent(s.currency),
            None => prices(r.gpu.id).and_then(|c| c.hourly_rent(s.currency)),
        };
        let Some(q) = quote else {
            // The reader's typed price: the serving view's own, not a quote.
            continue;
        };
        prop_assert_eq!(r.date_of(Way::OnDemand), Some(q.date), "{}", r.id);
        let units = if r.machine_cards > 0 {
            r.machines
        } else {
            r.cards
        } as f64;
        let want = q.amount * units * 24.0 * days();
        prop_assert!(
            (month.amount - want).abs() <= 1e-9 * want,
            "{}: {} against {want}",
            r.id,
            month.amount
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Serving plans: every owned way is whole sold units on the row's own quotes, every rented
    /// way the row's quote x units x hours.
    #[test]
    fn serving_plans_own_whole_units_and_bill_their_own_quotes(q in query()) {
        let (p, s) = plan(&q);
        owned_ways_are_whole_sold_units(&p, &s)?;
        rented_months_are_quote_times_units_times_hours(&p, &s)?;
    }

    /// Training plans: every owned way is whole sold units on the row's own quotes.
    #[test]
    fn training_plans_own_whole_units(
        model in prop::sample::select(vec!["qwen2.5-7b", "llama-3.1-8b", "llama-3.1-70b"]),
        method in prop::sample::select(vec!["full", "lora", "qlora"]),
        tokens in 1_000_000u64..2_000_000_000,
        deadline in 1.0f64..500.0,
        cur in prop::sample::select(vec!["usd", "cny"]),
    ) {
        let (p, s) = plan(&format!(
            "job=train&model={model}&method={method}&train_tokens={tokens}&deadline_h={deadline}&cur={cur}"
        ));
        owned_ways_are_whole_sold_units(&p, &s)?;
    }
}
