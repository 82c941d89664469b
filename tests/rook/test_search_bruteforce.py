"""Contract search agrees with an independent brute-force search on small hands."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules_rook.cards import ROOK, Card, natural
from cardrules_rook.meld_reading import melds_of
from cardrules_rook.melds import MeldRules, RunMeld, SetMeld
from cardrules_rook.search import find_lay_down, hand_counts
from cardrules_rook.search.contract import _search
from cardrules_rook.search.whole_hand import could_meld_every_card


def brute_force(
    hand: list[Card], sets: int, runs: int, whole: bool, rules: MeldRules
) -> int | None:
    """Fewest points left over every assignment of cards to the contract's melds.

    Each card goes to one of the ``sets + runs`` meld slots or stays in hand;
    a slot's cards must read as a valid meld of the slot's kind (``melds_of``).
    """
    kinds = ["set"] * sets + ["run"] * runs
    best: int | None = None
    slots = len(kinds)
    for assignment in itertools.product(range(slots + 1), repeat=len(hand)):
        groups: list[list[Card]] = [[] for _ in range(slots)]
        left = 0
        for card, slot in zip(hand, assignment, strict=True):
            if slot == slots:
                left += card.points
            else:
                groups[slot].append(card)
        if whole and left:
            continue
        if best is not None and left >= best:
            continue
        if all(
            any(m.kind == kind for m in melds_of(group, rules))
            for group, kind in zip(groups, kinds, strict=True)
        ):
            best = left
    return best


small_cards = st.sampled_from(
    [natural(c, n) for c in "RB" for n in range(5, 10)] + [natural("Y", 7), ROOK]
)


@pytest.mark.rule("R7", "R8", "R11", "R13")
@given(
    hand=st.lists(small_cards, min_size=3, max_size=8),
    contract=st.sampled_from([(1, 0), (0, 1), (2, 0), (1, 1)]),
    whole=st.booleans(),
    exceed=st.booleans(),
)
@settings(max_examples=150)
def test_search_matches_brute_force(
    hand: list[Card], contract: tuple[int, int], whole: bool, exceed: bool
) -> None:
    """Same existence answer and same fewest points left as exhaustive search."""
    sets, runs = contract
    if len(hand) > 7 and sets + runs > 1:
        hand = hand[:7]
    rules = MeldRules(naturals_exceed_rooks=exceed)
    expected = brute_force(hand, sets, runs, whole, rules)
    found = find_lay_down(hand, sets=sets, runs=runs, whole_hand=whole, rules=rules)
    first = find_lay_down(hand, sets=sets, runs=runs, whole_hand=whole, rules=rules, best=False)
    if expected is None:
        assert found is None
        assert first is None
        return
    assert found is not None
    assert first is not None
    assert found.points_left == expected
    # Each lay-down is sound: valid melds of the right kinds using exactly the hand.
    for lay_down in (found, first):
        kinds = sorted(m.kind for m in lay_down.melds)
        assert kinds == sorted(["set"] * sets + ["run"] * runs)
        assert all(m.is_valid(rules) for m in lay_down.melds)
        used = [c for m in lay_down.melds for c in m.cards()] + list(lay_down.left)
        assert sorted(map(str, used)) == sorted(map(str, hand))
        assert not whole or not lay_down.left
    assert found.points_left == sum(c.points for c in found.left)


@pytest.mark.rule("R12")
def test_whole_hand_lay_down_uses_every_card() -> None:
    """Round 11 shape: two runs and two sets from 15 cards, every card used."""
    hand = [
        Card.from_str(c) for c in "R1 R2 R3 R4 B9 B10 B11 B12 B13 G5 Y5 B5 Y14 G14 Rook".split()
    ]
    found = find_lay_down(hand, sets=2, runs=2, whole_hand=True)
    assert found is not None
    assert found.left == ()
    assert find_lay_down([*hand[:-1], Card.from_str("Y2")], sets=2, runs=2, whole_hand=True) is None


def test_melds_of_reads_rooks() -> None:
    """Worked examples: runs and sets with what each Rook stands for."""
    cards = [Card.from_str(c) for c in "R3 R4 Rook R6".split()]
    assert melds_of(cards) == (RunMeld("R", 3, 6, (5,)),)
    seven = [Card.from_str(c) for c in "R7 B7 Rook".split()]
    assert melds_of(seven) == (SetMeld(7, ("R", "B"), 1),)


# The whole-hand quick refusal (R12) must never refuse a hand the full search accepts.

whole_pool = st.sampled_from(
    [natural(c, n) for c in "RYB" for n in (1, 2, 3, 4, 5, 9, 13, 14)] + [ROOK]
)


@pytest.mark.rule("R12")
@given(
    hand=st.lists(whole_pool, min_size=6, max_size=16),
    contract=st.sampled_from([(2, 2), (1, 1), (2, 0), (0, 2), (1, 2)]),
    exceed=st.booleans(),
)
@settings(max_examples=200)
def test_whole_hand_quick_refusal_is_sound(
    hand: list[Card], contract: tuple[int, int], exceed: bool
) -> None:
    """Whenever the quick check refuses a hand, the full search finds no whole-hand lay-down."""
    sets, runs = contract
    rules = MeldRules(naturals_exceed_rooks=exceed)
    counts = tuple(hand_counts(hand))
    if not could_meld_every_card(counts, sets, runs, rules):
        assert _search(counts, sets, runs, True, rules, True) is None


@st.composite
def whole_lay_downs(draw: st.DrawFn) -> tuple[list[Card], int, int]:
    """A hand built from a contract's melds, so that some whole-hand lay-down exists."""
    sets = draw(st.integers(0, 2))
    runs = draw(st.integers(0 if sets else 1, 2))
    hand: list[Card] = []
    for _ in range(runs):
        colour = draw(st.sampled_from("RYGB"))
        length = draw(st.integers(4, 7))
        low = draw(st.integers(1, 15 - length))
        cards = [natural(colour, n) for n in range(low, low + length)]
        wild = draw(st.sets(st.integers(0, length - 1), max_size=length - 2))
        hand += [ROOK if i in wild else card for i, card in enumerate(cards)]
    for _ in range(sets):
        number = draw(st.integers(1, 14))
        colours = draw(st.lists(st.sampled_from("RYGB"), min_size=2, max_size=6))
        rooks = draw(st.integers(max(0, 3 - len(colours)), 2))
        hand += [natural(c, number) for c in colours] + [ROOK] * rooks
    return hand, sets, runs


@pytest.mark.rule("R12")
@given(case=whole_lay_downs())
@settings(max_examples=200)
def test_whole_hand_quick_refusal_keeps_meldable_hands(case: tuple[list[Card], int, int]) -> None:
    """A hand made of the contract's melds is never refused, and the search melds it whole."""
    hand, sets, runs = case
    counts = tuple(hand_counts(hand))
    assert could_meld_every_card(counts, sets, runs, MeldRules())
    assert find_lay_down(hand, sets=sets, runs=runs, whole_hand=True) is not None


@pytest.mark.rule("R12")
def test_whole_hand_quick_refusal_examples() -> None:
    """A melds-everything hand passes; a stray card, or three copies for two runs, is refused."""
    good = [
        Card.from_str(c) for c in "R1 R2 R3 R4 B9 B10 B11 B12 B13 G5 Y5 B5 Y14 G14 Rook".split()
    ]
    rules = MeldRules()
    assert could_meld_every_card(tuple(hand_counts(good)), 2, 2, rules)
    stray = [*good[:-1], Card.from_str("Y2")]  # Y2 fits no run and no set
    assert not could_meld_every_card(tuple(hand_counts(stray)), 2, 2, rules)
    # Three R7s: two runs hold at most two, so 7 is a set number, as are 1 and 2.
    copies = [Card.from_str(c) for c in "R7 R7 R7 B7 R1 Y1 G1 R2 Y2 G2".split()]
    assert not could_meld_every_card(tuple(hand_counts(copies)), 2, 2, rules)
    assert _search(tuple(hand_counts(copies)), 2, 2, True, rules, True) is None
