//! What the two memory views (inference and training) share, written once: the page's frame
//! (headline, ways out, form, results), the answer's shape, the way to a bigger card and the
//! button that makes a way's change, and the two charts, whose series have the same shape in
//! both views (`calc::memory_sheet`'s `Stack` and `Sweep`): their drawings, their summaries for
//! screen readers and their rows for the CSV file. Each view's tables name its own words and
//! call these.

use super::headline::{Answer, Headline, Tone, Way, Ways};
use super::model::card::{card_capacity as capacity, catalogue_name as name};
use super::model::MEMORY;
use crate::app::format::{gib, number};
use crate::app::state::{use_app, See};
use crate::app::widgets::{form, Area, Section};
use crate::calc::headline;
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::memory_sheet::{Stack, Sweep};
use crate::calc::order;
use crate::calc::units::Bytes;
use crate::charts::memory::{draw_stacked, draw_sweep, SweepChart};
use crate::charts::ChartError;
use crate::text::Texts;
use leptos::prelude::*;

/// A memory view: its headline (the "?" on GiB and GB after the figures), the ways out with
/// their buttons, the form and the results beside it.
pub fn page(
    view: &'static str,
    said: Memo<Answer>,
    ways: Memo<Vec<Way>>,
    on_try: Callback<&'static str>,
    inputs: &'static [Section],
    results: AnyView,
) -> AnyView {
    view! {
        <section class=format!("view {view}") data-testid=format!("view-{view}")>
            <Headline answer=said help_end="gib-gb" />
            <Ways ways=ways on_try=on_try />
            <div class="columns">{form(inputs)} <div class="results">{results}</div></div>
        </section>
    }
    .into_any()
}

/// The answer: it fits or not, what a card needs, then what is spare (or how many it holds)
/// or the ways out.
pub fn answer(fits: bool, need: String, rest: String, t: &'static Texts) -> Answer {
    let h = &t.headline;
    Answer {
        code: headline::memory(fits),
        tone: if fits { Tone::Good } else { Tone::Bad },
        lead: if fits { h.fits } else { h.no_fit }.to_string(),
        detail: format!("{need}{}{rest}", h.part_sep),
    }
}

/// The headline's way to the card `id` of the catalogue, with its memory.
pub fn card_words(id: &str, t: &'static Texts) -> String {
    t.headline.way_card(name(id), &gib(capacity(id)))
}

/// The listed way to the card `id`: `fits` when that card alone holds it.
pub fn card_way(id: &'static str, fits: bool, t: &'static Texts) -> Way {
    Way {
        kind: "card",
        value: id.to_string(),
        text: t.headline.try_card(name(id), &gib(capacity(id))),
        fits,
    }
}

/// The button of a way: makes its change (`apply`, the core's, reads the ways of the view's
/// memo) to the memory inputs.
pub fn try_way<R: Send + Sync + 'static>(
    rep: Memo<R>,
    apply: fn(&R, &str, &mut MemoryInputs),
) -> Callback<&'static str> {
    let app = use_app();
    Callback::new(move |kind: &'static str| {
        app.try_edit(MEMORY, |m| rep.see_untracked(|r| apply(r, kind, m)))
    })
}

/// What one card holds in all and part by part (the parts it holds none of left out), against
/// its capacity, and whether it fits.
pub fn stack_summary(t: &'static Texts, names: &[&str], s: &Stack) -> String {
    let w = &t.chart_sum;
    let size = |v: f64| gib(Bytes::from_gib(v));
    let total: f64 = s.parts.iter().map(|v| v.max(0.0)).sum();
    let parts: Vec<String> = names
        .iter()
        .zip(&s.parts)
        .filter(|(_, v)| **v > 0.0)
        .map(|(n, v)| format!("{n} {}", size(*v)))
        .collect();
    let fit = if total <= s.capacity {
        w.stack_fits(&size(s.capacity - total))
    } else {
        w.stack_over(&size(total - s.capacity))
    };
    [
        w.stack(&size(total), &size(s.capacity), &parts.join(t.app.list_sep)),
        fit,
    ]
    .join(w.sep)
}

/// The stack as a table: each part, then the capacity.
pub fn stack_rows(t: &'static Texts, names: &[&str], s: &Stack) -> Vec<Vec<String>> {
    let d = &t.chart_dl;
    let mut rows = vec![vec![d.part.to_string(), "GiB".to_string()]];
    rows.extend(
        names
            .iter()
            .zip(&s.parts)
            .map(|(n, v)| vec![n.to_string(), format!("{v:.3}")]),
    );
    rows.push(vec![d.capacity.to_string(), format!("{:.3}", s.capacity)]);
    rows
}

/// The stack drawn, the card named by `card` under its bar.
pub fn draw_stack(
    area: &Area,
    names: &[&str],
    s: &Stack,
    card: &str,
    y_axis: &str,
) -> Result<(), ChartError> {
    let parts: Vec<(String, f64)> = names
        .iter()
        .zip(&s.parts)
        .map(|(n, v)| (n.to_string(), *v))
        .collect();
    draw_stacked(area, &parts, s.capacity, card, y_axis)
}

/// The sweep drawn: each line named by `line`, the card's capacity as a level named
/// `capacity`, the reader's point marked.
pub fn draw_lines(
    area: &Area,
    s: &Sweep,
    line: &dyn Fn(Option<u64>) -> String,
    capacity: &str,
    axes: (&str, &str),
) -> Result<(), ChartError> {
    let series: Vec<(String, Vec<(f64, f64)>)> = s
        .lines
        .iter()
        .map(|(at, pts)| (line(*at), pts.clone()))
        .collect();
    draw_sweep(
        area,
        &SweepChart {
            series: &series,
            capacity: Some(s.capacity),
            capacity_label: capacity,
            x_axis: axes.0,
            y_axis: axes.1,
            x_max: s.x_max,
            marked: Some(s.at),
            mark_label: "",
        },
    )
}

/// The sweep as a table: the x (`x_axis`), then each line's GiB (its column named by `line`);
/// the lines share their x values.
pub fn sweep_rows(
    t: &'static Texts,
    x_axis: &str,
    s: &Sweep,
    line: &dyn Fn(Option<u64>) -> String,
) -> Vec<Vec<String>> {
    let mut header = vec![x_axis.to_string()];
    header.extend(
        s.lines
            .iter()
            .map(|(at, _)| t.chart_dl.column(&line(*at), "GiB")),
    );
    let mut xs: Vec<f64> = s
        .lines
        .iter()
        .flat_map(|(_, pts)| pts.iter().map(|p| p.0))
        .collect();
    order::sort_by(&mut xs, f64::total_cmp);
    xs.dedup();
    let mut rows = vec![header];
    for x in xs {
        let mut row = vec![format!("{x}")];
        row.extend(s.lines.iter().map(|(_, pts)| {
            pts.iter()
                .find(|p| p.0 == x)
                .map(|p| format!("{:.3}", p.1))
                .unwrap_or_default()
        }));
        rows.push(row);
    }
    rows
}

/// A size in GiB, as the summaries write it.
pub fn size(v: f64) -> String {
    gib(Bytes::from_gib(v))
}

/// Tokens, as the summaries write them.
pub fn tokens(v: f64) -> String {
    number(v, 0)
}
