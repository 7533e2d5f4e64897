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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_cut_where_it_leaves_the_top() {
        let cut = cut_at_top(&[(0.0, 0.0), (1.0, 5.0), (2.0, 15.0), (3.0, 30.0)], 10.0);
        assert_eq!(cut, [(0.0, 0.0), (1.0, 5.0), (1.5, 10.0)]);
        assert_eq!(cut_at_top(&[(0.0, 20.0)], 10.0), []);
    }
}
