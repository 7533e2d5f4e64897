//! Shared helpers for the core tests.

/// Asserts `actual` is within `tol` of `expected`, naming both on failure.
#[track_caller]
pub fn assert_close(actual: f64, expected: f64, tol: f64) {
    assert!(
        (actual - expected).abs() <= tol,
        "expected {expected} (within {tol}), got {actual}"
    );
}

/// Checks inputs a test builds, failing with the reason when they are refused.
#[track_caller]
pub fn valid<T: gpuplan::calc::table::Calculator>(t: T) -> gpuplan::calc::table::Valid<T> {
    match gpuplan::calc::table::validate(t) {
        Ok(v) => v,
        Err(e) => panic!("test inputs refused: {e}"),
    }
}

/// The serving report for a link's query, failing when the link reports anything.
#[track_caller]
pub fn serving_run(query: &str) -> gpuplan::calc::serving::ServingReport {
    use gpuplan::calc::scenario::{from_pairs, pairs};
    let mut issues = Vec::new();
    let (s, _, _) = from_pairs(&pairs(query), &mut issues);
    assert!(issues.is_empty(), "{query}: {issues:?}");
    let i = valid(s.serving.clone());
    gpuplan::calc::serving::report(&i, &s)
}

/// A preset served with vLLM in bf16 on `tp` cards of `gpu` at `ctx` tokens, `conc` sequences,
/// `util` of the card's memory.
pub fn vllm_inputs(
    id: &str,
    gpu: &str,
    tp: u64,
    ctx: u64,
    conc: u64,
    util: f64,
) -> gpuplan::calc::memory::inputs::MemoryInputs {
    use gpuplan::calc::memory::dtype::WeightType;
    use gpuplan::calc::memory::inference::InferenceInputs;
    use gpuplan::calc::memory::inputs::{MemoryInputs, ModelSpec};
    use gpuplan::calc::memory::presets::preset;
    use gpuplan::calc::memory::vllm::Engine;
    use gpuplan::calc::units::Ratio;
    MemoryInputs {
        model: ModelSpec {
            model: Some(id.into()),
            arch: (preset(id).unwrap().arch)(),
            params_b: None,
        },
        gpu: gpu.into(),
        inference: InferenceInputs {
            tp,
            ctx,
            conc,
            weights: WeightType::Bf16,
            engine: Engine::Vllm,
            gpu_util: Ratio(util),
            ..Default::default()
        },
        ..Default::default()
    }
}
