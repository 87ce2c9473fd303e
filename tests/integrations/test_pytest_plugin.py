"""The pytest plugin: ``--fstring-backport``.

Each test runs pytest in a fresh process on a copy of
``tests/projects/pytest_sample`` (3.12 f-strings and 3.14 t-strings in test
modules, ``conftest.py``, helper modules and doctests).  Where the plugin's
output matters, it is compared with what the same version of pytest prints
for the same copy run natively by the oracle (python3.15), with only what
two interpreters print differently normalised away:

* the header lines naming the platform, plugins, rootdir and config file,
  and the run's duration;
* the position markers under a source line (``^^^^``, ``~~^~~``), which
  3.8-3.10 do not print, and which 3.11+ place by the columns of the
  transpiled line;
* in a doctest's traceback, doctest's own frame, which 3.14+ leave out,
  and the docstring's indentation, which 3.13+ strip.
"""

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Dict, List, Optional

import pytest

import fstring_backport
from fstring_backport.engine.rules import NEWEST_GRAMMAR

from support.hooked import installed_python, pytest_command, python
from support.pythons import REPO, child_environment, oracle

pytestmark = pytest.mark.slow

SAMPLE = REPO / "tests" / "projects" / "pytest_sample"
HERE = sys.version_info[:2]
# Below 3.14 the plugin has something to lower (t-strings; f-strings too
# below 3.12).  It switches on wherever some grammar is newer than the
# running Python (on 3.14 too, to lower lazy imports), and does nothing on 3.15.
LOWERS = HERE < (3, 14)
SWITCHES_ON = HERE < NEWEST_GRAMMAR
FSTRINGS_NATIVE = HERE >= (3, 12)
CACHE_TAG = sys.implementation.cache_tag
OUR_TAIL = f"-pytest-{pytest.__version__}.fsbp-{fstring_backport.__version__}.pyc"
PYTESTS_TAIL = f"-pytest-{pytest.__version__}.pyc"

# Every module of the sample, and the summary of a run of all of them.
RUN = ["-p", "no:cacheprovider", "--doctest-modules", "-rA"]


def pytest_run(
    folder: Path,
    *args: str,
    executable: str = sys.executable,
    env: Optional[Dict[str, str]] = None,
    under_run: bool = False,
) -> "subprocess.CompletedProcess[str]":
    """pytest in ``folder``, under ``python -m fstring_backport run`` if
    asked; by default with the package under test importable, no bytecode
    written and nothing that changes pytest from outside."""
    return python(
        pytest_command(under_run=under_run) + list(args),
        child_environment() if env is None else env,
        folder,
        executable,
    )


def copy_of_the_sample(folder: Path) -> Path:
    shutil.copytree(str(SAMPLE), str(folder), ignore=shutil.ignore_patterns("__pycache__"))
    return folder


@pytest.fixture
def sample(tmp_path) -> Path:
    return copy_of_the_sample(tmp_path / "sample")


@pytest.fixture(scope="module")
def oracle_runs(tmp_path_factory):
    """``oracle_runs(*args)``: the normalised output of this version of
    pytest, run natively by python3.15 on a fresh copy of the sample."""
    home = tmp_path_factory.mktemp("oracle-pytest")
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--target", str(home)]
        + ["--python-version", "3.15", "--only-binary=:all:", f"pytest=={pytest.__version__}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert installed.returncode == 0, installed.stdout
    outputs: Dict[tuple, str] = {}

    def run(*args: str, files: Optional[Dict[str, str]] = None) -> str:
        key = args + tuple(sorted((files or {}).items()))
        if key not in outputs:
            folder = copy_of_the_sample(tmp_path_factory.mktemp("oracle-sample") / "sample")
            for name, text in (files or {}).items():
                (folder / name).write_text(text)
            env = child_environment(PYTHONPATH=str(home))
            # Under tox, python3.15 may be an environment's own, with this plugin installed.
            result = pytest_run(folder, "-p", "no:fstring_backport", *args, executable=oracle(), env=env)
            assert not re.search(r"^plugins: .*fstring-backport", result.stdout, re.M)  # a native run
            outputs[key] = normalised(result.stdout, folder)
        return outputs[key]

    return run


HEADER = re.compile(r"platform |(plugins|rootdir|configfile|cachedir): ")
MARKERS = re.compile(r"\s*[\^~]+\s*")
FRAME = re.compile(r'  File "([^"]*)", line \d+, in ')
DOCSTRING_LINE = re.compile(r"(\d{3}) +(?=\S)")
DURATION = re.compile(r" in \d+\.\d+s( \(\d+:\d+:\d+\))? =")


def normalised(output: str, folder: Path) -> str:
    """``output`` without what two interpreters print differently (see the
    module's docstring), the sample's folder written ``<sample>``."""
    lines: List[str] = []
    in_foreign_frame = False
    for line in output.replace(str(folder), "<sample>").splitlines():
        if in_foreign_frame and line.startswith("    "):
            continue  # the frame's source lines
        frame = FRAME.match(line)
        in_foreign_frame = bool(frame) and not frame.group(1).startswith(("<sample>", "<doctest "))
        if in_foreign_frame:
            continue  # doctest's own, which 3.14+ leave out
        if HEADER.match(line) or MARKERS.fullmatch(line):
            continue
        line = DOCSTRING_LINE.sub(r"\1 ", line)
        lines.append(DURATION.sub(" in <duration> =", line))
    return "\n".join(lines)


def test_the_entry_point_registers_the_plugin_off(tmp_path):
    result = pytest_run(tmp_path, "--help")
    assert result.returncode == 0, result.stdout
    assert "--fstring-backport" in result.stdout
    assert re.search(r"^  fstring_backport \(bool\):", result.stdout, re.M), result.stdout
    blocked = pytest_run(tmp_path, "-p", "no:fstring_backport", "--fstring-backport")
    assert "unrecognized arguments: --fstring-backport" in blocked.stderr


@pytest.mark.parametrize(
    "switch",
    [
        "--fstring-backport",
        "pytest.ini",
        "pyproject.toml",
        "--assert=plain",
        "--import-mode=importlib",
        "run",
        "FSTRING_BACKPORT_HOOK",
    ],
)
def test_a_run_reads_as_pytest_on_315_prints_it(sample, oracle_runs, child_env, switch):
    """Passing tests pass, doctests run, failures show pytest's introspection,
    the original lines and the right line numbers, in helper modules too.

    ``run``: ``python -m fstring_backport run -m pytest`` switches the plugin
    on by itself.  ``FSTRING_BACKPORT_HOOK``: the start-up hook for the
    sample's modules and the plugin together."""
    args = list(RUN)
    env = child_env()
    if switch == "run":
        pass
    elif switch == "FSTRING_BACKPORT_HOOK":
        env["FSTRING_BACKPORT_HOOK"] = "fruit,shop"
        args.append("--fstring-backport")
    elif switch == "pytest.ini":
        (sample / "pytest.ini").write_text("[pytest]\nfstring_backport = true\n")
    elif switch == "pyproject.toml":
        (sample / "pyproject.toml").write_text("[tool.pytest.ini_options]\nfstring_backport = true\n")
    else:
        args.append("--fstring-backport")
        if switch != "--fstring-backport":
            args.append(switch)
    oracle_args = [arg for arg in args if arg != "--fstring-backport"]
    result = pytest_run(sample, *args, env=env, executable=installed_python(), under_run=switch == "run")
    assert normalised(result.stdout, sample) == oracle_runs(*oracle_args)
    assert re.search(r"^=+ 7 failed, 8 passed in ", result.stdout, re.M), result.stdout


def test_the_introspection_of_a_failing_assert(sample, oracle_runs):
    """The lines the plugin must print, spelled out (the test above compares them all)."""
    result = pytest_run(sample, *RUN, "--fstring-backport")
    assert result.returncode == 1
    failure = normalised(result.stdout, sample)
    assert failure == oracle_runs(*RUN)
    for expected in (
        (
            '>       assert len(label(item)) == len(f"{item["name"]}")\n'
            "E       assert 6 == 4\n"
            "E        +  where 6 = len(\"'pear'\")\n"
            "E        +    where \"'pear'\" = label({'name': 'pear', 'price': 3})\n"
            "E        +  and   4 = len('pear')\n"
            "\n"
            "test_fruit.py:18: AssertionError"
        ),
        (  # a statement over several lines is shown whole, as on 3.12+
            ">       assert [label(item) for item in basket] == [\n"
            '            f"{basket[0]["name"]}",\n'
            '            f"{basket[1]["name"]!r}",\n'
            "        ]\n"
            "E       assert [\"'apple'\", \"'pear'\"] == ['apple', \"'pear'\"]"
        ),
        (  # a helper module's frame, at its line
            "    def price(item):\n"
            '>       return f"{item["name"]}: {item["price"]:>{3}}"\n'
            "E       KeyError: 'price'\n"
            "\n"
            "fruit.py:20: KeyError"
        ),
        (  # a doctest example that raises, in a helper module
            '  File "<sample>/shop/broken.py", line 21, in cheapest\n'
            '    return f"{min(items, key=lambda item: item["price"])["name"]}"'
        ),
        "fruit: apple, pear",  # the report header of conftest.py
    ):
        assert expected in failure


def test_without_the_plugin_the_syntax_is_refused_as_before(sample):
    result = pytest_run(sample, *RUN)
    if not LOWERS:  # the plugin has nothing to do
        with_plugin = pytest_run(sample, *RUN, "--fstring-backport")
        assert normalised(result.stdout, sample) == normalised(with_plugin.stdout, sample)
        return
    if FSTRINGS_NATIVE:  # only t-strings fail
        assert result.returncode == 2, result.stdout + result.stderr  # errors collecting
    else:
        assert result.returncode == 4, result.stdout + result.stderr
        assert "ImportError while loading conftest" in result.stderr
        assert re.search(r"^E   SyntaxError: ", result.stderr, re.M), result.stderr
    # Every module that holds or imports the new syntax fails to import.
    no_conftest = pytest_run(sample, *RUN, "--noconftest", "--continue-on-collection-errors")
    failed = set(re.findall(r"^_+ ERROR collecting (\S+) _+$", no_conftest.stdout, re.M))
    expected = {"fruit.py", "shop/__init__.py", "shop/broken.py", "shop/till.py", "test_fruit.py", "test_templates.py"}
    if not FSTRINGS_NATIVE:
        expected.add("conftest.py")  # collected for its doctests
    assert failed == expected
    assert re.search(r"^E   SyntaxError: ", no_conftest.stdout, re.M), no_conftest.stdout


def test_a_syntax_error_reads_as_on_315(sample, oracle_runs):
    bad = {"test_bad.py": 'x = f"{1!z}"\n'}
    (sample / "test_bad.py").write_text(bad["test_bad.py"])
    result = pytest_run(sample, "-p", "no:cacheprovider", "--fstring-backport", "test_bad.py")
    errors = [line for line in normalised(result.stdout, sample).splitlines() if line.startswith("E ")]
    oracle_output = oracle_runs("-p", "no:cacheprovider", "test_bad.py", files=bad)
    expected = [line for line in oracle_output.splitlines() if line.startswith("E ")]
    assert errors == expected
    assert expected[-1] == "E   SyntaxError: f-string: invalid conversion character 'z': expected 's', 'r', or 'a'"


# -- the cache -------------------------------------------------------------------


def pycs(folder: Path) -> List[str]:
    return sorted(path.name for path in (folder / "__pycache__").glob("*.pyc"))


def replace_code(pyc: Path, test_name: str) -> None:
    """Keep the pyc's header (so that it still matches its source) but make its
    module define the one test ``test_name``: a run that loads it shows it."""
    source = pyc.parent.parent / (pyc.name.split(".")[0] + ".py")
    code = compile(f"def {test_name}():\n    pass\n", str(source), "exec")
    import marshal

    pyc.write_bytes(pyc.read_bytes()[:16] + marshal.dumps(code))


def test_the_cache_is_ours_and_read_again(sample, child_env):
    """A second run reads the plugin's pycs; a run without the plugin never
    reads them, and the plugin never reads pytest's."""
    writing = child_env(write_bytecode=True)
    (sample / "test_plain.py").write_text("def test_plain():\n    pass\n")
    ours = f"test_plain.{CACHE_TAG}{OUR_TAIL}"
    pytests = f"test_plain.{CACHE_TAG}{PYTESTS_TAIL}"

    first = pytest_run(sample, *RUN, "--fstring-backport", env=writing)
    assert re.search(r"^=+ 7 failed, 9 passed in ", first.stdout, re.M), first.stdout
    written = pycs(sample)
    if not SWITCHES_ON:  # nothing to do: pytest's own cache, as without the plugin
        assert not [name for name in written if ".fsbp-" in name], written
        return
    tested = ("conftest", "test_fruit", "test_plain", "test_templates")
    expected = [f"{module}.{CACHE_TAG}{OUR_TAIL}" for module in tested]
    expected.append(f"fruit.{CACHE_TAG}.fsbp-{fstring_backport.__version__}.pyc")  # the import hook's
    assert written == sorted(expected)
    assert pycs(sample / "shop") == sorted(
        f"{module}.{CACHE_TAG}.fsbp-{fstring_backport.__version__}.pyc" for module in ("__init__", "broken", "till")
    )

    # The second run reads the cache: its test_plain is the one planted there.
    replace_code(sample / "__pycache__" / ours, "test_from_our_cache")
    second = pytest_run(sample, *RUN, "--fstring-backport", env=writing)
    assert "PASSED test_plain.py::test_from_our_cache" in second.stdout, second.stdout
    assert pycs(sample) == sorted(expected)  # nothing new written

    # Without the plugin: the 3.12 syntax is refused (no pyc of ours is
    # read), and pytest caches test_plain under its own name, not reading ours.
    plain = pytest_run(sample, *RUN, "--noconftest", "--continue-on-collection-errors", env=writing)
    assert "PASSED test_plain.py::test_plain" in plain.stdout, plain.stdout
    assert "test_from_our_cache" not in plain.stdout
    assert "ERROR test_templates.py" in plain.stdout
    assert pytests in pycs(sample)

    # And the plugin does not read pytest's.
    (sample / "__pycache__" / ours).unlink()
    replace_code(sample / "__pycache__" / pytests, "test_from_pytests_cache")
    third = pytest_run(sample, *RUN, "--fstring-backport", env=writing)
    assert "PASSED test_plain.py::test_plain" in third.stdout, third.stdout
    assert "test_from_pytests_cache" not in third.stdout


def test_a_run_without_bytecode_writing_writes_no_pyc(sample):
    result = pytest_run(sample, *RUN, "--fstring-backport")
    assert re.search(r"^=+ 7 failed, 8 passed in ", result.stdout, re.M), result.stdout
    assert not (sample / "__pycache__").exists()


# -- off, on, and pytest's internals ---------------------------------------------

STATE = textwrap.dedent(
    """\
    import doctest
    import sys

    import _pytest._code.code
    import _pytest._code.source
    from _pytest.assertion.rewrite import AssertionRewritingHook


    def test_state(request):
        hooks = [finder for finder in sys.meta_path if isinstance(finder, AssertionRewritingHook)]
        changed = {
            "exec_module": [name for hook in hooks for name in vars(hook) if name == "exec_module"],
            "finders": [
                type(finder).__name__ for finder in sys.meta_path if "fstring_backport" in type(finder).__module__
            ],
            "statement": [
                module.__name__
                for module in (_pytest._code.code, _pytest._code.source)
                if module.getstatementrange_ast.__module__ != "_pytest._code.source"
            ],
            "plugins": [name for name, _ in request.config.pluginmanager.list_name_plugin() if "doctests" in str(name)],
            "engine": sorted(name for name in sys.modules if name.startswith("fstring_backport.")),
        }
        print("STATE", changed)
    """
)


def test_off_the_plugin_changes_nothing(sample):
    (sample / "conftest.py").unlink()
    (sample / "test_state.py").write_text(STATE)
    result = pytest_run(sample, "-p", "no:cacheprovider", "-s", "test_state.py")
    assert result.returncode == 0, result.stdout
    expected = {
        "exec_module": [],
        "finders": [],
        "statement": [],
        "plugins": [],
        "engine": ["fstring_backport.integrations", "fstring_backport.integrations.pytest_plugin"],
    }
    assert f"STATE {expected}" in result.stdout

    on = pytest_run(sample, "-p", "no:cacheprovider", "-s", "--fstring-backport", "test_state.py")
    assert on.returncode == 0, on.stdout
    if SWITCHES_ON:
        assert "'exec_module': ['exec_module'], 'finders': ['_ProjectFinder']" in on.stdout, on.stdout
        assert "'statement': ['_pytest._code.code', '_pytest._code.source']" in on.stdout
        assert "'plugins': ['fstring_backport-doctests']" in on.stdout
    else:
        assert f"STATE {expected}" in on.stdout


@pytest.mark.skipif(not SWITCHES_ON, reason="the plugin does nothing on this Python")
def test_other_pytest_internals_give_a_usage_error(sample, child_env):
    """A pytest whose assertion rewriting differs from what the plugin knows
    is refused with a message, not a traceback."""
    (sample / "other_pytest.py").write_text(
        "import _pytest.assertion.rewrite\n\ndel _pytest.assertion.rewrite.rewrite_asserts\n"
    )
    env = child_env(sample)
    result = pytest_run(sample, "-p", "other_pytest", "--fstring-backport", env=env)
    assert result.returncode == 4, result.stdout + result.stderr
    assert result.stderr.strip() == (
        f"ERROR: --fstring-backport does not support pytest {pytest.__version__} on Python "
        f"{sys.version.split()[0]}: _pytest.assertion.rewrite has no rewrite_asserts"
    )


def test_a_module_loaded_by_its_path_is_transpiled(tmp_path):
    # A test that loads a script by its path (spec_from_file_location, then
    # exec_module) meets no finder: the plugin covers it all the same.
    (tmp_path / "script.py").write_text('WORDS = [f"{"one"}", f"{"\\t".join("ab")}"]\n')
    (tmp_path / "test_script.py").write_text(
        textwrap.dedent(
            """\
            import importlib.util, pathlib

            def test_words():
                path = pathlib.Path(__file__).with_name("script.py")
                spec = importlib.util.spec_from_file_location("script", path)
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
                assert module.WORDS == ["one", "a\\tb"]
            """
        )
    )
    result = pytest_run(tmp_path, "--fstring-backport", "-p", "no:cacheprovider")
    assert result.returncode == 0, result.stdout
    assert "1 passed" in result.stdout
