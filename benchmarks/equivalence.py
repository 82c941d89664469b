"""Equivalence check for speed work: the same legal moves and observations, before and after.

    python benchmarks/equivalence.py --save before.json   # on the old code
    python benchmarks/equivalence.py --check before.json  # on the new code: exit 1 on a difference
    python benchmarks/equivalence.py                      # print the digests

Per game (4 players by default) it hashes, with `cardrules.testing.fingerprint`:

* every legal-move list of 30 seeded random matches (``--matches``), decision
  by decision, and the move played;
* the acting seat's observation and observation tensor at every decision, and
  those of one other seat drawn at random, over 10 seeded random matches
  (``--tensor-matches``; needs numpy);
* the same with ``state.observation_tensor(seat)`` as the tensor (read off
  the round state where the game can): these ``seat-tensors`` digests must
  equal the ``observations`` ones, of this run and saved;
* the same, 2 matches each, with each bundled variant of the game
  (``--variant-matches``), so the hook paths are covered too;
* legal moves of 2 matches (``--option-matches``) under each option of an
  interpretation that changes what is legal (`OPTIONS`), for 3 and 5 players
  too, so the fast paths a speed change adds for the default rules are held
  against the rules they stand aside for.

The digests of each match are kept apart, so a difference names the match
(game, check, seed). A change to the rules themselves changes the digests:
save them again on the new rules before measuring a speed change.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from cardrules.plugins.registry import default_catalogue
from cardrules.testing.fingerprint import legal_move_digest, observation_digest

GAMES = ("gnoming-a-round", "toonerville-rook")
#: Per game, the options whose interpretations change what is legal or observed.
OPTIONS: dict[str, list[dict[str, object]]] = {
    "toonerville-rook": [
        {"naturals_exceed_rooks": True},
        {"min_naturals": 1},
        {"min_naturals": 3},
        {"last_round_whole_hand": False},
        {"lay_down_extra_melds": True},
        {"swapped_rook_by_turn_end": True},
        {"last_round_whole_hand": False, "swapped_rook_by_turn_end": True},
        {"lay_off_same_turn": False},
        {"buy_limit": 2},
        {"down_players_may_buy": False},
        {"stock_rebuilds": None},
    ],
    "gnoming-a-round": [
        {"bouncing": False},
        {"taken_discard_must_be_kept": True},
        {"hazards_return_each_round": True},
        {"hazard_drawer_need_not_restart": True},
        {"start_pile_hazard": "shuffle-back"},
        {"mulligan_limit": 3},
    ],
}


#: `observation_digest` hashing ``state.observation_tensor(seat)`` as the tensor.
seat_tensor_digest = functools.partial(observation_digest, seat_tensors=True)


def expected_key(check: str) -> str:
    """The check whose digests ``check``'s must equal: a seat-tensor check's observation one."""
    return check.replace("/seat-tensors", "/observations")


def digests(
    games: list[str],
    players: int,
    matches: int,
    tensor_matches: int,
    variant_matches: int,
    option_matches: int = 2,
) -> dict[str, dict[str, str]]:
    """``{"game/check": {seed: digest}}`` for every check (seeds as strings, for JSON)."""
    catalogue = default_catalogue()
    found: dict[str, dict[str, str]] = {}
    for game in games:
        Digest = Callable[
            [str, int, Iterable[int], Sequence[str], Mapping[str, object] | None], dict[int, str]
        ]
        checks: list[tuple[str, tuple[str, ...], int, Digest]] = [
            ("legal-moves", (), matches, legal_move_digest)
        ]
        checks.append(("observations", (), tensor_matches, observation_digest))
        checks.append(("seat-tensors", (), tensor_matches, seat_tensor_digest))
        for variant in sorted(v.name for v in catalogue.variants() if v.game == game):
            checks.append(
                (f"legal-moves+{variant}", (variant,), variant_matches, legal_move_digest)
            )
            checks.append(
                (f"observations+{variant}", (variant,), variant_matches, observation_digest)
            )
            checks.append(
                (f"seat-tensors+{variant}", (variant,), variant_matches, seat_tensor_digest)
            )
        for name, variants, count, digest in checks:
            start = time.perf_counter()
            result = digest(game, players, range(count), variants, None)
            found[f"{game}/{name}"] = {str(seed): value for seed, value in result.items()}
            print(
                f"{game}/{name}: {count} matches in {time.perf_counter() - start:.1f} s",
                file=sys.stderr,
            )
        spec = catalogue.game(game)
        for options in OPTIONS.get(game, []) if option_matches else []:
            label = ",".join(f"{key}={value}" for key, value in sorted(options.items()))
            for seats in sorted({spec.min_players, players, spec.max_players}):
                start = time.perf_counter()
                result = legal_move_digest(game, seats, range(option_matches), (), options)
                key = f"{game}/legal-moves/{seats}p/{label}"
                found[key] = {str(seed): value for seed, value in result.items()}
                print(
                    f"{key}: {option_matches} matches in {time.perf_counter() - start:.1f} s",
                    file=sys.stderr,
                )
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=30, help="legal-move matches per game")
    parser.add_argument("--tensor-matches", type=int, default=10, help="observed matches per game")
    parser.add_argument("--variant-matches", type=int, default=2, help="per variant and check")
    parser.add_argument(
        "--option-matches", type=int, default=2, help="per option and player count (0: none)"
    )
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--save", type=Path, help="write the digests to this JSON file")
    group.add_argument("--check", type=Path, help="compare with digests saved by --save")
    args = parser.parse_args(argv)
    found = digests(
        args.games,
        args.players,
        args.matches,
        args.tensor_matches,
        args.variant_matches,
        args.option_matches,
    )
    unequal = [
        f"{check} seed {seed} (against {expected_key(check)} of this run)"
        for check, per_seed in found.items()
        if expected_key(check) != check
        for seed, value in per_seed.items()
        if found[expected_key(check)][seed] != value
    ]
    for line in unequal:
        print(f"DIFFERS: {line}")
    if unequal:
        return 1
    if args.save:
        args.save.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"saved {sum(map(len, found.values()))} digests to {args.save}")
        return 0
    if args.check:
        saved: dict[str, dict[str, str]] = json.loads(args.check.read_text())
        differ = [
            f"{check} seed {seed}"
            for check, per_seed in found.items()
            for seed, value in per_seed.items()
            if saved.get(expected_key(check), {}).get(seed) != value
        ]
        for line in differ:
            print(f"DIFFERS: {line}")
        compared = sum(map(len, found.values()))
        print(f"{compared - len(differ)} of {compared} digests identical to {args.check}")
        return 1 if differ else 0
    for check, per_seed in found.items():
        print(check, *(f"{seed}:{value[:12]}" for seed, value in per_seed.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
