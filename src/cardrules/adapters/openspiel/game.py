"""The OpenSpiel game objects of the cardrules games (`CardRulesGame`) and their registration.

See `cardrules.adapters.openspiel` for the model and the parameters. A game
pickles as its game string and the state of its generator of deals, so a
pickled game goes on dealing the matches the original would have dealt.
"""

from __future__ import annotations

import random
import re
from typing import Any

import attrs

from cardrules.adapters.extras import missing_extra

try:
    import pyspiel
except ImportError as missing:  # pragma: no cover - depends on the installed extras
    raise missing_extra("OpenSpiel", "openspiel", missing) from missing

from cardrules.adapters.bounds import utility_bounds
from cardrules.adapters.openspiel.observers import CardRulesObserver, make_observer
from cardrules.adapters.openspiel.parameters import FRESH_SEED, read_parameters
from cardrules.adapters.openspiel.state import CardRulesState, restore_state
from cardrules.engine.game_state import new_game
from cardrules.plugins.registry import GameSpec, default_catalogue

__all__ = [
    "CLASSES",
    "DEFAULT_MAX_DECISIONS",
    "GAMES",
    "SEED_BITS",
    "CardRulesGame",
    "default_rounds",
    "register",
    "register_all",
    "restore_game",
    "short_name",
]

#: Default cap on decisions per match (the same as `cardrules.play_match`).
DEFAULT_MAX_DECISIONS = 100_000
#: Bits of the engine seed drawn for each match.
SEED_BITS = 63

#: The registered games: cardrules name -> (OpenSpiel short name, long name).
#: Every installed game is registered when the adapter is imported (`register_all`).
GAMES: dict[str, tuple[str, str]] = {}


def short_name(name: str) -> str:
    """The OpenSpiel short name of cardrules game ``name``: ``python_cardrules_`` + its name.

    Examples:
        >>> short_name("gnoming-a-round")
        'python_cardrules_gnoming_a_round'
    """
    return "python_cardrules_" + re.sub(r"[^0-9a-z]", "_", name.lower())


def default_rounds(spec: GameSpec) -> int | None:
    """The default of the game's ``rounds`` option, or ``None`` for a game without one."""
    fields = attrs.fields_dict(spec.options_type) if attrs.has(spec.options_type) else {}
    field = fields.get("rounds")
    if field is None or not isinstance(field.default, int):
        return None
    return int(field.default)


class CardRulesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A cardrules game configured from OpenSpiel parameters (see `cardrules.adapters.openspiel`).

    Made by ``pyspiel.load_game``; not meant to be built directly.
    ``get_parameters()`` (and so ``str(game)``) gives ``variants`` and
    ``options`` in their game-string encoding
    (`cardrules.adapters.openspiel.parameters`), so ``pyspiel.load_game(str(game))``
    makes the same game.

    Attributes:
        cardrules_name: the game's cardrules name, e.g. ``"gnoming-a-round"``.
        cardrules_game: the configured `cardrules.Game`.
        rng_seed: the ``rng_seed`` parameter (-1: seeded from the system).
        max_decisions: the cap on decisions per match.
        terminal_rewards: ``rewards=terminal``: the match's return is paid at its end only.
        no_rewards: ``(0.0,) * players``.

    Raises:
        OptionsError: a bad parameter (`read_parameters`: ``max_decisions``
            below 1, ``rng_seed`` below -1, an unknown ``rewards``, malformed
            ``variants`` or ``options``, ``rounds`` given twice with different
            values, an unknown parameter such as the removed ``deals``), or any
            error of `cardrules.new_game` (``OptionsError``,
            ``UnknownVariantError`` ...). ``pyspiel.load_game`` itself rejects
            unknown parameters with a ``pyspiel.SpielError``.
    """

    #: The cardrules name of the game (set on the registered subclass).
    cardrules_name: str = ""
    #: Its ``pyspiel.GameType`` with per-round rewards, and with terminal rewards
    #: (set on the registered subclass).
    game_type: Any = None
    terminal_game_type: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.cardrules_name
        spec = default_catalogue().game(name)
        config = read_parameters(
            params, self.game_type.parameter_specification, default_rounds(spec)
        )
        options = dict(config.options)
        if config.rounds is not None:
            options["rounds"] = config.rounds
        game = new_game(
            name, players=config.players, seed=0, variants=config.variants, options=options
        ).game
        worst, best = utility_bounds(game)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.action_space.size,
            max_chance_outcomes=0,
            num_players=config.players,
            min_utility=worst,
            max_utility=best,
            utility_sum=None,
            max_game_length=config.max_decisions,
        )
        self.terminal_rewards = config.rewards == "terminal"
        game_type = self.terminal_game_type if self.terminal_rewards else self.game_type
        rounds = game.rounds if default_rounds(spec) is not None else None
        super().__init__(game_type, info, config.canonical(rounds))
        self.cardrules_game = game
        self.rng_seed = config.rng_seed
        self.max_decisions = config.max_decisions
        self.no_rewards = (0.0,) * config.players
        self._observation_size = int(game.tensor_layout.size)
        # random.Random() seeds itself from the operating system.
        self._rng = (
            random.Random() if config.rng_seed == FRESH_SEED else random.Random(config.rng_seed)
        )

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
    ) -> CardRulesObserver | None:
        """The observer of an ``IIGObservationType`` (`cardrules.adapters.openspiel.observers`).

        ``None`` gives the default (the seat's observation). Public, private
        and both, with or without perfect recall, are supported (see the
        observers' table); any other type gives ``None``, as OpenSpiel's
        ``make_observation`` documents.

        Raises:
            ValueError: observer parameters (there are none).
        """
        if isinstance(iig_obs_type, dict):
            iig_obs_type, params = None, iig_obs_type
        return make_observer(self, iig_obs_type, params)

    def deserialize_state(self, text: str) -> CardRulesState:
        """The state ``CardRulesState.serialize`` wrote, replayed (`restore_state`)."""
        return restore_state(self, text)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the game string and the generator's state."""
        return (restore_game, (str(self), self._rng.getstate()))


def restore_game(game_string: str, rng_state: Any) -> CardRulesGame:
    """The game of ``game_string``, its generator of deals set to ``rng_state`` (unpickling)."""
    game = pyspiel.load_game(game_string)
    assert isinstance(game, CardRulesGame), game_string
    game._rng.setstate(rng_state)
    return game


#: The registered game classes, by cardrules name.
CLASSES: dict[str, type[CardRulesGame]] = {}


def _game_type(name: str, reward_model: Any) -> Any:
    short, long_name = GAMES[name]
    spec = default_catalogue().game(name)
    parameters: dict[str, Any] = {"players": spec.min_players}
    rounds = default_rounds(spec)
    if rounds is not None:
        parameters["rounds"] = rounds
    parameters.update(
        variants="",
        options="",
        rng_seed=FRESH_SEED,
        max_decisions=DEFAULT_MAX_DECISIONS,
        rewards="round",
    )
    return pyspiel.GameType(
        short_name=short,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=reward_model,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def register(name: str) -> None:
    """Register installed game ``name`` with ``pyspiel`` (once), and add it to `GAMES`.

    The adapter registers every installed game when it is imported; call this
    for a game installed since.

    Raises:
        UnknownGameError: no installed plugin registers ``name``.
    """
    spec = default_catalogue().game(name)
    GAMES.setdefault(name, (short_name(name), f"{spec.title} (cardrules)"))
    if GAMES[name][0] in pyspiel.registered_names():
        return
    game_type = _game_type(name, pyspiel.GameType.RewardModel.REWARDS)
    # A class, as OpenSpiel's own Python games register: pyspiel keeps the
    # creator until the process exits, and a class outlives the interpreter's
    # shutdown where a plain function would be freed without the GIL.
    game_class = type(
        f"CardRulesGame_{name.replace('-', '_')}",
        (CardRulesGame,),
        {
            "cardrules_name": name,
            "game_type": game_type,
            "terminal_game_type": _game_type(name, pyspiel.GameType.RewardModel.TERMINAL),
            "__module__": __name__,
        },
    )
    CLASSES[name] = game_class
    pyspiel.register_game(game_type, game_class)


def register_all() -> None:
    """`register` every installed game."""
    for spec in default_catalogue().games():
        register(spec.name)
