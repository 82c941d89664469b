"""What a seat cannot see in Toonerville Rook, and dealing it anew (for checks and search).

Hidden from a seat: the other players' hands, except the cards known to be in
them (`RookRound.known`), and the draw pile. After a rebuild (R16) public
facts narrow where the hidden cards are: the rebuilt cards the seat did not
draw itself are in the draw pile or were drawn by the other seats, each seat
drawing as many as all saw it draw, and a card a seat drew is in its hand
unless it played it in the open since. `deal_hidden` deals hidden cards at
random under those constraints; both `shuffle_hidden` and
`cardrules_rook.determinize` use it.

After a rebuild: what is possible, and how `deal_hidden` deals it. Say ``R``
is the rebuilt cards less the observer's own draws from them. The draw pile
and the other seats' draws ``D_s`` (``d_s`` cards each, a public count) are
exactly ``R``. A card of ``D_s`` is in seat ``s``'s hand, or ``s`` played it
in the open after drawing it: then it is one of its *plays after rebuilt
draws* (`RookRound.rebuilt_plays`; a played card of a kind ``s`` is known to
hold is taken to be that known card, which loses nothing since identical
cards are one card, R2). A deal is possible exactly when the other seats'
draws split as ``D_s = E_s + I_s``, where

* ``E_s`` are plays of ``s`` after rebuilt draws, each matched to an earlier
  draw of ``s`` (at most ``k`` of them among the plays made by the time ``s``
  had drawn ``k`` cards), of kinds in ``R`` (no more of a kind than ``R``
  holds);
* ``I_s`` are ``d_s - |E_s|`` cards in the unknown part of ``s``'s hand (so
  ``|E_s|`` is at least ``d_s`` less its unknown cards);
* the draw pile is the rest ``R - E - I``, which must be unseen cards: with
  ``B = R - E`` that is ``B <= unseen``, i.e. ``E`` holds each rebuilt card
  that is no longer unseen (only its drawer can have played it).

Such a split is a history: each seat drew ``E_s + I_s``, played the cards of
``E_s`` from those draws and its other plays from what it held before the
rebuild (its hand now, plus its plays, less the cards it took, less ``D_s``:
never negative, and holding the cards known then). And every real state has
one (where a drawn card was played as a card of a known kind, let the known
card be the one played). So, as to where the rebuilt cards may be, the split
is no approximation: the states with one are exactly the possible states.
(Random play bears this out: ``tests/test_determinize.py`` checks the real
round and the samples for a split at many positions.)

Which possible states are likelier cannot be told without a model of the
players (did a seat discard the card it just drew, or one it held?), so
`deal_hidden` uses a simple rule: it takes the plays ``E`` must hold (first
fit in a random order, or, when that gets stuck, a flow with lower bounds),
then each other play that may be a drawn card with even odds where it fits;
it deals ``B`` uniformly to the ``I_s`` and the draw pile, and the other
unseen cards uniformly to the rest of the hands. Every possible state can be
dealt, and only those; their odds are this rule's, not an exact posterior.

Only the last rebuild is tracked: with more than one rebuild in a round
(option ``stock_rebuilds``), cards drawn from an earlier rebuilt pile are
dealt like cards drawn before any rebuild, so such a sample may hold one
where its drawer could not have let it go.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

from cardrules.errors import ObservationMismatchError
from cardrules.model.piles import Pile
from cardrules_rook.cards import Card, card_of_code
from cardrules_rook.state import RookRound

__all__ = ["deal_hidden", "shuffle_hidden"]


def deal_hidden(
    unseen: Sequence[int],
    draw_pile_size: int,
    hand_sizes: Sequence[int],
    rng: random.Random,
    rebuilt: Sequence[int] | None = None,
    draw_counts: Sequence[int] = (),
    plays: Sequence[Sequence[tuple[int, int]]] = (),
) -> tuple[list[Card], list[list[int]], list[list[int]]]:
    """Deal unseen cards at random to the draw pile and the unknown part of the other hands.

    Every card counts as one (identical cards from several decks too, R2).
    Before a rebuild the deal is uniform over the ways to place the unseen
    cards; after one it is the deal the module docstring explains.

    Args:
        unseen: 57 counts by code: the cards to deal.
        draw_pile_size: cards the draw pile gets.
        hand_sizes: per other seat, in order, the cards its hand gets (its
            unknown cards); with ``draw_pile_size`` they add up to every
            unseen card.
        rng: the generator to deal with.
        rebuilt: after a rebuild (R16), 57 counts: the cards the draw pile was
            rebuilt from less the observer's own draws from it; ``None``
            before any rebuild.
        draw_counts: after a rebuild, per other seat: cards it drew from the
            rebuilt pile since.
        plays: after a rebuild, per other seat: its plays after rebuilt draws,
            ``(cards it had drawn by then, code)`` (`RookRound.rebuilt_plays`).

    Returns:
        ``(draw_pile, hands, draws)``: the draw pile bottom first; per other
        seat the cards dealt to its hand, and the cards it drew from the
        rebuilt pile in this deal (all 0 before a rebuild), as 57 counts.

    Raises:
        ObservationMismatchError: the sizes do not add up, or the constraints contradict
            each other.
    """
    seats = len(hand_sizes)
    if draw_pile_size + sum(hand_sizes) != sum(unseen):
        raise ObservationMismatchError(
            f"{sum(unseen)} unseen cards cannot fill a draw pile of {draw_pile_size} "
            f"and hands of {list(hand_sizes)}"
        )
    hands = [[0] * 57 for _ in range(seats)]
    draws = [[0] * 57 for _ in range(seats)]
    if rebuilt is None:
        rest = [code for code in range(57) for _ in range(unseen[code])]
        rng.shuffle(rest)
        stock = [card_of_code(code) for code in rest[len(rest) - draw_pile_size :]]
        _fill(hands, hand_sizes, rest[: len(rest) - draw_pile_size])
        return stock, hands, draws
    if len(draw_counts) != seats or len(plays) != seats:
        raise ObservationMismatchError("need the rebuilt draws and plays of every other seat")
    if sum(rebuilt) != draw_pile_size + sum(draw_counts):
        raise ObservationMismatchError(
            f"{sum(rebuilt)} rebuilt cards cannot be a draw pile of {draw_pile_size} "
            f"and draws of {list(draw_counts)}"
        )
    explained = _explained_plays(unseen, rebuilt, hand_sizes, draw_counts, plays, rng)
    left = list(rebuilt)  # B = R - E: what the draw pile and the hands' draws hold
    for row in explained:
        for code in row:
            left[code] -= 1
    pool = [code for code in range(57) for _ in range(left[code])]
    rng.shuffle(pool)
    start = 0
    for s in range(seats):
        kept = draw_counts[s] - len(explained[s])
        for code in pool[start : start + kept]:
            hands[s][code] += 1
            draws[s][code] += 1
        start += kept
        for code in explained[s]:
            draws[s][code] += 1
    stock = [card_of_code(code) for code in pool[start:]]
    rest = [code for code in range(57) for _ in range(unseen[code] - left[code])]
    rng.shuffle(rest)
    _fill(hands, [size - sum(hand) for size, hand in zip(hand_sizes, hands, strict=True)], rest)
    return stock, hands, draws


def _fill(hands: list[list[int]], sizes: Sequence[int], codes: Sequence[int]) -> None:
    """Add ``codes`` to ``hands`` in order, ``sizes[i]`` of them to hand ``i``."""
    start = 0
    for hand, size in zip(hands, sizes, strict=True):
        for code in codes[start : start + size]:
            hand[code] += 1
        start += size


class _Taken:
    """Plays taken so far to be cards their seats drew (``E``), and the room left.

    ``room[s][t]`` is ``t`` less the plays of seat ``s`` taken that were made
    after at most ``t`` draws: each taken play is matched to an earlier draw
    of its seat while every room is at least 0 (Hall's condition).
    """

    __slots__ = ("room", "seat_count", "used")

    def __init__(self, draw_counts: Sequence[int]) -> None:
        self.room = [list(range(d + 1)) for d in draw_counts]
        self.used = [0] * 57
        self.seat_count = [0] * len(draw_counts)

    def fits(self, seat: int, drawn: int) -> bool:
        """Whether a play of ``seat`` made after ``drawn`` draws can be taken too."""
        return min(self.room[seat][drawn:]) >= 1

    def take(self, seat: int, drawn: int, code: int) -> None:
        """Take a play (it must fit)."""
        room = self.room[seat]
        for t in range(drawn, len(room)):
            room[t] -= 1
        self.used[code] += 1
        self.seat_count[seat] += 1


def _explained_plays(
    unseen: Sequence[int],
    rebuilt: Sequence[int],
    hand_sizes: Sequence[int],
    draw_counts: Sequence[int],
    plays: Sequence[Sequence[tuple[int, int]]],
    rng: random.Random,
) -> list[list[int]]:
    """Per other seat, the codes of plays taken to be cards it drew (``E_s``; module docstring).

    The plays ``E`` must hold are picked greedily in random order, or, when
    that gets stuck, from a feasible flow; then each other play is added with
    even odds where it still fits.

    Raises:
        ObservationMismatchError: no choice fits (the facts contradict each other).
    """
    seats = len(hand_sizes)
    candidates: list[tuple[int, int, int]] = []  # (seat, drawn by then, code)
    for s in range(seats):
        for drawn, code in plays[s]:
            if not 1 <= drawn <= draw_counts[s]:
                raise ObservationMismatchError(
                    f"a play after {drawn} of {draw_counts[s]} rebuilt draws"
                )
            if rebuilt[code]:
                candidates.append((s, drawn, code))
    rng.shuffle(candidates)
    short = [max(0, r - u) for r, u in zip(rebuilt, unseen, strict=True)]
    least = [max(0, d - size) for d, size in zip(draw_counts, hand_sizes, strict=True)]
    chosen = [False] * len(candidates)
    taken = _Taken(draw_counts)
    if any(short) or any(least):
        greedy = _greedy_required_plays(candidates, short, rebuilt, least, draw_counts)
        if greedy is None:
            chosen = _required_plays(candidates, short, rebuilt, least, draw_counts, seats)
            for (s, drawn, code), chose in zip(candidates, chosen, strict=True):
                if chose:
                    taken.take(s, drawn, code)
        else:
            chosen, taken = greedy
    for i, (s, drawn, code) in enumerate(candidates):
        if chosen[i] or taken.used[code] >= rebuilt[code] or rng.random() < 0.5:
            continue
        if taken.fits(s, drawn):
            chosen[i] = True
            taken.take(s, drawn, code)
    explained: list[list[int]] = [[] for _ in range(seats)]
    for (s, _, code), chose in zip(candidates, chosen, strict=True):
        if chose:
            explained[s].append(code)
    return explained


def _greedy_required_plays(
    candidates: Sequence[tuple[int, int, int]],
    short: Sequence[int],
    rebuilt: Sequence[int],
    least: Sequence[int],
    draw_counts: Sequence[int],
) -> tuple[list[bool], _Taken] | None:
    """Which candidates to take so that ``E`` holds ``short`` and each seat's ``least``.

    Takes the first candidates that fit, in their (random) order: the kinds
    ``short`` first, then each seat's ``least``. ``None`` when that gets stuck,
    though a choice may exist (`_required_plays` then decides).
    """
    chosen = [False] * len(candidates)
    taken = _Taken(draw_counts)
    for i, (s, drawn, code) in enumerate(candidates):
        if taken.used[code] < short[code] and taken.fits(s, drawn):
            chosen[i] = True
            taken.take(s, drawn, code)
    if any(u < n for u, n in zip(taken.used, short, strict=True)):
        return None
    for i, (s, drawn, code) in enumerate(candidates):
        if (
            not chosen[i]
            and taken.seat_count[s] < least[s]
            and taken.used[code] < rebuilt[code]
            and taken.fits(s, drawn)
        ):
            chosen[i] = True
            taken.take(s, drawn, code)
    if any(n < m for n, m in zip(taken.seat_count, least, strict=True)):
        return None
    return chosen, taken


def _required_plays(
    candidates: Sequence[tuple[int, int, int]],
    short: Sequence[int],
    rebuilt: Sequence[int],
    least: Sequence[int],
    draw_counts: Sequence[int],
    seats: int,
) -> list[bool]:
    """Which candidates to take so that ``E`` holds ``short`` and each seat's ``least``.

    A circulation with lower bounds: source -> kind (``short[c] .. rebuilt[c]``)
    -> play (1) -> the seat's draw slot ``drawn by then`` -> earlier slots (any)
    -> seat (1 per slot) -> sink (``least[s] .. draw_counts[s]``) -> source.

    Raises:
        ObservationMismatchError: no circulation exists.
    """
    kinds = [code for code in range(57) if rebuilt[code]]
    kind_node = {code: 2 + i for i, code in enumerate(kinds)}
    play0 = 2 + len(kinds)
    slot0 = play0 + len(candidates)
    slot_base: list[int] = []
    nodes = slot0
    for s in range(seats):
        slot_base.append(nodes - 1)  # slot k of seat s is node slot_base[s] + k, k >= 1
        nodes += draw_counts[s]
    seat0 = nodes
    nodes += seats
    big = sum(rebuilt) + 1
    edges: list[tuple[int, int, int, int]] = []  # (from, to, low, high); 0 source, 1 sink
    for code in kinds:
        edges.append((0, kind_node[code], short[code], rebuilt[code]))
    for i, (s, drawn, code) in enumerate(candidates):
        edges.append((kind_node[code], play0 + i, 0, 1))
        edges.append((play0 + i, slot_base[s] + drawn, 0, 1))
    for s in range(seats):
        for k in range(1, draw_counts[s] + 1):
            if k > 1:
                edges.append((slot_base[s] + k, slot_base[s] + k - 1, 0, big))
            edges.append((slot_base[s] + k, seat0 + s, 0, 1))
        edges.append((seat0 + s, 1, least[s], draw_counts[s]))
    edges.append((1, 0, 0, big))
    flow = _circulation(nodes, edges)
    if flow is None:
        raise ObservationMismatchError(
            "no choice of played cards fits the rebuilt draw pile's cards"
        )
    first = len(kinds)
    return [flow[first + 2 * i] == 1 for i in range(len(candidates))]


def _circulation(nodes: int, edges: Sequence[tuple[int, int, int, int]]) -> list[int] | None:
    """A circulation within the edges' bounds (their flows, in order), or ``None``."""
    graph: list[list[list[int]]] = [[] for _ in range(nodes + 2)]  # [to, capacity, reverse]
    refs: list[tuple[int, int]] = []
    excess = [0] * (nodes + 2)

    def add(u: int, v: int, capacity: int) -> tuple[int, int]:
        graph[u].append([v, capacity, len(graph[v])])
        graph[v].append([u, 0, len(graph[u]) - 1])
        return u, len(graph[u]) - 1

    for u, v, low, high in edges:
        if low > high:
            return None
        refs.append(add(u, v, high - low))
        excess[v] += low
        excess[u] -= low
    start, end = nodes, nodes + 1
    need = 0
    for node in range(nodes):
        if excess[node] > 0:
            add(start, node, excess[node])
            need += excess[node]
        elif excess[node] < 0:
            add(node, end, -excess[node])
    if _max_flow(graph, start, end) < need:
        return None
    return [
        low + (high - low - graph[u][i][1])
        for (u, i), (_, _, low, high) in zip(refs, edges, strict=True)
    ]


def _max_flow(graph: list[list[list[int]]], start: int, end: int) -> int:
    """Augment along shortest paths (Edmonds-Karp) until none is left; the flow added."""
    total = 0
    while True:
        back: list[tuple[int, int] | None] = [None] * len(graph)
        back[start] = (start, -1)
        queue = deque([start])
        while queue and back[end] is None:
            u = queue.popleft()
            for i, (v, capacity, _) in enumerate(graph[u]):
                if capacity > 0 and back[v] is None:
                    back[v] = (u, i)
                    queue.append(v)
        if back[end] is None:
            return total
        path: list[tuple[int, int]] = []
        v = end
        while v != start:
            step = back[v]
            assert step is not None
            path.append(step)
            v = step[0]
        push = min(graph[u][i][1] for u, i in path)
        for u, i in path:
            edge = graph[u][i]
            edge[1] -= push
            graph[edge[0]][edge[2]][1] += push
        total += push


def shuffle_hidden(state: RookRound, seat: int, rng: random.Random) -> RookRound:
    """A copy of ``state`` where every card hidden from ``seat`` is dealt anew at random.

    Hidden from ``seat``: the other players' hands but their known cards
    (`RookRound.known`), and the draw pile. Each hand keeps its size and its
    known cards, the draw pile its length; after a rebuild (R16) the deal
    keeps what ``seat`` knows of the rebuilt cards (`deal_hidden`) and each
    other seat's draws from it are those of the deal. The seat's own hand, the
    table and the discard pile stay as they are. Only ``seat``'s view is kept:
    what other seats knew of the moved cards may no longer hold.
    """
    twin = state.clone()
    others = [s for s in range(twin.players) if s != seat]
    unseen = [0] * 57
    sizes: list[int] = []
    for s in others:
        hand, known = twin.hands[s], twin.known[s]
        for code in range(57):
            unseen[code] += hand[code] - known[code]
        sizes.append(sum(hand) - sum(known))
    for card in twin.stock:
        unseen[card.code] += 1
    if twin.rebuilds:
        own = twin.rebuilt_draws[seat]
        stock, hands, draws = deal_hidden(
            unseen,
            len(twin.stock),
            sizes,
            rng,
            [r - d for r, d in zip(twin.rebuilt, own, strict=True)],
            [sum(twin.rebuilt_draws[s]) for s in others],
            [twin.rebuilt_plays[s] for s in others],
        )
        rows = list(twin.rebuilt_draws)
        for s, drawn in zip(others, draws, strict=True):
            rows[s] = tuple(drawn)
        twin.rebuilt_draws = tuple(rows)
    else:
        stock, hands, _ = deal_hidden(unseen, len(twin.stock), sizes, rng)
    for s, dealt in zip(others, hands, strict=True):
        twin.hands[s] = [k + d for k, d in zip(twin.known[s], dealt, strict=True)]
    twin.stock = Pile(stock)
    return twin
