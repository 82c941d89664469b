"""One game's rule points, ready for the rules code to call (G9, G12, G15, G17, G19-G23).

The rules code (`cardrules_gnoming.rules`), scoring and the greedy bot never
call a rule-point hook (`cardrules_gnoming.hookspecs`) by name: they call the
matching attribute of the game's `Rulebook`, which every round state
(``state.rules``) and observation (``observation.rules``) carries. Each
attribute is the game's own function, called directly, while no variant
implements that rule point (``game.rules.changed(name)`` is false), so a rule
no variant changes costs what it cost before there were hooks. Otherwise it
calls the hook through ``game.rules`` and checks the answer: an answer of the
wrong type raises `cardrules.PluginHookError` naming the variants that
implement the hook.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.engine import new_game
from cardrules.errors import PluginHookError, quote
from cardrules.model.moves import Move
from cardrules.plugins.windows import open_window
from cardrules_gnoming import rules, scoring
from cardrules_gnoming.cards import Card
from cardrules_gnoming.line_conflicts import refuse_repeated_lines
from cardrules_gnoming.options import GnomingOptions

if TYPE_CHECKING:
    from cardrules.engine import Game
    from cardrules_gnoming.state import GnomingRound

__all__ = ["SCORING_POINTS", "Rulebook", "rulebook_of"]

#: The rule points a layout's score is built from (G19-G22).
SCORING_POINTS = (
    "gnoming_lines",
    "gnoming_line_match",
    "gnoming_line_points",
    "gnoming_card_points",
    "gnoming_layout_score",
)

Lines = tuple[tuple[int, ...], ...]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_moves(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(move, Move) for move in value)


#: How each rule point's answer is checked, and what it must be.
_ANSWERS: dict[str, tuple[Callable[[object], bool], str]] = {
    "gnoming_turn_starts": (_is_moves, "a list of moves"),
    "gnoming_may_bounce": (lambda v: isinstance(v, bool), "True or False"),
    "gnoming_may_flip": (lambda v: isinstance(v, bool), "True or False"),
    "gnoming_ends_round": (lambda v: isinstance(v, bool), "True or False"),
    "gnoming_line_match": (lambda v: v is None or _is_int(v), "an int or None"),
    "gnoming_line_points": (_is_int, "an int"),
    "gnoming_card_points": (_is_int, "an int"),
    "gnoming_layout_score": (_is_int, "an int"),
    "gnoming_ender_adjustment": (_is_int, "an int"),
}


def _refuse(game: Game, name: str, error: Exception) -> PluginHookError:
    plugins = ", ".join(game.rules.changed_by(name)) or f"game:{game.name}"
    return PluginHookError(plugins, name, error)


def _hook(game: Game, name: str) -> Callable[..., Any]:
    """``game.rules.<name>`` with ``game`` bound and its answer checked."""
    caller = getattr(game.rules, name)
    check, wanted = _ANSWERS[name]

    def call(**kwargs: Any) -> Any:
        answer = caller(game=game, **kwargs)
        if not check(answer):
            raise _refuse(game, name, TypeError(f"returned {quote(answer)}, not {wanted}"))
        return answer

    return call


def _checked_lines(game: Game) -> Lines:
    """The lines `gnoming_lines` answers, checked: tuples of distinct positions 0-8, none twice.

    Raises:
        cardrules.PluginHookError: not such lines.
        cardrules.VariantConflictError: a line given twice (two variants add it).
    """
    answer = game.rules.gnoming_lines(game=game)
    try:
        lines = tuple(tuple(line) for line in answer)
        for line in lines:
            if not line or len(set(line)) != len(line):
                raise ValueError(f"line {quote(line)} must hold distinct positions")
            if not all(_is_int(p) and 0 <= p <= 8 for p in line):
                raise ValueError(f"line {quote(line)} must hold positions 0-8")
    except (TypeError, ValueError) as error:
        raise _refuse(game, "gnoming_lines", error) from error
    refuse_repeated_lines(game, lines)
    return lines


def _no_window(state: GnomingRound, point: str, about: Any) -> bool:
    """A rulebook without a game opens no window (it only scores, for bots)."""
    raise RuntimeError("a rulebook without a game cannot open a window: use rulebook_of(game)")


class Rulebook:
    """The rule points of one Gnoming A Round game, as plain calls.

    Use `rulebook_of` for a game's own (shared) rulebook; ``Rulebook(options)``
    without a game gives the game's rules with no variant. It implements
    `cardrules_gnoming.state.RoundRules`, the type rounds and observations
    give their ``rules``.

    Args:
        options: the game's `GnomingOptions`.
        game: the `cardrules.Game` whose hooks to call, or ``None``.

    Attributes:
        options: the `GnomingOptions`.
        game: the game, or ``None``.
        lines: the lines of a layout (G19, `gnoming_lines`), position tuples,
            as the hook answered when the rulebook was built (the greedy bot's
            estimate uses these; scoring asks the hook again, `current_lines`).
        default_scoring: no variant changes G19-G22 (`SCORING_POINTS`), so a
            layout scores as `cardrules_gnoming.scoring.score_layout` says.
        turn_starts: ``turn_starts(state)``, G9 (`gnoming_turn_starts`).
        may_bounce: ``may_bounce(state, card, revealed, chained)``, G12.
        may_flip: ``may_flip(state, seat)``, G15.
        ends_round: ``ends_round(state, seat)``, G17.
        line_match: ``line_match(line, cards)``, G19/G20: ``v`` or ``None``.
        line_points: ``line_points(line, cards, value)``, G19.
        card_points: ``card_points(card, matched)``, G21/G22.
        layout_score: ``layout_score(cards)``, G19-G22 (nine face-up cards).
        ender_adjustment: ``ender_adjustment(scores, ender)``, G23.
        open_window: ``open_window(state, point, about)``: open the chosen
            variants' windows at a window point (`cardrules.plugins.windows`),
            whether one opened; ``None`` when no variant declares a window.
        open_game_window: the same at a point where the game declares a window
            of its own (``after-hazard``: the Hazard flips, G15), also asking the
            variants' windows there.

    Raises:
        cardrules.PluginHookError: ``gnoming_lines`` answered something that is
            not a sequence of position tuples (naming the variants).
    """

    __slots__ = (
        "__weakref__",
        "card_points",
        "default_scoring",
        "ender_adjustment",
        "ends_round",
        "game",
        "layout_score",
        "line_match",
        "line_points",
        "lines",
        "lines_changed",
        "may_bounce",
        "may_flip",
        "open_game_window",
        "open_window",
        "options",
        "turn_starts",
    )

    def __init__(self, options: GnomingOptions, game: Game | None = None) -> None:
        self.options = options
        self.game = game
        changed: Callable[[str], bool] = (
            (lambda name: False) if game is None else game.rules.changed
        )
        hazard, bonus, tie = options.hazard_points, options.ender_bonus, options.ender_tie_is_lowest
        self.lines: Lines = scoring.LINES
        self.lines_changed = game is not None and changed("gnoming_lines")
        if game is not None and self.lines_changed:
            self.lines = _checked_lines(game)
        self.default_scoring = not any(changed(name) for name in SCORING_POINTS)

        def pick(name: str, own: Callable[..., Any], adapt: Callable[..., Any]) -> Any:
            if game is None or not changed(name):
                return own
            return adapt(_hook(game, name))

        self.turn_starts: Callable[[GnomingRound], list[Move]] = pick(
            "gnoming_turn_starts", rules.draw_moves, lambda h: lambda s: h(state=s)
        )
        self.may_bounce: Callable[[GnomingRound, Card, bool, bool], bool] = pick(
            "gnoming_may_bounce",
            rules.may_bounce,
            lambda h: lambda s, c, r, ch: h(state=s, card=c, revealed=r, chained=ch),
        )
        self.may_flip: Callable[[GnomingRound, int], bool] = pick(
            "gnoming_may_flip", rules.may_flip, lambda h: lambda s, seat: h(state=s, seat=seat)
        )
        self.ends_round: Callable[[GnomingRound, int], bool] = pick(
            "gnoming_ends_round", rules.ends_round, lambda h: lambda s, seat: h(state=s, seat=seat)
        )
        self.line_match: Callable[[tuple[int, ...], Sequence[Card]], int | None] = pick(
            "gnoming_line_match",
            lambda line, cards: scoring.line_match_value(cards),
            lambda h: lambda line, cards: h(line=line, cards=tuple(cards)),
        )
        self.line_points: Callable[[tuple[int, ...], Sequence[Card], int], int] = pick(
            "gnoming_line_points",
            lambda line, cards, value: -value,
            lambda h: lambda line, cards, value: h(line=line, cards=tuple(cards), value=value),
        )
        self.card_points: Callable[[Card, bool], int] = pick(
            "gnoming_card_points",
            functools.partial(scoring.card_points, hazard_points=hazard),
            lambda h: lambda card, matched: h(card=card, matched=matched),
        )
        own_score: Callable[[Sequence[Card]], int] = (
            functools.partial(scoring.score_layout, hazard_points=hazard)
            if self.default_scoring
            else self.score_by_points
        )
        self.layout_score: Callable[[Sequence[Card]], int] = pick(
            "gnoming_layout_score", own_score, lambda h: lambda cards: h(cards=tuple(cards))
        )
        self.ender_adjustment: Callable[[Sequence[int], int], int] = pick(
            "gnoming_ender_adjustment",
            lambda scores, ender: scoring.ender_adjustment(
                scores, ender, ender_bonus=bonus, ender_tie_is_lowest=tie
            ),
            lambda h: lambda scores, ender: h(scores=tuple(scores), ender=ender),
        )

        self.open_game_window: Callable[[GnomingRound, str, Any], bool] = _no_window
        self.open_window: Callable[[GnomingRound, str, Any], bool] | None = None
        if game is not None:
            self.open_game_window = lambda state, point, about: open_window(
                game, state, point, about
            )
        # (the game asks at after-hazard itself, always: its own window is there)
        points = game.window_points - {rules.AFTER_HAZARD} if game is not None else ()
        if game is not None and points:
            self.open_window = lambda state, point, about: (
                point in points and open_window(game, state, point, about)
            )

    def current_lines(self) -> Lines:
        """The lines of a layout (G19), asking `gnoming_lines` again if a variant answers it.

        Raises:
            cardrules.PluginHookError: the answer is not a sequence of lines of
                distinct positions 0-8 (naming the variants).
        """
        if self.lines_changed and self.game is not None:
            return _checked_lines(self.game)
        return self.lines

    def score_by_points(self, cards: Sequence[Card]) -> int:
        """A layout's score from its lines, their matches and its cards' points (G19-G22).

        The game's own answer to `gnoming_layout_score`: each line of
        `current_lines` that matches (`line_match`) scores `line_points`; then
        each card scores `card_points`, told whether it lies in a matching line.

        Raises:
            ValueError: ``cards`` does not hold nine cards.
        """
        if len(cards) != 9:
            raise ValueError(f"a layout holds 9 cards, got {len(cards)}")
        score = 0
        matched = [False] * 9
        for line in self.current_lines():
            in_line = [cards[p] for p in line]
            value = self.line_match(line, in_line)
            if value is not None:
                score += self.line_points(line, in_line, value)
                for p in line:
                    matched[p] = True
        for p, card in enumerate(cards):
            score += self.card_points(card, matched[p])
        return score

    def round_scores(self, state: GnomingRound) -> tuple[int, ...]:
        """Score a finished round: every layout, then the ender's bonus or penalty (G19-G23).

        G23 applies only to a round ended by an ender (``ended_by ==
        "ender"``, G17), never to one ended by the draw pile (G8), and compares
        the layout scores `layout_score` gave, variants' changes included.

        Returns:
            One score per seat, in seat order.
        """
        scores = [self.layout_score(layout.cards) for layout in state.layouts]
        if state.ended_by == "ender" and state.ender is not None:
            scores[state.ender] += self.ender_adjustment(tuple(scores), state.ender)
        return tuple(scores)

    def __repr__(self) -> str:
        game = "no game" if self.game is None else self.game.name
        return f"<Rulebook of {game}: {len(self.lines)} lines>"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as what builds it: the game's name, seats, options and variant
        # names (a game and its hooks are not picklable themselves).
        if self.game is None:
            return (Rulebook, (self.options,))
        return (_rebuilt, _config(self.game, self.options))


Config = tuple[str, int, GnomingOptions, tuple[str, ...], tuple[tuple[str, Any], ...]]

#: The rulebook of each live game, by what makes the game (name, seats, options, variants).
_LIVE: weakref.WeakValueDictionary[Config, Rulebook] = weakref.WeakValueDictionary()

#: Rulebooks rebuilt while unpickling, by the identity of the options they were pickled
#: with (each entry keeps its options alive, so an id is never reused while listed).
_REBUILT: dict[int, tuple[GnomingOptions, Rulebook]] = {}


def _config(game: Game, options: GnomingOptions) -> Config:
    variants = tuple(variant.name for variant in game.variants)
    return (game.name, game.players, options, variants, tuple(sorted(game.variant_options.items())))


def _rebuilt(
    name: str,
    players: int,
    options: GnomingOptions,
    variants: tuple[str, ...],
    variant_options: tuple[tuple[str, Any], ...] = (),
) -> Rulebook:
    """The rulebook of a pickled round state, for the copy being unpickled.

    A live game made the same way lends its hooks (however its variants were
    registered); otherwise a new game like it is made from the installed
    catalogue. Every round state unpickled together shares one rulebook
    holding the very options object they hold, as the pickled ones did, so a
    copy pickles to the same bytes as its original.
    """
    found = _REBUILT.get(id(options))
    if found is not None and found[0] is options:
        return found[1]
    live = _LIVE.get((name, players, options, variants, variant_options))
    if live is not None and live.game is not None:
        game = live.game
    else:
        given = attrs.asdict(options) | {
            f"{variant}.{field}": value
            for variant, values in variant_options
            for field, value in attrs.asdict(values).items()
        }
        game = new_game(name, players=players, options=given, variants=variants).game
    rulebook = Rulebook(options, game)
    if len(_REBUILT) >= 256:
        _REBUILT.clear()
    _REBUILT[id(options)] = (options, rulebook)
    return rulebook


@functools.lru_cache(maxsize=128)
def rulebook_of(game: Game) -> Rulebook:
    """The rulebook of ``game`` (one per game, shared by its rounds and observations).

    Raises:
        cardrules.PluginHookError: a variant's `gnoming_lines` answer is no lines.
    """
    options = game.options
    assert isinstance(options, GnomingOptions)
    rulebook = Rulebook(options, game)
    _LIVE[_config(game, options)] = rulebook
    return rulebook
