"""Cards and the deck: rules G1-G3."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import cardrules
from cardrules import DeckComposition, VariantSpec
from cardrules_gnoming.cards import HAZARD, MULLIGAN, Card, CardKind, number
from cardrules_gnoming.deck import DEFAULT_DECK, category_counts
from cardrules_gnoming.scoring import line_match_value, score_layout

from .builders import GAME, new, rs


def _round_tally(state: cardrules.GameState) -> dict[Card, int]:
    return DeckComposition.tally(rs(state).all_cards())


# A small replacement deck for the variant test: 40 cards, 4 categories.
SMALL_DECK: DeckComposition[Card] = DeckComposition(
    (
        (number(2), 12),
        (number(3), 12),
        (number(-1), 10),
        (HAZARD, 3),
        (MULLIGAN, 3),
    )
)


class _SmallDeckRules:
    """Variant rule plugin: answers ``cardrules_deck`` before the game does."""

    @cardrules.hookimpl(tryfirst=True)
    def cardrules_deck(self, game: cardrules.Game) -> DeckComposition[Card]:
        return SMALL_DECK


class _SmallDeckRegistrar:
    """Catalogue plugin registering the ``small-deck`` variant."""

    def __init__(self) -> None:
        self.rules = _SmallDeckRules()

    @cardrules.hookimpl
    def cardrules_register_variants(self, register: Callable[[VariantSpec], None]) -> None:
        register(VariantSpec("small-deck", GAME, "a 40-card deck", plugin=self.rules))


def _small_deck_catalogue() -> cardrules.Catalogue:
    return cardrules.Catalogue(plugins=[("test-small-deck", _SmallDeckRegistrar())])


class TestDeckCategories:
    """G1: 110 cards, 82 positive, 22 negative, 3 Hazards, 3 Mulligans."""

    @pytest.mark.rule("G1")
    def test_default_deck_has_110_cards(self) -> None:
        """The default deck holds 110 cards."""
        assert DEFAULT_DECK.size == 110
        assert len(DEFAULT_DECK.cards()) == 110

    @pytest.mark.rule("G1")
    def test_category_counts(self) -> None:
        """The categories are 82 positive, 22 negative, 3 Hazard, 3 Mulligan."""
        assert category_counts(DEFAULT_DECK) == {
            "positive": 82,
            "negative": 22,
            "hazard": 3,
            "mulligan": 3,
        }

    @pytest.mark.rule("G1")
    def test_category_counts_by_card_kind(self) -> None:
        """Counting the unshuffled deck card by card gives the same categories."""
        deck = DEFAULT_DECK.cards()
        assert sum(1 for c in deck if c.is_number and c.value > 0) == 82
        assert sum(1 for c in deck if c.is_number and c.value < 0) == 22
        assert sum(1 for c in deck if c.kind is CardKind.HAZARD) == 3
        assert sum(1 for c in deck if c.kind is CardKind.MULLIGAN) == 3
        # the six special cards
        assert sum(1 for c in deck if not c.is_number) == 6

    @pytest.mark.rule("G1", "G4")
    @pytest.mark.parametrize("players", [3, 5, 7])
    def test_a_round_uses_the_whole_deck(self, players: int) -> None:
        """Every one of the 110 cards is somewhere in a freshly dealt round."""
        state = new(players, seed=11)
        assert _round_tally(state) == DEFAULT_DECK.as_dict()

    @pytest.mark.rule("G1")
    def test_game_uses_default_deck(self) -> None:
        """A game without variants deals from the default deck."""
        assert new().game.deck == DEFAULT_DECK


class TestDefaultComposition:
    """G2: the default values of the deck, and a variant may replace them."""

    @pytest.mark.rule("G2")
    @pytest.mark.parametrize("value", range(1, 11))
    def test_one_to_ten_seven_each(self, value: int) -> None:
        """Values 1 to 10 appear seven times each."""
        assert DEFAULT_DECK.count(number(value)) == 7

    @pytest.mark.rule("G2")
    @pytest.mark.parametrize("value", [11, 12])
    def test_eleven_and_twelve_six_each(self, value: int) -> None:
        """Values 11 and 12 appear six times each."""
        assert DEFAULT_DECK.count(number(value)) == 6

    @pytest.mark.rule("G2")
    @pytest.mark.parametrize(("value", "copies"), [(-1, 6), (-2, 5), (-3, 4), (-4, 4), (-5, 3)])
    def test_negative_values(self, value: int, copies: int) -> None:
        """-1 x6, -2 x5, -3 x4, -4 x4, -5 x3."""
        assert DEFAULT_DECK.count(number(value)) == copies

    @pytest.mark.rule("G2")
    def test_no_other_cards(self) -> None:
        """The deck holds exactly the listed values plus 3 Hazards and 3 Mulligans."""
        expected = {number(v): 7 for v in range(1, 11)}
        expected |= {number(11): 6, number(12): 6}
        expected |= {number(-1): 6, number(-2): 5, number(-3): 4, number(-4): 4, number(-5): 3}
        expected |= {HAZARD: 3, MULLIGAN: 3}
        # 70 + 12 + 22 + 6 = 110
        assert sum(expected.values()) == 110
        assert DEFAULT_DECK.as_dict() == expected

    @pytest.mark.rule("G2")
    def test_there_is_no_zero_card(self) -> None:
        """A 0 card does not exist (it would be neither positive nor negative)."""
        with pytest.raises(ValueError, match="0"):
            number(0)

    @pytest.mark.rule("G2")
    def test_variant_plugin_replaces_the_deck(self) -> None:
        """A variant plugin answering cardrules_deck replaces the composition dealt."""
        catalogue = _small_deck_catalogue()
        state = new(3, seed=5, variants=["small-deck"], catalogue=catalogue)
        assert state.game.deck == SMALL_DECK
        # 27 cards in layouts, 2 starting piles (Hazards removed), the rest in stock:
        # every card of the round comes from the small deck, 40 in all.
        assert _round_tally(state) == SMALL_DECK.as_dict()
        assert sum(_round_tally(state).values()) == 40

    @pytest.mark.rule("G2")
    def test_variant_deck_only_changes_games_that_choose_it(self) -> None:
        """The same catalogue without the variant still deals the default deck."""
        catalogue = _small_deck_catalogue()
        assert "small-deck" in {v.name for v in catalogue.variants(GAME)}
        state = new(3, seed=5, catalogue=catalogue)
        assert state.game.deck == DEFAULT_DECK
        assert _round_tally(state) == DEFAULT_DECK.as_dict()

    @pytest.mark.rule("G4", "G15", "G2")
    def test_deck_too_small_once_hazards_leave_is_refused_up_front(self) -> None:
        """40 cards for 4 players (36 in layouts, 2 piles): once all three Hazards have
        left the game, 37 cards could not deal a later round. The match is refused when
        it is made, not after round 1; with the option the Hazards return and it is fine."""
        catalogue = _small_deck_catalogue()
        with pytest.raises(cardrules.OptionsError, match="hazards_return_each_round"):
            new(4, seed=0, variants=["small-deck"], catalogue=catalogue)
        state = new(
            4,
            seed=0,
            variants=["small-deck"],
            catalogue=catalogue,
            options={"hazards_return_each_round": True},
        )
        assert state.players == 4
        assert new(3, seed=0, variants=["small-deck"], catalogue=catalogue).players == 3


class TestInterchangeableCards:
    """G3: cards of the same value are the same card."""

    @pytest.mark.rule("G3")
    def test_same_value_cards_are_equal(self) -> None:
        """Two 7s, however made, are equal and hash alike."""
        a = Card(CardKind.NUMBER, 7)
        b = Card.from_str("7")
        c = number(7)
        assert a == b == c
        assert len({a, b, c}) == 1
        assert Card.from_str("m") == MULLIGAN
        assert Card.from_str("H") == HAZARD

    @pytest.mark.rule("G3")
    def test_different_values_differ(self) -> None:
        """A 7 is not a -7, a Mulligan or a Hazard."""
        assert number(7) != number(-7)
        assert len({number(7), number(-7), MULLIGAN, HAZARD}) == 4

    @pytest.mark.rule("G3")
    def test_deck_lists_each_value_once(self) -> None:
        """The composition lists each distinct card once: 12 + 5 number values + H + M = 19."""
        assert len(DEFAULT_DECK.counts) == 19
        assert len(set(DEFAULT_DECK.cards())) == 19

    @pytest.mark.rule("G3", "G19")
    def test_separately_made_sevens_match_in_a_line(self) -> None:
        """Three 7s made in three ways form a matching line (v = 7)."""
        line = [Card(CardKind.NUMBER, 7), Card.from_str("7"), number(7)]
        assert line_match_value(line) == 7
        # the same line in a layout of -1s elsewhere: -7 + 6 * (-1) = -13
        layout = [*line, *([number(-1)] * 6)]
        assert score_layout(layout) == -13
