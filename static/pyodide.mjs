// The game's interpreter as PyScript loads it in the game's worker (pyscript.toml: interpreter):
// the pinned Pyodide (tools/site.py names its versioned folder in place of runtime/pyodide/),
// each download counted for the page's loading bar (lukfu/web/dom/loading.py listens on this
// worker), and a broken one fails the start, "load: …" (Pyodide would only warn and wait).
// A returning visit's Python is restored from the memory snapshot an earlier visit kept (`prepare`),
// else starts afresh (`restore`).  JavaScript: it runs before Python can.
import { loadPyodide as load, version } from "../runtime/pyodide/pyodide.mjs";

export { version };
const FOLDER = new URL("../runtime/pyodide/", import.meta.url).href;
const LOCK = null;  // (tools/site.py writes Pyodide's package index here: one download fewer)
const SNAPSHOT = null;  // (tools/site.py: a hash of what a snapshot depends on; null: none made)
const SHELF = new URL("../snapshot/", import.meta.url).href, LENGTH = "X-Lukfu-Length";
const tell = (news) => postMessage({ lukfu: news });
let fail, restoring = false;
const failed = new Promise((_, reject) => {
  fail = (why) => restoring || tell({ failed: why }) || reject(new Error(`load: ${why}`));
});
self.addEventListener("unhandledrejection", (event) => event.preventDefault());  // (said once)

const download = self.fetch.bind(self), ARCHIVE = new URL("../lukfu.zip", import.meta.url).href;
const early = download(ARCHIVE);  // the game's archive (pyscript.toml's [files]), with Pyodide's own
const shelf = SNAPSHOT && self.caches ? caches.open("lukfu-snapshot").catch(() => null) : null;
const shelved = shelf && shelf.then((opened) => opened && opened.match(SHELF + SNAPSHOT)).catch(() => null);

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
  const opened = await shelf;
  const restored = opened && await restore(opened, start);
  if (restored) return restored;
  const pyodide = await start(opened ? { _makeSnapshot: true } : {});
  if (opened) await prepare(pyodide, opened);
  return pyodide;
}

// This version's snapshot, restored (else null, and a broken one is dropped): unzipped as it is
// read, gzip's own checksum and the length kept beside it hold before Pyodide takes it.  A download
// that fails meanwhile is not the game's failure yet: the fresh start that follows says so.
async function restore(opened, start) {
  const began = performance.now(), kept = await shelved;
  try {
    restoring = true;
    if (!kept) return null;
    const pyodide = await start({ _loadSnapshot: (async () => {
      const bytes = new Uint8Array(Number(kept.headers.get(LENGTH))), reader = kept.body.pipeThrough(new DecompressionStream("gzip")).getReader();
      let at = 0;  // (spoilt or cut short: the unzipping throws; longer than kept: a RangeError)
      for (let part = await reader.read(); !part.done; at += part.value.length, part = await reader.read()) bytes.set(part.value, at);
      if (!at || at !== bytes.length) throw new Error("not the snapshot kept");
      return bytes;
    })() });
    pyodide.runPython("from lukfu.web.worker import GAME\nassert GAME.seq == 0");  // (the game is there)
    console.info(`lukfu: Python restored from a snapshot in ${Math.round(performance.now() - began)} ms`);
    return pyodide;
  } catch (error) {
    console.info(`lukfu: the snapshot did not restore (${error}); Python starts afresh`);
    return opened.delete(SHELF + SNAPSHOT).then(() => null, () => null);
  } finally {
    restoring = false;
  }
}

// Python with the game imported (as index.html's script does) and the standard modules PyScript's
// own package imports (html.entities: a large one), before PyScript or the player touch it: its
// snapshot, kept gzip'd (31 MB in 5) in place of others' once the game is idle (worker.py asks).
async function prepare(pyodide, opened) {
  const archive = await early.catch(() => null);
  if (!archive || !archive.ok) return;  // (PyScript's own fetch of it says so)
  pyodide.FS.writeFile("lukfu.zip", new Uint8Array(await archive.clone().arrayBuffer()));
  pyodide.runPython("import sys\nsys.path.insert(0, 'lukfu.zip')\nimport lukfu.web.worker, html.entities");
  let snapshot = pyodide.makeMemorySnapshot();
  self.lukfuKeepSnapshot = async () => {  // (never fails: a snapshot is only a shortcut)
    const bytes = snapshot;
    snapshot = null;
    try {
      const zipped = bytes && await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
      if (zipped) await opened.put(SHELF + SNAPSHOT, new Response(zipped, { headers: { [LENGTH]: String(bytes.length) } }));
      for (const old of await opened.keys()) {
        if (old.url.startsWith(SHELF) && old.url !== SHELF + SNAPSHOT) await opened.delete(old);
      }
    } catch (error) {
      console.info(`lukfu: no snapshot kept (${error})`);
    }
  };
}
