//! Training fits with headroom, and counts in whole machines: the plan's training rows, the
//! training view's report and headline on a row's scenario, the deadline search and the spot
//! view's job all take one rule (docs/formulas.md, "Headroom beyond the estimate" and "Training
//! rows").

use super::common::valid;
use gpuplan::calc::headline::{self, training_ways};
use gpuplan::calc::link::Lang;
use gpuplan::calc::memory::training::{report as train_report, Headroom};
use gpuplan::calc::plan::{row_scenario_train, Reason, Way};
use gpuplan::calc::scenario::Scenario;
use gpuplan::calc::training_time::{cards_for_deadline, time_report, whole_units, MACHINE_CARDS};
use gpuplan::calc::units::{Currency, Hours};
use gpuplan::text::texts;
use proptest::prelude::*;

use super::plan::plan;

/// The team's job: Llama 3.1 70B fine-tuned in full on 1 B tokens within a week, in yuan.
const SEVENTY_B_FULL: &str =
    "view=plan&job=train&model=llama-3.1-70b&method=full&train_tokens=1000000000&deadline_h=168";

/// Before, the plan topped this job with 46 A800s at 79.86 GiB a card of their 80 (0.14 GiB
/// spare), CN¥3,605 for 13.3 h. With 10% of a card kept free the A800 needs 72 GiB or less a
/// card: at ZeRO-3 the activations of one 2,048-token sequence (about 52 GiB) leave room for the
/// states only when they are spread over more than 64 cards, so the A800 no longer holds the run
/// within eight machines. The cheapest count that holds it is 40 H20s (96 GB, 95.58 GiB usable,
/// 9.56 GiB kept free): 83.46 GiB a card, five whole machines; the memory gate sets the count,
/// and 40 cards train the billion tokens in about 30.8 hours, well within the week. On demand
/// at the H20's CN¥10.50 a card-hour, billed by the second: 40 x 30.81 h x 10.50 = CN¥12,941.
#[test]
fn seventy_b_in_full_within_a_week_is_five_h20_machines_with_a_tenth_kept_free() {
    let (p, s) = plan(SEVENTY_B_FULL);
    assert_eq!(s.currency, Currency::Cny);
    let best = &p.rows[p.best.expect("a card holds the run within the week")];
    assert_eq!((best.id, best.cards, best.zero), ("h20", 40, 3));
    assert_eq!(best.train_machines(), Some(5));
    assert!((best.hours - 30.81).abs() < 0.01, "{} h", best.hours);
    assert_eq!(best.way, Some(Way::OnDemand));
    let cost = best.cost.unwrap();
    assert_eq!(cost.currency, Currency::Cny);
    assert!((cost.amount - 12_941.0).abs() < 5.0, "{}", cost.amount);
    // The row says it is at the edge, with the training view's figures.
    let (spare, kept) = best.edge.expect("the row is at the edge");
    assert!((spare.as_gib() - 12.12).abs() < 0.01, "{}", spare.as_gib());
    assert!((kept.as_gib() - 9.56).abs() < 0.01);
    assert!(texts(Lang::En)
        .plan
        .at_edge("on demand", "12.12 GiB", "9.56 GiB")
        .starts_with("on demand; at the edge: 12.12 GiB spare with 9.56 GiB kept free"));
    // The training view the row opens: the same count fits, at the edge, with recomputation the
    // change that leaves more room.
    let m = valid(row_scenario_train(&s, best.gpu, best.cards, best.zero).memory);
    let r = train_report(&m);
    assert!(r.fits);
    assert_eq!(headline::memory(r.fits), "fits");
    assert_eq!(r.headroom, Headroom::Edge);
    assert!(
        (r.total.as_gib() - 83.46).abs() < 0.05,
        "{}",
        r.total.as_gib()
    );
    assert!((r.kept_free.as_gib() - 9.56).abs() < 0.01);
    let ways = training_ways(&m, &r);
    let recompute = ways.recompute.expect("full recomputation is offered");
    assert!(
        recompute.total.0 < r.total.0 / 2.0,
        "{}",
        recompute.total.as_gib()
    );
    assert_eq!(ways.batch, None, "a micro-batch of one cannot be halved");
    assert_eq!(ways.zero, None, "already ZeRO-3");
    // The spot view's job is the row's wall time on the row's count.
    let spot = s_with(&s, best).training_job_hours().unwrap().0;
    assert!((spot - best.hours).abs() <= 0.005, "{spot}");
    // The A800s of before no longer hold it within 64 cards.
    let a800 = p.rows.iter().find(|r| r.id == "a800-80gb").unwrap();
    assert!(!a800.fits);
    assert_eq!(a800.reason, Some(Reason::NoFit));
    // The row's words, in both languages.
    let name = best.gpu.name;
    assert_eq!(
        texts(Lang::En).plan.cards_machines(name, "5", "40"),
        "NVIDIA H20 96 GB, 5 machines, 40 cards"
    );
    assert_eq!(
        texts(Lang::Zh).plan.cards_machines(name, "5", "40"),
        "NVIDIA H20 96 GB，5 台机器，40 张卡"
    );
}

/// With nothing kept free (`train_margin_pct=0`, the reader's choice) the A800 holds the run
/// again, 0.14 GiB spare on 46 cards, but it is booked as the six whole machines 46 cards round
/// up to: the plan's row and the report's fewest cards are both 48.
#[test]
fn with_no_margin_the_a800_is_booked_as_six_machines_not_46_cards() {
    let (p, s) = plan(&format!("{SEVENTY_B_FULL}&train_margin_pct=0"));
    let a800 = p.rows.iter().find(|r| r.id == "a800-80gb").unwrap();
    assert!(a800.fits);
    assert_eq!(a800.cards, 48);
    assert_eq!(a800.train_machines(), Some(6));
    let m = valid(row_scenario_train(&s, a800.gpu, 46, a800.zero).memory);
    let at_46 = train_report(&m);
    assert!(
        at_46.fits && at_46.spare.as_gib() < 0.2,
        "{}",
        at_46.spare.as_gib()
    );
    // The fewest cards the report gives are the whole machines, not 46.
    assert_eq!(at_46.min_gpus, Some(48));
}

fn s_with(s: &Scenario, r: &gpuplan::calc::plan::PlanRow) -> Scenario {
    row_scenario_train(s, r.gpu, r.cards, r.zero)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Over random training jobs: every row that fits keeps the stated margin free on the
    /// training view's report of its scenario (and the headline says it fits), every count past
    /// one machine is whole machines, the deadline search agrees with the row's count, and the
    /// spot view's job is the row's wall time.
    #[test]
    fn training_rows_keep_the_margin_and_book_whole_machines(
        model in prop::sample::select(vec!["qwen2.5-7b", "llama-3.1-8b", "llama-3.1-70b", "mistral-7b"]),
        method in prop::sample::select(vec!["full", "lora", "qlora"]),
        tokens in 1_000_000u64..3_000_000_000,
        seq in prop::sample::select(vec![512u64, 2048, 8192]),
        batch in prop::sample::select(vec![1u64, 2, 4]),
        margin in 0.0f64..50.0,
        deadline in 0.5f64..400.0,
        cur in prop::sample::select(vec!["usd", "cny"]),
    ) {
        let (p, s) = plan(&format!(
            "job=train&model={model}&method={method}&train_tokens={tokens}&seq={seq}&batch={batch}&train_margin_pct={margin}&deadline_h={deadline}&cur={cur}"
        ));
        for r in p.rows.iter().filter(|r| r.fits) {
            prop_assert_eq!(whole_units(r.cards), r.cards, "{} on {}", r.cards, r.id);
            if r.cards > MACHINE_CARDS {
                prop_assert_eq!(r.cards % MACHINE_CARDS, 0);
            }
            if r.machine_cards > 0 {
                prop_assert!(r.machines * r.machine_cards >= r.cards);
            }
            let sc = s_with(&s, r);
            let m = valid(sc.memory.clone());
            let t = train_report(&m);
            prop_assert!(t.fits, "{} x {}: {} of {}", r.cards, r.id, t.total.as_gib(), t.capacity.as_gib());
            prop_assert!(t.spare.0 >= t.kept_free.0, "{}", r.id);
            prop_assert!(matches!(t.headroom, Headroom::Ample | Headroom::Edge));
            // The row's edge is the view's.
            prop_assert_eq!(
                r.edge,
                (t.headroom == Headroom::Edge).then_some((t.spare, t.kept_free))
            );
            prop_assert_eq!(headline::memory(t.fits), "fits");
            prop_assert!((t.kept_free.0 - t.capacity.0 * margin / 100.0).abs() < 1.0);
            // The report's fewest cards at one card, the plan's gate, is no more than the row's.
            let mut one = sc.memory.clone();
            one.training.gpus = 1;
            let least = train_report(&valid(one)).min_gpus.unwrap();
            prop_assert!(least <= r.cards);
            prop_assert_eq!(whole_units(least), least);
            // The deadline search, memory aside: the row takes its count when it meets the
            // deadline at or above the memory gate.
            let time = time_report(&m);
            prop_assert_eq!(r.hours, time.hours.0);
            if r.meets {
                let c = cards_for_deadline(&m, Hours(deadline)).unwrap();
                prop_assert!(c <= r.cards);
                if c >= least {
                    prop_assert_eq!(c, r.cards);
                }
            }
            if let Some(h) = sc.training_job_hours() {
                prop_assert!((h.0 - r.hours).abs() <= 0.005 + 1e-9);
            }
        }
    }
}
