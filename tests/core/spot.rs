use crate::common::assert_close;
use gpuplan::calc::field::FieldError;
use gpuplan::calc::spot::{
    cost_vs_job_length, crossover, daly, mtbf_from_monthly_rate, report, spot, wall_without, young,
    SpotError, SpotInputs,
};
use gpuplan::calc::table::{self_check, validate, KeyedError, Valid};
use gpuplan::calc::units::{Currency, Hours};
use proptest::prelude::*;

/// Defaults: 100 h job, 20 h between interruptions, 6 min checkpoints, 15 min restarts,
/// spot at 35% of on-demand.
#[test]
fn defaults_about_112_hours_039_of_on_demand_and_2985_hours_without() {
    let r = spot(&SpotInputs::default(), Currency::Cny).unwrap();
    assert_close(r.young.0, 2.0, 1e-12);
    assert_close(r.daly.0, 1.9339, 1e-4);
    assert_close(r.wall_with.0, 112.1, 0.05);
    assert_close(r.ratio_with, 0.392, 0.001);
    assert_close(r.wall_without.unwrap().0, 2985.3, 0.1);
    assert_close(r.wall_with_random.0, r.wall_with.0, 0.0);
    assert_close(r.ondemand_cost.amount, 1000.0, 1e-9);
    assert_close(r.storage_per_month.amount, 112.0 * 3.0 * 0.12, 1e-9);
}

/// Daly 2006, with a 5-minute checkpoint: M = 24 h, 6 h and 15 min give about 117, 57 and 9.1 min.
#[test]
fn dalys_published_cases() {
    let c = 5.0 / 60.0;
    assert_close(daly(c, 24.0) * 60.0, 116.7, 0.1);
    assert_close(daly(c, 6.0) * 60.0, 56.7, 0.1);
    assert_close(daly(c, 0.25) * 60.0, 9.14, 0.02);
    assert_close(young(c, 24.0) * 60.0, 120.0, 1e-9);
}

#[test]
fn crossover_where_spot_without_checkpoints_passes_on_demand() {
    let i = Valid::<SpotInputs>::default();
    let t = crossover(&i).unwrap().0;
    let spot_cost = 3.5 * wall_without(t, 20.0, 0.25);
    assert_close(spot_cost, 10.0 * t, 1e-6 * spot_cost);
    assert!(t > 10.0 && t < 40.0, "{t}");
}

#[test]
fn reclaim_bands_convert_to_mean_time_between_interruptions() {
    assert_close(mtbf_from_monthly_rate(0.05).0, 14_036.9, 0.5);
    assert!(mtbf_from_monthly_rate(0.2).0 < mtbf_from_monthly_rate(0.1).0);
    let e = spot(
        &SpotInputs {
            mtbf: Hours(-1.0),
            ..Default::default()
        },
        Currency::Cny,
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            SpotError::Field(FieldError::OutOfRange {
                key: "mtbf_hours",
                ..
            })
        ),
        "{e:?}"
    );
}

/// A preemptible kind that stops every instance after 24 h: with checkpoints each day loses the
/// 15-minute restart and a 6-minute last checkpoint (112.1 h x 24 / 23.65 = 113.8 h); without them
/// a 100 h job never finishes, and the crossing is no later than the longest job that fits.
#[test]
fn a_fixed_24_hour_stop() {
    let i = validate(SpotInputs {
        stop_hours: 24.0,
        ..Default::default()
    })
    .unwrap();
    let r = report(&i, Currency::Cny);
    assert_close(r.wall_with_random.0, 112.1, 0.05);
    assert_close(
        r.wall_with.0,
        r.wall_with_random.0 * 24.0 / (24.0 - 0.25 - 0.1),
        1e-9,
    );
    assert_close(r.wall_with.0, 113.8, 0.05);
    assert_eq!(r.wall_without, None);
    assert_eq!(r.cost_without, None);
    let x = crossover(&i).unwrap().0;
    assert!(x <= 24.0 - 0.25 + 1e-6, "{x}");
    assert!(r.crossover_is_cut_off());
    assert!(!spot(&SpotInputs::default(), Currency::Cny)
        .unwrap()
        .crossover_is_cut_off());
    // The chart's no-checkpoint line ends where an attempt no longer fits in a day.
    let [_, _, without] = cost_vs_job_length(&i);
    assert!(without.iter().all(|p| p.0 + 0.25 <= 24.0));
    assert_close(without.last().unwrap().0, 23.75, 1e-9);
    assert_eq!(r.longest_without, Some(Hours(23.75)));
    assert!(!without.is_empty());

    // A job that fits in a day sees only the random reclaims.
    let short = SpotInputs {
        job: Hours(10.0),
        ..i.clone().into_inner()
    };
    let r = spot(&short, Currency::Cny).unwrap();
    assert_close(
        r.wall_without.unwrap().0,
        wall_without(10.0, 20.0, 0.25),
        1e-9,
    );

    // A stop shorter than a restart and a checkpoint leaves no time to work: refused, not a panic.
    let e = spot(
        &SpotInputs {
            stop_hours: 0.3,
            ..Default::default()
        },
        Currency::Cny,
    )
    .unwrap_err();
    assert!(matches!(e, SpotError::StopTooShort { .. }), "{e:?}");
    assert_eq!(e.key(), "stop_hours");
}

proptest! {
    #[test]
    fn cost_without_checkpoints_grows_faster_than_linearly(t in 1.0..500.0f64, m in 1.0..200.0f64) {
        let w1 = wall_without(t, m, 0.25);
        let w2 = wall_without(2.0 * t, m, 0.25);
        prop_assert!(w2 > 2.0 * w1);
        let i = SpotInputs { job: Hours(t), mtbf: Hours(m), ..Default::default() };
        let r = spot(&i, Currency::Usd).unwrap();
        prop_assert!(r.wall_with.0 >= t && r.wall_with.0.is_finite());
        prop_assert!(r.daly.0 > 0.0);
    }

    #[test]
    fn a_fixed_stop_never_shortens_a_job(t in 1.0..500.0f64, m in 1.0..200.0f64, stop in 1.0..200.0f64) {
        let free = SpotInputs { job: Hours(t), mtbf: Hours(m), ..Default::default() };
        let capped = SpotInputs { stop_hours: stop, ..free.clone() };
        let (a, b) = (spot(&free, Currency::Usd).unwrap(), spot(&capped, Currency::Usd).unwrap());
        prop_assert!(b.wall_with.0 >= a.wall_with.0 && b.wall_with.0.is_finite());
        match b.wall_without {
            Some(w) => prop_assert!(0.25 + t <= stop && w.0 == a.wall_without.unwrap().0),
            None => prop_assert!(0.25 + t > stop),
        }
    }
}

/// The spot view's checkpoint size from the training view: 7B full fine-tuning, AdamW, mixed
/// bf16 keeps 2 + 4 + 8 = 14 bytes a parameter: 98 GB.
#[test]
fn checkpoint_size_from_the_training_view() {
    let s = gpuplan::calc::scenario::Scenario::default();
    assert_eq!(s.training_checkpoint().unwrap().as_gb(), 98.0);
}

/// The field table: keys unique, the defaults valid, every default written and read back whole.
#[test]
fn spot_table_checks_itself() {
    assert_eq!(self_check::<SpotInputs>(), Ok(()));
}

/// The chart's shaping: lines cut at the top of the plot, and the crossover marked on the
/// on-demand line, or at the end of the no-checkpoint line when jobs past it never finish.
#[test]
fn cost_chart_is_cut_at_its_top_and_marks_the_crossover() {
    use gpuplan::calc::spot::{cost_chart, report};
    use gpuplan::calc::table::{validate, Valid};
    use gpuplan::calc::units::Currency;
    let v = Valid::<SpotInputs>::default();
    let r = report(&v, Currency::Cny);
    let c = cost_chart(&v, &r);
    assert!(c.with.iter().chain(&c.without).all(|p| p.1 <= c.y_max));
    assert_eq!(c.y_max, c.on_demand.last().unwrap().1 * 2.0);
    let cross = r.crossover.unwrap().0;
    assert_eq!(c.mark, Some((cross, cross * v.ondemand_price)));
    // A 24-hour kind: the crossing is where jobs stop finishing without checkpoints.
    let stops = validate(SpotInputs {
        stop_hours: 24.0,
        ..SpotInputs::default()
    })
    .unwrap();
    let r = report(&stops, Currency::Cny);
    assert!(r.crossover_is_cut_off());
    let c = cost_chart(&stops, &r);
    assert_eq!(c.mark, c.without.last().copied());
}

/// With spot free, or both prices at 0, nothing crosses: no length comes from equal costs.
#[test]
fn free_capacity_has_no_crossover() {
    use gpuplan::calc::spot::{report, SpotInputs};
    use gpuplan::calc::table::validate;
    use gpuplan::calc::units::Currency;
    for (spot_price, ondemand_price) in [(0.0, 10.0), (0.0, 0.0)] {
        let v = validate(SpotInputs {
            spot_price,
            ondemand_price,
            ..SpotInputs::default()
        })
        .unwrap();
        let r = report(&v, Currency::Cny);
        assert_eq!(
            r.crossover, None,
            "spot {spot_price}, on demand {ondemand_price}"
        );
        assert!(r.ratio_with.is_finite());
    }
}
