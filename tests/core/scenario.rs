use gpuplan::calc::advisor::advise;
use gpuplan::calc::advisor::Profile;
use gpuplan::calc::memory::dtype::WeightType;
use gpuplan::calc::memory::training::Method;
use gpuplan::calc::rent_buy::{RentBuyError, RentBuyInputs};
use gpuplan::calc::scenario::{from_stored, to_stored, Progress, Scenario, StoreError};
use gpuplan::calc::table::{validate, Calculator};
use gpuplan::calc::units::{Currency, Hours, Ratio};
use gpuplan::calc::{bill, billing, demand, memory, plan, sensitivity, serving, spot};
use proptest::prelude::*;

/// A save written by the schema-1 build (its own `to_json`), kept as it was.
const V1_FIXTURE: &str = include_str!("../fixtures/v1-scenario.json");

/// Runs every calculator, chart series and side calculation the page runs on `s`, and checks
/// the figures they publish are finite. It counts the calculators it ran: one added to the
/// scenario and not run here fails every test that calls this.
fn run_everything(s: &Scenario) {
    let cur = s.currency;
    let rb = validate(s.rent_buy.clone()).expect("rent-buy inputs valid");
    // The view's one call: the report and its three charts' series.
    let sheet = sensitivity::rent_buy_sheet(&rb, cur);
    let r = &sheet.report;
    assert!(r.own_monthly.amount.is_finite() && r.rent_monthly.amount.is_finite());
    assert!(sheet.cumulative_chart.own.len() <= 241);
    let h = demand::hybrid(&rb, cur);
    assert!(h.best.monthly.amount.is_finite());
    let m = validate(s.memory.clone()).expect("memory inputs valid");
    let t = memory::training::report(&m);
    assert!(t.total.0.is_finite());
    let i = memory::inference::report(&m);
    assert!(i.required.0.is_finite());
    memory::training::total_vs_seq(&m);
    memory::inference::memory_vs_concurrency(&m, &[1, s.memory.inference.ctx]);
    let sp = validate(s.spot.clone()).expect("spot inputs valid");
    let sr = spot::report(&sp, cur);
    assert!(sr.wall_with.0.is_finite());
    spot::cost_vs_job_length(&sp);
    let b = validate(s.billing.clone()).expect("billing inputs valid");
    billing::report(&b, cur);
    let bl = validate(s.bill.clone()).expect("bill inputs valid");
    bill::report(&bl, cur);
    let a = advise(&s.advisor_inputs());
    assert!(!a.verdicts.is_empty());
    s.training_checkpoint();
    let sv = validate(s.serving.clone()).expect("serving inputs valid");
    // The view's one call: the report and both charts' series, even where nothing fits.
    let sheet = serving::sheet(&sv, s);
    let r = &sheet.report;
    assert!(r.ttft_s.is_finite() || r.max_conc == 0);
    let pv = validate(s.plan.clone()).expect("plan inputs valid");
    let p = plan::report(&pv, s);
    assert!(p
        .rows
        .iter()
        .all(|r| r.cost.is_none_or(|c| c.amount.is_finite())));
    plan::chart(&p);
    let ran = [
        "rent_buy", "memory", "spot", "billing", "bill", "advisor", "serving", "plan",
    ];
    assert_eq!(
        ran.len(),
        Scenario::calculator_count(),
        "a calculator is not run here"
    );
}

#[test]
fn v1_fixture_loads_through_the_migration() {
    let r = from_stored(V1_FIXTURE).unwrap();
    assert_eq!(r.schema, 1);
    assert!(r.issues.is_empty(), "{:?}", r.issues);
    let s = &r.scenario;
    assert_eq!(s.currency, Currency::Usd);
    assert_eq!(s.rent_buy.purchase, 900_000.0);
    assert_eq!(s.rent_buy.pue, 1.2);
    assert_eq!(s.rent_buy.util, Ratio(0.62));
    assert_eq!(s.rent_buy.month_hours, Hours(730.0));
    assert_eq!(s.rent_buy.demand, [Hours(400.0), Hours(650.0)]);
    // The model and card, once, from the copy schema 1 used.
    let m = &s.memory;
    assert_eq!(m.model.model.as_deref(), Some("llama-3.1-8b"));
    assert_eq!(m.model.arch.kv_heads, 8);
    assert_eq!(m.model.params_b, None);
    assert_eq!(m.gpu, "h100-sxm");
    assert_eq!(m.inference.weights, WeightType::Q4KM);
    assert_eq!((m.inference.ctx, m.inference.conc), (32_768, 16));
    assert_eq!(m.training.method, Method::Lora);
    assert_eq!(m.training.lora_targets, ["q", "v"]);
    assert_eq!(
        (m.training.lora_rank, m.training.seq, m.training.batch),
        (32, 4096, 2)
    );
    assert_eq!(s.spot.job, Hours(250.0));
    assert_eq!(s.advisor.profile, Profile::Inference);
    assert!(!s.advisor.interruptible);
    assert_eq!(s.billing.runs, [Hours(10.0 / 60.0), Hours(3.0)]);
    assert_eq!(s.bill.lines.len(), 2);
    assert_eq!(s.bill.levers.len(), 1);
    // Ticks are progress, kept beside the inputs.
    let ticked: Vec<&str> = r.progress.checked.iter().map(String::as_str).collect();
    assert_eq!(ticked, ["env-smi", "rel-release"]);
    run_everything(s);
    // Written again in schema 2, it reads back the same.
    let again = from_stored(&to_stored(s, &r.progress)).unwrap();
    assert_eq!(again.schema, 2);
    assert_eq!(again.scenario, r.scenario);
    assert_eq!(again.progress, r.progress);
}

/// This save used to load, get past the report's check and then crash the chart series
/// (`cumulative` over 10^18 months), on every reload.
#[test]
fn a_stored_value_out_of_range_is_refused_not_trusted() {
    let r = from_stored(r#"{"schema":1,"scenario":{"rent_buy":{"months":1e18}}}"#).unwrap();
    assert_eq!(r.issues.len(), 1);
    assert_eq!(r.issues[0].key(), "months");
    assert!(matches!(
        r.issues[0].error::<RentBuyError>(),
        Some(RentBuyError::Field(_))
    ));
    assert_eq!(r.scenario.rent_buy.months, 36.0);
    run_everything(&r.scenario);
    // The same in schema 2.
    let r = from_stored("schema=2&months=1000000000000000000&price=90").unwrap();
    assert_eq!(r.issues.len(), 1);
    assert_eq!(r.scenario.rent_buy.price_per_hour, 90.0);
    assert_eq!(r.scenario.rent_buy.months, 36.0);
}

#[test]
fn a_stored_contradiction_keeps_the_valid_fields() {
    let r = from_stored("schema=2&purchase=100000&resale=500000&util=70").unwrap();
    assert_eq!(r.issues.len(), 1);
    assert!(matches!(
        r.issues[0].error::<RentBuyError>(),
        Some(RentBuyError::ResaleAbovePurchase { .. })
    ));
    assert_eq!(r.scenario.rent_buy.purchase, 100_000.0);
    assert_eq!(r.scenario.rent_buy.resale, 0.0);
    assert_eq!(r.scenario.rent_buy.util, Ratio(0.7));
}

#[test]
fn older_saves_load_with_defaults_for_missing_fields() {
    let r = from_stored(r#"{"schema":1,"scenario":{"rent_buy":{"price_per_hour":150}}}"#).unwrap();
    assert_eq!(r.scenario.rent_buy.price_per_hour, 150.0);
    assert_eq!(r.scenario.rent_buy.months, 36.0);
    let r = from_stored(r#"{"schema":1}"#).unwrap();
    assert_eq!(r.scenario, Scenario::default());
    let r = from_stored("schema=2").unwrap();
    assert_eq!(r.scenario, Scenario::default());
}

#[test]
fn damaged_or_newer_saves_are_errors() {
    assert!(matches!(
        from_stored("{not json"),
        Err(StoreError::Unreadable { .. })
    ));
    assert!(matches!(
        from_stored("price=90"),
        Err(StoreError::Unreadable { .. })
    ));
    assert_eq!(
        from_stored(r#"{"schema":99}"#),
        Err(StoreError::TooNew { found: 99 })
    );
    assert_eq!(
        from_stored("schema=3&price=90"),
        Err(StoreError::TooNew { found: 3 })
    );
    assert_eq!(
        from_stored("schema=3").unwrap_err().to_string(),
        "saved data has schema 3; this page reads up to schema 2"
    );
}

/// Numbers for the JSON property test: ordinary, huge, tiny, negative and exactly zero.
fn any_number() -> impl Strategy<Value = f64> {
    prop_oneof![
        -1e6..1e6f64,
        -1e300..1e300f64,
        Just(0.0),
        Just(1e18),
        Just(-1.0),
        Just(f64::MAX),
        Just(f64::MIN_POSITIVE),
    ]
}

/// Numeric fields of a schema-1 save, by their place in it.
const V1_NUMBERS: &[(&str, &str)] = &[
    ("rent_buy", "purchase"),
    ("rent_buy", "months"),
    ("rent_buy", "resale"),
    ("rent_buy", "power_load"),
    ("rent_buy", "power_idle"),
    ("rent_buy", "hours_per_day"),
    ("rent_buy", "pue"),
    ("rent_buy", "price_per_hour"),
    ("rent_buy", "util"),
    ("rent_buy", "month_hours"),
    ("inference", "ctx"),
    ("inference", "conc"),
    ("inference", "tp"),
    ("inference", "overhead"),
    ("inference", "margin"),
    ("inference", "params_b"),
    ("training", "seq"),
    ("training", "batch"),
    ("training", "gpus"),
    ("training", "zero"),
    ("training", "lora_rank"),
    ("training", "frozen_layers"),
    ("spot", "job"),
    ("spot", "mtbf"),
    ("spot", "checkpoint_minutes"),
    ("spot", "restart_minutes"),
    ("spot", "spot_price"),
    ("spot", "stop_hours"),
    ("spot", "kept"),
    ("billing", "price"),
    ("billing", "public_mbps"),
    ("billing", "internal_mbps"),
    ("billing", "loads"),
];

proptest! {
    /// Any schema-1 save with arbitrary numbers either is refused with a reason or yields a
    /// scenario every calculation and series runs on without a panic.
    #[test]
    fn any_json_numbers_are_refused_or_run(picks in proptest::collection::vec((0..V1_NUMBERS.len(), any_number()), 1..8)) {
        let mut parts: std::collections::BTreeMap<&str, Vec<String>> = Default::default();
        for (ix, v) in picks {
            let (section, field) = V1_NUMBERS[ix];
            let list = parts.entry(section).or_default();
            if !list.iter().any(|p| p.starts_with(&format!("\"{field}\""))) {
                list.push(format!("\"{field}\":{v:e}"));
            }
        }
        let body: Vec<String> = parts
            .iter()
            .map(|(section, fields)| format!("\"{section}\":{{{}}}", fields.join(",")))
            .collect();
        let text = format!("{{\"schema\":1,\"scenario\":{{{}}}}}", body.join(","));
        match from_stored(&text) {
            Err(StoreError::Unreadable { .. }) => {}
            Err(e) => prop_assert!(false, "{text}: {e}"),
            Ok(r) => {
                prop_assert!(r.scenario.check().is_ok(), "{text}");
                run_everything(&r.scenario);
            }
        }
    }

    #[test]
    fn stored_scenarios_round_trip(price in 1u32..100_000_000, util in 0u32..1000, usd in any::<bool>()) {
        let mut s = Scenario {
            rent_buy: RentBuyInputs {
                price_per_hour: price as f64 / 100.0,
                util: Ratio::from_percent(util as f64 / 10.0),
                ..Default::default()
            },
            ..Default::default()
        };
        s.currency = if usd { Currency::Usd } else { Currency::Cny };
        let back = from_stored(&to_stored(&s, &Progress::default())).unwrap();
        prop_assert!(back.issues.is_empty());
        prop_assert_eq!(back.scenario, s);
    }
}

#[test]
fn every_default_is_valid() {
    Scenario::default().check().unwrap();
    assert!(RentBuyInputs::FIELDS.len() >= 15);
}
