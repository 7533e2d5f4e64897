use gpuplan::calc::advisor::{
    advise, AdvisorChoice, AdvisorError, AdvisorInputs, Form, Note, Profile, Reason,
};
use gpuplan::calc::billing::{BillingError, RunsError};
use gpuplan::calc::checklists::{is_item, LISTS, TROUBLES};
use gpuplan::calc::choice::Choice;
use gpuplan::calc::field::FieldError;
use gpuplan::calc::link::{decode, encode, Lang};
use gpuplan::calc::scenario::Scenario;
use gpuplan::calc::table::self_check;
use gpuplan::text::texts;
use std::collections::BTreeSet;

/// The view a link without `view` opens; `encode` leaves it out.
const FIRST_VIEW: &str = "rent-buy";

fn inputs(profile: Profile) -> AdvisorInputs {
    AdvisorInputs {
        profile,
        interruptible: true,
        has_checkpoints: true,
        data_gb: 50.0,
        run_hours: 100.0,
        cards: 1,
        tier_gb: Some(24.0),
    }
}

fn fits(i: &AdvisorInputs) -> Vec<&'static str> {
    advise(i)
        .verdicts
        .iter()
        .filter(|v| v.fits)
        .map(|v| v.form.id())
        .collect()
}

/// The guide's rule: training without checkpoint-resume never goes on spot; with it, it may.
#[test]
fn no_spot_for_training_without_checkpoints() {
    let mut i = inputs(Profile::Training);
    assert!(fits(&i).contains(&"spot"));
    i.has_checkpoints = false;
    let r = advise(&i);
    let spot = r.verdicts.iter().find(|v| v.form == Form::Spot).unwrap();
    assert!(!spot.fits);
    assert_eq!(spot.reason, Reason::NoCheckpoints);
}

#[test]
fn multi_card_training_needs_a_whole_machine() {
    let mut i = inputs(Profile::Training);
    i.cards = 8;
    assert_eq!(fits(&i), ["whole-machine", "spot"]);
    assert!(advise(&i).notes.contains(&Note::WeakInterconnect));
    let whole = advise(&i).verdicts[0].clone();
    assert_eq!(whole.form, Form::WholeMachine);
    assert_eq!(whole.reason, Reason::SpansCards { cards: 8 });
    i.cards = 1;
    assert_eq!(fits(&i), ["per-card", "container", "spot"]);
}

#[test]
fn services_are_not_interrupted_and_short_batch_skips_whole_machines() {
    let mut i = inputs(Profile::Inference);
    i.interruptible = false;
    assert_eq!(fits(&i), ["per-card", "container"]);
    let mut b = inputs(Profile::Batch);
    b.run_hours = 3.0;
    assert_eq!(fits(&b), ["per-card", "container", "spot", "managed"]);
    assert_eq!(advise(&b).notes[0], Note::ObjectStorage { data_gb: 50.0 });
    assert_eq!(
        advise(&b).verdicts[0].reason,
        Reason::ShortBatchRuns { run_hours: 3.0 }
    );
    b.data_gb = 5.0;
    assert!(!advise(&b)
        .notes
        .iter()
        .any(|n| matches!(n, Note::ObjectStorage { .. })));
}

/// The advisor reads the other views: the guide's 7B full fine-tune (112 GB of states) needs more
/// than one 80 GB card, so training fits a whole machine only.
#[test]
fn advisor_reads_memory_and_spot_views() {
    let s = Scenario::default();
    let a = s.advisor_inputs();
    assert_eq!(a.profile, Profile::Training);
    assert!(a.cards >= 2, "{a:?}");
    // Each of those cards is the chosen 80 GB card, not one card holding everything.
    assert_eq!(a.tier_gb, Some(80.0));
    assert_eq!(a.run_hours, 100.0);
    assert!(a.has_checkpoints);
}

/// Every list, item and troubleshooting row is worded in both languages (the locale files'
/// `[lists.<list>]` and `[trouble.<row>]`).
#[test]
fn checklist_ids_are_unique_and_both_languages_written() {
    let mut seen = BTreeSet::new();
    for lang in [Lang::En, Lang::Zh] {
        let t = texts(lang);
        for l in LISTS {
            let title = t.lists.get(&format!("{}.title", l.id));
            assert!(title.is_some_and(|s| !s.is_empty()), "{lang:?} {}", l.id);
            for i in l.items {
                let text = t.lists.get(&format!("{}.{}", l.id, i.id));
                assert!(text.is_some_and(|s| !s.is_empty()), "{lang:?} {}", i.id);
            }
        }
        for row in TROUBLES {
            for part in ["symptom", "cause", "check"] {
                let text = t.trouble.get(&format!("{row}.{part}"));
                assert!(text.is_some_and(|s| !s.is_empty()), "{lang:?} {row}.{part}");
            }
        }
    }
    for l in LISTS {
        for i in l.items {
            assert!(seen.insert(i.id), "duplicate {}", i.id);
            assert!(is_item(i.id));
        }
    }
    assert_eq!(
        BTreeSet::from_iter(TROUBLES).len(),
        TROUBLES.len(),
        "duplicate troubleshooting row"
    );
    assert_eq!(
        LISTS
            .iter()
            .find(|l| l.id == "release")
            .unwrap()
            .items
            .len(),
        5
    );
    assert_eq!(
        LISTS.iter().find(|l| l.id == "rules").unwrap().items.len(),
        5
    );
    assert_eq!(
        LISTS.iter().find(|l| l.id == "before").unwrap().items.len(),
        3
    );
    assert!(TROUBLES.len() >= 10);
    assert!(!is_item("nope"));
}

#[test]
fn running_keys_round_trip_and_bad_ones_are_reported() {
    let q = "view=billing&runs=10m,25m,3h&granularity=hour&run_price=12&xregion=1&profile=batch&interruptible=0&checked=env-smi,rel-copy&lines=storage~300~~disks&levers=storage~50%25~1~prune";
    let d = decode(q);
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    let s = &d.state.scenario;
    assert_eq!(s.billing.runs.len(), 3);
    assert_eq!(s.billing.price, 12.0);
    assert!(s.billing.cross_region);
    assert_eq!(s.advisor.profile, Profile::Batch);
    assert_eq!(d.state.progress.checked.len(), 2);
    assert_eq!(s.bill.lines.len(), 1);
    assert_eq!(s.bill.levers[0].share, Some(0.5));
    assert_eq!(decode(&encode(&d.state, FIRST_VIEW)).state, d.state);
    let bad = decode(
        "runs=10x&granularity=week&checked=env-smi,bogus&lines=cars~1&profile=gpu&interruptible=2",
    );
    let keys: Vec<_> = bad.issues.iter().map(|e| e.key()).collect();
    assert_eq!(
        keys,
        [
            "runs",
            "granularity",
            "checked",
            "lines",
            "profile",
            "interruptible"
        ]
    );
    // Each problem is the calculator's own error, with its details.
    assert_eq!(
        bad.issues[0].error::<BillingError>(),
        Some(&BillingError::Runs(RunsError::BadUnit {
            item: 1,
            raw: "10x".into(),
            unit: "x".into()
        }))
    );
    assert!(matches!(
        bad.issues[1].error::<BillingError>(),
        Some(BillingError::Field(FieldError::NotAChoice { allowed, .. }))
            if allowed == &["second-1m", "second-1h", "hour", "day"]
    ));
    assert!(matches!(
        bad.issues[4].error::<AdvisorError>(),
        Some(AdvisorError::Field(FieldError::NotAChoice {
            key: "profile",
            ..
        }))
    ));
    assert!(matches!(
        bad.issues[5].error::<AdvisorError>(),
        Some(AdvisorError::Field(FieldError::NotAFlag {
            key: "interruptible",
            ..
        }))
    ));
    // Known ids survive beside unknown ones.
    assert!(bad.state.progress.checked.contains("env-smi"));
    assert_eq!(
        bad.state.scenario.billing.runs,
        Scenario::default().billing.runs
    );
}

/// The field table: keys unique, the defaults valid, every default written and read back whole.
#[test]
fn advisor_table_checks_itself() {
    assert_eq!(self_check::<AdvisorChoice>(), Ok(()));
}

/// Profiles and supply forms keep the ids links and the page already use.
#[test]
fn profile_and_form_ids_are_kept() {
    assert_eq!(Profile::ids(), ["training", "inference", "batch"]);
    assert_eq!(
        Form::ids(),
        ["whole-machine", "per-card", "container", "spot", "managed"]
    );
    assert_eq!(Form::from_id("per-card"), Some(Form::PerCard));
}

mod round_trip {
    use super::FIRST_VIEW;
    use gpuplan::calc::bill::{BillLine, Group, Lever};
    use gpuplan::calc::billing::Granularity;
    use gpuplan::calc::checklists::LISTS;
    use gpuplan::calc::choice::Choice;
    use gpuplan::calc::link::{decode, encode, LinkState};
    use gpuplan::calc::units::Hours;
    use proptest::prelude::*;

    fn group() -> impl Strategy<Value = Group> {
        (0usize..4).prop_map(|g| Group::ALL[g])
    }

    fn label() -> impl Strategy<Value = String> {
        "[a-z0-9][a-z0-9 ,.%-]{0,14}[a-z]"
    }

    fn arb() -> impl Strategy<Value = LinkState> {
        let ids: Vec<&'static str> = LISTS.iter().flat_map(|l| l.items).map(|i| i.id).collect();
        (
            proptest::collection::vec(0u32..1_000_000, 0..6),
            0usize..4,
            (0u32..100_000, 0u32..100_000, any::<bool>()),
            proptest::collection::vec(
                (
                    label(),
                    group(),
                    proptest::option::of(0u32..100_000),
                    0u32..10_000_000,
                ),
                0..5,
            ),
            proptest::collection::vec(
                (
                    label(),
                    group(),
                    0u32..1_000_000,
                    proptest::option::of(0u32..=100),
                    any::<bool>(),
                ),
                0..5,
            ),
            proptest::sample::subsequence(ids, 0..6),
            (0usize..3, any::<bool>()),
        )
            .prop_map(
                |(runs, g, (price, data, xregion), lines, levers, checked, (p, interruptible))| {
                    let mut s = LinkState {
                        view: "bill".into(),
                        ..Default::default()
                    };
                    let sc = &mut s.scenario;
                    sc.billing.runs = runs.iter().map(|r| Hours(*r as f64 / 3600.0)).collect();
                    sc.billing.granularity = Granularity::ALL[g];
                    sc.billing.price = price as f64 / 100.0;
                    sc.billing.data_gb = data as f64 / 10.0;
                    sc.billing.cross_region = xregion;
                    sc.bill.lines = lines
                        .into_iter()
                        .map(|(label, group, hours, amount)| BillLine {
                            label,
                            group,
                            hours: hours.map(|h| h as f64 / 10.0),
                            amount: amount as f64 / 100.0,
                        })
                        .collect();
                    sc.bill.levers = levers
                        .into_iter()
                        .map(|(label, group, amount, share, on)| Lever {
                            label,
                            group,
                            amount: if share.is_some() {
                                0.0
                            } else {
                                amount as f64 / 100.0
                            },
                            share: share.map(|p| p as f64 / 100.0),
                            on,
                        })
                        .collect();
                    sc.advisor.profile = gpuplan::calc::advisor::Profile::ALL[p];
                    sc.advisor.interruptible = interruptible;
                    s.progress.checked = checked.into_iter().map(str::to_string).collect();
                    s
                },
            )
    }

    proptest! {
        #[test]
        fn running_link_round_trips(s in arb()) {
            let q = encode(&s, FIRST_VIEW);
            let d = decode(&q);
            prop_assert!(d.issues.is_empty(), "{q}: {:?}", d.issues);
            prop_assert_eq!(d.state, s, "{}", q);
        }
    }
}
