use crate::common::{assert_close, valid};
use gpuplan::calc::field::FieldError;
use gpuplan::calc::rent_buy::{rent_buy, PowerModel, RentBuyError, RentBuyInputs, Verdict};
use gpuplan::calc::sensitivity::{break_even_vs_price, cost_vs_util, cumulative};
use gpuplan::calc::table::{self_check, validate, Calculator, KeyedError};
use gpuplan::calc::units::{Currency, Kilowatts, Ratio};
use proptest::prelude::*;

/// docs/formulas.md, "Rent or buy": the guide's 8-card machine.
#[test]
fn guide_worked_example_own_46853_rent_86400_break_even_54_2_percent() {
    let mut i = RentBuyInputs::default();
    let r = rent_buy(&i, Currency::Cny).unwrap();
    assert_close(r.own.depreciation.amount, 33_333.333_333, 1e-5);
    assert_close(r.own.electricity.amount, 2_520.0, 1e-9);
    assert_close(r.own.hosting.amount, 3_000.0, 0.0);
    assert_close(r.own.ops.amount, 8_000.0, 0.0);
    assert_close(r.own_monthly.amount, 46_853.333_333, 1e-5);
    assert_eq!(format!("{:.2}", r.own_monthly.amount), "46853.33");
    let u = r.break_even.unwrap().0;
    assert_close(u, 46_853.333_333 / 86_400.0, 1e-9);
    assert_eq!(format!("{u:.4}"), "0.5423");
    // At the default 50% utilisation renting is cheaper.
    assert_close(r.rent_monthly.amount, 43_200.0, 1e-9);
    assert_eq!(r.verdict, Verdict::Rent);
    i.util = Ratio(1.0);
    let r = rent_buy(&i, Currency::Cny).unwrap();
    assert_close(r.rent_monthly.amount, 86_400.0, 1e-9);
    assert_eq!(r.verdict, Verdict::Buy);
    assert_close(r.monthly_difference.amount, 46_853.333_333 - 86_400.0, 1e-5);
}

/// The guide: running 24 h a day doubles the electricity.
#[test]
fn full_day_doubles_electricity() {
    let i = RentBuyInputs {
        hours_per_day: gpuplan::calc::units::Hours(24.0),
        ..Default::default()
    };
    assert_close(
        rent_buy(&i, Currency::Cny).unwrap().own.electricity.amount,
        5_040.0,
        1e-9,
    );
}

/// docs/contract.md's link example: at 200 per hour the break-even falls to 32.54%.
#[test]
fn price_200_break_even_0_3254() {
    let i = RentBuyInputs {
        price_per_hour: 200.0,
        util: Ratio(0.3),
        ..Default::default()
    };
    let r = rent_buy(&i, Currency::Cny).unwrap();
    assert_eq!(format!("{:.4}", r.break_even.unwrap().0), "0.3254");
    assert_eq!(r.verdict, Verdict::Rent);
}

/// The guide's opening case: under 240 loaded hours in three months is U of about 11%.
#[test]
fn opening_case_eleven_percent_rents() {
    let i = RentBuyInputs {
        util: Ratio(240.0 / (3.0 * 720.0)),
        ..Default::default()
    };
    let r = rent_buy(&i, Currency::Cny).unwrap();
    assert_close(i.util.0, 0.111, 1e-3);
    assert_eq!(r.verdict, Verdict::Rent);
    assert!(r.rent_monthly.amount < 0.25 * r.own_monthly.amount);
}

#[test]
fn electricity_following_use_moves_break_even() {
    let i = RentBuyInputs {
        power_model: PowerModel::FollowsUse,
        power_idle: Kilowatts(1.0),
        ..Default::default()
    };
    let r = rent_buy(&i, Currency::Cny).unwrap();
    // a = 33,333.33 + 3,000 + 8,000 + 1 kW x 720 h = 45,053.33; b = 6 kW x 720 h = 4,320.
    assert_close(r.own.electricity.amount, 720.0 + 0.5 * 4_320.0, 1e-9);
    assert_close(
        r.break_even.unwrap().0,
        45_053.333_333 / (86_400.0 - 4_320.0),
        1e-9,
    );
    // At U* both costs agree.
    let mut at = i.clone();
    at.util = r.break_even.unwrap();
    let r2 = rent_buy(&at, Currency::Cny).unwrap();
    assert_close(r2.own_monthly.amount, r2.rent_monthly.amount, 1e-6);
}

#[test]
fn pue_and_resale_enter_own_cost() {
    let i = RentBuyInputs {
        pue: 1.5,
        resale: 120_000.0,
        ..Default::default()
    };
    let r = rent_buy(&i, Currency::Cny).unwrap();
    assert_close(r.own.electricity.amount, 3_780.0, 1e-9);
    assert_close(r.own.depreciation.amount, 30_000.0, 1e-9);
}

#[test]
fn contradicting_inputs_are_errors_not_panics() {
    let i = RentBuyInputs {
        power_model: PowerModel::FollowsUse,
        power_idle: Kilowatts(9.0),
        ..Default::default()
    };
    assert!(matches!(
        rent_buy(&i, Currency::Cny),
        Err(RentBuyError::IdleAboveLoad { .. })
    ));
    let i = RentBuyInputs {
        resale: 2e6,
        ..Default::default()
    };
    let e = rent_buy(&i, Currency::Cny).unwrap_err();
    assert!(
        matches!(e, RentBuyError::ResaleAbovePurchase { .. }),
        "{e:?}"
    );
    assert_eq!(e.key(), "resale");
    let i = RentBuyInputs {
        months: 0.0,
        ..Default::default()
    };
    let e = rent_buy(&i, Currency::Cny).unwrap_err();
    assert!(
        matches!(
            e,
            RentBuyError::Field(FieldError::OutOfRange { key: "months", .. })
        ),
        "{e:?}"
    );
    assert_eq!(e.key(), "months");
    let i = RentBuyInputs {
        price_per_hour: f64::NAN,
        ..Default::default()
    };
    let e = rent_buy(&i, Currency::Cny).unwrap_err();
    assert!(matches!(e, RentBuyError::Field(_)), "{e:?}");
    assert_eq!(e.key(), "price");
}

#[test]
fn payback_month_in_cumulative_chart() {
    let i = RentBuyInputs {
        util: Ratio(1.0),
        ..Default::default()
    };
    let r = rent_buy(&i, Currency::Cny).unwrap();
    // Running cost 13,520 a month; renting 86,400; 1,200,000 / 72,880 = 16.47 months.
    assert_close(r.payback_month.unwrap(), 1_200_000.0 / 72_880.0, 1e-9);
    let c = cumulative(&valid(i.clone()), &r);
    assert_eq!(c.own.len(), 37);
    assert_close(c.own[0].1, 1_200_000.0, 0.0);
    assert_close(c.rent[36].1, 86_400.0 * 36.0, 1e-6);
    // At 50% renting never catches up within three years.
    assert_eq!(
        rent_buy(&RentBuyInputs::default(), Currency::Cny)
            .unwrap()
            .payback_month,
        None
    );
}

#[test]
fn chart_series_mark_the_crossing_and_the_chosen_price() {
    let i = valid(RentBuyInputs::default());
    let c = cost_vs_util(&i);
    let (u, cost) = c.crossing.unwrap();
    assert_close(u, 0.542_284, 1e-6);
    assert_close(cost, 46_853.333_333, 1e-5);
    let b = break_even_vs_price(&i);
    assert_eq!(b.price_range, (80.0, 200.0));
    assert_eq!(b.points.len(), 61);
    // The guide: the dearer the rent, the lower the break-even.
    assert!(b.points.windows(2).all(|w| w[1].1 < w[0].1));
    assert_close(b.points[0].1, 46_853.333_333 / (80.0 * 720.0), 1e-9);
    let far = RentBuyInputs {
        price_per_hour: 400.0,
        ..Default::default()
    };
    assert_eq!(break_even_vs_price(&valid(far)).price_range, (80.0, 600.0));
}

fn arb_inputs() -> impl Strategy<Value = RentBuyInputs> {
    (
        0.0..5e6f64,
        1u32..120,
        0.0..20.0f64,
        0.0..1.0f64,
        0.0..24.0f64,
        0.0..5.0f64,
        1.0..2.0f64,
        (0.0..1e5f64, 0.0..1e5f64),
        0.5..500.0f64,
        0.0..1.0f64,
        prop_oneof![Just(PowerModel::FixedHours), Just(PowerModel::FollowsUse)],
        0.0..1.0f64,
    )
        .prop_map(
            |(
                purchase,
                months,
                load,
                idle_share,
                hpd,
                kwh,
                pue,
                (hosting, ops),
                price,
                util,
                model,
                resale,
            )| {
                RentBuyInputs {
                    purchase,
                    months: months as f64,
                    power_load: Kilowatts(load),
                    power_idle: Kilowatts(load * idle_share),
                    power_model: model,
                    hours_per_day: gpuplan::calc::units::Hours(hpd),
                    kwh_price: kwh,
                    pue,
                    hosting_per_month: hosting,
                    ops_per_month: ops,
                    resale: purchase * resale,
                    price_per_hour: price,
                    util: Ratio(util),
                    ..Default::default()
                }
            },
        )
}

proptest! {
    #[test]
    fn outputs_are_finite_and_non_negative(i in arb_inputs()) {
        let r = rent_buy(&i, Currency::Cny).unwrap();
        for m in [r.own_monthly, r.rent_monthly, r.own.depreciation, r.own.electricity, r.running_monthly] {
            prop_assert!(m.amount.is_finite() && m.amount >= 0.0, "{m:?}");
        }
        prop_assert!(r.monthly_difference.amount.is_finite());
        if let Some(u) = r.break_even {
            prop_assert!(u.0.is_finite() && u.0 >= 0.0);
        }
    }

    #[test]
    fn costs_are_equal_at_break_even(i in arb_inputs()) {
        // Only a break-even a utilisation can reach (at most 100%) can be typed in.
        if let Some(u) = rent_buy(&i, Currency::Cny).unwrap().break_even.filter(|u| u.0 <= 1.0) {
            let at = RentBuyInputs { util: u, ..i };
            let r = rent_buy(&at, Currency::Cny).unwrap();
            let scale = r.own_monthly.amount.max(1.0);
            prop_assert!((r.own_monthly.amount - r.rent_monthly.amount).abs() <= 1e-9 * scale);
        }
    }

    #[test]
    fn break_even_rises_with_fixed_cost(i in arb_inputs(), extra in 1.0..1e5f64) {
        let before = rent_buy(&i, Currency::Cny).unwrap().break_even;
        let dearer = RentBuyInputs { ops_per_month: i.ops_per_month + extra, ..i };
        let after = rent_buy(&dearer, Currency::Cny).unwrap().break_even;
        if let (Some(a), Some(b)) = (before, after) {
            prop_assert!(b.0 > a.0);
        }
    }

    #[test]
    fn break_even_falls_with_price(i in arb_inputs(), factor in 1.01..5.0f64) {
        let before = rent_buy(&i, Currency::Cny).unwrap().break_even;
        let dearer = RentBuyInputs { price_per_hour: i.price_per_hour * factor, ..i.clone() };
        let after = rent_buy(&dearer, Currency::Cny).unwrap().break_even;
        match (before, after) {
            (Some(a), Some(b)) => prop_assert!(b.0 <= a.0),
            // A higher price can only make a break-even appear, never vanish.
            (Some(_), None) => prop_assert!(false, "break-even vanished as price rose"),
            _ => {}
        }
    }

    #[test]
    fn verdict_agrees_with_break_even(i in arb_inputs()) {
        let r = rent_buy(&i, Currency::Cny).unwrap();
        let expected = match r.break_even {
            Some(u) if i.util.0 > u.0 * (1.0 + 1e-9) => Some(Verdict::Buy),
            Some(u) if i.util.0 < u.0 * (1.0 - 1e-9) => Some(Verdict::Rent),
            None => Some(Verdict::Rent),
            _ => None,
        };
        if let Some(v) = expected {
            prop_assert_eq!(r.verdict, v);
        }
    }
}

#[test]
fn every_field_default_is_in_range() {
    let d = RentBuyInputs::default();
    for f in <RentBuyInputs as Calculator>::FIELDS {
        assert!(f.check(&d).is_ok(), "{} default out of range", f.key());
    }
    assert!(validate(d).is_ok());
    self_check::<RentBuyInputs>().unwrap();
}

/// Hosting follows the machine: the guide's 3,000 a month is for its 7 kW machine, so a box that
/// draws 3.5 kW is hosted for 1,500 (`hosting_scale=kw`, the default) unless the reader says the
/// figure is per machine whatever it draws (`fixed`). Staff is per machine (the guide's half an
/// engineer for one machine) or the team's cost shared over a fleet (`ops_scale=fleet`). The
/// guide's machine, from the defaults or an old link, is unchanged: owning 46,853.33, U* 54.2%.
#[test]
fn hosting_follows_the_machine_and_staff_is_per_machine_or_per_fleet() {
    use gpuplan::calc::scenario::{from_pairs, pairs};
    let read = |q: &str| {
        let mut issues = Vec::new();
        let (s, _, _) = from_pairs(&pairs(q), &mut issues);
        assert!(issues.is_empty(), "{q}: {issues:?}");
        rent_buy(&s.rent_buy, Currency::Cny).unwrap()
    };
    for q in ["", "hosting=3000&ops=8000&power_kw=7"] {
        let r = read(q);
        assert_eq!(r.own.hosting.amount, 3_000.0);
        assert_eq!(r.own.ops.amount, 8_000.0);
        assert_eq!(format!("{:.2}", r.own_monthly.amount), "46853.33");
        assert_eq!(format!("{:.1}", r.break_even.unwrap().0 * 100.0), "54.2");
    }
    let half = read("power_kw=3.5");
    assert_eq!(half.own.hosting.amount, 1_500.0);
    let fixed = read("power_kw=3.5&hosting_scale=fixed");
    assert_eq!(fixed.own.hosting.amount, 3_000.0);
    // Hosting quoted for another draw: 4,000 for a 10 kW machine, on a 5 kW one.
    let quoted = read("power_kw=5&hosting=4000&hosting_kw=10");
    assert_eq!(quoted.own.hosting.amount, 2_000.0);
    let fleet = read("ops_scale=fleet&fleet=4");
    assert_eq!(fleet.own.ops.amount, 2_000.0);
    // The fleet's size means nothing while staff is per machine.
    assert_eq!(read("fleet=4").own.ops.amount, 8_000.0);
}

/// A hosting figure the reader gives is for the machine on screen: a link with `power_kw=10`
/// and `hosting=2000` hosts that 10 kW machine for 2,000 a month (it was read as quoted for the
/// guide's 7 kW machine and charged 2,000 x 10 / 7 = 2,857.14). A figure typed into the form
/// does the same, and from there on hosting follows the machine's draw. Old links that give the
/// draw the figure is quoted for (`hosting_kw`) or no hosting at all read as before, and every
/// state the page can hold survives its own link.
#[test]
fn a_hosting_figure_given_for_the_machine_on_screen_is_that_machines() {
    use gpuplan::calc::scenario::{from_pairs, pairs, to_query, Progress, Scenario};
    let read = |q: &str| {
        let mut issues = Vec::new();
        let (s, _, _) = from_pairs(&pairs(q), &mut issues);
        assert!(issues.is_empty(), "{q}: {issues:?}");
        s
    };
    let hosted = |s: &Scenario| {
        rent_buy(&s.rent_buy, Currency::Cny)
            .unwrap()
            .own
            .hosting
            .amount
    };
    let s = read("power_kw=10&hosting=2000");
    assert_eq!(hosted(&s), 2_000.0);
    assert_eq!(s.rent_buy.hosting_kw, 10.0);
    // The draw alone still scales the guide's figure; a quoted draw is kept.
    assert_close(hosted(&read("power_kw=10")), 3_000.0 * 10.0 / 7.0, 1e-9);
    assert_eq!(
        hosted(&read("power_kw=5&hosting=4000&hosting_kw=10")),
        2_000.0
    );
    // Typed into the form: the figure is the machine's; a later change of draw scales it.
    let mut typed = read("power_kw=10");
    typed.rent_buy.hosting_per_month = 2_000.0;
    typed.rent_buy.answered("hosting");
    assert_eq!(hosted(&typed), 2_000.0);
    typed.rent_buy.power_load = gpuplan::calc::units::Kilowatts(5.0);
    assert_eq!(hosted(&typed), 1_000.0);
    // Each state survives its own link, whichever of the three keys it changes.
    for (kw, host, quoted) in [
        (10.0, 2_000.0, 7.0),
        (10.0, 3_000.0, 10.0),
        (7.0, 2_000.0, 10.0),
        (10.0, 2_000.0, 10.0),
        (0.0, 2_000.0, 7.0),
    ] {
        let mut s = Scenario::default();
        s.rent_buy.power_load = gpuplan::calc::units::Kilowatts(kw);
        s.rent_buy.hosting_per_month = host;
        s.rent_buy.hosting_kw = quoted;
        let q = to_query(&s, &Progress::default());
        let back = read(&q);
        assert_eq!(back.rent_buy, s.rent_buy, "{q}");
    }
}
