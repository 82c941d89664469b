"""PettingZoo AEC environments for cardrules games (the ``pettingzoo`` extra).

One environment plays one match of a game (every round) between ``players``
agents named ``"seat_0" .. "seat_{players-1}"``: agent ``seat_i`` plays seat
``i`` of the engine. Turn order is the game's own: the agent asked to act
(``agent_selection``) is the engine's ``current_player``, which is not always
the seat whose turn it is (a Gnoming player flips after another's Hazard, a
Rook player buys during another's turn).

* **Actions** are, with ``encoding="compact"`` (the default), tokens, one per
  step (`cardrules.adapters.building`: a Rook meld is built card by card;
  192 to 229 tokens for Toonerville Rook; Gnoming A Round's moves are one token
  each, its 546 action ids); with ``encoding="full"``, the game's integer action
  ids, ``Discrete(action_space.size)`` (`cardrules.model.actions`: 47,565 to
  223,907 for Toonerville Rook, depending on the players).
* **Observations** follow PettingZoo's convention for masked environments: a
  dict ``{"observation": float32 array (tensor_layout.size,), "action_mask":
  int8 array (action_space.size,)}``. The observation is
  ``state.observation_tensor(seat)``, the same as
  ``game.observation_tensor(state.observation(seat))``: only what that seat
  may know (see the game's ``tensor`` module for its planes); its values are not
  bounded by the space (scores are not clipped), so the Box is ``-inf .. inf``.
  The mask is 1 exactly at the legal action ids of the agent to act, and all 0
  for any other agent and once the match is over or truncated. The same mask
  is also ``infos[agent]["action_mask"]`` (what ``last()`` returns as ``info``),
  for trainers that read it there. It is one read-only array, which cannot
  be made writable (`cardrules.adapters.masks.shared_mask`): the
  observation and the info of a decision share it, and so do decisions
  with the same legal ids. Copy it to change it.
* **State**: `CardRulesEnv.state` is a global state for centralised critics
  (PettingZoo's ``state()``): every seat's observation tensor, in seat order,
  one after the other (``state_space``: ``float32`` Box of ``players *
  tensor_layout.size``). It holds **every seat's hidden cards**: give it to a
  critic during training, never to a policy that plays.
* **Rewards**: the change of the agent's total score as a utility, in the
  direction the game declares (`cardrules.MatchRules.utility`: minus the score
  where the lowest total wins, as in both bundled games; the score itself where
  the highest wins). It is 0 on every step except the one that ends a round,
  where every agent receives its score for that round as a utility. Over a
  finished match each agent's rewards add up to ``state.utilities[seat]``.
* **Termination**: every agent terminates when the match ends by the rules.
* **Truncation**: with ``max_decisions`` (default 100,000, like
  `cardrules.play_match`; ``None``: no cap) every agent is truncated, not
  terminated, once that many decisions were played; the round in play is then
  not scored, so it gives no reward.
* **Illegal actions** follow PettingZoo's classic environments in `env`, as
  their ``TerminateIllegalWrapper`` would, but handled by the environment
  itself (that wrapper observes the agent again at every step): the match ends
  (every agent terminated and truncated), the move is not played, the
  offender receives ``illegal_reward`` (by default `illegal_penalty`: the worst
  utility one round can give, on the scale of a round's return) and the others
  0. An id outside the space raises ``AssertionError``, as PettingZoo's
  ``AssertOutOfBoundsWrapper`` would. `raw_env` raises instead: an id outside the space
  or not an integer raises `cardrules.InvalidMoveError`, an illegal one
  `cardrules.IllegalMoveError` (both ``ValueError``), and the environment is
  left exactly as before the call.
* ``reset(seed=s)`` deals the match the engine deals for seed ``s``
  (``new_game(..., seed=s)``); later ``reset()`` calls without a seed draw their
  seeds from a generator seeded with ``s``, so a seeded sequence of episodes
  repeats. Without any seed the deal is random. ``reset``'s ``options`` are
  accepted and ignored: the game's options are fixed when the environment is made.

Examples:
    >>> from cardrules.adapters.pettingzoo import env
    >>> aec = env("gnoming-a-round", players=3, options={"rounds": 1})
    >>> aec.reset(seed=7)
    >>> aec.agent_selection
    'seat_0'
    >>> observation, reward, termination, truncation, info = aec.last()
    >>> observation["observation"].shape == (aec.unwrapped.game.tensor_layout.size,)
    True
    >>> observation["action_mask"].shape, observation["action_mask"].dtype
    ((546,), dtype('int8'))
    >>> int(observation["action_mask"].sum())  # choose 2 of 9 cards to turn up
    36
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from cardrules.adapters.extras import missing_extra

try:
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as missing:  # pragma: no cover - depends on the installed extras
    raise missing_extra("PettingZoo", "pettingzoo", missing) from missing

from cardrules.adapters.aec_env import DEFAULT_MAX_DECISIONS, CardRulesEnv, Observation
from cardrules.adapters.bounds import illegal_penalty

__all__ = ["CardRulesEnv", "Observation", "env", "illegal_penalty", "raw_env"]


def raw_env(
    game: str,
    players: int,
    variants: Sequence[str] = (),
    options: Any = None,
    render_mode: str | None = None,
    max_decisions: int | None = DEFAULT_MAX_DECISIONS,
    encoding: str = "compact",
) -> CardRulesEnv:
    """The unwrapped `CardRulesEnv` (the fastest; arguments as `CardRulesEnv`)."""
    return CardRulesEnv(
        game, players, variants, options, render_mode, max_decisions, encoding=encoding
    )


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` with ``last`` and ``step`` that skip its lookups.

    The wrapper finds the environment's attributes through ``__getattr__`` at
    every use, which cost a quarter of a Gnoming step; these two calls check
    the same things and reach the environment directly.
    """

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result

    def agent_iter(self, max_iter: int = 2**63) -> Iterable[str]:
        """The agent to act, until none is left (``AECOrderEnforcingIterator``, without lookups).

        Like PettingZoo's ``AECIterable``, each ``iter()`` of the result starts
        a new count of ``max_iter`` agents.

        Raises:
            AssertionError: an agent is asked for before ``step`` or ``reset``
                was called after the previous one (as PettingZoo's iterator).
        """
        inner = self.env
        wrapper: Any = self

        class Agents:
            def __iter__(self) -> Iterator[str]:
                left = max_iter
                while inner.agents and left > 0:
                    left -= 1
                    agent: str = inner.agent_selection
                    assert wrapper._has_updated, (
                        "need to call step() or reset() in a loop over agent_iter"
                    )
                    wrapper._has_updated = False
                    yield agent

        return Agents()

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        inner = self.env
        if not inner.agents:
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            inner.step(action)


def env(
    game: str,
    players: int,
    variants: Sequence[str] = (),
    options: Any = None,
    render_mode: str | None = None,
    max_decisions: int | None = DEFAULT_MAX_DECISIONS,
    illegal_reward: float | None = None,
    encoding: str = "compact",
) -> Any:
    """The environment as PettingZoo's classic environments are: illegal actions end the match.

    A `CardRulesEnv` that ends the match on an illegal action (the offender
    receives ``illegal_reward``, the other agents 0, every agent is terminated
    and truncated: what PettingZoo's ``TerminateIllegalWrapper`` does, without
    its second observation of every step) and refuses an action outside the
    space with ``AssertionError`` (what ``AssertOutOfBoundsWrapper`` does),
    wrapped in PettingZoo's ``OrderEnforcingWrapper`` (errors for calls before
    ``reset``). The environment does the first two itself: each wrapper
    layer costs attribute lookups at every step.

    Args:
        illegal_reward: the offender's reward for an illegal action; ``None``
            (default): `illegal_penalty` of the game (the worst utility of one
            round). Other arguments as `CardRulesEnv`.

    Returns:
        an ``OrderEnforcingWrapper``; ``.unwrapped`` is the `CardRulesEnv`.
    """
    inner = CardRulesEnv(
        game, players, variants, options, render_mode, max_decisions, encoding=encoding
    )
    inner.illegal_reward = (
        illegal_penalty(inner.game) if illegal_reward is None else float(illegal_reward)
    )
    inner._assert_bounds = True
    return _OrderEnforcing(inner)
