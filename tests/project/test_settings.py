"""A bad setting or argument: one line naming the file, the key, the value
and what is allowed, exit status 2, never a traceback; the API raises a
TypeError or ValueError that says the same."""

import sys

import pytest

from fstring_backport import transpile
from fstring_backport.project.settings import load_settings, lower_bound

from support.cli import run_in

BAD_SETTINGS = [
    # (pyproject.toml, what the line names besides the file)
    ("[tool.fstring-backport]\ntarget = 3.12\n", ["target", "3.12", '"3.8"']),
    ('[tool.fstring-backport]\ntarget = "2.7"\n', ["target", "'2.7'", "3.8 or later"]),
    ('[tool.fstring-backport]\ntarget = "three"\n', ["target", "'three'", "3.8 or later"]),
    ("[project]\nrequires-python = 3.9\n", ["requires-python", "3.9", "string"]),
    ('[project]\nrequires-python = ">=3.6"\n', ["requires-python", "'>=3.6'", "3.8 and later"]),
    ("[tool.fstring-backport]\ninclude = 5\n", ["include", "5", "list"]),
    ('[tool.fstring-backport]\nexclude = "pkg/*"\n', ["exclude", "'pkg/*'", "list"]),
    ('[tool.fstring-backport]\ninline-constants = "yes"\n', ["inline-constants", "'yes'", "true or false"]),
    ("[tool]\nfstring-backport = 3\n", ["[tool.fstring-backport]", "3", "table"]),
    ("[tool.fstring-backport\ntarget = '3.8'\n", ["not valid TOML", "line 1"]),
]


@pytest.mark.parametrize("text, named", BAD_SETTINGS, ids=[t.replace("\n", " ") for t, _ in BAD_SETTINGS])
def test_a_bad_setting_is_one_line_and_status_2(tmp_path, text, named):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(text)
    (tmp_path / "m.py").write_text("x = 1\n")
    result = run_in(tmp_path, "m.py")
    assert result.returncode == 2, result.stderr
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"fstring-backport: {pyproject.resolve()}: ")
    for word in named:
        assert word in lines[0]
    assert result.stdout == b""
    # The API (and the build steps, which call it) raise ValueError, same line.
    with pytest.raises(ValueError) as raised:
        load_settings(pyproject)
    assert lines[0] == f"fstring-backport: {raised.value}"


def test_good_settings_still_load(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nrequires-python = ">=3.9"\n[tool.fstring-backport]\ninclude = ["a/*"]\n')
    settings = load_settings(pyproject)
    assert (settings.target, settings.include, settings.exclude) == ("3.9", ("a/*",), ())


def test_a_bad_target_argument_is_one_line_and_status_2(tmp_path):
    (tmp_path / "m.py").write_text("x = 1\n")
    result = run_in(tmp_path, "--target", "2.7", "m.py")
    assert result.returncode == 2
    assert b"Traceback" not in result.stderr and b"2.7" in result.stderr


@pytest.mark.parametrize("target", [3.8, 3.12, 38, None, (3,), ("3", "8")])
def test_a_target_of_the_wrong_type_is_a_type_error(target):
    with pytest.raises(TypeError, match=r"target must be a string such as '3\.8' or a tuple such as \(3, 8\), not "):
        transpile("x = 1\n", target=target)


@pytest.mark.parametrize("target", ["2.7", "3.7", (2, 7), "three", ""])
def test_a_bad_target_is_a_value_error(target):
    with pytest.raises(ValueError, match="target"):
        transpile("x = 1\n", target=target)


def test_good_targets_are_accepted():
    for target in ["3.8", "py38", (3, 8), [3, 9], sys.version_info, " 3.12 "]:
        assert transpile("x = 1\n", target=target) == "x = 1\n"


@pytest.mark.parametrize(
    "requires_python, bound",
    [(">=3.8", "3.8"), (">=3.8,<4", "3.8"), ("~=3.9", "3.9"), ("==3.10.*", "3.10"), (">3.8", "3.8"),
     ("!=3.9", None), (">=3.8.1", "3.8"), ("", None), ("banana", None), (">= 3.9", "3.9"), ("<4,>=3.10", "3.10"),
     (">=3", None), (">=2.7,!=3.0.*", None)],
)
def test_the_lower_bound_of_requires_python_is_its_minor_version(requires_python, bound):
    """The minor version the bound names (>3.8 allows 3.8.1); none for a bound without one."""
    assert lower_bound(requires_python) == bound
