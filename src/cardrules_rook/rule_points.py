"""How the round code asks Toonerville Rook's rule points (`cardrules_rook.hookspecs`).

`RookRules` binds the rule-point hooks of one game for the code that plays a
round: every `cardrules_rook.state.RookRound` carries one (``state.rules``), so
legality, play, scoring, observations and the contract search ask the same
rules. For each hook no variant implements, it holds the game's own rule (the
``default_*`` functions below, which the game plugin also answers with): a
plain call, a precomputed table, or a search shortcut. For a hook a variant
implements, it calls ``game.rules`` (pluggy: the variants, then the game) and
checks the answer's type, raising `cardrules.PluginHookError` naming the
variant when it is wrong.

A round built without a game (tests, tools) gets `default_rules` of its
options: the rules of the rules file, with the options' interpretations.

The rules read a round as a `RoundFacts`: the few attributes of a
`cardrules_rook.state.RookRound` they need. The round module builds on this
one (a round makes its default rules here), so this one names a protocol and
does not import the round.
"""

from __future__ import annotations

import functools
import itertools
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from cardrules.engine import new_game
from cardrules.errors import CardRulesError, PluginHookError, quote
from cardrules.plugins.windows import close_windows, open_window
from cardrules_rook.cards import POINTS, Card, card_of_code
from cardrules_rook.contracts import CONTRACTS, Contract
from cardrules_rook.melds import Meld, MeldRules, RunMeld
from cardrules_rook.options import RookOptions

if TYPE_CHECKING:
    from cardrules.engine import Game

__all__ = [
    "DEFAULT_POINTS",
    "MeldJudge",
    "RookRules",
    "RoundFacts",
    "default_buy_penalty",
    "default_hand_score",
    "default_may_buy",
    "default_may_go_out_by_discard",
    "default_may_swap",
    "default_round_over",
    "default_rules",
    "rook_rules",
]

#: R17: each card code's points (1-9: 5, 10-14: 10, the Rook: 25).
DEFAULT_POINTS: tuple[int, ...] = POINTS


class RoundFacts(Protocol):
    """What the game's own rules read of a round.

    The attributes of the same names of a `cardrules_rook.state.RookRound`,
    which documents them: every round is a `RoundFacts`.
    """

    options: RookOptions
    rules: RookRules
    hands: list[list[int]]
    table: list[Meld]
    down: list[bool]
    buys: list[int]
    went_out: int | None
    no_out_by_discard: bool


# ---------------------------------------------------------------- the game's own rules


def default_may_buy(state: RoundFacts, seat: int) -> bool:
    """R10: the buy limit (option ``buy_limit``) and whether a player who is down may buy."""
    options = state.options
    limit = options.buy_limit
    if limit is not None and state.buys[seat] >= limit:
        return False
    return options.down_players_may_buy or not state.down[seat]


def default_buy_penalty(state: RoundFacts, seat: int) -> int:
    """R10: a buyer draws one penalty card."""
    return 1


def default_may_go_out_by_discard(state: RoundFacts, seat: int) -> bool:
    """R12: a player may go out by discarding, except in the whole-hand round (round 11)."""
    return not state.no_out_by_discard


def default_round_over(state: RoundFacts, seat: int) -> str | None:
    """R12: ``"out"`` when ``seat`` has laid down and holds no card, else ``None``."""
    return "out" if state.down[seat] and not any(state.hands[seat]) else None


def default_hand_score(state: RoundFacts, seat: int) -> int:
    """R17: 0 for the player who went out, else the points left in hand (``state.rules.points``)."""
    if seat == state.went_out:
        return 0
    points = state.rules.points
    return sum(points[code] * n for code, n in enumerate(state.hands[seat]) if n)


def default_may_swap(state: RoundFacts, seat: int, target: int, card: Card) -> bool:
    """R14, R15: a Rook in a run, swapped for the natural card it stands for; never in a set."""
    meld = state.table[target]
    if not isinstance(meld, RunMeld):
        return False  # R15
    number = card.number
    return card.colour == meld.colour and (number in meld.rooks or number + 14 in meld.rooks)


# ---------------------------------------------------------------- binding a game's hooks


#: Game-bound `RookRules` alive in this process, by token (pickles refer to them).
_LIVE: weakref.WeakValueDictionary[int, RookRules] = weakref.WeakValueDictionary()
_TOKENS = itertools.count(1)


def _live(token: int) -> RookRules:
    """The game-bound `RookRules` with this token (unpickling a round or its meld rules)."""
    rules = _LIVE.get(token)
    if rules is None:
        raise CardRulesError(
            "this Toonerville Rook round was pickled in a game whose variants change rule "
            "points; it can only be unpickled in the same process while that game lives "
            "(replay its record instead)"
        )
    return rules


def _judge_of(token: int) -> MeldJudge:
    judge = _live(token).meld_rules.judge
    assert isinstance(judge, MeldJudge)
    return judge


class MeldJudge:
    """A game's `rook_meld_valid` hook as a ``meld -> bool`` callable, answers remembered.

    Set as `cardrules_rook.melds.MeldRules.judge` when a variant implements the
    hook: every ``is_valid`` then asks it, and the search takes its exact path.
    Two judges are equal when their games are configured alike (``key``: the
    game, players, options and variants), since the hook's answer depends only
    on the meld and the game: a replayed match observes the same rules. Pickled
    as a reference to its game's rules, valid in the process that made it.
    """

    __slots__ = ("_answers", "_call", "_token", "key")

    def __init__(self, call: Callable[[Meld], bool], token: int, key: Any) -> None:
        self._call = call
        self._token = token
        self.key = key
        self._answers: dict[Meld, bool] = {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MeldJudge) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_judge_of, (self._token,))

    def __call__(self, meld: Meld) -> bool:
        answer = self._answers.get(meld)
        if answer is None:
            answer = self._answers[meld] = self._call(meld)
        return answer

    def __repr__(self) -> str:
        return "MeldJudge(rook_meld_valid)"


def _key(game: Game) -> tuple[Any, ...]:
    """What makes two games' rule points alike: game, players, options, variants."""
    return (game.spec.name, game.players, game.options, tuple(v.name for v in game.variants))


def _seat_point(call: Callable[..., Any]) -> Callable[[RoundFacts, int], Any]:
    """A checked ``(state, seat)`` hook as a positional ``(state, seat)`` callable."""
    return lambda state, seat: call(state=state, seat=seat)


def _checked(game: Game, name: str, kind: type | tuple[type, ...], what: str) -> Any:
    """``game.rules.<name>`` bound to ``game``, its answer checked to be ``kind``.

    A wrong answer becomes a `cardrules.PluginHookError` naming the variants
    that implement the hook.
    """
    caller = getattr(game.rules, name)

    def call(**kwargs: Any) -> Any:
        answer = caller(game=game, **kwargs)
        if not isinstance(answer, kind) or (isinstance(answer, bool) and kind is not bool):
            plugins = ", ".join(game.rules.changed_by(name)) or "unknown"
            raise PluginHookError(plugins, name, TypeError(f"returned {quote(answer)}, not {what}"))
        return answer

    return call


class RookRules:
    """The rule points of one game, as the round code asks them.

    Args:
        options: the game's `RookOptions`.
        game: the game whose ``game.rules`` to ask; ``None``: the game's own
            rules only.

    Attributes:
        options: the game's options.
        meld_rules: the `MeldRules` melds are checked with (R7, R8, R13):
            with a ``judge`` when a variant implements `rook_meld_valid`, and
            ``wrap`` when a variant lets runs wrap (`rook_runs_wrap`).
        points: each card code's points (R17), from `rook_card_points`.
        default_points: ``points`` are R17's own (the search may rank
            lay-downs by its fast path).
        swap_sets: a variant decides swaps, so Rooks in sets are asked about
            too (R15).
        go_out_changed: a variant decides going out by discarding (R12), so
            every round guards against a player stranded with one card.
        may_buy: ``(state, seat) -> bool``, R10: whether ``seat`` is offered
            the discard (`rook_may_buy`).
        may_go_out_by_discard: ``(state, seat) -> bool``, R12: whether ``seat``
            may discard its last card (`rook_may_go_out_by_discard`).
        round_over: ``(state, seat) -> str | None``, R12: the ending after
            ``seat`` played cards, or ``None`` (`rook_round_over`).
        hand_score: ``(state, seat) -> int``, R17: what ``seat`` scores for
            the finished round (`rook_hand_score`).
        may_swap: ``(state, seat, target, card) -> bool``, R14, R15: whether
            ``seat`` may take a Rook of meld ``target`` with ``card``
            (`rook_may_swap`).
        open_window: ``(state, point, about) -> bool``: open the chosen
            variants' windows at a window point (`cardrules.plugins.windows`),
            whether one opened; ``None`` when no variant declares a window.
        game: the game the rules are bound to, or ``None`` (the game's own
            rules of `default_rules`: a round built with them opens no window).

    Each of those is the game's own function (``default_*``) when no variant
    implements the hook, so it costs a plain call.

    A round pickles its rules as a reference: the game's own rules rebuild
    anywhere; a game's with variant hooks only in the process that made them
    (`cardrules.CardRulesError` otherwise: replay the record instead).
    """

    __slots__ = (
        "__weakref__",
        "_buy_penalty",
        "_contract",
        "_plain",
        "_runs_wrap",
        "_token",
        "_variants",
        "default_points",
        "game",
        "go_out_changed",
        "hand_score",
        "may_buy",
        "may_go_out_by_discard",
        "may_swap",
        "meld_rules",
        "open_window",
        "options",
        "points",
        "round_over",
        "swap_sets",
    )

    def __init__(self, options: RookOptions, game: Game | None = None) -> None:
        self.options = options
        rules = options.meld_rules
        changed: Callable[[str], bool] = (
            (lambda name: False) if game is None else game.rules.changed
        )
        self.points = DEFAULT_POINTS
        self._contract: Callable[[int], Contract] = CONTRACTS.__getitem__
        self._buy_penalty: Callable[..., int] | None = None
        # The game's own rules, plain functions (no hook dispatch) unless a variant decides.
        self.may_buy: Callable[[RoundFacts, int], bool] = default_may_buy
        self.may_go_out_by_discard: Callable[[RoundFacts, int], bool] = (
            default_may_go_out_by_discard
        )
        self.round_over: Callable[[RoundFacts, int], str | None] = default_round_over
        self.hand_score: Callable[[RoundFacts, int], int] = default_hand_score
        self.may_swap: Callable[[RoundFacts, int, int, Card], bool] = default_may_swap
        self._variants: dict[str, str] = {}
        self.game = game
        self.open_window: Callable[[Any, str, Any], bool] | None = None
        # The points where a variant declares a window (the game's own are asked always).
        points = {w.point for _, w in game.windows[game.own_windows :]} if game else set()
        if game is not None and points:
            self.open_window = lambda state, point, about: (
                point in points and open_window(game, state, point, about)
            )
        #: Bound to a game whose variants change no rule point and declare no window:
        #: pickled as what makes such a game (its name, players and options).
        self._plain = game is not None and not points and not _changes_rules(game)
        if self._plain:
            assert game is not None
            _PLAIN[(game.name, game.players, options)] = self
        self._runs_wrap: Callable[[], bool] | None = None
        wrap = False
        self._token = 0
        if game is not None:
            self._token = next(_TOKENS)
            _LIVE[self._token] = self
            self._variants = {
                name: ", ".join(game.rules.changed_by(name)) for name in game.rules.names()
            }
            if changed("rook_runs_wrap"):
                self._runs_wrap = _checked(game, "rook_runs_wrap", bool, "True or False")
                wrap = bool(self._runs_wrap())
            if changed("rook_meld_valid"):
                valid = _checked(game, "rook_meld_valid", bool, "True or False")
                rules = MeldRules(
                    rules.min_naturals,
                    rules.naturals_exceed_rooks,
                    MeldJudge(lambda meld: bool(valid(meld=meld)), self._token, _key(game)),
                    wrap,
                )
            elif wrap:
                rules = MeldRules(rules.min_naturals, rules.naturals_exceed_rooks, wrap=True)
            if changed("rook_card_points"):
                points = _checked(game, "rook_card_points", int, "a whole number")
                self.points = tuple(points(card=card_of_code(code)) for code in range(57))
            if changed("rook_contract"):
                contract = _checked(game, "rook_contract", Contract, "a Contract")
                self._contract = lambda round: contract(round=round)
            if changed("rook_buy_penalty"):
                self._buy_penalty = _checked(game, "rook_buy_penalty", int, "a whole number")
            for name, slot, kind, what in (
                ("rook_may_buy", "may_buy", bool, "True or False"),
                ("rook_may_go_out_by_discard", "may_go_out_by_discard", bool, "True or False"),
                ("rook_round_over", "round_over", (str, type(None)), "an ending name or None"),
                ("rook_hand_score", "hand_score", int, "a whole number"),
            ):
                if changed(name):
                    setattr(self, slot, _seat_point(_checked(game, name, kind, what)))
            if changed("rook_may_swap"):
                swap = _checked(game, "rook_may_swap", bool, "True or False")
                self.may_swap = lambda state, seat, target, card: swap(
                    state=state, seat=seat, target=target, card=card
                )
        self.meld_rules = rules
        self.default_points = self.points == DEFAULT_POINTS
        self.swap_sets = self.may_swap is not default_may_swap
        self.go_out_changed = self.may_go_out_by_discard is not default_may_go_out_by_discard

    def __reduce__(self) -> tuple[Any, ...]:
        # The game's own rules rebuild from the options, or from what makes the game; a
        # game's with variants' rule points, by reference.
        if self._plain:
            assert self.game is not None
            return (_plain_rules, (self.game.name, self.game.players, self.options))
        if self._token:
            return (_live, (self._token,))
        return (default_rules, (self.options,))

    def open_game_window(self, state: Any, point: str, about: Any) -> bool:
        """Open the windows at a point where the game declares one of its own (Rook:
        ``after-draw``, the buy window, R10), the variants' there included; whether one
        opened (`cardrules.plugins.windows.open_window`).

        Raises:
            RuntimeError: the rules are bound to no game (`default_rules`): build the
                round with ``rook_rules(game)``.
        """
        if self.game is None:
            raise RuntimeError(
                "a Toonerville Rook round built without its game's rules cannot open a "
                "window: pass rules=rook_rules(game)"
            )
        return open_window(self.game, state, point, about)

    def close_windows(self, state: Any) -> None:
        """Close every window of ``state``: its round is over
        (`cardrules.plugins.windows.close_windows`)."""
        if self.game is not None:
            close_windows(self.game, state)

    def contract(self, round: int, players: int, deck_size: int) -> Contract:
        """The contract of round ``round`` (from 0), R4 (`rook_contract`).

        Raises:
            cardrules.PluginHookError: a variant's contract deals no card,
                asks for no meld, or deals more cards than the deck holds
                (the deal must leave one to start the discard pile, R5).
        """
        contract = self._contract(round)
        if contract.cards < 1 or contract.sets < 0 or contract.runs < 0:
            problem = "deals no card or asks for fewer than 0 melds"
        elif contract.sets + contract.runs < 1:
            problem = "asks for no meld"
        elif contract.cards * players + 1 > deck_size:
            problem = f"deals {contract.cards} cards to {players} players from {deck_size}"
        else:
            return contract
        error = ValueError(f"round {round + 1}: {contract} ({contract.cards} cards): {problem}")
        raise PluginHookError(
            self._variants.get("rook_contract") or "unknown", "rook_contract", error
        )

    def confirm_wrap(self) -> None:
        """R7: ask `rook_runs_wrap` again (at each deal) and check the answer has not changed.

        Whether runs wrap fixes the game's action ids and meld rules for the
        whole match, so the answer must depend only on the game. Costs
        nothing when no variant implements the hook.

        Raises:
            cardrules.PluginHookError: the answer differs from the one the
                rules were bound with.
        """
        if self._runs_wrap is None:
            return
        answer = bool(self._runs_wrap())
        if answer != self.meld_rules.wrap:
            error = ValueError(
                f"answered {answer} after {self.meld_rules.wrap}: whether runs wrap must "
                "depend only on the game"
            )
            raise PluginHookError(
                self._variants.get("rook_runs_wrap") or "unknown", "rook_runs_wrap", error
            )

    def buy_penalty(self, state: RoundFacts, seat: int) -> int:
        """R10: penalty cards the buyer draws (`rook_buy_penalty`).

        Raises:
            cardrules.PluginHookError: a variant answered a negative number.
        """
        if self._buy_penalty is None:
            return 1
        count = int(self._buy_penalty(state=state, seat=seat))
        if count < 0:
            error = ValueError(f"{count} penalty cards")
            raise PluginHookError(
                self._variants.get("rook_buy_penalty") or "unknown", "rook_buy_penalty", error
            )
        return count


@functools.lru_cache(maxsize=64)
def default_rules(options: RookOptions) -> RookRules:
    """The game's own rules with these options (no variant hooks): shared, immutable in use."""
    return RookRules(options)


@functools.lru_cache(maxsize=64)
def _rules_of(game: Game) -> RookRules:
    return RookRules(game.options, game)


def rook_rules(game: Game) -> RookRules:
    """The `RookRules` of ``game``, bound to it: its own rules where no variant implements
    a rule point, and its windows (the buy window, R10, and the variants').

    Remembered per game (the last 64 games).
    """
    assert isinstance(game.options, RookOptions)
    return _rules_of(game)


def _changes_rules(game: Game) -> bool:
    """Whether a variant of ``game`` implements one of the game's rule points."""
    return any(game.rules.changed(name) for name in game.rules.names() if name.startswith("rook_"))


def _plain_rules(name: str, players: int, options: RookOptions) -> RookRules:
    """The rules of a pickled round of a game whose variants change no rule point and
    declare no window, for the copy being unpickled.

    A live game made the same way lends itself; otherwise a new game like it is made.
    Every round unpickled together shares one `RookRules` holding the very options
    object they hold, as the pickled ones did, so a copy pickles to the same bytes.
    """
    found = _REBUILT.get(id(options))
    if found is not None and found[0] is options:
        made = found[1].game
        if made is not None and made.players == players:
            return found[1]
    live = _PLAIN.get((name, players, options))
    game = live.game if live is not None else None
    if game is None:
        game = new_game(name, players=players, options=options).game
    rules = RookRules(options, game)
    if len(_REBUILT) >= 256:
        _REBUILT.clear()
    _REBUILT[id(options)] = (options, rules)
    return rules


#: The rules of each live game whose variants change no rule point, by what makes it.
_PLAIN: weakref.WeakValueDictionary[tuple[str, int, RookOptions], RookRules] = (
    weakref.WeakValueDictionary()
)

#: Rules rebuilt while unpickling, by the identity of the options they were pickled with
#: (each entry keeps its options alive, so an id is never reused while listed).
_REBUILT: dict[int, tuple[RookOptions, RookRules]] = {}
