"""The browser playground (playground/), built into the documentation site
by ``mkdocs build`` (mkdocs.yml's hook runs scripts/build-playground),
served by ``python -m http.server`` on loopback and driven in headless
Chromium (Debian's, through Playwright): what it shows equals what the
command line prints, byte for byte, over the differential corpus and invalid
inputs; it starts with README's example, says that Python is starting until
its first answer, keeps its state in the URL, runs as you type (debounced),
takes what is typed while Python loads, and fetches nothing beyond
loopback.  The docs' link opens it, and its rule links reach their rules,
in the site and in a playground built and served alone.  The site's
pages link from their header to the source repository (pyproject.toml's
Source), and a console block draws a command's numbers in the command's
colour.  How fast the playground starts is measured by benchmarks/bench_playground.py, not here: a test does
not assert on the clock.

Only ``tox -e playground`` runs this folder (tests/conftest.py keeps the
other environments from collecting it): it needs Chromium
(scripts/provide-chromium installs it), Node and npm, and Playwright.  The
command line it is compared with is the package under test on this Python,
which must be 3.14, the page's (Pyodide's): in-process through click's test
runner for the corpus (thousands of runs), as a real process for README's
example and the invalid inputs.
"""

import base64
import io
import re
import subprocess
import sys
import tokenize
import warnings
from urllib.parse import parse_qs, urljoin
from urllib.request import urlopen

import pytest
import tomllib
import yaml
from click.testing import CliRunner

import fstring_backport.cli.command

from support.cli import command
from support.playground import build_site, chromium, serving
from support.pythons import REPO, child_environment

pytestmark = pytest.mark.slow

CASES = sorted((REPO / "tests" / "engine" / "differential" / "cases").glob("*.py"))
TARGETS = ("3.8", "3.9", "3.10", "3.11", "3.12", "3.13")  # the page's choices
CORPUS_TARGETS = ("3.8", "3.11", "3.12", "3.13")
MODES = {"output": [], "check": ["--check"], "diff": ["--diff"]}
EXAMPLE = REPO / "examples" / "greeting.py"
# The source repository: pyproject.toml's [project.urls] Source, which
# mkdocs.yml's repo_url must name too.
SOURCE = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]["urls"]["Source"]

# Input that Python 3.15 rejects, each error at a place the page must mark:
# columns count characters (é, an astral 😀, a tab), errors on later lines.
# All are errors at 3.8; at 3.13 some f-strings need no rewriting, and are
# printed as they are.
INVALID = [
    'x = f"{d["k"]"\n',
    'x = f"{a!x}"\n',
    'x = f"{1:{2:{3:{4}}}}"\n',
    'names = ["é"]\nx = f"{names[0]!r:{é}}" + )\n',
    'def f():\n\treturn f"{x!}"\n',
    's = "😀"; x = f"{s["k"]!z}"\n',
    's = "😀"; x = f"{s["k"] b}"\n',
    'x = t"{}"\n',
    'x = f"{lambda: 1}"\n',
    '# -*- coding: bogus -*-\nx = f"{1}"\n',
    'y = 1\nx = f"{"\n',
]

# One place for each rule of docs/rules.md, FB101 to FB416 in order (--check
# at 3.8).
EVERY_RULE = "".join(line + "\n" for line in [
    'd = {"k": 1}',
    'lines = ["a"]',
    'x = y = z = w = 1',
    'a = f"{d["k"]}"',
    'b = f"{\'\\n\'.join(lines)}"',
    'c = f"""{x # note',
    '}"""',
    'e = f"{',
    'x}"',
    'g = f"""{x + \\',
    'y}"""',
    'h = f"{x:{y:{z}}}"',
    'i = f"{x!r }"',
    'n = f"{x:{y}{{>5}"',
    'j = f"{\'\'\'a\'b\'\'\' + \'#\'=}"',
    'k = f"{x!r:>{w}}"',
    'm = t"hi {x}"',
    'try:',
    '    pass',
    'except KeyError, IndexError:',
    '    pass',
    'with (open("a") as fa, open("b") as fb):',
    '    pass',
    '@lines[0]',
    'def decorated(): pass',
    's = {(n := 1), n := 2}',
    'for q in *lines, *lines:',
    '    pass',
    'v = d[n := 1]',
    'match x:',
    '    case 1:',
    '        pass',
    'try:',
    '    pass',
    'except* KeyError:',
    '    pass',
    'sub = d[*lines]',
    'def starred(*args: *lines): pass',
    'def generic[T](arg: T): pass',
    'type Alias = int',
    'class Defaulted[U = int]: pass',  # FB411 again, then FB413
    'lazy import json',
    'flat = [*row for row in lines]',
    'class Aliases:',
    '    type Inner = [int for _ in ()]',  # a scope of its own in the value: named, FB416
])

# Fills the page's editor with each source in turn (firing ``input``, as
# typing does), waits until the page has shown the run it started, and
# reads what the page shows.  One page load for the whole batch.
DRIVE = """
async ({ sources, target }) => {
  const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
  const body = document.body;
  const settled = async (before) => {
    while (!(Number(body.dataset.requested) > before && body.dataset.rendered === body.dataset.requested)) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  if ($("target").value !== target) {
    const before = Number(body.dataset.requested);
    $("target").value = target;
    $("target").dispatchEvent(new Event("change"));
    await settled(before);
  }
  const shown = [];
  for (const text of sources) {
    const before = Number(body.dataset.requested);
    $("source").value = text;
    $("source").dispatchEvent(new Event("input", { bubbles: true }));
    await settled(before);
    const mark = $("source-marks").querySelector("mark.error");
    shown.push({
      source: $("source").value,
      output: $("output").textContent,
      outputStatus: Number($("output").dataset.status),
      error: $("error-message").textContent,
      errorHidden: $("error").hidden,
      errorTitle: $("error-title").textContent,
      excerpt: $("error-excerpt").textContent,
      errorMark: mark ? mark.textContent : null,
      problems: [...$("problems").querySelectorAll("li")].map((item) => item.textContent),
      ruleLinks: [...$("problems").querySelectorAll("a.rule")].map((a) => [a.textContent, a.getAttribute("href")]),
      summary: $("problems").querySelector(".summary").textContent,
      checkStatus: Number($("problems").dataset.status),
      diff: $("diff").textContent,
      diffStatus: Number($("diff").dataset.status),
    });
  }
  return shown;
}
"""

SETTLED = "document.body.dataset.rendered && document.body.dataset.rendered === document.body.dataset.requested"


# --- the site, its server, the browser ----------------------------------


@pytest.fixture(scope="module", autouse=True)
def pyodides_python():
    if sys.version_info[:2] != (3, 14):
        pytest.fail(
            "the playground runs Python 3.14 (Pyodide's): compare it with the command line on 3.14 "
            f"(tox -e playground), not {sys.version.split()[0]}"
        )


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The documentation site, with the playground at playground/."""
    out = tmp_path_factory.mktemp("docs") / "site"
    built = build_site(out)
    if built.returncode:
        pytest.fail(f"mkdocs build failed:\n{built.stdout}{built.stderr}")
    return out


@pytest.fixture(scope="module")
def alone(tmp_path_factory):
    """The playground built on its own, as scripts/build-playground DIR does."""
    out = tmp_path_factory.mktemp("alone") / "playground"
    built = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "build-playground"), str(out)], capture_output=True, text=True
    )
    if built.returncode:
        pytest.fail(f"scripts/build-playground failed:\n{built.stdout}{built.stderr}")
    return out


@pytest.fixture(scope="module")
def server(site):
    """The documentation site's address."""
    with serving(site) as address:
        yield address


@pytest.fixture(scope="module")
def playground(server):
    """The playground's address in the site."""
    return server + "playground/"


@pytest.fixture(scope="module")
def alone_server(alone):
    """The address of the playground served alone."""
    with serving(alone) as address:
        yield address


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium (scripts/provide-chromium), headless, through
    Playwright."""
    with chromium() as launched:
        yield launched


# What the documentation site's theme (mkdocs-material) asks for beyond the
# site: for the repository its header links to (mkdocs.yml's repo_url), the
# facts it shows there (latest release, stars, forks), from GitHub's API.
# Refused like any other, without failing a test that visits the site's
# pages.  (Its fonts, from Google, it no longer asks for: mkdocs.yml sets
# font: false.)
assert SOURCE.startswith("https://github.com/"), SOURCE
_REPOSITORY_API = SOURCE.replace("https://github.com/", "https://api.github.com/repos/", 1)
THEME_REQUESTS = (_REPOSITORY_API, _REPOSITORY_API + "/")


class Visit:
    """A page in a new browser context (nothing cached) that may fetch from
    the server only: any other request is refused and fails the test (but
    those of ``tolerated``, refused only), as do failed responses and uncaught
    errors in the page."""

    def __init__(self, browser, server, init_script=None, tolerated=()):
        self.browser, self.origin, self.init_script, self.tolerated = browser, server, init_script, tolerated
        self.fetched, self.outside, self.failed, self.errors = [], [], [], []

    def __enter__(self):
        self.context = self.browser.new_context()
        self.context.route("**/*", self._route)
        self.context.on("response", lambda response: response.status >= 400 and self.failed.append(response.url))
        if self.init_script:
            self.context.add_init_script(self.init_script)
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        return page

    def _route(self, route):
        url = route.request.url
        if url.startswith((self.origin, "data:", "blob:")):
            self.fetched.append(url)
            route.continue_()
        elif url.startswith(self.tolerated):
            route.abort()
        else:
            self.outside.append(url)
            route.abort()

    def __exit__(self, kind, value, traceback):
        self.context.close()
        if kind is None:
            assert not self.outside, f"requests beyond loopback: {self.outside}"
            assert not self.failed, f"failed requests: {self.failed}"
            assert not self.errors, f"errors in the page: {self.errors}"


def open_playground(page, url, timeout=60_000):
    page.goto(url)
    page.wait_for_function(SETTLED, timeout=timeout)
    status = page.get_by_test_id("status")
    assert "failed" not in (status.get_attribute("class") or ""), status.text_content()


# --- the command line -----------------------------------------------------

# The click command that the console script hands every command line the
# page makes (paths and options: no run, repl or wheel).
COMMAND = fstring_backport.cli.command.main


def printed_in_process(arguments, data):
    """(stdout, stderr, status) of ``fstring-backport ARGUMENTS`` run in this
    process by click's test runner (standard input ``data``), with warnings
    as a new process has them: Python's own filters, written to standard
    error (pytest would record them instead)."""
    with warnings.catch_warnings():
        warnings.resetwarnings()
        for category in (ResourceWarning, ImportWarning, PendingDeprecationWarning, DeprecationWarning):
            warnings.filterwarnings("ignore", category=category)
        warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")
        warnings.showwarning = _write_warning
        result = CliRunner().invoke(COMMAND, arguments, input=data, prog_name="fstring-backport")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.stdout_bytes, result.stderr_bytes, result.exit_code


def _write_warning(message, category, filename, lineno, file=None, line=None):
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def printed_by_process(arguments, data, cwd):
    """(stdout, stderr, status) of ``fstring-backport ARGUMENTS`` as a process."""
    done = subprocess.run(command() + arguments, input=data, capture_output=True, cwd=str(cwd), env=child_environment())
    return done.stdout, done.stderr, done.returncode


def file_encoding(data):
    """The encoding a source file declares (UTF-8 for a byte order mark,
    which stays a character of the text)."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    return "utf-8" if encoding in ("utf-8", "utf-8-sig") else encoding


def as_in_a_textarea(text):
    """HTML normalises a textarea's line breaks to line feeds."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def rule_anchors():
    """Each code's anchor on docs/rules.md's page, from its heading
    (``## FB101 quote-reused``), slugged as mkdocs' table of contents does."""
    anchors = {}
    for heading in re.findall(r"^## (FB\d+\b.*?)\s*$", (REPO / "docs" / "rules.md").read_text("utf-8"), re.M):
        slug = re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", heading).strip().lower())
        anchors[heading.split()[0]] = slug
    return anchors


def differences(name, target, shown, data, encoding, run):
    """How the page's view of ``data`` differs from what the command prints."""
    found = []

    def differ(what, page, cli):
        if page != cli:
            found.append(f"{name} at {target}, {what}:\n  page: {page!r}\n  CLI:  {cli!r}")

    out, err, status = run(["--target", target, "-"], data)
    try:
        differ("output", shown["output"].encode(encoding), out)
    except UnicodeEncodeError:
        differ("output", shown["output"], out)
    differ("output's exit status", shown["outputStatus"], status)
    differ("error", shown["error"], err.decode("utf-8"))
    differ("error shown", not shown["errorHidden"], bool(err))
    # Titled an error only where the command names a place; else a note
    # (what a 3.12 or 3.13 target rewrites).
    located = re.search(rb"^-:\d+:\d+: ", err, re.M)
    if err:
        differ("error's title", shown["errorTitle"], "Error" if located else "Note")

    out, err, status = run(["--check", "--target", target, "-"], data)
    lines = shown["problems"] + (shown["summary"].split("\n") if shown["summary"] else [])
    differ("--check", "".join(line + "\n" for line in lines), out.decode("utf-8"))
    differ("--check's exit status", shown["checkStatus"], status)

    out, err, status = run(["--diff", "--target", target, "-"], data)
    differ("--diff", shown["diff"], out.decode("utf-8"))
    differ("--diff's exit status", shown["diffStatus"], status)

    anchors = rule_anchors()
    for code, href in shown["ruleLinks"]:
        differ(f"{code}'s link", href, f"../rules/#{anchors.get(code, '(no heading in docs/rules.md)')}")
    return found


# --- the tests ------------------------------------------------------------


def test_corpus_as_the_command_line_prints_it(browser, server, playground, tmp_path, monkeypatch):
    """Every case of the differential corpus, at several targets: the page
    shows what the command prints (run in-process), byte for byte."""
    monkeypatch.chdir(tmp_path)  # no pyproject.toml around, as in the page
    cases = []
    for path in CASES:
        data = path.read_bytes()
        encoding = file_encoding(data)
        cases.append((path.name, data, encoding, data.decode(encoding)))
    found = []
    with Visit(browser, server) as page:
        open_playground(page, playground + "index.html?debounce=0")
        for target in CORPUS_TARGETS:
            shown = page.evaluate(DRIVE, {"sources": [text for _, _, _, text in cases], "target": target})
            for (name, data, encoding, text), seen in zip(cases, shown):
                assert seen["source"] == as_in_a_textarea(text), f"{name}: the page holds other text"
                page_data = seen["source"].encode(encoding)
                if "\r" not in text:
                    assert page_data == data, f"{name}: the page's text is not the file's"
                found += differences(name, target, seen, page_data, encoding, printed_in_process)
    assert not found, f"{len(found)} differences; the first ones:\n" + "\n".join(found[:8])


def test_invalid_input_is_reported_as_the_command_line_does(browser, server, playground, tmp_path):
    """Errors in CPython 3.15's words, as a real ``fstring-backport`` process
    prints them, and marked in the editor at their line and column."""
    found = []
    with Visit(browser, server) as page:
        open_playground(page, playground + "index.html?debounce=0")
        for target in ("3.8", "3.13"):
            shown = page.evaluate(DRIVE, {"sources": INVALID, "target": target})
            for text, seen in zip(INVALID, shown):
                data = text.encode()
                found += differences(repr(text), target, seen, data, "utf-8",
                                     lambda arguments, data: printed_by_process(arguments, data, tmp_path))
                # The error's line, after the note a 3.13 target prints.  At
                # 3.13 some f-strings need no rewriting, and are no error.
                located = re.search(r"^-:(\d+):(\d+): ", seen["error"], re.M)
                if target == "3.8":
                    assert located, f"{text!r}: no error at a line and column at 3.8: {seen['error']!r}"
                if not located:
                    continue
                line, column = int(located.group(1)), int(located.group(2))
                shown_line, caret = seen["excerpt"].split("\n")
                source_line = text.split("\n")[line - 1]
                assert shown_line == f"{line:>4} | {source_line}"
                assert caret.index("^") - len("     | ") == column - 1
                marked = source_line[column - 1] if column <= len(source_line) else " "
                assert seen["errorMark"] == marked, f"{text!r}: the editor marks {seen['errorMark']!r}"
    assert not found, f"{len(found)} differences; the first ones:\n" + "\n".join(found[:8])


def test_starts_with_readme_example(browser, server, playground, tmp_path):
    """The page opens on examples/greeting.py (README's example) at 3.8, and
    shows for it what a real process prints, at every target."""
    example = EXAMPLE.read_text("utf-8")
    visit = Visit(browser, server)
    with visit as page:
        open_playground(page, playground + "index.html")
        assert page.get_by_test_id("source").input_value() == example
        assert page.get_by_test_id("target").input_value() == "3.8"
        assert [option.text_content() for option in page.locator("[data-testid=target] option").all()] == list(TARGETS)
        out, _, _ = printed_by_process(["--target", "3.8", "-"], example.encode(), tmp_path)
        assert page.get_by_test_id("output").text_content().encode() == out
        found = []
        for target in TARGETS:
            (seen,) = page.evaluate(DRIVE, {"sources": [example], "target": target})
            found += differences("README's example", target, seen, example.encode(), "utf-8",
                                 lambda arguments, data: printed_by_process(arguments, data, tmp_path))
        assert not found, "\n".join(found)
    # The worker's requests went through the check too (Python, the wheels).
    for name in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "wheels/bytecode.zip"):
        assert playground + name in visit.fetched
    assert any(url.startswith(playground + "wheels/fstring_backport-") for url in visit.fetched)


def test_the_docs_open_the_playground(browser, server, playground, tmp_path):
    """The site's page about the playground links to it, and it runs there."""
    with Visit(browser, server, tolerated=THEME_REQUESTS) as page:
        page.goto(server + "browser-playground/")
        page.get_by_role("link", name="Open the playground").click()
        page.wait_for_url(re.compile(re.escape(playground) + "(index.html)?(#.*)?$"))
        page.wait_for_function(SETTLED, timeout=60_000)
        out, _, _ = printed_by_process(["--target", "3.8", "-"], EXAMPLE.read_bytes(), tmp_path)
        assert page.get_by_test_id("output").text_content().encode() == out
        assert page.get_by_test_id("status").text_content().startswith("Ready: Python 3.14")


@pytest.mark.parametrize("where", ["site", "alone"])
def test_rule_links_reach_their_rules(browser, request, where):
    """Each rule code the page shows links to its heading: on the site's
    rules page when the playground is part of the site, on the rules page
    its build carries when it is served alone (scripts/build-playground
    DIR); so does the footer's link to the rules."""
    if where == "site":
        origin, address, rules = request.getfixturevalue("server"), request.getfixturevalue("playground"), "../rules/"
    else:
        origin = address = request.getfixturevalue("alone_server")
        rules = "rules.html"
    anchors = rule_anchors()
    with Visit(browser, origin, tolerated=THEME_REQUESTS) as page:
        open_playground(page, address + "index.html?debounce=0")
        (seen,) = page.evaluate(DRIVE, {"sources": [EVERY_RULE], "target": "3.8"})
        first_links = list(dict(seen["ruleLinks"]).items())  # a default comes with type parameters: FB411 twice
        assert [code for code, _ in first_links] == list(anchors), "EVERY_RULE misses a rule of docs/rules.md"
        links = first_links + [("the footer", page.get_by_test_id("rules-link").get_attribute("href"))]
        assert [href for _, href in links] == [f"{rules}#{anchors[code]}" for code in anchors] + [rules]
        for code, href in links:
            url = urljoin(address + "index.html", href)
            with urlopen(url.split("#")[0]) as response:
                assert response.status == 200, url
            page.goto(url)
            if code in anchors:
                heading = page.evaluate("(id) => document.getElementById(id)?.textContent ?? null", anchors[code])
                assert heading and heading.startswith(f"{code} "), f"{url}: {heading!r}"
            else:
                assert page.locator("h1").first.text_content().startswith("Rules"), url


def nav_pages(entries):
    """The pages (docs/ paths) of mkdocs.yml's ``nav``, in order."""
    for entry in entries:
        value = entry if isinstance(entry, str) else next(iter(entry.values()))
        if isinstance(value, list):
            yield from nav_pages(value)
        else:
            yield value


def test_every_page_links_to_the_source_repository(browser, server, site):
    """Every page of the site (those of the nav, and 404.html) shows in its
    header a link to the source repository: mkdocs.yml's repo_url, which
    is pyproject.toml's [project.urls] Source."""
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text("utf-8"))
    assert config.get("repo_url") == SOURCE, "mkdocs.yml's repo_url is not pyproject.toml's Source"
    addresses = sorted(
        path.relative_to(site).as_posix().removesuffix("index.html")
        for path in site.rglob("*.html")
        if path.relative_to(site).parts[0] != "playground"
    )
    for name in nav_pages(config["nav"]):
        address = name.removesuffix("index.md") if name.endswith("index.md") else name.removesuffix(".md") + "/"
        assert address in addresses, f"docs/{name} has no page in the site"
    assert "404.html" in addresses
    found = {}
    with Visit(browser, server, tolerated=THEME_REQUESTS) as page:
        for address in addresses:
            page.goto(server + address)
            links = page.locator("header.md-header a.md-source")
            found[address] = [(link.get_attribute("href"), link.is_visible()) for link in links.all()]
    assert {address: links for address, links in found.items() if links != [(SOURCE, True)]} == {}


def test_console_numbers_keep_the_commands_colour(browser, server):
    """In a console block of the home page, the number of ``--target 3.8``
    (a span of its own, class ``m``) is drawn in the colour of the command
    text around it, not in the theme's red for numbers
    (docs/stylesheets/console.css)."""
    with Visit(browser, server, tolerated=THEME_REQUESTS) as page:
        page.goto(server)
        numbers = page.evaluate("""() =>
          [...document.querySelectorAll(".language-console.highlight code .m")]
            .filter((number) => number.textContent === "3"
                    && number.previousSibling?.previousSibling?.textContent === "--target"
                    && number.nextSibling?.textContent.startsWith(".8"))
            .map((number) => ({
              number: getComputedStyle(number).color,
              // The text around it is the code element's own (no span).
              around: getComputedStyle(number.parentElement).color,
              line: number.parentElement.textContent.split("\\n").find((line) => line.includes("--target 3.8")),
            }))
        """)
    assert numbers, "no `--target 3.8` in a console block of the home page"
    for seen in numbers:
        assert seen["number"] == seen["around"], seen


def test_the_link_keeps_source_and_target(browser, server, playground, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = 'emoji = {"😀": "grin"}\nprint(f"{emoji["😀"]!r:>{10}} é")\n'
    with Visit(browser, server) as page:
        open_playground(page, playground + "index.html")
        before = int(page.evaluate("document.body.dataset.requested"))
        page.get_by_test_id("target").select_option("3.11")
        page.get_by_test_id("source").fill(text)
        page.wait_for_function(f"Number(document.body.dataset.requested) >= {before + 2} && ({SETTLED})")
        fragment = page.evaluate("location.hash")
    state = parse_qs(fragment[1:])
    assert state["target"] == ["3.11"]
    (encoded,) = state["source"]
    assert base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode() == text
    with Visit(browser, server) as page:
        open_playground(page, playground + "index.html" + fragment)
        assert page.get_by_test_id("source").input_value() == text
        assert page.get_by_test_id("target").input_value() == "3.11"
        out, _, _ = printed_in_process(["--target", "3.11", "-"], text.encode())
        assert page.get_by_test_id("output").text_content().encode() == out


def test_runs_once_typing_pauses(browser, server, playground, tmp_path, monkeypatch):
    """Keystrokes closer together than the debounce (200 ms) start one run,
    after the last; its output is the command's for the text typed."""
    monkeypatch.chdir(tmp_path)
    with Visit(browser, server) as page:
        open_playground(page, playground + "index.html")
        before = int(page.evaluate("document.body.dataset.requested"))
        page.get_by_test_id("source").fill("")
        page.wait_for_function(f"Number(document.body.dataset.requested) > {before} && ({SETTLED})")
        before += 1
        page.get_by_test_id("source").press_sequentially('x = f"{"a"!r}"\n', delay=40)
        page.wait_for_function(f"Number(document.body.dataset.requested) > {before} && ({SETTLED})")
        page.wait_for_timeout(400)  # any late run would have started by now
        assert int(page.evaluate("document.body.dataset.requested")) == before + 1
        out, _, _ = printed_in_process(["--target", "3.8", "-"], b'x = f"{"a"!r}"\n')
        assert page.get_by_test_id("output").text_content().encode() == out


# Set before the page's own scripts: records every text the progress line
# shows.
WATCH_LOADING = """
window.statuses = [];
new MutationObserver(() => {
  const status = document.querySelector('[data-testid="status"]');
  if (status && status.textContent !== window.statuses[window.statuses.length - 1]) {
    window.statuses.push(status.textContent);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def test_stays_responsive_while_python_loads(browser, server, playground, tmp_path, monkeypatch):
    """Python loads in a worker: the progress line says what is loading,
    and text typed meanwhile is taken, then run.  (How long the page's
    thread is busy at a time while it loads, benchmarks/bench_playground.py
    measures.)"""
    monkeypatch.chdir(tmp_path)
    with Visit(browser, server, init_script=WATCH_LOADING) as page:
        page.goto(playground + "index.html")
        page.wait_for_function("window.statuses.some((text) => text.startsWith('Loading Python'))")
        editor = page.get_by_test_id("source")
        editor.press("Control+End")
        editor.press_sequentially('print(f"{"typed while Python loads"}")\n')
        assert not page.evaluate("document.body.dataset.rendered"), "Python was loaded before the typing ended"
        page.wait_for_function(f"Number(document.body.dataset.requested) >= 2 && ({SETTLED})", timeout=60_000)
        typed = editor.input_value()
        assert typed.endswith('print(f"{"typed while Python loads"}")\n')
        out, _, _ = printed_in_process(["--target", "3.8", "-"], typed.encode())
        assert page.get_by_test_id("output").text_content().encode() == out
        statuses = page.evaluate("window.statuses")
    version = __import__("fstring_backport").__version__
    loading = next(text for text in statuses if text.startswith("Loading Python"))
    assert "Pyodide" in loading and f"fstring-backport {version}" in loading, statuses
    assert any(text.startswith(f"Importing fstring-backport {version}") for text in statuses), statuses
    assert statuses[-1].startswith("Ready: Python 3.14"), statuses


# Set before the page's own scripts: what each pane (output, problems,
# diff) shows, once the page's scripts have run and whenever a message of
# the worker arrives, before the page handles it: a pane's text, else the
# note it shows when empty.
WATCH_PANES = """
window.panes = [];
const note = (element) => {
  const content = getComputedStyle(element, "::before").content;
  return content === "none" ? "" : content.slice(1, -1);
};
const shown = (element) => element.textContent || note(element);
window.snapshot = (when) => {
  const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
  window.panes.push({
    when,
    output: shown($("output")),
    problems: [...$("problems").querySelectorAll("li")].map((item) => item.textContent + "\\n").join("")
      + shown($("problems").querySelector(".summary")),
    diff: shown($("diff")),
  });
};
document.addEventListener("DOMContentLoaded", () => window.snapshot("loaded"));
window.Worker = class extends Worker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => window.snapshot(event.data.type));
  }
};
"""
STARTING = "starting Python…"


def test_panes_say_python_is_starting(browser, server, playground, tmp_path, monkeypatch):
    """Until the worker's first answer, each pane says that Python is
    starting, not what an empty result would say; then what the command
    printed, and for an empty result the pane's note."""
    monkeypatch.chdir(tmp_path)
    with Visit(browser, server, init_script=WATCH_PANES) as page:
        open_playground(page, playground + "index.html?debounce=0")
        panes = page.evaluate("window.panes")
        first = next(index for index, seen in enumerate(panes) if seen["when"] == "result")
        assert panes[0]["when"] == "loaded" and {seen["when"] for seen in panes[:first]} >= {"progress", "ready"}
        for seen in panes[: first + 1]:  # the first result, before the page shows it
            assert (seen["output"], seen["problems"], seen["diff"]) == (STARTING,) * 3, seen
        page.evaluate("window.snapshot('settled')")
        settled = page.evaluate("window.panes.at(-1)")
        example = EXAMPLE.read_bytes()
        printed = {mode: printed_in_process([*flags, "--target", "3.8", "-"], example)[0].decode()
                   for mode, flags in MODES.items()}
        assert (settled["output"], settled["problems"] + "\n", settled["diff"]) == (
            printed["output"], printed["check"], printed["diff"]
        )
        before = int(page.evaluate("document.body.dataset.requested"))
        page.get_by_test_id("source").fill("")
        page.wait_for_function(f"Number(document.body.dataset.requested) > {before} && ({SETTLED})")
        page.evaluate("window.snapshot('empty')")
        empty = page.evaluate("window.panes.at(-1)")
    assert printed_in_process(["--target", "3.8", "-"], b"")[0] == b""
    assert (empty["output"], empty["problems"], empty["diff"]) == (
        "(nothing printed)", "No problems found in 1 file.", "(no change)"
    )


def test_panes_say_when_python_could_not_be_loaded(browser, server, playground):
    """When Python cannot be loaded (here Pyodide's module is refused to the
    worker), the panes no longer say it is starting."""
    with Visit(browser, server, init_script=WATCH_PANES) as page:
        page.context.route("**/pyodide/pyodide.mjs", lambda route: route.abort())
        page.goto(playground + "index.html")
        page.wait_for_function("document.querySelector('[data-testid=status]').classList.contains('failed')")
        page.evaluate("window.snapshot('failed')")
        failed = page.evaluate("window.panes.at(-1)")
    assert (failed["output"], failed["problems"], failed["diff"]) == ("(not run: Python could not be loaded)",) * 3


def test_the_site_without_the_playground(tmp_path):
    """FSTRING_BACKPORT_SITE_PLAYGROUND=0 (tox -e lint) builds the site
    without the playground, and without Node: its place holds a page that
    says so; any value but 0 and 1 is refused."""
    site = tmp_path / "site"
    built = build_site(site, playground="0")
    assert built.returncode == 0, built.stderr
    assert sorted(path.name for path in (site / "playground").iterdir()) == ["index.html"]
    text = (site / "playground" / "index.html").read_text("utf-8")
    assert "FSTRING_BACKPORT_SITE_PLAYGROUND=0" in text and "scripts/build-playground DIR" in text
    (link,) = re.findall(r'href="([^"]*)"', text)
    assert (site / "playground" / link / "index.html").resolve().is_file()
    refused = build_site(tmp_path / "refused", playground="yes")
    assert refused.returncode != 0
    assert "FSTRING_BACKPORT_SITE_PLAYGROUND='yes'" in refused.stderr
    assert not (tmp_path / "refused").exists()

