//! A labelled number box, and a slider with its number box, for one [`NumField`].
//!
//! Text typed is checked by the field's descriptor exactly as a link value is. Valid text updates
//! the scenario at once; invalid text stays in the box with a message beside it, and the scenario
//! (and so every result) keeps its last good value.

use super::when::live;
use crate::app::format;
use crate::app::i18n::{self, Tr};
use crate::app::state::{memo, use_app, AppState, Lens, See};
use crate::calc::field::{NumField, NumSpec, NumberKind, Slider};
use crate::calc::table::{Calculator, Issue};
use crate::calc::units::Currency;
use leptos::html;
use leptos::prelude::*;

/// One field's binding with its type erased: reading and writing go through plain function
/// pointers, so the widget's view code is built once rather than once per calculator.
#[derive(Clone, Copy)]
struct Binding {
    app: AppState,
    key: &'static str,
    spec: NumSpec,
    /// The value in the scenario; a memo, so a change elsewhere in the scenario (another
    /// field's slider) does not rewrite this box.
    read: Memo<f64>,
    /// Whether the calculator asks for this input's figure ([`Calculator::asked`]): the box is
    /// then empty with a message, whatever number it holds.
    asked: Memo<bool>,
    /// Tries the value; the reason when the calculator refuses it.
    write: Callback<f64, Result<(), Issue>>,
    /// What the person typed, while it is being edited or is refused.
    raw: RwSignal<Option<String>>,
    /// Why the typed text is not in use, with the value that is: worded when shown, so a
    /// language switch rewords it.
    error: RwSignal<Option<(Issue, f64)>>,
}

impl Binding {
    fn new<T: Calculator>(field: &'static NumField<T>, lens: Lens<T>) -> Self {
        let app = use_app();
        let (get, set, key) = (field.get, field.set, field.key);
        let inputs = app.slice(lens);
        Binding {
            app,
            key,
            spec: field.spec(),
            read: memo(move || inputs.see(get)),
            asked: memo(move || inputs.see(|t| t.asked(key))),
            // A figure typed answers the question the input held (if it held one).
            write: Callback::new(move |v| {
                app.edit(lens, |t| {
                    set(t, v);
                    t.answered(key);
                })
                .map_err(Issue::new)
            }),
            raw: RwSignal::new(None),
            error: RwSignal::new(None),
        }
    }

    fn value(&self) -> f64 {
        self.read.get()
    }

    /// The box shows the typed text while it is being edited or refused (so "1." survives while
    /// typing "1.5"), and the formatted value otherwise.
    fn display(&self) -> String {
        match self.raw.get() {
            Some(raw) => raw,
            None if self.asked.get() => String::new(),
            None => format::number(self.value(), 6),
        }
    }

    /// Parses, range-checks and tries the text exactly as the link does; a refusal says which
    /// value is still in use, so the results on screen are never taken for the typed one's.
    fn input(&self, text: String) {
        self.app.typing(self.key);
        self.check(&text, true);
        self.raw.set(Some(text));
    }

    /// Tries `text` and shows or clears the message beside the field; the box's own text is
    /// left to the caller. Refused text the person `typed` puts back the value the field had
    /// before they began typing, not the last prefix that passed (see [`AppState::typing`]).
    ///
    /// [`AppState::typing`]: crate::app::state::AppState::typing
    fn check(&self, text: &str, typed: bool) {
        let app = self.app;
        app.clear_issue(self.key);
        app.release(self.key);
        // The field's own check first: text that fails it can never become acceptable, while a
        // value the calculator refuses breaks a rule with another field, which may change.
        let result = match self.spec.parse(text) {
            Err(e) => Err((Issue::new(e), false)),
            Ok(v) => self.write.run(v).map_err(|e| (e, true)),
        };
        if typed {
            app.typed(self.key, result.is_ok());
        }
        // Written only when there is or was a message: most steps of a slider are accepted,
        // and then nothing beside the field need run again.
        if result.is_err() || self.error.see_untracked(Option::is_some) {
            let using = self.value_untracked();
            self.error
                .set(result.as_ref().err().map(|(e, _)| (e.clone(), using)));
        }
        if let Err((_, true)) = result {
            let b = *self;
            app.hold(
                self.key,
                Callback::new(move |_| {
                    // A retry is not typing: its refusal has nothing to put back.
                    if let Some(Some(raw)) = b.raw.try_get_untracked() {
                        b.check(&raw, false);
                    }
                }),
            );
        }
    }

    fn value_untracked(&self) -> f64 {
        untrack(|| self.value())
    }

    /// A slider's step: its value is the text, so the box beside it shows the value formatted.
    fn slide(&self, text: String) {
        self.app.typing_done(self.key);
        self.check(&text, false);
        if self.raw.see_untracked(Option::is_some) {
            self.raw.set(None);
        }
    }

    /// Leaving a box with accepted text shows the value as the page formats it.
    ///
    /// A box that had focus when its view was replaced (Back, a preset) is blurred after its
    /// signals are gone: then there is nothing left to tidy.
    fn blur(&self) {
        if let Some(None) = self.error.try_get_untracked() {
            self.raw.try_set(None);
        }
        self.app.typing_done(self.key);
    }
}

/// The message beside a field: its own parse error, else the link's, else a cross-field one.
fn message(b: Binding, extra: Signal<Option<String>>) -> impl Fn() -> Option<String> + Copy {
    move || {
        let app = use_app();
        let t = app.t();
        // The currency is read only to word a message: a field with none then does not depend
        // on it, and is not woken by every edit of the scenario the currency is read from.
        b.error
            .see(|e| {
                e.as_ref().map(|(e, using)| {
                    let c = app.currency.get();
                    let v = i18n::value(*using, b.spec.kind, c);
                    t.err.using(&i18n::issue(t, e, c), &v)
                })
            })
            .or_else(|| b.asked.get().then(|| t.err.asked(i18n::label(t, b.key))))
            .or_else(|| app.issue(b.key))
            .or_else(|| extra.get())
    }
}

/// The label and unit texts of a field: the locale files' entries for its key unless the view
/// words it its own way.
fn words(
    b: Binding,
    label: Option<Tr>,
) -> (impl Fn() -> &'static str + Copy, impl Fn() -> String + Copy) {
    let app = use_app();
    let key = b.key;
    let kind = b.spec.kind;
    let label = move || match label {
        Some(f) => f(app.t()),
        None => i18n::label(app.t(), key),
    };
    // Only money's unit names the currency; other fields do not read it (see `message`).
    let unit = move || {
        let c = match kind {
            NumberKind::Money => app.currency.get(),
            _ => app.currency.get_untracked(),
        };
        i18n::unit(app.t(), key, kind, c)
    };
    (label, unit)
}

#[component]
pub fn NumberField<T: Calculator>(
    field: &'static NumField<T>,
    lens: Lens<T>,
    /// The label, when the view words it other than the locale files' entry for the key.
    #[prop(optional)]
    label: Option<Tr>,
    /// A problem that involves this field and another (shown when the field has none of its own).
    #[prop(optional, into)]
    problem: Signal<Option<String>>,
) -> impl IntoView {
    number_box(Binding::new(field, lens), label, problem)
}

/// A number box for `field`, as a form table builds it (`super::form`).
pub fn num<T: Calculator>(field: &'static NumField<T>, lens: Lens<T>) -> AnyView {
    number_box(Binding::new(field, lens), None, Signal::default())
}

fn number_box(b: Binding, label: Option<Tr>, problem: Signal<Option<String>>) -> AnyView {
    let msg = message(b, problem);
    let key = b.key;
    let (label, unit) = words(b, label);
    view! {
        <label class="field">
            <span class="field-label">{live(label)}</span>
            <span class="field-control">
                <input
                    type="text"
                    inputmode="decimal"
                    autocomplete="off"
                    data-testid=format!("input-{key}")
                    aria-invalid=move || msg().is_some().to_string()
                    node_ref=shows(move || b.display())
                    on:input=move |ev| b.input(event_target_value(&ev))
                    on:blur=move |_| b.blur()
                />
                <span class="unit">{live(unit)}</span>
            </span>
            <span class="field-msg" role="alert" data-testid=format!("error-{key}")>
                {msg}
            </span>
        </label>
    }
    .into_any()
}

/// An input that shows `value`: written only when the input holds something else. The slider
/// being dragged already holds its new value, and a box being typed in holds the typed text,
/// so neither is written again (a write costs a property set and moves a caret); the box
/// beside a dragged slider is.
fn shows(value: impl Fn() -> String + 'static) -> NodeRef<html::Input> {
    let node = NodeRef::<html::Input>::new();
    Effect::new(move |_| {
        let v = value();
        if let Some(el) = node.get() {
            if el.value() != v {
                el.set_value(&v);
            }
        }
    });
    node
}

/// Keeps a slider's range and value on the value in force. The range is written in the guide's
/// yuan: an amount in dollars slides over the same range at the scenario's rate, by a step
/// rounded down to a power of ten (one yuan is about 0.14 dollars: 0.1), from a multiple of it.
/// A value outside the range (typed, linked or picked from the catalogue) widens it, so the
/// thumb always stands at the figure in force, to within a step.
fn slider_range(b: Binding, Slider { min, max, step }: Slider) -> NodeRef<html::Input> {
    let node = NodeRef::<html::Input>::new();
    let (app, money) = (b.app, b.spec.kind == NumberKind::Money);
    // Only an amount in dollars reads the rate: every other slider follows nothing here, and is
    // not woken by each edit of the scenario.
    let per_yuan = memo(move || match app.currency.get() {
        Currency::Usd if money => app.scenario.see(|s| 1.0 / s.fx),
        _ => 1.0,
    });
    // The range last written is the effect's own previous value: a move that leaves it alone
    // (nearly every one) touches only the value.
    Effect::new(move |last: Option<Option<(f64, f64, f64)>>| {
        let (f, v) = (per_yuan.get(), b.value());
        let step = if f == 1.0 {
            step
        } else {
            10f64.powf((step * f).log10().floor())
        };
        // Divided by the steps in one, not multiplied by the step: 56 / 10 is 5.6 exactly as
        // written, where 56 x 0.1 is 5.6000000000000005 and would shift the slider's grid.
        let per_unit = (1.0 / step).round().max(1.0);
        let range = (
            ((min * f * per_unit).floor() / per_unit).min(v),
            (max * f).max(v),
            step,
        );
        let el = node.get()?;
        // The range first, so the value is not clamped to the one it replaces.
        if last.flatten() != Some(range) {
            el.set_min(&range.0.to_string());
            el.set_max(&range.1.to_string());
            el.set_step(&range.2.to_string());
        }
        let v = v.to_string();
        if el.value() != v {
            el.set_value(&v);
        }
        Some(range)
    });
    node
}

/// A range slider with its number box. The slider covers the comfortable range and step the
/// field's table gives it ([`Slider`]); the number box accepts the field's whole range.
#[component]
pub fn SliderField<T: Calculator>(
    field: &'static NumField<T>,
    lens: Lens<T>,
    #[prop(optional)] label: Option<Tr>,
) -> impl IntoView {
    slider_box(Binding::new(field, lens), label, slide(field))
}

/// A slider with its number box, as a form table builds it (see [`SliderField`]).
pub fn slider<T: Calculator>(field: &'static NumField<T>, lens: Lens<T>) -> AnyView {
    slider_box(Binding::new(field, lens), None, slide(field))
}

/// The field's slider; a field given none slides over its whole range by whole steps, the
/// number box's range (every slider in the views has its own: `sliders_have_ranges`).
fn slide<T>(field: &NumField<T>) -> Slider {
    field.slider.copied().unwrap_or(Slider {
        min: field.min,
        max: field.max,
        step: 1.0,
    })
}

fn slider_box(b: Binding, label: Option<Tr>, range: Slider) -> AnyView {
    let msg = message(b, Signal::derive(|| None));
    let key = b.key;
    let (label, unit) = words(b, label);
    let valuetext = move || format!("{} {}", format::number(b.value(), 6), unit());
    let node = slider_range(b, range);
    view! {
        <div class="field slider-field">
            <label class="field-label" for=format!("slider-{key}")>
                {live(label)}
            </label>
            <span class="field-control">
                <input
                    id=format!("slider-{key}")
                    type="range"
                    data-testid=format!("input-{key}")
                    aria-valuetext=valuetext
                    node_ref=node
                    on:input=move |ev| b.slide(event_target_value(&ev))
                />
                <input
                    type="text"
                    inputmode="decimal"
                    autocomplete="off"
                    class="slider-box"
                    aria-label=label
                    data-testid=format!("input-{key}-box")
                    aria-invalid=move || msg().is_some().to_string()
                    node_ref=shows(move || b.display())
                    on:input=move |ev| b.input(event_target_value(&ev))
                    on:blur=move |_| b.blur()
                />
                <span class="unit">{live(unit)}</span>
            </span>
            <span class="field-msg" role="alert" data-testid=format!("error-{key}")>
                {msg}
            </span>
        </div>
    }
    .into_any()
}
