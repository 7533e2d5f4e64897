use gpuplan::calc::field::FieldError;
use gpuplan::calc::link::{decode, encode, LinkState};
use gpuplan::calc::rent_buy::{PowerModel, RentBuyInputs};
use gpuplan::calc::scenario::{Lang, View};
use gpuplan::calc::units::{Currency, Hours, Kilowatts, Ratio};
use proptest::prelude::*;

#[test]
fn empty_link_is_the_guide_example() {
    let d = decode("");
    assert_eq!(d.state, LinkState::default());
    assert!(d.issues.is_empty());
    assert!(!d.sets_inputs);
    assert_eq!(encode(&d.state), "");
}

#[test]
fn contract_keys_and_units() {
    let d = decode("?price=200&util=30&view=rent-buy&lang=zh&cur=USD&embed=1&month_hours=730");
    let rb = &d.state.scenario.rent_buy;
    assert_eq!(rb.price_per_hour, 200.0);
    assert_eq!(rb.util, Ratio(0.3));
    assert_eq!(rb.month_hours, Hours(730.0));
    assert_eq!(rb.currency, Currency::Usd);
    assert_eq!(d.state.lang, Some(Lang::Zh));
    assert!(d.state.embed);
    assert!(d.sets_inputs);
    assert!(d.issues.is_empty());
}

#[test]
fn garbage_values_keep_defaults_and_are_reported() {
    let d = decode("price=abc&util=150&view=nope&months=2.5&power_model=solar");
    let rb = &d.state.scenario.rent_buy;
    let defaults = RentBuyInputs::default();
    assert_eq!(rb.price_per_hour, defaults.price_per_hour);
    assert_eq!(rb.util, defaults.util);
    assert_eq!(rb.months, defaults.months);
    assert_eq!(d.state.view, View::RentBuy);
    let keys: Vec<_> = d.issues.iter().map(FieldError::key).collect();
    assert_eq!(keys, ["price", "util", "view", "months", "power_model"]);
    assert_eq!(
        d.issues[0].to_string(),
        "price: expected a number, found \"abc\""
    );
}

#[test]
fn cross_field_breaks_in_a_link_fall_back() {
    let d = decode("power_model=use&idle_kw=50");
    assert_eq!(d.state.scenario.rent_buy.power_idle, Kilowatts(1.0));
    assert_eq!(d.issues.len(), 1);
    assert_eq!(d.issues[0].key(), "idle_kw");
}

#[test]
fn unknown_keys_are_ignored() {
    let d = decode("utm_source=x&price=90");
    assert!(d.issues.is_empty());
    assert_eq!(d.state.scenario.rent_buy.price_per_hour, 90.0);
}

fn arb_state() -> impl Strategy<Value = LinkState> {
    (
        0usize..8,
        proptest::option::of(prop_oneof![Just(Lang::En), Just(Lang::Zh)]),
        any::<bool>(),
        any::<bool>(),
        (
            0u64..10_000_000,
            1u32..240,
            0u32..9_990,
            0u32..2400,
            1u32..100_000,
            0u32..1000,
        ),
        proptest::collection::vec(0u32..100_000, 0..13),
        any::<bool>(),
    )
        .prop_map(
            |(
                view,
                lang,
                embed,
                usd,
                (purchase, months, kw10, hpd10, price100, util10),
                demand,
                follows,
            )| {
                let mut s = LinkState {
                    view: View::ALL[view],
                    lang,
                    embed,
                    ..Default::default()
                };
                s.scenario
                    .set_currency(if usd { Currency::Usd } else { Currency::Cny });
                let rb = &mut s.scenario.rent_buy;
                rb.purchase = purchase as f64;
                rb.months = months as f64;
                rb.power_load = Kilowatts(kw10 as f64 / 10.0 + 1.0);
                rb.power_idle = Kilowatts(0.5);
                rb.hours_per_day = Hours(hpd10 as f64 / 100.0);
                rb.price_per_hour = price100 as f64 / 100.0;
                rb.util = Ratio::from_percent(util10 as f64 / 10.0);
                rb.demand = demand.into_iter().map(|d| Hours(d as f64)).collect();
                rb.power_model = if follows {
                    PowerModel::FollowsUse
                } else {
                    PowerModel::FixedHours
                };
                s
            },
        )
}

proptest! {
    #[test]
    fn link_round_trips(s in arb_state()) {
        let q = encode(&s);
        let d = decode(&q);
        prop_assert!(d.issues.is_empty(), "{q}: {:?}", d.issues);
        prop_assert_eq!(d.state, s);
    }

    #[test]
    fn any_query_decodes_without_panic(q in ".{0,200}") {
        let d = decode(&q);
        let rb = &d.state.scenario.rent_buy;
        prop_assert!(gpuplan::calc::rent_buy::rent_buy(rb).is_ok(), "{q}");
    }
}
