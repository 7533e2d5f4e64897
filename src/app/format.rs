//! Numbers for people, through the browser's own `Intl.NumberFormat` (locale-aware grouping,
//! currency symbols, Chinese and English alike) at no cost in wasm size. Formatters are costly to
//! build and cheap to use, so each one is built once per style and kept.

use crate::calc::link::Lang;
use crate::calc::units::{Currency, Money};
use js_sys::{Array, Intl::NumberFormat, Object, Reflect};
use std::cell::Cell;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::JsValue;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Style {
    // Every style is kept per locale: `Intl` words currencies by locale (CN¥ in English, ¥ in
    // Chinese).
    Plain(u8),
    Money(Currency, u8),
    Percent(u8),
}

thread_local! {
    static FORMATTERS: RefCell<HashMap<(Lang, Style), NumberFormat>> = RefCell::new(HashMap::new());
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// Sets the language numbers are written for. [`AppState::t`](super::state::AppState::t) calls
/// it, so any text that reads the texts formats its numbers in the same language.
pub fn set_lang(l: Lang) {
    LANG.with(|c| c.set(l));
}

fn locale(l: Lang) -> &'static str {
    match l {
        Lang::En => "en-US",
        Lang::Zh => "zh-CN",
    }
}

fn build(lang: Lang, style: Style) -> NumberFormat {
    let options = Object::new();
    let set = |k: &str, v: JsValue| {
        // Setting a property on a fresh plain object cannot fail.
        let _ = Reflect::set(&options, &JsValue::from_str(k), &v);
    };
    let digits = match style {
        Style::Plain(d) => d,
        Style::Money(c, d) => {
            set("style", "currency".into());
            set("currency", c.code().into());
            d
        }
        Style::Percent(d) => {
            set("style", "percent".into());
            d
        }
    };
    // A share keeps its decimals (19.0%, not 19%) so a column of them lines up and the precision
    // reads as chosen; other numbers drop trailing zeros.
    let min = if matches!(style, Style::Percent(_)) {
        digits
    } else {
        0
    };
    set("minimumFractionDigits", min.into());
    set("maximumFractionDigits", digits.into());
    let locales = Array::of1(&JsValue::from_str(locale(lang)));
    NumberFormat::new(&locales, &options)
}

fn format(style: Style, v: f64) -> String {
    if !v.is_finite() {
        return "–".into();
    }
    let lang = LANG.with(Cell::get);
    FORMATTERS.with(|cache| {
        let mut cache = cache.borrow_mut();
        let nf = cache
            .entry((lang, style))
            .or_insert_with(|| build(lang, style));
        nf.format()
            .call1(&JsValue::NULL, &JsValue::from_f64(v))
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_else(|| v.to_string())
    })
}

/// A plain number with at most `digits` decimals: `1,200,000`, `0.5`.
pub fn number(v: f64, digits: u8) -> String {
    format(Style::Plain(digits), v)
}

/// Money with its currency symbol: `CN¥46,853.33` in English, `¥46,853.33` in Chinese.
pub fn money(m: Money, digits: u8) -> String {
    format(Style::Money(m.currency, digits), m.amount)
}

/// A fraction as a percentage with exactly `digits` decimals: 0.5423 -> `54.2%`, 0.19 -> `19.0%`.
pub fn percent(fraction: f64, digits: u8) -> String {
    format(Style::Percent(digits), fraction)
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
