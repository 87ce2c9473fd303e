// The playground's worker: Python (Pyodide) and fstring-backport, off the
// page's thread, so that the page stays responsive while they load and run.
//
// Messages in:  {type: "run", id, source, target}
// Messages out: {type: "progress", text}
//               {type: "ready", timings}        timings in ms since the worker started
//               {type: "result", id, result, final}
//                   what bridge.run returned: first the output (final false),
//                   then the problems and the diff (final true)
//               {type: "failed", text}          Python or the package could not be loaded
//
// Only the newest request is run: requests that arrive while one runs
// replace each other.

import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const started = performance.now();
const since = () => Math.round(performance.now() - started);

let pending = null;
let running = false;

const bridge = load().catch((error) => {
  self.postMessage({ type: "failed", text: String(error && error.message ? error.message : error) });
  throw error;
});

async function load() {
  const bytecode = fetch(here("wheels/bytecode.zip")).then((response) => response.arrayBuffer());
  const bridgeCode = fetch(here("bridge.py")).then((response) => response.text());
  const manifest = await (await fetch(here("playground.json"))).json();
  const timings = {};
  const names = manifest.wheels.map((wheel) => wheel.name + " " + wheel.version).join(", ");
  self.postMessage({
    type: "progress",
    text: `Loading Python ${manifest.python} (Pyodide ${manifest.pyodide}) and ${names}…`,
  });
  const pyodide = await loadPyodide({
    indexURL: here("pyodide/"),
    // Fetched while Python starts; pure-Python wheels, installed as they are.
    packages: manifest.wheels.map((wheel) => here("wheels/" + wheel.file)),
    stdout: () => {},
    stderr: () => {},
  });
  timings.python = since();
  self.postMessage({ type: "progress", text: `Importing fstring-backport ${manifest.version}…` });
  // The wheels' modules compiled at build time (scripts/build-playground),
  // as pip would compile them when installing.
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(await bytecode, "zip", { extractDir: sitePackages });
  pyodide.FS.mkdirTree("/playground");
  pyodide.FS.writeFile("/playground/fstring_backport_playground.py", await bridgeCode);
  pyodide.runPython("import sys; sys.path.insert(0, '/playground')");
  const module = pyodide.pyimport("fstring_backport_playground");
  timings.imported = since();
  self.postMessage({ type: "ready", timings });
  return module;
}

self.onmessage = (event) => {
  if (event.data.type === "run") {
    pending = event.data;
    drain();
  }
};

async function drain() {
  if (running) return;
  running = true;
  try {
    const module = await bridge;
    while (pending) {
      const request = pending;
      pending = null;
      for (const modes of [["output"], ["check", "diff"]]) {
        const proxy = module.run(request.source, request.target, ...modes);
        const result = proxy.toJs({ dict_converter: Object.fromEntries });
        proxy.destroy();
        self.postMessage({ type: "result", id: request.id, result, final: modes[0] !== "output" });
        // Take the requests that came meanwhile: a newer one replaces this one.
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (pending) break;
      }
    }
  } finally {
    running = false;
  }
}
