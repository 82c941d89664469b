"""Chance: the seeded randomness owned by a game state.

A state holds a `Chance` (a seed and a counter) instead of a live random
generator. Every chance event (a shuffle) builds a fresh `random.Random`
from ``(seed, counter)`` and advances the counter, so:

* the same seed and the same moves give the same game, on every platform;
* cloning a state copies two integers, never a generator's 2.5 kB state.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import TypeVar

import attrs

__all__ = ["Chance"]

T = TypeVar("T")


@attrs.define(slots=True)
class Chance:
    """Seeded source of chance events.

    Attributes:
        seed: any integer; fixes every shuffle of the game.
        events: how many chance events have happened so far.
    """

    seed: int
    events: int = 0

    def rng(self) -> random.Random:
        """Return a generator for the next chance event and count the event."""
        generator = random.Random(f"cardrules:{self.seed}:{self.events}")
        self.events += 1
        return generator

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place as one chance event."""
        self.rng().shuffle(items)

    def copy(self) -> Chance:
        """Return an independent copy at the same point of the sequence."""
        return Chance(self.seed, self.events)
