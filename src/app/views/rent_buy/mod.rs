//! The rent-or-buy view (docs/formulas.md, "Rent or buy"): the component and its inputs form. The
//! results, the working, the charts and the hybrid plan sit in the files beside it.

mod catalogue;
mod charts;
mod formulas;
mod hybrid;
mod moves;
mod results;
mod three;

use self::catalogue::{picker, ByCard};
use self::hybrid::Hybrid;
use self::moves::Moves;
use self::results::answer;
use self::three::ThreeWays;
use super::headline::Headline;
use crate::app::format::number;
use crate::app::i18n::tr;
use crate::app::state::{memo, use_app, use_report, Lens, Reported, See};
use crate::app::widgets::{
    flag, form, holds, live, num, radio, sheet, slider, Item, NumberField, Section, Sheet, When,
};
use crate::app::words::rent_buy_error;
use crate::calc::rent_buy::{
    read_typed, write_typed, HostingScale, OpsScale, PowerModel, RentBuyError, RentBuyInputs,
    CAPITAL_RATE, FLEET, HOSTING, HOSTING_KW, HOSTING_SCALE, HOURS_PER_DAY, IDLE_KW, KWH_PRICE,
    MONTHS, MONTH_HOURS, OPS, OPS_SCALE, POWER_KW, POWER_MODEL, PRICE, PUE, PURCHASE, RESALE,
    RESERVE, RESERVE_MONTH, RESERVE_OFF_1M, RESERVE_OFF_1Y, RESERVE_OFF_3Y, RESERVE_PAY,
    RESERVE_TERM, UTIL,
};
use crate::calc::reserve::ReserveTerm;
use crate::calc::sensitivity::{rent_buy_sheet, RentBuySheet};
use leptos::prelude::*;

pub const LENS: Lens<RentBuyInputs> = crate::app::state::lenses::RENT_BUY;

/// The form: what owning costs, then what renting costs and how much of the month it is used.
const FORM: &[Section] = &[
    Section {
        legend: None,
        items: &[Item::Control(picker)],
    },
    Section {
        legend: Some(|t| t.rent_buy.legend_own),
        items: &[
            Item::Control(|| num(&PURCHASE, LENS)),
            Item::Control(|| num(&MONTHS, LENS)),
            Item::Control(|| num(&RESALE, LENS)),
            Item::Control(|| radio(&POWER_MODEL, LENS)),
            Item::Control(|| num(&POWER_KW, LENS)),
            Item::Either {
                when: || holds(LENS, |i| i.power_model == PowerModel::FixedHours),
                yes: &[Item::Control(|| num(&HOURS_PER_DAY, LENS))],
                no: &[Item::Control(|| num(&IDLE_KW, LENS))],
            },
            Item::Control(|| num(&KWH_PRICE, LENS)),
            Item::Control(|| num(&PUE, LENS)),
            Item::Help("pue"),
            Item::Control(|| num(&HOSTING, LENS)),
            Item::Control(|| radio(&HOSTING_SCALE, LENS)),
            Item::Either {
                when: || holds(LENS, |i| i.hosting_scale == HostingScale::Kw),
                yes: &[Item::Control(|| num(&HOSTING_KW, LENS))],
                no: &[],
            },
            Item::Control(|| num(&OPS, LENS)),
            Item::Control(|| radio(&OPS_SCALE, LENS)),
            Item::Either {
                when: || holds(LENS, |i| i.ops_scale == OpsScale::Fleet),
                yes: &[Item::Control(|| num(&FLEET, LENS))],
                no: &[],
            },
        ],
    },
    Section {
        legend: Some(|t| t.rent_buy.legend_finance),
        items: &[
            Item::Control(|| num(&CAPITAL_RATE, LENS)),
            Item::Control(resale_curve),
        ],
    },
    Section {
        legend: Some(|t| t.rent_buy.legend_rent),
        items: &[
            Item::Control(|| slider(&PRICE, LENS)),
            Item::Control(|| slider(&UTIL, LENS)),
            Item::Control(month_hours),
        ],
    },
    Section {
        legend: Some(|t| t.rent_buy.legend_reserve),
        items: &[
            Item::Control(|| flag(&RESERVE, LENS)),
            Item::Either {
                when: || holds(LENS, |i| i.reserve),
                yes: &[
                    Item::Control(|| radio(&RESERVE_TERM, LENS)),
                    Item::Control(|| radio(&RESERVE_PAY, LENS)),
                    // Each term keeps its own discount; the box of the chosen one is shown.
                    Item::Either {
                        when: || holds(LENS, |i| i.reserve_term == ReserveTerm::Month),
                        yes: &[
                            Item::Control(|| num(&RESERVE_MONTH, LENS)),
                            Item::Control(|| num(&RESERVE_OFF_1M, LENS)),
                        ],
                        no: &[Item::Either {
                            when: || holds(LENS, |i| i.reserve_term == ReserveTerm::Year),
                            yes: &[Item::Control(|| num(&RESERVE_OFF_1Y, LENS))],
                            no: &[Item::Control(|| num(&RESERVE_OFF_3Y, LENS))],
                        }],
                    },
                ],
                no: &[],
            },
        ],
    },
];

/// A box of this view whose text the core reads through the table's text field of `key` (the
/// demand profile, the resale curve): tried at each keystroke as a number box is, a refusal kept
/// as the core's value and worded when shown, so a language switch rewords it.
pub struct TypedText {
    pub raw: RwSignal<String>,
    pub input: Callback<String>,
    pub message: Signal<Option<String>>,
}

pub fn typed_text(key: &'static str) -> TypedText {
    let app = use_app();
    let raw = RwSignal::new(app.slice(LENS).see_untracked(|i| write_typed(i, key)));
    let error = RwSignal::new(None::<RentBuyError>);
    let input = Callback::new(move |text: String| {
        app.clear_issue(key);
        app.typing(key);
        let mut next = app.slice(LENS).get_untracked();
        let result = read_typed(&mut next, key, &text).and_then(|()| app.edit(LENS, |i| *i = next));
        app.typed(key, result.is_ok());
        error.set(result.err());
        raw.set(text);
    });
    let message = Signal::derive(move || {
        error
            .see(|e| {
                e.as_ref()
                    .map(|e| rent_buy_error(app.t(), e, app.currency.get()))
            })
            .or_else(|| app.issue(key))
    });
    TypedText {
        raw,
        input,
        message,
    }
}

/// The resale curve: percentages typed year by year, tried at each keystroke like any box.
fn resale_curve() -> AnyView {
    let app = use_app();
    let key = "resale_curve";
    let TypedText {
        raw,
        input,
        message,
    } = typed_text(key);
    view! {
        <label class="field">
            <span class="field-label">{tr(|t| t.field.resale_curve)}</span>
            <span class="field-control">
                <input
                    type="text"
                    inputmode="decimal"
                    data-testid="input-resale_curve"
                    placeholder=tr(|t| t.rent_buy.resale_curve_placeholder)
                    prop:value=move || raw.get()
                    on:input=move |ev| input.run(event_target_value(&ev))
                    on:blur=move |_| app.typing_done(key)
                />
                <span class="field-unit">{tr(|t| t.unit.resale_curve)}</span>
            </span>
            <span class="field-msg" role="alert" data-testid="error-resale_curve">
                {message}
            </span>
        </label>
    }
    .into_any()
}

/// The hours a month is billed as: the two usual counts as radio buttons, or any other typed.
fn month_hours() -> AnyView {
    let app = use_app();
    let inputs = app.slice(LENS);
    view! {
        <div class="field" role="radiogroup" aria-label=tr(|t| t.field.month_hours)>
            <span class="field-label">{tr(|t| t.field.month_hours)}</span>
            <span class="field-control radios">
                {[720.0, 730.0]
                    .map(|h| {
                        view! {
                            <label>
                                <input
                                    type="radio"
                                    name="month_hours_choice"
                                    data-testid=format!("input-month_hours-{h}")
                                    prop:checked=move || inputs.see(|i| i.month_hours.0 == h)
                                    on:change=move |_| {
                                        app.try_edit(LENS, |i| i.month_hours.0 = h)
                                    }
                                />
                                " "
                                {live(move || app.t().rent_buy.hours_option(&number(h, 0)))}
                            </label>
                        }
                    })}
            </span>
        </div>
        <NumberField field=&MONTH_HOURS lens=LENS label=|t| t.rent_buy.or_any_other />
    }
    .into_any()
}

/// The inputs, report and chart series of this view, always computed together.
pub type Rep = Reported<RentBuyInputs, RentBuySheet>;
/// The view's one memo: everything below the form reads it.
pub type RentBuy = Memo<Rep>;

/// The tiles, the sentence, the working and the charts, as rows read from the view's memo.
const SHEET: Sheet<Rep> = Sheet {
    notes: None,
    // While a price is asked for, nothing that stands on it is shown.
    shown: Some(|p| !p.inputs.ask.any()),
    tiles: results::TILES,
    sentence: Some(("sentence", results::sentence)),
    ranges: None,
    formulas: formulas::ROWS,
    charts: charts::CHARTS,
};

#[component]
pub fn RentBuyView() -> impl IntoView {
    let app = use_app();
    let rep: RentBuy = use_report(LENS, rent_buy_sheet);
    let said = memo(move || rep.see(|r| answer(r, app.t())));
    // While a price is asked for, nothing that stands on it is shown: no tiles, charts or plans
    // (the three ways show the costs that stand on given prices only).
    let given = move || rep.see(|r| !r.inputs.ask.any());

    view! {
        <section class="view rent-buy" data-testid="view-rent-buy">
            <Headline answer=said lead_hook="verdict" help_end="u-star" />
            <div class="columns">
                {form(FORM)}
                <div class="results">
                    {sheet(rep, &SHEET)}
                    // Shown while a price is asked for: it hides what stands on that price
                    // itself, and a month reserved at its quote does not.
                    <ThreeWays rep=rep /> <ByCard rep=rep /> <When when=given>
                        <Hybrid rep=rep />
                        <Moves rep=rep />
                    </When>
                </div>
            </div>
        </section>
    }
}
