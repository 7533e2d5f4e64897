//! The training working: model states and activations, each as its formula and with the numbers
//! in place (the note on the guide's bytes per parameter sits between them, in the view).

use super::Rep;
use crate::app::format::{gb, gib, number};
use crate::app::widgets::FormulaRow;
use crate::calc::memory::training::{activation_bytes, attention_widths, mlp_width};
use crate::calc::units::Bytes;
use crate::text::Texts;

#[rustfmt::skip]
pub(super) const STATES: &[FormulaRow<Rep>] = &[
    FormulaRow { title: |t| t.training.f_states, symbolic: |t| t.training.f_states_sym, open: true, substituted: states, show: None },
];

#[rustfmt::skip]
pub(super) const REST: &[FormulaRow<Rep>] = &[
    FormulaRow { title: |t| t.training.f_activations, symbolic: |t| t.training.f_activations_sym, open: true, substituted: activations, show: None },
    FormulaRow { title: |t| t.training.f_reserve, symbolic: |t| t.training.f_reserve_sym, open: false, substituted: reserve, show: None },
];

fn states(r: &Rep, _: &'static Texts) -> String {
    let sb = r.per_param;
    let frozen = if r.trainable < r.params {
        format!(
            " + {} × {} B",
            number(r.params, 0),
            number(r.frozen_bytes, 4)
        )
    } else {
        String::new()
    };
    format!(
        "{} × ({} + {} + {} + {}) B{} = {} ({})",
        number(r.trainable, 0),
        number(sb.weight, 0),
        number(sb.grad, 0),
        number(sb.optimizer, 0),
        number(sb.master, 0),
        frozen,
        gib(r.states_unsharded),
        gb(r.states_unsharded),
    )
}

fn activations(r: &Rep, _: &'static Texts) -> String {
    let m = &r.inputs;
    let a = &m.model.arch;
    let [q, k, v, o] = attention_widths(a);
    format!(
        "{} × {} × {} × ({} × (4 × {} + {} + {} + {} + {} + 4 × {}) + {}) + … = {}",
        a.layers,
        m.training.seq,
        m.training.batch,
        number(activation_bytes(m.training.precision), 0),
        a.hidden,
        number(q, 0),
        number(k, 0),
        number(v, 0),
        number(o, 0),
        number(mlp_width(a), 0),
        a.hidden,
        gib(r.activations),
    )
}

fn reserve(r: &Rep, t: &'static Texts) -> String {
    t.training.f_reserve_num(
        &gib(Bytes(r.states.0 + r.activations.0)),
        &gib(r.reserve),
        &gib(r.total),
    )
}
