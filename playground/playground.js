// The playground page: the editor, the target, and what fstring-backport
// prints for them, as worker.js reports it.  Python runs in that worker, so
// this thread only edits and draws.
//
// The URL's fragment holds the source (base64url of its UTF-8) and the
// target: #target=3.8&source=...; opening such a link restores them.
// ?debounce=MS sets the pause after typing before a run (200 ms).

const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
const source = $("source");
const target = $("target");
const status = $("status");
const output = $("output");
const problems = $("problems");
const diff = $("diff");
const error = $("error");
const summary = problems.querySelector(".summary");
const marks = $("source-marks");
const backdrop = marks.parentElement;

const DEBOUNCE_MS = Number(new URLSearchParams(location.search).get("debounce") ?? 200);
const EXAMPLE = source.value;

const manifest = fetch("playground.json").then((response) => response.json());
const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });

// What an empty pane says.  Until the worker's first answer, each pane
// says that Python is starting (index.html), not what an empty result means.
const NOTES = { output: "(nothing printed)", diff: "(no change)", summary: "" };
const NOT_LOADED = "(not run: Python could not be loaded)";

let requested = 0; // the id of the newest run asked for
let timer = null;
// The marks in the editor: the error's place, from the output's run, and
// the problems' places, from --check's.
let errorMarks = [];
let problemMarks = [];

// --- URL state ---------------------------------------------------------

function encodeSource(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeSource(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function restoreFromUrl() {
  const state = new URLSearchParams(location.hash.slice(1));
  const wanted = state.get("target");
  if (wanted && [...target.options].some((option) => option.value === wanted)) {
    target.value = wanted;
  }
  if (state.has("source")) {
    try {
      source.value = decodeSource(state.get("source"));
    } catch {
      status.textContent = "The link's source could not be read; showing the example.";
    }
  }
}

function saveToUrl() {
  const state = new URLSearchParams({ target: target.value, source: encodeSource(source.value) });
  history.replaceState(null, "", "#" + state);
}

// --- running -----------------------------------------------------------

function run() {
  clearTimeout(timer);
  timer = null;
  saveToUrl();
  requested += 1;
  document.body.dataset.requested = requested;
  $("output-command").textContent = `fstring-backport --target ${target.value} -`;
  worker.postMessage({ type: "run", id: requested, source: source.value, target: target.value });
}

function runSoon() {
  clearTimeout(timer);
  timer = setTimeout(run, DEBOUNCE_MS);
  errorMarks = []; // they point at text that changed
  problemMarks = [];
  drawMarks([]);
}

source.addEventListener("input", runSoon);
target.addEventListener("change", run);
window.addEventListener("hashchange", () => {
  if (location.hash.slice(1) === new URLSearchParams({ target: target.value, source: encodeSource(source.value) }).toString()) return;
  restoreFromUrl();
  run();
});
$("example").addEventListener("click", () => {
  source.value = EXAMPLE;
  run();
});
$("copy-link").addEventListener("click", async () => {
  saveToUrl();
  try {
    await navigator.clipboard.writeText(location.href);
    status.textContent = "Link copied: it holds the source and the target.";
  } catch {
    status.textContent = "Copy the address bar: it holds the source and the target.";
  }
});
source.addEventListener("scroll", () => {
  backdrop.scrollTop = source.scrollTop;
  backdrop.scrollLeft = source.scrollLeft;
});

worker.addEventListener("message", async (event) => {
  const message = event.data;
  if (message.type === "progress") {
    status.textContent = message.text;
  } else if (message.type === "ready") {
    const info = await manifest;
    document.body.dataset.workerTimings = JSON.stringify(message.timings);
    status.textContent =
      `Ready: Python ${info.python} (Pyodide ${info.pyodide}), fstring-backport ${info.version}, ` +
      `loaded in ${(message.timings.imported / 1000).toFixed(1)} s.`;
  } else if (message.type === "result") {
    if (message.id !== requested) return; // an older run: a newer one is on its way
    await show(message.result);
    if (!document.body.dataset.firstOutputMs) {
      document.body.dataset.firstOutputMs = Math.round(performance.now());
    }
    if (message.final) document.body.dataset.rendered = message.id;
  } else if (message.type === "failed") {
    failed(`Python could not be loaded: ${message.text}`);
  }
});
worker.addEventListener("error", (event) => {
  failed(`The worker failed: ${event.message || "it could not be started"}`);
});

function failed(text) {
  status.textContent = text;
  status.classList.add("failed");
  for (const pane of [output, diff, summary]) pane.dataset.note = NOT_LOADED;
}

// --- drawing -----------------------------------------------------------

const LOCATION = /^(.*):(\d+):(\d+): (.*)$/;
const PROBLEM = /^(.*):(\d+):(\d+): (FB\d+)( .*)$/;

async function show(result) {
  const info = await manifest;
  if (result.output) showOutput(result.output, result.encoding);
  if (result.check) showProblems(result.check, info);
  if (result.diff) showDiff(result.diff);
  drawMarks(errorMarks.concat(problemMarks));
}

function showOutput(printed, encoding) {
  output.textContent = printed.stdout;
  output.dataset.status = printed.status;
  output.dataset.note = NOTES.output;
  const note = $("encoding-note");
  note.hidden = encoding === "utf-8";
  note.textContent = `Read and printed as ${encoding}, as the source's coding declaration says.`;

  errorMarks = [];
  // What the command prints on stderr, as it prints it: an error at its
  // place, or only a note (a 3.12 target says what it rewrites).
  error.hidden = !printed.stderr;
  $("error-message").textContent = printed.stderr;
  $("error-excerpt").textContent = "";
  const located = printed.stderr
    .split("\n")
    .map((line) => line.match(LOCATION))
    .find((match) => match);
  error.classList.toggle("quiet", !located);
  $("error-title").textContent = located ? "Error" : "Note";
  if (located) {
    const [line, column] = [Number(located[2]), Number(located[3])];
    $("error-excerpt").textContent = excerpt(source.value, line, column);
    errorMarks.push({ line, column, kind: "error" });
    error.onclick = () => select(line, column);
  }
}

function showProblems(check, info) {
  const list = problems.querySelector("ul");
  list.replaceChildren();
  problemMarks = [];
  const lines = [];
  for (const text of check.stdout.split("\n").slice(0, -1)) {
    const problem = text.match(PROBLEM);
    if (!problem) {
      lines.push(text);
      continue;
    }
    const [, name, line, column, code, rest] = problem;
    const item = document.createElement("li");
    const place = document.createElement("a");
    place.href = "#";
    place.className = "location";
    place.textContent = `${name}:${line}:${column}`;
    place.addEventListener("click", (click) => {
      click.preventDefault();
      select(Number(line), Number(column));
    });
    const rule = document.createElement("a");
    rule.className = "rule";
    rule.textContent = code;
    if (info.rules[code]) rule.href = `${info.rules_url}#${info.rules[code]}`;
    item.append(place, ": ", rule, rest);
    list.append(item);
    problemMarks.push({ line: Number(line), column: Number(column), kind: "problem" });
  }
  summary.textContent = lines.join("\n");
  summary.dataset.note = NOTES.summary;
  problems.dataset.status = check.status;
}

function showDiff(printed) {
  diff.replaceChildren();
  for (const line of printed.stdout.split(/(?<=\n)/)) {
    if (!line) continue;
    const span = document.createElement("span");
    span.textContent = line;
    span.className = line.startsWith("+++") || line.startsWith("---") ? "file"
      : line.startsWith("@@") ? "hunk" : line.startsWith("+") ? "added" : line.startsWith("-") ? "removed" : "";
    diff.append(span);
  }
  diff.dataset.status = printed.status;
  diff.dataset.note = NOTES.diff;
}

// Python counts columns in characters (code points), JavaScript strings in
// UTF-16 units: lines are split into characters first.
function excerpt(text, line, column) {
  const lines = text.split("\n");
  const shown = lines[line - 1];
  if (shown === undefined) return "";
  const characters = [...shown];
  const before = characters.slice(0, column - 1).map((c) => (c === "\t" ? "\t" : " ")).join("");
  return `${String(line).padStart(4)} | ${shown}\n     | ${before}^`;
}

function offsetOf(text, line, column) {
  const lines = text.split("\n");
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length); i++) offset += lines[i].length + 1;
  const characters = [...(lines[line - 1] ?? "")].slice(0, column - 1);
  return offset + characters.join("").length;
}

function select(line, column) {
  const start = offsetOf(source.value, line, column);
  source.focus();
  source.setSelectionRange(start, start + 1);
  // Scroll the line into view: the caret's line, at the font's line height.
  const lineHeight = parseFloat(getComputedStyle(source).lineHeight) || 18;
  source.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

// The backdrop under the (transparent) textarea: the same text, with the
// error's line and the places of problems marked.
function drawMarks(wanted) {
  const text = source.value;
  if (!wanted.length) {
    marks.textContent = text + "\n";
    return;
  }
  const byLine = new Map();
  for (const mark of wanted) {
    if (!byLine.has(mark.line)) byLine.set(mark.line, []);
    byLine.get(mark.line).push(mark);
  }
  const fragment = document.createDocumentFragment();
  text.split("\n").forEach((line, index) => {
    if (index) fragment.append("\n");
    const here = byLine.get(index + 1);
    if (!here) {
      fragment.append(line);
      return;
    }
    const characters = [...line, " "];
    const holder = document.createElement("span");
    if (here.some((mark) => mark.kind === "error")) holder.className = "error-line";
    const columns = new Map(here.map((mark) => [Math.min(mark.column, characters.length) - 1, mark.kind]));
    characters.forEach((character, column) => {
      if (columns.has(column)) {
        const spot = document.createElement("mark");
        spot.className = columns.get(column);
        spot.textContent = character;
        holder.append(spot);
      } else {
        holder.append(character);
      }
    });
    fragment.append(holder);
  });
  fragment.append("\n");
  marks.replaceChildren(fragment);
}

// --- start -------------------------------------------------------------

restoreFromUrl();
drawMarks([]);
status.textContent = "Starting Python…";
run();
