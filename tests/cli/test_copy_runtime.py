"""The t-string runtime in the command line's output: ``--copy-runtime``
copies it into the tree written (-o, -i), so that the tree runs where
fstring-backport is not installed; without it, the command says which
files need fstring-backport.  A copy met among the sources is never
rewritten.  Where each copy goes: tests/project/test_runtime_copies.py."""

from fstring_backport import transpile
from fstring_backport.project.runtime_copies import runtime_source

from support.cli import run_in


def test_a_runtime_copy_among_the_sources_is_never_rewritten(tmp_path):
    runtime = runtime_source()
    assert transpile(runtime, "3.8") != runtime  # it imports string.templatelib: it would import itself
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_bytes(b"")
    copy = tmp_path / "pkg" / "_fstring_backport_templatelib.py"
    copy.write_bytes(runtime)
    for args in (["-i", "pkg"], ["--check", "pkg"], ["--diff", "pkg"], ["-o", "out", "pkg"], [str(copy)]):
        result = run_in(tmp_path, "--target", "3.8", *args)
        assert result.returncode == 0, result.stderr
        assert result.stdout in (b"", b"No problems found in 2 files.\n", runtime)
    assert copy.read_bytes() == runtime
    assert (tmp_path / "out" / "_fstring_backport_templatelib.py").read_bytes() == runtime
