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

/// The texts of a language.
pub fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::En => &EN,
        Lang::Zh => &ZH,
    }
}
