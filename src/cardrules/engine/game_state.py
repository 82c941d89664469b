"""Games and game states: the engine every game plugin plugs into.

`new_game` creates a `GameState`, the one mutable object of a
match in progress. The state asks its game's rules through its `Game`
(`cardrules.engine.game`, re-exported here), whose plugin manager belongs to that
game alone (the game plugin plus the variants chosen for it), so a variant
chosen for one game never changes another.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

from cardrules.engine.game import Game
from cardrules.engine.history import RoundHistory
from cardrules.engine.sampling import sample_state
from cardrules.engine.seat_tensors import seat_tensor
from cardrules.errors import InvalidMoveError, InvalidSeatError, OptionsError, quote
from cardrules.model.actions import ActionSpace
from cardrules.model.chance import Chance
from cardrules.model.moves import Move
from cardrules.plugins.options import options_as_dict, variant_options_as_dict
from cardrules.plugins.registry import Catalogue, default_catalogue
from cardrules.plugins.strict import StrictChecks

__all__ = ["MAX_NOTATION", "RECORD_FORMAT", "Game", "GameState", "new_game"]

#: The ``format`` field of game records written by `GameState.record`. Version 2
#: (Gnoming A Round's removed Hazards stay out of the match, G15; Toonerville
#: Rook's swapped Rook is played at once, R14); `cardrules.records` reads
#: version 1 records under the rules they were played by.
RECORD_FORMAT = "cardrules-record/2"
#: The longest move notation `GameState.apply` and records take, in characters.
MAX_NOTATION = 1000
#: The largest seed (either sign) `new_game` takes: 64 bits, ample for any shuffle.
MAX_SEED = 2**64 - 1


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

    Attributes:
        game: the configured `cardrules.engine.game.Game` (rules, options, variants).
        seed: the seed of every shuffle (an ``int``). It fixes every hidden
            card, so a program showing a match to a seat keeps it hidden.
        chance: the match's random source (`cardrules.Chance`), seeded by ``seed``.
        history: every move applied, in order (``list[Move]``).
        seats: ``seats[i]`` is the seat that made ``history[i]``.
        round_state: the game's state of the round in play (for Gnoming A
            Round a `cardrules_gnoming.GnomingRound`, for Toonerville Rook a
            `cardrules_rook.RookRound`); replaced at each new round. Read it,
            never change it: moves go through `apply`.
        finished_rounds: the final round states of the rounds already
            finished, in order (every card face up), one per entry of
            ``round_scores``.
        round_scores: one tuple of per-seat scores per finished round.
        round_start: the index in ``history`` where the round in play began.
    """

    __slots__ = (
        "_legal",
        "_legal_ids",
        "_over",
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
        # Whether the match is over, decided after each round (`Game.match_over`).
        self._over = False
        self._legal: tuple[Move, ...] | None = None
        # (legal moves, their sorted ids, id -> listed move), for the position of `_legal`
        self._legal_ids: tuple[tuple[Move, ...], list[int], dict[int, Move]] | None = None

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
        """True once the last round has been scored.

        Which round is the last is the game's declaration
        (`cardrules.MatchRules`): a fixed number of rounds, a total reaching
        the target, or the game's own test, decided after each round.
        """
        return self._over

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` when the match is over."""
        if self._over:  # (`is_over`, inline: asked at every step)
            return None
        seat: int | None = self.round_state.current_player
        return seat

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of `current_player`, in a fixed order; ``()`` when over."""
        if self._legal is None:
            self._legal = () if self._over else self.game.legal_moves(self.round_state)
        return self._legal

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal now: listed, or an accepted compound move.

        Raises:
            InvalidMoveError: ``move`` is not a `Move` value (text included: parse it first).
        """
        if not isinstance(move, Move):
            raise InvalidMoveError(f"not a move: {quote(move)}")
        if move in self.legal_moves():
            return True
        return not self.is_over and self.game.accept_unlisted(self.round_state, move)

    def parse_move(self, text: str) -> Move:
        """Parse move notation (``str(move)``) into a move of this game.

        Raises:
            InvalidMoveError: ``text`` is not a move of this game, or is longer
                than `MAX_NOTATION` characters (refused without reading it).
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"move notation must be a string, got {type(text).__name__}")
        if len(text) > MAX_NOTATION:
            raise InvalidMoveError(
                f"move notation is at most {MAX_NOTATION} characters, got {len(text):,}: "
                f"{quote(text, 60)}"
            )
        return self.game.parse_move(text)

    def apply(self, move: Move | str) -> None:
        """Play ``move`` (a move value or its notation) for `current_player`.

        Raises:
            InvalidMoveError: ``move`` is malformed, not a move of this game, or
                its notation is longer than `MAX_NOTATION` characters.
            IllegalMoveError: ``move`` is not legal now; ``error.rule`` names the
                rule that forbids it.
            PluginHookError: a plugin failed or answered wrongly; it is named.

        On an error the state is exactly as before the call (after a plugin's
        failure too, whenever `Game.guarded` is true). Error messages are
        bounded in length.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(f"not a move: {quote(move)}")
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for listed in legal:  # the listed move itself, as a bot passes it: found by identity
            if listed is move:
                break
        else:
            if move not in legal:
                self._refuse(move)
        self._play(move)

    def _play(self, move: Move) -> None:
        """Play ``move``, known to be legal now (see `apply`)."""
        if not self.game.guarded:
            self._apply_legal(move)
            return
        # Variant plugins run here: keep a copy so that a plugin failing part way
        # through leaves the match exactly as it was.
        saved = (self.round_state.clone(), self.chance.copy(), len(self.round_scores))
        try:
            self._apply_legal(move)
        except BaseException:
            self.round_state, self.chance = saved[0], saved[1]
            self._over = False  # (a move is played only while the match is not over)
            del self.round_scores[saved[2] :]
            del self.finished_rounds[saved[2] :]
            if self.history and self.history[-1] is move:
                self.history.pop()
                self.seats.pop()
            self._legal = None
            raise

    def _refuse(self, move: Move) -> None:
        """Raise for an unlisted move, unless the game accepts it unlisted (a compound move)."""
        self._check_belongs(move)
        if self.is_over or not self.game.accept_unlisted(self.round_state, move):
            error = self.game.explain_illegal(self.round_state, move)
            error.move = move
            error.seat = self.current_player
            raise error

    def _check_belongs(self, move: Move) -> None:
        """Refuse a move value of another game (its notation does not parse back here)."""
        try:
            text = str(move)
        except Exception:  # the bare Move base class, or a move whose __str__ fails
            text = None
        try:
            same = text is not None and self.parse_move(text) == move
        except InvalidMoveError:
            same = False
        if not same:
            raise InvalidMoveError(f"{quote(move)} is not a move of {self.game.name}")

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
        self._over = self.game.match_over(self.round_scores, self.round_state)
        if not self._over:
            self.round_state = self.game.new_round(self.round, self.chance, self.round_state)
            self.round_start = len(self.history)

    def set_round_state(self, round_state: Any) -> None:
        """Replace the round in play by ``round_state`` (a round state of this game).

        For setting up a position to study or test: the game's own round state
        type, built by hand. Moves already played and finished rounds are kept.
        A variant state the round state lacks starts with its first value
        (`cardrules.plugins.variant_state.StateSpec`).
        """
        if self.game.state_specs:
            self.game.fill_states(round_state, self.round)
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
        other._over = self._over
        other._legal = self._legal
        other._legal_ids = self._legal_ids
        return other

    def __copy__(self) -> GameState:
        """`clone`: ``copy.copy`` of a state is independent of it too, as in OpenSpiel."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        """`clone` (the game, which never changes, is shared); one clone per
        ``copy.deepcopy`` call however often the state appears in what is copied."""
        other = memo[id(self)] = self.clone()
        # (what else holds the round or the move list, an environment's move builder say,
        # holds the copy's)
        memo[id(self.round_state)] = other.round_state
        memo[id(self.history)] = other.history
        return other

    @property
    def scores(self) -> tuple[int, ...]:
        """Total score per seat over the rounds finished so far (which direction wins:
        ``game.match_rules``)."""
        return tuple(sum(column) for column in zip(*self.round_scores, strict=True)) or (
            (0,) * self.players
        )

    @property
    def utilities(self) -> tuple[float, ...]:
        """`scores` as numbers where higher is better for every game (``-score`` when lowest wins).

        What a bot maximises and what the adapters' returns are made of
        (`cardrules.MatchRules.utility`).
        """
        return self.game.match_rules.utilities(self.scores)

    @property
    def winning_total(self) -> int | None:
        """The winners' total once the match is over, else ``None``."""
        winners = self.winners
        return self.scores[winners[0]] if winners else None

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the match is over (several on a shared win), else ``()``."""
        if not self.is_over:
            return ()
        return self.game.match_winners(tuple(self.round_scores))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now: the game's frozen observation value.

        Raises:
            InvalidSeatError: ``seat`` is not ``0 .. players-1`` (a ``ValueError``).
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidSeatError(f"seat must be 0 to {self.players - 1}, got {quote(seat)}")
        state = self.round_state if not self.is_over else self.finished_rounds[-1]
        return self.game.observation(
            state, seat, tuple(self.round_scores), self.legal_moves(), self.round_history()
        )

    def observation_tensor(self, seat: int) -> Any:
        """``seat``'s observation as a tensor: ``game.observation_tensor(observation(seat))``.

        Returns:
            ``numpy.ndarray`` of shape ``(game.tensor_layout.size,)``, dtype
            ``float32``, a new array each call (planes: `cardrules.information.tensor_layout`).

        Raises:
            InvalidSeatError: ``seat`` is not ``0 .. players-1`` (a ``ValueError``).
            cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed.

        Where only the game's own rules decide what ``seat`` sees, the tensor
        is read straight off the round state, without building the
        observation (`cardrules.engine.seat_tensors`): the same numbers, for less
        (Gnoming A Round: about three fifths of the instructions; Toonerville
        Rook: a little under half). This is what the adapters call at every
        step.
        """
        game = self.game
        if (
            type(seat) is not int  # (a plain int: no more to ask, on the path of every step)
            and (isinstance(seat, bool) or not isinstance(seat, int))
        ) or not 0 <= seat < game.players:
            raise InvalidSeatError(f"seat must be 0 to {game.players - 1}, got {quote(seat)}")
        state = self.round_state if not self._over else self.finished_rounds[-1]
        tensor = seat_tensor(game, state, seat, tuple(self.round_scores))
        if tensor is None:
            tensor = self.game.observation_tensor(self.observation(seat))
        return tensor

    def round_history(self) -> RoundHistory:
        """The moves of the round in play (the last round once over) as ``(seat, move)`` pairs.

        Returns:
            a `cardrules.engine.history.RoundHistory`: an immutable sequence that
            behaves as the tuple of those pairs (equal to it, hashed and printed
            as it), read off the match's move list without copying it, so an
            observation every decision costs no more however long the round.
        """
        start = self.round_start
        return RoundHistory(self.seats, self.history, start, len(self.history) - start)

    def determinize(self, seat: int, rng: random.Random) -> GameState:
        """A state consistent with what ``seat`` knows, hidden cards sampled (see `determinize`)."""
        return sample_state(GameState, self.game, self.observation(seat), rng)

    # -- integer actions -----------------------------------------------------

    @property
    def action_space(self) -> ActionSpace:
        """The game's fixed numbering of moves (`cardrules.model.actions.ActionSpace`)."""
        return self.game.action_space

    def legal_actions(self) -> list[int]:
        """The ids of `legal_moves`, in increasing order; ``[]`` when over."""
        return list(self._ids())

    def _ids(self) -> list[int]:
        """The sorted ids of `legal_moves`, computed once per position (do not change them)."""
        return self._listed_ids()[1]

    def _listed_ids(self) -> tuple[tuple[Move, ...], list[int], dict[int, Move]]:
        """``(legal moves, their sorted ids, id -> listed move)``, once per position."""
        legal = self._legal  # (`legal_moves`, inline: asked twice a step)
        if legal is None:
            legal = self.legal_moves()
        cached = self._legal_ids
        if cached is None or cached[0] is not legal:
            ids, by_id = self.game.action_space.listing(legal)
            cached = self._legal_ids = (legal, ids, by_id)
        return cached

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

        The id of a listed legal move plays that move value itself, with no
        move made from the id and no search of the list.
        """
        if type(action) is int:
            try:
                listed = self._listed_ids()[2].get(action)
            except InvalidMoveError:  # a listed move has no id: look the id up alone
                listed = None
            if listed is not None:
                self._play(listed)
                return
        self.apply(self.game.action_space.move_of(action))

    # -- records -------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The match as a JSON-ready game record.

        Returns:
            ``{"format", "game", "players", "seed", "options", "variants",
            "moves", "round_scores", "scores", "winners", "over"}``; moves are in
            notation, scores are lists of ints per round and seat. When chosen
            variants keep state (`cardrules.plugins.variant_state`), also
            ``"variant_states"``: per round played so far (finished rounds,
            then the round in play), ``{variant name: value as JSON}``.
        """
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": {
                **options_as_dict(self.game.options),
                **variant_options_as_dict(self.game.variant_options),
            },
            "variants": [v.name for v in self.game.variants],
            "moves": [str(m) for m in self.history],
            "round_scores": [list(r) for r in self.round_scores],
            "scores": list(self.scores),
            "winners": list(self.winners),
            "over": self.is_over,
        }
        if self.game.state_specs:
            rounds = [*self.finished_rounds]
            if not self.is_over:
                rounds.append(self.round_state)
            record["variant_states"] = [
                None if state is None else self.game.states_as_json(state) for state in rounds
            ]
        return record

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
    strict: bool | StrictChecks = False,
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
        strict: check every plugin answer with strict mode's costly checks
            (`cardrules.plugins.strict`; ``True`` or a `cardrules.plugins.strict.StrictChecks`),
            for testing plugins. Off by default: bots do not pay for it.

    Returns:
        The `GameState` at the start of round 1.

    Raises:
        UnknownGameError: no game ``name`` is installed.
        UnknownVariantError: a variant name is not registered for this game.
        OptionsError: bad player count or options, a seed that is not an int
            (or beyond `MAX_SEED`), variants that are not a
            sequence of names, a catalogue that is not a `Catalogue`.
        VariantConflictError: chosen variants contradict each other.

    Examples:
        >>> state = new_game("gnoming-a-round", players=3, seed=7)
        >>> state.current_player
        0
    """
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > MAX_SEED
    ):
        raise OptionsError(
            f"seed must be an integer of at most {MAX_SEED:,} either way, or None, "
            f"got {quote(seed)}"
        )
    if catalogue is None:
        catalogue = default_catalogue()
    elif not isinstance(catalogue, Catalogue):
        raise OptionsError(
            f"catalogue must be a cardrules.Catalogue or None, got {quote(catalogue)}"
        )
    spec = catalogue.game(name)
    if isinstance(variants, str | bytes) or not isinstance(variants, Iterable):
        raise OptionsError(f"variants must be a sequence of names, got {quote(variants)}")
    chosen = [catalogue.variant(name, v) for v in variants]
    if len({v.name for v in chosen}) != len(chosen):
        raise OptionsError("a variant is named twice")
    game = Game(spec, players, options, chosen, strict=strict)
    return GameState(game, secrets.randbits(63) if seed is None else seed)
