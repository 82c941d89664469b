"""Toonerville Rook's rule points: one hook per rule a house rule may change.

The game plugin adds these hookspecs to its plugin managers (it answers
`cardrules.plugins.hookspecs.cardrules_add_hookspecs`) and implements each one itself
with ``trylast=True``; a variant implements the hooks of the rules it changes,
and the game does the rest. Each hook names the rule id it decides
(docs/rules/toonerville-rook.md).

Every hook is first-result: "Stops at the first non-None result", so a variant
answers ``None`` to leave a case to the game's rule, or wraps the game's answer
(``wrapper=True``). The game calls them through ``game.rules``
(`cardrules.plugins.rule_points.RulePoints`) via `cardrules_rook.rule_points.RookRules`:
a hook no variant implements costs a plain call, or nothing where the game
keeps a table or a search shortcut for its own rule.

Arguments: ``game`` is the `cardrules.Game`; ``state`` the round in play (a
`cardrules_rook.state.RookRound`, to read, never to change); ``seat`` a seat
``0 .. players-1``. A hook that raises, or returns a value of the wrong type,
becomes a `cardrules.PluginHookError` naming the plugin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from cardrules.engine import Game
    from cardrules_rook.cards import Card
    from cardrules_rook.contracts import Contract
    from cardrules_rook.melds import Meld
    from cardrules_rook.state import RookRound

_spec = pluggy.HookspecMarker("cardrules")


@_spec(firstresult=True)
def rook_meld_valid(game: Game, meld: Meld) -> bool | None:
    """Whether a group of cards is a valid meld: a run (R7), a set (R8), Rooks per meld (R13).

    Stops at the first non-None result. The game's rule: a run holds four or
    more cards, a set three or more, and every meld at least ``min_naturals``
    natural cards (and more naturals than Rooks with ``naturals_exceed_rooks``).

    A variant may allow any `cardrules_rook.melds.RunMeld` (one colour,
    consecutive numbers within 1-14, any length; and where `rook_runs_wrap`
    says so, runs that go on from 14 to 1, ``meld.wraps``) or
    `cardrules_rook.melds.SetMeld` (one number, any size) that holds at least
    one natural card; melds outside those shapes are never offered. The answer
    must depend only on the meld and the game (its options): it is remembered
    per game.

    The contract search (`cardrules_rook.search`) and the listing of melds
    (`cardrules_rook.search.hand_melds`) keep shortcuts that assume the game's rule:
    the Rook bounds and greedy lay-down of `cardrules_rook.search.shortcuts`,
    the colour-by-colour run plans of `cardrules_rook.search.run_plans`, runs of four
    or more and sets of three or more only, and the whole-hand check of round 11.
    When a variant implements this hook, every one of them is skipped: the
    search takes its exact path (`cardrules_rook.search.exact`), which lists
    every run and set the hand can form, asks this hook of each, and tries
    their combinations. It is slower (seconds for some 16-card hands), and
    exact. The action space then numbers every run and set shape with a
    natural card, and lay-offs, Rooks owed by a swap (R14) and refusals ask
    this hook of each meld they would make.

    :param game: the game.
    :param meld: a `cardrules_rook.melds.RunMeld` or `cardrules_rook.melds.SetMeld`
        (what each Rook stands for is part of it).
    :returns: ``True`` when the meld may be on the table, ``False`` when not.
    """


@_spec(firstresult=True)
def rook_runs_wrap(game: Game) -> bool | None:
    """Whether a run may wrap from 14 to 1, as in 13-14-1-2 (R7).

    Stops at the first non-None result. The game's rule: no (R7: 14 is the
    highest number, 1 the lowest). Asked once per game, when its rules are
    bound (`cardrules_rook.rule_points.RookRules`); a game no variant changes
    this for does not ask at all.

    When the answer is ``True``, a run may be any `cardrules_rook.melds.RunMeld`
    whose ``high`` passes 14 (position ``n`` is number ``n - 14``; fewer than
    14 cards, a run of all 14 numbers being written from 1), and every part of
    the game honours it: the notation (``meld R13 R14 *R1 R2``), the contract
    search (its exact path, as with `rook_meld_valid`: the shortcuts assume no
    wrap), the action space (wrapping run windows numbered after the others),
    lay-offs at either end of a wrapping run (a run of all 14 numbers takes no
    more), swaps of its Rooks (R14) and the tensors (a run's numbers, its ends
    and its Rooks by number). `rook_meld_valid` is then asked about wrapping
    runs too (the game's answer: four or more cards, as any run).

    :param game: the game.
    :returns: ``True`` if runs may wrap.
    """


@_spec(firstresult=True)
def rook_contract(game: Game, round: int) -> Contract | None:
    """The contract and hand size of a round (R4), and whether it is a whole-hand round (R12).

    Stops at the first non-None result. The game's rule is the table of R4
    (`cardrules_rook.contracts.CONTRACTS`). Asked once per round, when it is
    dealt; the round, its observations and bots then read ``state.contract``.

    :param game: the game.
    :param round: index of the round, from 0 (round 1 of R4 is 0).
    :returns: a `cardrules_rook.contracts.Contract`: cards dealt to each player
        (at least 1, and the deal must leave a card to start the discard pile,
        R5), sets and runs (at least one meld), and ``whole_hand`` (no going
        out by discarding, R12).
    """


@_spec(firstresult=True)
def rook_card_points(game: Game, card: Card) -> int | None:
    """What a card left in hand scores (R17).

    Stops at the first non-None result. The game's rule: 1-9 score 5, 10-14
    score 10, the Rook 25. Asked once per card kind per game (the answers are
    kept as a table), so the answer must depend only on the card and the game.
    Round scores (`rook_hand_score`), the bots' estimates and the contract
    search's choice of the lay-down leaving the fewest points use the table;
    the search's fast path ranks by the game's own values, so when a variant
    implements this hook ``find_lay_down(best=True)`` takes the exact path
    (except for a whole-hand lay-down, which leaves no card to rank).

    :param game: the game.
    :param card: a `cardrules_rook.cards.Card` (a natural card or the Rook).
    :returns: points, a whole number (may be 0 or negative).
    """


@_spec(firstresult=True)
def rook_may_buy(game: Game, state: RookRound, seat: int) -> bool | None:
    """Whether ``seat`` may buy the discard the turn player declined (R10).

    Stops at the first non-None result. Asked for each other seat, nearest the
    turn player's left first, when the turn player draws from the draw pile
    and the discard pile is not empty: the seats it allows are the ones the
    game's buy window asks (`cardrules_rook.buying`). The game's rule: options
    ``buy_limit`` (buys per player per round) and ``down_players_may_buy``.

    :param game: the game.
    :param state: the round, the turn player having chosen to draw.
    :param seat: a seat other than the turn player's.
    :returns: ``True`` if the discard is offered to ``seat``.
    """


@_spec(firstresult=True)
def rook_buy_penalty(game: Game, state: RookRound, seat: int) -> int | None:
    """How many penalty cards a buyer draws from the draw pile with the discard (R10).

    Stops at the first non-None result. The game's rule: one. Each is drawn as
    any draw (R16: the draw pile may be rebuilt; if it runs out the round
    ends).

    :param game: the game.
    :param state: the round, before the buy (``state.buys[seat]`` buys so far).
    :param seat: the buyer.
    :returns: a whole number, 0 or more.
    """


@_spec(firstresult=True)
def rook_may_go_out_by_discard(game: Game, state: RookRound, seat: int) -> bool | None:
    """Whether ``seat``, down, may discard its last card and so go out (R12).

    Stops at the first non-None result. The game's rule: yes, except in a
    whole-hand round (round 11, ``Contract.whole_hand``). Asked when ``seat``
    holds one card in the play phase.

    :param game: the game.
    :param state: the round.
    :param seat: the turn player (laid down, one card left).
    :returns: ``True`` if the last card may be discarded.
    """


@_spec(firstresult=True)
def rook_round_over(game: Game, state: RookRound, seat: int) -> str | None:
    """Whether the round ends after ``seat`` played cards, and how (R12).

    Stops at the first non-None result. Asked after each meld, lay-off and
    discard (``state`` is then the round after the move, still in play). The
    game's rule: a player who has laid down and holds no card goes out
    (``"out"``); otherwise ``None``, play goes on. A variant ends the round on
    its own condition by answering another ending name (its own, e.g.
    ``"knock"``), or keeps a round going with a wrapper. When the round ends,
    ``state.went_out`` is ``seat``, ``state.ended_by`` the answer, and each
    seat scores `rook_hand_score`. (A variant move that ends the round itself
    calls `cardrules_rook.play.end_round`.)

    :param game: the game.
    :param state: the round after the move.
    :param seat: the player who moved.
    :returns: an ending name (a short lower-case word), or ``None`` to play on.
    """


@_spec(firstresult=True)
def rook_hand_score(game: Game, state: RookRound, seat: int) -> int | None:
    """What ``seat`` scores for a finished round (R17, R12, R16).

    Stops at the first non-None result. The game's rule: 0 for the player
    who went out (``state.went_out``), else the points of the cards left in
    hand (`rook_card_points`); when the draw pile ran out (R16) everyone scores
    the hand.

    :param game: the game.
    :param state: the round, over (``state.ended_by`` says how it ended).
    :param seat: the seat scored.
    :returns: points for the round, a whole number (lower is better, R18).
    """


@_spec(firstresult=True)
def rook_may_swap(game: Game, state: RookRound, seat: int, target: int, card: Card) -> bool | None:
    """Which Rooks may be swapped: ``seat`` takes one from meld ``target`` with ``card`` (R14, R15).

    Stops at the first non-None result. The game's rule: a Rook in a run may
    be taken by the natural card it stands for (R14); a Rook in a set never
    (R15). A variant may allow sets: ``card`` is then a natural card of the
    set's number, any colour, and the set keeps it in the Rook's place. The
    game only asks about a meld that holds a Rook ``card`` could stand for,
    and a ``card`` that ``seat`` holds. This decides *which* Rooks may be
    swapped; when the Rook taken must be played (R14) is the game's rule.

    :param game: the game.
    :param state: the round, in ``seat``'s play phase.
    :param seat: the turn player.
    :param target: index of the table meld (``state.table[target]``).
    :param card: the natural card put in the Rook's place.
    :returns: ``True`` if the swap is allowed.
    """
