use crate::common::assert_close;
use gpuplan::calc::bill::{
    format_levers, format_lines, parse_levers, parse_lines, review, BillError, BillInputs,
    ListError,
};
use gpuplan::calc::billing::{
    bill_runs, billing, format_runs, parse_runs, BillingError, BillingInputs, Granularity,
    RunsError,
};
use gpuplan::calc::choice::Choice;
use gpuplan::calc::field::FieldError;
use gpuplan::calc::table::{self_check, KeyedError};
use gpuplan::calc::units::{Currency, Hours};
use proptest::prelude::*;

/// The guide: per-second billing with a one-hour minimum charges a ten-minute run as an hour.
#[test]
fn ten_minutes_billed_as_an_hour() {
    let runs = parse_runs("10m").unwrap();
    let r = bill_runs(&runs, Granularity::Second1h);
    assert_close(r.used.0, 1.0 / 6.0, 1e-12);
    assert_eq!(r.billed, Hours(1.0));
    assert_eq!(
        bill_runs(&runs, Granularity::Second1m).billed,
        Hours(10.0 / 60.0)
    );
    assert_eq!(
        bill_runs(&parse_runs("25h").unwrap(), Granularity::Day).billed,
        Hours(48.0)
    );
    assert_eq!(
        bill_runs(&parse_runs("1h").unwrap(), Granularity::Hour).billed,
        Hours(1.0)
    );
    assert_eq!(
        bill_runs(&parse_runs("61m").unwrap(), Granularity::Hour).billed,
        Hours(2.0)
    );
}

#[test]
fn run_lists_parse_with_units() {
    let r = parse_runs("90s, 10m,3h 1.5 2d").unwrap();
    assert_eq!(r.len(), 5);
    assert_close(r[0].0, 0.025, 1e-12);
    assert_eq!(r[4], Hours(48.0));
    assert_eq!(
        parse_runs("10x").unwrap_err(),
        RunsError::BadUnit {
            item: 1,
            raw: "10x".into(),
            unit: "x".into()
        }
    );
    assert!(matches!(
        parse_runs("-3h"),
        Err(RunsError::NotALength { item: 1, .. })
    ));
}

/// The guide's month: 21,000 CNY; levers 1,600 + 1,500 + 900 = 4,000 = 19.0%.
#[test]
fn guide_bill_21000_saves_4000_or_19_percent() {
    let r = review(&BillInputs::default(), Currency::Cny).unwrap();
    assert_eq!(r.total.amount, 21_000.0);
    assert_eq!(r.total.currency, Currency::Cny);
    assert_eq!(r.savings.amount, 4_000.0);
    assert_eq!(format!("{:.1}", r.share * 100.0), "19.0");
    assert_close(r.unit_prices[0].unwrap().amount, 8.06, 0.01);
    assert_close(r.unit_prices[1].unwrap().amount, 119.6, 0.1);
    assert_close(r.unit_prices[2].unwrap().amount, 10.67, 0.01);
    let groups: Vec<f64> = r.by_group.iter().map(|g| g.1.amount).collect();
    assert_eq!(groups, [14_500.0, 2_200.0, 1_800.0, 2_500.0]);
}

proptest! {
    #[test]
    fn billed_hours_never_fall_below_used(d in proptest::collection::vec(0.0..500.0f64, 0..20), g in 0usize..4) {
        let runs: Vec<Hours> = d.into_iter().map(Hours).collect();
        let r = bill_runs(&runs, Granularity::ALL[g]);
        prop_assert!(r.billed.0 + 1e-9 >= r.used.0);
    }

    #[test]
    fn savings_never_exceed_the_bill(amounts in proptest::collection::vec(0.0..1e5f64, 0..8), lever in 0.0..1e6f64) {
        let mut i = BillInputs::default();
        for (l, a) in i.lines.iter_mut().zip(amounts) {
            l.amount = a;
        }
        i.levers[0].amount = lever;
        let r = review(&i, Currency::Cny).unwrap();
        prop_assert!(r.savings.amount <= r.total.amount + 1e-9);
        prop_assert!((0.0..=1.0).contains(&r.share));
    }
}

/// The billing view's defaults: the guide's ten-minute run at 8 an hour, a stopped instance with
/// 500 GB of disk, 200 GB of snapshots and an address, one forgotten over a weekend.
#[test]
fn billing_view_defaults() {
    let r = billing(&BillingInputs::default(), Currency::Cny).unwrap();
    assert_eq!(r.runs.billed, Hours(1.0));
    assert_close(r.excess_cost.amount, 8.0 * 5.0 / 6.0, 1e-9);
    assert_eq!(r.excess_cost.currency, Currency::Cny);
    let rules: Vec<f64> = r.by_rule.iter().map(|x| x.1 .0).collect();
    assert_close(rules[0], 1.0 / 6.0, 1e-12);
    assert_eq!(&rules[1..], [1.0, 1.0, 24.0]);
    // 500 x 0.5 / 30 + 0.8 + 200 x 0.12 / 30 = 8.333 + 0.8 + 0.8
    assert_close(r.stopped_per_day.amount, 9.933_333, 1e-5);
    assert_eq!(r.stopped_per_month.amount, 298.0);
    // 64 h forgotten at 8/h = 512; auto-release at 12 h = 96; saves 416.
    assert_eq!(
        (
            r.forgotten_cost.amount,
            r.auto_release_cost.amount,
            r.auto_release_saves.amount
        ),
        (512.0, 96.0, 416.0)
    );
    // 50 GB at 100 Mbit/s: 50 x 8000 / 100 / 3600 = 1.111 h; internally at 2 Gbit/s: 3.3 min.
    assert_close(r.upload_hours, 1.111_111, 1e-5);
    assert_close(r.internal_hours * 60.0, 3.333_333, 1e-5);
    assert_close(r.direct_hours_month, 4.444_444, 1e-5);
    assert_close(r.object_hours_month, 1.111_111 + 4.0 * 0.055_555_6, 1e-5);
    assert_eq!(r.egress_cost.amount, 12.0);
    assert_eq!(r.object_storage_cost.amount, 6.0);
    let cross = billing(
        &BillingInputs {
            cross_region: true,
            ..Default::default()
        },
        Currency::Cny,
    )
    .unwrap();
    assert_eq!(cross.cross_region_cost.amount, 100.0);
}

#[test]
fn billing_rejects_bad_numbers() {
    let bad = BillingInputs {
        public_mbps: 0.0,
        ..Default::default()
    };
    let e = billing(&bad, Currency::Cny).unwrap_err();
    assert!(
        matches!(
            e,
            BillingError::Field(FieldError::OutOfRange {
                key: "public_mbps",
                ..
            })
        ),
        "{e:?}"
    );
    let bad = BillingInputs {
        disk_gb: f64::NAN,
        ..Default::default()
    };
    let e = billing(&bad, Currency::Cny).unwrap_err();
    assert!(
        matches!(
            e,
            BillingError::Field(FieldError::NotANumber { key: "disk_gb", .. })
        ),
        "{e:?}"
    );
    // A run set on the page is checked like one read from a link.
    let bad = BillingInputs {
        runs: vec![Hours(-0.5)],
        ..Default::default()
    };
    let e = billing(&bad, Currency::Cny).unwrap_err();
    assert!(
        matches!(e, BillingError::Runs(RunsError::NotALength { .. })),
        "{e:?}"
    );
    assert_eq!(e.key(), "runs");
}

#[test]
fn run_lists_format_back() {
    let runs = parse_runs("90s,10m,3h,1.5h,2d").unwrap();
    assert_eq!(format_runs(&runs), "90s,10m,3h,90m,48h");
    assert_eq!(parse_runs(&format_runs(&runs)).unwrap(), runs);
}

/// Levers follow their group: the traffic lever is half the traffic line, so editing it moves
/// the savings; a lever cannot save more than its group bills.
#[test]
fn levers_follow_their_group_and_cap_at_it() {
    let mut i = BillInputs::default();
    i.lines[4].amount = 3_000.0;
    let r = review(&i, Currency::Cny).unwrap();
    assert_eq!(r.savings.amount, 1_600.0 + 1_500.0 + 1_500.0);
    assert_eq!(r.lever_savings[2].amount, 1_500.0);
    assert_eq!(r.after_by_group[2].1.amount, 1_500.0);
    i.levers[0].share = None;
    i.levers[0].amount = 10_000.0;
    let r = review(&i, Currency::Cny).unwrap();
    assert_eq!(r.after_by_group[1].1.amount, 0.0);
    assert_eq!(r.savings.amount, 2_200.0 + 1_500.0 + 1_500.0);
    i.levers[2].share = Some(1.5);
    let e = review(&i, Currency::Cny).unwrap_err();
    assert!(
        matches!(
            e,
            BillError::Levers(ListError::ShareOver100 { item: 3, .. })
        ),
        "{e:?}"
    );
    assert_eq!(e.key(), "levers");
    // A negative amount set on the page is refused beside the lines.
    let mut i = BillInputs::default();
    i.lines[0].amount = -1.0;
    let e = review(&i, Currency::Cny).unwrap_err();
    assert!(
        matches!(
            e,
            BillError::Lines(ListError::NotANumber {
                item: 1,
                what: "amount",
                ..
            })
        ),
        "{e:?}"
    );
    assert_eq!(e.key(), "lines");
}

#[test]
fn bill_link_forms_round_trip() {
    let d = BillInputs::default();
    let lines = format_lines(&d.lines);
    assert!(lines.starts_with("instances~5800~720~resident"));
    assert_eq!(parse_lines(&lines).unwrap(), d.lines);
    let levers = format_levers(&d.levers);
    assert!(levers.contains("traffic~50%~1~"));
    assert_eq!(parse_levers(&levers).unwrap(), d.levers);
    assert_eq!(
        parse_lines("cars~10~~x").unwrap_err(),
        ListError::Group {
            item: 1,
            raw: "cars".into()
        }
    );
    assert!(matches!(
        parse_lines("storage~-1").unwrap_err(),
        ListError::NotANumber {
            item: 1,
            what: "amount",
            ..
        }
    ));
    assert_eq!(
        parse_levers("traffic~150%~1~x").unwrap_err(),
        ListError::ShareOver100 {
            item: 1,
            percent: 150.0
        }
    );
    assert!(matches!(
        parse_levers("traffic~10~yes~x").unwrap_err(),
        ListError::Flag { item: 1, .. }
    ));
    assert!(matches!(
        parse_lines("storage").unwrap_err(),
        ListError::Shape { item: 1, .. }
    ));
}

proptest! {
    #[test]
    fn run_lists_round_trip(secs in proptest::collection::vec(0u32..10_000_000, 0..10)) {
        let runs: Vec<Hours> = secs.iter().map(|s| Hours(*s as f64 / 3600.0)).collect();
        let back = parse_runs(&format_runs(&runs)).unwrap();
        prop_assert_eq!(back.len(), runs.len());
        for (a, b) in back.iter().zip(&runs) {
            prop_assert!((a.0 - b.0).abs() < 1e-9);
        }
    }

    #[test]
    fn billing_outputs_are_finite_and_non_negative(
        price in 0.0..1e4f64, disk in 0.0..1e5f64, forgotten in 0.0..1e3f64,
        auto in 0.0..1e3f64, data in 0.0..1e5f64, mbps in 0.1..1e5f64, loads in 0.0..100.0f64,
    ) {
        let i = BillingInputs {
            price, disk_gb: disk, forgotten_hours: forgotten, auto_release_hours: auto,
            data_gb: data, public_mbps: mbps, loads, cross_region: true, ..Default::default()
        };
        let r = billing(&i, Currency::Usd).unwrap();
        for v in [r.billed_cost.amount, r.excess_cost.amount, r.stopped_per_month.amount,
                  r.auto_release_saves.amount, r.upload_hours, r.direct_hours_month,
                  r.object_hours_month, r.direct_cost_month.amount, r.object_cost_month.amount] {
            prop_assert!(v.is_finite() && v >= 0.0, "{v}");
        }
        prop_assert!(r.auto_release_cost.amount <= r.forgotten_cost.amount);
    }

    /// Savings never exceed the bill, whatever the lines and levers.
    #[test]
    fn savings_never_exceed_the_bill_with_shares(
        amounts in proptest::collection::vec(0.0..1e5f64, 6),
        levers in proptest::collection::vec((0.0..1e6f64, proptest::option::of(0.0..=1.0f64), any::<bool>()), 6),
    ) {
        let mut i = BillInputs::default();
        for (l, a) in i.lines.iter_mut().zip(amounts) {
            l.amount = a;
        }
        for (l, (a, s, on)) in i.levers.iter_mut().zip(levers) {
            l.amount = a;
            l.share = s;
            l.on = on;
        }
        let r = review(&i, Currency::Usd).unwrap();
        prop_assert!(r.savings.amount >= 0.0 && r.savings.amount <= r.total.amount + 1e-6);
        prop_assert!((0.0..=1.0).contains(&r.share));
    }
}

/// The field tables: keys unique, the defaults valid, every default written and read back whole.
#[test]
fn billing_and_bill_tables_check_themselves() {
    assert_eq!(self_check::<BillingInputs>(), Ok(()));
    assert_eq!(self_check::<BillInputs>(), Ok(()));
}

/// The rules and groups keep the ids links already carry.
#[test]
fn granularity_and_group_ids_are_kept() {
    assert_eq!(
        Granularity::ids(),
        ["second-1m", "second-1h", "hour", "day"]
    );
    assert_eq!(Granularity::from_id("hour"), Some(Granularity::Hour));
    assert_eq!(
        gpuplan::calc::bill::Group::ids(),
        ["instances", "storage", "traffic", "other"]
    );
}

/// The habits' savings are the user's: once the lines are the user's own, each habit saves its
/// share of the user's group (old snapshots 1,600 of the guide's 2,200 of storage, forgotten
/// instances 1,500 of its 2,500 of other), not the guide's fixed 1,600 and 1,500; a habit ticked
/// without an amount asks for one. The guide's month still saves 4,000, 19.0%, read back from a
/// link as well.
#[test]
fn bill_habits_are_shares_of_the_users_own_groups() {
    use gpuplan::calc::headline;
    let mut i = BillInputs {
        lines: parse_lines(
            "instances~20000~720~our cards;storage~1100~~disks;traffic~1000~~egress;other~500~~misc",
        )
        .unwrap(),
        ..BillInputs::default()
    };
    let r = review(&i, Currency::Cny).unwrap();
    assert_eq!(r.total.amount, 22_600.0);
    let saved: Vec<f64> = r.lever_savings.iter().map(|m| m.amount).collect();
    assert_eq!(saved[..3], [800.0, 300.0, 500.0]);
    assert_eq!(r.savings.amount, 1_600.0);
    assert!(r.unpriced.is_empty());
    // The guide's month, from the defaults and from the link the page writes.
    let guide = BillInputs::default();
    for levers in [
        guide.levers.clone(),
        parse_levers(&format_levers(&guide.levers)).unwrap(),
    ] {
        let r = review(
            &BillInputs {
                levers,
                ..guide.clone()
            },
            Currency::Cny,
        )
        .unwrap();
        assert_eq!(r.savings.amount, 4_000.0);
        assert_eq!(format!("{:.1}", r.share * 100.0), "19.0");
    }
    // Ticking a habit that has neither an amount nor a share: the page asks for the amount.
    i.levers[3].on = true;
    let r = review(&i, Currency::Cny).unwrap();
    assert_eq!(r.unpriced, vec![3]);
    assert_eq!(headline::bill(&r), "ask");
    i.levers[3].amount = 2_000.0;
    let r = review(&i, Currency::Cny).unwrap();
    assert!(r.unpriced.is_empty());
    assert_eq!(r.savings.amount, 3_600.0);
}
