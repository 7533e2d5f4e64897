use crate::common::{assert_close, valid};
use gpuplan::calc::demand::{format_demand, hybrid, parse_demand, DemandError, MAX_MONTHS};
use gpuplan::calc::rent_buy::{rent_buy, RentBuyInputs};
use gpuplan::calc::units::{Currency, Hours, Ratio};
use proptest::prelude::*;

#[test]
fn flat_profile_is_one_machine_at_the_chosen_utilisation() {
    // 50% is below U* = 54.2%: rent everything.
    let h = hybrid(&valid(RentBuyInputs::default()), Currency::Cny);
    assert_eq!(h.best.owned, 0);
    assert_close(h.best.monthly.amount, 43_200.0, 1e-9);
    // 60% is above: own the machine.
    let i = RentBuyInputs {
        util: Ratio(0.6),
        ..Default::default()
    };
    let h = hybrid(&valid(i.clone()), Currency::Cny);
    assert_eq!(h.best.owned, 1);
    assert_close(h.best.monthly.amount, 46_853.333_333, 1e-5);
}

#[test]
fn base_load_owned_peaks_rented() {
    // Four months: two machines always busy, a third busy in one month only.
    let i = RentBuyInputs {
        demand: vec![Hours(1440.0), Hours(1440.0), Hours(1440.0), Hours(2160.0)],
        ..Default::default()
    };
    let h = hybrid(&valid(i.clone()), Currency::Cny);
    assert_eq!(h.best.owned, 2);
    // Third machine would be busy a quarter of the time: below U*, so rent it.
    assert_close(h.plans[3].last_machine_util, 0.25, 1e-12);
    let own = 46_853.333_333_333;
    assert_close(h.best.monthly.amount, 2.0 * own + 720.0 * 120.0 / 4.0, 1e-6);
    assert_close(
        h.all_rent.amount,
        (1440.0 * 3.0 + 2160.0) * 120.0 / 4.0,
        1e-6,
    );
}

proptest! {
    #[test]
    fn kth_machine_is_owned_only_when_busier_than_break_even(
        d in proptest::collection::vec(0.0..5000.0f64, 1..24)
    ) {
        let i = RentBuyInputs { demand: d.into_iter().map(Hours).collect(), ..Default::default() };
        let h = hybrid(&valid(i.clone()), Currency::Cny);
        let u_star = rent_buy(&i, Currency::Cny).unwrap().break_even.unwrap().0;
        for p in &h.plans[1..=h.best.owned] {
            prop_assert!(p.last_machine_util >= u_star - 1e-9);
        }
        if let Some(next) = h.plans.get(h.best.owned + 1) {
            prop_assert!(next.last_machine_util <= u_star + 1e-9);
        }
        prop_assert!(h.best.monthly.amount <= h.all_rent.amount + 1e-6);
        prop_assert!(h.best.monthly.amount.is_finite() && h.best.monthly.amount >= 0.0);
    }

    #[test]
    fn profile_text_round_trips(d in proptest::collection::vec(0u32..100_000, 0..30)) {
        let hours: Vec<Hours> = d.iter().map(|v| Hours(*v as f64 / 4.0)).collect();
        prop_assert_eq!(parse_demand(&format_demand(&hours)).unwrap(), hours);
    }
}

#[test]
fn bad_profile_text_is_reported() {
    assert_eq!(parse_demand("600, 900 ,,1500").unwrap().len(), 3);
    let e = parse_demand("600,lots").unwrap_err();
    assert!(
        matches!(&e, DemandError::Item { item: 2, raw, .. } if raw == "lots"),
        "{e:?}"
    );
    assert!(matches!(
        parse_demand("-5"),
        Err(DemandError::Item { item: 1, .. })
    ));
    let long = vec!["1"; MAX_MONTHS + 1].join(",");
    assert!(matches!(
        parse_demand(&long),
        Err(DemandError::TooLong { months, max }) if months == MAX_MONTHS + 1 && max == MAX_MONTHS
    ));
}
