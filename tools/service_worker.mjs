// Write <site>/sw.js with Workbox (workbox-build, pinned in package.json): node tools/service_worker.mjs <site>
//
// Every file of the site is precached with a revision (the hash of its content), except the
// runtime's versioned folders (runtime/pyodide-<version>/, runtime/micropython-<version>/): their
// URLs change with their content, so Workbox fetches them without bypassing the HTTP cache and
// the first visit's downloads are reused where the browser kept them; and a visit takes them
// from the precache first, the HTTP cache second (static/sw-runtime.js, imported first: the
// compiled WebAssembly is kept beside the precache's copy).  The other files are precached with their hash
// too (integrity), so that the precache takes the copy the page has just loaded from the HTTP
// cache when it is that very file, instead of downloading it again (static/sw-runtime.js).  Navigations are answered
// from the precache whatever their query string (?seed=, ?lang=, ?delay=).  The first worker
// takes charge of the tab that installed it at once (clientsClaim), so that a player who goes
// offline in that very tab still has every file (lukfu/web/dom/offline.py does not take this
// first claim for a new version).  A new version waits
// until the page asks it to take over (the page's "New version — reload"), and outdated caches
// are deleted when it activates.  The manifest is sorted by URL: Workbox lists files in the order
// the file system returns them, which differs between machines, and sw.js must not (the same
// site gives the same worker, so an unchanged site offers no new version).  tools/site.py runs
// this after writing the site.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { generateSW } from "workbox-build";

const site = process.argv[2];
const { count, size, warnings } = await generateSW({
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: ["sw.js", "**/*.partial"],
  swDest: `${site}/sw.js`,
  // Workbox silently drops files above 2 MiB by default: the wasm is 9.6 MB.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  dontCacheBustURLsMatching: /^runtime\/(pyodide|micropython|pyscript)-\d[^/]*\//,
  ignoreURLParametersMatching: [/.*/],
  manifestTransforms: [
    (entries) => ({ manifest: [...entries].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)) }),
    // Each revisioned file's hash, for the browser to check (static/sw-runtime.js takes such a
    // file from the HTTP cache when the copy there is this one).
    (entries) => ({
      manifest: entries.map((entry) => (entry.revision === null ? entry : {
        ...entry,
        integrity: "sha384-" + createHash("sha384").update(readFileSync(`${site}/${entry.url}`)).digest("base64"),
      })),
    }),
  ],
  directoryIndex: "index.html",
  importScripts: ["static/sw-runtime.js"],
  cleanupOutdatedCaches: true,
  clientsClaim: true,  // the first visit's tab too: offline in it, the game is whole
  skipWaiting: false,
  inlineWorkboxRuntime: true,
  mode: "production",
  sourcemap: false,
});
for (const warning of warnings) console.error(`workbox: ${warning}`);
if (warnings.length) process.exit(1);
console.log(`sw.js: ${count} files precached, ${(size / 1e6).toFixed(1)} MB`);
