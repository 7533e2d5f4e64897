// Offline use once loaded (sw.js). Registered relative to the page, so the site works from any
// sub-path; file:// and old browsers simply go without. A file of its own rather than an inline
// script, which the page's Content-Security-Policy refuses (index.html).
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  addEventListener('load', () => navigator.serviceWorker.register('./sw.js').catch(() => {}));
  // On a first visit the worker takes the page over after the page has fetched its files (and
  // its language's words, and any language switched to before then), so none of them passed
  // through it to be kept. Once it has, they are asked for again through it, from the browser's
  // cache (`force-cache`: whatever the host's cache headers say, nothing is downloaded twice),
  // marked as such for whoever counts the page's requests. Then the page works offline without a
  // reload, in every language it has shown.
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        const here = [location.href];
        for (const e of performance.getEntriesByType('resource')) here.push(e.name);
        for (const url of new Set(here)) {
          if (new URL(url).origin !== location.origin) continue;
          fetch(url, { cache: 'force-cache', headers: { 'x-gpuplan-keep': '1' } }).catch(() => {});
        }
      },
      { once: true },
    );
  }
}
