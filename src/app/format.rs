//! Numbers for people, in the reader's language: [`crate::numtext`] writes them as the
//! browser's `Intl.NumberFormat` would (locale-aware grouping, currency symbols, Chinese and
//! English alike), without building a formatter or crossing into JavaScript per number.

use crate::calc::link::Lang;
use crate::calc::units::{Currency, Money};
use crate::numtext;
use std::cell::Cell;

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// Sets the language numbers are written for. [`AppState::t`](super::state::AppState::t) calls
/// it, so any text that reads the texts formats its numbers in the same language.
pub fn set_lang(l: Lang) {
    LANG.with(|c| c.set(l));
    crate::charts::set_chinese_units(l == Lang::Zh);
}

/// A plain number with at most `digits` decimals: `1,200,000`, `0.5`.
pub fn number(v: f64, digits: u8) -> String {
    numtext::plain(v, digits)
}

/// Money with its currency symbol: `CN¥46,853.33` in English, `¥46,853.33` in Chinese.
pub fn money(m: Money, digits: u8) -> String {
    numtext::money(m.amount, m.currency, LANG.with(Cell::get), digits)
}

/// An amount of money in a formula, without its symbol: no decimals or two, never one
/// (`9,590.40`, not `9,590.4`), as [`money`] writes it.
pub fn amount(v: f64) -> String {
    let mut s = number(v, 2);
    if s.split_once('.').is_some_and(|(_, cents)| cents.len() == 1) {
        s.push('0');
    }
    s
}

/// A fraction as a percentage with exactly `digits` decimals: 0.5423 -> `54.2%`, 0.19 -> `19.0%`.
pub fn percent(fraction: f64, digits: u8) -> String {
    numtext::percent(fraction, digits)
}

/// Memory in GiB: `57.65 GiB`.
pub fn gib(b: crate::calc::units::Bytes) -> String {
    format!("{} GiB", number(b.as_gib(), 2))
}

/// Memory in decimal GB: `14 GB`.
pub fn gb(b: crate::calc::units::Bytes) -> String {
    format!("{} GB", number(b.as_gb(), 2))
}

/// A parameter count in billions: `6.74 B`.
pub fn billions(n: f64) -> String {
    format!("{} B", number(n / 1e9, 3))
}

/// In Chinese, a large amount in yuan as the guide writes it: 46,853.33 -> `4.69 万元`,
/// 120,000,000 -> `1.2 亿元`; `None` in English, in dollars and below 10,000.
pub fn wan(m: Money) -> Option<String> {
    if LANG.with(Cell::get) != Lang::Zh || m.currency != Currency::Cny {
        return None;
    }
    let a = m.amount.abs();
    if a >= 1e8 {
        Some(format!("{} 亿元", number(m.amount / 1e8, 2)))
    } else if a >= 1e4 {
        Some(format!("{} 万元", number(m.amount / 1e4, 2)))
    } else {
        None
    }
}

/// [`wan`] as the start of a note: `约 4.69 万元 · `, or nothing.
pub fn wan_lead(m: Money) -> String {
    wan(m).map(|w| format!("约 {w} · ")).unwrap_or_default()
}

/// Today, from the browser's clock, as the core's staleness rule takes it.
pub fn today() -> (i32, u32, u32) {
    let d = js_sys::Date::new_0();
    (d.get_full_year() as i32, d.get_month() + 1, d.get_date())
}
