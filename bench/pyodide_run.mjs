// Run bench/playouts.py under Pyodide in Node (called by bench/engine.py).
//
// Usage: node bench/pyodide_run.mjs '[{"kind": "api", "n": 500, "first_seed": 0}, ...]'
// Loads Pyodide from node_modules (the same pinned build the page ships), copies lukfu/**/*.py
// and bench/playouts.py into Pyodide's in-memory file system, as the browser would fetch them,
// runs playouts.run(**job) for each job and prints one line: RESULT <json list>.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const jobs = JSON.parse(process.argv[2] ?? '[{"kind": "api", "n": 200}]');

function pythonFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__pycache__" ? [] : pythonFiles(path);
    return entry.name.endsWith(".py") ? [path] : [];
  });
}

const loadStart = performance.now();
// Python's own output goes to stderr, so stdout carries only the RESULT line.
const pyodide = await loadPyodide({ stdout: (line) => console.error(line) });
const loadSeconds = (performance.now() - loadStart) / 1000;

const files = [...pythonFiles(join(root, "lukfu")), join(root, "bench", "playouts.py")];
for (const file of files) {
  const target = "/bench/" + relative(root, file).replaceAll("\\", "/");
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}

pyodide.globals.set("jobs_json", JSON.stringify(jobs));
const resultJson = pyodide.runPython(`
import json, sys
sys.path[:0] = ["/bench", "/bench/bench"]
import playouts
json.dumps({
    "python": sys.version.split()[0],
    "results": [playouts.run(**job) for job in json.loads(jobs_json)],
})
`);
const result = JSON.parse(resultJson);
result.load_seconds = loadSeconds;
console.log("RESULT " + JSON.stringify(result));
