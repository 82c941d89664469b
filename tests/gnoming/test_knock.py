"""The bundled ``knock`` house rule of Gnoming A Round: knock instead of drawing (G9, G17, G23).

Positions are built card by card (`tests.gnoming.builders`); scores are checked
against a scorer written from the rules alone (`tests.gnoming.reference`).
"""

from __future__ import annotations

import pytest

from cardrules import GameState, InvalidMoveError, play_match
from cardrules.plugins.variant_state import variant_state, variant_view
from cardrules.testing import check_variant
from cardrules_gnoming.bots import GreedyBot
from cardrules_gnoming.house_rules.knock import Knock, KnockState
from cardrules_gnoming.state import GnomingPhase

from .builders import lay, legal, new, play, put_round, refused, rs
from .reference import reference_round

P = GnomingPhase
DRAWS = {"draw stock", "take discard 0", "take discard 1"}
# Six cards up, three down: 1 + 2 + 3 + 4 - 5 + 6 = 11 so far.
SIX_UP = "1 2 3 / 4 -5 6 / (7) (8) (9)"
# Five up.
FIVE_UP = "1 2 3 / 4 -5 (6) / (7) (8) (9)"
OTHERS = "(1) (2) 3 / (4) (5) (6) / (7) (8) 9"


def knock_position(
    seat_0: str, *, others: tuple[str, str] = (OTHERS, OTHERS), **options: object
) -> GameState:
    """Seat 0 of 3 is to draw, the knock variant in play; the stock is all 10s."""
    state = new(3, variants=["knock"], options={f"knock.{k}": v for k, v in options.items()})
    put_round(
        state,
        [seat_0, *others],
        stock="10 10 10 10 10 10",
        discards=("12", "11"),
    )
    return state


class TestWhenAKnockIsLegal:
    @pytest.mark.rule("G9")
    def test_six_face_up_cards_offer_a_knock_instead_of_drawing(self) -> None:
        """With six cards face up the draws and ``knock``; with five, only the draws."""
        assert legal(knock_position(SIX_UP)) == DRAWS | {"knock"}
        assert legal(knock_position(FIVE_UP)) == DRAWS

    @pytest.mark.rule("G9")
    def test_the_option_sets_how_many_cards_must_be_face_up(self) -> None:
        """``knock.min_face_up=5`` lets five face-up cards knock; the plain game never knocks."""
        assert "knock" in legal(knock_position(FIVE_UP, min_face_up=5))
        plain = new(3)
        put_round(plain, [SIX_UP, OTHERS, OTHERS], stock="10 10", discards=("12", "11"))
        assert legal(plain) == DRAWS

    @pytest.mark.rule("G9", "G17")
    def test_no_knock_after_someone_ended_the_round(self) -> None:
        """Once there is an ender, the last turns start with a draw only."""
        state = new(3, variants=["knock"])
        put_round(
            state,
            [SIX_UP, "1 2 3 / 4 5 6 / 7 8 9", OTHERS],
            stock="10 10 10",
            discards=("12", "11"),
            ender=1,
            final_turns_left=2,
        )
        assert legal(state) == DRAWS

    @pytest.mark.rule("G9")
    def test_a_refused_knock_names_g9_and_changes_nothing(self) -> None:
        """Five face-up cards, or mid-turn: IllegalMoveError naming G9, the match unchanged."""
        assert refused(knock_position(FIVE_UP), "knock").rule == "G9"
        state = knock_position(SIX_UP)
        play(state, "draw stock")
        assert refused(state, "knock").rule == "G9"

    def test_the_notation_is_one_word(self) -> None:
        """``knock`` parses to the move and back; a knock with arguments is not a move."""
        state = knock_position(SIX_UP)
        assert state.parse_move("knock") == Knock()
        assert str(Knock()) == "knock"
        with pytest.raises(InvalidMoveError):
            state.parse_move("knock 3")


class TestAfterAKnock:
    @pytest.mark.rule("G9", "G17")
    def test_the_knocker_becomes_the_ender_and_each_other_player_has_one_turn(self) -> None:
        """Seat 0 knocks: seats 1 and 2 play one turn each, then the round is over (G17, G18)."""
        state = knock_position(SIX_UP)
        play(state, "knock")
        r = rs(state)
        assert (r.ender, r.final_turns_left, state.current_player, r.phase) == (0, 2, 1, P.DRAW)
        assert variant_state(r, "knock") == KnockState(knocker=0)
        assert variant_view(state.observation(2), "knock") == KnockState(knocker=0)
        assert rs(state).layouts[0].face_down_count() == 3  # the knock turned nothing up
        play(state, "draw stock", "discard 0")
        assert (state.current_player, state.round) == (2, 0)
        play(state, "draw stock", "discard 0")
        assert state.round == 1
        finished = state.finished_rounds[-1]
        assert (finished.ender, finished.ended_by) == (0, "ender")

    @pytest.mark.rule("G17", "G23")
    def test_a_knocker_who_is_lowest_takes_the_bonus(self) -> None:
        """Knocker 11 + 7 + 8 + 9 = 35 against 45 and 50: 35 - 5, as the reference scores."""
        others = ("1 2 3 / 4 5 6 / 7 8 (9)", "2 3 4 / 5 6 7 / 8 9 (6)")
        scores = self.knock_and_finish(SIX_UP, others)
        assert scores == (30, 45, 50)

    @pytest.mark.rule("G17", "G23")
    def test_a_hidden_card_turns_the_knockers_bonus_into_a_penalty(self) -> None:
        """Knocking on 11 showing, with a Hazard face down: 38 against seat 1's 24, so +5.

        Seat 1 showed 28 with two cards down when seat 0 knocked; they turn out
        to be -5 and 1 (G18).
        """
        knocker = "1 2 3 / 4 -5 6 / (H) (8) (9)"  # 11 + 10 + 8 + 9 = 38
        others = ("1 2 3 / 4 5 6 / 7 (-5) (1)", "2 3 4 / 5 6 7 / 8 9 (6)")
        assert self.knock_and_finish(knocker, others) == (43, 24, 50)

    @staticmethod
    def knock_and_finish(knocker: str, others: tuple[str, str]) -> tuple[int, ...]:
        """Seat 0 knocks; seats 1 and 2 draw a 10 and discard it; the scores, checked."""
        state = knock_position(knocker, others=others)
        layouts = [lay(knocker).cards, lay(others[0]).cards, lay(others[1]).cards]
        play(state, "knock", "draw stock", "discard 0", "draw stock", "discard 0")
        assert state.round == 1
        scores = state.round_scores[-1]
        assert scores == reference_round(layouts, 0)
        return scores


@pytest.mark.rule("G9", "G17", "G23")
def test_greedy_matches_with_knocks_score_as_the_reference() -> None:
    """Greedy bots knock in whole matches; every round scores as the reference, knocker as ender."""
    knocks = 0
    for seed in range(8):
        state = new(4, seed=seed, variants=["knock"])
        play_match(state, [GreedyBot(seed * 10 + s) for s in range(4)])
        for finished, scores in zip(state.finished_rounds, state.round_scores, strict=True):
            knocker = variant_state(finished, "knock").knocker
            ender = finished.ender if finished.ended_by == "ender" else None
            if knocker is not None:
                knocks += 1
                assert finished.ender == knocker
            layouts = [layout.cards for layout in finished.layouts]
            assert scores == reference_round(layouts, ender)
    assert knocks > 0


class TestGreedyBot:
    @pytest.mark.rule("G23")
    def test_it_knocks_when_the_bonus_is_its_and_the_others_have_much_to_gain(self) -> None:
        """Seat 0 shows 11 with three cards down; the others show 12s: it knocks."""
        others = ("12 12 11 / 10 (1) (2) / (3) (4) (5)", "11 12 10 / 12 (1) (2) / (3) (4) (5)")
        state = knock_position("1 2 -3 / 4 -5 2 / (7) (8) (9)", others=others)
        assert GreedyBot(0).choose(state.observation(0)) == Knock()

    @pytest.mark.rule("G23")
    def test_it_draws_when_it_would_take_the_penalty(self) -> None:
        """Seat 0 shows 11 + 12 + 12 against two low layouts: no knock."""
        others = ("1 1 -2 / 1 (1) (2) / (3) (4) (5)", "-1 -2 1 / 2 (1) (2) / (3) (4) (5)")
        state = knock_position("12 12 3 / 4 -5 6 / (7) (8) (9)", others=others)
        assert GreedyBot(0).choose(state.observation(0)) != Knock()


@pytest.mark.rule("G9", "G17")
def test_the_kit_reaches_every_hook_and_the_move() -> None:
    """check_variant: both rule points and the knock are reached; tensors, ids, replay hold."""
    report = check_variant("gnoming-a-round", ["knock"], players=3, matches=1)
    assert report.hooks[("knock", "gnoming_turn_starts")] > 0
    assert report.hooks[("knock", "gnoming_ends_round")] > 0
    assert report.moves[("knock", "knock")] > 0
    assert report.unreached == ()


@pytest.mark.rule("G19")
def test_the_kit_reaches_the_diagonals_hook() -> None:
    """check_variant on diagonals: gnoming_lines is asked while rounds are scored."""
    report = check_variant("gnoming-a-round", ["diagonals"], players=3, matches=1)
    assert report.hooks[("diagonals", "gnoming_lines")] > 0
    assert report.unreached == ()


def test_the_tensor_shows_the_knocker_by_relative_seat() -> None:
    """The plane ``knock:knocker``: 1 at the knocker, counted from the observing seat."""
    state = knock_position(SIX_UP)
    game = state.game
    layout = game.tensor_layout
    before = layout.view(game.observation_tensor(state.observation(1)), "knock:knocker")
    play(state, "knock")
    after = layout.view(game.observation_tensor(state.observation(1)), "knock:knocker")
    assert list(before) == [0, 0, 0]
    assert list(after) == [0, 0, 1]  # seat 0 is two seats on from seat 1
