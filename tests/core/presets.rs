//! The guide's worked examples as presets (docs/formulas.md): each, applied to a scenario whose
//! inputs were moved away from them, gives the guide's figures again, changes only its own
//! calculator's inputs, and is answered by the headline code the page shows.

use crate::common::{assert_close, valid};
use gpuplan::calc::bill::{self, BillInputs};
use gpuplan::calc::headline::{self, spot_best, training_ways, SpotChoice};
use gpuplan::calc::memory::dtype::WeightType;
use gpuplan::calc::memory::inference;
use gpuplan::calc::memory::training::{self, Method, Recompute};
use gpuplan::calc::presets::{apply, example, holds, ids, Target, EXAMPLES};
use gpuplan::calc::rent_buy;
use gpuplan::calc::scenario::Scenario;
use gpuplan::calc::spot;
use gpuplan::calc::units::{Currency, Hours, Ratio, GIB};

/// A scenario with every calculator moved away from the guide's examples.
fn moved() -> Scenario {
    let mut s = Scenario::default();
    s.rent_buy.price_per_hour = 200.0;
    s.rent_buy.util = Ratio(0.3);
    s.rent_buy.purchase = 900_000.0;
    s.memory.gpu = "rtx-4090".into();
    s.memory.model.params_b = Some(13.0);
    s.memory.training.method = Method::Qlora;
    s.memory.training.seq = 8192;
    s.memory.training.recompute = Recompute::Full;
    s.memory.inference.ctx = 32_768;
    s.memory.inference.conc = 3;
    s.memory.inference.weights = WeightType::Int4;
    s.spot.job = gpuplan::calc::units::Hours(10.0);
    s.spot.spot_price = 6.0;
    s.bill.levers.iter_mut().for_each(|l| l.on = false);
    s.bill.lines.truncate(2);
    s
}

/// `moved()` with the example `id` applied.
fn applied(id: &str) -> Scenario {
    let mut s = moved();
    apply(example(id).expect("a preset"), &mut s);
    s
}

#[test]
fn every_preset_has_a_unique_id_and_opens_a_view_that_exists() {
    let all = ids();
    let mut unique = all.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), all.len());
    assert_eq!(
        all,
        [
            "break-even",
            "team-240h",
            "full-7b",
            "lora-7b",
            "infer-7b-8k",
            "spot",
            "bill-21000",
            "classroom"
        ]
    );
    for e in EXAMPLES {
        assert!(
            ["rent-buy", "training", "inference", "spot", "bill"].contains(&e.view),
            "{} opens {}",
            e.id,
            e.view
        );
    }
    assert!(example("nothing").is_none());
}

#[test]
fn break_even_preset_gives_46853_a_month_and_a_break_even_of_54_2_percent() {
    let s = applied("break-even");
    let r = rent_buy::report(&valid(s.rent_buy.clone()), Currency::Cny);
    assert_close(
        r.own_monthly.amount,
        1_200_000.0 / 36.0 + 2_520.0 + 3_000.0 + 8_000.0,
        1e-6,
    );
    assert_close(r.own_monthly.amount, 46_853.33, 0.005);
    assert_close(r.rent_monthly.amount, 43_200.0, 1e-9);
    assert_close(r.break_even.unwrap().0, 46_853.333_333 / 86_400.0, 1e-9);
    assert_eq!(format!("{:.1}", r.break_even.unwrap().0 * 100.0), "54.2");
    // The headline: renting is cheaper, and at 50% it saves 3,653 a month.
    assert_eq!(headline::rent_buy(&r), "rent");
    assert_close(r.monthly_difference.amount, 3_653.33, 0.005);
}

#[test]
fn team_240h_preset_gives_11_1_percent_and_renting_at_about_a_fifth_of_owning() {
    let s = applied("team-240h");
    assert_close(s.rent_buy.util.0, 240.0 / 2_160.0, 1e-15);
    let r = rent_buy::report(&valid(s.rent_buy.clone()), Currency::Cny);
    assert_close(r.rent_monthly.amount, 9_600.0, 1e-9);
    assert_close(r.own_monthly.amount, 46_853.33, 0.005);
    assert_close(r.rent_monthly.amount / r.own_monthly.amount, 0.205, 0.001);
    assert_eq!(headline::rent_buy(&r), "rent");
    assert_close(r.monthly_difference.amount, 37_253.33, 0.005);
}

#[test]
fn full_7b_preset_gives_112_gb_of_states_and_needs_two_80_gb_cards() {
    let s = applied("full-7b");
    let r = training::report(&valid(s.memory.clone()));
    assert_eq!(r.trainable, 7e9);
    assert_eq!(r.states_unsharded.0, 112e9);
    assert_eq!(
        r.activations.0,
        2_048.0 * (17.0 * 4_096.0 + 8.0 * 11_008.0) * 32.0 + 163_840_000.0
    );
    assert_close(r.activations.as_gb(), 10.50, 0.005);
    assert_close((r.states.0 + r.activations.0) / GIB, 114.1, 0.05);
    assert!(!r.fits);
    assert_eq!(r.min_gpus, Some(2));
    assert_eq!(headline::memory(r.fits), "no-fit");
    // The ways out the headline names: two cards with ZeRO-3, or a bigger card (an H200's
    // 140.40 GiB is the least memory that holds 120.6 GiB); LoRA fits one card.
    let ways = training_ways(&valid(s.memory.clone()), &r);
    assert_eq!((ways.cards, ways.stage), (Some(2), 3));
    assert_eq!(ways.card, Some("h200"));
    assert!(ways.lora.unwrap().fits);
    assert!(!ways.recompute.unwrap().fits);
}

#[test]
fn lora_7b_preset_trains_39_976_960_parameters_in_25_3_gib() {
    let s = applied("lora-7b");
    let r = training::report(&valid(s.memory.clone()));
    assert_eq!(r.trainable, 39_976_960.0);
    assert_close(r.states.0, 39_976_960.0 * 16.0 + 14e9, 1e-3);
    assert_close(r.total.as_gib(), 25.3, 0.05);
    assert_close(r.total.as_gb(), 27.2, 0.05);
    assert!(r.fits);
    assert_eq!(headline::memory(r.fits), "fits");
}

#[test]
fn infer_7b_8k_preset_gives_32_gib_of_cache_57_65_gib_and_the_80_gb_tier() {
    let s = applied("infer-7b-8k");
    let r = inference::report(&valid(s.memory.clone()));
    assert_eq!(r.weights.0, 14e9);
    assert_eq!(r.kv_per_token.0, 524_288.0);
    assert_eq!(r.kv_cache.0, 32.0 * GIB);
    assert_close(r.required.as_gib(), 57.65, 0.005);
    assert_eq!(r.tier_gb, Some(80.0));
    assert_eq!(r.max_concurrency, 12);
    assert_eq!(headline::memory(r.fits), "fits");
}

#[test]
fn spot_preset_gives_112_1_hours_and_392_34_against_1000_on_demand() {
    let s = applied("spot");
    let v = valid(s.spot.clone());
    let r = spot::report(&v, Currency::Cny);
    assert_close(r.young.0, 2.0, 1e-9);
    assert_close(r.daly.0, 1.934, 0.0005);
    assert_close(r.wall_with.0, 112.1, 0.05);
    assert_close(r.cost_with.amount, 392.34, 0.005);
    assert_close(r.ondemand_cost.amount, 1_000.0, 1e-9);
    assert_close(r.wall_without.unwrap().0, 2_985.3, 0.05);
    assert_close(r.cost_without.unwrap().amount, 10_448.72, 0.005);
    assert_close(r.crossover.unwrap().0, 36.2, 0.05);
    assert_close(r.storage_per_month.amount, 40.32, 1e-9);
    let (best, cost) = spot_best(&v, &r);
    assert_eq!(
        (best, best.id()),
        (SpotChoice::Checkpoints, "spot-checkpoints")
    );
    assert_eq!(cost, r.cost_with);
}

#[test]
fn bill_21000_preset_gives_21000_and_saves_4000_or_19_percent() {
    let s = applied("bill-21000");
    let r = bill::report(&valid(s.bill.clone()), Currency::Cny);
    assert_eq!(r.total.amount, 21_000.0);
    assert_eq!(r.savings.amount, 4_000.0);
    assert_close(r.share, 4_000.0 / 21_000.0, 1e-12);
    assert_eq!(format!("{:.1}", r.share * 100.0), "19.0");
    assert_eq!(headline::bill(&r), "saves");
}

/// The guide's teaching case (6.4) with illustrative, dated figures: 30 students with one RTX 4090
/// each for 6 weeks a year, the 30 cards counted as one machine. By hand:
/// - purchase 30 x 1,599 USD x 7.1 = 340,587 CNY; depreciation 340,587 / 36 = 9,460.75 a month;
/// - U = 6 x 168 / 8,760 = 0.115068..., so 730 x U = 84 busy hours a month;
/// - electricity 30 x 0.45 kW = 13.5 kW x 84 h x 1 CNY = 1,134; owning 10,594.75 a month;
/// - renting 30 x 1.98 = 59.4 an hour x 84 h = 4,989.60 a month (59,875.20 a year = 30 x 1,008 h
///   x 1.98); renting saves 5,605.15 a month;
/// - U* = 9,460.75 / (59.4 x 730 - 13.5 x 730) = 9,460.75 / 33,507 = 0.282351..., 28.2%, which is
///   0.282351 x 8,760 / 168 = 14.72 weeks of round-the-clock use a year.
#[test]
fn classroom_preset_rents_30_cards_for_4989_60_a_month_against_10594_75_and_u_star_28_2_percent() {
    let s = applied("classroom");
    let i = &s.rent_buy;
    assert_eq!(i.power_model, rent_buy::PowerModel::FollowsUse);
    assert_close(i.purchase, 340_587.0, 1e-6);
    assert_close(i.price_per_hour, 59.4, 1e-12);
    assert_close(i.util.0 * i.month_hours.0, 84.0, 1e-9);
    let r = rent_buy::report(&valid(i.clone()), Currency::Cny);
    assert_close(r.own.depreciation.amount, 9_460.75, 1e-9);
    assert_close(r.own.electricity.amount, 1_134.0, 1e-9);
    assert_close(r.own_monthly.amount, 10_594.75, 1e-9);
    assert_close(r.rent_monthly.amount, 4_989.6, 1e-9);
    assert_close(r.rent_monthly.amount * 12.0, 59_875.2, 1e-8);
    assert_close(r.monthly_difference.amount, 5_605.15, 1e-9);
    let u = r.break_even.unwrap().0;
    assert_close(u, 9_460.75 / 33_507.0, 1e-12);
    assert_eq!(format!("{:.1}", u * 100.0), "28.2");
    assert_eq!(format!("{:.2}", u * 8_760.0 / 168.0), "14.72");
    assert_eq!(headline::rent_buy(&r), "rent");
    assert_eq!(r.payback_month, None);
    // Its figures are the price table's and the catalogue's, with their dates.
    use gpuplan::calc::memory::{catalogue, prices};
    use gpuplan::calc::presets::{RTX_4090_KW, RTX_4090_RENT_CNY, RTX_4090_USD};
    let p = prices::prices("rtx-4090").unwrap();
    let (buy, rent) = (p.buy_usd.unwrap(), p.rent_cny.unwrap());
    // The example keeps NVIDIA's launch price of 2022-09 as its own dated figure; the
    // catalogue's purchase is now the 2024-11 street price, which a pick fills.
    assert_eq!(RTX_4090_USD, 1_599.0);
    assert_eq!((buy.amount, buy.date), (1_650.0, "2024-11"));
    assert_eq!((rent.amount, rent.date), (RTX_4090_RENT_CNY, "2026-10"));
    assert_eq!(
        catalogue::gpu("rtx-4090").unwrap().power_w / 1000.0,
        RTX_4090_KW
    );
    // The demand profile, as the whole class's machine-hours in each month of a year with the
    // course in its first six weeks, plans the same: own none, rent all.
    let mut profile = i.clone();
    profile.demand = [730.0, 278.0]
        .into_iter()
        .chain([0.0; 10])
        .map(Hours)
        .collect();
    let h = gpuplan::calc::demand::hybrid(&valid(profile), Currency::Cny);
    assert_eq!(h.best.owned, 0);
    assert_close(h.best.monthly.amount, 4_989.6, 1e-9);
}

#[test]
fn a_preset_changes_only_its_own_calculator() {
    let before = moved();
    for e in EXAMPLES {
        let after = applied(e.id);
        match e.target {
            Target::RentBuy => {
                assert_eq!(after.memory, before.memory, "{}", e.id);
                assert_eq!(after.spot, before.spot, "{}", e.id);
                assert_eq!(after.bill, before.bill, "{}", e.id);
            }
            Target::Training => {
                assert_eq!(after.memory.inference, before.memory.inference, "{}", e.id);
                assert_eq!(after.rent_buy, before.rent_buy, "{}", e.id);
            }
            Target::Inference => {
                assert_eq!(after.memory.training, before.memory.training, "{}", e.id);
                assert_eq!(after.rent_buy, before.rent_buy, "{}", e.id);
            }
            Target::Spot => {
                assert_eq!(after.memory, before.memory, "{}", e.id);
                assert_eq!(after.bill, before.bill, "{}", e.id);
            }
            Target::Bill => {
                assert_eq!(after.spot, before.spot, "{}", e.id);
                assert_eq!(after.rent_buy, before.rent_buy, "{}", e.id);
            }
        }
        assert_eq!(after.billing, before.billing, "{}", e.id);
        assert_eq!(after.serving, before.serving, "{}", e.id);
        assert_eq!(after.advisor, before.advisor, "{}", e.id);
        assert!(holds(e, &after), "{} should hold after applying", e.id);
        assert!(!holds(e, &before), "{} should not hold before", e.id);
        // Whatever it sets passes every check a link or an edit would apply.
        after.check().unwrap();
    }
}

#[test]
fn a_preset_in_dollars_converts_the_guide_s_amounts_at_the_rate() {
    let mut s = moved();
    s.currency = Currency::Usd;
    s.fx = 7.2;
    apply(example("break-even").unwrap(), &mut s);
    let r = rent_buy::report(&valid(s.rent_buy.clone()), Currency::Usd);
    assert_close(r.own_monthly.amount, 46_853.333_333 / 7.2, 1e-6);
    assert_close(r.break_even.unwrap().0, 0.5423, 0.0001);
    apply(example("bill-21000").unwrap(), &mut s);
    let b = bill::report(&valid(s.bill.clone()), Currency::Usd);
    assert_close(b.total.amount, 21_000.0 / 7.2, 1e-6);
    // The habits' shares save whole cents of a dollar: the share of the bill to within them.
    assert_close(b.share, 4_000.0 / 21_000.0, 1e-5);
    assert_eq!(format!("{:.1}", b.share * 100.0), "19.0");
    assert_eq!(BillInputs::default().lines.len(), 6);
}

#[test]
fn a_memory_preset_resets_only_what_the_guide_s_model_cannot_take() {
    // Qwen2.5-7B's 28 heads split over 28 cards; the guide's 32 do not.
    let mut s = Scenario::default();
    let qwen = gpuplan::calc::memory::presets::preset("qwen2.5-7b").unwrap();
    s.memory.model.model = Some(qwen.id.to_string());
    s.memory.model.arch = (qwen.arch)();
    s.memory.model.params_b = None;
    s.memory.inference.tp = 28;
    s.memory.inference.ctx = 32_768;
    s.check().unwrap();
    apply(example("full-7b").unwrap(), &mut s);
    s.check().unwrap();
    assert_eq!(s.memory.inference.tp, 1);
    assert_eq!(s.memory.inference.ctx, 32_768);
    // Llama 3.1 70B's 80 layers take 60 frozen ones; the guide's 32 do not.
    let mut s = Scenario::default();
    let big = gpuplan::calc::memory::presets::preset("llama-3.1-70b").unwrap();
    s.memory.model.model = Some(big.id.to_string());
    s.memory.model.arch = (big.arch)();
    s.memory.training.frozen_layers = 60;
    s.memory.training.seq = 4096;
    s.memory.inference.tp = 8;
    s.check().unwrap();
    apply(example("infer-7b-8k").unwrap(), &mut s);
    s.check().unwrap();
    assert_eq!(s.memory.training.frozen_layers, 0);
    assert_eq!(s.memory.training.seq, 4096);
    // What does fit the guide's model is kept.
    let mut s = Scenario::default();
    s.memory.inference.tp = 4;
    apply(example("lora-7b").unwrap(), &mut s);
    assert_eq!(s.memory.inference.tp, 4);
}
