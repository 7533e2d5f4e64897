//! The shareable link: every input of every view as query keys (CONTRACT.md), decoded and encoded
//! here so that the round trip is tested natively.
//!
//! Decoding never fails: a key whose value does not parse or is out of range keeps its default and
//! is reported as a [`FieldError`] for the page to show beside the field. Unknown keys are ignored,
//! so links written by newer versions still open. Encoding writes only values that differ from the
//! defaults (the guide's worked example), which keeps links short; defaults are part of the public
//! interface and do not change.

use super::demand::{format_demand, parse_demand};
use super::field::{link_number, FieldError};
use super::memory::link::{self as memory_link, MemoryLink};
use super::rent_buy::{self, PowerModel};
use super::running_fields;
use super::scenario::{Lang, Scenario, View};
use super::units::Currency;

/// The page state a link carries.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LinkState {
    pub view: View,
    /// `None` when the link does not choose a language (the page then picks one).
    pub lang: Option<Lang>,
    pub embed: bool,
    pub scenario: Scenario,
}

/// A decoded link with what was wrong in it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Decoded {
    pub state: LinkState,
    pub issues: Vec<FieldError>,
    /// Whether the link set any input at all (else the saved scenario is used).
    pub sets_inputs: bool,
}

/// Decodes a query string, with or without its leading `?`.
pub fn decode(query: &str) -> Decoded {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut d = Decoded::default();
    let scenario = &mut d.state.scenario;
    let Scenario {
        rent_buy: rb,
        training,
        inference,
        spot,
        billing,
        bill,
        advisor,
        checked,
        ..
    } = scenario;
    let mut running = running_fields::Running {
        spot,
        billing,
        bill,
        advisor,
        checked,
    };
    let mut memory = MemoryLink::default();
    let mut currency = Currency::default();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let (key, value) = (key.as_ref(), value.as_ref());
        let result: Result<bool, FieldError> = match key {
            "view" => View::from_id(value)
                .map(|v| {
                    d.state.view = v;
                    false
                })
                .ok_or_else(|| {
                    choice(
                        "view",
                        value,
                        "rent-buy, training, inference, spot, billing, bill, checklists, compare",
                    )
                }),
            "lang" => Lang::from_id(value)
                .map(|l| {
                    d.state.lang = Some(l);
                    false
                })
                .ok_or_else(|| choice("lang", value, "zh, en")),
            "cur" => Currency::from_code(value)
                .map(|c| {
                    currency = c;
                    true
                })
                .ok_or_else(|| choice("cur", value, "CNY, USD")),
            "embed" => match value {
                "1" | "true" => {
                    d.state.embed = true;
                    Ok(false)
                }
                "0" | "false" | "" => Ok(false),
                _ => Err(choice("embed", value, "1, 0")),
            },
            "power_model" => PowerModel::from_id(value)
                .map(|m| {
                    rb.power_model = m;
                    true
                })
                .ok_or_else(|| choice("power_model", value, "fixed, use")),
            "demand" => parse_demand(value)
                .map(|v| {
                    rb.demand = v;
                    true
                })
                .map_err(|message| FieldError::Invalid {
                    key: "demand",
                    message: message.trim_start_matches("demand: ").to_string(),
                }),
            _ => match rent_buy::field(key) {
                Some(f) => f.apply(rb, value).map(|_| true),
                None => match memory.read(key, value, training, inference) {
                    Some(r) => r.map(|_| true),
                    None => running_fields::read(key, value, &mut running).unwrap_or(Ok(false)),
                },
            },
        };
        match result {
            Ok(set) => d.sets_inputs |= set,
            Err(e) => {
                d.sets_inputs = true;
                d.issues.push(e);
            }
        }
    }
    if let Some(issue) = memory.finish(training, inference) {
        d.issues.push(issue);
    }
    // Cross-field rules: a link that breaks one keeps the defaults of the fields involved.
    if let Err(e) = rent_buy::validate(rb) {
        let defaults = rent_buy::RentBuyInputs::default();
        match e.key() {
            "idle_kw" => rb.power_idle = defaults.power_idle,
            "resale" => rb.resale = 0.0,
            _ => {}
        }
        d.issues.push(FieldError::Invalid {
            key: e.key(),
            message: e
                .to_string()
                .split_once(": ")
                .map(|(_, m)| m.to_string())
                .unwrap_or_default(),
        });
    }
    d.state.scenario.set_currency(currency);
    d
}

fn choice(key: &'static str, raw: &str, allowed: &'static str) -> FieldError {
    FieldError::NotAChoice {
        key,
        raw: raw.to_string(),
        allowed,
    }
}

/// Encodes the state as a query string without the leading `?` (empty for the default page).
pub fn encode(state: &LinkState) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    if state.view != View::default() {
        q.append_pair("view", state.view.id());
    }
    if let Some(lang) = state.lang {
        q.append_pair("lang", lang.id());
    }
    if state.scenario.currency != Currency::default() {
        q.append_pair("cur", state.scenario.currency.code());
    }
    if state.embed {
        q.append_pair("embed", "1");
    }
    let rb = &state.scenario.rent_buy;
    let defaults = rent_buy::RentBuyInputs::default();
    if rb.power_model != defaults.power_model {
        q.append_pair("power_model", rb.power_model.id());
    }
    for f in rent_buy::FIELDS {
        let v = (f.get)(rb);
        if v != (f.get)(&defaults) {
            q.append_pair(f.key, &link_number(v));
        }
    }
    if !rb.demand.is_empty() {
        q.append_pair("demand", &format_demand(&rb.demand));
    }
    let s = &state.scenario;
    memory_link::encode(&mut q, &s.training, &s.inference);
    running_fields::write(&mut q, &s.spot, &s.billing, &s.bill, &s.advisor, &s.checked);
    q.finish()
}
