"""The core is reusable: no module of it names a bundled game in its code.

Docstrings and their examples may use a bundled game (they document with
one); code may not: no string constant naming a game, no import of a game's
package. What the core does for a game it must do for every game, from what
the game declares.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parent.parent / "src" / "cardrules"
BUNDLED = ("gnoming-a-round", "toonerville-rook")
PACKAGES = ("cardrules_gnoming", "cardrules_rook")
MODULES = sorted(CORE.rglob("*.py"))


def _docstring_nodes(tree: ast.AST) -> set[int]:
    kinds = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, kinds) and node.body and isinstance(node.body[0], ast.Expr):
            found.add(id(node.body[0].value))
    return found


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(CORE)) for p in MODULES])
def test_no_core_module_names_a_bundled_game(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    docstrings = _docstring_nodes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings:
                continue
            named = [name for name in (*BUNDLED, *PACKAGES) if name in node.value]
            assert not named, f"{path.name}:{node.lineno} names {named}"
        if isinstance(node, ast.Import | ast.ImportFrom):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                modules.append(node.module)
            assert not [m for m in modules if m.split(".")[0] in PACKAGES], (
                f"{path.name}:{node.lineno} imports a bundled game"
            )


def test_the_check_finds_a_planted_name(tmp_path: Path) -> None:
    """The check is not blind: a constant naming a game is found."""
    planted = tmp_path / "planted.py"
    planted.write_text('"""Docs may say gnoming-a-round."""\nGAME = "toonerville-rook"\n')
    with pytest.raises(AssertionError, match="toonerville-rook"):
        test_no_core_module_names_a_bundled_game(planted)
