// The game's interpreter as PyScript loads it in the game's worker (pyscript.toml: interpreter):
// the pinned Pyodide (tools/site.py names its versioned folder in place of runtime/pyodide/),
// each download counted for the page's loading bar (lukfu/web/dom/loading.py listens on this
// worker), and a broken one fails the start, "load: …" (Pyodide would only warn and wait).
// JavaScript: it runs before Python can.
import { loadPyodide as load, version } from "../runtime/pyodide/pyodide.mjs";

export { version };
const FOLDER = new URL("../runtime/pyodide/", import.meta.url).href;
const LOCK = null;  // (tools/site.py writes Pyodide's package index here: one download fewer)
const tell = (news) => postMessage({ lukfu: news });
let fail;
const failed = new Promise((_, reject) => {
  fail = (why) => tell({ failed: why }) || reject(new Error(`load: ${why}`));
});
self.addEventListener("unhandledrejection", (event) => event.preventDefault());  // (said once)

const download = self.fetch.bind(self), ARCHIVE = new URL("../lukfu.zip", import.meta.url).href;
const early = download(ARCHIVE);  // the game's archive (pyscript.toml's [files]), with Pyodide's own

export async function loadPyodide(options) {
  // A first visit (index.html made the cache: no service worker answers it yet) keeps a copy of
  // the runtime for the service worker's precache (static/sw-runtime.js).
  const keep = (await caches.has("lukfu-first-visit")) ? await caches.open("lukfu-first-visit") : null;
  let received = 0, told = 0;
  self.fetch = async (input, init) => {
    const url = String(input.url || input);
    const response = await (url === ARCHIVE ? early : download(input, init)).catch((error) => fail(`${url}: ${error}`) || Promise.reject(error));
    if (!response.ok) return fail(`${url}: HTTP ${response.status} ${response.statusText}`) || response;
    if (keep && url.startsWith(FOLDER)) keep.put(url, response.clone()).catch(() => {});
    const reader = response.clone().body.getReader();
    (async () => {
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        received += part.value.byteLength;
        if (performance.now() - told > 100) { told = performance.now(); tell({ received }); }  // (10 a second)
      }
      tell({ received });
    })().catch(() => { /* Pyodide's own read says so */ });
    return response;
  };
  for (const name of ["instantiateStreaming", "instantiate", "compileStreaming", "compile"]) {
    const real = WebAssembly[name];
    WebAssembly[name] = (...args) => real.apply(WebAssembly, args).catch((error) => fail(`WebAssembly.${name}: ${error}`) || Promise.reject(error));
  }
  return Promise.race([load({ ...options, indexURL: FOLDER, lockFileContents: LOCK && JSON.stringify(LOCK) }), failed]);
}
