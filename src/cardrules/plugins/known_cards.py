"""Cards a seat knows but cannot see: private knowledge as data.

A house rule may let a seat know a card it cannot see: seen at the deal,
peeked at, spied. It declares ``VariantSpec(..., knowledge=True)`` and marks
each such card with `learn` (in any rule hook that may change the round:
a ``cardrules_new_round`` wrapper, ``cardrules_apply_move``, a move kind's
``apply``). The engine then, for every variant that does so together:

* keeps the knowledge with the round (cloned with it at no cost), as the
  core's own `cardrules.model.knowledge.Knowledge` of the game's zones: a
  card at a position of a ``FACE_UP`` place, or among a place's cards;
* forgets a card once it is out of that seat's sight: after each move, a
  fact whose place (or position) no longer holds that card hidden from the
  seat is dropped (a card turned up, moved away, or now seen);
* shows each seat its own known cards, and no other seat's, in the
  observation's ``known`` field (`KnownCard` values) and in the tensor
  planes ``known:<zone>`` appended to the game's (`known_planes`);
* keeps them in that seat's determinization and hidden-card shuffling: the
  game's ``cardrules_determinize`` places each known card where
  ``observation.known`` says, its ``cardrules_shuffle_hidden`` leaves the
  seat's known cards where they are, and the engine checks both.

The game declares where cards lie and which a seat sees by answering
``cardrules_hidden_places`` with a `HiddenPlaces`; a game that does not
cannot be played with a knowledge variant (`KnowledgeError` when the game is
created). Without a knowledge variant none of this runs.

Only what the game says is hidden is checked: a card that leaves a place
unseen and comes back as an identical card stays known (the game cannot tell
them apart either).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from cardrules.errors import CardRulesError, PluginHookError, quote
from cardrules.model.knowledge import Knowledge
from cardrules.model.zones import Place, TableSpec, Visibility
from cardrules.plugins.variant_planes import PlaneSet

__all__ = [
    "KNOWN",
    "HiddenPlaces",
    "KnowledgeError",
    "KnownCard",
    "known_cards",
    "known_planes",
    "learn",
]

#: The key of the knowledge in a round state's ``variant_states`` mapping.
KNOWN = "cardrules:known"


class KnowledgeError(CardRulesError, ValueError):
    """A seat was marked as knowing a card wrongly, or the game keeps no knowledge.

    Raised by `learn` (no knowledge variant chosen, an unknown place, a card
    the seat sees or that is not there) and by `cardrules.Game` when a
    knowledge variant is chosen for a game that answers no
    ``cardrules_hidden_places``.
    """


@attrs.frozen
class KnownCard:
    """One card a seat knows but cannot see.

    Attributes:
        place: ``(zone, owner)`` of the game's zones (`HiddenPlaces.zones`),
            e.g. ``("layout", 2)``.
        position: its position in a ``FACE_UP`` place (0 = bottom), ``None``
            for a card known to be among a place's cards.
        card: the card.
    """

    place: Place
    position: int | None
    card: Any


def _sizes(value: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(dict(value).items()))


@attrs.frozen
class HiddenPlaces:
    """Where a game's cards lie and which a seat cannot see (``cardrules_hidden_places``).

    Attributes:
        zones: the game's zones (`cardrules.model.zones.TableSpec`).
        hidden: ``hidden(state, seat, place)``: the cards of ``place`` (a
            ``(zone, owner)``) in round ``state``, bottom first, ``None`` at each
            position ``seat`` sees; it may raise `KnowledgeError` for a place
            the game keeps no knowledge of.
        sizes: ``{zone: most cards}`` of each ``FACE_UP`` zone (the tensor
            planes have one row per position).
    """

    zones: TableSpec
    hidden: Callable[[Any, int, Place], Sequence[Any]] = attrs.field(eq=False)
    sizes: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_sizes)


def _stored(state: Any) -> tuple[tuple[Place, ...], Knowledge[Any]] | None:
    """``(the zones' places, knowledge)`` kept in ``state``, or ``None``."""
    return state.variant_states.get(KNOWN)  # type: ignore[no-any-return]


def _knowledge(state: Any) -> Knowledge[Any] | None:
    stored = _stored(state)
    return None if stored is None else stored[1]


def _store(state: Any, places: tuple[Place, ...], knowledge: Knowledge[Any]) -> None:
    """Replace the knowledge (a new mapping: clones made before keep theirs)."""
    state.variant_states = {**state.variant_states, KNOWN: (places, knowledge)}


def _places(game: Any) -> HiddenPlaces:
    places: HiddenPlaces | None = getattr(game, "hidden_places", None)
    if places is None:
        raise KnowledgeError(
            f"{game.name}: no chosen variant keeps knowledge (VariantSpec(knowledge=True))"
        )
    return places


def learn(
    game: Any,
    state: Any,
    seat: int,
    place: Place,
    position: int | None = None,
    card: Any = None,
) -> Any:
    """Mark that ``seat`` knows a card of round ``state`` it cannot see; return the card.

    Args:
        game: the game (a rule hook's ``game``).
        state: the round state, where it may change.
        seat: the seat that knows it, ``0 .. players-1``.
        place: ``(zone, owner)``, e.g. ``("layout", seat)``.
        position: for a ``FACE_UP`` place, the card's position (the card is
            read there); ``None`` for another place.
        card: for a place without positions, the card known to be there.

    Raises:
        KnowledgeError: no knowledge variant is chosen; an unknown place or
            seat; no card hidden from ``seat`` at that position (or no such
            card among the place's hidden cards). The state is then unchanged.
    """
    places = _places(game)
    spec = places.zones
    try:
        index = spec.place_index(*place)
        spec.check_seat(seat)
    except CardRulesError as error:
        raise KnowledgeError(str(error)) from None
    cards = places.hidden(state, seat, place)
    knowledge = (_knowledge(state) or Knowledge()).copy()
    if spec.zone_of_place[index].positional:
        if position is None or not 0 <= position < len(cards) or cards[position] is None:
            raise KnowledgeError(
                f"seat {seat} sees no hidden card at position {quote(position)} of {place}"
            )
        card = cards[position]
        knowledge.learn_at(seat, index, position, card)
    else:
        room = [c for c in cards if c is not None].count(card)
        if card is None or knowledge.known(seat, index).count(card) >= room:
            raise KnowledgeError(f"no more {quote(card)} hidden from seat {seat} in {place}")
        knowledge.learn(seat, index, card)
    _store(state, spec.places, knowledge)
    return card


def known_cards(state: Any, seat: int) -> tuple[KnownCard, ...]:
    """The cards ``seat`` knows in round ``state`` (by place number, then position)."""
    stored = _stored(state)
    if stored is None:
        return ()
    places, knowledge = stored
    return tuple(
        KnownCard(places[place], position, card)
        for place, position, card in knowledge.entries(seat)
    )


def forget_unseen(game: Any, state: Any) -> None:
    """Drop every fact of ``state`` whose card is no longer hidden where it was known."""
    knowledge = _knowledge(state)
    if knowledge is None:
        return
    places = _places(game)
    spec = places.zones
    drop: list[tuple[int, int, int | None, Any]] = []
    for seat in range(spec.players):
        looked: dict[int, Sequence[Any]] = {}
        left: dict[int, list[Any]] = {}
        for place, position, card in knowledge.entries(seat):
            if place not in looked:
                looked[place] = places.hidden(state, seat, spec.places[place])
                left[place] = [c for c in looked[place] if c is not None]
            cards = looked[place]
            if position is not None:
                if not (position < len(cards) and cards[position] == card):
                    drop.append((seat, place, position, card))
            elif card in left[place]:
                left[place].remove(card)
            else:
                drop.append((seat, place, None, card))
    if not drop:
        return
    knowledge = knowledge.copy()
    for seat, place, position, card in drop:
        if position is None:
            knowledge.take(seat, place, card)
        else:
            knowledge.forget_at(seat, place, position)
    _store(state, spec.places, knowledge)


def with_known(game: Any, observation: Any, state: Any, seat: int) -> Any:
    """``observation`` with ``known``: the cards ``seat`` knows in ``state``.

    Raises:
        KnowledgeError: the game's observation class has no ``known`` field.
    """
    try:
        return attrs.evolve(observation, known=known_cards(state, seat))
    except TypeError:
        raise KnowledgeError(
            f"{type(observation).__name__} has no known field: {game.name} cannot show "
            "the cards a seat knows"
        ) from None


def kept_known(game: Any, state: Any, shuffled: Any, seat: int) -> None:
    """After the game shuffled the cards hidden from ``seat``: forget what moved, check ``seat``'s.

    Other seats' known cards that moved are forgotten (`forget_unseen`).

    Raises:
        PluginHookError: a card ``seat`` knows moved (naming the game's
            ``cardrules_shuffle_hidden``).
    """
    forget_unseen(game, shuffled)
    if known_cards(shuffled, seat) != known_cards(state, seat):
        raise PluginHookError(
            f"game:{game.name}",
            "cardrules_shuffle_hidden",
            f"it moved a card seat {seat} knows: {known_cards(state, seat)}",
        )


def install_known(game: Any, state: Any, seat: int, known: Iterable[KnownCard], who: str) -> None:
    """Give round ``state`` (sampled for ``seat``) the known cards ``known``; check they hold.

    Raises:
        PluginHookError: a card is not hidden where it is known to be (the
            plugin ``who`` did not keep it there).
    """
    _store(state, _places(game).zones.places, Knowledge())
    for fact in known:
        try:
            card = learn(game, state, seat, fact.place, fact.position, fact.card)
        except KnowledgeError as error:
            raise PluginHookError(who, "keeping known cards", error) from None
        if card != fact.card:
            raise PluginHookError(
                who, "keeping known cards", f"{fact} holds {card}: the known card moved"
            )


def known_planes(game: Any) -> PlaneSet:
    """The tensor planes of the known cards: one ``known:<zone>`` per zone that hides cards.

    Per zone not seen by everyone: rows by owner relative to the observer
    (row ``r`` is seat ``(observer + r) % P``; one row for a table zone);
    for a ``FACE_UP`` zone one row per position (`HiddenPlaces.sizes`) of a
    one-hot of the known card's kind, else a count per kind. Kinds are in
    the order of ``game.deck.counts``.

    Raises:
        KnowledgeError: a ``FACE_UP`` zone has no size.
    """
    places = _places(game)
    spec = places.zones
    kinds = {card: i for i, (card, _) in enumerate(game.deck.counts)}
    sizes = dict(places.sizes)
    zones = [z for z in spec.zones if z.visibility is not Visibility.EVERYONE]
    shapes: list[tuple[str, tuple[int, ...], str]] = []
    starts: dict[str, int] = {}
    total = 0
    for zone in zones:
        rows = spec.players if zone.owned else 1
        if zone.positional:
            if zone.name not in sizes:
                raise KnowledgeError(f"HiddenPlaces gives no size of FACE_UP zone {zone.name!r}")
            shape: tuple[int, ...] = (rows, sizes[zone.name], len(kinds))
            text = "per owner (relative seat) and position: one-hot of the known card's kind"
        else:
            shape = (rows, len(kinds))
            text = "per owner (relative seat): known cards of each kind"
        starts[zone.name] = total
        total += len(kinds) * shape[0] * (shape[1] if zone.positional else 1)
        shapes.append((zone.name, shape, text))
    shape_of = {name: shape for name, shape, _ in shapes}

    def encode_facts(facts: Iterable[KnownCard], seat: int) -> list[float]:
        values = [0.0] * total
        for fact in facts:
            zone, owner = fact.place
            shape = shape_of[zone]
            row = 0 if owner is None else (owner - seat) % spec.players
            at = starts[zone] + row * (len(kinds) * (shape[1] if len(shape) == 3 else 1))
            if fact.position is not None:
                at += fact.position * len(kinds)
            values[at + kinds[fact.card]] += 1.0
        return values

    return PlaneSet(
        name="known",
        planes=tuple(shapes),
        encode=lambda game, observation: encode_facts(observation.known, observation.seat),
        encode_state=lambda game, state, seat: encode_facts(known_cards(state, seat), seat),
    )
