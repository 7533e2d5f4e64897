//! gpuplan: a GPU rent-or-buy and memory-sizing calculator that runs in the browser.
//!
//! - [`calc`]: the pure calculation core (native, fully tested with `cargo test`).
//! - [`charts`]: chart drawing with plotters, generic over the backend (canvas in the page, SVG in
//!   native tests).
//! - [`text`]: every word of the page in English and Chinese, generated from `locales/`.
//! - `app` (wasm only): the Leptos page: state, storage, views and widgets.

pub mod calc;
pub mod charts;
pub mod numtext;
pub mod text;

#[cfg(target_arch = "wasm32")]
pub mod app;
