"""Crazy Eights, tested as its author would: its rules, the kit and the peers' checkers.

Run with the package installed (``pip install -e '.[test]'``); the adapters'
checks run where PettingZoo, OpenSpiel and Gymnasium are installed.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from cardrules_crazy_eights import NAME, ZONES, Draw, Eight, Hand, Pass, Play, Suit

from cardrules import IllegalMoveError, RandomBot, new_game, play_match
from cardrules.model import Table, TableSpec, parse_card, parse_cards
from cardrules.records import check_record
from cardrules.testing import check_game, run_conformance


def position(hands: list[str], discard: str, stock: str | None = None) -> Any:
    """A match whose hand in play is built by hand, seat 0 to play.

    The deck's other cards go to the stock, or, when ``stock`` is given, under
    the discard pile's top card.
    """
    state = new_game(NAME, players=len(hands), seed=0)
    contents: dict[Any, list[Any]] = {("hand", s): parse_cards(h) for s, h in enumerate(hands)}
    used = [card for cards in contents.values() for card in cards]
    used += parse_cards(discard) + parse_cards(stock or "")
    rest = [c for c, n in state.game.deck.counts for _ in range(n) if c not in used]
    if stock is None:
        contents |= {"stock": rest, "discard": parse_cards(discard)}
    else:
        contents |= {"stock": parse_cards(stock), "discard": rest + parse_cards(discard)}
    state.set_round_state(Hand(Table(TableSpec(ZONES, len(hands)), contents), current_player=0))
    return state


def test_c1_the_deal() -> None:
    state = new_game(NAME, players=3, seed=4)
    table = state.round_state.table
    assert [table.size(("hand", s)) for s in range(3)] == [5, 5, 5]
    assert table.size("discard") == 1
    assert table.cards("discard")[0].rank != 8
    assert new_game(NAME, players=2, seed=4).round_state.table.size(("hand", 0)) == 7


def test_c2_c3_match_the_suit_or_rank_and_eights_are_wild() -> None:
    state = position(["QH 4C 8S", "2C", "3C"], "QS")
    legal = state.legal_moves()
    assert Play(parse_card("QH")) in legal
    assert Play(parse_card("4C")) not in legal
    assert {m.suit for m in legal if isinstance(m, Eight)} == set(Suit)
    with pytest.raises(IllegalMoveError) as refused:
        state.apply("play 4C")
    assert refused.value.rule == "C2"
    with pytest.raises(IllegalMoveError, match="holds no 8H") as refused:
        state.apply("play 8H spades")
    assert refused.value.rule == "C2"
    state.apply("play 8S hearts")
    assert state.round_state.suit is Suit.HEARTS
    assert state.legal_moves() == (Draw(),)  # seat 1's 2C is not a heart


def test_c4_c5_draw_at_will_and_pass_only_when_stuck() -> None:
    state = position(["QH", "2C", "3C"], "QS")
    state.apply("draw")
    assert state.current_player == 0
    assert state.round_state.table.size(("hand", 0)) == 2


def test_c6_going_out_scores_the_other_hands() -> None:
    state = position(["QH", "2C KD", "8C AS"], "QS", stock="5D")
    state.apply("play QH")
    assert state.round_scores[-1] == (2 + 10 + 50 + 1, 0, 0)


def test_c7_a_blocked_hand() -> None:
    state = position(["2C", "3C", "4C"], "QH", stock="")
    for _ in range(3):
        assert state.legal_moves() == (Pass(),)
        state.apply("pass")
    assert state.round_scores[-1] == ((3 - 2) + (4 - 2), 0, 0)


def test_c8_the_match_ends_at_the_target_and_the_highest_total_wins() -> None:
    state = new_game(NAME, players=3, seed=2, options={"target": 60})
    play_match(state, [RandomBot(s) for s in range(3)])
    assert max(state.scores) >= 60
    assert all(
        max(map(sum, zip(*state.round_scores[:i], strict=True))) < 60 for i in range(1, state.round)
    )
    assert state.scores[state.winners[0]] == max(state.scores)


def test_the_kit() -> None:
    report = run_conformance(NAME, players=3, max_examples=5, steps=40, shrink=False)
    assert report.not_run == {}


def test_what_authors_get_wrong() -> None:
    """No leak; samples fit the observation and the play; estimate and bots face the right way."""
    check_game(NAME, players=3, seeds=[0, 1], require=["leaks", "determinization", "history"])
    # later positions: the stock runs out and passes reveal what a seat lacks (C5)
    checks = ["leaks", "determinization", "inferences", "history"]
    check_game(NAME, players=3, seeds=[0, 1], stride=5, require=checks, skip=["bots-direction"])


def test_records_replay() -> None:
    state = new_game(NAME, players=4, seed=9, options={"target": 50})
    play_match(state, [RandomBot(s) for s in range(4)])
    replayed = check_record(json.loads(json.dumps(state.record())))
    assert replayed.scores == state.scores


def test_pettingzoo_api_test() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from cardrules.adapters.pettingzoo import env

    api_test(env(NAME, players=3, options={"target": 30}), num_cycles=300)


def test_openspiel_random_sim_test() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import cardrules.adapters.openspiel  # noqa: F401  (registers every installed game)

    game = pyspiel.load_game("python_cardrules_crazy_eights", {"players": 3, "rng_seed": 1})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_gymnasium_check_env() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import cardrules.adapters.gymnasium  # noqa: F401  (registers every installed game)

    check_env(gymnasium.make("cardrules/CrazyEights-v0", players=3).unwrapped)


def _hands_won(bot: Any, hands: int = 30) -> int:
    """Hands won outright by ``bot(game, seed)`` against two random bots, its seat rotating."""
    won = 0
    for seed in range(hands):
        seat = seed % 3
        state = new_game(NAME, players=3, seed=seed, options={"target": 1})
        bots: list[Any] = [RandomBot(seed * 3 + s) for s in range(3)]
        bots[seat] = bot(state.game, seed)
        play_match(state, bots)
        won += state.winners == (seat,)
    return won


def test_search_beats_random_play() -> None:
    """ISMCTS (with the game's estimate, C7's count) wins far more hands than random play.

    Measured over larger seeded sets (seeds 1000 on, the search's seat rotating):
    this search wins 61% of hands (128 of 210), a random seat 33% (99 of 300).
    The thresholds are what this seeded set shows (15 of 30), not a wish.
    ``benchmarks/search_vs_random.py`` (next to this folder) measures what caps
    it, from seed 1000 on: a rule of thumb wins 68% of 900 hands, a search
    playing for the hand 61% of 300, the same search seeing the other players'
    hands 79% of 300, and seeing the stock's order too 95% of 60. Eighty percent
    asks for play as good as play that sees every opponent's hand.
    """
    from cardrules.bots.search import ISMCTSBot, estimated_scores

    def search(game: Any, seed: int) -> ISMCTSBot:
        return ISMCTSBot(
            game, iterations=60, seed=seed, rollout="random", evaluate=estimated_scores,
            max_rollout_moves=10,
        )  # fmt: skip

    searched = _hands_won(search)
    randomly = _hands_won(lambda game, seed: RandomBot(1000 + seed))
    assert searched >= 15, (searched, randomly)  # half the hands; a random seat wins a third
    assert searched >= randomly + 5, (searched, randomly)


def test_every_action_id_is_a_move_of_the_game() -> None:
    """66 ids (48 plays, 16 eights with a suit, draw, pass); each parses back from its notation."""
    state = new_game(NAME, players=3, seed=0)
    space = state.action_space
    assert space.size == 66
    for action in range(space.size):
        move = space.move_of(action)
        assert state.parse_move(str(move)) == move
        assert space.id_of(move) == action


def test_a_person_sees_the_table_place_by_place() -> None:
    """The core's rendering of the derived observation: own cards, counts of the others'."""
    state = new_game(NAME, players=3, seed=1)
    shown = state.game.render_observation(state.observation(0))
    hand = " ".join(map(str, sorted(state.round_state.table.cards(("hand", 0)))))
    assert f"hand, seat 0 (you): {hand}" in shown
    assert "hand, seat 1: 5 cards" in shown
    assert f"stock: {state.round_state.table.size('stock')} cards" in shown


def test_random_play_is_seeded() -> None:
    one, two = (new_game(NAME, players=3, seed=5) for _ in range(2))
    rng = random.Random(1)
    for _ in range(30):
        move = rng.choice(one.legal_moves())
        one.apply(move)
        two.apply(str(move))
    assert one.record() == two.record()
