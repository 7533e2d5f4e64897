//! Measured figures read from pasted benchmark output ([`read`]), and a short link form that
//! carries them ([`to_link`], [`from_link`]).
//!
//! Three outputs are recognised by their content, wherever they sit in a pasted log:
//!
//! ```text
//! vllm bench serve            ============ Serving Benchmark Result ============
//! (benchmark_serving.py)      Successful requests:                     200
//!                             Maximum request concurrency:             16
//!                             Total input tokens:                      204800
//!                             Total generated tokens:                  25600
//!                             Request throughput (req/s):              4.85
//!                             Output token throughput (tok/s):         620.31
//!                             Mean TTFT (ms):                          61.84
//!                             Mean TPOT (ms):                          9.37
//!                             Mean ITL (ms):                           9.35
//!                             ==================================================
//!
//! llama-bench (markdown)      | model | size | params | backend | ngl | test  |          t/s |
//!                             | ----- | ---: | -----: | ------- | --: | ----: | -----------: |
//!                             | ...   | ...  | ...    | CUDA    |  99 | pp512 | 4184.85 ± 12 |
//!                             | ...   | ...  | ...    | CUDA    |  99 | tg128 |  121.82 ± 0.3|
//!
//! genai-perf (and AIPerf)     ┃ Statistic                ┃    avg ┃    min ┃ ... ┃    p75 ┃
//!                             │ Time to first token (ms) │  13.68 │  11.07 │ ... │  13.97 │
//!                             │ Inter token latency (ms) │   1.86 │   1.28 │ ... │   1.95 │
//!                             │ Output sequence length   │ 103.46 │  95.00 │ ... │ 104.75 │
//!                             │ Input sequence length    │ 200.00 │ 200.00 │ ... │ 200.00 │
//!                             │ Output token throughput (per sec) │ 504.02 │ N/A │ ...   │
//!                             │ Request throughput (per sec)      │   4.87 │ N/A │ ...   │
//! ```
//!
//! What each figure of [`Measured`] is, by tool:
//!
//! | figure | vllm bench serve | llama-bench | genai-perf |
//! |---|---|---|---|
//! | `tpot_s` | mean TPOT (else median TPOT, mean ITL, median ITL) | 1 / tgN t/s | avg inter token latency |
//! | `decode_tps` | 1 / `tpot_s` | tgN t/s | 1 / `tpot_s` |
//! | `prefill_tps` | - | ppN t/s | - |
//! | `ttft_s` | mean TTFT (else median) | - | avg time to first token |
//! | `output_tps` | output token throughput | - | output token throughput |
//! | `request_rps` | request throughput | - | request throughput |
//! | `concurrency` | maximum request concurrency, when set | 1 (one sequence) | - |
//! | `input_len` | total input tokens / successful requests | N of ppN | avg input sequence length |
//! | `output_len` | total generated tokens / successful requests | N of tgN | avg output sequence length |
//!
//! `decode_tps` is one request's output tokens a second while it decodes: it rescales the decode
//! step (the calibration's `measured_tps`, docs/formulas.md, "Serving capacity"). `prefill_tps`
//! (prompt tokens a second) and `ttft_s` rescale prefill; a TTFT also holds the wait for a slot
//! and the first decode step, so it is taken with the concurrency it was measured at.
//! `output_tps` and `request_rps` are the whole run's throughput at `concurrency`, the check of
//! the fleet figures. Times are in seconds; lengths in tokens.
//!
//! Choices made when reading:
//! - A zero TPOT or ITL (vLLM writes 0 when no request produced a second token) is no figure.
//! - llama-bench: plain `ppN` and `tgN` rows only (`pp512+tg128` mixes the two and is skipped);
//!   rows at depth 0 are preferred over `@ dN` rows; the first such row of each kind is taken.
//!   Rows of different settings (model, backend, threads, ...) are [`MeasuredError::Several`].
//! - More than one result block or table of a tool is [`MeasuredError::Several`], outputs of two
//!   tools together [`MeasuredError::MixedTools`]: the reader never guesses which was meant.
//! - genai-perf's time rows are read in their unit (`ms`, `ns`, `us`, `s`; none is `ms`); the
//!   throughput figures may also be printed as `Output token throughput (per sec): 1287.08`
//!   lines below the table (its 2024 releases).
//! - Text is matched case-insensitively, after folding full-width forms to ASCII, dropping ANSI
//!   colour codes and collapsing whitespace; numbers may carry thousands separators (`1,690.35`)
//!   and a `±` spread, which is dropped. A prefix such as `vllm-1  | ` or `INFO ... ] ` before a
//!   line is ignored.
//!
//! Link form: a tool tag (`v` vllm bench serve, `l` llama-bench, `g` genai-perf), `:`, then
//! `key=number` pairs joined by `,` in the order `dec` (decode_tps), `pre` (prefill_tps), `ttft`,
//! `tpot`, `out` (output_tps), `rps`, `conc`, `isl` (input_len), `osl` (output_len); absent
//! figures are left out, e.g. `v:dec=106.7235859,ttft=61.84,tpot=9.37,out=620.31`. `ttft` and
//! `tpot` are in milliseconds, or in seconds when followed by `s` (written so only when the
//! milliseconds would not be a normal number). Numbers have at most 10 significant digits and
//! use only `0-9 . e -`, so the whole form uses only `[A-Za-z0-9.=,:_-]`.

use crate::calc::order;
use std::fmt;
use thiserror::Error;

/// The benchmark a figure came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tool {
    VllmBenchServe,
    LlamaBench,
    GenaiPerf,
}

impl Tool {
    /// The link form's tag.
    pub fn tag(self) -> &'static str {
        match self {
            Tool::VllmBenchServe => "v",
            Tool::LlamaBench => "l",
            Tool::GenaiPerf => "g",
        }
    }

    fn from_tag(tag: &str) -> Option<Tool> {
        [Tool::VllmBenchServe, Tool::LlamaBench, Tool::GenaiPerf]
            .into_iter()
            .find(|t| t.tag() == tag)
    }
}

impl Tool {
    /// The tool's own name, the same in every language.
    pub fn name(self) -> &'static str {
        match self {
            Tool::VllmBenchServe => "vllm bench serve",
            Tool::LlamaBench => "llama-bench",
            Tool::GenaiPerf => "genai-perf",
        }
    }
}

impl fmt::Display for Tool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One figure of [`Measured`], named in errors and keyed in the link form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Figure {
    DecodeTps,
    PrefillTps,
    Ttft,
    Tpot,
    OutputTps,
    RequestRps,
    Concurrency,
    InputLen,
    OutputLen,
}

impl Figure {
    /// Every figure, in the link form's order.
    pub const ALL: [Figure; 9] = [
        Figure::DecodeTps,
        Figure::PrefillTps,
        Figure::Ttft,
        Figure::Tpot,
        Figure::OutputTps,
        Figure::RequestRps,
        Figure::Concurrency,
        Figure::InputLen,
        Figure::OutputLen,
    ];

    /// The link form's key.
    pub fn key(self) -> &'static str {
        match self {
            Figure::DecodeTps => "dec",
            Figure::PrefillTps => "pre",
            Figure::Ttft => "ttft",
            Figure::Tpot => "tpot",
            Figure::OutputTps => "out",
            Figure::RequestRps => "rps",
            Figure::Concurrency => "conc",
            Figure::InputLen => "isl",
            Figure::OutputLen => "osl",
        }
    }

    /// Times: the link form writes them in milliseconds.
    fn is_time(self) -> bool {
        matches!(self, Figure::Ttft | Figure::Tpot)
    }

    fn get(self, m: &Measured) -> Option<f64> {
        match self {
            Figure::DecodeTps => m.decode_tps,
            Figure::PrefillTps => m.prefill_tps,
            Figure::Ttft => m.ttft_s,
            Figure::Tpot => m.tpot_s,
            Figure::OutputTps => m.output_tps,
            Figure::RequestRps => m.request_rps,
            Figure::Concurrency => m.concurrency,
            Figure::InputLen => m.input_len,
            Figure::OutputLen => m.output_len,
        }
    }

    fn slot(self, m: &mut Measured) -> &mut Option<f64> {
        match self {
            Figure::DecodeTps => &mut m.decode_tps,
            Figure::PrefillTps => &mut m.prefill_tps,
            Figure::Ttft => &mut m.ttft_s,
            Figure::Tpot => &mut m.tpot_s,
            Figure::OutputTps => &mut m.output_tps,
            Figure::RequestRps => &mut m.request_rps,
            Figure::Concurrency => &mut m.concurrency,
            Figure::InputLen => &mut m.input_len,
            Figure::OutputLen => &mut m.output_len,
        }
    }
}

impl fmt::Display for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Figure::DecodeTps => "decode tokens/s",
            Figure::PrefillTps => "prefill tokens/s",
            Figure::Ttft => "time to first token",
            Figure::Tpot => "time per output token",
            Figure::OutputTps => "output tokens/s",
            Figure::RequestRps => "requests/s",
            Figure::Concurrency => "concurrency",
            Figure::InputLen => "input length",
            Figure::OutputLen => "output length",
        })
    }
}

/// What a benchmark measured. Every figure is finite and not negative; absent when the output
/// does not give it. Times in seconds, lengths in tokens (see the module docs for each tool).
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    pub tool: Tool,
    /// One request's output tokens a second while decoding: 1 / TPOT, or llama-bench's tgN t/s.
    pub decode_tps: Option<f64>,
    /// Prompt tokens a second: llama-bench's ppN t/s.
    pub prefill_tps: Option<f64>,
    pub ttft_s: Option<f64>,
    pub tpot_s: Option<f64>,
    /// The whole run's output tokens a second.
    pub output_tps: Option<f64>,
    pub request_rps: Option<f64>,
    pub concurrency: Option<f64>,
    pub input_len: Option<f64>,
    pub output_len: Option<f64>,
}

impl Measured {
    /// No figure yet.
    pub fn empty(tool: Tool) -> Measured {
        Measured {
            tool,
            decode_tps: None,
            prefill_tps: None,
            ttft_s: None,
            tpot_s: None,
            output_tps: None,
            request_rps: None,
            concurrency: None,
            input_len: None,
            output_len: None,
        }
    }

    fn has_figures(&self) -> bool {
        Figure::ALL.iter().any(|f| f.get(self).is_some())
    }

    /// Refuses a figure that is not finite or is negative.
    fn checked(self) -> Result<Measured, MeasuredError> {
        for what in Figure::ALL {
            if let Some(v) = what.get(&self) {
                if !v.is_finite() {
                    return Err(MeasuredError::NotFinite { what });
                }
                if v < 0.0 {
                    return Err(MeasuredError::Negative { what });
                }
            }
        }
        if self.has_figures() {
            Ok(self)
        } else {
            Err(MeasuredError::NoFigures { tool: self.tool })
        }
    }
}

/// Why a pasted text or a link gave no [`Measured`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum MeasuredError {
    #[error("no vllm bench serve, llama-bench or genai-perf output found")]
    NotRecognised,
    #[error("{tool} output found, but no figure in it could be read")]
    NoFigures { tool: Tool },
    #[error("{what} is not a finite number")]
    NotFinite { what: Figure },
    #[error("{what} is negative")]
    Negative { what: Figure },
    /// `count` results (blocks, tables, or llama-bench settings) where one was expected.
    #[error("{count} {tool} results found; paste one")]
    Several { tool: Tool, count: usize },
    #[error("output of both {first} and {second} found; paste one")]
    MixedTools { first: Tool, second: Tool },
    #[error("a measured link starts with v:, l: or g:")]
    LinkTool,
    /// `index` counts the link's `key=number` fields from 1.
    #[error("field {index} of the measured link is not one of its key=number pairs")]
    LinkField { index: usize },
    #[error("{what} is given twice in the measured link")]
    LinkRepeated { what: Figure },
}

// ---------------------------------------------------------------------------------------------
// Text clean-up and numbers

/// The text as cleaned lines: full-width forms folded to ASCII, ANSI escapes dropped, runs of
/// whitespace made one space, trimmed, ASCII lower case (byte positions are those of the line).
fn lines(text: &str) -> Vec<String> {
    text.replace("\r\n", "\n")
        .split(['\n', '\r'])
        .map(clean_line)
        .collect()
}

fn clean_line(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut space = false;
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters final byte in @..~; other escapes drop one character.
            if chars.next() == Some('[') {
                for d in chars.by_ref() {
                    if ('@'..='~').contains(&d) {
                        break;
                    }
                }
            }
            continue;
        }
        let c = match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        };
        if c.is_whitespace() || c.is_control() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The number a cell or value starts with: optional sign, digits with optional `,` thousands
/// groups, optional fraction and exponent; `inf`, `infinity` and `nan` read as such. Anything
/// after it (a `± spread`, a unit) is ignored. `None` when it does not start with a number, or
/// its grouping is not thousands (`12,34`).
fn lead_number(s: &str) -> Option<f64> {
    let s = s.trim_start();
    let b = s.as_bytes();
    let mut i = 0;
    let mut neg = false;
    if let Some(&c) = b.first() {
        if c == b'-' || c == b'+' {
            neg = c == b'-';
            i = 1;
        }
    }
    let rest = &s[i..];
    for (word, v) in [
        ("infinity", f64::INFINITY),
        ("inf", f64::INFINITY),
        ("nan", f64::NAN),
    ] {
        if let Some(after) = rest.strip_prefix(word) {
            if !after.starts_with(|c: char| c.is_ascii_alphanumeric()) {
                return Some(if neg { -v } else { v });
            }
        }
    }
    let mut text = String::new();
    if neg {
        text.push('-');
    }
    let mut groups = vec![0usize];
    let mut int_digits = 0;
    while i < b.len() {
        match b[i] {
            d @ b'0'..=b'9' => {
                text.push(d as char);
                int_digits += 1;
                if let Some(g) = groups.last_mut() {
                    *g += 1;
                }
                i += 1;
            }
            b',' if int_digits > 0 && b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                groups.push(0);
                i += 1;
            }
            _ => break,
        }
    }
    if groups.len() > 1 && (groups[0] > 3 || groups[1..].iter().any(|&g| g != 3)) {
        return None;
    }
    let mut frac_digits = 0;
    if b.get(i) == Some(&b'.') {
        text.push('.');
        i += 1;
        while let Some(&d) = b.get(i).filter(|d| d.is_ascii_digit()) {
            text.push(d as char);
            frac_digits += 1;
            i += 1;
        }
    }
    if int_digits + frac_digits == 0 {
        return None;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'-' | b'+')) {
            j += 1;
        }
        let start = j;
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        if j > start {
            text.push('e');
            text.push_str(&s[i + 1..j]);
            i = j;
        }
    }
    if matches!(b.get(i), Some(b'0'..=b'9' | b'.')) {
        return None;
    }
    text.parse().ok()
}

/// Where `label` (lower case, no colon) stands as a whole label in `line`, followed by `:`, the
/// text after the colon. What comes before it may be a log prefix, but not a word that makes it
/// another label ("peak output token throughput" is not "output token throughput").
fn labelled<'a>(line: &'a str, label: &str) -> Option<&'a str> {
    let mut from = 0;
    while let Some(found) = line[from..].find(label) {
        let pos = from + found;
        from = pos + 1;
        let head = &line[..pos];
        let last_word = head.trim_end().rsplit(' ').next().unwrap_or("");
        let prefix_ok = head.is_empty()
            || (!head.ends_with(|c: char| c.is_ascii_alphanumeric())
                && !last_word.chars().all(|c| c.is_ascii_alphabetic()));
        if !prefix_ok {
            continue;
        }
        let after = line[pos + label.len()..].trim_start();
        if let Some(value) = after.strip_prefix(':') {
            return Some(value);
        }
    }
    None
}

/// The cells of a table line: split on `|`, `│`, `┃`, `║` or tabs, trimmed, without the empty
/// cells outside the first and last bar. `None` for a line that is not a table row.
fn cells(line: &str) -> Option<Vec<&str>> {
    let bars = |c: char| matches!(c, '|' | '│' | '┃' | '║' | '\t');
    if !line.contains(bars) {
        return None;
    }
    let mut v: Vec<&str> = line.split(bars).map(str::trim).collect();
    if v.first() == Some(&"") {
        v.remove(0);
    }
    if v.last() == Some(&"") {
        v.pop();
    }
    (v.len() >= 2).then_some(v)
}

// ---------------------------------------------------------------------------------------------
// Reading

/// Reads pasted benchmark output: `vllm bench serve` (or `benchmark_serving.py`), llama-bench's
/// markdown table, or genai-perf's console table. Never panics; see [`MeasuredError`].
pub fn read(text: &str) -> Result<Measured, MeasuredError> {
    let lines = lines(text);
    let found: Vec<(Tool, Result<Measured, MeasuredError>)> = [
        (Tool::VllmBenchServe, read_vllm(&lines)),
        (Tool::LlamaBench, read_llama(&lines)),
        (Tool::GenaiPerf, read_genai(&lines)),
    ]
    .into_iter()
    .filter_map(|(tool, r)| r.map(|r| (tool, r)))
    .collect();
    match found.as_slice() {
        [] => Err(MeasuredError::NotRecognised),
        [(_, one)] => one.clone(),
        [(first, _), (second, _), ..] => Err(MeasuredError::MixedTools {
            first: *first,
            second: *second,
        }),
    }
}

const VLLM_HEADER: &str = "serving benchmark result";

/// vllm bench serve: `None` when no block or label of it is in the text.
fn read_vllm(lines: &[String]) -> Option<Result<Measured, MeasuredError>> {
    let headers: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains(VLLM_HEADER))
        .collect();
    let tool = Tool::VllmBenchServe;
    let region: &[String] = match headers.as_slice() {
        [] => lines,
        [h] => {
            let end = (h + 1..lines.len())
                .find(|&i| lines[i].len() >= 10 && lines[i].chars().all(|c| c == '='))
                .unwrap_or(lines.len());
            &lines[..end]
        }
        _ => {
            return Some(Err(MeasuredError::Several {
                tool,
                count: headers.len(),
            }))
        }
    };
    let value = |label: &str| -> (usize, Option<f64>) {
        let mut hits = region.iter().filter_map(|l| labelled(l, label));
        let first = hits.next();
        (
            usize::from(first.is_some()) + hits.count(),
            first.and_then(lead_number),
        )
    };
    const SIGNS: [&str; 6] = [
        "request throughput (req/s)",
        "output token throughput (tok/s)",
        "mean ttft (ms)",
        "median ttft (ms)",
        "mean tpot (ms)",
        "median tpot (ms)",
    ];
    let mut seen = 0;
    for label in SIGNS {
        let (n, _) = value(label);
        if n > 1 {
            return Some(Err(MeasuredError::Several { tool, count: n }));
        }
        seen += n;
    }
    if headers.is_empty() && seen == 0 {
        return None;
    }
    let first_of = |labels: &[&str]| labels.iter().find_map(|l| value(l).1);
    // A zero TPOT or ITL is what vLLM writes when no request had a second token.
    let first_timing =
        |labels: &[&str]| labels.iter().find_map(|l| value(l).1.filter(|&v| v != 0.0));
    let ms = |v: f64| v / 1000.0;
    let mut m = Measured::empty(tool);
    m.tpot_s = first_timing(&[
        "mean tpot (ms)",
        "median tpot (ms)",
        "mean itl (ms)",
        "median itl (ms)",
    ])
    .map(ms);
    m.decode_tps = m.tpot_s.filter(|t| t.is_finite()).map(|t| 1.0 / t);
    m.ttft_s = first_of(&["mean ttft (ms)", "median ttft (ms)"]).map(ms);
    m.output_tps = value("output token throughput (tok/s)").1;
    m.request_rps = value("request throughput (req/s)").1;
    m.concurrency = first_of(&["maximum request concurrency", "max request concurrency"]);
    if let Some(n) = value("successful requests").1.filter(|&n| n > 0.0) {
        m.input_len = value("total input tokens").1.map(|t| t / n);
        m.output_len = value("total generated tokens").1.map(|t| t / n);
    }
    Some(m.checked())
}

enum Test {
    Prompt(f64),
    Gen(f64),
}

/// A llama-bench test name: `pp512`, `tg128`, `pp 512` (older releases), `pp512 @ d4096`.
/// `pp512+tg128` and anything else is `None`. The second value is the depth.
fn llama_test(cell: &str) -> Option<(Test, u64)> {
    let squeezed: String = cell.chars().filter(|c| *c != ' ').collect();
    let (main, depth) = match squeezed.split_once('@') {
        Some((main, d)) => (main.to_string(), d.strip_prefix('d')?.parse().ok()?),
        None => (squeezed, 0),
    };
    let count = |digits: &str| -> Option<f64> {
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| digits.parse().ok())
            .flatten()
    };
    if let Some(n) = main.strip_prefix("pp") {
        return Some((Test::Prompt(count(n)?), depth));
    }
    if let Some(n) = main.strip_prefix("tg") {
        return Some((Test::Gen(count(n)?), depth));
    }
    None
}

/// llama-bench markdown: `None` when no table header of it is in the text.
fn read_llama(lines: &[String]) -> Option<Result<Measured, MeasuredError>> {
    let tool = Tool::LlamaBench;
    let mut any_table = false;
    // (settings, depth, test, t/s) of each readable row.
    let mut rows: Vec<(String, u64, Test, f64)> = Vec::new();
    let mut header: Option<(Vec<String>, usize, usize)> = None;
    for line in lines {
        if line.is_empty() {
            continue;
        }
        let Some(cs) = cells(line) else {
            header = None;
            continue;
        };
        let test_col = cs.iter().position(|c| *c == "test");
        let tps_col = cs.iter().position(|c| *c == "t/s");
        if let (true, Some(t), Some(s)) = (cs.contains(&"model"), test_col, tps_col) {
            header = Some((cs.iter().map(|c| c.to_string()).collect(), t, s));
            any_table = true;
            continue;
        }
        let Some((names, t, s)) = &header else {
            continue;
        };
        if cs.len() != names.len() {
            header = None;
            continue;
        }
        if cs
            .iter()
            .all(|c| c.chars().all(|ch| matches!(ch, '-' | ':')))
        {
            continue;
        }
        let (Some((test, depth)), Some(tps)) = (llama_test(cs[*t]), lead_number(cs[*s])) else {
            continue;
        };
        let settings = names
            .iter()
            .zip(&cs)
            .enumerate()
            .filter(|(i, _)| i != t && i != s)
            .map(|(_, (n, c))| format!("{n}={c}"))
            .collect::<Vec<_>>()
            .join(";");
        rows.push((settings, depth, test, tps));
    }
    if !any_table {
        return None;
    }
    let mut settings: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    order::sort(&mut settings);
    settings.dedup();
    if settings.len() > 1 {
        return Some(Err(MeasuredError::Several {
            tool,
            count: settings.len(),
        }));
    }
    let pick = |prompt: bool| -> Option<(f64, f64)> {
        let of_kind = || {
            rows.iter().filter_map(move |(_, d, t, v)| match t {
                Test::Prompt(n) if prompt => Some((*d, *n, *v)),
                Test::Gen(n) if !prompt => Some((*d, *n, *v)),
                _ => None,
            })
        };
        of_kind()
            .find(|r| r.0 == 0)
            .or_else(|| of_kind().next())
            .map(|(_, n, v)| (n, v))
    };
    let mut m = Measured::empty(tool);
    if let Some((n, v)) = pick(true) {
        m.prefill_tps = Some(v);
        m.input_len = Some(n);
    }
    if let Some((n, v)) = pick(false) {
        m.decode_tps = Some(v);
        m.tpot_s = (v != 0.0).then(|| 1.0 / v);
        m.output_len = Some(n);
    }
    if m.has_figures() {
        m.concurrency = Some(1.0);
    }
    Some(m.checked())
}

#[derive(Clone, Copy, PartialEq)]
enum GenaiRow {
    Ttft,
    Itl,
    RequestLatency,
    Osl,
    Isl,
    OutputTps,
    Rps,
}

/// A genai-perf row label, `Time to first token (ms)`, `Output Sequence Length (tokens)`,
/// `Inter-token latency`: the row and the factor from its unit to seconds (times; 1 otherwise).
/// Nothing may follow the unit.
fn genai_label(label: &str) -> Option<(GenaiRow, f64)> {
    let (base, unit) = match label.split_once('(') {
        Some((base, rest)) => (base, rest.strip_suffix(')')?.trim()),
        None => (label, ""),
    };
    let base = base.trim();
    if !base.starts_with(|c: char| c.is_ascii_alphabetic())
        || !base.ends_with(|c: char| c.is_ascii_alphabetic())
    {
        return None;
    }
    let row = match base.replace('-', " ").as_str() {
        "time to first token" => GenaiRow::Ttft,
        "inter token latency" => GenaiRow::Itl,
        "request latency" => GenaiRow::RequestLatency,
        "output sequence length" => GenaiRow::Osl,
        "input sequence length" => GenaiRow::Isl,
        "output token throughput" => GenaiRow::OutputTps,
        "request throughput" => GenaiRow::Rps,
        _ => return None,
    };
    let scale = match row {
        GenaiRow::Ttft | GenaiRow::Itl | GenaiRow::RequestLatency => match unit {
            "ms" | "" => 1e-3,
            "us" | "µs" | "μs" => 1e-6,
            "ns" => 1e-9,
            "s" | "sec" => 1.0,
            _ => return None,
        },
        _ => 1.0,
    };
    Some((row, scale))
}

/// genai-perf (and AIPerf) console table: `None` when neither its header nor its rows are in
/// the text.
fn read_genai(lines: &[String]) -> Option<Result<Measured, MeasuredError>> {
    let tool = Tool::GenaiPerf;
    let mut headers = 0;
    // Offset from the label cell to the avg cell, from the last header seen.
    let mut offset: Option<usize> = None;
    let mut values: Vec<(GenaiRow, Option<f64>)> = Vec::new();
    let mut repeated = 0;
    let mut any_row = false;
    for line in lines {
        if let Some(cs) = cells(line) {
            let label_col = cs.iter().position(|c| *c == "statistic" || *c == "metric");
            let avg_col = cs.iter().position(|c| *c == "avg");
            if let (Some(l), Some(a)) = (label_col, avg_col) {
                if a > l {
                    headers += 1;
                    offset = Some(a - l);
                    continue;
                }
            }
            let Some((i, (row, scale))) = cs
                .iter()
                .enumerate()
                .find_map(|(i, c)| genai_label(c).map(|r| (i, r)))
            else {
                continue;
            };
            any_row = true;
            let value = cs
                .get(i + offset.unwrap_or(1))
                .and_then(|c| lead_number(c))
                .map(|v| v * scale);
            if values.iter().any(|(r, _)| *r == row) {
                repeated += 1;
            } else {
                values.push((row, value));
            }
        } else if let Some((label, value)) = line.split_once(':') {
            // 2024 releases print the throughputs below the table.
            let label = label.trim();
            let label = label.rsplit(['|', ']']).next().unwrap_or(label).trim();
            if let Some((row @ (GenaiRow::OutputTps | GenaiRow::Rps), _)) = genai_label(label) {
                if !values.iter().any(|(r, _)| *r == row) {
                    values.push((row, lead_number(value)));
                }
            }
        }
    }
    if headers == 0 && !any_row {
        return None;
    }
    if headers > 1 || (headers == 0 && repeated > 0) {
        return Some(Err(MeasuredError::Several {
            tool,
            count: headers.max(2),
        }));
    }
    let get = |row: GenaiRow| values.iter().find(|(r, _)| *r == row).and_then(|v| v.1);
    let mut m = Measured::empty(tool);
    m.ttft_s = get(GenaiRow::Ttft);
    m.tpot_s = get(GenaiRow::Itl).filter(|&v| v != 0.0);
    m.decode_tps = m.tpot_s.filter(|t| t.is_finite()).map(|t| 1.0 / t);
    m.output_tps = get(GenaiRow::OutputTps);
    m.request_rps = get(GenaiRow::Rps);
    m.input_len = get(GenaiRow::Isl);
    m.output_len = get(GenaiRow::Osl);
    Some(m.checked())
}

// ---------------------------------------------------------------------------------------------
// Link form

/// `v` at most 10 significant digits, plain between 1e-5 and 1e15, else `1.5e-7`. Finite values
/// only; one above what 10 digits can hold under `f64::MAX` is written just under it.
fn sig10(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    const TOP: f64 = 1.797_693_134e308;
    let v = if v.is_finite() { v.clamp(-TOP, TOP) } else { v };
    let s = format!("{v:.9e}");
    let Some((mant, exp)) = s.split_once('e') else {
        return s;
    };
    let Ok(exp) = exp.parse::<i32>() else {
        return s;
    };
    let mant = mant.trim_end_matches('0').trim_end_matches('.');
    if !(-5..15).contains(&exp) {
        return format!("{mant}e{exp}");
    }
    let (sign, mant) = match mant.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mant),
    };
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let point = exp + 1;
    let body = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else {
        let point = point as usize;
        if point >= digits.len() {
            format!("{digits}{}", "0".repeat(point - digits.len()))
        } else {
            format!("{}.{}", &digits[..point], &digits[point..])
        }
    };
    format!("{sign}{body}")
}

/// The link form of `m` (module docs): `v:dec=106.7235859,ttft=61.84,tpot=9.37,out=620.31`.
pub fn to_link(m: &Measured) -> String {
    let fields: Vec<String> = Figure::ALL
        .iter()
        .filter_map(|&f| {
            let v = f.get(m)?;
            let text = if f.is_time() {
                let ms = v * 1000.0;
                if ms.is_finite() && (ms == 0.0 || ms.abs() >= 1e-300) {
                    sig10(ms)
                } else {
                    format!("{}s", sig10(v))
                }
            } else {
                sig10(v)
            };
            Some(format!("{}={text}", f.key()))
        })
        .collect();
    format!("{}:{}", m.tool.tag(), fields.join(","))
}

/// Reads the link form back. Figures must be finite and not negative, each given once, at
/// least one given.
pub fn from_link(link: &str) -> Result<Measured, MeasuredError> {
    let (tag, rest) = link.trim().split_once(':').ok_or(MeasuredError::LinkTool)?;
    let tool = Tool::from_tag(tag).ok_or(MeasuredError::LinkTool)?;
    let mut m = Measured::empty(tool);
    if rest.is_empty() {
        return Err(MeasuredError::NoFigures { tool });
    }
    for (i, field) in rest.split(',').enumerate() {
        let bad = MeasuredError::LinkField { index: i + 1 };
        let (key, text) = field.split_once('=').ok_or(bad)?;
        let what = Figure::ALL
            .into_iter()
            .find(|f| f.key() == key)
            .ok_or(bad)?;
        let (text, per) = match text.strip_suffix('s') {
            Some(t) if what.is_time() => (t, 1.0),
            _ if what.is_time() => (text, 1000.0),
            _ => (text, 1.0),
        };
        if !text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
            || text.is_empty()
        {
            // Words such as inf and nan are not numbers of the link form.
            if matches!(text, "inf" | "infinity" | "nan" | "-inf") {
                return Err(MeasuredError::NotFinite { what });
            }
            return Err(bad);
        }
        let v: f64 = text.parse().map_err(|_| bad)?;
        let slot = what.slot(&mut m);
        if slot.is_some() {
            return Err(MeasuredError::LinkRepeated { what });
        }
        *slot = Some(v / per);
    }
    m.checked()
}
