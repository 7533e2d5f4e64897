//! The workload advisor (docs/formulas.md, "Workloads and supply forms"): rule out the supply forms
//! a workload cannot use, then compare prices among the rest.
//!
//! Rules, from the guide's two tables:
//! - training needs the interconnect of one machine once it spans cards, so per-card slices and
//!   containers drop out (a weak interconnect makes 8 cards work like about 3);
//! - a service (inference) is not interrupted, and a job without checkpoint-resume must not be: both
//!   exclude spot capacity ("no spot without checkpoint-resume");
//! - a whole machine rents coarsely: one card's work, or short runs, waste the rest;
//! - a managed job service has the highest price per unit of compute: it fits occasional runs (a day
//!   or less here), not long ones or services;
//! - data over 20 GB goes to object storage first and is pulled over the internal network.

use super::field::FieldError;
use super::table::{Calculator, ChoiceField, Field, FlagField, KeyedError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Profile {
    #[default]
    Training,
    Inference,
    Batch,
}

crate::choice_ids!(Profile {
    Training => "training",
    Inference => "inference",
    Batch => "batch",
});

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    WholeMachine,
    PerCard,
    Container,
    Spot,
    Managed,
}

crate::choice_ids!(Form {
    WholeMachine => "whole-machine",
    PerCard => "per-card",
    Container => "container",
    Spot => "spot",
    Managed => "managed",
});

/// The advisor's own choices; the rest comes from the other views (see [`AdvisorInputs`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AdvisorChoice {
    pub profile: Profile,
    /// Whether the work survives being stopped at any moment (batch slices can be requeued).
    pub interruptible: bool,
}

impl Default for AdvisorChoice {
    fn default() -> Self {
        AdvisorChoice {
            profile: Profile::Training,
            interruptible: true,
        }
    }
}

/// The kind of workload.
pub const PROFILE: ChoiceField<AdvisorChoice> = crate::choice_field!("profile", Profile, profile);
/// Whether the workload survives being stopped at any moment.
pub const INTERRUPTIBLE: FlagField<AdvisorChoice> =
    crate::flag_field!("interruptible", interruptible);

impl Calculator for AdvisorChoice {
    type Error = AdvisorError;

    const FIELDS: &'static [Field<Self>] = &[Field::Choice(PROFILE), Field::Flag(INTERRUPTIBLE)];
}

/// Why the advisor's choices were refused: only a field can be wrong, as they do not constrain
/// one another.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum AdvisorError {
    #[error(transparent)]
    Field(#[from] FieldError),
}

impl KeyedError for AdvisorError {
    fn key(&self) -> &'static str {
        match self {
            AdvisorError::Field(e) => e.key(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct AdvisorInputs {
    pub profile: Profile,
    pub interruptible: bool,
    pub has_checkpoints: bool,
    pub data_gb: f64,
    /// Hours one run lasts.
    pub run_hours: f64,
    /// Cards the work needs at once (from the memory views).
    pub cards: u64,
    /// Memory tier one card needs, GB (from the memory views), if known.
    pub tier_gb: Option<f64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub form: Form,
    pub fits: bool,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AdvisorReport {
    pub verdicts: Vec<Verdict>,
    /// Extra advice that does not exclude a form.
    pub notes: Vec<String>,
}

fn v(form: Form, fits: bool, reason: impl Into<String>) -> Verdict {
    Verdict {
        form,
        fits,
        reason: reason.into(),
    }
}

pub fn advise(i: &AdvisorInputs) -> AdvisorReport {
    let multi = i.cards > 1;
    let short = i.run_hours <= 24.0;
    let cards = i.cards.max(1);
    let mut verdicts = Vec::new();
    verdicts.push(match (i.profile, multi) {
        (Profile::Batch, _) if short => v(
            Form::WholeMachine,
            false,
            format!("runs of {} h are short for a machine rented whole: the coarse rental period wastes the rest", fmt(i.run_hours)),
        ),
        (Profile::Batch, _) => v(Form::WholeMachine, true, "long batch work that keeps every card busy can fill a whole machine"),
        (_, true) => v(
            Form::WholeMachine,
            true,
            format!("{cards} cards at once need one machine's interconnect, drivers and RDMA under your control"),
        ),
        (_, false) => v(Form::WholeMachine, false, "one card does the work: a whole machine rents the other cards idle"),
    });
    verdicts.push(match (i.profile, multi) {
        (Profile::Batch, _) => v(Form::PerCard, true, "independent slices run well on single cards"),
        (_, true) => v(
            Form::PerCard,
            false,
            format!("{cards} cards split over shared machines may lack the interconnect; neighbours slow cards by 20-30%"),
        ),
        (_, false) => v(Form::PerCard, true, "single-card fine-tuning, inference and debugging are what card slices are for"),
    });
    verdicts.push(if multi && i.profile != Profile::Batch {
        v(Form::Container, false, "multi-card work needs kernel, driver and interconnect settings a container cannot change")
    } else {
        v(Form::Container, true, "a ready CUDA image starts fastest; fine as long as no driver or kernel change is needed")
    });
    verdicts.push(if i.profile == Profile::Inference && !i.interruptible {
        v(Form::Spot, false, "a service cannot be reclaimed at a few seconds' notice")
    } else if !i.interruptible {
        v(Form::Spot, false, "the work does not survive an interruption, and spot capacity is reclaimed at any time")
    } else if i.profile == Profile::Training && !i.has_checkpoints {
        v(Form::Spot, false, "no spot without checkpoint-resume: reruns can cost more than on demand (see the spot view)")
    } else {
        v(Form::Spot, true, "interruptions are survivable: spot runs at 30-50% of the on-demand price")
    });
    verdicts.push(match i.profile {
        Profile::Inference => v(Form::Managed, false, "a job service runs jobs to an end, not a long-running service"),
        _ if short => v(Form::Managed, true, "occasional runs with no environment work; the highest price per unit, so keep it for short runs"),
        _ => v(
            Form::Managed,
            false,
            format!("{} h runs at the highest price per unit of compute add up", fmt(i.run_hours)),
        ),
    });
    let mut notes = Vec::new();
    if i.data_gb > 20.0 {
        notes.push(format!(
            "{} GB of data: put it in object storage first and pull it over the internal network (see billing rules)",
            fmt(i.data_gb)
        ));
    }
    if let Some(t) = i.tier_gb {
        notes.push(format!(
            "each card needs the {} GB memory tier or larger",
            fmt(t)
        ));
    } else {
        notes.push(
            "no single card tier holds it: split it over cards (inference) or shard it (training)"
                .into(),
        );
    }
    if i.profile == Profile::Training && multi {
        notes.push(
            "a weak interconnect makes 8 cards work like about 3: ask for NVLink or RDMA figures"
                .into(),
        );
    }
    AdvisorReport { verdicts, notes }
}

fn fmt(v: f64) -> String {
    crate::calc::field::link_number((v * 10.0).round() / 10.0)
}
