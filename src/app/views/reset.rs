//! What "reset this view" puts back, view by view: each view's inputs taken from the guide's
//! example (`d`, already in the scenario's currency), every other view's kept. Each returns the
//! link keys it reset, whose problems the page then forgets. The registry names the one a view
//! uses ([`crate::app::state::ViewEntry::reset`]); a view without one has nothing to reset.

use crate::calc::advisor::AdvisorChoice;
use crate::calc::bill::BillInputs;
use crate::calc::billing::BillingInputs;
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::plan::PlanInputs;
use crate::calc::rent_buy::RentBuyInputs;
use crate::calc::scenario::{Progress, Scenario};
use crate::calc::serving::ServingInputs;
use crate::calc::spot::SpotInputs;
use crate::calc::table::{validate, Calculator};

pub use crate::app::state::Reset;

/// The link keys of a calculator's inputs.
fn keys<T: Calculator>() -> Vec<&'static str> {
    T::FIELDS.iter().map(|f| f.key()).collect()
}

/// The model and the card are shared by the memory and serving views and shown on each: they
/// and `part` of the memory inputs come back; the other view's own settings stay, unless they no
/// longer fit the example's model.
fn memory(
    s: &mut Scenario,
    d: &Scenario,
    part: fn(&mut MemoryInputs, &MemoryInputs),
) -> Vec<&'static str> {
    let mut m = s.memory.clone();
    m.model = d.memory.model.clone();
    m.gpu = d.memory.gpu.clone();
    part(&mut m, &d.memory);
    s.memory = if validate(m.clone()).is_ok() {
        m
    } else {
        d.memory.clone()
    };
    keys::<MemoryInputs>()
}

pub fn rent_buy(s: &mut Scenario, _: &mut Progress, d: &Scenario) -> Vec<&'static str> {
    s.rent_buy = d.rent_buy.clone();
    keys::<RentBuyInputs>()
}

pub fn training(s: &mut Scenario, _: &mut Progress, d: &Scenario) -> Vec<&'static str> {
    memory(s, d, |m, d| m.training = d.training.clone())
}

pub fn inference(s: &mut Scenario, _: &mut Progress, d: &Scenario) -> Vec<&'static str> {
    memory(s, d, |m, d| m.inference = d.inference.clone())
}

pub fn serving(s: &mut Scenario, _: &mut Progress, d: &Scenario) -> Vec<&'static str> {
    s.serving = d.serving.clone();
    let mut k = keys::<ServingInputs>();
    // The serving view also shows the weights' format and the tensor parallelism.
    k.extend(memory(s, d, |m, d| {
        for key in ["weights", "tp"] {
            if let Some(f) = MemoryInputs::field(key) {
                f.copy(m, d);
            }
        }
    }));
    k
}

/// The plan's own inputs; its job is the serving view's, reset there.
pub fn plan(s: &mut Scenario, _: &mut Progress, d: &Scenario) -> Vec<&'static str> {
    s.plan = d.plan.clone();
    keys::<PlanInputs>()
}

pub fn spot(s: &mut Scenario, _: &mut Progress, d: &Scenario) -> Vec<&'static str> {
    s.spot = d.spot.clone();
    keys::<SpotInputs>()
}

pub fn billing(s: &mut Scenario, _: &mut Progress, d: &Scenario) -> Vec<&'static str> {
    s.billing = d.billing.clone();
    keys::<BillingInputs>()
}

pub fn bill(s: &mut Scenario, _: &mut Progress, d: &Scenario) -> Vec<&'static str> {
    s.bill = d.bill.clone();
    keys::<BillInputs>()
}

pub fn checklists(s: &mut Scenario, p: &mut Progress, d: &Scenario) -> Vec<&'static str> {
    s.advisor = d.advisor.clone();
    p.checked.clear();
    let mut k = keys::<AdvisorChoice>();
    k.push(crate::calc::scenario::CHECKED);
    k
}
