"""The match of a cardrules game as a PettingZoo AEC environment: the `CardRulesEnv` class.

`cardrules.adapters.pettingzoo` documents the environment's conventions
(actions, observations, rewards, termination, illegal actions, seeding) and
makes it: `cardrules.adapters.pettingzoo.raw_env` (this class alone) and
`cardrules.adapters.pettingzoo.env` (PettingZoo's classic way: illegal
actions end the match). Import both, and the class, from there.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from cardrules.adapters.extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as missing:  # pragma: no cover - depends on the installed extras
    raise missing_extra("PettingZoo", "pettingzoo", missing) from missing

from cardrules.adapters.arguments import check_max_decisions, check_render_mode
from cardrules.adapters.building import builder_for
from cardrules.adapters.masks import shared_mask
from cardrules.adapters.views import render_rgb, render_view
from cardrules.engine.game_state import Game, GameState, new_game
from cardrules.errors import IllegalMoveError, InvalidMoveError, InvalidSeatError, quote

__all__ = ["DEFAULT_MAX_DECISIONS", "CardRulesEnv", "Observation"]

#: What `CardRulesEnv.observe` returns.
Observation = dict[str, npt.NDArray[Any]]

#: The default cap on decisions per match (the same as `cardrules.play_match`).
DEFAULT_MAX_DECISIONS = 100_000


class CardRulesEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """A match of a game as a PettingZoo AEC environment (see `cardrules.adapters.pettingzoo`).

    Args:
        game: a registered game name, for example ``"gnoming-a-round"``.
        players: the number of seats (agents), within the game's range.
        variants: names of variants to play with.
        options: the game's options (a mapping or the options value), as for
            `cardrules.new_game`; for example ``{"rounds": 1}`` for short matches.
        render_mode: ``None``, ``"human"`` (print the view of the agent to act
            after every step and on `render`), ``"ansi"`` (`render` returns it
            as a string) or ``"rgb_array"`` (`render` returns its drawing as a
            ``uint8`` array ``(height, width, 3)``; needs the ``render`` extra).
        max_decisions: truncate the match after this many decisions (an int
            ``>= 1``), or ``None`` for no cap.
        illegal_reward: ``None`` (default): an illegal action raises, as in
            `raw_env`. A number: an illegal action ends the match and the
            offender receives it, as in `env` (PettingZoo's convention).
        encoding: ``"compact"`` (default): one token per step, a move built
            as its token sequence (`cardrules.model.sequences`; the game's
            action ids where its moves are one token each); ``"full"``: one
            action id per move.

    Raises:
        CardRulesError: as `cardrules.new_game` (an unknown game or variant, bad
            options, conflicting variants).
        ValueError: an unknown ``render_mode`` or ``encoding``, or a bad ``max_decisions``.

    Attributes:
        state_space: the ``Box`` of `state` (``float32``, ``players *
            tensor_layout.size``).
        game: the configured `cardrules.Game` (shared by every episode).
        game_state: the `cardrules.GameState` of the episode in play
            (``None`` before the first `reset`); read it, do not change it.
        possible_agents: ``["seat_0", ...]``, agent ``i`` playing seat ``i``.
        agent_name_mapping: ``{"seat_i": i}``.
    """

    # Replaced per instance (its "name" names the game), hence no ClassVar.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": "cardrules_v0",
        "render_modes": ["human", "ansi", "rgb_array"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int,
        variants: Sequence[str] = (),
        options: Any = None,
        render_mode: str | None = None,
        max_decisions: int | None = DEFAULT_MAX_DECISIONS,
        illegal_reward: float | None = None,
        encoding: str = "compact",
    ) -> None:
        super().__init__()
        check_render_mode(render_mode, self.metadata["render_modes"])
        check_max_decisions(max_decisions)
        probe = new_game(game, players=players, seed=0, variants=variants, options=options)
        self.game: Game = probe.game
        self.metadata = {**self.metadata, "name": f"cardrules_{game.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.possible_agents: list[str] = [f"seat_{seat}" for seat in range(players)]
        self.agent_name_mapping: dict[str, int] = {a: i for i, a in enumerate(self.possible_agents)}
        self._builder = builder_for(self.game, encoding)
        self.encoding = encoding
        space = self.game.action_space if self._builder is None else self._builder.space
        self._size: int = space.size
        self._tensor_size: int = self.game.tensor_layout.size
        tensor_size = self._tensor_size + (0 if self._builder is None else space.size)
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (tensor_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self._size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Discrete(self._size) for agent in self.possible_agents
        }
        self.state_space = spaces.Box(-np.inf, np.inf, (players * self._tensor_size,), np.float32)
        self.illegal_reward = None if illegal_reward is None else float(illegal_reward)
        # One read-only all-zero mask, shared by every agent not to act.
        self._no_mask: npt.NDArray[np.int8] = shared_mask(self._size, ())
        self._mask: tuple[int, npt.NDArray[np.int8]] | None = None  # (decisions, mask)
        self._ended_illegally = False
        self._assert_bounds = False  # env(): PettingZoo's AssertOutOfBoundsWrapper, inline
        self.game_state: GameState | None = None
        self._seeds: random.Random | None = None
        self._decisions = 0
        self._steps = 0  # steps played (a move's tokens are one step each): what caches key on
        self._scored_rounds = 0
        self._rewarded = False
        self._done = False
        self._legal: tuple[int, list[int]] | None = None  # (steps, sorted legal ids)

    # -- spaces ----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The ``Dict`` space of ``agent``'s observations (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(action_space.size)`` for ``agent`` (the same object every call)."""
        return self.action_spaces[agent]

    # -- episode -----------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match: with ``seed``, the engine's deal for that seed (see the module).

        Raises:
            TypeError: ``seed`` is not an integer.
        """
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
                raise TypeError(f"seed must be an integer or None, got {quote(seed)}")
            deal = int(seed)
            self._seeds = random.Random(deal)
        elif self._seeds is not None:
            deal = self._seeds.getrandbits(63)
        else:
            deal = secrets.randbits(63)
        state = GameState(self.game, deal)
        self.game_state = state
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"action_mask": self._no_mask} for agent in self.agents
        }
        self._decisions = 0
        self._steps = 0
        if self._builder is not None:
            self._builder.clear()
        self._scored_rounds = 0
        self._rewarded = False
        self._done = False
        self._ended_illegally = False
        self._legal = None
        self._mask = None
        seat = state.current_player
        assert seat is not None, "a match cannot be over before its first decision"
        self.agent_selection = self.possible_agents[seat]
        self.infos[self.agent_selection] = {"action_mask": self._current_mask()}

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play ``action`` (an action id) for ``agent_selection``.

        For a terminated or truncated agent the action must be ``None``: the
        agent is then removed (PettingZoo's dead step).

        Raises:
            InvalidMoveError: ``action`` is not an int in ``0 .. size-1``.
            IllegalMoveError: the action is not legal now (without
                ``illegal_reward``; with it, the match ends instead).
            ValueError: an action other than ``None`` for a finished agent.
            RuntimeError: before ``reset()``.

        On an error the environment is exactly as before the call.
        """
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        agent = self.agent_selection
        # (an agent is terminated or truncated only once the match is done)
        if self._done and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)
            return
        if action.__class__ is not int or not 0 <= action < self._size:  # (the usual case: no more)
            if self._assert_bounds and not self.action_spaces[agent].contains(action):
                raise AssertionError("action is not in action space")  # as AssertOutOfBoundsWrapper
            if isinstance(action, np.integer):
                action = int(action)
            elif isinstance(action, bool) or not isinstance(action, int):
                raise InvalidMoveError(f"an action is an int action id, got {quote(action)}")
        state = self.game_state
        assert state is not None
        builder = self._builder
        try:
            if builder is None:
                state.apply_action(action)
            else:
                move = builder.push(state, action)
                if move is None:  # a move being built: nothing is played yet
                    self._steps += 1
                    self._cumulative_rewards[agent] = 0.0
                    if self._rewarded:
                        self.rewards = dict.fromkeys(self.rewards, 0.0)
                        self._rewarded = False
                    self.infos[agent] = {"action_mask": self._current_mask()}
                    if self.render_mode == "human":
                        self.render()
                    return
                builder.play(state, move)
        except IllegalMoveError:
            if self.illegal_reward is None:
                raise
            self._end_illegally(agent)
            return
        self._decisions += 1
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        if self._rewarded:
            for name in rewards:
                rewards[name] = 0.0
            self._rewarded = False
        scores = state.round_scores
        if len(scores) != self._scored_rounds:
            new = scores[self._scored_rounds :]
            cumulative = self._cumulative_rewards
            utility = state.game.match_rules.utility
            for seat, name in enumerate(self.possible_agents):
                reward = utility(sum(row[seat] for row in new))
                rewards[name] = reward
                cumulative[name] += reward
            self._scored_rounds = len(scores)
            self._rewarded = True
        infos = self.infos
        infos[agent] = {"action_mask": self._no_mask}
        next_seat = state.current_player
        if next_seat is None:
            self._done = True
            for name in self.agents:
                self.terminations[name] = True
        else:
            selected = self.possible_agents[next_seat]
            self.agent_selection = selected
            if self.max_decisions is not None and self._decisions >= self.max_decisions:
                self._done = True
                for name in self.agents:
                    self.truncations[name] = True
            else:
                infos[selected] = {"action_mask": self._current_mask()}
        if self.render_mode == "human":
            self.render()

    def _end_illegally(self, offender: str) -> None:
        """End the match for an illegal action of ``offender``, as PettingZoo's classic envs do.

        What ``TerminateIllegalWrapper`` does: every agent terminated and
        truncated, the offender rewarded ``illegal_reward``, the others 0.
        """
        EnvLogger.warn_on_illegal_move()
        self._done = True
        self._ended_illegally = True
        self._cumulative_rewards[offender] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        assert self.illegal_reward is not None
        self.rewards[offender] = self.illegal_reward
        self._rewarded = True
        self.infos[offender] = {"action_mask": self._no_mask}
        self._accumulate_rewards()
        self._deads_step_first()

    # -- what an agent sees -----------------------------------------------------

    def legal_actions(self, agent: str | None = None) -> list[int]:
        """The legal action ids of ``agent`` (default: ``agent_selection``), sorted.

        Empty for an agent that is not to act, and once the match is over or
        truncated. The list is shared with later calls at the same point of
        the match: copy it before changing it.

        Raises:
            InvalidSeatError: no agent of that name.
            RuntimeError: before ``reset()``.
        """
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() first")
        name = self.agent_selection if agent is None else agent
        if self._done or self._seat_of(name) != state.current_player:
            return []
        if self.terminations.get(name) or self.truncations.get(name):
            return []  # ended by a wrapper (an illegal action in `env`)
        legal = self._legal
        if legal is None or legal[0] != self._steps:
            builder = self._builder
            ids = state.legal_actions() if builder is None else builder.tokens(state)
            legal = (self._steps, ids)
            self._legal = legal
        return legal[1]

    def action_mask(self, agent: str | None = None) -> npt.NDArray[np.int8]:
        """``int8`` array of ``action_space.size``: 1 at the legal ids of ``agent``, else 0.

        A read-only array that cannot be made writable, the same object as
        the agent's ``infos[agent]["action_mask"]`` and its observation's
        mask at this point of the match (and at any with the same legal
        ids): copy it to change it.
        """
        if self.legal_actions(agent):
            return self._current_mask()
        return self._no_mask

    def _current_mask(self) -> npt.NDArray[np.int8]:
        """The read-only mask of the agent to act, made once per decision."""
        cached = self._mask
        if cached is not None and cached[0] == self._steps:
            return cached[1]
        # Only asked for the agent to act, before the match ends: its legal ids,
        # without `legal_actions`' checks of the agent.
        legal = self._legal
        if legal is not None and legal[0] == self._steps:
            ids = legal[1]
        else:
            state = self.game_state
            assert state is not None
            builder = self._builder
            if builder is None:
                ids = state._listed_ids()[1]  # (the engine's own list: only read here)
            else:
                ids = builder.tokens(state)
                self._legal = (self._steps, ids)
        mask = shared_mask(self._size, ids)
        self._mask = (self._steps, mask)
        return mask

    def state(self) -> npt.NDArray[np.float32]:
        """A global state for centralised critics: every seat's observation tensor, concatenated.

        Returns:
            a new ``float32`` array of ``players * tensor_layout.size``: seat
            0's observation tensor, then seat 1's, and so on. Together they
            hold **every seat's hidden cards** (each seat's hand as that seat
            sees it), though not the order of cards no seat may know (a draw
            pile's): for a critic in training, never for a policy that plays.

        Raises:
            RuntimeError: before ``reset()``.
        """
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() first")
        return np.concatenate([state.observation_tensor(seat) for seat in range(state.players)])

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()`` for ``agent_selection``.

        Returns:
            ``(observation, cumulative reward, terminated, truncated, info)``; the
            observation is `observe`'s dict, or ``None`` with ``observe=False``.

        Raises:
            RuntimeError: before ``reset()``.
        """
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        agent = self.agent_selection  # (AECEnv.last, inline: it is called at every step)
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def _seat_of(self, agent: str) -> int:
        """The seat of an agent name (``"seat_0"`` ...).

        Raises:
            InvalidSeatError: no agent of that name.
        """
        seat = self.agent_name_mapping.get(agent)
        if seat is None:
            known = ", ".join(self.possible_agents)
            raise InvalidSeatError(f"no agent {quote(agent)}; the agents are {known}")
        return seat

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: ``{"observation": tensor, "action_mask": mask}``.

        Returns:
            ``observation``, a fresh array of shape ``(tensor_layout.size,)``,
            dtype ``float32`` (what seat ``agent`` may know); ``action_mask``
            of shape ``(action_space.size,)``, dtype ``int8``, the read-only
            mask `action_mask` gives.

        Raises:
            InvalidSeatError: no agent of that name.
            RuntimeError: before ``reset()``.
        """
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() first")
        seat = self.agent_name_mapping.get(agent)
        if seat is None:
            seat = self._seat_of(agent)  # (raises)
        tensor = state.observation_tensor(seat)
        selected = agent == self.agent_selection
        builder = self._builder
        if builder is not None:
            # The tensor, then the counts of the tokens chosen so far (only the acting
            # seat builds a move): one new array, written in place.
            size = self._tensor_size
            whole = np.zeros(size + self._size, dtype=np.float32)
            whole[:size] = tensor
            if selected:
                for token in builder.prefix:
                    whole[size + token] += 1.0
            tensor = whole
        # (the acting agent's mask is the cached one: `action_mask` would find it the long way;
        # `_current_mask`'s test of it inline, as `last` asks at every step)
        if selected and not self._done:
            cached = self._mask
            mask = cached[1] if cached and cached[0] == self._steps else self._current_mask()
        else:
            mask = self.action_mask(agent)
        return {"observation": tensor, "action_mask": mask}

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """Show the match as the agent to act sees it (only what that seat may know).

        Returns:
            the text in ``"ansi"`` mode; in ``"rgb_array"`` mode the seat's
            drawing (`cardrules.svg.draw`) as a ``uint8`` array ``(height,
            width, 3)``; ``None`` in ``"human"`` mode (it prints) and without a
            render mode (it warns).
        """
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() was called without a render_mode; nothing to show")
            return None
        if self.render_mode == "rgb_array":
            state = self.game_state
            if state is None:
                raise RuntimeError("call reset() first")
            frame: npt.NDArray[np.uint8] = render_rgb(
                state, self.agent_name_mapping[self.agent_selection]
            )
            return frame
        text = self._view()
        if self.render_mode == "ansi":
            return text
        print(text, end="")
        return None

    def _view(self) -> str:
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() first")
        seat = self.agent_name_mapping[self.agent_selection]
        if state.is_over:
            totals = ", ".join(f"seat_{s}: {v}" for s, v in enumerate(state.scores))
            wins = "higher" if state.game.match_rules.higher_wins else "lower"
            headline = f"Match over. Scores: {totals} ({wins} is better)"
        elif self._ended_illegally:
            headline = f"Match ended by an illegal action of {self.agent_selection}"
        elif self._done:
            headline = f"Match truncated after {self._decisions} decisions"
        else:
            headline = f"seat_{seat} to act (decision {self._decisions + 1})"
        return render_view(state, seat, headline)

    def close(self) -> None:
        """Nothing to release."""
