//! What each view's headline answers, as a code (the page's `headline` hook) and, where the
//! answer is "it does not fit", the ways out, each computed by running the calculator again with
//! one input changed. The page words them; nothing here holds page text.
//!
//! Codes, by view: rent or buy `rent` or `buy` (the verdict), `ask` while a price awaits the
//! reader's figure; training and inference `fits` or
//! `no-fit`; spot `spot-checkpoints`, `spot` or `on-demand` (the cheapest way to run the job);
//! billing `excess` or `exact` (whether the rule bills hours not used); the monthly bill `saves`
//! or `no-savings`; serving `meets`, `misses` or `no-fit`; the checklists `done` or `todo`.

use super::bill::BillReport;
use super::billing::BillingReport;
use super::choice::Choice;
use super::memory::catalogue::{Gpu, GPUS};
use super::memory::dtype::WeightType;
use super::memory::inference::{inference, InferenceReport};
use super::memory::inputs::MemoryInputs;
use super::memory::training::{reserve, training, Method, Recompute, TrainingReport};
use super::rent_buy::RentBuyReport;
use super::serving::ServingReport;
use super::spot::{SpotInputs, SpotReport};
use super::table::Valid;
use super::units::{Bytes, Money};
use crate::calc::order;

/// Rent or buy: the verdict at the chosen utilisation, or `ask` while a price is asked for.
pub fn rent_buy(r: &RentBuyReport) -> &'static str {
    r.decided().map_or("ask", |v| v.id())
}

/// A memory view: whether the chosen card holds it.
pub fn memory(fits: bool) -> &'static str {
    if fits {
        "fits"
    } else {
        "no-fit"
    }
}

/// The training run with one thing changed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Way {
    /// What one card must hold, at the chosen cards and sharding.
    pub total: Bytes,
    /// Whether the chosen card holds that.
    pub fits: bool,
    /// The fewest cards of the chosen type that hold it (the report's own search).
    pub cards: Option<u64>,
}

/// Ways to make a training run fit, each from the calculator.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainingWays {
    /// The fewest cards of the chosen type, with the sharding stage that assumes.
    pub cards: Option<u64>,
    pub stage: u8,
    /// The card (its id) of least memory in the catalogue that holds the run as set.
    pub card: Option<&'static str>,
    /// When no number of the chosen cards holds it: the card (its id) of least memory of which
    /// some number does, and that number.
    pub sharded_card: Option<(&'static str, u64)>,
    /// Full activation recomputation (when not already on).
    pub recompute: Option<Way>,
    /// LoRA instead of a full fine-tune.
    pub lora: Option<Way>,
    /// QLoRA (when not already chosen).
    pub qlora: Option<Way>,
    /// Half the micro-batch (when it is above one), and that batch.
    pub batch: Option<(u64, Way)>,
    /// ZeRO-3 sharding at the chosen cards (when more than one and a lower stage is set).
    pub zero: Option<(u8, Way)>,
    /// What every card holds however many share the states: the activations and the reserve
    /// over them. Above the card's memory, no number of cards helps.
    pub floor: Bytes,
}

/// The cards of the catalogue that hold `need`, least memory first (catalogue order among equals).
fn cards_holding(need: Bytes) -> impl Iterator<Item = &'static Gpu> {
    let mut v: Vec<&'static Gpu> = GPUS.iter().filter(|g| g.capacity().0 >= need.0).collect();
    order::sort_by(&mut v, |a, b| a.capacity().0.total_cmp(&b.capacity().0));
    v.into_iter()
}

/// The card of least memory that holds `need` on its own.
pub fn smallest_card(need: Bytes) -> Option<&'static Gpu> {
    cards_holding(need).next()
}

fn training_way(m: &MemoryInputs, change: impl FnOnce(&mut MemoryInputs)) -> Option<Way> {
    let mut probe = m.clone();
    change(&mut probe);
    training(&probe).ok().map(|r| Way {
        total: r.total,
        fits: r.fits,
        cards: r.min_gpus,
    })
}

/// Ways out of a training run that does not fit (also computed when it fits, for the page to
/// show what each change would do).
pub fn training_ways(m: &Valid<MemoryInputs>, r: &TrainingReport) -> TrainingWays {
    let i = &m.training;
    let sharded_card = if r.min_gpus.is_none() {
        // Every card, least memory first, until some number of it holds the run.
        let mut all: Vec<&'static Gpu> = GPUS.iter().collect();
        order::sort_by(&mut all, |a, b| a.capacity().0.total_cmp(&b.capacity().0));
        all.into_iter().find_map(|g| {
            training_way(m, |p| p.gpu = g.id.to_string())
                .and_then(|w| w.cards)
                .map(|n| (g.id, n))
        })
    } else {
        None
    };
    TrainingWays {
        cards: r.min_gpus,
        stage: r.min_gpus_stage,
        card: smallest_card(r.total).map(|g| g.id),
        sharded_card,
        recompute: (i.recompute != Recompute::Full)
            .then(|| training_way(m, |p| p.training.recompute = Recompute::Full))
            .flatten(),
        lora: (i.method == Method::Full)
            .then(|| training_way(m, |p| p.training.method = Method::Lora))
            .flatten(),
        qlora: (i.method != Method::Qlora)
            .then(|| training_way(m, |p| p.training.method = Method::Qlora))
            .flatten(),
        batch: (i.batch > 1)
            .then(|| {
                let b = i.batch / 2;
                training_way(m, |p| p.training.batch = b).map(|w| (b, w))
            })
            .flatten(),
        zero: (i.gpus > 1 && i.zero < 3)
            .then(|| training_way(m, |p| p.training.zero = 3).map(|w| (3, w)))
            .flatten(),
        floor: Bytes(r.activations.0 + reserve(r.activations.0)),
    }
}

impl TrainingWays {
    /// Makes the change of the way `kind` (the page's id of a way: `cards`, `card`,
    /// `recompute`, `lora`, `qlora`, `batch`, `zero`) to `m`; a kind it does not offer changes
    /// nothing.
    pub fn apply(&self, kind: &str, m: &mut MemoryInputs) {
        match kind {
            "cards" => {
                if let Some(n) = self.cards {
                    m.training.gpus = n;
                    m.training.zero = self.stage;
                }
            }
            "card" => {
                if let Some(id) = self.card.or(self.sharded_card.map(|(id, _)| id)) {
                    m.gpu = id.to_string();
                }
            }
            "recompute" => m.training.recompute = Recompute::Full,
            "batch" => {
                if let Some((b, _)) = self.batch {
                    m.training.batch = b;
                }
            }
            "zero" => {
                if let Some((z, _)) = self.zero {
                    m.training.zero = z;
                }
            }
            "lora" => m.training.method = Method::Lora,
            "qlora" => m.training.method = Method::Qlora,
            _ => {}
        }
    }
}

/// Ways to make an inference load fit, each from the calculator.
#[derive(Debug, Clone, PartialEq)]
pub struct InferenceWays {
    /// The fewest cards of the chosen type, split as vLLM accepts, that hold it (up to one
    /// machine's 8).
    pub tp: Option<u64>,
    /// The card (its id) of least memory that holds it at the chosen number of cards.
    pub card: Option<&'static str>,
    /// A smaller weight format that fits the chosen card, with what a card then needs.
    pub format: Option<(WeightType, Bytes)>,
    /// The most sequences of the chosen context the chosen card holds.
    pub sequences: u64,
}

/// Formats tried in turn when the weights are wider: 8-bit, then a 4-bit checkpoint.
const SMALLER: [WeightType; 2] = [WeightType::Int8, WeightType::Awq];

pub fn inference_ways(m: &Valid<MemoryInputs>, r: &InferenceReport) -> InferenceWays {
    let with = |change: &dyn Fn(&mut MemoryInputs)| {
        let mut probe: MemoryInputs = (**m).clone();
        change(&mut probe);
        inference(&probe).ok()
    };
    // Within one machine: tensor parallelism across machines is not a way out to offer.
    let tp = (1..=crate::calc::serving::MACHINE_CARDS).find(|&tp| {
        with(&|p| p.inference.tp = tp)
            .map(|r| r.fits)
            .unwrap_or(false)
    });
    let bits = r.bits_per_weight;
    let format = SMALLER
        .iter()
        .filter(|w| w.bits_per_weight(&m.model.arch) < bits)
        .find_map(|&w| {
            with(&|p| p.inference.weights = w)
                .filter(|r| r.fits)
                .map(|r| (w, r.required))
        });
    InferenceWays {
        tp,
        card: smallest_card(r.required).map(|g| g.id),
        format,
        sequences: r.max_concurrency,
    }
}

impl InferenceWays {
    /// Makes the change of the way `kind` (the page's id of a way: `tp`, `card`, `format`,
    /// `fewer`) to `m`; a kind it does not offer changes nothing.
    pub fn apply(&self, kind: &str, m: &mut MemoryInputs) {
        match kind {
            "tp" => {
                if let Some(tp) = self.tp {
                    m.inference.tp = tp;
                }
            }
            "card" => {
                if let Some(id) = self.card {
                    m.gpu = id.to_string();
                }
            }
            "format" => {
                if let Some((f, _)) = self.format {
                    m.inference.weights = f;
                }
            }
            "fewer" => m.inference.conc = self.sequences,
            _ => {}
        }
    }
}

/// The cheapest way to run the spot view's job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpotChoice {
    /// Spot capacity, resuming from checkpoints.
    Checkpoints,
    /// Spot capacity, starting over after each interruption.
    NoCheckpoints,
    OnDemand,
}

impl SpotChoice {
    pub fn id(self) -> &'static str {
        match self {
            SpotChoice::Checkpoints => "spot-checkpoints",
            SpotChoice::NoCheckpoints => "spot",
            SpotChoice::OnDemand => "on-demand",
        }
    }
}

/// The cheapest of on demand and spot as the job can run there (with checkpoints when it can
/// resume, else starting over); a tie goes to on demand, which is never interrupted.
pub fn spot_best(i: &SpotInputs, r: &SpotReport) -> (SpotChoice, Money) {
    let spot = if i.has_checkpoints {
        Some((SpotChoice::Checkpoints, r.cost_with))
    } else {
        r.cost_without.map(|c| (SpotChoice::NoCheckpoints, c))
    };
    match spot {
        Some((c, cost)) if cost.amount < r.ondemand_cost.amount => (c, cost),
        _ => (SpotChoice::OnDemand, r.ondemand_cost),
    }
}

/// Billing rules: whether the rule bills hours that were not used.
pub fn billing(r: &BillingReport) -> &'static str {
    if r.excess_cost.amount > 0.005 {
        "excess"
    } else {
        "exact"
    }
}

/// The monthly bill: whether a habit ticked lacks its amount, else whether the habits ticked
/// save anything.
pub fn bill(r: &BillReport) -> &'static str {
    if !r.unpriced.is_empty() {
        "ask"
    } else if r.savings.amount > 0.0 {
        "saves"
    } else {
        "no-savings"
    }
}

/// Serving: whether one replica holds a request at all, and whether both latency goals are met.
pub fn serving(r: &ServingReport) -> &'static str {
    if r.max_conc == 0 {
        "no-fit"
    } else if r.meets_tpot && r.meets_ttft {
        "meets"
    } else {
        "misses"
    }
}

/// The checklists: every item ticked or not.
pub fn checklists(done: usize, total: usize) -> &'static str {
    if done >= total {
        "done"
    } else {
        "todo"
    }
}
