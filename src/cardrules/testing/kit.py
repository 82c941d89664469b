"""A testing kit that reaches what a variant adds, and says so.

`check_variant` plays matches of a game with the chosen variants, records which
of each variant's hooks (rule-point hooks and core hooks it implements) and
which of its move kinds were actually reached, and checks every reached state:

* **clone**: the move about to be played is played first on a clone; the
  original (variant states included) must not change, and the clone must end
  exactly where the real state does;
* **tensors**: every seat's observation tensor has the layout's size, is
  ``float32`` and finite, and ``state.observation_tensor(seat)`` (read off
  the round where the game can: a move kind's ``encode_state``) is the same
  array (needs numpy);
* **action ids and mask**: every legal move has a distinct id that maps back to
  it, and the mask holds exactly those ids;
* **narration**: the move just played narrates to a non-empty list;
* **determinization**: a state sampled from the deciding seat's observation
  gives that seat the same observation;
* **records and replay**: at the end of each match the record survives JSON
  and replays (`cardrules.records.check_record`, variant states included) to
  the same observations.

It drives play with the game's bundled ``greedy`` bot (the random bot when the
game has none), mixed with random legal moves (``random_share``), and plays a
variant's own move whenever one is legal with probability ``lean``. Matches
start from a deal, or from given positions (``starts``).

It fails (`KitFailure`, an ``AssertionError``) on the first check that fails,
and at the end when a hook or move kind of a variant was never reached, unless
it is named in ``allow_unreached``. The `KitReport` lists what was reached,
with counts::

    report = check_variant("toonerville-rook", ["knock"], players=3)
    print(report)
"""

from __future__ import annotations

import inspect
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from cardrules.bots.base import Bot, RandomBot
from cardrules.engine.determinize import determinize
from cardrules.engine.game import Game
from cardrules.engine.game_state import GameState
from cardrules.engine.seat_tensors import seat_reader
from cardrules.errors import IllegalMoveError, quote
from cardrules.information.tensor_layout import require_numpy
from cardrules.model.moves import Move
from cardrules.plugins.registry import Catalogue, default_catalogue
from cardrules.plugins.strict import StrictChecks
from cardrules.plugins.windows import window_of
from cardrules.records.replay import check_record
from cardrules.testing.conformance import snapshot
from cardrules.testing.hook_counting import CallCounter, Instrumented, counted_game, instrument

__all__ = ["KitFailure", "KitReport", "check_variant"]


@attrs.frozen
class KitReport:
    """What a `check_variant` run reached and checked.

    Attributes:
        game: the game's name.
        players: seats.
        variants: the variants played.
        hooks: ``{(variant, hook name): calls}`` for every hook each variant's
            plugin implements (0: never reached).
        moves: ``{(variant, kind name): moves played}`` for every move kind.
        offered: ``{(variant, kind name): decisions where it was legal}``.
        matches: matches played.
        decisions: moves played in all.
        in_windows: of those, moves answered while a window was open (a
            variant's or the game's own, `cardrules.plugins.windows`): the
            window plays them, not ``cardrules_apply_move``.
        checked: states checked (each after a move, and each start).
        replays: matches whose record was replayed and compared.
        not_replayed: matches from hand-built positions (their record cannot
            replay them), so not replayed.
        refused: moves that are not legal, tried and refused (with the
            state unchanged).
        shuffled: states whose hidden cards were reshuffled for a seat
            (``cardrules_shuffle_hidden``) with that seat's view unchanged.
        allowed: names the caller allowed to stay unreached.
    """

    game: str
    players: int
    variants: tuple[str, ...]
    hooks: dict[tuple[str, str], int]
    moves: dict[tuple[str, str], int]
    offered: dict[tuple[str, str], int]
    matches: int
    decisions: int
    checked: int
    replays: int
    not_replayed: int
    refused: int = 0
    shuffled: int = 0
    allowed: tuple[str, ...] = ()
    in_windows: int = 0

    @property
    def unreached(self) -> tuple[str, ...]:
        """``"hook variant:name"`` / ``"move variant:name"`` never reached and not allowed."""
        found = [f"hook {v}:{h}" for (v, h), n in self.hooks.items() if not n and not self._ok(h)]
        found += [f"move {v}:{k}" for (v, k), n in self.moves.items() if not n and not self._ok(k)]
        return tuple(found)

    def _ok(self, name: str) -> bool:
        return name in self.allowed

    def __str__(self) -> str:
        lines = [
            f"cardrules kit: {self.game}, {self.players} players, "
            f"variants {', '.join(self.variants) or 'none'}",
            f"  {self.matches} matches, {self.decisions:,} decisions ({self.in_windows:,} in "
            f"windows), {self.checked:,} states checked, {self.replays} records replayed"
            + (f" ({self.not_replayed} hand-built, not replayed)" if self.not_replayed else ""),
            f"  {self.refused:,} illegal moves refused, {self.shuffled:,} hidden-card reshuffles",
        ]
        for (variant, hook), calls in sorted(self.hooks.items()):
            lines.append(f"  hook  {variant:<16} {hook:<40} {calls:>8,}")
        for (variant, kind), played in sorted(self.moves.items()):
            offered = self.offered.get((variant, kind), 0)
            lines.append(
                f"  move  {variant:<16} {kind:<40} {played:>8,}  (legal {offered:,} times)"
            )
        if self.allowed:
            lines.append(f"  allowed unreached: {', '.join(self.allowed)}")
        lines.append(f"  unreached: {', '.join(self.unreached) or 'none'}")
        return "\n".join(lines)


class KitFailure(AssertionError):
    """A check of `check_variant` failed, or something a variant adds was never reached.

    Attributes:
        check: which check (``"clone"``, ``"tensor"``, ``"actions"``,
            ``"narration"``, ``"determinization"``, ``"replay"``, ``"play"``,
            ``"unreached"``).
        report: the `KitReport` so far (a `cardrules.testing.ChangeReport`
            for check ``"changes"``).
    """

    def __init__(self, check: str, message: str, report: Any) -> None:
        self.check = check
        self.report = report
        super().__init__(f"{check}: {message}\n{report}")


class _Run:
    """One `check_variant` call: its settings, counts and checks."""

    def __init__(
        self,
        game: Game,
        settings: dict[str, Any],
        counter: CallCounter,
        hook_keys: list[tuple[str, str]],
    ) -> None:
        self.game = game
        self.settings = settings
        self.counter = counter
        self.hook_keys = hook_keys
        self.refused = self.shuffled = 0
        # The refusal and reshuffle checks draw from their own source, so they leave play alone.
        self.side_rng = random.Random(f"kit checks {settings['seed']}")
        self.moves: Counter[tuple[str, str]] = Counter()
        self.offered: Counter[tuple[str, str]] = Counter()
        self.matches = self.decisions = self.checked = self.replays = self.not_replayed = 0
        self.in_windows = 0
        self.where = ""

    def report(self) -> KitReport:
        kinds = [(variant, kind.name) for variant, kind in self.game.move_kinds]
        return KitReport(
            game=self.game.name,
            players=self.game.players,
            variants=tuple(v.name for v in self.game.variants),
            hooks={key: self.counter.calls[key] for key in self.hook_keys},
            moves={key: self.moves[key] for key in kinds},
            offered={key: self.offered[key] for key in kinds},
            matches=self.matches,
            decisions=self.decisions,
            checked=self.checked,
            replays=self.replays,
            not_replayed=self.not_replayed,
            refused=self.refused,
            shuffled=self.shuffled,
            allowed=tuple(self.settings["allow_unreached"]),
            in_windows=self.in_windows,
        )

    def fail(self, check: str, message: str) -> KitFailure:
        return KitFailure(check, f"{self.where}: {message}", self.report())

    # -- playing ---------------------------------------------------------------

    def play(self, state: GameState, rng: random.Random, bots: Sequence[Bot]) -> None:
        self.check_state(state, rng)
        played = 0
        while not state.is_over and played < self.settings["max_decisions"]:
            seat = state.current_player
            assert seat is not None
            move = self.choose(state, seat, rng, bots)
            self.where = f"{self._match}, move {played + 1}: seat {seat} plays {move}"
            twin = self.check_clone(state, move)
            before = state.round_state.clone()
            self.in_windows += window_of(before) is not None
            finished = len(state.finished_rounds)
            try:
                state.apply(move)
            except Exception as error:
                raise self.fail("play", f"{type(error).__name__}: {error}") from error
            if snapshot(twin) != snapshot(state):
                raise self.fail("clone", "the clone and the original differ after the same move")
            found = self.game.move_kind(move)
            if found is not None:
                self.moves[found[0], found[1].name] += 1
            played += 1
            self.decisions += 1
            if found is not None or played % self.settings["check_every"] == 0 or state.is_over:
                ended = len(state.finished_rounds) > finished
                after = state.finished_rounds[-1] if ended else state.round_state
                self.check_narration(before, seat, move, after)
                self.check_state(state, rng)

    def choose(self, state: GameState, seat: int, rng: random.Random, bots: Sequence[Bot]) -> Move:
        moves = state.legal_moves()
        own = []
        for move in moves:
            found = self.game.move_kind(move)
            if found is not None:
                own.append(move)
                self.offered[found[0], found[1].name] += 1
        if own and rng.random() < self.settings["lean"]:
            return own[rng.randrange(len(own))]
        if rng.random() < self.settings["random_share"]:
            return moves[rng.randrange(len(moves))]
        return bots[seat].choose(state.observation(seat))

    # -- checks ----------------------------------------------------------------

    def check_state(self, state: GameState, rng: random.Random) -> None:
        self.checked += 1
        self.check_actions(state)
        self.check_tensors(state)
        if not state.is_over:
            self.check_determinization(state, rng)
            self.check_hidden(state, self.side_rng)
            self.check_refusals(state, self.side_rng)

    def check_hidden(self, state: GameState, rng: random.Random) -> None:
        """The cards hidden from one seat (in turn), reshuffled, must show it the same."""
        seat = self.checked % state.players
        before = snapshot(state)
        try:
            shuffled = self.game.shuffle_hidden(
                state.round_state, seat, random.Random(rng.random())
            )
        except Exception as error:
            raise self.fail("hidden", f"{type(error).__name__}: {error}") from error
        if snapshot(state) != before:
            raise self.fail("hidden", "reshuffling the hidden cards changed the state itself")
        if shuffled is None:
            return
        twin = state.clone()
        twin.set_round_state(shuffled)
        if twin.observation(seat) != state.observation(seat):
            raise self.fail(
                "hidden", f"seat {seat}'s observation changed when only cards hidden from it moved"
            )
        self.shuffled += 1

    def check_refusals(self, state: GameState, rng: random.Random) -> None:
        """Moves that are not legal now must be refused with a rule, the state unchanged.

        Tried: each move a variant took away from the game's own list (where its
        own `cardrules_explain_illegal` answers), and one move of the action
        space that is not legal now.
        """
        tried = list(self.game.removed_moves(state.round_state))
        space = state.action_space
        legal = set(state.legal_moves())
        for _ in range(4):
            move = space.move_of(rng.randrange(space.size))
            if move not in legal:
                tried.append(move)
                break
        for move in tried:
            before = snapshot(state)
            try:
                if state.is_legal(move):
                    continue
                state.apply(move)
            except IllegalMoveError as error:
                if not error.rule:
                    raise self.fail("refusal", f"{move} was refused naming no rule") from error
            except Exception as error:
                message = f"{move}: {type(error).__name__}: {error}"
                raise self.fail("refusal", message) from error
            else:
                raise self.fail("refusal", f"{move} is not legal now, yet it was played")
            if snapshot(state) != before:
                raise self.fail("refusal", f"refusing {move} changed the state")
            self.refused += 1

    def check_clone(self, state: GameState, move: Move) -> GameState:
        before = snapshot(state)
        twin = state.clone()
        self.counter.active = False  # the same move again: not counted twice
        try:
            twin.apply(move)
        except Exception as error:
            raise self.fail("play", f"on a clone: {type(error).__name__}: {error}") from error
        finally:
            self.counter.active = True
        if snapshot(state) != before:
            raise self.fail(
                "clone",
                "playing the move on a clone changed the original (is a variant state "
                "changed in place instead of replaced?)",
            )
        return twin

    def check_actions(self, state: GameState) -> None:
        space = state.action_space
        moves = state.legal_moves()
        try:
            ids = [space.id_of(move) for move in moves]
        except Exception as error:
            raise self.fail("actions", f"a legal move has no action id: {error}") from error
        if len(set(ids)) != len(ids):
            first: dict[int, Any] = {}
            for move, action in zip(moves, ids, strict=True):
                if action in first:
                    raise self.fail(
                        "actions",
                        f"legal moves {first[action]} and {move} share action id {action} "
                        f"(block {space.block_of(action).name!r})",
                    )
                first[action] = move
        back = [space.move_of(i) for i in ids]
        if back != list(moves):
            wrong = next(m for m, b in zip(moves, back, strict=True) if m != b)
            raise self.fail("actions", f"the action id of {wrong} maps back to another move")
        mask = state.legal_action_mask()
        if len(mask) != space.size or sorted(i for i, v in enumerate(mask) if v) != sorted(ids):
            raise self.fail("actions", "the mask is not exactly the legal ids")

    def check_tensors(self, state: GameState) -> None:
        layout = self.game.tensor_layout
        for seat in range(state.players):
            try:
                tensor = self.game.observation_tensor(state.observation(seat))
            except Exception as error:
                message = f"seat {seat}: {type(error).__name__}: {error}"
                raise self.fail("tensor", message) from error
            if tuple(tensor.shape) != (layout.size,) or str(tensor.dtype) != "float32":
                raise self.fail("tensor", f"seat {seat}: shape {tensor.shape} {tensor.dtype}")
            if not require_numpy().isfinite(tensor).all():
                raise self.fail("tensor", f"seat {seat}: a value is not finite")
            self.check_seat_tensor(state, seat, tensor)

    def check_seat_tensor(self, state: GameState, seat: int, tensor: Any) -> None:
        """What ``state.observation_tensor(seat)`` reads off the round where the game can
        (`cardrules.engine.seat_tensors`, the move kinds' ``encode_state`` included; strict mode
        or not) must be ``tensor``, the observation encoded."""
        reader = seat_reader(self.game)
        if reader is None:
            return
        observed = state.finished_rounds[-1] if state.is_over else state.round_state
        try:
            direct = reader(observed, seat, tuple(state.round_scores))
        except Exception as error:
            message = f"seat {seat}: read off the round: {type(error).__name__}: {error}"
            raise self.fail("tensor", message) from error
        if direct is not None and not require_numpy().array_equal(direct, tensor):
            raise self.fail(
                "tensor",
                f"seat {seat}: observation_tensor(seat) differs from the observation "
                "encoded (does a move kind's encode_state disagree with its encode?)",
            )

    def check_narration(self, before: Any, seat: int, move: Move, after: Any) -> None:
        try:
            lines = self.game.narrate(before, seat, move, after)
        except Exception as error:
            raise self.fail("narration", f"{type(error).__name__}: {error}") from error
        if not lines:
            raise self.fail("narration", f"{move} narrates to nothing")

    def check_determinization(self, state: GameState, rng: random.Random) -> None:
        seat = state.current_player
        assert seat is not None
        observation = state.observation(seat)
        try:
            sample = determinize(self.game, observation, random.Random(rng.random()))
            same = sample.observation(seat) == observation
        except Exception as error:
            raise self.fail("determinization", f"{type(error).__name__}: {error}") from error
        if not same:
            raise self.fail(
                "determinization", f"a state sampled from seat {seat}'s view shows it more"
            )

    def check_replay(self, state: GameState, start: GameState | None) -> None:
        if start is not None and not _replays(start):
            self.not_replayed += 1
            return
        record = json.loads(json.dumps(state.record()))
        try:
            replayed = check_record(record, catalogue=self.settings["catalogue"])
        except Exception as error:
            raise self.fail("replay", f"{type(error).__name__}: {error}") from error
        for seat in range(state.players):
            if replayed.observation(seat) != state.observation(seat):
                raise self.fail("replay", f"the replay shows seat {seat} something else")
        self.replays += 1

    _match = ""


def _replays(start: GameState) -> bool:
    """Whether ``start``'s own record replays to it (false for a hand-built round)."""
    try:
        replayed = check_record(json.loads(json.dumps(start.record())))
    except Exception:
        return False
    return all(
        replayed.observation(seat) == start.observation(seat) for seat in range(start.players)
    )


def check_variant(
    game: str,
    variants: Sequence[str],
    *,
    players: int,
    matches: int = 3,
    seed: int = 0,
    starts: Iterable[GameState] = (),
    lean: float = 0.9,
    random_share: float = 0.25,
    max_decisions: int = 2000,
    check_every: int = 1,
    options: Any = None,
    allow_unreached: Iterable[str] = (),
    catalogue: Catalogue | None = None,
    strict: bool | StrictChecks = True,
) -> KitReport:
    """Play ``game`` with ``variants`` and check every reached state; fail on what is unreached.

    Args:
        game: the game's registered name.
        variants: the variants to play with (their hooks and move kinds are counted).
        players: seats.
        matches: matches dealt from seeds ``seed, seed+1, ...``.
        seed: the first seed; it also seeds the kit's own choices.
        starts: positions to play from as well (states of this game with these
            variants, e.g. a hand-built round from `GameState.set_round_state`);
            each is cloned, never changed. A start whose own record does not
            replay to it is played without the replay check.
        lean: probability of playing one of the variants' own moves whenever
            one is legal.
        random_share: probability of a uniformly random legal move instead of
            the bot's.
        max_decisions: moves played at most per match.
        check_every: check every n-th state (states right after a variant's move
            and the last state are always checked; 1: every state).
        options: the game's options (as for `cardrules.new_game`).
        allow_unreached: hook names and move kind names allowed never to be
            reached (the report still lists them).
        catalogue: where to find the game (default: installed plugins).
        strict: strict mode for the matches played (`cardrules.plugins.strict`, on by
            default): every plugin answer also gets the costly checks.

    Returns:
        The `KitReport`.

    Raises:
        KitFailure: a check failed (the message names it, the match, the move
            and the report so far), or a hook or move kind was never reached.
        ValueError: ``lean`` or ``random_share`` outside 0-1, ``matches`` below
            0, ``max_decisions`` below 1, or a start of another game or variants.
    """
    for label, share in (("lean", lean), ("random_share", random_share)):
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"{label} is a probability from 0 to 1, got {quote(share)}")
    if matches < 0 or max_decisions < 1:
        raise ValueError(
            f"matches must be >= 0 and max_decisions >= 1, got {matches}, {max_decisions}"
        )
    settings: dict[str, Any] = {
        "lean": lean,
        "random_share": random_share,
        "max_decisions": max_decisions,
        "check_every": max(1, check_every),
        "allow_unreached": tuple(allow_unreached),
        "catalogue": catalogue,
        "seed": seed,
    }
    if catalogue is None:
        catalogue = default_catalogue()
    counter = CallCounter()  # every hook call counts (the game's creation too), but a clone's
    played, keys = counted_game(
        catalogue,
        game,
        variants,
        players=players,
        options=options,
        strict=strict,
        counter=counter,
    )
    run = _Run(played, settings, counter, keys)
    factory = dict(played.spec.bots).get("greedy", RandomBot)
    rng = random.Random(seed)
    runs: list[tuple[str, GameState, GameState | None]] = [
        (f"match {i + 1} (seed {seed + i})", GameState(played, seed + i), None)
        for i in range(matches)
    ]
    for index, given in enumerate(starts):
        if given.game.name != game or [v.name for v in given.game.variants] != list(variants):
            raise ValueError(f"start {index + 1} is not a {game} game with {list(variants)}")
        runs.append((f"start {index + 1}", _adopt(given, played), given))
    # A start's own round may keep calling its own game's rule points: counted too, for the run.
    wrapped = Instrumented()
    try:
        others = {id(o.game): o.game for _, _, o in runs if o is not None}
        for other in others.values():
            if other is not played:
                instrument(other, counter, wrapped)
        for label, state, origin in runs:
            run._match = label
            run.where = label
            bots = [new_bot(factory, rng.getrandbits(32), played) for _ in range(players)]
            run.play(state, rng, bots)
            run.check_replay(state, origin)
            run.matches += 1
    finally:
        wrapped.restore()
    report = run.report()
    if report.unreached:
        raise KitFailure(
            "unreached",
            f"never reached: {', '.join(report.unreached)} (lean towards them, add starts, "
            "play more matches, or name them in allow_unreached)",
            report,
        )
    return report


def new_bot(factory: Callable[..., Bot], seed: int, game: Game) -> Bot:
    """A bot from ``factory`` for ``game``: given the game's deck and options where it takes them.

    A factory whose signature takes ``deck`` or ``options`` (as keywords) gets
    ``game.deck`` and ``game.options``; every factory gets the seed.
    """
    try:
        parameters = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        parameters = {}  # type: ignore[assignment]
    given = {"deck": game.deck, "options": game.options}
    return factory(seed, **{k: v for k, v in given.items() if k in parameters})


def _adopt(start: GameState, game: Game) -> GameState:
    """A copy of ``start`` playing on ``game`` (the instrumented game object)."""
    state = start.clone()
    state.game = game
    return state
