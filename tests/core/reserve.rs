//! Own, reserve or rent (docs/formulas.md): the cost of capital, resale by age, a reserved
//! machine as a third way, its bands, and the three-way hybrid plan.

use crate::common::{assert_close, valid};
use gpuplan::calc::demand::{hybrid, hybrid3};
use gpuplan::calc::finance::{
    capital_charge, format_resale_curve, parse_resale_curve, prepaid_monthly, resale_share,
    ResaleCurveError, MAX_RESALE_YEARS,
};
use gpuplan::calc::rent_buy::{
    rent_buy, PowerModel, RentBuyError, RentBuyInputs, ResaleSource, Verdict,
};
use gpuplan::calc::reserve::{
    cheapest_at, costs_at, three_way, way_at, Band, ReservePay, ReserveTerm, Way,
};
use gpuplan::calc::scenario::{from_pairs, pairs, to_query, Progress, Scenario};
use gpuplan::calc::sensitivity::cost_vs_util3;
use gpuplan::calc::units::{Currency, Hours, Kilowatts, Ratio};
use proptest::prelude::*;

const CNY: Currency = Currency::Cny;

/// The new inputs' defaults leave the guide's machine exactly as it was.
#[test]
fn guide_example_is_unchanged_by_the_new_inputs() {
    let i = RentBuyInputs::default();
    let r = rent_buy(&i, CNY).unwrap();
    assert_eq!(r.own.interest.amount, 0.0);
    assert_eq!(r.own.depreciation.amount, 1_200_000.0 / 36.0);
    assert_eq!(format!("{:.2}", r.own_monthly.amount), "46853.33");
    assert_eq!(format!("{:.4}", r.break_even.unwrap().0), "0.5423");
    assert_eq!(r.resale_value.amount, 0.0);
    assert_eq!(r.resale_source, ResaleSource::Value);
    // Reserving is off: the three-way report names the two-way verdict and bands.
    let t = three_way(&valid(i.clone()), CNY);
    assert!(!t.reserve_considered);
    assert_eq!(t.best, Way::Rent);
    assert_eq!(t.runner_up, Way::Own);
    assert_close(t.saving.amount, 46_853.333_333 - 43_200.0, 1e-5);
    assert_eq!(t.bands.len(), 2);
    assert_eq!((t.bands[0].way, t.bands[1].way), (Way::Rent, Way::Own));
    assert_eq!(t.bands[0].to, r.break_even.unwrap());
    // What a year reserved would cost, shown but not compared: 35% off 86,400.
    assert_close(t.reserve.amount, 0.65 * 86_400.0, 1e-9);
    assert_close(t.rent_reserve.unwrap().0, 0.65, 1e-12);
}

#[test]
fn annuity_is_straight_line_at_rate_zero() {
    for (p, r, n) in [
        (1.2e6, 0.0, 36.0),
        (1.2e6, 1.2e5, 36.0),
        (7.0, 3.0, 1.0),
        (0.0, 0.0, 240.0),
    ] {
        assert_eq!(capital_charge(p, r, n, Ratio(0.0)), (p - r) / n);
    }
    assert_eq!(
        prepaid_monthly(673_920.0, 12.0, Ratio(0.0)),
        673_920.0 / 12.0
    );
}

/// 1,200,000 over 36 months at 8% a year, by hand:
/// i = 0.08 / 12 = 0.006666…; (1 + i)^36 = 1.2702370516; v^36 = 1 / 1.2702370516 = 0.7872546299;
/// 1 - v^36 = 0.2127453701; i / (1 - v^36) = 0.0313363655 (the familiar 31.34 a month per 1,000
/// borrowed over three years at 8%); x 1,200,000 = 37,603.64 a month.
/// With 120,000 back at the end: (1,200,000 - 120,000 x 0.7872546299) x 0.0313363655 = 34,643.27.
#[test]
fn annuity_at_8_percent_matches_the_hand_figure() {
    let rate = Ratio::from_percent(8.0);
    assert_close(capital_charge(1.2e6, 0.0, 36.0, rate), 37_603.638_554, 1e-5);
    assert_close(
        capital_charge(1.2e6, 1.2e5, 36.0, rate),
        34_643.274_698,
        1e-5,
    );
    // Through the calculator: interest is what the charge adds to depreciation.
    let i = RentBuyInputs {
        capital_rate: rate,
        ..Default::default()
    };
    let r = rent_buy(&i, CNY).unwrap();
    assert_close(r.own.depreciation.amount, 33_333.333_333, 1e-5);
    assert_close(r.own.interest.amount, 4_270.305_220, 1e-5);
    assert_close(r.own_monthly.amount, 51_123.638_554, 1e-5);
    // U* rises with the cost of capital: 51,123.64 / 86,400.
    assert_close(r.break_even.unwrap().0, 51_123.638_554 / 86_400.0, 1e-9);
}

/// A year reserved and paid up front at 8%: 12 x 56,160 = 673,920 paid at the start;
/// (1 + i)^12 = 1.0829995068, so i / (1 - v^12) = 0.0869884291 and the month counts
/// 673,920 x 0.0869884291 = 58,623.24 (56,160 billed plus 2,463.24 of interest).
#[test]
fn a_prepaid_year_carries_the_cost_of_capital() {
    let i = RentBuyInputs {
        reserve: true,
        capital_rate: Ratio::from_percent(8.0),
        ..Default::default()
    };
    let t = three_way(&valid(i.clone()), CNY);
    let p = t.reserve_parts;
    assert_eq!((p.term, p.pay), (ReserveTerm::Year, ReservePay::Upfront));
    assert_close(p.list_month.amount, 86_400.0, 1e-9);
    assert_close(p.billed_month.amount, 56_160.0, 1e-9);
    assert_close(p.prepaid.unwrap().amount, 673_920.0, 1e-6);
    assert_close(p.monthly.amount, 58_623.242_129, 1e-5);
    assert_close(p.interest.amount, 58_623.242_129 - 56_160.0, 1e-5);
    // Paid month by month the same term costs the billed month, rate or not.
    let monthly = RentBuyInputs {
        reserve_pay: ReservePay::Monthly,
        ..i
    };
    let t = three_way(&valid(monthly), CNY);
    assert_eq!(t.reserve_parts.prepaid, None);
    assert_close(t.reserve.amount, 56_160.0, 1e-9);
    assert_close(t.rent_reserve.unwrap().0, 0.65, 1e-12);
}

#[test]
fn each_term_has_its_own_discount() {
    for (term, off) in [
        (ReserveTerm::Month, 0.20),
        (ReserveTerm::Year, 0.35),
        (ReserveTerm::ThreeYears, 0.55),
    ] {
        let i = RentBuyInputs {
            reserve_term: term,
            ..Default::default()
        };
        let t = three_way(&valid(i), CNY);
        assert_close(t.reserve_parts.discount.0, off, 1e-12);
        assert_close(t.reserve.amount, (1.0 - off) * 86_400.0, 1e-9);
    }
}

/// The guide's machine with resale by age 78, 60, 46, 35% (a used H100's value over four
/// years, docs/formulas.md): after 36 months it fetches 46% = 552,000, so depreciation is
/// 648,000 / 36 = 18,000 a month; the curve wins over a `resale` value also given.
#[test]
fn a_resale_curve_is_read_at_the_horizon_and_wins_over_the_value() {
    let curve = parse_resale_curve("78,60,46,35").unwrap();
    let i = RentBuyInputs {
        resale_curve: curve.clone(),
        resale: 120_000.0,
        ..Default::default()
    };
    let r = rent_buy(&i, CNY).unwrap();
    assert_eq!(r.resale_source, ResaleSource::Curve);
    assert_close(r.resale_value.amount, 552_000.0, 1e-6);
    assert_close(r.own.depreciation.amount, 18_000.0, 1e-9);
    assert_close(r.own_monthly.amount, 18_000.0 + 13_520.0, 1e-9);
    // Between year ends the share is on a straight line: 30 months is 53%.
    assert_close(resale_share(&curve, 30.0).unwrap().0, 0.53, 1e-12);
    // Past the last year the last share holds.
    assert_close(resale_share(&curve, 120.0).unwrap().0, 0.35, 1e-12);
}

#[test]
fn bad_resale_curves_are_reported_under_their_key() {
    assert_eq!(parse_resale_curve("").unwrap(), vec![]);
    assert_eq!(
        parse_resale_curve("80%, 60 ,,40").unwrap(),
        vec![Ratio(0.8), Ratio(0.6), Ratio(0.4)]
    );
    assert_eq!(
        parse_resale_curve("80,120"),
        Err(ResaleCurveError::Item {
            year: 2,
            raw: "120".into()
        })
    );
    assert!(matches!(
        parse_resale_curve("-1"),
        Err(ResaleCurveError::Item { year: 1, .. })
    ));
    let long = vec!["50"; MAX_RESALE_YEARS + 1].join(",");
    assert_eq!(
        parse_resale_curve(&long),
        Err(ResaleCurveError::TooLong {
            years: MAX_RESALE_YEARS + 1,
            max: MAX_RESALE_YEARS
        })
    );
    let mut issues = Vec::new();
    let (s, _, _) = from_pairs(&pairs("resale_curve=90,lots"), &mut issues);
    assert_eq!(issues.len(), 1);
    assert_eq!(issues[0].key(), "resale_curve");
    assert!(matches!(
        issues[0].error::<RentBuyError>(),
        Some(RentBuyError::ResaleCurve(ResaleCurveError::Item {
            year: 2,
            ..
        }))
    ));
    assert!(s.rent_buy.resale_curve.is_empty());
}

/// Electricity that follows use at 3 per kWh: owning is `a + b U` with a = 33,333.33 + 11,000 +
/// 1 kW x 720 h x 3 = 46,493.33 and b = 6 kW x 720 h x 3 = 12,960; a year reserved, paid monthly,
/// 56,160. Renting wins below U* = 46,493.33 / (86,400 - 12,960) = 63.3%, owning up to
/// (56,160 - 46,493.33) / 12,960 = 74.6%, reserving above.
#[test]
fn three_bands_rent_own_reserve() {
    let i = RentBuyInputs {
        power_model: PowerModel::FollowsUse,
        kwh_price: 3.0,
        reserve: true,
        reserve_pay: ReservePay::Monthly,
        util: Ratio(0.7),
        ..Default::default()
    };
    let t = three_way(&valid(i.clone()), CNY);
    assert_close(t.rent_own.unwrap().0, 0.633_079_157_6, 1e-9);
    assert_close(t.own_reserve.unwrap().0, 0.745_884_773_7, 1e-9);
    assert_close(t.rent_reserve.unwrap().0, 0.65, 1e-12);
    let ways: Vec<Way> = t.bands.iter().map(|b| b.way).collect();
    assert_eq!(ways, [Way::Rent, Way::Own, Way::Reserve]);
    assert_eq!(t.bands[0].from, Ratio(0.0));
    assert_close(t.bands[0].to.0, 0.633_079_157_6, 1e-9);
    assert_close(t.bands[1].to.0, 0.745_884_773_7, 1e-9);
    assert_eq!(t.bands[2].to, Ratio(1.0));
    // At 70% owning is cheapest; reserving is the runner-up.
    assert_eq!((t.best, t.runner_up), (Way::Own, Way::Reserve));
    assert_close(t.own.amount, 46_493.333_333 + 0.7 * 12_960.0, 1e-5);
    // The chart: three lines, the reserved one flat, and the crossings inside 0..1.
    let c = cost_vs_util3(&valid(i));
    assert_eq!(c.reserve, vec![(0.0, 56_160.0), (1.0, 56_160.0)]);
    assert_eq!(c.bands, t.bands);
    assert_eq!(c.crossings.len(), 3);
    let rr = c
        .crossings
        .iter()
        .find(|x| (x.below, x.above) == (Way::Rent, Way::Reserve))
        .unwrap();
    assert_close(rr.util, 0.65, 1e-12);
    assert_close(rr.cost, 56_160.0, 1e-6);
}

/// Defaults with electricity following use and a year reserved at 47% off, monthly: 45,792 a
/// month, just above an idle owned machine (45,053.33). Owning and reserving cross at
/// (45,792 - 45,053.33) / 4,320 = 17.1%, but renting is cheaper there; above 53% (= 1 - 47%)
/// reserving beats both, so owning never wins.
#[test]
fn own_against_reserve_can_cross_where_renting_wins() {
    let i = RentBuyInputs {
        power_model: PowerModel::FollowsUse,
        reserve: true,
        reserve_pay: ReservePay::Monthly,
        reserve_off_year: Ratio::from_percent(47.0),
        ..Default::default()
    };
    let t = three_way(&valid(i), CNY);
    assert_close(
        t.own_reserve.unwrap().0,
        (45_792.0 - 45_053.333_333) / 4_320.0,
        1e-8,
    );
    let ways: Vec<Way> = t.bands.iter().map(|b| b.way).collect();
    assert_eq!(ways, [Way::Rent, Way::Reserve]);
    assert_close(t.bands[0].to.0, 0.53, 1e-12);
}

/// Exact ties, in numbers a float holds exactly: 100 an hour over 720 h, owning 36,000 flat
/// (1,296,000 over 36 months, nothing else), a month reserved at 50% off paid monthly, 36,000.
/// All three cost 36,000 at 50%: renting wins the tie; above it reserving ties owning
/// everywhere and wins.
#[test]
fn ties_go_to_renting_then_reserving() {
    let i = RentBuyInputs {
        purchase: 1_296_000.0,
        hosting_per_month: 0.0,
        ops_per_month: 0.0,
        kwh_price: 0.0,
        price_per_hour: 100.0,
        reserve: true,
        reserve_term: ReserveTerm::Month,
        reserve_pay: ReservePay::Monthly,
        reserve_off_month: Ratio::from_percent(50.0),
        util: Ratio(0.5),
        ..Default::default()
    };
    assert_eq!(costs_at(&i, 0.5), [36_000.0; 3]);
    assert_eq!(cheapest_at(&i, 0.5), Way::Rent);
    assert_eq!(cheapest_at(&i, 0.75), Way::Reserve);
    let t = three_way(&valid(i.clone()), CNY);
    assert_eq!(t.best, Way::Rent);
    assert_eq!(t.saving.amount, 0.0);
    assert_eq!(
        t.bands,
        [
            Band {
                way: Way::Rent,
                from: Ratio(0.0),
                to: Ratio(0.5)
            },
            Band {
                way: Way::Reserve,
                from: Ratio(0.5),
                to: Ratio(1.0)
            },
        ]
    );
    assert_eq!(way_at(&t.bands, 0.5), Some(Way::Rent));
    assert_eq!(way_at(&t.bands, 1.0), Some(Way::Reserve));
    // Without reserving, the guide's rule alone: rent at the tie, own above.
    let two = RentBuyInputs {
        reserve: false,
        ..i
    };
    let t = three_way(&valid(two.clone()), CNY);
    assert_eq!(way_at(&t.bands, 0.5), Some(Way::Rent));
    assert_eq!(way_at(&t.bands, 0.51), Some(Way::Own));
    assert_eq!(rent_buy(&two, CNY).unwrap().verdict, Verdict::Rent);
}

/// Three years reserved at 55% off, paid monthly: 38,880 a month, less than owning (46,853.33).
/// Four months of 1,440, 1,440, 1,440 and 2,160 machine-hours: the two base machines are
/// reserved and the third, busy a quarter of the time, rented: 2 x 38,880 + 180 h x 120 =
/// 99,360 a month, against 115,306.67 for the two-way plan (own 2, rent the rest).
#[test]
fn hybrid_reserves_the_base_when_reserving_is_cheaper_than_owning() {
    let i = RentBuyInputs {
        demand: vec![Hours(1440.0), Hours(1440.0), Hours(1440.0), Hours(2160.0)],
        reserve: true,
        reserve_term: ReserveTerm::ThreeYears,
        reserve_pay: ReservePay::Monthly,
        ..Default::default()
    };
    let h = hybrid3(&valid(i.clone()), CNY);
    assert_eq!((h.best.owned, h.best.reserved), (0, 2));
    assert_close(h.best.monthly.amount, 99_360.0, 1e-6);
    assert_close(h.best.fill.reserved.0, 1_440.0, 1e-9);
    assert_close(h.best.fill.rented.0, 180.0, 1e-9);
    assert_eq!(h.own_only.owned, 2);
    assert_close(h.own_only.monthly.amount, 115_306.666_667, 1e-5);
    assert_close(h.all_rent.amount, 194_400.0, 1e-6);
    // Turned off, the plan is the two-way one, whatever the discount.
    let off = RentBuyInputs {
        reserve: false,
        ..i
    };
    let h = hybrid3(&valid(off.clone()), CNY);
    assert_eq!((h.best.owned, h.best.reserved), (2, 0));
    assert_close(
        h.best.monthly.amount,
        hybrid(&valid(off), CNY).best.monthly.amount,
        1e-6,
    );
}

/// Electricity following use (a = 45,053.33, b = 4,320) and a year reserved at 45% off, monthly
/// (47,520). Every month needs 2 x 720 + 0.56 x 720 = 1,843.2 machine-hours. A machine busy all
/// the time is cheaper reserved (47,520 < 49,373.33); one busy 56% is cheaper owned
/// (45,053.33 + 0.56 x 4,320 = 47,472.53) than reserved or rented (48,384): reserve 2, own 1,
/// 2 x 47,520 + 47,472.53 = 142,512.53.
#[test]
fn hybrid_reserves_the_base_and_owns_the_shoulder() {
    let i = RentBuyInputs {
        power_model: PowerModel::FollowsUse,
        demand: vec![Hours(1843.2); 3],
        reserve: true,
        reserve_pay: ReservePay::Monthly,
        reserve_off_year: Ratio::from_percent(45.0),
        ..Default::default()
    };
    let h = hybrid3(&valid(i), CNY);
    assert_eq!((h.best.owned, h.best.reserved), (1, 2));
    assert_close(h.best.monthly.amount, 142_512.533_333, 1e-5);
    assert_close(h.best.fill.owned.0, 403.2, 1e-9);
    assert_close(h.best.fill.rented.0, 0.0, 1e-9);
    assert_eq!(h.reserve_only.reserved, 3);
    assert_close(h.reserve_only.monthly.amount, 3.0 * 47_520.0, 1e-6);
}

#[test]
fn every_new_key_survives_a_link() {
    let mut s = Scenario::default();
    let rb = &mut s.rent_buy;
    rb.capital_rate = Ratio::from_percent(6.5);
    rb.resale_curve = vec![Ratio(0.78), Ratio(0.6), Ratio(0.46)];
    rb.reserve = true;
    rb.reserve_term = ReserveTerm::ThreeYears;
    rb.reserve_pay = ReservePay::Monthly;
    rb.reserve_off_month = Ratio::from_percent(15.0);
    rb.reserve_off_year = Ratio::from_percent(30.0);
    rb.reserve_off_three_years = Ratio::from_percent(60.0);
    let q = to_query(&s, &Progress::default());
    for key in [
        "capital_rate=6.5",
        "resale_curve=78%2C60%2C46",
        "reserve=1",
        "reserve_term=3y",
        "reserve_pay=monthly",
        "reserve_off_1m=15",
        "reserve_off_1y=30",
        "reserve_off_3y=60",
    ] {
        assert!(q.contains(key), "{key} not in {q}");
    }
    let mut issues = Vec::new();
    let (back, _, _) = from_pairs(&pairs(&q), &mut issues);
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(back.rent_buy, s.rent_buy);
    // The defaults write nothing: old links and the guide's example are unchanged.
    assert_eq!(to_query(&Scenario::default(), &Progress::default()), "");
}

/// Valid inputs over the whole of each range that matters, reserving on or off.
fn arb_inputs() -> impl Strategy<Value = RentBuyInputs> {
    (
        (0.0..5e6f64, 1u32..120, 0.0..1.0f64, 0.0..0.3f64),
        (
            0.0..20.0f64,
            0.0..1.0f64,
            0.0..24.0f64,
            0.0..5.0f64,
            1.0..2.0f64,
        ),
        (0.0..1e5f64, 0.0..1e5f64, 0.5..500.0f64),
        prop_oneof![Just(PowerModel::FixedHours), Just(PowerModel::FollowsUse)],
        (
            any::<bool>(),
            prop_oneof![
                Just(ReserveTerm::Month),
                Just(ReserveTerm::Year),
                Just(ReserveTerm::ThreeYears)
            ],
            prop_oneof![Just(ReservePay::Monthly), Just(ReservePay::Upfront)],
            0.0..0.99f64,
        ),
        proptest::collection::vec(0.0..1.0f64, 0..6),
    )
        .prop_map(
            |(
                (purchase, months, resale, rate),
                (load, idle_share, hpd, kwh, pue),
                (hosting, ops, price),
                model,
                (reserve, term, pay, off),
                curve,
            )| RentBuyInputs {
                purchase,
                months: months as f64,
                resale: purchase * resale,
                capital_rate: Ratio(rate),
                resale_curve: curve.into_iter().map(Ratio).collect(),
                power_load: Kilowatts(load),
                power_idle: Kilowatts(load * idle_share),
                power_model: model,
                hours_per_day: Hours(hpd),
                kwh_price: kwh,
                pue,
                hosting_per_month: hosting,
                ops_per_month: ops,
                price_per_hour: price,
                reserve,
                reserve_term: term,
                reserve_pay: pay,
                reserve_off_month: Ratio(off),
                reserve_off_year: Ratio(off),
                reserve_off_three_years: Ratio(off),
                ..Default::default()
            },
        )
}

/// The cost of each way by direct computation, and the cheapest by the stated rule.
fn direct(i: &RentBuyInputs, u: f64) -> ([f64; 3], Way) {
    let at = RentBuyInputs {
        util: Ratio(u),
        ..i.clone()
    };
    let t = three_way(&valid(at), CNY);
    let costs = [t.rent.amount, t.reserve.amount, t.own.amount];
    let ways: &[Way] = if i.reserve {
        &[Way::Rent, Way::Reserve, Way::Own]
    } else {
        &[Way::Rent, Way::Own]
    };
    // Strictly cheaper displaces; on a tie the earlier (renting, reserving, owning) stays.
    let mut best = ways[0];
    for &w in &ways[1..] {
        if costs[w as usize] < costs[best as usize] {
            best = w;
        }
    }
    (costs, best)
}

/// Every plan of `owned` and `reserved` machines filled month by month in every order, the
/// cheapest order taken each month.
fn brute_cost(i: &RentBuyInputs, owned: usize, reserved: usize) -> f64 {
    let months = i.demand.len().max(1);
    brute_cost_by_month(i, owned, &vec![reserved; months])
}

/// As [`brute_cost`], with `reserved[m]` machines reserved in month `m` (one-month terms).
fn brute_cost_by_month(i: &RentBuyInputs, owned: usize, reserved_by_month: &[usize]) -> f64 {
    let h = i.month_hours.0;
    let a = costs_at(i, 0.0)[2];
    let b = costs_at(i, 1.0)[2] - a;
    let r = costs_at(i, 0.0)[1];
    let demand: Vec<f64> = if i.demand.is_empty() {
        vec![i.util.0 * h]
    } else {
        i.demand.iter().map(|d| d.0).collect()
    };
    let per_hour = [0.0, b / h, i.price_per_hour];
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut total = 0.0;
    for (d, &reserved) in demand.iter().zip(reserved_by_month) {
        // 0 reserved (no cost an hour), 1 owned (its electricity), 2 rented (the rent).
        let caps = [reserved as f64 * h, owned as f64 * h, f64::INFINITY];
        let month = orders
            .iter()
            .map(|order| {
                let mut left = *d;
                let mut cost = 0.0;
                for &k in order {
                    let take = left.min(caps[k]);
                    cost += take * per_hour[k];
                    left -= take;
                }
                cost
            })
            .fold(f64::INFINITY, f64::min);
        total += month + reserved as f64 * r;
    }
    owned as f64 * a + total / demand.len() as f64
}

proptest! {
    #[test]
    fn bands_name_the_cheapest_way(i in arb_inputs(), u in 0.0..=1.0f64) {
        let t = three_way(&valid(i.clone()), CNY);
        // The bands cover 0..1 in order, touching.
        prop_assert_eq!(t.bands.first().unwrap().from, Ratio(0.0));
        prop_assert_eq!(t.bands.last().unwrap().to, Ratio(1.0));
        for w in t.bands.windows(2) {
            prop_assert_eq!(w[0].to, w[1].from);
            prop_assert!(w[0].way != w[1].way);
        }
        let named = way_at(&t.bands, u).expect("the bands cover 0..1");
        let (costs, best) = direct(&i, u);
        prop_assert!(i.reserve || named != Way::Reserve);
        let scale = costs.iter().fold(1.0f64, |m, c| m.max(c.abs()));
        if named != best {
            // Only at a boundary, where the two cost the same to rounding.
            prop_assert!(
                (costs[named as usize] - costs[best as usize]).abs() <= 1e-9 * scale,
                "{named:?} named at {u}, {best:?} cheapest: {costs:?} {:?}", t.bands
            );
        }
        // The report's own verdict is the direct one, and agrees with the two-way verdict
        // when reserving is off.
        let at = RentBuyInputs { util: Ratio(u), ..i.clone() };
        let t_at = three_way(&valid(at.clone()), CNY);
        prop_assert_eq!(t_at.best, best);
        if !i.reserve {
            let v = rent_buy(&at, CNY).unwrap().verdict;
            prop_assert_eq!(best == Way::Rent, v == Verdict::Rent);
        }
        prop_assert!(t_at.saving.amount >= 0.0);
    }

    #[test]
    fn hybrid_optimum_equals_brute_force(
        i in arb_inputs(),
        d in proptest::collection::vec(0.0..3000.0f64, 1..6),
    ) {
        let i = RentBuyInputs { demand: d.into_iter().map(Hours).collect(), ..i };
        let h = hybrid3(&valid(i.clone()), CNY);
        let n = (h.demand.iter().map(|d| d.0).fold(0.0, f64::max) / i.month_hours.0).ceil() as usize;
        let mut best = f64::INFINITY;
        let reserved_max = if i.reserve { n + 1 } else { 0 };
        let monthly_terms = i.reserve && i.reserve_term == ReserveTerm::Month;
        for owned in 0..=n + 1 {
            if monthly_terms {
                // Each month its own number reserved: the months are independent given `owned`.
                let months = h.demand.len();
                let mut choice = vec![0; months];
                for m in 0..months {
                    let mut month_best = (f64::INFINITY, 0);
                    for reserved in 0..=reserved_max {
                        choice[m] = reserved;
                        let c = brute_cost_by_month(&i, owned, &choice);
                        if c < month_best.0 {
                            month_best = (c, reserved);
                        }
                    }
                    choice[m] = month_best.1;
                }
                best = best.min(brute_cost_by_month(&i, owned, &choice));
                continue;
            }
            for reserved in 0..=reserved_max {
                best = best.min(brute_cost(&i, owned, reserved));
            }
        }
        let scale = best.abs().max(1.0);
        prop_assert!((h.best.monthly.amount - best).abs() <= 1e-9 * scale,
            "plan {:?} vs brute force {best}", h.best);
        // The plan's figures are its own, by the brute force's fill.
        let own = brute_cost_by_month(&i, h.best.owned, &h.best.reserved_by_month);
        prop_assert!((h.best.monthly.amount - own).abs() <= 1e-9 * scale);
        let f = h.best.fill;
        let mean: f64 = h.demand.iter().map(|d| d.0).sum::<f64>() / h.demand.len() as f64;
        prop_assert!((f.reserved.0 + f.owned.0 + f.rented.0 - mean).abs() <= 1e-9 * mean.max(1.0));
        if !i.reserve {
            prop_assert_eq!(h.best.reserved, 0);
        }
        prop_assert!(h.best.monthly.amount <= h.all_rent.amount + 1e-9 * scale);
        prop_assert!(h.best.monthly.amount <= h.own_only.monthly.amount + 1e-9 * scale);
        prop_assert!(h.best.monthly.amount <= h.reserve_only.monthly.amount + 1e-9 * scale);
    }

    #[test]
    fn without_reserving_the_hybrid_is_the_two_way_plan(
        i in arb_inputs(),
        d in proptest::collection::vec(0.0..5000.0f64, 0..24),
    ) {
        let i = RentBuyInputs { demand: d.into_iter().map(Hours).collect(), reserve: false, ..i };
        let two = hybrid(&valid(i.clone()), CNY);
        let three = hybrid3(&valid(i), CNY);
        let scale = two.best.monthly.amount.abs().max(1.0);
        prop_assert!((two.best.monthly.amount - three.best.monthly.amount).abs() <= 1e-9 * scale);
        prop_assert!((two.all_rent.amount - three.all_rent.amount).abs() <= 1e-9 * scale);
        prop_assert_eq!(three.best.reserved, 0);
    }

    #[test]
    fn capital_charge_grows_with_the_rate_and_is_straight_line_at_zero(
        p in 0.0..1e7f64, share in 0.0..1.0f64, n in 1u32..240, rate in 0.0..1.0f64,
    ) {
        let (r, n) = (p * share, n as f64);
        let straight = capital_charge(p, r, n, Ratio(0.0));
        prop_assert_eq!(straight, (p - r) / n);
        let c = capital_charge(p, r, n, Ratio(rate));
        prop_assert!(c.is_finite());
        prop_assert!(c >= straight * (1.0 - 1e-12), "{c} < {straight}");
    }

    #[test]
    fn resale_curve_text_round_trips(v in proptest::collection::vec(0u32..=1000, 0..=MAX_RESALE_YEARS)) {
        let curve: Vec<Ratio> = v.iter().map(|x| Ratio::from_percent(*x as f64 / 10.0)).collect();
        let text = format_resale_curve(&curve);
        prop_assert_eq!(parse_resale_curve(&text).unwrap(), curve);
    }
}

/// The README's link examples.
#[test]
fn readme_links_reserve_three_years_and_charge_capital() {
    let mut issues = Vec::new();
    let (s, _, _) = from_pairs(&pairs("reserve=1&reserve_term=3y&util=60"), &mut issues);
    assert!(issues.is_empty(), "{issues:?}");
    let t = three_way(&valid(s.rent_buy), CNY);
    assert_eq!(t.best, Way::Reserve);
    assert_close(t.reserve.amount, 38_880.0, 1e-9);
    let ways: Vec<Way> = t.bands.iter().map(|b| b.way).collect();
    assert_eq!(ways, [Way::Rent, Way::Reserve]);
    assert_close(t.bands[0].to.0, 0.45, 1e-12);
    let (s, _, _) = from_pairs(&pairs("capital_rate=8"), &mut issues);
    assert!(issues.is_empty(), "{issues:?}");
    let r = rent_buy(&s.rent_buy, CNY).unwrap();
    assert_eq!(format!("{:.2}", r.own_monthly.amount), "51123.64");
    assert_eq!(format!("{:.3}", r.break_even.unwrap().0), "0.592");
}

/// The resale curve's box reads numbers as every other box does: `1,5` is refused with a message
/// naming both readings, not taken as two years (1% and 5%) that move the answer in silence. A
/// link keeps its own form, and what the box shows reads back.
#[test]
fn a_resale_curve_typed_1_comma_5_is_refused_not_read_as_two_years() {
    use gpuplan::calc::rent_buy::{read_typed, write_typed};
    let mut i = RentBuyInputs::default();
    assert_eq!(
        read_typed(&mut i, "resale_curve", "1,5"),
        Err(RentBuyError::ResaleCurve(
            ResaleCurveError::AmbiguousComma { raw: "1,5".into() }
        ))
    );
    assert!(
        i.resale_curve.is_empty(),
        "the refused text changed nothing"
    );
    // Full-width commas, as a Chinese input method types them, and a comma mixed with blanks.
    assert!(read_typed(&mut i, "resale_curve", "１，５").is_err());
    assert_eq!(
        read_typed(&mut i, "resale_curve", "78,5, 60"),
        Err(RentBuyError::ResaleCurve(
            ResaleCurveError::AmbiguousComma { raw: "78,5".into() }
        ))
    );
    // Either reading, written so that it is one.
    read_typed(&mut i, "resale_curve", "1.5").unwrap();
    assert_eq!(i.resale_curve, vec![Ratio::from_percent(1.5)]);
    read_typed(&mut i, "resale_curve", "1, 5").unwrap();
    assert_eq!(i.resale_curve, vec![Ratio(0.01), Ratio(0.05)]);
    read_typed(&mut i, "resale_curve", "78；60、46 35％").unwrap();
    assert_eq!(i.resale_curve.len(), 4);
    // Several commas and nothing else can only be a list: the link form, typed.
    read_typed(&mut i, "resale_curve", "78,60,46,35").unwrap();
    assert_eq!(i.resale_curve, parse_resale_curve("78,60,46,35").unwrap());
    // The box shows a curve so that it reads back, a two-year one included.
    i.resale_curve = vec![Ratio(0.78), Ratio(0.6)];
    let shown = write_typed(&i, "resale_curve");
    assert_eq!(shown, "78, 60");
    let mut back = RentBuyInputs::default();
    read_typed(&mut back, "resale_curve", &shown).unwrap();
    assert_eq!(back.resale_curve, i.resale_curve);
    // A link written by the page keeps working: two years in the link form.
    let mut issues = Vec::new();
    let (s, _, _) = from_pairs(&pairs("resale_curve=78,60"), &mut issues);
    assert!(issues.is_empty());
    assert_eq!(s.rent_buy.resale_curve, vec![Ratio(0.78), Ratio(0.6)]);
}

/// The guide's machine with three years reserved at 60% utilisation: reserving (38,880) beats
/// owning (46,853.33) and renting (51,840). With reserving on, the tornado moves the three-way
/// answer: the three-year discount is a bar, not "no effect", and 20% less of it (44%: 48,384 a
/// month) turns the answer to owning. The monthly difference is owning less the cheaper of the
/// other two ways.
#[test]
fn with_reserving_on_the_tornado_moves_the_three_way_answer() {
    use gpuplan::calc::moves::{tornado, Output};
    let i = RentBuyInputs {
        reserve: true,
        reserve_term: ReserveTerm::ThreeYears,
        util: Ratio(0.6),
        ..RentBuyInputs::default()
    };
    let t = tornado(&valid(i), CNY, Output::Difference);
    assert_eq!(t.base.way, Way::Reserve);
    assert_close(t.base.difference.amount, 46_853.333_333 - 38_880.0, 1e-5);
    assert!(
        !t.skipped.iter().any(|(k, _)| *k == "reserve_off_3y"),
        "{:?}",
        t.skipped
    );
    let bar = t.bars.iter().find(|b| b.key == "reserve_off_3y").unwrap();
    assert_eq!(bar.low.outcome.way, Way::Own);
    assert_close(
        bar.low.outcome.difference.amount,
        46_853.333_333 - 48_384.0,
        1e-5,
    );
    assert_eq!(bar.high.outcome.way, Way::Reserve);
    // Reserving off: the two-way tornado as before.
    let off = tornado(&valid(RentBuyInputs::default()), CNY, Output::Difference);
    assert_eq!(off.base.way, Way::Rent);
    assert_close(off.base.difference.amount, 3_653.333_333, 1e-5);
}

/// With reserving on, the map colours each cell by the cheapest of the three ways, and the
/// chosen point says reserve where reserving wins.
#[test]
fn with_reserving_on_the_heatmap_colours_three_ways() {
    use gpuplan::calc::moves::{market_range, verdict_map};
    let i = RentBuyInputs {
        reserve: true,
        reserve_term: ReserveTerm::ThreeYears,
        util: Ratio(0.6),
        ..RentBuyInputs::default()
    };
    let m = verdict_map(&valid(i.clone()), CNY, market_range(CNY, 7.1));
    assert_eq!(m.current.way, Way::Reserve);
    let mut seen = [false; 3];
    let mut probe = i.clone();
    let centre = |e: &[f64], k: usize| 0.5 * (e[k] + e[k + 1]);
    for (r, row) in m.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            probe.price_per_hour = centre(&m.price_edges, c);
            let u = centre(&m.util_edges, r);
            assert_eq!(cell.way, cheapest_at(&probe, u), "cell {r},{c}");
            seen[cell.way as usize] = true;
        }
    }
    assert_eq!(seen, [true, true, true], "each way wins somewhere");
}

/// One busy month of twelve (1,440 machine-hours, two machines' worth) with one-month terms
/// (20% off, 69,120 a machine-month): reserving two machines that month only costs 2 x 69,120 /
/// 12 = 11,520 a month, less than renting it all (14,400). The plan chooses the machines reserved
/// month by month when the term is a month.
#[test]
fn monthly_terms_are_reserved_month_by_month() {
    let mut demand = vec![Hours(0.0); 12];
    demand[0] = Hours(1_440.0);
    let i = RentBuyInputs {
        reserve: true,
        reserve_term: ReserveTerm::Month,
        reserve_pay: ReservePay::Monthly,
        demand,
        ..RentBuyInputs::default()
    };
    let h = hybrid3(&valid(i), CNY);
    assert_close(h.all_rent.amount, 14_400.0, 1e-9);
    assert_eq!(h.best.owned, 0);
    assert_eq!(h.best.reserved, 2);
    let mut by_month = vec![0; 12];
    by_month[0] = 2;
    assert_eq!(h.best.reserved_by_month, by_month);
    assert_close(h.best.monthly.amount, 11_520.0, 1e-9);
}

/// Three years reserved over a 12-month horizon: the whole term is paid (36 x 38,880 =
/// 1,399,680), 116,640 a month over the horizon, not 38,880; renting wins at 50%.
#[test]
fn a_term_longer_than_the_horizon_is_charged_whole() {
    for pay in [ReservePay::Monthly, ReservePay::Upfront] {
        let i = RentBuyInputs {
            reserve: true,
            reserve_term: ReserveTerm::ThreeYears,
            reserve_pay: pay,
            months: 12.0,
            ..RentBuyInputs::default()
        };
        let t = three_way(&valid(i), CNY);
        assert_close(t.reserve.amount, 116_640.0, 1e-6);
        assert_close(t.reserve_parts.monthly.amount, 116_640.0, 1e-6);
        assert_eq!(t.best, Way::Rent);
    }
    // A term within the horizon is as before.
    let i = RentBuyInputs {
        reserve: true,
        reserve_term: ReserveTerm::ThreeYears,
        ..RentBuyInputs::default()
    };
    assert_close(three_way(&valid(i), CNY).reserve.amount, 38_880.0, 1e-9);
}
