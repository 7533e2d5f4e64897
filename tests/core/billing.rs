use crate::common::assert_close;
use gpuplan::calc::bill::{review, BillInputs};
use gpuplan::calc::billing::{billing, parse_runs, Granularity};
use gpuplan::calc::units::Hours;
use proptest::prelude::*;

/// The guide: per-second billing with a one-hour minimum charges a ten-minute run as an hour.
#[test]
fn ten_minutes_billed_as_an_hour() {
    let runs = parse_runs("10m").unwrap();
    let r = billing(&runs, Granularity::Second1h);
    assert_close(r.used.0, 1.0 / 6.0, 1e-12);
    assert_eq!(r.billed, Hours(1.0));
    assert_eq!(
        billing(&runs, Granularity::Second1m).billed,
        Hours(10.0 / 60.0)
    );
    assert_eq!(
        billing(&parse_runs("25h").unwrap(), Granularity::Day).billed,
        Hours(48.0)
    );
    assert_eq!(
        billing(&parse_runs("1h").unwrap(), Granularity::Hour).billed,
        Hours(1.0)
    );
    assert_eq!(
        billing(&parse_runs("61m").unwrap(), Granularity::Hour).billed,
        Hours(2.0)
    );
}

#[test]
fn run_lists_parse_with_units() {
    let r = parse_runs("90s, 10m,3h 1.5 2d").unwrap();
    assert_eq!(r.len(), 5);
    assert_close(r[0].0, 0.025, 1e-12);
    assert_eq!(r[4], Hours(48.0));
    assert!(parse_runs("10x").unwrap_err().contains("unit"));
    assert!(parse_runs("-3h").is_err());
}

/// The guide's month: 21,000 CNY; levers 1,600 + 1,500 + 900 = 4,000 = 19.0%.
#[test]
fn guide_bill_21000_saves_4000_or_19_percent() {
    let r = review(&BillInputs::default()).unwrap();
    assert_eq!(r.total, 21_000.0);
    assert_eq!(r.savings, 4_000.0);
    assert_eq!(format!("{:.1}", r.share * 100.0), "19.0");
    assert_close(r.unit_prices[0].unwrap(), 8.06, 0.01);
    assert_close(r.unit_prices[1].unwrap(), 119.6, 0.1);
    assert_close(r.unit_prices[2].unwrap(), 10.67, 0.01);
    let groups: Vec<f64> = r.by_group.iter().map(|g| g.1).collect();
    assert_eq!(groups, [14_500.0, 2_200.0, 1_800.0, 2_500.0]);
}

proptest! {
    #[test]
    fn billed_hours_never_fall_below_used(d in proptest::collection::vec(0.0..500.0f64, 0..20), g in 0usize..4) {
        let runs: Vec<Hours> = d.into_iter().map(Hours).collect();
        let r = billing(&runs, Granularity::ALL[g]);
        prop_assert!(r.billed.0 + 1e-9 >= r.used.0);
    }

    #[test]
    fn savings_never_exceed_the_bill(amounts in proptest::collection::vec(0.0..1e5f64, 0..8), lever in 0.0..1e6f64) {
        let mut i = BillInputs::default();
        for (l, a) in i.lines.iter_mut().zip(amounts) {
            l.amount = a;
        }
        i.levers[0].amount = lever;
        let r = review(&i).unwrap();
        prop_assert!(r.savings <= r.total + 1e-9);
        prop_assert!((0.0..=1.0).contains(&r.share));
    }
}
