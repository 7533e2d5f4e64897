// Keeps the page usable offline once it has loaded: every same-origin file it fetched is kept in
// a cache. The page (navigations) is fetched from the network first, so a new release is picked
// up when online; the hashed wasm, JS and CSS files never change under one name, so they are
// served from the cache first.
const CACHE = 'gpuplan-v1';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function fromNetwork(request) {
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // The query string holds the scenario; any saved copy of the page serves every link.
    event.respondWith(
      fromNetwork(request).catch(async () => {
        const cache = await caches.open(CACHE);
        const hit = await cache.match(request, { ignoreSearch: true });
        return hit || Response.error();
      }),
    );
    return;
  }
  event.respondWith(caches.match(request).then((hit) => hit || fromNetwork(request)));
});
