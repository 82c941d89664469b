"""A game as configured for one match: its rules, reached through its own plugin manager.

`Game` is built by `cardrules.engine.new_game` from a registered game, the
player count, options and chosen variants. Each game gets a pluggy manager of
its own (the game plugin plus its variants), so a variant chosen for one game
never changes another; `cardrules.engine.GameState` asks its rules through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pluggy

from cardrules.engine.game_copies import GameCopies
from cardrules.engine.game_information import GameInformation, derived
from cardrules.engine.game_scores import GameScores
from cardrules.engine.game_views import GameViews
from cardrules.errors import (
    IllegalMoveError,
    OptionsError,
    PluginHookError,
    VariantConflictError,
    error_text,
    quote,
    shorten,
)
from cardrules.model.actions import ActionSpace
from cardrules.model.chance import Chance
from cardrules.model.decks import DeckComposition
from cardrules.model.match_rules import MatchRules
from cardrules.model.moves import Move
from cardrules.plugins.hook_calls import direct_calls
from cardrules.plugins.hook_results import answerer, guard, move_problem
from cardrules.plugins.known_cards import (
    HiddenPlaces,
    KnowledgeError,
    forget_unseen,
    known_planes,
)
from cardrules.plugins.managers import get_plugin_manager
from cardrules.plugins.move_removal import removed_moves, removers, variant_refusal
from cardrules.plugins.options import resolve_options, split_variant_options, variant_options
from cardrules.plugins.rule_points import RulePoints, first_result_hooks
from cardrules.plugins.specs import GameSpec, VariantSpec
from cardrules.plugins.strict import StrictChecks, resolve
from cardrules.plugins.variant_moves import MoveKind, kind_moves
from cardrules.plugins.variant_planes import PlaneSet
from cardrules.plugins.variant_state import (
    NO_VARIANT_STATE,
    StateSpec,
    first_states,
    install_states,
)
from cardrules.plugins.window_checks import check_windows, window_refusal
from cardrules.plugins.window_kept import DECLINE_KIND, WINDOW_STATE
from cardrules.plugins.windows import (
    WINDOW,
    Window,
    play_in_window,
    window_moves,
    window_of,
)

__all__ = ["Game"]


class Game(GameViews, GameInformation, GameScores, GameCopies):
    """A game as configured for one match: rules, players, options, variants.

    Shared by a state and all its clones (it never changes). Game plugins
    receive it as the ``game`` argument of every rule hook.

    Attributes:
        spec: the registered `GameSpec`.
        players: number of seats, numbered ``0 .. players-1``.
        options: the resolved options value (``spec.options_type``).
        variant_options: ``{variant name: its own options value}`` for the
            chosen variants with an ``options_type`` (`cardrules.plugins.options`).
        variants: the chosen `VariantSpec` values, in the order given.
        plugin_manager: this game's own pluggy manager.
        rules: the game's rule-point hooks (`cardrules.plugins.rule_points.RulePoints`),
            e.g. ``game.rules.gnoming_card_points(game=game, card=card)``.
        deck: the deck composition the game deals from.
        match_rules: how the match is won and when it ends
            (`cardrules.MatchRules`, hook ``cardrules_match_rules``).
        rounds: the most rounds a match can have (``match_rules.most_rounds``:
            the number of rounds of a match with a fixed number).
        has_rule_plugins: variants with rule hooks are in play.
        state_specs: ``(variant name, StateSpec)`` of the chosen variants that
            keep state (`cardrules.plugins.variant_state`), in the order chosen.
        plane_kinds: ``(variant name, MoveKind or PlaneSet)`` of what adds
            tensor planes: each chosen variant's move kinds, then its plane
            sets (`cardrules.plugins.variant_planes`), in the order chosen.
        move_kinds: ``(variant name, MoveKind)`` of the kinds of move the
            chosen variants add (`cardrules.plugins.variant_moves`), in the order chosen.
        hidden_places: where cards lie and which a seat sees
            (`cardrules.plugins.known_cards.HiddenPlaces`), when a chosen variant
            marks cards seats know (``VariantSpec.knowledge``); else ``None``.
        windows: ``(owner, Window)`` of the decisions offered out of turn
            (`cardrules.plugins.windows`): the game's own (``GameSpec.windows``,
            owner the game's name), then the chosen variants', in the order chosen.
        own_windows: how many of ``windows`` are the game's own.
        window_kept: whether every round keeps the ``window`` state (a chosen
            variant declares a window: it is then shown, sampled and recorded),
            rather than only while one of the game's own windows is open.
        window_points: the game's window points where the game or a chosen
            variant declared a window (empty without windows: the game asks nothing).
        strict: the checks of strict mode (`cardrules.plugins.strict.StrictChecks`), or
            ``None`` when it is off (the default).
        guarded: moves are applied on a saved copy first, so that a failing
            plugin changes nothing (variants with rule hooks, state or moves, or
            strict mode).

    Every plugin answer is checked for its type and shape; a wrong one raises
    `PluginHookError` naming the plugin and the hook (`cardrules.plugins.hook_results`).
    A game copies as itself and pickles as what made it (`cardrules.engine.game_copies`).
    """

    __slots__ = (
        "_action_space",
        "_apply_caller",
        "_direct",
        "_hook",
        "_kinds",
        "_legal_caller",
        "_observe_caller",
        "_sequence_space",
        "_tensor_caller",
        "_tensor_layout",
        "_tensor_shape",
        "_turn_kinds",
        "added_by",
        "deck",
        "emptied_by",
        "guarded",
        "has_rule_plugins",
        "hidden_places",
        "match_rules",
        "move_kinds",
        "options",
        "own_windows",
        "plane_kinds",
        "players",
        "plugin_manager",
        "rounds",
        "rules",
        "spec",
        "state_specs",
        "strict",
        "variant_options",
        "variants",
        "window_kept",
        "window_points",
        "windows",
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
        # core (`cardrules.information.zoned`).
        self._observe_caller = self._caller("cardrules_observation", derived("observe"))
        self._tensor_caller = self._caller(
            "cardrules_observation_tensor", derived("observation_tensor")
        )
        self.rules = RulePoints(self.plugin_manager, f"game:{spec.name}")
        self.state_specs: tuple[tuple[str, StateSpec], ...] = tuple(
            (v.name, v.state) for v in self.variants if v.state is not None
        )
        # The game's own windows first (their moves are the game's), then the variants'.
        own_windows = tuple((spec.name, window) for window in spec.windows)
        self.windows: tuple[tuple[str, Window], ...] = own_windows + tuple(
            (v.name, window) for v in self.variants for window in v.windows
        )
        self.window_points = frozenset(window.point for _, window in self.windows)
        #: How many of `windows` the game declares itself (they come first).
        self.own_windows = len(own_windows)
        #: Whether every round keeps the `WINDOW` state (a variant declares a window: it is
        #: shown and recorded), or only while one of the game's own windows is open.
        self.window_kept = len(self.windows) > len(own_windows)
        self.move_kinds: tuple[tuple[str, MoveKind], ...] = tuple(
            (v.name, kind) for v in self.variants for kind in v.moves
        )
        # The kinds listed in turn: those of windows are listed only in their window.
        self._turn_kinds = self.move_kinds
        self.plane_kinds: tuple[tuple[str, MoveKind | PlaneSet], ...] = tuple(
            (v.name, kind) for v in self.variants for kind in (*v.moves, *v.planes)
        )
        # (the engine's window state alone, of a game's own windows, needs no guard)
        self.guarded = self.guarded or bool(self.state_specs)
        if self.windows:
            check_windows(spec.name, [point for point, _ in spec.window_points], self.windows)
            if any(v.name == WINDOW for v in self.variants):
                raise VariantConflictError(f"a variant may not be named {quote(WINDOW)}")
            if self.window_kept:
                self.state_specs += ((WINDOW, WINDOW_STATE),)
            acts = tuple(
                (variant, window.act) for variant, window in self.windows[len(own_windows) :]
            )
            if any(window.decline is None for _, window in self.windows):
                acts += ((WINDOW, DECLINE_KIND),)  # its id, notation and the windows' planes
            self.move_kinds += acts
            self.plane_kinds += acts
        self._kinds: dict[type, tuple[str, MoveKind]] = {}
        for adder, kind in self.move_kinds:
            if kind.type in self._kinds:
                first = self._kinds[kind.type][0]
                if first == adder:  # listed twice, or in moves= and as a window's act
                    raise VariantConflictError(
                        f"variant {quote(adder)} adds {kind.type.__name__} moves twice: list a "
                        "kind once (a window's act is added with the window; leave it out of "
                        "moves=)"
                    )
                raise VariantConflictError(
                    f"variants {quote(first)} and {quote(adder)} both add "
                    f"{kind.type.__name__} moves"
                )
            self._kinds[kind.type] = (adder, kind)
        self.guarded = self.guarded or bool(self.move_kinds)
        _refuse_conflicts(self.variants, self.plugin_manager)
        self._call("cardrules_validate", game=self)
        self.deck: DeckComposition[Any] = self._answer("cardrules_deck", game=self)
        self.hidden_places: HiddenPlaces | None = None
        if any(v.knowledge for v in self.variants):
            self.hidden_places = self._hidden_places()
            self.plane_kinds += (("known", known_planes(self)),)
            self.guarded = True
        self.match_rules: MatchRules = self._declared_match_rules()
        self.rounds: int = self.match_rules.most_rounds
        self._action_space: ActionSpace | None = None
        self._sequence_space: Any = None
        self._tensor_layout: Any = None
        # ``(tensor_layout.size,)`` once the layout is known: what `checked_tensor` compares.
        self._tensor_shape: tuple[int] | None = None

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
            # (what a cardrules_new_round wrapper set, such as known cards, is kept)
            have = getattr(state, "variant_states", {})
            install_states(self.name, state, {**first_states(self, round, previous), **have})
        return state

    def _hidden_places(self) -> HiddenPlaces:
        """The game's `HiddenPlaces` (``cardrules_hidden_places``), for knowledge variants.

        Raises:
            KnowledgeError: the game does not answer.
        """
        places = self._call("cardrules_hidden_places", game=self)
        if places is None:
            names = ", ".join(quote(v.name) for v in self.variants if v.knowledge)
            raise KnowledgeError(
                f"{self.name} answers no cardrules_hidden_places: it cannot keep the cards "
                f"seats know, which variant {names} needs"
            )
        if not isinstance(places, HiddenPlaces):
            raise PluginHookError(
                answerer(self.plugin_manager, "cardrules_hidden_places"),
                "cardrules_hidden_places",
                f"it gave {type(places).__name__}, not HiddenPlaces",
            )
        return places

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

        While a window is open (`cardrules.plugins.windows`), the asked seat's
        moves: the window's acts, then ``decline``.
        """
        if (
            self.windows
            and state.variant_states is not NO_VARIANT_STATE  # (no window open: cheap)
            and (window := window_of(state)) is not None
        ):
            return window_moves(self, state, window)
        try:
            moves = self._legal_caller(game=self, state=state)
        except Exception as error:
            self._failed("cardrules_legal_moves", error)
        if type(moves) is not tuple:
            if moves is None:
                self._no_answer("cardrules_legal_moves")
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
        for variant, kind in self._turn_kinds:
            extra += kind_moves(self, variant, kind, state)
        return (*moves, *extra) if moves or extra else self._no_moves(state)

    def own_listing(self, state: Any) -> bool:
        """Whether `legal_moves` of ``state`` is the game's own ``cardrules_legal_moves`` alone.

        True when no variant plugin, move kind, variant state or strict check
        takes part in the game (it is not `guarded`) and no window is open:
        then the game's own rules may answer for part of the listing, as
        `cardrules.model.sequences.SequenceSpace.first_level` does.
        """
        if self.guarded:
            return False
        return not (
            self.windows
            and state.variant_states is not NO_VARIANT_STATE
            and window_of(state) is not None
        )

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
        """Apply a legal move to ``state`` (a variant's kind applies its own moves;
        an open window plays its own, `cardrules.plugins.windows`)."""
        if (
            self.windows
            and state.variant_states is not NO_VARIANT_STATE
            and window_of(state) is not None
        ):
            play_in_window(self, state, move, chance)
            if self.hidden_places is not None:
                forget_unseen(self, state)
            return
        found = self._kinds.get(type(move)) if self._kinds else None
        if found is not None:
            variant, kind = found
            self.variant_call(
                variant, f"MoveKind({kind.name}).apply", kind.apply, self, state, move, chance
            )
            if self.hidden_places is not None:
                forget_unseen(self, state)
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
        except Exception as error:
            self._failed("cardrules_apply_move", error)
        if done is None:
            self._no_answer("cardrules_apply_move")
        if self.hidden_places is not None:
            forget_unseen(self, state)  # a known card out of sight is forgotten

    def resume(
        self, state: Any, point: str, about: Any, acted: tuple[int, ...], chance: Chance
    ) -> None:
        """Resume the turn once the windows at ``point`` closed (hook ``cardrules_resume``)."""
        self._first(
            "cardrules_resume",
            game=self,
            state=state,
            point=point,
            about=about,
            acted=acted,
            chance=chance,
        )

    def accept_unlisted(self, state: Any, move: Move) -> bool:
        """Whether an unlisted move is legal anyway (a compound move, such as a whole lay-down)."""
        if self.windows and window_of(state) is not None:
            return False
        return bool(
            self._checked(
                "cardrules_accept_unlisted",
                self._call("cardrules_accept_unlisted", game=self, state=state, move=move),
            )
        )

    def explain_illegal(self, state: Any, move: Move) -> IllegalMoveError:
        """The error naming the rule that forbids ``move``.

        A move of the game's own list that a variant took away (wrapping
        ``cardrules_legal_moves``) is refused naming that variant (its name is
        the error's ``rule``), unless a variant's ``cardrules_explain_illegal``
        explains it (`cardrules.plugins.move_removal`).
        """
        if self.windows and (window := window_of(state)) is not None:
            return window_refusal(self, state, move, window)
        found = self._kinds.get(type(move)) if self._kinds else None
        if found is not None:
            return found[1].refusal(self, state, move, found[0])
        taken = removers(self, state, move) if self.has_rule_plugins else ()
        if taken:
            own = self.plugin_manager.get_plugin(f"game:{self.name}")
            caller = self.plugin_manager.subset_hook_caller(
                "cardrules_explain_illegal", remove_plugins=[own]
            )
            try:
                error = caller(game=self, state=state, move=move)
            except Exception as failure:
                self._failed("cardrules_explain_illegal", failure)
            if error is None:
                return variant_refusal(self, move, taken)
        else:
            error = self._call("cardrules_explain_illegal", game=self, state=state, move=move)
        if error is None:
            return self._default_refusal(move)
        self._checked("cardrules_explain_illegal", error)
        assert isinstance(error, IllegalMoveError)
        if len(error.message) > 500:  # bounded, whatever the plugin wrote
            error = IllegalMoveError(error.rule, shorten(error.message), move=move)
        return error

    def removed_moves(self, state: Any) -> tuple[Move, ...]:
        """The moves of the game's own list in ``state`` that variants took away.

        ``()`` when no variant wraps ``cardrules_legal_moves``
        (`cardrules.plugins.move_removal.removed_moves`).
        """
        if self.windows and window_of(state) is not None:
            return ()
        return removed_moves(self, state) if self.has_rule_plugins else ()

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

    def __repr__(self) -> str:
        variants = ", ".join(v.name for v in self.variants)
        return f"<Game {self.spec.name} players={self.players} variants=[{variants}]>"


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
