"""Gnoming A Round's move notation: it says what a move does and reads the obvious spellings."""

from __future__ import annotations

import pytest

import cardrules
from cardrules import InvalidMoveError, RandomBot, play_match
from cardrules.records import check_record
from cardrules_gnoming.moves import STOCK, Discard, Draw, Reveal, parse_move

from .builders import legal, new, play


class TestSpellings:
    @pytest.mark.rule("G9")
    def test_a_discard_pile_draw_is_written_take_discard(self) -> None:
        """The stock is ``draw stock``; a discard pile is ``take discard N``, never "draw pile"."""
        state = new(3, seed=1)
        play(state, "reveal 0 1", "reveal 0 1", "reveal 0 1")
        assert legal(state) == {"draw stock", "take discard 0", "take discard 1"}
        assert str(Draw(1)) == "take discard 1"

    @pytest.mark.rule("G9")
    @pytest.mark.parametrize(
        ("text", "move"),
        [
            ("draw", Draw(STOCK)),
            ("draw stock", Draw(STOCK)),
            ("take discard 1", Draw(1)),
            ("take 0", Draw(0)),
            ("take pile 1", Draw(1)),
            ("draw discard 0", Draw(0)),
            ("draw pile 1", Draw(1)),  # the old spelling: old records keep loading
            ("discard on 1", Discard(1)),
            ("discard pile 0", Discard(0)),
            ("discard", Discard(None)),
        ],
    )
    def test_obvious_spellings_parse(self, text: str, move: object) -> None:
        """Each spelling a person would try reads as the move it names."""
        assert parse_move(text) == move

    @pytest.mark.rule("G6")
    def test_reveal_positions_in_any_order(self) -> None:
        """``reveal 8 0`` is ``reveal 0 8``: the order of the positions means nothing."""
        assert parse_move("reveal 8 0") == Reveal((0, 8)) == Reveal((8, 0))
        state = new(3, seed=1)
        state.apply("reveal 8 0")
        assert str(state.history[-1]) == "reveal 0 8"

    @pytest.mark.rule("G6")
    def test_a_repeated_position_is_refused(self) -> None:
        """Distinct positions are still required, with a message saying so."""
        with pytest.raises(InvalidMoveError, match="distinct"):
            parse_move("reveal 4 4")

    def test_an_unknown_spelling_lists_the_notation(self) -> None:
        """A move that reads as nothing names the real notation."""
        with pytest.raises(InvalidMoveError, match="take discard N"):
            parse_move("take stock")


class TestOldRecords:
    def test_a_record_in_the_old_notation_loads_and_replays(self) -> None:
        """A record whose moves say ``draw pile N`` replays to the same scores."""
        state = cardrules.new_game("gnoming-a-round", players=3, seed=4)
        play_match(state, [RandomBot(s) for s in range(3)])
        record = state.record()
        taken = [m for m in record["moves"] if m.startswith("take discard")]
        assert taken  # the match has discard-pile draws to rewrite
        old = dict(
            record,
            moves=[m.replace("take discard", "draw pile") for m in record["moves"]],
        )
        final = check_record(old)
        assert final.scores == state.scores
        assert [str(m) for m in final.history] == record["moves"]
