"""Melds read from cards and from notation (R7, R8, R13): the `cardrules_rook.melds` values built.

`meld_from_str` reads a meld's notation (``R3 R4 *R5 R6``); `melds_of` finds
every meld a hand's cards can form; `set_from_cards` and `run_from_cards`
build one meld from given cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardrules.errors import InvalidMoveError, quote
from cardrules_rook.cards import COLOURS, Card, number_in
from cardrules_rook.melds import (
    DEFAULT_MELD_RULES,
    Meld,
    MeldRules,
    RunMeld,
    SetMeld,
)

__all__ = ["meld_from_str", "melds_of", "run_from_cards", "set_from_cards"]


def set_from_cards(cards: Iterable[Card], rooks: int = 0) -> SetMeld:
    """The set of these natural cards (all of one number) plus ``rooks`` Rooks.

    Raises:
        cardrules.InvalidMoveError: the cards are not all naturals of one number.
    """
    cards = list(cards)
    numbers = {c.number for c in cards}
    if len(numbers) != 1 or 0 in numbers:
        raise InvalidMoveError("a set's natural cards all have one number")
    colours = tuple(sorted((c.colour for c in cards), key=COLOURS.index))
    return SetMeld(numbers.pop(), colours, rooks)


def run_from_cards(
    cards: Iterable[Card], rooks: Iterable[int] = (), *, wrap: bool = False
) -> RunMeld:
    """The run of these natural cards (one colour) with Rooks standing for ``rooks``.

    Args:
        cards: the natural cards.
        rooks: the numbers 1-14 the Rooks stand for.
        wrap: runs may wrap from 14 to 1 (rule point ``rook_runs_wrap``, R7):
            numbers that go round the corner (``13 14 1 2``) make a wrapping run.

    Raises:
        cardrules.InvalidMoveError: the cards do not form a gap-free run once the
            Rooks are in place.
    """
    cards = list(cards)
    rooks = list(rooks)
    colours = {c.colour for c in cards}
    if len(colours) != 1 or "" in colours:
        raise InvalidMoveError("a run's natural cards all have one colour (R7)")
    numbers = sorted([c.number for c in cards] + rooks)
    if len(set(numbers)) != len(numbers) or numbers[-1] - numbers[0] + 1 != len(numbers):
        low = _corner(numbers) if wrap else None
        if low is None:
            raise InvalidMoveError(
                "a run's numbers are consecutive, each once, and 14 is not followed by 1 (R7)"
                if not wrap
                else "a run's numbers are consecutive, each once, 14 followed by 1 (R7)"
            )
        places = sorted(n + 14 if n < low else n for n in rooks)
        return RunMeld(colours.pop(), low, low + len(numbers) - 1, tuple(places))
    return RunMeld(colours.pop(), numbers[0], numbers[-1], tuple(sorted(rooks)))


def _corner(numbers: list[int]) -> int | None:
    """Where a wrapping run of these sorted numbers 1-14 starts, or ``None`` (not one arc)."""
    if len(set(numbers)) != len(numbers) or numbers[0] != 1 or numbers[-1] != 14:
        return None
    breaks = [i for i in range(1, len(numbers)) if numbers[i] != numbers[i - 1] + 1]
    return numbers[breaks[0]] if len(breaks) == 1 else None


def meld_from_str(text: str, *, wrap: bool = False) -> Meld:
    """Parse meld notation: ``"R3 R4 *R5 R6"`` or ``"R7 B7 *7"``.

    With ``wrap`` (runs may wrap, rule point ``rook_runs_wrap``, R7) a run may
    go round the corner: ``"R13 R14 *R1 R2"`` (the order of the words does
    not matter).

    Raises:
        cardrules.InvalidMoveError: the text is not a meld.

    Examples:
        >>> meld_from_str("b7 *7 r7")
        SetMeld(number=7, colours=('R', 'B'), rooks=1)
    """
    words = text.split()
    if not words:
        raise InvalidMoveError("an empty meld")
    naturals = [Card.from_str(w) for w in words if not w.startswith("*")]
    stands = [w[1:] for w in words if w.startswith("*")]
    if any(c.is_rook for c in naturals):
        raise InvalidMoveError(
            f"write a Rook as * and what it stands for (*R5 or *7): {quote(text)}"
        )
    if stands and all(number_in(s) is not None for s in stands):
        return set_from_cards(naturals, len(stands))
    if not stands and len({c.number for c in naturals}) == 1:
        return set_from_cards(naturals)
    rook_cards = [Card.from_str(s) for s in stands]
    colours = {c.colour for c in naturals} | {c.colour for c in rook_cards}
    if len(colours) != 1:
        raise InvalidMoveError(
            f"not a meld: {quote(text)} (a run has one colour, a set one number)"
        )
    if naturals:
        return run_from_cards(naturals, [c.number for c in rook_cards], wrap=wrap)
    raise InvalidMoveError(f"not a meld: {quote(text)} (a meld needs natural cards)")


def melds_of(cards: Sequence[Card], rules: MeldRules = DEFAULT_MELD_RULES) -> tuple[Meld, ...]:
    """Every valid meld these exact cards form, with what each Rook stands for (R7, R8, R13).

    Args:
        cards: the group of cards (naturals and Rooks; repeats allowed).
        rules: how many Rooks a meld may hold.

    Returns:
        The valid readings: a set, and/or each way to place the Rooks in a run
        (with ``rules.wrap``, runs that go on past 14 too); ``()`` when the
        cards form no meld.

    Examples:
        >>> [str(m) for m in melds_of([Card.from_str(c) for c in "R3 R4 Rook R6".split()])]
        ['R3 R4 *R5 R6']
        >>> melds_of([Card.from_str(c) for c in "R12 R13 R14 R1".split()])
        ()
    """
    naturals = [c for c in cards if not c.is_rook]
    rooks = len(cards) - len(naturals)
    found: list[Meld] = []
    if naturals and len({c.number for c in naturals}) == 1:
        candidate = set_from_cards(naturals, rooks)
        if candidate.is_valid(rules):
            found.append(candidate)
    colours = {c.colour for c in naturals}
    numbers = sorted(c.number for c in naturals)
    if naturals and len(colours) == 1 and len(set(numbers)) == len(numbers):
        length = len(cards)
        colour = colours.pop()
        for low in range(max(1, numbers[-1] - length + 1), min(numbers[0], 15 - length) + 1):
            span = range(low, low + length)
            fill = tuple(n for n in span if n not in numbers)
            run = RunMeld(colour, low, low + length - 1, fill)
            if run.is_valid(rules):
                found.append(run)
        if rules.wrap and length < 14:  # rook_runs_wrap: the runs that go on past 14
            for low in range(max(2, 16 - length), 15):
                places = {n + 14 if n < low else n for n in numbers}
                if max(places) < low + length:
                    fill = tuple(n for n in range(low, low + length) if n not in places)
                    run = RunMeld(colour, low, low + length - 1, fill)
                    if run.is_valid(rules):
                        found.append(run)
    return tuple(found)
