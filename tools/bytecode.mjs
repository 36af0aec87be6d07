// Compile the game's Python with the page's own Python, into one archive (see tools/bytecode.py).
//
// Reads a JSON job on stdin: {"runtime": folder of pyodide.mjs, "root": the repository,
// "members": {archive member: source path under root}, "out": the zip to write}.
// Pyodide (the pinned build the page ships) compiles each source to a hash-based pyc, named in
// tracebacks by its path in the repository, and stores them, deflated, in name order with a
// fixed date: the same sources give the same bytes.  A source that does not compile fails the job.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(0, "utf-8"));
const { loadPyodide } = await import(pathToFileURL(join(job.runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: job.runtime + "/", stdout: (l) => console.error(l) });

for (const [member, path] of Object.entries(job.members)) {
  pyodide.FS.mkdirTree("/src/" + path.split("/").slice(0, -1).join("/"));
  pyodide.FS.writeFile("/src/" + path, readFileSync(join(job.root, path)));
}
pyodide.globals.set("members_json", JSON.stringify(job.members));
pyodide.runPython(`
import json, py_compile, zipfile

members = json.loads(members_json)
with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
    for member in sorted(members):
        path = members[member]
        py_compile.compile("/src/" + path, cfile="/compiled.pyc", dfile=path, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        info = zipfile.ZipInfo(member, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        with open("/compiled.pyc", "rb") as compiled:
            archive.writestr(info, compiled.read(), compresslevel=9)
`);
writeFileSync(job.out, pyodide.FS.readFile("/out.zip"));
