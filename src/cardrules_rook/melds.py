"""Melds: runs and sets, with Rooks standing for the cards they replace (R7, R8, R13).

A meld is a canonical, hashable value that records what every Rook in it
stands for:

* `RunMeld` - one colour, consecutive numbers ``low..high`` (by default no
  wrap around: 14 is highest, 1 lowest), at least four cards; ``rooks`` lists
  the numbers the Rooks stand for (R7, R13). Where a variant lets runs wrap
  (rule point ``rook_runs_wrap``), ``high`` may pass 14: position ``n`` is
  number ``n - 14``, so ``RunMeld("R", 13, 16)`` is ``R13 R14 R1 R2``.
* `SetMeld` - one number, any colours (identical cards allowed with
  several decks), at least three cards; ``rooks`` counts the Rooks (R8).

*Interpretation (Rooks per meld):* every meld holds at least ``min_naturals``
natural cards (default 2); the variant rule "more naturals than Rooks" is
``naturals_exceed_rooks=True``.

Notation: the cards of the meld separated by spaces, a Rook written ``*`` and
what it stands for: ``R3 R4 *R5 R6`` (a run), ``R7 B7 *7`` (a set); a wrapping
run is written in its order, ``R13 R14 *R1 R2``. Reading melds from cards and
from notation: `cardrules_rook.meld_reading`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs

from cardrules.errors import InvalidMoveError, quote
from cardrules_rook.cards import COLOURS, ROOK, ROOK_CODE, Card, natural

__all__ = [
    "Meld",
    "MeldRules",
    "RulesKey",
    "RunMeld",
    "SetMeld",
    "WrapJudge",
    "grown_run",
    "rules_of_key",
    "run_ends",
    "wrapped",
]


@attrs.frozen(cache_hash=True, repr=False)
class MeldRules:
    """How many Rooks a meld may hold (the *Interpretation* of R7/R8 with R13).

    Attributes:
        min_naturals: natural cards every meld must hold (default 2).
        naturals_exceed_rooks: a meld must hold more natural cards than Rooks
            (variant rule; default ``False``).
        judge: ``None`` (the default): the rules above with R7 (runs of four
            or more) and R8 (sets of three or more) decide. Else a callable
            ``meld -> bool`` that decides alone: a variant's answer to the
            hook ``rook_meld_valid`` (`cardrules_rook.rule_points.MeldJudge`).
            The search shortcuts then stand aside (`has_judge`).
        wrap: runs may wrap from 14 to 1 (R7's option, rule point
            ``rook_runs_wrap``; default ``False``). Without a judge, wrapping
            runs get one that applies the rules above (`WrapJudge`), so the
            search shortcuts, which assume no wrap, stand aside too.

    Raises:
        ValueError: ``min_naturals`` below 1.
    """

    min_naturals: int = attrs.field(default=2)
    naturals_exceed_rooks: bool = False
    judge: Callable[[Any], bool] | None = attrs.field(default=None, repr=False)
    wrap: bool = False

    def __attrs_post_init__(self) -> None:
        if self.wrap and self.judge is None:
            object.__setattr__(
                self, "judge", WrapJudge(self.min_naturals, self.naturals_exceed_rooks)
            )

    @min_naturals.validator
    def _at_least_one(self, attribute: attrs.Attribute[int], value: int) -> None:
        if value < 1:
            raise ValueError(
                f"min_naturals must be at least 1 (a meld needs a natural card), got {value}"
            )

    @property
    def has_judge(self) -> bool:
        """Whether a judge decides: a variant's hook, or the game's rule where runs wrap
        (the search then takes its exact path)."""
        return self.judge is not None

    @property
    def any_shape(self) -> bool:
        """Whether a variant's hook decides (``rook_meld_valid``): any run or set shape
        with a natural card may then be valid, not only the game's lengths."""
        return self.judge is not None and type(self.judge) is not WrapJudge

    @property
    def cache_key(self) -> RulesKey:
        """What the search's caches remember these rules under (`rules_of_key` turns it back).

        ``(min_naturals, naturals_exceed_rooks)`` without a judge: a plain
        tuple, which the garbage collector stops tracking, and so do the cache
        keys that hold it (a key holding the rules object stays tracked, and
        every full collection walks it); the rules themselves with a judge.
        """
        if self.judge is not None:
            return self
        return (self.min_naturals, self.naturals_exceed_rooks)

    def __repr__(self) -> str:
        # ``wrap`` only when set: the rules of the plain game read as they always have.
        wrap = ", wrap=True" if self.wrap else ""
        return (
            f"MeldRules(min_naturals={self.min_naturals}, "
            f"naturals_exceed_rooks={self.naturals_exceed_rooks}{wrap})"
        )

    def plain(self) -> MeldRules:
        """These rules without a variant's judge (a `WrapJudge` is kept: it is the game's rule)."""
        if self.judge is None or isinstance(self.judge, WrapJudge):
            return self
        return MeldRules(self.min_naturals, self.naturals_exceed_rooks, wrap=self.wrap)

    def allows(self, naturals: int, rooks: int) -> bool:
        """Whether a meld with this many natural cards and Rooks is allowed (without a judge)."""
        if naturals < self.min_naturals:
            return False
        return not (self.naturals_exceed_rooks and naturals <= rooks)


@attrs.frozen
class WrapJudge:
    """The game's meld rule (R7, R8, R13) where runs may wrap: the judge of `MeldRules`
    with ``wrap=True`` and no variant's judge. ``meld -> bool``."""

    min_naturals: int
    naturals_exceed_rooks: bool

    def __call__(self, meld: Meld) -> bool:
        rules = _plain_rules(self.min_naturals, self.naturals_exceed_rooks)
        if isinstance(meld, RunMeld) and meld.wraps:
            return meld.length >= 4 and rules.allows(meld.length - len(meld.rooks), len(meld.rooks))
        return meld.is_valid(rules)


DEFAULT_MELD_RULES = MeldRules()

#: `MeldRules.cache_key`: ``(min_naturals, naturals_exceed_rooks)``, or rules with a judge.
RulesKey = tuple[int, bool] | MeldRules


def rules_of_key(key: RulesKey) -> MeldRules:
    """The meld rules a `MeldRules.cache_key` stands for (equal to the rules it came from)."""
    if isinstance(key, MeldRules):
        return key
    return _plain_rules(*key)


@functools.lru_cache(maxsize=64)
def _plain_rules(min_naturals: int, naturals_exceed_rooks: bool) -> MeldRules:
    return MeldRules(min_naturals, naturals_exceed_rooks)


def wrapped(n: int) -> int:
    """The number at position ``n`` of a run (1-28): ``n - 14`` past 14 (a wrapping run)."""
    return n - 14 if n > 14 else n


def _colour(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in COLOURS:
        raise InvalidMoveError(f"a run's colour is one of R, Y, G, B, got {quote(value)}")


@attrs.frozen
class RunMeld:
    """A run: ``colour`` from ``low`` to ``high``; Rooks stand for the numbers in ``rooks``.

    ``1 <= low <= 14`` and ``low <= high <= low + 13``. ``high`` above 14 is
    a run that wraps from 14 to 1 (allowed only where rule point
    ``rook_runs_wrap`` says so, R7): position ``n`` above 14 is number
    ``n - 14`` (`wrapped`), and ``rooks`` are positions too. A run of all 14
    numbers is written from 1 (``low == 1``), so each run has one form.

    Raises:
        cardrules.InvalidMoveError: fields outside those bounds, or Rooks not
            sorted, distinct positions within ``low..high``.

    Examples:
        >>> run = RunMeld("R", 3, 6, (5,))
        >>> str(run), run.is_valid()
        ('R3 R4 *R5 R6', True)
        >>> wrapping = RunMeld("R", 13, 16, (15,))
        >>> str(wrapping), wrapping.is_valid(), wrapping.is_valid(MeldRules(wrap=True))
        ('R13 R14 *R1 R2', False, True)
    """

    colour: str = attrs.field(validator=_colour)
    low: int
    high: int
    rooks: tuple[int, ...] = ()

    def __attrs_post_init__(self) -> None:
        low, high = self.low, self.high
        if not (1 <= low <= high <= 14 or (1 < low <= 14 < high < low + 13)):
            raise InvalidMoveError(
                f"a run spans numbers 1-14 upward (or, wrapping, on past 14 from 1), "
                f"got {low}-{high}"
            )
        if list(self.rooks) != sorted(set(self.rooks)) or any(
            not self.low <= r <= self.high for r in self.rooks
        ):
            raise InvalidMoveError(
                f"Rooks of a run stand for distinct numbers within it: {self.rooks}"
            )

    kind = "run"

    @property
    def length(self) -> int:
        """Number of cards."""
        return self.high - self.low + 1

    @property
    def wraps(self) -> bool:
        """Whether the run goes on from 14 to 1 (``high`` above 14)."""
        return self.high > 14

    def numbers(self) -> tuple[int, ...]:
        """The numbers 1-14 of the run, in its order (``13, 14, 1, 2`` for a wrapping run)."""
        return tuple(wrapped(n) for n in range(self.low, self.high + 1))

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The natural cards, in the run's order."""
        return tuple(
            natural(self.colour, wrapped(n))
            for n in range(self.low, self.high + 1)
            if n not in self.rooks
        )

    def cards(self) -> tuple[Card, ...]:
        """Every card of the meld: the naturals, then one Rook per Rook."""
        return self.naturals + (ROOK,) * len(self.rooks)

    def codes(self) -> tuple[int, ...]:
        """The card codes of `cards`, in the same order (56 is the Rook)."""
        base = COLOURS.index(self.colour) * 14 - 1
        rooks = self.rooks
        if self.high > 14:
            base -= 14
            return (
                *(
                    base + n + (14 if n <= 14 else 0)
                    for n in range(self.low, self.high + 1)
                    if n not in rooks
                ),
                *(ROOK_CODE,) * len(rooks),
            )
        return (
            *(base + n for n in range(self.low, self.high + 1) if n not in rooks),
            *(ROOK_CODE,) * len(rooks),
        )

    def is_valid(self, rules: MeldRules = DEFAULT_MELD_RULES) -> bool:
        """R7: four or more cards, and enough natural cards (R13 interpretation); or the judge.

        A wrapping run is never valid unless ``rules.wrap`` (R7: runs do not wrap).
        """
        if self.high > 14 and not rules.wrap:
            return False
        if rules.judge is not None:
            return rules.judge(self)
        return self.length >= 4 and rules.allows(self.length - len(self.rooks), len(self.rooks))

    def stands_for(self) -> tuple[Card, ...]:
        """What each Rook stands for (R13), as natural cards."""
        return tuple(natural(self.colour, wrapped(n)) for n in self.rooks)

    def __str__(self) -> str:
        return " ".join(
            f"*{self.colour}{wrapped(n)}" if n in self.rooks else f"{self.colour}{wrapped(n)}"
            for n in range(self.low, self.high + 1)
        )


@attrs.frozen
class SetMeld:
    """A set of ``number``: naturals of ``colours`` (sorted, repeats allowed) and ``rooks`` Rooks.

    Examples:
        >>> str(SetMeld(7, ("R", "R", "B"), 1))
        'R7 R7 B7 *7'
    """

    number: int
    colours: tuple[str, ...]
    rooks: int = 0

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.number <= 14:
            raise InvalidMoveError(f"a set's number is 1-14, got {self.number}")
        if any(c not in COLOURS for c in self.colours) or list(self.colours) != sorted(
            self.colours, key=COLOURS.index
        ):
            raise InvalidMoveError(
                f"a set's colours are R, Y, G, B in that order, got {self.colours}"
            )
        if self.rooks < 0:
            raise InvalidMoveError("a set cannot hold fewer than 0 Rooks")

    kind = "set"

    @property
    def length(self) -> int:
        """Number of cards."""
        return len(self.colours) + self.rooks

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The natural cards."""
        return tuple(natural(c, self.number) for c in self.colours)

    def cards(self) -> tuple[Card, ...]:
        """Every card of the meld: the naturals, then the Rooks."""
        return self.naturals + (ROOK,) * self.rooks

    def codes(self) -> tuple[int, ...]:
        """The card codes of `cards`, in the same order (56 is the Rook)."""
        return (
            *(COLOURS.index(c) * 14 + self.number - 1 for c in self.colours),
            *(ROOK_CODE,) * self.rooks,
        )

    def is_valid(self, rules: MeldRules = DEFAULT_MELD_RULES) -> bool:
        """R8: three or more cards of one number, enough naturals (R13); or the judge."""
        if rules.judge is not None:
            return rules.judge(self)
        return self.length >= 3 and rules.allows(len(self.colours), self.rooks)

    def __str__(self) -> str:
        return " ".join(
            [*(f"{c}{self.number}" for c in self.colours), *[f"*{self.number}"] * self.rooks]
        )


Meld = RunMeld | SetMeld

_new = object.__new__
_set = object.__setattr__


def trusted_run(colour: str, low: int, high: int, rooks: tuple[int, ...] = ()) -> RunMeld:
    """``RunMeld(colour, low, high, rooks)`` without its checks, for well-formed fields.

    For the code that builds runs from a hand it has read (the contract
    search, the listing of melds): ``rooks`` sorted and distinct within
    ``low..high``, ``low`` and ``high`` as `RunMeld` bounds them. The value is the same as the
    checked constructor's.
    """
    run: RunMeld = _new(RunMeld)
    _set(run, "colour", colour)
    _set(run, "low", low)
    _set(run, "high", high)
    _set(run, "rooks", rooks)
    return run


def trusted_set(number: int, colours: tuple[str, ...], rooks: int = 0) -> SetMeld:
    """``SetMeld(number, colours, rooks)`` without its checks, for well-formed fields
    (``colours`` in R, Y, G, B order, ``1 <= number <= 14``, ``rooks >= 0``); see `trusted_run`."""
    meld: SetMeld = _new(SetMeld)
    _set(meld, "number", number)
    _set(meld, "colours", colours)
    _set(meld, "rooks", rooks)
    return meld


def run_ends(run: RunMeld, wrap: bool = False) -> tuple[int, ...]:
    """The numbers 1-14 that extend ``run`` at an end (R11 lay-offs): below ``low``, then
    above ``high``.

    With ``wrap`` (rule point ``rook_runs_wrap``, R7) 14 comes below 1 and 1
    after 14; a run of all 14 numbers takes none.

    Examples:
        >>> run_ends(RunMeld("R", 11, 14)), run_ends(RunMeld("R", 11, 14), wrap=True)
        ((10,), (10, 1))
        >>> run_ends(RunMeld("R", 2, 14), wrap=True), run_ends(RunMeld("R", 1, 14), wrap=True)
        ((1,), ())
    """
    low, high = run.low, run.high
    if not wrap:
        return tuple(n for n in (low - 1, high + 1) if 1 <= n <= 14)
    if high - low >= 13:
        return ()
    below, above = (low - 1 if low > 1 else 14), wrapped(high + 1)
    return (below,) if below == above else (below, above)


def grown_run(run: RunMeld, number: int, rook: bool = False, wrap: bool = False) -> RunMeld | None:
    """``run`` with ``number`` added at an end (a Rook standing for it if ``rook``), or ``None``
    when ``number`` is not one of `run_ends` (R11). Validity is not checked.

    Examples:
        >>> str(grown_run(RunMeld("R", 11, 14), 1, rook=True, wrap=True))
        'R11 R12 R13 R14 *R1'
        >>> str(grown_run(RunMeld("R", 1, 4), 14, wrap=True))
        'R14 R1 R2 R3 R4'
    """
    if number not in run_ends(run, wrap):
        return None
    low, high, rooks = run.low, run.high, run.rooks
    if number == wrapped(high + 1):
        high += 1
        place = high
    elif low > 1:
        low -= 1
        place = low
    else:  # 14 below 1: the run now starts at 14
        low, high, rooks = 14, high + 14, tuple(r + 14 for r in rooks)
        place = 14
    if rook:
        rooks = tuple(sorted((*rooks, place)))
    if high - low == 13 and low != 1:  # all 14 numbers: written from 1
        low, high, rooks = 1, 14, tuple(sorted(wrapped(r) for r in rooks))
    return RunMeld(run.colour, low, high, rooks)
