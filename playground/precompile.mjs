// Compile the playground's Python to bytecode ahead of time, with Pyodide
// itself (under Node), as pip compiles a package when it installs it:
//
//     node playground/precompile.mjs SITE
//
// - SITE/pyodide/python_stdlib.zip gets a .pyc beside each .py.  npm's
//   Pyodide ships the standard library as source only, and compiling the
//   modules Python imports when it starts takes most of its start-up.
// - SITE/wheels/bytecode.zip holds the .pyc files of every module in
//   SITE/wheels/*.whl, at their paths under site-packages, for the worker
//   to unpack there once it has installed the wheels.
//
// The bytecode comes from the Python that will run it (Pyodide's), so its
// version always matches.  Standard-library files are built with their
// sources in one archive and are not checked again; the wheels' files are
// checked against their sources when imported, so a stale one is never run.

import { readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const site = resolve(process.argv[2] ?? "");
if (!process.argv[2]) {
  console.error("usage: node playground/precompile.mjs SITE");
  process.exit(2);
}

const pyodide = await loadPyodide({ indexURL: join(site, "pyodide") + "/" });
pyodide.FS.mkdirTree("/site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: site }, "/site");
const wheels = readdirSync(join(site, "wheels")).filter((name) => name.endsWith(".whl"));

pyodide.runPython(`
import io
import os
import py_compile
import shutil
import sys
import sysconfig
import zipfile
from importlib.util import cache_from_source

STDLIB = next(path for path in sys.path if path.endswith(".zip"))  # where Pyodide mounts it
SITE_PACKAGES = sysconfig.get_paths()["purelib"]
WORK = "/tmp/precompile"


def compiled(source, name, shown_as, mode):
    """The .pyc of the file name, holding source; None if it does not compile."""
    path = os.path.join(WORK, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(source)
    try:
        py_compile.compile(path, cfile=path + "c", dfile=shown_as, doraise=True, invalidation_mode=mode)
    except py_compile.PyCompileError:
        return None  # as compileall: left to compile (and fail) when imported
    with open(path + "c", "rb") as handle:
        return handle.read()


def precompile_stdlib(archive):
    with open(archive, "rb") as handle:
        original = zipfile.ZipFile(io.BytesIO(handle.read()))
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for info in original.infolist():
            if info.filename.endswith(".pyc"):
                continue  # made again below
            data = original.read(info)
            out.writestr(info, data)
            if info.filename.endswith(".py"):
                # zipimport looks for name.pyc beside name.py in an archive.
                code = compiled(data, info.filename, STDLIB + "/" + info.filename, py_compile.PycInvalidationMode.UNCHECKED_HASH)
                if code is not None:
                    entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
                    entry.compress_type = zipfile.ZIP_DEFLATED
                    out.writestr(entry, code)


def precompile_wheels(wheels, archive):
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as contents:
                for name in contents.namelist():
                    if not name.endswith(".py") or ".data/" in name.split(".dist-info/")[0]:
                        continue
                    code = compiled(contents.read(name), name, SITE_PACKAGES + "/" + name, py_compile.PycInvalidationMode.CHECKED_HASH)
                    if code is not None:
                        out.writestr(cache_from_source(name), code)


def main(wheels):
    precompile_stdlib("/site/pyodide/python_stdlib.zip")
    precompile_wheels(["/site/wheels/" + name for name in wheels], "/site/wheels/bytecode.zip")
    shutil.rmtree(WORK)
`);
pyodide.globals.get("main")(pyodide.toPy(wheels));
pyodide.FS.unmount("/site");
