// The game's worker: Pyodide, the game's archive (lukfu.zip) and the page's two calls into it.
//
// index.html's loader starts it (new Worker(..., {type: "module"})) and posts {start: setup}:
// the runtime's folder, the archive, Pyodide's package index (lock), and, on a first visit,
// the cache to keep a copy of the runtime's downloads in (keep), and whether the page compiles
// Pyodide's WebAssembly (compiled), which it then posts ({wasm: module} or {wasm: null, why}).
// It tells the page, as
// messages, how many bytes have arrived ({received}), that the game is ready ({ready}), or what
// failed ({failed: "load" | "start", why}); then it answers {id, call, text} — call "receive"
// (a message) or "perform" (one of the worker's effects), both in lukfu/web/worker.py — with
// {id, answer} or {id, error}.  Everything the game does runs here, off the page's main thread.
// (A plain module worker rather than PyScript's: it counts the runtime's bytes as they arrive,
// so nothing is downloaded twice for a progress bar, and it sees a broken download for what it
// is, where Pyodide would only warn and wait.)

let game = null;  // the Python functions receive and perform, once ready

function fail(kind, why) {
  postMessage({ failed: kind, why: String(why && why.stack ? why.stack : why).slice(0, 4000) });
}

// When the service worker answers the page, Pyodide's WebAssembly comes compiled from the page
// (index.html), which fetches it: the browser keeps a compiled copy for the next visit of the
// WebAssembly a page compiles, where a worker's is compiled anew, function by function, at every
// start (about 250 ms of a warm start).  (url: its address, when the page compiles it.)
const compiled = { url: null };
compiled.module = new Promise((resolve, reject) => {
  compiled.resolve = resolve;
  compiled.reject = reject;
});
compiled.module.catch(() => { /* said by instantiateStreaming's failure, below */ });
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async function (response, imports) {
  if (!compiled.url) return instantiateStreaming.call(WebAssembly, response, imports);
  const module = await compiled.module;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// Every download counted as it arrives, from a copy of its stream: Pyodide reads the response
// itself, untouched.  (index.html counts Pyodide's WebAssembly when it fetches it.)
const realFetch = self.fetch.bind(self);
let received = 0;
// On a first visit (no service worker controls the page yet), a copy of each runtime download
// goes into a cache the service worker's precache takes it from (static/sw-runtime.js): a
// browser that keeps no copy of the 9.6 MB WebAssembly in its HTTP cache (a private window)
// would otherwise download it twice.  {cache, folder}, or null.
let keep = null;
self.fetch = async function (input, init) {
  const url = String(input && input.url ? input.url : input);
  if (url === compiled.url) return new Response(new Uint8Array(0));  // (the page fetched it)
  const response = await realFetch(input, init);
  if (!response.ok) {
    fail("load", `${url}: HTTP ${response.status} ${response.statusText}`);
    return response;
  }
  if (keep && new URL(url, self.location.href).href.startsWith(keep.folder)) {
    const copy = response.clone();
    caches.open(keep.cache).then((cache) => cache.put(url, copy)).catch(() => { /* only a copy */ });
  }
  if (response.body) {
    const reader = response.clone().body.getReader();
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        received += value.byteLength;
        postMessage({ received });
      }
    })().catch(() => { /* Pyodide's own read reports the failure */ });
  }
  return response;
};

// Pyodide only warns, then waits forever, when its WebAssembly does not arrive whole.
for (const name of ["instantiateStreaming", "instantiate", "compileStreaming", "compile"]) {
  const real = WebAssembly[name];
  if (!real) continue;
  WebAssembly[name] = function () {
    const result = real.apply(WebAssembly, arguments);
    result.catch((error) => fail("load", `WebAssembly.${name}: ${error}`));
    return result;
  };
}

// A rejection nobody awaits (Pyodide fetches several files at once; when one fails, the others
// may be left behind) is the same failure: said once, not thrown at the page as well.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  fail("load", event.reason);
});

async function start(setup) {
  const base = new URL(setup.page, self.location.href);
  if (setup.compiled) compiled.url = new URL(setup.runtime + "pyodide.asm.wasm", base).href;
  if (setup.keep && self.caches) keep = { cache: setup.keep, folder: new URL(setup.runtime, base).href };
  let pyodide;
  try {
    const { loadPyodide } = await import(new URL(setup.runtime + "pyodide.mjs", base).href);
    const [loaded, archive] = await Promise.all([
      // (its package index, nearly empty, comes with the page: one request fewer)
      loadPyodide({ indexURL: new URL(setup.runtime, base).href, lockFileContents: setup.lock }),
      fetch(new URL(setup.archive, base).href).then((r) => (r.ok ? r.arrayBuffer() : null)),
    ]);
    pyodide = loaded;
    if (!archive) return;  // (already told: the fetch above)
    pyodide.FS.writeFile(setup.archive, new Uint8Array(archive));
  } catch (error) {
    fail("load", error);
    return;
  }
  try {
    pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(setup.archive)})`);
    const worker = pyodide.pyimport("lukfu.web.worker");
    game = { receive: worker.receive, perform: worker.perform };
  } catch (error) {
    fail("start", error);
    return;
  }
  self.fetch = realFetch;  // the start is counted; the game's own fetches (catalogs) are not
  postMessage({ ready: true });
}

self.onmessage = async (event) => {
  const { start: setup, wasm, id, call, text } = event.data;
  if (setup) {
    start(setup);
    return;
  }
  if (wasm !== undefined) {
    if (wasm) compiled.resolve(wasm);
    else compiled.reject(new Error(event.data.why));
    return;
  }
  try {
    const answer = await game[call](text);
    postMessage({ id, answer: String(answer) });
  } catch (error) {
    postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
