"""Plugins that answer wrongly are caught by name, and the match is left as it was.

Each variant below breaks one promise of a rule hook (issue 14, case 7). Wrong
types and shapes are caught in normal play; the costly cases (a listed move the
game's own rules refuse, a move listed twice, a read-only hook changing the
state, a lost card) in strict mode, which the testing kit switches on.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import pytest

from cardrules import (
    Catalogue,
    GameState,
    PluginHookError,
    PluginLoadError,
    PluginLoadWarning,
    VariantSpec,
    hookimpl,
    new_game,
)
from cardrules.plugins.strict import StrictChecks
from cardrules.testing import run_conformance
from cardrules.testing.conformance import snapshot
from cardrules_gnoming.moves import Place
from cardrules_rook.cards import Card
from cardrules_rook.moves import Discard as RookDiscard

Wrapped = Generator[None, Any, Any]


class LegalMovesIsANumber:
    @hookimpl(wrapper=True)
    def cardrules_legal_moves(self, game: Any, state: Any) -> Wrapped:
        yield
        return 42


class LegalMovesIsNone:
    @hookimpl(wrapper=True)
    def cardrules_legal_moves(self, game: Any, state: Any) -> Wrapped:
        yield
        return None


class ApplyMoveIsNone:
    @hookimpl(wrapper=True)
    def cardrules_apply_move(self, game: Any, state: Any, move: Any, chance: Any) -> Wrapped:
        yield
        return None


class ActionSpaceIsText:
    @hookimpl(tryfirst=True)
    def cardrules_action_space(self, game: Any) -> Any:
        return "every move"


class ExplainsWithText:
    @hookimpl(tryfirst=True)
    def cardrules_explain_illegal(self, game: Any, state: Any, move: Any) -> Any:
        return "no"


class TwoScores:
    @hookimpl(wrapper=True)
    def cardrules_score_round(self, game: Any, state: Any) -> Wrapped:
        scores = yield
        return scores[:2]


class TextScores:
    @hookimpl(wrapper=True)
    def cardrules_score_round(self, game: Any, state: Any) -> Wrapped:
        scores = yield
        return tuple(str(score) for score in scores)


class SeatNinetyNineWins:
    @hookimpl(tryfirst=True)
    def cardrules_match_winners(self, game: Any, round_scores: Any) -> Any:
        return (99,)


class ListsAPlaceWhenRevealing:
    """Lists "place 4" in the reveal phase: applied, it puts None in a layout."""

    @hookimpl(wrapper=True)
    def cardrules_legal_moves(self, game: Any, state: Any) -> Wrapped:
        moves = yield
        return [*moves, Place(4)]


class ListsAMoveTwice:
    @hookimpl(wrapper=True)
    def cardrules_legal_moves(self, game: Any, state: Any) -> Wrapped:
        moves = yield
        return [*moves, moves[0]]


class LegalMovesDrawsACard:
    @hookimpl(wrapper=True)
    def cardrules_legal_moves(self, game: Any, state: Any) -> Wrapped:
        moves = yield
        state.stock.draw()
        return moves


class ObservationDrawsACard:
    @hookimpl(wrapper=True)
    def cardrules_observation(
        self,
        game: Any,
        state: Any,
        seat: int,
        round_scores: Any,
        legal_moves: Any,
        history: Any,
    ) -> Wrapped:
        observation = yield
        state.stock.draw()
        return observation


class ScoringDrawsACard:
    @hookimpl(wrapper=True)
    def cardrules_score_round(self, game: Any, state: Any) -> Wrapped:
        scores = yield
        state.stock.draw()
        return scores


class ExplainingDrawsACard:
    @hookimpl(wrapper=True)
    def cardrules_explain_illegal(self, game: Any, state: Any, move: Any) -> Wrapped:
        error = yield
        state.stock.draw()
        return error


class LosesACard:
    @hookimpl(wrapper=True)
    def cardrules_apply_move(self, game: Any, state: Any, move: Any, chance: Any) -> Wrapped:
        result = yield
        state.stock.draw()
        return result


class RookDiscardsWhatItLacks:
    """Lists a discard of a card not in hand: applied, a hand count goes to -1."""

    @hookimpl(wrapper=True)
    def cardrules_legal_moves(self, game: Any, state: Any) -> Wrapped:
        moves = yield
        hand = state.hands[state.current_player]
        missing = next(c for c in range(56) if hand[c] == 0)
        extra = RookDiscard(Card.from_str(f"{'RYGB'[missing // 14]}{missing % 14 + 1}"))
        return [*moves, extra] if any(isinstance(m, RookDiscard) for m in moves) else moves


BAD = {
    "legal-moves-is-a-number": (LegalMovesIsANumber, "gnoming-a-round"),
    "legal-moves-is-none": (LegalMovesIsNone, "gnoming-a-round"),
    "apply-move-is-none": (ApplyMoveIsNone, "gnoming-a-round"),
    "action-space-is-text": (ActionSpaceIsText, "gnoming-a-round"),
    "explains-with-text": (ExplainsWithText, "gnoming-a-round"),
    "two-scores": (TwoScores, "gnoming-a-round"),
    "text-scores": (TextScores, "gnoming-a-round"),
    "seat-99-wins": (SeatNinetyNineWins, "gnoming-a-round"),
    "lists-a-place-when-revealing": (ListsAPlaceWhenRevealing, "gnoming-a-round"),
    "lists-a-move-twice": (ListsAMoveTwice, "gnoming-a-round"),
    "legal-moves-draws-a-card": (LegalMovesDrawsACard, "gnoming-a-round"),
    "observation-draws-a-card": (ObservationDrawsACard, "gnoming-a-round"),
    "scoring-draws-a-card": (ScoringDrawsACard, "gnoming-a-round"),
    "explaining-draws-a-card": (ExplainingDrawsACard, "gnoming-a-round"),
    "loses-a-card": (LosesACard, "gnoming-a-round"),
    "rook-discards-what-it-lacks": (RookDiscardsWhatItLacks, "toonerville-rook"),
}


class BadVariants:
    @hookimpl
    def cardrules_register_variants(self, register: Callable[[VariantSpec], None]) -> None:
        for name, (plugin, game) in BAD.items():
            register(VariantSpec(name, game, plugin=plugin()))


CATALOGUE = Catalogue([("bad", BadVariants())])


def _match(variant: str, strict: bool) -> GameState:
    game = BAD[variant][1]
    options = {"rounds": 1} if game == "gnoming-a-round" else None
    return new_game(
        game,
        players=3,
        seed=4,
        variants=[variant],
        options=options,
        catalogue=CATALOGUE,
        strict=strict,
    )


def _to_last_move(state: GameState) -> Any:
    """Play the first legal move until the one that would end the match; return that one.

    The moves are found on a match without the variant, so that its bad hook is
    not called on the way.
    """
    plain = new_game(state.game.name, players=3, seed=4, options=state.game.options)
    while True:
        move = plain.legal_moves()[0]
        trial = plain.clone()
        trial.apply(move)
        if trial.is_over:
            return move
        plain.apply(move)
        state.apply(move)


ENDS_THE_MATCH = ("two-scores", "text-scores", "scoring-draws-a-card", "seat-99-wins")


def _prepare(variant: str, state: GameState) -> Any:
    """Get the match to where the misbehaving call is made; return the move to make then."""
    if variant == "seat-99-wins":  # the match ends; its winners are asked for next
        state.apply(_to_last_move(state))
        return None
    if variant in ENDS_THE_MATCH:
        return _to_last_move(state)
    if variant == "rook-discards-what-it-lacks":
        plain = new_game(state.game.name, players=3, seed=4)
        while not any(isinstance(m, RookDiscard) for m in plain.legal_moves()):
            move = plain.legal_moves()[0]
            plain.apply(move)
            state.apply(move)
    return None


def _trigger(variant: str, state: GameState, last: Any) -> None:
    """Make the call in which the variant misbehaves."""
    if variant == "seat-99-wins":
        _ = state.winners
    elif variant in ENDS_THE_MATCH:
        state.apply(last)
    elif variant == "action-space-is-text":
        state.legal_actions()
    elif variant in ("explains-with-text", "explaining-draws-a-card"):
        state.apply("place 4")  # not legal while revealing
    elif variant == "observation-draws-a-card":
        state.observation(1)
    elif variant in ("apply-move-is-none", "loses-a-card"):
        state.apply(state.legal_moves()[0])
    else:
        state.legal_moves()


CHEAP = [
    "legal-moves-is-a-number",
    "legal-moves-is-none",
    "apply-move-is-none",
    "action-space-is-text",
    "explains-with-text",
    "two-scores",
    "text-scores",
    "seat-99-wins",
]


@pytest.mark.parametrize("strict", [False, True], ids=["normal", "strict"])
@pytest.mark.parametrize("variant", CHEAP)
def test_wrong_types_and_shapes_are_caught_in_normal_play_too(variant: str, strict: bool) -> None:
    """Results of the wrong type or shape name the variant and the hook; nothing changes."""
    state = _match(variant, strict)
    last = _prepare(variant, state)
    before = snapshot(state)
    with pytest.raises(PluginHookError) as caught:
        _trigger(variant, state, last)
    assert caught.value.plugin == f"variant:{variant}"
    assert caught.value.hook.startswith("cardrules_")
    assert snapshot(state) == before


@pytest.mark.parametrize("variant", list(BAD))
def test_strict_mode_catches_every_bad_plugin_by_name(variant: str) -> None:
    """Every case of issue 14's item 7, in strict mode: named, and the match unchanged."""
    state = _match(variant, strict=True)
    last = _prepare(variant, state)
    before = snapshot(state)
    with pytest.raises(PluginHookError) as caught:
        _trigger(variant, state, last)
    assert snapshot(state) == before
    assert caught.value.plugin == f"variant:{variant}"
    assert len(str(caught.value)) < 1000


@pytest.mark.parametrize(
    "variant",
    ["lists-a-place-when-revealing", "lists-a-move-twice", "legal-moves-draws-a-card"],
)
def test_strict_cases_pass_unnoticed_in_normal_play(variant: str) -> None:
    """The costly checks stay off by default (bots do not pay for them)."""
    _match(variant, strict=False).legal_moves()


def test_a_listed_discard_of_a_card_not_held_is_refused_in_normal_play_too() -> None:
    """Strict mode off: the variant's discard of a card not in hand is not carried out
    silently (issue 39): the game refuses to play it, the variant that listed it is
    named, and the match is as it was."""
    state = _match("rook-discards-what-it-lacks", strict=False)
    _prepare("rook-discards-what-it-lacks", state)
    before = snapshot(state)
    extra = state.legal_moves()[-1]
    assert isinstance(extra, RookDiscard)
    with pytest.raises(PluginHookError) as caught:
        state.apply(extra)
    assert caught.value.plugin == "variant:rook-discards-what-it-lacks"
    assert snapshot(state) == before


def test_a_variant_adding_moves_may_turn_the_legality_check_off() -> None:
    """StrictChecks picks the checks: the extra move is then listed without complaint."""
    state = new_game(
        "gnoming-a-round",
        players=3,
        seed=4,
        variants=["lists-a-place-when-revealing"],
        catalogue=CATALOGUE,
        strict=StrictChecks(listed_moves_legal=False),
    )
    assert Place(4) in state.legal_moves()


def test_the_testing_kit_runs_in_strict_mode() -> None:
    """run_conformance names a variant that lists a move twice."""
    with pytest.raises(PluginHookError, match="lists-a-move-twice"):
        run_conformance(
            "gnoming-a-round",
            players=3,
            variants=["lists-a-move-twice"],
            catalogue=CATALOGUE,
            max_examples=1,
            steps=5,
            shrink=False,
        )


class RaisesWhenRegistering:
    @hookimpl
    def cardrules_register_variants(self, register: Callable[[VariantSpec], None]) -> None:
        register(VariantSpec("half-registered", "gnoming-a-round"))
        raise RuntimeError("cannot read my settings")


def test_a_raising_catalogue_hook_skips_that_plugin_with_a_warning() -> None:
    """Case 7's last item: every other game and variant loads; the plugin is named."""
    with pytest.warns(PluginLoadWarning, match="'broken-registry'.*cannot read my settings"):
        catalogue = Catalogue([("broken-registry", RaisesWhenRegistering())])
    assert "half-registered" not in [v.name for v in catalogue.variants()]
    new_game("gnoming-a-round", players=3, variants=["no-bounce"], catalogue=catalogue)
    with pytest.raises(PluginLoadError, match="broken-registry"):
        Catalogue([("broken-registry", RaisesWhenRegistering())], strict=True)
