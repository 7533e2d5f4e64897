//! The words beside both memory views' stacked chart (what one card holds, part by part): its
//! summary for screen readers and its rows for the CSV file.

use crate::app::format::gib;
use crate::calc::units::Bytes;
use crate::text::Texts;

/// What one card holds in all and part by part (the parts it holds none of left out), against
/// its capacity, and whether it fits.
pub fn stack_summary(t: &'static Texts, names: &[&str], sizes: &[f64], cap: f64) -> String {
    let w = &t.chart_sum;
    let size = |v: f64| gib(Bytes::from_gib(v));
    let total: f64 = sizes.iter().map(|v| v.max(0.0)).sum();
    let parts: Vec<String> = names
        .iter()
        .zip(sizes)
        .filter(|(_, v)| **v > 0.0)
        .map(|(n, v)| format!("{n} {}", size(*v)))
        .collect();
    let fit = if total <= cap {
        w.stack_fits(&size(cap - total))
    } else {
        w.stack_over(&size(total - cap))
    };
    [
        w.stack(&size(total), &size(cap), &parts.join(t.app.list_sep)),
        fit,
    ]
    .join(w.sep)
}

/// The stack as a table: each part, then the capacity.
pub fn stack_rows(t: &'static Texts, names: &[&str], sizes: &[f64], cap: f64) -> Vec<Vec<String>> {
    let d = &t.chart_dl;
    let mut rows = vec![vec![d.part.to_string(), "GiB".to_string()]];
    rows.extend(
        names
            .iter()
            .zip(sizes)
            .map(|(n, v)| vec![n.to_string(), format!("{v:.3}")]),
    );
    rows.push(vec![d.capacity.to_string(), format!("{cap:.3}")]);
    rows
}
