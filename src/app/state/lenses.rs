//! Where each calculator's inputs sit in the scenario, named once here below the views, so that
//! the shell (the examples menu) and the views read the same lens without importing each other.

use super::Lens;
use crate::calc::advisor::AdvisorChoice;
use crate::calc::bill::BillInputs;
use crate::calc::billing::BillingInputs;
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::plan::PlanInputs;
use crate::calc::rent_buy::RentBuyInputs;
use crate::calc::serving::ServingInputs;
use crate::calc::spot::SpotInputs;

macro_rules! lens {
    ($(#[$doc:meta])* $name:ident: $ty:ty = $field:ident) => {
        $(#[$doc])*
        pub const $name: Lens<$ty> = Lens {
            get: |s| &s.$field,
            get_mut: |s| &mut s.$field,
        };
    };
}

lens!(RENT_BUY: RentBuyInputs = rent_buy);
lens!(
    /// The memory views' inputs: the model and card are shared with serving.
    MEMORY: MemoryInputs = memory
);
lens!(SERVING: ServingInputs = serving);
lens!(
    /// The spot calculator's inputs; the advisor's checkpoint box writes them too.
    SPOT: SpotInputs = spot
);
lens!(BILLING: BillingInputs = billing);
lens!(BILL: BillInputs = bill);
lens!(ADVISOR: AdvisorChoice = advisor);
lens!(
    /// The plan's own inputs (its job is the serving view's inputs).
    PLAN: PlanInputs = plan
);
