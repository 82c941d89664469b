"""The issue-40 house rules stay small: at most 40 lines of rule code each.

A house rule written against the public API should be short; when one grows,
what it needs belongs in the game's rule points or the core (issue 40). *Rule
code* is the lines that hold code, less blank lines, comments, docstrings,
imports and ``__all__``: what an author writes for the rule itself.
"""

from __future__ import annotations

import ast
import inspect
import io
import tokenize
from types import ModuleType

import pytest

from cardrules_gnoming.house_rules import peek, snap
from cardrules_rook import may_i
from cardrules_rook.variants import RoundTheCorner

LIMIT = 40


def rule_code_lines(source: str) -> int:
    """The lines of ``source`` holding code other than docstrings, imports and ``__all__``."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        docstring = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        boilerplate = isinstance(node, ast.Import | ast.ImportFrom) or (
            isinstance(node, ast.Assign)
            and [getattr(target, "id", None) for target in node.targets] == ["__all__"]
        )
        if (docstring or boilerplate) and isinstance(node, ast.stmt):
            skipped.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    lines: set[int] = set()
    ignored = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in ignored and token.type != tokenize.ENDMARKER:
            lines.update(range(token.start[0], token.end[0] + 1))
    return len(lines - skipped)


def test_the_counter_skips_what_is_not_rule_code() -> None:
    source = '''"""Doc."""
import attrs
__all__ = [
    "f",
]

# a comment
def f(x):
    """Doc
    on two lines."""
    return (x +  # trailing comment
            1)
'''
    assert rule_code_lines(source) == 3  # def f, and the return over two lines


@pytest.mark.parametrize(
    ("variant", "code"),
    [("snap", snap), ("peek", peek), ("may-i", may_i), ("round-the-corner", RoundTheCorner)],
)
@pytest.mark.rule("G14", "G4", "R10", "R7")
def test_each_issue_40_house_rule_is_at_most_40_lines_of_rule_code(
    variant: str, code: ModuleType | type
) -> None:
    """snap (G14), peek (G4), may-i (R10), round-the-corner (R7): each within the limit."""
    lines = rule_code_lines(inspect.getsource(code))
    assert lines <= LIMIT, f"{variant}: {lines} lines of rule code (at most {LIMIT})"
