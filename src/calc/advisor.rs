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
//!
//! Verdicts and notes are codes with their numbers ([`Reason`], [`Note`]); the page words them.

use super::field::FieldError;
use super::table::{Calculator, ChoiceField, Field, FlagField, KeyedError};
use thiserror::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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
#[derive(Debug, Clone, PartialEq)]
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
    fn kind(&self) -> crate::calc::table::ErrorKind {
        crate::calc::table::ErrorKind::Advisor
    }
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

/// Why a supply form fits the workload or is ruled out. The page words each code (with its
/// numbers) in the reader's language.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reason {
    /// Whole machine, ruled out: batch runs of `run_hours` (a day or less) are short for a
    /// machine rented whole; the coarse rental period wastes the rest.
    ShortBatchRuns { run_hours: f64 },
    /// Whole machine, fits: long batch work that keeps every card busy can fill it.
    LongBatch,
    /// Whole machine, fits: `cards` cards at once need one machine's interconnect, drivers and
    /// RDMA under your control.
    SpansCards { cards: u64 },
    /// Whole machine, ruled out: one card does the work; the other cards are rented idle.
    OneCardIdle,
    /// Per card, fits: independent batch slices run well on single cards.
    IndependentSlices,
    /// Per card, ruled out: `cards` cards split over shared machines may lack the interconnect;
    /// neighbours slow cards by 20-30%.
    SplitOverShared { cards: u64 },
    /// Per card, fits: single-card fine-tuning, inference and debugging.
    SingleCard,
    /// Container, ruled out: multi-card work needs kernel, driver and interconnect settings a
    /// container cannot change.
    ContainerLocked,
    /// Container, fits: a ready CUDA image starts fastest.
    ContainerReady,
    /// Spot, ruled out: a service cannot be reclaimed at a few seconds' notice.
    ServiceNotReclaimable,
    /// Spot, ruled out: the work does not survive an interruption.
    NotInterruptible,
    /// Spot, ruled out: no spot without checkpoint-resume.
    NoCheckpoints,
    /// Spot, fits: interruptions are survivable; spot runs at 30-50% of the on-demand price.
    Survivable,
    /// Managed job service, ruled out: it runs jobs to an end, not a long-running service.
    ManagedNotService,
    /// Managed job service, fits: occasional short runs with no environment work.
    ManagedShortRuns,
    /// Managed job service, ruled out: runs of `run_hours` at the highest price per unit of
    /// compute add up.
    ManagedLongRuns { run_hours: f64 },
}

/// Extra advice that does not rule a form out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Note {
    /// `data_gb` of data (over 20 GB): object storage first, pulled over the internal network.
    ObjectStorage { data_gb: f64 },
    /// Each card needs the `tier_gb` memory tier or larger.
    Tier { tier_gb: f64 },
    /// No single card tier holds the work: split it over cards or shard it.
    NoTier,
    /// Multi-card training: a weak interconnect makes 8 cards work like about 3.
    WeakInterconnect,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub form: Form,
    pub fits: bool,
    pub reason: Reason,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AdvisorReport {
    pub verdicts: Vec<Verdict>,
    /// Extra advice that does not exclude a form.
    pub notes: Vec<Note>,
}

fn v(form: Form, fits: bool, reason: Reason) -> Verdict {
    Verdict { form, fits, reason }
}

pub fn advise(i: &AdvisorInputs) -> AdvisorReport {
    let multi = i.cards > 1;
    let short = i.run_hours <= 24.0;
    let cards = i.cards.max(1);
    let run_hours = i.run_hours;
    let mut verdicts = Vec::new();
    verdicts.push(match (i.profile, multi) {
        (Profile::Batch, _) if short => v(
            Form::WholeMachine,
            false,
            Reason::ShortBatchRuns { run_hours },
        ),
        (Profile::Batch, _) => v(Form::WholeMachine, true, Reason::LongBatch),
        (_, true) => v(Form::WholeMachine, true, Reason::SpansCards { cards }),
        (_, false) => v(Form::WholeMachine, false, Reason::OneCardIdle),
    });
    verdicts.push(match (i.profile, multi) {
        (Profile::Batch, _) => v(Form::PerCard, true, Reason::IndependentSlices),
        (_, true) => v(Form::PerCard, false, Reason::SplitOverShared { cards }),
        (_, false) => v(Form::PerCard, true, Reason::SingleCard),
    });
    verdicts.push(if multi && i.profile != Profile::Batch {
        v(Form::Container, false, Reason::ContainerLocked)
    } else {
        v(Form::Container, true, Reason::ContainerReady)
    });
    // A service is never put on spot, whatever its "interruptible" flag says (the rule above).
    verdicts.push(if i.profile == Profile::Inference {
        v(Form::Spot, false, Reason::ServiceNotReclaimable)
    } else if !i.interruptible {
        v(Form::Spot, false, Reason::NotInterruptible)
    } else if i.profile == Profile::Training && !i.has_checkpoints {
        v(Form::Spot, false, Reason::NoCheckpoints)
    } else {
        v(Form::Spot, true, Reason::Survivable)
    });
    verdicts.push(match i.profile {
        Profile::Inference => v(Form::Managed, false, Reason::ManagedNotService),
        _ if short => v(Form::Managed, true, Reason::ManagedShortRuns),
        _ => v(Form::Managed, false, Reason::ManagedLongRuns { run_hours }),
    });
    let mut notes = Vec::new();
    if i.data_gb > 20.0 {
        notes.push(Note::ObjectStorage { data_gb: i.data_gb });
    }
    notes.push(match i.tier_gb {
        Some(tier_gb) => Note::Tier { tier_gb },
        None => Note::NoTier,
    });
    if i.profile == Profile::Training && multi {
        notes.push(Note::WeakInterconnect);
    }
    AdvisorReport { verdicts, notes }
}
