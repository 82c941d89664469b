"""The standard playing card: notation, order, decks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.errors import InvalidCardError
from cardrules.model import (
    Colour,
    PlayingCard,
    Rank,
    Suit,
    custom_deck,
    joker,
    parse_card,
    parse_cards,
    pinochle_deck,
    piquet_deck,
    standard_deck,
)

suited = st.builds(PlayingCard, st.sampled_from(Suit), st.sampled_from(Rank))
jokers = st.builds(joker, st.sampled_from([None, Colour.RED, Colour.BLACK]), st.integers(0, 9))
cards = suited | jokers


@given(cards, st.sampled_from(["10", "T"]))
def test_notation_round_trips(card: PlayingCard, ten: str) -> None:
    text = card.notation(ten=ten)
    assert parse_card(text) == card
    assert parse_card(text.lower()) == card
    assert parse_card(f" {text} ") == card


@given(st.lists(cards, max_size=8))
def test_a_list_of_cards_round_trips(listed: list[PlayingCard]) -> None:
    assert parse_cards(", ".join(map(str, listed))) == listed


def test_notation_examples() -> None:
    assert parse_card("QH") == PlayingCard(Suit.HEARTS, Rank.QUEEN)
    assert parse_card("10D") == parse_card("TD") == PlayingCard(Suit.DIAMONDS, Rank.TEN)
    assert parse_card("Q♥") == parse_card("QH")
    assert str(parse_card("8S")) == "8S"
    assert parse_card("JK") == joker() != joker(Colour.RED) != joker(Colour.BLACK)
    assert parse_card("JK2") == joker(number=2) != joker()
    assert str(joker(Colour.BLACK, 1)) == "JKB1"


@pytest.mark.parametrize("text", ["", "Q", "1H", "11S", "QX", "HQ", "JKX", "JK-1", "10", "KK"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidCardError, match="not a card"):
        parse_card(text)


def test_only_text_is_a_card() -> None:
    with pytest.raises(InvalidCardError, match="text"):
        parse_card(12)  # type: ignore[arg-type]


def test_half_a_joker_is_not_a_card() -> None:
    with pytest.raises(ValueError, match="not a card"):
        PlayingCard(Suit.HEARTS, None)
    with pytest.raises(ValueError, match="not a card"):
        PlayingCard(Suit.HEARTS, Rank.TWO, Colour.RED)


def test_colours_values_and_order() -> None:
    assert parse_card("QH").colour is Colour.RED
    assert parse_card("2C").colour is Colour.BLACK
    assert parse_card("JK").colour is None
    assert parse_card("JKR").colour is Colour.RED
    assert parse_card("AS").value() == 1
    assert parse_card("AS").value(ace_high=True) == 14
    assert parse_card("KD").value(ace_high=True) == 13
    assert parse_card("JK").value() == 0
    assert sorted(parse_cards("JK AS 2C KC 10H JKR")) == parse_cards("2C KC 10H AS JK JKR")
    assert len({parse_card("QH"), parse_card("qh"), parse_card("QD")}) == 2


def test_deck_sizes() -> None:
    assert standard_deck().size == 52 == len(set(standard_deck().cards()))
    assert standard_deck(jokers=2).size == 54
    assert standard_deck(jokers=2).count(joker()) == 2
    assert standard_deck(decks=2).size == 104
    assert standard_deck(decks=2).count(parse_card("QH")) == 2
    coloured = standard_deck(jokers=[joker(Colour.RED), joker(Colour.BLACK)])
    assert coloured.size == 54
    assert coloured.count(joker(Colour.RED)) == 1
    assert piquet_deck().size == 32
    assert piquet_deck().count(parse_card("6H")) == 0
    assert pinochle_deck().size == 48
    assert pinochle_deck().count(parse_card("9S")) == 2
    hearts = custom_deck([Rank.ACE, Rank.KING], [Suit.HEARTS])
    assert hearts.cards() == parse_cards("AH KH")


def test_bad_decks_are_refused() -> None:
    with pytest.raises(ValueError, match="decks"):
        standard_deck(decks=0)
    with pytest.raises(ValueError, match="jokers"):
        standard_deck(jokers=-1)
    with pytest.raises(ValueError, match="not a joker"):
        custom_deck(jokers=[parse_card("QH")])
    with pytest.raises(ValueError, match="copies"):
        custom_deck(copies=0)
