"""``string.templatelib`` before 3.14, for code the hook did not transpile.

Wherever the hook is on (``install()``, ``FSTRING_BACKPORT_HOOK``, ``run``,
the pytest plugin), a module that imports ``string.templatelib`` works as on
3.14, however it spells the import, even as the first import of it in the
process and from a module that no transpiling prepared for it: one outside
the packages the hook covers, or an import written as a call
(``importlib.import_module``).  Each spelling runs in a fresh process, and
what it sees is compared with what the oracle (python3.15) sees running the
same module.
"""

import json
import sys
import textwrap
from pathlib import Path

import pytest

from support.hooked import installed_python, python, run_project_tests
from support.pythons import child_environment, interpreter, oracle

# Each binds ``module`` to string.templatelib.
SPELLINGS = {
    "import": "import string.templatelib\nmodule = string.templatelib",
    "import as": "import string.templatelib as module",
    "from string import": "from string import templatelib as module",
    "from string.templatelib import": (
        "from string.templatelib import Template\nmodule = sys.modules[Template.__module__]"
    ),
    "import_module": "import importlib\nmodule = importlib.import_module('string.templatelib')",
    "__import__": "module = __import__('string.templatelib', fromlist=['Template'])",
    "find_spec": (
        "import importlib, importlib.util\n"
        "found = importlib.util.find_spec('string.templatelib')\n"
        "module = importlib.import_module(found.name)"
    ),
}

# Imported by the process first (by a test module under pytest): what it
# sees goes to SEEN, a file, as JSON.
PROBE = """\
import json, os, sys

first = "string.templatelib" not in sys.modules and "fstring_backport.templatelib" not in sys.modules
{spelling}
import string

Template, Interpolation = module.Template, module.Interpolation
template = Template("a", Interpolation(1, "x", "r", ">3"), "b")
seen = {{
    "first": first,
    "name": module.__name__,
    "registered": module is sys.modules["string.templatelib"] is getattr(string, "templatelib"),
    "string is a package": hasattr(string, "__path__"),
    "classes": [cls.__module__ + "." + cls.__qualname__ for cls in (Template, Interpolation)],
    "template": repr(template),
    "values": [list(template.strings), [item.value for item in template.interpolations]],
    "convert": module.convert(template.interpolations[0].value, "r"),
}}
with open(os.environ["SEEN"], "w") as file:
    json.dump(seen, file)
"""

TEST_MODULE = "import probe\n\n\ndef test_probe():\n    pass\n"


def write_probe(folder: Path, spelling: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "probe.py").write_text(PROBE.format(spelling=SPELLINGS[spelling]))
    return folder


@pytest.fixture(scope="module")
def expected(tmp_path_factory):
    """``expected(spelling)``: what the oracle sees."""
    seen = {}

    def run(spelling: str) -> dict:
        if spelling not in seen:
            folder = write_probe(tmp_path_factory.mktemp("oracle"), spelling)
            out = folder / "seen.json"
            env = child_environment(PYTHONPATH=str(folder), SEEN=str(out))
            result = python(["-c", "import probe"], env, folder, oracle())
            assert result.returncode == 0, result.stderr
            seen[spelling] = json.loads(out.read_text())
            assert seen[spelling]["first"]
        return seen[spelling]

    return run


def seen_by(way: str, folder: Path, executable: str = sys.executable) -> dict:
    """What probe.py, in ``folder`` and covered by no package name, sees
    when the hook is switched on ``way``.

    Under ``run`` the probe is transpiled, as every module is, and the
    engine puts the runtime's import at the top of a module that names
    ``string.templatelib``: whether the spelling was the first import is
    left out there."""
    out = folder / "seen.json"
    env = child_environment(folder, SEEN=str(out))
    if way == "install":  # for another package; probe.py is not transpiled
        script = "import fstring_backport\nfstring_backport.install('other')\nimport probe"
        result = python(["-c", script], env, folder, executable)
    elif way == "FSTRING_BACKPORT_HOOK":
        env["FSTRING_BACKPORT_HOOK"] = "other"
        result = python(["-c", "import probe"], env, folder, installed_python())
    elif way == "run":  # the script is transpiled: spelling it as a call is what the engine cannot see
        (folder / "main.py").write_text("import probe\n")
        result = python(["-m", "fstring_backport", "run", "main.py"], env, folder, executable)
    else:  # the plugin: probe.py is a helper outside the rootdir
        tests = folder / "project"
        tests.mkdir()
        (tests / "test_probe.py").write_text(TEST_MODULE)
        (tests / "pytest.ini").write_text("[pytest]\n")
        result = run_project_tests(tests, "plugin", "-q", paths=[folder], SEEN=str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    seen = json.loads(out.read_text())
    if way == "run":
        del seen["first"]
    return seen


WAYS = [
    "install",
    "FSTRING_BACKPORT_HOOK",
    "run",
    pytest.param("plugin", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("spelling", list(SPELLINGS))
def test_string_templatelib_imports_as_on_315(tmp_path, expected, way, spelling):
    seen = seen_by(way, write_probe(tmp_path / "code", spelling))
    oracles = dict(expected(spelling))
    if way == "run":
        del oracles["first"]
    assert seen == oracles


@pytest.mark.slow
@pytest.mark.parametrize("version", ["3.8", "3.12", "3.13"])
def test_string_templatelib_imports_as_on_315_on(tmp_path, expected, version):
    """Every spelling under ``install()`` and ``run`` on the oldest Python
    and on the two that read f-strings but not t-strings."""
    executable = interpreter(version)
    for spelling in SPELLINGS:
        for way in ("install", "run"):
            folder = write_probe(tmp_path / way / spelling.replace(" ", "-"), spelling)
            oracles = dict(expected(spelling))
            if way == "run":
                del oracles["first"]
            assert seen_by(way, folder, executable) == oracles, (way, spelling)


def test_string_is_a_package_only_where_the_hook_is(child_env, tmp_path):
    """Without the hook, string is the plain module it is before 3.14."""
    script = textwrap.dedent(
        """\
        import string, sys
        print(hasattr(string, "__path__"))
        import fstring_backport
        fstring_backport.install("other")
        print(hasattr(string, "__path__"))
        """
    )
    result = python(["-c", script], child_env(), tmp_path)
    assert result.returncode == 0, result.stderr
    native = sys.version_info >= (3, 14)
    assert result.stdout.split() == [str(native), "True"]
