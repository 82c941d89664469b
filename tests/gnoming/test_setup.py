"""Setting up a round: rules G4-G8."""

from __future__ import annotations

from itertools import combinations

import pytest

from cardrules import Chance, DeckComposition, OptionsError, RandomBot, play_match
from cardrules_gnoming.cards import HAZARD, Card
from cardrules_gnoming.deck import DEFAULT_DECK
from cardrules_gnoming.moves import Reveal
from cardrules_gnoming.rules import starting_seat
from cardrules_gnoming.state import GnomingPhase

from .builders import cards, finish_round_now, legal, new, play, put_round, refused, rs

P = GnomingPhase


def _deck_top_first(seed: int) -> list[Card]:
    """The shuffled deck of round 1, top card first (the match's first chance event)."""
    deck = DEFAULT_DECK.cards()
    Chance(seed).shuffle(deck)
    return deck[::-1]


class TestDeal:
    """G4: nine cards face down to each player as a 3x3 grid."""

    @pytest.mark.rule("G4")
    @pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
    def test_nine_cards_face_down_each(self, players: int) -> None:
        """Each of 3-7 players gets a layout of nine face-down cards."""
        r = rs(new(players, seed=3))
        assert len(r.layouts) == players
        for layout in r.layouts:
            assert len(layout.cards) == 9
            assert layout.face_up == [False] * 9

    @pytest.mark.rule("G4", "G5")
    @pytest.mark.parametrize("players", [3, 7])
    def test_rest_is_the_draw_pile(self, players: int) -> None:
        """After 9 per player and 2 started piles, the rest is the draw pile."""
        r = rs(new(players, seed=4))
        # 110 - 9 * players - 2 pile cards - Hazards removed while starting the piles
        assert len(r.stock) == 110 - 9 * players - 2 - len(r.out_of_play)

    @pytest.mark.rule("G4")
    def test_player_does_not_know_own_face_down_cards(self) -> None:
        """A player's own observation shows none of their face-down cards."""
        state = new(3, seed=8)
        for seat in range(3):
            assert state.observation(seat).own_layout == (None,) * 9
        play(state, "reveal 2 6")
        own = state.observation(0).own_layout
        layout = rs(state).layouts[0]
        assert own == tuple(layout.cards[p] if p in (2, 6) else None for p in range(9))

    @pytest.mark.rule("G4")
    def test_every_round_deals_all_110_cards_again(self) -> None:
        """With no Hazard removed, round 2 is dealt from all 110 cards: nine face down each."""
        state = new(3, seed=9)
        first = [layout.cards.copy() for layout in rs(state).layouts]
        finish_round_now(state)
        r = rs(state)
        assert r.round == 1
        assert r.phase is P.REVEAL
        assert all(layout.face_up == [False] * 9 for layout in r.layouts)
        assert DeckComposition.tally(r.all_cards()) == DEFAULT_DECK.as_dict()
        assert [layout.cards for layout in r.layouts] != first

    @pytest.mark.rule("G4")
    def test_nobody_sees_a_face_down_card(self) -> None:
        """Before the reveals no seat sees any card of any layout."""
        state = new(4, seed=8)
        for seat in range(4):
            assert state.observation(seat).layouts == ((None,) * 9,) * 4

    @pytest.mark.rule("G4")
    def test_deck_is_shuffled(self) -> None:
        """Two seeds deal different layouts, and the deal is not the unshuffled deck order."""
        first = [tuple(layout.cards) for layout in rs(new(3, seed=1)).layouts]
        second = [tuple(layout.cards) for layout in rs(new(3, seed=2)).layouts]
        assert first != second
        unshuffled = DEFAULT_DECK.cards()
        top_27 = unshuffled[::-1][:27]
        assert [c for layout in first for c in layout] != top_27

    @pytest.mark.rule("G4")
    def test_same_seed_same_deal(self) -> None:
        """A seed fixes the deal."""
        a = rs(new(4, seed=99))
        b = rs(new(4, seed=99))
        assert [layout.cards for layout in a.layouts] == [layout.cards for layout in b.layouts]
        assert a.stock == b.stock


class TestDiscardPilesStart:
    """G5: two discard piles started from the draw pile; a turned-up Hazard is replaced."""

    @pytest.mark.rule("G5")
    @pytest.mark.parametrize("seed", range(10))
    def test_two_piles_of_one_card_without_hazard(self, seed: int) -> None:
        """Both discard piles start with exactly one card, never a Hazard."""
        r = rs(new(3, seed=seed))
        for pile in r.discards:
            assert len(pile) == 1
            assert pile.top != HAZARD

    @pytest.mark.rule("G5")
    def test_piles_are_the_next_cards_after_the_deal(self) -> None:
        """Without a Hazard, the two cards after the deal start piles 0 and 1."""
        seed = 0
        order = _deck_top_first(seed)
        rest = order[27:]
        assert HAZARD not in rest[:2]  # precondition of this seed
        r = rs(new(3, seed=seed))
        assert r.discards[0].cards() == (rest[0],)
        assert r.discards[1].cards() == (rest[1],)
        assert r.out_of_play == []
        assert list(r.stock.cards()) == rest[2:][::-1]

    @pytest.mark.rule("G5")
    @pytest.mark.parametrize(("seed", "hazard_at"), [(156, 0), (21, 1)])
    def test_turned_up_hazard_is_removed_and_replaced(self, seed: int, hazard_at: int) -> None:
        """A Hazard turned up to start a pile leaves the game; the next card starts the pile."""
        order = _deck_top_first(seed)
        rest = order[27:]
        assert rest[hazard_at] == HAZARD  # precondition: this seed turns a Hazard up
        others = [c for c in rest[:3] if c != HAZARD]
        assert len(others) == 2
        r = rs(new(3, seed=seed))
        assert r.out_of_play == [HAZARD]
        assert r.discards[0].cards() == (others[0],)
        assert r.discards[1].cards() == (others[1],)
        assert list(r.stock.cards()) == rest[3:][::-1]
        # the Hazard is out of the game: 110 - 27 - 2 - 1 = 80 cards in the draw pile
        assert len(r.stock) == 80
        tally = DeckComposition.tally(r.all_cards())
        assert tally == DEFAULT_DECK.as_dict()

    @pytest.mark.rule("G5")
    def test_removed_hazard_is_visible_as_out_of_play(self) -> None:
        """Every seat's observation lists the removed Hazard as out of play."""
        state = new(3, seed=156)
        for seat in range(3):
            assert state.observation(seat).out_of_play == (HAZARD,)

    @pytest.mark.rule("G5")
    def test_option_shuffle_back_keeps_the_hazard_in_the_draw_pile(self) -> None:
        """With start_pile_hazard='shuffle-back' the Hazard goes back into the draw pile."""
        seed = 156
        order = _deck_top_first(seed)
        rest = order[27:]
        assert rest[0] == HAZARD
        r = rs(new(3, seed=seed, options={"start_pile_hazard": "shuffle-back"}))
        assert r.out_of_play == []
        assert r.discards[0].cards() == (rest[1],)
        assert r.discards[1].cards() == (rest[2],)
        # 110 - 27 - 2 = 81: the Hazard stays in the draw pile
        assert len(r.stock) == 81
        in_layouts = sum(c == HAZARD for layout in r.layouts for c in layout.cards)
        assert sum(c == HAZARD for c in r.stock) == 3 - in_layouts


class TestInitialReveal:
    """G6: each player turns two of their own cards face up."""

    @pytest.mark.rule("G6")
    def test_thirty_six_choices(self) -> None:
        """The reveal choices are the 36 pairs of distinct positions."""
        state = new(3, seed=0)
        moves = state.legal_moves()
        assert len(moves) == 36
        assert set(moves) == {Reveal(pair) for pair in combinations(range(9), 2)}

    @pytest.mark.rule("G6")
    def test_reveal_turns_up_exactly_the_chosen_cards(self) -> None:
        """Revealing 0 and 8 turns those two up, visible to every seat."""
        state = new(3, seed=0)
        layout = rs(state).layouts[0]
        play(state, "reveal 0 8")
        assert layout.face_up == [True] + [False] * 7 + [True]
        for seat in range(3):
            seen = state.observation(seat).layouts[0]
            assert seen == (layout.cards[0], *([None] * 7), layout.cards[8])

    @pytest.mark.rule("G6")
    def test_every_player_reveals_then_play_starts(self) -> None:
        """Each seat reveals in turn; then the first turn starts with two cards up each."""
        state = new(3, seed=0)
        seen = []
        for pair in ("reveal 0 1", "reveal 3 4", "reveal 7 8"):
            assert rs(state).phase is P.REVEAL
            seen.append(state.current_player)
            play(state, pair)
        assert seen == [0, 1, 2]
        assert rs(state).phase is P.DRAW
        assert state.current_player == 0
        assert [layout.face_up.count(True) for layout in rs(state).layouts] == [2, 2, 2]

    @pytest.mark.rule("G6")
    @pytest.mark.parametrize("move", ["reveal 4", "reveal 0 1 2"])
    def test_other_counts_are_refused(self, move: str) -> None:
        """Revealing one or three cards is refused under G6, nothing changes."""
        state = new(3, seed=0)
        assert refused(state, move).rule == "G6"

    @pytest.mark.rule("G6")
    def test_no_turn_before_reveals(self) -> None:
        """Drawing before the reveals are chosen is refused under G6."""
        state = new(3, seed=0)
        assert refused(state, "draw stock").rule == "G6"


class TestStartingSeat:
    """G7: starting seat, play to the left, rotation over rounds."""

    @pytest.mark.rule("G7")
    def test_seat_zero_starts_by_default(self) -> None:
        """By default seat 0 reveals first and takes the first turn."""
        state = new(4, seed=2)
        assert rs(state).starter == 0
        assert state.current_player == 0
        play(state, "reveal 0 1", "reveal 0 1", "reveal 0 1", "reveal 0 1")
        assert state.current_player == 0
        assert rs(state).turn_seat == 0

    @pytest.mark.rule("G7")
    def test_first_seat_option(self) -> None:
        """With first_seat=2 of 4, seat 2 starts and the reveals go 2, 3, 0, 1."""
        state = new(4, seed=2, options={"first_seat": 2})
        order = []
        for _ in range(4):
            order.append(state.current_player)
            play(state, "reveal 0 1")
        assert order == [2, 3, 0, 1]
        assert state.current_player == 2
        assert rs(state).phase is P.DRAW

    @pytest.mark.rule("G7")
    @pytest.mark.parametrize("first_seat", [3, 4])
    def test_first_seat_must_be_a_seat(self, first_seat: int) -> None:
        """A first_seat outside 0..players-1 is refused when the game is created."""
        with pytest.raises(OptionsError, match="first_seat"):
            new(3, options={"first_seat": first_seat})

    @pytest.mark.rule("G7")
    def test_play_passes_to_the_left(self) -> None:
        """After seat 1's turn comes seat 2, after seat 2's comes seat 0."""
        state = new(3)
        put_round(
            state,
            ["(1) (2) 3 / 4 5 6 / 7 8 9"] * 3,
            turn=1,
            stock="10 11 12",
            discards=("1", "2"),
        )
        play(state, "draw stock", "discard 0")
        assert state.current_player == 2
        assert rs(state).turn_seat == 2
        play(state, "draw stock", "discard 0")
        assert state.current_player == 0
        assert rs(state).turn_seat == 0

    @pytest.mark.rule("G7")
    @pytest.mark.parametrize(
        ("options", "variants", "expected"),
        [
            (None, (), [0, 1, 2]),
            ({"rotate_first_seat": False}, (), [0, 0, 0]),
            (None, ("same-starter",), [0, 0, 0]),
            ({"first_seat": 2}, (), [2, 0, 1]),
            ({"first_seat": 1, "rotate_first_seat": False}, (), [1, 1, 1]),
        ],
    )
    def test_starter_of_each_round(
        self, options: dict[str, object] | None, variants: tuple[str, ...], expected: list[int]
    ) -> None:
        """The start passes one seat left each round, or stays with the option/variant."""
        state = new(3, seed=6, options=options, variants=variants)
        starters = []
        for _ in range(3):
            starters.append(rs(state).starter)
            assert state.current_player == rs(state).starter
            if state.round < 2:
                finish_round_now(state)
        assert starters == expected

    @pytest.mark.rule("G7")
    @pytest.mark.parametrize(("rnd", "expected"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 0)])
    def test_starting_seat_function(self, rnd: int, expected: int) -> None:
        """starting_seat rotates left by one seat per round, wrapping (4 players)."""
        from cardrules_gnoming.options import GnomingOptions

        assert starting_seat(GnomingOptions(), 4, rnd) == expected


class TestDrawPileRebuild:
    """G8: one rebuild of the draw pile per round, then the round ends."""

    LAYOUTS = (
        # (4) 4 4 matches: -4; 6 + 7 + 8 = 21; -1 -2 -3 = -6  -> 11
        "(4) 4 4 / 6 7 8 / -1 -2 -3",
        # all twelves: 3 rows + 3 columns match: 6 * -12 = -72
        "(12) 12 12 / 12 12 12 / 12 12 12",
        # row M 3 3 -> -3; row 9 9 M -> -9; the 3 at position 3 is in no match: +3;
        # -5; Hazard +10; Mulligans 0:  -3 - 9 + 3 - 5 + 10 = -4
        "(M) 3 3 / 3 -5 H / 9 9 M",
    )

    @pytest.mark.rule("G8")
    def test_empty_draw_pile_is_rebuilt_from_discards(self) -> None:
        """At the start of a turn with no draw pile, all but the pile tops are shuffled in."""
        state = new(3)
        put_round(state, list(self.LAYOUTS), turn=0, stock="7", discards=("1 2 3", "-1 -2"))
        play(state, "draw stock", "discard 0")  # pile 0: 1 2 3 7
        r = rs(state)
        assert r.turn_seat == 1
        assert r.phase is P.DRAW
        assert r.rebuilds == 1
        assert r.discards[0].cards() == tuple(cards("7"))
        assert r.discards[1].cards() == tuple(cards("-2"))
        assert DeckComposition.tally(r.stock) == DeckComposition.tally(cards("1 2 3 -1"))
        obs = state.observation(1)
        assert obs.draw_pile_size == 4
        assert obs.rebuilds == 1
        assert "draw stock" in legal(state)

    @pytest.mark.rule("G8", "G19", "G20", "G21", "G22")
    def test_round_ends_when_empty_again(self) -> None:
        """The second time the draw pile is empty at a turn start, the round ends and is scored."""
        state = new(3)
        put_round(state, list(self.LAYOUTS), turn=0, stock="7", discards=("1 2 3", "-1 -2"))
        play(state, "draw stock", "discard 0")  # seat 0; rebuild at seat 1's turn: 4 cards
        for seat in (1, 2, 0, 1):
            assert state.current_player == seat
            play(state, "draw stock", "discard 0")
        # seat 2's turn starts with an empty draw pile for the second time
        assert state.round == 1
        finished = state.finished_rounds[0]
        assert finished.ended_by == "stock"
        assert finished.rebuilds == 1
        assert state.round_scores == [(11, -72, -4)]

    @pytest.mark.rule("G8", "G23")
    def test_no_ender_bonus_when_the_draw_pile_ends_the_round(self) -> None:
        """An ender exists but the draw pile ends the round: no bonus or penalty."""
        state = new(3)
        put_round(
            state,
            [
                "-5 -5 -5 / -4 -4 -4 / -3 -3 (-3)",
                "1 2 3 / 4 5 6 / 7 8 (9)",
                "(2) 2 2 / 3 3 3 / 4 4 4",
            ],
            turn=0,
            stock="5",
            discards=("1", "2"),
            rebuilds=1,
        )
        play(state, "draw stock", "place 8", "discard 0")  # seat 0 has no face-down card
        assert state.round == 1
        finished = state.finished_rounds[0]
        assert finished.ender == 0
        assert finished.ended_by == "stock"
        # seat 0: -15 - 12 - 3 - 3 + 5 = -28 (lowest, yet no -5 bonus)
        # seat 1: 1 + ... + 9 = 45, no line matches
        # seat 2: rows 2 2 2, 3 3 3, 4 4 4: -2 - 3 - 4 = -9
        assert state.round_scores == [(-28, 45, -9)]

    @pytest.mark.rule("G8")
    def test_rebuild_limit_none_rebuilds_again(self) -> None:
        """With draw_pile_rebuilds=None the pile is rebuilt however often it ran out."""
        state = new(3, options={"draw_pile_rebuilds": None})
        put_round(
            state, list(self.LAYOUTS), turn=0, stock="7", discards=("1 2 3", "-1 -2"), rebuilds=5
        )
        play(state, "draw stock", "discard 0")
        r = rs(state)
        assert state.round == 0
        assert r.rebuilds == 6
        assert len(r.stock) == 4
        assert r.phase is P.DRAW

    @pytest.mark.rule("G8")
    def test_rebuild_limit_zero_ends_at_first_empty(self) -> None:
        """With draw_pile_rebuilds=0 the first empty draw pile ends the round."""
        state = new(3, options={"draw_pile_rebuilds": 0})
        put_round(state, list(self.LAYOUTS), turn=0, stock="7", discards=("1 2 3", "-1 -2"))
        play(state, "draw stock", "discard 0")
        assert state.round == 1
        assert state.finished_rounds[0].rebuilds == 0
        assert state.round_scores == [(11, -72, -4)]

    @pytest.mark.rule("G8")
    def test_random_play_finishes(self) -> None:
        """Random bots play a whole match to its end (it is not truncated)."""
        state = new(3, seed=12)
        result = play_match(state, [RandomBot(seed) for seed in range(3)], max_decisions=50_000)
        assert not result.truncated
        assert result.finished
        assert state.is_over
        assert len(state.round_scores) == 3

    @pytest.mark.rule("G8")
    def test_decision_cap_reports_truncated(self) -> None:
        """A capped bot match is reported as truncated, never as finished."""
        state = new(3, seed=12)
        result = play_match(state, [RandomBot(seed) for seed in range(3)], max_decisions=10)
        assert result.truncated
        assert not result.finished
        assert result.decisions == 10
        assert state.winners == ()
