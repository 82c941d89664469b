"""The hidden-information checks of `cardrules.testing.check_game`.

* **leaks**: for each seat, the round with the cards hidden from it dealt anew
  (`cardrules.Game.shuffle_hidden`) must show it exactly the same: its
  observation, its observation tensor (``state.observation_tensor``, the fast
  path read off the round included), its legal action mask when it decides,
  the text rendering of its observation and its SVG drawing; and a move legal
  in both (one drawn at random) that leaves the seat's observation the same in
  both must narrate the same (narration is public: it may name only what the
  move shows).
* **determinization**: a state sampled from a seat's observation
  (`cardrules.engine.determinize`) shows that seat the same observation.
* **inferences** (a zoned game that answers ``cardrules_inferences``): the real
  state satisfies the inferences (every card hidden from the seat lies where
  they allow), and every sample deals each unseen card where they allow it.
* **history** (a zoned game): a sample is a world the seat cannot rule out.
  The cards the seat does not know now are relabelled, in the round's
  starting deal, to the sample's (the real card in a hidden slot becomes the
  sample's card in that slot), and the round's public moves are replayed from
  there: every one must be legal. A sample that puts a heart in the hand of a
  seat that did not follow hearts makes that seat's old move illegal, whether
  the game's inferences forgot the void or the game never recorded it.

What the history check does not see: a fact that leaves no trace in the
legality of a move (a bid or a discard that only suggests a strong hand: a
matter of likelihood, not of possibility); the moves of earlier rounds (each
round is dealt anew); a round state without a `cardrules.model.Table` (the kit
cannot tell which cards are hidden where: *not run*); a deck with several
copies of a card (cards cannot be relabelled one for one: *not run*). Cards
outside the table (public fields) are taken as they are.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
from rich.console import Console

from cardrules.engine.determinize import determinize
from cardrules.engine.game_state import GameState
from cardrules.errors import MissingRuleError
from cardrules.information import hidden_cards
from cardrules.information.tensor_layout import NumpyMissingError, require_numpy
from cardrules.information.zoned import is_zoned
from cardrules.model import Table
from cardrules.model.moves import Move
from cardrules.testing.game_report import FAILED, NOT_RUN, PASSED, CheckResult, guarded
from cardrules.testing.positions import Position

__all__ = ["Sample", "check_history", "check_inferences", "check_leaks", "draw_samples"]


class _Failed(Exception):
    """A check found a fault (the message says where)."""


@attrs.frozen
class Sample:
    """A state sampled from one seat's observation at one position."""

    position: Position
    seat: int
    state: GameState


def _seats(position: Position) -> range:
    return range(position.state.players)


# -- leaks -------------------------------------------------------------------------------


def check_leaks(positions: Sequence[Position], rng: random.Random) -> CheckResult:
    """Paired states that differ only in cards hidden from a seat show it the same."""
    compared = {"observation", "rendering"}
    absent: dict[str, str] = {}
    checked = 0
    for position in positions:
        state = position.state
        legal = state.legal_moves()
        move = legal[rng.randrange(len(legal))] if legal else None
        for seat in _seats(position):
            shuffled = state.game.shuffle_hidden(state.round_state, seat, rng)
            if shuffled is None:
                return CheckResult(
                    "leaks",
                    NOT_RUN,
                    "the game answers no cardrules_shuffle_hidden and its round state holds "
                    "no cardrules.model.Table, so paired states cannot be built",
                )
            twin = state.clone()
            twin.set_round_state(shuffled)
            try:
                _same_for(state, twin, seat, compared, absent)
                if move is not None:
                    _same_narration(state, twin, seat, move, compared)
            except _Failed as fault:
                return CheckResult(
                    "leaks",
                    FAILED,
                    f"{position.where}: with only cards hidden from seat {seat} dealt anew, "
                    f"its {fault} changed: it shows a hidden card",
                    checked,
                )
            checked += 1
    missing = "; ".join(f"{name}: {why}" for name, why in sorted(absent.items()))
    detail = f"compared {', '.join(sorted(compared))}" + (f" (not {missing})" if missing else "")
    return CheckResult("leaks", PASSED, detail + " per position x seat", checked)


def _same_narration(
    state: GameState, twin: GameState, seat: int, move: Move, compared: set[str]
) -> None:
    """``move`` narrates the same in both worlds when it shows ``seat`` the same in both.

    Narration is public: it may name what the move shows (a card turned up), so
    the pair counts only when ``seat``'s observation after the move is the same
    in both, and when the move is legal in both.
    """
    if not twin.is_legal(move):
        return  # it names a card the twin deals elsewhere
    mover = state.current_player
    assert mover is not None
    lines, views = [], []
    for world in (state.clone(), twin.clone()):
        before = world.round_state.clone()
        finished = len(world.finished_rounds)
        world.apply(move)
        ended = len(world.finished_rounds) > finished
        after = world.finished_rounds[-1] if ended else world.round_state
        lines.append(_as_text(world.game.narrate(before, mover, move, after)))
        views.append(world.observation(seat))
    if views[0] != views[1]:
        return  # the move showed the seat a card the worlds differ in
    compared.add("narration")
    if lines[0] != lines[1]:
        raise _Failed(f"narration of {move} (cardrules_narrate, shown to every seat)")


def _same_for(
    state: GameState, twin: GameState, seat: int, compared: set[str], absent: dict[str, str]
) -> None:
    game = state.game
    seen, other = state.observation(seat), twin.observation(seat)
    if seen != other:
        raise _Failed("observation")
    if _as_text(game.render_observation(seen)) != _as_text(game.render_observation(other)):
        raise _Failed("rendering (render_observation)")
    drawing = game.svg_observation(seen)
    if drawing is None:
        absent["svg"] = "the game draws none"
    else:
        compared.add("svg")
        if drawing != game.svg_observation(other):
            raise _Failed("SVG drawing (svg_observation)")
    if "tensor" not in absent:
        try:
            numpy = require_numpy()
            same = numpy.array_equal(state.observation_tensor(seat), twin.observation_tensor(seat))
            compared.add("tensor")
            if not same:
                raise _Failed("observation tensor")
        except (MissingRuleError, NumpyMissingError) as error:
            absent["tensor"] = f"{type(error).__name__}: {error}"
    if state.current_player == seat and "action mask" not in absent:
        try:
            same = state.legal_action_mask() == twin.legal_action_mask()
            compared.add("action mask")
            if not same:
                raise _Failed("legal action mask")
        except MissingRuleError as error:
            absent["action mask"] = f"{type(error).__name__}: {error}"


def _as_text(lines: Sequence[Any]) -> str:
    """Rendered lines (rich markup or renderables) as the plain text a person would read."""
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, highlight=False)
    for line in lines:
        console.print(line)
    return out.getvalue()


# -- determinization ---------------------------------------------------------------------


def draw_samples(
    positions: Sequence[Position], samples: int, rng: random.Random
) -> tuple[list[Sample], CheckResult]:
    """``samples`` determinizations per position and seat, and the determinization check."""
    drawn: list[Sample] = []
    for position in positions:
        state = position.state
        for seat in _seats(position):
            observation = state.observation(seat)
            for _ in range(samples):
                try:
                    sample = determinize(state.game, observation, random.Random(rng.random()))
                except MissingRuleError as error:
                    reason = (
                        "the game answers no cardrules_determinize and its round state holds "
                        f"no cardrules.model.Table to derive one from ({error})"
                    )
                    return [], CheckResult("determinization", NOT_RUN, reason)
                except Exception as error:  # a plugin's crash is a failed sample
                    return drawn, CheckResult(
                        "determinization",
                        FAILED,
                        f"{position.where}: sampling seat {seat}'s observation failed: "
                        f"{type(error).__name__}: {error}",
                        len(drawn),
                    )
                if sample.observation(seat) != observation:
                    return drawn, CheckResult(
                        "determinization",
                        FAILED,
                        f"{position.where}: a state sampled from seat {seat}'s observation "
                        "shows it something else",
                        len(drawn),
                    )
                drawn.append(Sample(position, seat, sample))
    detail = f"{samples} samples per position x seat show the seat its own observation"
    return drawn, CheckResult("determinization", PASSED, detail, len(drawn))


# -- inferences and history --------------------------------------------------------------


_UNZONED = (
    "the round state holds no cardrules.model.Table: the kit cannot tell which cards are "
    "hidden where, so it cannot read inferences or carry a sample back to the round's start"
)


def check_inferences(
    positions: Sequence[Position], samples: Sequence[Sample], drawn: CheckResult
) -> CheckResult:
    """The real state keeps every seat's inferences, and so does every sample."""
    if not positions or not is_zoned(positions[0].state.round_state):
        return CheckResult("inferences", NOT_RUN, _UNZONED)
    game = positions[0].state.game
    if not game.plugin_manager.hook.cardrules_inferences.get_hookimpls():
        return CheckResult(
            "inferences",
            NOT_RUN,
            "the game declares no inferences (cardrules_inferences): unseen cards may lie "
            "anywhere hidden; the history check tests whether that contradicts the play",
        )
    return guarded("inferences", lambda: _check_inferences(positions, samples, drawn))


def check_history(samples: Sequence[Sample], drawn: CheckResult) -> CheckResult:
    """Every sample, carried back to its round's start, replays the round legally."""
    if drawn.status != PASSED:
        return CheckResult("history", NOT_RUN, f"no samples (determinization {drawn.status})")
    if not samples or not is_zoned(samples[0].position.state.round_state):
        return CheckResult("history", NOT_RUN, _UNZONED)
    return guarded("history", lambda: _check_history(samples))


def _inferences(state: GameState, seat: int) -> Any:
    """The game's ``allowed(zone, owner, card)`` for ``seat`` now, or ``None``."""
    hook = state.game.plugin_manager.hook.cardrules_inferences
    return hook(game=state.game, observation=state.observation(seat))


def _outlawed(table: Table[Any], seat: int, allowed: Any) -> str | None:
    """The first card hidden from ``seat`` (and unknown to it) lying where ``allowed`` says no."""
    exempt = Counter(card for _, cards in table.knowledge.regions(seat) for card in cards)
    _, free = hidden_cards(table, seat)
    for (zone, owner), cards in zip(table.spec.places, free, strict=True):
        for card in cards:
            if exempt[card]:
                exempt[card] -= 1
            elif not allowed(zone, owner, card):
                return f"{card} lies in {(zone, owner)}"
    return None


def _check_inferences(
    positions: Sequence[Position], samples: Sequence[Sample], drawn: CheckResult
) -> CheckResult:
    checked = 0
    for position in positions:
        for seat in _seats(position):
            allowed = _inferences(position.state, seat)
            wrong = None if allowed is None else _outlawed(
                position.state.round_state.table, seat, allowed
            )  # fmt: skip
            if wrong is not None:
                return CheckResult(
                    "inferences",
                    FAILED,
                    f"{position.where}: the real state breaks seat {seat}'s inferences: "
                    f"{wrong}, where cardrules_inferences rules it out (they are not sound)",
                    checked,
                )
            checked += 1
    for sample in samples:
        allowed = _inferences(sample.position.state, sample.seat)
        wrong = None if allowed is None else _outlawed(
            sample.state.round_state.table, sample.seat, allowed
        )  # fmt: skip
        if wrong is not None:
            return CheckResult(
                "inferences",
                FAILED,
                f"{sample.position.where}: a sample from seat {sample.seat}'s observation "
                f"breaks its inferences: {wrong}, where cardrules_inferences rules it out",
                checked,
            )
        checked += 1
    detail = "the real state satisfies every seat's inferences at every position"
    if drawn.status == PASSED:
        detail += ", and samples deal unseen cards only where they allow"
    else:
        detail += f" (samples not checked: determinization {drawn.status})"
    return CheckResult("inferences", PASSED, detail, checked)


def _relabelling(real: Table[Any], sample: Table[Any], seat: int) -> dict[Any, Any] | str:
    """``{real card: sample card}`` slot by slot over the cards ``seat`` does not know.

    A string says why there is none (several copies of a card, or hidden cards
    that are not the real ones rearranged).
    """
    _, real_free = hidden_cards(real, seat)
    _, sample_free = hidden_cards(sample, seat)
    mapping: dict[Any, Any] = {}
    for place, (mine, theirs) in enumerate(zip(real_free, sample_free, strict=True)):
        if real.spec.zone_of_place[place].positional:
            pairs = list(zip(mine, theirs, strict=True))
        else:  # no slots: a card in both stays itself, the others pair up in order
            common = Counter(mine) & Counter(theirs)
            rest_mine = sorted(Counter(mine) - common, key=repr)
            rest_theirs = sorted(Counter(theirs) - common, key=repr)
            pairs = [(card, card) for card in common.elements()]
            pairs += list(zip(rest_mine, rest_theirs, strict=True))
        for card, image in pairs:
            if mapping.setdefault(card, image) != image:
                return "the deck holds several copies of a card"
    if Counter(mapping.keys()) != Counter(mapping.values()):
        return "the sample's unseen cards are not the real unseen cards rearranged"
    return mapping


def _relabel_move(move: Move, mapping: dict[Any, Any]) -> Move:
    """``move`` with every card field (or card in a tuple field) relabelled."""
    if not attrs.has(type(move)):
        return move

    def one(value: Any) -> Any:
        try:
            return mapping.get(value, value)
        except TypeError:  # unhashable
            return value

    changes: dict[str, Any] = {}
    instance: Any = move
    for field in attrs.fields(type(instance)):
        value = getattr(move, field.name)
        new = type(value)(one(v) for v in value) if isinstance(value, tuple) else one(value)
        if new != value:
            changes[field.name] = new
    return attrs.evolve(instance, **changes) if changes else move


def _replay(sample: Sample) -> str | None:
    """Replay the round from its relabelled start; why a move failed, or ``None``."""
    real = sample.position.state
    mapping = _relabelling(real.round_state.table, sample.state.round_state.table, sample.seat)
    if isinstance(mapping, str):
        return mapping
    world = sample.position.start.clone()
    table = world.round_state.table
    contents = {
        place: [mapping.get(card, card) for card in table.cards(place)]
        for place in table.spec.places
    }
    round_state = world.round_state.clone()
    round_state.table.replace_cards(contents)
    world.set_round_state(round_state)
    for number, (seat, move) in enumerate(real.round_history(), start=1):
        moved = _relabel_move(move, mapping)
        if not world.is_legal(moved):
            refusal = world.game.explain_illegal(world.round_state, moved)
            return (
                f"seat {seat}'s move {number} of the round, {moved}, would have been illegal "
                f"(rule {refusal.rule}: {refusal.message})"
            )
        world.apply(moved)
    return None


def _check_history(samples: Sequence[Sample]) -> CheckResult:
    checked = 0
    for sample in samples:
        problem = _replay(sample)
        if problem is not None and problem.startswith("the deck holds"):
            return CheckResult("history", NOT_RUN, f"{problem}: cards cannot be relabelled")
        if problem is not None:
            return CheckResult(
                "history",
                FAILED,
                f"{sample.position.where}: a sample from seat {sample.seat}'s observation "
                f"contradicts the play: in the world it deals, {problem}. The determinization "
                "ignores something the play showed (an inference such as a void, missing "
                "from cardrules_inferences or never recorded by the game)",
                checked,
            )
        checked += 1
    return CheckResult(
        "history",
        PASSED,
        "every sample, carried back to the round's start, replays the round's moves legally",
        checked,
    )
