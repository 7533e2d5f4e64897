//! A key output with its test hook, and a formula with the person's numbers substituted.

use leptos::prelude::*;

/// One key result: `data-testid` names it, `data-value` holds the raw number in base units
/// (currency units, bytes, fractions), the text is for people.
#[component]
pub fn Stat(
    testid: &'static str,
    label: &'static str,
    #[prop(into)] value: Signal<String>,
    #[prop(into)] text: Signal<String>,
    #[prop(optional, into)] note: Signal<String>,
) -> impl IntoView {
    view! {
        <div class="stat">
            <div class="stat-label">{label}</div>
            <output class="stat-value" data-testid=testid data-value=value>
                {text}
            </output>
            <div class="stat-note">{note}</div>
        </div>
    }
}

/// A formula written out: its symbols, then the same with the numbers in place, then the result.
#[component]
pub fn Formula(
    title: &'static str,
    symbolic: &'static str,
    #[prop(into)] substituted: Signal<String>,
    #[prop(optional)] open: bool,
) -> impl IntoView {
    view! {
        <details class="formula" open=open>
            <summary>{title}</summary>
            <code class="formula-symbolic">{symbolic}</code>
            <code class="formula-numbers">{substituted}</code>
        </details>
    }
}
