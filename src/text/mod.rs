//! Every word the page shows, in English and Chinese, as typed tables generated at build time from
//! `locales/en.toml` and `locales/zh.toml` (see `build.rs` and docs/i18n.md).
//!
//! A plain string is a `&'static str` field (`texts(Lang::Zh).app.tagline`); a string with
//! placeholders is a method taking them as `&str` (`t.err.range(label, min, max)`), so a call that
//! misses an argument does not compile. The build refuses locale files whose keys or placeholders
//! differ, so both languages always have every text.
//!
//! This module holds data only; the calculation core never uses it (it returns codes and numbers),
//! and the page picks the table for the reader's language.
//!
//! Natively both languages are compiled in (`EN`, `ZH`). The page's wasm holds neither: the build
//! also writes each language as a file beside the wasm (`FILE_EN`, `FILE_ZH`: its name and the
//! hash of its bytes), `start.js` fetches the reader's language while the wasm downloads, and
//! the other is fetched only when the reader switches to it. A file is checked against the hash
//! this build was made with and read with [`read`]; until one is, [`texts`] gives empty texts.

mod hash;

use crate::calc::link::Lang;

/// A text with placeholders, filled by the generated method of the same name. It holds the
/// text as the language file writes it: argument `i` is U+0001 followed by the letter `a + i`.
#[derive(Debug, Clone, Copy)]
#[repr(transparent)]
pub struct Tpl(pub &'static str);

impl Tpl {
    /// The text with `args[i]` in place of argument `i`.
    pub fn fill(&self, args: &[&str]) -> String {
        self.fill_quoting(args, 0)
    }

    /// As [`Tpl::fill`], with each argument whose bit is set in `quoted` cut as [`quote`] cuts it.
    pub fn fill_quoting(&self, args: &[&str], quoted: u32) -> String {
        let mut s = String::with_capacity(self.0.len());
        let mut pieces = self.0.split('\u{1}');
        s.push_str(pieces.next().unwrap_or_default());
        for piece in pieces {
            let mut chars = piece.chars();
            if let Some(arg) = chars.next() {
                let i = u32::from(arg).wrapping_sub(u32::from('a'));
                let i = usize::try_from(i).unwrap_or(usize::MAX);
                let arg = args.get(i).copied().unwrap_or_default();
                let cut = (i < 32 && quoted & (1 << i) != 0)
                    .then(|| arg.char_indices().nth(QUOTE_MAX))
                    .flatten();
                match cut {
                    Some((end, _)) => {
                        s.push_str(&arg[..end]);
                        s.push('…');
                    }
                    None => s.push_str(arg),
                }
            }
            s.push_str(chars.as_str());
        }
        close_han_gaps(s)
    }
}

/// At most this many characters of what the reader typed or pasted are quoted in a message.
pub const QUOTE_MAX: usize = 80;

/// What the reader typed, as a message quotes it (every `{found}`): whole when short, otherwise
/// its first [`QUOTE_MAX`] characters and "…", so a pasted file does not fill the page with a
/// message as long as itself.
pub fn quote(found: &str) -> String {
    Tpl("\u{1}a").fill_quoting(&[found], 1)
}

/// Whether `c` is a Chinese character or Chinese (full-width) punctuation.
fn han(c: char) -> bool {
    matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3400}'..='\u{4dbf}' | '\u{3000}'..='\u{303f}' | '\u{ff00}'..='\u{ffef}')
}

/// Drops a space between two Chinese characters: a template puts a space beside a placeholder so
/// that an English or numeric value stands apart (`{job} 的计算` with `100 小时`), but between
/// Chinese words a Chinese author writes none (`100 小时的计算`, not `100 小时 的计算`). Spaces
/// beside Latin letters and digits are kept. English text has no Chinese and is unchanged.
pub fn close_han_gaps(s: String) -> String {
    if !s.contains(' ') || !s.chars().any(han) {
        return s;
    }
    // One pass, no copy of the characters: a text is filled at every slider move.
    let mut out = String::with_capacity(s.len());
    let mut prev = None;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let between_han =
            c == ' ' && prev.is_some_and(han) && chars.peek().is_some_and(|&n| han(n));
        if !between_han {
            out.push(c);
        }
        prev = Some(c);
    }
    out
}

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

/// Why a language file was not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextError {
    /// Its bytes are not the ones this build wrote (another release's file, a damaged copy).
    NotThisBuild,
    /// It holds fewer or more texts than this build has.
    WrongShape,
}

/// A language's file name beside the wasm and the hash of its bytes.
pub fn file(lang: Lang) -> (&'static str, u64) {
    match lang {
        Lang::En => FILE_EN,
        Lang::Zh => FILE_ZH,
    }
}

/// Reads the file of `lang`, checked against this build's hash first.
///
/// One loop over the table build.rs writes (`SLOTS`: for the file's `i`-th text, where its
/// field is in `Texts`), rather than a struct literal with one call per text: that was one
/// function of 53 KB of code, one store per text, and did not compress.
pub fn read(lang: Lang, body: &'static str) -> Result<Texts, TextError> {
    if hash::fnv1a(body.as_bytes()) != file(lang).1 {
        return Err(TextError::NotThisBuild);
    }
    take(body)
}

/// The text at `path` in the table at `base`: `keys` are its plain texts' dotted paths, sorted,
/// each with its field's offset (a generated `get`).
fn lookup(base: *const u8, keys: &[(&str, u16)], path: &str) -> Option<&'static str> {
    let i = keys.binary_search_by(|(k, _)| (*k).cmp(path)).ok()?;
    // SAFETY: `base` points at the table whose `get` passed these keys, and each offset is
    // `offset_of!` of one of its fields that is a `&'static str` (the generated `get` reads each
    // path as one, which only compiles if it is), so the read is in bounds, aligned and valid.
    Some(unsafe {
        base.add(usize::from(keys[i].1))
            .cast::<&'static str>()
            .read()
    })
}

/// The texts of a file whose bytes were checked: its `i`-th text into the field `SLOTS[i]`.
fn take(body: &'static str) -> Result<Texts, TextError> {
    let mut t = EMPTY;
    let base = std::ptr::from_mut(&mut t).cast::<u8>();
    let mut pieces = body.split('\0');
    for &offset in SLOTS.iter() {
        let Some(piece) = pieces.next() else {
            return Err(TextError::WrongShape);
        };
        // SAFETY: `offset` is `offset_of!` of a field of `Texts` whose type is `&'static str`
        // (build.rs writes each path into `all` as well, which only compiles if it is one), so
        // the pointer is in `t`, aligned, and writing a `&'static str` there leaves `t` valid.
        unsafe {
            base.add(usize::from(offset))
                .cast::<&'static str>()
                .write(piece)
        };
    }
    // The file ends with NUL, so the last piece is empty and nothing follows it.
    if pieces.next() != Some("") || pieces.next().is_some() {
        return Err(TextError::WrongShape);
    }
    Ok(t)
}

/// The texts of a language.
#[cfg(not(target_arch = "wasm32"))]
pub fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::En => &EN,
        Lang::Zh => &ZH,
    }
}

#[cfg(target_arch = "wasm32")]
static LOADED: [std::sync::OnceLock<Texts>; 2] =
    [std::sync::OnceLock::new(), std::sync::OnceLock::new()];

/// The texts of a language: the other language's while this one's file has not been read, and
/// empty texts before either has (the page is not drawn before one is).
#[cfg(target_arch = "wasm32")]
pub fn texts(lang: Lang) -> &'static Texts {
    let [mine, other] = match lang {
        Lang::En => [&LOADED[0], &LOADED[1]],
        Lang::Zh => [&LOADED[1], &LOADED[0]],
    };
    static NONE: Texts = EMPTY;
    mine.get().or_else(|| other.get()).unwrap_or(&NONE)
}

/// Whether the texts of `lang` have been read.
#[cfg(target_arch = "wasm32")]
pub fn has(lang: Lang) -> bool {
    LOADED[lang as usize].get().is_some()
}

/// Takes the file of `lang` fetched by the page; the body is kept for the page's life.
#[cfg(target_arch = "wasm32")]
pub fn load(lang: Lang, body: String) -> Result<(), TextError> {
    if has(lang) {
        return Ok(());
    }
    let t = read(lang, String::leak(body))?;
    let _ = LOADED[lang as usize].set(t);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILES: [(Lang, &str, &Texts); 2] = [
        (
            Lang::En,
            include_str!(concat!(env!("OUT_DIR"), "/text-en.txt")),
            &EN,
        ),
        (
            Lang::Zh,
            include_str!(concat!(env!("OUT_DIR"), "/text-zh.txt")),
            &ZH,
        ),
    ];

    #[test]
    fn every_key_of_both_language_files_reads_back_as_the_compiled_text() {
        for (lang, body, compiled) in FILES {
            let read = read(lang, body).unwrap();
            let (got, want) = (all(&read), all(compiled));
            let wrong: Vec<_> = KEYS
                .iter()
                .zip(got.iter().zip(want.iter()))
                .filter(|(_, (g, w))| g != w)
                .map(|(k, (g, w))| format!("{k}: read {g:?}, compiled {w:?}"))
                .collect();
            assert!(wrong.is_empty(), "{lang:?}: {wrong:#?}");
            // A template fills its arguments where the language puts them.
            assert_eq!(read.err.using("X", "Y"), compiled.err.using("X", "Y"));
            assert_eq!(
                read.err.range("A", "B", "C"),
                compiled.err.range("A", "B", "C")
            );
        }
    }

    /// Texts that are all different, so that two slots swapped or one written twice shows
    /// (the language files repeat some texts, which would hide it).
    #[test]
    fn the_file_s_i_th_text_lands_in_the_i_th_field() {
        let body: String = (0..COUNT).map(|i| format!("{i}\0")).collect();
        let t = take(String::leak(body)).unwrap();
        for (i, (text, key)) in all(&t).iter().zip(KEYS).enumerate() {
            assert_eq!(*text, i.to_string(), "{key}");
        }
    }

    #[test]
    fn a_file_of_another_build_or_shape_is_refused() {
        let en = FILES[0].1;
        assert_eq!(read(Lang::Zh, en).err(), Some(TextError::NotThisBuild));
        let cut = &en[..en.len() / 2];
        assert_eq!(read(Lang::En, cut).err(), Some(TextError::NotThisBuild));
        assert_eq!(read(Lang::En, "").err(), Some(TextError::NotThisBuild));
        // Past the hash: one text short, one too many, no final NUL.
        let short: String = "x\0".repeat(COUNT - 1);
        let long: String = "x\0".repeat(COUNT + 1);
        let open: String = "x\0".repeat(COUNT) + "x";
        for body in [short, long, open] {
            assert_eq!(take(String::leak(body)).err(), Some(TextError::WrongShape));
        }
        assert!(take(String::leak("x\0".repeat(COUNT))).is_ok());
    }

    /// Every plain text is found by its dotted key from the top and from its own table, in both
    /// languages; a template, a table or a key that is not there is not.
    #[test]
    fn every_plain_text_is_found_by_its_key() {
        for (_, _, t) in FILES {
            for (key, text) in KEYS.iter().zip(all(t)) {
                let want = (!text.contains('\u{1}')).then_some(text);
                assert_eq!(t.get(key), want, "{key}");
                if let Some(field) = key.strip_prefix("field.") {
                    assert_eq!(t.field.get(field), want, "{key}");
                }
            }
            assert_eq!(t.get("err.range"), None);
            assert_eq!(t.get("opt"), None);
            assert_eq!(t.get("opt.weights"), None);
            assert_eq!(t.get("field.no_such_key"), None);
            assert_eq!(t.get(""), None);
            assert_eq!(t.opt.get("weights.fp16"), t.get("opt.weights.fp16"));
        }
    }

    #[test]
    fn a_template_fills_each_argument_where_it_stands() {
        let t = Tpl("\u{1}b before \u{1}a, \u{1}b again");
        assert_eq!(t.fill(&["A", "B"]), "B before A, B again");
        // A missing argument is empty rather than a panic.
        assert_eq!(t.fill(&["A"]), " before A,  again");
        assert_eq!(Tpl("plain").fill(&[]), "plain");
    }
}
