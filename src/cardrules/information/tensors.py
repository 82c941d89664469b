"""A default observation tensor for a view: zones x card kinds, plus public counters.

`view_layout(spec, deck, counters)` describes it as a
`cardrules.information.tensor_layout.TensorLayout` (no numpy needed); `view_tensor(view, deck,
counters)` builds it as a flat ``numpy.float32`` vector. Per zone, in the
spec's order, four planes:

* ``"<zone>:seen"``, shape ``(rows, kinds)``: copies of each card kind the seat
  sees in the zone;
* ``"<zone>:known"``, shape ``(rows, kinds)``: copies of each kind it knows to
  be among the zone's hidden cards;
* ``"<zone>:public"``, shape ``(rows, kinds)``: copies of each kind every seat
  knows to be among its cards hidden from some seat (common knowledge);
* ``"<zone>:hidden"``, shape ``(rows,)``: how many of its cards are hidden and
  not known.

``rows`` is 1 for a table zone, else the number of seats, *relative* to the
observer: row 0 is the observing seat, row 1 the next seat number, and so on
(as the bundled games' tensors), so one network serves every seat. Card kinds
are the deck's cards in ``deck.counts`` order. Values are counts, not scaled.
Then one plane ``"counter:<name>"`` of shape ``(1,)`` per public counter the
game passes (a score, a round number, cards left to draw...).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, TypeVar

from cardrules.errors import ObservationMismatchError
from cardrules.information.tensor_layout import TensorLayout, require_numpy
from cardrules.information.views import TableView
from cardrules.model.decks import DeckComposition
from cardrules.model.zones import TableSpec

__all__ = ["view_layout", "view_tensor"]

C = TypeVar("C", bound=Hashable)


def view_layout(
    spec: TableSpec, deck: DeckComposition[C], counters: Sequence[str] = ()
) -> TensorLayout:
    """The planes of `view_tensor` for views of ``spec`` (module docstring).

    Args:
        spec: the declared zones.
        deck: the game's cards; each distinct card is one kind.
        counters: the names of the public counters appended, in order.
    """
    kinds = len(deck.counts)
    planes: list[tuple[str, tuple[int, ...], str]] = []
    for zone in spec.zones:
        rows = spec.players if zone.owned else 1
        whose = "per seat from the observer's" if zone.owned else "the table's"
        planes += [
            (f"{zone.name}:seen", (rows, kinds), f"{whose}: copies of each card seen"),
            (f"{zone.name}:known", (rows, kinds), f"{whose}: copies known among hidden cards"),
            (f"{zone.name}:public", (rows, kinds), f"{whose}: copies every seat knows"),
            (f"{zone.name}:hidden", (rows,), f"{whose}: hidden cards not known"),
        ]
    planes += [(f"counter:{name}", (1,), f"public counter {name}") for name in counters]
    return TensorLayout.build(planes)


def view_tensor(
    view: TableView[C],
    deck: DeckComposition[C],
    counters: Sequence[float] = (),
    layout: TensorLayout | None = None,
) -> Any:
    """Encode ``view`` as a flat ``numpy.float32`` array laid out by `view_layout`.

    Args:
        view: one seat's view.
        deck: the game's cards (fixes the kinds' order).
        counters: the public counters' values, as many as the layout names.
        layout: ``view_layout(view.spec, deck, names)``, to save building it
            on every call; built (without counters) when ``None``.

    Returns:
        ``numpy.ndarray`` of shape ``(layout.size,)``, dtype ``float32``.

    Raises:
        NumpyMissingError: numpy is not installed (the ``tensors`` extra).
        ObservationMismatchError: a card not in ``deck``, or counters that do
            not fit the layout.
    """
    numpy = require_numpy()
    spec = view.spec
    if layout is None:
        layout = view_layout(spec, deck)
    index = {card: i for i, (card, _) in enumerate(deck.counts)}
    tensor = numpy.zeros(layout.size, dtype=numpy.float32)
    named = [p for p in layout.planes if p.name.startswith("counter:")]
    if len(named) != len(counters):
        raise ObservationMismatchError(f"{len(counters)} counters for {len(named)} planes")
    for place in view.places:
        zone = spec.zone(place.zone)
        row = 0 if place.owner is None else (place.owner - view.seat) % spec.players
        seen = layout.view(tensor, f"{zone.name}:seen")
        known = layout.view(tensor, f"{zone.name}:known")
        public = layout.view(tensor, f"{zone.name}:public")
        try:
            for card in place.cards:
                if card is not None:
                    seen[row, index[card]] += 1
            for card in (*place.known, *(c for _, c in place.known_at)):
                known[row, index[card]] += 1
            for card in (*place.public, *(c for _, c in place.public_at)):
                public[row, index[card]] += 1
        except KeyError as error:
            raise ObservationMismatchError(f"card {error} is not in the deck") from None
        taken = len(place.known) + len(place.known_at)
        layout.view(tensor, f"{zone.name}:hidden")[row] = place.hidden - taken
    for plane, value in zip(named, counters, strict=True):
        tensor[plane.start] = value
    return tensor
