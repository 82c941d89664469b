"""The core's folders are layers: imports run down them, never up or sideways.

The order is the one `docs/api/index.md` ("Where things live") gives. Every
``from cardrules.<part> import ...`` in the core counts, those inside
functions and under ``TYPE_CHECKING`` too, so a new module cannot quietly
make two parts depend on each other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[1] / "src" / "cardrules"

#: Each part of the core and its layer: a part imports only parts of lower layers.
LAYERS = {
    "errors": 0,
    "_version": 0,
    "model": 1,
    "information": 2,
    "plugins": 3,
    "engine": 4,
    "bots": 5,
    "svg": 5,
    "records": 6,
    "adapters": 7,
    "analysis": 7,
    "testing": 7,
    "web": 7,
    "cli": 8,
    "__main__": 9,
    "__init__": 9,
}


def part_of(path: Path) -> str:
    """The part of the core a file belongs to: its folder, or its own name at the top."""
    relative = path.relative_to(CORE)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def imported_parts(source: str) -> Iterator[str]:
    """The parts of the core that ``source`` imports from."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = node.module.split(".")
            if names[0] == "cardrules":
                yield names[1] if len(names) > 1 else "__init__"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                names = alias.name.split(".")
                if names[0] == "cardrules":
                    yield names[1] if len(names) > 1 else "__init__"


def wrong_way(part: str, source: str) -> list[str]:
    """The imports of ``source`` (a file of ``part``) that run up or sideways."""
    return [
        f"{part} -> {other}"
        for other in imported_parts(source)
        if other != part and LAYERS[other] >= LAYERS[part]
    ]


def test_every_part_of_the_core_has_a_layer() -> None:
    parts = {part_of(path) for path in CORE.rglob("*.py")}
    assert parts <= set(LAYERS), f"give these a layer here and in the docs: {parts - set(LAYERS)}"


def test_imports_run_down_the_layers() -> None:
    found = []
    for path in sorted(CORE.rglob("*.py")):
        found += [
            f"{path.relative_to(CORE)}: {edge}"
            for edge in wrong_way(part_of(path), path.read_text())
        ]
    assert found == []


@pytest.mark.parametrize(
    ("part", "source", "expected"),
    [
        ("engine", "from cardrules.bots.search import ISMCTSBot", ["engine -> bots"]),
        ("bots", "import cardrules.svg.pictures", ["bots -> svg"]),
        ("model", "def f():\n    from cardrules.engine import GameState\n", ["model -> engine"]),
        ("engine", "from cardrules.model.moves import Move", []),
        ("engine", "from cardrules.engine.game import Game", []),
    ],
)
def test_the_check_finds_an_import_running_up(part: str, source: str, expected: list[str]) -> None:
    assert wrong_way(part, source) == expected
