//! The model both memory views size: a preset and the parameter count (typed or derived), with
//! the architecture fields and the `config.json` box in the files beside it, and the card choices
//! both views share.

mod arch;
pub mod card;
mod config;

use self::arch::ARCHITECTURE;
use self::config::ConfigPaste;
use crate::app::format::{billions, number};
use crate::app::i18n::{self, tr, Tr};
use crate::app::state::{memo, use_app, Lens, See};
use crate::app::widgets::{live, sections, ChoiceField, Item, Section};
use crate::calc::memory::inputs::{parse_params, MemoryInputs};
use crate::calc::memory::presets::{preset, PRESETS};
use crate::calc::table::Issue;
use crate::text::Texts;
use leptos::prelude::*;

/// Where the memory views' inputs sit in the scenario.
pub const MEMORY: Lens<MemoryInputs> = crate::app::state::lenses::MEMORY;

/// The preset drop-down's label.
const PRESET: Tr = |t| t.model.preset;

/// What the section's controls share: the parameter box's text while typed (cleared when a
/// preset or a config fills the model), and the model type of the `config.json` that last
/// filled the architecture, until a preset is chosen (the custom option then names the pasted
/// model, not the guide's example).
#[derive(Clone, Copy)]
struct Model {
    params_raw: RwSignal<Option<String>>,
    pasted: RwSignal<Option<String>>,
}

/// The section's state, given by [`ModelSection`] to the controls of its table.
fn state() -> Option<Model> {
    use_context::<Model>()
}

const MODEL: &[Section] = &[Section {
    legend: Some(|t| t.model.legend),
    items: &[
        Item::Control(preset_field),
        Item::Control(|| {
            let app = use_app();
            view! {
                <p class="field-msg" role="alert" data-testid="error-model">
                    {live(move || app.issue("model"))}
                </p>
            }
            .into_any()
        }),
        Item::Control(params_field),
        Item::Fold {
            class: "arch",
            summary: |t| t.model.arch,
            items: ARCHITECTURE,
        },
        Item::Control(|| match state() {
            Some(m) => view! { <ConfigPaste params_raw=m.params_raw pasted=m.pasted /> }.into_any(),
            None => ().into_any(),
        }),
        Item::Control(|| {
            let app = use_app();
            let memory = app.slice(MEMORY);
            view! {
                <p class="hint">
                    {live(move || {
                        let n = memory.see(|m| m.model.params());
                        app.t().model.sizing(&billions(n))
                    })}
                </p>
            }
            .into_any()
        }),
    ],
}];

/// A preset is its catalogue name in every language; the empty id is the custom architecture,
/// or the pasted config when one filled it.
fn preset_name(t: &'static Texts, _: &'static str, id: &'static str) -> String {
    match preset(id) {
        Some(p) => p.name.to_string(),
        None if id.is_empty() => state()
            .and_then(|m| m.pasted.get())
            .map(|model_type| t.model.custom_pasted(&model_type))
            .unwrap_or_else(|| t.model.custom.to_string()),
        None => id.to_string(),
    }
}

/// The model's section of the memory views' forms: the preset, the parameter count, the
/// architecture folded away and the `config.json` box.
/// The model as a form's first section, as the inference, training and serving forms open.
pub const SECTION: Section = Section {
    legend: None,
    items: &[MODEL_ITEM],
};

/// The model as one item of a form.
pub const MODEL_ITEM: Item = Item::Control(|| view! { <ModelSection /> }.into_any());

#[component]
pub fn ModelSection() -> impl IntoView {
    provide_context(Model {
        params_raw: RwSignal::new(None),
        pasted: RwSignal::new(None),
    });
    sections(MODEL)
}

/// The preset drop-down: a preset fills the architecture; the empty one keeps it as it stands.
fn preset_field() -> AnyView {
    let app = use_app();
    // Read through the memory inputs' memo, not the scenario: another calculator's slider then
    // runs nothing here (the drop-down has an option per model, each asking if it is chosen).
    let memory = app.slice(MEMORY);
    let model = memo(move || memory.see(|m| m.model.model.clone().unwrap_or_default()));
    let shared = state();
    let choose = Callback::new(move |id: String| {
        app.try_edit(MEMORY, |m| {
            match preset(&id) {
                Some(p) => {
                    m.model.model = Some(p.id.to_string());
                    m.model.arch = (p.arch)();
                }
                None => m.model.model = None,
            }
            m.model.params_b = None;
        });
        if let Some(s) = shared {
            s.params_raw.set(None);
            s.pasted.set(None);
        }
    });
    let mut options: Vec<&'static str> = vec![""];
    options.extend(PRESETS.iter().map(|p| p.id));
    view! {
        <ChoiceField
            key="model"
            label=Some(PRESET)
            options=options
            text=preset_name
            value=model
            on_change=choose
        />
    }
    .into_any()
}

/// The parameter count, typed, or derived from the architecture when the box is empty.
fn params_field() -> AnyView {
    let app = use_app();
    let memory = app.slice(MEMORY);
    let derived = memo(move || memory.see(|m| m.model.arch.params().total()));
    let typed = memo(move || memory.see(|m| m.model.params_b));
    let params_raw = state()
        .map(|m| m.params_raw)
        .unwrap_or_else(|| RwSignal::new(None));
    // Why the typed text is not in use, worded when shown so a language switch rewords it.
    let params_error = RwSignal::new(None::<Issue>);
    let on_params = move |text: String| {
        app.clear_issue("params");
        app.typing("params");
        let result = parse_params(&text).map_err(Issue::new).and_then(|p| {
            app.edit(MEMORY, |m| m.model.params_b = p)
                .map_err(Issue::new)
        });
        app.typed("params", result.is_ok());
        params_error.set(result.err());
        params_raw.set(Some(text));
    };
    let params_msg = move || {
        // The currency only when there is a message to word: an edit elsewhere then leaves
        // this alone.
        params_error
            .see(|e| {
                e.as_ref()
                    .map(|e| i18n::issue(app.t(), e, app.currency.get()))
            })
            .or_else(|| app.issue("params"))
    };
    view! {
        <label class="field">
            <span class="field-label">{live(move || i18n::label(app.t(), "params"))}</span>
            <span class="field-control">
                <input
                    type="text"
                    inputmode="decimal"
                    data-testid="input-params"
                    placeholder=move || number(derived.get() / 1e9, 3)
                    prop:value=move || {
                        params_raw
                            .get()
                            .unwrap_or_else(|| {
                                typed.get().map(|p| number(p, 3)).unwrap_or_default()
                            })
                    }
                    on:input=move |ev| on_params(event_target_value(&ev))
                    on:blur=move |_| app.typing_done("params")
                />
                <span class="unit">{tr(|t| t.unit.params)}</span>
            </span>
            <span class="field-note">
                {live(move || app.t().model.derived(&billions(derived.get())))}
            </span>
            <span class="field-msg" role="alert" data-testid="error-params">
                {live(params_msg)}
            </span>
        </label>
    }
    .into_any()
}
