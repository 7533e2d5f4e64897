//! Shows its children while a condition holds, and its fallback (by default nothing) otherwise:
//! Leptos's `Show`, compiled once. `Show` is generic over its condition and its children's view
//! type, so each of its uses carried its own memo, and its own build and rebuild of "these
//! children or the fallback". Here the condition is boxed into a memo as soon as it arrives and
//! the children are a `ChildrenFn` (a boxed view), so only that boxing is made per use.

use crate::app::state::memo;
use leptos::prelude::*;
use std::sync::Arc;

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
    boxed(Arc::new(
        move || {
            if on.get() {
                children()
            } else {
                fallback.run()
            }
        },
    ))
}

/// A part of a view drawn again whenever what `f` reads changes. Written `{move || ...}` in a
/// view, each such part is a reactive view of its own closure type, and the renderer's build and
/// rebuild of it is compiled once for each; through `live` the part is one boxed
/// closure type, so that code is compiled once, and what is left per use is the closure's body
/// and, for a view type not already boxed elsewhere, the boxing of its result.
pub fn live<V: IntoView + 'static>(f: impl Fn() -> V + Send + Sync + 'static) -> AnyView {
    boxed(Arc::new(move || f().into_any()))
}

/// The one reactive part the renderer compiles: `When` and `live` both draw through it.
fn boxed(f: Arc<dyn Fn() -> AnyView + Send + Sync>) -> AnyView {
    (move || f()).into_any()
}
