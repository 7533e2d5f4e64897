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

mod memory_keys {
    use super::*;
    use gpuplan::calc::memory::dtype::WeightType;
    use gpuplan::calc::memory::inference::inference;
    use gpuplan::calc::memory::training::{Method, Optimizer};

    #[test]
    fn params_rule_typed_derived_or_the_guides_seven() {
        let none = decode("view=inference");
        assert_eq!(none.state.scenario.inference.params_b, Some(7.0));
        let model = decode("view=inference&model=llama-3.1-8b");
        assert_eq!(model.state.scenario.inference.params_b, None);
        assert_eq!(
            model.state.scenario.training.arch.kv_heads, 8,
            "shared with training"
        );
        let arch = decode("view=training&hidden=5120&heads=40");
        let a = &arch.state.scenario.training.arch;
        assert_eq!((a.hidden, a.head_dim), (5120, 128));
        assert_eq!(arch.state.scenario.training.params_b, None);
        let typed = decode("model=llama-3.1-8b&params=8");
        assert_eq!(typed.state.scenario.inference.params_b, Some(8.0));
    }

    #[test]
    fn memory_keys_set_their_inputs() {
        let d = decode("ctx=32768&conc=4&weights=q4_k_m&kv=fp8&tp=2&gpu=h100-sxm&overhead_gib=2.5&margin=10&method=lora&optimizer=adamw8bit&lora_targets=q,v&seq=4096&zero=3&gpus=8");
        assert!(d.issues.is_empty(), "{:?}", d.issues);
        let (t, i) = (&d.state.scenario.training, &d.state.scenario.inference);
        assert_eq!((i.ctx, i.conc, i.tp), (32768, 4, 2));
        assert_eq!(i.weights, WeightType::Q4KM);
        assert_eq!(i.gpu, "h100-sxm");
        assert_eq!(t.gpu, "h100-sxm");
        assert_eq!(t.method, Method::Lora);
        assert_eq!(t.optimizer, Optimizer::Adamw8bit);
        assert_eq!(t.lora_targets, ["q", "v"]);
        assert_eq!((t.seq, t.zero, t.gpus), (4096, 3, 8));
        assert!(inference(i).is_ok());
    }

    #[test]
    fn bad_memory_values_fall_back_and_are_reported() {
        let d = decode("ctx=lots&weights=q9&model=gpt-9&kv_heads=5&lora_targets=mlp");
        let keys: Vec<_> = d.issues.iter().map(FieldError::key).collect();
        assert_eq!(
            keys,
            ["ctx", "weights", "model", "lora_targets", "kv_heads"]
        );
        assert_eq!(d.state.scenario.inference.arch.kv_heads, 32);
        assert!(inference(&d.state.scenario.inference).is_ok());
    }

    fn arb_memory() -> impl Strategy<Value = LinkState> {
        (
            proptest::option::of(0usize..11),
            proptest::option::of(1u32..2000),
            (1u64..200_000, 1u64..512, 1u64..9, 0usize..15, 0usize..4),
            (
                1u64..65_536,
                1u64..64,
                0u8..4,
                1u64..64,
                0usize..3,
                0usize..5,
                any::<bool>(),
            ),
        )
            .prop_map(
                |(
                    model,
                    params10,
                    (ctx, conc, tp, w, kv),
                    (seq, batch, zero, gpus, m, o, flash),
                )| {
                    use gpuplan::calc::memory::dtype::{KvType, WEIGHT_TYPES};
                    use gpuplan::calc::memory::presets::PRESETS;
                    use gpuplan::calc::memory::training::{Method, Optimizer};
                    let mut s = LinkState {
                        view: View::Inference,
                        ..Default::default()
                    };
                    let (t, i) = (&mut s.scenario.training, &mut s.scenario.inference);
                    if let Some(ix) = model {
                        let p = &PRESETS[ix];
                        for (mm, a) in [(&mut t.model, &mut t.arch), (&mut i.model, &mut i.arch)] {
                            *mm = Some(p.id.to_string());
                            *a = (p.arch)();
                        }
                        t.params_b = None;
                        i.params_b = None;
                    }
                    if let Some(p) = params10 {
                        t.params_b = Some(p as f64 / 10.0);
                        i.params_b = Some(p as f64 / 10.0);
                    }
                    i.ctx = ctx;
                    i.conc = conc;
                    i.tp = tp;
                    i.weights = WEIGHT_TYPES[w].0;
                    i.kv = KvType::ALL[kv];
                    t.seq = seq;
                    t.batch = batch;
                    t.zero = zero;
                    t.gpus = gpus;
                    t.method = Method::ALL[m];
                    t.optimizer = Optimizer::ALL[o];
                    t.flash = flash;
                    s
                },
            )
    }

    proptest! {
        #[test]
        fn memory_link_round_trips(s in arb_memory()) {
            let q = encode(&s);
            let d = decode(&q);
            prop_assert!(d.issues.is_empty(), "{q}: {:?}", d.issues);
            prop_assert_eq!(d.state, s, "{}", q);
        }
    }
}

#[test]
fn spot_keys_round_trip() {
    let d = decode(
        "view=spot&job_hours=250&mtbf_hours=8.5&ckpt_minutes=3&ckpt=0&spot_price=2.8&stop_hours=24",
    );
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    let s = &d.state.scenario.spot;
    assert_eq!(
        (
            s.job.0,
            s.mtbf.0,
            s.checkpoint_minutes,
            s.spot_price,
            s.stop_hours
        ),
        (250.0, 8.5, 3.0, 2.8, 24.0)
    );
    assert!(!s.has_checkpoints);
    assert_eq!(decode(&encode(&d.state)).state, d.state);
    let bad = decode("job_hours=0&ckpt=maybe");
    let keys: Vec<_> = bad.issues.iter().map(FieldError::key).collect();
    assert_eq!(keys, ["job_hours", "ckpt"]);
}
