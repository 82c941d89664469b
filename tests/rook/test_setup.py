"""Rounds, the deal and turn order: rules R4-R6."""

from __future__ import annotations

import pytest

from cardrules import Chance, OptionsError
from cardrules_rook.cards import Card
from cardrules_rook.deck import game_deck
from cardrules_rook.options import RookOptions
from cardrules_rook.rules import deal_round
from cardrules_rook.state import RookPhase

from .builders import new, pass_all, play, play_out_round, put_round, rs

P = RookPhase

# R4, written out from the rules: (cards dealt, sets, runs) for rounds 1-11.
TABLE = [
    (12, 2, 0),
    (12, 1, 1),
    (12, 0, 2),
    (12, 3, 0),
    (12, 2, 1),
    (12, 1, 2),
    (12, 4, 0),
    (12, 0, 3),
    (15, 5, 0),
    (16, 0, 4),
    (14, 2, 2),
]
OTHERS = ["R1", "R2"]  # the two seats that do not go out in play_out_round


def _deck_top_first(players: int, seed: int) -> list[Card]:
    """Round 1's shuffled cards, top first (the match's first chance event)."""
    deck = game_deck(players).cards()
    Chance(seed).shuffle(deck)
    return deck[::-1]


class TestContracts:
    """R4: eleven rounds, each with a hand size and a contract."""

    @pytest.mark.rule("R4", "R5")
    @pytest.mark.parametrize("players", [3, 5])
    @pytest.mark.parametrize("index", range(11))
    def test_hand_size_of_each_round(self, index: int, players: int) -> None:
        """Round ``index + 1`` deals the table's number of cards to every seat."""
        dealt, sets, runs = TABLE[index]
        r = deal_round(RookOptions(), players, index, game_deck(players), Chance(index))
        assert [r.hand_size(seat) for seat in range(players)] == [dealt] * players
        assert (r.contract.cards, r.contract.sets, r.contract.runs) == (dealt, sets, runs)
        # R5: the rest, less the one card turned up, is the draw pile
        assert len(r.stock) == players * 57 - players * dealt - 1

    @pytest.mark.rule("R4", "R18")
    def test_a_match_deals_every_round_in_order(self) -> None:
        """Played through the engine, rounds 1-11 are dealt 12 x8, 15, 16, 14 cards."""
        state = new(3, seed=5)
        seen: list[tuple[int, int, int]] = []
        while not state.is_over:
            observation = state.observation(0)
            assert observation.round == state.round
            assert set(observation.hand_sizes) == {observation.contract.cards}
            contract = observation.contract
            seen.append((sum(observation.hand_sizes) // 3, contract.sets, contract.runs))
            play_out_round(state, OTHERS)
        assert seen == TABLE
        assert state.round == 11

    @pytest.mark.rule("R4", "R12")
    def test_only_round_11_is_whole_hand(self) -> None:
        """Round 11 alone forbids going out by discarding (R12)."""
        state = new(3, seed=6)
        flags: list[bool] = []
        while not state.is_over:
            flags.append(state.observation(1).whole_hand)
            play_out_round(state, OTHERS)
        assert flags == [False] * 10 + [True]

    @pytest.mark.rule("R4")
    @pytest.mark.parametrize("rounds", [1, 4])
    def test_option_rounds(self, rounds: int) -> None:
        """Option ``rounds``: the match stops after that many rounds of the table."""
        state = new(3, options={"rounds": rounds})
        for _ in range(rounds):
            assert not state.is_over
            play_out_round(state, OTHERS)
        assert state.is_over
        assert len(state.round_scores) == rounds


class TestDeal:
    """R5: the rest of the cards is the draw pile; its top card starts the discard pile."""

    @pytest.mark.rule("R5", "R6")
    @pytest.mark.parametrize("players", [3, 4])
    def test_deal_from_the_shuffled_decks(self, players: int) -> None:
        """Cards go round one at a time from left of the dealer; then one card is turned up."""
        seed = 11
        top_first = _deck_top_first(players, seed)
        r = rs(new(players, seed=seed))
        assert r.dealer == 0
        dealt = 12 * players
        for seat in range(players):
            # seat 1 (left of dealer 0) gets cards 0, n, 2n...; seat 0 gets the last of each pass
            position = (seat - 1) % players
            mine = top_first[position:dealt:players]
            assert sorted(r.hand(seat), key=lambda c: c.code) == sorted(mine, key=lambda c: c.code)
        assert r.discards.cards() == (top_first[dealt],)
        assert list(r.stock)[::-1] == top_first[dealt + 1 :]

    @pytest.mark.rule("R5")
    def test_everyone_sees_the_turned_up_card(self) -> None:
        """The started discard pile is one face-up card, seen by every seat."""
        state = new(3, seed=12)
        r = rs(state)
        for seat in range(3):
            observation = state.observation(seat)
            assert observation.discard_pile == r.discards.cards()
            assert len(observation.discard_pile) == 1
            assert observation.draw_pile_size == 171 - 36 - 1  # 3 x 57 - 3 x 12 - 1

    @pytest.mark.rule("R5", "R9")
    def test_first_player_may_take_the_turned_up_card(self) -> None:
        """The first player may take the turned-up card or draw."""
        state = new(3, seed=13)
        turned_up = rs(state).discards.top
        assert {str(m) for m in state.legal_moves()} == {"draw", "take"}
        play(state, "take")
        assert rs(state).hand(1).count(turned_up) >= 1
        assert rs(state).hand_size(1) == 13
        assert len(rs(state).discards) == 0


class TestDealerAndTurns:
    """R6: seat 0 deals first; the deal passes left; left of the dealer plays first."""

    @pytest.mark.rule("R6")
    def test_dealer_and_first_player_of_each_round(self) -> None:
        """With 3 players round r (from 0) is dealt by seat r mod 3; seat r+1 mod 3 plays first."""
        state = new(3, seed=14)
        dealers: list[int] = []
        firsts: list[int] = []
        while not state.is_over:
            dealers.append(state.observation(2).dealer)
            firsts.append(state.current_player or 0)
            assert rs(state).phase is P.DRAW
            play_out_round(state, OTHERS)
        assert dealers == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]
        assert firsts == [1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]

    @pytest.mark.rule("R6")
    def test_play_passes_left(self) -> None:
        """Seat 1 plays first in round 1 of 4 players; then seats 2, 3, 0, 1."""
        state = new(4, seed=15)
        order: list[int] = []
        for _ in range(5):
            seat = state.current_player
            assert seat is not None
            order.append(seat)
            play(state, "take")
            hand = rs(state).hand(seat)
            play(state, f"discard {hand[0]}")
        assert order == [1, 2, 3, 0, 1]

    @pytest.mark.rule("R6")
    def test_option_first_dealer(self) -> None:
        """``first_dealer=2`` with 3 players: seat 2 deals round 1, seat 0 plays first."""
        state = new(3, options={"first_dealer": 2})
        assert rs(state).dealer == 2
        assert state.current_player == 0
        play_out_round(state, OTHERS)
        assert rs(state).dealer == 0
        assert state.current_player == 1

    @pytest.mark.rule("R6")
    def test_option_rotate_dealer_off(self) -> None:
        """``rotate_dealer=False``: seat 0 deals every round, seat 1 always plays first."""
        state = new(3, options={"rotate_dealer": False, "rounds": 4})
        while not state.is_over:
            assert rs(state).dealer == 0
            assert state.current_player == 1
            play_out_round(state, OTHERS)

    @pytest.mark.rule("R6")
    def test_first_dealer_must_be_a_seat(self) -> None:
        """``first_dealer`` is a seat of the match: 3 is refused with 3 players."""
        with pytest.raises(OptionsError, match="first_dealer"):
            new(3, options={"first_dealer": 3})

    @pytest.mark.rule("R6", "R10")
    def test_buyers_are_asked_from_the_left(self) -> None:
        """With seat 3 to play of 4, seats 0, 1, 2 are offered the discard in that order."""
        state = new(4)
        put_round(state, ["Y1", "Y2", "Y3", "Y4"], turn=3, stock="B1 B2", discards="G9")
        play(state, "draw")
        asked: list[int | None] = []
        while rs(state).phase is P.BUY:
            asked.append(state.current_player)
            play(state, "pass")
        pass_all(state)
        assert asked == [0, 1, 2]
        assert state.current_player == 3
