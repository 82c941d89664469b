"""Gnoming's rule-point hooks: each decides its rule; a variant changes one, the game the rest.

Each test builds a match with a small variant of its own (declared here, not
installed) that implements one ``gnoming_*`` hook, plays a position through
the public engine, and compares it with the plain game in the same position.
The last tests check the contract of every hookspec (its docstring names its
rule, it is documented for plugin authors and tested here), the checks on a
variant's answers, and the fast path: a rule point no variant implements is
the game's own function.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest

from cardrules import GameState, PluginHookError, VariantSpec, hookimpl
from cardrules.testing.conformance import snapshot
from cardrules_gnoming import hookspecs, rules
from cardrules_gnoming.cards import Card
from cardrules_gnoming.moves import STOCK, Draw
from cardrules_gnoming.rulebook import Rulebook, rulebook_of
from cardrules_gnoming.state import GnomingPhase, GnomingRound

from .builders import GAME, catalogue_with, last_turn_scores, legal, new, play, put_round, rs

P = GnomingPhase
ROOT = Path(__file__).resolve().parents[2]
OTHERS = "(1) (2) 3 / (4) (5) (6) / (7) (8) 9"
# No matching line (G19): 1 + 2 + 3 + 4 - 5 + 6 + 7 + 8 + 9 = 35.
LAYOUT_35 = "1 2 3 / 4 -5 6 / 7 8 9"
# No matching line: 9 + 9 + 7 + 6 + 10 + 4 + 3 + 2 + 11 = 61.
LAYOUT_61 = "9 9 7 / 6 10 4 / 3 2 11"


def with_variant(plugin: object | None, players: int = 3) -> GameState:
    """A match whose only variant is ``plugin`` (named ``toy``); the plain game for ``None``."""
    if plugin is None:
        return new(players)
    spec = VariantSpec("toy", GAME, "a test's own house rule", plugin=plugin)
    return new(players, variants=["toy"], catalogue=catalogue_with(spec))


def last_discard(plugin: object | None, layouts: list[str], *, ender: int) -> tuple[int, ...]:
    """The scores of ``layouts`` in a round ``ender`` ended (G17), with ``plugin``."""
    return last_turn_scores(with_variant(plugin), layouts, ender=ender)


# ---------------------------------------------------------------- playing


class StockOnly:
    """G9: a turn starts from the draw pile only."""

    @hookimpl(wrapper=True)
    def gnoming_turn_starts(self, game: Any, state: Any) -> Generator[None, Any, Any]:
        moves = yield
        return [move for move in moves if move == Draw(STOCK)]


@pytest.mark.rule("G9")
def test_turn_starts_decides_how_a_turn_begins() -> None:
    """gnoming_turn_starts: the plain game offers three draws, the variant only the stock."""
    found = {}
    for name, plugin in (("plain", None), ("variant", StockOnly())):
        state = with_variant(plugin)
        put_round(
            state,
            ["1 2 3 / (4) (5) (6) / (7) (8) (9)", OTHERS, OTHERS],
            stock="5 6",
            discards=("4", "-2"),
        )
        found[name] = legal(state)
    assert found == {
        "plain": {"draw stock", "take discard 0", "take discard 1"},
        "variant": {"draw stock"},
    }


class AnyRevealedCardBounces:
    """G12: any card a placement turns up may bounce, matching or not."""

    @hookimpl
    def gnoming_may_bounce(self, revealed: bool) -> bool | None:
        return True if revealed else None


@pytest.mark.rule("G12")
def test_may_bounce_decides_which_displaced_cards_bounce() -> None:
    """gnoming_may_bounce: a revealed 2 with no face-up 2 bounces only under the variant."""
    phases = {}
    for name, plugin in (("plain", None), ("variant", AnyRevealedCardBounces())):
        state = with_variant(plugin)
        put_round(state, ["5 1 3 / -1 (2) -2 / -3 -4 (9)", OTHERS, OTHERS], stock="-5 9")
        play(state, "draw stock", "place 4")
        phases[name] = (rs(state).phase, {m for m in legal(state) if m.startswith("bounce")})
    assert phases["plain"] == (P.DISCARD, set())
    assert phases["variant"] == (P.BOUNCE, {f"bounce {p}" for p in range(9) if p != 4})


class LastCardFlips:
    """G15: a player may flip their last face-down card after a Hazard discard."""

    @hookimpl
    def gnoming_may_flip(self, state: GnomingRound, seat: int) -> bool:
        return state.layouts[seat].face_down_count() >= 1


@pytest.mark.rule("G15")
def test_may_flip_decides_who_is_offered_a_flip() -> None:
    """gnoming_may_flip: seat 1 with one face-down card is skipped plainly, asked by the variant."""
    offered = {}
    for name, plugin in (("plain", None), ("variant", LastCardFlips())):
        state = with_variant(plugin)
        put_round(
            state,
            ["1 2 3 / (4) (5) (6) / (7) (8) (9)", "1 2 3 / 4 5 6 / 7 8 (9)", OTHERS],
            stock="-5 H",
        )
        play(state, "draw stock", "discard")
        offered[name] = (state.current_player, legal(state))
    assert offered["plain"] == (2, {f"flip {p}" for p in (0, 1, 3, 4, 5, 6, 7)} | {"pass"})
    assert offered["variant"] == (1, {"flip 8", "pass"})


class OneCardLeftEnds:
    """G17: a player finishing a turn with at most one face-down card ends the round."""

    @hookimpl
    def gnoming_ends_round(self, state: GnomingRound, seat: int) -> bool:
        return state.layouts[seat].face_down_count() <= 1


@pytest.mark.rule("G17")
def test_ends_round_decides_who_becomes_the_ender() -> None:
    """gnoming_ends_round: one face-down card left makes seat 0 the ender only under the variant."""
    after = {}
    for name, plugin in (("plain", None), ("variant", OneCardLeftEnds())):
        state = with_variant(plugin)
        put_round(state, ["1 2 3 / 4 5 6 / 7 (8) (9)", OTHERS, OTHERS], stock="-5 -5 -4")
        play(state, "draw stock", "place 8", "discard 0")
        after[name] = (rs(state).ender, rs(state).final_turns_left, state.current_player)
    assert after == {"plain": (None, 0, 1), "variant": (0, 2, 1)}


# ---------------------------------------------------------------- scoring


class Diagonal:
    """G19: the diagonal 0-4-8 is a line too."""

    @hookimpl(wrapper=True)
    def gnoming_lines(self, game: Any) -> Generator[None, Any, Any]:
        lines = yield
        return (*lines, (0, 4, 8))


@pytest.mark.rule("G19")
def test_lines_decides_which_lines_can_match() -> None:
    """gnoming_lines: 9s on the diagonal 0-4-8 score -9 instead of +27 (seat 1: 50 -> 14)."""
    layouts = [LAYOUT_61, "9 1 2 / 3 9 4 / 6 7 9", LAYOUT_61]
    assert last_discard(None, layouts, ender=0) == (66, 50, 61)
    # 1 + 2 + 3 + 4 + 6 + 7 - 9 = 14
    assert last_discard(Diagonal(), layouts, ender=0) == (66, 14, 61)


class MulligansNotWild:
    """G20: a Mulligan never takes part in a matching line."""

    @hookimpl(wrapper=True)
    def gnoming_line_match(self, cards: tuple[Card, ...]) -> Generator[None, Any, Any]:
        value = yield
        return None if any(card.is_mulligan for card in cards) else value


@pytest.mark.rule("G19", "G20")
def test_line_match_decides_whether_a_line_matches() -> None:
    """gnoming_line_match: row 5 5 M scores -5 plainly, 5 + 5 + 0 when Mulligans are not wild."""
    layouts = [LAYOUT_61, "5 5 M / 1 2 3 / 4 6 7", LAYOUT_61]
    # plain: -5 + 1 + 2 + 3 + 4 + 6 + 7 = 18; variant: 10 + 23 = 33
    assert last_discard(None, layouts, ender=0) == (66, 18, 61)
    assert last_discard(MulligansNotWild(), layouts, ender=0) == (66, 33, 61)


class DoubleLines:
    """G19: a matching line scores twice its value off."""

    @hookimpl
    def gnoming_line_points(self, value: int) -> int:
        return -2 * value


@pytest.mark.rule("G19", "G21")
def test_line_points_decides_what_a_matching_line_scores() -> None:
    """gnoming_line_points: row 5 5 5 and column 5 5 5 crossing: -10 plainly, -20 doubled."""
    layouts = [LAYOUT_61, "5 5 5 / 5 1 2 / 5 3 4", LAYOUT_61]
    # the 5s score nothing (G21); 1 + 2 + 3 + 4 = 10
    assert last_discard(None, layouts, ender=0) == (66, 0, 61)
    assert last_discard(DoubleLines(), layouts, ender=0) == (66, -10, 61)


class LoneMulligansCost:
    """G22: a Mulligan in no matching line scores -3."""

    @hookimpl
    def gnoming_card_points(self, card: Card, matched: bool) -> int | None:
        return -3 if card.is_mulligan and not matched else None


@pytest.mark.rule("G21", "G22")
def test_card_points_decides_what_each_card_scores() -> None:
    """gnoming_card_points: a lone Mulligan -3, the one in row 5 5 M still 0."""
    layouts = [LAYOUT_61, "5 5 M / 1 M 3 / 4 6 7", LAYOUT_61]
    # plain: -5 + 1 + 0 + 3 + 4 + 6 + 7 = 16; variant: the Mulligan at 4 is lone
    assert last_discard(None, layouts, ender=0) == (66, 16, 61)
    assert last_discard(LoneMulligansCost(), layouts, ender=0) == (66, 13, 61)


class CappedLayouts:
    """G19-G22: a layout never scores more than 40."""

    @hookimpl(wrapper=True)
    def gnoming_layout_score(self) -> Generator[None, Any, Any]:
        score = yield
        return min(score, 40)


@pytest.mark.rule("G19", "G22", "G23")
def test_layout_score_changes_reach_the_ender_comparison() -> None:
    """gnoming_layout_score: capping every layout at 40 turns the ender's penalty into a bonus.

    Plainly the ender (seat 0, 45) is above seat 1 (42): +5. Capped, all three
    layouts score 40, a tie for lowest, which counts as lowest: -5 (G23).
    """
    layouts = ["1 2 3 / 4 5 6 / 7 8 9", "1 2 3 / 4 5 6 / 7 8 6", LAYOUT_61]
    assert last_discard(None, layouts, ender=0) == (50, 42, 61)
    assert last_discard(CappedLayouts(), layouts, ender=0) == (35, 40, 40)


class DoubleOrNothing:
    """G23: the lowest ender takes 10 off; an ender who is not lowest takes nothing."""

    @hookimpl
    def gnoming_ender_adjustment(self, scores: tuple[int, ...], ender: int) -> int:
        return -10 if scores[ender] == min(scores) else 0


@pytest.mark.rule("G23")
def test_ender_adjustment_decides_the_bonus_and_penalty() -> None:
    """gnoming_ender_adjustment: -5/+5 plainly, -10/0 under the variant."""
    lowest = [LAYOUT_35, LAYOUT_61, LAYOUT_61]
    assert last_discard(None, lowest, ender=0) == (30, 61, 61)
    assert last_discard(DoubleOrNothing(), lowest, ender=0) == (25, 61, 61)
    assert last_discard(None, lowest, ender=1) == (35, 66, 61)
    assert last_discard(DoubleOrNothing(), lowest, ender=1) == (35, 61, 61)


# ---------------------------------------------------------------- contracts

#: The test of each rule-point hook.
HOOK_TESTS: dict[str, Callable[[], None]] = {
    "gnoming_turn_starts": test_turn_starts_decides_how_a_turn_begins,
    "gnoming_may_bounce": test_may_bounce_decides_which_displaced_cards_bounce,
    "gnoming_may_flip": test_may_flip_decides_who_is_offered_a_flip,
    "gnoming_ends_round": test_ends_round_decides_who_becomes_the_ender,
    "gnoming_lines": test_lines_decides_which_lines_can_match,
    "gnoming_line_match": test_line_match_decides_whether_a_line_matches,
    "gnoming_line_points": test_line_points_decides_what_a_matching_line_scores,
    "gnoming_card_points": test_card_points_decides_what_each_card_scores,
    "gnoming_layout_score": test_layout_score_changes_reach_the_ender_comparison,
    "gnoming_ender_adjustment": test_ender_adjustment_decides_the_bonus_and_penalty,
}

HOOKSPECS = {
    name: spec
    for name, spec in inspect.getmembers(hookspecs, inspect.isfunction)
    if name.startswith("gnoming_")
}


def rule_ids(function: Callable[..., Any]) -> list[str]:
    marks: list[Any] = getattr(function, "pytestmark", [])
    return [rule for mark in marks if mark.name == "rule" for rule in mark.args]


def test_every_rule_point_has_a_test_here() -> None:
    """Each gnoming_* hookspec is exercised by its own test above, and no test names another."""
    assert set(HOOK_TESTS) == set(HOOKSPECS)
    assert set(HOOKSPECS) == set(new(3).game.rules.names())


@pytest.mark.parametrize("name", sorted(HOOKSPECS))
def test_every_rule_point_documents_its_contract_and_rule(name: str) -> None:
    """Docstring: first result, every parameter, the return, and the rule ids its test cites."""
    spec = HOOKSPECS[name]
    doc = inspect.getdoc(spec) or ""
    assert getattr(spec, "cardrules_spec", {}).get("firstresult")
    assert "Stops at the first non-None result." in doc
    for parameter in inspect.signature(spec).parameters:
        assert f":param {parameter}:" in doc
    assert ":returns:" in doc
    first_line = doc.splitlines()[0]
    cited = rule_ids(HOOK_TESTS[name])
    assert re.findall(r"G\d+", first_line), f"{name}: the first line names no rule"
    assert set(re.findall(r"G\d+", first_line)) <= set(cited) | {"G20", "G21", "G11"}


@pytest.mark.parametrize("name", sorted(HOOKSPECS))
def test_every_rule_point_is_documented_for_plugin_authors(name: str) -> None:
    """docs/plugins.md has ``#### name(params)`` with its rule; the rules page names the hook."""
    params = ", ".join(inspect.signature(HOOKSPECS[name]).parameters)
    plugins_md = (ROOT / "docs" / "plugins.md").read_text("utf-8")
    heading = f"#### {name}({params})"
    assert heading in plugins_md
    section = plugins_md.split(heading, 1)[1].split("####", 1)[0]
    first_line = (inspect.getdoc(HOOKSPECS[name]) or "").splitlines()[0]
    for rule in re.findall(r"G\d+", first_line):
        assert rule in section
    rules_md = (ROOT / "docs" / "rules" / "gnoming-a-round.md").read_text("utf-8")
    assert f"`{name}`" in rules_md


def test_a_rule_point_no_variant_changes_is_the_games_own_function() -> None:
    """The fast path: without variants the rulebook holds the game's functions themselves."""
    book = rulebook_of(new(3).game)
    assert book.turn_starts is rules.draw_moves
    assert book.may_bounce is rules.may_bounce
    assert book.may_flip is rules.may_flip
    assert book.ends_round is rules.ends_round
    assert book.default_scoring
    changed = rulebook_of(with_variant(StockOnly()).game)
    assert changed.turn_starts is not rules.draw_moves
    assert changed.may_flip is rules.may_flip
    assert changed.default_scoring


def test_the_rules_without_a_game_are_the_games_own() -> None:
    """Rulebook(options) scores as the game does (for bots given no game)."""
    plain = new(3)
    book = Rulebook(plain.game.options)
    assert book.lines == rulebook_of(plain.game).lines
    assert book.turn_starts is rules.draw_moves


class BadLines:
    @hookimpl(wrapper=True)
    def gnoming_lines(self) -> Generator[None, Any, Any]:
        yield
        return [(0, 1, 9)]


class BadPoints:
    @hookimpl
    def gnoming_card_points(self) -> Any:
        return "seven"


class BadStarts:
    @hookimpl
    def gnoming_turn_starts(self) -> Any:
        return ["draw stock"]


def test_nonsense_lines_are_refused_naming_the_variant() -> None:
    """A line holding position 9 stops the game being dealt, with the variant named."""
    with pytest.raises(PluginHookError, match=r"variant:toy.*gnoming_lines.*0-8") as info:
        with_variant(BadLines())
    assert info.value.plugin == "variant:toy"


def test_a_nonsense_turn_start_is_refused_naming_the_variant() -> None:
    """A move given as text: PluginHookError naming the variant and the hook."""
    state = with_variant(BadStarts())
    put_round(state, [LAYOUT_35, LAYOUT_61, LAYOUT_61], stock="5 6")
    with pytest.raises(PluginHookError, match=r"variant:toy.*gnoming_turn_starts.*list of moves"):
        state.legal_moves()


def test_nonsense_card_points_are_refused_and_the_match_is_unchanged() -> None:
    """A card worth "seven" when the round is scored: PluginHookError, nothing changed."""
    state = with_variant(BadPoints())
    put_round(
        state,
        [LAYOUT_35, LAYOUT_61, LAYOUT_61],
        turn=2,
        phase=P.DISCARD,
        held="12",
        discards=("2", "3"),
        stock="4 5 6",
        ender=0,
        final_turns_left=1,
    )
    before = snapshot(state)
    with pytest.raises(PluginHookError, match=r"variant:toy.*gnoming_card_points.*an int"):
        state.apply("discard 0")
    assert snapshot(state) == before
