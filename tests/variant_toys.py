"""Small Gnoming A Round variants that keep state and add moves, for the tests of the variant API.

* ``tally`` keeps, for the whole match, how many cards each seat drew from
  the draw pile; each seat sees only its own count (a private view, sampled
  back as 0 for the others).
* ``sigh`` adds a move, legal once per round at the start of a turn, that
  changes nothing but its own state; it has one tensor plane.
* ``hum`` adds a two-id move (``hum low``, ``hum high``) with no planes.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

import attrs

from cardrules import Catalogue, Game, IllegalMoveError, Move, VariantSpec, hookimpl
from cardrules.model.chance import Chance
from cardrules.plugins.variant_moves import NO_PLANES, MoveKind
from cardrules.plugins.variant_state import (
    StateSpec,
    set_variant_state,
    variant_state,
    variant_view,
)
from cardrules_gnoming.moves import STOCK, Draw
from cardrules_gnoming.state import GnomingPhase

GAME = "gnoming-a-round"


@attrs.frozen
class Tally:
    draws: tuple[int, ...] = ()


def _tally_view(game: Game, value: Tally, seat: int) -> int:
    return value.draws[seat]


def _tally_sample(game: Game, view: int, seat: int, rng: random.Random) -> Tally:
    return Tally(tuple(view if s == seat else 0 for s in range(game.players)))


class TallyRules:
    @hookimpl(wrapper=True)
    def cardrules_apply_move(
        self, game: Game, state: Any, move: Move, chance: Chance
    ) -> Generator[None, Any, Any]:
        seat = state.current_player
        result = yield
        if move == Draw(STOCK):
            draws = list(variant_state(state, "tally").draws)
            draws[seat] += 1
            set_variant_state(state, "tally", Tally(tuple(draws)))
        return result


TALLY = VariantSpec(
    "tally",
    GAME,
    "Counts draws from the draw pile (test toy).",
    plugin=TallyRules(),
    state=StateSpec(
        type=Tally,
        initial=lambda game, round: Tally((0,) * game.players),
        per_match=True,
        view=_tally_view,
        determinize=_tally_sample,
    ),
)


@attrs.frozen
class Sighs:
    count: int = 0


@attrs.frozen
class Sigh(Move):
    def __str__(self) -> str:
        return "sigh"


def sigh_variant(name: str = "sigh", **changes: Any) -> VariantSpec:
    """The ``sigh`` variant registered as ``name``; ``changes`` replace fields of its move kind."""

    def legal(game: Game, state: Any) -> tuple[Move, ...]:
        fresh = state.phase is GnomingPhase.DRAW and variant_state(state, name).count == 0
        return (Sigh(),) if fresh else ()

    def apply(game: Game, state: Any, move: Move, chance: Chance) -> None:
        set_variant_state(state, name, Sighs(variant_state(state, name).count + 1))

    kind = MoveKind(
        name="sigh",
        type=Sigh,
        rule="G9",
        parse=lambda text: Sigh() if text.strip() == "sigh" else None,
        legal=legal,
        apply=apply,
        narrate=lambda game, before, seat, move, after: [f"seat {seat} sighs"],
        prompt="sigh     sigh once a round",
        planes=(("sighs", (1,), "sighs this round"),),
        encode=lambda game, obs: [variant_view(obs, name).count],
    )
    state = changes.pop("state", StateSpec(type=Sighs))
    return VariantSpec(
        name,
        GAME,
        "Once a round, sigh at the start of a turn (test toy).",
        state=state,
        moves=(attrs.evolve(kind, **changes),),
    )


SIGH = sigh_variant()


@attrs.frozen
class Hum(Move):
    pitch: str

    def __str__(self) -> str:
        return f"hum {self.pitch}"


def _parse_hum(text: str) -> Move | None:
    words = text.split()
    if words[:1] != ["hum"]:
        return None
    if words[1:] not in (["low"], ["high"]):
        from cardrules import InvalidMoveError

        raise InvalidMoveError(f"hum low or hum high, not {text!r}")
    return Hum(words[1])


HUM_KIND = MoveKind(
    name="hum",
    type=Hum,
    rule="G9",
    parse=_parse_hum,
    legal=lambda game, state: (
        (Hum("low"), Hum("high")) if state.phase is GnomingPhase.DRAW and state.round == 9 else ()
    ),
    apply=lambda game, state, move, chance: None,
    narrate=lambda game, before, seat, move, after: [f"seat {seat} hums"],
    prompt="hum low  hum (never legal; test toy)",
    planes=NO_PLANES,
    actions=2,
    id_of=lambda move: ("low", "high").index(move.pitch),  # type: ignore[attr-defined]
    move_of=lambda index: Hum(("low", "high")[index]),
    explain=lambda game, state, move: IllegalMoveError("G9", "nobody hums here", move=move),
)

HUM = VariantSpec("hum", GAME, "Hum (test toy).", moves=(HUM_KIND,))


class ToyPlugin:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        for spec in (TALLY, SIGH, HUM):
            register(spec)


def toy_catalogue(*extra: tuple[str, object]) -> Catalogue:
    """The installed games with the toy variants (and ``extra`` plugins) added."""
    return Catalogue([("toys", ToyPlugin()), *extra])
