//! Reads a number as people type it into a field, in Chinese or English, and returns it in the
//! field's link unit.
//!
//! # What is accepted
//!
//! - Plain decimals with a dot: `12.5`, `.5`, `5.`, and exponents: `1e6`, `2.5E-3`.
//! - A leading sign: `-`, `+`, the minus sign U+2212, and their full-width forms.
//! - Full-width text as typed with a Chinese input method: `１２０`, `１，２００．５`, `－３`. Characters
//!   U+FF01 to U+FF5E are folded to their ASCII twins, U+3000 (ideographic space) to a space and
//!   `￥` (U+FFE5) to `¥`. This is exactly what Unicode NFKC does to the characters a number can
//!   contain; the rest of NFKC (ligatures, compatibility ideographs, composed accents) never
//!   changes a number, so no Unicode table crate is pulled into the wasm bundle for it.
//! - Thousands separators between digit groups: `,` (and full-width `，`), `_`, the apostrophe `'`
//!   (and `’`, which Swiss keyboards often produce), a plain space and the no-break, narrow
//!   no-break and thin spaces (U+00A0, U+202F, U+2009). One number uses one kind of separator
//!   (the four spaces count as one kind), the first group has one to three digits and every later
//!   group exactly three: `1,200,000`, `12,345.6`, `1 200 000`, `1'234'567.89`.
//! - A multiplier after the number, with or without a space: `k`/`K` (thousand), `M` (million),
//!   `w`/`W` (ten thousand, the pinyin shorthand for 万), and the Chinese `百`, `千`, `万`, `亿`,
//!   which may be stacked from small to large as Chinese writes them (`3千万` is thirty million,
//!   `1.2万亿` is 1.2 trillion). `120万` is 1,200,000, `1.2亿` is 120,000,000, `1.5k` is 1500.
//!   Multipliers are refused in a percent field: no percentage is a thousand or a million, so one
//!   there is a value typed into the wrong field. In a token field `k` is 1,024 and `M`
//!   1,048,576: "32k" typed for a context means 32,768 to the people who type it.
//! - In a money field only, one currency mark before or after the number: `¥`, `CN¥`, `RMB`,
//!   `CNY`, `$`, `US$`, `USD` (letters in any case), and after the number also `元` and `美元`:
//!   `¥4.69万`, `4.69万元` (46,900), `USD 1.5k`. The mark is only read past: which currency a field
//!   holds is the field's business, not the text's.
//! - In a percent field only, a trailing `%` (or `％`). The number is kept as written, because a
//!   percent field's link unit is already percent: `70%` reads as 70.
//!
//! # What is refused, and why
//!
//! - Empty text, text without digits (`.`, `万`, `¥`), `NaN`, `inf`, `Infinity`, hex (`0x10`).
//! - A comma that is not followed by exactly three digits (`1,5`, `1,50`, `1,5000`), or that
//!   follows a first group longer than three digits (`1234,5`). English and Chinese both write
//!   the decimal point as a dot, but many European users write `1,5` for one and a half. Reading
//!   it as a grouping comma would silently give 15, ten times too much, so it is an error that
//!   the page can explain instead. `1,500` stays one thousand five hundred: with exactly three
//!   digits the grouping reading is the one this page's users mean.
//! - The ideographic full stop `。`: it ends a Chinese sentence and is never a decimal point,
//!   so `1。5` is refused rather than guessed to be 1.5. The full-width dot `．` is a dot.
//! - A `%` outside a percent field, and a currency mark outside a money field: the error names
//!   what was found, so the page can say why it does not belong there.
//! - Results that are not finite: `1e400`, or a multiplier that takes the value past the largest
//!   double (`1e305亿`).
//!
//! Nothing panics on any text: the reader walks characters, never byte offsets.

use thiserror::Error;

/// How a field's value is written: plain, a percentage (link unit = percent), money, or a
/// count of tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberKind {
    Plain,
    Percent,
    Money,
    /// Tokens: as plain, but `k`/`K` is 1,024 and `M` 1,048,576, as context lengths are written
    /// ("32k" is 32,768, "128k" 131,072, "1M" 1,048,576: the powers of two models are trained
    /// at). The Chinese multipliers stay decimal (`3万` is 30,000).
    Tokens,
}

impl NumberKind {
    fn name(self) -> &'static str {
        match self {
            NumberKind::Plain => "plain number",
            NumberKind::Percent => "percent",
            NumberKind::Money => "money",
            NumberKind::Tokens => "tokens",
        }
    }
}

/// Why a text is not a number for its field. Each variant carries what was found, so the page
/// can word its own message in either language without parsing this one.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum NumberTextError {
    /// Nothing but blanks.
    #[error("expected a number, found nothing")]
    Empty,
    /// No digits where the number should be (`abc`, `NaN`, `.`, a lone `万`), or an exponent
    /// without digits (`1e`).
    #[error("expected a number")]
    NotANumber,
    /// A character that has no place in a number at that point (`12abc`, `0x10`, `1.2.3`).
    #[error("unexpected {ch:?} in a number")]
    UnexpectedChar { ch: char },
    /// `。` was typed; it is never read as a decimal point.
    #[error("\u{3002} is not a decimal point; use a dot")]
    IdeographicFullStop,
    /// A thousands separator not followed by exactly three digits, after a first group longer
    /// than three digits, mixed with another kind of separator, or after the decimal point.
    /// `separator` is the character found, after full-width folding (`，` is reported as `,`).
    #[error("{separator:?} must separate groups of three digits; write decimals with a dot")]
    BadGrouping { separator: char },
    /// A `%` in a field that is not a percentage.
    #[error("a percent sign is not allowed here")]
    PercentNotAllowed,
    /// A currency mark outside a money field, or a multiplier in a percent field. `unit` is the
    /// mark as this module spells it (`¥` for `￥`, `USD` for `usd`, `万` for `万`).
    #[error("{unit} is not allowed in a {} field", kind.name())]
    UnitNotAllowed {
        unit: &'static str,
        kind: NumberKind,
    },
    /// The value is too large for a double (`1e400`, `1e305亿`).
    #[error("the number is too large")]
    NotFinite,
}

/// Reads `raw` as typed by a person into a field of the given kind; see the module doc for the
/// forms accepted. The result is in the field's link unit and always finite.
pub fn read_number(raw: &str, kind: NumberKind) -> Result<f64, NumberTextError> {
    let folded: Vec<char> = raw.chars().map(fold_width).collect();
    let text = trim_blanks(&folded);
    if text.is_empty() {
        return Err(NumberTextError::Empty);
    }
    // Checked before anything else so that `1。5` gets the error that explains it, not an
    // "unexpected character" one.
    if text.iter().any(|&c| c == '\u{3002}' || c == '\u{FF61}') {
        return Err(NumberTextError::IdeographicFullStop);
    }

    let mut cur = Cursor {
        chars: text,
        pos: 0,
    };
    // The sign may come before or after a currency mark: both `-¥5` and `¥-5` are written.
    let mut negative = cur.sign();
    let prefix = cur.currency(PREFIX_MARKS);
    if prefix.is_some() {
        cur.skip_blanks();
        if negative.is_none() {
            negative = cur.sign();
        }
    }
    let body = scan_body(&mut cur)?;

    cur.skip_blanks();
    let multiplier = scan_multiplier(&mut cur)?;
    cur.skip_blanks();
    let mut percent = false;
    let mut unit = prefix;
    if cur.peek() == Some('%') {
        cur.pos += 1;
        percent = true;
    } else if prefix.is_none() {
        unit = cur.currency(SUFFIX_MARKS);
    }
    if let Some(ch) = cur.peek() {
        return Err(NumberTextError::UnexpectedChar { ch });
    }

    if let Some(unit) = unit {
        if kind != NumberKind::Money {
            return Err(NumberTextError::UnitNotAllowed { unit, kind });
        }
    }
    if percent && kind != NumberKind::Percent {
        return Err(NumberTextError::PercentNotAllowed);
    }
    if let Some(m) = multiplier {
        if kind == NumberKind::Percent {
            return Err(NumberTextError::UnitNotAllowed {
                unit: m.first,
                kind,
            });
        }
    }

    // In a token field a Latin multiplier is binary: a power of two, exact in a double.
    let binary = match (kind, multiplier.map(|m| m.first)) {
        (NumberKind::Tokens, Some("k" | "K")) => 1024.0,
        (NumberKind::Tokens, Some("M")) => 1_048_576.0,
        _ => 1.0,
    };
    // The multiplier is added to the decimal exponent rather than multiplied in afterwards, so
    // that `4.69万` is the double nearest to 46900 (a product of two rounded doubles need not be).
    let power = if binary > 1.0 {
        0
    } else {
        multiplier.map_or(0, |m| m.power)
    };
    let exponent = body.exponent.saturating_add(power);
    let text = format!(
        "{}{}.{}e{}",
        if negative == Some(true) { "-" } else { "" },
        if body.int.is_empty() { "0" } else { &body.int },
        if body.frac.is_empty() {
            "0"
        } else {
            &body.frac
        },
        exponent
    );
    // Only ASCII digits, one dot and an exponent are in `text`, so this cannot fail; mapping a
    // failure to NotANumber keeps the function free of panics all the same.
    let value: f64 = text
        .parse::<f64>()
        .map_err(|_| NumberTextError::NotANumber)?
        * binary;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(NumberTextError::NotFinite)
    }
}

/// The NFKC folding that matters for numbers: the full-width ASCII block, the ideographic space,
/// the full-width yen sign. The minus sign U+2212 is folded too (NFKC keeps it): it is what a
/// number copied from a typeset document carries.
pub(crate) fn fold_width(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        '\u{FFE5}' => '\u{A5}',
        '\u{2212}' => '-',
        _ => c,
    }
}

fn trim_blanks(chars: &[char]) -> &[char] {
    let start = chars.iter().position(|c| !c.is_whitespace());
    let end = chars.iter().rposition(|c| !c.is_whitespace());
    match (start, end) {
        (Some(s), Some(e)) => &chars[s..=e],
        _ => &[],
    }
}

/// Currency marks read before the number, longest first where one starts another.
const PREFIX_MARKS: &[&str] = &["CN\u{A5}", "US$", "RMB", "CNY", "USD", "\u{A5}", "$"];
/// Marks read after the number: the prefix ones and the Chinese words for yuan and US dollar.
const SUFFIX_MARKS: &[&str] = &[
    "CN\u{A5}",
    "US$",
    "RMB",
    "CNY",
    "USD",
    "\u{A5}",
    "$",
    "\u{5143}",
    "\u{7F8E}\u{5143}",
];

/// The Chinese multipliers with their powers of ten; a stack of them must grow left to right.
const CHINESE_MULTIPLIERS: &[(char, &str, i64)] = &[
    ('\u{767E}', "\u{767E}", 2), // 百
    ('\u{5343}', "\u{5343}", 3), // 千
    ('\u{4E07}', "\u{4E07}", 4), // 万
    ('\u{4EBF}', "\u{4EBF}", 8), // 亿
];

/// Latin multipliers: one at most, never stacked. `m` is left out on purpose: it could mean
/// milli as well as million.
const LATIN_MULTIPLIERS: &[(char, &str, i64)] = &[
    ('k', "k", 3),
    ('K', "K", 3),
    ('M', "M", 6),
    ('w', "w", 4),
    ('W', "W", 4),
];

/// Exponents are clamped to this size: any double is reached long before, and clamping keeps
/// the arithmetic on them from overflowing.
const EXPONENT_LIMIT: i64 = 1_000_000_000;

struct Cursor<'a> {
    chars: &'a [char],
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// Reads a sign if one is next: `Some(true)` for minus.
    fn sign(&mut self) -> Option<bool> {
        let negative = match self.peek()? {
            '-' => true,
            '+' => false,
            _ => return None,
        };
        self.pos += 1;
        Some(negative)
    }

    /// Reads one of `marks` if it is next, ignoring the case of ASCII letters.
    fn currency(&mut self, marks: &[&'static str]) -> Option<&'static str> {
        for &mark in marks {
            let len = mark.chars().count();
            let matches = mark
                .chars()
                .enumerate()
                .all(|(i, m)| self.peek_at(i).is_some_and(|c| c.eq_ignore_ascii_case(&m)));
            if matches {
                self.pos += len;
                return Some(mark);
            }
        }
        None
    }
}

/// The digits of a number, its separators already removed.
struct Body {
    int: String,
    frac: String,
    exponent: i64,
}

/// The kinds of thousands separator; one number keeps to one kind.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SeparatorKind {
    Comma,
    Underscore,
    Apostrophe,
    Space,
}

fn separator_kind(c: char) -> Option<SeparatorKind> {
    match c {
        ',' => Some(SeparatorKind::Comma),
        '_' => Some(SeparatorKind::Underscore),
        '\'' | '\u{2019}' => Some(SeparatorKind::Apostrophe),
        ' ' | '\u{A0}' | '\u{202F}' | '\u{2009}' => Some(SeparatorKind::Space),
        _ => None,
    }
}

/// Reads digits with their grouping, a fraction and an exponent.
fn scan_body(cur: &mut Cursor) -> Result<Body, NumberTextError> {
    let mut int = String::new();
    let mut group_len = 0usize;
    let mut grouping: Option<SeparatorKind> = None;
    while let Some(c) = cur.peek() {
        if c.is_ascii_digit() {
            int.push(c);
            group_len += 1;
            cur.pos += 1;
            continue;
        }
        let Some(kind) = separator_kind(c) else {
            break;
        };
        if int.is_empty() {
            break;
        }
        // A space that is not followed by a digit ends the number: it is the blank before a
        // multiplier or a unit (`120 万`, `5 USD`). Any other separator must be followed by a
        // group, so it is checked below.
        if kind == SeparatorKind::Space && !cur.peek_at(1).is_some_and(|d| d.is_ascii_digit()) {
            break;
        }
        let group_ok = match grouping {
            None => (1..=3).contains(&group_len),
            Some(previous) => previous == kind && group_len == 3,
        };
        if !group_ok {
            return Err(NumberTextError::BadGrouping { separator: c });
        }
        grouping = Some(kind);
        group_len = 0;
        cur.pos += 1;
    }
    if grouping.is_some() && group_len != 3 {
        // The last group is short or long (`1,5`, `1,50`, `1,5000`): most likely a decimal
        // comma, which is never guessed at.
        let separator = cur.chars[..cur.pos]
            .iter()
            .rev()
            .copied()
            .find(|&c| separator_kind(c).is_some())
            .unwrap_or(',');
        return Err(NumberTextError::BadGrouping { separator });
    }

    let mut frac = String::new();
    if cur.peek() == Some('.') {
        cur.pos += 1;
        while let Some(c) = cur.peek().filter(char::is_ascii_digit) {
            frac.push(c);
            cur.pos += 1;
        }
        refuse_separator_in_decimals(cur)?;
    }
    if int.is_empty() && frac.is_empty() {
        return Err(NumberTextError::NotANumber);
    }

    let mut exponent = 0i64;
    if matches!(cur.peek(), Some('e' | 'E')) {
        cur.pos += 1;
        let negative = cur.sign() == Some(true);
        let mut digits = 0usize;
        while let Some(d) = cur.peek().and_then(|c| c.to_digit(10)) {
            exponent = (exponent * 10 + i64::from(d)).min(EXPONENT_LIMIT);
            digits += 1;
            cur.pos += 1;
        }
        if digits == 0 {
            return Err(NumberTextError::NotANumber);
        }
        if negative {
            exponent = -exponent;
        }
    }
    Ok(Body {
        int,
        frac,
        exponent,
    })
}

/// After the decimal point digits are never grouped: `1.234,5` is a European number and
/// `3.141 592` a grouped fraction this reader does not take.
fn refuse_separator_in_decimals(cur: &Cursor) -> Result<(), NumberTextError> {
    let Some(c) = cur.peek() else {
        return Ok(());
    };
    match separator_kind(c) {
        Some(SeparatorKind::Space) if !cur.peek_at(1).is_some_and(|d| d.is_ascii_digit()) => Ok(()),
        Some(_) => Err(NumberTextError::BadGrouping { separator: c }),
        None => Ok(()),
    }
}

#[derive(Clone, Copy)]
struct Multiplier {
    /// The power of ten it stands for.
    power: i64,
    /// Its first character, to name it in an error.
    first: &'static str,
}

fn scan_multiplier(cur: &mut Cursor) -> Result<Option<Multiplier>, NumberTextError> {
    let Some(c) = cur.peek() else {
        return Ok(None);
    };
    if let Some(&(_, name, power)) = LATIN_MULTIPLIERS.iter().find(|m| m.0 == c) {
        cur.pos += 1;
        return Ok(Some(Multiplier { power, first: name }));
    }
    let mut found: Option<Multiplier> = None;
    let mut last_power = 0i64;
    while let Some(c) = cur.peek() {
        let Some(&(_, name, power)) = CHINESE_MULTIPLIERS.iter().find(|m| m.0 == c) else {
            break;
        };
        // `千万` and `万亿` are numbers Chinese writes; `万千` is not, and is refused rather than
        // read as some product.
        if power <= last_power {
            return Err(NumberTextError::UnexpectedChar { ch: c });
        }
        last_power = power;
        found = Some(match found {
            None => Multiplier { power, first: name },
            Some(m) => Multiplier {
                power: m.power + power,
                first: m.first,
            },
        });
        cur.pos += 1;
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::NumberKind::{Money, Percent, Plain};
    use super::NumberTextError as E;
    use super::*;
    use proptest::prelude::*;

    fn plain(s: &str) -> Result<f64, NumberTextError> {
        read_number(s, Plain)
    }

    /// The full-width twin of an ASCII text, as a Chinese input method types it.
    fn full_width(s: &str) -> String {
        s.chars()
            .map(|c| match c {
                '!'..='~' => char::from_u32(c as u32 + 0xFEE0).unwrap_or(c),
                ' ' => '\u{3000}',
                _ => c,
            })
            .collect()
    }

    /// `v` written with `sep` between groups of three integer digits (en-US and zh-CN agree).
    fn grouped(v: f64, sep: &str) -> String {
        let text = format!("{v}");
        let (sign, unsigned) = match text.strip_prefix('-') {
            Some(rest) => ("-", rest),
            None => ("", text.as_str()),
        };
        let (int, frac) = match unsigned.split_once('.') {
            Some((i, f)) => (i, Some(f)),
            None => (unsigned, None),
        };
        let digits: Vec<char> = int.chars().collect();
        let mut out = String::from(sign);
        for (i, d) in digits.iter().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push_str(sep);
            }
            out.push(*d);
        }
        if let Some(f) = frac {
            out.push('.');
            out.push_str(f);
        }
        out
    }

    /// `v` in 万: its decimal text with the point moved four places left, then `万`.
    fn in_wan(v: f64) -> String {
        let text = format!("{v}");
        let (sign, unsigned) = match text.strip_prefix('-') {
            Some(rest) => ("-", rest),
            None => ("", text.as_str()),
        };
        let (int, frac) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let int = format!("{int:0>5}");
        let (high, low) = int.split_at(int.len() - 4);
        format!("{sign}{high}.{low}{frac}\u{4E07}")
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs().max(f64::MIN_POSITIVE)
    }

    #[test]
    fn plain_decimals_and_exponents() {
        assert_eq!(plain("12.5"), Ok(12.5));
        assert_eq!(plain(".5"), Ok(0.5));
        assert_eq!(plain("5."), Ok(5.0));
        assert_eq!(plain("1e6"), Ok(1e6));
        assert_eq!(plain("2.5E-3"), Ok(2.5e-3));
        assert_eq!(plain("  42 \t"), Ok(42.0));
        assert_eq!(plain("\u{3000}42\u{3000}"), Ok(42.0));
    }

    #[test]
    fn signs() {
        assert_eq!(plain("-3"), Ok(-3.0));
        assert_eq!(plain("+3"), Ok(3.0));
        assert_eq!(plain("\u{2212}3"), Ok(-3.0));
        assert_eq!(plain("\u{FF0D}3"), Ok(-3.0));
        assert_eq!(plain("\u{FF0B}3"), Ok(3.0));
        assert_eq!(plain("--3"), Err(E::NotANumber));
        assert_eq!(plain("3-"), Err(E::UnexpectedChar { ch: '-' }));
    }

    #[test]
    fn full_width_digits_and_punctuation() {
        assert_eq!(plain("\u{FF11}\u{FF12}\u{FF10}"), Ok(120.0));
        assert_eq!(
            plain("\u{FF11}\u{FF0C}\u{FF12}\u{FF10}\u{FF10}"),
            Ok(1200.0)
        );
        assert_eq!(plain("\u{FF13}\u{FF0E}\u{FF15}"), Ok(3.5));
        assert_eq!(plain(&full_width("1,234,567.89")), Ok(1_234_567.89));
        assert_eq!(plain(&full_width("1e3")), Ok(1000.0));
    }

    #[test]
    fn ideographic_full_stop_is_not_a_decimal_point() {
        assert_eq!(plain("1\u{3002}5"), Err(E::IdeographicFullStop));
        assert_eq!(plain("1\u{FF61}5"), Err(E::IdeographicFullStop));
        assert_eq!(plain("15\u{3002}"), Err(E::IdeographicFullStop));
    }

    #[test]
    fn grouping_separators() {
        assert_eq!(plain("1,200,000"), Ok(1_200_000.0));
        assert_eq!(plain("12,345.6"), Ok(12_345.6));
        assert_eq!(plain("1 200 000"), Ok(1_200_000.0));
        assert_eq!(plain("1\u{A0}200\u{A0}000"), Ok(1_200_000.0));
        assert_eq!(plain("1\u{202F}200"), Ok(1200.0));
        assert_eq!(plain("1\u{2009}200"), Ok(1200.0));
        assert_eq!(plain("1\u{A0}200 000"), Ok(1_200_000.0));
        assert_eq!(plain("1_200_000"), Ok(1_200_000.0));
        assert_eq!(plain("1'234'567.89"), Ok(1_234_567.89));
        assert_eq!(plain("1\u{2019}234"), Ok(1234.0));
        assert_eq!(plain("-1,500"), Ok(-1500.0));
    }

    #[test]
    fn decimal_comma_is_refused_not_read_ten_times_too_large() {
        let comma = E::BadGrouping { separator: ',' };
        assert_eq!(plain("1,5"), Err(comma.clone()));
        assert_eq!(plain("1,50"), Err(comma.clone()));
        assert_eq!(plain("1,5000"), Err(comma.clone()));
        assert_eq!(plain("1234,567"), Err(comma.clone()));
        assert_eq!(plain("1,234,56"), Err(comma.clone()));
        assert_eq!(plain("1,"), Err(comma.clone()));
        assert_eq!(plain("1.234,56"), Err(comma.clone()));
        assert_eq!(plain("1\u{FF0C}5"), Err(comma));
        assert_eq!(plain("1 5"), Err(E::BadGrouping { separator: ' ' }));
        assert_eq!(plain("1_5"), Err(E::BadGrouping { separator: '_' }));
        assert_eq!(plain("3.141 592"), Err(E::BadGrouping { separator: ' ' }));
    }

    #[test]
    fn mixed_separators_are_refused() {
        assert_eq!(plain("1,234 567"), Err(E::BadGrouping { separator: ' ' }));
        assert_eq!(plain("1_234,567"), Err(E::BadGrouping { separator: ',' }));
    }

    #[test]
    fn multipliers() {
        assert_eq!(plain("120\u{4E07}"), Ok(1_200_000.0));
        assert_eq!(plain("120 \u{4E07}"), Ok(1_200_000.0));
        assert_eq!(plain("1.2\u{4EBF}"), Ok(120_000_000.0));
        assert_eq!(plain("3\u{5343}"), Ok(3000.0));
        assert_eq!(plain("5\u{767E}"), Ok(500.0));
        assert_eq!(plain("1.5k"), Ok(1500.0));
        assert_eq!(plain("1.5K"), Ok(1500.0));
        assert_eq!(plain("2M"), Ok(2_000_000.0));
        assert_eq!(plain("12w"), Ok(120_000.0));
        assert_eq!(plain("12W"), Ok(120_000.0));
        assert_eq!(plain(&full_width("1.5k")), Ok(1500.0));
        assert_eq!(plain("1,200\u{4E07}"), Ok(12_000_000.0));
        assert_eq!(plain("123.456789\u{4E07}"), Ok(1_234_567.89));
        assert_eq!(plain("2m"), Err(E::UnexpectedChar { ch: 'm' }));
        assert_eq!(plain("1kk"), Err(E::UnexpectedChar { ch: 'k' }));
    }

    #[test]
    fn stacked_chinese_multipliers() {
        assert_eq!(plain("3\u{5343}\u{4E07}"), Ok(30_000_000.0));
        assert_eq!(plain("2\u{767E}\u{4E07}"), Ok(2_000_000.0));
        assert_eq!(plain("1.2\u{4E07}\u{4EBF}"), Ok(1.2e12));
        assert_eq!(
            plain("1\u{4E07}\u{5343}"),
            Err(E::UnexpectedChar { ch: '\u{5343}' })
        );
        assert_eq!(
            plain("1\u{4E07}\u{4E07}"),
            Err(E::UnexpectedChar { ch: '\u{4E07}' })
        );
        assert_eq!(
            plain("1k\u{4E07}"),
            Err(E::UnexpectedChar { ch: '\u{4E07}' })
        );
    }

    #[test]
    fn money_marks_in_a_money_field() {
        let money = |s: &str| read_number(s, Money);
        assert_eq!(money("4.69\u{4E07}\u{5143}"), Ok(46_900.0));
        assert_eq!(money("4.69\u{4E07} \u{5143}"), Ok(46_900.0));
        assert_eq!(money("\u{A5}1,200"), Ok(1200.0));
        assert_eq!(money("\u{FFE5}1,200"), Ok(1200.0));
        assert_eq!(money("CN\u{A5}1200"), Ok(1200.0));
        assert_eq!(money("RMB 120\u{4E07}"), Ok(1_200_000.0));
        assert_eq!(money("120\u{4E07}RMB"), Ok(1_200_000.0));
        assert_eq!(money("cny 5"), Ok(5.0));
        assert_eq!(money("$1.5k"), Ok(1500.0));
        assert_eq!(money("\u{FF04}1.5k"), Ok(1500.0));
        assert_eq!(money("US$ 2.49"), Ok(2.49));
        assert_eq!(money("2.49 USD"), Ok(2.49));
        assert_eq!(money("2.49$"), Ok(2.49));
        assert_eq!(money("3\u{4E07}\u{7F8E}\u{5143}"), Ok(30_000.0));
        assert_eq!(money("-\u{A5}5"), Ok(-5.0));
        assert_eq!(money("\u{A5}-5"), Ok(-5.0));
        assert_eq!(money("\u{5143}5"), Err(E::NotANumber));
        assert_eq!(money("\u{A5}"), Err(E::NotANumber));
        assert_eq!(money("$5 USD"), Err(E::UnexpectedChar { ch: 'U' }));
    }

    #[test]
    fn money_marks_elsewhere_name_the_unit() {
        assert_eq!(
            plain("4.69\u{4E07}\u{5143}"),
            Err(E::UnitNotAllowed {
                unit: "\u{5143}",
                kind: Plain
            })
        );
        assert_eq!(
            plain("\u{FFE5}5"),
            Err(E::UnitNotAllowed {
                unit: "\u{A5}",
                kind: Plain
            })
        );
        assert_eq!(
            read_number("usd 5", Percent),
            Err(E::UnitNotAllowed {
                unit: "USD",
                kind: Percent
            })
        );
    }

    #[test]
    fn percent_only_in_a_percent_field() {
        let pct = |s: &str| read_number(s, Percent);
        assert_eq!(pct("70%"), Ok(70.0));
        assert_eq!(pct("70 %"), Ok(70.0));
        assert_eq!(pct("70\u{FF05}"), Ok(70.0));
        assert_eq!(pct("\u{FF17}\u{FF10}\u{FF05}"), Ok(70.0));
        assert_eq!(pct("70"), Ok(70.0));
        assert_eq!(pct("12.5%"), Ok(12.5));
        assert_eq!(pct("%"), Err(E::NotANumber));
        assert_eq!(pct("70%%"), Err(E::UnexpectedChar { ch: '%' }));
        assert_eq!(plain("70%"), Err(E::PercentNotAllowed));
        assert_eq!(read_number("70%", Money), Err(E::PercentNotAllowed));
        assert_eq!(
            pct("5\u{4E07}"),
            Err(E::UnitNotAllowed {
                unit: "\u{4E07}",
                kind: Percent
            })
        );
        assert_eq!(
            pct("1k%"),
            Err(E::UnitNotAllowed {
                unit: "k",
                kind: Percent
            })
        );
    }

    #[test]
    fn refused_forms() {
        assert_eq!(plain(""), Err(E::Empty));
        assert_eq!(plain(" \u{3000}\u{A0}"), Err(E::Empty));
        assert_eq!(plain("."), Err(E::NotANumber));
        assert_eq!(plain("\u{4E07}"), Err(E::NotANumber));
        assert_eq!(plain("k"), Err(E::NotANumber));
        assert_eq!(plain("NaN"), Err(E::NotANumber));
        assert_eq!(plain("nan"), Err(E::NotANumber));
        assert_eq!(plain("inf"), Err(E::NotANumber));
        assert_eq!(plain("-inf"), Err(E::NotANumber));
        assert_eq!(plain("Infinity"), Err(E::NotANumber));
        assert_eq!(plain("abc"), Err(E::NotANumber));
        assert_eq!(plain("0x10"), Err(E::UnexpectedChar { ch: 'x' }));
        assert_eq!(plain("12abc"), Err(E::UnexpectedChar { ch: 'a' }));
        assert_eq!(plain("1.2.3"), Err(E::UnexpectedChar { ch: '.' }));
        assert_eq!(plain("1e"), Err(E::NotANumber));
        assert_eq!(plain("1e+"), Err(E::NotANumber));
    }

    #[test]
    fn results_are_finite() {
        assert_eq!(plain("1e400"), Err(E::NotFinite));
        assert_eq!(plain("-1e400"), Err(E::NotFinite));
        assert_eq!(plain("1e305\u{4EBF}"), Err(E::NotFinite));
        assert_eq!(plain("1e999999999999999999999"), Err(E::NotFinite));
        assert_eq!(plain("1e-999999999999999999999"), Ok(0.0));
        assert_eq!(plain("1e300\u{4E07}"), Ok(1e304));
    }

    #[test]
    fn multiplier_is_exact_in_decimal() {
        // 4.69 × 10000 in doubles need not be 46900; reading the multiplier as an exponent is.
        assert_eq!(read_number("4.69\u{4E07}", Money), Ok(46_900.0));
        assert_eq!(plain("0.1\u{4EBF}"), Ok(10_000_000.0));
        assert_eq!(plain("1.005k"), Ok(1005.0));
    }

    #[test]
    fn errors_read_as_sentences() {
        assert_eq!(
            plain("1,5").unwrap_err().to_string(),
            "',' must separate groups of three digits; write decimals with a dot"
        );
        assert_eq!(
            plain("\u{A5}5").unwrap_err().to_string(),
            "\u{A5} is not allowed in a plain number field"
        );
    }

    #[test]
    fn helpers_write_the_forms_the_property_tests_use() {
        assert_eq!(grouped(1_234_567.89, ","), "1,234,567.89");
        assert_eq!(grouped(-123.0, ","), "-123");
        assert_eq!(in_wan(1_234_567.89), "123.456789\u{4E07}");
        assert_eq!(in_wan(-5.0), "-0.0005\u{4E07}");
        assert_eq!(full_width("1,2"), "\u{FF11}\u{FF0C}\u{FF12}");
    }

    /// Characters that make up numbers and their neighbours, so random text often comes close to
    /// being a number and reaches the deeper branches.
    fn number_like_char() -> impl Strategy<Value = char> {
        prop_oneof![
            3 => prop::sample::select(vec![
                '0', '1', '5', '9', ',', '.', '_', '\'', ' ', '-', '+', 'e', 'E', '%', 'k', 'M',
                'w', '$', '\u{A5}', '\u{FFE5}', '\u{4E07}', '\u{4EBF}', '\u{5343}', '\u{767E}',
                '\u{5143}', '\u{3002}', '\u{3000}', '\u{A0}', '\u{202F}', '\u{2009}', '\u{2212}',
                '\u{FF10}', '\u{FF0C}', '\u{FF0E}', '\u{FF05}', '\u{FF0D}', 'U', 'S', 'D', 'x',
            ]),
            1 => any::<char>(),
        ]
    }

    proptest! {
        #[test]
        fn prop_grouped_full_width_and_wan_forms_read_back(
            v in -1e12f64..1e12f64,
            sep in prop::sample::select(vec![",", " ", "\u{A0}", "\u{202F}", "\u{2009}", "_", "'"]),
        ) {
            let en = grouped(v, ",");
            let got = plain(&en);
            prop_assert!(matches!(got, Ok(x) if close(x, v)), "{en:?} -> {got:?}");
            let other = grouped(v, sep);
            let got = plain(&other);
            prop_assert!(matches!(got, Ok(x) if close(x, v)), "{other:?} -> {got:?}");
            let wide = full_width(&en);
            let got = plain(&wide);
            prop_assert!(matches!(got, Ok(x) if close(x, v)), "{wide:?} -> {got:?}");
            let wan = in_wan(v);
            let got = plain(&wan);
            prop_assert!(matches!(got, Ok(x) if close(x, v)), "{wan:?} -> {got:?}");
            let wide_wan = full_width(&wan);
            let got = read_number(&format!("{wide_wan}\u{5143}"), Money);
            prop_assert!(matches!(got, Ok(x) if close(x, v)), "{wide_wan:?} -> {got:?}");
        }

        #[test]
        fn prop_any_text_never_panics_and_ok_is_finite(
            chars in prop::collection::vec(number_like_char(), 0..24),
        ) {
            let text: String = chars.into_iter().collect();
            for kind in [Plain, Percent, Money] {
                if let Ok(x) = read_number(&text, kind) {
                    prop_assert!(x.is_finite(), "{text:?} -> {x}");
                }
            }
        }

        #[test]
        fn prop_percent_text_reads_back(v in any::<f64>().prop_filter("finite", |v| v.is_finite())) {
            let text = format!("{v}%");
            prop_assert_eq!(read_number(&text, Percent), Ok(v));
        }
    }
}
