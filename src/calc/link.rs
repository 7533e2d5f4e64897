//! The shareable link: the page's own keys (`view`, `lang`, `embed`, `compare`) and every input of every
//! calculator (docs/contract.md), decoded and encoded here so that the round trip is tested
//! natively. The inputs' keys come from the calculators' field tables (see [`super::table`]).
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
use super::scenario::{from_pairs, pairs, to_query, Progress, Scenario};
use super::table::Issue;
use crate::calc::order;

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

/// The page state a link carries.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LinkState {
    /// The view's id as the link gave it (empty: the first view).
    pub view: String,
    /// `None` when the link does not choose a language (the page then picks one).
    pub lang: Option<Lang>,
    pub embed: bool,
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
            "view" => state.view = value.clone(),
            "lang" => match Lang::from_tag(value) {
                Some(l) => state.lang = Some(l),
                None => issues.push(Issue::new(FieldError::NotAChoice {
                    key: "lang",
                    raw: value.clone(),
                    allowed: Lang::ids(),
                })),
            },
            "embed" => match value.as_str() {
                "1" | "true" => state.embed = true,
                "0" | "false" | "" => state.embed = false,
                _ => issues.push(Issue::new(FieldError::NotAFlag {
                    key: "embed",
                    raw: value.clone(),
                })),
            },
            "compare" => state.compare = compare_names(value),
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
    let cur = format!("cur={}", state.scenario.currency.id());
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
        q.append_pair("view", &state.view);
    }
    if let Some(lang) = state.lang {
        q.append_pair("lang", lang.id());
    }
    if state.embed {
        q.append_pair("embed", "1");
    }
    if !state.compare.is_empty() {
        q.append_pair("compare", &state.compare.join(","));
    }
    let page = q.finish();
    let inputs = to_query(&state.scenario, &state.progress);
    match (page.is_empty(), inputs.is_empty()) {
        (_, true) => page,
        (true, false) => inputs,
        (false, false) => format!("{page}&{inputs}"),
    }
}
