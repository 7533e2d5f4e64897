//! Shaping chart series, kept in the core so native tests cover it: a chart only draws what it
//! is given.

/// A polyline in chart coordinates.
pub type Series = Vec<(f64, f64)>;

/// A rising line cut where it leaves the plot through its top, with the crossing point
/// interpolated. Clamping the values instead would draw a flat line along the top edge, which
/// reads as if the quantity levelled off.
pub fn cut_at_top(points: &[(f64, f64)], top: f64) -> Series {
    let mut out = Vec::with_capacity(points.len());
    for &(x, y) in points {
        if y <= top {
            out.push((x, y));
            continue;
        }
        if let Some(&(px, py)) = out.last() {
            let t = (top - py) / (y - py);
            out.push((px + (x - px) * t, top));
        }
        break;
    }
    out
}

/// Where a line first rises above a level: a goal or a card's capacity that the line passes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Crossing {
    /// Every point is at or under the level (or there are none).
    Never,
    /// The first point is already above it.
    AtStart,
    /// The x where the line passes it, read straight between the last point at or under the
    /// level and the first above it.
    At(f64),
}

/// The first place `points` (in order of x) rise above `level`. The chart draws straight lines
/// between its points, so the crossing is read on the line as drawn.
pub fn first_above(points: &[(f64, f64)], level: f64) -> Crossing {
    match points.iter().position(|p| p.1 > level) {
        None => Crossing::Never,
        Some(0) => Crossing::AtStart,
        Some(k) => {
            let (a, b) = (points[k - 1], points[k]);
            Crossing::At(a.0 + (b.0 - a.0) * (level - a.1) / (b.1 - a.1))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_cut_where_it_leaves_the_top() {
        let cut = cut_at_top(&[(0.0, 0.0), (1.0, 5.0), (2.0, 15.0), (3.0, 30.0)], 10.0);
        assert_eq!(cut, [(0.0, 0.0), (1.0, 5.0), (1.5, 10.0)]);
        assert_eq!(cut_at_top(&[(0.0, 20.0)], 10.0), []);
    }

    #[test]
    fn a_line_passes_a_level_where_it_is_read_straight_between_points() {
        let line = [(1.0, 10.0), (2.0, 20.0), (4.0, 40.0)];
        assert_eq!(first_above(&line, 30.0), Crossing::At(3.0));
        assert_eq!(first_above(&line, 20.0), Crossing::At(2.0));
        assert_eq!(first_above(&line, 40.0), Crossing::Never);
        assert_eq!(first_above(&line, 5.0), Crossing::AtStart);
        assert_eq!(first_above(&[], 5.0), Crossing::Never);
    }
}
