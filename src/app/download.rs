//! Saving something the page made (a scenario file, a table, a chart) as a file on the reader's
//! machine: a Blob behind a temporary object URL and a link with `download`, clicked once. Nothing
//! leaves the browser, and no inline script is needed (the page's CSP allows none).

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

/// Offers `data` as a download named `name`, of type `mime`.
pub fn download(name: &str, mime: &str, data: &[u8]) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(data).into());
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let blob = Blob::new_with_u8_array_sequence_and_options(&parts, &options)?;
    download_blob(name, &blob)
}

/// Offers a Blob the page already has (a chart's PNG) as a download named `name`.
pub fn download_blob(name: &str, blob: &Blob) -> Result<(), JsValue> {
    let url = Url::create_object_url_with_blob(blob)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))?;
    let a: HtmlAnchorElement = document.create_element("a")?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    // Attached for the click: some browsers ignore a click on a link outside the document.
    let body = document
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?;
    body.append_child(&a)?;
    a.click();
    a.remove();
    // Released a little later: the browser may still be reading the file when `click` returns.
    let revoke = wasm_bindgen::closure::Closure::once_into_js(move || {
        let _ = Url::revoke_object_url(&url);
    });
    if let Some(w) = web_sys::window() {
        let _ =
            w.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000);
    }
    Ok(())
}

/// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. Text that a
/// spreadsheet would run as a formula starts with an apostrophe.
fn field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '@']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// Rows as a CSV file's text: CRLF line ends, and a byte-order mark first, without which a
/// spreadsheet opening the file by double click reads Chinese text as another encoding.
pub fn csv<R: AsRef<[String]>>(rows: impl IntoIterator<Item = R>) -> String {
    let mut out = String::from("\u{feff}");
    for row in rows {
        let cells: Vec<String> = row.as_ref().iter().map(|c| field(c)).collect();
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out
}

/// Offers rows as a CSV download named `name`.
pub fn download_csv<R: AsRef<[String]>>(
    name: &str,
    rows: impl IntoIterator<Item = R>,
) -> Result<(), JsValue> {
    download(name, "text/csv;charset=utf-8", csv(rows).as_bytes())
}
