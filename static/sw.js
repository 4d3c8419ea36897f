// hetcast's service worker: after one visit the app works with no network (the lecture hall).
//
// scripts/sw-assets.sh (a Trunk post_build hook, Trunk.toml) writes this file into the build with
// ASSETS, every file of the build (the app's hashed JS, wasm and CSS, the Experiments worker's
// JS and wasm, the manifest and its icons; the gallery is inside the app's wasm), and VERSION,
// a hash of their contents. A new deployment is a new VERSION: the browser installs it beside
// the running one, the page offers "a new version is ready: reload" (static/offline.js), and
// nothing changes until the user says so (no skipWaiting here, only on the page's message).
// Every URL is relative to this file's folder, so the app works under any sub-path.
const VERSION = '__VERSION__';
const ASSETS = "__ASSETS__";
const CACHE = `hetcast-${VERSION}`;
const SCOPE = new URL('./', self.location).href;

self.addEventListener('install', (e) => {
  e.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(['./', ...ASSETS].map((f) => new Request(f, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('hetcast-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', (e) => {
  if (e.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || !req.url.startsWith(SCOPE)) return;
  const path = req.url.slice(SCOPE.length).split(/[?#]/)[0];
  // The app's page (the folder, or index.html): the cached one. Other pages: the network.
  const page = req.mode === 'navigate';
  if (page && path !== '' && path !== 'index.html') return;
  e.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(page ? './' : req, { ignoreSearch: true });
    return hit || fetch(req);
  })());
});
