use gpuplan::calc::rent_buy::RentBuyInputs;
use gpuplan::calc::scenario::{from_json, to_json, Scenario, StoreError};
use gpuplan::calc::units::{Currency, Ratio};
use proptest::prelude::*;

#[test]
fn older_saves_load_with_defaults_for_new_fields() {
    let s = from_json(r#"{"schema":1,"scenario":{"rent_buy":{"price_per_hour":150}}}"#).unwrap();
    assert_eq!(s.rent_buy.price_per_hour, 150.0);
    assert_eq!(s.rent_buy.months, 36.0);
    let s = from_json(r#"{"schema":1}"#).unwrap();
    assert_eq!(s, Scenario::default());
}

#[test]
fn damaged_or_newer_saves_are_errors() {
    assert!(matches!(
        from_json("{not json"),
        Err(StoreError::Unreadable(_))
    ));
    assert!(matches!(
        from_json(r#"{"schema":99}"#),
        Err(StoreError::TooNew { found: 99 })
    ));
    let e = from_json(r#"{"schema":99}"#).unwrap_err();
    assert_eq!(
        e.to_string(),
        "saved data has schema 99; this page reads up to schema 1"
    );
}

proptest! {
    #[test]
    fn json_round_trips(price in 0.01..1e6f64, util in 0.0..1.0f64, usd in any::<bool>()) {
        let mut s = Scenario {
            rent_buy: RentBuyInputs { price_per_hour: price, util: Ratio(util), ..Default::default() },
            ..Default::default()
        };
        s.set_currency(if usd { Currency::Usd } else { Currency::Cny });
        prop_assert_eq!(from_json(&to_json(&s)).unwrap(), s);
    }
}
