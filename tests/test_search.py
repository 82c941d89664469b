"""The information-set MCTS bot (`cardrules.bots.search.ISMCTSBot`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import GameState, new_game
from cardrules.bots.search import ISMCTSBot
from cardrules_gnoming.moves import Draw, Place
from cardrules_gnoming.scoring import score_layout

GAMES = [("gnoming-a-round", 4), ("toonerville-rook", 3)]


def greedy_positions(name: str, players: int, seed: int, every: int, count: int) -> list[GameState]:
    """States met in a greedy match: every ``every``-th decision with two or more legal moves."""
    state = new_game(name, players=players, seed=seed)
    greedy = dict(state.game.spec.bots)["greedy"](seed)
    found: list[GameState] = []
    seen = 0
    while not state.is_over and len(found) < count:
        if len(state.legal_moves()) > 1:
            if seen % every == 0:
                found.append(state.clone())
            seen += 1
        seat = state.current_player
        assert seat is not None
        state.apply(greedy.choose(state.observation(seat)))
    return found


def root_visits(bot: ISMCTSBot, observation: Any) -> list[tuple[str, int, float]]:
    root = bot.search(observation)
    return [(str(m), c.visits, c.total) for m, c in root.children.items()]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_returns_a_legal_move_in_varied_positions(name: str, players: int) -> None:
    positions = greedy_positions(name, players, seed=3, every=9, count=12)
    phases = set()
    for state in positions:
        seat = state.current_player
        assert seat is not None
        observation = state.observation(seat)
        phases.add(observation.phase)
        bot = ISMCTSBot(state.game, iterations=6, seed=1, max_rollout_moves=6)
        assert bot.choose(observation) in observation.legal_moves
        assert bot.searches == 1
    assert len(phases) >= 3  # the positions really vary


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_same_seed_same_choices(name: str, players: int) -> None:
    positions = greedy_positions(name, players, seed=5, every=13, count=5)
    observations = [s.observation(s.current_player) for s in positions]  # type: ignore[arg-type]
    game = positions[0].game
    runs = []
    for _ in range(2):
        bot = ISMCTSBot(game, iterations=8, seed=42, max_rollout_moves=8)
        runs.append([root_visits(bot, obs) for obs in observations])
    assert runs[0] == runs[1]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_hidden_cards_do_not_change_the_search(name: str, players: int) -> None:
    rng = random.Random(9)
    for state in greedy_positions(name, players, seed=8, every=17, count=3):
        seat = state.current_player
        assert seat is not None
        twin = state.clone()
        twin.set_round_state(state.game.shuffle_hidden(state.round_state, seat, rng))
        assert twin.round_state.all_cards() != state.round_state.all_cards()
        observation = state.observation(seat)
        assert twin.observation(seat) == observation
        first = ISMCTSBot(state.game, iterations=10, seed=7, max_rollout_moves=6)
        second = ISMCTSBot(twin.game, iterations=10, seed=7, max_rollout_moves=6)
        assert root_visits(first, observation) == root_visits(second, twin.observation(seat))
        assert first.choose(observation) == second.choose(twin.observation(seat))


def _place_to_complete_a_line() -> GameState:
    """Seat 0 holds (from discard pile 0) a third card of a value showing twice in its top row.

    The cards are only rearranged from a real deal, so the deck stays whole.
    """
    state = new_game("gnoming-a-round", players=3, seed=11, options={"initial_reveals": 0})
    rs = state.round_state.clone()
    stock = list(rs.stock)
    by_value: dict[int, list[int]] = {}
    for i, card in enumerate(stock):
        if card.is_positive and card.value >= 8:
            by_value.setdefault(card.value, []).append(i)
    value, places = max(by_value.items(), key=lambda item: (len(item[1]) >= 3, item[0]))
    assert len(places) >= 3
    layout = rs.layouts[0]
    for position, i in zip((0, 1), places, strict=False):
        layout.cards[position], stock[i] = stock[i], layout.cards[position]
        layout.face_up[position] = True
    pile = list(rs.discards[0])
    pile[-1], stock[places[2]] = stock[places[2]], pile[-1]
    rs.stock = type(rs.stock)(stock)
    rs.discards = (type(rs.discards[0])(pile), rs.discards[1])
    state.set_round_state(rs)
    state.apply(Draw(0))
    assert state.round_state.held is not None
    assert state.round_state.held.value == value
    return state


def test_finds_the_clearly_best_place_in_gnoming() -> None:
    state = _place_to_complete_a_line()
    rs = state.round_state
    layout = rs.layouts[0]
    held = rs.held

    def score_after(position: int) -> int:
        cards = layout.cards.copy()
        cards[position] = held
        return score_layout(cards)

    # The real cards (face-down ones included) show which place is best, and by how much.
    places = sorted(
        ((score_after(m.position), m) for m in state.legal_moves() if isinstance(m, Place)),
        key=lambda item: item[0],
    )
    (best_score, best), (second_score, _) = places[0], places[1]
    assert second_score - best_score >= 10
    assert min(score_layout(layout.cards), second_score) - best_score >= 10
    # Random rollouts: the search itself, not the greedy bot's first guess, finds it.
    for seed in range(3):
        bot = ISMCTSBot(state.game, iterations=60, seed=seed, rollout="random", max_rollout_moves=3)
        assert bot.choose(state.observation(0)) == best


def test_one_legal_move_is_returned_without_searching() -> None:
    for name, players in GAMES:
        state = new_game(name, players=players, seed=2)
        greedy = dict(state.game.spec.bots)["greedy"](2)
        while len(state.legal_moves()) != 1:
            seat = state.current_player
            assert seat is not None
            state.apply(greedy.choose(state.observation(seat)))
        seat = state.current_player
        assert seat is not None
        bot = ISMCTSBot(state.game, iterations=5, seed=0)
        assert bot.choose(state.observation(seat)) == state.legal_moves()[0]
        assert bot.searches == 0


def test_refuses_bad_arguments() -> None:
    game = new_game("gnoming-a-round", players=3, seed=0).game
    with pytest.raises(ValueError, match="iterations must be at least 1"):
        ISMCTSBot(game, iterations=0)
    with pytest.raises(TypeError, match="iterations must be an integer"):
        ISMCTSBot(game, iterations=2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="exploration"):
        ISMCTSBot(game, exploration=-1.0)
    with pytest.raises(ValueError, match="max_rollout_moves"):
        ISMCTSBot(game, max_rollout_moves=-1)
    with pytest.raises(ValueError, match="unknown rollout 'best'"):
        ISMCTSBot(game, rollout="best")
    with pytest.raises(ValueError, match="objective must be one of"):
        ISMCTSBot(game, objective="margin")


def test_refuses_an_observation_of_a_seat_not_deciding() -> None:
    state = new_game("gnoming-a-round", players=3, seed=0)
    waiting = (state.current_player + 1) % 3  # type: ignore[operator]
    with pytest.raises(ValueError, match="no legal move"):
        ISMCTSBot(state.game, iterations=2).choose(state.observation(waiting))


def test_random_rollouts_and_a_custom_evaluation() -> None:
    state = greedy_positions("toonerville-rook", 3, seed=4, every=5, count=2)[-1]
    seat = state.current_player
    assert seat is not None
    calls: list[int] = []

    def hand_sizes(s: GameState) -> list[float]:
        calls.append(1)
        return [float(n) for n in s.observation(0).hand_sizes]

    bot = ISMCTSBot(state.game, iterations=5, seed=1, rollout="random", evaluate=hand_sizes)
    observation = state.observation(seat)
    assert bot.choose(observation) in observation.legal_moves
    assert calls  # the baseline (and capped rollouts) use the given evaluation


def test_a_given_sampler_draws_every_searched_state() -> None:
    """``sample``: each iteration searches the sampler's state, drawn with the bot's generator."""
    state = greedy_positions("gnoming-a-round", 3, seed=2, every=3, count=2)[-1]
    seat = state.current_player
    assert seat is not None
    drawn: list[int] = []

    def the_real_state(observation: Any, rng: random.Random) -> GameState:
        assert observation == state.observation(seat)
        drawn.append(rng.randrange(1000))
        return state.clone()

    bot = ISMCTSBot(state.game, iterations=7, seed=3, sample=the_real_state)
    assert bot.choose(state.observation(seat)) in state.legal_moves()
    assert len(drawn) == 7
    first = list(drawn)
    drawn.clear()
    ISMCTSBot(state.game, iterations=7, seed=3, sample=the_real_state).choose(
        state.observation(seat)
    )
    assert drawn == first  # drawn with the bot's own seeded generator


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_win_objective_backs_up_wins_only(name: str, players: int) -> None:
    """``objective="win"``: every reward is 1 (the seat's round is won) or 0, so a node's
    total is a whole number of wins, at most its visits."""
    state = greedy_positions(name, players, seed=1, every=4, count=2)[-1]
    seat = state.current_player
    assert seat is not None
    bot = ISMCTSBot(state.game, iterations=30, seed=2, objective="win", max_rollout_moves=6)
    root = bot.search(state.observation(seat))
    nodes, totals = list(root.children.values()), []
    while nodes:
        node = nodes.pop()
        assert 0 <= node.total <= node.visits
        totals.append(node.total)
        nodes.extend(node.children.values())
    assert all(total == int(total) for total in totals)
    assert any(totals)  # some seat won some of the rounds played out
