//! The page's words: every input of every calculator has a label in both languages, every option
//! a name (models and cards are named by the catalogue), and the placeholders fill in.

use gpuplan::calc::link::Lang;
use gpuplan::calc::scenario::{Scenario, Visit};
use gpuplan::calc::table::{Calculator, Field};
use gpuplan::text::texts;

/// Choices whose options are named by the catalogue, not by the locale files.
const NAMED_ELSEWHERE: [&str; 2] = ["model", "gpu"];

fn missing<T: Calculator>(lang: Lang) -> Vec<String> {
    let t = texts(lang);
    let mut out = Vec::new();
    for f in T::FIELDS {
        let key = f.key();
        if t.field.get(key).is_none_or(str::is_empty) {
            out.push(format!("field.{key}"));
        }
        if let Field::Choice(c) = f {
            if NAMED_ELSEWHERE.contains(&key) {
                continue;
            }
            for id in (c.ids)() {
                if t.opt.get(&format!("{key}.{id}")).is_none() {
                    out.push(format!("opt.{key}.{id}"));
                }
            }
        }
    }
    out
}

/// Collects the missing words of every calculator the scenario holds, so a calculator added to
/// the scenario's list is checked without being named here.
struct Gaps(Lang, Vec<String>);

impl Visit for Gaps {
    fn visit<T: Calculator + std::fmt::Debug>(&mut self, _: usize, _: fn(&mut Scenario) -> &mut T) {
        let found = missing::<T>(self.0);
        self.1.extend(found);
    }
}

#[test]
fn every_input_and_option_is_worded_in_both_languages() {
    for lang in [Lang::En, Lang::Zh] {
        let mut gaps = Gaps(lang, Vec::new());
        Scenario::visit_calculators(&mut gaps);
        assert!(gaps.1.is_empty(), "{lang:?} lacks {:?}", gaps.1);
    }
}

#[test]
fn templates_fill_their_arguments_in_either_language() {
    let en = texts(Lang::En);
    let zh = texts(Lang::Zh);
    assert_eq!(
        en.err.range("Utilisation", "0%", "100%"),
        "Utilisation must be between 0% and 100%"
    );
    assert_eq!(
        zh.err.range("利用率", "0%", "100%"),
        "利用率须在 0% 到 100% 之间"
    );
    assert_eq!(zh.app.title("租还是买"), "租还是买 · gpuplan");
}

/// The views whose titles are in the locale files' `[view]` table.
const VIEWS: [&str; 9] = [
    "rent-buy",
    "training",
    "inference",
    "serving",
    "spot",
    "billing",
    "bill",
    "checklists",
    "compare",
];

#[test]
fn chinese_view_titles_are_chinese() {
    let zh = texts(Lang::Zh);
    for id in VIEWS {
        let title = zh.view.get(id).unwrap();
        assert!(
            title
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{id}: {title}"
        );
    }
}

/// public/boot.js words the page before the app runs, from copies of the locale files' entries
/// (it runs before any of the app's code): each copy must match, in its language's block.
#[test]
fn the_loading_page_words_match_the_locale_files() {
    let js = include_str!("../../public/boot.js");
    let at = js.find("zh: {").expect("boot.js has a zh block");
    for (lang, block) in [(Lang::En, &js[..at]), (Lang::Zh, &js[at..])] {
        let t = texts(lang);
        // The glossary's title is its own section's.
        let mut words: Vec<&str> = VIEWS.iter().map(|v| t.view.get(v).unwrap()).collect();
        words.push(t.glossary.title);
        words.extend([
            t.boot.loading,
            t.boot.failed,
            t.boot.retry,
            t.boot.crashed,
            t.boot.reload,
        ]);
        for w in words {
            assert!(
                block.contains(&format!("'{w}'")),
                "{lang:?}: boot.js lacks '{w}'"
            );
        }
    }
}

/// A pasted file echoed in a message is quoted short: its first 80 characters and "…".
#[test]
fn a_long_paste_is_quoted_short_in_messages() {
    let pasted = "x".repeat(20_000);
    for lang in [Lang::En, Lang::Zh] {
        let t = texts(lang);
        let m = t.err_calc.config_unknown_type(&pasted, "llama");
        assert!(
            m.chars().count() < 200,
            "{lang:?}: {} chars",
            m.chars().count()
        );
        assert!(m.contains(&format!("{}…", "x".repeat(80))), "{m}");
        // A short one is quoted whole.
        assert!(t
            .err_calc
            .config_unknown_type("bert", "llama")
            .contains("bert"));
    }
    assert_eq!(
        gpuplan::text::quote("é".repeat(81).as_str()),
        format!("{}…", "é".repeat(80))
    );
}

/// Chinese sentences filled from parts have no space between two Chinese words, which a Chinese
/// author would not write; beside Latin letters and digits the template's spaces stay, and
/// English is untouched.
#[test]
fn chinese_sentences_have_no_space_between_chinese_words() {
    let zh = texts(Lang::Zh);
    let spot = zh
        .headline
        .spot_vs("¥392", "¥1,000", "39%", "112.1 小时", "100 小时");
    assert!(
        spot.contains("100 小时的计算约需 112.1 小时的实际时间"),
        "{spot}"
    );
    let gap = zh.catalogue.gap_buy("购置价", "8 × H100", "元");
    assert!(gap.contains("没有以元报的购置价"), "{gap}");
    let ways = zh
        .headline
        .use_ways(&["ZeRO-3 分片", "更大的卡"].join(zh.headline.or));
    assert_eq!(ways, "可以改用 ZeRO-3 分片或更大的卡");
    let ways = zh
        .headline
        .use_ways(&["ZeRO-3", "A100"].join(zh.headline.or));
    assert_eq!(ways, "可以改用 ZeRO-3 或 A100");
    let en = texts(Lang::En)
        .headline
        .spot_vs("CN¥392", "CN¥1,000", "39%", "112.1 h", "100 h");
    assert_eq!(
        en,
        "CN¥392 against CN¥1,000 on demand (39%), about 112.1 h of wall time for 100 h of work"
    );
}

/// The Chinese file as a Chinese author writes it: a bracket around Chinese words is full-width
/// （）, while ASCII brackets stay for a function's arguments (`min(…)`, `ln(…)`) and around Latin
/// letters and numbers alone (`(B − 1)`); owning is 自购 throughout, never 自有 or 自建.
#[test]
fn chinese_brackets_around_chinese_are_full_width_and_owning_is_one_word() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/locales/zh.toml");
    let file = std::fs::read_to_string(path).expect("locales/zh.toml");
    let han = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
    let mut found = Vec::new();
    for (n, line) in file.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut open = Vec::new();
        for (i, &c) in chars.iter().enumerate() {
            match c {
                '(' => open.push(i),
                ')' => {
                    let Some(j) = open.pop() else { continue };
                    let call =
                        j > 0 && (chars[j - 1].is_ascii_alphanumeric() || chars[j - 1] == '_');
                    if !call && chars[j + 1..i].iter().any(|&c| han(c)) {
                        found.push(format!(
                            "{}: {}",
                            n + 1,
                            chars[j..=i].iter().collect::<String>()
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    assert!(
        found.is_empty(),
        "ASCII brackets around Chinese: {found:#?}"
    );
    for word in ["自有", "自建", "拥有"] {
        let lines: Vec<usize> = (file.lines().enumerate())
            .filter(|(_, l)| l.contains(word) && !l.trim_start().starts_with('#'))
            .map(|(n, _)| n + 1)
            .collect();
        assert!(
            lines.is_empty(),
            "{word} for owning on lines {lines:?}: the page says 自购"
        );
    }
}

/// A problem with one of the page's own link keys is worded with the key's label, never the raw
/// key ("preset：" in a Chinese sentence): every page key has words in both languages, the
/// Chinese ones Chinese.
#[test]
fn the_page_keys_have_labels_in_both_languages() {
    use gpuplan::calc::link::{COMPARE, PAGE_KEYS};
    use gpuplan::calc::scenario::SCHEMA_KEY;
    // A problem with a page key is worded with its label; `compare` and `schema` have none to
    // word (any names are kept; `schema` is read from stored data only).
    for key in PAGE_KEYS
        .iter()
        .filter(|k| ![COMPARE, SCHEMA_KEY].contains(k))
    {
        for lang in [Lang::En, Lang::Zh] {
            let label = texts(lang).field.get(key).unwrap_or("");
            assert!(!label.is_empty(), "{key} has no label in {lang:?}");
        }
        let zh = texts(Lang::Zh).field.get(key).unwrap_or("");
        assert!(
            zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{key}: {zh}"
        );
    }
}
