"""The bundled ``snap`` house rule of Gnoming A Round: snap a discard out of turn (G14, G8, G17).

Positions are built card by card (`tests.gnoming.builders`); scores are checked
against a scorer written from the rules alone (`tests.gnoming.reference`).
"""

from __future__ import annotations

import json
import random

import pytest

from cardrules import GameState, IllegalMoveError, InvalidMoveError
from cardrules.plugins.windows import WINDOW, WindowState, window_of, window_view
from cardrules.records import check_record
from cardrules.testing import check_variant
from cardrules_gnoming.house_rules.snap import Snap
from cardrules_gnoming.state import GnomingPhase
from tests.adapters.api_checks import run_api_test

from .builders import card, legal, new, play, put_round, rs, visible
from .reference import reference_round

P = GnomingPhase
# Seat 1 and seat 2 each show a 5; seat 0 is about to discard a 5.
SEAT_0 = "1 2 3 / 4 (6) (7) / (8) (9) (10)"
FIVE_AT_0 = "5 (2) (3) / 4 (6) (7) / (8) (9) (10)"
FIVE_AT_8 = "(1) (2) (3) / (4) (6) (7) / (8) 9 5"


def discard_position(
    layouts: tuple[str, str, str] = (SEAT_0, FIVE_AT_0, FIVE_AT_8),
    *,
    held: str = "5",
    stock: str = "10 11",
    **round_options: object,
) -> GameState:
    """Seat 0 of 3 holds ``held`` to discard; the snap variant is in play."""
    state = new(3, variants=["snap"])
    put_round(
        state,
        list(layouts),
        phase=P.DISCARD,
        held=held,
        stock=stock,
        discards=("2", "3"),
        **round_options,  # type: ignore[arg-type]
    )
    return state


class TestWhoIsAsked:
    @pytest.mark.rule("G14")
    def test_a_discard_asks_the_matching_seats_from_the_discarders_left(self) -> None:
        """Seat 0 discards a 5: seat 1 decides first (snap 0 or decline), seat 2 next."""
        state = discard_position()
        play(state, "discard 0")
        assert state.current_player == 1
        assert legal(state) == {"snap 0", "decline"}
        window = window_of(rs(state))
        assert window is not None
        assert (window.point, window.about, window.seats, window.limit) == (
            "after-discard",
            0,
            (1, 2),
            1,
        )
        play(state, "decline")
        assert (state.current_player, legal(state)) == (2, {"snap 8", "decline"})

    @pytest.mark.rule("G14")
    def test_every_seat_sees_who_is_asked_and_why(self) -> None:
        """The window is public: each observation shows the same view; only seat 1 has moves."""
        state = discard_position()
        play(state, "discard 0")
        views = [window_view(state.observation(seat)) for seat in range(3)]
        assert views[0] == views[1] == views[2]
        assert views[0] is not None
        assert views[0].reason == "5 was discarded: a matching face-up card may snap it"
        assert [len(state.observation(seat).legal_moves) for seat in range(3)] == [0, 2, 0]

    @pytest.mark.rule("G14", "G15")
    def test_no_window_without_a_match_a_stock_or_a_pile(self) -> None:
        """A 6 matches nobody; an empty stock or a Hazard (no pile, G15) opens nothing."""
        for state, move in (
            (discard_position(held="6"), "discard 0"),
            (discard_position(stock=""), "discard 0"),
            (discard_position(held="H"), "discard"),
        ):
            play(state, move)
            window = window_of(rs(state))
            assert window is None or window.name == "hazard-flip"  # (the game's own, G15)

    @pytest.mark.rule("G14")
    def test_a_move_out_of_the_window_is_refused_naming_g14(self) -> None:
        """While seat 1 is asked, ``draw stock`` or a snap elsewhere is refused; nothing changes."""
        state = discard_position()
        play(state, "discard 0")
        before = state.record()
        for move in ("draw stock", "snap 4", "pass"):
            with pytest.raises(IllegalMoveError) as caught:
                state.apply(move)
            assert caught.value.rule == "G14"
        assert state.record() == before


class TestASnap:
    @pytest.mark.rule("G14")
    def test_the_card_goes_on_the_pile_and_the_stocks_top_face_down_in_its_place(self) -> None:
        """Seat 1 snaps its 5: the pile shows 5 5, position 0 holds 11 face down; seat 2 is not
        asked (one snap a discard), and seat 1's turn starts."""
        state = discard_position()
        play(state, "discard 0", "snap 0")
        r = rs(state)
        assert [str(c) for c in r.discards[0]] == ["2", "5", "5"]
        assert visible(r.layouts[1]) == "(11) (2) (3) 4 (6) (7) (8) (9) (10)"
        assert [str(c) for c in r.stock] == ["10"]
        assert (window_of(r), state.current_player, r.turn_seat, r.phase) == (None, 1, 1, P.DRAW)

    @pytest.mark.rule("G8", "G14")
    def test_a_snap_that_takes_the_last_stock_card_rebuilds_the_draw_pile(self) -> None:
        """The stock holds one card: after the snap, the next turn rebuilds it (G8)."""
        state = discard_position(stock="11")
        play(state, "discard 0", "snap 0")
        r = rs(state)
        assert (r.rebuilds, state.current_player, r.phase) == (1, 1, P.DRAW)
        assert [str(c) for c in r.stock] == ["2", "5"]  # pile 0 but its top
        assert [str(c) for c in r.discards[0]] == ["5"]

    @pytest.mark.rule("G5", "G14")
    def test_a_snap_taking_the_stocks_top_counts_one_hazard_fewer_in_the_draw_pile(
        self,
    ) -> None:
        """Shuffle-back (G5): all know one Hazard is in the draw pile, and it is the top.
        A snap takes it unseen: nobody may still count it in the pile, or a determinized
        state would put a Hazard in a pile that holds none."""
        state = discard_position(stock="10 H")  # H on top
        rs(state).stock_hazards = 1
        play(state, "discard 0", "snap 0")
        r = rs(state)
        assert r.layouts[1].cards[0] == card("H")
        assert not r.layouts[1].face_up[0]
        assert r.stock_hazards == 0
        assert [state.observation(seat).draw_pile_hazards for seat in range(3)] == [0, 0, 0]

    @pytest.mark.rule("G5", "G14")
    def test_a_snap_of_a_card_above_known_hazards_lowers_the_count_by_one(self) -> None:
        """Two Hazards known in a pile of three: after a snap one is still sure to be there."""
        state = discard_position(stock="H H 10")
        rs(state).stock_hazards = 2
        play(state, "discard 0", "snap 0")
        assert rs(state).stock_hazards == 1
        assert state.observation(2).draw_pile_hazards == 1

    @pytest.mark.rule("G8", "G14")
    def test_after_a_rebuild_a_snap_hides_which_card_it_took(self) -> None:
        """All know a rebuilt draw pile holds 10 and 11 (G8). A snap takes its top unseen:
        no seat may see which, so the pile's cards are no longer shown, and the two
        cases look the same to every seat, the snapper included."""
        seen = []
        for stock in ("10 11", "11 10"):
            state = discard_position(stock=stock, rebuilds=1)
            assert state.observation(2).draw_pile_cards == (card("10"), card("11"))
            play(state, "discard 0", "snap 0")
            assert rs(state).layouts[1].cards[0] == card(stock[-2:])
            assert not rs(state).draw_pile_known
            seen.append([state.observation(seat) for seat in range(3)])
        assert seen[0] == seen[1]
        assert seen[0][2].draw_pile_cards is None

    @pytest.mark.rule("G8", "G14")
    def test_the_next_rebuild_shows_the_draw_piles_cards_again(self) -> None:
        """The snap takes the last card; the next turn's rebuild is public again (G8)."""
        state = discard_position(stock="11")
        play(state, "discard 0", "snap 0")
        r = rs(state)
        assert (r.rebuilds, r.draw_pile_known) == (1, True)
        assert state.observation(0).draw_pile_cards == (card("2"), card("5"))

    @pytest.mark.rule("G8", "G14")
    def test_the_kit_holds_from_a_snap_after_a_rebuild(self) -> None:
        """A real match (seed 0) just before a snap from a rebuilt pile: observations,
        tensors read off the round, determinization and replay all hold from there."""
        state = new(3, seed=0, variants=["snap"])
        rng = random.Random(0)
        while True:
            moves = state.legal_moves()
            snaps = [move for move in moves if isinstance(move, Snap)]
            if snaps and rs(state).rebuilds:
                break
            state.apply(snaps[0] if snaps else rng.choice(moves))
        report = check_variant("gnoming-a-round", ["snap"], players=3, matches=1, starts=[state])
        assert report.unreached == ()

    @pytest.mark.rule("G14", "G17", "G18")
    def test_the_round_waits_for_a_window_after_its_last_discard(self) -> None:
        """Seat 0's last turn (seat 1 is the ender): the round ends only once the snap is
        played, and scores with the snapped-in card turned up (G18), as the reference."""
        ender = "5 1 1 / 1 2 2 / 2 3 3"
        state = discard_position((SEAT_0, ender, FIVE_AT_8), ender=1, final_turns_left=1)
        play(state, "discard 0")
        assert (state.round, state.current_player, legal(state)) == (0, 1, {"snap 0", "decline"})
        play(state, "snap 0")
        assert state.round == 1
        finished = state.finished_rounds[-1]
        assert finished.layouts[1].cards[0] == card("11")
        layouts = [layout.cards for layout in finished.layouts]
        assert state.round_scores[-1] == reference_round(layouts, 1)

    def test_the_notation(self) -> None:
        state = discard_position()
        assert state.parse_move("snap 4") == Snap(4)
        assert str(Snap(4)) == "snap 4"
        assert state.parse_move("decline") == state.parse_move(" Decline ")
        for text in ("snap", "snap 9", "snap x", "snap 1 2"):  # the default notation refuses
            with pytest.raises(InvalidMoveError, match="snap"):
                state.parse_move(text)


class TestRecordsAndViews:
    @pytest.mark.rule("G14")
    def test_a_match_with_snaps_replays_from_its_record(self) -> None:
        """Seeded random play with snaps: the record (window states included) replays."""
        state = new(4, seed=3, variants=["snap"])
        rng = random.Random(3)
        snaps = 0
        while not state.is_over:
            move = rng.choice(state.legal_moves())
            snaps += isinstance(move, Snap)
            state.apply(move)
        assert snaps > 0
        record = json.loads(json.dumps(state.record()))
        assert all(WINDOW in states for states in record["variant_states"])
        assert check_record(record).record() == state.record()

    def test_the_window_planes_show_who_is_asked_by_relative_seat(self) -> None:
        """``window:asked`` from seat 2: seat 1 is two seats on; ``window:open``: the snap."""
        state = discard_position()
        game = state.game
        layout = game.tensor_layout
        play(state, "discard 0")
        tensor = state.observation_tensor(2)
        assert list(layout.view(tensor, "window:asked")) == [0, 0, 1]
        assert list(layout.view(tensor, "window:open")) == [1]
        assert (tensor == game.observation_tensor(state.observation(2))).all()

    def test_the_narration_says_who_is_asked_and_what_follows(self) -> None:
        state = discard_position()
        before = rs(state).clone()
        play(state, "discard 0")
        lines = " ".join(map(str, state.game.narrate(before, 0, state.history[-1], rs(state))))
        assert "seat 1 is asked" in lines
        assert "snap" in lines
        before = rs(state).clone()
        play(state, "snap 0")
        lines = " ".join(map(str, state.game.narrate(before, 1, Snap(0), rs(state))))
        assert "seat 1 snaps" in lines

    def test_the_window_state_is_closed_at_the_start_of_a_round(self) -> None:
        state = new(3, variants=["snap"])
        assert rs(state).variant_states[WINDOW] == WindowState()


@pytest.mark.rule("G14")
def test_the_kit_reaches_the_window_and_its_moves() -> None:
    """check_variant with no allow_unreached: snaps and declines played, every check holds."""
    report = check_variant("gnoming-a-round", ["snap"], players=3, matches=1)
    assert report.moves[("snap", "snap")] > 0
    assert report.moves[(WINDOW, "decline")] > 0
    assert report.unreached == ()


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_pettingzoo_api_test_with_snap() -> None:
    run_api_test("gnoming-a-round", options={"rounds": 1}, variants=["snap"])
