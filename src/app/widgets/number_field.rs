//! A labelled number box, and a slider with its number box, for one [`NumField`].
//!
//! Text typed is checked by the field's descriptor exactly as a link value is. Valid text updates
//! the scenario at once; invalid text stays in the box with a message beside it, and the scenario
//! (and so every result) keeps its last good value.

use crate::app::format;
use crate::app::state::use_app;
use crate::calc::field::NumField;
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

/// Shared behaviour of both widgets: reading the value, applying text, the message.
struct Binding<T: 'static> {
    field: &'static NumField<T>,
    lens: Lens<T>,
    /// What the person typed, while it is being edited or is invalid.
    raw: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
}

impl<T> Clone for Binding<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Binding<T> {}

impl<T: Send + Sync + 'static> Binding<T> {
    fn new(field: &'static NumField<T>, lens: Lens<T>) -> Self {
        Binding {
            field,
            lens,
            raw: RwSignal::new(None),
            error: RwSignal::new(None),
        }
    }

    fn value(&self) -> f64 {
        let (get, lens) = (self.field.get, self.lens.get);
        use_app().scenario.with(|s| get(lens(s)))
    }

    /// The box shows the typed text while it means the current value (so "1." survives while
    /// typing "1.5"), and the formatted value otherwise.
    fn display(&self) -> String {
        let v = self.value();
        match self.raw.get() {
            Some(raw) if self.field.parse(&raw).map(|x| x == v).unwrap_or(true) => raw,
            _ => format::number(v, 6),
        }
    }

    fn input(&self, text: String) {
        let app = use_app();
        app.clear_link_issue(self.field.key);
        match self.field.parse(&text) {
            Ok(v) => {
                self.error.set(None);
                let (set, lens) = (self.field.set, self.lens.get_mut);
                app.scenario.update(|s| set(lens(s), v));
            }
            Err(e) => self.error.set(Some(e.to_string())),
        }
        self.raw.set(Some(text));
    }

    fn slide(&self, text: String) {
        self.raw.set(None);
        self.input(text);
        self.raw.set(None);
    }
}

/// The message beside a field: its own parse error, else the link's, else a cross-field one.
fn message<T: Send + Sync + 'static>(
    b: Binding<T>,
    extra: Signal<Option<String>>,
) -> impl Fn() -> Option<String> + Copy {
    move || {
        b.error
            .get()
            .or_else(|| use_app().link_issue(b.field.key))
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
    let b = Binding::new(field, lens);
    let msg = message(b, problem);
    let key = field.key;
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
    let b = Binding::new(field, lens);
    let msg = message(b, Signal::derive(|| None));
    let key = field.key;
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
}
