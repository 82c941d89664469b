"""Card kinds are open (issue 40): a house rule adds a kind of card without editing the game.

The ``jesters`` variant here is written as an outside package would write it:
it makes the kind with `card_kind`, adds four Jesters to the deck through
``cardrules_deck`` (G2) and scores each -3 through ``gnoming_card_points``
(G21, G22). Nothing in the game names it.
"""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest

from cardrules import Game, InvalidCardError, VariantSpec, hookimpl, new_game
from cardrules.model.decks import DeckComposition
from cardrules.records import check_record
from cardrules.testing import check_changes, check_variant
from cardrules_gnoming.cards import HAZARD, MULLIGAN, Card, CardKind, card_kind, number
from cardrules_gnoming.deck import DEFAULT_DECK, category_counts
from cardrules_gnoming.hidden import card_order
from cardrules_gnoming.scoring import card_points
from cardrules_gnoming.tensor_layout import card_kinds
from tests.test_kit import catalogue_with

from .builders import put_round, rs

JESTER_KIND = card_kind("jester", "J")
JESTER = Card(JESTER_KIND)


class Jesters:
    """G2, G22: four Jesters join the deck; each scores -3 in a layout."""

    @hookimpl
    def cardrules_deck(self, game: Game) -> DeckComposition[Card]:
        return DeckComposition.from_mapping({**DEFAULT_DECK.as_dict(), JESTER: 4})

    @hookimpl
    def gnoming_card_points(self, game: Game, card: Card, matched: bool) -> int | None:
        return -3 if card.kind is JESTER_KIND else None


SPEC = VariantSpec("jesters", "gnoming-a-round", "G2: four Jesters worth -3.", plugin=Jesters())
CATALOGUE = catalogue_with(SPEC)


def jester_game(**options: Any) -> Any:
    return new_game(
        "gnoming-a-round", players=3, seed=1, variants=["jesters"], catalogue=CATALOGUE, **options
    )


class TestTheKind:
    @pytest.mark.rule("G1", "G3")
    def test_a_new_kind_has_notation_and_stays_itself_through_copies_and_pickles(self) -> None:
        assert card_kind("jester", "J") is JESTER_KIND
        assert (str(JESTER), Card.from_str(" j "), repr(JESTER)) == (
            "J",
            JESTER,
            "Card.from_str('J')",
        )
        assert pickle.loads(pickle.dumps(JESTER)).kind is JESTER_KIND
        assert copy.deepcopy(JESTER).kind is JESTER_KIND
        assert CardKind.named("jester") is JESTER_KIND
        with pytest.raises(InvalidCardError, match="no card kind"):
            CardKind.named("clown")
        assert [JESTER.is_number, JESTER.is_mulligan, JESTER.is_hazard] == [False] * 3

    @pytest.mark.rule("G1")
    def test_the_games_kinds_are_unchanged(self) -> None:
        assert MULLIGAN.kind is CardKind.MULLIGAN
        assert HAZARD.kind is CardKind.HAZARD
        assert number(7).kind is CardKind.NUMBER
        assert [kind.order for kind in (CardKind.NUMBER, CardKind.MULLIGAN, CardKind.HAZARD)] == [
            0,
            1,
            2,
        ]
        assert sorted([JESTER, HAZARD, number(3), MULLIGAN, number(-2)], key=card_order) == [
            number(-2),
            number(3),
            MULLIGAN,
            HAZARD,
            JESTER,
        ]

    @pytest.mark.rule("G1")
    def test_a_clashing_or_malformed_kind_is_refused(self) -> None:
        for name, letter in (("jester", "K"), ("joker2", "J"), ("clown", "H"), ("Bad", "B")):
            with pytest.raises(InvalidCardError):
                card_kind(name, letter)
        with pytest.raises(InvalidCardError):
            card_kind("clown", "7")


class TestInPlay:
    @pytest.mark.rule("G2")
    def test_the_deck_tensor_and_counts_hold_the_new_kind(self) -> None:
        game = jester_game().game
        assert game.deck.count(JESTER) == 4
        assert JESTER in card_kinds(game)
        assert category_counts(game.deck)["jester"] == 4

    @pytest.mark.rule("G21", "G22")
    def test_a_jester_scores_what_the_rule_point_says(self) -> None:
        state = jester_game()
        assert card_points(JESTER, False) == 0  # the game alone knows nothing of it
        layout = "J 1 2 / 3 4 5 / 6 7 8"  # no matching line: 36 - 3
        put_round(state, [layout, "1 1 1 / 2 2 2 / 3 3 3", "5 5 5 / 5 5 5 / 5 5 5"])
        assert rs(state).rules.round_scores(rs(state))[0] == 33

    @pytest.mark.rule("G2", "G22")
    def test_a_whole_match_passes_the_kit_and_replays(self) -> None:
        """check_variant with no allow_unreached: both hooks reached, every check holds."""
        report = check_variant("gnoming-a-round", ["jesters"], players=3, catalogue=CATALOGUE)
        assert report.hooks[("jesters", "cardrules_deck")] >= 1
        assert report.hooks[("jesters", "gnoming_card_points")] > 0
        assert report.unreached == ()
        state = jester_game()
        while not state.is_over:
            state.apply(state.legal_moves()[0])
        ends = [(r, layout) for r in state.finished_rounds for layout in r.layouts]
        scored = [r for r, layout in ends if JESTER in layout.cards]
        assert scored  # a Jester ended a round in some layout (and was scored, -3)
        record = json.loads(json.dumps(state.record()))
        assert check_record(record, catalogue=CATALOGUE).record() == state.record()


@pytest.mark.rule("G2")
def test_the_jesters_change_the_deal() -> None:
    """The kit's change check: the same seeds with and without the variant deal differently
    (G2; the scores are checked on a hand-built layout above)."""
    report = check_changes(
        "gnoming-a-round",
        ["jesters"],
        players=3,
        seeds=[1, 2],
        expect=["deal"],
        catalogue=CATALOGUE,
    )
    assert report.differed["deal"] == 2
