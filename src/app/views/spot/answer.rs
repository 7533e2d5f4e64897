//! The spot headline: the cheapest way to run the job (spot with checkpoints, spot starting over,
//! or on demand) and what it costs against on demand.

use crate::app::format::{money, number, percent};
use crate::app::state::Reported;
use crate::app::views::headline::{Answer, Tone};
use crate::calc::headline::{spot_best, SpotChoice};
use crate::calc::spot::{SpotInputs, SpotReport};
use crate::text::Texts;

pub fn answer(p: &Reported<SpotInputs, SpotReport>, t: &'static Texts) -> Answer {
    let (i, r, h) = (&p.inputs, &p.report, &t.headline);
    let (best, cost) = spot_best(i, r);
    let hours = |x: f64| t.spot.hours(&number(x, 1));
    let ondemand = money(r.ondemand_cost, 0);
    let share = |c: f64| percent(c / r.ondemand_cost.amount.max(f64::MIN_POSITIVE), 0);
    let (lead, detail) = match best {
        SpotChoice::Checkpoints => (
            h.spot_ckpt.to_string(),
            h.spot_vs(
                &money(cost, 0),
                &ondemand,
                &share(cost.amount),
                &hours(r.wall_with.0),
                &hours(i.job.0),
            ),
        ),
        SpotChoice::NoCheckpoints => (
            h.spot_plain.to_string(),
            h.spot_vs(
                &money(cost, 0),
                &ondemand,
                &share(cost.amount),
                &hours(r.wall_without.map(|w| w.0).unwrap_or(f64::INFINITY)),
                &hours(i.job.0),
            ),
        ),
        SpotChoice::OnDemand => (
            h.ondemand.to_string(),
            match (i.has_checkpoints, r.cost_without) {
                (true, _) => h.ondemand_vs_ckpt(&ondemand, &money(r.cost_with, 0)),
                (false, Some(c)) => h.ondemand_vs_plain(&ondemand, &money(c, 0)),
                (false, None) => h.ondemand_never(&ondemand),
            },
        ),
    };
    Answer {
        code: best.id(),
        tone: if best == SpotChoice::OnDemand {
            Tone::Plain
        } else {
            Tone::Good
        },
        lead,
        detail,
    }
}
