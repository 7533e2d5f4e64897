//! What moves the rent-or-buy answer (docs/formulas.md, "What moves the answer"): the tornado's
//! bars are the calculator run again at each end, ranked by their span, clamped where the table
//! says and saying so; the verdict map agrees with the break-even at each cell's centre; nothing
//! is infinite or undefined.

use crate::common::{assert_close, valid};
use gpuplan::calc::field::NumberKind;
use gpuplan::calc::moves::tornado::NOT_MOVED;
use gpuplan::calc::moves::{
    market_range, tornado, verdict_map, verdict_map_sized, Bar, Clamp, End, Output, Quantity, Skip,
    Swing, Tornado,
};
use gpuplan::calc::rent_buy::{rent_buy, report, PowerModel, RentBuyInputs, Verdict};
use gpuplan::calc::table::{validate, Calculator, Field};
use gpuplan::calc::units::{Currency, Hours, Kilowatts, Ratio};
use proptest::prelude::*;

fn bar<'a>(t: &'a Tornado, key: &str) -> &'a Bar {
    t.bars
        .iter()
        .find(|b| b.key == key)
        .unwrap_or_else(|| panic!("no bar for {key}: {:?}", t.skipped))
}

/// A bar's finite span of `by`.
fn span(b: &Bar, by: Output, t: &Tornado) -> f64 {
    match b.swing(by, &t.base) {
        Swing::By(s) => s,
        Swing::Appears => panic!("{}: the break-even appears or vanishes", b.key),
    }
}

/// The guide's machine at 20%: rent and utilisation move the monthly difference most, each by
/// 17,280 (20% of 86,400 x 50% either way); PUE cannot go below 1.
#[test]
fn tornado_of_the_guide_s_machine_ranks_rent_and_utilisation_first() {
    let i = valid(RentBuyInputs::default());
    let t = tornado(&i, Currency::Cny, Output::Difference);
    assert_eq!(t.swing, Ratio(0.2));
    assert_close(t.base.difference.amount, 3_653.333_333, 1e-5);
    let keys: Vec<&str> = t.bars.iter().map(|b| b.key).collect();
    assert_eq!(
        keys,
        [
            "price",
            "util",
            "months",
            "purchase",
            "ops",
            // The load draw moves the electricity and, as hosting follows it, the hosting.
            "power_kw",
            "hosting_kw",
            "hosting",
            "hours_per_day",
            "kwh_price",
            "pue"
        ]
    );
    assert_eq!(
        t.skipped,
        [
            ("resale", Skip::Zero),
            ("capital_rate", Skip::Zero),
            ("idle_kw", Skip::NoEffect),
            // Staff is per machine: the fleet it would be shared over moves nothing.
            ("fleet", Skip::NoEffect),
            ("month_hours", Skip::Convention),
            ("swing", Skip::Setting),
            // Reserving is not compared unless asked for, so its discounts move nothing here.
            ("reserve_off_1m", Skip::NoEffect),
            // No price of a month reserved is given (0): the month's discount applies.
            ("reserve_month", Skip::Zero),
            ("reserve_off_1y", Skip::NoEffect),
            ("reserve_off_3y", Skip::NoEffect),
        ]
    );
    // Rent 96 and 144: owning 46,853.33 against 96 x 720 x 50% = 34,560 and 144 x 360 = 51,840.
    let p = bar(&t, "price");
    assert_eq!((p.low.link_value, p.high.link_value), (96.0, 144.0));
    assert_close(p.low.outcome.difference.amount, 12_293.333_333, 1e-5);
    assert_close(p.high.outcome.difference.amount, -4_986.666_667, 1e-5);
    assert_close(
        p.low.outcome.break_even.unwrap().0,
        46_853.333_333 / 69_120.0,
        1e-9,
    );
    assert_close(
        p.high.outcome.break_even.unwrap().0,
        46_853.333_333 / 103_680.0,
        1e-9,
    );
    assert_eq!(p.high.outcome.verdict, Verdict::Buy);
    assert_close(span(p, Output::Difference, &t), 17_280.0, 1e-6);
    // Utilisation moves the difference as much, the break-even not at all.
    let u = bar(&t, "util");
    assert_eq!(u.low.input, Quantity::Share(Ratio(0.4)));
    assert_eq!(u.swing(Output::BreakEven, &t.base), Swing::By(0.0));
    // Months are whole: 28.8 and 43.2 become 28 and 44, the next whole months beyond 20%.
    let m = bar(&t, "months");
    assert_eq!((m.low.link_value, m.high.link_value), (28.0, 44.0));
    assert_eq!(
        (m.low.clamped.clone(), m.high.clamped.clone()),
        (None, None)
    );
    assert_close(
        m.low.outcome.difference.amount,
        1_200_000.0 / 28.0 + 13_520.0 - 43_200.0,
        1e-6,
    );
    // The rest of docs/formulas.md's table: difference at each end, U* at each end.
    for (key, lo, hi, u_lo, u_hi) in [
        (
            "months",
            13_177.142_857,
            -2_407.272_727,
            0.652_513,
            0.472_138,
        ),
        ("purchase", -3_013.333_333, 10_320.0, 0.465_123, 0.619_444),
        ("ops", 2_053.333_333, 5_253.333_333, 0.523_765, 0.560_802),
        (
            "hosting",
            3_053.333_333,
            4_253.333_333,
            0.535_340,
            0.549_228,
        ),
        // The draw moves the electricity (2,520 +- 504) and the hosting that follows it
        // (3,000 +- 600).
        (
            "power_kw",
            2_549.333_333,
            4_757.333_333,
            45_749.333_333 / 86_400.0,
            47_957.333_333 / 86_400.0,
        ),
        // Hosting quoted for 5.6 kW or 8.4 kW: 3,750 or 2,500 for the guide's 7 kW.
        (
            "hosting_kw",
            4_403.333_333,
            3_153.333_333,
            47_603.333_333 / 86_400.0,
            46_353.333_333 / 86_400.0,
        ),
        (
            "kwh_price",
            3_149.333_333,
            4_157.333_333,
            0.536_451,
            0.548_117,
        ),
    ] {
        let b = bar(&t, key);
        assert_close(b.low.outcome.difference.amount, lo, 1e-5);
        assert_close(b.high.outcome.difference.amount, hi, 1e-5);
        assert_close(b.low.outcome.break_even.unwrap().0, u_lo, 1e-6);
        assert_close(b.high.outcome.break_even.unwrap().0, u_hi, 1e-6);
    }
    // PUE stops at its floor of 1, and says so.
    let pue = bar(&t, "pue");
    assert_eq!(pue.low.link_value, 1.0);
    assert_eq!(pue.low.clamped, Some(Clamp::Range { limit: 1.0 }));
    assert_eq!(pue.low.outcome, t.base);
    assert_close(
        pue.high.outcome.difference.amount - t.base.difference.amount,
        504.0,
        1e-9,
    );
    assert_eq!(
        bar(&t, "purchase").low.input,
        Quantity::Money(gpuplan::calc::units::Money::new(960_000.0, Currency::Cny))
    );
    assert_eq!(bar(&t, "power_kw").kind, NumberKind::Plain);
}

/// Ranked by the break-even instead, the purchase and the months lead after the rent; the
/// utilisation, which does not move U*, comes last.
#[test]
fn tornado_ranked_by_break_even_puts_utilisation_last() {
    let t = tornado(
        &valid(RentBuyInputs::default()),
        Currency::Cny,
        Output::BreakEven,
    );
    let keys: Vec<&str> = t.bars.iter().map(|b| b.key).collect();
    assert_eq!(keys[..3], ["price", "months", "purchase"]);
    assert_eq!(keys.last(), Some(&"util"));
    // Rent 96 to 144: U* from 67.79% to 45.19%.
    assert_close(
        span(bar(&t, "price"), Output::BreakEven, &t),
        46_853.333_333 / 69_120.0 - 46_853.333_333 / 103_680.0,
        1e-9,
    );
    assert_close(
        span(bar(&t, "months"), Output::BreakEven, &t),
        0.652_513 - 0.472_138,
        1e-6,
    );
}

#[test]
fn clamping_at_a_range_end_and_at_a_rule_is_reported() {
    // Utilisation 90% moved up by 20% stops at 100%.
    let i = valid(RentBuyInputs {
        util: Ratio(0.9),
        ..Default::default()
    });
    let u = bar(&tornado(&i, Currency::Cny, Output::Difference), "util").clone();
    assert_eq!(u.high.link_value, 100.0);
    assert_eq!(u.high.clamped, Some(Clamp::Range { limit: 100.0 }));
    assert_close(u.low.link_value, 72.0, 1e-12);
    assert_eq!(u.low.clamped, None);
    // A resale of 1,000,000 holds the purchase price at 1,000,000 when it moves down to 960,000,
    // and the idle draw at the load draw when that moves down.
    let i = valid(RentBuyInputs {
        resale: 1_000_000.0,
        power_model: PowerModel::FollowsUse,
        power_idle: Kilowatts(6.5),
        ..Default::default()
    });
    let t = tornado(&i, Currency::Cny, Output::Difference);
    let p = bar(&t, "purchase");
    assert_close(p.low.link_value, 1_000_000.0, 1e-3);
    assert!(p.low.link_value >= 1_000_000.0);
    match &p.low.clamped {
        Some(Clamp::Rule(issue)) => assert_eq!(issue.key(), "resale"),
        other => panic!("purchase should stop at the resale value: {other:?}"),
    }
    assert_eq!(p.high.clamped, None);
    let load = bar(&t, "power_kw");
    assert_close(load.low.link_value, 6.5, 1e-9);
    assert!(matches!(&load.low.clamped, Some(Clamp::Rule(e)) if e.key() == "idle_kw"));
    let idle = bar(&t, "idle_kw");
    assert_close(idle.high.link_value, 7.0, 1e-9);
    assert!(matches!(&idle.high.clamped, Some(Clamp::Rule(e)) if e.key() == "idle_kw"));
    // With electricity following use, the hours a day play no part.
    assert!(t.skipped.contains(&("hours_per_day", Skip::NoEffect)));
}

/// A whole-number field moves even when `x` is small: 36 months at 1% give 35 and 37.
#[test]
fn whole_months_move_by_at_least_one() {
    let i = valid(RentBuyInputs {
        swing: Ratio::from_percent(1.0),
        ..Default::default()
    });
    let m = bar(&tornado(&i, Currency::Cny, Output::Difference), "months").clone();
    assert_eq!((m.low.link_value, m.high.link_value), (35.0, 37.0));
    // 30 months at 20% are exactly 24 and 36.
    let i = valid(RentBuyInputs {
        months: 30.0,
        ..Default::default()
    });
    let m = bar(&tornado(&i, Currency::Cny, Output::Difference), "months").clone();
    assert_eq!((m.low.link_value, m.high.link_value), (24.0, 36.0));
}

/// Rent 8 an hour against 7 kW of load electricity at 1 a kWh: 20% less rent, or 20% more draw,
/// electricity price or PUE, and an hour's rent costs less than its electricity, so there is no
/// break-even at that end. It is `None`, and those bars rank first by the break-even, in the
/// table's order.
#[test]
fn a_vanishing_break_even_is_none_and_ranks_first() {
    let i = valid(RentBuyInputs {
        power_model: PowerModel::FollowsUse,
        power_idle: Kilowatts(0.0),
        price_per_hour: 8.0,
        ..Default::default()
    });
    let t = tornado(&i, Currency::Cny, Output::BreakEven);
    let first: Vec<&str> = t.bars[..4].iter().map(|b| b.key).collect();
    assert_eq!(first, ["power_kw", "kwh_price", "pue", "price"]);
    assert!(t.bars[..4]
        .iter()
        .all(|b| b.swing(Output::BreakEven, &t.base) == Swing::Appears));
    assert!(t.bars[4..]
        .iter()
        .all(|b| matches!(b.swing(Output::BreakEven, &t.base), Swing::By(_))));
    let p = bar(&t, "price");
    assert_eq!(p.low.outcome.break_even, None);
    assert_eq!(p.low.outcome.verdict, Verdict::Rent);
    // a = 33,333.33 + 11,000, pH - b = (8 x 1.2 - 7) x 720 = 1,872.
    assert_close(
        p.high.outcome.break_even.unwrap().0,
        44_333.333_333 / 1_872.0,
        1e-6,
    );
    let load = bar(&t, "power_kw");
    assert_eq!(load.high.outcome.break_even, None);
    assert!(load.low.outcome.break_even.is_some());
}

#[test]
fn swing_is_a_setting_that_no_cost_reads() {
    let d = RentBuyInputs::default();
    let f = <RentBuyInputs as Calculator>::field("swing").expect("a swing field");
    let Field::Num(n) = f else {
        panic!("swing is a number")
    };
    assert_eq!((n.min, n.max, n.kind), (1.0, 90.0, NumberKind::Percent));
    assert_eq!(f.write(&d), "20");
    let mut wide = d.clone();
    f.read(&mut wide, "45").unwrap();
    assert_eq!(wide.swing, Ratio(0.45));
    assert!(f.read(&mut wide.clone(), "95").is_err());
    assert_eq!(
        rent_buy(&wide, Currency::Cny).unwrap(),
        rent_buy(&d, Currency::Cny).unwrap()
    );
    assert!(NOT_MOVED.contains(&("swing", Skip::Setting)));
}

#[test]
fn a_preset_keeps_the_reader_s_swing() {
    use gpuplan::calc::presets::{apply, example};
    let mut s = gpuplan::calc::scenario::Scenario::default();
    s.rent_buy.swing = Ratio(0.35);
    s.rent_buy.price_per_hour = 200.0;
    apply(example("break-even").unwrap(), &mut s);
    assert_eq!(s.rent_buy.price_per_hour, 120.0);
    assert_eq!(s.rent_buy.swing, Ratio(0.35));
}

/// The guide's machine on the map: the axis is the guide's 80-200, the chosen point (120, 50%)
/// says rent, and the column of 81.25 (its first) turns to buy above U* = 46,853.33 / (81.25 x 720).
#[test]
fn verdict_map_of_the_guide_s_machine() {
    let i = valid(RentBuyInputs::default());
    let m = verdict_map(&i, Currency::Cny, market_range(Currency::Cny, 7.1));
    assert_eq!(m.market, (80.0, 200.0));
    assert_eq!((m.price_edges[0], m.price_edges[48]), (80.0, 200.0));
    assert_eq!((m.cells.len(), m.cells[0].len()), (40, 48));
    assert_eq!(m.util_edges[1], 0.025);
    assert_eq!(m.current.verdict, Verdict::Rent);
    assert_close(m.current.difference.amount, 3_653.333_333, 1e-5);
    assert_close(m.current.break_even.unwrap().0, 0.542_284, 1e-6);
    // First column, centre 81.25: U* = 0.8009; the row of 78.75-81.25% is the last to rent.
    let u = 46_853.333_333 / (81.25 * 720.0);
    assert_close(u, 0.800_912, 1e-6);
    let first: Vec<Verdict> = m.cells.iter().map(|row| row[0].verdict).collect();
    assert_eq!(first.iter().filter(|v| **v == Verdict::Rent).count(), 32);
    // The largest difference is in the far corner: renting 198.75 an hour at 98.75% costs
    // 141,311.25, owning 94,457.92 less.
    assert_close(
        m.largest_difference,
        198.75 * 720.0 * 0.9875 - 46_853.333_333,
        1e-5,
    );
    // In dollars at 7.1 the market is 11.27-28.17 a machine-hour.
    let usd = market_range(Currency::Usd, 7.1);
    assert_close(usd.0, 80.0 / 7.1, 1e-12);
    assert_close(usd.1, 200.0 / 7.1, 1e-12);
    // A rent of 400 widens the axis to 80-600, as the break-even chart does.
    let far = valid(RentBuyInputs {
        price_per_hour: 400.0,
        ..Default::default()
    });
    let m = verdict_map_sized(&far, Currency::Cny, (80.0, 200.0), 10, 4);
    assert_eq!((m.price_edges[0], m.price_edges[10]), (80.0, 600.0));
    assert_eq!((m.cells.len(), m.cells[0].len()), (4, 10));
}

fn arb_inputs() -> impl Strategy<Value = RentBuyInputs> {
    (
        (0.0..5e6f64, 1u32..240, 0.0..1.0f64),
        (
            0.0..50.0f64,
            0.0..1.0f64,
            0.0..24.0f64,
            0.0..5.0f64,
            1.0..3.0f64,
        ),
        (0.0..1e5f64, 0.0..1e5f64, 0.01..500.0f64, 0.0..1.0f64),
        prop_oneof![Just(PowerModel::FixedHours), Just(PowerModel::FollowsUse)],
        (
            prop_oneof![Just(720.0), Just(730.0), 24.0..744.0f64],
            1.0..90.0f64,
        ),
    )
        .prop_map(
            |(
                (purchase, months, resale),
                (load, idle_share, hpd, kwh, pue),
                (hosting, ops, price, util),
                model,
                (month_hours, swing),
            )| RentBuyInputs {
                purchase,
                months: months as f64,
                // Often close to the purchase price, so the rule clamps the purchase's low end.
                resale: if resale < 0.3 { 0.0 } else { purchase * resale },
                power_load: Kilowatts(load),
                power_idle: Kilowatts(load * idle_share),
                power_model: model,
                hours_per_day: Hours(hpd),
                kwh_price: kwh,
                pue,
                hosting_per_month: hosting,
                ops_per_month: ops,
                price_per_hour: price,
                util: Ratio(util),
                month_hours: Hours(month_hours),
                swing: Ratio::from_percent(swing),
                ..Default::default()
            },
        )
}

/// The inputs with the bar's field set to one end's value, checked.
fn at_end(i: &RentBuyInputs, key: &str, end: &End) -> RentBuyInputs {
    let Some(Field::Num(f)) = <RentBuyInputs as Calculator>::field(key) else {
        panic!("{key} is not a number field")
    };
    let mut t = i.clone();
    (f.set)(&mut t, end.link_value);
    t
}

fn all_finite(t: &Tornado) -> bool {
    let o = |o: &gpuplan::calc::moves::Outcome| {
        o.difference.amount.is_finite()
            && o.break_even.is_none_or(|u| u.0.is_finite() && u.0 >= 0.0)
    };
    o(&t.base)
        && t.bars.iter().all(|b| {
            b.base.is_finite()
            && [&b.low, &b.high]
                .iter()
                .all(|e| e.link_value.is_finite() && o(&e.outcome))
            && [Output::BreakEven, Output::Difference].iter().all(
                |by| !matches!(b.swing(*by, &t.base), Swing::By(s) if !s.is_finite() || s < 0.0),
            )
        })
}

proptest! {
    #[test]
    fn tornado_bars_equal_direct_recomputation(i in arb_inputs()) {
        let v = valid(i.clone());
        let t = tornado(&v, Currency::Usd, Output::Difference);
        let x = i.swing.0;
        let nums = <RentBuyInputs as Calculator>::FIELDS.iter().filter(|f| matches!(f, Field::Num(_))).count();
        // Every number field has a bar or a reason, once.
        prop_assert_eq!(t.bars.len() + t.skipped.len(), nums);
        for b in &t.bars {
            let Some(Field::Num(f)) = <RentBuyInputs as Calculator>::field(b.key) else { panic!() };
            prop_assert_eq!(b.base, (f.get)(&i));
            for (end, factor) in [(&b.low, 1.0 - x), (&b.high, 1.0 + x)] {
                let moved = at_end(&i, b.key, end);
                let r = report(&valid(moved.clone()), Currency::Usd);
                prop_assert_eq!(end.outcome.break_even, r.break_even, "{}", b.key);
                prop_assert_eq!(end.outcome.difference, r.monthly_difference, "{}", b.key);
                prop_assert_eq!(end.outcome.verdict, r.verdict);
                let asked = b.base * factor;
                match &end.clamped {
                    None if f.whole => prop_assert!(end.link_value.fract() == 0.0 && (end.link_value - asked).abs() < 1.0),
                    None => prop_assert_eq!(end.link_value, asked),
                    Some(Clamp::Range { limit }) => {
                        prop_assert!(*limit == f.min || *limit == f.max);
                        prop_assert!(asked < f.min || asked > f.max, "{} clamped without need", b.key);
                    }
                    Some(Clamp::Rule(_)) => {
                        // What was asked (within the range) breaks a rule; the value used lies
                        // between the base and it.
                        let mut asked_inputs = i.clone();
                        (f.set)(&mut asked_inputs, asked.clamp(f.min, f.max));
                        prop_assert!(validate(asked_inputs).is_err());
                        let (lo, hi) = (b.base.min(asked), b.base.max(asked));
                        prop_assert!(lo <= end.link_value && end.link_value <= hi);
                    }
                }
            }
        }
        for (key, why) in &t.skipped {
            if *why == Skip::Zero {
                let Some(Field::Num(f)) = <RentBuyInputs as Calculator>::field(key) else { panic!() };
                prop_assert_eq!((f.get)(&i), 0.0);
            }
        }
    }

    #[test]
    fn tornado_bars_are_sorted_by_swing(i in arb_inputs(), by_break_even in any::<bool>()) {
        let by = if by_break_even { Output::BreakEven } else { Output::Difference };
        let t = tornado(&valid(i), Currency::Cny, by);
        let rank = |b: &Bar| match b.swing(by, &t.base) {
            Swing::Appears => (1, 0.0),
            Swing::By(s) => (0, s),
        };
        for w in t.bars.windows(2) {
            let (a, b) = (rank(&w[0]), rank(&w[1]));
            prop_assert!(a.0 > b.0 || (a.0 == b.0 && a.1 >= b.1), "{} before {}: {:?} {:?}", w[0].key, w[1].key, a, b);
        }
    }

    #[test]
    fn tornado_and_map_outputs_are_finite(i in arb_inputs(), fx in 0.01..10_000.0f64) {
        let v = valid(i);
        for by in [Output::BreakEven, Output::Difference] {
            let t = tornado(&v, Currency::Cny, by);
            prop_assert!(all_finite(&t), "{t:?}");
        }
        let m = verdict_map_sized(&v, Currency::Usd, market_range(Currency::Usd, fx), 12, 10);
        prop_assert!(m.price_edges.iter().chain(&m.util_edges).all(|x| x.is_finite()));
        prop_assert!(m.cells.iter().flatten().all(|c| c.difference.amount.is_finite()));
        prop_assert!(m.border.iter().all(|(p, u)| p.is_finite() && u.is_finite() && *u >= 0.0));
        prop_assert!(m.largest_difference.is_finite());
        prop_assert!(m.current.difference.amount.is_finite());
    }

    #[test]
    fn verdict_map_cells_agree_with_break_even_at_their_centre(i in arb_inputs()) {
        let m = verdict_map_sized(&valid(i.clone()), Currency::Cny, (80.0, 200.0), 16, 20);
        let (lo, hi) = (m.price_edges[0], m.price_edges[16]);
        prop_assert!(lo <= i.price_per_hour && i.price_per_hour <= hi);
        prop_assert!(lo <= 80.0 && hi >= 200.0);
        prop_assert_eq!(m.current.verdict, rent_buy(&i, Currency::Cny).unwrap().verdict);
        for c in 0..16 {
            let price = 0.5 * (m.price_edges[c] + m.price_edges[c + 1]);
            if price < 0.01 {
                continue; // below the rent field's range: no report to compare with
            }
            let at_price = RentBuyInputs { price_per_hour: price, ..i.clone() };
            let u_star = rent_buy(&at_price, Currency::Cny).unwrap().break_even.map(|u| u.0);
            for r in 0..20 {
                let u = 0.5 * (m.util_edges[r] + m.util_edges[r + 1]);
                let cell = m.cells[r][c];
                let expected = match u_star {
                    None => Some(Verdict::Rent),
                    Some(s) if u < s * (1.0 - 1e-9) => Some(Verdict::Rent),
                    Some(s) if u > s * (1.0 + 1e-9) => Some(Verdict::Buy),
                    _ => None,
                };
                if let Some(v) = expected {
                    prop_assert_eq!(cell.verdict, v, "price {} util {} U* {:?}", price, u, u_star);
                }
                let direct = rent_buy(&RentBuyInputs { util: Ratio(u), ..at_price.clone() }, Currency::Cny).unwrap();
                let scale = direct.own_monthly.amount.max(direct.rent_monthly.amount).max(1.0);
                prop_assert!((cell.difference.amount - direct.monthly_difference.amount).abs() <= 1e-9 * scale);
                prop_assert!(cell.difference.amount.abs() <= m.largest_difference);
            }
        }
    }
}
