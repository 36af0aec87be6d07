// Import modules of the page's DOM layer in MicroPython (the page's interpreter, pinned in
// package.json), in Node.  Reads JSON from stdin: {"files": {path: base64}, "modules": [name...]};
// the files (page.zip's members) land in MicroPython's file system, as index.html's loader puts
// them.  Prints "ok <module>" for each module that imports, else the traceback, and exits 1.
// The page's globals are stand-ins: only importing is checked here, not what runs in a browser.
import { loadMicroPython } from "../node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";
import { readFileSync } from "node:fs";

const job = JSON.parse(readFileSync(0, "utf8"));
for (const name of ["document", "window", "console", "URL", "Blob"]) globalThis[name] ??= {};
const mp = await loadMicroPython({ stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
// PyScript's modules, as PyScript registers them for the page: its named workers, and the page's
// JavaScript module (index.html's js_modules: static/page.mjs).
mp.registerJsModule("pyscript", { workers: {} });
mp.registerJsModule("pyscript.js_modules", { page: {} });
for (const [path, text] of Object.entries(job.files)) {
  mp.FS.mkdirTree("/home/" + path.split("/").slice(0, -1).join("/"));
  mp.FS.writeFile("/home/" + path, Buffer.from(text, "base64"));
}
mp.runPython("import sys\nsys.path.insert(0, '/home')");
for (const module of job.modules) {
  try {
    mp.runPython(`import ${module}`);
    console.log(`ok ${module}`);
  } catch (error) {
    console.log(`failed ${module}\n${error.message}`);
    process.exit(1);
  }
}
