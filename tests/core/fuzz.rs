//! Hostile input for every decoder: a link, a stored scenario, a pasted config.json, the text
//! lists (demand profile, runs, bill lines and levers), a number as typed, and the named
//! scenarios' stored entries, storage index, names and imported files. Whatever comes in,
//! nothing panics, every problem names the input it belongs to, the scenario that comes out is
//! valid, and every figure every view computes from it is finite.
//!
//! 256 cases a property by default; the long run sets proptest's own variable:
//! `PROPTEST_CASES=10000 cargo test --test core fuzz::`.

use gpuplan::calc::advisor::{advise, AdvisorChoice};
use gpuplan::calc::bill::{self, parse_levers, parse_lines, BillInputs, Group};
use gpuplan::calc::billing::{self, parse_runs, BillingInputs, MAX_RUNS, MAX_RUN_HOURS};
use gpuplan::calc::choice::Choice;
use gpuplan::calc::demand::{self, parse_demand, MAX_MONTHS, MAX_MONTH_HOURS};
use gpuplan::calc::finance::{format_resale_curve, parse_resale_curve, MAX_RESALE_YEARS};
use gpuplan::calc::library::{
    self, check_name, export, from_entry, from_index, import, to_entry, to_index, unique_name,
    Opened, Saved, NAME_MAX,
};
use gpuplan::calc::link::{decode, encode, Decoded};
use gpuplan::calc::memory::catalogue::GPUS;
use gpuplan::calc::memory::config_json::{self, MODEL_TYPES};
use gpuplan::calc::memory::inputs::{parse_params, MemoryInputs, PARAMS_RANGE};
use gpuplan::calc::memory::presets::PRESETS;
use gpuplan::calc::memory::{inference, training};
use gpuplan::calc::number_text::{read_number, NumberKind};
use gpuplan::calc::presets;
use gpuplan::calc::rent_buy::{self, RentBuyInputs};
use gpuplan::calc::reserve;
use gpuplan::calc::scenario::{from_stored, to_query, Progress, Scenario};
use gpuplan::calc::sensitivity;
use gpuplan::calc::serving::{self, ServingInputs};
use gpuplan::calc::spot::{self, SpotInputs};
use gpuplan::calc::table::{validate, Calculator, Field, Issue};
use gpuplan::calc::units::Currency;
use proptest::prelude::*;
use serde_json::{json, Value};

/// Text that has broken number readers elsewhere, or that a person might paste.
const EDGE: &[&str] = &[
    "",
    " ",
    "-",
    "+",
    ".",
    "0",
    "-0",
    "-1",
    "1",
    "0.5",
    "NaN",
    "nan",
    "-NaN",
    "Infinity",
    "-Infinity",
    "inf",
    "1e308",
    "-1e308",
    "1e309",
    "5e-324",
    "1e-400",
    "1,5",
    "1,500",
    "1,5000",
    "1.2.3",
    "1 200 000",
    "1'234'567.89",
    "１２０",
    "１，２００．５",
    "－３",
    "１e３０８",
    "120万",
    "1.2亿",
    "3千万",
    "1.2万亿",
    "1e305亿",
    "9e307k",
    "1.5k",
    "5w",
    "70%",
    "150%",
    "-5%",
    "¥4.69万",
    "4.69万元",
    "USD 1.5k",
    "$-5",
    "0x10",
    "1_000",
    "½",
    "٣",
    "𝟙",
    "1。5",
    "\u{0}",
    "\u{200B}1",
    "1\u{FEFF}",
    "%00",
    "%",
    "%ZZ",
    "true",
    "false",
    "yes",
    "💥",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "'\"`",
    "~;~;",
    ";;;;",
    "~~~",
    "all",
    "18446744073709551615",
    "18446744073709551616",
    "9007199254740993",
    "4294967296",
    "999999999999999999999999999999",
];

/// Each calculator's keys with values that sit on and just past its limits: a number field's
/// bounds and the values either side, every id of a choice, both flags.
fn samples_of<T: Calculator>(out: &mut Vec<(&'static str, Vec<String>)>) {
    for f in T::FIELDS {
        let values = match f {
            Field::Num(n) => {
                let (lo, hi) = (n.min, n.max);
                let mut v = vec![lo, hi, (lo + hi) / 2.0, lo - 1.0, hi + 1.0, hi * 10.0, -hi];
                if !n.whole {
                    v.extend([lo + f64::EPSILON, hi - hi * 1e-12, lo + 0.5, lo.max(1e-300)]);
                }
                v.into_iter().map(|x| format!("{x}")).collect()
            }
            Field::Choice(c) => (c.ids)().into_iter().map(str::to_string).collect(),
            Field::Flag(_) => vec!["1".into(), "0".into(), "true".into(), "2".into()],
            Field::Text(_) => vec![],
        };
        out.push((f.key(), values));
    }
}

/// Every key a link may carry, each with the values worth trying for it.
fn key_samples() -> Vec<(&'static str, Vec<String>)> {
    let mut out = Vec::new();
    samples_of::<RentBuyInputs>(&mut out);
    samples_of::<MemoryInputs>(&mut out);
    samples_of::<SpotInputs>(&mut out);
    samples_of::<BillingInputs>(&mut out);
    samples_of::<BillInputs>(&mut out);
    samples_of::<AdvisorChoice>(&mut out);
    samples_of::<ServingInputs>(&mut out);
    let page: [(&str, &[&str]); 7] = [
        ("view", &["rent-buy", "serving", "nope", ""]),
        ("lang", &["zh", "en", "zh-CN", "fr", ""]),
        ("embed", &["1", "0", "true", "2"]),
        ("cur", &["USD", "CNY", "RMB", "usd", "EUR"]),
        ("fx", &["0.01", "10000", "0", "7.1", "1e-9", "1e9"]),
        (
            "checked",
            &["env-smi,rel-release", "nope", ",,,", "env-smi,env-smi"],
        ),
        ("schema", &["2", "1", "3", "-1", "99999999999"]),
    ];
    for (k, vs) in page {
        out.push((k, vs.iter().map(|s| s.to_string()).collect()));
    }
    // The text inputs that name things: every preset and card, and target lists.
    let mut named: [(&str, Vec<String>); 3] = [
        ("model", PRESETS.iter().map(|p| p.id.to_string()).collect()),
        ("gpu", GPUS.iter().map(|g| g.id.to_string()).collect()),
        (
            "lora_targets",
            ["all", "q,v", "q,k,v,o", "q,q,q", "", "x"]
                .map(String::from)
                .to_vec(),
        ),
    ];
    for (key, ids) in &mut named {
        if let Some((_, vs)) = out.iter_mut().find(|(k, _)| k == key) {
            vs.append(ids);
        }
    }
    out
}

fn all_keys() -> Vec<&'static str> {
    let mut keys = Scenario::keys();
    keys.extend(gpuplan::calc::link::PAGE_KEYS);
    keys
}

/// A number as someone might type or mangle it: signs, currency marks, full-width digits,
/// separators, exponents and multipliers in any order the pattern allows.
fn number_text() -> impl Strategy<Value = String> {
    "[-+−－]?[¥$￥]?[0-9０-９]{0,24}([.．,，' ][0-9０-９]{0,8}){0,3}([eE][-+]?[0-9]{1,4})?(万|亿|千|百|k|K|M|w|%|％|元|美元|h|m|s|d)?"
}

/// One item of a bill list or a run list, from real parts and hostile ones.
fn list_item() -> impl Strategy<Value = String> {
    let group = prop_oneof![
        proptest::sample::select(Group::ids()).prop_map(str::to_string),
        proptest::sample::select(EDGE).prop_map(str::to_string),
    ];
    let part = prop_oneof![
        number_text(),
        proptest::sample::select(EDGE).prop_map(str::to_string),
        "[0-9]{1,3}%",
    ];
    let label = prop_oneof![Just(String::new()), "\\PC{0,40}"];
    (group, part.clone(), part, label, 0usize..5).prop_map(|(g, a, b, l, shape)| match shape {
        0 => g,
        1 => format!("{g}~{a}"),
        2 => format!("{g}~{a}~{b}"),
        _ => format!("{g}~{a}~{b}~{l}"),
    })
}

/// A list for `lines`, `levers`, `demand` or `runs`: sometimes longer than any allows.
fn list_text() -> impl Strategy<Value = String> {
    let separators = proptest::sample::select(vec![",", ";", " ", "\n", ", ", ";;"]);
    prop_oneof![
        (
            proptest::collection::vec(list_item(), 0..8),
            separators.clone()
        )
            .prop_map(|(items, sep)| items.join(sep)),
        (
            proptest::collection::vec(number_text(), 0..12),
            separators.clone()
        )
            .prop_map(|(items, sep)| items.join(sep)),
        // Past the longest list each reader takes (200 bill lines, 120 months, 1000 runs).
        (
            1usize..1100,
            proptest::sample::select(vec!["1", "instances~1", "2h", "0"])
        )
            .prop_map(|(n, item)| vec![item; n].join(";")),
    ]
}

/// A value for one key: one of its own limits, a hostile one, a number as typed, a list, or
/// any text at all (now and then a very long one).
fn value_for(samples: Vec<String>) -> BoxedStrategy<String> {
    let edge = proptest::sample::select(EDGE).prop_map(str::to_string);
    let long = (1usize..5000, "\\PC").prop_map(|(n, c)| c.repeat(n));
    let mut options: Vec<(u32, BoxedStrategy<String>)> = vec![
        (3, edge.boxed()),
        (3, number_text().boxed()),
        (2, list_text().boxed()),
        (1, any::<String>().boxed()),
        (1, long.boxed()),
    ];
    if !samples.is_empty() {
        options.push((4, proptest::sample::select(samples).boxed()));
    }
    proptest::strategy::Union::new_weighted(options).boxed()
}

/// A key (a real one, mostly) with a value for it; the four list keys with a list, often.
fn pair() -> impl Strategy<Value = (String, String)> {
    let samples = key_samples();
    let lists = vec!["lines", "levers", "demand", "runs", "resale_curve"];
    prop_oneof![
        9 => proptest::sample::select(samples).prop_flat_map(|(k, vs)| (Just(k.to_string()), value_for(vs))),
        3 => (proptest::sample::select(lists).prop_map(str::to_string), list_text()),
        1 => ("\\PC{0,12}", value_for(vec![])),
    ]
}

/// Writes pairs as a query: percent-encoded as a browser would, or pasted raw so that `&`, `=`,
/// `%` and `+` inside values reach the decoder as they are.
fn query(pairs: &[(String, String)], raw: bool) -> String {
    let enc = |s: &str| -> String {
        s.bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'*' => {
                    (b as char).to_string()
                }
                b' ' => "+".to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect()
    };
    pairs
        .iter()
        .map(|(k, v)| {
            if raw {
                format!("{k}={v}")
            } else {
                format!("{}={}", enc(k), enc(v))
            }
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// The first `NaN`, `inf` or `-inf` in a value's debug form, outside quoted strings (so a label
/// that says "inf" is not taken for a number).
fn non_finite(debug: &str) -> Option<usize> {
    let b = debug.as_bytes();
    let mut i = 0;
    let mut in_str = false;
    while i < b.len() {
        let c = b[i];
        if in_str {
            match c {
                b'\\' => i += 1,
                b'"' => in_str = false,
                _ => {}
            }
        } else if c == b'"' {
            in_str = true;
        } else if c.is_ascii_alphabetic() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let end = b[i..]
                .iter()
                .position(|c| !c.is_ascii_alphanumeric() && *c != b'_')
                .map_or(b.len(), |n| i + n);
            if matches!(&debug[i..end], "NaN" | "inf") {
                return Some(i);
            }
            i = end;
            continue;
        }
        i += 1;
    }
    None
}

#[track_caller]
fn assert_finite(what: &str, debug: String) {
    if let Some(at) = non_finite(&debug) {
        let from = debug[..at]
            .char_indices()
            .rev()
            .nth(150)
            .map_or(0, |(n, _)| n);
        let to = (at + 40).min(debug.len());
        let to = (to..=debug.len())
            .find(|&n| debug.is_char_boundary(n))
            .unwrap();
        panic!("{what}: a figure is not finite: …{}…", &debug[from..to]);
    }
}

#[test]
fn the_finiteness_check_can_fail() {
    // What the reports are searched for: Rust's debug form of the non-finite floats.
    assert_eq!(
        format!("{:?}", [f64::NAN, f64::INFINITY, -f64::INFINITY]),
        "[NaN, inf, -inf]"
    );
    assert!(non_finite("Report { a: 1.0, b: NaN }").is_some());
    assert!(non_finite("Hours(inf)").is_some());
    assert!(non_finite("Money { amount: -inf, currency: Cny }").is_some());
    assert!(non_finite("Some(1e300)").is_none());
    assert!(non_finite("Inference { label: \"inf NaN\", x: 2.0 }").is_none());
    assert!(non_finite("Line { label: \"say \\\"inf\\\"\", x: 2.0 }").is_none());
}

/// Every report, chart series and side figure the page computes from `s`, as the views do,
/// each checked for a non-finite number.
fn check_reports(s: &Scenario) {
    let cur = s.currency;
    let rb = validate(s.rent_buy.clone()).expect("rent-buy inputs valid");
    let r = rent_buy::report(&rb, cur);
    assert_finite("rent-buy", format!("{r:?}"));
    assert_finite(
        "cost vs util",
        format!("{:?}", sensitivity::cost_vs_util(&rb)),
    );
    assert_finite(
        "break-even vs price",
        format!("{:?}", sensitivity::break_even_vs_price(&rb)),
    );
    assert_finite(
        "cumulative",
        format!("{:?}", sensitivity::cumulative(&rb, &r)),
    );
    assert_finite("hybrid", format!("{:?}", demand::hybrid(&rb, cur)));
    assert_finite("three ways", format!("{:?}", reserve::three_way(&rb, cur)));
    assert_finite(
        "cost vs util, three ways",
        format!("{:?}", sensitivity::cost_vs_util3(&rb)),
    );
    assert_finite(
        "hybrid, three ways",
        format!("{:?}", demand::hybrid3(&rb, cur)),
    );

    let m = validate(s.memory.clone()).expect("memory inputs valid");
    assert_finite("training", format!("{:?}", training::report(&m)));
    assert_finite("activations", format!("{:?}", training::activations(&m)));
    assert_finite("memory vs seq", format!("{:?}", training::total_vs_seq(&m)));
    assert_finite("inference", format!("{:?}", inference::report(&m)));
    // The contexts the inference chart draws.
    let ctx = m.inference.ctx;
    let mut ctxs = vec![ctx / 4, ctx, ctx * 4];
    ctxs.retain(|c| *c >= 1);
    ctxs.dedup();
    assert_finite(
        "memory vs concurrency",
        format!("{:?}", inference::memory_vs_concurrency(&m, &ctxs)),
    );

    let sp = validate(s.spot.clone()).expect("spot inputs valid");
    let sr = spot::report(&sp, cur);
    assert_finite("spot", format!("{sr:?}"));
    assert_finite("spot crossover", format!("{:?}", spot::crossover(&sp)));
    assert_finite("spot chart", format!("{:?}", spot::cost_chart(&sp, &sr)));
    assert_finite(
        "spot series",
        format!("{:?}", spot::cost_vs_job_length(&sp)),
    );

    let b = validate(s.billing.clone()).expect("billing inputs valid");
    assert_finite("billing", format!("{:?}", billing::report(&b, cur)));
    let bl = validate(s.bill.clone()).expect("bill inputs valid");
    assert_finite("bill", format!("{:?}", bill::report(&bl, cur)));

    let a = s.advisor_inputs();
    assert_finite("advisor inputs", format!("{a:?}"));
    assert_finite("advisor", format!("{:?}", advise(&a)));
    assert_finite("checkpoint", format!("{:?}", s.training_checkpoint()));

    let sv = validate(s.serving.clone()).expect("serving inputs valid");
    let srep = serving::report(&sv, s);
    assert_finite("serving", format!("{srep:?}"));
    assert_finite(
        "serving concurrency chart",
        format!("{:?}", serving::concurrency_chart(&sv, s, &srep)),
    );
    assert_finite(
        "serving cost chart",
        format!("{:?}", serving::cost_chart(s, &srep)),
    );
}

/// What every decoded scenario must satisfy: problems named by a real key and worded, every input
/// valid (the page computes only from valid inputs), and finite figures in both currencies.
fn check_scenario(s: &Scenario, issues: &[Issue]) {
    check_valid(s, issues);
    // The currency switch converts every amount at the scenario's rate; the page computes from
    // the converted scenario at once, so it must stay valid.
    let mut other = s.clone();
    other.switch_currency(match s.currency {
        Currency::Cny => Currency::Usd,
        Currency::Usd => Currency::Cny,
    });
    if let Err(e) = other.check() {
        panic!("scenario is no longer valid after a currency switch: {e:?}");
    }
    check_reports(&other);
}

/// Problems named by a real key and worded, every input valid, every figure finite.
fn check_valid(s: &Scenario, issues: &[Issue]) {
    let keys = all_keys();
    for i in issues {
        assert!(keys.contains(&i.key()), "issue under an unknown key: {i:?}");
        assert!(
            !i.to_string().trim().is_empty(),
            "an issue without words: {i:?}"
        );
    }
    if let Err(e) = s.check() {
        panic!("decoded scenario is not valid: {e:?}");
    }
    check_reports(s);
}

fn check_decoded(d: &Decoded) {
    check_scenario(&d.state.scenario, &d.issues);
    // What the page writes back to the address reads again without a problem, and writing it
    // once more changes nothing (a link does not drift as it is shared on).
    let link = encode(&d.state, "");
    let again = decode(&link);
    assert!(again.issues.is_empty(), "{link}: {:?}", again.issues);
    assert_eq!(encode(&again.state, ""), link);
}

proptest! {
    #[test]
    fn any_text_as_a_link(q in any::<String>()) {
        check_decoded(&decode(&q));
    }

    #[test]
    fn hostile_values_under_real_keys(pairs in proptest::collection::vec(pair(), 0..16), raw in any::<bool>()) {
        let q = query(&pairs, raw);
        check_decoded(&decode(&q));
        check_decoded(&decode(&format!("?{q}")));
    }

    #[test]
    fn any_text_as_stored_data(text in prop_oneof![
        any::<String>(),
        // Read as a schema-1 save.
        "\\{\\PC{0,200}",
        json_value().prop_map(|v| json!({"schema": 1, "scenario": v}).to_string()),
    ]) {
        if let Ok(r) = from_stored(&text) {
            check_scenario(&r.scenario, &r.issues);
        }
    }

    #[test]
    fn hostile_values_in_stored_data(
        schema in proptest::sample::select(vec!["2", "1", "0", "3", "", "x", "-1", "2.0", "4294967296"]),
        pairs in proptest::collection::vec(pair(), 0..16),
        raw in any::<bool>(),
    ) {
        let text = format!("schema={schema}&{}", query(&pairs, raw));
        match from_stored(&text) {
            Ok(r) => check_scenario(&r.scenario, &r.issues),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn hostile_values_in_a_schema_1_save(edits in proptest::collection::vec((any::<prop::sample::Index>(), json_value()), 0..8)) {
        let mut v: Value = serde_json::from_str(V1).unwrap();
        for (at, value) in edits {
            set_leaf(&mut v, at, value);
        }
        match from_stored(&v.to_string()) {
            Ok(r) => check_scenario(&r.scenario, &r.issues),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn any_text_as_config_json(text in any::<String>()) {
        check_config(&text);
    }

    #[test]
    fn hostile_config_json(
        base in 0usize..CONFIGS,
        edits in proptest::collection::vec((config_key(), json_value()), 0..8),
        removed in proptest::collection::vec(config_key(), 0..3),
    ) {
        let mut v = config(base);
        let map = v.as_object_mut().unwrap();
        for k in removed {
            map.remove(&k);
        }
        for (k, value) in edits {
            map.insert(k, value);
        }
        check_config(&v.to_string());
    }

    #[test]
    fn numbers_as_typed(text in prop_oneof![
        number_text(),
        proptest::sample::select(EDGE).prop_map(str::to_string),
        any::<String>(),
    ]) {
        for kind in [NumberKind::Plain, NumberKind::Percent, NumberKind::Money] {
            if let Ok(v) = read_number(&text, kind) {
                prop_assert!(v.is_finite(), "{text:?} read as {v}");
            }
        }
        // Every number field of every calculator: a value it accepts is in its range.
        let mut seen = 0;
        check_fields::<RentBuyInputs>(&text, &mut seen);
        check_fields::<MemoryInputs>(&text, &mut seen);
        check_fields::<SpotInputs>(&text, &mut seen);
        check_fields::<BillingInputs>(&text, &mut seen);
        check_fields::<ServingInputs>(&text, &mut seen);
        prop_assert!(seen > 50);
        if let Ok(Some(p)) = parse_params(&text) {
            prop_assert!((PARAMS_RANGE.0..=PARAMS_RANGE.1).contains(&p));
        }
    }

    #[test]
    fn lists_as_typed(text in prop_oneof![list_text(), any::<String>()]) {
        if let Ok(d) = parse_demand(&text) {
            prop_assert!(d.len() <= MAX_MONTHS);
            prop_assert!(d.iter().all(|h| (0.0..=MAX_MONTH_HOURS).contains(&h.0)));
            prop_assert_eq!(parse_demand(&demand::format_demand(&d)).map(|v| v.len()), Ok(d.len()));
        }
        if let Ok(c) = parse_resale_curve(&text) {
            prop_assert!(c.len() <= MAX_RESALE_YEARS);
            prop_assert!(c.iter().all(|r| (0.0..=1.0).contains(&r.0)));
            prop_assert_eq!(parse_resale_curve(&format_resale_curve(&c)), Ok(c));
        }
        if let Ok(r) = parse_runs(&text) {
            prop_assert!(r.len() <= MAX_RUNS);
            prop_assert!(r.iter().all(|h| (0.0..=MAX_RUN_HOURS).contains(&h.0)));
            let back = parse_runs(&billing::format_runs(&r)).expect("written runs read back");
            prop_assert_eq!(back.len(), r.len());
        }
        if let Ok(l) = parse_lines(&text) {
            prop_assert!(l.len() <= bill::MAX_LINES);
            prop_assert!(l.iter().all(|l| l.amount.is_finite() && l.hours.is_none_or(f64::is_finite)));
            prop_assert_eq!(parse_lines(&bill::format_lines(&l)).map(|v| v.len()), Ok(l.len()));
        }
        if let Ok(l) = parse_levers(&text) {
            prop_assert!(l.len() <= bill::MAX_LEVERS);
            prop_assert!(l.iter().all(|l| l.amount.is_finite() && l.share.is_none_or(|s| (0.0..=1.0).contains(&s))));
            prop_assert_eq!(parse_levers(&bill::format_levers(&l)).map(|v| v.len()), Ok(l.len()));
        }
    }
}

fn check_fields<T: Calculator>(text: &str, seen: &mut usize) {
    for f in T::FIELDS {
        if let Field::Num(n) = f {
            *seen += 1;
            if let Ok(v) = n.parse(text) {
                assert!(
                    v.is_finite() && (n.min..=n.max).contains(&v),
                    "{}: {text:?} read as {v}",
                    n.key
                );
                assert!(
                    !n.whole || v.fract() == 0.0,
                    "{}: {text:?} read as {v}",
                    n.key
                );
            }
        }
    }
}

/// A save written by the schema-1 build, edited by the property above.
const V1: &str = include_str!("../fixtures/v1-scenario.json");

/// JSON values that are out of place almost anywhere: numbers past every range, of the wrong
/// kind or sign, strings, nulls, lists and objects.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        proptest::sample::select(vec![
            json!(u64::MAX),
            json!(i64::MIN),
            json!(-1),
            json!(0),
            json!(1),
            json!(9_007_199_254_740_993_u64),
            json!(4_294_967_296_u64),
            json!(1e308),
            json!(-1e308),
            json!(f64::MIN_POSITIVE),
            json!(0.5),
            json!(1.0),
            json!(-0.0),
            json!("12"),
            json!(""),
            json!("NaN"),
            json!("<b>x</b>"),
            json!(null),
            json!(true),
            json!(false),
            json!([]),
            json!({}),
        ]),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "\\PC{0,20}".prop_map(Value::from),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            proptest::collection::vec(("[a-z_]{1,12}", inner), 0..4)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// Replaces the `at`-th leaf (or object) of `v`, counting depth first.
fn set_leaf(v: &mut Value, at: prop::sample::Index, new: Value) {
    fn count(v: &Value) -> usize {
        1 + match v {
            Value::Object(m) => m.values().map(count).sum(),
            Value::Array(a) => a.iter().map(count).sum(),
            _ => 0,
        }
    }
    fn walk(v: &mut Value, n: &mut usize, new: &mut Option<Value>) {
        if new.is_none() {
            return;
        }
        if *n == 0 {
            *v = new.take().unwrap();
            return;
        }
        *n -= 1;
        match v {
            Value::Object(m) => m.values_mut().for_each(|c| walk(c, n, new)),
            Value::Array(a) => a.iter_mut().for_each(|c| walk(c, n, new)),
            _ => {}
        }
    }
    // Never the root: a save that is not an object is covered by the any-text property.
    let total = count(v);
    let mut n = 1 + at.index(total - 1);
    walk(v, &mut n, &mut Some(new));
}

const CONFIGS: usize = 5;

/// Real-looking configs of five families, to be edited by the property above.
fn config(which: usize) -> Value {
    match which {
        0 => json!({"model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096,
            "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 128256,
            "intermediate_size": 14336, "tie_word_embeddings": false}),
        1 => json!({"model_type": "mixtral", "num_hidden_layers": 32, "hidden_size": 4096,
            "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 32000,
            "intermediate_size": 14336, "num_local_experts": 8, "num_experts_per_tok": 2,
            "sliding_window": 4096}),
        2 => json!({"model_type": "qwen2_moe", "num_hidden_layers": 24, "hidden_size": 2048,
            "num_attention_heads": 16, "num_key_value_heads": 16, "vocab_size": 151936,
            "intermediate_size": 5632, "num_experts": 60, "num_experts_per_tok": 4,
            "moe_intermediate_size": 1408, "shared_expert_intermediate_size": 5632,
            "sliding_window": 32768, "use_sliding_window": true}),
        3 => json!({"model_type": "deepseek_v3", "num_hidden_layers": 61, "hidden_size": 7168,
            "num_attention_heads": 128, "vocab_size": 129280, "intermediate_size": 18432,
            "n_routed_experts": 256, "num_experts_per_tok": 8, "n_shared_experts": 1,
            "moe_intermediate_size": 2048, "first_k_dense_replace": 3, "q_lora_rank": 1536,
            "kv_lora_rank": 512, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64,
            "v_head_dim": 128}),
        _ => json!({"model_type": "gemma2", "num_hidden_layers": 42, "hidden_size": 3584,
            "num_attention_heads": 16, "num_key_value_heads": 8, "head_dim": 256,
            "vocab_size": 256000, "intermediate_size": 14336, "sliding_window": 4096}),
    }
}

/// A key of some config, or any other.
fn config_key() -> impl Strategy<Value = String> {
    let mut known: Vec<String> = (0..CONFIGS)
        .flat_map(|c| {
            config(c)
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect::<Vec<_>>()
        })
        .collect();
    known.extend(["head_dim", "use_sliding_window", "attention_bias"].map(String::from));
    known.sort();
    known.dedup();
    prop_oneof![
        8 => proptest::sample::select(known),
        1 => "[a-z_]{1,20}",
    ]
}

/// A pasted config: refused with words, or read into a model that the memory views take as
/// the page does (a custom shape, no preset, no typed size) and compute finite figures for.
fn check_config(text: &str) {
    match config_json::parse(text) {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(imp) => {
            assert!(MODEL_TYPES.contains(&imp.model_type.as_str()));
            let params = imp.arch.params();
            assert_finite("config params", format!("{params:?}"));
            let mut s = Scenario::default();
            s.memory.model.model = None;
            s.memory.model.arch = imp.arch;
            s.memory.model.params_b = None;
            if validate(s.memory.clone()).is_ok() {
                check_scenario(&s, &[]);
                // The imported shape travels in the link and comes back whole.
                let d = decode(&to_query(&s, &Progress::default()));
                assert!(d.issues.is_empty(), "{:?}", d.issues);
                assert_eq!(d.state.scenario.memory, s.memory);
            }
        }
    }
}

#[test]
fn deeply_nested_json_is_refused_not_overflowed() {
    // serde_json stops at 128 levels; this checks that the page's readers keep that guard.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(config_json::parse(&deep).is_err());
    assert!(from_stored(&format!("{{\"schema\":1,\"scenario\":{deep}}}")).is_err());
}

#[test]
fn a_very_long_link_decodes() {
    // A link of a few megabytes: one value a megabyte long and ten thousand repeated keys.
    let long = format!("lines={}", "instances~1~~x;".repeat(70_000));
    let mut q = long;
    for _ in 0..10_000 {
        q.push_str("&price=1e308&util=NaN");
    }
    let d = decode(&q);
    assert!(d.issues.iter().any(|i| i.key() == "lines"));
    check_decoded(&d);
}

/// A calculator's number fields with the values worth pairing: both limits, and the smallest
/// positive value a field that takes fractions holds (to divide by); whether it is money.
fn limits<T: Calculator>() -> Vec<(&'static str, Vec<f64>, bool)> {
    T::FIELDS
        .iter()
        .filter_map(|f| match f {
            Field::Num(n) => {
                let mut v = vec![n.min, n.max];
                if !n.whole {
                    v.push(n.min.max(1e-300));
                }
                Some((n.key, v, n.kind == NumberKind::Money))
            }
            _ => None,
        })
        .collect()
}

/// Every limit of `a`'s fields against every limit of `b`'s (each pair once when they are the
/// same calculator): corners a random search seldom reaches, such as the longest restart with
/// the shortest time between interruptions. Amounts are tried in dollars at the lowest rate too.
fn corners(a: &[(&'static str, Vec<f64>, bool)], b: &[(&'static str, Vec<f64>, bool)]) -> usize {
    let same = std::ptr::eq(a, b);
    let mut n = 0;
    for (i, (ka, la, ma)) in a.iter().enumerate() {
        for (kb, lb, mb) in b.iter().skip(if same { i + 1 } else { 0 }) {
            for va in la {
                for vb in lb {
                    // Without the switch and link checks of the properties: thousands of corners.
                    let q = format!("{ka}={va}&{kb}={vb}");
                    let d = decode(&q);
                    check_valid(&d.state.scenario, &d.issues);
                    if *ma || *mb {
                        let d = decode(&format!("{q}&cur=USD&fx=0.01"));
                        check_valid(&d.state.scenario, &d.issues);
                    }
                    n += 1;
                }
            }
        }
    }
    n
}

#[test]
fn every_pair_of_limits() {
    let rent_buy = limits::<RentBuyInputs>();
    let memory = limits::<MemoryInputs>();
    let serving = limits::<ServingInputs>();
    let mut n = 0;
    for own in [
        &rent_buy,
        &memory,
        &limits::<SpotInputs>(),
        &limits::<BillingInputs>(),
        &serving,
    ] {
        n += corners(own, own);
    }
    // The serving view reads the memory views' model and card and the owning cost.
    n += corners(&serving, &memory) + corners(&serving, &rent_buy);
    assert!(n > 5000, "{n}");
}

#[test]
fn a_currency_switch_keeps_the_largest_amounts_readable() {
    // The largest bill amounts at the lowest rate: converted to dollars they would pass the
    // largest amount a list reads back, and the whole bill would be refused.
    let max = bill::MAX_AMOUNT;
    let d = decode(&format!(
        "lines=instances~{max}~~a;storage~{max}&levers=instances~{max}~1~b&fx=0.01"
    ));
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    check_scenario(&d.state.scenario, &d.issues);
    let mut s = d.state.scenario.clone();
    s.switch_currency(Currency::Usd);
    assert_eq!(s.bill.lines[0].amount, max);
    assert_eq!(s.bill.levers[0].amount, max);
}

// Named scenarios (`calc::library`): a stored entry, the storage index, a name as typed and an
// imported file. Whatever comes in, nothing panics, a refused entry or file says why, and an
// accepted entry has a usable name, a valid scenario and finite key results.

/// A name as someone might type or a file might carry it: the edges of the rules (empty, blank,
/// a comma, a control character, just under and just over the longest name) and any text.
fn name_text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "\\PC{0,40}",
        2 => "[ \t]{0,2}[a-z0-9 ,\u{4e00}-\u{4e20}]{0,12}[ \t\n]{0,2}",
        1 => any::<String>(),
        1 => proptest::sample::select(EDGE).prop_map(str::to_string),
        1 => (NAME_MAX - 2..NAME_MAX + 3, proptest::sample::select(vec!["x", "长", "💥", " "]))
            .prop_map(|(n, c)| c.repeat(n)),
    ]
}

/// An entry's `changed` as text: real times, the edges of a `u64`, and junk.
fn changed_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<u64>().prop_map(|n| n.to_string()),
        proptest::sample::select(vec![
            "0",
            "1764547200000",
            "-1",
            "18446744073709551615",
            "18446744073709551616",
            "1e12",
            "",
            "x",
        ])
        .prop_map(str::to_string),
    ]
}

/// A scenario's link query: hostile values under real keys, as [`pair`] makes them.
fn scenario_query() -> impl Strategy<Value = String> {
    (proptest::collection::vec(pair(), 0..6), any::<bool>())
        .prop_map(|(pairs, raw)| query(&pairs, raw))
}

/// An accepted entry: its name is one [`check_name`] keeps as it is, its scenario is valid with
/// finite key results in its own currency and converted for a comparison, every refused value is
/// named and worded, and what storage would keep of it reads back and is kept the same again.
fn check_opened(o: &Opened) {
    assert_eq!(
        check_name(&o.saved.name).as_ref(),
        Ok(&o.saved.name),
        "an accepted entry's name"
    );
    check_valid(&o.saved.scenario, &o.issues);
    assert_finite(
        "summary",
        format!("{:?}", library::summary(&o.saved.scenario)),
    );
    // A comparison converts every scenario to the first one's currency.
    let mut first = Scenario::default();
    if o.saved.scenario.currency == first.currency {
        first.switch_currency(Currency::Usd);
    }
    for s in library::in_one_currency(&[&first, &o.saved.scenario]) {
        assert_finite(
            "summary in another currency",
            format!("{:?}", library::summary(&s)),
        );
    }
    // Stored as the link writes it (numbers rounded the way a link rounds them), it reads back
    // without a problem and is stored the same again: saving never drifts.
    let stored = to_entry(&o.saved);
    let back = from_entry(&stored).unwrap_or_else(|e| panic!("{stored}: {e}"));
    assert!(back.issues.is_empty(), "{stored}: {:?}", back.issues);
    assert_eq!(back.saved.name, o.saved.name);
    assert_eq!(to_entry(&back.saved), stored);
}

fn check_entry(text: &str) {
    match from_entry(text) {
        Ok(o) => check_opened(&o),
        Err(e) => assert!(!e.to_string().trim().is_empty(), "{e:?} has no words"),
    }
}

/// A file read: refused with words, or each of its entries either accepted (and checked) or
/// refused with its place and a worded reason. `entries` is how many the file lists, when known.
fn check_import(text: &str, name: &str, entries: Option<usize>) {
    match import(text, name) {
        Err(e) => assert!(!e.to_string().trim().is_empty(), "{e:?} has no words"),
        Ok(got) => {
            let mut last = 0;
            for r in &got.refused {
                assert!(
                    r.place > last,
                    "refused places out of order: {:?}",
                    got.refused
                );
                last = r.place;
                assert!(
                    !r.reason.to_string().trim().is_empty(),
                    "a refusal without words: {r:?}"
                );
            }
            for o in &got.entries {
                check_opened(o);
            }
            if let Some(n) = entries {
                assert_eq!(
                    got.entries.len() + got.refused.len(),
                    n,
                    "every entry accounted for"
                );
                assert!(last <= n);
            }
        }
    }
}

/// One entry of a file: the shape the export writes (with any name, time and query), or any
/// JSON value at all.
fn file_entry() -> impl Strategy<Value = Value> {
    let changed = prop_oneof![
        3 => any::<u64>().prop_map(Value::from),
        1 => json_value(),
    ];
    prop_oneof![
        4 => (name_text(), changed, scenario_query())
            .prop_map(|(n, c, q)| json!({"name": n, "changed": c, "query": q})),
        1 => (json_value(), scenario_query()).prop_map(|(n, q)| json!({"name": n, "query": q})),
        1 => json_value(),
    ]
}

/// A file shaped like the export, each part now and then replaced by any JSON value or left out.
/// Also says how many entries it lists, when it is one of ours with a list.
fn export_shaped() -> impl Strategy<Value = (String, Option<usize>)> {
    let kind = prop_oneof![6 => Just(json!("scenarios")), 1 => json_value()];
    let schema = prop_oneof![
        3 => Just(json!(2)),
        1 => proptest::sample::select(vec![json!(1), json!(0), json!(3), json!(-1), json!(2.5), json!("2")]),
        1 => json_value(),
    ];
    let list = prop_oneof![
        6 => proptest::collection::vec(file_entry(), 0..5).prop_map(Value::from),
        1 => json_value(),
    ];
    let exported = prop_oneof![any::<u64>().prop_map(Value::from), json_value()];
    (kind, schema, exported, list, any::<[bool; 4]>()).prop_map(
        |(kind, schema, exported, list, keep)| {
            let mut m = serde_json::Map::new();
            for (k, v, keep) in [
                ("gpuplan", kind, keep[0]),
                ("schema", schema, keep[1]),
                ("exported", exported, keep[2]),
                ("scenarios", list, keep[3]),
            ] {
                if keep {
                    m.insert(k.into(), v);
                }
            }
            let v = Value::Object(m);
            // Known only for a file the reader takes as ours (its own kind and a schema it reads),
            // and not taken for a single save (which has both `scenario` and `schema`).
            let ours = v.get("gpuplan").and_then(Value::as_str) == Some("scenarios")
                && v.get("schema").and_then(Value::as_u64).unwrap_or(0) <= 2;
            let n = v
                .get("scenarios")
                .and_then(Value::as_array)
                .filter(|_| ours)
                .map(Vec::len);
            (v.to_string(), n)
        },
    )
}

/// A real export of up to four scenarios: the guide's examples and scenarios read from hostile
/// links, under names the library gave them.
fn valid_export() -> impl Strategy<Value = String> {
    let ids: Vec<&str> = presets::EXAMPLES.iter().map(|e| e.id).collect();
    (
        proptest::sample::subsequence(ids, 0..=3),
        proptest::collection::vec(scenario_query(), 0..2),
        any::<u64>(),
    )
        .prop_map(|(examples, queries, now)| {
            let mut list: Vec<Saved> = Vec::new();
            let mut add = |name: &str, scenario: Scenario| {
                let name = unique_name(name, |n| list.iter().any(|s| s.name == n));
                list.push(Saved {
                    name,
                    changed: now / 2,
                    scenario,
                    progress: Progress::default(),
                });
            };
            for id in examples {
                let mut s = Scenario::default();
                presets::apply(presets::example(id).expect("an example"), &mut s);
                add(id, s);
            }
            for q in queries {
                add("from a link", decode(&q).state.scenario);
            }
            export(&list, now)
        })
}

/// Damage as a file may suffer: cut short, a stretch lost, junk put in.
#[derive(Debug, Clone)]
enum Damage {
    Cut(prop::sample::Index),
    Lose(prop::sample::Index, usize),
    Insert(prop::sample::Index, String),
}

fn damage() -> impl Strategy<Value = Damage> {
    let junk = prop_oneof![
        proptest::sample::select(vec![
            "\"",
            "\\",
            ",",
            "{",
            "}",
            "[",
            "]",
            ":",
            "null",
            "\u{feff}",
            "&",
            "=",
            "%",
            "%ZZ",
            "&name=x",
            "&schema=9",
            "&price=NaN",
        ])
        .prop_map(str::to_string),
        "\\PC{0,8}",
    ];
    prop_oneof![
        1 => any::<prop::sample::Index>().prop_map(Damage::Cut),
        2 => (any::<prop::sample::Index>(), 1usize..20).prop_map(|(at, n)| Damage::Lose(at, n)),
        3 => (any::<prop::sample::Index>(), junk).prop_map(|(at, s)| Damage::Insert(at, s)),
    ]
}

fn apply_damage(text: &mut String, d: &Damage) {
    let boundaries: Vec<usize> = text
        .char_indices()
        .map(|(n, _)| n)
        .chain([text.len()])
        .collect();
    let at = |i: &prop::sample::Index| boundaries[i.index(boundaries.len())];
    match d {
        Damage::Cut(i) => text.truncate(at(i)),
        Damage::Lose(i, n) => {
            let from = at(i);
            let to = boundaries
                .iter()
                .copied()
                .find(|&b| b >= from + n)
                .unwrap_or(text.len());
            text.replace_range(from..to, "");
        }
        Damage::Insert(i, s) => text.insert_str(at(i), s),
    }
}

/// The `query` of an export's entries, for the property that rewrites them.
fn entry_queries(v: &mut Value) -> Vec<&mut Value> {
    v.get_mut("scenarios")
        .and_then(Value::as_array_mut)
        .map(|l| l.iter_mut().filter_map(|e| e.get_mut("query")).collect())
        .unwrap_or_default()
}

proptest! {
    #[test]
    fn any_text_as_a_name(text in prop_oneof![name_text(), any::<String>()]) {
        match check_name(&text) {
            Ok(name) => {
                prop_assert_eq!(name.as_str(), text.trim());
                prop_assert!((1..=NAME_MAX).contains(&name.chars().count()));
                prop_assert!(!name.contains(',') && !name.chars().any(char::is_control));
                prop_assert_eq!(check_name(&name), Ok(name.clone()));
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }

    #[test]
    fn any_text_as_the_index(text in prop_oneof![
        any::<String>(),
        "[0-9, x-]{0,60}",
        proptest::collection::vec(any::<u64>(), 0..12).prop_map(|ids| to_index(&ids)),
    ]) {
        let ids = from_index(&text);
        let mut seen = ids.clone();
        seen.sort_unstable();
        seen.dedup();
        prop_assert_eq!(seen.len(), ids.len(), "an id listed twice: {:?}", ids);
        prop_assert_eq!(from_index(&to_index(&ids)), ids);
    }

    #[test]
    fn any_text_as_an_entry(text in prop_oneof![
        any::<String>(),
        "name=\\PC{0,20}&\\PC{0,100}",
        scenario_query().prop_map(|q| format!("name=x&schema=2&{q}")),
    ]) {
        check_entry(&text);
    }

    #[test]
    fn hostile_entries(
        name in proptest::option::weighted(0.9, name_text()),
        changed in proptest::option::weighted(0.8, changed_text()),
        schema in proptest::option::weighted(
            0.9,
            proptest::sample::select(vec!["2", "1", "0", "3", "", "x", "-1", "4294967296"]),
        ),
        pairs in proptest::collection::vec(pair(), 0..12),
        raw in any::<bool>(),
    ) {
        let mut all: Vec<(String, String)> = [("name", name), ("changed", changed), ("schema", schema.map(str::to_string))]
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k.to_string(), v)))
            .collect();
        all.extend(pairs);
        check_entry(&query(&all, raw));
    }

    #[test]
    fn any_text_as_a_file(
        text in prop_oneof![
            any::<String>(),
            "\\{\\PC{0,200}",
            json_value().prop_map(|v| v.to_string()),
            // A single save: a stored query, or schema 1's object.
            scenario_query().prop_map(|q| format!("schema=2&{q}")),
            json_value().prop_map(|v| json!({"schema": 1, "scenario": v}).to_string()),
        ],
        name in name_text(),
    ) {
        check_import(&text, &name, None);
    }

    #[test]
    fn files_shaped_like_the_export((text, entries) in export_shaped(), name in name_text()) {
        check_import(&text, &name, entries);
    }

    #[test]
    fn a_valid_export_reads_whole(file in valid_export()) {
        let n = serde_json::from_str::<Value>(&file).unwrap()["scenarios"].as_array().unwrap().len();
        let got = import(&file, "unused").expect("our own file");
        prop_assert!(got.refused.is_empty(), "{:?}", got.refused);
        prop_assert_eq!(got.entries.len(), n);
        for o in &got.entries {
            prop_assert!(o.issues.is_empty(), "{:?}", o.issues);
            check_opened(o);
        }
    }

    #[test]
    fn mutated_exports(
        file in valid_export(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), json_value()), 0..4),
        queries in proptest::collection::vec(scenario_query(), 0..3),
        damage in proptest::collection::vec(damage(), 0..4),
        name in name_text(),
    ) {
        let mut v: Value = serde_json::from_str(&file).unwrap();
        // Hostile queries in place of the entries' own.
        for (q, new) in entry_queries(&mut v).into_iter().zip(queries) {
            *q = Value::from(new);
        }
        for (at, value) in edits {
            set_leaf(&mut v, at, value);
        }
        let mut text = v.to_string();
        for d in &damage {
            apply_damage(&mut text, d);
        }
        check_import(&text, &name, None);
    }
}
