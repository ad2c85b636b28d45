/*
 * The gate's service worker (docs/decisions/124): hand-written, no build step. It keeps the app shell
 * so the gate page opens without signal; the API is never cached (the gate keeps its roster and its
 * queue in IndexedDB).
 * - navigations: network first, else the kept index.html;
 * - hashed build files (/assets/): cache first (their names change with their content);
 * - other files of the app (icons, manifest): network first, else the kept copy;
 * - /api/: not touched.
 */
const CACHE = 'proveedores-gate-v1';
const SHELL = './';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll([SHELL, 'manifest.webmanifest', 'favicon.svg']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('proveedores-gate-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The page names what it loaded before this worker controlled it.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'guardar' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === 'string' && u.startsWith(self.location.origin));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) =>
        Promise.all(urls.map((u) => c.match(u).then((hit) => hit || c.add(u).catch(() => undefined)))),
      ),
  );
});

const scopePath = new URL(self.registration.scope).pathname;

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(key ?? request, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(key ?? request);
    if (hit) return hit;
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname.slice(scopePath.length - 1);
  if (path.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL));
    return;
  }
  if (path.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  event.respondWith(networkFirst(request));
});
