"""Bots, and running a match between them.

A bot sees only observations: `Bot.choose` receives the observation of
its own seat (which lists its legal moves) and returns one of those moves. It
never receives the `cardrules.GameState`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import attrs

from cardrules.engine.game_state import GameState
from cardrules.errors import (
    BotError,
    CardRulesError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSeatError,
    quote,
)
from cardrules.model.moves import Move

__all__ = ["Bot", "MatchResult", "RandomBot", "ask_bot", "play_match"]


class Bot(Protocol):
    """Anything with ``choose(observation) -> move``.

    ``observation`` is the deciding seat's observation; its ``legal_moves``
    attribute lists the moves the bot may return.
    """

    def choose(self, observation: Any) -> Move:
        """Return one of ``observation.legal_moves``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal moves; works for every game.

    Args:
        seed: seeds the bot's own generator (``None``: unpredictable).
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Any) -> Move:
        """Return a uniformly random move of ``observation.legal_moves``."""
        moves: Sequence[Move] = observation.legal_moves
        return moves[self._rng.randrange(len(moves))]


@attrs.frozen
class MatchResult:
    """How a bot match ended.

    Attributes:
        state: the final state.
        decisions: moves applied.
        truncated: the decision cap stopped the match before its end (it did
            not finish, and has no winner).
    """

    state: GameState
    decisions: int
    truncated: bool

    @property
    def finished(self) -> bool:
        """True when the match reached its end by the rules."""
        return self.state.is_over


def play_match(
    state: GameState,
    bots: Sequence[Bot],
    *,
    max_decisions: int | None = 100_000,
    before_move: Callable[[GameState, int, Move], object] | None = None,
    after_move: Callable[[GameState, int, Move], object] | None = None,
) -> MatchResult:
    """Let ``bots[seat]`` decide for each seat until the match ends.

    Args:
        state: the state to play on (changed in place).
        bots: one bot per seat.
        max_decisions: stop after this many moves and report the match as
            truncated (``None``: no cap).
        before_move: called as ``before_move(state, seat, move)`` before each move.
        after_move: called as ``after_move(state, seat, move)`` after each move.

    Returns:
        A `MatchResult`.

    Raises:
        InvalidSeatError: the number of bots is not the number of seats (a ``ValueError``).
        InvalidMoveError: a bot returned something that is not a move of the
            game; the message names the seat and the bot's class.
        IllegalMoveError: a bot returned a move the rules forbid now; the
            message names the seat, the bot's class and the rule (``rule``).
            In both cases the state is as it was before that move.
    """
    if len(bots) != state.players:
        raise InvalidSeatError(f"need one bot per seat: {state.players} seats, {len(bots)} bots")
    decisions = 0
    while not state.is_over:
        if max_decisions is not None and decisions >= max_decisions:
            return MatchResult(state, decisions, truncated=True)
        seat = state.current_player
        assert seat is not None
        move = ask_bot(bots[seat], seat, state.observation(seat))
        if before_move is not None:
            before_move(state, seat, move)
        try:
            state.apply(move)
        except (InvalidMoveError, IllegalMoveError) as error:
            raise _blame(error, seat, bots[seat], move) from None
        decisions += 1
        if after_move is not None:
            after_move(state, seat, move)
    return MatchResult(state, decisions, truncated=False)


def ask_bot(bot: Bot, seat: int, observation: Any) -> Any:
    """``bot.choose(observation)``, the bot of ``seat``.

    Raises:
        BotError: ``choose`` raised (errors of cardrules pass as they are); it
            names the seat and the bot's class.
    """
    try:
        return bot.choose(observation)
    except CardRulesError:
        raise
    except Exception as error:
        raise BotError(seat, type(bot).__name__, error) from error


def _blame(
    error: InvalidMoveError | IllegalMoveError, seat: int, bot: Bot, move: object
) -> InvalidMoveError | IllegalMoveError:
    """The same error, its message naming the seat and bot that chose ``move``."""
    who = f"seat {seat}'s bot {type(bot).__name__}"
    if isinstance(error, IllegalMoveError):
        return IllegalMoveError(
            error.rule, f"{who} chose {move}: {error.message}", move=error.move, seat=error.seat
        )
    return type(error)(f"{who} returned {quote(move)}: {error}")
