//! Stable sorting compiled once for the whole program.
//!
//! `slice::sort_by` is compiled anew for every element type and comparison closure, about 3-4 KB
//! of the wasm each time, and the page sorted in fifteen places. Here the sort itself runs on
//! indices with the comparison behind a `dyn` reference, so it is compiled once; what each call
//! adds is the small step that puts the elements in the found order.

use std::cmp::Ordering;

/// Sorts `v` by `cmp`, keeping the order of equal elements (as `slice::sort_by`).
pub fn sort_by<T>(v: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    let order = permutation(v.len(), &|a, b| cmp(&v[a], &v[b]));
    let mut slots: Vec<Option<T>> = v.drain(..).map(Some).collect();
    // `order` is a permutation of the indices, so every slot is taken exactly once.
    v.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

/// Sorts `v` by the key `key` gives, keeping the order of equal keys (as `slice::sort_by_key`).
pub fn sort_by_key<T, K: Ord>(v: &mut Vec<T>, key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v` in its natural order (as `slice::sort`).
pub fn sort<T: Ord>(v: &mut Vec<T>) {
    sort_by(v, T::cmp);
}

/// The indices `0..n` in the order `cmp` gives them, equal ones in their first order.
#[inline(never)]
fn permutation(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_as_the_standard_library_and_keeps_ties_in_order() {
        let mut pairs = vec![(3, 'a'), (1, 'b'), (3, 'c'), (0, 'd'), (1, 'e'), (2, 'f')];
        let mut expected = pairs.clone();
        expected.sort_by_key(|p| p.0);
        sort_by_key(&mut pairs, |p| p.0);
        assert_eq!(pairs, expected);
        assert_eq!(pairs[1], (1, 'b'));
        assert_eq!(pairs[2], (1, 'e'));
        let mut xs = vec![2.5, -1.0, f64::INFINITY, 0.0, -0.0];
        sort_by(&mut xs, f64::total_cmp);
        assert_eq!(xs, vec![-1.0, -0.0, 0.0, 2.5, f64::INFINITY]);
        let mut words = vec!["b", "a", "c"];
        sort(&mut words);
        assert_eq!(words, vec!["a", "b", "c"]);
        let mut empty: Vec<u8> = Vec::new();
        sort(&mut empty);
        assert!(empty.is_empty());
    }
}
