//! A canvas that plotters draws on, redrawn whenever what the `draw` closure reads changes.
//!
//! After each drawing the canvas gets `data-draws` (a counter) so tests and the latency
//! benchmark can tell a redraw happened without guessing at timing.

use super::canvas_backend::MeasuringCanvas;
use crate::app::i18n::Tr;
use crate::app::state::use_app;
use crate::charts::ChartError;
use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;

/// A chart's caption (also its text alternative): fixed, or worded in the reader's language.
#[derive(Clone, Copy)]
pub enum Caption {
    Fixed(&'static str),
    Worded(Tr),
}

impl From<&'static str> for Caption {
    fn from(s: &'static str) -> Self {
        Caption::Fixed(s)
    }
}

impl From<Tr> for Caption {
    fn from(f: Tr) -> Self {
        Caption::Worded(f)
    }
}

pub const WIDTH: u32 = 720;
pub const HEIGHT: u32 = 340;

#[component]
pub fn ChartCanvas<F>(testid: &'static str, #[prop(into)] label: Caption, draw: F) -> impl IntoView
where
    F: Fn(&DrawingArea<MeasuringCanvas, Shift>) -> Result<(), ChartError> + 'static,
{
    let app = use_app();
    let label = move || match label {
        Caption::Fixed(s) => s,
        Caption::Worded(f) => f(app.t()),
    };
    let node = NodeRef::<Canvas>::new();
    let problem = RwSignal::new(None::<String>);
    let mut draws = 0u32;
    Effect::new(move |_| {
        let Some(canvas) = node.get() else { return };
        let Some(backend) = MeasuringCanvas::new(canvas.clone()) else {
            problem.set(Some("this browser gave no 2D canvas".into()));
            return;
        };
        let result = draw(&backend.into_drawing_area());
        draws += 1;
        let _ = canvas.set_attribute("data-draws", &draws.to_string());
        problem.set(
            result
                .err()
                .map(|e| format!("the chart could not be drawn: {}", e.0)),
        );
    });
    view! {
        <figure class="chart">
            <figcaption>{label}</figcaption>
            <canvas
                node_ref=node
                width=WIDTH
                height=HEIGHT
                data-testid=testid
                role="img"
                aria-label=label
            ></canvas>
            <p class="field-msg" role="alert">
                {move || problem.get()}
            </p>
        </figure>
    }
}
