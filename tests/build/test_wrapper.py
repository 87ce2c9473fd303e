"""The wrapper backend, ``build-backend = "fstring_backport.build"``, called as
frontends call it: through pyproject_hooks (pip's and build's hook caller),
in a process of its own in the project's folder.

The backend it wraps here is a small one the test writes into the project
(``backend-path``), so that each hook it has or lacks can be chosen; the
real backends are built in test_wrapped_builds.py.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest
from pyproject_hooks import BuildBackendHookCaller, HookMissing

from fstring_backport import transpile
from fstring_backport.build.common import UNSHIPPABLE_ADVICE, editable_pth, editable_requirement
from fstring_backport.build.wheel import WheelFile
from fstring_backport.build.wrapper import editable_packages
from fstring_backport.project.runtime_copies import runtime_source

from support.builds import MATCH_MODULE, match_problem
from support.pythons import child_environment
from support.wheels import make_wheel, record_problems

FSTRINGS = b'd = {"k": "v"}\nx = f"{d["k"]}"\n'
TSTRING = b"from string.templatelib import Template\nname = 1\ngreeting = t\"hi {name!r}\"\n"
BAD = b"x = 1\nf'{x!z}'\n"
BAD_MESSAGE = "f-string: invalid conversion character 'z': expected 's', 'r', or 'a'"

# A PEP 517 backend in a few lines: wheels of what src/ holds.  ``Minimal``
# has the mandatory hooks only; the module has them all.
INNER_BACKEND = '''\
import base64, hashlib, os, tarfile, zipfile

NAME, VERSION = "demo", "1.0"
DIST_INFO = NAME + "-" + VERSION + ".dist-info"
REQUIRES_PYTHON = {requires_python!r}


def _metadata():
    text = "Metadata-Version: 2.1\\nName: demo\\nVersion: 1.0\\n"
    return text + ("Requires-Python: " + REQUIRES_PYTHON + "\\n" if REQUIRES_PYTHON else "")


def _wheel(directory, files):
    files = dict(files, **{{DIST_INFO + "/METADATA": _metadata().encode(),
                           DIST_INFO + "/WHEEL": b"Wheel-Version: 1.0\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"}})
    rows = []
    name = NAME + "-" + VERSION + "-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(directory, name), "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(path, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            rows.append("{{}},sha256={{}},{{}}\\n".format(path, digest, len(data)))
        archive.writestr(DIST_INFO + "/RECORD", "".join(rows) + DIST_INFO + "/RECORD,,\\n")
    return name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = {{}}
    for folder, _, names in os.walk("src"):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as handle:
                files[os.path.relpath(path, "src").replace(os.sep, "/")] = handle.read()
    return _wheel(wheel_directory, files)


def build_sdist(sdist_directory, config_settings=None):
    name = NAME + "-" + VERSION + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as archive:
        archive.add("src", NAME + "-" + VERSION + "/src")
    return name


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    with open("metadata_directory_given", "w") as handle:
        handle.write(str(metadata_directory))
    return _wheel(wheel_directory, {{NAME + ".pth": (os.path.abspath("src") + "\\n").encode()}})


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    os.makedirs(os.path.join(metadata_directory, DIST_INFO))
    with open(os.path.join(metadata_directory, DIST_INFO, "METADATA"), "w") as handle:
        handle.write(_metadata())
    return DIST_INFO


def get_requires_for_build_wheel(config_settings=None):
    return ["what-the-inner-backend-needs"]


class Minimal:
    build_wheel = staticmethod(build_wheel)
    build_sdist = staticmethod(build_sdist)
'''


def make_project(
    folder: Path,
    table: str = 'build-backend = "inner_backend"\nbackend-path = ["_build"]\n',
    requires_python: str | None = ">=3.8",
    project_table: bool = True,
    sources: dict[str, bytes] | None = None,
) -> Path:
    """A project built by the wrapper around the backend above."""
    (folder / "_build").mkdir(parents=True)
    (folder / "_build" / "inner_backend.py").write_text(INNER_BACKEND.format(requires_python=requires_python))
    project = f'[project]\nname = "demo"\nversion = "1.0"\nrequires-python = "{requires_python}"\n\n'
    (folder / "pyproject.toml").write_text(
        '[build-system]\nrequires = []\nbuild-backend = "fstring_backport.build"\n\n'
        + (project if project_table and requires_python else "")
        + "[tool.fstring-backport]\n"
        + table
    )
    files = {"demo/__init__.py": FSTRINGS, "demo/tpl.py": TSTRING} if sources is None else sources
    for name, data in files.items():
        path = folder / "src" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return folder


class Frontend:
    """pyproject_hooks' caller, as pip and build use it; what each hook's
    process printed is kept."""

    def __init__(self, project: Path) -> None:
        self.outputs: list[subprocess.CompletedProcess] = []
        self.caller = BuildBackendHookCaller(
            str(project), "fstring_backport.build", runner=self._run, python_executable=sys.executable
        )

    def _run(self, cmd, cwd=None, extra_environ=None) -> None:
        env = child_environment(**(extra_environ or {}))
        result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
        self.outputs.append(result)
        if result.returncode:
            sys.stderr.write(result.stderr)  # shown when the test fails
            raise subprocess.CalledProcessError(result.returncode, cmd, result.stdout, result.stderr)


def made(folder: Path) -> str:
    """A folder for a hook's output: the frontend makes it."""
    folder.mkdir(parents=True)
    return str(folder)


def wheel_files(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(str(wheel)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_wheel_is_the_backends_rewritten(tmp_path):
    project = make_project(tmp_path / "project")
    frontend = Frontend(project)
    name = frontend.caller.build_wheel(made(tmp_path / "out"))
    files = wheel_files(tmp_path / "out" / name)
    runtime = "demo._fstring_backport_templatelib"
    assert files["demo/__init__.py"] == transpile(FSTRINGS, "3.8", runtime=runtime) != FSTRINGS
    assert files["demo/tpl.py"] == transpile(TSTRING, "3.8", runtime=runtime)
    assert files["demo/_fstring_backport_templatelib.py"] == runtime_source()
    assert record_problems(tmp_path / "out" / name) == []


def test_requirements_are_the_backends(tmp_path):
    project = make_project(tmp_path / "project")
    assert Frontend(project).caller.get_requires_for_build_wheel() == ["what-the-inner-backend-needs"]


def test_sdist_is_the_backends(tmp_path):
    project = make_project(tmp_path / "project")
    name = Frontend(project).caller.build_sdist(made(tmp_path / "out"))
    with tarfile.open(str(tmp_path / "out" / name)) as archive:
        assert archive.extractfile("demo-1.0/src/demo/__init__.py").read() == FSTRINGS


@pytest.mark.slow
def test_hooks_the_backend_lacks_are_the_frontends_defaults(tmp_path, child_env):
    """``module:object`` names a backend with the two mandatory hooks only."""
    project = make_project(
        tmp_path / "project", table='build-backend = "inner_backend:Minimal"\nbackend-path = ["_build"]\n'
    )
    caller = Frontend(project).caller
    assert caller.get_requires_for_build_wheel() == []
    assert caller.get_requires_for_build_sdist() == []
    # Without prepare_metadata_for_build_wheel, the metadata of a wheel built.
    dist_info = caller.prepare_metadata_for_build_wheel(made(tmp_path / "metadata"))
    assert (tmp_path / "metadata" / dist_info / "METADATA").read_text().startswith("Metadata-Version")
    with pytest.raises(HookMissing):
        caller.build_editable(made(tmp_path / "out"))
    probe = (
        "import fstring_backport.build as backend\n"
        "print(sorted(name for name in ('build_editable', 'prepare_metadata_for_build_wheel', "
        "'get_requires_for_build_sdist', 'build_wheel') if hasattr(backend, name)))\n"
    )
    seen = subprocess.run([sys.executable, "-c", probe], cwd=str(project), env=child_env(), capture_output=True,
                          text=True, check=True)
    assert seen.stdout == "['build_wheel']\n"


def test_editable_wheel_and_its_metadata_require_the_hook(tmp_path):
    project = make_project(tmp_path / "project")
    caller = Frontend(project).caller
    requirement = f"Requires-Dist: {editable_requirement()}\n"
    dist_info = caller.prepare_metadata_for_build_editable(made(tmp_path / "metadata"))
    prepared = (tmp_path / "metadata" / dist_info / "METADATA").read_text()
    assert prepared.endswith(requirement)
    # As pip does: the metadata prepared goes to build_editable.
    name = caller.build_editable(made(tmp_path / "out"), metadata_directory=str(tmp_path / "metadata" / dist_info))
    files = wheel_files(tmp_path / "out" / name)
    assert files["demo-1.0.dist-info/METADATA"].decode() == prepared
    assert files["_fstring_backport_demo.pth"].decode() == editable_pth("demo", ["demo"])[1]
    assert files["demo.pth"].decode() == str(project / "src") + "\n"  # the backend's own, as it was
    assert record_problems(tmp_path / "out" / name) == []
    # The backend made its own metadata: the one given holds ours.
    assert (project / "metadata_directory_given").read_text() == "None"


def test_nothing_changes_for_314(tmp_path):
    project = make_project(tmp_path / "project", requires_python=">=3.14")
    name = Frontend(project).caller.build_wheel(made(tmp_path / "out"))
    files = wheel_files(tmp_path / "out" / name)
    assert files["demo/__init__.py"] == FSTRINGS and files["demo/tpl.py"] == TSTRING
    assert len(files) == 5  # two modules, METADATA, WHEEL, RECORD: no runtime copy


def test_editable_wheel_for_315_has_no_hook(tmp_path):
    project = make_project(tmp_path / "project", requires_python=">=3.15")
    name = Frontend(project).caller.build_editable(made(tmp_path / "editable"))
    files = wheel_files(tmp_path / "editable" / name)
    assert "Requires-Dist" not in files["demo-1.0.dist-info/METADATA"].decode()
    assert not any(name.startswith("_fstring_backport") for name in files)


def test_editable_wheel_for_314_hooks_below_315(tmp_path):
    """3.14 rejects lazy imports: an editable install there gets the hook."""
    project = make_project(tmp_path / "project", requires_python=">=3.14")
    name = Frontend(project).caller.build_editable(made(tmp_path / "editable"))
    metadata = wheel_files(tmp_path / "editable" / name)["demo-1.0.dist-info/METADATA"].decode()
    assert 'Requires-Dist: fstring-backport>=0.1.0; python_version < "3.15"' in metadata.splitlines()


def test_target_from_the_built_metadata_when_pyproject_has_none(tmp_path):
    """poetry declares the Python it needs in [tool.poetry.dependencies]:
    the wheel's Requires-Python then gives the target."""
    project = make_project(tmp_path / "project", requires_python=">=3.12", project_table=False)
    name = Frontend(project).caller.build_wheel(made(tmp_path / "out"))
    files = wheel_files(tmp_path / "out" / name)
    assert files["demo/__init__.py"] == FSTRINGS  # 3.12 reads it
    assert files["demo/tpl.py"] == transpile(TSTRING, "3.12", runtime="demo._fstring_backport_templatelib")


def test_built_metadata_that_allows_a_python_before_38_needs_a_target(tmp_path):
    """Worded as a requires-python of pyproject.toml is, naming the Python it allows."""
    project = make_project(tmp_path / "project", requires_python=">=3.7", project_table=False)
    frontend = Frontend(project)
    with pytest.raises(subprocess.CalledProcessError):
        frontend.caller.build_wheel(made(tmp_path / "out"))
    assert frontend.outputs[-1].stderr == (
        f"fstring-backport: {project.resolve() / 'pyproject.toml'}: the built metadata's Requires-Python '>=3.7' "
        "allows Python 3.7, and fstring-backport targets Python 3.8 and later: "
        'set [tool.fstring-backport] target = "3.8" to write for 3.8\n'
    )


ANNOTATED = b'"""Nodes."""\n\ndef make() -> Node:\n    return Node()\n\n\nclass Node:\n    pass\n'


def test_future_annotations_from_the_table(tmp_path):
    project = make_project(
        tmp_path / "project",
        table='build-backend = "inner_backend"\nbackend-path = ["_build"]\nfuture-annotations = true\n',
        sources={"demo/__init__.py": b"", "demo/nodes.py": ANNOTATED},
    )
    name = Frontend(project).caller.build_wheel(made(tmp_path / "out"))
    written = wheel_files(tmp_path / "out" / name)["demo/nodes.py"]
    assert written == transpile(ANNOTATED, "3.8", future_annotations=True) != ANNOTATED
    assert b"from __future__ import annotations" in written


def test_patterns_match_the_projects_paths(tmp_path):
    project = make_project(
        tmp_path / "project",
        table='build-backend = "inner_backend"\nbackend-path = ["_build"]\nexclude = ["src/demo/kept.py"]\n',
        sources={"demo/__init__.py": FSTRINGS, "demo/kept.py": FSTRINGS},
    )
    name = Frontend(project).caller.build_wheel(made(tmp_path / "out"))
    files = wheel_files(tmp_path / "out" / name)
    assert files["demo/kept.py"] == FSTRINGS
    assert files["demo/__init__.py"] != FSTRINGS


def test_invalid_source_fails_the_build_and_leaves_no_wheel(tmp_path):
    project = make_project(
        tmp_path / "project", sources={"demo/__init__.py": FSTRINGS, "demo/bad.py": BAD}
    )
    frontend = Frontend(project)
    with pytest.raises(subprocess.CalledProcessError):
        frontend.caller.build_wheel(made(tmp_path / "out"))
    lines = frontend.outputs[-1].stderr.splitlines()
    assert lines == [
        "fstring-backport: 1 problem in the sources, nothing was built:",
        f"{Path('src', 'demo', 'bad.py')}:2:6: {BAD_MESSAGE}",
    ]
    assert not list((tmp_path / "out").iterdir())


def test_newer_grammar_the_target_rejects_fails_the_build_and_leaves_no_wheel(tmp_path):
    project = make_project(tmp_path / "project", sources={"demo/__init__.py": FSTRINGS, "demo/route.py": MATCH_MODULE})
    frontend = Frontend(project)
    with pytest.raises(subprocess.CalledProcessError):
        frontend.caller.build_wheel(made(tmp_path / "out"))
    assert frontend.outputs[-1].stderr.splitlines() == [
        "fstring-backport: 1 problem in the sources, nothing was built:",
        match_problem(str(Path("src", "demo", "route.py"))),
        UNSHIPPABLE_ADVICE,
    ]
    assert not list((tmp_path / "out").iterdir())


@pytest.mark.parametrize(
    "table, requires_python, target",
    [('ignore = ["FB407"]\n', ">=3.8", "3.8"), ("", ">=3.10", "3.10")],
    ids=["ignored", "for-3.10"],
)
def test_newer_grammar_ships_transpiled_when_ignored_or_read_by_the_target(tmp_path, table, requires_python, target):
    project = make_project(
        tmp_path / "project",
        table='build-backend = "inner_backend"\nbackend-path = ["_build"]\n' + table,
        requires_python=requires_python,
        sources={"demo/__init__.py": FSTRINGS, "demo/route.py": MATCH_MODULE},
    )
    frontend = Frontend(project)
    name = frontend.caller.build_wheel(made(tmp_path / "out"))
    assert "FB407" not in frontend.outputs[-1].stderr
    files = wheel_files(tmp_path / "out" / name)
    assert files["demo/route.py"] == transpile(MATCH_MODULE, target) != MATCH_MODULE
    assert files["demo/__init__.py"] == transpile(FSTRINGS, target)
    assert record_problems(tmp_path / "out" / name) == []


@pytest.mark.parametrize(
    "table, message",
    [
        ("", ("{pyproject}: [tool.fstring-backport] build-backend is missing: name the build backend that builds "
             'the project (such as "uv_build" or "flit_core.buildapi"), and list it in [build-system] requires')),
        ('build-backend = "no_such_backend"',
         ("{pyproject}: [tool.fstring-backport] build-backend = 'no_such_backend' cannot be imported "
         "(no module named 'no_such_backend'): list it in [build-system] requires")),
        ('build-backend = "json"',
         ("{pyproject}: [tool.fstring-backport] build-backend = 'json' is not a build backend: "
         "it has no build_wheel hook")),
        ('build-backend = "inner_backend:Nothing"\nbackend-path = ["_build"]',
         ("{pyproject}: [tool.fstring-backport] build-backend = 'inner_backend:Nothing' cannot be found: "
         "inner_backend has no 'Nothing'")),
        ('build-backend = "json"\nbackend-path = ["_build"]',
         ("{pyproject}: [tool.fstring-backport] build-backend = 'json' was imported from {json}, "
         "outside [tool.fstring-backport] backend-path")),
        ('build-backend = "inner_backend"\nbackend-path = [".."]',
         "{pyproject}: [tool.fstring-backport] backend-path '..' is outside the project"),
        ('build-backend = "fstring_backport.build"',
         ("{pyproject}: [tool.fstring-backport] build-backend = 'fstring_backport.build' names fstring-backport's "
         "own wrapper: name the backend it wraps")),
        ("build-backend = 3",
         ("{pyproject}: [tool.fstring-backport] build-backend must name a build backend in quotes, as "
         '[build-system] build-backend does (such as "uv_build" or "flit_core.buildapi"), not 3')),
        ('build-backend = "uv build"',
         ("{pyproject}: [tool.fstring-backport] build-backend must name a build backend in quotes, as "
         "[build-system] build-backend does (such as \"uv_build\" or \"flit_core.buildapi\"), not 'uv build'")),
        ('build-backend = "inner_backend"\nbackend-path = "_build"',
         ("{pyproject}: [tool.fstring-backport] backend-path must be a list of folders in quotes, relative to the "
         "project (such as [\"_build\"]), not '_build'")),
    ],
    ids=["missing", "not-importable", "not-a-backend", "no-such-object", "not-from-backend-path",
         "path-outside", "itself", "not-a-string", "not-a-name", "path-not-a-list"],
)
def test_a_bad_backend_setting_is_one_line(tmp_path, table, message):
    import json

    project = make_project(tmp_path / "project", table=table + "\n")
    frontend = Frontend(project)
    # The first hook a frontend calls: the backend is loaded to answer it.
    with pytest.raises(subprocess.CalledProcessError):
        frontend.caller.get_requires_for_build_wheel()
    stderr = frontend.outputs[-1].stderr
    expected = message.format(pyproject=project.resolve() / "pyproject.toml", json=Path(json.__file__).resolve())
    assert stderr == f"fstring-backport: {expected}\n"


def test_import_errors_of_the_backend_itself_are_one_line(tmp_path):
    project = make_project(tmp_path / "project")
    (project / "_build" / "inner_backend.py").write_text("import no_such_dependency\n")
    frontend = Frontend(project)
    with pytest.raises(subprocess.CalledProcessError):
        frontend.caller.build_wheel(made(tmp_path / "out"))
    assert frontend.outputs[-1].stderr == textwrap.dedent(
        f"""\
        fstring-backport: {project.resolve() / "pyproject.toml"}: [tool.fstring-backport] build-backend = \
'inner_backend' cannot be imported: No module named 'no_such_dependency'
        """
    )


def test_editable_packages_are_found_where_the_backends_editable_wheel_points(tmp_path):
    """A path in a .pth (uv_build, flit-core, poetry-core, pdm-backend,
    hatchling), or setuptools' finder's mapping."""
    src = tmp_path / "project" / "src"
    for path in ("pkg/__init__.py", "namespace/mod.py", "single.py", "docs/conf.txt", "not-a-name/x.py"):
        (src / path).parent.mkdir(parents=True, exist_ok=True)
        (src / path).write_text("")
    finder = "MAPPING: dict[str, str] = {'flat': '/somewhere/flat', 'other.sub': '/x'}\n"
    wheel = make_wheel(
        tmp_path,
        {"demo.pth": f"{src}\nimport something\n".encode(), "__editable___demo_1_0_finder.py": finder.encode()},
    )
    with WheelFile(wheel) as opened:
        assert editable_packages(opened) == ["flat", "namespace", "other", "pkg", "single"]
