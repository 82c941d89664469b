"""The two games as OpenSpiel Python games (the ``openspiel`` extra).

Importing this module registers with ``pyspiel``:

==========================================  =====================
OpenSpiel name                              cardrules game
==========================================  =====================
``python_cardrules_gnoming_a_round``        ``gnoming-a-round``
``python_cardrules_toonerville_rook``       ``toonerville-rook``
==========================================  =====================

so ``pyspiel.load_game(name, params)`` makes them and OpenSpiel's algorithms
(for example its information-set MCTS, ``open_spiel.python.algorithms.ismcts``)
can play them. Parameters, all optional:

* ``players`` (int): seats ``0 .. players-1`` (default: the game's fewest, 3).
* ``rounds`` (int): rounds in a match (default: the rules' 3 or 11).
* ``variants`` (str): variant names separated by commas (default ``""``).
* ``options`` (str): other options of the game as a JSON object, for example
  ``'{"bouncing": false}'`` (default ``""``: none).
* ``rng_seed`` (int): seeds the game's generator of deals; ``-1`` (the default)
  seeds it from the operating system, so every game object deals differently.
* ``max_decisions`` (int): the cap on decisions per match (default 100,000).

The model:

* **Chance** is sampled inside the states (``ChanceMode.SAMPLED_STOCHASTIC``):
  there are no chance nodes and ``max_chance_outcomes()`` is 0. Each match gets
  a 63-bit engine seed drawn from the game object's generator (a
  ``random.Random`` seeded with ``rng_seed``), so it plays exactly as
  ``new_game(..., seed=state.cardrules_state.seed)``; that seed fixes every
  shuffle (the deal of each round, a draw-pile rebuild). A new initial state
  draws its seed when it is first used (read or played): matches are dealt in
  the order they are first used, clones share the seed (and so the future),
  and the same ``rng_seed`` gives the same sequence of matches however many
  states are cloned. There is no small set of deals a player could enumerate
  to recover the hidden cards from what it sees. (Earlier versions had one
  opening chance node over ``deals`` = 65,536 seeds, which leaked: that
  parameter is gone.)
* **Actions** are the game's integer action ids (`cardrules.actions`);
  ``num_distinct_actions()`` is ``action_space.size``. Legal actions come
  sorted; the players other than the one to act have none.
* **Utilities**: the game is general-sum (scores do not add up to a constant).
  A player's return is minus its total score (lower scores are better), and the
  reward of a transition is the change of that, so rewards are 0 except on the
  decision that ends a round, where each player receives minus its score for
  that round. ``min_utility()`` and ``max_utility()`` are bounds every match
  respects, derived from the deck and options (loose, not attained).
* **Length**: after ``max_decisions`` decisions a match is terminal even if
  unfinished (OpenSpiel has no truncation); the round in play is then not
  scored. With random play the default cap is never reached (a random match
  takes a few hundred decisions of Gnoming, a few thousand of Rook).
* **Observations**: ``observation_tensor`` is the game's observation tensor
  (`cardrules.tensors`; the observer's ``dict`` holds its named planes) of
  the seat's observation. ``observation_string`` is that observation in text
  without the round's moves; ``information_state_string`` is the whole
  observation with the round's moves and the scores of finished rounds. An
  observation holds everything the seat may know of the round, so it is the
  information state of the round; earlier rounds enter it only through their
  scores (each round is a new deal). No information-state tensor is provided
  (the observation tensor does not encode the move history).
* **Resampling**: ``state.resample_from_infostate(player, sampler)`` returns a
  state consistent with ``player``'s information state, its hidden cards and
  its future shuffles sampled by the game's determinizer
  (`cardrules.determinize`) from a seed drawn with ``sampler()``, so the Python
  ISMCTS bot can search. Any seed can deal any cards, so every such sample is a
  state the game can reach. A resampled state's ``history()`` is empty.
* ``str(state)`` is a one-line summary; states are not serializable.
  ``state.cardrules_state`` (with its ``seed``) is the whole engine state,
  hidden cards included: give players observations, never the state.

Examples:
    >>> import pyspiel
    >>> import cardrules.adapters.openspiel
    >>> game = pyspiel.load_game("python_cardrules_gnoming_a_round", {"rounds": 1, "rng_seed": 7})
    >>> game.num_distinct_actions(), game.num_players(), game.max_chance_outcomes()
    (546, 3, 0)
    >>> state = game.new_initial_state()  # dealt: no chance node
    >>> state.is_chance_node(), state.current_player(), len(state.legal_actions())
    (False, 0, 36)
    >>> state.cardrules_state.seed == game.new_initial_state().cardrules_state.seed
    False
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs

try:
    import numpy as np
    import pyspiel
except ImportError as missing:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        f"the OpenSpiel adapter needs the openspiel extra ({missing}): "
        "pip install 'cardrules[openspiel]'"
    ) from missing

from cardrules.engine import Game, GameState, new_game
from cardrules.errors import OptionsError
from cardrules.registry import default_catalogue

__all__ = [
    "DEFAULT_MAX_DECISIONS",
    "FRESH_SEED",
    "GAMES",
    "SEED_BITS",
    "CardRulesGame",
    "CardRulesObserver",
    "CardRulesState",
]

#: Default cap on decisions per match (the same as `cardrules.play_match`).
DEFAULT_MAX_DECISIONS = 100_000
#: The ``rng_seed`` (the default) that seeds a game's deals from the operating system.
FRESH_SEED = -1
#: Bits of the engine seed drawn for each match.
SEED_BITS = 63

_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

#: ``(lowest, highest)`` score one seat can get in one round of a game.
RoundBounds = Callable[[Game], tuple[int, int]]


def _gnoming_bounds(game: Game) -> tuple[int, int]:
    """Round-score bounds of Gnoming A Round from its deck and options (G19-G23).

    Each of nine cards scores at most the highest of the positive values, the
    Hazard points and 0; at most six lines match, each scoring at least minus
    the highest value; each card scores at least the lowest of the negative
    values, the Hazard points and 0; the ender's bonus or penalty comes on top.
    """
    values = [card.value for card, _ in game.deck.counts if card.is_number]
    top = max([0, *values])
    bottom = min([0, *values])
    hazard = game.options.hazard_points
    ender = abs(game.options.ender_bonus)
    return -6 * top + 9 * min(bottom, hazard, 0) - ender, 9 * max(top, hazard, 0) + ender


def _rook_bounds(game: Game) -> tuple[int, int]:
    """Round-score bounds of Toonerville Rook (R17): 0 to every card of the deck in one hand."""
    return 0, sum(card.points * copies for card, copies in game.deck.counts)


#: The registered games: cardrules name -> (OpenSpiel short name, long name, bounds).
GAMES: dict[str, tuple[str, str, RoundBounds]] = {
    "gnoming-a-round": (
        "python_cardrules_gnoming_a_round",
        "Gnoming A Round (cardrules)",
        _gnoming_bounds,
    ),
    "toonerville-rook": (
        "python_cardrules_toonerville_rook",
        "Toonerville Rook (cardrules)",
        _rook_bounds,
    ),
}


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
        game: CardRulesGame,
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
        self.rewards = game._no_rewards if rewards is None else rewards
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


class CardRulesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A cardrules game configured from OpenSpiel parameters (see the module).

    Made by ``pyspiel.load_game``; not meant to be built directly.

    Attributes:
        cardrules_name: the game's cardrules name, e.g. ``"gnoming-a-round"``.
        cardrules_game: the configured `cardrules.Game`.
        rng_seed: the ``rng_seed`` parameter (`FRESH_SEED`: seeded from the system).
        max_decisions: the cap on decisions per match.

    Raises:
        OptionsError: a bad parameter, a ``ValueError`` (``max_decisions`` below
            1, ``rng_seed`` below -1, ``options`` not a JSON object, ``rounds``
            given twice with different values, an unknown parameter such as
            the removed ``deals``), or any error of `cardrules.new_game`
            (``OptionsError``, ``UnknownVariantError`` ...). ``pyspiel.load_game``
            itself rejects unknown parameters with a ``pyspiel.SpielError``.
    """

    #: The cardrules name of the game (set on the registered subclass).
    cardrules_name: str = ""
    #: Its ``pyspiel.GameType`` (set on the registered subclass).
    game_type: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec_params = self.game_type.parameter_specification
        unknown = sorted(set(params or {}) - set(spec_params))
        if "deals" in unknown:
            raise OptionsError(
                "the deals parameter was removed: chance is now sampled inside the states "
                "from a 63-bit seed per match (set rng_seed to repeat a run)"
            )
        if unknown:
            raise OptionsError(
                f"unknown parameters {unknown}; the parameters are {sorted(spec_params)}"
            )
        params = {**spec_params, **(params or {})}
        name = self.cardrules_name
        players = int(params["players"])
        rounds = int(params["rounds"])
        variants = [v.strip() for v in str(params["variants"]).split(",") if v.strip()]
        options_text = str(params["options"]).strip()
        try:
            options = json.loads(options_text) if options_text else {}
        except json.JSONDecodeError as error:
            raise OptionsError(f"options must be a JSON object: {error}") from None
        if not isinstance(options, dict):
            raise OptionsError(f"options must be a JSON object, got {options_text!r}")
        spec = default_catalogue().game(name)
        if rounds != spec.options_type().rounds:
            if options.get("rounds", rounds) != rounds:
                raise OptionsError(
                    f"rounds is given twice: {rounds} as a parameter and "
                    f"{options['rounds']} in options"
                )
            options["rounds"] = rounds
        rng_seed = int(params["rng_seed"])
        max_decisions = int(params["max_decisions"])
        if max_decisions < 1:
            raise OptionsError(f"max_decisions must be >= 1, got {max_decisions}")
        if rng_seed < FRESH_SEED:
            raise OptionsError(f"rng_seed must be -1 (fresh) or a seed >= 0, got {rng_seed}")
        game = new_game(name, players=players, seed=0, variants=variants, options=options).game
        lowest, highest = GAMES[name][2](game)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.action_space.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=float(-highest * game.rounds),
            max_utility=float(-lowest * game.rounds),
            utility_sum=None,
            max_game_length=max_decisions,
        )
        super().__init__(self.game_type, info, params)
        self.cardrules_game = game
        self.rng_seed = rng_seed
        self.max_decisions = max_decisions
        self._no_rewards = (0.0,) * players
        self._observation_size = int(game.tensor_layout.size)
        # random.Random() seeds itself from the operating system.
        self._rng = random.Random() if rng_seed == FRESH_SEED else random.Random(rng_seed)

    def new_initial_state(self) -> CardRulesState:
        """A new match, dealt (and its seed drawn) when first used; never a chance node."""
        return CardRulesState(self)

    def draw_seed(self) -> int:
        """The engine seed of the next match dealt: ``SEED_BITS`` random bits."""
        return self._rng.getrandbits(SEED_BITS)

    def max_chance_nodes_in_history(self) -> int:
        """0: chance is sampled inside the states."""
        return 0

    def observation_tensor_shape(self) -> list[int]:
        """``[size]`` of the observation tensor (without dealing a match, as pyspiel would)."""
        return [self._observation_size]

    def observation_tensor_size(self) -> int:
        """The size of the observation tensor."""
        return self._observation_size

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CardRulesObserver:
        """An observer of one seat's view (``private_info`` ``SINGLE_PLAYER``, public info on).

        ``perfect_recall=False`` gives the observation tensor and string;
        ``perfect_recall=True`` the information-state string (no tensor).

        Raises:
            ValueError: another observation type, or observer parameters.
        """
        if iig_obs_type is None or isinstance(iig_obs_type, dict):
            iig_obs_type, params = pyspiel.IIGObservationType(perfect_recall=False), iig_obs_type
        return CardRulesObserver(self, iig_obs_type, params)


class CardRulesState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A match of a cardrules game for OpenSpiel (see the module).

    Players are the seats ``0 .. players-1``. ``cardrules_state`` is the
    engine's `GameState`: read it, do not change it.
    """

    def __init__(self, game: CardRulesGame, match: _Match | None = None) -> None:
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
            new = scores[scored:]
            match.rewards = tuple(-float(sum(row[s] for row in new)) for s in range(len(new[0])))
            # A new round starts with no moves; the last round's stay seen once over.
            match.moves = f"{match.moves}{seat}:{action} " if state.is_over else ""
        else:
            match.rewards = game._no_rewards
            match.moves = f"{match.moves}{seat}:{action} "
        if match.decisions >= game.max_decisions and not state.is_over:
            match.truncated = True

    def _action_to_string(self, player: int, action: int) -> str:
        """The move's notation."""
        return str(self._match.game.cardrules_game.action_space.move_of(action))

    def rewards(self) -> list[float]:
        """Each player's reward for the last transition: minus its score if it ended a round."""
        return list(self._match.rewards)

    def returns(self) -> list[float]:
        """Each player's return so far: minus its total score over the finished rounds."""
        return [-float(total) for total in self._match.engine().scores]

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


class CardRulesObserver:
    """One seat's view of a `CardRulesState`, as OpenSpiel's Python observers are.

    Attributes:
        tensor: the flat ``float32`` observation tensor (``None`` for the
            information-state observer, which has only strings).
        dict: the tensor's planes by name, as views of ``tensor`` in their shapes
            (`cardrules.tensors.TensorLayout`).
    """

    def __init__(
        self, game: CardRulesGame, iig_obs_type: Any, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observer parameters are not supported, got {params}")
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("only one seat's own view is supported (public and private info)")
        self._game = game.cardrules_game
        self._perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, Any] = {}
        if not self._perfect_recall:
            layout = self._game.tensor_layout
            self.tensor = np.zeros(layout.size, np.float32)
            for plane in layout.planes:
                self.dict[plane.name] = self.tensor[plane.start : plane.stop].reshape(plane.shape)

    def set_from(self, state: CardRulesState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into `tensor`."""
        tensor = self.tensor
        if tensor is None:
            return
        engine = state._match.engine()
        tensor[:] = self._game.observation_tensor(engine.observation(player))

    def string_from(self, state: CardRulesState, player: int) -> str:
        """``player``'s observation as text: with the round's moves for the information state."""
        observation = state._match.engine().observation(player)
        if "history" in attrs.fields_dict(type(observation)):
            observation = attrs.evolve(observation, history=())
        if self._perfect_recall:
            return f"{observation!r} moves: {state._match.moves}"
        return repr(observation)


def _register(name: str) -> None:
    short_name, long_name, _ = GAMES[name]
    if short_name in pyspiel.registered_names():
        return
    spec = default_catalogue().game(name)
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.REWARDS,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": spec.min_players,
            "rounds": spec.options_type().rounds,
            "variants": "",
            "options": "",
            "rng_seed": FRESH_SEED,
            "max_decisions": DEFAULT_MAX_DECISIONS,
        },
    )

    # A class, as OpenSpiel's own Python games register: pyspiel keeps the
    # creator until the process exits, and a class outlives the interpreter's
    # shutdown where a plain function would be freed without the GIL.
    game_class = type(
        f"CardRulesGame_{name.replace('-', '_')}",
        (CardRulesGame,),
        {"cardrules_name": name, "game_type": game_type, "__module__": __name__},
    )
    _CLASSES[name] = game_class
    pyspiel.register_game(game_type, game_class)


_CLASSES: dict[str, type[CardRulesGame]] = {}
for _name in GAMES:
    _register(_name)
