"""The bundled house-rule variants: each one changes what its docstring says.

Every test plays the same position (or the same seed and moves) in a plain game
and in a game that chooses the variant by name, and checks the difference. The
last tests check that every bundled variant has such a test here and a section
on docs/variants.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from cardrules import GameState, VariantSpec
from cardrules.plugins.registry import default_catalogue
from cardrules_gnoming.state import GnomingPhase
from cardrules_rook.buying import offered_to
from cardrules_rook.state import RookPhase
from tests.gnoming import builders as gb
from tests.gnoming import test_diagonals, test_knock, test_peek, test_snap
from tests.rook import builders as rb
from tests.rook.test_knock import TestKnock
from tests.rook.test_may_i import TestWhoDecides as MayI
from tests.rook.test_round_the_corner import TestLayDown as TestCorner

ROOT = Path(__file__).resolve().parent.parent
OUR_GAMES = ("gnoming-a-round", "toonerville-rook")
GP = GnomingPhase
RP = RookPhase


# ---------------------------------------------------------------- Gnoming A Round

# Seats 1 and 2 of a three-player Gnoming position, when they do not matter.
GNOMING_OTHERS = "(1) (1) 1 / (1) (1) (1) / (1) (1) 1"
# Nine cards in no matching line (G19): 1 + 2 + 3 + 4 - 5 + 6 + 7 + 8 + 9 = 35.
LAYOUT_35 = "1 2 3 / 4 -5 6 / 7 8 9"
# No matching line: 9 + 9 + 7 + 6 + 10 + 4 + 3 + 2 + 11 = 61.
LAYOUT_61 = "9 9 7 / 6 10 4 / 3 2 (11)"


def gnoming_draw(variants: Sequence[str], *, stock: str, discards: tuple[str, str]) -> GameState:
    """Seat 0 of 3 to draw; its layout has a face-up 5 at 0 and a face-down 5 at 4."""
    state = gb.new(3, variants=variants)
    gb.put_round(
        state,
        ["5 1 2 / -1 (5) -2 / -3 -4 (9)", GNOMING_OTHERS, GNOMING_OTHERS],
        turn=0,
        stock=stock,
        discards=discards,
    )
    return state


def gnoming_last_discard(
    variants: Sequence[str],
    layouts: Sequence[str],
    *,
    ender: int | None,
) -> tuple[int, ...]:
    """Seat 2 of 3 discards the last card of the round; the scores the engine gives.

    With ``ender`` set, seat 2 plays the ender's last remaining turn (G17);
    without, the draw pile is empty and was already rebuilt, so the round
    ends at the next turn's start (G8).
    """
    state = gb.new(3, variants=variants)
    gb.put_round(
        state,
        layouts,
        turn=2,
        phase=GP.DISCARD,
        held="12",
        discards=("2", "3"),
        stock="" if ender is None else "4 5 6",
        rebuilds=1,
        ender=ender,
        final_turns_left=0 if ender is None else 1,
    )
    gb.play(state, "discard 0")
    assert state.round == 1
    assert state.finished_rounds[-1].ended_by == ("stock" if ender is None else "ender")
    return state.round_scores[-1]


class TestNoBounce:
    """no-bounce (G12): a card revealed by a placement never bounces."""

    @pytest.mark.rule("G12")
    def test_revealed_matching_card_is_discarded_instead_of_bouncing(self) -> None:
        """Placing a 9 over a face-down 5 next to a face-up 5 offers bounces only without it."""
        plain = gnoming_draw([], stock="-5 -5 9", discards=("-1", "-2"))
        variant = gnoming_draw(["no-bounce"], stock="-5 -5 9", discards=("-1", "-2"))
        for state in (plain, variant):
            gb.play(state, "draw stock", "place 4")
            assert gb.rs(state).held == gb.card(5)
        assert gb.rs(plain).phase is GP.BOUNCE
        assert {f"bounce {p}" for p in range(9) if p != 4} <= gb.legal(plain)
        assert gb.rs(variant).phase is GP.DISCARD
        assert gb.legal(variant) == {"discard 0", "discard 1"}
        assert gb.refused(variant, "bounce 8").rule == "G12"


class TestKeepTakenDiscard:
    """keep-taken-discard (G11): a card taken from a discard pile must be kept."""

    @pytest.mark.rule("G11")
    def test_taken_discard_cannot_be_thrown_away(self) -> None:
        """After ``take discard 0`` the plain game lists ``discard 0``; the variant only places."""
        plain = gnoming_draw([], stock="7 7 7", discards=("4", "-2"))
        variant = gnoming_draw(["keep-taken-discard"], stock="7 7 7", discards=("4", "-2"))
        places = {f"place {p}" for p in range(9)}
        for state in (plain, variant):
            gb.play(state, "take discard 0")
            assert gb.rs(state).held == gb.card(4)
        # pile 0 is empty now, so a discard has to restart it (G14)
        assert gb.legal(plain) == places | {"discard 0"}
        assert gb.legal(variant) == places
        assert gb.refused(variant, "discard 0").rule == "G11"

    @pytest.mark.rule("G11")
    def test_card_from_the_draw_pile_may_still_be_discarded(self) -> None:
        """The variant only concerns discard piles: a card from ``draw stock`` may be discarded."""
        state = gnoming_draw(["keep-taken-discard"], stock="7 7 7", discards=("4", "-2"))
        gb.play(state, "draw stock")
        assert {"discard 0", "discard 1"} <= gb.legal(state)


class TestSameStarter:
    """same-starter (G7): the same seat starts every round."""

    @staticmethod
    def starters(variants: Sequence[str]) -> list[int]:
        """The seat starting each of the three rounds of a match (round ends forced)."""
        state = gb.new(3, seed=11, variants=variants)
        seen: list[int] = []
        while True:
            seen.append(gb.rs(state).starter)
            # the starter is also the first to turn up cards (G6)
            assert state.current_player == gb.rs(state).starter
            if state.round == 2:
                return seen
            gb.finish_round_now(state)

    @pytest.mark.rule("G7")
    def test_start_does_not_pass_left(self) -> None:
        """Plain: seats 0, 1, 2 start rounds 1-3; with the variant seat 0 starts all three."""
        assert self.starters([]) == [0, 1, 2]
        assert self.starters(["same-starter"]) == [0, 0, 0]


class TestTieIsPenalty:
    """tie-is-penalty (G23): an ender tied for the lowest score takes the penalty."""

    @pytest.mark.rule("G23")
    def test_ender_tied_for_lowest(self) -> None:
        """Ender seat 0 ties seat 1 at 35: plain 35 - 5, with the variant 35 + 5."""
        layouts = [LAYOUT_35, LAYOUT_35, LAYOUT_61]
        assert gnoming_last_discard([], layouts, ender=0) == (30, 35, 61)
        assert gnoming_last_discard(["tie-is-penalty"], layouts, ender=0) == (40, 35, 61)

    @pytest.mark.rule("G23")
    def test_ender_strictly_lowest_still_gets_the_bonus(self) -> None:
        """Without a tie the variant changes nothing: the lowest ender subtracts 5."""
        layouts = [LAYOUT_35, LAYOUT_61, LAYOUT_61]
        assert gnoming_last_discard(["tie-is-penalty"], layouts, ender=0) == (30, 61, 61)
        assert gnoming_last_discard([], layouts, ender=0) == (30, 61, 61)


class TestCostlyHazards:
    """costly-hazards (G22): a Hazard left in a layout costs 20 instead of 10."""

    @pytest.mark.rule("G22")
    def test_hazard_in_a_layout_costs_ten_more(self) -> None:
        """Seat 1 holds a Hazard (face down until the end) and seat 2 one face up: +10 each."""
        # 2 + 3 + 4 - 5 + 6 + 7 + 8 + 9 = 34 without the Hazard at position 0
        layouts = [LAYOUT_35, "(H) 2 3 / 4 -5 6 / 7 8 9", "H 2 3 / 4 -5 6 / 7 8 9"]
        assert gnoming_last_discard([], layouts, ender=None) == (35, 44, 44)
        assert gnoming_last_discard(["costly-hazards"], layouts, ender=None) == (35, 54, 54)


# ---------------------------------------------------------------- Toonerville Rook

ROOK_OTHERS = ("R1 R2", "Y1 Y2")


def rook_position(
    variants: Sequence[str],
    seat_0: str,
    *,
    round: int = 0,
    phase: RookPhase = RP.PLAY,
    stock: str = "B1 B2 B3 B4 B5 B6",
    discards: str = "G14",
    buys: Sequence[int] | None = None,
    rebuilds: int = 0,
) -> GameState:
    """Seat 0 of 3 in round index ``round``; by default it has drawn and holds ``seat_0``."""
    state = rb.new(3, variants=variants)
    rb.put_round(
        state,
        [seat_0, *ROOK_OTHERS],
        round=round,
        phase=phase,
        stock=stock,
        discards=discards,
        buys=buys,
        rebuilds=rebuilds,
    )
    return state


class TestThreeBuys:
    """three-buys (R10): at most three buys per player per round."""

    @pytest.mark.rule("R10")
    def test_player_with_three_buys_is_not_offered_the_discard(self) -> None:
        """Seat 1 has bought 3 times: plain asks it first; the variant skips to seat 2."""
        plain = rook_position([], "R5 R6", phase=RP.DRAW, buys=(0, 3, 0))
        variant = rook_position(["three-buys"], "R5 R6", phase=RP.DRAW, buys=(0, 3, 0))
        for state in (plain, variant):
            rb.play(state, "draw")
            assert rb.rs(state).phase is RP.BUY
        assert plain.current_player == 1
        assert offered_to(rb.rs(plain)) == (1, 2)
        assert variant.current_player == 2
        assert offered_to(rb.rs(variant)) == (2,)

    @pytest.mark.rule("R10")
    def test_third_buy_is_still_allowed(self) -> None:
        """With the variant a seat that bought twice is asked, and may buy a third time."""
        state = rook_position(["three-buys"], "R5 R6", phase=RP.DRAW, buys=(0, 2, 0))
        rb.play(state, "draw")
        assert state.current_player == 1
        rb.play(state, "buy")
        assert rb.rs(state).buys == [0, 3, 0]
        assert rb.hand(state, 1) == rb.sorted_hand("R1 R2 G14 B6")


class TestMoreNaturals:
    """more-naturals (R7/R8): every meld holds more natural cards than Rooks."""

    RUN_HAND = "R3 R6 Rook Rook G1 G2 G3 G4 B14"  # round 3 (index 2): two runs
    SET_HAND = "R7 B7 Rook Rook Y9 G9 B9 B14"  # round 1 (index 0): two sets

    @pytest.mark.rule("R7", "R8")
    def test_run_with_as_many_rooks_as_naturals_is_refused(self) -> None:
        """``meld R3 *R4 *R5 R6`` is listed and played plain, refused (R7) with the variant."""
        plain = rook_position([], self.RUN_HAND, round=2)
        variant = rook_position(["more-naturals"], self.RUN_HAND, round=2)
        assert "meld R3 *R4 *R5 R6" in rb.legal(plain)
        rb.play(plain, "meld R3 *R4 *R5 R6")
        assert rb.table(plain) == ["R3 *R4 *R5 R6"]
        assert "meld R3 *R4 *R5 R6" not in rb.legal(variant)
        assert rb.refused(variant, "meld R3 *R4 *R5 R6").rule == "R7"

    @pytest.mark.rule("R7", "R8")
    def test_whole_lay_down_with_such_a_run_is_refused(self) -> None:
        """The same run inside ``lay down …`` is accepted plain and refused with the variant."""
        move = "lay down R3 *R4 *R5 R6 / G1 G2 G3 G4"
        plain = rook_position([], self.RUN_HAND, round=2)
        rb.play(plain, move)
        assert rb.rs(plain).down == [True, False, False]
        variant = rook_position(["more-naturals"], self.RUN_HAND, round=2)
        assert rb.refused(variant, move).rule == "R7"

    @pytest.mark.rule("R7", "R8")
    def test_set_with_two_rooks_and_two_naturals_is_refused(self) -> None:
        """``R7 B7 *7 *7`` is a set plain; with the variant only ``R7 B7 *7`` is offered."""
        plain = rook_position([], self.SET_HAND)
        variant = rook_position(["more-naturals"], self.SET_HAND)
        assert {"meld R7 B7 *7", "meld R7 B7 *7 *7"} <= rb.legal(plain)
        assert "meld R7 B7 *7" in rb.legal(variant)
        assert "meld R7 B7 *7 *7" not in rb.legal(variant)
        assert rb.refused(variant, "meld R7 B7 *7 *7").rule == "R8"


class TestLayOffNextTurn:
    """lay-off-next-turn (R11): laying off starts only from the turn after going down."""

    HAND = "R7 Y7 B7 R9 Y9 B9 G7 R5"  # round 1 (index 0): two sets, G7 fits the 7s

    @pytest.mark.rule("R11")
    def test_no_lay_off_in_the_turn_of_the_lay_down(self) -> None:
        """Right after going down the plain game offers ``lay off G7 on 0``; the variant not."""
        plain = rook_position([], self.HAND)
        variant = rook_position(["lay-off-next-turn"], self.HAND)
        for state in (plain, variant):
            rb.play(state, "lay down R7 Y7 B7 / R9 Y9 B9")
            assert rb.rs(state).down == [True, False, False]
        assert rb.legal_of(plain, "lay off") == {"lay off G7 on 0"}
        assert rb.legal_of(variant, "lay off") == set()
        assert rb.refused(variant, "lay off G7 on 0").rule == "R11"

    @pytest.mark.rule("R11")
    def test_lay_off_allowed_from_the_next_turn(self) -> None:
        """With the variant, seat 0's next turn (after seats 1 and 2 play) offers the lay-off."""
        state = rook_position(["lay-off-next-turn"], self.HAND)
        rb.play(state, "lay down R7 Y7 B7 / R9 Y9 B9", "discard R5")
        for seat, discard in ((1, "R1"), (2, "Y1")):
            assert state.current_player == seat
            rb.play(state, "draw")
            rb.pass_all(state)
            rb.play(state, f"discard {discard}")
        assert state.current_player == 0
        rb.play(state, "draw")
        rb.pass_all(state)
        assert rb.legal_of(state, "lay off") == {"lay off G7 on 0"}
        rb.play(state, "lay off G7 on 0")
        assert rb.table(state)[0] == "R7 Y7 G7 B7"


class TestUnlimitedRebuilds:
    """unlimited-rebuilds (R16): the draw pile may be rebuilt any number of times."""

    @staticmethod
    def empty_again(variants: Sequence[str], rebuilds: int) -> GameState:
        """Seat 0 draws from an empty draw pile already rebuilt ``rebuilds`` times; all pass."""
        state = rook_position(
            variants, "R5 R6", phase=RP.DRAW, stock="", discards="B1 B2 B3 G14", rebuilds=rebuilds
        )
        rb.play(state, "draw")
        rb.pass_all(state)
        return state

    @pytest.mark.rule("R16")
    def test_plain_round_ends_when_the_pile_runs_out_again(self) -> None:
        """Plain: after one rebuild an empty draw pile ends the round with nobody out."""
        state = self.empty_again([], 1)
        assert state.round == 1
        finished = state.finished_rounds[-1]
        assert (finished.ended_by, finished.went_out, finished.rebuilds) == ("stock", None, 1)
        assert state.round_scores[-1] == (10, 10, 10)  # two cards of 1-9 each (R17)

    @pytest.mark.rule("R16")
    @pytest.mark.parametrize("rebuilds", [1, 4])
    def test_variant_rebuilds_again(self, rebuilds: int) -> None:
        """With the variant the discards below G14 become the draw pile once more."""
        state = self.empty_again(["unlimited-rebuilds"], rebuilds)
        r = rb.rs(state)
        assert state.round == 0
        assert (r.phase, state.current_player, r.rebuilds) == (RP.PLAY, 0, rebuilds + 1)
        assert rb.pile(r.discards) == "G14"
        assert sorted([*rb.hand(state, 0), *(str(c) for c in r.stock)]) == sorted(
            "R5 R6 B1 B2 B3".split()
        )
        assert len(r.stock) == 2


# ---------------------------------------------------------------- every variant covered

G, R = "gnoming-a-round", "toonerville-rook"
DIAGONALS = test_diagonals.TestHandBuilt.test_a_matching_diagonal_scores_minus_its_value
GNOMING_KNOCK = (
    test_knock.TestWhenAKnockIsLegal.test_six_face_up_cards_offer_a_knock_instead_of_drawing
)
ROUND_THE_CORNER = TestCorner.test_a_wrapping_run_completes_a_contract
ROOK_KNOCK = TestKnock.test_a_player_down_with_at_most_15_points_knocks_and_the_round_ends

#: The behaviour test of each bundled variant, by ``game/name`` (it cites the rules it changes).
SNAP = test_snap.TestASnap.test_the_card_goes_on_the_pile_and_the_stocks_top_face_down_in_its_place
BEHAVIOUR_TESTS: dict[str, Callable[..., None]] = {
    f"{G}/no-bounce": TestNoBounce.test_revealed_matching_card_is_discarded_instead_of_bouncing,
    f"{G}/keep-taken-discard": TestKeepTakenDiscard.test_taken_discard_cannot_be_thrown_away,
    f"{G}/same-starter": TestSameStarter.test_start_does_not_pass_left,
    f"{G}/tie-is-penalty": TestTieIsPenalty.test_ender_tied_for_lowest,
    f"{G}/costly-hazards": TestCostlyHazards.test_hazard_in_a_layout_costs_ten_more,
    f"{G}/diagonals": DIAGONALS,
    f"{G}/knock": GNOMING_KNOCK,
    f"{G}/peek": test_peek.test_the_deal_shows_each_seat_its_own_centre_card_only,
    f"{G}/snap": SNAP,
    f"{R}/three-buys": TestThreeBuys.test_player_with_three_buys_is_not_offered_the_discard,
    f"{R}/more-naturals": TestMoreNaturals.test_run_with_as_many_rooks_as_naturals_is_refused,
    f"{R}/lay-off-next-turn": TestLayOffNextTurn.test_no_lay_off_in_the_turn_of_the_lay_down,
    f"{R}/unlimited-rebuilds": TestUnlimitedRebuilds.test_variant_rebuilds_again,
    f"{R}/knock": ROOK_KNOCK,
    f"{R}/round-the-corner": ROUND_THE_CORNER,
    f"{R}/may-i": MayI.test_refusing_holds_the_buy_back_and_offers_the_discard_on,
}


def bundled_variants() -> dict[str, VariantSpec]:
    """Variants of our games registered by this distribution's own plugins.

    A third-party plugin installed next to cardrules (such as the example in
    docs/examples) may register variants of our games too; those are not bundled.
    """
    catalogue = default_catalogue()
    ours = [p.name for p in catalogue.loaded if p.distribution == "cardrules"]
    provided = [spec for name in ours for spec in catalogue.provided.get(name, [])]
    return {
        f"{spec.game}/{spec.name}": spec
        for spec in catalogue.variants()
        if spec.game in OUR_GAMES and spec in provided
    }


BUNDLED = bundled_variants()


GAME_TITLES = {"Gnoming A Round": "gnoming-a-round", "Toonerville Rook": "toonerville-rook"}


def doc_sections() -> dict[str, str]:
    """The ``### name`` sections of docs/variants.md: ``game/name`` -> text below it.

    The game is the ``## `` heading (the game's title) the section sits under.
    """
    text = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    sections: dict[str, str] = {}
    for part in re.split(r"^## ", text, flags=re.MULTILINE)[1:]:
        title, _, body = part.partition("\n")
        game = GAME_TITLES.get(title.strip())
        for chunk in re.split(r"^### ", body, flags=re.MULTILINE)[1:]:
            heading, _, section = chunk.partition("\n")
            sections[f"{game}/{heading.strip()}"] = section
    return sections


def rule_ids(test: Callable[..., None]) -> list[str]:
    """The rule ids a test cites with ``@pytest.mark.rule``."""
    marks: list[Any] = getattr(test, "pytestmark", [])
    return [rule for mark in marks if mark.name == "rule" for rule in mark.args]


def test_bundled_variants_are_the_ones_tested_here() -> None:
    """Each bundled variant has a behaviour test, and no test names another."""
    assert set(BEHAVIOUR_TESTS) == set(BUNDLED)
    assert len(BUNDLED) == 16


def test_docs_have_one_section_per_bundled_variant() -> None:
    """docs/variants.md has exactly one ``### name`` heading per bundled variant, under its game."""
    text = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    assert len(re.findall(r"^### (.+)$", text, flags=re.MULTILINE)) == len(BUNDLED)
    assert sorted(doc_sections()) == sorted(BUNDLED)
    assert not re.search(r"^\s*>>>", text, flags=re.MULTILINE)


@pytest.mark.parametrize("key", sorted(BUNDLED))
def test_every_bundled_variant_is_tested_and_documented(key: str) -> None:
    """The variant has a behaviour test citing its rule, and a docs section saying how to use it."""
    spec = BUNDLED[key]
    name = spec.name
    assert key in BEHAVIOUR_TESTS, f"no behaviour test for variant {key!r}"
    changed = re.findall(r"[GR]\d+", spec.summary.partition(":")[0])
    assert changed
    assert rule_ids(BEHAVIOUR_TESTS[key]) == changed
    section = doc_sections().get(key)
    assert section is not None, f"no '### {name}' heading on docs/variants.md"
    assert spec.game in section
    assert all(rule in section for rule in changed)
    for option, value in spec.options:
        assert f"`{option}={value!r}`" in section
    assert f'variants=["{name}"]' in section
    assert f"--variant {name}" in section
