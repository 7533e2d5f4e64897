//! Writes the memory keys of a link: only those that differ from the defaults, and the model once
//! for both views.

use super::ARCH_KEYS;
use crate::calc::field::link_number;
use crate::calc::memory::arch::{Arch, AttentionKind};
use crate::calc::memory::inference::InferenceInputs;
use crate::calc::memory::presets::preset;
use crate::calc::memory::training::TrainingInputs;

/// Appends the memory keys that differ from the defaults.
pub fn encode(
    q: &mut form_urlencoded::Serializer<String>,
    t: &TrainingInputs,
    i: &InferenceInputs,
) {
    let (dt, di) = (TrainingInputs::default(), InferenceInputs::default());
    // The model is shared: written once, from the inference inputs.
    let base = i.model.as_deref().and_then(preset).map(|p| (p.arch)());
    if let Some(id) = &i.model {
        q.append_pair("model", id);
    }
    let reference = base.clone().unwrap_or_default();
    let derived = |a: &Arch| a.heads > 0 && a.head_dim == a.hidden / a.heads;
    for (key, get, _, _) in ARCH_KEYS {
        // head_dim follows hidden / heads unless it was set apart from them.
        if *key == "head_dim" && derived(&i.arch) && derived(&reference) {
            continue;
        }
        if get(&i.arch) != get(&reference) {
            q.append_pair(key, &get(&i.arch).to_string());
        }
    }
    if i.arch.attention != reference.attention {
        q.append_pair(
            "attention",
            match i.arch.attention {
                AttentionKind::Full => "full",
                AttentionKind::SlidingWindow => "sliding",
                AttentionKind::Latent => "latent",
            },
        );
    }
    if i.arch.tied_embeddings != reference.tied_embeddings {
        q.append_pair("tied", if i.arch.tied_embeddings { "1" } else { "0" });
    }
    let arch_changed = i.model.is_some() || i.arch != Arch::default();
    match i.params_b {
        Some(p) if arch_changed || p != 7.0 => {
            q.append_pair("params", &link_number(p));
        }
        None if !arch_changed => {
            // Derived from the default architecture: say so by naming its size.
            q.append_pair("layers", &i.arch.layers.to_string());
        }
        _ => {}
    }
    if i.gpu != di.gpu {
        q.append_pair("gpu", &i.gpu);
    }
    let pairs: [(&str, String, String); 11] = [
        (
            "frozen_layers",
            t.frozen_layers.to_string(),
            dt.frozen_layers.to_string(),
        ),
        ("method", t.method.id().into(), dt.method.id().into()),
        (
            "optimizer",
            t.optimizer.id().into(),
            dt.optimizer.id().into(),
        ),
        (
            "precision",
            t.precision.id().into(),
            dt.precision.id().into(),
        ),
        (
            "recompute",
            t.recompute.id().into(),
            dt.recompute.id().into(),
        ),
        (
            "flash",
            (t.flash as u8).to_string(),
            (dt.flash as u8).to_string(),
        ),
        ("seq", t.seq.to_string(), dt.seq.to_string()),
        ("batch", t.batch.to_string(), dt.batch.to_string()),
        ("gpus", t.gpus.to_string(), dt.gpus.to_string()),
        ("zero", t.zero.to_string(), dt.zero.to_string()),
        (
            "lora_rank",
            t.lora_rank.to_string(),
            dt.lora_rank.to_string(),
        ),
    ];
    for (k, v, d) in pairs {
        if v != d {
            q.append_pair(k, &v);
        }
    }
    if t.lora_targets != dt.lora_targets {
        q.append_pair("lora_targets", &t.lora_targets.join(","));
    }
    let pairs: [(&str, String, String); 7] = [
        ("weights", i.weights.id().into(), di.weights.id().into()),
        ("kv", i.kv.id().into(), di.kv.id().into()),
        ("ctx", i.ctx.to_string(), di.ctx.to_string()),
        ("conc", i.conc.to_string(), di.conc.to_string()),
        ("tp", i.tp.to_string(), di.tp.to_string()),
        (
            "overhead_gib",
            link_number(i.overhead.as_gib()),
            link_number(di.overhead.as_gib()),
        ),
        (
            "margin",
            link_number(i.margin.percent()),
            link_number(di.margin.percent()),
        ),
    ];
    for (k, v, d) in pairs {
        if v != d {
            q.append_pair(k, &v);
        }
    }
}
