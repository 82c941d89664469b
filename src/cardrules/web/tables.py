"""A table: one match of any registered game, its seats (people by secret link, or bots).

A `Table` holds the `GameState`, one entry per seat (``"human"`` or a bot
name as `cardrules.bots.loading.bot_factory` takes it), the hashes of the
human seats' tokens (`cardrules.web.tokens`), and a *version*: a counter
raised by every change (a move or an undo). Every move request names the
version it was made from, so a stale page, a request sent twice and a
replayed message are refused without changing anything.

The rules of a request, in order (each refusal is a `TableRefusal` whose
message says what is wrong, and the table is unchanged):

* the version is not the table's: the page is stale;
* the match is over, or another seat must decide now (``state.current_player``,
  which may be a seat out of turn: a Hazard flip, a buy offer);
* the notation is not a move of the game (`InvalidMoveError`), or the move is
  not legal now: the message names the rule broken (``IllegalMoveError.rule``),
  as the terminal does.

Undo follows ``cardrules play --human``: a seat takes back its own last
decision, with every bot move made since, unless a card has been revealed
since (``Game.reveals``); and, with several people at the table, only while
no other person has decided since.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import Any

from cardrules.bots.base import Bot
from cardrules.bots.loading import bot_factory
from cardrules.engine.game_state import GameState, new_game
from cardrules.errors import CardRulesError, IllegalMoveError, InvalidMoveError, OptionsError
from cardrules.model.moves import Move
from cardrules.records.replay import check_record
from cardrules.web.tokens import hash_token, matches, new_table_id, new_token

__all__ = ["HUMAN", "NewTable", "Table", "TableRefusal", "create_table"]

#: The seat kind of a person (any other seat kind is a bot name).
HUMAN = "human"
#: The format of a table's saved file.
TABLE_FORMAT = "cardrules-web-table/1"


class TableRefusal(CardRulesError, ValueError):
    """A request the table refuses (stale page, wrong seat, illegal move...); nothing changed."""


class Table:
    """One match at the server: state, seats, token hashes, version and undo marks.

    Every method takes the table's lock, so bot threads and requests never
    interleave inside a move.

    Attributes:
        id: the table's public id (in its links).
        state: the match.
        seats: per seat, ``"human"`` or the bot name.
        token_hashes: per seat, the SHA-256 of its token (``None`` for a bot).
        version: raised by one at every move or undo.
        undo_marks: ``[seat, moves before its decision, revealed since]`` per
            person's decision that may still be taken back, oldest first.
    """

    def __init__(
        self,
        table_id: str,
        state: GameState,
        seats: Sequence[str],
        token_hashes: Sequence[str | None],
        *,
        version: int = 0,
        undo_marks: Sequence[Sequence[Any]] = (),
    ) -> None:
        if len(seats) != state.players or len(token_hashes) != state.players:
            raise OptionsError(f"name {state.players} seats, one per player, got {len(seats)}")
        self.id = table_id
        self.state = state
        self.seats = list(seats)
        self.token_hashes = list(token_hashes)
        self.version = version
        self.undo_marks: list[list[Any]] = [list(mark) for mark in undo_marks]
        self.lock = threading.RLock()
        #: The seat whose bot raised instead of moving (the table cannot go on), if any.
        self.bot_failed: int | None = None
        self.bots: dict[int, Bot] = {}
        for seat, kind in enumerate(self.seats):
            if kind != HUMAN:
                self.bots[seat] = bot_factory(kind, state.game)(state.seed * 100 + seat)

    # -- who is who ----------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        """The seat whose token is ``token``, or ``None`` (every seat is compared)."""
        found = None
        for seat, kept in enumerate(self.token_hashes):
            if matches(token, kept):
                found = seat
        return found

    @property
    def bot_to_move(self) -> bool:
        """Whether a bot must decide now."""
        seat = self.state.current_player
        return seat is not None and seat in self.bots

    # -- changes -------------------------------------------------------------

    def submit(self, seat: int, version: Any, notation: Any) -> Move:
        """Play ``notation`` for ``seat``, made from the page at ``version``.

        Returns:
            the move played.

        Raises:
            TableRefusal: stale version, match over, not this seat's decision,
                bad notation or illegal move (the message names the rule).
        """
        with self.lock:
            self._check(seat, version)
            if not isinstance(notation, str) or not notation.strip():
                raise TableRefusal("send a move in notation, e.g. one of the listed moves")
            state = self.state
            try:
                move = state.parse_move(notation.strip())
            except InvalidMoveError as error:
                raise TableRefusal(str(error)) from None
            if not state.is_legal(move):
                trial = state.clone()
                try:
                    trial.apply(move)
                except IllegalMoveError as error:
                    raise TableRefusal(f"Not allowed now - rule {error}") from None
            self.undo_marks.append([seat, len(state.history), False])
            self._play(move)
            return move

    def bot_step(self) -> bool:
        """Let the bot that must decide now make its move; False if no bot must decide."""
        with self.lock:
            seat = self.state.current_player
            if seat is None or seat not in self.bots:
                return False
            move = self.bots[seat].choose(self.state.observation(seat))
            self._play(move)
            return True

    def undoable(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last decision now (see the module docstring)."""
        with self.lock:
            return bool(self.undo_marks) and self.undo_reason(seat) is None

    def undo_reason(self, seat: int) -> str | None:
        """Why ``seat`` cannot undo now, or ``None`` if it can."""
        if self.state.is_over:
            return "Cannot undo: the match is over."
        mine = [mark for mark in self.undo_marks if mark[0] == seat]
        if not mine:
            return "Nothing to undo."
        last = self.undo_marks[-1]
        if last[0] != seat:
            return f"Cannot undo: seat {last[0]} has decided since."
        if last[2]:
            return "Cannot undo: a card has been revealed since."
        return None

    def undo(self, seat: int, version: Any) -> None:
        """Take back ``seat``'s last decision and the bot moves after it.

        Raises:
            TableRefusal: stale version, or the undo is not allowed (the message says why).
        """
        with self.lock:
            self._check_version(version)
            reason = self.undo_reason(seat)
            if reason is not None:
                raise TableRefusal(reason)
            mark = self.undo_marks.pop()
            self.state = replay_to(self.state, mark[1])
            self.version += 1

    def _check_version(self, version: Any) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise TableRefusal("the request names no version of the table: reload the page")
        if version != self.version:
            raise TableRefusal(
                f"Stale page: the table has changed since (version {version}, now "
                f"{self.version}); nothing was played. Look again and choose."
            )

    def _check(self, seat: int, version: Any) -> None:
        self._check_version(version)
        current = self.state.current_player
        if current is None:
            raise TableRefusal("The match is over.")
        if current != seat:
            raise TableRefusal(f"Not your decision: seat {current} decides now.")

    def _play(self, move: Move) -> None:
        state = self.state
        round_before = state.round
        before = state.round_state.clone()
        state.apply(move)
        after = state.finished_rounds[-1] if state.round != round_before else state.round_state
        marks = self.undo_marks
        if marks and not marks[-1][2] and state.game.reveals(before, move, after):
            marks[-1][2] = True
        if state.is_over:
            self.undo_marks.clear()
        self.version += 1

    # -- saving --------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The table as JSON-ready data: its record (`GameState.record`) and seats."""
        with self.lock:
            return {
                "format": TABLE_FORMAT,
                "id": self.id,
                "seats": list(self.seats),
                "token_hashes": list(self.token_hashes),
                "version": self.version,
                "undo_marks": [list(mark) for mark in self.undo_marks],
                "record": self.state.record(),
            }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        """The table `to_json` saved, its match replayed from the record.

        Raises:
            RecordError: the record does not replay (`cardrules.records.check_record`).
            TableRefusal: the file is not a saved table.
        """
        if not isinstance(data, Mapping) or data.get("format") != TABLE_FORMAT:
            raise TableRefusal(f"not a saved table (format {TABLE_FORMAT})")
        state = check_record(data["record"])
        return cls(
            str(data["id"]),
            state,
            data["seats"],
            data["token_hashes"],
            version=int(data["version"]),
            undo_marks=data.get("undo_marks", ()),
        )


def replay_to(state: GameState, moves: int) -> GameState:
    """A fresh state of ``state``'s match after its first ``moves`` moves (same seed)."""
    record = state.record()
    record = {key: record[key] for key in ("format", "game", "players", "seed", "options")} | {
        "variants": record["variants"],
        "moves": record["moves"][:moves],
    }
    return check_record(record)


class NewTable:
    """A table just created, with the secret tokens of its human seats (shown once).

    Attributes:
        table: the `Table`.
        tokens: ``{seat: token}`` for each human seat.
    """

    def __init__(self, table: Table, tokens: dict[int, str]) -> None:
        self.table = table
        self.tokens = tokens


def create_table(
    game: str,
    players: int,
    seats: Sequence[str],
    *,
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> NewTable:
    """A new table of the registered game ``game``; one token per ``"human"`` seat.

    Args:
        game: a registered game name (see `cardrules.games`).
        players: seats at the table.
        seats: per seat ``"human"`` or a bot name (a game bot, a
            ``cardrules.bots`` entry point or ``module:Name``); repeated to
            fill the seats when shorter.
        variants, options, seed: as `cardrules.new_game` (``seed=None``: random).

    Raises:
        UnknownGameError, UnknownVariantError, OptionsError, VariantConflictError:
            as `cardrules.new_game`.
        BotLoadError: a bot name is unknown or does not load.
        OptionsError: no seats are named.
    """
    chosen = [str(kind).strip() for kind in seats if str(kind).strip()]
    if not chosen:
        raise OptionsError("name each seat: human or a bot name")
    state = new_game(game, players=players, seed=seed, variants=variants, options=options)
    kinds = [chosen[s % len(chosen)] for s in range(state.players)]
    tokens = {seat: new_token() for seat, kind in enumerate(kinds) if kind == HUMAN}
    hashes = [hash_token(tokens[s]) if s in tokens else None for s in range(state.players)]
    return NewTable(Table(new_table_id(), state, kinds, hashes), tokens)
