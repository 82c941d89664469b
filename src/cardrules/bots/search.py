"""An information-set Monte Carlo tree search bot that works for every game.

`ISMCTSBot` is single-observer ISMCTS (Cowling, Powley & Whitehouse 2012,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)) for several
players. It sees only its observation, like every `cardrules.bots.Bot`.
Each iteration:

1. samples a full state consistent with the observation
   (`cardrules.engine.determinize.determinize`);
2. walks one shared tree keyed by moves (a node's children are the moves tried
   from it, whoever decides there) while every legal move of the sampled state
   has been tried: the deciding seat takes the child with the best upper
   confidence bound for *its own* reward, counted against how often the child
   was available (legal) when the walk reached its parent;
3. expands one untried move: the rollout policy's choice if untried, else a
   random one (so a small budget still looks at the policy's move first);
4. plays on with the rollout policy until the round in play ends, or for at
   most ``max_rollout_moves`` moves, then scores the position;
5. backs up one reward per seat.

Horizon: the round in play. Rounds are independent deals scored on their own,
and a match total is the sum of round scores, so the round's scores are the
natural outcome. A capped rollout is scored as if the round ended there
(`score_if_ended_now`: Gnoming counts every layout card, face-down ones at
their sampled values; Rook counts the points left in each hand).

Reward of a seat: ``u(score - baseline) - opponent_weight * mean over the other
seats of u(score - baseline)``, where ``u`` turns a score change into a utility
in the direction the game declares (`cardrules.MatchRules.utility`: ``-x`` where
the lowest total wins, ``x`` where the highest does), and ``baseline`` is the same scoring of the
sampled state *before* any move. The baseline is a control variate: sampled
hidden cards that no move touches (face-down Gnoming cards, Rook hands) add the
same amount to every outcome of an iteration, and subtracting it removes that
luck without favouring any move (it depends on the sample only). Without it
the spread of the samples drowned the differences between moves at budgets of
a few hundred iterations. Rewards are then scaled to ``[0, 1]`` by the
smallest and largest reward of the current search, so ``exploration`` does not
depend on a game's point scale. ``opponent_weight`` defaults to 0: a seat's
own score is what the match total, and the benchmarks, count; a positive
weight also rewards leaving points with the others (closer to winning, at some
cost in one's own total).

With ``objective="win"`` the reward is instead whether the seat wins the round
in play (1 for each seat with the best score, in the game's direction; else
0), for games where a round is won outright rather than scored for a total.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from cardrules.engine.determinize import determinize
from cardrules.engine.game_state import Game, GameState
from cardrules.errors import quote
from cardrules.model.moves import Move

__all__ = [
    "OBJECTIVES",
    "Evaluation",
    "ISMCTSBot",
    "RolloutPolicy",
    "Sampler",
    "SearchNode",
    "bot_policy",
    "deciding_moves",
    "estimated_scores",
    "named_policy",
    "random_policy",
    "score_if_ended_now",
]

#: A rollout policy: the move to play in ``state`` (one of its legal moves).
RolloutPolicy = Callable[[GameState, random.Random], Move]

#: Scores of the round in play as if it ended now, one per seat (in the game's direction).
Evaluation = Callable[[GameState], Sequence[float]]

#: A full state consistent with an observation, drawn with the generator (a fresh
#: `GameState` the search may change).
Sampler = Callable[[Any, random.Random], GameState]

#: What a search maximises for each seat: ``"score"``, its round score (the
#: default), or ``"win"``, winning the round in play (1 for each seat whose
#: score is best in the game's direction, shared on a tie; else 0).
OBJECTIVES = ("score", "win")


def random_policy(state: GameState, rng: random.Random) -> Move:
    """A uniformly random legal move of ``state`` (drawn with ``rng``)."""
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))]


def bot_policy(bot: Any) -> RolloutPolicy:
    """A rollout policy that asks ``bot`` (a `cardrules.bots.Bot`), for every seat.

    The bot sees the deciding seat's observation of the sampled state, as in a
    real match, so any bot of the game can drive rollouts.
    """

    def policy(state: GameState, rng: random.Random) -> Move:
        seat = state.current_player
        assert seat is not None
        move: Move = bot.choose(state.observation(seat))
        return move

    return policy


def named_policy(
    game: Game, policy: str | RolloutPolicy, rng: random.Random, what: str = "policy"
) -> RolloutPolicy:
    """A rollout policy from its name, or ``policy`` itself if it is one.

    Args:
        game: the game (its bots are the names offered).
        policy: ``"greedy"`` (the game's bot of that name, else random moves),
            ``"random"``, the name of any bot the game offers, or a policy.
        rng: seeds the bot a name stands for.
        what: the parameter's name, for the error message.

    Raises:
        ValueError: an unknown name (the message lists the known ones).
    """
    if not isinstance(policy, str):
        return policy
    factories = dict(game.spec.bots)
    if policy == "greedy" and "greedy" not in factories:
        policy = "random"
    if policy == "random":
        return random_policy
    if policy not in factories:
        known = ", ".join(sorted({"random", "greedy", *factories}))
        raise ValueError(f"unknown {what} {quote(policy)} for {game.name}; choose {known}")
    return bot_policy(factories[policy](rng.getrandbits(63)))


def deciding_moves(observation: Any) -> Sequence[Move]:
    """The legal moves an observation lists, for a bot about to choose.

    Raises:
        ValueError: it lists none (its seat is not deciding).
    """
    legal: Sequence[Move] = observation.legal_moves
    if not legal:
        raise ValueError("the observation lists no legal move: its seat is not deciding")
    return legal


def score_if_ended_now(state: GameState) -> tuple[int, ...]:
    """The round in play scored as if it ended now (`Game.score_round` of its round state).

    For Gnoming A Round every layout card counts, face-down ones at their
    sampled values (no ender bonus until someone ended the round); for
    Toonerville Rook every seat scores the points left in its hand.
    """
    return state.game.score_round(state.round_state)


def estimated_scores(state: GameState) -> tuple[float, ...]:
    """The game's estimate of the round in play, one per seat (`Game.estimate_scores`).

    Toonerville Rook adds a price for each card still missing from a contract
    (`cardrules_rook.evaluate`); a game without an estimate scores the round as
    if it ended now, as `score_if_ended_now` does.
    """
    return state.game.estimate_scores(state.round_state)


class SearchNode:
    """A node of the search tree: the move that led to it, who played it, its statistics.

    Attributes:
        move: the move from the parent (``None`` at the root).
        seat: the seat that played ``move`` (at the root: the observing seat).
        parent: the parent node (``None`` at the root).
        children: the moves tried from here, whoever decided, to their nodes.
        visits: iterations that passed through this node.
        total: the sum of ``seat``'s rewards over those iterations.
        available: iterations that reached the parent with ``move`` legal
            (counted from 1 when the node is added).
    """

    __slots__ = ("available", "children", "move", "parent", "seat", "total", "visits")

    def __init__(self, move: Move | None, seat: int, parent: SearchNode | None) -> None:
        self.move = move
        self.seat = seat
        self.parent = parent
        self.children: dict[Move, SearchNode] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


class ISMCTSBot:
    """Information-set MCTS for any game of the library (see the module docstring).

    Args:
        game: the game being played (``state.game``); the bot uses only its
            public API and the observations it is given.
        iterations: sampled states (tree walks) per decision, at least 1.
        seed: seeds the bot's generator; the same seed and observations give
            the same choices (``None``: unpredictable).
        rollout: ``"greedy"`` (default: the game's bot of that name if it has
            one, else random moves), ``"random"``, the name of any bot the game
            offers (``GameSpec.bots``), or a `RolloutPolicy`.
        exploration: the UCB constant ``c`` of ``mean + c * sqrt(ln(available) /
            visits)``, with rewards scaled to ``[0, 1]`` (see the module docstring).
        max_rollout_moves: stop a rollout after this many moves and score the
            position with ``evaluate``; ``None``: always play to the end of
            the round in play (slow in Rook, and noisier: see the benchmark
            notes in ``benchmarks/search_vs_greedy.py``).
        opponent_weight: weight of the other seats' mean score change in a
            seat's reward (``0``: only one's own score counts; unused with
            ``objective="win"``, where only winning counts).
        evaluate: scores of a position whose round is still in play, one per
            seat (default: `score_if_ended_now`).
        objective: ``"score"`` (default) or ``"win"`` (see `OBJECTIVES`):
            ``"win"`` plays for the round itself, and suits games where a round
            is won outright (a capped rollout counts as won by the seats
            ``evaluate`` puts first).
        sample: draws the states searched from the observation (default:
            `cardrules.engine.determinize.determinize`, every state the seat
            cannot tell apart from the real one). Another sampler can add an
            opponent model, or, to measure what information is worth, see
            more than the seat does.

    Attributes:
        searches: searches run so far (a decision with one legal move runs none).

    Raises:
        ValueError: ``iterations < 1``, a negative ``exploration``,
            ``max_rollout_moves < 0``, an unknown ``rollout`` name or ``objective``.
        TypeError: ``iterations`` or ``max_rollout_moves`` is not an integer.
    """

    def __init__(
        self,
        game: Game,
        *,
        iterations: int = 200,
        seed: int | None = None,
        rollout: str | RolloutPolicy = "greedy",
        exploration: float = 0.3,
        max_rollout_moves: int | None = 20,
        opponent_weight: float = 0.0,
        evaluate: Evaluation | None = None,
        objective: str = "score",
        sample: Sampler | None = None,
    ) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int):
            raise TypeError(f"iterations must be an integer, got {quote(iterations)}")
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if max_rollout_moves is not None:
            if isinstance(max_rollout_moves, bool) or not isinstance(max_rollout_moves, int):
                raise TypeError(
                    f"max_rollout_moves must be an integer, got {quote(max_rollout_moves)}"
                )
            if max_rollout_moves < 0:
                raise ValueError(f"max_rollout_moves must be >= 0, got {max_rollout_moves}")
        if not exploration >= 0:
            raise ValueError(f"exploration must be >= 0, got {quote(exploration)}")
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {OBJECTIVES}, got {quote(objective)}")
        self.game = game
        self.iterations = iterations
        self.exploration = float(exploration)
        self.max_rollout_moves = max_rollout_moves
        self.opponent_weight = float(opponent_weight)
        self.evaluate: Evaluation = evaluate or score_if_ended_now
        self.objective = objective
        self._sampler = sample
        self._rng = random.Random(seed)
        self.rollout_policy = named_policy(game, rollout, self._rng, what="rollout")
        self.searches = 0

    # -- the Bot protocol ------------------------------------------------------

    def choose(self, observation: Any) -> Move:
        """Search from ``observation`` and return the most visited legal move.

        A decision with one legal move is returned without searching.

        Raises:
            ValueError: the observation lists no legal move (its seat is not deciding).
        """
        legal = deciding_moves(observation)
        if len(legal) == 1:
            return legal[0]
        root = self.search(observation)
        best: SearchNode | None = None
        for move in legal:
            child = root.children.get(move)
            if child is not None and (
                best is None or (child.visits, child.total / child.visits) > _rank(best)
            ):
                best = child
        if best is None:  # pragma: no cover - every search expands one root move
            return legal[0]
        assert best.move is not None
        return best.move

    # -- the search --------------------------------------------------------------

    def _sample(self, observation: Any) -> GameState:
        """A state consistent with ``observation`` (the only view of the match the bot has)."""
        if self._sampler is not None:
            return self._sampler(observation, self._rng)
        return determinize(self.game, observation, self._rng)

    def search(self, observation: Any) -> SearchNode:
        """Run ``iterations`` tree walks from ``observation``; returns the root node."""
        rng = self._rng
        root = SearchNode(None, observation.seat, None)
        bounds = [math.inf, -math.inf]
        start_round = len(observation.round_scores)
        for _ in range(self.iterations):
            state = self._sample(observation)
            baseline = self.evaluate(state) if self.objective == "score" else ()
            node = root
            # Selection: descend while every legal move here has been tried.
            while state.round == start_round and not state.is_over:
                legal = state.legal_moves()
                children = node.children
                untried = [m for m in legal if m not in children]
                if untried:
                    node = self._expand(node, state, untried, rng)
                    break
                node = self._select(node, legal, bounds)
                assert node.move is not None
                state.apply(node.move)
            rewards = self._rollout(state, start_round, baseline, rng)
            bounds[0] = min(bounds[0], *rewards)
            bounds[1] = max(bounds[1], *rewards)
            while node.parent is not None:
                node.visits += 1
                node.total += rewards[node.seat]
                node = node.parent
            node.visits += 1
        self.searches += 1
        return root

    def _select(self, node: SearchNode, legal: Sequence[Move], bounds: list[float]) -> SearchNode:
        """The legal child with the best upper confidence bound for its deciding seat."""
        low, high = bounds
        span = high - low if high > low else 1.0
        c = self.exploration
        best: SearchNode | None = None
        best_value = -math.inf
        for move in legal:
            child = node.children[move]
            mean = (child.total / child.visits - low) / span
            value = mean + c * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = child, value
            child.available += 1
        assert best is not None
        return best

    def _expand(
        self, node: SearchNode, state: GameState, untried: list[Move], rng: random.Random
    ) -> SearchNode:
        """Add one untried move (the rollout policy's choice first) and play it."""
        seat = state.current_player
        assert seat is not None
        move = self.rollout_policy(state, rng)
        if move not in untried:
            move = untried[rng.randrange(len(untried))]
        child = SearchNode(move, seat, node)
        node.children[move] = child
        state.apply(move)
        return child

    def _rollout(
        self, state: GameState, start_round: int, baseline: Sequence[float], rng: random.Random
    ) -> list[float]:
        """Play the round in play on; the reward of each seat (higher is better).

        The scores are counted from ``baseline``, the sampled state's scores
        before any move: a control variate that removes the part of the
        sample's luck that no move changes, without favouring any move.
        """
        cap = self.max_rollout_moves
        policy = self.rollout_policy
        played = 0
        while state.round == start_round and not state.is_over:
            if cap is not None and played >= cap:
                break
            legal = state.legal_moves()
            state.apply(legal[0] if len(legal) == 1 else policy(state, rng))
            played += 1
        if state.round > start_round:
            scores: Sequence[float] = state.round_scores[start_round]
        else:
            scores = self.evaluate(state)
        rules = state.game.match_rules
        if self.objective == "win":
            utilities = rules.utilities(scores)
            best = max(utilities)
            return [float(u == best) for u in utilities]
        changes = [s - b for s, b in zip(scores, baseline, strict=True)]
        return self._rewards(rules.utilities(changes))

    def _rewards(self, utilities: Sequence[float]) -> list[float]:
        """Per seat: ``own - opponent_weight * mean(others)`` of the utility changes."""
        n = len(utilities)
        if n < 2:
            return list(utilities)
        total = float(sum(utilities))
        w = self.opponent_weight / (n - 1)
        return [u - w * (total - u) for u in utilities]


def _rank(node: SearchNode) -> tuple[int, float]:
    return (node.visits, node.total / node.visits)
