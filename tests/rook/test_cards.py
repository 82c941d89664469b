"""Cards and decks: rules R1-R3."""

from __future__ import annotations

import pytest

from cardrules import DeckComposition, GameState, InvalidCardError
from cardrules_rook.cards import ROOK, Card, natural
from cardrules_rook.deck import ROOK_DECK
from cardrules_rook.moves import Discard

from .builders import card, hand, legal, meld, new, pass_all, play, put_round, rs, table


def _round_tally(state: GameState) -> dict[Card, int]:
    return DeckComposition.tally(rs(state).all_cards())


def _every_card() -> list[Card]:
    """Red, Yellow, Green, Black 1-14 and the Rook, written out from R1."""
    return [card(f"{c}{n}") for c in "RYGB" for n in range(1, 15)] + [card("Rook")]


class TestRookDeck:
    """R1: 57 cards, four colours of 1-14 and one Rook."""

    @pytest.mark.rule("R1")
    def test_one_deck_has_57_cards(self) -> None:
        """4 colours x 14 numbers + 1 Rook = 57 cards, each once."""
        assert ROOK_DECK.size == 4 * 14 + 1 == 57
        assert ROOK_DECK.as_dict() == dict.fromkeys(_every_card(), 1)

    @pytest.mark.rule("R1")
    def test_the_rook_has_no_colour_and_no_number(self) -> None:
        """The Rook is written ``Rook``; it has neither colour nor number."""
        assert card("Rook") == ROOK
        assert ROOK.is_rook
        assert ROOK.colour == ""
        assert ROOK.number == 0
        assert not any(card(f"{c}{n}").is_rook for c in "RYGB" for n in range(1, 15))

    @pytest.mark.rule("R1")
    @pytest.mark.parametrize("text", ["R0", "R15", "P7", "Bird", "Y"])
    def test_no_other_cards(self, text: str) -> None:
        """There is no colour other than R Y G B and no number outside 1-14."""
        with pytest.raises(ValueError, match="not a Rook card"):
            card(text)


class TestDecksPerPlayer:
    """R2: n decks for n players; identical cards are interchangeable."""

    @pytest.mark.rule("R2", "R1")
    @pytest.mark.parametrize("players", [3, 4, 5])
    def test_n_decks_for_n_players(self, players: int) -> None:
        """A dealt round holds n x 57 cards: every card of R1 exactly n times."""
        state = new(players, seed=players)
        assert state.game.deck.size == players * 57
        assert _round_tally(state) == dict.fromkeys(_every_card(), players)

    @pytest.mark.rule("R2")
    @pytest.mark.parametrize("players", [2, 6])
    def test_three_to_five_players(self, players: int) -> None:
        """The game takes 3 to 5 players."""
        with pytest.raises(ValueError, match="3 to 5 players"):
            new(players)

    @pytest.mark.rule("R2")
    def test_identical_cards_give_one_discard_move(self) -> None:
        """Three R7 in hand: ``discard R7`` is listed once, and no move is listed twice."""
        state = new(3)
        put_round(state, ["R7 R7 R7 B2", "Y1", "Y2"], stock="G5", discards="G14")
        play(state, "draw")
        pass_all(state)
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves)
        discards = [m for m in moves if isinstance(m, Discard)]
        assert sorted(discards, key=str) == [
            Discard(natural("B", 2)),
            Discard(natural("G", 5)),
            Discard(natural("R", 7)),
        ]

    @pytest.mark.rule("R2", "R11")
    def test_identical_cards_give_one_lay_off_and_one_swap(self) -> None:
        """Two R5 and two R9 in hand: one swap, one lay-off per place, no repeats."""
        state = new(3)
        put_round(
            state,
            ["R5 R5 R9 R9 Y1", "Y1", "Y2"],
            stock="G5",
            discards="G14",
            table=["R3 R4 *R5 R6", "R9 B9 G9"],
            owners=[1, 1],
            down=[0, 1],
        )
        play(state, "draw")
        pass_all(state)
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves)
        assert {m for m in legal(state) if not m.startswith("discard")} == {
            "swap R5 on 0",
            "lay off R9 on 1",
        }

    @pytest.mark.rule("R2")
    def test_either_copy_plays_the_same(self) -> None:
        """Laying off one of two identical R9 leaves one R9: there is no 'which one'."""
        state = new(3)
        put_round(
            state,
            ["R9 R9 Y1", "Y1", "Y2"],
            stock="G5",
            discards="G14",
            table=["R9 B9 G9"],
            down=[0],
        )
        play(state, "draw")
        pass_all(state)
        play(state, "lay off R9 on 0")
        assert hand(state, 0) == ["R9", "Y1", "G5"]
        assert table(state) == [str(meld("R9 R9 G9 B9"))]


class TestRookIsWild:
    """R3: the Rook is wild (the details are R13-R15)."""

    @pytest.mark.rule("R3", "R13")
    def test_rook_completes_a_run_and_a_set_in_one_lay_down(self) -> None:
        """Round 2 (a run and a set): one hand uses a Rook in each kind of meld."""
        state = new(3)
        put_round(
            state,
            ["G3 G4 G6 Rook R8 B8 Rook Y12 Y13", "Y1", "Y2"],
            round=1,
            stock="B1",
            discards="G14",
        )
        play(state, "draw")
        pass_all(state)
        play(state, "lay down G3 G4 *G5 G6 / R8 B8 *8")
        assert table(state) == ["G3 G4 *G5 G6", "R8 B8 *8"]
        assert hand(state, 0) == ["Y12", "Y13", "B1"]


@pytest.mark.rule("R1")
@pytest.mark.parametrize(("colour", "number"), [("Q", 3), ("R", 15), ("R", 0), ("", 7)])
def test_a_card_outside_the_deck_cannot_be_made(colour: str, number: int) -> None:
    """Only the four colours of 1-14 and the Rook exist; anything else is refused on creation."""
    with pytest.raises(InvalidCardError, match="no Rook card"):
        Card(colour, number)
    assert Card("B", 14).code == 55
    assert Card("", 0) == ROOK
