"""The greedy bot counts unseen cards with the game's own deck (G2), a variant's included."""

from __future__ import annotations

import pytest

from cardrules import new_game
from cardrules_gnoming.bots import GreedyBot
from cardrules_gnoming.deck import DEFAULT_DECK
from tests.test_kit_reach import CATALOGUE, JOKERS_DECK


@pytest.mark.rule("G2")
def test_the_greedy_bot_uses_the_games_deck_unless_given_one() -> None:
    state = new_game("gnoming-a-round", players=3, seed=3, variants=["jokers"], catalogue=CATALOGUE)
    assert state.game.deck == JOKERS_DECK
    unset, given, standard = GreedyBot(1), GreedyBot(1, deck=JOKERS_DECK), GreedyBot(1)
    standard_deck = GreedyBot(1, deck=DEFAULT_DECK)
    observation = state.observation(0)
    assert unset._deck_of(observation) is JOKERS_DECK
    assert standard_deck._deck_of(observation) is DEFAULT_DECK
    # Without the variant the game's deck is G2's.
    plain = new_game("gnoming-a-round", players=3, seed=3)
    assert standard._deck_of(plain.observation(0)) == DEFAULT_DECK
    # Left to choose, the bot chooses as one given the game's deck, all match long,
    # where one given G2's deck chooses otherwise at times.
    differ = standard_differs = 0
    while not state.is_over and len(state.history) < 600:
        seat = state.current_player
        assert seat is not None
        observation = state.observation(seat)
        move = unset.choose(observation)
        differ += move != given.choose(observation)
        standard_differs += move != standard_deck.choose(observation)
        state.apply(move)
    assert differ == 0
    assert standard_differs > 0  # counting with G2's deck instead chooses otherwise (the bug)
