// Run the game's exercise in the page's Python and report the modules it imported (tools/stdlib.py).
//
// Reads a JSON job on stdin: {"runtime": folder of pyodide.mjs, "stdlib": a python_stdlib.zip
// to boot with instead of the runtime's own (or null), "files": {path in Python's file system:
// file on disk}, "path": folders and archives to put first on sys.path, "exercise": the Python
// file to run, "args": JSON-able data handed to its `exercise(args)`}.
//
// Prints one JSON line on stdout: {"boot": sys.modules right after Pyodide started, "modules":
// sys.modules at the end, "result": what exercise() returned}.  Python's own output goes to
// stderr.  A Python exception anywhere fails the job (exit status 1, the traceback on stderr).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(0, "utf-8"));
const { loadPyodide } = await import(pathToFileURL(join(job.runtime, "pyodide.mjs")).href);
const options = { indexURL: job.runtime + "/", stdout: (l) => console.error(l), stderr: (l) => console.error(l) };
if (job.stdlib) options.stdLibURL = job.stdlib;
const pyodide = await loadPyodide(options);
const modules = () => pyodide.runPython("import sys\nsorted(sys.modules)").toJs();
const boot = modules();

for (const [target, source] of Object.entries(job.files)) {
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(source));
}
pyodide.globals.set("job_path", pyodide.toPy(job.path));
pyodide.runPython("import sys\nsys.path[:0] = job_path");

// What the game's worker makes Pyodide do besides running the game: a Python error reaching
// JavaScript (Pyodide formats its traceback), and top-level await (Pyodide's event loop).
try {
  pyodide.runPython("raise ValueError('an error for JavaScript to catch')");
} catch (error) {
  if (!String(error).includes("an error for JavaScript to catch")) throw error;
}

pyodide.globals.set("exercise_args", pyodide.toPy(job.args));
const code = readFileSync(job.exercise, "utf-8") + "\nawait exercise(exercise_args)\n";
let result;
try {
  const found = await pyodide.runPythonAsync(code, { filename: job.exercise });
  result = found.toJs({ dict_converter: Object.fromEntries });
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
console.log(JSON.stringify({ boot, modules: modules(), result }));
