"""Gnoming A Round's rule points: one hook per rule a house rule may change.

The game plugin adds these hookspecs to every plugin manager it is registered
in (`cardrules.plugins.hookspecs.cardrules_add_hookspecs`) and answers each one itself
with ``trylast=True``, so a variant's implementation is asked first. A variant
changes one rule and the game does the rest: for example ``diagonals`` wraps
`gnoming_lines` and the game then scores, compares for G23 and estimates (in
the greedy bot) with the two extra lines.

The game calls them through ``game.rules`` (`cardrules.plugins.rule_points.RulePoints`)
by way of `cardrules_gnoming.rulebook.Rulebook`, which keeps the game's own
fast code for every rule point no variant implements.

All hooks are *first result*: they stop at the first implementation that
returns something other than ``None``. A variant that only sometimes changes
the answer returns ``None`` to leave it to the game; one that must turn the
game's answer into ``None`` (or adjust it) wraps the hook
(``@cardrules.hookimpl(wrapper=True)``, ``result = yield``).

Arguments are always passed by keyword; an implementation may take any subset
of them. Seats are ``0 .. players-1``; layout positions ``0-8`` row by row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from cardrules.engine import Game
    from cardrules.model.moves import Move
    from cardrules_gnoming.cards import Card
    from cardrules_gnoming.state import GnomingRound

__all__ = [
    "gnoming_card_points",
    "gnoming_ender_adjustment",
    "gnoming_ends_round",
    "gnoming_layout_score",
    "gnoming_line_match",
    "gnoming_line_points",
    "gnoming_lines",
    "gnoming_may_bounce",
    "gnoming_may_flip",
    "gnoming_turn_starts",
]

_spec = pluggy.HookspecMarker("cardrules")


# ------------------------------------------------------------------ playing


@_spec(firstresult=True)
def gnoming_turn_starts(game: Game, state: GnomingRound) -> list[Move] | None:
    """The ways the turn player may start a turn (G9; G11 with its option).

    Stops at the first non-None result. The game answers with its draws:
    ``draw stock`` while the draw pile has cards, and ``take discard N`` for
    each non-empty discard pile (only a keepable card with
    ``taken_discard_must_be_kept``). A variant that adds a way to start a turn
    (a knock) wraps this hook and extends the list; it then also carries the
    new move out (`cardrules.plugins.hookspecs.cardrules_apply_move`). If the list is
    empty when a turn begins, the round ends as if the draw pile ran out (G8).

    :param game: the game.
    :param state: the round, in phase ``draw``; ``state.turn_seat`` is the
        player starting the turn.
    :returns: a list of `cardrules.model.moves.Move`, in a fixed order.
    """


@_spec(firstresult=True)
def gnoming_may_bounce(
    game: Game, state: GnomingRound, card: Card, revealed: bool, chained: bool
) -> bool | None:
    """Whether a card displaced from the turn player's layout may bounce (G12).

    Stops at the first non-None result. The game answers ``True`` when
    bouncing is on (option ``bouncing``), the card is positive, the layout
    still has a position not filled this turn (``state.filled``), some
    face-up card of the layout has the same value, and either the card was
    face down (``revealed``) or it was itself displaced by a bounce
    (``chained``). A variant returns ``False`` to forbid a bounce the game
    allows; to allow one the game forbids it returns ``True``, and a bounce
    may then land on any position not filled this turn.

    :param game: the game.
    :param state: the round, just after the placement or bounce; the card is
        ``state.held``.
    :param card: the displaced card (a `cardrules_gnoming.cards.Card`).
    :param revealed: the card was face down until it was displaced.
    :param chained: the card was displaced by a bounce, not by the drawn card.
    :returns: ``True`` if it may bounce, ``False`` if it must be discarded.
    """


@_spec(firstresult=True)
def gnoming_may_flip(game: Game, state: GnomingRound, seat: int) -> bool | None:
    """Whether ``seat`` is offered a flip after another player's Hazard discard (G15).

    Stops at the first non-None result. Asked once for each other seat, in
    turn from the discarder's left, right after the discard and before anyone
    flips: the seats it offers the flip are the seats the game's Hazard-flip
    window asks (`cardrules_gnoming.flips`; every observation's ``pending``),
    exactly the seats that will be asked. The game answers
    ``True`` when the seat has at least two face-down cards (a player never
    flips their last one, so a flip never completes a layout, G17). A seat
    offered the flip chooses ``flip P`` for any of its face-down positions,
    or ``pass``.

    :param game: the game.
    :param state: the round; ``state.turn_seat`` is the discarder.
    :param seat: the seat whose offer comes up, never the discarder.
    :returns: ``True`` to offer the flip, ``False`` to skip the seat.
    """


@_spec(firstresult=True)
def gnoming_ends_round(game: Game, state: GnomingRound, seat: int) -> bool | None:
    """Whether ``seat``, finishing its own turn, becomes the round's ender (G17).

    Stops at the first non-None result. Asked at the end of each turn while
    there is no ender yet. The game answers ``True`` when the seat's layout
    has no face-down card. Once a seat is the ender, every other seat has one
    last turn, from the ender's left, and the round ends (G17, G18); the
    ender then takes G23's bonus or penalty (`gnoming_ender_adjustment`). A
    variant that lets a player end the round another way (a knock) answers
    ``True`` for that player's turn.

    :param game: the game.
    :param state: the round, at the end of ``seat``'s turn.
    :param seat: the turn player.
    :returns: ``True`` if ``seat`` is now the ender, else ``False``.
    """


# ------------------------------------------------------------------ scoring


@_spec(firstresult=True)
def gnoming_lines(game: Game) -> Sequence[tuple[int, ...]] | None:
    """The lines of a layout: the position groups that can match (G19).

    Stops at the first non-None result. Asked when a game is created (for
    the greedy bot's estimates) and for each layout the game scores. The
    game answers the three rows then the three columns, ``(0, 1, 2) ...
    (2, 5, 8)``. A variant that adds lines wraps the
    hook and appends its own, so several such variants combine.

    :param game: the game.
    :returns: a sequence of lines, each a tuple of distinct positions 0-8;
        a line need not hold three positions.
    """


@_spec(firstresult=True)
def gnoming_line_match(game: Game, line: tuple[int, ...], cards: tuple[Card, ...]) -> int | None:
    """The value ``v`` a line matches at, or ``None`` if it does not match (G19, G20).

    Stops at the first non-None result. The game answers ``v`` when the line
    holds only positive cards and Mulligans, at least one positive card, and
    all its positive cards share the value ``v`` (each Mulligan stands for
    ``v`` in this line, G20); else ``None``. A variant that makes more lines
    match answers ``v`` for them; one that makes fewer match wraps the hook.

    :param game: the game.
    :param line: the line's positions (one of `gnoming_lines`).
    :param cards: the cards at those positions, all face up.
    :returns: the matching value ``v`` (an ``int``), or ``None``.
    """


@_spec(firstresult=True)
def gnoming_line_points(
    game: Game, line: tuple[int, ...], cards: tuple[Card, ...], value: int
) -> int | None:
    """The points a matching line scores (G19).

    Stops at the first non-None result. The game answers ``-value``. Every
    matching line scores, so a card where two matching lines cross takes part
    in both (G21).

    :param game: the game.
    :param line: the line's positions.
    :param cards: the cards at those positions.
    :param value: the value the line matches at (`gnoming_line_match`).
    :returns: the line's points (an ``int``; lower is better).
    """


@_spec(firstresult=True)
def gnoming_card_points(game: Game, card: Card, matched: bool) -> int | None:
    """The points one card of a revealed layout scores on its own (G21, G22).

    Stops at the first non-None result. The game answers: a positive card in
    a matching line 0, else its value (G21); a negative card its value; a
    Mulligan 0; a Hazard ``hazard_points`` (G22, default 10).

    :param game: the game.
    :param card: the card (a `cardrules_gnoming.cards.Card`).
    :param matched: the card lies in at least one matching line.
    :returns: the card's points (an ``int``).
    """


@_spec(firstresult=True)
def gnoming_layout_score(game: Game, cards: tuple[Card, ...]) -> int | None:
    """The score of one revealed layout, before the ender's bonus (G19-G22).

    Stops at the first non-None result. The game answers the sum of the
    points of each matching line (`gnoming_lines`, `gnoming_line_match`,
    `gnoming_line_points`) and of each card (`gnoming_card_points`). A
    variant that changes a whole layout's score wraps this hook; G23 then
    compares the changed scores (`gnoming_ender_adjustment`).

    :param game: the game.
    :param cards: nine cards, positions 0-8 row by row, all face up.
    :returns: the layout's score (an ``int``; lower is better).
    """


@_spec(firstresult=True)
def gnoming_ender_adjustment(game: Game, scores: tuple[int, ...], ender: int) -> int | None:
    """The points added to the ender's score (G23).

    Stops at the first non-None result. Asked once per round that ended by
    G17 (not one ended by an empty draw pile, G8), with every layout score
    as `gnoming_layout_score` gave it, so after every variant's change. The
    game answers ``-ender_bonus`` when ``scores[ender]`` is the lowest (a tie
    counts as lowest unless ``ender_tie_is_lowest=False``), else
    ``+ender_bonus`` (default 5).

    :param game: the game.
    :param scores: each seat's layout score, in seat order.
    :param ender: the ender's seat.
    :returns: the points added to ``scores[ender]`` (an ``int``).
    """
