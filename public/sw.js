/*
 * Majlis service worker (registered only when ENABLE_SERVICE_WORKER is set; spec §4 "Page
 * keep-alive", §7 "Service worker messages"). It keeps the site usable on a bad network:
 *  - the built, hashed assets are served from its cache once fetched (they never change);
 *  - pages and other static files come from the network, from the cache when it fails, so a
 *    reload while offline still opens the chat (the room then shows from the local cache);
 *  - API calls and the socket are never touched;
 *  - while the page is hidden it pings the server every 30 s, and a background sync pings once the
 *    network is back.
 * Each build's worker has a cache of its own (the build writes its id below: vite.config.ts).
 * A new build's worker installs at once and, on activation, deletes the caches of the builds before,
 * with their assets; it then takes over the open pages, which fetch anything missing from the network.
 */
const BUILD = 'dev';
const CACHE = `majlis-shell-${BUILD}`;
const OWN_CACHES = 'majlis-shell-';
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
      // Only this worker's caches: the previous builds' (and 'majlis-shell-v1' of the first one).
      for (const key of await caches.keys()) if (key.startsWith(OWN_CACHES) && key !== CACHE) await caches.delete(key);
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

/*
 * Notifications while no tab is open (Web Push, issue 22 §6). The server sends only to people with
 * no page open; the payload is {type, title, body, url, tag}, with a message's words in `body`
 * only when its reader allowed previews. A tap focuses an open page of the site and tells it what
 * to open, or opens a new one at the notification's address.
 */
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      renotify: typeof data.tag === 'string',
      dir: 'rtl',
      lang: 'ar',
      icon: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = (event.notification.data && event.notification.data.url) || '/';
  const target = new URL(wanted, self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        open.postMessage({ type: 'push-open', url: target.pathname + target.search });
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
