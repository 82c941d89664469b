"""The testing kit reaches hooks called at creation, on refusals, on reshuffles and in starts,
gives its bots the game's deck, and `check_changes` fails a variant that changes nothing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from typing import Any

import pytest

from cardrules import Game, IllegalMoveError, Move, VariantSpec, hookimpl, new_game
from cardrules.model.decks import DeckComposition
from cardrules.testing import KitFailure, check_changes, check_variant
from cardrules.testing.kit import new_bot
from cardrules_gnoming.bots import GreedyBot
from cardrules_gnoming.cards import Card
from cardrules_gnoming.deck import DEFAULT_DECK
from cardrules_gnoming.moves import STOCK, Draw
from tests.rook.builders import P, put_round
from tests.rook.test_rule_point_hooks import CATALOGUE as ROOK_CATALOGUE
from tests.test_kit import catalogue_with
from tests.variant_toys import GAME

QUICK: dict[str, Any] = {"players": 3, "matches": 1, "max_decisions": 60, "check_every": 4}

MINUS_THREE = Card.from_str("-3")
#: G2's deck with four more cards worth -3 (four "Jokers worth -3", as a deck-only variant).
JOKERS_DECK = DeckComposition.from_mapping(
    {**DEFAULT_DECK.as_dict(), MINUS_THREE: DEFAULT_DECK.count(MINUS_THREE) + 4}
)


class Jokers:
    """G2: four Jokers worth -3 join the deck (hook cardrules_deck only)."""

    @hookimpl
    def cardrules_deck(self, game: Game) -> DeckComposition[Card]:
        return JOKERS_DECK


class Reshuffler:
    """Reshuffles hidden cards as the game does (hook cardrules_shuffle_hidden, answering None)."""

    @hookimpl
    def cardrules_shuffle_hidden(self, game: Game, state: Any, seat: int, rng: Any) -> Any:
        return None


class NoStockDraws:
    """No drawing from the draw pile while a discard can be taken (hides the game's move)."""

    @hookimpl(wrapper=True)
    def cardrules_legal_moves(self, game: Game, state: Any) -> Generator[None, Any, Any]:
        moves = list((yield))
        kept = [m for m in moves if m != Draw(STOCK)]
        return kept if kept else moves


class ExplainedNoStockDraws(NoStockDraws):
    """`NoStockDraws`, saying why itself (hook cardrules_explain_illegal)."""

    @hookimpl
    def cardrules_explain_illegal(self, game: Game, state: Any, move: Move) -> Any:
        if move == Draw(STOCK):
            return IllegalMoveError("no-stock", "take a discard instead", move=move)
        return None


class Idle:
    """Changes nothing: wraps the score of a round and returns it as it was."""

    @hookimpl(wrapper=True)
    def cardrules_score_round(self, game: Game, state: Any) -> Generator[None, Any, Any]:
        return (yield)


SPECS = [
    VariantSpec("jokers", GAME, "Four Jokers worth -3 (test toy).", plugin=Jokers()),
    VariantSpec("reshuffler", GAME, "Reshuffles (test toy).", plugin=Reshuffler()),
    VariantSpec("no-stock", GAME, "No stock draws (test toy).", plugin=NoStockDraws()),
    VariantSpec("explained", GAME, "No stock draws (test toy).", plugin=ExplainedNoStockDraws()),
    VariantSpec("idle", GAME, "Changes nothing (test toy).", plugin=Idle()),
]
CATALOGUE = catalogue_with(*SPECS)


def test_a_deck_only_variant_is_reached_while_the_game_is_created() -> None:
    report = check_variant(GAME, ["jokers"], catalogue=CATALOGUE, **QUICK)
    assert report.hooks[("jokers", "cardrules_deck")] == 1  # once, when the game is made
    assert report.unreached == ()


def test_the_kit_reshuffles_hidden_cards_through_the_variants_hook() -> None:
    report = check_variant(GAME, ["reshuffler"], catalogue=CATALOGUE, **QUICK)
    assert report.hooks[("reshuffler", "cardrules_shuffle_hidden")] == report.shuffled > 0


def test_the_kit_tries_the_moves_a_variant_took_away_and_reaches_its_explanation() -> None:
    report = check_variant(GAME, ["explained"], catalogue=CATALOGUE, **QUICK)
    assert report.hooks[("explained", "cardrules_explain_illegal")] >= 1
    assert report.refused >= report.checked - 1  # every state in play tried one
    assert report.unreached == ()


@pytest.mark.rule("G8")
def test_a_move_a_variant_took_away_is_refused_naming_the_variant() -> None:
    """Before: refused as ``G8: the draw pile is empty`` with cards in the draw pile."""
    state = new_game(GAME, players=3, seed=2, variants=["no-stock"], catalogue=CATALOGUE)
    while not state.game.removed_moves(state.round_state):  # to a turn's start (after G6)
        state.apply(state.legal_moves()[0])
    assert Draw(STOCK) not in state.legal_moves()
    assert state.round_state.stock
    before = state.round_state.clone()
    with pytest.raises(IllegalMoveError) as refusal:
        state.apply(Draw(STOCK))
    assert refusal.value.rule == "no-stock"
    assert "variant 'no-stock' (No stock draws (test toy).) took it away" in str(refusal.value)
    assert "G8" not in str(refusal.value)
    assert state.round_state.stock == before.stock
    assert state.game.removed_moves(state.round_state) == (Draw(STOCK),)
    # A variant that explains the refusal itself is heard.
    explained = new_game(GAME, players=3, seed=2, variants=["explained"], catalogue=CATALOGUE)
    for move in state.history:
        explained.apply(move)
    with pytest.raises(IllegalMoveError, match="no-stock: take a discard instead"):
        explained.apply(Draw(STOCK))
    # Without the variant nothing was taken away.
    plain = new_game(GAME, players=3, seed=2)
    for move in state.history:
        plain.apply(move)
    assert plain.game.removed_moves(plain.round_state) == ()


@pytest.mark.rule("R12", "R17")
def test_a_starts_own_round_counts_its_rule_points() -> None:
    """The start's only move, ``discard Y14``, ends the round: rook_hand_score is asked then."""
    start = new_game(
        "toonerville-rook", players=3, variants=["out-bonus"], catalogue=ROOK_CATALOGUE
    )
    hands, table = ["Y14", "R1 R2 R3", "Y10 Y11 Y12"], ["G2 G3 G4 G5", "R9 Y9 B9"]
    placed = Counter(" ".join([*hands, *table, "G14"]).split())
    stock = []  # every other card of the deck, so that the position is a whole deck's
    for card in start.game.deck.cards():
        if placed[str(card)]:
            placed[str(card)] -= 1
        else:
            stock.append(str(card))
    put_round(
        start,
        hands,
        round=1,
        phase=P.PLAY,
        stock=" ".join(stock),
        discards="G14",
        table=table,
        owners=[0, 0],
        down=[0],
    )
    assert [str(m) for m in start.legal_moves()] == ["discard Y14"]
    report = check_variant(
        "toonerville-rook",
        ["out-bonus"],
        players=3,
        matches=0,
        max_decisions=1,
        starts=[start],
        catalogue=ROOK_CATALOGUE,
    )
    assert report.hooks[("out-bonus", "rook_hand_score")] == 3  # one per seat
    # The start's game is left as it was: its calls count no more.
    assert start.game.plugin_manager.hook.rook_hand_score.get_hookimpls()[0].function.__name__ != (
        "counted"
    )


def test_the_kits_bots_get_the_games_deck() -> None:
    game = new_game(GAME, players=3, variants=["jokers"], catalogue=CATALOGUE).game
    bot = new_bot(GreedyBot, 5, game)
    assert isinstance(bot, GreedyBot)
    assert bot._deck is JOKERS_DECK


def test_a_variant_that_changes_nothing_fails_the_change_check() -> None:
    with pytest.raises(KitFailure, match="changed no deal or legal moves or scores") as failure:
        check_changes(GAME, ["idle"], players=3, seeds=[1], catalogue=CATALOGUE, max_decisions=80)
    assert failure.value.check == "changes"
    assert "differed in 0 of 1 matches" in str(failure.value)


def test_the_change_check_finds_where_variants_change_play() -> None:
    deck = check_changes(GAME, ["jokers"], players=3, seeds=[1], catalogue=CATALOGUE)
    assert deck.differed["deal"] == 1
    hidden = check_changes(
        GAME, ["no-stock"], players=3, seeds=[1, 2], expect=["legal moves"], catalogue=CATALOGUE
    )
    assert hidden.differed["legal moves"] == 2
    with pytest.raises(KitFailure, match="changed no deal"):
        check_changes(
            GAME, ["no-stock"], players=3, seeds=[1], expect=["deal"], catalogue=CATALOGUE
        )
    with pytest.raises(ValueError, match="expect takes"):
        check_changes(GAME, ["idle"], players=3, expect=["colour"], catalogue=CATALOGUE)
