//! GPU catalogue: memory, bandwidth, dense bf16 tensor throughput, board power and interconnect,
//! from each vendor's datasheet, and the memory a program can see, as `nvidia-smi` reports it
//! (`memory.total`, MiB; `rocminfo`'s pool size for the MI300X).
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
//! 4090 165.2 and fp8 330.3); AMD MI300X (bf16 1307.4, fp8 2614.9). Bandwidth from the same sheets.
//!
//! Prices are not here: each card's dated rent and purchase quotes, in the currency of their
//! source, are in [`super::prices`].

use crate::calc::units::Bytes;

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

#[rustfmt::skip]
pub const GPUS: &[Gpu] = &[
    Gpu { id: "t4", name: "NVIDIA T4 16 GB", vram_gb: 16.0, usable_mib: 15360.0, usable_source: "nvidia-smi 15360MiB, ECC on (modal-labs/modal-client#2797)", bandwidth_gb_s: 320.0, bf16_tflops: 65.0, bf16: false, fp8_tflops: None, power_w: 70.0, interconnect: "PCIe 3.0" },
    Gpu { id: "a10", name: "NVIDIA A10 24 GB", vram_gb: 24.0, usable_mib: 23028.0, usable_source: "nvidia-smi 23028MiB, ECC on (modal-labs/modal-client#2797)", bandwidth_gb_s: 600.0, bf16_tflops: 125.0, bf16: true, fp8_tflops: None, power_w: 150.0, interconnect: "PCIe 4.0" },
    Gpu { id: "rtx-4090", name: "GeForce RTX 4090 24 GB", vram_gb: 24.0, usable_mib: 24564.0, usable_source: "nvidia-smi 24564MiB (RLinf/RLinf#255)", bandwidth_gb_s: 1008.0, bf16_tflops: 165.2, bf16: true, fp8_tflops: Some(330.3), power_w: 450.0, interconnect: "PCIe 4.0, no NVLink" },
    Gpu { id: "l40s", name: "NVIDIA L40S 48 GB", vram_gb: 48.0, usable_mib: 46068.0, usable_source: "nvidia-smi 46068MiB, ECC on (modal-labs/modal-client#2797; akash-network/provider-configs#99)", bandwidth_gb_s: 864.0, bf16_tflops: 362.0, bf16: true, fp8_tflops: Some(733.0), power_w: 350.0, interconnect: "PCIe 4.0" },
    Gpu { id: "a100-40gb", name: "NVIDIA A100 40 GB SXM", vram_gb: 40.0, usable_mib: 40960.0, usable_source: "nvidia-smi 40960MiB (modal-labs/modal-client#2797)", bandwidth_gb_s: 1555.0, bf16_tflops: 312.0, bf16: true, fp8_tflops: None, power_w: 400.0, interconnect: "NVLink 600 GB/s" },
    Gpu { id: "a100-80gb", name: "NVIDIA A100 80 GB SXM", vram_gb: 80.0, usable_mib: 81920.0, usable_source: "nvidia-smi 81920MiB (modal-labs/modal-client#2797)", bandwidth_gb_s: 2039.0, bf16_tflops: 312.0, bf16: true, fp8_tflops: None, power_w: 400.0, interconnect: "NVLink 600 GB/s" },
    Gpu { id: "a800-80gb", name: "NVIDIA A800 80 GB SXM", vram_gb: 80.0, usable_mib: 81920.0, usable_source: "nvidia-smi 81920MiB for A800-SXM4-80GB (dexmal/dexbotic#41)", bandwidth_gb_s: 2039.0, bf16_tflops: 312.0, bf16: true, fp8_tflops: None, power_w: 400.0, interconnect: "NVLink 400 GB/s" },
    Gpu { id: "h100-sxm", name: "NVIDIA H100 80 GB SXM", vram_gb: 80.0, usable_mib: 81559.0, usable_source: "nvidia-smi 81559MiB (modal-labs/modal-client#2797; NVIDIA/nccl#1264)", bandwidth_gb_s: 3350.0, bf16_tflops: 989.0, bf16: true, fp8_tflops: Some(1979.0), power_w: 700.0, interconnect: "NVLink 900 GB/s" },
    Gpu { id: "h800", name: "NVIDIA H800 80 GB SXM", vram_gb: 80.0, usable_mib: 81559.0, usable_source: "taken as the H100 SXM's 81559MiB (same 80 GB HBM3 stack); no nvidia-smi printout found", bandwidth_gb_s: 3350.0, bf16_tflops: 989.0, bf16: true, fp8_tflops: Some(1979.0), power_w: 700.0, interconnect: "NVLink 400 GB/s" },
    Gpu { id: "h200", name: "NVIDIA H200 141 GB SXM", vram_gb: 141.0, usable_mib: 143771.0, usable_source: "nvidia-smi 143771MiB (public printouts of 8 x H200 HGX machines)", bandwidth_gb_s: 4800.0, bf16_tflops: 989.0, bf16: true, fp8_tflops: Some(1979.0), power_w: 700.0, interconnect: "NVLink 900 GB/s" },
    Gpu { id: "mi300x", name: "AMD Instinct MI300X 192 GB", vram_gb: 192.0, usable_mib: 196592.0, usable_source: "rocminfo pool 201310208 KB = 196592 MiB (ROCm/legacy-rocm-build#4414)", bandwidth_gb_s: 5300.0, bf16_tflops: 1307.0, bf16: true, fp8_tflops: Some(2614.9), power_w: 750.0, interconnect: "Infinity Fabric 896 GB/s" },
    Gpu { id: "rtx-3090", name: "GeForce RTX 3090 24 GB", vram_gb: 24.0, usable_mib: 24576.0, usable_source: "assumed 24576MiB (24 GiB, GeForce, no ECC); no printout checked", bandwidth_gb_s: 936.0, bf16_tflops: 71.0, bf16: true, fp8_tflops: None, power_w: 350.0, interconnect: "PCIe 4.0, NVLink bridge 112.5 GB/s" },
    Gpu { id: "rtx-3090-ti", name: "GeForce RTX 3090 Ti 24 GB", vram_gb: 24.0, usable_mib: 24576.0, usable_source: "assumed as the RTX 3090's 24576MiB; no printout checked", bandwidth_gb_s: 1008.0, bf16_tflops: 80.0, bf16: true, fp8_tflops: None, power_w: 450.0, interconnect: "PCIe 4.0, NVLink bridge 112.5 GB/s" },
    Gpu { id: "rtx-4080", name: "GeForce RTX 4080 16 GB", vram_gb: 16.0, usable_mib: 16376.0, usable_source: "assumed 16376MiB (16 GiB less the 8 MiB the RTX 4090 sets aside per 8 GiB); no printout checked", bandwidth_gb_s: 716.8, bf16_tflops: 97.5, bf16: true, fp8_tflops: Some(194.9), power_w: 320.0, interconnect: "PCIe 4.0, no NVLink" },
    Gpu { id: "rtx-a6000", name: "NVIDIA RTX A6000 48 GB", vram_gb: 48.0, usable_mib: 49140.0, usable_source: "assumed 49140MiB (48 GiB, ECC off, the workstation default); no printout checked", bandwidth_gb_s: 768.0, bf16_tflops: 154.8, bf16: true, fp8_tflops: None, power_w: 300.0, interconnect: "PCIe 4.0, NVLink bridge 112.5 GB/s" },
    Gpu { id: "rtx-6000-ada", name: "NVIDIA RTX 6000 Ada 48 GB", vram_gb: 48.0, usable_mib: 49140.0, usable_source: "assumed as the RTX A6000's 49140MiB (ECC off); with ECC on it is the L40S's 46068MiB", bandwidth_gb_s: 960.0, bf16_tflops: 364.2, bf16: true, fp8_tflops: Some(728.5), power_w: 300.0, interconnect: "PCIe 4.0, no NVLink" },
    Gpu { id: "a40", name: "NVIDIA A40 48 GB", vram_gb: 48.0, usable_mib: 46068.0, usable_source: "assumed as the L40S's 46068MiB (48 GB GDDR6, ECC on by default in data centres)", bandwidth_gb_s: 696.0, bf16_tflops: 149.7, bf16: true, fp8_tflops: None, power_w: 300.0, interconnect: "PCIe 4.0, NVLink bridge 112.5 GB/s" },
    Gpu { id: "l4", name: "NVIDIA L4 24 GB", vram_gb: 24.0, usable_mib: 23034.0, usable_source: "assumed 23034MiB (24 GB GDDR6, ECC on, as the A10's 23028MiB); no printout checked", bandwidth_gb_s: 300.0, bf16_tflops: 121.0, bf16: true, fp8_tflops: Some(242.0), power_w: 72.0, interconnect: "PCIe 4.0" },
    Gpu { id: "a100-pcie-80gb", name: "NVIDIA A100 80 GB PCIe", vram_gb: 80.0, usable_mib: 81920.0, usable_source: "taken as the A100 80 GB SXM's 81920MiB (same HBM2e stack)", bandwidth_gb_s: 1935.0, bf16_tflops: 312.0, bf16: true, fp8_tflops: None, power_w: 300.0, interconnect: "PCIe 4.0, NVLink bridge 600 GB/s" },
    Gpu { id: "h100-pcie", name: "NVIDIA H100 80 GB PCIe", vram_gb: 80.0, usable_mib: 81559.0, usable_source: "taken as the H100 SXM's 81559MiB (80 GB, same reservation); no printout checked", bandwidth_gb_s: 2000.0, bf16_tflops: 756.0, bf16: true, fp8_tflops: Some(1513.0), power_w: 350.0, interconnect: "PCIe 5.0, NVLink bridge 600 GB/s" },
    Gpu { id: "h20", name: "NVIDIA H20 96 GB", vram_gb: 96.0, usable_mib: 97871.0, usable_source: "assumed 97871MiB (96 GB HBM3 less the H100's share); no printout checked", bandwidth_gb_s: 4000.0, bf16_tflops: 148.0, bf16: true, fp8_tflops: Some(296.0), power_w: 400.0, interconnect: "NVLink 900 GB/s" },
    Gpu { id: "b200", name: "NVIDIA B200 192 GB", vram_gb: 192.0, usable_mib: 183359.0, usable_source: "assumed 183359MiB (the 180 GB DGX B200 exposes; NVIDIA's TensorRT-LLM performance overview lists B200 180GB)", bandwidth_gb_s: 8000.0, bf16_tflops: 2250.0, bf16: true, fp8_tflops: Some(4500.0), power_w: 1000.0, interconnect: "NVLink 1800 GB/s" },
];

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
