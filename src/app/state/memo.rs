//! Memos whose closure sits behind a `dyn`.
//!
//! `Memo::new(f)` compiles the runtime's memo set-up and comparison once for every closure it is
//! given, with the closure's body inlined into it: the page's hundred or so memos were as many
//! copies. [`memo`] boxes the closure first and hands the runtime one closure type per value
//! type, so that code is compiled once per value type; the body is compiled once, as before.

use leptos::prelude::*;
use std::sync::Arc;

/// A memo of `f`, as `Memo::new(move |_| f())`, compiled once per value type.
pub fn memo<T>(f: impl Fn() -> T + Send + Sync + 'static) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    erased(Arc::new(f))
}

fn erased<T>(f: Arc<dyn Fn() -> T + Send + Sync>) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| f())
}
