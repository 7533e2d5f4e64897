//! The guide's worked examples as one-click presets (`?preset=<id>`, docs/contract.md).
//!
//! Each example names the view it opens and the calculator it sets. Applying one replaces only
//! that calculator's inputs (for the memory examples: the shared model and card, and the one
//! view's own settings), so the other views keep what the reader gave them; only a setting of the
//! other memory view that the guide's model cannot take (a tensor-parallel count that does not
//! split its heads, more frozen layers than it has) returns to its default. The figures each
//! example reproduces are in docs/formulas.md and are checked by named tests
//! (`tests/core/presets.rs`):
//!
//! | id | view | the guide's figures |
//! |---|---|---|
//! | `break-even` | rent or buy | owning 46,853.33 a month, renting 43,200 at 50%, U* = 54.2% |
//! | `team-240h` | rent or buy | 240 busy hours in three months: U = 11.1%, renting 9,590.40 a month |
//! | `full-7b` | training | 7B, AdamW, mixed precision: 112 GB of states, 2 A100 80 GB cards |
//! | `lora-7b` | training | 7B LoRA rank 16: 39,976,960 trainable, 25.4 GiB a card |
//! | `infer-7b-8k` | inference | 8 sequences of 8,192 tokens: 32 GiB of cache, 57.65 GiB, 80 GB |
//! | `spot` | spot | 100 h job: 112.1 h and 392.34 with checkpoints against 1,000 on demand |
//! | `bill-21000` | monthly bill | 21,000 a month, three habits save 4,000 = 19.0% |
//! | `classroom` | rent or buy | 30 students' RTX 4090s for 6 weeks a year: renting 4,986.63 a month against owning 10,594.08, U* = 28.2% |
//!
//! Most examples are the calculators' defaults, which are the guide's examples by design
//! (docs/contract.md, "Stability"); a preset brings them back after the reader has moved away.
//! The guide gives no figures for its classroom (6.4), so `classroom` is an illustration built
//! from the dated card prices of [`super::memory::prices`] (see `classroom` below).

use super::bill::BillInputs;
use super::memory::inputs::{InferenceInputs, MemoryInputs, ModelSpec, TrainingInputs};
use super::memory::training::Method;
use super::rent_buy::{PowerModel, RentBuyInputs};
use super::scenario::{Scenario, FX};
use super::spot::SpotInputs;
use super::table::{validate, Calculator};
use super::units::{Currency, Hours, Kilowatts, Ratio};

/// Which inputs of the scenario an example sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    RentBuy,
    /// The shared model and card, and the training view's settings.
    Training,
    /// The shared model and card, and the inference view's settings.
    Inference,
    Spot,
    Bill,
}

/// One worked example of the guide.
pub struct Example {
    /// Link value (`preset=`), and the suffix of the page's `preset-<id>` hook.
    pub id: &'static str,
    /// The view it opens (`view=`).
    pub view: &'static str,
    pub target: Target,
    /// Writes the example's inputs, in yuan (the guide's currency), into the target's part.
    set: fn(&mut Scenario),
}

/// The guide's machine and its utilisation: the rent-or-buy defaults.
fn break_even(s: &mut Scenario) {
    s.rent_buy = RentBuyInputs::default();
}

/// The guide's opening: a team that planned to buy two 8-card machines logged fewer than 240
/// hours of full load in three months of 720 hours, U = 240 / 2,160 = 11.1% (docs/formulas.md,
/// "Rent or buy").
///
/// An example fills its boxes with figures as a person would type them, and the page computes
/// from what the box shows: the utilisation is 11.1% (239.76 hours in three months, "fewer
/// than 240"), not 1/9, which the box would show as 11.111111.
fn team_240h(s: &mut Scenario) {
    s.rent_buy = RentBuyInputs {
        util: Ratio(TEAM_240H_UTIL),
        ..RentBuyInputs::default()
    };
}

/// The opening team's utilisation, 240 / 2,160 to a tenth of a percent, as the guide writes it.
pub const TEAM_240H_UTIL: f64 = 0.111;
/// The classroom's utilisation, 6 x 168 / 8,760 = 11.506849...% to a tenth of a percent.
pub const CLASSROOM_UTIL: f64 = 0.115;

/// Students in the classroom example, one card each.
pub const CLASSROOM_STUDENTS: f64 = 30.0;
/// Weeks a year the course runs.
pub const CLASSROOM_WEEKS: f64 = 6.0;
/// An RTX 4090's purchase price, dollars: NVIDIA's launch price of 2022-09, the example's own
/// dated figure (the catalogue's `rtx-4090` purchase is now a 2024-11 street price of $1,650,
/// which picking the card fills; the example keeps the figures it was published with).
pub const RTX_4090_USD: f64 = 1_599.0;
/// An RTX 4090's rent per card-hour, yuan: AutoDL's list price of 2026-10
/// (`memory::prices`, `rtx-4090`, `rent_cny`).
pub const RTX_4090_RENT_CNY: f64 = 1.98;
/// An RTX 4090's board power, kW: 450 W (`memory::catalogue`, NVIDIA's Ada whitepaper).
pub const RTX_4090_KW: f64 = 0.45;

/// The guide's teaching case (6.4): a course needs many cards for a few weeks a year and none the
/// rest. The guide gives no figures, so this example takes 30 students with one RTX 4090 each
/// for 6 weeks a year, and counts the 30 cards as one "machine":
///
/// - rent: 30 x 1.98 = 59.4 yuan an hour, held around the clock while the course runs (the guide
///   opens a batch of instances when the course starts and releases them all when it ends), so
///   the cards are busy `U = 6 x 168 / 8,760 = 11.5%` of the year (written as 11.5%, the figure
///   the box shows and the page computes from: 83.95 hours a month of 730);
/// - buy: 30 x 1,599 dollars at the page's default rate of 7.1 yuan (the price table holds no
///   dated yuan purchase price for the card) = 340,587 yuan, written off over the guide's 36
///   months; 30 x 450 W drawn while the course runs at the guide's 1 yuan a kWh, the cards
///   switched off the rest of the year (electricity follows use, idle draw 0);
/// - left out: the host computers, the room and the staff who keep 30 machines running. Each
///   would add to owning only, so renting's lead is, if anything, understated.
///
/// Owning costs 340,587 / 36 + 13.5 kW x 83.95 h x 1 = 10,594.08 a month; renting 59.4 x 83.95
/// = 4,986.63 (59,839.56 a year); `U*` = 9,460.75 / ((59.4 - 13.5) x 730) = 28.2%, a course of
/// about 14.7 weeks a year held around the clock.
fn classroom(s: &mut Scenario) {
    let cards = CLASSROOM_STUDENTS;
    // A year of 8,760 hours: months of 730 hours make a twelfth of it exact.
    let month_hours = 730.0;
    s.rent_buy = RentBuyInputs {
        purchase: cards * RTX_4090_USD * FX.default,
        months: 36.0,
        resale: 0.0,
        power_model: PowerModel::FollowsUse,
        power_load: Kilowatts(cards * RTX_4090_KW),
        power_idle: Kilowatts(0.0),
        kwh_price: 1.0,
        pue: 1.0,
        hosting_per_month: 0.0,
        ops_per_month: 0.0,
        price_per_hour: cards * RTX_4090_RENT_CNY,
        util: Ratio(CLASSROOM_UTIL),
        month_hours: Hours(month_hours),
        machine_card: "rtx-4090".to_string(),
        ..RentBuyInputs::default()
    };
}

/// The guide's 7B model on its A100 80 GB, with the training settings `training`.
fn memory_with_training(s: &mut Scenario, training: TrainingInputs) {
    let d = MemoryInputs::default();
    s.memory.model = ModelSpec::default();
    s.memory.gpu = d.gpu;
    s.memory.training = training;
}

fn full_7b(s: &mut Scenario) {
    memory_with_training(s, TrainingInputs::default());
}

fn lora_7b(s: &mut Scenario) {
    memory_with_training(
        s,
        TrainingInputs {
            method: Method::Lora,
            ..TrainingInputs::default()
        },
    );
}

fn infer_7b_8k(s: &mut Scenario) {
    let d = MemoryInputs::default();
    s.memory.model = ModelSpec::default();
    s.memory.gpu = d.gpu;
    s.memory.inference = InferenceInputs::default();
}

fn spot(s: &mut Scenario) {
    s.spot = SpotInputs::default();
}

fn bill_21000(s: &mut Scenario) {
    s.bill = BillInputs::default();
}

/// Every example, in the order the page lists them.
pub const EXAMPLES: &[Example] = &[
    Example {
        id: "break-even",
        view: "rent-buy",
        target: Target::RentBuy,
        set: break_even,
    },
    Example {
        id: "team-240h",
        view: "rent-buy",
        target: Target::RentBuy,
        set: team_240h,
    },
    Example {
        id: "full-7b",
        view: "training",
        target: Target::Training,
        set: full_7b,
    },
    Example {
        id: "lora-7b",
        view: "training",
        target: Target::Training,
        set: lora_7b,
    },
    Example {
        id: "infer-7b-8k",
        view: "inference",
        target: Target::Inference,
        set: infer_7b_8k,
    },
    Example {
        id: "spot",
        view: "spot",
        target: Target::Spot,
        set: spot,
    },
    Example {
        id: "bill-21000",
        view: "bill",
        target: Target::Bill,
        set: bill_21000,
    },
    Example {
        id: "classroom",
        view: "rent-buy",
        target: Target::RentBuy,
        set: classroom,
    },
];

/// The example with link value `id`.
pub fn example(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.id == id.trim())
}

/// Every example's id, for the message about an unknown one.
pub fn ids() -> Vec<&'static str> {
    EXAMPLES.iter().map(|e| e.id).collect()
}

/// Writes the example's inputs into `s`: its target's part only, its amounts converted from yuan
/// into the scenario's currency at the scenario's rate (as a link in dollars converts the guide's
/// amounts it does not give).
pub fn apply(e: &Example, s: &mut Scenario) {
    let mut guide = s.clone();
    (e.set)(&mut guide);
    let factor = match s.currency {
        Currency::Cny => 1.0,
        Currency::Usd => 1.0 / s.fx,
    };
    let none = |_: &str| false;
    match e.target {
        Target::RentBuy => {
            guide.rent_buy.scale_money(factor, &none);
            // How far the tornado moves each input is how the reader looks at the answer, not
            // part of the example: it stays.
            guide.rent_buy.swing = s.rent_buy.swing;
            s.rent_buy = guide.rent_buy;
        }
        // Memory holds no amounts. The guide's model may not suit what the other memory view
        // kept: a tensor-parallel count that does not split its heads, or more frozen layers
        // than it has. Those go back to their defaults, so the example always applies.
        Target::Training | Target::Inference => {
            let mut m = guide.memory;
            if validate(m.clone()).is_err() {
                let d = MemoryInputs::default();
                match e.target {
                    Target::Training => m.inference.tp = d.inference.tp,
                    _ => m.training.frozen_layers = d.training.frozen_layers,
                }
            }
            s.memory = m;
        }
        Target::Spot => {
            guide.spot.scale_money(factor, &none);
            s.spot = guide.spot;
        }
        Target::Bill => {
            guide.bill.scale_money(factor, &none);
            s.bill = guide.bill;
        }
    }
}

/// Whether `s` holds the example's inputs, as applying it would leave them.
pub fn holds(e: &Example, s: &Scenario) -> bool {
    let mut t = s.clone();
    apply(e, &mut t);
    t == *s
}
