// The service worker's own part (JavaScript: no Python runs in a service worker), before Workbox's
// (sw.js imports it first), so that nothing is downloaded or compiled twice (tools/service_worker.mjs):
// 1. The runtime's versioned files (their URLs change with their content) come from the precache,
//    else the HTTP cache, never the network: compiled WebAssembly is kept, the game starts offline.
// 2. A revisioned file's precaching fetch first asks the HTTP cache for the copy the page has just
//    loaded; the browser checks its hash (integrity), so an older copy is downloaded again.
// 3. On a first visit the game's worker keeps a copy of the runtime in FIRST_VISIT (pyodide.mjs).
const FIRST_VISIT = "lukfu-first-visit";  // (index.html makes it)
const scope = new URL(self.registration.scope);
const isRuntime = (url) => url.origin === scope.origin
  && /^runtime\/(pyodide|micropython|pyscript)-\d[^/]*\/[^/]+$/.test(url.pathname.slice(scope.pathname.length));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !isRuntime(new URL(request.url))) return;
  event.stopImmediatePropagation();  // Workbox's precache route would answer it otherwise
  event.respondWith(caches.match(request.url).then((kept) => kept
    || fetch(request, { cache: "only-if-cached", mode: "same-origin" }).catch(() => fetch(request))));
});

const download = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const request = input instanceof Request && init === undefined ? input : null;
  if (request && isRuntime(new URL(request.url))) {
    const kept = await caches.open(FIRST_VISIT).then((cache) => cache.match(request.url), () => null);
    return kept || download(request);
  }
  if (!request || request.cache !== "reload" || !request.integrity) return download(input, init);
  const address = request.url.replace(/\/index\.html$/, "/");
  return download(address, { cache: "force-cache", integrity: request.integrity, credentials: "same-origin" })
    .catch(() => download(request));
};

self.addEventListener("activate", (event) => event.waitUntil(caches.delete(FIRST_VISIT)));
