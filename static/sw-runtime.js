// What the service worker does before Workbox's own code (sw.js imports this first), so that
// nothing is downloaded, or compiled, twice.
//
// 1. The runtime's versioned files (runtime/pyodide-<version>/, runtime/micropython-<version>/,
// whose URLs change with their content) are answered from the precache, and from the browser's
// HTTP cache when the precache does not have them yet.  Chromium keeps the WebAssembly a page
// compiled (index.html does, once this worker answers it) beside the copy that answered it:
// beside a precache copy, used from the second visit this worker answers on, where a copy it
// fetched from the HTTP cache was compiled afresh, in part, at every visit (Pyodide's start took
// 300-400 ms instead of 220 ms, over seven visits in headless Chromium).  Neither way touches the
// network, so the game still starts offline.
//
// 2. Workbox precaches a file that has a revision with a fetch that bypasses the HTTP cache, so
// a first visit downloaded again every file the page had just loaded.  Each such file is listed
// with its hash (tools/service_worker.mjs), and its precaching fetch first asks the HTTP cache
// (under the address the page used: the folder, for index.html): the browser checks the hash,
// so a copy of an older version is refused and the file downloaded as Workbox would.
//
// 3. On a first visit the game's worker keeps a copy of each runtime download in the cache
// "lukfu-first-visit" (static/pyodide.mjs): the precache takes the runtime's files from there
// when they are there (a private window keeps no 9.6 MB file in its HTTP cache), and the cache
// goes once this worker is in charge.
const FIRST_VISIT = "lukfu-first-visit";  // (index.html names it too)
const scope = new URL(self.registration.scope);
// A file of the runtime's versioned folders (tools/service_worker.mjs: dontCacheBustURLsMatching).
function isRuntime(url) {
  return url.origin === scope.origin
    && /^runtime\/(pyodide|micropython|pyscript)-\d[^/]*\/[^/]+$/.test(url.pathname.slice(scope.pathname.length));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!isRuntime(url)) return;
  event.stopImmediatePropagation();  // Workbox's precache route would answer it otherwise
  event.respondWith((async () => {
    const kept = await caches.match(url.href);
    if (kept) return kept;
    try {
      return await fetch(request, { cache: "only-if-cached", mode: "same-origin" });
    } catch (notCached) {
      return fetch(request);
    }
  })());
});

const download = self.fetch.bind(self);
self.fetch = async function (input, init) {
  const request = input instanceof Request && init === undefined ? input : null;
  if (request && isRuntime(new URL(request.url))) {
    const kept = await caches.open(FIRST_VISIT).then((cache) => cache.match(request.url), () => null);
    return kept || download(request);
  }
  if (!request || request.cache !== "reload" || !request.integrity) return download(input, init);
  const address = request.url.replace(/\/index\.html$/, "/");
  try {
    return await download(address, { cache: "force-cache", integrity: request.integrity, credentials: "same-origin" });
  } catch (notThatFile) {
    return download(request);
  }
};

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.delete(FIRST_VISIT));
});
