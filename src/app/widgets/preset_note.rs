//! The note under a view's headline while the guide's example applied last is on screen: one
//! sentence on what it shows, with its figures from the scenario. The examples menu and the
//! `?preset=` link that apply an example are the shell's (`crate::app::presets`).

use super::when::live;
use crate::app::format::{money, number, percent};
use crate::app::state::{memo, use_app, See};
use crate::calc::bill::report as bill_report;
use crate::calc::presets::{self as core, Example};
use crate::calc::rent_buy::report as rent_buy_report;
use crate::calc::scenario::Scenario;
use crate::calc::spot::report as spot_report;
use crate::calc::table::validate;
use crate::text::Texts;
use leptos::prelude::*;

/// The example applied last, while its note may show.
#[derive(Clone, Copy)]
pub struct Presets {
    pub active: RwSignal<Option<&'static Example>>,
}

/// Shares the presets' state with the header and the page body.
pub fn provide() {
    provide_context(Presets {
        active: RwSignal::new(None),
    });
}

pub fn use_presets() -> Presets {
    expect_context::<Presets>()
}

/// An example's title.
pub fn title(e: &Example, t: &'static Texts) -> &'static str {
    let p = &t.preset;
    match e.id {
        "break-even" => p.break_even.title,
        "team-240h" => p.team_240h.title,
        "full-7b" => p.full_7b.title,
        "lora-7b" => p.lora_7b.title,
        "infer-7b-8k" => p.infer_7b_8k.title,
        "spot" => p.spot.title,
        "bill-21000" => p.bill_21000.title,
        "classroom" => p.classroom.title,
        _ => e.id,
    }
}

/// What the example shows, with its figures from the scenario (in its currency).
fn note(e: &Example, t: &'static Texts, s: &Scenario) -> String {
    let p = &t.preset;
    let c = s.currency;
    let rb = || {
        validate(s.rent_buy.clone())
            .ok()
            .map(|v| (rent_buy_report(&v, c), v))
    };
    match e.id {
        "break-even" => rb()
            .map(|(r, _)| {
                // Renting every hour of the month: owning over the break-even share.
                let full = r.own_monthly.amount / r.break_even.map(|u| u.0).unwrap_or(1.0);
                p.break_even.note(
                    &money(r.own_monthly, 2),
                    &money(crate::calc::units::Money::new(full, c), 0),
                    &r.break_even.map(|u| percent(u.0, 1)).unwrap_or_default(),
                )
            })
            .unwrap_or_default(),
        "team-240h" => rb()
            .map(|(r, i)| {
                p.team_240h.note(
                    &percent(i.util.0, 1),
                    &money(r.rent_monthly, 0),
                    &money(r.own_monthly, 0),
                )
            })
            .unwrap_or_default(),
        "classroom" => rb()
            .map(|(r, _)| {
                p.classroom.note(
                    &money(r.rent_monthly, 2),
                    &money(r.own_monthly, 2),
                    &r.break_even.map(|u| percent(u.0, 1)).unwrap_or_default(),
                )
            })
            .unwrap_or_default(),
        "full-7b" => p.full_7b.note.to_string(),
        "lora-7b" => p.lora_7b.note.to_string(),
        "infer-7b-8k" => p.infer_7b_8k.note.to_string(),
        "spot" => validate(s.spot.clone())
            .ok()
            .map(|v| {
                let r = spot_report(&v, c);
                p.spot.note(
                    &t.spot.hours(&number(r.daly.0, 1)),
                    &money(r.cost_with, 0),
                    &percent(r.ratio_with, 0),
                    &r.cost_without.map(|x| money(x, 0)).unwrap_or_default(),
                )
            })
            .unwrap_or_default(),
        "bill-21000" => validate(s.bill.clone())
            .ok()
            .map(|v| {
                let r = bill_report(&v, c);
                p.bill_21000.note(
                    &money(r.total, 0),
                    &money(r.savings, 0),
                    &percent(r.share, 1),
                )
            })
            .unwrap_or_default(),
        _ => String::new(),
    }
}

/// One sentence on what the example on screen shows, while its view is shown and its inputs are
/// still the example's.
#[component]
pub fn PresetNote() -> impl IntoView {
    let app = use_app();
    let presets = use_presets();
    let shown = memo(move || {
        presets
            .active
            .get()
            .filter(|e| app.view.see(|v| v.id == e.view) && app.scenario.see(|s| core::holds(e, s)))
            .map(|e| e.id)
    });
    live(move || {
        shown.get().and_then(core::example).map(|e| {
            let text = move || {
                let t = app.t();
                app.scenario.see(|s| note(e, t, s))
            };
            view! {
                <p class="preset-note" data-testid="preset-note" data-value=e.id>
                    <strong>{live(move || title(e, app.t()))}</strong>
                    {live(move || app.t().headline.sep)}
                    {live(text)}
                </p>
            }
        })
    })
}
