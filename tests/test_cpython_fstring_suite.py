"""CPython 3.12's own f-string tests, transpiled, run on Python 3.10 and 3.11.

Every test method that passes natively on 3.12 passes, except the methods
below: each compiles 3.12-only source from a string at run time (``eval``,
``exec``, ``compile``, ``ast.parse`` or a child interpreter), which checks
the running interpreter itself; no source transpiler can change what those
accept or the messages and warnings they give.
"""

import json
import subprocess
import sys

import pytest

from conftest import interpreter, stdlib_dir
from fstring_backport import transpile

RUNTIME_COMPILE = {
    "test_ast_line_numbers_multiline_fstring": "ast.parse() of 3.12 source",
    "test_ast_line_numbers_with_parentheses": "ast.parse() of 3.12 source",
    "test_backslashes_in_expression_part": "3.12 error messages from eval()",
    "test_backslashes_in_string_part": "a SyntaxWarning from eval() of 3.12 source",
    "test_comments": "3.12 error messages from eval()",
    "test_conversions": "3.12 error messages from eval()",
    "test_custom_format_specifier": "a SyntaxWarning from exec() of 3.12 source",
    "test_format_specifier_expressions": "3.12 error messages from eval()",
    "test_fstring_backslash_before_double_bracket": "eval() of 3.12 source",
    "test_fstring_backslash_before_double_bracket_warns_once": "eval() of 3.12 source",
    "test_fstring_nested_too_deeply": "3.12 error messages from eval()",
    "test_invalid_backslashes_inside_fstring_context": "3.12 error messages from eval()",
    "test_invalid_syntax_error_message": "3.12 error messages from compile()",
    "test_lambda": "eval() and compile() of 3.12 source",
    "test_mismatched_braces": "3.12 error messages from eval()",
    "test_missing_expression": "3.12 error messages from eval()",
    "test_newlines_before_syntax_error": "3.12 error messages from eval()",
    "test_not_closing_quotes": "3.12 error messages from compile()",
    "test_parens_in_expressions": "3.12 error messages from eval()",
    "test_syntax_error_after_debug": "3.12 error messages from eval()",
    "test_syntax_error_for_starred_expressions": "3.12 error messages from compile()",
    "test_syntax_warning_infinite_recursion_in_file": "a child interpreter's warnings on a 3.12 script",
}
# Runs the suite in-process and reports, as JSON, every test method and the
# methods with a failing test or subtest.  Python 3.10's test.support
# predates the is_wasi flag the 3.12 suite reads.
_RUNNER = """
import json, unittest, test.support
test.support.is_wasi = getattr(test.support, "is_wasi", False)
suite = unittest.defaultTestLoader.loadTestsFromName("test_fstring")
def methods(suite):
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from methods(item)
        else:
            yield item._testMethodName
ran = sorted(set(methods(suite)))  # before running: a run empties the suite
result = unittest.TestResult()
suite.run(result)
failed = {getattr(test, "test_case", test)._testMethodName for test, _ in result.failures + result.errors}
print(json.dumps({"ran": ran, "failed": sorted(failed)}))
"""


def run_unittest(python, folder):
    result = subprocess.run(
        [python, "-c", _RUNNER],
        cwd=str(folder),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        universal_newlines=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    return set(report["ran"]), set(report["failed"]), result.stderr


@pytest.mark.skipif(sys.version_info[:2] not in ((3, 10), (3, 11)), reason="runs on 3.10 and 3.11")
def test_cpython_312_fstring_suite(tmp_path):
    original = stdlib_dir("3.12") / "test" / "test_fstring.py"
    native_dir = tmp_path / "native"
    native_dir.mkdir()
    (native_dir / "test_fstring.py").write_bytes(original.read_bytes())
    native_ran, native_failed, output = run_unittest(interpreter("3.12"), native_dir)
    assert native_failed == set(), output
    assert len(native_ran) > 70

    lowered_dir = tmp_path / "lowered"
    lowered_dir.mkdir()
    (lowered_dir / "test_fstring.py").write_bytes(transpile(original.read_bytes(), (3, 8)))
    ran, failed, output = run_unittest(sys.executable, lowered_dir)
    assert set(ran) == set(native_ran), output
    assert failed - set(RUNTIME_COMPILE) == set(), output
    passing = [name for name in native_ran if name not in failed]
    assert len(passing) == len(native_ran) - len(failed)
