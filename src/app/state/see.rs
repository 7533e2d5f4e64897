//! Reading a signal or memo through its read guard.
//!
//! `signal.with(|v| ...)` makes a copy of the runtime's tracking and locking code for every
//! closure it is given: two hundred call sites were two hundred copies. `see` borrows through
//! `read()`, which is compiled once per value type, and calls the closure on the borrow.

use leptos::prelude::*;
use std::ops::Deref;

/// `with` and `with_untracked`, compiled once per value type rather than once per closure.
pub trait See<T: ?Sized> {
    /// The value, read and tracked (as `with`).
    fn see<R>(&self, f: impl FnOnce(&T) -> R) -> R;
    /// The value, read without tracking (as `with_untracked`).
    fn see_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> R;
}

impl<S, T: ?Sized> See<T> for S
where
    S: Read + ReadUntracked,
    <S as Read>::Value: Deref<Target = T>,
    <S as ReadUntracked>::Value: Deref<Target = T>,
{
    #[inline(always)]
    fn see<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        f(&self.read())
    }

    #[inline(always)]
    fn see_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        f(&self.read_untracked())
    }
}
