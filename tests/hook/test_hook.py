"""The import hook, end to end: real interpreters importing real packages.

Every check runs a fresh interpreter (the hook, the pyc cache and start-up
are per process) and compares what it sees with the oracle (the newest
CPython, ``conftest.oracle``) running the original files.
``tests/projects/hooked`` holds the sample package, written with 3.12
f-strings; the checks marked ``needs_hook`` run where the hook rewrites
them: CPython 3.8-3.11 and PyPy 3.11 (3.12 and 3.13 read them; the hook is
active there too, for t-strings: tests/test_tstring_hook.py).
"""

import importlib.util
import json
import marshal
import os
import py_compile
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path
from typing import List, Optional

import pytest

import fstring_backport

from support.hooked import python
from support.pythons import PACKAGE_HOME, REPO, child_environment, interpreter, oracle

SAMPLE = REPO / "tests" / "projects" / "hooked"
HOOKED = sys.version_info < (3, 12)
needs_hook = pytest.mark.skipif(not HOOKED, reason="Python 3.12+ runs 3.12 f-strings itself")

MODULES = ["quotes", "escapes", "comments", "plain", "sub.nested", "compound"]
PROBE = textwrap.dedent(
    """\
    import json, sys
    {imports}
    print(json.dumps({{
        "values": [sys.modules["hookdemo." + name].VALUES for name in {modules!r}],
        "transpiled": "fstring_backport.engine.pipeline" in sys.modules,
    }}))
    """
).format(imports="\n".join("import hookdemo." + m for m in MODULES), modules=MODULES)


@pytest.fixture
def project(tmp_path) -> Path:
    """A fresh copy of the sample project: its own sources, its own caches."""
    destination = tmp_path / "project"
    shutil.copytree(str(SAMPLE), str(destination), ignore=shutil.ignore_patterns("__pycache__"))
    return destination


def probe(project: Path, *flags: str, **changes: Optional[str]) -> dict:
    result = python(list(flags) + ["-c", PROBE], child_environment(project, write_bytecode=True, **changes), project)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def oracle_probe(project: Path, oracle_home: Path) -> dict:
    env = child_environment(PYTHONPATH=os.pathsep.join([str(project), str(oracle_home)]))
    result = python(["-c", PROBE], env, project, executable=oracle())
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def transpiled_pycs(project: Path) -> List[str]:
    return sorted(
        str(path.relative_to(project)) for path in project.rglob("*.pyc") if ".fsbp-" in path.name
    )


def test_hooked_package_gives_the_values_of_312(project, oracle_home):
    expected = oracle_probe(project, oracle_home)["values"]
    seen = probe(project)
    assert seen["values"] == expected
    # quotes.py converts a value before its spec's fields, which 3.12 evaluates first
    assert seen["transpiled"] is (sys.version_info < (3, 13))


@needs_hook
def test_second_import_reads_the_cache(project):
    first = probe(project)
    assert first["transpiled"]
    pycs = transpiled_pycs(project)
    version = fstring_backport.__version__
    tag = sys.implementation.cache_tag
    assert f"hookdemo/__pycache__/quotes.{tag}.fsbp-{version}.pyc" in pycs
    assert f"hookdemo/sub/__pycache__/nested.{tag}.fsbp-{version}.pyc" in pycs
    # Python's own pyc names stay free for Python's own bytecode.
    assert not (project / "hookdemo" / "__pycache__" / f"quotes.{tag}.pyc").exists()
    written = {name: (project / name).stat().st_mtime_ns for name in pycs}

    second = probe(project)
    assert second["values"] == first["values"]
    assert not second["transpiled"], "the warm import loaded the engine"
    assert {name: (project / name).stat().st_mtime_ns for name in pycs} == written


def our_pyc(project: Path, module: str) -> Path:
    """The transpiled pyc of ``hookdemo/<module>.py``, named with this
    interpreter's cache tag (``cpython-38``, ``pypy311``)."""
    name = f"{module}.{sys.implementation.cache_tag}.fsbp-{fstring_backport.__version__}.pyc"
    return project / "hookdemo" / "__pycache__" / name


@needs_hook
def test_the_cache_has_the_interpreters_own_pyc_layout(project, tmp_path):
    """Magic number, flags, mtime and size as this interpreter writes its own
    pycs (PyPy has a magic number and marshal format of its own), then the
    marshalled code object."""
    probe(project)
    source = project / "hookdemo" / "plain.py"
    ours = our_pyc(project, "plain").read_bytes()
    assert ours[:4] == importlib.util.MAGIC_NUMBER
    own = tmp_path / "own.pyc"
    py_compile.compile(
        str(source), cfile=str(own), doraise=True, invalidation_mode=py_compile.PycInvalidationMode.TIMESTAMP
    )
    assert ours[:16] == own.read_bytes()[:16]
    code = marshal.loads(ours[16:])
    assert code.co_filename == str(source)


@needs_hook
def test_module_cached_names_the_transpiled_pyc(project, child_env):
    script = "import hookdemo.quotes as q, hookdemo.plain as p; print(q.__cached__); print(p.__cached__)"
    for _ in range(2):  # cold, then warm
        result = python(["-c", script], child_env(project, write_bytecode=True), project)
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == [str(our_pyc(project, "quotes")), str(our_pyc(project, "plain"))]
    assert our_pyc(project, "quotes").is_file()


@needs_hook
def test_a_changed_source_is_transpiled_again(project):
    probe(project)
    module = project / "hookdemo" / "sub" / "nested.py"
    module.write_text(module.read_text().replace("depth = 5", "depth = 7"))
    stat = module.stat()
    os.utime(str(module), ns=(stat.st_atime_ns, stat.st_mtime_ns + 2 * 10**9))
    again = probe(project)
    assert again["transpiled"]
    assert again["values"][MODULES.index("sub.nested")][0] == "7"


@needs_hook
def test_a_new_tool_version_does_not_read_old_caches(project, child_env):
    probe(project)
    upgraded = "import fstring_backport; fstring_backport.__version__ = '99.0'\n" + PROBE
    result = python(["-c", upgraded], child_env(project, write_bytecode=True), project)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["transpiled"]
    assert any(".fsbp-99.0.pyc" in name for name in transpiled_pycs(project))


@needs_hook
def test_optimised_runs_have_their_own_cache(project):
    plain = probe(project)
    optimised = probe(project, "-O")
    assert optimised["transpiled"], "-O must not read the cache written without -O"
    assert optimised["values"] == plain["values"]
    names = transpiled_pycs(project)
    assert any(".opt-1.fsbp-" in name for name in names)
    assert not probe(project, "-O")["transpiled"]
    assert not probe(project)["transpiled"]


@needs_hook
def test_no_cache_when_bytecode_writing_is_off(project):
    first = probe(project, PYTHONDONTWRITEBYTECODE="1")
    assert transpiled_pycs(project) == []
    assert probe(project, PYTHONDONTWRITEBYTECODE="1")["values"] == first["values"]


@needs_hook
def test_cache_prefix_is_honoured(project, tmp_path):
    prefix = tmp_path / "pycache-prefix"
    probe(project, PYTHONPYCACHEPREFIX=str(prefix))
    assert transpiled_pycs(project) == []
    assert transpiled_pycs(prefix), "no transpiled pyc under PYTHONPYCACHEPREFIX"
    assert not probe(project, PYTHONPYCACHEPREFIX=str(prefix))["transpiled"]


@needs_hook
def test_an_unwritable_location_gets_no_cache_and_no_error(project):
    # These tests run as root, which chmod cannot stop; a file where the
    # __pycache__ folder would go makes every write fail instead.
    for package in (project / "hookdemo", project / "hookdemo" / "sub"):
        (package / "__pycache__").write_text("not a folder")
    result = probe(project)
    assert result["transpiled"]
    assert transpiled_pycs(project) == []
    assert probe(project)["values"] == result["values"]


TRACEBACK_PROBE = textwrap.dedent(
    """\
    import inspect, json, traceback
    import hookdemo.comments as module
    try:
        module.ratio(0)
    except ZeroDivisionError as error:
        frames = [(f.filename, f.lineno, f.line) for f in traceback.extract_tb(error.__traceback__)]
    print(json.dumps({"frames": frames[1:], "source": inspect.getsource(module.ratio)}))
    """
)


def test_tracebacks_and_getsource_show_the_original(project, oracle_home, child_env):
    env = child_env(project)
    result = python(["-c", TRACEBACK_PROBE], env, project)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout)
    env["PYTHONPATH"] = os.pathsep.join([str(project), str(oracle_home)])
    expected = json.loads(python(["-c", TRACEBACK_PROBE], env, project, oracle()).stdout)
    assert seen == expected
    assert "# raises when divisor is 0" in seen["source"]
    assert seen["frames"][0][0] == str(project / "hookdemo" / "comments.py")


PDB_COMMANDS = "step\nstep\nwhere\nlist\ncontinue\n"


@needs_hook
def test_pdb_steps_through_the_original_lines(project, child_env):
    script = "import pdb, hookdemo.comments as m\npdb.runcall(m.ratio, 4)\n"
    result = subprocess.run(
        [sys.executable, "-c", script],
        input=PDB_COMMANDS,
        capture_output=True,
        text=True,
        env=child_env(project),
        cwd=str(project),
    )
    assert result.returncode == 0, result.stderr
    comments = str(project / "hookdemo" / "comments.py")
    assert f"> {comments}(14)ratio()" in result.stdout
    # ``list`` prints the file's own text, comment included.
    assert "/ divisor  # raises when divisor is 0" in result.stdout


BAD_MODULE = 'value = 1\nmessage = f"{value!}"\n'


def test_syntax_error_in_a_hooked_module_is_cpythons(project, oracle_home, child_env):
    (project / "hookdemo" / "broken.py").write_text(BAD_MODULE)
    script = textwrap.dedent(
        """\
        import json
        try:
            import hookdemo.broken
        except SyntaxError as error:
            print(json.dumps([type(error).__name__, error.msg, error.filename, error.lineno, error.offset]))
        """
    )
    seen = python(["-c", script], child_env(project), project)
    env = child_env(project)
    env["PYTHONPATH"] = os.pathsep.join([str(project), str(oracle_home)])
    expected = python(["-c", script], env, project, oracle())
    assert seen.returncode == 0, seen.stderr
    assert json.loads(seen.stdout) == json.loads(expected.stdout)
    assert json.loads(seen.stdout)[2] == str(project / "hookdemo" / "broken.py")


def test_packages_import_from_a_zip_archive(project, oracle_home, tmp_path, child_env):
    archive = tmp_path / "hookdemo.zip"
    with zipfile.ZipFile(str(archive), "w") as bundle:
        for path in sorted((project / "hookdemo").rglob("*.py")):
            bundle.write(str(path), str(path.relative_to(project)))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = python(["-c", PROBE], child_env(archive, write_bytecode=True), elsewhere)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["values"] == oracle_probe(project, oracle_home)["values"]
    assert list(tmp_path.rglob("*.pyc")) == []


@needs_hook
def test_install_covers_only_the_named_package(project, child_env):
    (project / "other.py").write_text('x = f"{"quote reuse"}"\n')
    script = "import hookdemo.quotes\nimport other\n"
    result = python(["-c", script], child_env(project), project)
    assert result.returncode == 1
    assert "SyntaxError" in result.stderr and "other.py" in result.stderr


def test_install_and_uninstall_change_meta_path_only_before_315():
    """3.12 and 3.13 need the hook for t-strings (tests/test_tstring_hook.py),
    3.14 for lazy imports (tests/engine/rewrites/test_lower_lazy_imports.py)."""
    before = list(sys.meta_path)
    fstring_backport.install("some_package")
    try:
        assert (len(sys.meta_path) == len(before) + 1) is (sys.version_info < (3, 15))
    finally:
        fstring_backport.uninstall()
    assert sys.meta_path == before


SCRIPT = textwrap.dedent(
    """\
    import json, sys
    import helper
    print(json.dumps({
        "argv": sys.argv[1:],
        "name": __name__,
        "main_is_this": sys.modules["__main__"].__dict__ is globals(),
        "argv0": __import__("os").path.basename(sys.argv[0]),
        "path0_is_folder": sys.path[0] == __import__("os").path.dirname(__import__("os").path.abspath(__file__)),
        "values": [f"{sys.argv[1:]!r:>{len("width")}}", f"{"\\n".join(helper.WORDS)}"],
    }))
    """
)


def write_script_project(folder: Path) -> Path:
    folder.mkdir()
    (folder / "helper.py").write_text("WORDS = [f\"{\"one\"}\", f\"{'\\t'}\"]\n")
    (folder / "app.py").write_text(SCRIPT)
    package = folder / "tool"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "__main__.py").write_text(SCRIPT.replace("import helper", "from tool import helper"))
    (package / "helper.py").write_text((folder / "helper.py").read_text())
    return folder


def test_run_a_script_like_python_312(tmp_path, child_env):
    folder = write_script_project(tmp_path / "scripts")
    args = ["a b", "--flag"]
    seen = python(["-m", "fstring_backport", "run", "app.py"] + args, child_env(), folder)
    expected = python(["app.py"] + args, dict(os.environ), folder, oracle())
    assert seen.returncode == 0, seen.stderr
    assert json.loads(seen.stdout) == json.loads(expected.stdout)


def test_run_a_module_like_python_312(tmp_path, child_env):
    folder = write_script_project(tmp_path / "scripts")
    seen = python(["-m", "fstring_backport", "run", "-m", "tool", "x"], child_env(), folder)
    expected = python(["-m", "tool", "x"], dict(os.environ), folder, oracle())
    assert seen.returncode == 0, seen.stderr
    assert json.loads(seen.stdout) == json.loads(expected.stdout)


def test_run_reports_a_syntax_error_without_our_frames(tmp_path, child_env):
    script = tmp_path / "bad.py"
    script.write_text(BAD_MODULE)
    result = python(["-m", "fstring_backport", "run", str(script)], child_env(), tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith(f'  File "{script}", line 2'), result.stderr
    assert "fstring_backport" not in result.stderr
    assert result.stderr.rstrip().endswith("SyntaxError: f-string: missing conversion character")


def test_run_without_a_script_prints_usage(child_env):
    result = python(["-m", "fstring_backport", "run"], child_env(), REPO)
    assert result.returncode == 2
    assert "Usage: python -m fstring_backport run SCRIPT" in result.stderr


def test_environment_variable_activates_the_hook_at_start_up(project, tmp_path, child_env):
    """The .pth file this tool installs (see start_up_site)."""
    undecorated_copy(project)
    script = "import sys, undecorated.quotes as q; print(q.VALUES[0], 'fstring_backport' in sys.modules)"
    start = start_up_site(tmp_path)

    on = python(["-c", start + script], child_env(project, FSTRING_BACKPORT_HOOK="undecorated"), project)
    assert on.returncode == 0, on.stderr
    assert on.stdout.split() == ["demo", "True"]
    off = python(["-c", start + "import sys; print('fstring_backport' in sys.modules)"], child_env(project), project)
    assert off.stdout.strip() == "False", "the hook must cost nothing at start-up when not asked for"
    if HOOKED:
        assert python(["-c", start + script], child_env(project), project).returncode == 1


def undecorated_copy(project: Path) -> None:
    """The demo package as ``undecorated``, with nothing that installs the hook."""
    undecorated = project / "undecorated"
    shutil.copytree(str(project / "hookdemo"), str(undecorated))
    (undecorated / "__init__.py").write_text("")
    for module in undecorated.rglob("*.py"):
        module.write_text(module.read_text().replace("hookdemo.", "undecorated."))


def start_up_site(tmp_path: Path) -> str:
    """What a ``-c`` script starts with for the ``.pth`` file this tool
    installs to be processed: nothing where the package under test is
    installed (site processes it at start-up); in a source checkout, the same
    file processed by site.addsitedir."""
    if PACKAGE_HOME != REPO / "src":
        return ""
    site_dir = tmp_path / "site"
    site_dir.mkdir(exist_ok=True)
    shutil.copy(str(REPO / "src" / "fstring_backport-hook.pth"), str(site_dir))
    return f"import site; site.addsitedir({str(site_dir)!r}); "


@needs_hook
def test_a_folder_in_the_environment_variable_covers_the_modules_under_it(project, tmp_path, child_env):
    """How the pytest plugin hands the hook down to child processes: the
    modules whose files lie under the folder, but neither those of an
    installed package there (a virtual environment inside a project) nor
    those elsewhere."""
    undecorated_copy(project)
    new_syntax = 'x = f"{"quote reuse"}"\n'
    installed = project / "venv" / "lib" / "site-packages"
    elsewhere = tmp_path / "elsewhere"
    for folder in (installed, elsewhere):
        folder.mkdir(parents=True)
    (installed / "installed.py").write_text(new_syntax)
    (elsewhere / "other.py").write_text(new_syntax)
    env = child_env(project, installed, elsewhere, FSTRING_BACKPORT_HOOK=str(project))
    start = start_up_site(tmp_path)
    covered = python(["-c", start + "import undecorated.quotes as q; print(q.VALUES[0])"], env, tmp_path)
    assert covered.returncode == 0, covered.stderr
    assert covered.stdout.split() == ["demo"]
    for module, path in (("installed", installed / "installed.py"), ("other", elsewhere / "other.py")):
        refused = python(["-c", start + "import " + module], env, tmp_path)
        assert refused.returncode == 1
        assert f'File "{path}", line 1' in refused.stderr and "SyntaxError" in refused.stderr


@pytest.mark.parametrize("installed", ["site-packages", "dist-packages"])
def test_installed_packages_are_neither_the_standard_librarys_nor_a_covered_folders(installed, tmp_path):
    """Debian's Pythons install packages in dist-packages, the others in
    site-packages: inside the standard library's folder, a module there is
    an installed one, covered when the hook covers every module; inside a
    covered folder (a virtual environment in a project), it is not."""
    finder = fstring_backport.BackportFinder()
    finder.everything = True
    standard_library = os.path.dirname(os.__file__)
    assert not finder._covers_file(os.path.join(standard_library, "json", "decoder.py"))
    assert finder._covers_file(os.path.join(standard_library, installed, "pkg", "mod.py"))
    finder.everything = False
    finder.folders = (os.path.join(str(tmp_path), ""),)
    assert finder._covers_file(os.path.join(str(tmp_path), "pkg", "mod.py"))
    assert not finder._covers_file(os.path.join(str(tmp_path), "venv", "lib", installed, "pkg", "mod.py"))


INTERPRETERS = [sys.executable, "3.8", "3.12", "3.13"]


@pytest.mark.parametrize("python_version", INTERPRETERS)
def test_importing_the_package_and_installing_the_hook_loads_nothing_else(python_version, child_env):
    """A hooked warm start pays for one small module: neither the engine,
    nor the t-string runtime, nor any module of the standard library."""
    executable = python_version if python_version == sys.executable else interpreter(python_version)
    script = (
        "import json, sys\n"
        "before = set(sys.modules)\n"
        "import fstring_backport\n"
        "fstring_backport.install('some_package')\n"
        "print(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    result = python(["-c", script], child_env(), REPO, executable)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == ["fstring_backport"]


@needs_hook
def test_pytest_runs_the_tests_of_a_hooked_project(project, child_env):
    result = python(
        ["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], child_env(project), project
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "4 passed" in result.stdout


def make_venv(python_executable: str, folder: Path) -> str:
    """A virtual environment of ``python_executable`` with pip; its python.

    virtualenv (a dependency of pre-commit, in the test extra), not ``-m
    venv``: Debian's 3.14 and 3.15 take ensurepip's pip from the host, too
    old for them."""
    subprocess.run(
        [sys.executable, "-m", "virtualenv", "-q", "--no-periodic-update", "-p", python_executable, str(folder)],
        check=True,
    )
    return str(folder / "bin" / "python")


@pytest.fixture(scope="module")
def coverage_312(tmp_path_factory) -> str:
    """The oracle with coverage.py: the report step parses the original
    source, which only 3.12+ can."""
    executable = make_venv(oracle(), tmp_path_factory.mktemp("coverage-312") / "venv")
    subprocess.run(
        [executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "coverage>=7", "pytest>=7"],
        check=True,
    )
    return executable


def coverage_json(project: Path, measure_with: str, report_with: str, oracle_home: Path) -> dict:
    env = child_environment(project, write_bytecode=True, COVERAGE_FILE=str(project / ".coverage"))
    if measure_with != sys.executable:
        env["PYTHONPATH"] = os.pathsep.join([str(project), str(oracle_home)])
    measured = python(
        ["-m", "coverage", "run", "--source=hookdemo", "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        env,
        project,
        measure_with,
    )
    assert measured.returncode == 0, measured.stdout + measured.stderr
    report = python(["-m", "coverage", "json", "-o", "coverage.json"], env, project, report_with)
    assert report.returncode == 0, report.stderr
    files = json.loads((project / "coverage.json").read_text())["files"]
    # Every sample module opens with a docstring on line 1, which some
    # interpreter and coverage.py versions count as run and others do not,
    # for any code: not a difference the hook could make or hide.
    return {
        name: ([line for line in data["executed_lines"] if line != 1], data["missing_lines"])
        for name, data in files.items()
    }


@pytest.mark.slow
@needs_hook
def test_coverage_measures_the_original_lines(project, oracle_home, coverage_312, tmp_path):
    twin = tmp_path / "twin"
    shutil.copytree(str(project), str(twin))
    through_hook = coverage_json(project, sys.executable, coverage_312, oracle_home)
    native = coverage_json(twin, coverage_312, coverage_312, oracle_home)
    assert through_hook == native
    assert through_hook["hookdemo/comments.py"][0][-3:] == [13, 14, 19]


EDITABLE_PYPROJECT = """\
[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "hookedit"
version = "1.0"
requires-python = ">=3.8"

[tool.setuptools]
packages = ["hookedit", "hookedit.sub"]
# A folder that is not named after the package: setuptools serves this
# editable install through an import finder of its own, not a path entry.
package-dir = {"hookedit" = "code", "hookedit.sub" = "code/sub"}
"""


@pytest.mark.slow
@pytest.mark.skipif(sys.version_info[:2] != (3, 8), reason="one editable install, on the oldest Python")
def test_editable_install_of_a_hooked_package(tmp_path, oracle_home):
    project = tmp_path / "hookedit"
    project.mkdir()
    shutil.copytree(str(SAMPLE / "hookdemo"), str(project / "code"), ignore=shutil.ignore_patterns("__pycache__"))
    for module in (project / "code").rglob("*.py"):
        module.write_text(module.read_text().replace("hookdemo.", "hookedit."))
    (project / "pyproject.toml").write_text(EDITABLE_PYPROJECT)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run(pip + [str(REPO)], check=True)
    subprocess.run(pip + ["-e", str(project)], check=True)

    script = PROBE.replace("hookdemo", "hookedit")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    seen = python(["-c", script], env, elsewhere, str(venv / "bin" / "python"))
    assert seen.returncode == 0, seen.stderr
    assert json.loads(seen.stdout)["values"] == oracle_probe(SAMPLE, oracle_home)["values"]
    # Served in place: an edit shows without reinstalling.
    nested = project / "code" / "sub" / "nested.py"
    nested.write_text(nested.read_text().replace("depth = 5", "depth = 6"))
    again = python(["-c", script], env, elsewhere, str(venv / "bin" / "python"))
    assert json.loads(again.stdout)["values"][MODULES.index("sub.nested")][0] == "6"


@needs_hook
def test_a_module_without_fstrings_does_not_load_the_transpiler(project, child_env):
    script = "import sys, hookdemo.plain as p; print(p.VALUES[0], 'fstring_backport.engine.pipeline' in sys.modules)"
    result = python(["-c", script], child_env(project, write_bytecode=True), project)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["plain", "42", "False"]
    assert [Path(name).name for name in transpiled_pycs(project)] == [
        f"plain.{sys.implementation.cache_tag}.fsbp-{fstring_backport.__version__}.pyc"
    ]


# 3.13 and later convert a value (!r) before they evaluate its spec's
# fields; under the hook 3.8-3.12 do the same (on 3.12, only such
# f-strings are rewritten).
ORDER = """\
log = []
class X:
    def __repr__(self): log.append("repr"); return "X"
def w(): log.append("width"); return 5
values = [f"{X()!r:>{w()}}", f"{f"{X()!r:>{w()}}"!s:{w()}}", f"{X()!r:>5}"]
print(log, values)
"""


def test_run_converts_before_the_spec_as_313_does(tmp_path, child_env):
    (tmp_path / "order.py").write_text(ORDER)
    seen = python(["-m", "fstring_backport", "run", "order.py"], child_env(), tmp_path)
    expected = python(["order.py"], dict(os.environ), tmp_path, oracle())
    assert seen.returncode == 0, seen.stderr
    assert seen.stdout == expected.stdout


# A module loaded by its path meets no finder: run covers it all the same.
LOADS_BY_PATH = """\
import importlib.util, os, sys
spec = importlib.util.spec_from_file_location("helper", os.path.join(os.path.dirname(__file__), "helper.py"))
helper = importlib.util.module_from_spec(spec)
spec.loader.exec_module(helper)
print(helper.WORDS)
"""


def test_run_transpiles_a_module_loaded_by_its_path(tmp_path, child_env):
    folder = write_script_project(tmp_path / "scripts")
    (folder / "by_path.py").write_text(LOADS_BY_PATH)
    seen = python(["-m", "fstring_backport", "run", "by_path.py"], child_env(), folder)
    expected = python(["by_path.py"], dict(os.environ), folder, oracle())
    assert seen.returncode == 0, seen.stderr
    assert (seen.stdout, expected.returncode) == (expected.stdout, 0)
