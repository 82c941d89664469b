"""Removed Hazards leave the match (G4, G5, G15), the G14 Hazard exception, and their options."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import cardrules
from cardrules import GameState
from cardrules.information.tensor_layout import TensorLayout
from cardrules_gnoming.cards import HAZARD, Card
from cardrules_gnoming.deck import DEFAULT_DECK
from cardrules_gnoming.state import GnomingRound

from .builders import legal, new, play, put_round, refused, rs

DECK = Counter(DEFAULT_DECK.as_dict())


def in_play(r: GnomingRound) -> Counter[Card]:
    """The cards of the round in play: layouts, piles and hand (not out of play)."""
    return Counter(r.all_cards()) - Counter(r.out_of_play)


def hazards_in_play(r: GnomingRound) -> int:
    return in_play(r)[HAZARD]


def check_every_card(state: GameState) -> None:
    """Every card of the deck is in exactly one place: in play or out of the game."""
    r = rs(state)
    assert Counter(r.all_cards()) == DECK
    assert hazards_in_play(r) == 3 - len(r.out_of_play)
    assert all(card == HAZARD for card in r.out_of_play)


def play_round(state: GameState, rng: random.Random, *, check: bool = False) -> None:
    """Random legal moves until the round in play is over."""
    current = state.round
    while state.round == current and not state.is_over:
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        if check and not state.is_over:
            check_every_card(state)


def hazard_discard_seed(players: int = 3) -> int:
    """A seed whose random round 1 (rng seeded alike) has a Hazard discarded by a player."""
    for seed in range(200):
        state = new(players, seed=seed)
        if rs(state).out_of_play:
            continue  # only Hazards removed by a discard
        play_round(state, random.Random(seed))
        if state.finished_rounds[0].out_of_play:
            return seed
    raise AssertionError("no seed below 200 discards a Hazard in round 1")


class TestRemovedHazardsLeaveTheMatch:
    """G15 and G4: a removed Hazard is out for the rest of the match (default)."""

    @pytest.mark.rule("G4", "G15")
    def test_hazard_discarded_in_round_1_is_absent_from_rounds_2_and_3(self) -> None:
        """Rounds 2 and 3 are dealt without it; every card is accounted for after every move."""
        seed = hazard_discard_seed()
        state = new(3, seed=seed)
        rng = random.Random(seed)
        check_every_card(state)
        play_round(state, rng, check=True)
        gone = list(state.finished_rounds[0].out_of_play)
        assert gone
        assert set(gone) == {HAZARD}
        for round_index in (1, 2):
            r = rs(state)
            assert r.round == round_index
            # Dealt from 110 less the Hazards removed so far: 9 per layout, 2 piles.
            assert r.out_of_play[: len(gone)] == gone
            assert len(r.stock) == 110 - len(r.out_of_play) - 9 * 3 - 2
            assert hazards_in_play(r) == 3 - len(r.out_of_play) <= 3 - len(gone)
            for seat in range(3):
                observation = state.observation(seat)
                assert observation.out_of_play == tuple(r.out_of_play)
                shown = f"Hazards removed from the game (G15): {len(r.out_of_play)}"
                assert shown in state.game.render_observation(observation)
            play_round(state, rng, check=True)
            gone = list(state.finished_rounds[round_index].out_of_play)
        assert state.is_over

    @pytest.mark.rule("G4", "G15")
    def test_option_hazards_return_each_round(self) -> None:
        """``hazards_return_each_round=True``: round 2 shuffles all 110 cards again."""
        seed = hazard_discard_seed()
        state = new(3, seed=seed, options={"hazards_return_each_round": True})
        play_round(state, random.Random(seed))
        assert state.finished_rounds[0].out_of_play  # the same play: a Hazard was discarded
        r = rs(state)
        # Only a Hazard turned up while starting this round's piles can be out (G5).
        assert len(r.stock) == 110 - len(r.out_of_play) - 9 * 3 - 2
        assert hazards_in_play(r) == 3 - len(r.out_of_play)
        default = new(3, seed=seed)
        play_round(default, random.Random(seed))
        assert hazards_in_play(rs(default)) < 3

    @pytest.mark.rule("G5", "G15")
    @pytest.mark.parametrize("returns", [False, True])
    def test_start_pile_hazard_is_removed_from_the_game(self, returns: bool) -> None:
        """A Hazard turned up for a pile in round 1 stays out of round 2 (option: it returns)."""
        seed = next(s for s in range(1000) if rs(new(3, seed=s)).out_of_play)
        state = new(3, seed=seed, options={"hazards_return_each_round": returns})
        assert rs(state).out_of_play == [HAZARD]
        play_round(state, random.Random(seed))
        before = len(state.finished_rounds[0].out_of_play)
        r = rs(state)
        assert len(r.out_of_play) >= (0 if returns else before)
        assert Counter(r.all_cards()) == DECK
        if not returns:
            assert r.out_of_play[:before] == state.finished_rounds[0].out_of_play

    @pytest.mark.rule("G15", "G4")
    def test_determinization_and_tensors_know_the_removed_hazards(self) -> None:
        """In round 2, samples never deal a removed Hazard, and the unseen plane omits it."""
        seed = hazard_discard_seed()
        state = new(3, seed=seed)
        play_round(state, random.Random(seed))
        play(state, "reveal 0 1", "reveal 0 1", "reveal 0 1")
        r = rs(state)
        gone = len(r.out_of_play)
        assert gone >= 1
        rng = random.Random(1)
        for seat in range(3):
            observation = state.observation(seat)
            for _ in range(5):
                sample = state.determinize(seat, rng)
                assert sample.observation(seat) == observation
                assert Counter(sample.round_state.all_cards()) == DECK
                assert hazards_in_play(sample.round_state) == 3 - gone
            # Paired states: the hidden cards dealt anew, the removed Hazards still out.
            twin = state.game.shuffle_hidden(r, seat, random.Random(seat))
            assert twin.out_of_play == r.out_of_play
            assert hazards_in_play(twin) == 3 - gone
            assert state.game.observation(twin, seat, tuple(state.round_scores), (), ()) == (
                state.game.observation(r, seat, tuple(state.round_scores), (), ())
            )
            layout: TensorLayout = state.game.tensor_layout
            tensor = state.game.observation_tensor(observation)
            kinds = [card for card, _ in DEFAULT_DECK.counts]
            unseen = layout.view(tensor, "unseen")[kinds.index(HAZARD)]
            visible = sum(card == HAZARD for lay in observation.layouts for card in lay)
            assert unseen == 3 - gone - visible

    @pytest.mark.rule("G15", "G4")
    def test_a_determinized_state_deals_the_next_round_without_them(self) -> None:
        """A search bot's sample finishing round 1 deals round 2 without the removed Hazards."""
        seed = hazard_discard_seed()
        real = new(3, seed=seed)
        rng = random.Random(seed)
        while True:  # to the last moves of round 1, after the Hazard left
            moves = real.legal_moves()
            real.apply(moves[rng.randrange(len(moves))])
            if rs(real).out_of_play and rs(real).ender is not None:
                break
        assert real.round == 0
        sample = real.determinize(0, random.Random(3))
        removed = list(rs(sample).out_of_play)
        play_round(sample, random.Random(4))
        assert sample.round == 1
        assert rs(sample).out_of_play[: len(removed)] == removed
        assert hazards_in_play(rs(sample)) == 3 - len(rs(sample).out_of_play)


def kept_hazard_position(options: dict[str, bool] | None = None) -> GameState:
    """Seat 0 draws a Hazard from the stock; discard pile 1 is empty."""
    state = new(3, options=options)
    put_round(
        state,
        ["2 (3) 4 / (5) (6) (7) / (8) (9) 10", "(1) (1) 1 / (1) (1) (1) / (1) (1) 1", "1 " * 9],
        stock="11 12 H",
        discards=("1 -3", ""),
    )
    return state


class TestHazardDrawerAndEmptyPile:
    """G14's exception "unless they drew a Hazard" (Interpretation and option)."""

    @pytest.mark.rule("G14", "G15")
    def test_default_kept_hazard_still_restarts_the_empty_pile(self) -> None:
        """Default: after keeping a drawn Hazard, the displaced card must restart pile 1."""
        state = kept_hazard_position()
        play(state, "draw stock", "place 0")
        assert rs(state).kept_hazard
        assert legal(state) == {"discard 1"}
        assert refused(state, "discard 0").rule == "G14"

    @pytest.mark.rule("G14", "G15")
    def test_option_hazard_drawer_need_not_restart(self) -> None:
        """``hazard_drawer_need_not_restart=True``: either pile takes the displaced card."""
        state = kept_hazard_position({"hazard_drawer_need_not_restart": True})
        play(state, "draw stock", "place 0")
        assert legal(state) == {"discard 0", "discard 1"}
        for seat in range(3):
            assert state.observation(seat).kept_hazard
        play(state, "discard 0")
        assert rs(state).discards[1].cards() == ()
        assert not rs(state).kept_hazard  # the next turn starts afresh
        play(state, "draw stock", "place 2")  # seat 1 keeps a 12: no Hazard this turn
        assert legal(state) == {"discard 1"}

    @pytest.mark.rule("G14", "G15")
    @pytest.mark.parametrize("option", [False, True])
    def test_a_discarded_hazard_never_restarts_a_pile(self, option: bool) -> None:
        """Either way a discarded Hazard goes on no pile: the empty pile stays empty."""
        state = kept_hazard_position({"hazard_drawer_need_not_restart": option})
        play(state, "draw stock")
        assert refused(state, "discard 1").rule == "G15"
        play(state, "discard")
        assert rs(state).discards[1].cards() == ()
        assert rs(state).out_of_play == [HAZARD]


def test_options_name_their_rules() -> None:
    """The new options are fields of GnomingOptions with the rules' defaults."""
    options = cardrules.new_game("gnoming-a-round", players=3, seed=1).game.options
    assert options.hazards_return_each_round is False
    assert options.hazard_drawer_need_not_restart is False
