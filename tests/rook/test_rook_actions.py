"""Integer action ids of Toonerville Rook: a fixed numbering of every move a game can list.

The playouts check every legal move met in random play (3 to 5 players, every
bundled variant) against the space; the enumerations build every meld a deck
allows by brute force and check the meld blocks are exactly those melds, one
id each.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import combinations, product
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import GameState, IllegalMoveError, InvalidMoveError, Move, Pile
from cardrules.model.decks import DeckComposition
from cardrules.testing.conformance import snapshot
from cardrules_gnoming.moves import Place
from cardrules_rook import actions
from cardrules_rook.actions import RookActionSpace
from cardrules_rook.cards import COLOURS, ROOK, Card, natural
from cardrules_rook.deck import ROOK_DECK, game_deck
from cardrules_rook.meld_reading import meld_from_str
from cardrules_rook.melds import Meld, MeldRules, RunMeld, SetMeld
from cardrules_rook.moves import (
    Buy,
    Discard,
    Draw,
    LayDown,
    LayOff,
    MeldDown,
    Pass,
    Swap,
    Take,
    parse_move,
)
from cardrules_rook.variants import VARIANTS

GAME = "toonerville-rook"
PLAIN = MeldRules()
MORE_NATURALS = MeldRules(naturals_exceed_rooks=True)
BLOCK_NAMES = (
    "draw",
    "take",
    "buy",
    "pass",
    "discard",
    "lay off",
    "swap",
    "meld run",
    "meld set",
)
# The block each kind of move belongs to.
KIND_OF_BLOCK = {
    "draw": Draw,
    "take": Take,
    "buy": Buy,
    "pass": Pass,
    "discard": Discard,
    "lay off": LayOff,
    "swap": Swap,
    "meld run": MeldDown,
    "meld set": MeldDown,
}


@cache
def space_for(players: int, rules: MeldRules = PLAIN) -> RookActionSpace:
    """The space of ``players`` default decks (built once per configuration)."""
    return RookActionSpace(players, game_deck(players), rules)


# ---------------------------------------------------------------- brute force


def deck_melds(deck: DeckComposition[Card], rules: MeldRules) -> Iterator[Meld]:
    """Every valid meld whose cards the deck holds, by brute force over all shapes."""
    have = deck.as_dict()
    rooks = have.get(ROOK, 0)
    for colour in COLOURS:
        for low in range(1, 15):
            for high in range(low, 15):
                span = range(low, high + 1)
                for used in range(min(rooks, len(span)) + 1):
                    for numbers in combinations(span, used):
                        run = RunMeld(colour, low, high, numbers)
                        if run.is_valid(rules) and all(have.get(c, 0) for c in run.naturals):
                            yield run
    for number in range(1, 15):
        caps = [have.get(natural(c, number), 0) for c in COLOURS]
        for counts in product(*(range(cap + 1) for cap in caps)):
            colours = tuple(c for c, k in zip(COLOURS, counts, strict=True) for _ in range(k))
            for extra in range(rooks + 1):
                meld = SetMeld(number, colours, extra)
                if meld.is_valid(rules):
                    yield meld


def counted_sizes(players: int, rules: MeldRules) -> dict[str, int]:
    """Block sizes counted from the rules for the default deck (no melds built).

    A run window of length L starts at 1 .. 15 - L in each of four colours.
    """
    table = (57 * players - players) // 3
    runs = 4 * sum(
        (15 - length) * comb(length, used)
        for length in range(4, 15)
        for used in range(min(players, length) + 1)
        if rules.allows(length - used, used)
    )
    per_number = sum(
        1
        for counts in product(range(players + 1), repeat=4)
        for extra in range(players + 1)
        if sum(counts) + extra >= 3 and rules.allows(sum(counts), extra)
    )
    sizes = dict.fromkeys(("draw", "take", "buy", "pass"), 1)
    sizes.update(
        {
            "discard": 57,
            "lay off": 70 * table,
            "swap": 56 * table,
            "meld run": runs,
            "meld set": 14 * per_number,
        }
    )
    return sizes


# ---------------------------------------------------------------- layout


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("rules", [PLAIN, MORE_NATURALS], ids=["plain", "more-naturals"])
def test_blocks_tile_the_space_with_the_counted_sizes(players: int, rules: MeldRules) -> None:
    """Blocks run end to end from 0 in the documented order, each as large as counted."""
    space = space_for(players, rules)
    assert tuple(b.name for b in space.blocks) == BLOCK_NAMES
    assert space.blocks[0].start == 0
    for before, after in zip(space.blocks, space.blocks[1:], strict=False):
        assert after.start == before.stop
    assert space.size == space.blocks[-1].stop
    assert {b.name: b.size for b in space.blocks} == counted_sizes(players, rules)
    assert space.table_melds == (game_deck(players).size - players) // 3
    assert len(space.describe()) == len(BLOCK_NAMES)


def test_sizes_grow_with_players_and_are_documented() -> None:
    """3, 4 and 5 players give growing spaces; the module docstring states their sizes."""
    sizes = [space_for(n).size for n in (3, 4, 5)]
    assert sizes == sorted(set(sizes))
    tighter = [space_for(n, MORE_NATURALS).size for n in (3, 4, 5)]
    assert all(t < s for t, s in zip(tighter, sizes, strict=True))
    doc = actions.__doc__
    assert doc is not None
    flat = " ".join(doc.split())
    assert all(f"{size:,}" in flat for size in sizes + tighter)
    assert "56, 74 and 93 melds" in flat
    assert [space_for(n).table_melds for n in (3, 4, 5)] == [56, 74, 93]


def test_the_numbering_depends_only_on_the_configuration() -> None:
    """Seeds and variants that keep the meld rules and deck keep every id; games share a space."""
    base = cardrules.new_game(GAME, players=4, seed=1)
    space = base.action_space
    assert isinstance(space, RookActionSpace)
    assert cardrules.new_game(GAME, players=4, seed=99).action_space is space
    for variant in VARIANTS:
        other = cardrules.new_game(GAME, players=4, seed=1, variants=[variant.name]).action_space
        if variant.name == "more-naturals":
            assert other.size == space_for(4, MORE_NATURALS).size < space.size
        else:
            # A variant adding moves appends its blocks; the game's own ids stay. Runs
            # that wrap (round-the-corner, R7) are numbered in a block after the sets.
            wrapping = ["meld wrapping run"] if variant.name == "round-the-corner" else []
            added = [*wrapping, *(f"{variant.name}:{kind.name}" for kind in variant.moves)]
            # A window's act has its block too, then the core's one id for "decline".
            added += [f"{variant.name}:{window.act.name}" for window in variant.windows]
            added += ["window:decline"] if variant.windows else []
            assert other.blocks[: len(space.blocks)] == space.blocks
            assert [block.name for block in other.blocks[len(space.blocks) :]] == added


# ---------------------------------------------------------------- melds, exhaustively


@pytest.mark.rule("R7", "R8", "R13")
def test_every_meld_of_a_three_deck_game_has_exactly_one_id() -> None:
    """The meld blocks number exactly the valid melds three decks allow, and round-trip."""
    check_meld_blocks(space_for(3), game_deck(3), PLAIN)


@pytest.mark.rule("R7", "R8", "R13")
@pytest.mark.parametrize(
    "rules",
    [MeldRules(min_naturals=1), MORE_NATURALS],
    ids=["one-natural", "more-naturals"],
)
def test_a_deck_lacking_cards_numbers_only_the_melds_it_allows(rules: MeldRules) -> None:
    """A deck with no R5, two R7 and two Rooks: runs through R5 need a Rook there."""
    have = ROOK_DECK.as_dict()
    have[natural("R", 5)] = 0
    have[natural("R", 7)] = 2
    have[ROOK] = 2
    deck = DeckComposition.from_mapping(have)
    space = RookActionSpace(3, deck, rules)
    assert space.rooks == 2
    check_meld_blocks(space, deck, rules)
    with pytest.raises(InvalidMoveError):
        space.id_of(MeldDown(meld_from_str("R4 R5 R6 R7")))
    run = MeldDown(meld_from_str("R4 *R5 R6 R7"))
    assert space.move_of(space.id_of(run)) == run


def check_meld_blocks(
    space: RookActionSpace, deck: DeckComposition[Card], rules: MeldRules
) -> None:
    """Every meld the deck allows has an id that round-trips; together they fill the blocks."""
    ids: dict[str, list[int]] = {"run": [], "set": []}
    for meld in deck_melds(deck, rules):
        move = MeldDown(meld)
        action = space.id_of(move)
        assert space.move_of(action) == move
        ids[meld.kind].append(action)
    for kind, block in (("run", space.block("meld run")), ("set", space.block("meld set"))):
        assert sorted(ids[kind]) == list(range(block.start, block.stop)), kind


# ---------------------------------------------------------------- ids, sampled


@settings(max_examples=80)
@given(
    players=st.integers(3, 5),
    rules=st.sampled_from([PLAIN, MORE_NATURALS]),
    data=st.data(),
)
def test_ids_round_trip_through_moves_and_notation(
    players: int, rules: MeldRules, data: st.DataObject
) -> None:
    """id -> move -> id is the identity; the move is of its block's kind and in canonical form."""
    space = space_for(players, rules)
    edges = [i for b in space.blocks for i in (b.start, b.stop - 1)]
    sampled = data.draw(st.lists(st.integers(0, space.size - 1), max_size=20), label="ids")
    for action in edges + sampled:
        move = space.move_of(action)
        assert space.id_of(move) == action
        assert isinstance(move, KIND_OF_BLOCK[space.block_of(action).name])
        # The notation parses back to an equal move: melds are built as the game builds them.
        assert parse_move(str(move)) == move
        if isinstance(move, MeldDown):
            assert move.meld.is_valid(rules)


@pytest.mark.rule("R11", "R13", "R14")
def test_the_last_table_meld_has_lay_off_and_swap_ids() -> None:
    """Targets run 0 .. table_melds - 1: the last one has ids, the next one none."""
    space = space_for(5)
    last = space.table_melds - 1
    r8 = Card.from_str("R8")
    for move in (LayOff(last, r8, 8), LayOff(last, ROOK, 14), Swap(last, r8)):
        assert space.move_of(space.id_of(move)) == move
    assert space.id_of(LayOff(last, ROOK, 14)) == space.block("lay off").stop - 1
    assert space.id_of(Swap(last, Card.from_str("B14"))) == space.block("swap").stop - 1
    for move in (LayOff(last + 1, r8, 8), Swap(last + 1, r8)):
        with pytest.raises(InvalidMoveError):
            space.id_of(move)


R7 = Card.from_str("R7")
NO_ID: list[object] = [
    LayDown((meld_from_str("R3 R4 R5 R6"), meld_from_str("B7 G7 Y7"))),
    Place(4),
    LayOff(-1, R7, 7),
    LayOff(0, R7, 8),
    LayOff(0, ROOK, 0),
    LayOff(0, ROOK, 15),
    LayOff(True, R7, 7),
    LayOff("0", R7, 7),  # type: ignore[arg-type]
    Swap(0, ROOK),
    Swap(-1, R7),
    Discard("R7"),  # type: ignore[arg-type]
    MeldDown(RunMeld("R", 1, 3)),  # three cards
    MeldDown(RunMeld("R", 1, 6, (1, 2, 3, 4))),  # four Rooks, three decks
    MeldDown(RunMeld("R", 1, 6, (1, 2, 3, 4, 5))),  # one natural card
    MeldDown(SetMeld(7, ("R", "R", "R", "R"))),  # four copies, three decks
    MeldDown(SetMeld(7, ("R",), 2)),  # one natural card
    MeldDown(SetMeld(7, ("R", "Y"), 4)),  # four Rooks
    MeldDown(SetMeld(7, ("R", "Y"))),  # two cards
    MeldDown("R3 R4 R5 R6"),  # type: ignore[arg-type]
    None,
]


@pytest.mark.parametrize("move", NO_ID, ids=repr)
def test_moves_without_an_id_are_refused(move: Move) -> None:
    """A lay-down, a foreign or malformed move, or a meld the deck or rules forbid has no id."""
    with pytest.raises(InvalidMoveError):
        space_for(3).id_of(move)


def test_more_naturals_removes_the_ids_of_rook_heavy_melds() -> None:
    """With naturals_exceed_rooks, two naturals and two Rooks is no meld and has no id."""
    heavy = [MeldDown(SetMeld(7, ("R", "Y"), 2)), MeldDown(RunMeld("R", 3, 6, (4, 5)))]
    for move in heavy:
        assert space_for(3).move_of(space_for(3).id_of(move)) == move
        with pytest.raises(InvalidMoveError):
            space_for(3, MORE_NATURALS).id_of(move)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ids_outside_the_space_are_refused(players: int) -> None:
    """move_of takes only an int in 0 .. size-1."""
    space = space_for(players)
    assert isinstance(space.move_of(space.size - 1), MeldDown)
    for action in (-1, space.size, space.size + 10**9, True, 1.0, "3", None):
        with pytest.raises(InvalidMoveError):
            space.move_of(action)  # type: ignore[arg-type]


# ---------------------------------------------------------------- playouts


def check_step(state: GameState, rng: random.Random, seen: Counter[str]) -> None:
    """Check the ids of every legal move now, then play one (by id on a twin, by move here)."""
    space = state.action_space
    moves = state.legal_moves()
    ids = [state.action_id(m) for m in moves]
    assert len(set(ids)) == len(ids)
    assert [state.move_of(i) for i in ids] == list(moves)
    assert state.legal_actions() == sorted(ids)
    mask = state.legal_action_mask()
    assert len(mask) == space.size
    assert all(mask[i] == 1 for i in ids)
    assert mask.count(0) == len(mask) - len(ids)
    for move in moves:
        seen[type(move).__name__] += 1
        if isinstance(move, LayOff) and move.card.is_rook:
            seen["Rook lay-off"] += 1
    # Mostly build melds rather than discard, so lay-offs and swaps come up.
    building = [i for i, m in enumerate(moves) if not isinstance(m, Discard)]
    pick = rng.choice(building if building and rng.random() < 0.9 else range(len(moves)))
    twin = state.clone()
    twin.apply_action(ids[pick])
    assert twin.history[-1] is moves[pick]  # the listed move value itself is played
    state.apply(moves[pick])
    assert last_change(twin) == last_change(state)


def last_change(state: GameState) -> tuple[object, ...]:
    """What one move can change: every field of the round in play, scores, last move, chance."""
    round_state = state.round_state
    fields = [
        list(value) if isinstance(value, Pile) else value
        for cls in type(round_state).__mro__
        for name in getattr(cls, "__slots__", ())
        for value in [getattr(round_state, name)]
    ]
    return (*fields, state.round, state.round_scores, state.history[-1], state.chance.events)


@pytest.mark.rule("R9", "R10", "R11", "R12", "R13", "R14")
@pytest.mark.parametrize("variant", [None, *(v.name for v in VARIANTS)])
def test_every_legal_move_in_random_play_has_an_id(variant: str | None) -> None:
    """3-5 players: legal moves have distinct ids that round-trip; mask and apply_action agree."""
    seen: Counter[str] = Counter()
    for players in (3, 4, 5):
        for seed in range(2):
            variants = [variant] if variant else []
            state = cardrules.new_game(GAME, players=players, seed=seed, variants=variants)
            rng = random.Random(seed)
            for _ in range(700):
                if state.is_over:
                    break
                check_step(state, rng, seen)
    kinds = {"Draw", "Take", "Buy", "Pass", "Discard", "LayOff", "Swap", "MeldDown"}
    assert kinds <= set(seen), seen
    assert seen["Rook lay-off"] > 0


def test_an_id_of_an_illegal_move_is_refused_like_the_move() -> None:
    """apply_action of a valid id whose move is not legal now raises IllegalMoveError."""
    state = cardrules.new_game(GAME, players=3, seed=0)
    before = snapshot(state)
    with pytest.raises(IllegalMoveError):
        state.apply_action(state.action_space.block("swap").start)
    assert snapshot(state) == before
