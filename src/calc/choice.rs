//! Choices kept as ids: every enum a person picks from (a power model, an optimiser, a billing
//! rule) implements [`Choice`], so links, forms and messages all read its ids from one list.

/// An enum whose values are chosen by id (`fixed`, `adamw`, `second-1h`).
pub trait Choice: Copy + PartialEq + 'static {
    /// Every value, in the order a form lists them.
    const ALL: &'static [Self];

    /// The id used in links and stored scenarios; stable, lowercase.
    fn id(self) -> &'static str;

    /// The value with this id; letter case is ignored, as links are often typed by hand.
    fn from_id(id: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|c| c.id().eq_ignore_ascii_case(id))
    }

    /// The ids a message lists as allowed.
    fn ids() -> Vec<&'static str> {
        Self::ALL.iter().map(|c| c.id()).collect()
    }
}

/// Implements [`Choice`] for a fieldless enum from `Variant => "id"` pairs, in form order.
#[macro_export]
macro_rules! choice_ids {
    ($ty:ty { $($variant:ident => $id:literal),+ $(,)? }) => {
        impl $crate::calc::choice::Choice for $ty {
            const ALL: &'static [Self] = &[$(<$ty>::$variant),+];
            fn id(self) -> &'static str {
                match self {
                    $(<$ty>::$variant => $id),+
                }
            }
        }
    };
}
