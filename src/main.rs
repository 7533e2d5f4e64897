//! Entry point: mounts the page. Natively there is no page; the binary only says where to look.

fn main() {
    #[cfg(target_arch = "wasm32")]
    gpuplan::app::mount();
    #[cfg(not(target_arch = "wasm32"))]
    println!("gpuplan runs in the browser: see README.md (scripts/serve.sh)");
}
