//! The nearest allowed id to a value a person typed into a link (`gpu=h100` for `h100-sxm`), so
//! the page can ask "did you mean …?" instead of silently using the default.
//!
//! The rule, in order, each step over the candidates in their listed order (the first match of a
//! step wins, so a list that puts the usual choice first suggests it):
//!
//! 1. **Same letters**: the value equals an id or a display name once both are folded (lower
//!    case, letters and digits only: `H100 SXM`, `h100_sxm` and `h100-sxm` are the same).
//! 2. **Start**: a folded id or name starts with the value (`h100` → `h100-sxm`, `mi300` →
//!    `mi300x`). At least two characters, so one letter suggests nothing.
//! 3. **Inside**: the value is inside a folded id or name (`4090` → `rtx-4090`), or a folded id
//!    is inside the value (`nvidia-h100-sxm-80gb` → `h100-sxm`), the longest such id first. At
//!    least three characters either way.
//! 4. **Typo**: the id nearest by edit distance (Levenshtein: one letter added, dropped or
//!    changed is one step), if at most one step per four characters of the value, and at least
//!    one (`adamx` → `adamw`, `frist` → nothing if no id is that close).
//!
//! Nothing is suggested for a value none of these reach (`nope`, `garbage`): a guess that is far
//! off is worse than none.

/// Lower case, letters and digits only (ASCII letters folded; other letters kept as they are).
fn fold(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The edit distance between `a` and `b` in characters (insertions, deletions, substitutions).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if ca == *cb {
                diagonal
            } else {
                1 + diagonal.min(above).min(row[j])
            };
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The candidate id nearest to `raw` by the rule above; `candidates` are `(id, display name)`
/// in the order a form lists them (a name may be empty, or the id itself).
pub fn nearest(raw: &str, candidates: &[(&'static str, &str)]) -> Option<&'static str> {
    let v = fold(raw);
    if v.is_empty() {
        return None;
    }
    let folded: Vec<(&'static str, String, String)> = candidates
        .iter()
        .map(|(id, name)| (*id, fold(id), fold(name)))
        .collect();
    let named = |n: &String| !n.is_empty();
    if let Some((id, ..)) = folded
        .iter()
        .find(|(_, i, n)| *i == v || (named(n) && *n == v))
    {
        return Some(id);
    }
    if v.chars().count() >= 2 {
        if let Some((id, ..)) = folded
            .iter()
            .find(|(_, i, n)| i.starts_with(&v) || (named(n) && n.starts_with(&v)))
        {
            return Some(id);
        }
    }
    if v.chars().count() >= 3 {
        if let Some((id, ..)) = folded
            .iter()
            .find(|(_, i, n)| i.contains(&v) || (named(n) && n.contains(&v)))
        {
            return Some(id);
        }
        let mut within: Option<(&'static str, usize)> = None;
        for (id, i, _) in &folded {
            let len = i.chars().count();
            if len >= 3 && v.contains(i.as_str()) && within.is_none_or(|(_, l)| len > l) {
                within = Some((id, len));
            }
        }
        if let Some((id, _)) = within {
            return Some(id);
        }
    }
    let allowed = (v.chars().count() / 4).max(1);
    let mut best: Option<(&'static str, usize)> = None;
    for (id, i, _) in &folded {
        let d = edit_distance(&v, i);
        if d <= allowed && best.is_none_or(|(_, b)| d < b) {
            best = Some((id, d));
        }
    }
    best.map(|(id, _)| id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_single_edits() {
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("adamx", "adamw"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("h100", "h100"), 0);
    }
}
