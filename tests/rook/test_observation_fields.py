"""Each field of a Toonerville Rook observation comes from its own part of the round.

`cardrules_rook.observation.observe` builds the observation positionally (a
keyword call costs more than the rest of it), so this builds the same
observation by keyword, field by field from the round, and compares.
"""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules_rook.buying import offered_to
from cardrules_rook.cards import card_of_code, cards_of_counts
from cardrules_rook.observation import RookObservation


@pytest.mark.rule("R11")
@pytest.mark.parametrize("seed", [3, 8])
def test_observe_fills_every_field_from_its_own_part_of_the_round(seed: int) -> None:
    state = cardrules.new_game("toonerville-rook", players=4, seed=seed)
    rng = random.Random(seed)
    compared = 0
    while not state.is_over and compared < 400:
        rs = state.round_state
        for seat in range(4):
            expected = RookObservation(
                seat=seat,
                players=rs.players,
                round=rs.round,
                contract=rs.contract,
                whole_hand=rs.whole_hand,
                meld_rules=rs.rules.meld_rules,
                dealer=rs.dealer,
                phase=rs.phase,
                current_player=rs.current_player,
                turn_seat=rs.turn_seat,
                hand=rs.hand(seat),
                hand_sizes=tuple(sum(hand) for hand in rs.hands),
                table=tuple(rs.table),
                owners=tuple(rs.owners),
                discard_pile=tuple(rs.discards),
                draw_pile_size=len(rs.stock),
                down=tuple(rs.down),
                buys=tuple(rs.buys),
                offered_to=offered_to(rs),  # (the buy window's, R10)
                lay_down_left=rs.lay_down_left,
                went_down_this_turn=rs.went_down_this_turn,
                owed_rooks=rs.owed_rooks,
                owed_before_down=rs.owed_before_down,
                rebuilds=rs.rebuilds,
                went_out=rs.went_out,
                ended_by=rs.ended_by,
                known_cards=tuple(cards_of_counts(known) for known in rs.known),
                rebuilt_draw_pile=cards_of_counts(rs.rebuilt),
                drawn_from_rebuilt=cards_of_counts(rs.rebuilt_draws[seat]),
                rebuilt_draw_counts=tuple(sum(drawn) for drawn in rs.rebuilt_draws),
                rebuilt_draw_plays=tuple(
                    tuple((n, card_of_code(code)) for n, code in plays)
                    for plays in rs.rebuilt_plays
                ),
                round_scores=tuple(state.round_scores),
                legal_moves=state.legal_moves() if seat == rs.current_player else (),
                history=state.round_history(),
                card_points=rs.rules.points,
            )
            assert state.observation(seat) == expected
            compared += 1
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    assert compared == 400
