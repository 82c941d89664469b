"""Observation tensors: fixed layouts, and tensors that decode back to their observations.

The decoders here read a tensor through the layout's plane names only and
rebuild the observation's fields independently (from ``collections.Counter``
and the card types), so a wrong offset, seat rotation or card index shows.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import DeckComposition, GameState, VariantSpec
from cardrules.information.tensor_layout import (
    NUMPY_MISSING,
    ObservationMismatchError,
    TensorLayout,
    cached_for_game,
)
from cardrules_gnoming.cards import HAZARD, MULLIGAN, Card, number
from cardrules_gnoming.observation import GnomingObservation
from cardrules_gnoming.state import GnomingPhase
from cardrules_gnoming.tensor import card_kinds
from cardrules_rook import tensor_groups as rook_tensor_groups
from cardrules_rook import tensor_melds as rook_tensor_melds
from cardrules_rook.actions import action_space
from cardrules_rook.cards import ROOK, card_of_code, natural
from cardrules_rook.cards import Card as RookCard
from cardrules_rook.melds import Meld, RunMeld, SetMeld
from cardrules_rook.moves import LayOff, Swap
from cardrules_rook.observation import RookObservation
from cardrules_rook.state import RookPhase
from cardrules_rook.tensor import meld_columns
from tests.rook import builders as rb

np = pytest.importorskip("numpy")

GNOMING = "gnoming-a-round"
ROOK_GAME = "toonerville-rook"


# --------------------------------------------------------------------------
# Positions from random play
# --------------------------------------------------------------------------


def play(state: GameState, seed: int, *, first_bias: float = 0.0, every: int = 1) -> Iterator[Any]:
    """Play ``state`` out at random, yielding every seat's observation every ``every`` moves.

    With ``first_bias`` the first legal move is played that often instead (in
    Gnoming: draw from the draw pile and swap position 0, so the draw pile runs
    out and is rebuilt).
    """
    rng = random.Random(seed)
    step = 0
    while True:
        if step % every == 0 or state.is_over:
            for seat in range(state.players):
                yield state.observation(seat)
        if state.is_over:
            return
        moves = state.legal_moves()
        use_first = rng.random() < first_bias
        state.apply(moves[0] if use_first else moves[rng.randrange(len(moves))])
        step += 1


def gnoming_positions(
    players: int, seed: int, variants: Sequence[str] = (), first_bias: float = 0.0
) -> tuple[GameState, list[GnomingObservation]]:
    state = cardrules.new_game(GNOMING, players=players, seed=seed, variants=variants)
    return state, list(play(state, seed, first_bias=first_bias, every=8))


def rook_positions(
    players: int, seed: int, variants: Sequence[str] = (), rounds: int = 2
) -> tuple[GameState, list[RookObservation]]:
    state = cardrules.new_game(
        ROOK_GAME, players=players, seed=seed, variants=variants, options={"rounds": rounds}
    )
    return state, list(play(state, seed, every=16))


GNOMING_CASES = [
    (3, 1, (), 0.0),
    (4, 2, ("no-bounce",), 0.0),
    (5, 3, ("costly-hazards", "keep-taken-discard"), 0.0),
    (7, 4, (), 0.0),
    (3, 5, (), 0.9),  # long rounds: the draw pile is rebuilt (G8)
]
# (players, seed, variants, rounds, whether the sampled observations show cards the
# observer drew from a rebuilt draw pile, R16)
ROOK_CASES = [
    (3, 1, (), 2, True),
    (4, 2, ("three-buys",), 2, False),
    (5, 3, ("unlimited-rebuilds",), 1, True),
]


# --------------------------------------------------------------------------
# Generic checks
# --------------------------------------------------------------------------


def rel_seats(observer: int, players: int) -> list[int]:
    """Absolute seat of each row of a per-seat plane: the observer, then to its left."""
    return [(observer + row) % players for row in range(players)]


def one_hot_seat(vector: Any, observer: int, players: int) -> int | None:
    """The absolute seat a relative one-hot names, or None if it is all 0."""
    assert set(vector.tolist()) <= {0.0, 1.0}
    assert vector.sum() <= 1
    if not vector.any():
        return None
    return rel_seats(observer, players)[int(vector.argmax())]


def assert_layout_tiles(layout: TensorLayout) -> None:
    """Planes start at 0, follow each other without gaps, and have unique names."""
    position = 0
    for plane in layout.planes:
        assert plane.start == position
        assert plane.size > 0
        assert plane.description
        position = plane.stop
    assert position == layout.size
    assert len({p.name for p in layout.planes}) == len(layout.planes)


def check_common(game: cardrules.Game, obs: Any, tensor: Any) -> None:
    """Shape, dtype, finite values, and the seat planes shared by both games."""
    layout = game.tensor_layout
    assert tensor.shape == (layout.size,)
    assert tensor.dtype == np.float32
    assert np.isfinite(tensor).all()
    view = layout.view
    # Documented ranges: everything but two scaled planes is a whole number >= 0.
    for plane in layout.planes:
        values = view(tensor, plane.name)
        if plane.name not in ("draw_pile_size", "scores"):
            assert (values >= 0).all(), plane.name
            assert (values == np.round(values)).all(), plane.name
    players = obs.players
    assert one_hot_seat(view(tensor, "current_player"), obs.seat, players) == obs.current_player
    assert one_hot_seat(view(tensor, "turn_seat"), obs.seat, players) == obs.turn_seat
    rounds = view(tensor, "round")
    assert rounds.sum() == 1
    assert rounds[obs.round] == 1
    totals = [sum(column) for column in zip(*obs.round_scores, strict=True)] or [0] * players
    expected = [totals[s] / 100 for s in rel_seats(obs.seat, players)]
    np.testing.assert_allclose(view(tensor, "scores"), expected, rtol=1e-6)
    assert 0 <= view(tensor, "draw_pile_size")[0] <= 1
    assert view(tensor, "draw_pile_size")[0] * game.deck.size == pytest.approx(obs.draw_pile_size)


# --------------------------------------------------------------------------
# Gnoming A Round
# --------------------------------------------------------------------------


def check_gnoming(game: cardrules.Game, obs: GnomingObservation, tensor: Any) -> None:
    """Decode every plane and compare it with the observation."""
    check_common(game, obs, tensor)
    view = game.tensor_layout.view
    kinds = card_kinds(game)
    k = len(kinds)
    copies = np.array([n for _, n in game.deck.counts])

    def cards_of(counts: Any) -> Counter[Card]:
        assert (counts >= 0).all()
        assert (counts == np.round(counts)).all()
        return Counter({kinds[i]: int(n) for i, n in enumerate(counts) if n})

    # Layouts: one channel per position; the last is "face down"; row 0 is the observer.
    layouts = view(tensor, "layouts")
    assert set(np.unique(layouts).tolist()) <= {0.0, 1.0}
    assert (layouts.sum(axis=2) == 1).all()
    for row, seat in enumerate(rel_seats(obs.seat, obs.players)):
        decoded = tuple(None if cell[k] else kinds[int(cell.argmax())] for cell in layouts[row])
        assert decoded == obs.layouts[seat]
    assert obs.own_layout == tuple(
        None if cell[k] else kinds[int(cell.argmax())] for cell in layouts[0]
    )

    held = view(tensor, "held")
    assert held.sum() <= 1
    hidden_held = obs.held_card is None and obs.held_from == "stock"
    assert bool(held[k]) == hidden_held
    if obs.held_card is None:
        assert not held[:k].any()
    else:
        assert kinds[int(held.argmax())] == obs.held_card
    sources = view(tensor, "held_from")
    assert sources.sum() == (obs.held_from is not None)
    if obs.held_from is not None:
        assert ("stock", 0, 1)[int(sources.argmax())] == obs.held_from

    tops, counts = view(tensor, "discard_top"), view(tensor, "discard_counts")
    unders = view(tensor, "discard_under")
    for number_, pile in enumerate(obs.discard_piles):
        assert cards_of(counts[number_]) == Counter(pile)
        assert tops[number_].sum() == bool(pile)
        if pile:
            assert kinds[int(tops[number_].argmax())] == pile[-1]
        assert unders[number_].sum() == (len(pile) > 1)
        if len(pile) > 1:
            assert kinds[int(unders[number_].argmax())] == pile[-2]
    assert (counts <= copies).all()
    assert cards_of(view(tensor, "out_of_play")) == Counter(obs.out_of_play)

    pile_cards = obs.draw_pile_cards
    assert view(tensor, "draw_pile_known")[0] == (pile_cards is not None)
    assert cards_of(view(tensor, "draw_pile_counts")) == Counter(pile_cards or ())
    assert view(tensor, "draw_pile_hazards")[0] == obs.draw_pile_hazards

    # Unseen: the deck less every card shown anywhere, by an independent count.
    visible = [c for layout in obs.layouts for c in layout if c is not None]
    visible += [*obs.discard_piles[0], *obs.discard_piles[1], *obs.out_of_play]
    if obs.held_card is not None:
        visible.append(obs.held_card)
    unseen = view(tensor, "unseen")
    assert cards_of(unseen) == Counter(game.deck.as_dict()) - Counter(visible)
    face_down = sum(c is None for layout in obs.layouts for c in layout)
    assert unseen.sum() == obs.draw_pile_size + face_down + hidden_held
    if pile_cards is not None:  # the known draw pile (and hidden held card) is unseen
        assert (view(tensor, "draw_pile_counts") <= unseen).all()
        assert len(pile_cards) == obs.draw_pile_size + hidden_held

    phase = view(tensor, "phase")
    assert phase.sum() == 1
    assert tuple(GnomingPhase)[int(phase.argmax())] is obs.phase
    assert one_hot_seat(view(tensor, "ender"), obs.seat, obs.players) == obs.ender
    assert one_hot_seat(view(tensor, "starter"), obs.seat, obs.players) == obs.starter
    pending = view(tensor, "pending")
    seats = rel_seats(obs.seat, obs.players)
    assert {seats[int(r)] for r in np.flatnonzero(pending)} == set(obs.pending)
    assert pending.sum() == len(obs.pending)
    ended = view(tensor, "ended_by")
    assert ended.sum() == (obs.ended_by is not None)
    if obs.ended_by is not None:
        assert ("ender", "stock")[int(ended.argmax())] == obs.ended_by
    assert view(tensor, "final_turns").tolist() == [
        obs.final_turns_left,
        obs.mulligans_at_turn_start,
    ]
    filled = view(tensor, "filled_positions")
    assert tuple(np.flatnonzero(filled).tolist()) == obs.filled_positions
    rebuilds = view(tensor, "rebuilds")
    assert rebuilds[0] == obs.rebuilds
    limit = game.options.draw_pile_rebuilds
    assert rebuilds[1] == (limit is None or obs.rebuilds < limit)


@pytest.mark.parametrize(("players", "seed", "variants", "bias"), GNOMING_CASES)
def test_gnoming_tensors_decode_to_their_observations(
    players: int, seed: int, variants: tuple[str, ...], bias: float
) -> None:
    """Random play: every seat's tensor has the fixed shape and decodes to its observation."""
    state, observations = gnoming_positions(players, seed, variants, bias)
    game = state.game
    layout = game.tensor_layout
    assert_layout_tiles(layout)
    assert layout.plane("layouts").shape == (players, 9, 20)
    assert layout.plane("round").shape == (game.rounds,)
    for obs in observations:
        check_gnoming(game, obs, game.observation_tensor(obs))
    if bias:
        assert any(obs.rebuilds for obs in observations)  # the rebuild was exercised


def test_gnoming_relative_seats_rotate_between_observers() -> None:
    """Row r of observer a is row (r + a - b) % P of observer b: the same seat."""
    state = cardrules.new_game(GNOMING, players=5, seed=11)
    for _ in range(40):
        state.apply(state.legal_moves()[-1])
    game = state.game
    layouts = [
        game.tensor_layout.view(game.observation_tensor(state.observation(s)), "layouts")
        for s in range(5)
    ]
    for a in range(5):
        for b in range(5):
            for row in range(5):
                np.testing.assert_array_equal(layouts[a][row], layouts[b][(row + a - b) % 5])


class _SmallDeckRules:
    """Variant rule plugin: a 40-card deck, listed in an order of its own."""

    deck: DeckComposition[Card] = DeckComposition(
        ((MULLIGAN, 2), (number(-2), 10), (number(4), 14), (number(9), 12), (HAZARD, 2))
    )

    @cardrules.hookimpl(tryfirst=True)
    def cardrules_deck(self, game: cardrules.Game) -> DeckComposition[Card]:
        return self.deck


class _SmallDeckRegistrar:
    def __init__(self) -> None:
        self.rules = _SmallDeckRules()

    @cardrules.hookimpl
    def cardrules_register_variants(self, register: Callable[[VariantSpec], None]) -> None:
        register(VariantSpec("small-deck", GNOMING, "a 40-card deck", plugin=self.rules))


@pytest.mark.parametrize(("players", "size"), [(3, 782), (4, 968), (5, 1154), (6, 1340), (7, 1526)])
def test_gnoming_tensor_sizes_are_as_documented(players: int, size: int) -> None:
    """9P(K+1) + 6P + 10K + 31 + R values: K = 19 kinds in the default deck, R = 3 rounds."""
    game = cardrules.new_game(GNOMING, players=players, seed=1).game
    kinds = len(card_kinds(game))
    assert kinds == 19
    expected = 9 * players * (kinds + 1) + 6 * players + 10 * kinds + 31 + game.rounds
    assert game.tensor_layout.size == expected == size


def test_gnoming_card_kinds_come_from_the_deck() -> None:
    """A variant deck changes the card kinds (their number and order) and the deck size."""
    catalogue = cardrules.Catalogue(plugins=[("test-small-deck", _SmallDeckRegistrar())])
    state = cardrules.new_game(
        GNOMING, players=3, seed=2, variants=["small-deck"], catalogue=catalogue
    )
    game = state.game
    assert card_kinds(game) == (MULLIGAN, number(-2), number(4), number(9), HAZARD)
    assert game.tensor_layout.plane("layouts").shape == (3, 9, 6)
    # docs/tensors.md: 9P(K+1) + 6P + 10K + 31 + R values, here with K = 5.
    assert game.tensor_layout.size == 9 * 3 * 6 + 6 * 3 + 10 * 5 + 31 + game.rounds
    assert "deck size (40)" in game.tensor_layout.plane("draw_pile_size").description
    for obs in play(state, 2, every=2):
        check_gnoming(game, obs, game.observation_tensor(obs))


# --------------------------------------------------------------------------
# Toonerville Rook
# --------------------------------------------------------------------------


def rook_cards_of(counts: Any, offset: int = 0) -> Counter[RookCard]:
    """The cards of a plane of counts indexed by card code (from ``offset``)."""
    assert (counts >= 0).all()
    assert (counts == np.round(counts)).all()
    return Counter({card_of_code(offset + i): int(n) for i, n in enumerate(counts) if n})


# The columns of a table_melds row as docs/tensors.md states them (P owner columns follow).
ROOK_MELD_COLUMNS = {
    "present": slice(0, 1),
    "run": slice(1, 2),
    "set": slice(2, 3),
    "run_colour": slice(3, 7),
    "run_numbers": slice(7, 21),
    "run_rooks": slice(21, 35),
    "set_number": slice(35, 49),
    "set_colours": slice(49, 53),
    "set_rooks": slice(53, 54),
}
ROOK_OWNER = 54


def rook_targets(players: int) -> int:
    """T, the rows of table_melds with the default deck (57 cards per player): (57P - P) // 3."""
    return (57 * players - players) // 3


def decode_rook_meld(row: Any, observer: int, players: int) -> tuple[Meld, int] | None:
    """The meld and (absolute) owner a table_melds row describes, or None for an empty row."""
    if not row.any():
        return None
    c = {name: row[column] for name, column in ROOK_MELD_COLUMNS.items()}
    assert c["present"].tolist() == [1]
    assert c["run"][0] + c["set"][0] == 1
    owner = one_hot_seat(row[ROOK_OWNER:], observer, players)
    assert owner is not None
    assert row.shape == (ROOK_OWNER + players,)
    if c["run"][0]:
        for name in ("set_number", "set_colours", "set_rooks"):
            assert not c[name].any(), name
        assert set(row[: ROOK_MELD_COLUMNS["set_number"].start].tolist()) <= {0.0, 1.0}
        assert c["run_colour"].sum() == 1
        colour = "RYGB"[int(c["run_colour"].argmax())]
        numbers = [int(n) + 1 for n in np.flatnonzero(c["run_numbers"])]
        assert numbers == list(range(numbers[0], numbers[-1] + 1))  # consecutive
        rooks = tuple(int(n) + 1 for n in np.flatnonzero(c["run_rooks"]))
        assert set(rooks) <= set(numbers)
        return RunMeld(colour, numbers[0], numbers[-1], rooks), owner
    for name in ("run_colour", "run_numbers", "run_rooks"):
        assert not c[name].any(), name
    assert set(c["set_number"].tolist()) <= {0.0, 1.0}
    assert c["set_number"].sum() == 1
    copies = [int(n) for n in c["set_colours"]]
    colours = tuple(colour for colour, n in zip("RYGB", copies, strict=True) for _ in range(n))
    return SetMeld(int(c["set_number"].argmax()) + 1, colours, int(c["set_rooks"][0])), owner


def check_rook(game: cardrules.Game, obs: RookObservation, tensor: Any) -> None:
    """Decode every plane and compare it with the observation."""
    check_common(game, obs, tensor)
    view = game.tensor_layout.view
    players = obs.players
    seats = rel_seats(obs.seat, players)
    deck = Counter(game.deck.as_dict())
    copies = np.array([deck[card_of_code(code)] for code in range(57)])
    for name in ("hand", "discard_counts", "unseen", "rebuilt_draw_pile", "drawn_from_rebuilt"):
        assert (view(tensor, name) <= copies).all(), name
    for name in ("table_run_naturals", "table_set_naturals", "table_run_rooks"):
        assert (view(tensor, name) <= copies[:56]).all(), name
    assert (view(tensor, "known_cards") <= copies).all()

    hand = view(tensor, "hand")
    decoded = tuple(card_of_code(int(c)) for c in np.repeat(np.arange(57), hand.astype(int)))
    assert decoded == obs.hand
    sizes = view(tensor, "hand_sizes")
    assert hand.sum() == sizes[0] == len(obs.hand)
    assert sizes.tolist() == [obs.hand_sizes[s] for s in seats]

    known_cards = obs.known_cards
    known = view(tensor, "known_cards")
    for row, seat in enumerate(seats):
        assert rook_cards_of(known[row]) == Counter(known_cards[seat])
        assert known[row].sum() <= obs.hand_sizes[seat]
    assert rook_cards_of(known[0]) <= Counter(obs.hand)

    assert rook_cards_of(view(tensor, "discard_counts")) == Counter(obs.discard_pile)
    top = view(tensor, "discard_top")
    assert top.sum() == bool(obs.discard_pile)
    if obs.discard_pile:
        assert card_of_code(int(top.argmax())) == obs.discard_pile[-1]
    under = view(tensor, "discard_under")
    assert under.sum() == (len(obs.discard_pile) > 1)
    if len(obs.discard_pile) > 1:
        assert card_of_code(int(under.argmax())) == obs.discard_pile[-2]
    rebuilt = view(tensor, "rebuilt_draw_pile")
    assert rook_cards_of(rebuilt) == Counter(obs.rebuilt_draw_pile)
    drawn = view(tensor, "drawn_from_rebuilt")
    assert rook_cards_of(drawn) == Counter(obs.drawn_from_rebuilt)
    assert (drawn <= rebuilt).all()
    draw_counts = view(tensor, "rebuilt_draw_counts")
    assert draw_counts.tolist() == [obs.rebuilt_draw_counts[s] for s in seats]
    assert draw_counts[0] == drawn.sum() == len(obs.drawn_from_rebuilt)
    assert draw_counts.sum() <= len(obs.rebuilt_draw_pile)

    # The table, counted meld by meld from the melds' own card lists.
    runs = [m for m in obs.table if isinstance(m, RunMeld)]
    sets = [m for m in obs.table if isinstance(m, SetMeld)]
    assert rook_cards_of(view(tensor, "table_run_naturals")) == Counter(
        c for m in runs for c in m.naturals
    )
    assert rook_cards_of(view(tensor, "table_set_naturals")) == Counter(
        c for m in sets for c in m.naturals
    )
    assert rook_cards_of(view(tensor, "table_run_rooks")) == Counter(
        c for m in runs for c in m.stands_for()
    )
    set_rooks = view(tensor, "table_set_rooks")
    assert {n + 1: int(v) for n, v in enumerate(set_rooks) if v} == dict(
        sum((Counter({m.number: m.rooks}) for m in sets), Counter())
    )
    ends = view(tensor, "run_ends")
    assert rook_cards_of(ends[0]) == Counter(natural(m.colour, m.low) for m in runs)
    assert rook_cards_of(ends[1]) == Counter(natural(m.colour, m.high) for m in runs)
    by_number = view(tensor, "sets_by_number")
    assert {n + 1: int(v) for n, v in enumerate(by_number) if v} == dict(
        Counter(m.number for m in sets)
    )
    by_owner = view(tensor, "melds_by_owner")
    for row, seat in enumerate(seats):
        owned = [m for m, o in zip(obs.table, obs.owners, strict=True) if o == seat]
        assert by_owner[row].tolist() == [
            sum(isinstance(m, RunMeld) for m in owned),
            sum(isinstance(m, SetMeld) for m in owned),
        ]

    # Meld by meld: row i is table meld i and who laid it; rows past the table are 0.
    rows = view(tensor, "table_melds")
    assert rows.shape == (rook_targets(players), ROOK_OWNER + players)
    meld_rows = [decode_rook_meld(row, obs.seat, players) for row in rows]
    laid = list(zip(obs.table, obs.owners, strict=True))[: len(rows)]
    assert meld_rows[: len(laid)] == laid
    assert meld_rows[len(laid) :] == [None] * (len(rows) - len(laid))
    for meld in obs.table:  # the natural copies in a set fit the deck
        if isinstance(meld, SetMeld):
            assert all(deck[natural(c, meld.number)] >= meld.colours.count(c) for c in "RYGB")

    # Unseen: the deck less every card the observer can place.
    placed = Counter(obs.hand) + Counter(obs.discard_pile)
    placed += Counter(c for m in obs.table for c in m.cards())
    placed += Counter(c for s in range(players) if s != obs.seat for c in known_cards[s])
    assert placed <= deck
    unseen = view(tensor, "unseen")
    assert rook_cards_of(unseen) == deck - placed
    # ... which are the draw pile and the unknown rest of the other hands.
    others = sum(obs.hand_sizes) - len(obs.hand)
    others -= sum(len(known_cards[s]) for s in range(players) if s != obs.seat)
    assert unseen.sum() == obs.draw_pile_size + others

    assert view(tensor, "down").tolist() == [obs.down[s] for s in seats]
    assert view(tensor, "buys").tolist() == [obs.buys[s] for s in seats]
    offered = view(tensor, "offered_to")
    assert {seats[int(r)] for r in np.flatnonzero(offered)} == set(obs.offered_to)
    phase = view(tensor, "phase")
    assert phase.sum() == 1
    assert tuple(RookPhase)[int(phase.argmax())] is obs.phase
    assert one_hot_seat(view(tensor, "dealer"), obs.seat, players) == obs.dealer
    assert one_hot_seat(view(tensor, "went_out"), obs.seat, players) == obs.went_out
    contract = obs.contract
    assert view(tensor, "contract").tolist() == [contract.cards, contract.sets, contract.runs]
    assert view(tensor, "whole_hand")[0] == obs.whole_hand
    left = view(tensor, "lay_down_left").tolist()
    assert left == ([0, 0, 0] if obs.lay_down_left is None else [1, *obs.lay_down_left])
    assert view(tensor, "went_down_this_turn")[0] == obs.went_down_this_turn
    assert view(tensor, "owed_rooks").tolist() == [obs.owed_rooks, obs.owed_before_down]
    ended = view(tensor, "ended_by")
    assert ended.sum() == (obs.ended_by is not None)
    if obs.ended_by is not None:
        assert ("out", "stock")[int(ended.argmax())] == obs.ended_by
    rebuilds = view(tensor, "rebuilds")
    limit = game.options.stock_rebuilds
    assert rebuilds.tolist() == [obs.rebuilds, limit is None or obs.rebuilds < limit]


@pytest.mark.parametrize(("players", "seed", "variants", "rounds", "rebuilt"), ROOK_CASES)
def test_rook_tensors_decode_to_their_observations(
    players: int, seed: int, variants: tuple[str, ...], rounds: int, rebuilt: bool
) -> None:
    """Random play: every seat's tensor has the fixed shape and decodes to its observation."""
    state, observations = rook_positions(players, seed, variants, rounds)
    game = state.game
    layout = game.tensor_layout
    assert_layout_tiles(layout)
    assert layout.plane("known_cards").shape == (players, 57)
    assert layout.plane("round").shape == (rounds,)
    for obs in observations:
        check_rook(game, obs, game.observation_tensor(obs))
    # Melds, known cards and a rebuilt draw pile were all encoded somewhere.
    assert any(obs.table for obs in observations)
    melds = {meld for obs in observations for meld in obs.table}
    assert any(m.rooks for m in melds)  # (both kinds with Rooks: players 3 and 4)
    assert {owner for obs in observations for owner in obs.owners} == set(range(players))
    assert any(any(obs.known_cards) for obs in observations)
    assert any(obs.drawn_from_rebuilt for obs in observations) == rebuilt
    others_drew = any(any(obs.rebuilt_draw_counts[1:]) for obs in observations if obs.seat == 0)
    assert others_drew == rebuilt


def test_rook_relative_seats_put_the_observer_first() -> None:
    """For every observer, row 0 of the per-seat planes is its own seat."""
    state = cardrules.new_game(ROOK_GAME, players=4, seed=3)
    for _ in range(9):
        state.apply(state.legal_moves()[0])
    game = state.game
    view = game.tensor_layout.view
    for seat in range(4):
        obs = state.observation(seat)
        tensor = game.observation_tensor(obs)
        assert view(tensor, "hand_sizes")[0] == len(obs.hand)
        assert one_hot_seat(view(tensor, "dealer"), seat, 4) == obs.dealer
        assert view(tensor, "dealer")[(obs.dealer - seat) % 4] == 1


@pytest.mark.parametrize(("players", "size"), [(3, 4137), (4, 5306), (5, 6570)])
def test_rook_tensor_sizes_are_as_documented(players: int, size: int) -> None:
    """69P + 727 + R + T(54 + P) values, T = (57P - P) // 3, the lay-off and swap targets."""
    game = cardrules.new_game(ROOK_GAME, players=players, seed=1).game
    layout = game.tensor_layout
    targets = rook_targets(players)
    assert targets == action_space(game).table_melds == {3: 56, 4: 74, 5: 93}[players]
    assert layout.plane("table_melds").shape == (targets, ROOK_OWNER + players)
    assert layout.size == 69 * players + 727 + game.rounds + targets * (54 + players) == size
    assert meld_columns(players) == {
        **ROOK_MELD_COLUMNS,
        "owner": slice(ROOK_OWNER, ROOK_OWNER + players),
    }
    description = layout.plane("table_melds").description
    assert f"= {targets} rows" in description
    assert f"cols 54-{53 + players}: one-hot of the seat that laid it" in description


def _reviewer_position(table: Sequence[str], owners: Sequence[int]) -> GameState:
    """Seat 0, down, may lay off R7 on either red run and swap R5 for a Rook."""
    state = rb.new(3, seed=0)
    rb.put_round(
        state,
        ["R7 R5 B2 B9", "G1 G2 G3", "Y5 Y6 Y7"],
        stock="G5 G6 G7",
        discards="B4",
        table=table,
        owners=owners,
        down=[0, 1],
        turn=0,
        phase=RookPhase.PLAY,
    )
    return state


def test_rook_meld_rows_tell_which_meld_a_lay_off_or_swap_id_names() -> None:
    """The same runs laid in opposite orders: equal totals, different rows, and the row an id's
    target names is the meld the move is played on."""
    runs = ["R3 R4 *R5 R6", "R8 R9 R10 R11"]
    first = _reviewer_position(runs, [0, 1])
    second = _reviewer_position(runs[::-1], [1, 0])
    game = first.game
    layout = game.tensor_layout
    space = game.action_space
    lay_off, swap = space.block("lay off"), space.block("swap")
    tensors = []
    for state in (first, second):
        for seat in range(3):  # (a position built for the test: the rest of the deck is nowhere)
            obs = state.observation(seat)
            rows = layout.view(game.observation_tensor(obs), "table_melds")
            decoded = [decode_rook_meld(row, seat, 3) for row in rows[:3]]
            assert decoded == [*zip(obs.table, obs.owners, strict=True), None]
        obs = state.observation(0)
        tensor = game.observation_tensor(obs)
        tensors.append(tensor)
        rows = layout.view(tensor, "table_melds")
        targets = set()
        for action in state.legal_actions():
            if lay_off.start <= action < lay_off.stop:
                target = (action - lay_off.start) // 70
            elif swap.start <= action < swap.stop:
                target = (action - swap.start) // 56
            else:
                continue
            targets.add(target)
            move = state.move_of(action)
            assert isinstance(move, LayOff | Swap)
            assert move.target == target
            meld, owner = decode_rook_meld(rows[target], 0, 3) or (None, None)
            assert meld == obs.table[target]
            assert owner == obs.owners[target]
            after = state.clone()
            after.apply_action(action)  # the move changes the meld the row describes
            assert rb.table(after)[target] != str(meld)
        assert targets == {0, 1}
    assert not np.array_equal(tensors[0], tensors[1])
    totals = ("table_run_naturals", "table_run_rooks", "run_ends", "melds_by_owner")
    for name in totals:  # the totals alone cannot tell the two apart
        np.testing.assert_array_equal(layout.view(tensors[0], name), layout.view(tensors[1], name))
    rows = [layout.view(tensor, "table_melds") for tensor in tensors]
    np.testing.assert_array_equal(rows[0][[1, 0]], rows[1][:2])
    assert not rows[0][2:].any()
    assert not rows[1][2:].any()


def test_rook_melds_past_the_last_row_are_in_the_totals_only() -> None:
    """A table of T + 1 melds (possible once a seat has no card left): rows hold the first T."""
    state = cardrules.new_game(ROOK_GAME, players=3, seed=2)
    game = state.game
    targets = rook_targets(3)
    table = tuple(SetMeld(1 + i % 14, ("R", "Y"), 1) for i in range(targets + 1))
    obs = attrs.evolve(
        state.observation(1), table=table, owners=tuple(i % 3 for i in range(targets + 1))
    )
    tensor = game.observation_tensor(obs)
    view = game.tensor_layout.view
    decoded = [decode_rook_meld(row, 1, 3) for row in view(tensor, "table_melds")]
    assert decoded == list(zip(obs.table, obs.owners, strict=True))[:targets]
    assert view(tensor, "sets_by_number").sum() == targets + 1
    assert view(tensor, "melds_by_owner")[:, 1].sum() == targets + 1


def test_rook_meld_indices_kept_between_calls_change_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each meld's tensor indices are kept between calls; a cache kept to one entry (so
    every meld is computed afresh) gives the same tensors, for every observer."""
    state = _midgame(ROOK_GAME, 4, 8, 150)
    game = state.game
    observations = [state.observation(seat) for seat in range(4)]
    assert len(observations[0].table) >= 4
    kept = [game.observation_tensor(obs) for obs in observations]
    monkeypatch.setattr(rook_tensor_melds, "_MELD_HITS", {})
    monkeypatch.setattr(rook_tensor_melds, "_MELD_HITS_LIMIT", 1)
    encoder = cached_for_game(game, "rook-tensor", rook_tensor_groups.build)
    for obs, tensor in zip(observations, kept, strict=True):
        encoder.groups.forget()  # the table of each seat is encoded afresh
        np.testing.assert_array_equal(game.observation_tensor(obs), tensor)
        assert len(rook_tensor_melds._MELD_HITS) == 1
        check_rook(game, obs, tensor)


# --------------------------------------------------------------------------
# Both games
# --------------------------------------------------------------------------


def _midgame(name: str, players: int, seed: int, moves: int) -> GameState:
    state = cardrules.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("name", [GNOMING, ROOK_GAME])
def test_equal_observations_give_equal_tensors(name: str) -> None:
    """Equal observations (a clone, a reshuffle of hidden cards) encode alike, as a copy."""
    state = _midgame(name, 4, 8, 60)
    game = state.game
    for seat in range(4):
        obs = state.observation(seat)
        tensor = game.observation_tensor(obs)
        assert game.observation_tensor(obs) is not tensor  # a fresh array each time
        np.testing.assert_array_equal(game.observation_tensor(obs), tensor)
        np.testing.assert_array_equal(
            game.observation_tensor(state.clone().observation(seat)), tensor
        )
        shuffled = state.clone()
        shuffled.set_round_state(game.shuffle_hidden(state.round_state, seat, random.Random(seat)))
        assert shuffled.observation(seat) == obs
        np.testing.assert_array_equal(game.observation_tensor(shuffled.observation(seat)), tensor)


def test_a_changed_visible_card_changes_the_tensor() -> None:
    """Changing one face-up card, a discard top or a card in hand changes the tensor."""
    state = _midgame(GNOMING, 3, 4, 20)
    game = state.game
    obs = state.observation(0)
    base = game.observation_tensor(obs)
    layouts = [list(layout) for layout in obs.layouts]
    position = next(p for p, c in enumerate(layouts[1]) if c is not None)
    layouts[1][position] = HAZARD if layouts[1][position] != HAZARD else MULLIGAN
    changed = attrs.evolve(obs, layouts=tuple(map(tuple, layouts)))
    assert not np.array_equal(game.observation_tensor(changed), base)
    pile = obs.discard_piles[0]
    new_top = number(12) if pile[-1] != number(12) else number(11)
    changed = attrs.evolve(obs, discard_piles=((*pile[:-1], new_top), obs.discard_piles[1]))
    assert not np.array_equal(game.observation_tensor(changed), base)

    state = _midgame(ROOK_GAME, 3, 4, 20)
    game = state.game
    obs = state.observation(1)
    base = game.observation_tensor(obs)
    hand = list(obs.hand)
    hand[0] = ROOK if hand[0] != ROOK else natural("R", 1)
    assert not np.array_equal(game.observation_tensor(attrs.evolve(obs, hand=tuple(hand))), base)


def test_gnoming_cards_made_anew_encode_like_the_decks_own() -> None:
    """Cards equal to the deck's (but other objects) encode alike; a foreign card is refused."""
    state = _midgame(GNOMING, 3, 6, 30)
    game = state.game
    obs = state.observation(2)
    copies = tuple(
        tuple(None if c is None else Card(c.kind, c.value) for c in layout)
        for layout in obs.layouts
    )
    assert copies == obs.layouts
    new_cards = [c for layout in copies for c in layout if c is not None]
    old_cards = [c for layout in obs.layouts for c in layout if c is not None]
    assert new_cards
    assert all(a is not b for a, b in zip(new_cards, old_cards, strict=True))
    np.testing.assert_array_equal(
        game.observation_tensor(attrs.evolve(obs, layouts=copies)), game.observation_tensor(obs)
    )
    foreign = attrs.evolve(obs, out_of_play=(number(99),))
    with pytest.raises(ObservationMismatchError, match="not in this game's deck"):
        game.observation_tensor(foreign)
    with pytest.raises(ObservationMismatchError, match="outside a layout"):
        game.observation_tensor(attrs.evolve(obs, out_of_play=(None,)))


@pytest.mark.parametrize("name", [GNOMING, ROOK_GAME])
def test_an_observation_of_another_configuration_is_refused(name: str) -> None:
    """An observation of a 4-player game does not fit a 3-player game's tensor."""
    three = cardrules.new_game(name, players=3, seed=1)
    four = cardrules.new_game(name, players=4, seed=1)
    with pytest.raises(ObservationMismatchError, match="is for 4 players, the game has 3"):
        three.game.observation_tensor(four.observation(0))


def test_a_mismatch_names_what_does_not_fit() -> None:
    """A later round's observation given to a one-round game: the message names the round."""
    long_match = cardrules.new_game(GNOMING, players=3, seed=1)
    while long_match.round == 0:
        long_match.apply(long_match.legal_moves()[0])
    short = cardrules.new_game(GNOMING, players=3, seed=1, options={"rounds": 1})
    with pytest.raises(ObservationMismatchError, match=r"round 1 is not 0 to 0 \(rounds option\)"):
        short.game.observation_tensor(long_match.observation(0))


@pytest.mark.parametrize("name", [GNOMING, ROOK_GAME])
def test_layouts_need_no_numpy_but_tensors_do(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numpy the layout is described, and encoding says which extra to install."""
    monkeypatch.setitem(sys.modules, "numpy", None)  # "import numpy" now fails
    state = cardrules.new_game(name, players=3, seed=1)
    layout = state.game.tensor_layout
    assert layout.size == sum(p.size for p in layout.planes)
    assert all(line for line in layout.describe())
    with pytest.raises(ImportError, match=r"pip install 'cardrules\[tensors\]'") as error:
        state.game.observation_tensor(state.observation(0))
    assert str(error.value) == NUMPY_MISSING
    assert isinstance(error.value, cardrules.CardRulesError)


def test_layout_is_fixed_by_the_configuration() -> None:
    """Two games of one configuration share a layout; more players make it larger."""
    a = cardrules.new_game(GNOMING, players=4, seed=1).game.tensor_layout
    b = cardrules.new_game(GNOMING, players=4, seed=99).game.tensor_layout
    c = cardrules.new_game(GNOMING, players=5, seed=1).game.tensor_layout
    assert a == b
    assert c.size > a.size
    assert a.starts()["layouts"] == 0
    assert a.describe()[0].split()[1] == "layouts"


def test_an_observation_of_the_other_game_is_refused() -> None:
    """Encoding another game's observation says so, instead of failing inside the encoder."""
    gnoming = cardrules.new_game("gnoming-a-round", players=3, seed=1)
    rook = cardrules.new_game("toonerville-rook", players=3, seed=1)
    with pytest.raises(ObservationMismatchError, match="RookObservation"):
        gnoming.game.observation_tensor(rook.observation(0))
    with pytest.raises(ObservationMismatchError, match="GnomingObservation"):
        rook.game.observation_tensor(gnoming.observation(0))
    with pytest.raises(KeyError, match="the planes are"):
        gnoming.game.tensor_layout.plane("nope")
