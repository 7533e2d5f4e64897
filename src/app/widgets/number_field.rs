//! A labelled number box, and a slider with its number box, for one [`NumField`].
//!
//! Text typed is checked by the field's descriptor exactly as a link value is. Valid text updates
//! the scenario at once; invalid text stays in the box with a message beside it, and the scenario
//! (and so every result) keeps its last good value.

use crate::app::format;
use crate::app::state::use_app;
use crate::calc::field::{parse_in, FieldError, NumField};
use crate::calc::scenario::Scenario;
use leptos::prelude::*;

/// Where a calculator's inputs sit inside the scenario.
pub struct Lens<T: 'static> {
    pub get: fn(&Scenario) -> &T,
    pub get_mut: fn(&mut Scenario) -> &mut T,
}

impl<T> Clone for Lens<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Lens<T> {}

/// One field's binding with its type erased: reading and writing go through plain function
/// pointers, so the widget's view code is built once rather than once per calculator.
#[derive(Clone, Copy)]
struct Binding {
    key: &'static str,
    min: f64,
    max: f64,
    whole: bool,
    read: Callback<(), f64>,
    write: Callback<f64>,
    /// What the person typed, while it is being edited or is invalid.
    raw: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
}

impl Binding {
    fn new<T: Send + Sync + 'static>(field: &'static NumField<T>, lens: Lens<T>) -> Self {
        let app = use_app();
        let (get, set, lget, lset) = (field.get, field.set, lens.get, lens.get_mut);
        Binding {
            key: field.key,
            min: field.min,
            max: field.max,
            whole: field.whole,
            read: Callback::new(move |_| app.scenario.with(|s| get(lget(s)))),
            write: Callback::new(move |v| app.scenario.update(|s| set(lset(s), v))),
            raw: RwSignal::new(None),
            error: RwSignal::new(None),
        }
    }

    /// Parses and range-checks text exactly as the link does.
    fn parse(&self, raw: &str) -> Result<f64, FieldError> {
        parse_in(self.key, self.min, self.max, self.whole, raw)
    }

    fn value(&self) -> f64 {
        self.read.run(())
    }

    /// The box shows the typed text while it means the current value (so "1." survives while
    /// typing "1.5"), and the formatted value otherwise.
    fn display(&self) -> String {
        let v = self.value();
        match self.raw.get() {
            Some(raw) if self.parse(&raw).map(|x| x == v).unwrap_or(true) => raw,
            _ => format::number(v, 6),
        }
    }

    fn input(&self, text: String) {
        use_app().clear_link_issue(self.key);
        match self.parse(&text) {
            Ok(v) => {
                self.error.set(None);
                self.write.run(v);
            }
            Err(e) => self.error.set(Some(e.to_string())),
        }
        self.raw.set(Some(text));
    }

    fn slide(&self, text: String) {
        self.input(text);
        self.raw.set(None);
    }
}

/// The message beside a field: its own parse error, else the link's, else a cross-field one.
fn message(b: Binding, extra: Signal<Option<String>>) -> impl Fn() -> Option<String> + Copy {
    move || {
        b.error
            .get()
            .or_else(|| use_app().link_issue(b.key))
            .or_else(|| extra.get())
    }
}

#[component]
pub fn NumberField<T: Send + Sync + 'static>(
    field: &'static NumField<T>,
    lens: Lens<T>,
    label: &'static str,
    #[prop(optional)] unit: &'static str,
    /// A problem that involves this field and another (shown when the field has none of its own).
    #[prop(optional, into)]
    problem: Signal<Option<String>>,
) -> impl IntoView {
    number_box(Binding::new(field, lens), label, unit, problem)
}

fn number_box(
    b: Binding,
    label: &'static str,
    unit: &'static str,
    problem: Signal<Option<String>>,
) -> AnyView {
    let msg = message(b, problem);
    let key = b.key;
    view! {
        <label class="field">
            <span class="field-label">{label}</span>
            <span class="field-control">
                <input
                    type="text"
                    inputmode="decimal"
                    autocomplete="off"
                    data-testid=format!("input-{key}")
                    aria-invalid=move || msg().is_some().to_string()
                    prop:value=move || b.display()
                    on:input=move |ev| b.input(event_target_value(&ev))
                    on:blur=move |_| if b.error.get_untracked().is_none() { b.raw.set(None) }
                />
                <span class="unit">{unit}</span>
            </span>
            <span class="field-msg" role="alert" data-testid=format!("error-{key}")>
                {msg}
            </span>
        </label>
    }
    .into_any()
}

/// A range slider with its number box. The slider covers `min..=max` of its own (a comfortable
/// range); the number box accepts the field's whole range.
#[component]
pub fn SliderField<T: Send + Sync + 'static>(
    field: &'static NumField<T>,
    lens: Lens<T>,
    label: &'static str,
    #[prop(optional)] unit: &'static str,
    min: f64,
    max: f64,
    step: f64,
) -> impl IntoView {
    slider_box(Binding::new(field, lens), label, unit, (min, max, step))
}

fn slider_box(
    b: Binding,
    label: &'static str,
    unit: &'static str,
    (min, max, step): (f64, f64, f64),
) -> AnyView {
    let msg = message(b, Signal::derive(|| None));
    let key = b.key;
    view! {
        <div class="field slider-field">
            <label class="field-label" for=format!("slider-{key}")>{label}</label>
            <span class="field-control">
                <input
                    id=format!("slider-{key}")
                    type="range"
                    min=min
                    max=max
                    step=step
                    data-testid=format!("input-{key}")
                    prop:value=move || b.value().clamp(min, max).to_string()
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
                    prop:value=move || b.display()
                    on:input=move |ev| b.input(event_target_value(&ev))
                    on:blur=move |_| if b.error.get_untracked().is_none() { b.raw.set(None) }
                />
                <span class="unit">{unit}</span>
            </span>
            <span class="field-msg" role="alert" data-testid=format!("error-{key}")>
                {msg}
            </span>
        </div>
    }
    .into_any()
}
