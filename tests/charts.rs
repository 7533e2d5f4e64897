//! The charts drawn natively into SVG: they must draw without error for the guide's example and
//! for edge cases, and show the marks the page promises (U*, the chosen value, payback).

use gpuplan::calc::rent_buy::{rent_buy, RentBuyInputs};
use gpuplan::calc::sensitivity::{break_even_vs_price, cost_vs_util, cumulative};
use gpuplan::calc::table::{validate, Valid};
use gpuplan::calc::units::{Currency, Ratio};
use gpuplan::charts::bars::{draw_bars, BarChart};
use gpuplan::charts::memory::{draw_stacked, draw_sweep, SweepChart};
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
    svg_sized((640, 300), draw)
}

fn svg_sized(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>),
) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
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
    // Four bars, one per category and series, and the legend's two colour keys.
    assert_eq!(
        out.matches("fill=\"#0F766E\"").count() + out.matches("fill=\"#D97706\"").count(),
        4 + 2,
        "{out}"
    );
}

// Reading the drawing back: the SVG backend writes one element a line, a text's words on the
// line after it.

/// The value of attribute `name` in an element's opening tag.
fn attr(tag: &str, name: &str) -> Option<f64> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    tag[at..].split('"').next()?.parse().ok()
}

/// Every text: (words, x, y, font size in CSS pixels).
fn texts(svg: &str) -> Vec<(String, f64, f64, f64)> {
    let lines: Vec<&str> = svg.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("<text"))
        .map(|(n, l)| {
            (
                lines[n + 1].trim().to_string(),
                attr(l, "x").unwrap(),
                attr(l, "y").unwrap(),
                // plotters' SVG backend writes a font's size divided by 1.24.
                attr(l, "font-size").unwrap() * 1.24,
            )
        })
        .collect()
}

/// The light boxes behind labels: (x0, y0, x1, y1).
fn halos(svg: &str) -> Vec<(f64, f64, f64, f64)> {
    svg.lines()
        .filter(|l| {
            l.starts_with("<rect")
                && l.contains("fill=\"#FFFFFF\"")
                && l.contains("opacity=\"0.9\"")
        })
        .map(|l| {
            let (x, y) = (attr(l, "x").unwrap(), attr(l, "y").unwrap());
            (
                x,
                y,
                x + attr(l, "width").unwrap(),
                y + attr(l, "height").unwrap(),
            )
        })
        .collect()
}

/// The halo of the label whose words are `words`.
fn halo_of(svg: &str, words: &str) -> (f64, f64, f64, f64) {
    let (_, x, y, _) = texts(svg)
        .into_iter()
        .find(|t| t.0 == words)
        .unwrap_or_else(|| panic!("no label {words}"));
    halos(svg)
        .into_iter()
        .find(|h| h.0 <= x && x <= h.2 && h.1 <= y && y <= h.3)
        .unwrap_or_else(|| panic!("no halo behind {words}"))
}

/// The points of every polyline drawn in `stroke`.
fn polylines(svg: &str, stroke: &str) -> Vec<Vec<(f64, f64)>> {
    svg.lines()
        .filter(|l| l.starts_with("<polyline") && l.contains(&format!("stroke=\"{stroke}\"")))
        .map(|l| {
            let at = l.find("points=\"").unwrap() + 8;
            l[at..]
                .split('"')
                .next()
                .unwrap()
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// The top of the plot: the highest grid line.
fn plot_top(svg: &str) -> f64 {
    svg.lines()
        .filter(|l| l.starts_with("<line") && l.contains("stroke=\"#E2E8F0\""))
        .flat_map(|l| [attr(l, "y1").unwrap(), attr(l, "y2").unwrap()])
        .fold(f64::INFINITY, f64::min)
}

/// The plot's box (x0, y0, x1, y1): from its left to its right along the x axis, from the top
/// of the y axis (or of the grid, when there is no y axis) down to the x axis.
fn plot(svg: &str) -> (f64, f64, f64, f64) {
    let axes = polylines(svg, "#000000");
    let longest = |horizontal: bool| {
        axes.iter()
            .filter(|p| p.len() == 2 && (p[0].1 == p[1].1) == horizontal)
            .max_by(|a, b| {
                let len = |p: &Vec<(f64, f64)>| (p[1].0 - p[0].0).abs() + (p[1].1 - p[0].1).abs();
                len(a).total_cmp(&len(b))
            })
            .cloned()
    };
    let x_axis = longest(true).expect("an x axis");
    let top = match longest(false) {
        Some(y_axis) if (y_axis[0].1 - y_axis[1].1).abs() > 20.0 => y_axis[0].1.min(y_axis[1].1),
        _ => plot_top(svg),
    };
    (
        x_axis[0].0.min(x_axis[1].0),
        top,
        x_axis[0].0.max(x_axis[1].0),
        x_axis[0].1,
    )
}

fn memory_parts() -> Vec<(String, f64)> {
    [
        ("weights", 13.0),
        ("gradients", 13.0),
        ("optimizer states", 52.0),
        ("master weights", 26.0),
        ("activations", 10.0),
        ("reserve", 6.0),
    ]
    .map(|(l, v)| (l.to_string(), v))
    .to_vec()
}

fn sweep_series() -> Vec<(String, Vec<(f64, f64)>)> {
    let pts = (0..=32)
        .map(|i| (i as f64 * 128.0, 60.0 + i as f64))
        .collect();
    vec![("total per card".to_string(), pts)]
}

/// Every chart of the page at the size of a phone's card and of a wide screen's.
fn every_chart(size: (u32, u32)) -> Vec<String> {
    let i = valid(RentBuyInputs {
        util: Ratio(0.9),
        ..Default::default()
    });
    let r = rent_buy(&i, Currency::Cny).unwrap();
    let cats = vec!["second, 1 min".to_string(), "started hour".to_string()];
    let bars = vec![
        ("used".to_string(), vec![0.2, 0.2]),
        ("billed".to_string(), vec![0.3, 1.0]),
    ];
    let series = sweep_series();
    let sweep = SweepChart {
        series: &series,
        capacity: Some(80.0),
        capacity_label: "capacity 80 GiB",
        x_axis: "sequence length, tokens",
        y_axis: "GiB per card",
        x_max: 4096.0,
        marked: Some((2048.0, 76.0)),
        mark_label: "16 requests; memory holds 81 (the line ends there)",
    };
    vec![
        svg_sized(size, |root| {
            draw_cost_vs_util(root, &cost_vs_util(&i), &text("U* 54.2%")).unwrap()
        }),
        svg_sized(size, |root| {
            draw_break_even_vs_price(root, &break_even_vs_price(&i), &text("120: 54.2%")).unwrap()
        }),
        svg_sized(size, |root| {
            draw_cumulative(root, &cumulative(&i, &r), &text("pays back in month 20")).unwrap()
        }),
        svg_sized(size, |root| {
            draw_bars(
                root,
                &BarChart {
                    categories: &cats,
                    series: &bars,
                    y_axis: "hours",
                },
            )
            .unwrap()
        }),
        svg_sized(size, |root| {
            draw_stacked(
                root,
                &memory_parts(),
                80.0,
                "capacity 80 GiB",
                "GiB per card",
            )
            .unwrap()
        }),
        svg_sized(size, |root| draw_sweep(root, &sweep).unwrap()),
    ]
}

#[test]
fn no_chart_text_is_smaller_than_12_pixels() {
    for size in [(300, 272), (720, 352)] {
        for out in every_chart(size) {
            for (words, _, _, px) in texts(&out) {
                assert!(px >= 12.0 - 1e-9, "{words} at {px} px in a {size:?} chart");
            }
        }
    }
}

#[test]
fn labels_have_a_halo_and_stay_inside_the_plot() {
    for size in [(300, 272), (720, 352)] {
        for out in every_chart(size) {
            let halos = halos(&out);
            assert!(!halos.is_empty(), "a label in every chart");
            let (left, top, right, bottom) = plot(&out);
            for (x0, y0, x1, y1) in halos {
                assert!(
                    x0 >= left && y0 >= top && x1 <= right + 1.0 && y1 <= bottom,
                    "a label out of a {size:?} plot {:?}: {:?}",
                    (left, top, right, bottom),
                    (x0, y0, x1, y1)
                );
            }
        }
    }
}

#[test]
fn a_capacity_label_is_not_struck_through_by_its_line() {
    // A series crossing the capacity and one far under it (the label's first place is free).
    let low = vec![(
        "low".to_string(),
        (0..=32).map(|i| (i as f64 * 128.0, 10.0)).collect(),
    )];
    // The capacity below the line (room above it) and at the top of the axis (none above it).
    for (series, cap) in [
        (sweep_series(), 80.0),
        (sweep_series(), 100.0),
        (low.clone(), 80.0),
    ] {
        let chart = SweepChart {
            series: &series,
            capacity: Some(cap),
            capacity_label: "capacity 80 GiB",
            x_axis: "x",
            y_axis: "y",
            x_max: 4096.0,
            marked: None,
            mark_label: "",
        };
        for size in [(300, 272), (720, 352)] {
            let out = svg_sized(size, |root| draw_sweep(root, &chart).unwrap());
            let (_, y0, _, y1) = halo_of(&out, "capacity 80 GiB");
            let line = polylines(&out, "#334155")
                .into_iter()
                .find(|p| p.len() == 2 && p[0].1 == p[1].1)
                .expect("the capacity line");
            let y = line[0].1;
            assert!(
                y < y0 || y > y1,
                "capacity {cap}: the line at {y} crosses its label {y0}..{y1} ({size:?})"
            );
            let (x0, _, x1, _) = halo_of(&out, "capacity 80 GiB");
            let (left, _, right, _) = plot(&out);
            assert!(
                x0 >= left && x1 <= right + 1.0,
                "cut: {x0}..{x1} ({size:?})"
            );
        }
    }
}

#[test]
fn a_label_by_the_right_edge_moves_inside() {
    // The card's capacity at the end of the axis: its name goes left of the line, whole.
    let name = "NVIDIA A100 80 GB SXM (80 GiB)";
    for size in [(300, 272), (720, 352)] {
        let out = svg_sized(size, |root| {
            draw_stacked(root, &memory_parts()[..2], 80.0, name, "GiB per card").unwrap()
        });
        let (x0, _, x1, _) = halo_of(&out, name);
        let (left, _, right, _) = plot(&out);
        assert!(x1 <= right + 1.0 && x0 >= left, "{name} cut: {x0}..{x1}");
        let line = polylines(&out, "#334155")
            .into_iter()
            .find(|p| p.len() == 2 && p[0].0 == p[1].0)
            .expect("the capacity line");
        assert!(
            line[0].0 < x0 || line[0].0 > x1,
            "the line runs through {name}"
        );
    }
    // A name longer than the chart is wide is broken, not cut off.
    let name = "NVIDIA-A100-80GB-SXM4-in-a-server-with-a-very-long-name";
    let out = svg_sized((300, 272), |root| {
        draw_stacked(root, &memory_parts()[..2], 80.0, name, "GiB").unwrap()
    });
    let (left, _, right, _) = plot(&out);
    for (x0, _, x1, _) in halos(&out) {
        assert!(x0 >= left && x1 <= right + 1.0, "cut: {x0}..{x1}");
    }
    let shown: String = texts(&out)
        .into_iter()
        .filter(|t| name.contains(&t.0) && t.0.len() > 3)
        .map(|t| t.0)
        .collect();
    assert_eq!(shown, name);
}

#[test]
fn legends_sit_above_the_plot_and_wrap_on_a_narrow_chart() {
    let out = svg_sized((300, 272), |root| {
        draw_stacked(
            root,
            &memory_parts(),
            80.0,
            "capacity 80 GiB",
            "GiB per card",
        )
        .unwrap()
    });
    let top = plot_top(&out);
    let rows: std::collections::BTreeSet<i64> = texts(&out)
        .into_iter()
        .filter(|t| memory_parts().iter().any(|p| p.0 == t.0))
        .map(|t| {
            assert!(
                t.2 < top,
                "{} at {} is inside the plot (top {top})",
                t.0,
                t.2
            );
            t.2 as i64
        })
        .collect();
    assert!(
        rows.len() >= 2,
        "six entries in one row of 300 px: {rows:?}"
    );
    // A line chart's legend is above every line too.
    let i = valid(RentBuyInputs::default());
    let out = svg(|root| draw_cost_vs_util(root, &cost_vs_util(&i), &text("U*")).unwrap());
    let highest_line = polylines(&out, "#D97706")
        .into_iter()
        .chain(polylines(&out, "#0F766E"))
        .filter(|p| p.len() > 2)
        .flatten()
        .map(|p| p.1)
        .fold(f64::INFINITY, f64::min);
    for t in texts(&out)
        .into_iter()
        .filter(|t| t.0 == "own" || t.0 == "rent")
    {
        assert!(t.2 < highest_line && t.2 < plot_top(&out), "{t:?}");
    }
}

#[test]
fn bar_values_are_all_written_or_none() {
    let cats: Vec<String> = ["instances", "storage", "traffic", "other"]
        .map(String::from)
        .to_vec();
    let series = vec![
        (
            "bill".to_string(),
            vec![14_500.0, 2_200.0, 1_800.0, 2_400.0],
        ),
        ("after".to_string(), vec![14_500.0, 600.0, 900.0, 1_000.0]),
    ];
    let chart = BarChart {
        categories: &cats,
        series: &series,
        y_axis: "CNY",
    };
    let wide = svg_sized((720, 352), |root| draw_bars(root, &chart).unwrap());
    let narrow = svg_sized((240, 272), |root| draw_bars(root, &chart).unwrap());
    let written = |out: &str| {
        ["14.5k", "2.2k", "600", "900"]
            .iter()
            .filter(|v| texts(out).iter().any(|t| t.0 == **v))
            .count()
    };
    assert_eq!(written(&wide), 4);
    assert_eq!(written(&narrow), 0);
    // The category names stay whole on the narrow chart, wrapped if need be.
    for name in &cats {
        assert!(texts(&narrow).iter().any(|t| &t.0 == name), "{name}");
    }
}

#[test]
fn overlay_draws_each_scenario_with_its_break_even() {
    use gpuplan::charts::overlay::{colour, draw_overlay, Overlaid, OverlayText};
    let a = cost_vs_util(&valid(RentBuyInputs::default()));
    let b = cost_vs_util(&valid(RentBuyInputs {
        price_per_hour: 90.0,
        ..RentBuyInputs::default()
    }));
    let t = OverlayText {
        x_axis: "utilisation",
        y_axis: "per month",
        own: "owning",
        rent: "renting",
    };
    let list = [
        Overlaid {
            name: "alpha",
            data: &a,
        },
        Overlaid {
            name: "beta",
            data: &b,
        },
    ];
    let out = svg(|root| draw_overlay(root, &list, &t).unwrap());
    for legend in ["alpha: owning", "beta: renting (- -)"] {
        assert!(out.contains(legend), "{legend}");
    }
    // Each break-even is labelled: 54.2% at 120 an hour, 72.3% at 90.
    assert!(out.contains("54.2%") && out.contains("72.3%"));
    // Both scenarios' colours appear.
    for n in 0..2 {
        let c = colour(n);
        let hex = format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
        assert!(out.contains(&hex), "{hex}");
    }
}

/// Every filled rectangle: (x0, y0, x1, y1, fill).
fn rects(svg: &str) -> Vec<(f64, f64, f64, f64, String)> {
    svg.lines()
        .filter(|l| l.starts_with("<rect") && !l.contains("opacity=\"0.9\""))
        .filter_map(|l| {
            let fill = l.split("fill=\"").nth(1)?.split('"').next()?.to_string();
            let (x, y) = (attr(l, "x")?, attr(l, "y")?);
            Some((x, y, x + attr(l, "width")?, y + attr(l, "height")?, fill))
        })
        .collect()
}

#[test]
fn tornado_names_each_input_with_the_largest_swing_on_top() {
    use gpuplan::charts::tornado::{draw_tornado, TornadoBar, TornadoChart};
    let bars = vec![
        TornadoBar {
            name: "purchase".into(),
            low: 0.44,
            high: 0.65,
            ways: None,
        },
        TornadoBar {
            name: "rent per hour".into(),
            low: 0.68,
            high: 0.45,
            ways: None,
        },
        TornadoBar {
            name: "hosting".into(),
            low: 0.53,
            high: 0.55,
            ways: None,
        },
    ];
    let out = svg(|root| {
        draw_tornado(
            root,
            &TornadoChart {
                bars: &bars,
                base: 0.542,
                x_axis: "U*",
                lowered: "-20%",
                raised: "+20%",
                percent: true,
                ways: None,
            },
        )
        .unwrap()
    });
    let t = texts(&out);
    let y_of = |w: &str| {
        t.iter()
            .find(|x| x.0 == w)
            .unwrap_or_else(|| panic!("no {w}"))
            .2
    };
    assert!(y_of("purchase") < y_of("rent per hour"));
    assert!(y_of("rent per hour") < y_of("hosting"));
    // Two bars an input (lowered teal, raised amber) and the legend's two keys.
    let r = rects(&out);
    assert_eq!(r.iter().filter(|x| x.4 == "#0F766E").count(), 3 + 1);
    assert_eq!(r.iter().filter(|x| x.4 == "#D97706").count(), 3 + 1);
    // The widest bar pair is the first row's: 0.44..0.65 against 0.45..0.68, 0.53..0.55.
    let width = |fill: &str, n: usize| {
        let mut b: Vec<_> = r.iter().filter(|x| x.4 == fill).collect();
        b.sort_by(|a, c| a.1.total_cmp(&c.1));
        b[n].2 - b[n].0
    };
    assert!(width("#0F766E", 1) > width("#0F766E", 3) * 5.0);
}

#[test]
fn heatmap_draws_every_cell_on_its_side_and_marks_the_point() {
    use gpuplan::charts::heatmap::{draw_heatmap, HeatmapChart};
    // Two columns by two rows: owning cheaper only at high price and high utilisation.
    let cells = [5.0, 5.0, 3.0, -4.0];
    let out = svg(|root| {
        draw_heatmap(
            root,
            &HeatmapChart {
                price: (80.0, 200.0),
                util: (0.0, 1.0),
                cols: 2,
                cells: &cells,
                boundary: &[(120.0, 0.9), (200.0, 0.55)],
                market: (80.0, 200.0),
                point: (120.0, 0.5),
                x_axis: "price",
                y_axis: "U",
                own: "own",
                rent: "rent",
                market_name: "market",
                sides: None,
                reserve: None,
            },
        )
        .unwrap()
    });
    let r = rects(&out);
    // The cells are the rectangles of neither the legend's nor the market's colours.
    let tinted: Vec<_> = r
        .iter()
        .filter(|x| !["#0F766E", "#D97706", "#334155", "#FFFFFF"].contains(&x.4.as_str()))
        .collect();
    assert_eq!(tinted.len(), 4, "{tinted:?}");
    // The only owning cell is the top right one: largest x, smallest y (SVG y grows down).
    let own: Vec<_> = tinted
        .iter()
        .filter(|x| {
            let g = u8::from_str_radix(&x.4[3..5], 16).unwrap();
            let red = u8::from_str_radix(&x.4[1..3], 16).unwrap();
            g > red
        })
        .collect();
    assert_eq!(own.len(), 1);
    assert!(tinted.iter().all(|c| c.0 <= own[0].0 && c.1 >= own[0].1));
    assert!(out.contains("<circle"), "the chosen point");
    assert!(out.contains("market"));
}

#[test]
fn three_way_chart_draws_each_way_and_its_winning_stretch() {
    use gpuplan::calc::reserve::ReserveTerm;
    use gpuplan::calc::sensitivity::cost_vs_util3;
    use gpuplan::charts::draw_cost_vs_util3;
    let i = valid(RentBuyInputs {
        reserve: true,
        reserve_term: ReserveTerm::ThreeYears,
        ..RentBuyInputs::default()
    });
    let d = cost_vs_util3(&i);
    assert!(d.bands.len() >= 2, "{:?}", d.bands);
    let out = svg(|root| draw_cost_vs_util3(root, &d, &text("m"), "reserve").unwrap());
    for stroke in ["#0F766E", "#D97706", "#6D28D9"] {
        // The legend's key and the line.
        assert_eq!(polylines(&out, stroke).len(), 2, "{stroke}");
    }
    // A strip per band with any width, in the band's way's colour, left to right.
    let strips: Vec<_> = rects(&out)
        .into_iter()
        .filter(|r| {
            ["#0F766E", "#D97706", "#6D28D9"].contains(&r.4.as_str())
                && r.2 - r.0 > 0.5
                && r.3 - r.1 < 12.0
        })
        .collect();
    let wide = d.bands.iter().filter(|b| b.to.0 > b.from.0).count();
    assert_eq!(strips.len(), wide, "{strips:?}");
}
