//! FNV-1a, 64 bits: build.rs hashes each language file with it and the page checks the file it
//! fetched against that hash, so a file from another build (a stale cache) is refused rather
//! than read into the wrong fields. Not a defence against tampering: the files come from the
//! page's own origin. Shared by build.rs (`#[path]`) and `crate::text`.

pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}
