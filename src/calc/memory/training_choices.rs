//! The choices of a training run (method, optimiser, precision, recomputation, the matrices LoRA
//! adapts) and the bytes per parameter each model state takes under them (docs/formulas.md, "Training memory").
//!
//! Bytes per trainable parameter, mixed precision with AdamW: 2 (bf16 weight) + 2 (gradient) +
//! 4 + 4 (fp32 first and second moments) + 4 (fp32 master weight) = 16. The guide's text says
//! "12 in all", but its own items add to 16 and its example uses 16; 12 is the optimiser part
//! (moments and master copy). 8-bit AdamW keeps 1 + 1 bytes of moments (bitsandbytes); Adafactor
//! keeps factored second moments (row and column sums, counted as zero per parameter) and no first
//! moment; SGD with momentum one fp32 buffer.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    #[default]
    Full,
    Lora,
    Qlora,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Optimizer {
    #[default]
    Adamw,
    Adamw8bit,
    Adafactor,
    Sgdm,
    Sgd,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Precision {
    #[default]
    MixedBf16,
    Bf16,
    Fp32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Recompute {
    #[default]
    None,
    Selective,
    Full,
}

crate::choice_ids!(Method { Full => "full", Lora => "lora", Qlora => "qlora" });
crate::choice_ids!(Optimizer { Adamw => "adamw", Adamw8bit => "adamw8bit", Adafactor => "adafactor", Sgdm => "sgdm", Sgd => "sgd" });
crate::choice_ids!(Precision { MixedBf16 => "mixed-bf16", Bf16 => "bf16", Fp32 => "fp32" });
crate::choice_ids!(Recompute { None => "none", Selective => "selective", Full => "full" });

/// A matrix LoRA can adapt.
pub const LORA_MODULES: &[&str] = &["q", "k", "v", "o", "gate", "up", "down"];

/// Bytes per parameter of each model state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StateBytes {
    pub weight: f64,
    pub grad: f64,
    pub optimizer: f64,
    pub master: f64,
}

impl StateBytes {
    pub fn total(&self) -> f64 {
        self.weight + self.grad + self.optimizer + self.master
    }
}

pub fn state_bytes(o: Optimizer, p: Precision) -> StateBytes {
    let (weight, master, state_elem) = match p {
        Precision::MixedBf16 => (2.0, 4.0, 4.0),
        Precision::Bf16 => (2.0, 0.0, 2.0),
        Precision::Fp32 => (4.0, 0.0, 4.0),
    };
    let optimizer = match o {
        Optimizer::Adamw => 2.0 * state_elem,
        Optimizer::Adamw8bit => 2.0,
        Optimizer::Adafactor => 0.0,
        Optimizer::Sgdm => state_elem,
        Optimizer::Sgd => 0.0,
    };
    StateBytes {
        weight,
        grad: weight,
        optimizer,
        master,
    }
}
