//! The page's JSON reader (`calc::json`): RFC 8259 and nothing more, serde_json's limits, the
//! place of every refusal, and the same values as serde_json, which read these texts before.

use gpuplan::calc::json::{parse, quote, Number, Problem, Value, MAX_DEPTH};
use proptest::prelude::*;

/// Where and why `text` is refused.
#[track_caller]
fn refused(text: &str) -> (usize, usize, Problem) {
    match parse(text) {
        Ok(v) => panic!("{text:?} was read, as {v:?}"),
        Err(e) => (e.line, e.column, e.problem),
    }
}

fn string(s: &str) -> Value {
    Value::String(s.into())
}

#[test]
fn every_escape_json_has() {
    assert_eq!(
        parse(r#""a\"b\\c\/d\be\ff\ng\rh\ti""#).unwrap(),
        string("a\"b\\c/d\u{8}e\u{c}f\ng\rh\ti")
    );
    assert_eq!(parse(r#""\u0041\u00e9\u4e2D""#).unwrap(), string("Aé中"));
    assert_eq!(parse(r#""\u0000""#).unwrap(), string("\0"));
    // Only control characters must be escaped; DEL and everything above are taken as written.
    assert_eq!(
        parse("\"\u{7f}é中😀\u{2028}\"").unwrap(),
        string("\u{7f}é中😀\u{2028}")
    );
    assert_eq!(refused(r#""\x""#), (1, 3, Problem::BadEscape));
    assert_eq!(refused(r#""\'""#), (1, 3, Problem::BadEscape));
    assert_eq!(refused(r#""\u12""#), (1, 6, Problem::BadEscape));
    assert_eq!(refused(r#""\u12"#), (1, 6, Problem::End));
    assert_eq!(refused("\"a\u{1}b\""), (1, 3, Problem::ControlCharacter));
    assert_eq!(refused("\"a\tb\""), (1, 3, Problem::ControlCharacter));
    assert_eq!(refused("\"a\nb\""), (1, 3, Problem::ControlCharacter));
    assert_eq!(refused("\"abc"), (1, 5, Problem::End));
    assert_eq!(refused("\"abc\\"), (1, 6, Problem::End));
}

#[test]
fn surrogate_pairs_are_one_character_and_halves_are_refused() {
    assert_eq!(parse(r#""\ud83d\ude00""#).unwrap(), string("😀"));
    assert_eq!(parse(r#""\uD834\uDD1E!""#).unwrap(), string("𝄞!"));
    assert_eq!(parse(r#""\udbff\udfff""#).unwrap(), string("\u{10ffff}"));
    assert_eq!(parse(r#""\ud800\udc00""#).unwrap(), string("\u{10000}"));
    for half in [
        r#""\ud83d""#,
        r#""\ude00""#,
        r#""\ud83dx""#,
        r#""\ud83d\n""#,
        r#""\ud83d\u0041""#,
        r#""\ud83d\ud83d""#,
        r#""\udfff\ud800""#,
    ] {
        assert_eq!(refused(half).2, Problem::LoneSurrogate, "{half}");
    }
}

#[test]
fn numbers_are_what_str_parse_gives() {
    let long = format!("0.{}1", "0".repeat(800));
    for text in [
        "0",
        "-0",
        "1",
        "-1",
        "0.5",
        "1e3",
        "1E+3",
        "1e-3",
        "2.5E-2",
        "0.1",
        "0.30000000000000004",
        "1.7976931348623157e308",
        "5e-324",
        "2.4703282292062327e-324",
        "1e-400",
        "-1e-400",
        "0e999999999999999999999",
        "9007199254740993",
        "18446744073709551615",
        "18446744073709551616",
        "123456789012345678901234567890",
        long.as_str(),
    ] {
        let got = parse(text).unwrap().as_f64().unwrap();
        let want: f64 = text.parse().unwrap();
        assert_eq!(got.to_bits(), want.to_bits(), "{text}");
    }
    // Counts: written whole, without sign, fraction or exponent, and within u64.
    for (text, count) in [
        ("0", Some(0)),
        ("4096", Some(4096)),
        ("9007199254740993", Some(9_007_199_254_740_993)),
        ("18446744073709551615", Some(u64::MAX)),
        ("18446744073709551616", None),
        ("4096.0", None),
        ("4.096e3", None),
        ("4096e0", None),
        ("-0", None),
        ("-1", None),
    ] {
        assert_eq!(parse(text).unwrap().as_u64(), count, "{text}");
    }
}

#[test]
fn numbers_json_does_not_write_are_refused() {
    for (text, column, problem) in [
        ("-", 2, Problem::End),
        ("+1", 1, Problem::NotAValue),
        (".5", 1, Problem::NotAValue),
        ("1.", 3, Problem::End),
        ("1.e3", 3, Problem::BadNumber),
        ("1e", 3, Problem::End),
        ("1e+", 4, Problem::End),
        ("1e+x", 4, Problem::BadNumber),
        ("-x", 2, Problem::BadNumber),
        ("01", 2, Problem::TrailingText),
        ("-01", 3, Problem::TrailingText),
        ("0x10", 2, Problem::TrailingText),
        ("NaN", 1, Problem::NotAValue),
        ("Infinity", 1, Problem::NotAValue),
        ("-Infinity", 2, Problem::BadNumber),
        // Past f64's range: refused, never read as infinity.
        ("1e309", 1, Problem::TooLarge),
        ("-1e309", 1, Problem::TooLarge),
        ("1.7976931348623159e308", 1, Problem::TooLarge),
    ] {
        assert_eq!(refused(text), (1, column, problem), "{text}");
    }
    assert_eq!(refused("[1, 2e999]"), (1, 5, Problem::TooLarge));
}

#[test]
fn nesting_stops_at_serde_jsons_limit_without_overflowing() {
    let arrays = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    let objects = |n: usize| format!("{}1{}", r#"{"a":"#.repeat(n), "}".repeat(n));
    assert!(parse(&arrays(MAX_DEPTH)).is_ok());
    assert!(parse(&objects(MAX_DEPTH)).is_ok());
    assert_eq!(
        refused(&arrays(MAX_DEPTH + 1)),
        (1, MAX_DEPTH + 1, Problem::TooDeep)
    );
    assert_eq!(refused(&objects(MAX_DEPTH + 1)).2, Problem::TooDeep);
    assert_eq!(refused(&arrays(1_000_000)).2, Problem::TooDeep);
    // The limit is serde_json's, so every text it read is read here.
    assert!(serde_json::from_str::<serde_json::Value>(&arrays(MAX_DEPTH)).is_ok());
    assert!(serde_json::from_str::<serde_json::Value>(&arrays(MAX_DEPTH + 1)).is_err());
}

#[test]
fn refusals_are_placed_by_line_and_column() {
    for (text, line, column, problem) in [
        ("", 1, 1, Problem::End),
        ("  \n ", 2, 2, Problem::End),
        ("{", 1, 2, Problem::End),
        ("[1,]", 1, 4, Problem::NotAValue),
        ("[1 2]", 1, 4, Problem::NoComma),
        ("{\"a\" 1}", 1, 6, Problem::NoColon),
        ("{\"a\":1,}", 1, 8, Problem::NoName),
        ("{1:2}", 1, 2, Problem::NoName),
        ("{'a':1}", 1, 2, Problem::NoName),
        ("{\"a\":1 \"b\":2}", 1, 8, Problem::NoComma),
        ("{\n  \"a\": tru\n}", 2, 11, Problem::NotAValue),
        ("[\r\n1,\r\n]", 3, 1, Problem::NotAValue),
        // Columns count characters, not bytes.
        ("\"é中\\x\"", 1, 5, Problem::BadEscape),
        ("[\"😀\", x]", 1, 7, Problem::NotAValue),
        ("\u{89}PNG\r\n", 1, 1, Problem::NotAValue),
    ] {
        assert_eq!(refused(text), (line, column, problem), "{text:?}");
    }
    let e = parse("{\n  \"a\": tru\n}").unwrap_err();
    assert_eq!(e.to_string(), "line 2, column 11: expected a value");
}

#[test]
fn more_after_the_value_is_refused() {
    for (text, column) in [
        ("{} {}", 4),
        ("1 2", 3),
        ("[]]", 3),
        ("null x", 6),
        ("\"a\"\"b\"", 4),
        ("{}\u{feff}", 3),
        ("true,", 5),
    ] {
        assert_eq!(
            refused(text),
            (1, column, Problem::TrailingText),
            "{text:?}"
        );
    }
    assert_eq!(parse("{} \n\t\r").unwrap(), Value::Object(Vec::new()));
}

#[test]
fn literals_and_whitespace_as_rfc_8259_has_them() {
    assert_eq!(parse("true").unwrap(), Value::Bool(true));
    assert_eq!(parse("false").unwrap(), Value::Bool(false));
    assert_eq!(parse("null").unwrap(), Value::Null);
    assert_eq!(
        parse(" \t\n\r[ 1 ,\t2 ]\r\n").unwrap(),
        Value::Array(vec![
            Value::Number(Number::from(1)),
            Value::Number(Number::from(2))
        ])
    );
    for (text, column, problem) in [
        ("tru", 4, Problem::End),
        ("trux", 4, Problem::NotAValue),
        ("True", 1, Problem::NotAValue),
        ("nul", 4, Problem::End),
        ("\u{a0}1", 1, Problem::NotAValue),
        ("\u{feff}{}", 1, Problem::NotAValue),
        ("// note\n1", 1, Problem::NotAValue),
        ("/* note */ 1", 1, Problem::NotAValue),
        ("'a'", 1, Problem::NotAValue),
        ("undefined", 1, Problem::NotAValue),
    ] {
        assert_eq!(refused(text), (1, column, problem), "{text:?}");
    }
}

#[test]
fn objects_keep_their_order_and_the_last_of_a_name_is_found() {
    let v = parse(r#"{"b": 1, "a": 2, "b": 3}"#).unwrap();
    let names: Vec<&str> = v
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, _)| k.as_str())
        .collect();
    assert_eq!(names, ["b", "a", "b"]);
    assert_eq!(v.get("b").and_then(Value::as_u64), Some(3));
    assert_eq!(v.get("a").and_then(Value::as_u64), Some(2));
    assert_eq!(v.get("c"), None);
    assert_eq!(parse("[1]").unwrap().get("0"), None);
    assert_eq!(
        parse(r#"{"a\u0062": true}"#).unwrap().get("ab"),
        Some(&Value::Bool(true))
    );
}

#[test]
fn quote_writes_the_bytes_serde_json_wrote() {
    for s in [
        "",
        "plain",
        "a\"b\\c",
        "\n\r\t\u{8}\u{c}",
        "\u{0}\u{1}\u{1f}\u{7f}",
        "é中😀",
        "/",
        "\u{2028}\u{2029}",
        "8 x H100, \"fast\"",
    ] {
        assert_eq!(quote(s), serde_json::Value::from(s).to_string(), "{s:?}");
        assert_eq!(parse(&quote(s)).unwrap(), string(s));
    }
}

/// Test-only printer: `v` as JSON text, `gap` between every two tokens.
fn print(v: &Value, gap: &str, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        // A count as its digits; any other number as Rust's shortest round-trip text, which
        // always holds a `.` or an `e` and so reads back as no count.
        Value::Number(n) => match n.as_u64() {
            Some(u) => out.push_str(&u.to_string()),
            None => out.push_str(&format!("{:?}", n.as_f64())),
        },
        Value::String(s) => out.push_str(&quote(s)),
        Value::Array(items) => {
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(gap);
                print(x, gap, out);
                out.push_str(gap);
            }
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (i, (k, x)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(gap);
                out.push_str(&quote(k));
                out.push_str(gap);
                out.push(':');
                out.push_str(gap);
                print(x, gap, out);
                out.push_str(gap);
            }
            out.push('}');
        }
    }
}

/// Any value, numbers and strings of every kind, names given twice included.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<u64>().prop_map(|n| Value::Number(Number::from(n))),
        any::<f64>().prop_filter_map("finite", |x| Number::from_f64(x).map(Value::Number)),
        any::<String>().prop_map(Value::String),
        "[\\\\\"\u{0}-\u{1f}a-z😀]{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 64, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::vec(("[a-c]{0,2}|\\PC{0,6}", inner), 0..6)
                .prop_map(Value::Object),
        ]
    })
}

/// Text that is mostly JSON's own characters, in any order.
fn json_soup() -> impl Strategy<Value = String> {
    "[\\[\\]{}:,\"\\\\/0-9eE.+\\-truefalsn \t\r\n\u{0}\u{1f}é😀]{0,80}"
}

/// The same text, with a few characters removed, doubled or put in.
fn damaged(text: String, edits: Vec<(prop::sample::Index, u8, char)>) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (at, how, c) in edits {
        if chars.is_empty() {
            chars.push(c);
            continue;
        }
        let i = at.index(chars.len());
        match how % 3 {
            0 => {
                chars.remove(i);
            }
            1 => chars.insert(i, chars[i]),
            _ => chars.insert(i, c),
        }
    }
    chars.into_iter().collect()
}

/// JSON texts as serde_json writes them, with numbers of every form, sometimes damaged.
fn texts() -> impl Strategy<Value = String> {
    let number = "-?(0|[1-9][0-9]{0,24})(\\.[0-9]{1,20})?([eE][+-]?[0-9]{1,4})?";
    let written = prop_oneof![
        value().prop_map(|v| {
            let mut out = String::new();
            print(&v, "", &mut out);
            out
        }),
        value().prop_map(|v| {
            let mut out = String::new();
            print(&v, "\n ", &mut out);
            out
        }),
        number.prop_map(String::from),
        proptest::collection::vec(number, 0..4).prop_map(|n| format!("[{}]", n.join(","))),
    ];
    let edit = (
        any::<prop::sample::Index>(),
        any::<u8>(),
        "[\\[\\]{}:,\"\\\\0-9.e\\- a]",
    );
    (
        written,
        proptest::collection::vec(
            edit.prop_map(|(i, h, c)| (i, h, c.chars().next().unwrap())),
            0..3,
        ),
    )
        .prop_map(|(t, e)| damaged(t, e))
}

/// Whether serde_json's value and ours are the same: the same numbers (value and count) and
/// strings, and for an object the same names, each with the value of its last member (serde_json
/// keeps one member a name).
fn same(theirs: &serde_json::Value, ours: &Value) -> bool {
    use serde_json::Value as S;
    match (theirs, ours) {
        (S::Null, Value::Null) => true,
        (S::Bool(a), Value::Bool(b)) => a == b,
        (S::String(a), Value::String(b)) => a == b,
        (S::Number(a), Value::Number(b)) => {
            a.as_f64().map(f64::to_bits) == Some(b.as_f64().to_bits()) && a.as_u64() == b.as_u64()
        }
        (S::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
        }
        (S::Object(a), Value::Object(b)) => {
            let last: std::collections::BTreeMap<&str, &Value> =
                b.iter().map(|(k, v)| (k.as_str(), v)).collect();
            a.len() == last.len()
                && a.iter()
                    .all(|(k, x)| last.get(k.as_str()).is_some_and(|y| same(x, y)))
        }
        _ => false,
    }
}

proptest! {
    /// Any value, printed as JSON, reads back as itself.
    #[test]
    fn printed_values_read_back(
        v in value(),
        gap in prop::sample::select(vec!["", " ", "\n\t", "\r\n  "]),
    ) {
        let mut text = String::new();
        print(&v, gap, &mut text);
        prop_assert_eq!(parse(&text), Ok(v), "{}", text);
    }

    /// Whatever the text, the reader answers: a value, or a place within the text (or just past
    /// its end) and why.
    #[test]
    fn no_text_panics(text in prop_oneof![any::<String>(), json_soup()]) {
        if let Err(e) = parse(&text) {
            let lines = text.split('\n').count();
            prop_assert!(e.line >= 1 && e.line <= lines, "{:?}: {}", text, e);
            let line = text.split('\n').nth(e.line - 1).unwrap_or("");
            let within = e.column >= 1 && e.column <= line.chars().count() + 1;
            prop_assert!(within, "{:?}: {}", text, e);
        }
    }

    /// The reader takes exactly the texts serde_json took, as the same values: the page reads
    /// every file and save it read before.
    #[test]
    fn agrees_with_serde_json(text in prop_oneof![texts(), json_soup()]) {
        let theirs = serde_json::from_str::<serde_json::Value>(&text);
        let ours = parse(&text);
        match (&theirs, &ours) {
            (Ok(a), Ok(b)) => prop_assert!(same(a, b), "{:?}: {:?} / {:?}", text, a, b),
            (Err(_), Err(_)) => {}
            _ => prop_assert!(false, "{:?}: serde_json {:?}, ours {:?}", text, theirs, ours),
        }
    }
}
