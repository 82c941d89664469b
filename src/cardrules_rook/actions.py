"""Integer action ids of Toonerville Rook: a numbering fixed by the players, deck and meld rules.

Ids depend only on the game's configuration: ``players``, the deck (how many
copies of each natural card and how many Rooks) and the Rooks-per-meld rules
(``min_naturals``, ``naturals_exceed_rooks``). When a variant decides which
melds are valid (hook ``rook_meld_valid``), every run and set shape holding a
natural card has an id (runs of any length, sets of any size, ``T`` counting
melds of one card), and the legal-move mask tells which are valid. With the default deck of one
Rook deck per player there are 47,565 ids for 3 players, 110,965 for 4 and
223,907 for 5 (45,621, 104,491 and 205,435 with ``naturals_exceed_rooks``).

``T`` below is the most melds a table can hold, ``(deck size - players) // 3``:
every meld has at least three cards, and while a lay-off or a swap is played
every player still holds a card (a player left with none has gone out, R12), so
at most ``deck size - players`` cards are on the table. That is 56, 74 and 93
melds for 3, 4 and 5 players.

===============  =================  ==================================================
ids              move               how the id is made
===============  =================  ==================================================
0                ``draw``           (R9)
1                ``take``           (R9)
2                ``buy``            (R10)
3                ``pass``           (R10)
4-60             ``discard``        4 + card code 0-56 (colour x 14 + number - 1;
                                    the Rook 56) (R12)
61 ...           ``lay off``        61 + 70 x target + card code 0-55 for a natural
                                    card, or + 56 + number - 1 for a Rook standing
                                    for number 1-14 (R11, R13); 70 x T ids
61 + 70T ...     ``swap``           start + 56 x target + natural card code 0-55
                                    (R14); 56 x T ids
61 + 126T ...    ``meld`` (runs)    start + offset of the window + rank of the Rook
                                    numbers (R7, R11, R13)
then to the end  ``meld`` (sets)    start + offset of the number + rank of the colour
                                    counts and Rook count (R8, R11, R13)
===============  =================  ==================================================

Runs (`RunMeld`) are numbered by window: colour R, Y, G, B, then ``low``,
then ``high``. Inside a window the Rook numbers come by how many Rooks there
are, then by the combinatorial (colex) rank of the numbers among the window's
numbers. A run has an id when it is valid (four or more cards, the meld rules
allow its naturals and Rooks), holds no more Rooks than the deck, and every
number a Rook does not stand for is a card the deck holds.

Sets (`SetMeld`) are numbered by ``number`` 1-14; inside a number by the
count of each colour R, Y, G, B (mixed radix, each count up to the deck's
copies of that card), then by the Rook count. A set has an id when it is valid
and the deck holds its cards (Rooks included).

``LayDown`` (a whole lay-down at once) has no id: it is a compound move that
``legal_moves()`` never lists; its melds are played one ``MeldDown`` each.

Examples:
    >>> from cardrules_rook.deck import game_deck
    >>> from cardrules_rook.meld_reading import meld_from_str
    >>> space = RookActionSpace(3, game_deck(3))
    >>> space.size, space.id_of(Discard(ROOK))
    (47565, 60)
    >>> space.move_of(space.id_of(MeldDown(meld_from_str("R3 R4 *R5 R6"))))
    MeldDown(meld=RunMeld(colour='R', low=3, high=6, rooks=(5,)))
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import lru_cache
from math import comb

import attrs

from cardrules.engine import Game
from cardrules.errors import InvalidMoveError, quote
from cardrules.model.actions import ActionSpace, blocks_from
from cardrules.model.decks import DeckComposition
from cardrules.model.moves import Move
from cardrules_rook.cards import COLOURS, NUMBERS, ROOK, ROOK_CODE, Card, card_of_code, natural
from cardrules_rook.melds import DEFAULT_MELD_RULES, MeldRules, RunMeld, SetMeld, wrapped
from cardrules_rook.moves import Buy, Discard, Draw, LayDown, LayOff, MeldDown, Pass, Swap, Take
from cardrules_rook.rule_points import rook_rules

__all__ = ["RookActionSpace", "action_space"]

#: Ids per table meld in the lay-off block: 56 natural cards, then a Rook as 1-14.
LAY_OFF_STRIDE = 70
#: Ids per table meld in the swap block: the 56 natural cards.
SWAP_STRIDE = 56

_CODES: dict[Card, int] = {card_of_code(code): code for code in range(57)}
_COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
_C = [[comb(n, k) for k in range(16)] for n in range(16)]


@attrs.frozen
class _Window:
    """The runs of one colour over ``low..high``, ranked by their Rook numbers.

    ``free`` are the numbers whose card the deck holds (a Rook may stand for
    them or not); ``forced`` those it lacks (a Rook always stands for them).
    ``counts`` are the allowed Rook counts, ascending, and ``offsets`` the rank
    of the first run with that many Rooks.
    """

    start: int
    colour: str
    low: int
    high: int
    free: tuple[int, ...]
    forced: tuple[int, ...]
    counts: tuple[int, ...]
    offsets: tuple[int, ...]
    size: int

    @property
    def index(self) -> dict[int, int]:
        """Position of each number in ``free``; -1 for a forced number."""
        return {n: (self.free.index(n) if n in self.free else -1) for n in self.forced + self.free}


def _window(
    start: int,
    colour: str,
    low: int,
    high: int,
    have: dict[Card, int],
    rooks: int,
    rules: MeldRules,
) -> _Window:
    span = range(low, high + 1)
    free = tuple(n for n in span if have.get(natural(colour, wrapped(n)), 0) > 0)
    forced = tuple(n for n in span if n not in free)
    counts: list[int] = []
    offsets: list[int] = []
    size = 0
    for used in range(len(forced), min(len(span), rooks) + 1):
        if rules.any_shape and used < len(span):
            valid = True  # a variant's rule: every shape with a natural card has an id
        else:
            valid = RunMeld(colour, low, high, tuple(span[:used])).is_valid(rules)
        if valid:
            counts.append(used)
            offsets.append(size)
            size += _C[len(free)][used - len(forced)]
    return _Window(start, colour, low, high, free, forced, tuple(counts), tuple(offsets), size)


@attrs.frozen
class _SetTable:
    """The sets of one number whose colours the deck holds ``caps`` copies of.

    ``prefix[v]`` is the rank of the first set whose colour counts have mixed
    radix index ``v``; ``rook_counts[m]`` the Rook counts allowed with ``m``
    natural cards, ascending.
    """

    caps: tuple[int, ...]
    prefix: tuple[int, ...]
    rook_counts: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        """How many sets of the number have an id."""
        return self.prefix[-1]


def _set_table(caps: tuple[int, ...], rooks: int, rules: MeldRules) -> _SetTable:
    rook_counts = tuple(
        tuple(
            r
            for r in range(rooks + 1)
            if (m > 0 if rules.any_shape else SetMeld(1, ("R",) * m, r).is_valid(rules))
        )
        for m in range(sum(caps) + 1)
    )
    prefix = [0]
    for index in range(_radix_size(caps)):
        prefix.append(prefix[-1] + len(rook_counts[sum(_digits(index, caps))]))
    return _SetTable(caps, tuple(prefix), rook_counts)


def _radix_size(caps: tuple[int, ...]) -> int:
    size = 1
    for cap in caps:
        size *= cap + 1
    return size


def _digits(index: int, caps: tuple[int, ...]) -> list[int]:
    """The colour counts with mixed radix index ``index`` (R most significant)."""
    digits = [0] * len(caps)
    for i in range(len(caps) - 1, -1, -1):
        index, digits[i] = divmod(index, caps[i] + 1)
    return digits


def _windows(
    have: dict[Card, int], rooks: int, rules: MeldRules, wrapping: bool = False
) -> dict[tuple[str, int, int], _Window]:
    """Every run window ``(colour, low, high)`` of four or more cards (any length under a
    variant's meld rule), in id order. With ``wrapping``, the windows of the runs that
    go on past 14 (``high > 14``, shorter than 14; rule point ``rook_runs_wrap``)
    instead: they have a block of their own."""
    windows: dict[tuple[str, int, int], _Window] = {}
    start = 0
    shortest = 1 if rules.any_shape else 4
    for colour in COLOURS:
        for low in range(2, 15) if wrapping else range(1, 16 - shortest):
            tops = (
                range(max(15, low + shortest - 1), low + 13)
                if wrapping
                else range(low + shortest - 1, 15)
            )
            for high in tops:
                window = _window(start, colour, low, high, have, rooks, rules)
                windows[colour, low, high] = window
                start += window.size
    return windows


def _set_numbers(
    have: dict[Card, int], rooks: int, rules: MeldRules
) -> tuple[tuple[int, _SetTable], ...]:
    """For each number 1-14 in order: the rank of its first set and its table."""
    tables: dict[tuple[int, ...], _SetTable] = {}
    numbers: list[tuple[int, _SetTable]] = []
    start = 0
    for number in NUMBERS:
        caps = tuple(have.get(natural(c, number), 0) for c in COLOURS)
        if caps not in tables:
            tables[caps] = _set_table(caps, rooks, rules)
        numbers.append((start, tables[caps]))
        start += tables[caps].size
    return tuple(numbers)


class RookActionSpace(ActionSpace):
    """The numbering of Toonerville Rook moves for one configuration (module table).

    Args:
        players: seats in the game (3-5 with the default deck).
        deck: the game's deck composition (`Game.deck`).
        rules: the Rooks-per-meld rules (`RookOptions.meld_rules`).

    Attributes:
        table_melds: ``T``, the most melds a table can hold (bounds lay-off
            and swap targets).
        rooks: Rooks in the deck (bounds the Rooks of a meld).
    """

    def __init__(
        self,
        players: int,
        deck: DeckComposition[Card],
        rules: MeldRules = DEFAULT_MELD_RULES,
    ) -> None:
        have = deck.as_dict()
        self.rooks = have.get(ROOK, 0)
        # A meld holds three cards or more; any number under a variant's meld rule.
        self.table_melds = max(0, deck.size - players) // (1 if rules.any_shape else 3)
        self._windows = _windows(have, self.rooks, rules)
        self._window_list = tuple(self._windows.values())
        self._window_starts = tuple(w.start for w in self._window_list)
        self._window_index = {key: w.index for key, w in self._windows.items()}
        run_size = sum(w.size for w in self._window_list)
        # Where runs wrap (rook_runs_wrap, R7): their windows, in a block after the sets.
        self._wrap_windows = _windows(have, self.rooks, rules, wrapping=True) if rules.wrap else {}
        self._wrap_list = tuple(self._wrap_windows.values())
        self._wrap_starts = tuple(w.start for w in self._wrap_list)
        self._window_index.update({key: w.index for key, w in self._wrap_windows.items()})
        wrap_block = [
            (
                "meld wrapping run",
                sum(w.size for w in self._wrap_list),
                "start + offset of the window (colour RYGB, low 2-14, high past 14: "
                "number high - 14) + rank of the Rook places (by count, then colex)",
            )
        ]
        self._set_numbers = _set_numbers(have, self.rooks, rules)
        self._set_starts = tuple(start for start, _ in self._set_numbers)
        set_size = sum(table.size for _, table in self._set_numbers)
        t = self.table_melds
        super().__init__(
            blocks_from(
                [
                    ("draw", 1, "start"),
                    ("take", 1, "start"),
                    ("buy", 1, "start"),
                    ("pass", 1, "start"),
                    ("discard", 57, "start + card code (colour x 14 + number - 1; Rook 56)"),
                    (
                        "lay off",
                        LAY_OFF_STRIDE * t,
                        f"start + 70 x target (0-{t - 1}) + natural card code 0-55, "
                        "or + 56 + number - 1 for a Rook standing for number 1-14",
                    ),
                    ("swap", SWAP_STRIDE * t, f"start + 56 x target (0-{t - 1}) + card code"),
                    (
                        "meld run",
                        run_size,
                        "start + offset of the window (colour RYGB, low, high) "
                        "+ rank of the Rook numbers (by count, then colex)",
                    ),
                    (
                        "meld set",
                        set_size,
                        "start + offset of the number (1-14) + rank of the colour counts "
                        "(R, Y, G, B mixed radix) x allowed Rook counts + Rook count rank",
                    ),
                    *(wrap_block if rules.wrap else []),
                ]
            )
        )
        starts = {block.name: block.start for block in self.blocks}
        self._discard = starts["discard"]
        self._lay_off = starts["lay off"]
        self._swap = starts["swap"]
        self._run = starts["meld run"]
        self._set = starts["meld set"]
        self._wrap = starts.get("meld wrapping run", self.size)
        self._simple_moves: tuple[Move, ...] = (Draw(), Take(), Buy(), Pass())
        self._simple_ids: dict[type, int] = {Draw: 0, Take: 1, Buy: 2, Pass: 3}
        self._id_by_type: dict[type, Callable[[Move], int]] = {
            Discard: self._discard_id,
            LayOff: self._lay_off_id,
            Swap: self._swap_id,
            MeldDown: self._meld_id,
            LayDown: self._lay_down_id,
        }
        # The ids of shared move values (the rules list one `Discard` per card code and
        # one `LayOff` per target, card and number: `cardrules_rook.legal`), by identity:
        # id(move) -> (move, its id). The entry holds its move, so no id is reused.
        self._shared_ids: dict[int, tuple[Move, int]] = {}

    # ------------------------------------------------------------ move -> id

    def id_of(self, move: Move) -> int:
        """The id of ``move`` (module table).

        Raises:
            InvalidMoveError: the move has no id: a ``LayDown``, a move of
                another game, a target ``>= table_melds``, a meld the deck or
                the meld rules rule out, or fields of the wrong type.
        """
        kind = type(move)
        simple = self._simple_ids.get(kind)
        if simple is not None:
            return simple
        shared = self._shared_ids.get(id(move))
        if shared is not None and shared[0] is move:
            return shared[1]
        handler = self._id_by_type.get(kind)
        if handler is None:
            raise InvalidMoveError(f"{quote(move)} is not a Toonerville Rook move")
        action = handler(move)
        if kind is Discard or kind is LayOff:
            if len(self._shared_ids) >= _SHARED_IDS_LIMIT:
                self._shared_ids.clear()
            self._shared_ids[id(move)] = (move, action)
        return action

    def ids_of(self, moves: Sequence[Move]) -> list[int]:
        """`cardrules.model.actions.ActionSpace.ids_of`, the discards' ids made inline.

        Most of a list is discards (about 8 of 11 moves a decision over random
        play): each is the block's start plus its card's code, with no call of
        `id_of` (the others' ids are `id_of`'s, and so are its errors).

        Raises:
            InvalidMoveError: as `id_of`.
        """
        discard = self._discard
        id_of = self.id_of
        return [
            discard + move.card.code
            if move.__class__ is Discard and move.card.__class__ is Card
            else id_of(move)
            for move in moves
        ]

    def _card_code(self, card: object, move: Move) -> int:
        if card.__class__ is Card:
            return card.code
        try:
            return _CODES[card]  # type: ignore[index]
        except (KeyError, TypeError):
            raise InvalidMoveError(
                f"{quote(move)} has no action id: {quote(card)} is not a card"
            ) from None

    def _target(self, target: object, move: Move) -> int:
        if isinstance(target, bool) or not isinstance(target, int):
            raise InvalidMoveError(f"{quote(move)} has no action id: the target is not an int")
        if not 0 <= target < self.table_melds:
            raise InvalidMoveError(
                f"{quote(move)} has no action id: a table holds melds 0-{self.table_melds - 1}"
            )
        return target

    def _discard_id(self, move: Move) -> int:
        assert isinstance(move, Discard)
        return self._discard + self._card_code(move.card, move)

    def _lay_off_id(self, move: Move) -> int:
        assert isinstance(move, LayOff)
        target = self._target(move.target, move)
        code = self._card_code(move.card, move)
        number = move.number
        if isinstance(number, bool) or not isinstance(number, int):
            raise InvalidMoveError(f"{quote(move)} has no action id: the number is not an int")
        if code == ROOK_CODE:
            if not 1 <= number <= 14:
                raise InvalidMoveError(f"{quote(move)} has no action id: a Rook stands for 1-14")
            code = ROOK_CODE + number - 1
        elif number != move.card.number:
            raise InvalidMoveError(
                f"{quote(move)} has no action id: a natural card is its own number"
            )
        return self._lay_off + LAY_OFF_STRIDE * target + code

    def _swap_id(self, move: Move) -> int:
        assert isinstance(move, Swap)
        target = self._target(move.target, move)
        code = self._card_code(move.card, move)
        if code == ROOK_CODE:
            raise InvalidMoveError(f"{quote(move)} has no action id: a swap puts in a natural card")
        return self._swap + SWAP_STRIDE * target + code

    def _lay_down_id(self, move: Move) -> int:
        raise InvalidMoveError(
            f"{move} has no action id: a whole lay-down is played as one 'meld' move per meld"
        )

    def _meld_id(self, move: Move) -> int:
        assert isinstance(move, MeldDown)
        meld = move.meld
        if type(meld) is RunMeld:
            return self._run_id(meld, move)
        if type(meld) is SetMeld:
            return self._set_id(meld, move)
        raise InvalidMoveError(f"{quote(move)} has no action id: not a Rook meld")

    def _run_id(self, run: RunMeld, move: Move) -> int:
        key = (run.colour, run.low, run.high)
        start = self._run
        if run.high > 14:  # a wrapping run (rook_runs_wrap): the block after the sets
            window = self._wrap_windows.get(key)
            start = self._wrap
        else:
            window = self._windows.get(key)
        if window is None:
            raise InvalidMoveError(f"{move} has no action id: a run has four or more cards")
        try:
            offset = window.offsets[window.counts.index(len(run.rooks))]
        except ValueError:
            raise InvalidMoveError(
                f"{move} has no action id: too many Rooks for the deck or the meld rules"
            ) from None
        index = self._window_index[key]
        rank = forced = picked = 0
        for number in run.rooks:
            position = index[number]
            if position < 0:
                forced += 1
            else:
                picked += 1
                rank += _C[position][picked]
        if forced != len(window.forced):
            raise InvalidMoveError(f"{move} has no action id: the deck lacks a card of the run")
        return start + window.start + offset + rank

    def _set_id(self, meld: SetMeld, move: Move) -> int:
        start, table = self._set_numbers[meld.number - 1]
        counts = [0, 0, 0, 0]
        for colour in meld.colours:
            counts[_COLOUR_INDEX[colour]] += 1
        radix = 0
        for count, cap in zip(counts, table.caps, strict=True):
            if count > cap:
                raise InvalidMoveError(f"{move} has no action id: more copies than the deck holds")
            radix = radix * (cap + 1) + count
        allowed = table.rook_counts[len(meld.colours)]
        if meld.rooks not in allowed:
            raise InvalidMoveError(
                f"{move} has no action id: too many Rooks for the deck or the meld rules"
            )
        return self._set + start + table.prefix[radix] + allowed.index(meld.rooks)

    # ------------------------------------------------------------ id -> move

    def move_of(self, action: int) -> Move:
        """The move with id ``action`` (module table).

        Raises:
            InvalidMoveError: ``action`` is not an int in ``0 .. size-1``.
        """
        action = self.check(action)
        if action < self._discard:
            return self._simple_moves[action]
        if action < self._lay_off:
            return Discard(card_of_code(action - self._discard))
        if action < self._swap:
            target, code = divmod(action - self._lay_off, LAY_OFF_STRIDE)
            if code >= ROOK_CODE:
                return LayOff(target, ROOK, code - ROOK_CODE + 1)
            card = card_of_code(code)
            return LayOff(target, card, card.number)
        if action < self._run:
            target, code = divmod(action - self._swap, SWAP_STRIDE)
            return Swap(target, card_of_code(code))
        if action < self._set:
            return MeldDown(self._run_of(action - self._run))
        if action < self._wrap:
            return MeldDown(self._set_of(action - self._set))
        return MeldDown(self._run_of(action - self._wrap, wrapping=True))

    def _run_of(self, rank: int, wrapping: bool = False) -> RunMeld:
        windows, starts = (
            (self._wrap_list, self._wrap_starts)
            if wrapping
            else (self._window_list, self._window_starts)
        )
        window = windows[bisect_right(starts, rank) - 1]
        rank -= window.start
        which = bisect_right(window.offsets, rank) - 1
        rank -= window.offsets[which]
        numbers = list(window.forced)
        x = len(window.free)
        for picked in range(window.counts[which] - len(window.forced), 0, -1):
            x -= 1
            while _C[x][picked] > rank:
                x -= 1
            rank -= _C[x][picked]
            numbers.append(window.free[x])
        return RunMeld(window.colour, window.low, window.high, tuple(sorted(numbers)))

    def _set_of(self, rank: int) -> SetMeld:
        number = bisect_right(self._set_starts, rank)
        start, table = self._set_numbers[number - 1]
        rank -= start
        radix = bisect_right(table.prefix, rank) - 1
        counts = _digits(radix, table.caps)
        colours = tuple(colour for colour, n in zip(COLOURS, counts, strict=True) for _ in range(n))
        return SetMeld(number, colours, table.rook_counts[sum(counts)][rank - table.prefix[radix]])


@lru_cache(maxsize=32)
def _space(players: int, deck: DeckComposition[Card], rules: MeldRules) -> RookActionSpace:
    return RookActionSpace(players, deck, rules)


#: At most this many shared moves' ids are kept per action space (then it starts afresh).
_SHARED_IDS_LIMIT = 4096


def action_space(game: Game) -> RookActionSpace:
    """The numbering for ``game``: fixed by its players, deck and meld rules (module table).

    Games with the same configuration share one space.
    """
    return _space(game.players, game.deck, rook_rules(game).meld_rules)
