//! The glossary (`view=glossary`): every term the page uses, each a paragraph with its formula,
//! in the reader's language. Each "?" on the page opens one of these in place; a teacher can link
//! to them all, or to one (`?view=glossary#term-pue`). Above the terms, once, which public guide
//! "the guide" is, what it covers and which of its sections each view models (`#term-guide`, the
//! footer's link).

use super::headline::{Answer, Headline, Tone};
use crate::app::i18n::tr;
use crate::app::state::{memo, use_app};
use crate::app::widgets::{live, TERMS};
use leptos::prelude::*;

#[component]
pub fn GlossaryView() -> impl IntoView {
    let app = use_app();
    let said = memo(move || {
        let h = &app.t().headline;
        Answer {
            code: "terms",
            tone: Tone::Plain,
            lead: h.glossary_lead(&TERMS.len().to_string()),
            detail: h.glossary_detail.to_string(),
        }
    });
    view! {
        <section class="view glossary" data-testid="view-glossary">
            <Headline answer=said />
            <p class="hint">{tr(|t| t.glossary.intro)}</p>
            <section class="about-guide" id="term-guide" data-testid="about-guide">
                <h2>{tr(|t| t.guide.title)}</h2>
                <p>{tr(|t| t.guide.about)}</p>
                <ul>
                    {live(move || {
                        app.t()
                            .guide
                            .items
                            .split('|')
                            .map(|item| view! { <li>{item}</li> })
                            .collect_view()
                    })}
                </ul>
            </section>
            <dl class="glossary-list">
                {TERMS
                    .iter()
                    .map(|term| {
                        view! {
                            <div
                                class="term"
                                id=format!("term-{}", term.id)
                                data-testid=format!("glossary-{}", term.id)
                            >
                                <dt>{live(move || (term.name)(app.t()))}</dt>
                                <dd>
                                    <p>{live(move || (term.text)(app.t()))}</p>
                                    <code>{live(move || (term.formula)(app.t()))}</code>
                                </dd>
                            </div>
                        }
                    })
                    .collect_view()}
            </dl>
        </section>
    }
}
