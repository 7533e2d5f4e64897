//! Currencies and the exchange rate: a link in dollars without amounts shows the guide's example
//! converted; switching currency converts every amount so the situation stays the same; links in
//! dollars read back unchanged.

use gpuplan::calc::link::{decode, encode, LinkState};
use gpuplan::calc::rent_buy::report;
use gpuplan::calc::scenario::{Scenario, FX};
use gpuplan::calc::table::validate;
use gpuplan::calc::units::Currency;
use proptest::prelude::*;

fn owning(s: &Scenario) -> f64 {
    report(&validate(s.rent_buy.clone()).unwrap(), s.currency)
        .own_monthly
        .amount
}

#[test]
fn usd_link_without_amounts_shows_the_guide_example_converted() {
    let d = decode("cur=USD&fx=7.2");
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    let s = &d.state.scenario;
    assert_eq!(s.currency, Currency::Usd);
    assert_eq!(s.fx, 7.2);
    let own = owning(s);
    assert!((own - 46_853.33 / 7.2).abs() < 0.01, "{own}");
    assert!((s.rent_buy.purchase - 1_200_000.0 / 7.2).abs() < 1e-6);
    // The utilisation is not money and is not converted.
    assert_eq!(s.rent_buy.util, Scenario::default().rent_buy.util);
}

#[test]
fn usd_link_with_its_own_amounts_takes_them_as_dollars() {
    let d = decode("cur=USD&price=16&purchase=160000");
    let s = &d.state.scenario;
    assert_eq!(s.rent_buy.price_per_hour, 16.0);
    assert_eq!(s.rent_buy.purchase, 160_000.0);
    // What the link leaves out is the guide's, converted at the default rate.
    assert!(
        (s.rent_buy.hosting_per_month
            - Scenario::default().rent_buy.hosting_per_month / FX.default)
            .abs()
            < 1e-9
    );
}

#[test]
fn switching_currency_keeps_the_situation() {
    let mut s = Scenario::default();
    let cny = owning(&s);
    s.switch_currency(Currency::Usd);
    assert!((owning(&s) - cny / FX.default).abs() < 1e-6);
    s.switch_currency(Currency::Cny);
    assert!((owning(&s) - cny).abs() < 1e-6);
    assert!((s.rent_buy.purchase - 1_200_000.0).abs() < 1e-6);
}

#[test]
fn the_bill_converts_its_lines() {
    let mut s = Scenario::default();
    let before: f64 = s.bill.lines.iter().map(|l| l.amount).sum();
    s.switch_currency(Currency::Usd);
    let after: f64 = s.bill.lines.iter().map(|l| l.amount).sum();
    assert!((after - before / FX.default).abs() < 1e-6);
}

#[test]
fn numbers_are_read_as_people_type_them() {
    // 万 and full-width digits, as the Chinese page's readers write them.
    let d = decode("purchase=120%E4%B8%87&price=%EF%BC%91%EF%BC%92%EF%BC%90");
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    assert_eq!(d.state.scenario.rent_buy.purchase, 1_200_000.0);
    assert_eq!(d.state.scenario.rent_buy.price_per_hour, 120.0);
    // 70% in a percentage field is 70 percent.
    let d = decode("util=70%25");
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    assert_eq!(d.state.scenario.rent_buy.util.percent(), 70.0);
}

proptest! {
    /// A scenario in dollars at any rate, with any changed price (in cents, as a link writes
    /// money), reads back from its link.
    #[test]
    fn usd_links_round_trip(milli in 500u32..50_000, cents in 50u32..100_000) {
        // Rates as banks quote them (four significant decimals at most).
        let fx = f64::from(milli) / 1000.0;
        let price = f64::from(cents) / 100.0;
        let mut s = Scenario { fx, ..Scenario::default() };
        s.switch_currency(Currency::Usd);
        s.rent_buy.price_per_hour = price;
        let state = LinkState { scenario: s.clone(), ..LinkState::default() };
        let d = decode(&encode(&state, ""));
        prop_assert!(d.issues.is_empty(), "{:?}", d.issues);
        prop_assert_eq!(d.state.scenario, s);
    }

    /// Switching there and back at any rate gives back every amount.
    #[test]
    fn switching_there_and_back(fx in 0.5f64..50.0) {
        let base = Scenario { fx, ..Scenario::default() };
        let mut s = base.clone();
        s.switch_currency(Currency::Usd);
        s.switch_currency(Currency::Cny);
        prop_assert!((s.rent_buy.purchase - base.rent_buy.purchase).abs() < 1e-6);
        prop_assert!((owning(&s) - owning(&base)).abs() < 1e-6);
    }
}
