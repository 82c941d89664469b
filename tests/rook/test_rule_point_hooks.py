"""Toonerville Rook's rule-point hooks (cardrules_rook.hookspecs), each changed by a small variant.

Every hook is implemented here by a variant written as an outside author
would (a class with ``hookimpl`` methods, declared with a `VariantSpec`), and
each test checks that the game does the rest right.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Catalogue, GameState, PluginHookError, VariantSpec, hookimpl
from cardrules_rook import hookspecs
from cardrules_rook.cards import ROOK, Card
from cardrules_rook.contracts import Contract
from cardrules_rook.melds import Meld
from cardrules_rook.state import RookPhase

from .builders import GAME, legal, legal_of, play, put_round, refused, rs, table

P = RookPhase
ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- the variants


class ShortRuns:
    """R7: a run of three cards is a run too (hook rook_meld_valid)."""

    @hookimpl(wrapper=True)
    def rook_meld_valid(self, game: Any, meld: Meld) -> Generator[None, bool, bool]:
        valid = yield
        return valid or (meld.kind == "run" and meld.length == 3 and len(meld.naturals) >= 2)


class ShortGame:
    """R4: round 1 deals 7 cards and asks for one run and one set (hook rook_contract)."""

    @hookimpl
    def rook_contract(self, game: Any, round: int) -> Contract | None:
        return Contract(7, sets=1, runs=1) if round == 0 else None


class HugeHands:
    """R4, broken: 60 cards each cannot be dealt from three decks."""

    @hookimpl
    def rook_contract(self, game: Any, round: int) -> Contract:
        return Contract(60, sets=1, runs=0)


class CostlyRooks:
    """R17: a Rook left in hand costs 50 (hook rook_card_points)."""

    @hookimpl
    def rook_card_points(self, game: Any, card: Card) -> int | None:
        return 50 if card.is_rook else None


class TwoPenalties:
    """R10: a buyer draws two penalty cards (hook rook_buy_penalty)."""

    @hookimpl
    def rook_buy_penalty(self, game: Any, state: Any, seat: int) -> int:
        return 2


class NoBuysWhenLeading:
    """R10: a seat holding fewer cards than every other may not buy (hook rook_may_buy)."""

    @hookimpl(wrapper=True)
    def rook_may_buy(self, game: Any, state: Any, seat: int) -> Generator[None, bool, bool]:
        allowed = yield
        sizes = [state.hand_size(s) for s in range(state.players)]
        return allowed and sizes[seat] >= min(sizes[:seat] + sizes[seat + 1 :])


class MeldOut:
    """R12: no one ever goes out by discarding (hook rook_may_go_out_by_discard)."""

    @hookimpl
    def rook_may_go_out_by_discard(self, game: Any, state: Any, seat: int) -> bool:
        return False


class FirstDownEnds:
    """R12: the round ends as soon as a player has laid down (hook rook_round_over)."""

    @hookimpl
    def rook_round_over(self, game: Any, state: Any, seat: int) -> str | None:
        return "down" if state.down[seat] else None


class OutBonus:
    """R17: the player who goes out scores -10 (hook rook_hand_score)."""

    @hookimpl(wrapper=True)
    def rook_hand_score(self, game: Any, state: Any, seat: int) -> Generator[None, int, int]:
        score = yield
        return -10 if seat == state.went_out and state.ended_by == "out" else score


class SetSwaps:
    """R15: a Rook in a set may be swapped for a natural card of its number (hook rook_may_swap)."""

    @hookimpl(wrapper=True)
    def rook_may_swap(
        self, game: Any, state: Any, seat: int, target: int, card: Card
    ) -> Generator[None, bool, bool]:
        allowed = yield
        meld = state.table[target]
        return allowed or (meld.kind == "set" and card.number == meld.number)


class Nonsense:
    """Broken: answers a meld's validity with a string."""

    @hookimpl
    def rook_meld_valid(self, game: Any, meld: Meld) -> Any:
        return "yes"


class CornerRuns:
    """R7: runs may wrap from 14 to 1 (hook rook_runs_wrap)."""

    @hookimpl
    def rook_runs_wrap(self, game: Any) -> bool:
        return True


class FickleCorner:
    """Broken: runs wrap in the first round only (the answer must depend on the game alone)."""

    def __init__(self) -> None:
        self.asked = 0

    @hookimpl
    def rook_runs_wrap(self, game: Any) -> Any:
        self.asked += 1
        return "yes" if game.options.first_dealer == 2 else self.asked == 1


VARIANTS: dict[str, object] = {
    "short-runs": ShortRuns(),
    "short-game": ShortGame(),
    "huge-hands": HugeHands(),
    "costly-rooks": CostlyRooks(),
    "two-penalties": TwoPenalties(),
    "no-buys-when-leading": NoBuysWhenLeading(),
    "meld-out": MeldOut(),
    "first-down-ends": FirstDownEnds(),
    "out-bonus": OutBonus(),
    "set-swaps": SetSwaps(),
    "nonsense": Nonsense(),
    "corner-runs": CornerRuns(),
    "fickle-corner": FickleCorner(),
}


class _Register:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        for name, plugin in VARIANTS.items():
            register(VariantSpec(name, GAME, inspect.getdoc(plugin) or "", plugin=plugin))


CATALOGUE = Catalogue([("rook-rule-point-tests", _Register())])


def game(variants: Sequence[str], players: int = 3, **kwargs: Any) -> GameState:
    return cardrules.new_game(
        GAME, players=players, variants=variants, catalogue=CATALOGUE, **kwargs
    )


def round_3(variants: Sequence[str], seat_0: str, **kwargs: Any) -> GameState:
    """Round 3 (index 2: two runs); seat 0 has drawn and holds ``seat_0``."""
    state = game(variants)
    defaults: dict[str, Any] = {
        "round": 2,
        "phase": P.PLAY,
        "stock": "B1 B2 B3 B4 B5 B6",
        "discards": "G14",
    }
    defaults.update(kwargs)
    put_round(state, [seat_0, "Y1 Y2 Y3", "Y10 Y11 Y12"], **defaults)
    return state


def last_round(state: GameState) -> Any:
    """The round that ended last."""
    return state.finished_rounds[-1]


# ---------------------------------------------------------------- R7, R8, R13: meld validity


@pytest.mark.rule("R7", "R11")
def test_a_variant_allowing_runs_of_three_lets_the_search_lay_them_down() -> None:
    """Two runs of three meet round 3's contract once ``rook_meld_valid`` allows them."""
    hand = "R3 R4 R5 G9 G10 G11 B14"
    plain = round_3([], hand)
    assert not legal_of(plain, "meld")
    state = round_3(["short-runs"], hand)
    assert legal_of(state, "meld") == {"meld R3 R4 R5", "meld G9 G10 G11"}
    play(state, "meld R3 R4 R5", "meld G9 G10 G11")
    assert rs(state).down[0]
    assert "discard B14" in legal(state)
    play(state, "discard B14")
    assert last_round(state).went_out == 0
    assert state.scores[:1] == (0,)


@pytest.mark.rule("R7", "R13")
def test_under_a_meld_variant_lay_offs_rooks_and_refusals_ask_the_hook() -> None:
    """A run of three takes a lay-off, a Rook in it, and a two-card run is refused naming R7."""
    state = round_3(["short-runs"], "R6 Rook Y7 Y8", table=["R3 R4 R5"], down=[0], owners=[0])
    assert {"lay off R6 on 0", "lay off *6 on 0", "lay off *2 on 0"} <= legal(state)
    error = refused(state, "meld Y7 Y8")
    assert error.rule == "R7"


@pytest.mark.rule("R7", "R11")
def test_the_greedy_bot_lays_down_under_a_meld_variant() -> None:
    """The bot's own search (obs.meld_rules carries the hook) finds the short runs."""
    from cardrules_rook.bots import GreedyBot

    state = round_3(["short-runs"], "R3 R4 R5 G9 G10 G11 B14")
    bot = GreedyBot(seed=0)
    while rs(state).phase is P.PLAY and not rs(state).down[0]:
        play(state, str(bot.choose(state.observation(0))))
    assert table(state) == ["R3 R4 R5", "G9 G10 G11"]


@pytest.mark.rule("R7", "R8")
def test_action_ids_cover_the_melds_a_variant_allows() -> None:
    """Each legal move, a run of three included, has an id that maps back to it."""
    state = round_3(["short-runs"], "R3 R4 R5 G9 G10 G11 B14")
    moves = state.legal_moves()
    ids = state.legal_actions()
    assert sorted(ids) == sorted(state.action_id(m) for m in moves)
    assert {state.move_of(i) for i in ids} == set(moves)
    # A table of runs of three encodes as a tensor of the game's layout.
    pytest.importorskip("numpy")
    from cardrules.information.tensor_layout import observation_tensor

    play(state, "meld R3 R4 R5", "meld G9 G10 G11")
    tensor = observation_tensor(state.game, state.observation(1))
    layout = state.game.tensor_layout
    assert tensor.shape == (layout.size,)
    # Melds may hold a single card under a variant's rule: one row per card off hand.
    assert layout.plane("table_melds").shape[0] == 3 * 57 - 3


@pytest.mark.rule("R7")
def test_a_meld_hook_answering_nonsense_is_named() -> None:
    state = game(["nonsense"])
    put_round(state, ["R3 R4 R5 R6 B1", "Y1", "Y2"], round=2, phase=P.PLAY, discards="G1")
    with pytest.raises(PluginHookError, match=r"nonsense.*rook_meld_valid.*'yes'"):
        state.legal_moves()


@pytest.mark.rule("R7")
def test_runs_that_wrap_meet_a_variant_meld_rule() -> None:
    """With short runs and wrapping, R14 R1 R2 is a run: the meld hook is asked about it."""
    hand = "R14 R1 R2 Y7 G7 B7 Y3"
    both = game(["short-runs", "corner-runs"])
    put_round(both, [hand, "Y1", "Y2"], round=1, phase=P.PLAY, discards="G1")
    assert "meld R14 R1 R2" in legal_of(both, "meld")
    play(both, "meld R14 R1 R2")
    assert table(both) == ["R14 R1 R2"]
    for variants in (["short-runs"], ["corner-runs"]):
        one = game(variants)
        put_round(one, [hand, "Y1", "Y2"], round=1, phase=P.PLAY, discards="G1")
        assert "meld R14 R1 R2" not in legal_of(one, "meld")
    assert rs(both).rules.meld_rules.wrap
    assert rs(both).rules.meld_rules.any_shape


@pytest.mark.rule("R7")
def test_a_wrap_hook_answering_nonsense_or_changing_its_mind_is_named() -> None:
    with pytest.raises(PluginHookError, match=r"fickle-corner.*rook_runs_wrap.*'yes'"):
        game(["fickle-corner"], options={"first_dealer": 2})
    VARIANTS["fickle-corner"].asked = 0  # type: ignore[attr-defined]
    with pytest.raises(PluginHookError, match=r"fickle-corner.*rook_runs_wrap.*depend only"):
        game(["fickle-corner"], seed=1)


# ---------------------------------------------------------------- R4: contracts


@pytest.mark.rule("R4", "R11")
def test_a_variant_contract_deals_its_hand_size_and_asks_its_melds() -> None:
    """Round 1 deals 7 cards and is one run and one set; round 2 is the table's again."""
    state = game(["short-game"], players=4, seed=3, options={"rounds": 2})
    assert rs(state).contract == Contract(7, sets=1, runs=1)
    assert [rs(state).hand_size(s) for s in range(4)] == [7, 7, 7, 7]
    assert state.observation(1).contract.sets == 1
    put_round(state, ["R3 R4 R5 R6 B9 G9 Y9 Y1", "Y2", "Y3", "Y4"], phase=P.PLAY)
    assert refused(state, "lay down B9 G9 Y9 / Y1 Y1 Y1").rule in {"R8", "R11"}
    play(state, "lay down R3 R4 R5 R6 / Y9 G9 B9")
    assert rs(state).down[0]


@pytest.mark.rule("R4", "R5")
def test_a_contract_the_deck_cannot_deal_is_refused_naming_the_variant() -> None:
    with pytest.raises(PluginHookError, match=r"huge-hands.*rook_contract.*60 cards"):
        game(["huge-hands"])


# ---------------------------------------------------------------- R17: card points


@pytest.mark.rule("R17")
def test_rooks_worth_fifty_score_fifty() -> None:
    """Round scores and the observation use the hook's points."""
    state = game(["costly-rooks"])
    put_round(
        state, ["B14", "Y1 Y2 Rook", "Y10"], round=2, phase=P.PLAY, down=[0], table=["R3 R4 R5 R6"]
    )
    assert state.observation(1).card_points[ROOK.code] == 50
    play(state, "discard B14")  # seat 0 goes out
    assert state.scores == (0, 5 + 5 + 50, 10)


# ---------------------------------------------------------------- R10: buying


@pytest.mark.rule("R10")
def test_a_buyer_draws_two_penalty_cards() -> None:
    state = game(["two-penalties"])
    put_round(
        state,
        ["R1 R2", "Y1 Y2", "B1 B2"],
        stock="G1 G2 G3 G4 G5",
        discards="G14",
    )
    play(state, "draw", "buy")
    assert rs(state).hand_size(1) == 2 + 1 + 2
    assert rs(state).hand_size(0) == 2 + 1
    assert len(rs(state).stock) == 5 - 3
    assert rs(state).buys[1] == 1


@pytest.mark.rule("R10")
def test_a_variant_decides_who_is_offered_the_discard() -> None:
    """Seat 1 holds fewest cards: it is skipped, seat 2 is offered the discard."""
    state = game(["no-buys-when-leading"])
    put_round(state, ["R1 R2 R3", "Y1 Y2", "B1 B2 B3"], stock="G1 G2", discards="G14")
    play(state, "draw")
    assert rs(state).phase is P.BUY
    assert rs(state).current_player == 2


# ---------------------------------------------------------------- R12: going out


@pytest.mark.rule("R12")
def test_no_going_out_by_discard_keeps_a_lay_off_from_stranding_a_card() -> None:
    """Laying off R5 would leave B14, which may not be discarded: that lay-off is not offered."""
    kwargs: dict[str, Any] = {"table": ["R1 R2 R3 R4"], "down": [0], "owners": [0]}
    plain = round_3([], "R5 B14", **kwargs)
    assert "lay off R5 on 0" in legal(plain)
    state = round_3(["meld-out"], "R5 B14", **kwargs)
    assert "lay off R5 on 0" not in legal(state)
    assert {"discard R5", "discard B14"} <= legal(state)
    # A last card that cannot be laid off may not be discarded either (R12).
    state = round_3(["meld-out"], "B14", **kwargs)
    error = refused(state, "discard B14")
    assert error.rule == "R12"
    assert "go out by discarding" in error.message
    # Both cards can be laid off: going out by lay-off is fine.
    state = round_3(["meld-out"], "R5 R6", **kwargs)
    play(state, "lay off R5 on 0", "lay off R6 on 0")
    assert last_round(state).went_out == 0
    assert last_round(state).ended_by == "out"


@pytest.mark.rule("R12", "R17")
def test_a_variant_ending_ends_the_round_and_each_hand_scores() -> None:
    """Laying down the contract ends the round at once; the others score their hands."""
    state = round_3(["first-down-ends"], "R3 R4 R5 R6 G9 G10 G11 G12 B14")
    play(state, "meld R3 R4 R5 R6")
    assert not rs(state).is_round_over  # not down yet: half the contract
    play(state, "meld G9 G10 G11 G12")
    assert last_round(state).ended_by == "down"
    assert last_round(state).went_out == 0
    assert state.scores == (0, 15, 30)


@pytest.mark.rule("R17", "R12")
def test_a_variant_hand_score_gives_the_player_out_a_bonus() -> None:
    state = round_3(["out-bonus"], "B14", table=["R1 R2 R3 R4"], down=[0], owners=[0])
    play(state, "discard B14")
    assert state.scores == (-10, 15, 30)


# ---------------------------------------------------------------- R14, R15: swaps


@pytest.mark.rule("R14", "R15")
def test_a_variant_lets_rooks_in_sets_be_swapped() -> None:
    """Under ``set-swaps`` G7 takes the set's Rook (the game refuses it by R15)."""
    kwargs: dict[str, Any] = {"table": ["R7 B7 *7"], "down": [0], "owners": [1]}
    plain = round_3([], "G7 R8 R9 R10 R11", **kwargs)
    assert refused(plain, "swap G7 on 0").rule == "R15"
    state = round_3(["set-swaps"], "G7 R8 R9 R10 R11", **kwargs)
    assert "swap G7 on 0" in legal(state)
    play(state, "swap G7 on 0")
    assert table(state) == ["R7 G7 B7"]
    assert rs(state).owed_rooks == 1
    # The Rook is owed (R14): laid off onto the set it came from, or in a new meld.
    assert "lay off *7 on 0" in legal(state)
    assert not any(m.startswith("discard") for m in legal(state))


# ---------------------------------------------------------------- the hooks themselves

SPECS: dict[str, Any] = {
    name: spec
    for name, spec in inspect.getmembers(hookspecs, inspect.isfunction)
    if name.startswith("rook_")
}


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_rook_hook_names_its_rule_and_contract(name: str) -> None:
    """First-result, a rule id, each parameter and the return documented."""
    spec = SPECS[name]
    doc = inspect.getdoc(spec) or ""
    assert spec.cardrules_spec.get("firstresult")
    assert "Stops at the first non-None result." in doc
    assert re.search(r"\bR\d+\b", doc.splitlines()[0])
    for parameter in inspect.signature(spec).parameters:
        assert f":param {parameter}:" in doc
    assert ":returns:" in doc


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_rook_hook_is_documented_and_exercised(name: str) -> None:
    """docs/plugins.md has its heading, the rules page names it, a variant here implements it."""
    params = ", ".join(inspect.signature(SPECS[name]).parameters)
    assert f"#### {name}({params})" in (ROOT / "docs" / "plugins.md").read_text("utf-8")
    assert f"`{name}`" in (ROOT / "docs" / "rules" / "toonerville-rook.md").read_text("utf-8")
    assert any(hasattr(type(plugin), name) for plugin in VARIANTS.values())


def test_a_game_without_variants_keeps_its_own_rules() -> None:
    """No variant: every rook_* hook is the game's own plain function (no pluggy)."""
    state = game([])
    rules = state.game.rules
    assert {n for n in rules.names() if n.startswith("rook_")} == set(SPECS)
    assert not any(rules.changed(name) for name in SPECS)
    assert not rs(state).rules.meld_rules.has_judge


class MoreNaturalsByHook:
    """R13: a meld holds more natural cards than Rooks, written as a rook_meld_valid hook."""

    @hookimpl(wrapper=True)
    def rook_meld_valid(self, game: Any, meld: Meld) -> Generator[None, bool, bool]:
        valid = yield
        return valid and 2 * len(meld.naturals) > meld.length


VARIANTS["more-naturals-by-hook"] = MoreNaturalsByHook()
CATALOGUE = Catalogue([("rook-rule-point-tests", _Register())])


@pytest.mark.rule("R7", "R8", "R11", "R13", "R14")
@pytest.mark.parametrize("seed", [4, 11])
def test_the_exact_path_offers_what_the_fast_path_offers(seed: int) -> None:
    """The variant ``more-naturals`` as a hook (exact path) and as its option (fast path).

    Both matches take the same moves (the greedy bot's, or a random one); at
    every decision the legal moves are the same.
    """
    import random

    from cardrules_rook.bots import GreedyBot

    by_option = game(["more-naturals"], seed=seed, options={"rounds": 3})
    by_hook = game(["more-naturals-by-hook"], seed=seed, options={"rounds": 3})
    assert rs(by_hook).rules.meld_rules.has_judge
    rng = random.Random(seed)
    bots = [GreedyBot(seed=s) for s in range(3)]
    steps = 0
    while not by_option.is_over and steps < 900:
        moves = by_option.legal_moves()
        assert set(by_hook.legal_moves()) == set(moves)
        seat = by_option.current_player
        assert seat is not None
        move = (
            rng.choice(moves)
            if rng.random() < 0.2
            else bots[seat].choose(by_option.observation(seat))
        )
        by_option.apply(move)
        by_hook.apply(move)
        steps += 1
    assert by_hook.round_scores == by_option.round_scores


@pytest.mark.rule("R7", "R10", "R15")
@pytest.mark.parametrize("variant", ["short-runs", "set-swaps", "two-penalties"])
def test_variants_on_rule_points_pass_the_testing_kit(variant: str) -> None:
    """Records replay, clones, determinization and action ids hold under each hook."""
    from cardrules.testing import run_conformance

    run_conformance(
        GAME, players=3, variants=[variant], catalogue=CATALOGUE, max_examples=2, shrink=False
    )


@pytest.mark.rule("R17")
def test_adapter_score_bounds_use_the_games_card_points() -> None:
    """Three Rooks worth 50 instead of 25 raise the highest round score by 75."""
    from cardrules.adapters.bounds import round_bounds

    costly, plain = round_bounds(game(["costly-rooks"]).game), round_bounds(game([]).game)
    assert costly is not None
    assert plain is not None
    assert costly[1] == plain[1] + 3 * 25
