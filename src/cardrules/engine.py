"""Games and game states: the engine every game plugin plugs into.

`new_game` creates a `GameState`, the one mutable object of a
match in progress. The state asks its game's rules through a plugin manager
that belongs to that game alone (the game plugin plus the variants chosen for
it), so a variant chosen for one game never changes another.
"""

from __future__ import annotations

import inspect
import os
import random
import secrets
import traceback
from collections.abc import Sequence
from typing import Any

import pluggy

from cardrules.actions import ActionSpace
from cardrules.chance import Chance
from cardrules.decks import DeckComposition
from cardrules.errors import (
    CardRulesError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSeatError,
    MissingRuleError,
    ObservationMismatchError,
    OptionsError,
    PluginHookError,
    VariantConflictError,
)
from cardrules.moves import Move
from cardrules.options import options_as_dict, resolve_options
from cardrules.plugins import get_plugin_manager
from cardrules.registry import Catalogue, GameSpec, VariantSpec, default_catalogue

__all__ = ["RECORD_FORMAT", "Game", "GameState", "new_game"]

#: The ``format`` field of game records written by `GameState.record`.
RECORD_FORMAT = "cardrules-record/1"


class Game:
    """A game as configured for one match: rules, players, options, variants.

    Shared by a state and all its clones (it never changes). Game plugins
    receive it as the ``game`` argument of every rule hook.

    Attributes:
        spec: the registered `GameSpec`.
        players: number of seats, numbered ``0 .. players-1``.
        options: the resolved options value (``spec.options_type``).
        variants: the chosen `VariantSpec` values, in the order given.
        plugin_manager: this game's own pluggy manager.
        deck: the deck composition the game deals from.
        rounds: the number of rounds in the match.
        has_rule_plugins: variants with rule hooks are in play (moves are then
            applied on a saved copy first, so a failing plugin changes nothing).
    """

    __slots__ = (
        "_action_space",
        "_direct",
        "_hook",
        "_tensor_layout",
        "deck",
        "has_rule_plugins",
        "options",
        "players",
        "plugin_manager",
        "rounds",
        "spec",
        "variants",
    )

    def __init__(
        self,
        spec: GameSpec,
        players: int,
        options: Any = None,
        variants: Sequence[VariantSpec] = (),
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionsError(f"players must be a whole number, got {players!r}")
        if not spec.min_players <= players <= spec.max_players:
            raise OptionsError(
                f"{spec.name} takes {spec.min_players} to {spec.max_players} players, got {players}"
            )
        for variant in variants:
            if variant.game != spec.name:
                raise OptionsError(
                    f"variant {variant.name!r} is for {variant.game!r}, not {spec.name!r}"
                )
        self.spec = spec
        self.players = players
        self.variants = tuple(variants)
        self.options = resolve_options(spec.options_type, options, self.variants)
        plugins: list[tuple[str, object]] = [(f"game:{spec.name}", spec.plugin)]
        plugins += [(f"variant:{v.name}", v.plugin) for v in self.variants if v.plugin is not None]
        self.plugin_manager: pluggy.PluginManager = get_plugin_manager(plugins)
        self._hook = self.plugin_manager.hook
        self._direct = _direct_calls(self.plugin_manager)
        self.has_rule_plugins = len(plugins) > 1
        _refuse_conflicts(self.variants, self.plugin_manager)
        self._call("cardrules_validate", game=self)
        self.deck: DeckComposition[Any] = self._first("cardrules_deck", game=self)
        self.rounds: int = self._first("cardrules_rounds", game=self)
        self._action_space: ActionSpace | None = None
        self._tensor_layout: Any = None

    @property
    def name(self) -> str:
        """The game's registered name."""
        return self.spec.name

    def _call(self, hook_name: str, **kwargs: Any) -> Any:
        """Call a hook; a plugin's unexpected exception becomes a PluginHookError naming it.

        A first-result hook with a single plain implementation taking every
        argument is called directly: the same answer as pluggy's, without its
        dispatch cost (this is the hot path of random playouts and search).
        """
        try:
            direct = self._direct.get(hook_name)
            if direct is not None:
                return direct(**kwargs)
            return getattr(self._hook, hook_name)(**kwargs)
        except CardRulesError:
            raise
        except Exception as error:
            raise PluginHookError(_culprit(self.plugin_manager, error), hook_name, error) from error

    def _first(self, hook_name: str, **kwargs: Any) -> Any:
        result = self._call(hook_name, **kwargs)
        if result is None:
            raise MissingRuleError(f"no plugin of {self.spec.name!r} answered {hook_name}")
        return result

    # Typed facade over the rule hooks (the only place they are called).

    def new_round(self, round: int, chance: Chance) -> Any:
        """Deal round ``round`` (from 0) and return its round state."""
        return self._first(
            "cardrules_new_round", game=self, round=round, deck=self.deck, chance=chance
        )

    def legal_moves(self, state: Any) -> tuple[Move, ...]:
        """Every legal move in ``state``."""
        return tuple(self._first("cardrules_legal_moves", game=self, state=state))

    def apply_move(self, state: Any, move: Move, chance: Chance) -> None:
        """Apply a legal move to ``state``."""
        self._first("cardrules_apply_move", game=self, state=state, move=move, chance=chance)

    def accept_unlisted(self, state: Any, move: Move) -> bool:
        """Whether an unlisted move is legal anyway (a compound move, such as a whole lay-down)."""
        return bool(self._call("cardrules_accept_unlisted", game=self, state=state, move=move))

    def explain_illegal(self, state: Any, move: Move) -> IllegalMoveError:
        """The error naming the rule that forbids ``move``."""
        error = self._call("cardrules_explain_illegal", game=self, state=state, move=move)
        if error is None:
            return IllegalMoveError("?", f"{move} is not a legal move now", move=move)
        assert isinstance(error, IllegalMoveError)
        return error

    def parse_move(self, text: str) -> Move:
        """Parse move notation; raises `InvalidMoveError`."""
        return self._first("cardrules_parse_move", game=self, text=text)  # type: ignore[no-any-return]

    def observation(
        self,
        state: Any,
        seat: int,
        round_scores: Sequence[tuple[int, ...]],
        legal_moves: tuple[Move, ...],
        history: tuple[tuple[int, Move], ...] = (),
    ) -> Any:
        """What ``seat`` may know of ``state``; ``history`` is the round's ``(seat, move)`` list."""
        return self._first(
            "cardrules_observation",
            game=self,
            state=state,
            seat=seat,
            round_scores=round_scores,
            legal_moves=legal_moves,
            history=history,
        )

    def check_observation(self, observation: Any, kind: type = object) -> None:
        """Refuse an observation that was not made by this game in this configuration.

        Args:
            observation: the observation to check.
            kind: the game's observation class (``object``: any class).

        Raises:
            ObservationMismatchError: ``observation`` is not a ``kind``, or its
                ``players``, ``seat`` (``0 .. players-1``), ``round`` (``0 ..
                rounds-1``) or ``round_scores`` (at most ``rounds``) do not fit
                this game (a ``ValueError``).
        """
        seat = getattr(observation, "seat", None)
        players = getattr(observation, "players", None)
        round_ = getattr(observation, "round", 0)
        scores = getattr(observation, "round_scores", None)
        if not (
            isinstance(observation, kind)
            and players == self.players
            and isinstance(seat, int)
            and 0 <= seat < self.players
            and isinstance(round_, int)
            and 0 <= round_ < self.rounds
            and scores is not None
            and len(scores) <= self.rounds
        ):
            raise ObservationMismatchError(
                f"{type(observation).__name__} of seat {seat!r} of {players!r} players "
                f"in round {round_!r} does not fit {self!r}"
            )

    def determinize_round(self, observation: Any, rng: random.Random) -> Any:
        """A round state consistent with ``observation``, its hidden cards sampled with ``rng``."""
        return self._first("cardrules_determinize", game=self, observation=observation, rng=rng)

    @property
    def action_space(self) -> ActionSpace:
        """The game's fixed numbering of moves (computed once per game)."""
        if self._action_space is None:
            space = self._first("cardrules_action_space", game=self)
            assert isinstance(space, ActionSpace)
            self._action_space = space
        return self._action_space

    @property
    def tensor_layout(self) -> Any:
        """The `cardrules.tensors.TensorLayout` of this game's observation tensors."""
        if self._tensor_layout is None:
            self._tensor_layout = self._first("cardrules_tensor_layout", game=self)
        return self._tensor_layout

    def observation_tensor(self, observation: Any) -> Any:
        """``observation`` as a flat ``numpy.float32`` array of ``tensor_layout.size`` numbers."""
        return self._first("cardrules_observation_tensor", game=self, observation=observation)

    def score_round(self, state: Any) -> tuple[int, ...]:
        """Scores of a finished round, one per seat."""
        return tuple(self._first("cardrules_score_round", game=self, state=state))

    def estimate_scores(self, state: Any) -> tuple[float, ...]:
        """Estimated scores of a round in play, one per seat (lower is better).

        The game's estimate (hook ``cardrules_estimate_scores``), else the
        round scored as if it ended now (`score_round`).
        """
        estimate = self._call("cardrules_estimate_scores", game=self, state=state)
        if estimate is None:
            estimate = self.score_round(state)
        return tuple(float(score) for score in estimate)

    def match_winners(self, round_scores: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
        """Winning seats of a finished match."""
        return tuple(self._first("cardrules_match_winners", game=self, round_scores=round_scores))

    def narrate(self, before: Any, seat: int, move: Move, after: Any) -> list[Any]:
        """Describe a move for spectators; the move's notation when no plugin answers."""
        result = self._call(
            "cardrules_narrate", game=self, before=before, seat=seat, move=move, after=after
        )
        return [f"seat {seat}: {move}"] if result is None else list(result)

    def shuffle_hidden(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A copy of ``state`` with the cards hidden from ``seat`` reshuffled, or ``None``."""
        return self._call("cardrules_shuffle_hidden", game=self, state=state, seat=seat, rng=rng)

    def reveals(self, before: Any, move: Move, after: Any) -> bool:
        """Whether a move showed a hidden card to anyone (``True`` when no plugin answers)."""
        result = self._call("cardrules_reveals", game=self, before=before, move=move, after=after)
        return True if result is None else bool(result)

    def render_observation(self, observation: Any) -> list[Any]:
        """Show an observation to a person; its ``repr`` when no plugin answers."""
        result = self._call("cardrules_render_observation", game=self, observation=observation)
        return [repr(observation)] if result is None else list(result)

    def __repr__(self) -> str:
        variants = ", ".join(v.name for v in self.variants)
        return f"<Game {self.spec.name} players={self.players} variants=[{variants}]>"


def _direct_calls(pm: pluggy.PluginManager) -> dict[str, Any]:
    """The first-result hooks that one plain implementation answers, with its function.

    Only implementations that take every argument of the hook qualify, so a
    direct call passes exactly what pluggy would.
    """
    direct: dict[str, Any] = {}
    for hook_name in dir(pm.hook):
        if not hook_name.startswith("cardrules_"):
            continue
        caller = getattr(pm.hook, hook_name)
        if not (caller.spec and caller.spec.opts.get("firstresult")):
            continue
        impls = caller.get_hookimpls()
        if len(impls) != 1 or impls[0].wrapper or impls[0].hookwrapper:
            continue
        if set(impls[0].argnames) == set(caller.spec.argnames):
            direct[hook_name] = impls[0].function
    return direct


def _refuse_conflicts(variants: Sequence[VariantSpec], pm: pluggy.PluginManager) -> None:
    """Refuse variants declared incompatible, or both answering one first-result hook."""
    names = {v.name for v in variants}
    for variant in variants:
        clash = sorted(names & set(variant.conflicts))
        if clash:
            raise VariantConflictError(
                f"variant {variant.name!r} cannot be combined with {', '.join(map(repr, clash))}"
            )
    for hook_name in dir(pm.hook):
        if not hook_name.startswith("cardrules_"):
            continue
        caller = getattr(pm.hook, hook_name)
        if not (caller.spec and caller.spec.opts.get("firstresult")):
            continue
        answering = [
            impl.plugin_name
            for impl in caller.get_hookimpls()
            if impl.plugin_name.startswith("variant:") and not (impl.wrapper or impl.hookwrapper)
        ]
        if len(answering) > 1:
            shown = " and ".join(repr(n.removeprefix("variant:")) for n in sorted(answering))
            raise VariantConflictError(
                f"variants {shown} both answer {hook_name}; only one may replace it "
                "(a variant that wraps the hook can be combined with others)"
            )


def _culprit(pm: pluggy.PluginManager, error: BaseException) -> str:
    """The name of the registered plugin whose code raised ``error`` (innermost frame)."""
    files: dict[str, str] = {}
    for name, plugin in pm.list_name_plugin():
        try:
            source = inspect.getfile(plugin if inspect.ismodule(plugin) else type(plugin))
        except TypeError:
            continue
        files[os.path.abspath(source)] = name
    culprit = "unknown"
    for frame, _ in traceback.walk_tb(error.__traceback__):
        found = files.get(os.path.abspath(frame.f_code.co_filename))
        if found is not None:
            culprit = found
    return culprit


class GameState:
    """A match in progress: the one mutable object of the library.

    Create it with `new_game`. Seats are numbered ``0 .. players-1``.
    The protocol:

    * `current_player` - the seat that must decide now (``None`` when over);
      it may be a player other than the one whose turn it is.
    * `legal_moves` - every legal move of that seat.
    * `apply` - play a move, or raise without changing anything.
    * `clone` - an independent copy, for search.
    * `is_over`, `round_scores`, `scores`, `winners`.
    * `observation` - what one seat may know.

    Chance comes from `chance`, seeded by `seed`: the same seed and
    moves give the same match.
    """

    __slots__ = (
        "_legal",
        "_legal_ids",
        "chance",
        "finished_rounds",
        "game",
        "history",
        "round_scores",
        "round_start",
        "round_state",
        "seats",
        "seed",
    )

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.chance = Chance(seed)
        self.history: list[Move] = []
        self.seats: list[int] = []
        self.round_start = 0
        self.round_scores: list[tuple[int, ...]] = []
        self.finished_rounds: list[Any] = []
        self.round_state: Any = game.new_round(0, self.chance)
        self._legal: tuple[Move, ...] | None = None
        self._legal_ids: tuple[tuple[Move, ...], list[int]] | None = None

    # -- the protocol ------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.game.players

    @property
    def round(self) -> int:
        """Index of the round in play, from 0 (equals the round count once over)."""
        return len(self.round_scores)

    @property
    def is_over(self) -> bool:
        """True once the last round has been scored."""
        return len(self.round_scores) >= self.game.rounds

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` when the match is over."""
        if self.is_over:
            return None
        seat: int | None = self.round_state.current_player
        return seat

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of `current_player`, in a fixed order; ``()`` when over."""
        if self._legal is None:
            self._legal = () if self.is_over else self.game.legal_moves(self.round_state)
        return self._legal

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal now: listed, or an accepted compound move."""
        if move in self.legal_moves():
            return True
        return not self.is_over and self.game.accept_unlisted(self.round_state, move)

    def parse_move(self, text: str) -> Move:
        """Parse move notation (``str(move)``) into a move of this game.

        Raises:
            InvalidMoveError: ``text`` is not a move of this game.
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"move notation must be a string, got {type(text).__name__}")
        return self.game.parse_move(text)

    def apply(self, move: Move | str) -> None:
        """Play ``move`` (a move value or its notation) for `current_player`.

        Raises:
            InvalidMoveError: ``move`` is malformed or not a move of this game.
            IllegalMoveError: ``move`` is not legal now; ``error.rule`` names the
                rule that forbids it.

        On an error the state is exactly as before the call.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(f"not a move: {move!r}")
        if move not in self.legal_moves() and (
            self.is_over or not self.game.accept_unlisted(self.round_state, move)
        ):
            self._check_belongs(move)
            error = self.game.explain_illegal(self.round_state, move)
            error.move = move
            error.seat = self.current_player
            raise error
        if not self.game.has_rule_plugins:
            self._apply_legal(move)
            return
        # Variant plugins run here: keep a copy so that a plugin failing part way
        # through leaves the match exactly as it was.
        saved = (self.round_state.clone(), self.chance.copy(), len(self.round_scores))
        try:
            self._apply_legal(move)
        except BaseException:
            self.round_state, self.chance = saved[0], saved[1]
            del self.round_scores[saved[2] :]
            del self.finished_rounds[saved[2] :]
            if self.history and self.history[-1] is move:
                self.history.pop()
                self.seats.pop()
            self._legal = None
            raise

    def _check_belongs(self, move: Move) -> None:
        """Refuse a move value of another game (its notation does not parse back here)."""
        try:
            same = self.game.parse_move(str(move)) == move
        except InvalidMoveError:
            same = False
        if not same:
            raise InvalidMoveError(f"{move!r} is not a move of {self.game.name}")

    def _apply_legal(self, move: Move) -> None:
        seat = self.round_state.current_player
        self.game.apply_move(self.round_state, move, self.chance)
        self.history.append(move)
        self.seats.append(seat)
        self._legal = None
        if self.round_state.is_round_over:
            self._finish_round()

    def _finish_round(self) -> None:
        self.round_scores.append(self.game.score_round(self.round_state))
        self.finished_rounds.append(self.round_state)
        if not self.is_over:
            self.round_state = self.game.new_round(self.round, self.chance)
            self.round_start = len(self.history)

    def set_round_state(self, round_state: Any) -> None:
        """Replace the round in play by ``round_state`` (a round state of this game).

        For setting up a position to study or test: the game's own round state
        type, built by hand. Moves already played and finished rounds are kept.
        """
        self.round_state = round_state
        self._legal = None

    def clone(self) -> GameState:
        """An independent copy: moves applied to one never change the other."""
        other = GameState.__new__(GameState)
        other.game = self.game
        other.seed = self.seed
        other.chance = self.chance.copy()
        other.history = self.history.copy()
        other.seats = self.seats.copy()
        other.round_start = self.round_start
        other.round_scores = self.round_scores.copy()
        other.finished_rounds = self.finished_rounds.copy()
        other.round_state = self.round_state.clone()
        other._legal = self._legal
        other._legal_ids = self._legal_ids
        return other

    @property
    def scores(self) -> tuple[int, ...]:
        """Total score per seat over the rounds finished so far."""
        return tuple(sum(column) for column in zip(*self.round_scores, strict=True)) or (
            (0,) * self.players
        )

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the match is over (several on a shared win), else ``()``."""
        if not self.is_over:
            return ()
        return self.game.match_winners(self.round_scores)

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now: the game's frozen observation value.

        Raises:
            InvalidSeatError: ``seat`` is not ``0 .. players-1`` (a ``ValueError``).
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidSeatError(f"seat must be 0 to {self.players - 1}, got {seat!r}")
        state = self.round_state if not self.is_over else self.finished_rounds[-1]
        return self.game.observation(
            state, seat, tuple(self.round_scores), self.legal_moves(), self.round_history()
        )

    def round_history(self) -> tuple[tuple[int, Move], ...]:
        """The moves of the round in play (the last round once over) as ``(seat, move)`` pairs."""
        start = self.round_start
        return tuple(zip(self.seats[start:], self.history[start:], strict=True))

    def determinize(self, seat: int, rng: random.Random) -> GameState:
        """A state consistent with what ``seat`` knows, hidden cards sampled (see `determinize`)."""
        from cardrules.determinize import determinize

        return determinize(self.game, self.observation(seat), rng)

    # -- integer actions -----------------------------------------------------

    @property
    def action_space(self) -> ActionSpace:
        """The game's fixed numbering of moves (`cardrules.actions.ActionSpace`)."""
        return self.game.action_space

    def legal_actions(self) -> list[int]:
        """The ids of `legal_moves`, in increasing order; ``[]`` when over."""
        return list(self._ids())

    def _ids(self) -> list[int]:
        """The sorted ids of `legal_moves`, computed once per position (do not change them)."""
        legal = self.legal_moves()
        cached = self._legal_ids
        if cached is None or cached[0] is not legal:
            id_of = self.game.action_space.id_of
            cached = self._legal_ids = (legal, sorted(id_of(move) for move in legal))
        return cached[1]

    def legal_action_mask(self) -> bytearray:
        """One byte per action id: 1 where the id is a legal move now, else 0.

        Returns:
            a ``bytearray`` of ``action_space.size`` bytes (``numpy.frombuffer``
            reads it without a copy).
        """
        mask = bytearray(self.game.action_space.size)
        for action in self._ids():
            mask[action] = 1
        return mask

    def action_id(self, move: Move) -> int:
        """The id of ``move`` (legal or not); raises `InvalidMoveError` if it has none."""
        return self.game.action_space.id_of(move)

    def move_of(self, action: int) -> Move:
        """The move with id ``action``; raises `InvalidMoveError` outside ``0 .. size-1``."""
        return self.game.action_space.move_of(action)

    def apply_action(self, action: int) -> None:
        """Play the move with id ``action`` (see `apply`).

        Raises:
            InvalidMoveError: ``action`` is not an id of this game.
            IllegalMoveError: the move is not legal now.
        """
        self.apply(self.game.action_space.move_of(action))

    # -- records -------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The match as a JSON-ready game record.

        Returns:
            ``{"format", "game", "players", "seed", "options", "variants",
            "moves", "round_scores", "scores", "winners", "over"}``; moves are in
            notation, scores are lists of ints per round and seat.
        """
        return {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": options_as_dict(self.game.options),
            "variants": [v.name for v in self.game.variants],
            "moves": [str(m) for m in self.history],
            "round_scores": [list(r) for r in self.round_scores],
            "scores": list(self.scores),
            "winners": list(self.winners),
            "over": self.is_over,
        }

    def __repr__(self) -> str:
        return (
            f"<GameState {self.game.name} players={self.players} seed={self.seed} "
            f"round={self.round} moves={len(self.history)} current_player={self.current_player}>"
        )


def new_game(
    name: str,
    *,
    players: int,
    seed: int | None = None,
    variants: Sequence[str] = (),
    options: Any = None,
    catalogue: Catalogue | None = None,
) -> GameState:
    """Start a match of the game registered as ``name``.

    Args:
        name: a registered game name (see `cardrules.games`).
        players: number of seats; must be within the game's range.
        seed: fixes every shuffle; ``None`` picks a random seed (kept in
            ``state.seed`` so the match can be replayed).
        variants: names of registered variants of this game to apply.
        options: ``None``, a mapping ``{option: value}``, or the game's options value.
        catalogue: where to find games; default: every installed plugin.

    Returns:
        The `GameState` at the start of round 1.

    Raises:
        UnknownGameError: no game ``name`` is installed.
        UnknownVariantError: a variant name is not registered for this game.
        OptionsError: bad player count or options.
        VariantConflictError: chosen variants contradict each other.

    Examples:
        >>> state = new_game("gnoming-a-round", players=3, seed=7)
        >>> state.current_player
        0
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise OptionsError(f"seed must be an integer or None, got {seed!r}")
    catalogue = catalogue or default_catalogue()
    spec = catalogue.game(name)
    if isinstance(variants, str):
        raise OptionsError("variants must be a sequence of names, not a single string")
    chosen = [catalogue.variant(name, v) for v in variants]
    if len({v.name for v in chosen}) != len(chosen):
        raise OptionsError("a variant is named twice")
    game = Game(spec, players, options, chosen)
    return GameState(game, secrets.randbits(63) if seed is None else seed)
