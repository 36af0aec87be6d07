// Compile the game's Python with the page's own Python, into one archive (see tools/bytecode.py).
//
// Reads a JSON job on stdin: {"runtime": folder of pyodide.mjs, "root": a folder of sources,
// "members": {archive member: source path under root}, "out": the zip to write, "filenames":
// what to put before a source's path in tracebacks}.  Pyodide (the pinned build the page ships)
// compiles each source, without its docstrings and without the columns of each instruction
// (PYTHONNODEBUGRANGES: a quarter of a pyc, used only to underline a traceback's expression),
// to a hash-based pyc, and stores them, deflated, in name order with a fixed date: the same
// sources give the same bytes.  A source that does not compile fails the job.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(0, "utf-8"));
const { loadPyodide } = await import(pathToFileURL(join(job.runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: job.runtime + "/",
  stdout: (l) => console.error(l),
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
});

for (const [member, path] of Object.entries(job.members)) {
  pyodide.FS.mkdirTree("/src/" + path.split("/").slice(0, -1).join("/"));
  pyodide.FS.writeFile("/src/" + path, readFileSync(join(job.root, path)));
}
pyodide.globals.set("members_json", JSON.stringify(job.members));
pyodide.globals.set("filenames", job.filenames || "");
pyodide.runPython(`
import ast, importlib.util, json, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree):
    """The module with its docstrings left out (they are for readers of the source, and help():
    no code of the game reads __doc__, and the standard library's modules it imports take None
    for one): a smaller archive, every line number kept for tracebacks."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, DOCUMENTED) and body and isinstance(body[0], ast.Expr) \\
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree


members = json.loads(members_json)
with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
    for member in sorted(members):
        path = members[member]
        with open("/src/" + path, "rb") as file:
            source = file.read()
        tree = without_docstrings(ast.parse(source, path))
        code = compile(tree, filenames + path, "exec", dont_inherit=True)
        data = _code_to_hash_pyc(code, importlib.util.source_hash(source), False)
        info = zipfile.ZipInfo(member, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        archive.writestr(info, bytes(data), compresslevel=9)
`);
writeFileSync(job.out, pyodide.FS.readFile("/out.zip"));
