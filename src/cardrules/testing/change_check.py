"""Whether a variant changes play: the same seeds with and without it, compared.

`check_changes` plays each seed twice in lock-step, on the game with the
variants and on the game without them, with the same moves (chosen by the
game's greedy bot, or the random bot, on the variant's side, seeded alike),
and notes where the two first differ:

* ``"deal"``: a seat's first observation (the deck, the deal);
* ``"legal moves"``: the legal moves at some decision;
* ``"scores"``: the scores of a round both finished.

A match stops being compared once the move played is not legal without the
variants (the two have parted). The check fails (`KitFailure`, check
``"changes"``) when an aspect the caller names in ``expect`` never differed,
or, with ``expect`` empty, when nothing differed at all: a variant that
changes nothing. Example::

    report = check_changes("gnoming-a-round", ["no-bounce"], players=3, expect=["legal moves"])
    print(report)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardrules.bots.base import RandomBot
from cardrules.engine.game_state import GameState, new_game
from cardrules.plugins.registry import Catalogue
from cardrules.testing.kit import KitFailure, new_bot

__all__ = ["ASPECTS", "ChangeReport", "check_changes"]

#: What `check_changes` compares, in the order it reports them.
ASPECTS = ("deal", "legal moves", "scores")


@attrs.frozen
class ChangeReport:
    """What `check_changes` compared, and where the variants made a difference.

    Attributes:
        game: the game's name.
        variants: the variants compared with the game without them.
        seeds: the seeds played.
        decisions: decisions compared in all (while the two matches agreed on the move).
        differed: ``{aspect: seeds where it differed}`` for each of `ASPECTS`.
        first: ``{aspect: a description of its first difference}``.
        expected: the aspects the caller expected to differ.
    """

    game: str
    variants: tuple[str, ...]
    seeds: tuple[int, ...]
    decisions: int
    differed: dict[str, int]
    first: dict[str, str]
    expected: tuple[str, ...] = ()

    @property
    def missing(self) -> tuple[str, ...]:
        """The expected aspects (any, when none is named) that never differed."""
        if self.expected:
            return tuple(a for a in self.expected if not self.differed[a])
        return () if any(self.differed.values()) else ASPECTS

    def __str__(self) -> str:
        lines = [
            f"cardrules change check: {self.game}, variants {', '.join(self.variants)} "
            f"against none, seeds {', '.join(map(str, self.seeds))}: "
            f"{self.decisions:,} decisions compared"
        ]
        for aspect in ASPECTS:
            seen = self.differed[aspect]
            where = f": first {self.first[aspect]}" if aspect in self.first else ""
            lines.append(f"  {aspect:<12} differed in {seen} of {len(self.seeds)} matches{where}")
        return "\n".join(lines)


def _plain(observation: Any) -> Any:
    """An observation without what variants add (their views), to compare across games."""
    if attrs.has(type(observation)) and hasattr(observation, "variant_views"):
        return attrs.evolve(observation, variant_views=())
    return observation


def check_changes(
    game: str,
    variants: Sequence[str],
    *,
    players: int,
    seeds: Iterable[int] = range(3),
    expect: Iterable[str] = (),
    max_decisions: int = 1000,
    options: Any = None,
    catalogue: Catalogue | None = None,
) -> ChangeReport:
    """Play the same seeds with and without ``variants``; fail where they change nothing.

    Args:
        game: the game's registered name.
        variants: the variants whose effect is checked.
        players: seats.
        seeds: the matches' seeds (each also seeds the bots).
        expect: aspects of `ASPECTS` that must differ in at least one match;
            empty (the default): any one of them.
        max_decisions: decisions compared at most per match.
        options: the game's options, the same on both sides.
        catalogue: where to find the game (default: installed plugins).

    Returns:
        The `ChangeReport`.

    Raises:
        KitFailure: check ``"changes"``: an expected aspect never differed (or
            nothing did); the message says what was compared.
        ValueError: ``expect`` names something not in `ASPECTS`, or ``variants`` is empty.
    """
    expected = tuple(expect)
    unknown = [a for a in expected if a not in ASPECTS]
    if unknown or not variants:
        raise ValueError(
            f"expect takes {', '.join(map(repr, ASPECTS))} (got {unknown}), and variants "
            "must name at least one variant"
        )
    played = tuple(seeds)
    differed = dict.fromkeys(ASPECTS, 0)
    first: dict[str, str] = {}
    decisions = 0
    for seed in played:
        made = {"catalogue": catalogue, "options": options, "players": players, "seed": seed}
        changed = new_game(game, variants=variants, **made)
        plain = new_game(game, **made)
        found = _compare(changed, plain, seed, max_decisions)
        decisions += found.pop("decisions", 0)
        for aspect, text in found.items():
            differed[aspect] += 1
            first.setdefault(aspect, f"seed {seed}, {text}")
    report = ChangeReport(
        game, tuple(variants), played, decisions, differed, first, expected=expected
    )
    if report.missing:
        what = " or ".join(report.missing)
        raise KitFailure(
            "changes",
            f"variants {', '.join(variants)} changed no {what} in {len(played)} matches "
            "(the same seeds and moves with and without them): does the variant do anything?",
            report,
        )
    return report


def _compare(changed: GameState, plain: GameState, seed: int, most: int) -> dict[str, Any]:
    """Play ``changed``'s bots' moves on both; the first difference of each aspect."""
    found: dict[str, Any] = {}
    for seat in range(changed.players):
        if _plain(changed.observation(seat)) != _plain(plain.observation(seat)):
            found["deal"] = f"seat {seat}'s first observation"
            break
    factory = dict(changed.game.spec.bots).get("greedy", RandomBot)
    rng = random.Random(seed)
    bots = [new_bot(factory, rng.getrandbits(32), changed.game) for _ in range(changed.players)]
    done = 0
    while not changed.is_over and not plain.is_over and done < most:
        moves, others = changed.legal_moves(), plain.legal_moves()
        if moves != others and "legal moves" not in found:
            found["legal moves"] = f"decision {done + 1}"
        deciding = changed.current_player
        assert deciding is not None
        move = bots[deciding].choose(changed.observation(deciding))
        if deciding != plain.current_player or not plain.is_legal(move):
            break
        changed.apply(move)
        plain.apply(move)
        done += 1
        both = min(len(changed.round_scores), len(plain.round_scores))
        if changed.round_scores[:both] != plain.round_scores[:both] and "scores" not in found:
            found["scores"] = f"round {both}: {changed.round_scores[both - 1]} against " + str(
                plain.round_scores[both - 1]
            )
    found["decisions"] = done
    return found
