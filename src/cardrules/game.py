"""A game as configured for one match: its rules, reached through its own plugin manager.

`Game` is built by `cardrules.engine.new_game` from a registered game, the
player count, options and chosen variants. Each game gets a pluggy manager of
its own (the game plugin plus its variants), so a variant chosen for one game
never changes another; `cardrules.engine.GameState` asks its rules through it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pluggy

from cardrules.actions import ActionSpace
from cardrules.chance import Chance
from cardrules.decks import DeckComposition
from cardrules.errors import (
    CardRulesError,
    IllegalMoveError,
    ObservationMismatchError,
    OptionsError,
    PluginHookError,
    VariantConflictError,
    error_text,
    quote,
    shorten,
)
from cardrules.game_copies import GameCopies
from cardrules.game_views import GameViews
from cardrules.hook_calls import direct_calls
from cardrules.hook_results import answerer, guard, move_problem
from cardrules.match_rules import MatchRules
from cardrules.moves import Move
from cardrules.options import resolve_options, split_variant_options, variant_options
from cardrules.plugins import get_plugin_manager
from cardrules.public_views import PublicViews
from cardrules.rule_points import RulePoints, first_result_hooks
from cardrules.specs import GameSpec, VariantSpec
from cardrules.strict import StrictChecks, resolve
from cardrules.variant_moves import MoveKind, VariantActionSpace, encode_kinds, kind_moves
from cardrules.variant_state import (
    StateSpec,
    first_states,
    install_states,
    sampled_states,
    state_as_json,
    states_of,
    with_views,
)

__all__ = ["Game"]


class Game(GameViews, GameCopies):
    """A game as configured for one match: rules, players, options, variants.

    Shared by a state and all its clones (it never changes). Game plugins
    receive it as the ``game`` argument of every rule hook.

    Attributes:
        spec: the registered `GameSpec`.
        players: number of seats, numbered ``0 .. players-1``.
        options: the resolved options value (``spec.options_type``).
        variant_options: ``{variant name: its own options value}`` for the
            chosen variants with an ``options_type`` (`cardrules.options`).
        variants: the chosen `VariantSpec` values, in the order given.
        plugin_manager: this game's own pluggy manager.
        rules: the game's rule-point hooks (`cardrules.rule_points.RulePoints`),
            e.g. ``game.rules.gnoming_card_points(game=game, card=card)``.
        deck: the deck composition the game deals from.
        match_rules: how the match is won and when it ends
            (`cardrules.MatchRules`, hook ``cardrules_match_rules``).
        rounds: the most rounds a match can have (``match_rules.most_rounds``:
            the number of rounds of a match with a fixed number).
        has_rule_plugins: variants with rule hooks are in play.
        state_specs: ``(variant name, StateSpec)`` of the chosen variants that
            keep state (`cardrules.variant_state`), in the order chosen.
        move_kinds: ``(variant name, MoveKind)`` of the kinds of move the
            chosen variants add (`cardrules.variant_moves`), in the order chosen.
        strict: the checks of strict mode (`cardrules.strict.StrictChecks`), or
            ``None`` when it is off (the default).
        guarded: moves are applied on a saved copy first, so that a failing
            plugin changes nothing (variants with rule hooks, state or moves, or
            strict mode).

    Every plugin answer is checked for its type and shape; a wrong one raises
    `PluginHookError` naming the plugin and the hook (`cardrules.hook_results`).
    A game copies as itself and pickles as what made it (`cardrules.game_copies`).
    """

    __slots__ = (
        "_action_space",
        "_apply_caller",
        "_direct",
        "_hook",
        "_kinds",
        "_legal_caller",
        "_observe_caller",
        "_tensor_caller",
        "_tensor_layout",
        "added_by",
        "deck",
        "emptied_by",
        "guarded",
        "has_rule_plugins",
        "match_rules",
        "move_kinds",
        "options",
        "players",
        "plugin_manager",
        "rounds",
        "rules",
        "spec",
        "state_specs",
        "strict",
        "variant_options",
        "variants",
    )

    def __init__(
        self,
        spec: GameSpec,
        players: int,
        options: Any = None,
        variants: Sequence[VariantSpec] = (),
        *,
        strict: bool | StrictChecks | None = False,
    ) -> None:
        self.strict: StrictChecks | None = resolve(strict)
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionsError(f"players must be a whole number, got {quote(players)}")
        if not spec.min_players <= players <= spec.max_players:
            raise OptionsError(
                f"{spec.name} takes {spec.min_players} to {spec.max_players} players, "
                f"got {quote(players)}"
            )
        for variant in variants:
            if variant.game != spec.name:
                raise OptionsError(
                    f"variant {quote(variant.name)} is for {quote(variant.game)}, "
                    f"not {quote(spec.name)}"
                )
        self.spec = spec
        self.players = players
        self.variants = tuple(variants)
        options, own_options = split_variant_options(options)
        self.options = resolve_options(spec.options_type, options, self.variants)
        self.variant_options: dict[str, Any] = variant_options(self.variants, own_options)
        plugins: list[tuple[str, object]] = [(f"game:{spec.name}", spec.plugin)]
        plugins += [(f"variant:{v.name}", v.plugin) for v in self.variants if v.plugin is not None]
        try:
            self.plugin_manager: pluggy.PluginManager = get_plugin_manager(plugins)
        except pluggy.PluginValidationError as error:  # a misspelt hook, a wrong argument
            culprit = next((name for name, p in plugins if p is error.plugin), "unknown")
            raise PluginHookError(culprit, "its hook declarations", error) from None
        self.has_rule_plugins = len(plugins) > 1
        self.guarded = self.has_rule_plugins or self.strict is not None
        #: The plugin that last answered ``cardrules_legal_moves`` with no move (guarded games).
        self.emptied_by: str | None = None
        #: The moves a wrapper of ``cardrules_legal_moves`` last added, with its plugin.
        self.added_by: dict[Any, str] = {}
        if self.guarded:
            guard(self, self.plugin_manager)
        self._hook = self.plugin_manager.hook
        self._direct = direct_calls(self.plugin_manager)
        # The two hooks of every decision, looked up once (`_call` looks up the others).
        self._legal_caller = self._caller("cardrules_legal_moves")
        self._apply_caller = self._caller("cardrules_apply_move")
        # A game that keeps its cards in a cardrules.model.Table may leave these to the
        # core (`cardrules.zoned`).
        self._observe_caller = self._caller("cardrules_observation", _derived("observe"))
        self._tensor_caller = self._caller(
            "cardrules_observation_tensor", _derived("observation_tensor")
        )
        self.rules = RulePoints(self.plugin_manager, f"game:{spec.name}")
        self.state_specs: tuple[tuple[str, StateSpec], ...] = tuple(
            (v.name, v.state) for v in self.variants if v.state is not None
        )
        self.move_kinds: tuple[tuple[str, MoveKind], ...] = tuple(
            (v.name, kind) for v in self.variants for kind in v.moves
        )
        self._kinds: dict[type, tuple[str, MoveKind]] = {}
        for adder, kind in self.move_kinds:
            if kind.type in self._kinds:
                raise VariantConflictError(
                    f"variants {quote(self._kinds[kind.type][0])} and {quote(adder)} both add "
                    f"{kind.type.__name__} moves"
                )
            self._kinds[kind.type] = (adder, kind)
        self.guarded = self.guarded or bool(self.state_specs or self.move_kinds)
        _refuse_conflicts(self.variants, self.plugin_manager)
        self._call("cardrules_validate", game=self)
        self.deck: DeckComposition[Any] = self._answer("cardrules_deck", game=self)
        self.match_rules: MatchRules = self._declared_match_rules()
        self.rounds: int = self.match_rules.most_rounds
        self._action_space: ActionSpace | None = None
        self._tensor_layout: Any = None

    @property
    def name(self) -> str:
        """The game's registered name."""
        return self.spec.name

    def _declared_match_rules(self) -> MatchRules:
        """The game's `MatchRules`, or a fixed number of rounds (``cardrules_rounds``)."""
        rules = self._checked(
            "cardrules_match_rules", self._call("cardrules_match_rules", game=self)
        )
        if rules is None:
            if not self._hook.cardrules_rounds.get_hookimpls():
                self._no_answer("cardrules_match_rules")
            rules = MatchRules(rounds=self._answer("cardrules_rounds", game=self))
        return rules  # type: ignore[no-any-return]

    def new_round(self, round: int, chance: Chance, previous: Any = None) -> Any:
        """Deal round ``round`` (from 0) and return its round state.

        ``previous`` is the finished state of round ``round - 1`` (``None`` for
        round 0), for games whose cards leave the match for good. When variants
        keep state, the round's ``variant_states`` slot gets each one's first
        value (or, for ``per_match`` state, the value ``previous`` ended with).

        Raises:
            VariantStateError: a variant keeps state and the game's round state
                has no ``variant_states`` slot.
        """
        state = self._answer(
            "cardrules_new_round",
            game=self,
            round=round,
            deck=self.deck,
            chance=chance,
            previous=previous,
        )
        if self.state_specs:
            install_states(self.name, state, first_states(self, round, previous))
        return state

    def fill_states(self, state: Any, round: int) -> None:
        """Give round state ``state`` (round ``round``) each variant state it lacks, first values.

        For a round state built by hand (`cardrules.GameState.set_round_state`).
        """
        have = getattr(state, "variant_states", {})
        if any(name not in have for name, _ in self.state_specs):
            install_states(self.name, state, {**first_states(self, round, None), **have})

    def legal_moves(self, state: Any) -> tuple[Move, ...]:
        """Every legal move in ``state``: the game's, then each variant move kind's.

        Raises:
            PluginHookError: a plugin failed, or answered something other than a
                sequence of `Move` values (strict mode: also a repeated move, or a
                move the game's own rules refuse).
        """
        try:
            moves = self._legal_caller(game=self, state=state)
        except CardRulesError:
            raise
        except Exception as error:
            raise self._blame("cardrules_legal_moves", error) from error
        if moves is None:
            self._no_answer("cardrules_legal_moves")
        if type(moves) is not tuple:
            if type(moves) is not list:
                self._checked("cardrules_legal_moves", moves)
            moves = tuple(moves)
        if not _MOVE_TYPES.issuperset(map(type, moves)):
            found = move_problem(moves)
            if found is not None:
                plugin = answerer(self.plugin_manager, "cardrules_legal_moves")
                raise PluginHookError(plugin, "cardrules_legal_moves", found)
            _MOVE_TYPES.update(map(type, moves))
        if not self.move_kinds:
            return moves if moves else self._no_moves(state)
        extra: list[Move] = []
        for variant, kind in self.move_kinds:
            extra += kind_moves(self, variant, kind, state)
        return (*moves, *extra) if moves or extra else self._no_moves(state)

    def _no_moves(self, state: Any) -> tuple[Move, ...]:
        """``()``, unless a variant's plugin emptied the list in a round in play: then the
        `PluginHookError` naming it (nobody could move). The game's own empty answer is
        the game's affair (a round state set by hand may have no move)."""
        culprit, self.emptied_by = self.emptied_by, None
        if culprit is None or culprit == f"game:{self.name}":
            return ()
        if getattr(state, "is_round_over", False):
            return ()
        raise PluginHookError(
            culprit,
            "cardrules_legal_moves",
            "it left no legal move in a round in play: nobody could move",
        )

    def move_kind(self, move: Move) -> tuple[str, MoveKind] | None:
        """``(variant name, kind)`` when ``move`` is of a kind a variant adds, else ``None``."""
        return self._kinds.get(type(move)) if self._kinds else None

    def apply_move(self, state: Any, move: Move, chance: Chance) -> None:
        """Apply a legal move to ``state`` (a variant's kind applies its own moves)."""
        found = self._kinds.get(type(move)) if self._kinds else None
        if found is not None:
            variant, kind = found
            self.variant_call(
                variant, f"MoveKind({kind.name}).apply", kind.apply, self, state, move, chance
            )
            return
        try:
            done = self._apply_caller(game=self, state=state, move=move, chance=chance)
        except PluginHookError as error:
            adder = self.added_by.get(move) if self.added_by else None
            if adder is None or adder == error.plugin:
                raise
            # The rules failed to play a move a variant listed: the variant is at fault.
            raise PluginHookError(
                adder,
                "cardrules_legal_moves",
                f"it listed {move}, which the rules could not play: {error_text(error)}",
            ) from error
        except CardRulesError:
            raise
        except Exception as error:
            raise self._blame("cardrules_apply_move", error) from error
        if done is None:
            self._no_answer("cardrules_apply_move")

    def accept_unlisted(self, state: Any, move: Move) -> bool:
        """Whether an unlisted move is legal anyway (a compound move, such as a whole lay-down)."""
        return bool(
            self._checked(
                "cardrules_accept_unlisted",
                self._call("cardrules_accept_unlisted", game=self, state=state, move=move),
            )
        )

    def explain_illegal(self, state: Any, move: Move) -> IllegalMoveError:
        """The error naming the rule that forbids ``move``."""
        found = self._kinds.get(type(move)) if self._kinds else None
        if found is not None:
            return found[1].refusal(self, state, move, found[0])
        error = self._call("cardrules_explain_illegal", game=self, state=state, move=move)
        if error is None:
            return self._default_refusal(move)
        self._checked("cardrules_explain_illegal", error)
        assert isinstance(error, IllegalMoveError)
        if len(error.message) > 500:  # bounded, whatever the plugin wrote
            error = IllegalMoveError(error.rule, shorten(error.message), move=move)
        return error

    def _default_refusal(self, move: Move) -> IllegalMoveError:
        """The refusal of a move no plugin explains: the rule its class or the game names.

        The rule is the move class's `Move.rule`, else ``spec.move_rule``,
        else ``"?"``; the message quotes the rule's line from ``spec.rules``.
        """
        rule = type(move).rule or self.spec.move_rule or "?"
        text = self.spec.rule_text(rule)
        reason = f": {text}" if text else ""
        return IllegalMoveError(rule, shorten(f"{move} is not a legal move now{reason}"), move=move)

    def parse_move(self, text: str) -> Move:
        """Parse move notation (the variants' move kinds first); raises `InvalidMoveError`."""
        for variant, kind in self.move_kinds:
            move = kind.parsed(text, variant)
            if move is not None:
                return move
        return self._answer("cardrules_parse_move", game=self, text=text)  # type: ignore[no-any-return]

    def observation(
        self,
        state: Any,
        seat: int,
        round_scores: Sequence[tuple[int, ...]],
        legal_moves: tuple[Move, ...],
        history: Sequence[tuple[int, Move]] = (),
    ) -> Any:
        """What ``seat`` may know of ``state``; ``history`` is the round's ``(seat, move)`` list.

        When variants keep state, the observation's ``variant_views`` holds
        ``(variant name, view)`` pairs: what each `StateSpec.view` shows ``seat``.
        """
        try:
            observation = self._observe_caller(
                game=self,
                state=state,
                seat=seat,
                round_scores=round_scores,
                legal_moves=legal_moves,
                history=history,
            )
        except CardRulesError:
            raise
        except Exception as error:
            raise self._blame("cardrules_observation", error) from error
        if observation is None:
            self._no_answer("cardrules_observation")
        self._checked("cardrules_observation", observation)
        if not self.state_specs:
            return observation
        return with_views(self, observation, state, seat)

    def check_observation(self, observation: Any, kind: type = object) -> None:
        """Refuse an observation that was not made by this game in this configuration.

        Args:
            observation: the observation to check.
            kind: the game's observation class (``object``: any class).

        Raises:
            ObservationMismatchError: ``observation`` is not a ``kind``, or its
                ``players``, ``seat`` (``0 .. players-1``), ``round`` (``0 ..
                rounds-1``) or ``round_scores`` (at most ``rounds``) do not fit
                this game (a ``ValueError``).
        """
        seat = getattr(observation, "seat", None)
        players = getattr(observation, "players", None)
        round_ = getattr(observation, "round", 0)
        scores = getattr(observation, "round_scores", None)
        problems: list[str] = []
        if not isinstance(observation, kind):
            problems.append(f"it is not a {kind.__name__}")
        if players != self.players:
            problems.append(f"it is for {quote(players)} players, the game has {self.players}")
        elif not (isinstance(seat, int) and 0 <= seat < self.players):
            problems.append(f"seat {quote(seat)} is not 0 to {self.players - 1}")
        if not (isinstance(round_, int) and 0 <= round_ < self.rounds):
            problems.append(f"round {quote(round_)} is not 0 to {self.rounds - 1} (rounds option)")
        if scores is None or len(scores) > self.rounds:
            counted = "no" if scores is None else len(scores)
            problems.append(f"it has {counted} round scores, the game at most {self.rounds}")
        if problems:
            raise ObservationMismatchError(
                f"{type(observation).__name__} of seat {quote(seat)} of {quote(players)} players "
                f"in round {quote(round_)} does not fit {quote(self)}: {'; '.join(problems)}"
            )

    def determinize_round(self, observation: Any, rng: random.Random) -> Any:
        """A round state consistent with ``observation``, its hidden cards sampled with ``rng``.

        Variant state is filled in from the observation's ``variant_views``
        (`StateSpec.determinize`).
        """
        state = self._call("cardrules_determinize", game=self, observation=observation, rng=rng)
        if state is None:
            allowed = self._call("cardrules_inferences", game=self, observation=observation)
            state = _derived("determinize")(self, observation, rng, allowed)
        if state is None:
            self._no_answer("cardrules_determinize")
        state = self._checked("cardrules_determinize", state)
        if self.state_specs:
            install_states(self.name, state, sampled_states(self, observation, rng))
        return state

    def states_as_json(self, state: Any) -> dict[str, Any]:
        """The variant states of round state ``state`` as JSON-ready data, by variant name."""
        return {
            name: state_as_json(value)
            for (name, _), value in zip(self.state_specs, states_of(self, state), strict=True)
        }

    @property
    def action_space(self) -> ActionSpace:
        """The game's fixed numbering of moves (computed once per game)."""
        if self._action_space is None:
            space = self._call("cardrules_action_space", game=self)
            if space is None and self.spec.move_types:
                cards = [card for card, _ in self.deck.counts]
                space = _derived("MoveTypesSpace")(self.spec.move_types, cards)
            if space is None:
                self._no_answer("cardrules_action_space")
            self._checked("cardrules_action_space", space)
            assert isinstance(space, ActionSpace)
            if self.move_kinds:
                space = VariantActionSpace(space, self.move_kinds)
            self._action_space = space
        return self._action_space

    @property
    def tensor_layout(self) -> Any:
        """The `cardrules.tensors.TensorLayout` of this game's observation tensors."""
        if self._tensor_layout is None:
            layout = self._call("cardrules_tensor_layout", game=self)
            if layout is None:
                layout = _derived("tensor_layout")(self)
            extra = [
                spec for name, kind in self.move_kinds for spec in kind.plane_specs(name, self)
            ]
            if extra:
                own = [(p.name, p.shape, p.description) for p in layout.planes]
                layout = type(layout).build([*own, *extra])
            self._tensor_layout = layout
        return self._tensor_layout

    def observation_tensor(self, observation: Any) -> Any:
        """``observation`` as a flat ``numpy.float32`` array of ``tensor_layout.size`` numbers.

        The game encodes its own planes; each variant move kind with planes
        fills its own, appended after them.

        Raises:
            PluginHookError: a kind's ``encode`` failed or gave the wrong number
                of values (the error names the variant), or the game's tensor
                is not a flat array of ``tensor_layout.size`` numbers.
        """
        try:
            tensor = self._tensor_caller(game=self, observation=observation)
        except CardRulesError:
            raise
        except Exception as error:
            raise self._blame("cardrules_observation_tensor", error) from error
        if tensor is None:
            self._no_answer("cardrules_observation_tensor")
        if self.move_kinds and any(k.encode for _, k in self.move_kinds):
            tensor = encode_kinds(self, observation, tensor)
        return self.checked_tensor(tensor, "cardrules_observation_tensor")

    def checked_tensor(self, tensor: Any, hook_name: str) -> Any:
        """``tensor``, if it is a flat array of `tensor_layout`'s size; else a `PluginHookError`
        naming the plugin that answered ``hook_name``."""
        shape = getattr(tensor, "shape", None)
        if shape != (self.tensor_layout.size,) or getattr(tensor, "dtype", None) is None:
            raise PluginHookError(
                answerer(self.plugin_manager, hook_name),
                hook_name,
                f"it gave {type(tensor).__name__} of shape {quote(shape)}, "
                f"not a flat array of {self.tensor_layout.size} numbers",
            )
        return tensor

    def score_round(self, state: Any) -> tuple[int, ...]:
        """Scores of a finished round, one per seat."""
        return tuple(self._answer("cardrules_score_round", game=self, state=state))

    def estimate_scores(self, state: Any) -> tuple[float, ...]:
        """Estimated scores of a round in play, one per seat, in the game's direction.

        The game's estimate (hook ``cardrules_estimate_scores``), else the
        round scored as if it ended now (`score_round`).
        """
        estimate = self._checked(
            "cardrules_estimate_scores",
            self._call("cardrules_estimate_scores", game=self, state=state),
        )
        if estimate is None:
            estimate = self.score_round(state)
        return tuple(float(score) for score in estimate)

    def match_over(self, round_scores: Sequence[tuple[int, ...]], last_round: Any) -> bool:
        """Whether the match is over after the round that scored ``round_scores[-1]``.

        A fixed number of rounds decides alone; otherwise the game's own test
        (hook ``cardrules_match_over``), else the target (`MatchRules.over`),
        and never past ``match_rules.max_rounds``.

        Raises:
            PluginHookError: the hook failed or did not answer ``True``/``False``.
        """
        rules = self.match_rules
        if rules.fixed or len(round_scores) >= rules.most_rounds:
            return len(round_scores) >= rules.most_rounds
        answer = self._checked(
            "cardrules_match_over",
            self._call(
                "cardrules_match_over",
                game=self,
                round_scores=tuple(tuple(r) for r in round_scores),
                last_round=last_round,
            ),
        )
        return rules.over(round_scores) if answer is None else bool(answer)

    def match_winners(self, round_scores: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
        """Winning seats of a finished match: the game's tie-break, else the best totals share.

        Without a ``cardrules_match_winners`` answer, the seats whose total is
        the best in the declared direction (`MatchRules.winners`) win together.
        """
        rounds = tuple(tuple(r) for r in round_scores)
        winners = self._checked(
            "cardrules_match_winners",
            self._call("cardrules_match_winners", game=self, round_scores=rounds),
        )
        if winners is None:
            totals = [sum(column) for column in zip(*rounds, strict=True)]
            return self.match_rules.winners(totals) if totals else ()
        return tuple(winners)

    def score_bounds(self) -> tuple[int, int] | None:
        """``(lowest, highest)`` score of one seat in one round, or ``None`` if undeclared.

        The game's answer to ``cardrules_score_bounds`` (loose, but every round
        respects it).

        Raises:
            PluginHookError: the answer is not a pair of ints, lowest first.
        """
        bounds = self._checked(
            "cardrules_score_bounds", self._call("cardrules_score_bounds", game=self)
        )
        return None if bounds is None else (int(bounds[0]), int(bounds[1]))

    def public_views(self) -> PublicViews | None:
        """How the game's observations split into public and private parts, or ``None``.

        The game's answer to ``cardrules_public_views``.

        Raises:
            PluginHookError: the answer is not a `PublicViews`.
        """
        views = self._checked(
            "cardrules_public_views", self._call("cardrules_public_views", game=self)
        )
        return views  # type: ignore[no-any-return]

    def utilities(self, scores: Sequence[float]) -> tuple[float, ...]:
        """Each seat's ``scores`` as a number where higher is better (`MatchRules.utilities`)."""
        return self.match_rules.utilities(scores)

    def __repr__(self) -> str:
        variants = ", ".join(v.name for v in self.variants)
        return f"<Game {self.spec.name} players={self.players} variants=[{variants}]>"


def _derived(name: str) -> Callable[..., Any]:
    """``cardrules.zoned.<name>``, imported when first called: what the core derives for a
    game that keeps its cards in a Table (a game answering every hook never loads it)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        from cardrules import zoned

        return getattr(zoned, name)(*args, **kwargs)

    return call


#: Move classes already seen in a listing of legal moves (checked once each).
_MOVE_TYPES: set[type] = set()


def _refuse_conflicts(variants: Sequence[VariantSpec], pm: pluggy.PluginManager) -> None:
    """Refuse variants declared incompatible, or both answering one first-result hook."""
    names = {v.name for v in variants}
    for variant in variants:
        clash = sorted(names & set(variant.conflicts))
        if clash:
            raise VariantConflictError(
                f"variant {quote(variant.name)} cannot be combined with "
                f"{', '.join(map(quote, clash))}"
            )
    for hook_name, caller in first_result_hooks(pm):
        answering = [
            impl.plugin_name
            for impl in caller.get_hookimpls()
            if impl.plugin_name.startswith("variant:") and not (impl.wrapper or impl.hookwrapper)
        ]
        if len(answering) > 1:
            shown = " and ".join(repr(n.removeprefix("variant:")) for n in sorted(answering))
            raise VariantConflictError(
                f"variants {shown} both answer {hook_name}; only one may replace it "
                "(a variant that wraps the hook can be combined with others)"
            )
