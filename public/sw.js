/*
 * Majlis service worker (registered only when ENABLE_SERVICE_WORKER is set; spec §4 "Page
 * keep-alive", §7 "Service worker messages"). It keeps the site usable on a bad network:
 *  - the built, hashed assets are served from its cache once fetched (they never change);
 *  - pages and other static files come from the network, from the cache when it fails, so a
 *    reload while offline still opens the chat (the room then shows from the local cache);
 *  - API calls and the socket are never touched;
 *  - while the page is hidden it pings the server every 30 s, and a background sync pings once the
 *    network is back.
 */
const CACHE = 'majlis-shell-v1';
/** The last page loaded, for an offline start on an address never visited. */
const LAST_PAGE = '/__majlis-last-page';
const PING_PATH = '/api/ping';
const SYNC_TAG = 'majlis-ping';

let serverOrigin = self.location.origin;
let pingTimer = null;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

function ping() {
  return fetch(new URL(PING_PATH, serverOrigin), { method: 'POST', credentials: 'include', keepalive: true }).catch(
    () => undefined,
  );
}

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'init-background-sync') {
    if (typeof data.serverOrigin === 'string' && data.serverOrigin === self.location.origin)
      serverOrigin = data.serverOrigin;
  } else if (data.type === 'start-background-ping') {
    const interval = Math.max(10000, Number(data.interval) || 30000);
    clearInterval(pingTimer);
    pingTimer = setInterval(ping, interval);
  } else if (data.type === 'stop-background-ping') {
    clearInterval(pingTimer);
    pingTimer = null;
  }
});

self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(ping());
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, isPage) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      await cache.put(request, response.clone());
      if (isPage) await cache.put(LAST_PAGE, response.clone());
    }
    return response;
  } catch (error) {
    const hit = (await cache.match(request, { ignoreSearch: isPage })) || (isPage && (await cache.match(LAST_PAGE)));
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;
  if (url.pathname.startsWith('/uploads/')) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  event.respondWith(networkFirst(request, request.mode === 'navigate'));
});
