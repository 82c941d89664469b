"""Every failure names the plugin whose code failed, by construction (issue 39, cases 2, 3, 5).

Blame used to be guessed from source files: with two variants whose classes
live in one module, the one registered last was named. Here both variants of
each pair are instances of one class, in this one module; each fails in turn,
in both orders, and the failing one is named every time: in core hooks, in
rule points, and in move-kind functions.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import attrs
import pytest

from cardrules import (
    GameState,
    IllegalMoveError,
    Move,
    PluginHookError,
    VariantSpec,
    hookimpl,
    new_game,
)
from cardrules.bots import RandomBot, play_match
from cardrules.plugins.variant_moves import NO_PLANES, MoveKind
from cardrules.testing.conformance import snapshot
from cardrules_gnoming.moves import Place, Reveal
from cardrules_gnoming.state import GnomingPhase
from tests.support import catalogue_with

GAME = "gnoming-a-round"
Wrapped = Generator[None, Any, Any]


class Flaky:
    """Wraps a core hook, a wrapper and a rule point; raises in the one named by ``fail``."""

    def __init__(self) -> None:
        self.fail = ""

    def _maybe(self, hook: str) -> None:
        if self.fail == hook:
            raise RuntimeError(f"broken in {hook}")

    @hookimpl(wrapper=True)
    def cardrules_observation(
        self,
        game: Any,
        state: Any,
        seat: int,
        round_scores: Any,
        legal_moves: Any,
        history: Any,
    ) -> Wrapped:
        observation = yield
        self._maybe("cardrules_observation")
        return observation

    @hookimpl(wrapper=True)
    def cardrules_score_round(self, game: Any, state: Any) -> Wrapped:
        scores = yield
        self._maybe("cardrules_score_round")
        return scores

    @hookimpl(wrapper=True)
    def gnoming_card_points(self, game: Any, card: Any, matched: bool) -> Wrapped:
        points = yield
        self._maybe("gnoming_card_points")
        return points

    @hookimpl(wrapper=True)
    def cardrules_legal_moves(self, game: Any, state: Any) -> Wrapped:
        moves = yield
        self._maybe("cardrules_legal_moves")
        return [] if self.fail == "empty" else moves

    @hookimpl(wrapper=True)
    def cardrules_svg_observation(self, game: Any, observation: Any) -> Wrapped:
        svg = yield
        return 42 if self.fail == "svg" else svg

    @hookimpl(wrapper=True)
    def cardrules_determinize(self, game: Any, observation: Any, rng: Any) -> Wrapped:
        state = yield
        return object() if self.fail == "determinize" else state


@attrs.frozen
class Shrug(Move):
    """A move of kind ``shrug`` (never legal unless a test says so)."""

    who: str = "a"

    def __str__(self) -> str:
        return f"shrug {self.who}"


@attrs.frozen
class Nod(Move):
    who: str = "b"

    def __str__(self) -> str:
        return f"nod {self.who}"


def _kind(name: str, move: type[Move], flags: dict[str, str]) -> MoveKind:
    """A two-id kind whose functions raise, or answer wrongly, as ``flags["fail"]`` says."""

    def broken(function: str, answer: Callable[[], Any], wrong: Any = None) -> Any:
        if flags["fail"] == function:
            raise RuntimeError(f"{name}.{function} is broken")
        if flags["fail"] == f"{function}-wrong":
            return wrong
        return answer()

    def legal(game: Any, state: Any) -> Any:
        listed = [move()] if flags["listed"] else []
        return broken("legal", lambda: listed, wrong=[move(), move()])

    return MoveKind(
        name=name,
        type=move,
        rule="G9",
        parse=lambda text: broken(
            "parse", lambda: move() if text == str(move()) else None, wrong="a string"
        ),
        legal=legal,
        apply=lambda game, state, m, chance: broken("apply", lambda: None),
        narrate=lambda *args: [],
        prompt=name,
        planes=NO_PLANES,
        actions=2,
        id_of=lambda m: broken("id_of", lambda: 0, wrong=7),
        move_of=lambda index: broken("move_of", move, wrong="not a move"),
        explain=lambda game, state, m: broken(
            "explain", lambda: IllegalMoveError("G9", "no"), wrong="no"
        ),
    )


ONE = Flaky()
TWO = Flaky()
FLAGS_ONE = {"fail": "", "listed": ""}
FLAGS_TWO = {"fail": "", "listed": ""}
CATALOGUE = catalogue_with(
    VariantSpec("one", GAME, plugin=ONE),
    VariantSpec("two", GAME, plugin=TWO),
    VariantSpec("shrugs", GAME, moves=(_kind("shrug", Shrug, FLAGS_ONE),)),
    VariantSpec("nods", GAME, moves=(_kind("nod", Nod, FLAGS_TWO),)),
)


@pytest.fixture(autouse=True)
def _reset() -> Any:
    yield
    ONE.fail = TWO.fail = ""
    for flags in (FLAGS_ONE, FLAGS_TWO):
        flags.update(fail="", listed="")


def _match(variants: list[str], seed: int = 3) -> GameState:
    return new_game(GAME, players=3, seed=seed, variants=variants, catalogue=CATALOGUE)


def _finish_round(state: GameState) -> None:
    """Play random moves until one more move would end round 1."""
    bot = RandomBot(1)
    while True:
        copy = state.clone()
        copy.apply(bot.choose(copy.observation(copy.current_player or 0)))
        if copy.round > 0:
            return
        state.apply(bot.choose(state.observation(state.current_player or 0)))


TRIGGERS: dict[str, Callable[[GameState], Any]] = {
    "cardrules_observation": lambda state: state.observation(0),
    "cardrules_score_round": lambda state: play_match(state, [RandomBot(s) for s in range(3)]),
    "gnoming_card_points": lambda state: play_match(state, [RandomBot(s) for s in range(3)]),
    "cardrules_legal_moves": lambda state: state.legal_moves(),
}


@pytest.mark.parametrize("order", [["one", "two"], ["two", "one"]], ids=["one-two", "two-one"])
@pytest.mark.parametrize("failing", ["one", "two"])
@pytest.mark.parametrize("hook", list(TRIGGERS))
def test_of_two_variants_of_one_class_the_failing_one_is_named(
    hook: str, failing: str, order: list[str]
) -> None:
    """Core hooks, a core wrapper and a rule point: the failing instance's variant, every time."""
    state = _match(order)
    if hook in ("cardrules_score_round", "gnoming_card_points"):
        _finish_round(state)
    (ONE if failing == "one" else TWO).fail = hook
    with pytest.raises(PluginHookError) as caught:
        TRIGGERS[hook](state)
    assert caught.value.plugin == f"variant:{failing}"
    assert caught.value.hook == hook


@pytest.mark.parametrize("order", [["one", "two"], ["two", "one"]], ids=["one-two", "two-one"])
@pytest.mark.parametrize("failing", ["one", "two"])
def test_a_wrapper_that_empties_the_legal_moves_is_named(failing: str, order: list[str]) -> None:
    """Case 5: a live round where nobody can move is a PluginHookError naming who emptied it."""
    state = _match(order)
    (ONE if failing == "one" else TWO).fail = "empty"
    with pytest.raises(PluginHookError, match="no legal move") as caught:
        state.legal_moves()
    assert caught.value.plugin == f"variant:{failing}"


@pytest.mark.parametrize("failing", ["one", "two"])
@pytest.mark.parametrize(
    ("fail", "call", "hook"),
    [
        ("svg", lambda s: s.game.svg_observation(s.observation(0)), "cardrules_svg_observation"),
        (
            "determinize",
            lambda s: s.determinize(0, __import__("random").Random(1)),
            "cardrules_determinize",
        ),
    ],
    ids=["svg", "determinize"],
)
def test_a_wrong_answer_names_the_plugin_that_gave_it(
    failing: str, fail: str, call: Callable[[GameState], Any], hook: str
) -> None:
    """Case 2: svg that is no text, determinize that is no state: the answering variant, by name."""
    state = _match(["one", "two"])
    (ONE if failing == "one" else TWO).fail = fail
    with pytest.raises(PluginHookError) as caught:
        call(state)
    assert caught.value.plugin == f"variant:{failing}"
    assert caught.value.hook == hook


def _reveal_position(variants: list[str]) -> GameState:
    state = _match(variants)
    assert state.round_state.phase is GnomingPhase.REVEAL
    return state


KIND_CALLS: dict[str, Callable[[GameState, type[Move]], Any]] = {
    "legal": lambda s, move: s.legal_moves(),
    "parse": lambda s, move: s.parse_move(str(move())),
    "id_of": lambda s, move: s.legal_actions(),
    "move_of": lambda s, move: s.move_of(s.action_space.size - (2 if move is Nod else 4)),
    "explain": lambda s, move: s.apply(move()),
    "apply": lambda s, move: s.apply(move()),
}


@pytest.mark.parametrize("failing", ["shrugs", "nods"])
@pytest.mark.parametrize(
    ("function", "wrong"),
    [(function, False) for function in KIND_CALLS]
    + [(function, True) for function in KIND_CALLS if function != "apply"],  # (answers nothing)
    ids=lambda value: {True: "answers wrongly", False: "raises"}.get(value, str(value)),
)
def test_of_two_move_kinds_the_failing_one_is_named(
    function: str, failing: str, wrong: bool
) -> None:
    """Case 3: a kind's legal, parse, id_of, move_of, explain or apply raising or answering
    wrongly is a PluginHookError naming its variant and function, never a bare error."""
    state = _reveal_position(["shrugs", "nods"])
    flags, move = (FLAGS_ONE, Shrug) if failing == "shrugs" else (FLAGS_TWO, Nod)
    if function in ("id_of", "apply"):
        flags["listed"] = "yes"
    flags["fail"] = f"{function}-wrong" if wrong else function
    with pytest.raises(PluginHookError) as caught:
        KIND_CALLS[function](state, move)
    assert caught.value.plugin == f"variant:{failing}"
    assert caught.value.hook.endswith(f".{function}")
    assert len(str(caught.value)) <= 1024


def test_a_kind_listing_its_move_twice_is_refused() -> None:
    """Case 3: the mask cannot disagree with legal_moves(): a move listed twice is named."""
    state = _reveal_position(["shrugs"])
    FLAGS_ONE["fail"] = "legal-wrong"
    with pytest.raises(PluginHookError, match="twice") as caught:
        state.legal_moves()
    assert caught.value.plugin == "variant:shrugs"


def test_without_variants_a_failure_is_the_games() -> None:
    """A game alone has one plugin: a failure inside it names it, with no guessing."""
    state = new_game(GAME, players=3, seed=1)
    state.round_state.layouts = None  # a corrupted round: the game's own code fails
    with pytest.raises(PluginHookError) as caught:
        state.observation(0)
    assert caught.value.plugin == f"game:{GAME}"


class _ListsAnIllegalReveal:
    @hookimpl(wrapper=True)
    def cardrules_legal_moves(self, game: Any, state: Any) -> Wrapped:
        moves = yield
        return [*moves, Place(4)] if moves and isinstance(moves[0], Reveal) else moves


def test_a_move_a_variant_lists_that_the_rules_cannot_play_names_the_variant() -> None:
    """Case 2, strict mode off: the game failing on a move a variant added names the variant."""
    catalogue = catalogue_with(VariantSpec("adds", GAME, plugin=_ListsAnIllegalReveal()))
    state = new_game(GAME, players=3, seed=1, variants=["adds"], catalogue=catalogue)
    illegal = state.legal_moves()[-1]
    assert illegal == Place(4)
    before = snapshot(state)
    with pytest.raises(PluginHookError, match="place 4") as caught:
        state.apply(illegal)
    assert caught.value.plugin == "variant:adds"
    assert snapshot(state) == before


class _TensorWrongSize:
    @hookimpl(wrapper=True)
    def cardrules_observation_tensor(self, game: Any, observation: Any) -> Wrapped:
        tensor = yield
        return tensor[:-1]


def test_a_tensor_of_the_wrong_size_names_the_variant() -> None:
    """Case 5: the observation tensor is checked where it is handed back."""
    spec = VariantSpec("short-tensor", GAME, plugin=_TensorWrongSize())
    state = new_game(
        GAME, players=3, seed=1, variants=["short-tensor"], catalogue=catalogue_with(spec)
    )
    with pytest.raises(PluginHookError, match="numbers") as caught:
        state.observation_tensor(0)
    assert caught.value.plugin == "variant:short-tensor"
    assert caught.value.hook == "cardrules_observation_tensor"


def test_a_move_kinds_planes_function_that_raises_names_its_variant() -> None:
    """Case 2: a kind's planes(game) raising is the variant's failure, not the game's."""

    def planes(game: Any) -> Any:
        raise RuntimeError("no planes today")

    kind = attrs.evolve(
        _kind("shrug", Shrug, {"fail": "", "listed": ""}),
        planes=planes,
        encode=lambda game, observation: [0.0],
    )
    spec = VariantSpec("planeless", GAME, moves=(kind,))
    state = new_game(
        GAME, players=3, seed=1, variants=["planeless"], catalogue=catalogue_with(spec)
    )
    with pytest.raises(PluginHookError, match="no planes today") as caught:
        state.observation_tensor(0)
    assert caught.value.plugin == "variant:planeless"
    assert caught.value.hook == "MoveKind(shrug).planes"
