//! The training working: model states and activations, each as its formula and with the numbers
//! in place, and the note on the guide's bytes per parameter.

use crate::app::format::{gb, gib, number};
use crate::app::widgets::{FormulaRow, Formulas};
use crate::calc::memory::inputs::MemoryInputs;
use crate::calc::memory::training::{
    activation_bytes, attention_widths, mlp_width, TrainingReport,
};
use crate::calc::units::Bytes;
use leptos::prelude::*;

type Pair = (MemoryInputs, TrainingReport);

#[rustfmt::skip]
const STATES: &[FormulaRow<Pair>] = &[
    FormulaRow { title: "Model states", symbolic: "trainable × (weight + gradient + optimiser + master bytes) + frozen × frozen bytes", open: true, substituted: states, show: None },
];

#[rustfmt::skip]
const REST: &[FormulaRow<Pair>] = &[
    FormulaRow { title: "Activations", symbolic: "layers × s b (e (4 h + q + k + v + o + 4 I) + h) [+ (2 e + 1) a s² b without memory-efficient attention] + logits s b V × 4 B; e = 2 B (4 in fp32), k and v at the KV heads' width", open: true, substituted: activations, show: None },
    FormulaRow { title: "CUDA context, workspaces and allocator reserve", symbolic: "0.5 GiB CUDA context + 0.25 GiB cuBLAS, cuDNN and kernel workspaces + 5% × (states + activations) held by PyTorch's caching allocator", open: false, substituted: reserve, show: None },
];

#[component]
pub fn TrainingFormulas(inputs: Memo<MemoryInputs>, report: Memo<TrainingReport>) -> impl IntoView {
    let pair = Memo::new(move |_| (inputs.get(), report.get()));
    view! {
        <div class="formulas">
            <Formulas of=pair rows=STATES />
            <p class="hint">
                "Mixed precision with AdamW is 16 bytes a trainable parameter: 2 weight + 2 gradient + 8 moments + 4 master copy. The guide's text says 12 in all, but its own items add to 16 and its example uses 16; 12 is the optimiser's part (moments and master copy)."
            </p>
            <Formulas of=pair rows=REST />
        </div>
    }
}

fn states((_, r): &Pair) -> String {
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
        "{} × ({} + {} + {} + {}) B{} = {}",
        number(r.trainable, 0),
        number(sb.weight, 0),
        number(sb.grad, 0),
        number(sb.optimizer, 0),
        number(sb.master, 0),
        frozen,
        gb(r.states_unsharded),
    )
}

fn activations((m, r): &Pair) -> String {
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

fn reserve((_, r): &Pair) -> String {
    format!(
        "0.5 + 0.25 + 0.05 × {} = {}; total per card {}",
        gib(Bytes(r.states.0 + r.activations.0)),
        gib(r.reserve),
        gib(r.total),
    )
}
