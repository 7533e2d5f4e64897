//! GPU catalogue: memory, bandwidth, dense bf16 tensor throughput, board power and interconnect,
//! from each vendor's datasheet, and the memory a program can see, as `nvidia-smi` reports it
//! (`memory.total`, MiB; `rocminfo`'s pool size for the MI300X).
//!
//! The figures are rows of `data/catalogue.toml`, the one file that holds every card, every
//! 8-card machine and every dated price; build.rs checks it and writes [`GPUS`] from it, so the
//! page carries the table and no reader for the file. Add or correct a card there, not here.
//!
//! Every fit (inference and training) uses the memory `nvidia-smi` shows, not the size the card is
//! sold as: GDDR cards with ECC on set part of their memory aside for the check bits (L40S 46,068
//! MiB = 44.99 GiB of "48 GB"; A10 23,028 MiB = 22.49 GiB; T4 15,360 MiB = 15.0 GiB), and HBM3
//! cards expose a little less than their nominal size (H100 SXM 81,559 MiB = 79.65 GiB). The A100
//! and A800 80 GB show 81,920 MiB = 80 GiB exactly, so the guide's worked examples, which use the
//! A100 80 GB, read as before. Card tiers ([`TIERS_GB`]) stay the nominal sizes cards are sold in.
//! Sources for each figure are in [`Gpu::usable_source`].
//!
//! Tensor throughput is dense (no 2:4 sparsity), from the vendors' datasheets and architecture
//! whitepapers: NVIDIA T4 (fp16 65; no bf16: Turing has no bf16 units), A10 (bf16 125), A40
//! (149.7), A100 (312), H100 SXM (bf16 989, fp8 1979) and PCIe (756, 1513), H20 (148, 296), H200
//! (as H100 SXM), B200 (DGX B200: 2,250, fp8 4,500), L4 (121, 242), L40S (362, 733), RTX 6000 Ada
//! (364.2, 728.5), RTX A6000 (154.8); GeForce cards from the Ampere GA102 and Ada whitepapers with
//! fp32 accumulate, the rate frameworks use (RTX 3090 71, 3090 Ti 80, 4080 97.5 and fp8 194.9,
//! 4090 165.2 and fp8 330.3); AMD MI300X (bf16 1307.4, fp8 2614.9). The L20 (115.84, fp8 231.68)
//! is derived, not read: the spec table of the China cards that circulated in November 2023 put
//! it at 32% of the L40S (its board: 48 GB GDDR6, 864 GB/s, 275 W, PCIe 4.0, technical.city and
//! topcpu.net). Bandwidth from the same sheets.
//!
//! Prices sit in the same file; [`super::prices`] holds their tables.

use crate::calc::units::Bytes;

#[derive(Debug, PartialEq)]
pub struct Gpu {
    /// Link id (`gpu=`).
    pub id: &'static str,
    pub name: &'static str,
    /// Memory as sold, GB (the tier the card belongs to).
    pub vram_gb: f64,
    /// Memory as `nvidia-smi` reports it (`memory.total`), MiB: what a program can allocate
    /// before the CUDA context takes its share.
    pub usable_mib: f64,
    /// Where `usable_mib` comes from.
    pub usable_source: &'static str,
    pub bandwidth_gb_s: f64,
    /// Dense 16-bit tensor throughput, TFLOPS (no sparsity; fp32 accumulate on GeForce cards):
    /// bf16 where the card has it, fp16 otherwise (the T4 has no bf16, see [`Gpu::bf16`]).
    pub bf16_tflops: f64,
    /// Whether the card computes bf16 at all (Turing, the T4, does fp16 only).
    pub bf16: bool,
    /// Dense fp8 tensor throughput, TFLOPS; `None` before Ada and Hopper (no fp8 units).
    pub fp8_tflops: Option<f64>,
    pub power_w: f64,
    pub interconnect: &'static str,
    /// How the card is built, and so how it is sold ([`Form`]).
    pub form: Form,
}

/// How a card is built, which decides what can be bought: an SXM (NVIDIA) or OAM (AMD, the Open
/// Compute Project's accelerator module) module sits on an 8-GPU baseboard and is sold in whole
/// machines (HGX/DGX, MI300X platforms); a PCIe card is sold alone and needs a host that takes
/// it (docs/formulas.md, "Owning whole units").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Sxm,
    Oam,
    Pcie,
}

crate::choice_ids!(Form { Sxm => "sxm", Oam => "oam", Pcie => "pcie" });

impl Form {
    /// Sold on 8-GPU baseboards only: owned in whole machines.
    pub fn on_boards(self) -> bool {
        matches!(self, Form::Sxm | Form::Oam)
    }
}

impl Gpu {
    /// Whether the cards of a tensor-parallel group talk over NVLink (or AMD's Infinity Fabric)
    /// rather than PCIe; cards with only a two-card NVLink bridge count as PCIe beyond two.
    pub fn fast_link(&self, tp: u64) -> bool {
        let i = self.interconnect;
        (i.contains("NVLink") && !i.contains("bridge") && !i.contains("no NVLink"))
            || i.contains("Infinity Fabric")
            || (i.contains("bridge") && tp <= 2)
    }

    /// Memory a fit can use: `nvidia-smi`'s total.
    pub fn capacity(&self) -> Bytes {
        Bytes::from_mib(self.usable_mib)
    }
}

// Every card, in the order of data/catalogue.toml (build.rs writes this table from it).
include!(concat!(env!("OUT_DIR"), "/catalogue_cards.rs"));

/// Memory tiers cards are sold in, GB (docs/formulas.md, "Training memory", card tiers: 16-24, 40-48, 80, then larger).
pub const TIERS_GB: &[f64] = &[16.0, 24.0, 32.0, 40.0, 48.0, 80.0, 96.0, 141.0, 192.0];

pub fn gpu(id: &str) -> Option<&'static Gpu> {
    GPUS.iter().find(|g| g.id == id)
}

/// The smallest tier that holds `need` on one card, or `None` beyond the largest.
pub fn tier_for(need: Bytes) -> Option<f64> {
    TIERS_GB
        .iter()
        .copied()
        .find(|gb| Bytes::from_gib(*gb).0 >= need.0)
}
