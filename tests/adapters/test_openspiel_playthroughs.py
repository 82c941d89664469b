"""The committed OpenSpiel playthroughs replay exactly, as OpenSpiel checks its own games'.

OpenSpiel's ``integration_tests/playthrough_test.py`` regenerates each
playthrough from the game string and actions it records
(``generate_playthrough.replay``) and compares the texts line by line; this does
the same for the files in ``tests/adapters/playthroughs/``. After a change that
alters what the adapter shows, regenerate them with
``examples/openspiel_playthroughs.py`` and review the diff.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from absl import flags
from open_spiel.python.algorithms import generate_playthrough

from cardrules.adapters.openspiel.game import short_name
from cardrules.plugins.registry import default_catalogue

DIRECTORY = Path(__file__).parent / "playthroughs"
FILES = sorted(DIRECTORY.glob("*.txt"))


@pytest.fixture(scope="module", autouse=True)
def _absl_flags() -> None:
    """generate_playthrough reads an absl flag: parse the defaults once, as absltest would."""
    if not flags.FLAGS.is_parsed():
        flags.FLAGS(["pytest"])


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_playthrough_replays_exactly(path: Path) -> None:
    expected, actual = generate_playthrough.replay(str(path))
    for number, (want, got) in enumerate(
        zip(expected.split("\n"), actual.split("\n"), strict=False), start=1
    ):
        assert got == want, f"line {number} of {path.name}"
    assert actual == expected


def test_every_game_has_a_playthrough() -> None:
    found = set()
    for path in FILES:
        match = re.search(r'^GameType\.short_name = "(.*)"$', path.read_text("utf-8"), re.M)
        assert match, path.name
        found.add(match[1])
    assert found == {short_name(spec.name) for spec in default_catalogue().games()}
