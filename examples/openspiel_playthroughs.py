"""Write (or rewrite) the OpenSpiel playthroughs of both games in tests/adapters/playthroughs/.

A playthrough is OpenSpiel's record of a random match of a game, state by
state: every observation string and tensor, legal actions, rewards and returns
(``open_spiel.python.algorithms.generate_playthrough``). OpenSpiel keeps one
for each of its games and its tests replay them and compare, line by line;
``tests/adapters/test_openspiel_playthroughs.py`` does the same for ours. The
matches are capped at a few decisions (``max_decisions``) to keep the files
small.

Run it after a change that alters what the adapter shows, then review the diff::

    .venv/bin/python examples/openspiel_playthroughs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from absl import flags
from open_spiel.python.algorithms import generate_playthrough

import cardrules.adapters.openspiel  # noqa: F401  (registers the games)

#: Where the playthroughs live.
DIRECTORY = Path(__file__).resolve().parent.parent / "tests" / "adapters" / "playthroughs"
#: Game string and action-choosing seed of each playthrough, by file name.
PLAYTHROUGHS = {
    "python_cardrules_gnoming_a_round.txt": (
        "python_cardrules_gnoming_a_round(max_decisions=9,rounds=1,rng_seed=5,"
        "variants=no-bounce+same-starter,options=hazard_points:20;ender_bonus:7)",
        3,
    ),
    "python_cardrules_toonerville_rook.txt": (
        "python_cardrules_toonerville_rook(max_decisions=3,rounds=1,rng_seed=5)",
        3,
    ),
}


def main() -> int:
    flags.FLAGS(sys.argv[:1])  # generate_playthrough reads an absl flag
    DIRECTORY.mkdir(parents=True, exist_ok=True)
    for name, (game_string, seed) in PLAYTHROUGHS.items():
        text = generate_playthrough.playthrough(game_string, [], seed=seed)
        path = DIRECTORY / name
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        print(f"{'unchanged' if old == text else 'wrote'} {path} ({len(text):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
