"""A conformance state machine every game and variant should pass.

`GameConformance` plays a game by its legal moves and checks, as it goes:

* every listed move applies;
* a move that is not legal now raises `cardrules.IllegalMoveError`, and
  malformed text raises `cardrules.InvalidMoveError`; either way the
  state is exactly as before; a finished match lists no move and refuses any
  (so a match may end before the machine's steps run out);
* card conservation: when the round state offers ``all_cards()`` (or holds a
  `cardrules.model.Table`), the cards of the round are always exactly the deck
  (cards removed from the match, such as Gnoming A Round's removed Hazards,
  G15, count where the round keeps them: out of play);
* a clone is independent of its original;
* every seat's observation lists legal moves only for the deciding seat, and is
  the same for a clone (observations depend on the state only);
* observations hide what they must: when the game can reshuffle the cards hidden
  from a seat (``cardrules_shuffle_hidden``), that seat's observation does not
  change;
* integer actions: when the game has an action space (``cardrules_action_space``),
  every legal move has a distinct id that maps back to it, and the mask holds
  exactly those ids;
* determinization: when the game supports it (``cardrules_determinize``), a
  state sampled from a seat's observation gives that seat the same observation;
* the game record survives JSON and replays to the same scores and observations;
* strict mode (`cardrules.plugins.strict`, on by default here): every plugin answer is
  checked as it returns: listed moves legal by the game's own rules and
  distinct, read-only hooks leaving the state alone, cards conserved after
  every move. A plugin that breaks one raises `cardrules.PluginHookError`
  naming it.

A check the game gives too little for is not run, and `run_conformance`'s
`ConformanceReport` says so (``not_run``). Use `run_conformance`, or subclass
`GameConformance` and add rules.
"""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs
from hypothesis import HealthCheck, Phase, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from cardrules.engine.determinize import determinize
from cardrules.engine.game_state import GameState, new_game
from cardrules.errors import IllegalMoveError, InvalidMoveError, MissingRuleError, quote
from cardrules.information.zoned import is_zoned
from cardrules.model.moves import Move
from cardrules.plugins.registry import Catalogue
from cardrules.plugins.strict import StrictChecks
from cardrules.testing.strategies import seeds

__all__ = [
    "CONFORMANCE_CHECKS",
    "ConformanceReport",
    "GameConformance",
    "run_conformance",
    "snapshot",
]

#: The checks of `GameConformance` a game may give too little for.
CONFORMANCE_CHECKS = (
    "cards conserved",
    "hidden cards stay hidden",
    "action ids",
    "determinization",
)


@attrs.frozen
class ConformanceReport:
    """What `run_conformance` could not check, and why (every other check passed).

    Attributes:
        game: the game's name.
        players: seats.
        variants: the variants played.
        not_run: ``{check: why it did not run}``, for the checks of
            `CONFORMANCE_CHECKS` the game gives too little for (no
            ``all_cards()`` or table, no hidden-card shuffling, no action
            space, no determinization).
    """

    game: str
    players: int
    variants: tuple[str, ...]
    not_run: dict[str, str]

    def __str__(self) -> str:
        lines = [f"cardrules conformance: {self.game}, {self.players} players"]
        for check in CONFORMANCE_CHECKS:
            why = self.not_run.get(check)
            lines.append(
                f"  {'not run' if why else 'passed':<8} {check}" + (f": {why}" if why else "")
            )
        return "\n".join(lines)


def snapshot(state: GameState) -> bytes:
    """Every part of a match, as bytes: equal bytes mean an unchanged state."""
    return pickle.dumps(
        (
            state.round_state,
            state.finished_rounds,
            state.round_scores,
            [str(m) for m in state.history],
            state.chance.events,
        )
    )


class GameConformance(RuleBasedStateMachine):
    """Plays one match by its legal moves, checking the invariants after each step.

    Set the class attributes (or use `run_conformance`): ``game``,
    ``players``, ``variants``, ``options``, ``catalogue``, ``max_moves`` and
    ``strict`` (`cardrules.new_game`'s strict mode: ``True``, ``False`` or a
    `cardrules.plugins.strict.StrictChecks`).
    """

    game: str = ""
    players: int = 3
    variants: Sequence[str] = ()
    options: Any = None
    catalogue: Catalogue | None = None
    max_moves: int = 400
    strict: bool | StrictChecks = True
    #: ``{check: why it did not run}`` for the checks the game gives too little for
    #: (filled as the machine runs; `run_conformance` gives each run a fresh one).
    not_run: ClassVar[dict[str, str]] = {}

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.seen: dict[str, Move] = {}
        self.deck: Counter[Any] = Counter()

    @initialize(seed=seeds())
    def start(self, seed: int) -> None:
        """Deal a match with this seed."""
        self.state = new_game(
            self.game,
            players=self.players,
            seed=seed,
            variants=self.variants,
            options=self.options,
            catalogue=self.catalogue,
            strict=self.strict,
        )
        self.deck = Counter(self.state.game.deck.as_dict())
        note(f"new_game({self.game!r}, players={self.players}, seed={seed})")

    def _live(self) -> bool:
        return (
            self.state is not None
            and not self.state.is_over
            and len(self.state.history) < self.max_moves
        )

    @precondition(_live)
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        """Any listed move applies."""
        assert self.state is not None
        moves = self.state.legal_moves()
        assert moves, "a live state lists at least one legal move"
        for move in moves:
            self.seen.setdefault(str(move), move)
        move = data.draw(st.sampled_from(moves), label="legal move")
        note(f"apply {move}")
        self.state.apply(move)

    @precondition(_live)
    @rule(data=st.data())
    def an_illegal_move_changes_nothing(self, data: st.DataObject) -> None:
        """A move seen earlier but not legal now is refused and changes nothing."""
        assert self.state is not None
        illegal = [m for text, m in sorted(self.seen.items()) if not self.state.is_legal(m)]
        if not illegal:
            return
        move = data.draw(st.sampled_from(illegal), label="illegal move")
        before = snapshot(self.state)
        refusal: IllegalMoveError | None = None
        try:
            self.state.apply(move)
        except IllegalMoveError as error:
            refusal = error
        assert refusal is not None, f"{move} was applied though is_legal() said no"
        assert refusal.rule, "an illegal move names the rule it breaks"
        assert snapshot(self.state) == before

    @precondition(_live)
    @rule(text=st.sampled_from(["", "  ", "no such move 7", "\x00", "x" * 50]))
    def malformed_text_changes_nothing(self, text: str) -> None:
        """Text that is no move raises InvalidMoveError and changes nothing."""
        assert self.state is not None
        before = snapshot(self.state)
        try:
            self.state.apply(text)
        except InvalidMoveError:
            pass
        except IllegalMoveError:
            pass  # the text parsed to a move of the game that is not legal now
        else:
            raise AssertionError(f"{quote(text)} was accepted as a move")
        assert snapshot(self.state) == before

    @precondition(lambda self: self.state is not None and self.state.is_over)
    @rule(data=st.data())
    def a_finished_match_refuses_every_move(self, data: st.DataObject) -> None:
        """Once over, the match lists no move and refuses any, changing nothing.

        (Also what keeps the machine going when a match ends before its steps
        run out: a game whose match can end in one round.)
        """
        assert self.state is not None
        assert self.state.legal_moves() == ()
        if not self.seen:
            return
        move = data.draw(st.sampled_from(sorted(self.seen.values(), key=str)), label="move")
        before = snapshot(self.state)
        try:
            self.state.apply(move)
        except IllegalMoveError:
            pass
        else:
            raise AssertionError(f"{move} was applied to a finished match")
        assert snapshot(self.state) == before

    @invariant()
    def cards_are_conserved(self) -> None:
        """The round holds exactly the deck, cards out of the match included (``all_cards()``)."""
        if self.state is None:
            return
        rounds = [*self.state.finished_rounds, self.state.round_state]
        for round_state in rounds:
            if hasattr(round_state, "all_cards"):
                assert Counter(round_state.all_cards()) == self.deck
            elif is_zoned(round_state):
                table = round_state.table
                held = Counter(card for place in table.spec.places for card in table.cards(place))
                assert held == self.deck, "the table's cards are not the deck"
            else:
                self.not_run.setdefault(
                    "cards conserved",
                    "the round state offers no all_cards() and holds no cardrules.model.Table",
                )

    @invariant()
    def a_clone_is_independent(self) -> None:
        """Playing on a clone leaves the original untouched."""
        if not self._live():
            return
        assert self.state is not None
        before = snapshot(self.state)
        clone = self.state.clone()
        assert snapshot(clone) == before
        clone.apply(clone.legal_moves()[-1])
        assert snapshot(self.state) == before

    @invariant()
    def observations_are_consistent(self) -> None:
        """Only the deciding seat sees legal moves; a clone observes the same."""
        if self.state is None:
            return
        clone = self.state.clone()
        for seat in range(self.state.players):
            observation = self.state.observation(seat)
            expected = self.state.legal_moves() if seat == self.state.current_player else ()
            assert tuple(observation.legal_moves) == tuple(expected)
            assert observation == clone.observation(seat)

    @invariant()
    def observations_hide_what_they_must(self) -> None:
        """Reshuffling the cards hidden from a seat never changes that seat's observation."""
        if self.state is None or self.state.is_over:
            return
        rng = random.Random(len(self.state.history))
        for seat in range(self.state.players):
            shuffled = self.state.game.shuffle_hidden(self.state.round_state, seat, rng)
            if shuffled is None:
                self.not_run.setdefault(
                    "hidden cards stay hidden",
                    "the game answers no cardrules_shuffle_hidden and its round state holds "
                    "no cardrules.model.Table",
                )
                return
            twin = self.state.clone()
            twin.set_round_state(shuffled)
            assert twin.observation(seat) == self.state.observation(seat), (
                f"seat {seat}'s observation changed when only cards hidden from it moved"
            )

    @invariant()
    def legal_moves_have_action_ids(self) -> None:
        """Every legal move has a distinct id that maps back to it; the mask is those ids."""
        if self.state is None:
            return
        try:
            space = self.state.action_space
        except MissingRuleError as error:
            self.not_run.setdefault("action ids", f"the game numbers no actions ({error})")
            return
        moves = self.state.legal_moves()
        ids = [space.id_of(move) for move in moves]
        assert len(set(ids)) == len(ids), "two legal moves share an action id"
        assert [space.move_of(i) for i in ids] == list(moves), "an id maps to another move"
        mask = self.state.legal_action_mask()
        assert len(mask) == space.size
        assert mask.count(1) == len(ids) == sum(mask), "the mask is not exactly the legal ids"
        assert all(mask[i] == 1 for i in ids)

    @invariant()
    def determinized_states_agree_with_the_observation(self) -> None:
        """A state sampled from a seat's observation gives that seat the same observation.

        One seat per step, in turn, to keep the machine quick.
        """
        if self.state is None:
            return
        seat = len(self.state.history) % self.state.players
        observation = self.state.observation(seat)
        try:
            sample = determinize(self.state.game, observation, random.Random(seat))
        except MissingRuleError as error:
            self.not_run.setdefault("determinization", f"the game cannot determinize ({error})")
            return
        assert sample.observation(seat) == observation, (
            f"a state sampled from seat {seat}'s observation shows it something else"
        )

    def teardown(self) -> None:
        """The record survives JSON and replays to the same match."""
        if self.state is None:
            return
        record = json.loads(json.dumps(self.state.record()))
        replay = new_game(
            record["game"],
            players=record["players"],
            seed=record["seed"],
            variants=record["variants"],
            options=record["options"],
            catalogue=self.catalogue,
        )
        for text in record["moves"]:
            replay.apply(text)
        assert replay.record() == self.state.record()
        for seat in range(replay.players):
            assert replay.observation(seat) == self.state.observation(seat)


def run_conformance(
    game: str,
    *,
    players: int,
    variants: Sequence[str] = (),
    options: Any = None,
    catalogue: Catalogue | None = None,
    max_examples: int = 10,
    steps: int = 60,
    max_moves: int = 400,
    shrink: bool = True,
    strict: bool | StrictChecks = True,
) -> ConformanceReport:
    """Run `GameConformance` for one game setup; raises on the first failure.

    A check the game gives too little for (no hidden-card shuffling, no action
    space, no determinization, no way to count its cards) does not fail and
    does not pass silently: the returned `ConformanceReport` says which did not
    run, and why.

    Args:
        game: the game's registered name.
        players: seats.
        variants: variant names to play with.
        options: options (as for `cardrules.new_game`).
        catalogue: where to find the game (default: installed plugins).
        max_examples: matches Hypothesis plays.
        steps: rule steps per match (a step is one legal move, or a check).
        max_moves: stop playing after this many moves in a match.
        shrink: let Hypothesis shrink a failing match to a minimal one (slower
            to fail, clearer to read).
        strict: strict mode's checks (`cardrules.plugins.strict`): on by default; a
            variant that adds a kind of move the game never lists passes
            ``StrictChecks(listed_moves_legal=False)``.

    Returns:
        A `ConformanceReport`: its ``not_run`` names the checks that could not run.
    """
    not_run: dict[str, str] = {}
    machine = type(
        "Conformance",
        (GameConformance,),
        {
            "game": game,
            "players": players,
            "variants": tuple(variants),
            "options": options,
            "catalogue": catalogue,
            "max_moves": max_moves,
            "strict": strict,
            "not_run": not_run,
        },
    )
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=max_examples,
            stateful_step_count=steps,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
            phases=list(Phase) if shrink else [Phase.explicit, Phase.reuse, Phase.generate],
        ),
    )
    return ConformanceReport(game, players, tuple(variants), dict(sorted(not_run.items())))
