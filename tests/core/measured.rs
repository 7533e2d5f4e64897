//! Measured figures read from pasted benchmark output (src/calc/serving/measured.rs): each
//! fixture under tests/fixtures/measured/ with its exact figures, the refusals, the link form,
//! and hostile text.

use crate::common::assert_close;
use gpuplan::calc::serving::measured::{
    from_link, read, to_link, Figure, Measured, MeasuredError, Tool,
};
use proptest::prelude::*;

const VLLM: &str = include_str!("../fixtures/measured/vllm_bench_serve.txt");
const VLLM_OLD: &str = include_str!("../fixtures/measured/benchmark_serving_old.txt");
const LLAMA: &str = include_str!("../fixtures/measured/llama_bench.md");
const LLAMA_OLD: &str = include_str!("../fixtures/measured/llama_bench_old.md");
const LLAMA_DEPTH: &str = include_str!("../fixtures/measured/llama_bench_depth.md");
const GENAI: &str = include_str!("../fixtures/measured/genai_perf.txt");
const GENAI_TITLE: &str = include_str!("../fixtures/measured/genai_perf_titlecase.txt");
const GENAI_PLAIN: &str = include_str!("../fixtures/measured/genai_perf_plain.txt");

const FIXTURES: [&str; 8] = [
    VLLM,
    VLLM_OLD,
    LLAMA,
    LLAMA_OLD,
    LLAMA_DEPTH,
    GENAI,
    GENAI_TITLE,
    GENAI_PLAIN,
];

/// Relative closeness, 1e-12 unless said, naming the figure on failure.
#[track_caller]
fn close(what: &str, actual: Option<f64>, expected: Option<f64>) {
    match (actual, expected) {
        (Some(a), Some(e)) => {
            assert!(
                (a - e).abs() <= 1e-12 * e.abs().max(1e-300),
                "{what}: expected {e}, got {a}"
            );
        }
        (a, e) => assert_eq!(a, e, "{what}"),
    }
}

#[allow(clippy::too_many_arguments)]
#[track_caller]
fn expect(
    m: &Measured,
    tool: Tool,
    decode: Option<f64>,
    prefill: Option<f64>,
    ttft_ms: Option<f64>,
    tpot_ms: Option<f64>,
    out: Option<f64>,
    rps: Option<f64>,
    conc: Option<f64>,
    isl: Option<f64>,
    osl: Option<f64>,
) {
    assert_eq!(m.tool, tool);
    close("decode_tps", m.decode_tps, decode);
    close("prefill_tps", m.prefill_tps, prefill);
    close("ttft_s", m.ttft_s, ttft_ms.map(|v| v / 1000.0));
    close("tpot_s", m.tpot_s, tpot_ms.map(|v| v / 1000.0));
    close("output_tps", m.output_tps, out);
    close("request_rps", m.request_rps, rps);
    close("concurrency", m.concurrency, conc);
    close("input_len", m.input_len, isl);
    close("output_len", m.output_len, osl);
}

#[test]
fn vllm_bench_serve_result_block() {
    let m = read(VLLM).unwrap();
    expect(
        &m,
        Tool::VllmBenchServe,
        Some(1000.0 / 9.37),
        None,
        Some(61.84),
        Some(9.37),
        Some(620.31),
        Some(4.85),
        Some(16.0),
        Some(204800.0 / 200.0),
        Some(25600.0 / 200.0),
    );
    // "Peak output token throughput (tok/s): 784.00" is not the run's output throughput.
    assert_close(m.output_tps.unwrap(), 620.31, 1e-12);
}

#[test]
fn benchmark_serving_py_with_concurrency_before_the_block() {
    let m = read(VLLM_OLD).unwrap();
    expect(
        &m,
        Tool::VllmBenchServe,
        Some(1000.0 / 71.03),
        None,
        Some(412.66),
        Some(71.03),
        Some(750.19),
        Some(3.81),
        Some(64.0),
        Some(225.46),
        Some(196.91),
    );
}

#[test]
fn llama_bench_pp512_tg128() {
    let m = read(LLAMA).unwrap();
    expect(
        &m,
        Tool::LlamaBench,
        Some(121.82),
        Some(4184.85),
        None,
        Some(1000.0 / 121.82),
        None,
        None,
        Some(1.0),
        Some(512.0),
        Some(128.0),
    );
}

#[test]
fn llama_bench_older_test_names_and_columns() {
    let m = read(LLAMA_OLD).unwrap();
    expect(
        &m,
        Tool::LlamaBench,
        Some(38.61),
        Some(563.07),
        None,
        Some(1000.0 / 38.61),
        None,
        None,
        Some(1.0),
        Some(1024.0),
        Some(256.0),
    );
}

#[test]
fn llama_bench_prefers_depth_zero_and_skips_pp_plus_tg() {
    let m = read(LLAMA_DEPTH).unwrap();
    expect(
        &m,
        Tool::LlamaBench,
        Some(46.30),
        Some(912.04),
        None,
        Some(1000.0 / 46.30),
        None,
        None,
        Some(1.0),
        Some(512.0),
        Some(128.0),
    );
    // Only rows at a depth: those are taken.
    let deep: String = LLAMA_DEPTH
        .lines()
        .filter(|l| !l.contains("|           pp512 |") && !l.contains("|           tg128 |"))
        .collect::<Vec<_>>()
        .join("\n");
    let m = read(&deep).unwrap();
    close("prefill at depth", m.prefill_tps, Some(701.36));
    close("decode at depth", m.decode_tps, Some(41.87));
}

#[test]
fn genai_perf_box_table() {
    let m = read(GENAI).unwrap();
    expect(
        &m,
        Tool::GenaiPerf,
        Some(1000.0 / 3.42),
        None,
        Some(24.17),
        Some(3.42),
        Some(991.22),
        Some(9.95),
        None,
        Some(256.0),
        Some(99.62),
    );
}

#[test]
fn genai_perf_title_case_thousands_and_wrapped_rows() {
    let m = read(GENAI_TITLE).unwrap();
    expect(
        &m,
        Tool::GenaiPerf,
        Some(1000.0 / 22.41),
        None,
        Some(1204.66),
        Some(22.41),
        Some(1148.39),
        Some(4.49),
        None,
        Some(2048.0),
        Some(255.71),
    );
}

#[test]
fn genai_perf_plain_pipes_and_throughput_lines_below() {
    let m = read(GENAI_PLAIN).unwrap();
    expect(
        &m,
        Tool::GenaiPerf,
        Some(1000.0 / 1.73),
        None,
        Some(7.91),
        Some(1.73),
        Some(1136.58),
        Some(10.50),
        None,
        Some(200.0),
        Some(108.25),
    );
}

#[test]
fn genai_perf_times_in_nanoseconds() {
    let text = "\
│ Time to first token (ns) │  13,266,974 │  11,818,732 │
│ Inter token latency (ns) │   2,069,766 │      42,023 │
│   Output sequence length │         104 │         100 │
Output token throughput (per sec): 460.42
Request throughput (per sec): 4.44";
    let m = read(text).unwrap();
    close("ttft", m.ttft_s, Some(0.013266974));
    close("tpot", m.tpot_s, Some(0.002069766));
    close("output", m.output_tps, Some(460.42));
    close("rps", m.request_rps, Some(4.44));
    close("osl", m.output_len, Some(104.0));
}

#[test]
fn crlf_prefixes_full_width_tabs_and_colour_do_not_matter() {
    let want = read(VLLM).unwrap();
    let prefixed: String = VLLM
        .lines()
        .map(|l| format!("vllm-bench-1  | {l}\r\n"))
        .collect();
    assert_eq!(read(&prefixed).unwrap(), want);
    let stamped: String = VLLM
        .lines()
        .map(|l| format!("2025-03-14T09:12:40.123456Z {l}\n"))
        .collect();
    assert_eq!(read(&stamped).unwrap(), want);
    let wide = VLLM
        .replace("Mean TPOT (ms):", "Mean\u{3000}TPOT\u{3000}（ms）：\t")
        .replace(
            "Output token throughput",
            "\u{1b}[1mOutput  token\u{a0}throughput\u{1b}[0m",
        );
    assert_eq!(read(&wide).unwrap(), want);
    let lone_cr = LLAMA.replace('\n', "\r");
    assert_eq!(read(&lone_cr).unwrap(), read(LLAMA).unwrap());
    let crlf = GENAI_TITLE.replace('\n', "\r\n");
    assert_eq!(read(&crlf).unwrap(), read(GENAI_TITLE).unwrap());
}

#[test]
fn a_few_vllm_lines_without_the_header_are_read() {
    let m = read("Mean TTFT (ms): 35.2\nMean TPOT (ms): 6.48\n").unwrap();
    assert_eq!(m.tool, Tool::VllmBenchServe);
    close("ttft", m.ttft_s, Some(0.0352));
    close("tpot", m.tpot_s, Some(0.00648));
    close("decode", m.decode_tps, Some(1000.0 / 6.48));
}

#[test]
fn vllm_falls_back_to_median_then_itl_and_a_zero_tpot_is_no_figure() {
    let m = read("Median TTFT (ms): 20\nMedian TPOT (ms): 5\n").unwrap();
    close("ttft", m.ttft_s, Some(0.02));
    close("tpot", m.tpot_s, Some(0.005));
    let m = read("Mean TTFT (ms): 20\nMean TPOT (ms): 0.00\nMean ITL (ms): 4\n").unwrap();
    close("tpot from itl", m.tpot_s, Some(0.004));
    let m = read("Mean TTFT (ms): 20\nMean TPOT (ms): 0.00\n").unwrap();
    assert_eq!((m.tpot_s, m.decode_tps), (None, None));
    // A peak throughput alone is not the run's output throughput.
    let m = read("Peak output token throughput (tok/s): 784.00\nMean TTFT (ms): 20\n").unwrap();
    assert_eq!(m.output_tps, None);
}

#[test]
fn thousands_separators_and_spreads() {
    let m =
        read("Output token throughput (tok/s):  1,234.5\nMean TPOT (ms): 6.48 ± 0.2\n").unwrap();
    close("output", m.output_tps, Some(1234.5));
    close("tpot", m.tpot_s, Some(0.00648));
    // "12,34" is no number of thousands: no figure, not 12.
    let m = read("Output token throughput (tok/s): 12,34\nMean TTFT (ms): 1\n").unwrap();
    assert_eq!(m.output_tps, None);
}

#[test]
fn refusals() {
    assert_eq!(read(""), Err(MeasuredError::NotRecognised));
    assert_eq!(
        read("hello world\n| a | b |\n{\"ttft\": 3}"),
        Err(MeasuredError::NotRecognised)
    );
    assert_eq!(
        read("============ Serving Benchmark Result ============\n=================================================="),
        Err(MeasuredError::NoFigures { tool: Tool::VllmBenchServe })
    );
    assert_eq!(
        read(
            LLAMA
                .lines()
                .take(7)
                .collect::<Vec<_>>()
                .join("\n")
                .as_str()
        ),
        Err(MeasuredError::NoFigures {
            tool: Tool::LlamaBench
        })
    );
    assert_eq!(
        read(&format!("{VLLM}\n{VLLM_OLD}")),
        Err(MeasuredError::Several {
            tool: Tool::VllmBenchServe,
            count: 2
        })
    );
    assert_eq!(
        read("Mean TTFT (ms): 1\nMean TTFT (ms): 2\n"),
        Err(MeasuredError::Several {
            tool: Tool::VllmBenchServe,
            count: 2
        })
    );
    assert_eq!(
        read(&format!("{GENAI}\n{GENAI_TITLE}")),
        Err(MeasuredError::Several {
            tool: Tool::GenaiPerf,
            count: 2
        })
    );
    // -fa 0,1: two settings.
    let two = LLAMA.replace("|  1 |           tg128", "|  0 |           tg128");
    assert_eq!(
        read(&two),
        Err(MeasuredError::Several {
            tool: Tool::LlamaBench,
            count: 2
        })
    );
    assert_eq!(
        read(&format!("{VLLM}\n{LLAMA}")),
        Err(MeasuredError::MixedTools {
            first: Tool::VllmBenchServe,
            second: Tool::LlamaBench
        })
    );
    assert_eq!(
        read("Mean TTFT (ms): 3\nMean TPOT (ms): nan\n"),
        Err(MeasuredError::NotFinite { what: Figure::Tpot })
    );
    assert_eq!(
        read("Mean TTFT (ms): inf\n"),
        Err(MeasuredError::NotFinite { what: Figure::Ttft })
    );
    assert_eq!(
        read("Output token throughput (tok/s): -5\n"),
        Err(MeasuredError::Negative {
            what: Figure::OutputTps
        })
    );
    for e in [
        MeasuredError::NotRecognised,
        MeasuredError::Several {
            tool: Tool::GenaiPerf,
            count: 3,
        },
        MeasuredError::LinkField { index: 2 },
    ] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn link_form() {
    let m = read(VLLM).unwrap();
    assert_eq!(
        to_link(&m),
        "v:dec=106.7235859,ttft=61.84,tpot=9.37,out=620.31,rps=4.85,conc=16,isl=1024,osl=128"
    );
    assert_eq!(
        to_link(&read(LLAMA).unwrap()),
        "l:dec=121.82,pre=4184.85,tpot=8.208832704,conc=1,isl=512,osl=128"
    );
    let m = from_link("v:tpot=6.48,ttft=35.2,out=1234.5").unwrap();
    close("tpot", m.tpot_s, Some(0.00648));
    close("ttft", m.ttft_s, Some(0.0352));
    close("out", m.output_tps, Some(1234.5));
    assert_eq!(m.decode_tps, None);
    close(
        "seconds",
        from_link("g:ttft=0.0352s").unwrap().ttft_s,
        Some(0.0352),
    );
    close(
        "exponent",
        from_link("g:out=1.5e3").unwrap().output_tps,
        Some(1500.0),
    );
    assert_eq!(from_link("x:dec=1"), Err(MeasuredError::LinkTool));
    assert_eq!(from_link("dec=1"), Err(MeasuredError::LinkTool));
    assert_eq!(
        from_link("v:"),
        Err(MeasuredError::NoFigures {
            tool: Tool::VllmBenchServe
        })
    );
    assert_eq!(
        from_link("v:dec=1,dec=2"),
        Err(MeasuredError::LinkRepeated {
            what: Figure::DecodeTps
        })
    );
    assert_eq!(
        from_link("v:dec=1,foo=2"),
        Err(MeasuredError::LinkField { index: 2 })
    );
    assert_eq!(
        from_link("v:dec=1,"),
        Err(MeasuredError::LinkField { index: 2 })
    );
    assert_eq!(
        from_link("v:dec=1x"),
        Err(MeasuredError::LinkField { index: 1 })
    );
    assert_eq!(
        from_link("v:out=2s"),
        Err(MeasuredError::LinkField { index: 1 })
    );
    assert_eq!(
        from_link("v:dec=inf"),
        Err(MeasuredError::NotFinite {
            what: Figure::DecodeTps
        })
    );
    assert_eq!(
        from_link("v:dec=1e999"),
        Err(MeasuredError::NotFinite {
            what: Figure::DecodeTps
        })
    );
    assert_eq!(
        from_link("v:rps=-1"),
        Err(MeasuredError::Negative {
            what: Figure::RequestRps
        })
    );
}

#[test]
fn every_tool_gives_a_measured_that_travels_in_a_link() {
    let mut tools = Vec::new();
    for text in FIXTURES {
        let m = read(text).unwrap();
        let back = from_link(&to_link(&m)).unwrap();
        assert_eq!(back.tool, m.tool);
        for (a, b) in figures(&m).into_iter().zip(figures(&back)) {
            match (a, b) {
                (Some(a), Some(b)) => assert!(near(a, b), "{a} {b}"),
                (a, b) => assert_eq!(a, b),
            }
        }
        tools.push(m.tool);
    }
    for t in [Tool::VllmBenchServe, Tool::LlamaBench, Tool::GenaiPerf] {
        assert!(tools.contains(&t), "{t}");
    }
}

fn figures(m: &Measured) -> [Option<f64>; 9] {
    [
        m.decode_tps,
        m.prefill_tps,
        m.ttft_s,
        m.tpot_s,
        m.output_tps,
        m.request_rps,
        m.concurrency,
        m.input_len,
        m.output_len,
    ]
}

/// Equal at 10 significant digits.
fn near(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

fn finite_figure() -> impl Strategy<Value = Option<f64>> {
    use proptest::num::f64::{NORMAL, POSITIVE, SUBNORMAL, ZERO};
    proptest::option::of(prop_oneof![
        POSITIVE | NORMAL | SUBNORMAL | ZERO,
        0.0..1e6f64,
        (0u32..100_000).prop_map(|n| f64::from(n) / 100.0),
    ])
}

fn any_measured() -> impl Strategy<Value = Measured> {
    (
        prop_oneof![
            Just(Tool::VllmBenchServe),
            Just(Tool::LlamaBench),
            Just(Tool::GenaiPerf)
        ],
        proptest::collection::vec(finite_figure(), 9),
    )
        .prop_map(|(tool, v)| Measured {
            tool,
            decode_tps: v[0],
            prefill_tps: v[1],
            ttft_s: v[2],
            tpot_s: v[3],
            output_tps: v[4],
            request_rps: v[5],
            concurrency: v[6],
            input_len: v[7],
            output_len: v[8],
        })
}

/// A fixture cut, with text spliced in.
fn mangled() -> impl Strategy<Value = String> {
    (0..FIXTURES.len(), any::<usize>(), any::<usize>(), ".{0,40}").prop_map(|(f, a, b, insert)| {
        let text = FIXTURES[f];
        let bounds: Vec<usize> = text
            .char_indices()
            .map(|(i, _)| i)
            .chain([text.len()])
            .collect();
        let x = bounds[a % bounds.len()];
        let y = bounds[b % bounds.len()];
        let (x, y) = (x.min(y), x.max(y));
        format!("{}{insert}{}", &text[..x], &text[y..])
    })
}

#[track_caller]
fn sound(r: &Result<Measured, MeasuredError>) {
    match r {
        Ok(m) => {
            let v = figures(m);
            assert!(v.iter().any(Option::is_some));
            assert!(
                v.iter().flatten().all(|x| x.is_finite() && *x >= 0.0),
                "{m:?}"
            );
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

proptest! {
    #[test]
    fn any_text_is_read_or_refused_without_panic(text in any::<String>()) {
        sound(&read(&text));
        sound(&from_link(&text));
    }

    #[test]
    fn any_mangled_fixture_is_read_or_refused_without_panic(text in mangled()) {
        sound(&read(&text));
    }

    #[test]
    fn table_like_noise_is_read_or_refused_without_panic(
        text in "([|│┃\t ]{0,2}(model|test|t/s|avg|statistic|pp512|tg128|Mean TPOT \\(ms\\):|Time to first token \\(ms\\)|[0-9,.±e-]{1,8}|inf|nan|N/A|@ d4|=+)){0,30}\n?"
    ) {
        sound(&read(&text));
    }

    #[test]
    fn links_round_trip_at_ten_significant_digits(m in any_measured()) {
        prop_assume!(figures(&m).iter().any(Option::is_some));
        let link = to_link(&m);
        prop_assert!(
            link.chars().all(|c| c.is_ascii_alphanumeric() || ".=,:_-".contains(c)),
            "{}", link
        );
        let back = from_link(&link).unwrap();
        prop_assert_eq!(back.tool, m.tool);
        for (a, b) in figures(&m).into_iter().zip(figures(&back)) {
            match (a, b) {
                (Some(a), Some(b)) => prop_assert!(near(a, b), "{} -> {} -> {}", a, link, b),
                (a, b) => prop_assert_eq!(a, b),
            }
        }
        prop_assert_eq!(to_link(&back), link);
    }
}
