//! Named scenarios: entries, the export file, imports, merges, and the comparison.

use gpuplan::calc::library::{
    check_name, compare, diff, export, from_entry, from_index, import, may_overwrite, merge,
    summary, to_entry, to_index, unique_name, Better, Clash, EntryError, FileError, Metric,
    NameError, Saved,
};
use gpuplan::calc::presets;
use gpuplan::calc::rent_buy::Verdict;
use gpuplan::calc::scenario::{to_stored, Progress, Scenario, StoreError, Visit};
use gpuplan::calc::table::{validate, Calculator, Field};
use gpuplan::calc::units::Currency;
use proptest::prelude::*;

/// A save written by the schema-1 build, kept as it was.
const V1_FIXTURE: &str = include_str!("../fixtures/v1-scenario.json");

fn saved(name: &str, changed: u64, s: Scenario) -> Saved {
    Saved {
        name: name.into(),
        changed,
        scenario: s,
        progress: Progress::default(),
    }
}

fn example(id: &str) -> Scenario {
    let mut s = Scenario::default();
    presets::apply(presets::example(id).expect("a preset"), &mut s);
    s
}

#[test]
fn names_are_trimmed_and_checked() {
    assert_eq!(check_name("  8 x H100 "), Ok("8 x H100".into()));
    assert_eq!(check_name("租 8 卡，三年"), Ok("租 8 卡，三年".into()));
    assert_eq!(check_name("   "), Err(NameError::Empty));
    assert_eq!(check_name("a,b"), Err(NameError::Comma));
    assert_eq!(check_name("a\nb"), Err(NameError::Control));
    let long = "长".repeat(81);
    assert_eq!(
        check_name(&long),
        Err(NameError::TooLong { max: 80, len: 81 })
    );
}

#[test]
fn a_taken_name_gets_the_next_free_number() {
    let taken = ["alpha", "alpha (2)"];
    assert_eq!(unique_name("beta", |n| taken.contains(&n)), "beta");
    assert_eq!(unique_name("alpha", |n| taken.contains(&n)), "alpha (3)");
    // Even at the longest name, the suffix fits.
    let long = "x".repeat(80);
    let got = unique_name(&long, |n| n == long);
    assert!(got.ends_with(" (2)") && got.chars().count() <= 80, "{got}");
}

#[test]
fn an_entry_reads_back_with_its_name_and_time() {
    let mut s = example("lora-7b");
    s.rent_buy.price_per_hour = 95.5;
    let mut p = Progress::default();
    p.checked.insert("env-smi".into());
    let e = Saved {
        name: "LoRA & 4090 = 便宜?".into(),
        changed: 1_764_547_200_123,
        scenario: s,
        progress: p,
    };
    let back = from_entry(&to_entry(&e)).expect("readable");
    assert!(back.issues.is_empty(), "{:?}", back.issues);
    assert_eq!(back.saved, e);
}

#[test]
fn a_damaged_entry_is_refused_alone() {
    // No name; a schema from the future; an out-of-range value (kept, reported, defaulted).
    assert_eq!(from_entry("schema=2&price=90"), Err(EntryError::NoName));
    assert_eq!(
        from_entry("name=x&schema=9"),
        Err(EntryError::Store(StoreError::TooNew { found: 9 }))
    );
    assert!(matches!(
        from_entry("name=&schema=2"),
        Err(EntryError::Name(NameError::Empty))
    ));
    let o = from_entry("name=ok&changed=junk&schema=2&price=-5&util=30").expect("usable");
    assert_eq!(o.saved.name, "ok");
    assert_eq!(o.saved.changed, 0);
    assert_eq!(o.issues.len(), 1);
    assert_eq!(o.issues[0].key(), "price");
    assert!((o.saved.scenario.rent_buy.util.0 - 0.3).abs() < 1e-12);
    assert_eq!(
        o.saved.scenario.rent_buy.price_per_hour,
        Scenario::default().rent_buy.price_per_hour
    );
}

#[test]
fn the_index_survives_junk() {
    assert_eq!(from_index("3,1,,x,3, 2"), vec![3, 1, 2]);
    assert_eq!(from_index(&to_index(&[5, 4])), vec![5, 4]);
    assert!(from_index("").is_empty());
}

#[test]
fn export_then_import_gives_every_scenario_back() {
    let list = vec![
        saved("break-even", 1, example("break-even")),
        saved("7B full", 2, example("full-7b")),
        saved("账单", 3, example("bill-21000")),
    ];
    let file = export(&list, 99);
    assert!(file.contains("\"gpuplan\": \"scenarios\""));
    assert!(file.contains("\"schema\": 2"));
    let got = import(&file, "unused").expect("our file");
    assert!(got.refused.is_empty(), "{:?}", got.refused);
    let back: Vec<Saved> = got.entries.into_iter().map(|o| o.saved).collect();
    assert_eq!(back, list);
}

#[test]
fn an_import_reads_the_good_entries_and_names_the_bad_ones() {
    let file = r#"{"gpuplan": "scenarios", "schema": 2, "scenarios": [
        {"name": "good", "changed": 5, "query": "price=80"},
        {"name": "", "query": "price=80"},
        {"query": "price=80"},
        {"name": "not a query", "query": 5},
        {"name": "half", "query": "price=abc&util=40"},
        7
    ]}"#;
    let got = import(file, "unused").expect("our file");
    let names: Vec<&str> = got.entries.iter().map(|o| o.saved.name.as_str()).collect();
    assert_eq!(names, ["good", "half"]);
    assert_eq!(got.entries[0].saved.scenario.rent_buy.price_per_hour, 80.0);
    // The refused value is reported; the rest of that entry is used.
    assert_eq!(got.entries[1].issues[0].key(), "price");
    assert!((got.entries[1].saved.scenario.rent_buy.util.0 - 0.4).abs() < 1e-12);
    let refused: Vec<(usize, Option<&str>)> = got
        .refused
        .iter()
        .map(|r| (r.place, r.name.as_deref()))
        .collect();
    assert_eq!(
        refused,
        [
            (2, Some("")),
            (3, None),
            (4, Some("not a query")),
            (6, None)
        ]
    );
    assert!(matches!(got.refused[1].reason, EntryError::NoName));
    assert!(matches!(got.refused[2].reason, EntryError::NotAnEntry));
    assert!(matches!(got.refused[3].reason, EntryError::NotAnEntry));
}

#[test]
fn files_that_are_not_ours_are_refused_whole() {
    assert!(matches!(
        import("{\"gpuplan\": \"scenarios\",", "x"),
        Err(FileError::NotJson { line: 1, .. })
    ));
    assert_eq!(import("[1, 2]", "x"), Err(FileError::NotOurs));
    assert_eq!(
        import("{\"gpuplan\": \"other\", \"scenarios\": []}", "x"),
        Err(FileError::NotOurs)
    );
    assert_eq!(
        import(
            "{\"gpuplan\": \"scenarios\", \"schema\": 7, \"scenarios\": []}",
            "x"
        ),
        Err(FileError::TooNew { found: 7 })
    );
    assert_eq!(
        import("\u{89}PNG\r\n", "x").map(|_| ()),
        Err(FileError::NotJson { line: 1, column: 1 })
    );
}

#[test]
fn a_saved_state_of_either_schema_imports_as_one_scenario() {
    // Schema 1's JSON object, as the first builds kept it.
    let got = import(V1_FIXTURE, "old save").expect("readable");
    assert_eq!(got.entries.len(), 1, "{:?}", got.refused);
    assert_eq!(got.entries[0].saved.name, "old save");
    // Schema 2's stored query.
    let mut s = Scenario::default();
    s.rent_buy.price_per_hour = 77.0;
    let got = import(&to_stored(&s, &Progress::default()), "copied").expect("readable");
    assert_eq!(got.entries[0].saved.scenario, s);
}

#[test]
fn merging_follows_the_choice_for_each_taken_name() {
    let mut list = vec![
        saved("a", 1, Scenario::default()),
        saved("b", 1, Scenario::default()),
    ];
    let mut cheap = Scenario::default();
    cheap.rent_buy.price_per_hour = 60.0;
    let incoming = vec![
        saved("a", 9, cheap.clone()),
        saved("b", 9, cheap.clone()),
        saved("c", 9, cheap.clone()),
    ];
    let done = merge(&mut list, incoming.clone(), |s| {
        if s.name == "a" {
            Clash::Replace
        } else {
            Clash::Skip
        }
    });
    assert_eq!(done.added, ["c"]);
    assert_eq!(done.replaced, ["a"]);
    assert_eq!(done.skipped, ["b"]);
    assert_eq!(list[0].scenario, cheap);
    assert_eq!(list[1].scenario, Scenario::default());
    // Keep both: the newcomers take free names, and nothing saved changes.
    let before = list.clone();
    let done = merge(&mut list, incoming, |_| Clash::KeepBoth);
    assert_eq!(
        done.renamed,
        [
            ("a".to_string(), "a (2)".to_string()),
            ("b".to_string(), "b (2)".to_string()),
            ("c".to_string(), "c (2)".to_string())
        ]
    );
    assert_eq!(&list[..3], &before[..]);
    assert_eq!(list.len(), 6);
}

#[test]
fn a_newer_save_elsewhere_is_never_overwritten() {
    assert!(may_overwrite(None, None));
    assert!(may_overwrite(Some(5), Some(5)));
    assert!(may_overwrite(Some(5), None));
    assert!(!may_overwrite(Some(5), Some(6)));
    // A new name that another tab has just saved.
    assert!(!may_overwrite(None, Some(1)));
}

#[test]
fn the_summary_reads_each_calculator() {
    let s = summary(&Scenario::default());
    // The guide's figures: owning 46,853.33 a month, break-even 54.2%, renting at 50%.
    assert!(
        (s.own_monthly.amount - 46_853.33).abs() < 0.01,
        "{}",
        s.own_monthly.amount
    );
    assert!((s.break_even.unwrap().0 - 0.5423).abs() < 0.0005);
    assert_eq!(s.verdict, Some(Verdict::Rent));
    let bill = summary(&example("bill-21000"));
    assert!((bill.bill_total.amount - 21_000.0).abs() < 0.01);
}

#[test]
fn the_comparison_marks_the_cheaper_and_leaves_verdicts_unmarked() {
    let a = Scenario::default();
    let mut b = Scenario::default();
    b.rent_buy.price_per_hour = 90.0;
    let rows = compare(&[&a, &b]);
    let row = |m: Metric| rows.iter().find(|r| r.metric == m).unwrap();
    assert_eq!(row(Metric::RentMonthly).best, [1]);
    // Same owning cost in both: nothing to mark.
    assert!(row(Metric::OwnMonthly).best.is_empty());
    assert!(row(Metric::BreakEven).best.is_empty());
    assert!(row(Metric::Verdict).best.is_empty());
    // Renting at 90 an hour breaks even later.
    let be = &row(Metric::BreakEven).values;
    assert!(be[1].unwrap() > be[0].unwrap());
}

/// A saved set of inputs that awaits its hourly rent (a machine picked that rents only by the
/// month) has no verdict in the comparison, no break-even and no renting cost: the figures would
/// stand on the last machine's rent. Its owning cost, on its own quoted price, stays.
#[test]
fn a_scenario_with_an_asked_price_has_no_verdict_in_the_comparison() {
    let a = Scenario::default();
    let mut b = Scenario::default();
    b.rent_buy.ask.price = true;
    let sb = summary(&b);
    assert_eq!(sb.verdict, None);
    assert_eq!(sb.break_even, None);
    let rows = compare(&[&a, &b]);
    let row = |m: Metric| rows.iter().find(|r| r.metric == m).unwrap();
    assert_eq!(row(Metric::Verdict).values, [Some(0.0), None]);
    assert_eq!(row(Metric::BreakEven).values[1], None);
    assert_eq!(row(Metric::RentMonthly).values[1], None);
    assert_eq!(
        row(Metric::OwnMonthly).values[1],
        row(Metric::OwnMonthly).values[0]
    );
    let mut c = Scenario::default();
    c.rent_buy.ask.purchase = true;
    let rows = compare(&[&a, &c]);
    let row = |m: Metric| rows.iter().find(|r| r.metric == m).unwrap();
    assert_eq!(row(Metric::Verdict).values[1], None);
    assert_eq!(row(Metric::OwnMonthly).values[1], None);
}

#[test]
fn the_comparison_is_in_the_first_scenarios_currency() {
    let a = Scenario::default();
    let mut b = Scenario::default();
    b.switch_currency(Currency::Usd);
    let rows = compare(&[&a, &b]);
    for r in &rows {
        let (x, y) = (r.values[0], r.values[1]);
        match (x, y) {
            (Some(x), Some(y)) => assert!((x - y).abs() <= 1e-6 * x.abs().max(1.0), "{:?}", r),
            _ => assert_eq!(x, y),
        }
    }
    // The same situation in another currency: no input differs once both are in yuan.
    assert_eq!(diff(&[&a, &b]), []);
}

#[test]
fn the_diff_lists_only_what_differs() {
    let a = example("full-7b");
    let b = example("lora-7b");
    let d = diff(&[&a, &b]);
    assert!(d.iter().any(|x| x.key == "method"), "{d:?}");
    assert!(diff(&[&a, &a]).is_empty());
    // Three at once: a key set in only one is listed with the others at the default (None).
    let mut c = Scenario::default();
    c.spot.job = gpuplan::calc::units::Hours(50.0);
    let d = diff(&[&Scenario::default(), &Scenario::default(), &c]);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].values[0], None);
    assert!(d[0].values[2].is_some());
}

/// A scenario with `picks` applied: each a calculator, a field and a place in its range; a pick
/// that breaks a rule between fields is left out.
fn scenario_from(picks: &[(usize, usize, f64)]) -> Scenario {
    fn set<T: Calculator>(t: &mut T, index: usize, frac: f64) {
        let mut c = t.clone();
        match &T::FIELDS[index % T::FIELDS.len()] {
            Field::Num(f) => {
                let mut v = f.min + (f.max - f.min) * frac;
                if f.whole {
                    v = v.round();
                }
                // Ten significant digits, as a link keeps them.
                let v: f64 = format!("{v:.10e}").parse().unwrap();
                (f.set)(&mut c, v);
            }
            Field::Choice(f) => {
                let ids = (f.ids)();
                let id = ids[((ids.len() as f64 * frac) as usize).min(ids.len() - 1)];
                (f.set)(&mut c, id);
            }
            Field::Flag(f) => (f.set)(&mut c, frac < 0.5),
            Field::Text(_) => {}
        }
        if validate(c.clone()).is_ok() {
            *t = c;
        }
    }
    struct Pick<'a> {
        s: &'a mut Scenario,
        calc: usize,
        index: usize,
        frac: f64,
    }
    impl Visit for Pick<'_> {
        fn visit<T: Calculator + std::fmt::Debug>(
            &mut self,
            n: usize,
            lens: fn(&mut Scenario) -> &mut T,
        ) {
            if n == self.calc {
                set(lens(self.s), self.index, self.frac);
            }
        }
    }
    let mut s = Scenario::default();
    let count = Scenario::calculator_count();
    for &(calc, index, frac) in picks {
        Scenario::visit_calculators(&mut Pick {
            s: &mut s,
            calc: calc % count,
            index,
            frac,
        });
    }
    s
}

proptest! {
    /// Any scenario, saved under any usable name, comes back from storage and from a file with
    /// every field as it was.
    #[test]
    fn scenarios_round_trip_through_storage_and_files(
        picks in proptest::collection::vec((0usize..64, 0usize..64, 0.0..1.0f64), 0..12),
        name in "[a-zA-Z0-9 一-龥()（），&=%?#+]{1,40}",
        changed in 0u64..4_000_000_000_000,
        usd in any::<bool>(),
    ) {
        let mut s = scenario_from(&picks);
        if usd {
            s.switch_currency(Currency::Usd);
        }
        let Ok(name) = check_name(&name) else { return Ok(()) };
        let e = saved(&name, changed, s);
        let stored = from_entry(&to_entry(&e)).expect("readable");
        prop_assert!(stored.issues.is_empty(), "{:?}", stored.issues);
        let file = import(&export(std::slice::from_ref(&e), 0), "x").expect("our file");
        prop_assert!(file.refused.is_empty(), "{:?}", file.refused);
        for back in [stored.saved, file.entries[0].saved.clone()] {
            prop_assert_eq!(&back.name, &e.name);
            prop_assert_eq!(back.changed, e.changed);
            // Within the link's ten digits, so compared by their link form.
            prop_assert_eq!(
                gpuplan::calc::scenario::to_query(&back.scenario, &back.progress),
                gpuplan::calc::scenario::to_query(&e.scenario, &e.progress)
            );
        }
    }

    /// Whatever the scenarios, the comparison's numbers are finite and the marked ones are the
    /// lowest of their row (the highest where more is better: tokens a second).
    #[test]
    fn comparisons_are_finite_and_mark_the_lowest(
        a in proptest::collection::vec((0usize..64, 0usize..64, 0.0..1.0f64), 0..6),
        b in proptest::collection::vec((0usize..64, 0usize..64, 0.0..1.0f64), 0..6),
    ) {
        let (a, b) = (scenario_from(&a), scenario_from(&b));
        for r in compare(&[&a, &b]) {
            for v in r.values.iter().flatten() {
                prop_assert!(v.is_finite());
            }
            for &n in &r.best {
                let v = r.values[n].unwrap();
                match r.metric.better() {
                    Better::Higher => prop_assert!(r.values.iter().flatten().all(|w| *w <= v * (1.0 + 1e-6) + 1e-9)),
                    _ => prop_assert!(r.values.iter().flatten().all(|w| *w >= v * (1.0 - 1e-6) - 1e-9)),
                }
            }
        }
    }
}

#[test]
fn a_difference_reads_by_its_field() {
    use gpuplan::calc::field::NumberKind;
    use gpuplan::calc::library::{shown, Shown};
    assert_eq!(shown("price", "90"), Shown::Number(NumberKind::Money, 90.0));
    assert_eq!(
        shown("util", "30"),
        Shown::Number(NumberKind::Percent, 30.0)
    );
    assert_eq!(shown("method", "lora"), Shown::Choice("lora"));
    assert_eq!(shown("method", "nope"), Shown::Text("nope".into()));
    assert_eq!(shown("no_such_key", "x"), Shown::Text("x".into()));
}

/// The results that differ come before those the scenarios share, each group in metric order.
#[test]
fn the_comparison_puts_the_results_that_differ_first() {
    let a = Scenario::default();
    let mut b = Scenario::default();
    b.rent_buy.price_per_hour = 90.0;
    let rows = compare(&[&a, &b]);
    let differs = |r: &gpuplan::calc::library::Row| r.values[0] != r.values[1];
    let first_same = rows.iter().position(|r| !differs(r)).unwrap();
    assert!(first_same > 0, "{rows:?}");
    assert!(rows[first_same..].iter().all(|r| !differs(r)), "{rows:?}");
    // Owning is the first metric but the same in both: it follows renting, which differs.
    let at = |m: Metric| rows.iter().position(|r| r.metric == m).unwrap();
    assert_eq!(at(Metric::RentMonthly), 0);
    assert!(at(Metric::OwnMonthly) >= first_same);
    assert_eq!(
        rows.len(),
        <Metric as gpuplan::calc::choice::Choice>::ALL.len()
    );
}
