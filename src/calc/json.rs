//! The page's own JSON reader, for the three JSON texts it takes in: schema 1's stored scenario
//! ([`super::scenario`]), an export file ([`super::library`]) and a pasted Hugging Face
//! `config.json` ([`super::memory::config_json`]); and [`quote`], the writer of one JSON string,
//! for the export file and the note a tab leaves in storage.
//!
//! It reads JSON texts as RFC 8259 defines them and nothing else: no comments, no trailing
//! commas, no single quotes, no byte order mark (the file import strips one first), whitespace
//! only space, tab, line feed and carriage return, and any value at the top. An object keeps its
//! members in the order written, names given twice included; [`Value::get`] finds the last one,
//! as `JSON.parse` does.
//!
//! Limits (RFC 8259 lets a reader set them), the same as those of the JSON library that read
//! these texts before (tests/core/json.rs checks that the two agree): arrays and objects nest at
//! most [`MAX_DEPTH`] deep, so a hostile text cannot exhaust the stack; a number is the `f64`
//! that `str::parse` gives for its text, and one too large for an `f64` is refused rather than
//! read as infinity; a `\u` escape of half a surrogate pair is refused, as a Rust string cannot
//! hold it. Nothing here panics, whatever the text; a refusal says where, by line and column (in
//! characters, from 1), and what was wrong.
//!
//! Why it exists: the page read these texts through a general-purpose JSON library and its
//! derived readers, whose generic code was about 83 KB of the wasm (twiggy), for three small
//! texts. With this reader, the schema-1 reader written by hand and that library gone, the
//! release wasm went from 643,431 to 611,413 bytes gzip (1,644,225 to 1,579,465 raw); this
//! reader, the schema-1 reader and the stored form's reading take about 13 KB raw of it
//! (benches/RESULTS.md).

use std::fmt;

/// How deep arrays and objects may nest: the limit of the JSON library that read these texts
/// before, so every text it read, this reader reads.
pub const MAX_DEPTH: usize = 127;

/// A JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Value>),
    /// Members in the order written, a name given twice kept twice.
    Object(Vec<(String, Value)>),
}

/// A JSON number: its value, and its integer when it was written as one that fits `u64`.
///
/// The integer is kept apart because the readers take a count only when it is written whole
/// (`4096`, not `4096.0` or `4.096e3`), and exactly past 2^53 where an `f64` is not.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Number {
    value: f64,
    whole: Option<u64>,
}

impl Number {
    /// A number written with a fraction or an exponent; `None` for a value JSON cannot hold.
    pub fn from_f64(value: f64) -> Option<Number> {
        value.is_finite().then_some(Number { value, whole: None })
    }

    pub fn as_f64(self) -> f64 {
        self.value
    }

    /// The number when it was written as a whole number without sign, fraction or exponent.
    pub fn as_u64(self) -> Option<u64> {
        self.whole
    }
}

impl From<u64> for Number {
    fn from(n: u64) -> Number {
        Number {
            value: n as f64,
            whole: Some(n),
        }
    }
}

impl Value {
    /// The member `key` of an object (the last one, if it is given twice).
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object()?
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    pub fn as_object(&self) -> Option<&[(String, Value)]> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(n.as_f64()),
            _ => None,
        }
    }

    /// A count: a number written whole, without sign, fraction or exponent.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Number(n) => n.as_u64(),
            _ => None,
        }
    }
}

/// Why a text is not JSON, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Error {
    /// From 1.
    pub line: usize,
    /// From 1, in characters.
    pub column: usize,
    pub problem: Problem,
}

/// What was wrong at an [`Error`]'s place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// The text ends inside a value, or holds none.
    End,
    /// Something other than a value where one belongs.
    NotAValue,
    /// A member of an object does not start with its name in quotes.
    NoName,
    /// A member's name is not followed by `:`.
    NoColon,
    /// An array or object goes on without `,` or its closing bracket.
    NoComma,
    /// A number not written as JSON writes one (`01`, `1.`, `.5`, `+1`, `1e`).
    BadNumber,
    /// A number too large for an `f64`.
    TooLarge,
    /// A backslash not followed by one of `"\/bfnrt` or by `u` and four hex digits.
    BadEscape,
    /// A `\u` escape of half a surrogate pair.
    LoneSurrogate,
    /// A control character (below U+0020) inside a string, where JSON requires an escape.
    ControlCharacter,
    /// Arrays and objects nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// More after the value.
    TrailingText,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Problem::End => "the text ends before the value does",
            Problem::NotAValue => "expected a value",
            Problem::NoName => "expected a member name in quotes",
            Problem::NoColon => "expected ':' after a member name",
            Problem::NoComma => "expected ',' or the closing bracket",
            Problem::BadNumber => "not a number as JSON writes one",
            Problem::TooLarge => "a number too large",
            Problem::BadEscape => "not an escape JSON has",
            Problem::LoneSurrogate => "half a surrogate pair",
            Problem::ControlCharacter => "a control character inside a string",
            Problem::TooDeep => "nested too deep",
            Problem::TrailingText => "more text after the value",
        })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.problem
        )
    }
}

impl std::error::Error for Error {}

/// Reads `text` as one JSON value.
pub fn parse(text: &str) -> Result<Value, Error> {
    let mut p = Parser {
        text,
        at: 0,
        depth: 0,
    };
    let v = p.value()?;
    p.space();
    if p.at < text.len() {
        return Err(p.fail(Problem::TrailingText));
    }
    Ok(v)
}

struct Parser<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    at: usize,
    /// Arrays and objects open around the reader.
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// The error at the current place. Lines and columns are counted only here, so reading a
    /// text that is fine costs nothing for them.
    fn fail(&self, problem: Problem) -> Error {
        let before = &self.text.as_bytes()[..self.at.min(self.text.len())];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        Error {
            line: 1 + before.iter().filter(|&&b| b == b'\n').count(),
            // Characters, not bytes: a column a person can find in an editor. A character
            // starts at every byte that is not a UTF-8 continuation byte.
            column: 1 + before[line_start..]
                .iter()
                .filter(|&&b| b & 0xC0 != 0x80)
                .count(),
            problem,
        }
    }

    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    fn value(&mut self) -> Result<Value, Error> {
        self.space();
        match self.peek() {
            None => Err(self.fail(Problem::End)),
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string().map(Value::String),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'n') => self.word("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number().map(Value::Number),
            Some(_) => Err(self.fail(Problem::NotAValue)),
        }
    }

    fn word(&mut self, word: &str, v: Value) -> Result<Value, Error> {
        for &want in word.as_bytes() {
            match self.peek() {
                Some(b) if b == want => self.at += 1,
                None => return Err(self.fail(Problem::End)),
                Some(_) => return Err(self.fail(Problem::NotAValue)),
            }
        }
        Ok(v)
    }

    /// Steps into an array or object, at its opening bracket.
    fn open(&mut self) -> Result<(), Error> {
        if self.depth == MAX_DEPTH {
            return Err(self.fail(Problem::TooDeep));
        }
        self.depth += 1;
        self.at += 1;
        self.space();
        Ok(())
    }

    /// After an element or member: whether another follows (`,`) or the container ends here.
    fn next_or_close(&mut self, close: u8) -> Result<bool, Error> {
        self.space();
        match self.peek() {
            Some(b',') => {
                self.at += 1;
                Ok(true)
            }
            Some(b) if b == close => {
                self.at += 1;
                self.depth -= 1;
                Ok(false)
            }
            None => Err(self.fail(Problem::End)),
            Some(_) => Err(self.fail(Problem::NoComma)),
        }
    }

    fn array(&mut self) -> Result<Value, Error> {
        self.open()?;
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.at += 1;
            self.depth -= 1;
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.value()?);
            if !self.next_or_close(b']')? {
                return Ok(Value::Array(items));
            }
        }
    }

    fn object(&mut self) -> Result<Value, Error> {
        self.open()?;
        let mut members = Vec::new();
        if self.peek() == Some(b'}') {
            self.at += 1;
            self.depth -= 1;
            return Ok(Value::Object(members));
        }
        loop {
            self.space();
            match self.peek() {
                Some(b'"') => {}
                None => return Err(self.fail(Problem::End)),
                Some(_) => return Err(self.fail(Problem::NoName)),
            }
            let name = self.string()?;
            self.space();
            match self.peek() {
                Some(b':') => self.at += 1,
                None => return Err(self.fail(Problem::End)),
                Some(_) => return Err(self.fail(Problem::NoColon)),
            }
            let v = self.value()?;
            members.push((name, v));
            if !self.next_or_close(b'}')? {
                return Ok(Value::Object(members));
            }
        }
    }

    /// A string, from its opening quote.
    fn string(&mut self) -> Result<String, Error> {
        self.at += 1;
        let mut out = String::new();
        loop {
            // Copy the run up to the next quote, backslash or control character whole. Each of
            // those is one ASCII byte, so the run ends on a character boundary and `get` always
            // finds it; the fallback only keeps this free of any panic.
            let start = self.at;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            match self.text.get(start..self.at) {
                Some(run) => out.push_str(run),
                None => return Err(self.fail(Problem::NotAValue)),
            }
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    out.push(self.escape()?);
                }
                Some(_) => return Err(self.fail(Problem::ControlCharacter)),
                None => return Err(self.fail(Problem::End)),
            }
        }
    }

    /// The character of an escape, after its backslash.
    fn escape(&mut self) -> Result<char, Error> {
        let c = match self.peek() {
            None => return Err(self.fail(Problem::End)),
            Some(b'u') => {
                self.at += 1;
                return self.unicode_escape();
            }
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(_) => return Err(self.fail(Problem::BadEscape)),
        };
        self.at += 1;
        Ok(c)
    }

    /// The character of `\uXXXX`, after its `u`. A character beyond U+FFFF is written as two
    /// escapes, its UTF-16 surrogate pair: a high half (D800-DBFF) then a low one (DC00-DFFF).
    fn unicode_escape(&mut self) -> Result<char, Error> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if self.text.as_bytes().get(self.at..self.at + 2) != Some(b"\\u") {
                    return Err(self.fail(Problem::LoneSurrogate));
                }
                self.at += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.fail(Problem::LoneSurrogate));
                }
                0x1_0000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(self.fail(Problem::LoneSurrogate)),
            c => c,
        };
        // Every code point outside the surrogates is a char, so this never refuses.
        char::from_u32(code).ok_or_else(|| self.fail(Problem::LoneSurrogate))
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let mut n = 0;
        for _ in 0..4 {
            let digit = match self.peek() {
                None => return Err(self.fail(Problem::End)),
                Some(b) => (b as char)
                    .to_digit(16)
                    .ok_or_else(|| self.fail(Problem::BadEscape))?,
            };
            n = n * 16 + digit;
            self.at += 1;
        }
        Ok(n)
    }

    /// Digits, at least one.
    fn digits(&mut self) -> Result<(), Error> {
        match self.peek() {
            Some(b'0'..=b'9') => {}
            None => return Err(self.fail(Problem::End)),
            Some(_) => return Err(self.fail(Problem::BadNumber)),
        }
        while let Some(b'0'..=b'9') = self.peek() {
            self.at += 1;
        }
        Ok(())
    }

    /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    fn number(&mut self) -> Result<Number, Error> {
        let start = self.at;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.at += 1;
        }
        // No leading zeros: a `0` is the whole integer part, and what follows it is read as the
        // next token, which refuses a digit.
        if self.peek() == Some(b'0') {
            self.at += 1;
        } else {
            self.digits()?;
        }
        let mut whole = !negative;
        if self.peek() == Some(b'.') {
            self.at += 1;
            self.digits()?;
            whole = false;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            self.digits()?;
            whole = false;
        }
        let text = self.text.get(start..self.at).unwrap_or_default();
        // Rust's own reader takes every JSON number's text and rounds it correctly; it gives
        // infinity for a number past f64's range, which is refused instead.
        let value = match text.parse::<f64>() {
            Ok(v) if v.is_finite() => v,
            _ => {
                self.at = start;
                return Err(self.fail(Problem::TooLarge));
            }
        };
        Ok(Number {
            value,
            whole: if whole { text.parse().ok() } else { None },
        })
    }
}

/// `s` as a JSON string in quotes: `"` and `\` escaped, and the control characters below U+0020
/// (the short escapes where JSON has one, else `\u00xx`); everything else as it is. These are
/// the bytes the page wrote before, so an export file reads the same as ever.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c < ' ' => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[c as usize >> 4] as char);
                out.push(HEX[c as usize & 0xF] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
