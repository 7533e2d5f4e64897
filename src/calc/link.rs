//! The shareable link: the page's own keys ([`PAGE_KEYS`]) and every input of every calculator
//! (docs/contract.md), decoded and encoded here so that the round trip is tested natively. The inputs' keys come from the calculators' field tables (see [`super::table`]).
//!
//! Decoding never fails: a key whose value does not parse or is out of range keeps its default
//! and is reported as an [`Issue`] for the page to show beside the field. Unknown keys are
//! ignored, so links written by newer versions still open. Encoding writes only values that differ
//! from the defaults (the guide's worked example), which keeps links short; defaults are part of
//! the public interface and do not change.
//!
//! Which views exist is the page's business (its registry), so `view` is carried as its id here
//! and checked there.

use super::choice::Choice;
use super::field::FieldError;
use super::memory::catalogue::GPUS;
use super::memory::presets::PRESETS;
use super::scenario::{
    from_pairs, pairs, to_query, Progress, Scenario, Visit, CHECKED, CUR, FX_KEY, SCHEMA_KEY,
};
use super::suggest::nearest;
use super::table::{Calculator, Field, Issue, Pairs};
use crate::calc::order;

/// `view=<id>`: the view shown (an id of the page's registry); absent, the default view.
pub const VIEW: &str = "view";
/// `lang=en|zh`: the language the page is shown in; absent, the reader's saved choice or their
/// browser's.
pub const LANG: &str = "lang";
/// `embed=1`: the view alone, for a frame in another page.
pub const EMBED: &str = "embed";
/// `part=<id>`: with `embed=1`, the one part of the view shown ([`Part`]).
pub const PART: &str = "part";
/// `preset=<id>`: the worked example to open, applied by the page's examples menu and then
/// dropped from the address.
pub const PRESET: &str = "preset";
/// `present=1`: presenting, the answer and its working in large type for a projector; not
/// written for an embed.
pub const PRESENT: &str = "present";
/// `compare=<name>,<name>`: the saved scenarios the compare view shows side by side (at most
/// [`COMPARE_MAX`]).
pub const COMPARE: &str = "compare";

/// Every key of a link that belongs to the page or the scenario as a whole rather than to one
/// calculator's field (those come from the field tables). Each is written once, here or beside
/// the scenario it sets ([`CUR`], [`FX_KEY`], [`CHECKED`], [`SCHEMA_KEY`]); [`decode`],
/// [`encode`] and the page read them from here, and a test holds the list to what they read and
/// write.
pub const PAGE_KEYS: [&str; 11] = [
    VIEW, LANG, CUR, FX_KEY, EMBED, PART, PRESET, PRESENT, COMPARE, CHECKED, SCHEMA_KEY,
];

/// The language the page is shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

crate::choice_ids!(Lang { En => "en", Zh => "zh" });

impl Lang {
    /// Reads a language tag: `zh`, `zh-CN`, `en-GB` and the like.
    pub fn from_tag(tag: &str) -> Option<Self> {
        let primary = tag.split(['-', '_']).next().unwrap_or_default();
        Lang::from_id(primary)
    }
}

/// What an embed shows (`part=`, with `embed=1`): without it, the answer, the key results and
/// one chart, the inputs folded; with it, only that part (docs for a wiki or a slide quote one
/// figure, not the whole calculator).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The view's one-sentence answer.
    Headline,
    /// The key result tiles.
    Results,
    /// The view's first chart.
    Chart,
}

crate::choice_ids!(Part { Headline => "headline", Results => "results", Chart => "chart" });

/// The page state a link carries.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LinkState {
    /// The view's id as the link gave it (empty: the first view).
    pub view: String,
    /// `None` when the link does not choose a language (the page then picks one).
    pub lang: Option<Lang>,
    pub embed: bool,
    /// The part of the view an embed shows (`None`: its answer, key results and one chart).
    pub part: Option<Part>,
    /// Presenting (`present=1`): the answer with its working under it in large type, for a
    /// projector (README, "Presenting"). Not written for an embed, which has a layout of its own.
    pub present: bool,
    /// Names of saved scenarios to compare (`compare=alpha,beta`), as the link gave them.
    pub compare: Vec<String>,
    pub scenario: Scenario,
    pub progress: Progress,
}

/// A decoded link with what was wrong in it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Decoded {
    pub state: LinkState,
    pub issues: Vec<Issue>,
    /// Whether the link set any input at all (else the saved scenario is used).
    pub sets_inputs: bool,
    /// The values the link gave that no choice has (`gpu=h100`), for the top of the page.
    pub unknown: Vec<Unknown>,
}

/// A value a link gave for a key that is not one the key allows: a choice's id, a card or model
/// id, a yes/no, a text the field cannot read (`gpu=nope`, `optimizer=adamx`, `cal=garbage`).
/// The input keeps its default, and the page says so at the top, where it is seen whichever
/// view is open, with the nearest allowed id when there is one ([`nearest`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Unknown {
    /// The link key.
    pub key: &'static str,
    /// The value as the link gave it.
    pub value: String,
    /// The allowed id nearest to it, if any is near.
    pub near: Option<&'static str>,
    /// Whether the key takes one of a list of ids (a choice, a card, a model), rather than a
    /// yes/no or a text of its own (a measurement, a list of runs) that could not be read.
    pub listed: bool,
}

/// The ids (with display names) a text field of ids allows, where the core names them: cards
/// and model presets. Other text fields (a list of runs, a measurement) have no ids to offer.
fn text_ids(key: &str) -> Vec<(&'static str, &'static str)> {
    match key {
        "gpu" => GPUS.iter().map(|g| (g.id, g.name)).collect(),
        "model" => PRESETS.iter().map(|p| (p.id, p.name)).collect(),
        _ => Vec::new(),
    }
}

/// The nearest of `allowed` ids to `raw` (ids without display names: those are page words).
pub fn nearest_id(raw: &str, allowed: &[&'static str]) -> Option<&'static str> {
    let candidates: Vec<(&'static str, &str)> = allowed.iter().map(|id| (*id, "")).collect();
    nearest(raw, &candidates)
}

/// Every value of `pairs` that a choice, yes/no or text field of any calculator refuses, in the
/// order the link gives them (the last of a repeated key, as the reader uses it). Numbers are
/// left out: a number out of range is worded beside its field with the range.
pub fn unknown_values(pairs: &Pairs) -> Vec<Unknown> {
    struct Find<'a> {
        pairs: &'a Pairs,
        found: Vec<(usize, Unknown)>,
    }
    impl Visit for Find<'_> {
        fn visit<T: Calculator + std::fmt::Debug>(
            &mut self,
            _: usize,
            _: fn(&mut Scenario) -> &mut T,
        ) {
            for f in T::FIELDS {
                let key = f.key();
                let Some(at) = self.pairs.iter().rposition(|(k, _)| k == key) else {
                    continue;
                };
                let raw = &self.pairs[at].1;
                let (near, listed) = match f {
                    Field::Num(_) => continue,
                    _ if f.read(&mut T::default(), raw).is_ok() => continue,
                    Field::Choice(c) => (nearest_id(raw, &(c.ids)()), true),
                    Field::Flag(_) => (None, false),
                    Field::Text(_) => {
                        let ids = text_ids(key);
                        (nearest(raw, &ids), !ids.is_empty())
                    }
                };
                let value = raw.clone();
                self.found.push((
                    at,
                    Unknown {
                        key,
                        value,
                        near,
                        listed,
                    },
                ));
            }
        }
    }
    let mut find = Find {
        pairs,
        found: Vec::new(),
    };
    Scenario::visit_calculators(&mut find);
    order::sort_by_key(&mut find.found, |(at, _)| *at);
    find.found.into_iter().map(|(_, u)| u).collect()
}

/// The link form of the value `key` holds in `s` (`a100-80gb` for `gpu`); `None` for a key that
/// is no calculator's.
pub fn value_of(s: &Scenario, key: &str) -> Option<String> {
    struct Get<'a> {
        s: Scenario,
        key: &'a str,
        found: Option<String>,
    }
    impl Visit for Get<'_> {
        fn visit<T: Calculator + std::fmt::Debug>(
            &mut self,
            _: usize,
            lens: fn(&mut Scenario) -> &mut T,
        ) {
            if let Some(f) = T::field(self.key) {
                self.found = Some(f.write(lens(&mut self.s)));
            }
        }
    }
    let mut get = Get {
        s: s.clone(),
        key,
        found: None,
    };
    Scenario::visit_calculators(&mut get);
    get.found
}

/// Decodes a query string, with or without its leading `?`.
pub fn decode(query: &str) -> Decoded {
    let pairs = pairs(query);
    let mut issues = Vec::new();
    let (scenario, progress, sets_inputs) = from_pairs(&pairs, &mut issues);
    let mut state = LinkState {
        scenario,
        progress,
        ..LinkState::default()
    };
    for (key, value) in &pairs {
        match key.as_str() {
            VIEW => state.view = value.clone(),
            LANG => match Lang::from_tag(value) {
                Some(l) => state.lang = Some(l),
                None => issues.push(Issue::new(FieldError::NotAChoice {
                    key: LANG,
                    raw: value.clone(),
                    allowed: Lang::ids(),
                })),
            },
            EMBED => match value.as_str() {
                "1" | "true" => state.embed = true,
                "0" | "false" | "" => state.embed = false,
                _ => issues.push(Issue::new(FieldError::NotAFlag {
                    key: EMBED,
                    raw: value.clone(),
                })),
            },
            PRESENT => match value.as_str() {
                "1" | "true" => state.present = true,
                "0" | "false" | "" => state.present = false,
                _ => issues.push(Issue::new(FieldError::NotAFlag {
                    key: PRESENT,
                    raw: value.clone(),
                })),
            },
            COMPARE => state.compare = compare_names(value),
            PART => match Part::from_id(value.trim()) {
                Some(p) => state.part = Some(p),
                None => issues.push(Issue::new(FieldError::NotAChoice {
                    key: PART,
                    raw: value.clone(),
                    allowed: Part::ids(),
                })),
            },
            // Read with the scenario (`from_pairs`), by the page's examples menu, or only from
            // stored data.
            CUR | FX_KEY | CHECKED | PRESET | SCHEMA_KEY => {}
            _ => {}
        }
    }
    // Problems in the order the link names their keys.
    let position = |key: &str| pairs.iter().position(|(k, _)| k == key);
    order::sort_by_key(&mut issues, |i| position(i.key()).unwrap_or(usize::MAX));
    Decoded {
        state,
        issues,
        sets_inputs,
        unknown: unknown_values(&pairs),
    }
}

/// [`encode`] for a link handed to someone (copied, printed, opened from an embed): it opens this
/// very state in any browser. A link that sets no input opens the reader's own saved state
/// instead (docs/contract.md), so when every input is at its default the currency is written
/// anyway: a link that names it sets the inputs.
pub fn encode_whole(state: &LinkState, default_view: &str) -> String {
    let q = encode(state, default_view);
    if !to_query(&state.scenario, &state.progress).is_empty() {
        return q;
    }
    let cur = format!("{CUR}={}", state.scenario.currency.id());
    if q.is_empty() {
        cur
    } else {
        format!("{q}&{cur}")
    }
}

/// The most scenarios compared side by side.
pub const COMPARE_MAX: usize = 3;

/// The names of `compare=`: comma-separated, trimmed, the empty ones and repeats left out, at
/// most [`COMPARE_MAX`]. Whether they name saved scenarios only the browser that saved them knows.
pub fn compare_names(raw: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for n in raw.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        if !names.iter().any(|m| m == n) && names.len() < COMPARE_MAX {
            names.push(n.to_string());
        }
    }
    names
}

/// Encodes the state as a query string without the leading `?` (empty for the default page).
/// `default_view` is the view a link without `view` opens, which is not written.
pub fn encode(state: &LinkState, default_view: &str) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    if !state.view.is_empty() && state.view != default_view {
        q.append_pair(VIEW, &state.view);
    }
    if let Some(lang) = state.lang {
        q.append_pair(LANG, lang.id());
    }
    if state.embed {
        q.append_pair(EMBED, "1");
        // Only an embed shows a part: the full page it opens shows the whole view.
        if let Some(p) = state.part {
            q.append_pair(PART, p.id());
        }
    } else if state.present {
        q.append_pair(PRESENT, "1");
    }
    if !state.compare.is_empty() {
        q.append_pair(COMPARE, &state.compare.join(","));
    }
    let page = q.finish();
    let inputs = to_query(&state.scenario, &state.progress);
    match (page.is_empty(), inputs.is_empty()) {
        (_, true) => page,
        (true, false) => inputs,
        (false, false) => format!("{page}&{inputs}"),
    }
}
