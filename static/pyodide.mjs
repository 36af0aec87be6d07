// The game's interpreter as PyScript loads it in the game's worker (pyscript.toml: interpreter):
// the pinned Pyodide, with each download counted as it arrives, for the page's loading bar, and
// a broken one told (Pyodide would only warn and wait).  JavaScript: it runs before Python can.
// (tools/site.py names the runtime's versioned folder in place of runtime/pyodide/.)
import { loadPyodide as load, version } from "../runtime/pyodide/pyodide.mjs";

export { version };
const FOLDER = new URL("../runtime/pyodide/", import.meta.url).href;
const FIRST_VISIT = "lukfu-first-visit";  // (static/sw-runtime.js)
// To the page (lukfu/web/dom/loading.py listens on this worker's PyScript xworker).
const tell = (news) => postMessage({ lukfu: news });
// A broken download fails the start (PyScript then rejects the worker), said "load: …" for the
// page to tell a download from a failure of Python's.
let broken;
const failed = new Promise((_, reject) => { broken = (why) => reject(new Error(`load: ${why}`)); });
function fail(why) {
  tell({ failed: why });
  broken(why);
}
// (Pyodide fetches several files at once: when one fails, the others' rejections are the same.)
self.addEventListener("unhandledrejection", (event) => event.preventDefault());

export async function loadPyodide(options) {
  const download = self.fetch.bind(self);
  // A first visit (the page made this cache: no service worker answers it yet) keeps a copy of
  // the runtime for the service worker's precache: a private window's HTTP cache would not.
  const keep = self.caches && (await caches.has(FIRST_VISIT)) ? await caches.open(FIRST_VISIT) : null;
  let received = 0, told = 0;
  self.fetch = async (input, init) => {
    const url = String(input && input.url ? input.url : input);
    const response = await download(input, init).catch((error) => {
      fail(`${url}: ${error}`);
      throw error;
    });
    if (!response.ok) fail(`${url}: HTTP ${response.status} ${response.statusText}`);
    else if (response.body) {
      if (keep && new URL(url, FOLDER).href.startsWith(FOLDER)) keep.put(url, response.clone()).catch(() => {});
      const reader = response.clone().body.getReader();
      (async () => {
        for (let part = await reader.read(); !part.done; part = await reader.read()) {
          received += part.value.byteLength;
          if (performance.now() - told < 100) continue;  // (at most ten a second)
          told = performance.now();
          tell({ received });
        }
        tell({ received });
      })().catch(() => { /* Pyodide's own read says so */ });
    }
    return response;
  };
  for (const name of ["instantiateStreaming", "instantiate", "compileStreaming", "compile"]) {
    const real = WebAssembly[name];
    WebAssembly[name] = (...args) => real.apply(WebAssembly, args).catch((error) => {
      fail(`WebAssembly.${name}: ${error}`);
      throw error;
    });
  }
  return Promise.race([load({ ...options, indexURL: FOLDER }), failed]);
}
