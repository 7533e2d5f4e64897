//! Shows its children while a condition holds, and its fallback (by default nothing) otherwise:
//! Leptos's `Show`, compiled once. `Show` is generic over its condition and its children's view
//! type, so each of its uses carried its own memo, and its own build and rebuild of "these
//! children or the fallback". Here the condition is boxed into a memo as soon as it arrives and
//! the children are a `ChildrenFn` (a boxed view), so only that boxing is made per use.

use crate::app::state::memo;
use leptos::prelude::*;

#[component]
pub fn When(
    /// Whether the children are shown; a change of its value, not each run, redraws them.
    when: impl Fn() -> bool + Send + Sync + 'static,
    children: ChildrenFn,
    /// Shown while the condition does not hold.
    #[prop(optional, into)]
    fallback: ViewFn,
) -> AnyView {
    shown(memo(when), children, fallback)
}

fn shown(on: Memo<bool>, children: ChildrenFn, fallback: ViewFn) -> AnyView {
    (move || {
        if on.get() {
            children()
        } else {
            fallback.run()
        }
    })
    .into_any()
}
