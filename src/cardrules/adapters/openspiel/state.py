"""A match of a cardrules game as an OpenSpiel state (`CardRulesState`), and its pickling.

See `cardrules.adapters.openspiel` for the model. A state pickles as its game
(the game string and the state of its generator of deals) and either its
record, the match's engine seed and action ids, replayed on loading, or, for
a state sampled by ``resample_from_infostate`` (which has no history to
replay), the engine's parts.
"""

from __future__ import annotations

import json
import random
from typing import Any, Protocol

from cardrules.adapters.extras import missing_extra

try:
    import pyspiel
except ImportError as missing:  # pragma: no cover - depends on the installed extras
    raise missing_extra("OpenSpiel", "openspiel", missing) from missing

from cardrules.engine.game_state import Game, GameState
from cardrules.errors import OptionsError

__all__ = ["CardRulesState", "SpielGame", "restore_state"]


class SpielGame(Protocol):
    """The OpenSpiel game of a state, as the state and its observers use it.

    `cardrules.adapters.openspiel.game.CardRulesGame` is the one implementation;
    this protocol lets the states and observers name it without importing it
    (the game module builds on them).
    """

    @property
    def cardrules_name(self) -> str:
        """The game's cardrules name, e.g. ``"gnoming-a-round"``."""

    @property
    def cardrules_game(self) -> Game:
        """The configured `cardrules.Game`."""

    @property
    def max_decisions(self) -> int:
        """The cap on decisions per match."""

    @property
    def terminal_rewards(self) -> bool:
        """``rewards=terminal``: the match's return is paid at its end only."""

    @property
    def no_rewards(self) -> tuple[float, ...]:
        """``(0.0,) * players``."""

    def draw_seed(self) -> int:
        """The engine seed of the next match dealt."""


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
# The engine state's parts kept by the pickle of a sampled state (the game is the state's).
_SKIPPED_PARTS = frozenset({"game", "_legal", "_legal_ids", "_round_pairs"})


class _Deal:
    """The engine seed of one match, drawn from its game's generator when first needed.

    The states of a match share this object (a `_Match`'s deep copy keeps it),
    so a clone made before the draw still gets the same seed as its original.
    """

    __slots__ = ("seed",)

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed


class _Match:
    """The mutable part of a `CardRulesState`, in one object.

    OpenSpiel clones a Python state by making a new initial state and
    deep-copying the original's attributes into it; this object's deep copy is
    a `GameState.clone` that shares the `cardrules.Game` and the `_Deal`. The
    engine state is built on first use (`engine`), so the throwaway initial
    state of a clone costs nothing and draws no seed.
    """

    __slots__ = ("deal", "decisions", "game", "moves", "origin", "rewards", "state", "truncated")

    def __init__(
        self,
        game: SpielGame,
        deal: _Deal,
        state: GameState | None = None,
        origin: str = "",
        decisions: int = 0,
        rewards: tuple[float, ...] | None = None,
        truncated: bool = False,
        moves: str = "",
    ) -> None:
        self.game = game
        self.deal = deal
        self.state = state
        self.origin = origin
        self.decisions = decisions
        self.rewards = game.no_rewards if rewards is None else rewards
        self.truncated = truncated
        #: The round's moves as ``"seat:action "`` items (for information states).
        self.moves = moves

    def engine(self) -> GameState:
        """The engine's state, dealt on first use with the match's seed (drawn if need be)."""
        state = self.state
        if state is None:
            deal = self.deal
            if deal.seed is None:
                deal.seed = self.game.draw_seed()
            state = self.state = GameState(self.game.cardrules_game, deal.seed)
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        state = None if self.state is None else self.state.clone()
        return _Match(
            self.game,
            self.deal,
            state,
            self.origin,
            self.decisions,
            self.rewards,
            self.truncated,
            self.moves,
        )


class CardRulesState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A match of a cardrules game for OpenSpiel (see `cardrules.adapters.openspiel`).

    Players are the seats ``0 .. players-1``. ``cardrules_state`` is the
    engine's `GameState`: read it, do not change it.
    """

    def __init__(self, game: SpielGame, match: _Match | None = None) -> None:
        super().__init__(game)
        self._match = _Match(game, _Deal()) if match is None else match

    @property
    def cardrules_state(self) -> GameState:
        """The engine's state of this match (all of it: hidden cards and seed too)."""
        return self._match.engine()

    # -- the OpenSpiel protocol ----------------------------------------------------

    def current_player(self) -> int:
        """The seat to act; ``PlayerId.TERMINAL`` at the end."""
        match = self._match
        seat = match.engine().current_player
        if seat is None or match.truncated:
            return _TERMINAL
        return seat

    def is_terminal(self) -> bool:
        """True once the match is over, or capped by ``max_decisions``."""
        match = self._match
        return match.truncated or match.engine().is_over

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action ids of the player to act, sorted."""
        return self._match.engine().legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[]``: no state is a chance node (chance is sampled inside the states)."""
        return []

    def _apply_action(self, action: int) -> None:
        """Play action id ``action``.

        Raises:
            InvalidMoveError: not an action id of the game (`cardrules.GameState.apply_action`).
            IllegalMoveError: the action is not legal now.
            ValueError: the match was capped by ``max_decisions``.
        """
        match = self._match
        state = match.engine()
        game = match.game
        if match.truncated:
            raise ValueError("the match is over: it was capped by max_decisions")
        scored = len(state.round_scores)
        seat = state.current_player
        state.apply_action(action)
        match.decisions += 1
        scores = state.round_scores
        if len(scores) != scored:
            # A new round starts with no moves; the last round's stay seen once over.
            match.moves = f"{match.moves}{seat}:{action} " if state.is_over else ""
        else:
            match.moves = f"{match.moves}{seat}:{action} "
        if match.decisions >= game.max_decisions and not state.is_over:
            match.truncated = True
        if game.terminal_rewards:
            over = state.is_over or match.truncated
            match.rewards = state.utilities if over else game.no_rewards
        elif len(scores) != scored:
            new = scores[scored:]
            match.rewards = state.game.utilities([sum(column) for column in zip(*new, strict=True)])
        else:
            match.rewards = game.no_rewards

    def _action_to_string(self, player: int, action: int) -> str:
        """The move's notation."""
        return str(self._match.game.cardrules_game.action_space.move_of(action))

    def rewards(self) -> list[float]:
        """Each player's reward for the last transition (see ``rewards`` in the module).

        ``rewards=round``: its score for the round the transition ended as a
        utility (minus the score where the lowest total wins, the score where
        the highest does; `cardrules.MatchRules.utility`), else 0.
        ``rewards=terminal``: its total as a utility on the transition that
        ends the match, else 0.
        """
        return list(self._match.rewards)

    def returns(self) -> list[float]:
        """Each player's return so far: its total score as a utility (`GameState.utilities`).

        ``rewards=round``: over the rounds finished so far. ``rewards=terminal``:
        0 until the match is terminal.
        """
        match = self._match
        state = match.engine()
        if match.game.terminal_rewards and not (state.is_over or match.truncated):
            return list(match.game.no_rewards)
        return list(state.utilities)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardRulesState:
        """A state with ``player_id``'s information state, the cards it cannot see sampled.

        The cards ``player_id`` cannot see and the future shuffles come from the
        game's determinizer, which deals them at random and draws a new 63-bit
        engine seed: a state the game's own chance could have produced.

        Args:
            player_id: the seat whose knowledge is kept.
            probability_sampler: a callable returning a float in ``[0, 1)``,
                such as ``pyspiel.UniformProbabilitySampler(seed, 0., 1.)``; one
                call seeds the sample, so a seeded sampler gives repeatable samples.
        """
        match = self._match
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        sampled = match.engine().determinize(player_id, rng)
        return CardRulesState(
            match.game,
            _Match(
                match.game,
                _Deal(sampled.seed),
                sampled,
                f"sampled for seat {player_id}",
                match.decisions,
                match.rewards,
                match.truncated,
                match.moves,
            ),
        )

    # -- serializing and pickling ------------------------------------------------

    def serialize(self) -> str:
        """The match as JSON text: ``{"seed": engine seed, "actions": [action ids]}``.

        ``game.deserialize_state(text)`` replays it. Serializing deals a match
        not dealt yet. (This replaces pyspiel's ``serialize``, which cannot
        serialize a sampled-stochastic Python game; C++ callers such as
        ``random_sim_test(serialize=True)`` still reach that one.)

        Raises:
            ValueError: a state made by ``resample_from_infostate``: it has no
                history to replay (pickle it instead).
        """
        match = self._match
        if match.origin:
            raise ValueError(
                f"a state {match.origin} has no history to replay and cannot be serialized; "
                "pickle it instead"
            )
        seed = match.engine().seed
        return json.dumps({"seed": seed, "actions": [int(a) for a in self.history()]})

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the game and the record (or, for a resampled state, the engine's parts)."""
        match = self._match
        if not match.origin:
            return (restore_state, (match.game, self.serialize()))
        state = match.engine()
        parts = {
            name: getattr(state, name)
            for name in type(state).__slots__
            if name not in _SKIPPED_PARTS
        }
        sample = {
            "origin": match.origin,
            "decisions": match.decisions,
            "rewards": match.rewards,
            "truncated": match.truncated,
            "moves": match.moves,
            "engine": parts,
        }
        return (restore_state, (match.game, None, sample))

    def __str__(self) -> str:
        """A one-line summary: round, decisions, scores, who acts, the last move.

        It names neither the seed nor hidden cards; a resampled state says so.
        """
        match = self._match
        state = match.engine()
        game = match.game.cardrules_game
        parts = [
            f"{game.name}, {match.origin}" if match.origin else game.name,
            f"round {min(state.round + 1, game.rounds)}/{game.rounds}",
            f"{match.decisions} decisions",
            "scores " + " ".join(str(s) for s in state.scores),
        ]
        if match.truncated:
            parts.append("capped")
        elif state.is_over:
            parts.append("over")
        else:
            parts.append(f"seat {state.current_player} to act")
        if state.history:
            parts.append(f"last move: seat {state.seats[-1]} {state.history[-1]}")
        return "; ".join(parts)


def restore_state(
    game: SpielGame, text: str | None, sample: dict[str, Any] | None = None
) -> CardRulesState:
    """A state of ``game`` from `CardRulesState.serialize` text, or a pickled sample's parts.

    Raises:
        OptionsError: ``text`` is not such JSON text (the ``seed`` an int, the
            ``actions`` a list of ints).
        IllegalMoveError: an action is not legal where it is replayed.
    """
    if text is None:
        assert sample is not None
        engine = GameState.__new__(GameState)
        engine.game = game.cardrules_game
        for name, value in sample["engine"].items():
            setattr(engine, name, value)
        engine._legal = None
        engine._legal_ids = None
        return CardRulesState(
            game,
            _Match(
                game,
                _Deal(engine.seed),
                engine,
                sample["origin"],
                sample["decisions"],
                sample["rewards"],
                sample["truncated"],
                sample["moves"],
            ),
        )
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise OptionsError(f"a serialized state is JSON text: {error}") from None
    if not isinstance(record, dict) or set(record) != {"seed", "actions"}:
        raise OptionsError("a serialized state is a JSON object with 'seed' and 'actions'")
    seed, actions = record["seed"], record["actions"]
    if (
        isinstance(seed, bool)
        or not isinstance(seed, int)
        or not isinstance(actions, list)
        or not all(isinstance(a, int) and not isinstance(a, bool) for a in actions)
    ):
        raise OptionsError("a serialized state's seed is an int and its actions a list of ints")
    state = CardRulesState(game, _Match(game, _Deal(seed)))
    for action in actions:
        state.apply_action(action)
    return state
