"""A Gymnasium environment in which one seat learns against bots (the ``gymnasium`` extra).

Most trainers (Stable-Baselines3, sb3-contrib, RLlib, CleanRL) train one agent
in a single-agent ``gymnasium.Env``. `CardRulesGymEnv` plays one whole match
per episode: the agent plays seat ``seat``, and the other seats are played by
bots, bundled ones named as in `cardrules.bots.loading.bot_factories` (``"random"``,
``"greedy"``, ``"flat"``, ``"ismcts"``) or your own (anything with
``choose(observation) -> move``, `cardrules.Bot`). Between two of the agent's
decisions the bots play every decision that is theirs.

* **Actions**: with ``encoding="compact"`` (the default) one token per step
  (`cardrules.adapters.building`: a Rook meld is built card by card; 192 to
  229 tokens for Toonerville Rook, Gnoming A Round's 546 action ids); with
  ``encoding="full"`` the game's action ids, ``Discrete(action_space.size)``
  (47,565 and up for Toonerville Rook).
* **Observations**: ``float32`` array ``(tensor_layout.size,)``, the game's
  observation tensor of the agent's seat (only what that seat may know); a
  ``Box`` from ``-inf`` to ``inf`` (scores are not clipped).
* **Action mask**: ``info["action_mask"]`` (``int8``, 1 at each legal id), as
  Gymnasium's own environments give it, and ``action_masks()`` (``bool``), the
  method sb3-contrib's ``MaskablePPO`` calls.
* **Rewards**: the change of the agent's total score as a utility, in the
  direction the game declares (`cardrules.MatchRules.utility`: minus the score
  where the lowest total wins, the score where the highest wins): 0 except when
  a round ends (by its move or a bot's). An episode's rewards add up to its
  final ``state.utilities[seat]``.
* **Termination** when the match ends; **truncation** after ``max_decisions``
  decisions (all seats counted; the round in play is then not scored). The
  cap is checked after each of the agent's steps, never inside `reset`:
  `reset` always lets the bots play up to the agent's first decision (a reset
  cannot report a truncation, and the agent must have a legal move), so an
  episode has at least one step; if the cap was reached by then, that first
  step returns ``truncated=True``.
* **Illegal actions** end the episode, as in PettingZoo's classic
  environments: the move is not played, the reward is ``illegal_reward`` (by
  default `cardrules.adapters.bounds.illegal_penalty`: the worst utility one
  round can give, on the scale of a round's return) and
  ``info["illegal_action"]`` is True. An id outside the space raises
  `cardrules.InvalidMoveError`.
* **Render modes**: ``"ansi"`` and ``"human"`` (the agent's view as text) and
  ``"rgb_array"`` (the agent seat's drawing, `cardrules.svg.draw`, as a
  ``uint8`` array ``(560, 800, 3)``; the ``render`` extra), which
  Stable-Baselines3's ``make_vec_env`` and Gymnasium's ``RecordVideo`` ask for.
* ``reset(seed=s)`` deals the engine's match for seed ``s`` and seeds the bots
  from it, so a seeded episode repeats exactly; without a seed, the next
  episode follows from the last seed (or from fresh randomness).

Importing this module registers every installed game with ``gymnasium.make``
under `env_id` (``cardrules/`` + the title in CamelCase + ``-v0``: for the
bundled games ``cardrules/GnomingARound-v0`` and ``cardrules/ToonervilleRook-v0``),
with the game's fewest players (at least 2) and random opponents; pass the
keyword arguments of `CardRulesGymEnv` to change them. `register_game`
registers a game installed later.

Examples:
    >>> from cardrules.adapters.gymnasium import CardRulesGymEnv
    >>> env = CardRulesGymEnv("gnoming-a-round", players=3, options={"rounds": 1})
    >>> observation, info = env.reset(seed=7)
    >>> observation.shape == env.observation_space.shape, int(info["action_mask"].sum())
    (True, 36)
    >>> action = int(info["action_mask"].nonzero()[0][0])
    >>> observation, reward, terminated, truncated, info = env.step(action)
    >>> reward, terminated, truncated
    (0.0, False, False)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat

from cardrules.adapters.extras import missing_extra

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
except ImportError as missing:  # pragma: no cover - depends on the installed extras
    raise missing_extra("Gymnasium", "gymnasium", missing) from missing

from cardrules.adapters.arguments import check_max_decisions, check_render_mode
from cardrules.adapters.bounds import illegal_penalty
from cardrules.adapters.building import builder_for
from cardrules.adapters.masks import mask_of
from cardrules.adapters.views import render_rgb, render_view
from cardrules.bots.base import Bot
from cardrules.bots.loading import bot_factories
from cardrules.engine.game_state import Game, GameState, new_game
from cardrules.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidSeatError,
    OptionsError,
    quote,
)
from cardrules.plugins.registry import GameSpec, default_catalogue

__all__ = ["DEFAULT_MAX_DECISIONS", "CardRulesGymEnv", "Opponent", "env_id", "register_game"]

#: The default cap on decisions per match (the same as `cardrules.play_match`).
DEFAULT_MAX_DECISIONS = 100_000

#: An opponent: a bot name, a bot, or a factory making a bot from a seed.
Opponent = str | Bot | Callable[[int | None], Bot]


class CardRulesGymEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a cardrules match against bots, as a Gymnasium environment (see the module).

    Args:
        game: a registered game name, for example ``"gnoming-a-round"``.
        players: seats in the match, within the game's range.
        seat: the agent's seat, ``0 .. players-1`` (default 0).
        opponents: who plays the other seats: one `Opponent` for all of them
            (default ``"random"``), or a sequence of one per other seat, in
            seat order. A name or a factory makes a new bot at every reset,
            seeded from the episode's seed; a bot object is kept across episodes.
        variants: names of variants to play with.
        options: the game's options, as for `cardrules.new_game`.
        render_mode: ``None``, ``"ansi"`` (`render` returns the agent's view as
            text), ``"human"`` (prints it after every step) or ``"rgb_array"``
            (`render` returns the agent seat's drawing as an RGB array).
        max_decisions: truncate after this many decisions (an int ``>= 1``), or
            ``None``; checked after each of the agent's steps (see the module).
        illegal_reward: the reward of an illegal action (``None``:
            `cardrules.adapters.bounds.illegal_penalty`, the worst utility of one
            round; -1.0 for a game without known bounds).
        encoding: ``"compact"`` (default): one token per step, a move built
            as its token sequence (`cardrules.model.sequences`; the game's
            action ids where its moves are one token each); ``"full"``: one
            action id per move.

    Raises:
        CardRulesError: as `cardrules.new_game` (an unknown game or variant, bad options).
        InvalidSeatError: ``seat`` is not a seat of the match.
        OptionsError: an unknown bot name, or the wrong number of opponents.
        ValueError: an unknown ``render_mode`` or ``encoding``, or a bad ``max_decisions``.

    Attributes:
        game: the configured `cardrules.Game`.
        game_state: the episode's `cardrules.GameState` (``None`` before `reset`);
            it holds every hidden card: read it, do not show it to the agent.
        seat: the agent's seat.
        opponents: the bots of the other seats in the episode, by seat.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "human", "rgb_array"],
        "render_fps": 4,
    }

    def __init__(
        self,
        game: str,
        players: int,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        variants: Sequence[str] = (),
        options: Any = None,
        render_mode: str | None = None,
        max_decisions: int | None = DEFAULT_MAX_DECISIONS,
        illegal_reward: float | None = None,
        encoding: str = "compact",
    ) -> None:
        check_render_mode(render_mode, self.metadata["render_modes"])
        check_max_decisions(max_decisions)
        self.game: Game = new_game(
            game, players=players, seed=0, variants=variants, options=options
        ).game
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidSeatError(f"seat must be 0 to {players - 1}, got {quote(seat)}")
        self.seat = seat
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.illegal_reward = (
            illegal_penalty(self.game) if illegal_reward is None else float(illegal_reward)
        )
        self._opponents = self._read_opponents(opponents, players)
        self._builder = builder_for(self.game, encoding)
        self.encoding = encoding
        self._size = (self.game.action_space if self._builder is None else self._builder.space).size
        self.action_space = spaces.Discrete(self._size)
        building = 0 if self._builder is None else self._size
        self.observation_space = spaces.Box(
            -np.inf, np.inf, (self.game.tensor_layout.size + building,), np.float32
        )
        self.game_state: GameState | None = None
        self.opponents: dict[int, Bot] = {}
        self._decisions = 0
        self._done = True

    def _read_opponents(
        self, opponents: Opponent | Sequence[Opponent], players: int
    ) -> list[Opponent]:
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            chosen: list[Opponent] = [opponents] * (players - 1)
        else:
            chosen = list(opponents)
        if len(chosen) != players - 1:
            raise OptionsError(
                f"need one opponent for each of the {players - 1} other seats, got {len(chosen)}"
            )
        factories = bot_factories(self.game.spec.bots, self.game)
        for opponent in chosen:
            if isinstance(opponent, str) and opponent not in factories:
                raise OptionsError(
                    f"unknown bot {quote(opponent)}; bots for {self.game.name}: "
                    f"{', '.join(sorted(factories))}"
                )
            if (
                not isinstance(opponent, str)
                and not callable(opponent)
                and not callable(getattr(opponent, "choose", None))
            ):
                raise OptionsError(f"an opponent has no choose(observation): {quote(opponent)}")
        self._factories = factories
        return chosen

    def _make_bot(self, opponent: Opponent, seed: int) -> Bot:
        if isinstance(opponent, str):
            return self._factories[opponent](seed)
        if not isinstance(opponent, type) and callable(getattr(opponent, "choose", None)):
            return opponent  # type: ignore[return-value]  # a bot object, kept
        factory: Callable[[int | None], Bot] = opponent  # type: ignore[assignment]
        return factory(seed)

    # -- the Gymnasium protocol ----------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal a new match and let the bots play up to the agent's first decision.

        The bots play up to it even past ``max_decisions`` (a reset cannot
        report a truncation): the agent's first step then returns
        ``truncated=True``. ``options`` are accepted and ignored: the game's
        options are fixed when the environment is made.

        Returns:
            ``(observation, info)`` with ``info["action_mask"]``.
        """
        super().reset(seed=seed)
        deal = int(self.np_random.integers(0, 2**63 - 1)) if seed is None else int(seed)
        state = GameState(self.game, deal)
        self.game_state = state
        others = [s for s in range(state.players) if s != self.seat]
        self.opponents = {
            other: self._make_bot(opponent, deal * 100 + other)
            for other, opponent in zip(others, self._opponents, strict=True)
        }
        self._decisions = 0
        self._done = False
        if self._builder is not None:
            self._builder.clear()
        self._play_bots(capped=False)
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the bots up to its next decision.

        Returns:
            ``(observation, reward, terminated, truncated, info)``.

        Raises:
            InvalidMoveError: ``action`` is not an int id of the space.
            RuntimeError: before `reset`, or after the episode ended.
        """
        state = self.game_state
        if state is None or self._done:
            raise RuntimeError("the episode is over (or not begun): call reset()")
        if isinstance(action, np.integer | np.ndarray) and np.ndim(action) == 0:
            action = int(action)
        if isinstance(action, bool) or not isinstance(action, int):
            raise InvalidMoveError(f"an action is an int action id, got {quote(action)}")
        scores = state.scores[self.seat]
        try:
            if self._builder is None:
                state.apply_action(action)
            else:
                move = self._builder.push(state, action)
                if move is None:  # a move being built: nothing is played yet, no bot moves
                    return self._observe(), 0.0, False, False, self._info()
                self._builder.play(state, move)
        except IllegalMoveError as error:
            self._done = True
            info = {**self._info(), "illegal_action": True, "error": str(error)}
            return self._observe(), self.illegal_reward, True, False, info
        self._decisions += 1
        self._play_bots()
        # the change of the score, as a utility (higher is better, whichever totals win)
        reward = state.game.match_rules.utility(state.scores[self.seat] - scores)
        terminated = state.is_over
        truncated = not terminated and self._capped()
        self._done = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``bool`` array of ``action_space.n``: True at the agent's legal ids (sb3-contrib)."""
        size = self._size
        state = self.game_state
        if state is None or self._done or state.current_player != self.seat:
            return mask_of(size, (), np.bool_)
        if self._builder is not None:
            return mask_of(size, self._builder.tokens(state), np.bool_)
        return mask_of(size, state.legal_actions(), np.bool_)

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The agent's view (only what its seat may know).

        Returns:
            the text in ``"ansi"`` mode; in ``"rgb_array"`` mode the seat's
            drawing as a ``uint8`` array ``(560, 800, 3)``
            (`cardrules.adapters.views.render_rgb`); ``None`` in ``"human"``
            mode (it prints), without a render mode, and before `reset`.
        """
        state = self.game_state
        if self.render_mode is None or state is None:
            return None
        if self.render_mode == "rgb_array":
            frame: npt.NDArray[np.uint8] = render_rgb(state, self.seat)
            return frame
        if state.is_over:
            wins = "higher" if state.game.match_rules.higher_wins else "lower"
            headline = f"Match over. Scores: {list(state.scores)} ({wins} is better)"
        else:
            headline = f"seat {self.seat} (the agent), decision {self._decisions + 1}"
        text = render_view(state, self.seat, headline)
        if self.render_mode == "ansi":
            return text
        print(text, end="")
        return None

    # -- internals -------------------------------------------------------------------

    def _capped(self) -> bool:
        return self.max_decisions is not None and self._decisions >= self.max_decisions

    def _play_bots(self, capped: bool = True) -> None:
        """Let the bots decide until the agent must or the match ends (or, ``capped``, the cap)."""
        state = self.game_state
        assert state is not None
        while (
            not state.is_over
            and state.current_player != self.seat
            and not (capped and self._capped())
        ):
            other = state.current_player
            assert other is not None
            state.apply(self.opponents[other].choose(state.observation(other)))
            self._decisions += 1

    def _observe(self) -> npt.NDArray[np.float32]:
        state = self.game_state
        assert state is not None
        tensor: npt.NDArray[np.float32] = state.observation_tensor(self.seat)
        if self._builder is not None:
            tensor = np.concatenate([tensor, self._builder.planes()])
        return tensor

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8)}


def env_id(spec: GameSpec) -> str:
    """The Gymnasium id of a game: ``cardrules/`` + its title in CamelCase + ``-v0``.

    Examples:
        >>> env_id(default_catalogue().game("gnoming-a-round"))
        'cardrules/GnomingARound-v0'
    """
    words = re.findall(r"[0-9A-Za-z]+", spec.title) or [spec.name]
    return f"cardrules/{''.join(word[:1].upper() + word[1:] for word in words)}-v0"


def register_game(name: str) -> str:
    """Register installed game ``name`` with Gymnasium (once); returns its id (`env_id`).

    The environment plays the game's fewest players, at least 2 (the agent at
    seat 0, random bots elsewhere); ``gymnasium.make(id, players=...)`` changes
    that. The adapter registers every installed game when imported; call this
    for a game installed since.

    Raises:
        UnknownGameError: no installed plugin registers ``name``.
    """
    spec = default_catalogue().game(name)
    found = env_id(spec)
    if found not in gymnasium.registry:
        gymnasium.register(
            found,
            entry_point="cardrules.adapters.gymnasium:CardRulesGymEnv",
            kwargs={"game": spec.name, "players": max(2, spec.min_players)},
            disable_env_checker=False,
        )
    return found


def _register() -> None:
    for spec in default_catalogue().games():
        register_game(spec.name)


_register()
