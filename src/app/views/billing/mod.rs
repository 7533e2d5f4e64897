//! The billing-rules view (docs/formulas.md, "Billing rules"): the component and the helpers its
//! three sections share. Minimum billing granularity, stopped against released instances and
//! moving data each sit in a file of their own.

mod data;
mod granularity;
mod stopped;

use self::data::MovingData;
use self::granularity::MinimumBilling;
use self::stopped::StoppedNotReleased;
use super::headline::{Answer, Headline, Tone};
use crate::app::format::{money, number};
use crate::app::i18n::option;
use crate::app::state::{memo, use_app, use_report, Lens, Reported, See};
use crate::app::widgets::live;
use crate::calc::billing::{report, BillingInputs, BillingReport};
use crate::calc::choice::Choice;
use crate::calc::headline;
use crate::calc::units::Money;
use crate::text::Texts;
use leptos::prelude::*;

const LENS: Lens<BillingInputs> = crate::app::state::lenses::BILLING;

/// The inputs and report of this view, always computed together.
pub type Billing = Memo<Rep>;

/// What the formulas read: the inputs and report together.
type Rep = Reported<BillingInputs, BillingReport>;

#[component]
pub fn BillingView() -> impl IntoView {
    let app = use_app();
    let rep: Billing = use_report(LENS, report);
    let report = memo(move || rep.see(|r| r.report.clone()));
    let f = Figures { rep, report };
    let said = memo(move || rep.see(|r| answer(r, app.t())));

    view! {
        <section class="view billing" data-testid="view-billing">
            <Headline answer=said />
            <p class="field-msg" role="alert" data-testid="error-billing">
                {live(move || app.issue("xregion"))}
            </p>
            <MinimumBilling report=report f=f />
            <StoppedNotReleased f=f />
            <MovingData report=report f=f />
        </section>
    }
}

/// The headline: what the billing rule charges for the runs, and how much of it pays for time
/// not used.
fn answer(p: &Rep, t: &'static Texts) -> Answer {
    let (i, r, h) = (&p.inputs, &p.report, &t.headline);
    let code = headline::billing(r);
    let rule = option(t, "granularity", i.granularity.id());
    let detail = if code == "excess" {
        h.billing_excess(&cash(r.excess_cost), &cash(r.billed_cost), rule)
    } else {
        h.billing_exact(rule, &cash(r.billed_cost))
    };
    Answer {
        code,
        tone: if code == "excess" {
            Tone::Bad
        } else {
            Tone::Good
        },
        lead: h.billing_lead(&hours(t, r.runs.billed.0, 2), &hours(t, r.runs.used.0, 2)),
        detail,
    }
}

/// An amount of money, to the cent.
fn cash(m: Money) -> String {
    money(m, 2)
}

/// A number of hours, to `digits` places, with the unit.
fn hours(t: &'static Texts, h: f64, digits: u8) -> String {
    t.billing.hours(&number(h, digits))
}
/// The view's one report, and its inputs beside it for the formulas.
#[derive(Clone, Copy)]
pub struct Figures {
    rep: Billing,
    report: Memo<BillingReport>,
}
