//! Everything each memory view shows, from one call: the report, the ways out of a miss, the
//! stacked chart's parts and the sweep chart's lines (and, for training, the job's time and
//! cost). Each view makes one memo of its sheet (docs/performance.md, "The memory views on one
//! path"); the sheets deref to their reports.
//!
//! The two charts have the same shape in both views, so they are one type each here: [`Stack`]
//! (what one card holds, part by part, against its capacity) and [`Sweep`] (memory per card
//! against one input, a line per value of another, the reader's point marked). Their series come
//! from the checked inputs, as every chart's does (`&Valid<MemoryInputs>`).

use crate::calc::headline::{inference_ways, training_ways, InferenceWays, TrainingWays};
use crate::calc::memory::catalogue::gpu;
use crate::calc::memory::inference::{self, memory_vs_concurrency, InferenceReport};
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::memory::training::{self, total_vs_seq, TrainingReport};
use crate::calc::series::{first_above, Crossing};
use crate::calc::table::Valid;
use crate::calc::training_time::{catalogue_costs, time_report, CatalogueCosts, TimeReport};
use crate::calc::units::Currency;

/// What one card holds, part by part, in GiB (in the order the stack draws them: inference's
/// weights, KV cache, overhead and headroom; training's weights, gradients, optimizer states,
/// master weights, activations and reserve), and the card's capacity in GiB.
#[derive(Debug, Clone, PartialEq)]
pub struct Stack {
    pub parts: Vec<f64>,
    pub capacity: f64,
}

/// One line of a [`Sweep`]: the context it is drawn at (none for training's one line) and its
/// points `(x, GiB)`.
pub type Line = (Option<u64>, Vec<(f64, f64)>);

/// Memory per card (GiB) against one input, one line per value of another.
#[derive(Debug, Clone, PartialEq)]
pub struct Sweep {
    /// Inference's lines are drawn at a quarter, one and four times the chosen context;
    /// training has one line.
    pub lines: Vec<Line>,
    /// The reader's point: the chosen x and what a card then needs.
    pub at: (f64, f64),
    pub capacity: f64,
    /// The axis's end: the last x of any line (at least 1).
    pub x_max: f64,
    /// Where the line at the reader's setting first rises above the card.
    pub limit: Crossing,
}

impl Sweep {
    fn new(lines: Vec<Line>, own: usize, at: (f64, f64), cap: f64) -> Sweep {
        let x_max = lines
            .iter()
            .flat_map(|l| l.1.iter().map(|p| p.0))
            .fold(1.0, f64::max);
        let limit = lines
            .get(own)
            .map_or(Crossing::Never, |l| first_above(&l.1, cap));
        Sweep {
            lines,
            at,
            capacity: cap,
            x_max,
            limit,
        }
    }
}

/// The inference view's sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct InferenceSheet {
    pub report: InferenceReport,
    pub ways: InferenceWays,
    pub stack: Stack,
    /// Memory against concurrency at a quarter, one and four times the context.
    pub sweep: Sweep,
    /// The chosen card's name ("" for a card the catalogue does not hold).
    pub card_name: &'static str,
}

impl std::ops::Deref for InferenceSheet {
    type Target = InferenceReport;
    fn deref(&self) -> &InferenceReport {
        &self.report
    }
}

/// The inference report, its ways out and its charts' series. The currency is not read (the
/// view's memo is made the way every view's is).
pub fn inference(m: &Valid<MemoryInputs>, _: Currency) -> InferenceSheet {
    let report = inference::report(m);
    let i = &m.inference;
    // What one card holds: its share of the weights, and of the cache as the engine shards it
    // (copied heads and a latent cache are not divided).
    let stack = Stack {
        parts: vec![
            report.weights_per_card.as_gib(),
            report.kv_per_card.as_gib(),
            report.overhead.as_gib(),
            report.headroom.as_gib(),
        ],
        capacity: report.capacity.as_gib(),
    };
    let mut ctxs = vec![i.ctx / 4, i.ctx, i.ctx * 4];
    ctxs.retain(|c| *c >= 1);
    ctxs.dedup();
    let own = ctxs.iter().position(|c| *c == i.ctx).unwrap_or(0);
    let lines = memory_vs_concurrency(m, &ctxs)
        .into_iter()
        .map(|(ctx, pts)| (Some(ctx), pts))
        .collect();
    let sweep = Sweep::new(
        lines,
        own,
        (i.conc as f64, report.required.as_gib()),
        report.capacity.as_gib(),
    );
    InferenceSheet {
        ways: inference_ways(m, &report),
        stack,
        sweep,
        card_name: gpu(&m.gpu).map_or("", |g| g.name),
        report,
    }
}

/// The training view's sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainingSheet {
    pub report: TrainingReport,
    pub ways: TrainingWays,
    pub stack: Stack,
    /// The total per card against sequence length, from 0 to twice the chosen length.
    pub sweep: Sweep,
    /// The job's time, and its cost each way the catalogue prices the card.
    pub time: TimeReport,
    pub costs: CatalogueCosts,
}

impl std::ops::Deref for TrainingSheet {
    type Target = TrainingReport;
    fn deref(&self) -> &TrainingReport {
        &self.report
    }
}

/// The training report, its ways out, its charts' series and the job's time and cost in
/// `currency`.
pub fn training(m: &Valid<MemoryInputs>, currency: Currency) -> TrainingSheet {
    let report = training::report(m);
    let r = &report;
    let stack = Stack {
        parts: vec![
            r.weights.as_gib(),
            r.grads.as_gib(),
            r.optimizer.as_gib(),
            r.master.as_gib(),
            r.activations.as_gib(),
            r.reserve.as_gib(),
        ],
        capacity: r.capacity.as_gib(),
    };
    let sweep = Sweep::new(
        vec![(None, total_vs_seq(m))],
        0,
        (m.training.seq as f64, r.total.as_gib()),
        r.capacity.as_gib(),
    );
    let time = time_report(m);
    TrainingSheet {
        ways: training_ways(m, r),
        stack,
        sweep,
        costs: catalogue_costs(&time, &m.gpu, currency),
        time,
        report,
    }
}
