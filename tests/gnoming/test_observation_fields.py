"""Each field of a Gnoming A Round observation comes from its own part of the round.

`cardrules_gnoming.observation.observe` builds the observation positionally (a
keyword call costs more than the rest of it), so this builds the same
observation by keyword, field by field from the round, and compares.
"""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules_gnoming.flips import deciding_seats
from cardrules_gnoming.hidden import draw_pile_cards, draw_pile_hazards, held_is_hidden
from cardrules_gnoming.observation import GnomingObservation


@pytest.mark.rule("G4")
@pytest.mark.parametrize("seed", [2, 9])
def test_observe_fills_every_field_from_its_own_part_of_the_round(seed: int) -> None:
    state = cardrules.new_game("gnoming-a-round", players=4, seed=seed)
    rng = random.Random(seed)
    compared = 0
    while not state.is_over and compared < 400:
        rs = state.round_state
        for seat in range(4):
            expected = GnomingObservation(
                seat=seat,
                players=rs.players,
                round=rs.round,
                phase=rs.phase,
                current_player=rs.current_player,
                turn_seat=rs.turn_seat,
                layouts=tuple(layout.visible() for layout in rs.layouts),
                discard_piles=(tuple(rs.discards[0]), tuple(rs.discards[1])),
                draw_pile_size=len(rs.stock),
                held_card=None if held_is_hidden(rs, seat) else rs.held,
                held_from=rs.drawn_from,
                filled_positions=tuple(p for p in range(9) if rs.filled & (1 << p)),
                kept_hazard=rs.kept_hazard,
                ender=rs.ender,
                out_of_play=tuple(rs.out_of_play),
                rebuilds=rs.rebuilds,
                starter=rs.starter,
                pending=deciding_seats(rs),
                mulligans_at_turn_start=rs.mulligans_at_turn_start,
                final_turns_left=rs.final_turns_left,
                ended_by=rs.ended_by,
                draw_pile_cards=draw_pile_cards(rs, seat),
                draw_pile_hazards=draw_pile_hazards(rs, seat),
                round_scores=tuple(state.round_scores),
                legal_moves=state.legal_moves() if seat == rs.current_player else (),
                history=state.round_history(),
                rules=rs.rules,
            )
            assert state.observation(seat) == expected
            compared += 1
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    assert compared == 400
