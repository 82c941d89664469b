"""What of an observation is public and what is private: a game's declaration for observers.

Some consumers need more than one seat's observation: OpenSpiel's observers
ask for the *public* view (what every seat sees, no private card) and for one
seat's *private* part alone. A game declares how its observations split by
answering the hook ``cardrules_public_views`` with a `PublicViews`; without an
answer those observers are not offered (OpenSpiel's convention for an
unsupported observation type), and the seat's whole observation still is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

__all__ = ["Observe", "PublicViews"]

#: ``observe(seat)``: that seat's observation of the position (`cardrules.GameState.observation`).
Observe = Callable[[int], Any]


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


@attrs.frozen
class PublicViews:
    """How a game's observations split into a public view and each seat's private parts.

    Attributes:
        public: ``public(observe, players)`` returns the public view of a
            position: an observation of the game (so the game's tensor encoder
            takes it) seen from seat 0's chair, with every private card and
            the legal moves taken out. ``observe(seat)`` gives any seat's
            observation to start from.
        private: ``private(observation)`` returns the private parts of one
            seat's observation as ``{field name: value}`` (empty when the seat
            holds nothing private now).
        private_planes: the names of the tensor planes that hold those parts
            (`cardrules.information.tensor_layout.TensorLayout`).
    """

    public: Callable[[Observe, int], Any]
    private: Callable[[Any], dict[str, Any]]
    private_planes: tuple[str, ...] = attrs.field(converter=_names)
