//! The charts drawn natively into SVG: they must draw without error for the guide's example and
//! for edge cases, and show the marks the page promises (U*, the chosen value, payback).

use gpuplan::calc::rent_buy::{rent_buy, RentBuyInputs};
use gpuplan::calc::sensitivity::{break_even_vs_price, cost_vs_util, cumulative};
use gpuplan::calc::table::{validate, Valid};
use gpuplan::calc::units::{Currency, Ratio};
use gpuplan::charts::{draw_break_even_vs_price, draw_cost_vs_util, draw_cumulative, ChartText};
use plotters::prelude::*;

/// Checks inputs a test builds, failing with the reason when they are refused.
#[track_caller]
fn valid(i: RentBuyInputs) -> Valid<RentBuyInputs> {
    match validate(i) {
        Ok(v) => v,
        Err(e) => panic!("test inputs refused: {e}"),
    }
}

fn text(mark: &str) -> ChartText {
    ChartText {
        x_axis: "x".into(),
        y_axis: "y".into(),
        first: "own".into(),
        second: "rent".into(),
        mark: mark.into(),
        chosen: "chosen".into(),
    }
}

fn svg(draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>)) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (640, 300)).into_drawing_area();
        draw(&root);
    }
    out
}

#[test]
fn cost_chart_labels_the_crossing_and_chosen_utilisation() {
    let i = RentBuyInputs::default();
    let out = svg(|root| {
        draw_cost_vs_util(root, &cost_vs_util(&valid(i.clone())), &text("U* 54.2%")).unwrap()
    });
    assert!(out.contains("U* 54.2%"));
    assert!(out.contains("chosen"));
    assert!(out.contains("polyline"), "lines drawn");
    // A different utilisation moves the chosen mark: the drawing changes.
    let j = RentBuyInputs {
        util: Ratio(0.9),
        ..i
    };
    let out2 =
        svg(|root| draw_cost_vs_util(root, &cost_vs_util(&valid(j)), &text("U* 54.2%")).unwrap());
    assert_ne!(out, out2);
}

#[test]
fn crossing_beyond_full_use_is_not_marked() {
    let i = RentBuyInputs {
        price_per_hour: 30.0,
        ..Default::default()
    };
    let d = cost_vs_util(&valid(i));
    assert!(d.crossing.is_none());
    let out = svg(|root| draw_cost_vs_util(root, &d, &text("MARK")).unwrap());
    assert!(!out.contains("MARK"));
}

#[test]
fn break_even_chart_marks_chosen_price() {
    let i = valid(RentBuyInputs::default());
    let out = svg(|root| {
        draw_break_even_vs_price(root, &break_even_vs_price(&i), &text("120: 54.2%")).unwrap()
    });
    assert!(out.contains("120: 54.2%"));
}

#[test]
fn cumulative_chart_marks_payback_only_when_it_happens() {
    let busy = valid(RentBuyInputs {
        util: Ratio(1.0),
        ..Default::default()
    });
    let r = rent_buy(&busy, Currency::Cny).unwrap();
    let out = svg(|root| draw_cumulative(root, &cumulative(&busy, &r), &text("PAYBACK")).unwrap());
    assert!(out.contains("PAYBACK"));
    let idle = valid(RentBuyInputs::default());
    let r = rent_buy(&idle, Currency::Cny).unwrap();
    let out = svg(|root| draw_cumulative(root, &cumulative(&idle, &r), &text("PAYBACK")).unwrap());
    assert!(!out.contains("PAYBACK"));
}

#[test]
fn zero_costs_still_draw() {
    let i = valid(RentBuyInputs {
        purchase: 0.0,
        hosting_per_month: 0.0,
        ops_per_month: 0.0,
        kwh_price: 0.0,
        util: Ratio(0.0),
        ..Default::default()
    });
    let r = rent_buy(&i, Currency::Cny).unwrap();
    svg(|root| draw_cost_vs_util(root, &cost_vs_util(&i), &text("m")).unwrap());
    svg(|root| draw_break_even_vs_price(root, &break_even_vs_price(&i), &text("m")).unwrap());
    svg(|root| draw_cumulative(root, &cumulative(&i, &r), &text("m")).unwrap());
}

#[test]
fn bar_chart_labels_categories_and_values() {
    use gpuplan::charts::bars::{draw_bars, BarChart};
    let cats = vec!["instances".to_string(), "storage".to_string()];
    let series = vec![
        ("bill".to_string(), vec![14_500.0, 2_200.0]),
        ("after levers".to_string(), vec![14_500.0, 600.0]),
    ];
    let out = svg(|root| {
        draw_bars(
            root,
            &BarChart {
                categories: &cats,
                series: &series,
                y_axis: "CNY",
            },
        )
        .unwrap()
    });
    for label in [
        "instances",
        "storage",
        "after levers",
        "14.5k",
        "600",
        "2.2k",
    ] {
        assert!(out.contains(label), "{label} missing");
    }
    // Four bars, one per category and series.
    assert_eq!(
        out.matches("fill=\"#0F766E\"").count() + out.matches("fill=\"#D97706\"").count(),
        4,
        "{out}"
    );
}
