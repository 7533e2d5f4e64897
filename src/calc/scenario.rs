//! A scenario: every calculator's inputs together, the unit that is saved, shared and compared.
//!
//! Stored format: `{"schema": 1, "scenario": {...}}` under a versioned localStorage key. Every
//! struct is `#[serde(default)]`, so a save written before a field existed still loads with that
//! field at its default; a save with a newer schema than this build knows is refused rather than
//! misread.

use super::advisor::{AdvisorChoice, AdvisorInputs, Profile};
use super::bill::BillInputs;
use super::billing::BillingInputs;
use super::memory::catalogue::tier_for;
use super::memory::inference::{inference, InferenceInputs};
use super::memory::training::{training, TrainingInputs};
use super::rent_buy::RentBuyInputs;
use super::spot::SpotInputs;
use super::units::{Bytes, Currency};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use thiserror::Error;

/// The schema this build writes.
pub const SCHEMA: u32 = 1;

/// The views of the page, by their link value (`view=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum View {
    #[default]
    RentBuy,
    Training,
    Inference,
    Spot,
    Billing,
    Bill,
    Checklists,
    Compare,
}

impl View {
    pub const ALL: [View; 8] = [
        View::RentBuy,
        View::Training,
        View::Inference,
        View::Spot,
        View::Billing,
        View::Bill,
        View::Checklists,
        View::Compare,
    ];

    pub fn id(self) -> &'static str {
        match self {
            View::RentBuy => "rent-buy",
            View::Training => "training",
            View::Inference => "inference",
            View::Spot => "spot",
            View::Billing => "billing",
            View::Bill => "bill",
            View::Checklists => "checklists",
            View::Compare => "compare",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        View::ALL.into_iter().find(|v| v.id() == id)
    }
}

/// The language the page is shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    pub fn id(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }
    pub fn from_id(id: &str) -> Option<Self> {
        match id {
            "en" => Some(Lang::En),
            "zh" | "zh-CN" | "zh-cn" => Some(Lang::Zh),
            _ => None,
        }
    }
}

/// All inputs of all calculators.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Scenario {
    pub currency: Currency,
    pub rent_buy: RentBuyInputs,
    pub training: TrainingInputs,
    pub inference: InferenceInputs,
    pub spot: SpotInputs,
    pub billing: BillingInputs,
    pub bill: BillInputs,
    pub advisor: AdvisorChoice,
    /// Ids of the checklist items ticked.
    pub checked: BTreeSet<String>,
}

impl Scenario {
    /// The training calculator's inputs: its own settings with the model and card that both
    /// memory views share (kept in the inference inputs, where a link writes them).
    pub fn training_inputs(&self) -> TrainingInputs {
        let i = &self.inference;
        TrainingInputs {
            model: i.model.clone(),
            arch: i.arch.clone(),
            params_b: i.params_b,
            gpu: i.gpu.clone(),
            ..self.training.clone()
        }
    }

    /// What a resumable checkpoint of the training view's job holds: the trainable weights, their
    /// optimiser state and master copy (gradients are rebuilt by the next step, and frozen weights
    /// reload from the base model). 7B full fine-tuning with AdamW in mixed bf16: 14 bytes a
    /// parameter, 98 GB.
    pub fn training_checkpoint(&self) -> Option<Bytes> {
        let r = training(&self.training_inputs()).ok()?;
        let b = r.per_param;
        Some(Bytes(r.trainable * (b.weight + b.optimizer + b.master)))
    }

    /// The advisor's inputs: its own choices with what the other views already know (checkpoints
    /// and run length from the spot view, data size from billing, cards and tier from memory).
    pub fn advisor_inputs(&self) -> AdvisorInputs {
        let a = &self.advisor;
        let (cards, tier_gb) = match a.profile {
            Profile::Training => match training(&self.training_inputs()) {
                // Spread over several cards, each needs the tier of the card that count assumes.
                Ok(r) => match r.min_gpus {
                    Some(n) if n > 1 => (n, tier_for(r.capacity)),
                    Some(n) => (n, tier_for(r.total)),
                    None => (self.training.gpus, None),
                },
                Err(_) => (self.training.gpus, None),
            },
            Profile::Inference | Profile::Batch => match inference(&self.inference) {
                Ok(r) => (self.inference.tp, r.tier_gb),
                Err(_) => (self.inference.tp, None),
            },
        };
        AdvisorInputs {
            profile: a.profile,
            interruptible: a.interruptible,
            has_checkpoints: self.spot.has_checkpoints,
            data_gb: self.billing.data_gb,
            run_hours: self.spot.job.0,
            cards: cards.max(1),
            tier_gb,
        }
    }

    /// Keeps the scenario-wide currency in every calculator's inputs.
    pub fn set_currency(&mut self, c: Currency) {
        self.currency = c;
        self.rent_buy.currency = c;
    }
}

/// What is written to storage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Stored {
    pub schema: u32,
    #[serde(default)]
    pub scenario: Scenario,
}

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("saved data is not readable: {0}")]
    Unreadable(#[from] serde_json::Error),
    #[error("saved data has schema {found}; this page reads up to schema {SCHEMA}")]
    TooNew { found: u32 },
}

/// Serialises a scenario in the stored format.
pub fn to_json(s: &Scenario) -> String {
    // Serialising plain structs of numbers and enums cannot fail; fall back to an empty object
    // rather than panicking if it ever did.
    serde_json::to_string(&Stored {
        schema: SCHEMA,
        scenario: s.clone(),
    })
    .unwrap_or_else(|_| "{}".into())
}

/// Reads a scenario in the stored format, migrating older schemas.
pub fn from_json(text: &str) -> Result<Scenario, StoreError> {
    let stored: Stored = serde_json::from_str(text)?;
    if stored.schema > SCHEMA {
        return Err(StoreError::TooNew {
            found: stored.schema,
        });
    }
    let mut s = stored.scenario;
    let c = s.currency;
    s.set_currency(c);
    Ok(s)
}
