//! Schema 1's JSON, read by hand since serde left the page, in every shape serde's derived
//! readers took it: structs as objects or arrays, choices by serde's spelling or its tagged form,
//! members missing, unknown or given twice, counts and optional values.

use gpuplan::calc::advisor::Profile;
use gpuplan::calc::bill::Group;
use gpuplan::calc::billing::Granularity;
use gpuplan::calc::memory::arch::AttentionKind;
use gpuplan::calc::memory::dtype::{KvType, WeightType};
use gpuplan::calc::memory::training::Method;
use gpuplan::calc::memory::training_choices::{Optimizer, Precision, Recompute};
use gpuplan::calc::rent_buy::PowerModel;
use gpuplan::calc::scenario::{from_stored, Restored, Scenario, StoreError};
use gpuplan::calc::units::{Currency, Hours};

/// A schema-1 save holding `scenario`.
fn save(scenario: &str) -> String {
    format!(r#"{{"schema": 1, "scenario": {scenario}}}"#)
}

#[track_caller]
fn read(scenario: &str) -> Restored {
    let text = save(scenario);
    match from_stored(&text) {
        Ok(r) => r,
        Err(e) => panic!("{text}: {e}"),
    }
}

/// The reason a save is refused.
#[track_caller]
fn refused(scenario: &str) -> String {
    let text = save(scenario);
    match from_stored(&text) {
        Err(StoreError::Unreadable { reason }) => reason,
        other => panic!("{text} was not refused: {other:?}"),
    }
}

#[test]
fn choices_are_read_as_serde_spelled_them_not_as_links_do() {
    let s = read(
        r#"{"currency": "USD", "rent_buy": {"power_model": "follows-use"},
            "billing": {"granularity": "second1m"},
            "inference": {"arch": {"attention": "sliding-window", "window": 4096},
                          "weights": "fp8-ckpt", "kv": "int8"},
            "training": {"method": "qlora", "optimizer": "adamw8bit", "precision": "mixed-bf16",
                         "recompute": "selective"},
            "advisor": {"profile": "batch"}}"#,
    )
    .scenario;
    assert_eq!(s.currency, Currency::Usd);
    assert_eq!(s.rent_buy.power_model, PowerModel::FollowsUse);
    assert_eq!(s.billing.granularity, Granularity::Second1m);
    assert_eq!(s.memory.model.arch.attention, AttentionKind::SlidingWindow);
    assert_eq!(s.memory.inference.weights, WeightType::Fp8Ckpt);
    assert_eq!(s.memory.inference.kv, KvType::Int8);
    assert_eq!(s.memory.training.method, Method::Qlora);
    assert_eq!(s.memory.training.optimizer, Optimizer::Adamw8bit);
    assert_eq!(s.memory.training.precision, Precision::MixedBf16);
    assert_eq!(s.memory.training.recompute, Recompute::Selective);
    assert_eq!(s.advisor.profile, Profile::Batch);
    // The links' ids, where they differ, and other spellings were never schema 1's.
    for bad in [
        r#"{"rent_buy": {"power_model": "use"}}"#,
        r#"{"billing": {"granularity": "second-1m"}}"#,
        r#"{"inference": {"arch": {"attention": "sliding"}}}"#,
        r#"{"currency": "usd"}"#,
        r#"{"currency": "RMB"}"#,
        r#"{"inference": {"weights": "Q4_K_M"}}"#,
    ] {
        assert!(refused(bad).contains("is not one of"), "{bad}");
    }
}

#[test]
fn a_choice_may_be_its_tagged_form() {
    let s = read(
        r#"{"training": {"method": {"lora": null}},
            "bill": {"lines": [{"label": "x", "group": {"storage": null}, "amount": 5}]}}"#,
    )
    .scenario;
    assert_eq!(s.memory.training.method, Method::Lora);
    assert_eq!(s.bill.lines[0].group, Group::Storage);
    for bad in [
        r#"{"training": {"method": {"lora": 1}}}"#,
        r#"{"training": {"method": {"lora": null, "full": null}}}"#,
        r#"{"training": {"method": {}}}"#,
        r#"{"training": {"method": ["lora"]}}"#,
    ] {
        refused(bad);
    }
}

#[test]
fn a_struct_may_be_an_array_of_its_members_in_order() {
    let s = read(r#"{"rent_buy": [900000, 24], "advisor": ["inference"]}"#).scenario;
    assert_eq!(s.rent_buy.purchase, 900_000.0);
    assert_eq!(s.rent_buy.months, 24.0);
    // The members not given keep their defaults.
    assert_eq!(s.rent_buy.pue, Scenario::default().rent_buy.pue);
    assert_eq!(s.advisor.profile, Profile::Inference);
    assert!(s.advisor.interruptible);
    let s = read(
        r#"{"bill": {"lines": [["GPU", "instances", 10, 80]],
                     "levers": [["off", "other", 20, null, true]]}}"#,
    )
    .scenario;
    assert_eq!(s.bill.lines[0].hours, Some(10.0));
    assert_eq!(s.bill.levers[0].group, Group::Other);
    assert!(refused(r#"{"advisor": ["inference", true, 1]}"#).contains("array of 2"));
    // A bill line or lever as an array gives every member.
    refused(r#"{"bill": {"lines": [["GPU", "instances", 10]]}}"#);
    refused(r#"{"bill": {"levers": [["off", "other", 20, null]]}}"#);
}

#[test]
fn members_unknown_are_passed_over_and_one_given_twice_is_refused() {
    let r = read(
        r#"{"rent_buy": {"currency": "USD", "price_per_hour": 150, "later": {"x": [1, "y", null]}},
            "serving": {"runtime": "vllm"}}"#,
    );
    assert!(r.issues.is_empty(), "{:?}", r.issues);
    assert_eq!(r.scenario.rent_buy.price_per_hour, 150.0);
    let reason = refused(r#"{"rent_buy": {"months": 12, "months": 24}}"#);
    assert_eq!(reason, "scenario.rent_buy.months: given twice");
    // An unknown name twice is passed over twice.
    read(r#"{"rent_buy": {"later": 1, "later": 2}}"#);
}

#[test]
fn counts_are_written_whole_and_fit_their_type() {
    let s = read(r#"{"inference": {"ctx": 4096}, "spot": {"kept": 5}, "training": {"zero": 3}}"#)
        .scenario;
    assert_eq!(s.memory.inference.ctx, 4096);
    assert_eq!(s.spot.kept, 5);
    assert_eq!(s.memory.training.zero, 3);
    for (bad, reason) in [
        (
            r#"{"inference": {"ctx": 4096.0}}"#,
            "scenario.inference.ctx: expected a whole number, 0 or more",
        ),
        (
            r#"{"inference": {"ctx": 4.096e3}}"#,
            "scenario.inference.ctx: expected a whole number, 0 or more",
        ),
        (
            r#"{"inference": {"ctx": -1}}"#,
            "scenario.inference.ctx: expected a whole number, 0 or more",
        ),
        (
            r#"{"inference": {"ctx": "4096"}}"#,
            "scenario.inference.ctx: expected a whole number, 0 or more",
        ),
        (
            r#"{"spot": {"kept": 4294967296}}"#,
            "scenario.spot.kept: expected a whole number from 0 to 4294967295",
        ),
        (
            r#"{"training": {"zero": 256}}"#,
            "scenario.training.zero: expected a whole number from 0 to 255",
        ),
    ] {
        assert_eq!(refused(bad), reason, "{bad}");
    }
    // Any other number is a number.
    let s = read(r#"{"spot": {"job": 250}, "rent_buy": {"demand": [400, 6.5e2]}}"#).scenario;
    assert_eq!(s.spot.job, Hours(250.0));
    assert_eq!(s.rent_buy.demand, [Hours(400.0), Hours(650.0)]);
}

#[test]
fn null_only_where_a_value_is_optional() {
    let s = read(r#"{"inference": {"model": null, "params_b": null, "gpu": null}}"#).scenario;
    assert_eq!(s.memory.model.model, None);
    assert_eq!(s.memory.model.params_b, None);
    assert_eq!(s.memory.gpu, Scenario::default().memory.gpu);
    for bad in [
        r#"{"inference": {"ctx": null}}"#,
        r#"{"rent_buy": {"purchase": null}}"#,
        r#"{"rent_buy": null}"#,
        r#"{"checked": null}"#,
        r#"{"currency": null}"#,
    ] {
        refused(bad);
    }
}

#[test]
fn a_bill_lines_and_a_levers_required_members() {
    let s = read(
        r#"{"bill": {"lines": [{"label": "disks", "group": "storage", "amount": 1200}],
                     "levers": [{"label": "snapshots", "amount": 300, "on": false}]}}"#,
    )
    .scenario;
    assert_eq!(s.bill.lines[0].hours, None);
    assert_eq!(s.bill.levers[0].group, Group::Instances);
    assert_eq!(s.bill.levers[0].share, None);
    assert!(!s.bill.levers[0].on);
    assert_eq!(
        refused(r#"{"bill": {"lines": [{"label": "disks", "group": "storage"}]}}"#),
        "scenario.bill.lines.0.amount: missing"
    );
    refused(r#"{"bill": {"lines": [{"label": "disks", "amount": 1}]}}"#);
    refused(r#"{"bill": {"levers": [{"label": "x", "amount": 1}]}}"#);
    refused(r#"{"bill": {"levers": [{"amount": 1, "on": true}]}}"#);
}

#[test]
fn text_that_is_not_json_is_refused_with_its_place() {
    let reason = match from_stored("{\"schema\": 1,\n \"scenario\": {]}") {
        Err(StoreError::Unreadable { reason }) => reason,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        reason,
        "not JSON: line 2, column 15: expected a member name in quotes"
    );
    // A newer schema is only said to be newer once the whole save reads.
    assert!(matches!(
        from_stored(r#"{"schema": 3, "scenario": {"spot": {"kept": -1}}}"#),
        Err(StoreError::Unreadable { .. })
    ));
    assert_eq!(
        from_stored(r#"{"schema": 3, "scenario": {"spot": {"kept": 1}}}"#),
        Err(StoreError::TooNew { found: 3 })
    );
}
