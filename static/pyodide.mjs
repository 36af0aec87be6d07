// The game's interpreter as PyScript loads it in the game's worker (pyscript.toml: interpreter):
// the pinned Pyodide (tools/site.py names its versioned folder in place of runtime/pyodide/),
// each download counted for the page's loading bar (lukfu/web/dom/loading.py listens on this
// worker), and a broken one fails the start, "load: …" (Pyodide would only warn and wait).
// A returning visit starts from a memory snapshot of a Python that has already imported the game
// (made on an earlier visit, before PyScript or the player touched it, and kept on the device by
// `lukfuKeepSnapshot` once the game is idle: lukfu/web/worker.py); a snapshot that does not
// restore is dropped, and Python starts afresh.
// JavaScript: it runs before Python can.
import { loadPyodide as load, version } from "../runtime/pyodide/pyodide.mjs";

export { version };
const FOLDER = new URL("../runtime/pyodide/", import.meta.url).href;
const LOCK = null;  // (tools/site.py writes Pyodide's package index here: one download fewer)
// What a snapshot depends on (tools/site.py writes a hash of Pyodide's version, its standard
// library, the game's archive and this module): another one is never restored, null: none made.
const SNAPSHOT = null;
const SNAPSHOTS = "lukfu-snapshot", SHELF = new URL("../snapshot/", import.meta.url).href, DIGEST = "X-Lukfu-SHA-256";
const tell = (news) => postMessage({ lukfu: news });
let fail, restoring = false;
const failed = new Promise((_, reject) => {
  fail = (why) => restoring || tell({ failed: why }) || reject(new Error(`load: ${why}`));
});
self.addEventListener("unhandledrejection", (event) => event.preventDefault());  // (said once)

const download = self.fetch.bind(self), ARCHIVE = new URL("../lukfu.zip", import.meta.url).href;
const early = download(ARCHIVE);  // the game's archive (pyscript.toml's [files]), with Pyodide's own
const IMPORT_GAME = "import sys\nsys.path.insert(0, 'lukfu.zip')\nimport lukfu.web.worker";  // (as index.html)
// The snapshot of this version on the device, looked for as soon as the worker starts (undefined:
// none kept).
const shelved = SNAPSHOT && self.caches
  ? caches.open(SNAPSHOTS).then((shelf) => shelf.match(SHELF + SNAPSHOT)).catch(() => undefined)
  : Promise.resolve(undefined);

export async function loadPyodide(options) {
  // A first visit (index.html made the cache: no service worker answers it yet) keeps a copy of
  // the runtime for the service worker's precache (static/sw-runtime.js).
  const keep = (await caches.has("lukfu-first-visit")) ? await caches.open("lukfu-first-visit") : null;
  let received = 0, told = 0;
  self.fetch = async (input, init) => {
    const url = String(input.url || input);
    const response = await (url === ARCHIVE ? early.then((r) => r.clone()) : download(input, init))
      .catch((error) => fail(`${url}: ${error}`) || Promise.reject(error));
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
  const start = (more) => Promise.race([
    load({ ...options, indexURL: FOLDER, lockFileContents: LOCK && JSON.stringify(LOCK), ...more }), failed]);
  const shelf = SNAPSHOT && self.caches ? await caches.open(SNAPSHOTS).catch(() => null) : null;
  const restored = shelf && await restore(shelf, start);
  if (restored) return restored;
  const pyodide = await start(shelf ? { _makeSnapshot: true } : {});
  if (shelf) await prepare(pyodide, shelf);
  return pyodide;
}

// The snapshot kept for this version, restored (null if there is none, or it did not restore:
// then it is dropped).  What its bytes hash to must be what was kept beside them (a snapshot cut
// short or spoilt on the device is not used): hashed while Pyodide loads, checked before Python
// is handed over.  A download that fails meanwhile is not the game's failure yet: the fresh start
// that follows tries again, and says so.
async function restore(shelf, start) {
  const began = performance.now(), kept = await shelved;
  if (!kept) return null;
  let hashed;
  try {
    restoring = true;
    const bytes = kept.arrayBuffer().then((buffer) => {
      hashed = digest(buffer);
      return new Uint8Array(buffer);
    });
    const pyodide = await start({ _loadSnapshot: bytes });
    if (await hashed !== kept.headers.get(DIGEST)) throw new Error("not the snapshot kept");
    pyodide.runPython("from lukfu.web.worker import GAME\nassert GAME.seq == 0");  // (the game is there)
    console.info(`lukfu: Python restored from a snapshot in ${Math.round(performance.now() - began)} ms`);
    return pyodide;
  } catch (error) {
    console.info(`lukfu: the snapshot did not restore (${error}); Python starts afresh`);
    await shelf.delete(SHELF + SNAPSHOT).catch(() => {});
    return null;
  } finally {
    restoring = false;
  }
}

const digest = async (bytes) => Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
  (byte) => byte.toString(16).padStart(2, "0")).join("");

// A Python that has imported the game, before PyScript or the player touched it: its snapshot,
// held here until the game says it is idle (lukfu/web/worker.py), then kept for the next visit,
// in place of any other version's.
async function prepare(pyodide, shelf) {
  pyodide.FS.writeFile("lukfu.zip", new Uint8Array(await (await early).clone().arrayBuffer()));
  pyodide.runPython(IMPORT_GAME);
  let snapshot = pyodide.makeMemorySnapshot();
  self.lukfuKeepSnapshot = async () => {  // (never fails: a snapshot is only ever a shortcut)
    const bytes = snapshot;
    snapshot = null;
    try {
      if (bytes) await shelf.put(SHELF + SNAPSHOT, new Response(bytes, { headers: { [DIGEST]: await digest(bytes) } }));
      for (const old of await shelf.keys()) {
        if (old.url.startsWith(SHELF) && old.url !== SHELF + SNAPSHOT) await shelf.delete(old);
      }
    } catch (error) {
      console.info(`lukfu: no snapshot kept (${error})`);
    }
  };
}
