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

/// One piece of a template: literal text, or the argument at this position.
#[derive(Debug, Clone, Copy)]
pub enum Seg {
    Lit(&'static str),
    Arg(u8),
}

/// A text with placeholders, filled by the generated method of the same name.
#[derive(Debug, Clone, Copy)]
pub struct Tpl(pub &'static [Seg]);

impl Tpl {
    /// The text with `args[i]` in place of argument `i`.
    pub fn fill(&self, args: &[&str]) -> String {
        let mut s = String::new();
        for seg in self.0 {
            match *seg {
                Seg::Lit(l) => s.push_str(l),
                Seg::Arg(i) => s.push_str(args.get(usize::from(i)).copied().unwrap_or_default()),
            }
        }
        s
    }
}

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

/// Reads a language file's pieces in order: strings ended by NUL, templates with their arguments
/// marked (see build.rs, `flat`). A file with too few pieces leaves the rest empty and is marked
/// `short`, so reading never fails midway; [`read`] then refuses the whole.
pub struct Reader {
    parts: std::str::Split<'static, char>,
    short: bool,
}

impl Reader {
    fn new(body: &'static str) -> Self {
        Reader {
            parts: body.split('\0'),
            short: false,
        }
    }

    /// The next plain string.
    pub fn s(&mut self) -> &'static str {
        match self.parts.next() {
            Some(p) => p,
            None => {
                self.short = true;
                ""
            }
        }
    }

    /// The next template: U+0001 and a letter stand for an argument, the rest is literal.
    pub fn tpl(&mut self) -> Tpl {
        let mut segs = Vec::new();
        let mut pieces = self.s().split('\u{1}');
        if let Some(first) = pieces.next().filter(|p| !p.is_empty()) {
            segs.push(Seg::Lit(first));
        }
        for piece in pieces {
            let mut chars = piece.chars();
            if let Some(arg) = chars.next() {
                segs.push(Seg::Arg(
                    (u32::from(arg).saturating_sub(u32::from('a'))) as u8,
                ));
            }
            let rest = chars.as_str();
            if !rest.is_empty() {
                segs.push(Seg::Lit(rest));
            }
        }
        // Kept for the page's life, as the compiled-in texts are.
        Tpl(Vec::leak(segs))
    }
}

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
pub fn read(lang: Lang, body: &'static str) -> Result<Texts, TextError> {
    if hash::fnv1a(body.as_bytes()) != file(lang).1 {
        return Err(TextError::NotThisBuild);
    }
    let mut r = Reader::new(body);
    let t = Texts::read(&mut r);
    // The file ends with NUL, so the last piece is empty and nothing follows it.
    if r.short || r.parts.next() != Some("") || r.parts.next().is_some() {
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
    static EMPTY: std::sync::OnceLock<Texts> = std::sync::OnceLock::new();
    let [mine, other] = match lang {
        Lang::En => [&LOADED[0], &LOADED[1]],
        Lang::Zh => [&LOADED[1], &LOADED[0]],
    };
    mine.get().or_else(|| other.get()).unwrap_or_else(|| {
        // Every read past the end gives "".
        EMPTY.get_or_init(|| Texts::read(&mut Reader::new("")))
    })
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

    fn pieces(t: &Texts) -> Vec<String> {
        let mut v = Vec::new();
        t.each(&mut |s| v.push(s));
        v
    }

    #[test]
    fn each_language_file_reads_back_as_the_compiled_texts() {
        for (lang, body, compiled) in [
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
        ] {
            let read = read(lang, body).unwrap();
            let (a, b) = (pieces(&read), pieces(compiled));
            assert!(a.len() > 1000, "{} texts", a.len());
            assert_eq!(a, b);
            // A template fills its arguments where the language puts them.
            assert_eq!(read.err.using("X", "Y"), compiled.err.using("X", "Y"));
        }
    }

    #[test]
    fn a_file_of_another_build_or_shape_is_refused() {
        let en = include_str!(concat!(env!("OUT_DIR"), "/text-en.txt"));
        assert_eq!(read(Lang::Zh, en).err(), Some(TextError::NotThisBuild));
        let cut = &en[..en.len() / 2];
        assert_eq!(read(Lang::En, cut).err(), Some(TextError::NotThisBuild));
        assert_eq!(read(Lang::En, "").err(), Some(TextError::NotThisBuild));
    }
}
