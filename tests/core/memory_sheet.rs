//! Each memory view's one core call (`calc::memory_sheet`): the report, the ways out and every
//! chart's series come together and agree with each other, and a way's change, made by the
//! core's `apply`, does what the way says.

use crate::common::assert_close;
use gpuplan::calc::memory::inference::report as inference_report;
use gpuplan::calc::memory::inputs::MemoryInputs;
use gpuplan::calc::memory::training::{report as training_report, training as run_training};
use gpuplan::calc::memory_sheet::{inference, training};
use gpuplan::calc::series::Crossing;
use gpuplan::calc::table::validate;
use gpuplan::calc::training_time::{catalogue_costs, time_report};
use gpuplan::calc::units::Currency;

/// The defaults (a 7B model with a full-width cache, half a MiB a token) serving `conc` sequences of `ctx` tokens on the card `gpu`.
fn serving(gpu: &str, ctx: u64, conc: u64) -> MemoryInputs {
    let mut m = MemoryInputs {
        gpu: gpu.to_string(),
        ..Default::default()
    };
    m.inference.ctx = ctx;
    m.inference.conc = conc;
    m
}

/// A line's value at `x`, read straight between its points.
fn at(pts: &[(f64, f64)], x: f64) -> f64 {
    let k = pts.iter().position(|p| p.0 >= x).unwrap();
    if k == 0 {
        return pts[0].1;
    }
    let (a, b) = (pts[k - 1], pts[k]);
    a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0)
}

#[test]
fn the_inference_sheet_stacks_what_a_card_needs_and_sweeps_through_the_readers_point() {
    let v = validate(serving("rtx-4090", 8192, 8)).unwrap();
    let s = inference(&v, Currency::Usd);
    assert_eq!(s.report, inference_report(&v));
    // The stack adds up to what a card needs, against the card's memory.
    let total: f64 = s.stack.parts.iter().sum();
    assert_close(total, s.required.as_gib(), 1e-9);
    assert_close(s.stack.capacity, s.capacity.as_gib(), 1e-12);
    assert_eq!(s.stack.parts.len(), 4);
    // A quarter, one and four times the context; the reader's line passes through their point.
    let ctxs: Vec<Option<u64>> = s.sweep.lines.iter().map(|l| l.0).collect();
    assert_eq!(ctxs, [Some(2048), Some(8192), Some(32768)]);
    assert_eq!(s.sweep.at.0, 8.0);
    assert_close(at(&s.sweep.lines[1].1, 8.0), s.sweep.at.1, 1e-9);
    assert_close(s.sweep.at.1, s.required.as_gib(), 1e-12);
    assert_eq!(s.sweep.x_max, 16.0);
    assert_eq!(s.card_name, "GeForce RTX 4090 24 GB");
}

#[test]
fn the_inference_line_passes_the_card_where_the_most_sequences_run_out() {
    // 7B in 16 bits on a 24 GB card at 4k tokens: a few sequences fit, sixteen do not.
    let v = validate(serving("rtx-4090", 4096, 2)).unwrap();
    let s = inference(&v, Currency::Usd);
    assert!(
        s.max_concurrency >= 1 && s.max_concurrency < 16,
        "{}",
        s.max_concurrency
    );
    let Crossing::At(x) = s.sweep.limit else {
        panic!("{:?}", s.sweep.limit)
    };
    // Memory grows straight with the sequences, so the line crosses at usable / one sequence,
    // whose whole part is the report's most sequences.
    assert_eq!(x.floor() as u64, s.max_concurrency);
}

#[test]
fn a_short_context_keeps_only_the_lines_of_at_least_one_token() {
    let v = validate(serving("h100-sxm", 2, 1)).unwrap();
    let s = inference(&v, Currency::Usd);
    let ctxs: Vec<Option<u64>> = s.sweep.lines.iter().map(|l| l.0).collect();
    assert_eq!(ctxs, [Some(2), Some(8)]);
    assert_eq!(s.sweep.limit, Crossing::Never);
}

#[test]
fn each_inference_way_applied_makes_the_load_fit() {
    // 7B at 4k tokens, 32 sequences, on a 24 GB card: it does not fit.
    let m = serving("rtx-4090", 4096, 32);
    let s = inference(&validate(m.clone()).unwrap(), Currency::Usd);
    assert!(!s.fits);
    let mut tried = 0;
    for kind in ["tp", "card", "format", "fewer"] {
        let offered = match kind {
            "tp" => s.ways.tp.is_some(),
            "card" => s.ways.card.is_some(),
            "format" => s.ways.format.is_some(),
            _ => s.ways.sequences >= 1,
        };
        if !offered {
            continue;
        }
        let mut changed = m.clone();
        s.ways.apply(kind, &mut changed);
        assert_ne!(changed, m, "{kind} changed nothing");
        let r = inference_report(&validate(changed).unwrap());
        assert!(
            r.fits,
            "{kind} does not fit: {} > {}",
            r.required.0, r.capacity.0
        );
        tried += 1;
    }
    assert!(tried >= 2, "only {tried} ways");
    // A kind the ways do not name changes nothing.
    let mut same = m.clone();
    s.ways.apply("nope", &mut same);
    assert_eq!(same, m);
}

#[test]
fn the_training_sheet_stacks_the_total_and_sweeps_through_the_chosen_length() {
    let v = validate(MemoryInputs::default()).unwrap();
    let s = training(&v, Currency::Usd);
    assert_eq!(s.report, training_report(&v));
    let total: f64 = s.stack.parts.iter().sum();
    assert_close(total, s.total.as_gib(), 1e-9);
    assert_eq!(s.stack.parts.len(), 6);
    assert_eq!(s.sweep.lines.len(), 1);
    let (label, pts) = &s.sweep.lines[0];
    assert_eq!(*label, None);
    // The line holds the chosen length itself, at the report's total.
    let seq = v.training.seq as f64;
    let here = pts.iter().find(|p| p.0 == seq).unwrap();
    assert_close(here.1, s.total.as_gib(), 1e-12);
    assert_eq!(s.sweep.at, (seq, s.total.as_gib()));
    assert_eq!(s.sweep.x_max, pts.last().unwrap().0);
    // The job's time and its costs, in the currency asked.
    let time = time_report(&v);
    assert_eq!(s.time, time);
    assert_eq!(s.costs, catalogue_costs(&time, &v.gpu, Currency::Usd));
    let cny = training(&v, Currency::Cny);
    assert_eq!(cny.costs, catalogue_costs(&time, &v.gpu, Currency::Cny));
    assert_eq!(cny.report, s.report);
}

#[test]
fn the_training_line_passes_the_card_between_a_length_that_fits_and_one_that_does_not() {
    let mut m = MemoryInputs {
        gpu: "rtx-4090".to_string(),
        ..Default::default()
    };
    m.training.method = gpuplan::calc::memory::training::Method::Qlora;
    m.training.seq = 16384;
    let v = validate(m.clone()).unwrap();
    let s = training(&v, Currency::Usd);
    match s.sweep.limit {
        Crossing::At(x) => {
            let fits = |seq: u64| {
                let mut p = m.clone();
                p.training.seq = seq;
                run_training(&p).unwrap().fits
            };
            // Read straight between two points of the line: within one step of it.
            let step = 2.0 * 16384.0 / 32.0;
            assert!(fits((x - step).max(1.0) as u64), "{x}");
            assert!(!fits((x + step) as u64), "{x}");
        }
        other => panic!("expected a crossing, got {other:?}"),
    }
}

#[test]
fn each_training_way_applied_does_what_it_says() {
    // 7B, full fine-tune on one 24 GB card: it does not fit.
    let m = MemoryInputs {
        gpu: "rtx-4090".to_string(),
        ..Default::default()
    };
    let s = training(&validate(m.clone()).unwrap(), Currency::Usd);
    assert!(!s.fits);
    let after = |kind: &str| {
        let mut changed = m.clone();
        s.ways.apply(kind, &mut changed);
        (
            changed.clone(),
            training_report(&validate(changed).unwrap()),
        )
    };
    if let Some(n) = s.ways.cards {
        let (c, r) = after("cards");
        assert_eq!((c.training.gpus, c.training.zero), (n, s.ways.stage));
        assert!(r.fits);
    }
    let card = s
        .ways
        .card
        .or(s.ways.sharded_card.map(|(id, _)| id))
        .unwrap();
    assert_eq!(after("card").0.gpu, card);
    for (kind, way) in [
        ("recompute", s.ways.recompute),
        ("lora", s.ways.lora),
        ("qlora", s.ways.qlora),
    ] {
        let way = way.unwrap_or_else(|| panic!("{kind} not offered"));
        let r = after(kind).1;
        assert_eq!((r.total, r.fits), (way.total, way.fits), "{kind}");
    }
}
