"""The variant testing kit: it reaches what a variant adds, says so, and fails broken variants."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import attrs
import pytest

from cardrules import Game, VariantSpec, hookimpl, new_game
from cardrules.model.chance import Chance
from cardrules.plugins.variant_state import StateSpec, variant_state
from cardrules.testing import KitFailure, check_variant
from cardrules_gnoming.state import GnomingPhase
from tests.variant_toys import GAME, HUM_KIND, Hum, Sigh, sigh_variant, toy_catalogue

# Small budgets: each match stops after this many moves; states checked every few moves.
QUICK: dict[str, Any] = {"players": 3, "matches": 1, "max_decisions": 120, "check_every": 4}


def catalogue_with(*specs: VariantSpec) -> Any:
    class Broken:
        @hookimpl
        def cardrules_register_variants(self, register: Any) -> None:
            for spec in specs:
                register(spec)

    return toy_catalogue(("broken", Broken()))


def test_the_report_lists_what_each_variant_reached() -> None:
    report = check_variant(GAME, ["tally", "sigh"], catalogue=toy_catalogue(), **QUICK)
    assert report.moves[("sigh", "sigh")] >= 1
    assert report.offered[("sigh", "sigh")] >= report.moves[("sigh", "sigh")]
    # Every move went through cardrules_apply_move but the sighs (which their kind applies)
    # and the answers in the game's own Hazard-flip window (G15), which the window plays.
    sighs = report.moves[("sigh", "sigh")]
    applied = report.hooks[("tally", "cardrules_apply_move")]
    assert report.decisions - sighs - report.in_windows == applied
    assert report.unreached == ()
    text = str(report)
    assert "move  sigh" in text
    assert "hook  tally            cardrules_apply_move" in text
    assert "unreached: none" in text
    assert report.replays == report.matches == 1


def test_a_move_never_reached_fails_unless_allowed() -> None:
    spec = sigh_variant("never-sigh", legal=lambda game, state: ())
    catalogue = catalogue_with(spec)
    with pytest.raises(KitFailure, match="never reached: move never-sigh:sigh") as failure:
        check_variant(GAME, ["never-sigh"], catalogue=catalogue, **QUICK)
    assert failure.value.check == "unreached"
    assert failure.value.report.moves == {("never-sigh", "sigh"): 0}
    report = check_variant(
        GAME, ["never-sigh"], allow_unreached=["sigh"], catalogue=catalogue, **QUICK
    )
    assert "allowed unreached: sigh" in str(report)


def test_a_tensor_that_crashes_fails_naming_the_variant() -> None:
    def encode(game: Game, observation: Any) -> list[float]:
        if variant_state_of(observation):
            raise KeyError("sighs")
        return [0.0]

    spec = sigh_variant("crash-sigh", encode=encode)
    with pytest.raises(KitFailure, match="variant:crash-sigh") as failure:
        check_variant(GAME, ["crash-sigh"], catalogue=catalogue_with(spec), **QUICK)
    assert failure.value.check == "tensor"
    assert "seat 0 plays sigh" in str(failure.value) or "plays sigh" in str(failure.value)


def test_an_encode_state_that_disagrees_with_encode_fails_the_tensor_check() -> None:
    """A kind reading its planes off the round must give what ``encode`` gives of the
    observation: here it forgets the sigh, so the first state after one differs."""
    spec = sigh_variant("forgetful-sigh", encode_state=lambda game, state, seat: [0.0])
    with pytest.raises(KitFailure, match="differs from the observation encoded") as failure:
        check_variant(GAME, ["forgetful-sigh"], catalogue=catalogue_with(spec), **QUICK)
    assert failure.value.check == "tensor"


def variant_state_of(observation: Any) -> int:
    """The sigh count a crash-sigh observation shows."""
    return int(dict(observation.variant_views)["crash-sigh"].count)


@attrs.frozen
class Leaky:
    """A frozen value holding a list: changing the list changes every copy sharing it."""

    sighs: list[int] = attrs.field(factory=list)


def leaky_apply(game: Game, state: Any, move: Any, chance: Chance) -> None:
    variant_state(state, "leaky-sigh").sighs.append(state.current_player)  # in place: wrong


def test_a_state_not_cloned_fails_the_clone_check() -> None:
    spec = sigh_variant(
        "leaky-sigh",
        state=StateSpec(type=Leaky),
        legal=lambda game, state: (
            (Sigh(),) if not variant_state(state, "leaky-sigh").sighs and state.round == 0 else ()
        ),
        apply=leaky_apply,
        encode=lambda game, obs: [0.0],
    )
    with pytest.raises(KitFailure, match="changed the original") as failure:
        check_variant(GAME, ["leaky-sigh"], catalogue=catalogue_with(spec), **QUICK)
    assert failure.value.check == "clone"


def test_starts_are_played_and_a_hand_built_one_is_not_replayed() -> None:
    catalogue = toy_catalogue()
    start = new_game(GAME, players=3, seed=4, variants=["sigh"], catalogue=catalogue)
    # Hand-built: the top cards of the draw pile and of discard pile 0 change places, so
    # no record replays to this round.
    round_state = start.round_state.clone()
    top, shown = round_state.stock.draw(), round_state.discards[0].draw()
    assert top != shown
    round_state.stock.put(shown)
    round_state.discards[0].put(top)
    start.set_round_state(round_state)
    report = check_variant(
        GAME, ["sigh"], starts=[start], catalogue=catalogue, **{**QUICK, "matches": 0}
    )
    assert (report.matches, report.replays, report.not_replayed) == (1, 0, 1)
    assert report.moves[("sigh", "sigh")] >= 1


class Loud:
    """Narrates every move twice (a presentation-only variant)."""

    @hookimpl(wrapper=True)
    def cardrules_narrate(
        self, game: Game, before: Any, seat: int, move: Any, after: Any
    ) -> Generator[None, list[Any], list[Any]]:
        lines = yield
        return [*lines, *lines]


def test_a_hook_only_the_checks_call_is_reached_by_them() -> None:
    """The kit narrates every checked move, as the command line would: narration hooks count."""
    spec = VariantSpec("loud", GAME, "Narrates twice (test toy).", plugin=Loud())
    report = check_variant(GAME, ["loud"], catalogue=catalogue_with(spec), **QUICK)
    assert report.hooks == {("loud", "cardrules_narrate"): report.decisions // 4}


def test_bad_settings_are_refused() -> None:
    for settings, message in (
        ({"lean": 1.5}, "lean is a probability"),
        ({"random_share": -0.1}, "random_share is a probability"),
        ({"max_decisions": 0}, "max_decisions >= 1"),
    ):
        with pytest.raises(ValueError, match=message):
            check_variant(GAME, [], players=3, **settings)
    other = new_game(GAME, players=3, seed=1)
    with pytest.raises(ValueError, match="start 1 is not"):
        check_variant(GAME, ["sigh"], players=3, starts=[other], catalogue=toy_catalogue())


def test_two_moves_of_a_kind_on_one_id_fail_naming_both() -> None:
    """A kind whose moves outnumber its ids (here two hums on one id) fails the
    action check, which names the two moves and their block, not the move played."""
    kind = attrs.evolve(
        HUM_KIND,
        legal=lambda game, state: (
            (Hum("low"), Hum("high")) if state.phase is GnomingPhase.DRAW else ()
        ),
        actions=1,
        id_of=lambda move: 0,
        move_of=lambda index: Hum("low"),
    )
    spec = VariantSpec("one-hum", GAME, "Hum on one id (test toy).", moves=(kind,))
    with pytest.raises(KitFailure, match="hum low and hum high share action id") as failure:
        check_variant(GAME, ["one-hum"], catalogue=catalogue_with(spec), **QUICK)
    assert failure.value.check == "actions"
    assert "'one-hum:hum'" in str(failure.value)
