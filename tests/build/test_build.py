"""Libraries written with 3.12 f-strings ship one wheel for 3.8 and up.

The sample projects in tests/projects/ are built for real (hatchling and
setuptools, in their own virtual environments), installed where
fstring-backport is not, and imported; their values are compared with what
the oracle (the newest CPython) computes running the original sources.

The build host is the Python running these tests, with today's hatchling and
setuptools from PyPI; the real builds run where the tox environment is
CPython 3.15 or PyPy 3.11.  Each of those runs also rebuilds
the sdists on 3.8 with the newest backends that still support it.

With a module holding a match statement (Python 3.10), both samples fail
to build for 3.8, naming it, and build for 3.10 or with ``ignore =
["FB407"]``.

Two more samples are written with 3.14 t-strings; their wheels
ship the copy of the t-string runtime their modules import, and both run
in one process on 3.8-3.13 and PyPy 3.11 without fstring-backport (one
Template class between them) and on 3.15 with the real string.templatelib.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest

from fstring_backport import transpile
from fstring_backport.build.common import UNSHIPPABLE_ADVICE, BuildError, BuildStep, editable_pth, top_level_names
from fstring_backport.project.runtime_copies import Runtime, regular_packages, runtime_for, runtime_source

from support.builds import (
    BACKENDS,
    HOST,
    MATCH_MODULE,
    Venv,
    copy_project,
    expected_values,
    heavy,
    match_problem,
    our_wheel,
    python_files,
    source_files,
)
from support.pythons import PROJECTS, compiles_with, interpreter, oracle, plain_environment

SAMPLES = {"hatch": "hatch_sample", "setuptools": "setuptools_sample"}
BAD_SOURCE = b"x = 1\nf'{x!z}'\n"
BAD_MESSAGE = "f-string: invalid conversion character 'z': expected 's', 'r', or 'a'"

# Below 3.12 the host rejects the samples' sources: only their wheels run there.
HOST_NEEDS_WHEEL = sys.version_info < (3, 12)


# -- the shared settings: no build needed --------------------------------------


def write_pyproject(folder: Path, text: str) -> Path:
    (folder / "pyproject.toml").write_text(text)
    return folder


@pytest.mark.parametrize(
    "pyproject, backend_target, requires_python, expected",
    [
        ('[project]\nrequires-python = ">=3.9"\n', None, "", (3, 9)),
        ('[project]\nrequires-python = ">=3.9"\n[tool.fstring-backport]\ntarget = "3.10"\n', None, "", (3, 10)),
        ('[tool.fstring-backport]\ntarget = "3.10"\n', "py311", "", (3, 11)),
        ("[project]\n", None, ">=3.10", (3, 10)),
        ("[project]\n", None, "", (3, 8)),
        ('[project]\nrequires-python = ">=3.12"\n', None, "", (3, 12)),
    ],
)
def test_target_comes_from_the_backend_then_the_table_then_requires_python(
    tmp_path, pyproject, backend_target, requires_python, expected
):
    step = BuildStep(write_pyproject(tmp_path, pyproject), target=backend_target, requires_python=requires_python)
    assert step.target == expected
    assert step.needed == (expected < (3, 14))  # 3.12 and 3.13: t-strings are lowered
    assert step.hooks_editable == (expected < (3, 14))  # the sources may gain t-strings


def test_selection_is_the_commands_own(tmp_path):
    step = BuildStep(write_pyproject(tmp_path, '[tool.fstring-backport]\nexclude = ["pkg/_vendor/*"]\n'))
    assert step.selects("pkg/mod.py") and step.selects("pkg/mod.pyi")
    assert not step.selects("pkg/_vendor/six.py")
    assert not step.selects("pkg/data.json")
    assert BuildStep(write_pyproject(tmp_path, '[tool.fstring-backport]\ntarget = "3.13"\n')).selects("a.py")
    # 3.14 reads every f-string and t-string, but not 3.15's lazy imports: read, to lower those
    assert BuildStep(write_pyproject(tmp_path, '[tool.fstring-backport]\ntarget = "3.14"\n')).selects("a.py")
    assert not BuildStep(write_pyproject(tmp_path, '[tool.fstring-backport]\ntarget = "3.15"\n')).selects("a.py")


def test_top_level_names_of_a_wheel():
    paths = ["pkg/__init__.py", "pkg/sub/mod.py", "single.py", "pkg/data.json", "pkg-1.0.dist-info/RECORD"]
    assert top_level_names(paths) == ["pkg", "single"]


# -- newer grammar the target rejects: not shipped -----------------------------


def test_newer_grammar_the_target_rejects_is_not_shipped(tmp_path):
    """Every file is read; then one BuildError names each place, and what to do."""
    step = BuildStep(write_pyproject(tmp_path, '[project]\nrequires-python = ">=3.8"\n'))
    (tmp_path / "route.py").write_bytes(MATCH_MODULE)
    (tmp_path / "other.py").write_bytes(MATCH_MODULE)
    runtime = Runtime("_rt", "_rt.py")
    with pytest.raises(BuildError) as caught:
        step.transpile_all([(tmp_path / "route.py", "src/route.py", runtime), (tmp_path / "other.py", "o.py", runtime)])
    assert caught.value.located == [match_problem("src/route.py"), match_problem("o.py")]
    assert caught.value.advice == UNSHIPPABLE_ADVICE
    assert str(caught.value).splitlines() == [
        "fstring-backport: 2 problems in the sources, nothing was built:",
        match_problem("src/route.py"),
        match_problem("o.py"),
        UNSHIPPABLE_ADVICE,
    ]
    assert 'ignore = ["FBnnn", ...]' in UNSHIPPABLE_ADVICE and "requires-python" in UNSHIPPABLE_ADVICE


@pytest.mark.parametrize(
    "pyproject, target",
    [
        ('[project]\nrequires-python = ">=3.8"\n[tool.fstring-backport]\nignore = ["FB407"]\n', "3.8"),
        ('[project]\nrequires-python = ">=3.10"\n', "3.10"),
    ],
    ids=["ignored", "for-3.10"],
)
def test_newer_grammar_is_transpiled_when_ignored_or_read_by_the_target(tmp_path, pyproject, target):
    step = BuildStep(write_pyproject(tmp_path, pyproject))
    (tmp_path / "route.py").write_bytes(MATCH_MODULE)
    [(_, _, result)] = step.transpile_all([(tmp_path / "route.py", "route.py", Runtime("_rt", "_rt.py"))])
    assert result == transpile(MATCH_MODULE, target) != MATCH_MODULE


# -- the t-string runtime a wheel ships ----------------------------------------
# (Where each module's copy goes: tests/project/test_runtime_copies.py.)


@pytest.mark.parametrize("target, lowered", [("3.8", True), ("3.12", True), ("3.13", True), ("3.14", False)])
def test_build_step_imports_the_copy_it_is_given(tmp_path, target, lowered):
    step = BuildStep(write_pyproject(tmp_path, f'[tool.fstring-backport]\ntarget = "{target}"\n'))
    source = tmp_path / "mod.py"
    source.write_text('"""Doc."""\nx = t"{1 + 1}"\n')
    runtime = Runtime("pkg._fstring_backport_templatelib", "pkg/_fstring_backport_templatelib.py")
    assert step.selects("pkg/mod.py")
    [(_, original, result)] = step.transpile_all([(source, "mod.py", runtime)])
    assert runtime.imported_by(result) is lowered
    assert result == (transpile(original, target, runtime=runtime.module) if lowered else original)


def run_pth(version: str, site_dir: Path, fake_package: bool) -> subprocess.CompletedProcess:
    """Start ``python3.X`` without its site-packages, then process the .pth
    in ``site_dir`` as ``site`` does at start-up."""
    script = (
        "import site, sys\n"
        "sys.path.insert(0, {fake!r})\n"
        "site.addsitedir({site!r})\n"
        "print(getattr(sys.modules.get('fstring_backport'), 'CALLS', None))\n"
    ).format(fake=str(site_dir / "fake"), site=str(site_dir))
    if fake_package:
        fake = site_dir / "fake" / "fstring_backport"
        fake.mkdir(parents=True, exist_ok=True)
        (fake / "__init__.py").write_text("CALLS = []\ndef install(name=None):\n    CALLS.append(name)\n")
    return subprocess.run(
        [interpreter(version), "-S", "-c", script],
        check=False,
        env=plain_environment(),
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize("version, installs", [("3.8", True), ("3.12", True), ("3.13", True), ("3.15", False)])
def test_editable_pth_installs_the_hook_before_314(tmp_path, version, installs):
    name, text = editable_pth("My-Lib", ["zeta", "alpha"])
    assert name == "_fstring_backport_my_lib.pth" and text.startswith("import ") and text.count("\n") == 1
    (tmp_path / name).write_text(text)
    result = run_pth(version, tmp_path, fake_package=True)
    assert result.stderr == ""
    # From 3.14 on, fstring_backport is not even imported.
    assert result.stdout.strip() == ("['alpha', 'zeta']" if installs else "None")


@pytest.mark.parametrize("version, warns", [("3.8", True), ("3.13", True), ("3.15", False)])
def test_editable_pth_without_fstring_backport_says_what_to_install(tmp_path, version, warns):
    name, text = editable_pth("my-lib", ["mylib"])
    (tmp_path / name).write_text(text)
    result = run_pth(version, tmp_path, fake_package=False)
    assert result.returncode == 0
    assert "Traceback" not in result.stderr
    if warns:
        assert result.stderr.startswith("fstring-backport: my-lib is installed in editable mode")
        assert f"which Python {version} imports only with the import hook" in result.stderr
        assert result.stderr.endswith("('pip install --upgrade fstring-backport')\n")
    else:
        assert result.stderr == ""


# -- real builds ---------------------------------------------------------------


@heavy
def test_our_wheel_ships_py_typed(work, builder):
    """PEP 561: type checkers read the annotations of the installed package."""
    with zipfile.ZipFile(str(our_wheel(work))) as archive:
        assert "fstring_backport/py.typed" in archive.namelist()


@pytest.fixture(scope="module")
def builder38(work, builder) -> Venv:
    venv = Venv(work / "builder-3.8", "3.8")
    venv.pip("install", *BACKENDS)
    venv.pip("install", str(our_wheel(work)))
    return venv


@pytest.fixture(scope="module")
def artifacts(work, builder) -> dict[str, dict[str, Path]]:
    """Each sample's wheel and sdist, built by ``python -m build`` on the host."""
    built = {}
    for backend, package in SAMPLES.items():
        project = copy_project(package, work / "projects" / package)
        output = builder.run(
            "-m", "build", "--no-isolation", "-o", str(work / "dist" / backend), str(project), deprecations=True
        ).stdout
        # Today's backends have nothing to say about how our steps use them.
        assert "Deprecat" not in output, output
        [wheel] = (work / "dist" / backend).glob("*.whl")
        [sdist] = (work / "dist" / backend).glob("*.tar.gz")
        built[backend] = {"wheel": wheel, "sdist": sdist, "project": project}
    return built


@pytest.fixture(scope="module")
def users(work, artifacts) -> dict[str, Venv]:
    """Fresh 3.8, 3.11 and host environments with both sample wheels and nothing else."""
    venvs = {}
    for version in ("3.8", "3.11", HOST):
        venv = Venv(work / f"user-{version}", version)
        venv.pip("install", "--no-deps", *[str(built["wheel"]) for built in artifacts.values()])
        venvs[version] = venv
    return venvs


def compiles_here(paths: list[Path]) -> list[bool]:
    """Whether the Python running the tests compiles each of ``paths``."""
    compiled = []
    for path in paths:
        try:
            compile(path.read_bytes(), str(path), "exec", dont_inherit=True)
        except SyntaxError:
            compiled.append(False)
        else:
            compiled.append(True)
    return compiled


@heavy
@pytest.mark.parametrize("version", ["3.8", "3.11", HOST])
@pytest.mark.parametrize("backend", sorted(SAMPLES))
def test_wheel_runs_without_fstring_backport_as_312_runs_the_sources(users, backend, version):
    package = SAMPLES[backend]
    venv = users[version]
    assert venv.run("-c", "import fstring_backport", check=False).returncode != 0
    # Below 3.12 that Python rejects the sources themselves: the wheel is what runs.
    sources = sorted((PROJECTS / package / "src").rglob("*.py"))
    if version != HOST:
        assert not all(compiles_with(version, sources).values())
    else:
        assert all(compiles_here(sources)) is not HOST_NEEDS_WHEEL
    assert venv.values(package) == expected_values(package)


@heavy
@pytest.mark.parametrize("backend", sorted(SAMPLES))
def test_wheel_files_are_byte_identical_to_the_commands_output(work, builder, artifacts, backend):
    package = SAMPLES[backend]
    out = work / "cli-out" / backend
    command = str(Path(builder.python).parent / "fstring-backport")
    subprocess.run(
        [command, "src", "-o", str(out), "--target", "3.8"],
        cwd=str(PROJECTS / package),
        env=plain_environment(),  # the command installed there
        check=True,
    )
    written = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*.py"))}
    shipped = python_files(artifacts[backend]["wheel"])
    assert shipped == written
    originals = source_files(package)
    assert set(shipped) == set(originals)
    rewritten = [name for name in shipped if shipped[name] != originals[name]]
    assert len(rewritten) >= 3  # several modules, a subpackage among them
    assert any("/sub/" in name for name in rewritten)


@heavy
@pytest.mark.parametrize("backend", sorted(SAMPLES))
def test_sdist_keeps_the_sources_and_builds_the_same_wheel_on_38(work, builder38, artifacts, backend):
    package = SAMPLES[backend]
    sdist = artifacts[backend]["sdist"]
    with tarfile.open(str(sdist)) as archive:
        members = {
            member.name.split("/src/", 1)[1]: archive.extractfile(member).read()
            for member in archive.getmembers()
            if member.name.endswith(".py") and "/src/" in member.name
        }
    assert members == source_files(package)
    out = work / "from-sdist" / backend
    builder38.pip("wheel", "--no-deps", "--no-build-isolation", str(sdist), "-w", str(out))
    [wheel] = out.glob("*.whl")
    assert python_files(wheel) == python_files(artifacts[backend]["wheel"])


@heavy
@pytest.mark.parametrize("version", ["3.8", HOST])
@pytest.mark.parametrize("backend", sorted(SAMPLES))
def test_editable_install_runs(work, request, backend, version):
    """On 3.8 with the backends that still support it, and on the host with
    today's: on PyPy 3.11 the import hook serves the sources, on 3.14+ Python."""
    venv = request.getfixturevalue("builder38" if version == "3.8" else "builder")
    package = SAMPLES[backend]
    project = copy_project(package, work / f"editable-{version}" / package)
    venv.pip("install", "--no-build-isolation", "-e", str(project))
    assert venv.values(package) == expected_values(package)
    if backend == "hatch":  # hatchling lets the editable wheel require the hook
        requires = venv.run("-c", "from importlib.metadata import requires; print(requires('hatch-sample'))")
        assert "fstring-backport>=" in requires.stdout and "python_version < \"3.15\"" in requires.stdout
    # In place: an edit shows at the next import.
    init = project / "src" / package / "__init__.py"
    init.write_text(init.read_text().replace("return [", 'return [f"{"edited"}", '))
    assert venv.values(package)[0] == "edited"


@heavy
@pytest.mark.parametrize("backend", sorted(SAMPLES))
def test_invalid_source_fails_the_build_with_its_location(work, builder, backend):
    package = SAMPLES[backend]
    project = copy_project(package, work / "bad" / package)
    (project / "src" / package / "bad.py").write_bytes(BAD_SOURCE)
    out = work / "bad-dist" / backend
    result = builder.pip("wheel", "--no-deps", "--no-build-isolation", str(project), "-w", str(out), check=False)
    assert result.returncode != 0
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert "{}:2:6: {}".format(Path("src", package, "bad.py"), BAD_MESSAGE) in lines
    assert not list(out.glob("*.whl"))


def route_project(work: Path, backend: str, case: str) -> Path:
    """A copy of ``backend``'s sample with :data:`MATCH_MODULE` as a module:
    as it is (``refused``), with ``[tool.fstring-backport] ignore =
    ["FB407"]`` (``ignored``), or with ``requires-python = ">=3.10"``."""
    package = SAMPLES[backend]
    project = copy_project(package, work / f"match-{case}" / package)
    (project / "src" / package / "route.py").write_bytes(MATCH_MODULE)
    pyproject = project / "pyproject.toml"
    text = pyproject.read_text()
    if case == "ignored":
        table = "[tool.fstring-backport]\n"
        if table not in text:  # the hatchling sample has none
            text += "\n" + table
        text = text.replace(table, table + 'ignore = ["FB407"]\n')
    elif case == "for-3.10":
        text = text.replace('requires-python = ">=3.8"', 'requires-python = ">=3.10"')
    pyproject.write_text(text)
    return project


@heavy
@pytest.mark.parametrize("backend", sorted(SAMPLES))
def test_newer_grammar_the_target_rejects_fails_the_build(work, builder, backend):
    """A match statement for requires-python's 3.8: named, with what to do, and no wheel."""
    project = route_project(work, backend, "refused")
    out = work / "match-refused-dist" / backend
    result = builder.pip("wheel", "--no-deps", "--no-build-isolation", str(project), "-w", str(out), check=False)
    assert result.returncode != 0
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert match_problem(str(Path("src", SAMPLES[backend], "route.py"))) in lines, result.stdout
    assert UNSHIPPABLE_ADVICE in lines, result.stdout
    assert not out.exists() or not list(out.glob("*.whl"))


@heavy
@pytest.mark.parametrize("case, target", [("ignored", "3.8"), ("for-3.10", "3.10")])
@pytest.mark.parametrize("backend", sorted(SAMPLES))
def test_newer_grammar_ships_when_ignored_or_read_by_the_target(work, builder, backend, case, target):
    project = route_project(work, backend, case)
    out = work / f"match-{case}-dist" / backend
    result = builder.pip("wheel", "--no-deps", "--no-build-isolation", str(project), "-w", str(out))
    assert "FB407" not in result.stdout
    [wheel] = out.glob("*.whl")
    assert python_files(wheel)[f"{SAMPLES[backend]}/route.py"] == transpile(MATCH_MODULE, target) != MATCH_MODULE


@heavy
def test_setuptools_transpiles_the_source_not_a_stale_build_folder(work, builder, artifacts):
    package = SAMPLES["setuptools"]
    project = copy_project(package, work / "stale" / package)
    stale = project / "build" / "lib" / package / "formatting.py"
    stale.parent.mkdir(parents=True)
    stale.write_bytes((project / "src" / package / "formatting.py").read_bytes())
    os.utime(str(stale), (4_000_000_000, 4_000_000_000))  # newer than the source
    # A t-string runtime left by a build of sources that had t-strings then.
    (stale.parent / "_fstring_backport_templatelib.py").write_bytes(runtime_source())
    out = work / "stale-dist"
    builder.pip("wheel", "--no-deps", "--no-build-isolation", str(project), "-w", str(out))
    [wheel] = out.glob("*.whl")
    assert python_files(wheel) == python_files(artifacts["setuptools"]["wheel"])


@heavy
@pytest.mark.parametrize(
    "edit, transpiled",
    [
        # [tool.setuptools.cmdclass] alone turns the step on...
        (
            lambda t: t.replace(
                "[tool.fstring-backport]",
                '[tool.setuptools.cmdclass]\nbuild_py = "fstring_backport.build.setuptools.build_py"',
            ),
            True,
        ),
        # ...and without either the entry point leaves the build alone.
        (lambda t: t.replace("[tool.fstring-backport]", ""), False),
    ],
    ids=["cmdclass", "neither"],
)
def test_setuptools_step_is_on_only_when_asked_for(work, builder, artifacts, edit, transpiled):
    package = SAMPLES["setuptools"]
    project = copy_project(package, work / f"switch-{transpiled}" / package)
    pyproject = project / "pyproject.toml"
    pyproject.write_text(edit(pyproject.read_text()))
    out = work / f"switch-dist-{transpiled}"
    builder.pip("wheel", "--no-deps", "--no-build-isolation", str(project), "-w", str(out))
    [wheel] = out.glob("*.whl")
    expected = python_files(artifacts["setuptools"]["wheel"]) if transpiled else source_files(package)
    assert python_files(wheel) == expected


@heavy
@pytest.mark.parametrize("backend", sorted(SAMPLES))
def test_inline_constants_ship_a_wheel_with_no_names_of_ours(work, builder, backend):
    """The hatch hook's own option, or [tool.fstring-backport] for setuptools."""
    package = SAMPLES[backend]
    project = copy_project(package, work / "inline" / package)
    pyproject = project / "pyproject.toml"
    if backend == "hatch":
        table = "[tool.hatch.build.hooks.fstring-backport]\n"
    else:
        table = "[tool.fstring-backport]\n"
    pyproject.write_text(pyproject.read_text().replace(table, table + "inline-constants = true\n"))
    out = work / "inline-dist" / backend
    builder.pip("wheel", "--no-deps", "--no-build-isolation", str(project), "-w", str(out))
    [wheel] = out.glob("*.whl")
    files = python_files(wheel)
    assert files != source_files(package)  # transpiled...
    assert not any(b"_fstring_backport" in text for text in files.values())  # ...with no names
    venv = Venv(work / f"inline-user-{backend}", "3.8")
    venv.pip("install", "--no-deps", str(wheel))
    assert venv.values(package) == expected_values(package)


# -- t-strings: wheels that bring their own runtime ---------------------------

# Two libraries written with 3.14 t-strings, one per backend; the setuptools
# one has a top-level module too.
TSTRING_SAMPLES = {"hatch": "tstring_hatch", "setuptools": "tstring_setuptools"}
# The runtime copies each wheel must ship, and no others.
TSTRING_COPIES = {
    "hatch": ["tstring_hatch/_fstring_backport_templatelib.py"],
    "setuptools": [
        "_fstring_backport_templatelib_tstring_single.py",
        "tstring_setuptools/_fstring_backport_templatelib.py",
    ],
}
# Where each wheel runs: below 3.14 its runtime copies make string.templatelib
# (once per process), from 3.14 on they defer to the real one.
TSTRING_USERS = ["3.8", "3.11", "3.13", "pypy3.11", "3.15"]
TSTRING_PROBE = textwrap.dedent(
    '''\
    import json, pickle, sys
    import tstring_hatch as a
    import tstring_setuptools as b
    import tstring_single as c
    import string.templatelib
    from string.templatelib import Interpolation, Template

    def parts(t):
        return [list(t.strings), [[i.value, i.expression, i.conversion, i.format_spec] for i in t.interpolations]]

    ta, tb, tc = a.sample(), b.sample(), c.sample()
    out = {
        "parts": [parts(t) for t in (ta, tb, tc)],
        "values": [a.values(), b.values()],
        # Each library renders the others' Templates by its own imports.
        "across": [a.render(tb), a.render(tc), b.render(ta), b.render(tc)],
        "one_class": [
            type(ta) is type(tb) is type(tc) is Template is string.templatelib.Template,
            type(ta.interpolations[0]) is type(tb.interpolations[0]) is Interpolation,
        ],
        "isinstance": [isinstance(t, Template) for t in (ta, tb, tc)]
        + [isinstance(i, Interpolation) for i in tc.interpolations],
        "added": parts(ta + tb + tc),
        "pickled": parts(pickle.loads(pickle.dumps(tc))),
    }
    if sys.version_info >= (3, 10):
        exec("""if True:
            def kind(x):
                match x:
                    case Template(strings=(first, *_), interpolations=(Interpolation(value, expression), *_)):
                        return ["template", first, value, expression]
                    case Interpolation(value, expression, conversion, format_spec):
                        return ["interpolation", value, expression, conversion, format_spec]
                    case _:
                        return ["other"]
            out["match"] = [kind(ta), kind(tb), kind(tc.interpolations[1]), kind("text")]
        """)
    copies = sorted(name for name in sys.modules if "_fstring_backport_templatelib" in name)
    out["facts"] = {  # what differs by design between the wheels' runtime and the sources on 3.15
        "module": [type(ta).__module__, type(ta.interpolations[0]).__module__],
        "heap_type": bool(type(ta).__flags__ & (1 << 9)),
        "registered_file": getattr(string.templatelib, "__file__", None),
        "copies": copies,
        "copies_share_the_class": all(sys.modules[name].Template is Template for name in copies),
        "fstring_backport": any(name.partition(".")[0] == "fstring_backport" for name in sys.modules),
    }
    print(json.dumps(out))
    '''
)
TSTRING_COPY_MODULES = [
    "_fstring_backport_templatelib_tstring_single",
    "tstring_hatch._fstring_backport_templatelib",
    "tstring_setuptools._fstring_backport_templatelib",
]


@pytest.fixture(scope="module")
def tstring_artifacts(work, builder) -> dict[str, dict[str, Path]]:
    """Each t-string sample's sdist, and the wheel ``python -m build`` makes from it."""
    built = {}
    for backend, package in TSTRING_SAMPLES.items():
        project = copy_project(package, work / "tstring-projects" / package)
        out = work / "tstring-dist" / backend
        builder.run("-m", "build", "--no-isolation", "-o", str(out), str(project))
        [wheel] = out.glob("*.whl")
        [sdist] = out.glob("*.tar.gz")
        built[backend] = {"wheel": wheel, "sdist": sdist, "project": project}
    return built


@pytest.fixture(scope="module")
def tstring_expected() -> dict:
    """The oracle running both samples' sources."""
    result = subprocess.run(
        [oracle(), "-B", "-c", TSTRING_PROBE],
        env=plain_environment(*[PROJECTS / package / "src" for package in TSTRING_SAMPLES.values()]),
        stdout=subprocess.PIPE,
        check=True,
        text=True,
    )
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def tstring_users(work, tstring_artifacts) -> dict[str, Venv]:
    """Fresh environments with both t-string wheels and nothing else."""
    venvs = {}
    for version in TSTRING_USERS:
        venv = Venv(work / f"tstring-user-{version}", version)
        venv.pip("install", "--no-deps", *[str(built["wheel"]) for built in tstring_artifacts.values()])
        venvs[version] = venv
    return venvs


@heavy
@pytest.mark.parametrize("backend", sorted(TSTRING_SAMPLES))
def test_tstring_wheel_ships_the_transpiled_modules_and_the_runtime(tstring_artifacts, backend):
    package = TSTRING_SAMPLES[backend]
    shipped = python_files(tstring_artifacts[backend]["wheel"])
    originals = source_files(package)
    assert sorted(set(shipped) - set(originals)) == TSTRING_COPIES[backend]
    for copy in TSTRING_COPIES[backend]:
        assert shipped[copy] == runtime_source()  # verbatim, never transpiled
    regular = regular_packages(originals)
    runtimes = {name: runtime_for(name, regular) for name in originals}
    for name, original in originals.items():
        assert shipped[name] == transpile(original, "3.8", name, runtime=runtimes[name].module)
    # Each copy is imported by some module, and each module's copy is shipped.
    imported = {runtime.path for name, runtime in runtimes.items() if runtime.imported_by(shipped[name])}
    assert sorted(imported) == TSTRING_COPIES[backend]


@heavy
@pytest.mark.parametrize("version", TSTRING_USERS)
def test_tstring_wheels_run_without_fstring_backport(tstring_users, tstring_expected, version):
    """Both wheels in one process: one Template class, string.templatelib
    importable, isinstance and match across libraries; on 3.15 the real
    string.templatelib, whose Template is the interpreter's own type."""
    venv = tstring_users[version]
    assert venv.run("-c", "import fstring_backport", check=False).returncode != 0
    seen = json.loads(venv.run("-c", TSTRING_PROBE, cwd=venv.folder).stdout)
    facts = seen.pop("facts")
    expected = dict(tstring_expected)
    expected_facts = expected.pop("facts")
    if "match" not in seen:  # 3.8 and 3.9 have no match statement
        expected.pop("match")
    assert seen == expected
    assert seen["one_class"] == [True, True] and all(seen["isinstance"])
    assert facts["module"] == ["string.templatelib", "string.templatelib"] == expected_facts["module"]
    assert facts["copies"] == TSTRING_COPY_MODULES and facts["copies_share_the_class"]
    assert not facts["fstring_backport"]
    if version == "3.15":
        assert facts["registered_file"] == expected_facts["registered_file"]  # the standard library's
        assert facts["registered_file"].endswith(os.path.join("string", "templatelib.py"))
        assert facts["heap_type"] is expected_facts["heap_type"] is False  # the builtin type
    else:
        assert facts["registered_file"] is None  # the runtime's own module


@heavy
@pytest.mark.parametrize("backend", sorted(TSTRING_SAMPLES))
def test_tstring_sdist_builds_the_same_wheel_on_38(work, builder38, tstring_artifacts, backend):
    out = work / "tstring-from-sdist" / backend
    sdist = tstring_artifacts[backend]["sdist"]
    builder38.pip("wheel", "--no-deps", "--no-build-isolation", str(sdist), "-w", str(out))
    [wheel] = out.glob("*.whl")
    assert python_files(wheel) == python_files(tstring_artifacts[backend]["wheel"])


@heavy
def test_tstring_editable_installs_use_the_hook_and_its_runtime(work, builder38, tstring_expected):
    """Editable: the sources in place, through the hook, whose output
    imports fstring_backport.templatelib (a dependency there)."""
    for package in TSTRING_SAMPLES.values():
        project = copy_project(package, work / "tstring-editable" / package)
        builder38.pip("install", "--no-build-isolation", "-e", str(project))
    seen = json.loads(builder38.run("-c", TSTRING_PROBE, cwd=builder38.folder).stdout)
    facts = seen.pop("facts")
    expected = {key: value for key, value in tstring_expected.items() if key not in ("facts", "match")}
    assert seen == expected
    assert facts["copies"] == [] and facts["fstring_backport"]
    assert facts["module"] == ["string.templatelib", "string.templatelib"]
    requires = builder38.run("-c", "from importlib.metadata import requires; print(requires('tstring-hatch'))")
    assert 'python_version < "3.15"' in requires.stdout


@heavy
@pytest.mark.parametrize("backend", sorted(TSTRING_SAMPLES))
def test_a_module_named_as_the_runtime_fails_the_build(work, builder, backend):
    package = TSTRING_SAMPLES[backend]
    project = copy_project(package, work / "tstring-taken" / package)
    (project / "src" / package / "_fstring_backport_templatelib.py").write_text("x = 1\n")
    out = work / "tstring-taken-dist" / backend
    result = builder.pip("wheel", "--no-deps", "--no-build-isolation", str(project), "-w", str(out), check=False)
    assert result.returncode != 0
    expected = f"{package}/_fstring_backport_templatelib.py: this name is the t-string runtime's"
    assert any(line.strip().startswith(expected) for line in result.stdout.splitlines()), result.stdout
    assert not list(out.glob("*.whl"))
