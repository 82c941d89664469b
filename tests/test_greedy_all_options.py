"""Greedy bots finish a match under every option value and every bundled variant.

A greedy bot weighs only moves it could complete legally. Before that held, a
Gnoming greedy bot with ``mulligan_limit=0`` took a Mulligan from a discard
pile for its best position, which G13 then forbade, threw it back, and the
next greedy bot did the same, forever. Each configuration here plays short
seeded matches (one round where the option allows) and requires them to end
well before the decision cap; a table of option values that must name every
option field keeps new options from slipping by.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import cardrules
from cardrules import play_match
from cardrules_gnoming import bots as gnoming_bots
from cardrules_gnoming import variants as gnoming_variants
from cardrules_gnoming.options import GnomingOptions
from cardrules_rook import bots as rook_bots
from cardrules_rook import variants as rook_variants
from cardrules_rook.options import RookOptions

GNOMING = "gnoming-a-round"
ROOK = "toonerville-rook"

#: Non-default values of every Gnoming option (each an *Interpretation*, G2-G23).
GNOMING_VALUES: dict[str, tuple[Any, ...]] = {
    "start_pile_hazard": ("shuffle-back",),
    "hazards_return_each_round": (True,),
    "initial_reveals": (0, 4),
    "first_seat": (2,),
    "rotate_first_seat": (False,),
    "draw_pile_rebuilds": (0, 3, None),
    "hazard_drawer_need_not_restart": (True,),
    "taken_discard_must_be_kept": (True,),
    "bouncing": (False,),
    "mulligan_limit": (0, 2),
    "hazard_points": (20, -3),
    "ender_bonus": (0, 15),
    "ender_tie_is_lowest": (False,),
    "rounds": (1,),
}

#: Non-default values of every Rook option (each an *Interpretation*, R4-R19).
ROOK_VALUES: dict[str, tuple[Any, ...]] = {
    "first_dealer": (1,),
    "rotate_dealer": (False,),
    "min_naturals": (1, 3),
    "naturals_exceed_rooks": (True,),
    "buy_limit": (0, 2),
    "down_players_may_buy": (False,),
    "lay_off_same_turn": (False,),
    "lay_down_extra_melds": (True,),
    "swapped_rook_by_turn_end": (True,),
    "last_round_whole_hand": (False,),
    "stock_rebuilds": (0, None),
    "tie": ("last-round",),
    "rounds": (1,),
}

#: Options that matter only in a later round: their matches play every round.
WHOLE_MATCH = {(ROOK, "last_round_whole_hand"), (GNOMING, "hazards_return_each_round")}


def _cases() -> list[Any]:
    cases = []
    for game, values in ((GNOMING, GNOMING_VALUES), (ROOK, ROOK_VALUES)):
        for name, options in values.items():
            for value in options:
                rounds = None if (game, name) in WHOLE_MATCH else 1
                short = {} if rounds is None or name == "rounds" else {"rounds": rounds}
                cases.append(
                    pytest.param(game, {**short, name: value}, (), id=f"{game}-{name}={value}")
                )
    for game, specs in ((GNOMING, gnoming_variants.VARIANTS), (ROOK, rook_variants.VARIANTS)):
        for spec in specs:
            cases.append(pytest.param(game, {"rounds": 1}, (spec.name,), id=f"{game}-{spec.name}"))
    return cases


@pytest.mark.parametrize(
    ("options", "values"), [(GnomingOptions, GNOMING_VALUES), (RookOptions, ROOK_VALUES)]
)
def test_the_tables_name_every_option_with_non_default_values(
    options: type[Any], values: dict[str, tuple[Any, ...]]
) -> None:
    """Every option field is played, and only with values other than its default."""
    fields = {f.name: f.default for f in attrs.fields(options)}
    assert set(values) == set(fields)
    for name, tried in values.items():
        assert tried, name
        assert fields[name] not in tried, name
        for value in tried:
            options(**{name: value})  # accepted


@pytest.mark.rule("G13")
@pytest.mark.parametrize(("game", "options", "variants"), _cases())
def test_greedy_matches_finish(
    game: str, options: dict[str, Any], variants: tuple[str, ...]
) -> None:
    """Two seeded matches of greedy bots end on their own, well before the decision cap.

    Gnoming plays 5 seats from seed 0 (the seats and seed of the livelock
    with ``mulligan_limit=0``) and 3 seats from seed 1; Rook 3 and 4 seats.
    A whole match (for an option that matters only in a later round) plays
    the first table only.
    """
    bot: Any = gnoming_bots.GreedyBot if game == GNOMING else rook_bots.GreedyBot
    tables: list[tuple[int, int]] = [(5, 0), (3, 1)] if game == GNOMING else [(3, 0), (4, 1)]
    if "rounds" not in options:
        tables = tables[:1]  # a whole match (an option of a later round): one table
    for players, seed in tables:
        state = cardrules.new_game(
            game, players=players, seed=seed, options=options, variants=list(variants)
        )
        result = play_match(state, [bot(seed=s) for s in range(players)], max_decisions=8_000)
        assert not result.truncated, (players, seed, result.decisions)
        assert result.finished


@pytest.mark.rule("G13")
def test_mulligan_limit_0_match_of_the_issue_finishes() -> None:
    """Issue 45's example: 5 greedy seats, seed 0, ``mulligan_limit=0``, a whole match.

    It ran to the cap (``take discard 0``, ``discard 0`` for ever); now no
    greedy seat takes a Mulligan it could not place, and the match ends.
    """
    state = cardrules.new_game(GNOMING, players=5, seed=0, options={"mulligan_limit": 0})
    bots = [gnoming_bots.GreedyBot(seed=s) for s in range(5)]
    result = play_match(state, bots, max_decisions=20_000)
    assert not result.truncated
    assert result.finished
    assert result.decisions < 2_000
