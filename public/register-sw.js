// Offline use once loaded (sw.js). Registered relative to the page, so the site works from any
// sub-path; file:// and old browsers simply go without. A file of its own rather than an inline
// script, which the page's Content-Security-Policy refuses (index.html).
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  addEventListener('load', () => navigator.serviceWorker.register('./sw.js').catch(() => {}));
}
