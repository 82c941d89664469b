"""Round-the-corner runs: variant ``round-the-corner``, rule point ``rook_runs_wrap`` (R7).

Hand-built positions check what a wrapping run does (lay-downs, lay-offs at either
end, swaps, scores), its notation, action ids and tensor rows; random hands check the
contract search against an exhaustive search that knows wrapping runs on its own.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import GameState, InvalidMoveError
from cardrules.records import check_record
from cardrules.testing import check_variant
from cardrules_rook.actions import RookActionSpace
from cardrules_rook.bots import GreedyBot
from cardrules_rook.cards import COLOURS, ROOK, Card, natural
from cardrules_rook.deck import game_deck
from cardrules_rook.meld_reading import meld_from_str, melds_of
from cardrules_rook.melds import MeldRules, RunMeld, grown_run, run_ends
from cardrules_rook.moves import MeldDown, Swap, parse_move
from cardrules_rook.rule_points import rook_rules
from cardrules_rook.search import can_lay_down, find_lay_down
from cardrules_rook.state import RookPhase
from cardrules_rook.tensor_layout import meld_columns
from tests.adapters.api_checks import run_api_test

from .builders import cards, hand, legal_of, new, play, put_round, refused, rs, table

P = RookPhase
CORNER = ("round-the-corner",)
WRAP = MeldRules(wrap=True)


def corner(
    seat_0: str,
    *,
    table_: tuple[str, ...] = (),
    down: tuple[int, ...] = (),
    round: int = 1,
    variants: tuple[str, ...] = CORNER,
) -> GameState:
    """Seat 0 of 3 has drawn and holds ``seat_0``, in round ``round`` (from 0)."""
    state = new(3, variants=variants)
    put_round(
        state,
        [seat_0, "B1 B2 B3", "B4 B5 B6"],
        round=round,
        phase=P.PLAY,
        stock="G10 G11 G12",
        discards="G14",
        table=table_,
        owners=[1] * len(table_),
        down=down,
    )
    return state


# ---------------------------------------------------------------- the meld and its notation


@pytest.mark.rule("R7")
class TestNotation:
    def test_a_wrapping_run_reads_and_writes_in_its_order(self) -> None:
        run = meld_from_str("R2 R13 *R1 R14", wrap=True)
        assert run == RunMeld("R", 13, 16, (15,))
        assert str(run) == "R13 R14 *R1 R2"
        assert run.wraps
        assert run.numbers() == (13, 14, 1, 2)
        assert run.stands_for() == (natural("R", 1),)
        assert [str(c) for c in run.naturals] == ["R13", "R14", "R2"]
        assert meld_from_str(str(run), wrap=True) == run

    def test_without_wrap_the_notation_is_refused_as_before(self) -> None:
        with pytest.raises(InvalidMoveError, match=r"14 is not followed by 1 \(R7\)"):
            meld_from_str("R13 R14 R1 R2")
        with pytest.raises(InvalidMoveError, match=r"14 is not followed by 1 \(R7\)"):
            parse_move("meld R13 R14 R1 R2")
        assert parse_move("meld R13 R14 R1 R2", wrap=True) == MeldDown(RunMeld("R", 13, 16))

    @pytest.mark.parametrize("text", ["R13 R14 R2 R3", "R12 R14 R1 R2 R5", "R1 R3 R5 R14"])
    def test_numbers_with_two_gaps_are_no_run_even_round_the_corner(self, text: str) -> None:
        with pytest.raises(InvalidMoveError, match="14 followed by 1"):
            meld_from_str(text, wrap=True)

    def test_a_run_of_all_fourteen_numbers_is_written_from_one(self) -> None:
        text = " ".join(f"G{n}" for n in [9, 10, 11, 12, 13, 14, 1, 2, 3, 4, 5, 6, 7, 8])
        assert meld_from_str(text, wrap=True) == RunMeld("G", 1, 14)
        with pytest.raises(InvalidMoveError):
            RunMeld("G", 9, 22)  # the same run, not in its one form
        with pytest.raises(InvalidMoveError):
            RunMeld("G", 9, 23)  # fifteen cards

    def test_validity_follows_the_rules_wrap(self) -> None:
        run = RunMeld("Y", 12, 15, (13,))
        assert not run.is_valid()
        assert run.is_valid(WRAP)
        assert not RunMeld("Y", 13, 15).is_valid(WRAP)  # three cards: R7 still wants four
        assert not RunMeld("Y", 13, 16, (13, 14, 15)).is_valid(WRAP)  # one natural (R13)
        assert run.codes() == (14 + 11, 14 + 13, 14, 56)

    def test_melds_of_reads_the_corner_too(self) -> None:
        readings = [str(m) for m in melds_of(cards("R13 R14 R1 Rook"), WRAP)]
        assert readings == ["*R12 R13 R14 R1", "R13 R14 R1 *R2"]
        assert melds_of(cards("R13 R14 R1 Rook")) == ()


@pytest.mark.rule("R7", "R11")
class TestRunEnds:
    @pytest.mark.parametrize(
        ("run", "plain", "wrapping"),
        [
            (RunMeld("R", 11, 14), (10,), (10, 1)),
            (RunMeld("R", 1, 4), (5,), (14, 5)),
            (RunMeld("R", 13, 16), (), (12, 3)),
            (RunMeld("R", 2, 14), (1,), (1,)),
            (RunMeld("R", 1, 14), (), ()),
            (RunMeld("R", 5, 17), (), (4,)),
        ],
    )
    def test_which_numbers_extend_a_run(
        self, run: RunMeld, plain: tuple[int, ...], wrapping: tuple[int, ...]
    ) -> None:
        if not run.wraps:
            assert run_ends(run) == plain
        assert run_ends(run, wrap=True) == wrapping

    def test_growing_round_the_corner(self) -> None:
        assert grown_run(RunMeld("R", 11, 14), 1, wrap=True) == RunMeld("R", 11, 15)
        assert grown_run(RunMeld("R", 1, 4, (2,)), 14, rook=True, wrap=True) == RunMeld(
            "R", 14, 18, (14, 16)
        )
        # The fourteenth card: the run is written from 1 again, its Rooks by number.
        assert grown_run(RunMeld("R", 5, 17, (16,)), 4, wrap=True) == RunMeld("R", 1, 14, (2,))
        assert grown_run(RunMeld("R", 1, 14), 1, wrap=True) is None
        assert grown_run(RunMeld("R", 11, 14), 1) is None


# ---------------------------------------------------------------- the variant in play


class TestLayDown:
    @pytest.mark.rule("R7")
    def test_a_wrapping_run_completes_a_contract(self) -> None:
        """Round 2 (a run and a set): R13 R14 R1 R2 is the run, with the variant only."""
        hand_ = "R13 R14 R1 R2 Y7 G7 B7 Y3"
        plain = corner(hand_, variants=())
        assert legal_of(plain, "meld") == set()
        state = corner(hand_)
        assert legal_of(state, "meld") == {"meld R13 R14 R1 R2", "meld Y7 G7 B7"}
        play(state, "meld R13 R14 R1 R2", "meld Y7 G7 B7")
        assert table(state) == ["R13 R14 R1 R2", "Y7 G7 B7"]
        assert rs(state).down[0]
        assert hand(state, 0) == ["Y3"]

    @pytest.mark.rule("R7", "R11")
    def test_the_lay_down_in_one_move_and_its_scores(self) -> None:
        """Going out with a wrapping run: seat 0 scores 0, the others their hands (R17)."""
        state = corner("R12 R13 R14 R1 Y7 G7 B7 Y3")
        play(state, "lay down R12 R13 R14 R1 / Y7 G7 B7", "discard Y3")
        assert state.scores == (0, 15, 15)

    @pytest.mark.rule("R7", "R11")
    def test_a_rook_may_stand_round_the_corner(self) -> None:
        state = corner("R13 R14 R2 Rook Y7 G7 B7 Y3")
        assert "meld R13 R14 *R1 R2" in legal_of(state, "meld")
        play(state, "meld R13 R14 *R1 R2")
        assert table(state) == ["R13 R14 *R1 R2"]

    @pytest.mark.rule("R7", "R11")
    def test_a_wrapping_run_is_refused_without_the_variant(self) -> None:
        state = corner("R13 R14 R1 R2 Y7 G7 B7 Y3", variants=())
        before = state.record()
        with pytest.raises(InvalidMoveError, match="not a move of toonerville-rook"):
            state.apply(MeldDown(RunMeld("R", 13, 16)))  # no such move: it has no action id
        assert state.record() == before


@pytest.mark.rule("R7", "R11", "R13")
class TestLayOff:
    def test_either_end_of_a_wrapping_run(self) -> None:
        state = corner("R12 R3 Rook Y9", table_=("R13 R14 R1 R2",), down=(0, 1))
        assert legal_of(state, "lay off") == {
            "lay off R12 on 0",
            "lay off R3 on 0",
            "lay off *12 on 0",
            "lay off *3 on 0",
        }
        play(state, "lay off R3 on 0", "lay off R12 on 0")
        assert table(state) == ["R12 R13 R14 R1 R2 R3"]

    def test_round_the_corner_onto_a_plain_run(self) -> None:
        tables = ("R11 R12 R13 R14", "Y1 Y2 Y3 Y4")
        state = corner("R1 Y14 Y9", table_=tables, down=(0, 1))
        assert legal_of(state, "lay off") == {"lay off R1 on 0", "lay off Y14 on 1"}
        play(state, "lay off R1 on 0", "lay off Y14 on 1")
        assert table(state) == ["R11 R12 R13 R14 R1", "Y14 Y1 Y2 Y3 Y4"]
        plain = corner("R1 Y14 Y9", table_=tables, down=(0, 1), variants=())
        assert legal_of(plain, "lay off") == set()
        assert refused(plain, "lay off R1 on 0").rule in {"R7", "R11"}

    def test_the_fourteenth_card_closes_the_run(self) -> None:
        """A run of 13 takes its missing number at either end; then all 14 take no more."""
        run = "R5 R6 R7 R8 R9 R10 R11 R12 R13 R14 R1 R2 R3"
        state = corner("R4 R4 Y9", table_=(run,), down=(0, 1))
        assert legal_of(state, "lay off") == {"lay off R4 on 0"}
        play(state, "lay off R4 on 0")
        assert table(state) == [" ".join(f"R{n}" for n in range(1, 15))]
        assert legal_of(state, "lay off") == set()
        assert refused(state, "lay off R4 on 0").rule in {"R7", "R11"}


@pytest.mark.rule("R14")
def test_a_rook_of_a_wrapping_run_is_swapped_for_its_card() -> None:
    state = corner("R1 Y9 Y10", table_=("R13 R14 *R1 R2",), down=(0, 1))
    assert legal_of(state, "swap") == {"swap R1 on 0"}
    play(state, "swap R1 on 0")
    assert table(state) == ["R13 R14 R1 R2"]
    assert hand(state, 0) == ["Y9", "Y10", "Rook"]
    assert state.observation(0).owed_rooks == 1
    assert "lay off *12 on 0" in legal_of(state, "lay off")
    assert "lay off *3 on 0" in legal_of(state, "lay off")
    assert isinstance(parse_move("swap R1 on 0"), Swap)


# ---------------------------------------------------------------- ids and tensors


def wrapping_runs(deck_rooks: int) -> Iterator[RunMeld]:
    """Every valid wrapping run of the default deck, built from cyclic numbers alone."""
    for colour in COLOURS:
        for start in range(2, 15):
            for length in range(4, 14):
                if start + length - 1 <= 14:
                    continue
                places = range(start, start + length)
                for used in range(min(deck_rooks, length - 2) + 1):
                    for rooks in combinations(places, used):
                        yield RunMeld(colour, start, start + length - 1, rooks)


@pytest.mark.rule("R7")
def test_wrapping_runs_get_a_block_of_their_own_after_the_game_ids() -> None:
    deck = game_deck(3)
    plain = RookActionSpace(3, deck)
    space = RookActionSpace(3, deck, WRAP)
    assert space.blocks[: len(plain.blocks)] == plain.blocks
    block = space.block("meld wrapping run")
    ids = []
    for run in wrapping_runs(deck.as_dict()[ROOK]):
        move = MeldDown(run)
        action = space.id_of(move)
        assert space.move_of(action) == move
        assert parse_move(str(move), wrap=True) == move
        ids.append(action)
    assert sorted(ids) == list(range(block.start, block.stop))
    with pytest.raises(InvalidMoveError):
        plain.id_of(MeldDown(RunMeld("R", 13, 16)))


@pytest.mark.rule("R7")
def test_a_wrapping_run_has_a_row_of_its_own_in_the_tensor() -> None:
    """Its numbers 1-14 (with a gap inside), its ends (low above high) and its Rooks."""
    columns = meld_columns(3)
    numbers, rooks = columns["run_numbers"], columns["run_rooks"]
    rows = {}
    for run in ("R13 R14 *R1 R2", "R1 R2 R3 R4", "R11 R12 R13 R14"):
        state = corner("Y9", table_=(run,), down=(1,))
        view = state.game.tensor_layout.view(state.observation_tensor(0), "table_melds")
        rows[run] = tuple(float(x) for x in view[0])
        ends = state.game.tensor_layout.view(state.observation_tensor(0), "run_ends")
        lit = [i for i, x in enumerate(list(ends.reshape(-1))) if x]
        if run == "R13 R14 *R1 R2":
            assert lit == [12, 56 + 1]  # low end Red 13, high end Red 2
    wrapping = rows["R13 R14 *R1 R2"]
    assert [n + 1 for n in range(14) if wrapping[numbers.start + n]] == [1, 2, 13, 14]
    assert [n + 1 for n in range(14) if wrapping[rooks.start + n]] == [1]
    assert len(set(rows.values())) == 3


# ---------------------------------------------------------------- whole matches


def greedy_match(seed: int) -> GameState:
    """A 3-round match of greedy bots that meld every wrapping run offered half the time."""
    state = new(3, seed=seed, variants=CORNER, options={"rounds": 3})
    bots = [GreedyBot(seed * 3 + seat) for seat in range(3)]
    rng = random.Random(seed)
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        moves = state.legal_moves()
        wrapping = [m for m in moves if isinstance(m, MeldDown) and getattr(m.meld, "wraps", False)]
        if wrapping and rng.random() < 0.5:
            state.apply(rng.choice(wrapping))
        else:
            state.apply(bots[seat].choose(state.observation(seat)))
    return state


@pytest.mark.rule("R7")
def test_a_match_with_wrapping_runs_records_and_replays() -> None:
    state = greedy_match(5)
    record = state.record()
    assert any("meld R13 R14" in m or "R14 R1" in m for m in record["moves"])
    replayed = check_record(record)
    assert replayed.scores == state.scores
    assert replayed.record()["moves"] == record["moves"]


@pytest.mark.rule("R7")
def test_round_the_corner_passes_the_kit() -> None:
    # Long enough for a second deal, where rook_runs_wrap is asked again while the kit
    # counts (greedy bots end a round in a few hundred decisions at most; R16 bounds it).
    report = check_variant(
        "toonerville-rook",
        list(CORNER),
        players=3,
        matches=1,
        max_decisions=800,
        check_every=10,
    )
    assert report.unreached == ()
    assert report.hooks[("round-the-corner", "rook_runs_wrap")] >= 1
    # The game's meld rules under the variant are the ones the search is checked with below.
    assert rook_rules(new(3, variants=CORNER).game).meld_rules == WRAP


# ---------------------------------------------------------------- the search, exhaustively


def is_run(group: list[Card], rules: MeldRules) -> bool:
    """Whether the cards read as a run where runs wrap: an arc of the 1-14 circle."""
    naturals = [c for c in group if not c.is_rook]
    rooks = len(group) - len(naturals)
    length = len(group)
    if not naturals or len({c.colour for c in naturals}) != 1 or not 4 <= length <= 14:
        return False
    if len(naturals) < rules.min_naturals:
        return False
    if rules.naturals_exceed_rooks and len(naturals) <= rooks:
        return False
    numbers = {c.number for c in naturals}
    if len(numbers) != len(naturals):
        return False
    return any(
        numbers <= {(start + k - 1) % 14 + 1 for k in range(length)} for start in range(1, 15)
    )


def is_set(group: list[Card], rules: MeldRules) -> bool:
    naturals = [c for c in group if not c.is_rook]
    return bool(naturals) and any(m.kind == "set" for m in melds_of(group, rules))


def wrap_brute_force(
    hand_: list[Card], sets: int, runs: int, whole: bool, rules: MeldRules
) -> int | None:
    """Fewest points left over every assignment of the cards to the contract's melds."""
    kinds = ["set"] * sets + ["run"] * runs
    best: int | None = None
    for assignment in itertools.product(range(len(kinds) + 1), repeat=len(hand_)):
        groups: list[list[Card]] = [[] for _ in kinds]
        left = 0
        for card, slot in zip(hand_, assignment, strict=True):
            if slot == len(kinds):
                left += card.points
            else:
                groups[slot].append(card)
        if (whole and left) or (best is not None and left >= best):
            continue
        if all(
            (is_run if kind == "run" else is_set)(group, rules)
            for group, kind in zip(groups, kinds, strict=True)
        ):
            best = left
    return best


corner_cards = st.sampled_from(
    [natural("R", n) for n in (1, 2, 3, 12, 13, 14)] + [natural("B", 14), natural("B", 1), ROOK]
)


@pytest.mark.rule("R7", "R8", "R11", "R13")
@given(
    hand_=st.lists(corner_cards, min_size=3, max_size=7),
    contract=st.sampled_from([(0, 1), (1, 1), (0, 2), (1, 0)]),
    whole=st.booleans(),
    exceed=st.booleans(),
)
@settings(max_examples=120)
def test_the_search_matches_brute_force_where_runs_wrap(
    hand_: list[Card], contract: tuple[int, int], whole: bool, exceed: bool
) -> None:
    sets, runs = contract
    rules = MeldRules(naturals_exceed_rooks=exceed, wrap=True)
    expected = wrap_brute_force(hand_, sets, runs, whole, rules)
    found = find_lay_down(hand_, sets=sets, runs=runs, whole_hand=whole, rules=rules)
    first = find_lay_down(hand_, sets=sets, runs=runs, whole_hand=whole, rules=rules, best=False)
    assert can_lay_down(hand_, sets=sets, runs=runs, whole_hand=whole, rules=rules) is (
        expected is not None
    )
    if expected is None:
        assert found is None
        assert first is None
        return
    assert found is not None
    assert first is not None
    assert found.points_left == expected
    for lay_down in (found, first):
        assert sorted(m.kind for m in lay_down.melds) == sorted(["set"] * sets + ["run"] * runs)
        assert all(m.is_valid(rules) for m in lay_down.melds)
        used = [c for m in lay_down.melds for c in m.cards()] + list(lay_down.left)
        assert sorted(c.code for c in used) == sorted(c.code for c in hand_)


@pytest.mark.rule("R7")
def test_the_search_finds_a_lay_down_only_round_the_corner() -> None:
    hand_ = cards("R13 R14 R1 R2 B12 B13 B14 B1 Y7")
    assert find_lay_down(hand_, sets=0, runs=2) is None
    found = find_lay_down(hand_, sets=0, runs=2, rules=WRAP)
    assert found is not None
    assert sorted(map(str, found.melds)) == ["B12 B13 B14 B1", "R13 R14 R1 R2"]
    assert [str(c) for c in found.left] == ["Y7"]


# ---------------------------------------------------------------- adapters


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_pettingzoo_api_test_with_round_the_corner() -> None:
    run_api_test("toonerville-rook", options={"rounds": 1}, variants=CORNER)
