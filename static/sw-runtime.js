// The service worker's first say (sw.js imports this before Workbox's own code): the runtime's
// versioned files (runtime/pyodide-<version>/, runtime/micropython-<version>/, whose URLs change
// with their content) are answered from the browser's HTTP cache when it has them, whatever
// their age, and from the precache only when it does not.  The HTTP cache keeps the WebAssembly
// compiled at the last visit beside it; a copy from the precache is compiled afresh the first
// time it is used, which made the first visit the service worker answered 1.3× as slow as one
// the HTTP cache answered (bench/boot.py).  Neither way touches the network, so the game still
// starts offline, and nothing is downloaded twice.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope).pathname;
  if (!/^runtime\/(pyodide|micropython)-\d[^/]*\/[^/]+$/.test(url.pathname.slice(scope.length))) return;
  event.stopImmediatePropagation();  // Workbox's precache route would answer it otherwise
  event.respondWith((async () => {
    try {
      return await fetch(request, { cache: "only-if-cached", mode: "same-origin" });
    } catch (notCached) {
      return (await caches.match(url.href)) || fetch(request);
    }
  })());
});
