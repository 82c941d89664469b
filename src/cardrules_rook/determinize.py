"""Sampling a Toonerville Rook round consistent with one seat's observation.

The observer's hand, the table, the discard pile and every card known to be in
another hand (`RookObservation.known_cards`) stay where they are; the unseen
cards (the game's deck less all those) are dealt at random into the rest of the
other hands and the draw pile, each keeping its size. After a rebuild (R16)
the rebuilt cards the observer did not draw go to the draw pile and to the
seats that drew from it, as many to each as it drew, unless it played them in
the open since (`cardrules_rook.hidden.deal_hidden`; the module docstring of
`cardrules_rook.hidden` shows why the states dealt are exactly the possible
ones, as to where those cards may be).

A player part way through a lay-down can always finish it (R11): its hand is
dealt the rest of the contract first (`cardrules_rook.lay_down_witness`), so a
sample never has to be drawn again and again until it can.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from cardrules.engine import Game
from cardrules.errors import ObservationMismatchError
from cardrules.information.determinize import as_observed
from cardrules.model.decks import DeckComposition
from cardrules.model.piles import Pile
from cardrules.plugins.windows import open_window, window_view
from cardrules_rook.buying import AFTER_DRAW, BUYING
from cardrules_rook.cards import Card, card_of_code
from cardrules_rook.hidden import deal_hidden
from cardrules_rook.lay_down_witness import witness_cards
from cardrules_rook.observation import RookObservation
from cardrules_rook.rule_points import rook_rules
from cardrules_rook.state import RookPhase, RookRound

__all__ = ["PLAIN_SHARE", "determinize", "unseen_cards"]

#: The share of samples with a seat part way through its lay-down that are dealt
#: plainly (kept only if that seat can finish, `cardrules.engine.determinize`); the
#: others deal that seat the rest of its contract first.
PLAIN_SHARE = 0.25

#: The round's fields an observation shows as they are, under the same names.
_AS_OBSERVED = (
    "whole_hand",
    "phase",
    "turn_seat",
    "current_player",
    "lay_down_left",
    "went_down_this_turn",
    "owed_rooks",
    "owed_before_down",
    "rebuilds",
    "went_out",
    "ended_by",
)


#: Card -> code, faster than `Card.code` (determinization runs at every search step).
_CODE: dict[Card, int] = {card_of_code(code): code for code in range(57)}
#: id(deck) -> (deck, its 57 counts by code): each game's deck is counted once (a few kept).
_DECK_COUNTS: dict[int, tuple[DeckComposition[Card], tuple[int, ...]]] = {}


def _counts(cards: Iterable[Card]) -> list[int]:
    """A multiset of cards as 57 counts by code."""
    counts = [0] * 57
    code = _CODE
    for card in cards:
        counts[code[card]] += 1
    return counts


def _deck_counts(deck: DeckComposition[Card]) -> tuple[int, ...]:
    """The deck as 57 counts by code (cached per deck object)."""
    cached = _DECK_COUNTS.get(id(deck))
    if cached is None or cached[0] is not deck:
        counts = [0] * 57
        for card, copies in deck.counts:
            counts[_CODE[card]] += copies
        if len(_DECK_COUNTS) >= 16:
            _DECK_COUNTS.clear()
        cached = _DECK_COUNTS[id(deck)] = (deck, tuple(counts))
    return cached[1]


def unseen_cards(game: Game, observation: RookObservation) -> list[int]:
    """The cards the observer has not seen, as 57 counts by code.

    The game's deck less the observer's hand, the table melds, the discard
    pile and the cards known to be in the other hands: what the draw pile and
    the unknown part of the other hands hold between them.

    Raises:
        ObservationMismatchError: the observation holds more of a card than the deck.
    """
    seen = [*observation.hand, *observation.discard_pile]
    for meld in observation.table:
        seen += meld.cards()
    for seat, known in enumerate(observation.known_cards):
        if seat != observation.seat:
            seen += known
    unseen = [d - s for d, s in zip(_deck_counts(game.deck), _counts(seen), strict=True)]
    if min(unseen) < 0:
        card = card_of_code(min(range(57), key=unseen.__getitem__))
        raise ObservationMismatchError(
            f"the observation shows more {card} cards than the deck holds"
        )
    return unseen


def determinize(game: Game, observation: RookObservation, rng: random.Random) -> RookRound:
    """Rook's ``cardrules_determinize``: a new `RookRound` that ``observation.seat`` (of
    ``game``) observes as ``observation``, its hidden cards sampled with ``rng``.

    The observer's hand, the table, the discard pile and the known cards
    of every hand are as observed; the unseen cards (`unseen_cards`) are
    dealt at random to the other hands (each getting its size less its
    known cards) and the draw pile: uniformly before any rebuild. After a
    rebuild the cards of `rebuilt_draw_pile` less `drawn_from_rebuilt` are
    the draw pile and the other seats' draws (`rebuilt_draw_counts`), each
    in its drawer's hand or among its `rebuilt_draw_plays`; the sample's
    draws of each other seat (`RookRound.rebuilt_draws`) are the ones
    dealt, so it is a possible state (see `cardrules_rook.hidden`).

    Raises:
        ObservationMismatchError: the observation is of another game or player
            count, or contradicts itself or the game's deck (a ``ValueError``).
    """
    game.check_observation(observation, RookObservation)
    seat = observation.seat
    others = [s for s in range(observation.players) if s != seat]
    known = [_counts(cards) for cards in observation.known_cards]
    drawn = _counts(observation.drawn_from_rebuilt)
    rebuilt = _counts(observation.rebuilt_draw_pile)
    sizes = [observation.hand_sizes[s] - len(observation.known_cards[s]) for s in others]
    unseen = unseen_cards(game, observation)
    plays = tuple(
        tuple((n, _CODE[card]) for n, card in row) for row in observation.rebuilt_draw_plays
    )
    draws: list[tuple[int, ...]] = [(0,) * 57] * observation.players
    if observation.rebuilds:
        if any(d > r for d, r in zip(drawn, rebuilt, strict=True)):
            raise ObservationMismatchError(
                "the observer drew cards the draw pile was not rebuilt from"
            )
        if sum(drawn) != observation.rebuilt_draw_counts[seat]:
            raise ObservationMismatchError("the observer's rebuilt draws and their count differ")

    def deal(
        reserved: list[int] | None,
    ) -> tuple[list[Card], list[list[int]], list[list[int]]]:
        """Deal the unseen cards, ``reserved`` ones to the seat finishing a lay-down first."""
        pool, room = unseen, sizes
        if reserved is not None:
            room = [size - sum(reserved) * (i == at) for i, size in enumerate(sizes)]
            pool = [u - r for u, r in zip(unseen, reserved, strict=True)]
        if not observation.rebuilds:
            return deal_hidden(pool, observation.draw_pile_size, room, rng)
        return deal_hidden(
            pool,
            observation.draw_pile_size,
            room,
            rng,
            [r - d for r, d in zip(rebuilt, drawn, strict=True)],
            [observation.rebuilt_draw_counts[s] for s in others],
            [plays[s] for s in others],
        )

    at = others.index(observation.current_player) if observation.current_player in others else -1
    reserved = _finishing_cards(observation, others, known, sizes, unseen, rebuilt, drawn, rng)
    try:
        stock, dealt, other_draws = deal(reserved)
    except ObservationMismatchError:
        if reserved is None:
            raise
        reserved = None  # the rebuilt cards' constraints leave no room for them
        stock, dealt, other_draws = deal(None)
    if reserved is not None:
        dealt[at] = [d + r for d, r in zip(dealt[at], reserved, strict=True)]
    if observation.rebuilds:
        for s, row in zip(others, other_draws, strict=True):
            draws[s] = tuple(row)
        draws[seat] = tuple(drawn)
    hands = [[0] * 57 for _ in range(observation.players)]
    hands[seat] = _counts(observation.hand)
    for s, cards in zip(others, dealt, strict=True):
        hands[s] = [k + d for k, d in zip(known[s], cards, strict=True)]
    state = RookRound(
        game.options,
        observation.players,
        observation.round,
        observation.contract,
        observation.dealer,
        hands,
        Pile(stock),
        Pile(observation.discard_pile),
        rook_rules(game),
    )
    as_observed(state, observation, _AS_OBSERVED)
    state.table = list(observation.table)
    state.owners = list(observation.owners)
    state.down = list(observation.down)
    state.buys = list(observation.buys)
    if observation.phase is RookPhase.BUY:
        _reopen_buying(game, state, observation)
    state.known = tuple(tuple(row) for row in known)
    state.rebuilt = tuple(rebuilt)
    state.rebuilt_draws = tuple(draws)
    state.rebuilt_plays = plays
    return state


def _reopen_buying(game: Game, state: RookRound, observation: RookObservation) -> None:
    """Open the game's buy window again (R10), asking the seats still to be offered.

    A variant's window open in the buy phase opened inside the asked seat's buy (at
    ``before-buy``): that buy is then under way, counted as the buy window's act. The
    engine puts the variant's window back on top (`cardrules.plugins.window_kept.under`).
    """
    asking = tuple(observation.offered_to)
    acts = ((BUYING.name, asking[0]),) if window_view(observation) is not None else ()
    open_window(game, state, AFTER_DRAW, state.turn_seat, asking=asking, acts=acts)
    state.current_player = observation.current_player


def _finishing_cards(
    observation: RookObservation,
    others: list[int],
    known: list[list[int]],
    sizes: list[int],
    unseen: list[int],
    rebuilt: list[int],
    drawn: list[int],
    rng: random.Random,
) -> list[int] | None:
    """Cards to deal first to another seat part way through its lay-down, or ``None``.

    ``None`` when no other seat is part way through a lay-down, in the last
    round (the whole hand is melded, R12: left to the plain deal), when the
    search finds no way, and for a share `PLAIN_SHARE` of samples, dealt
    plainly so that every possible state stays a possible sample (one whose
    rest of the contract needs longer melds than the search makes, or rebuilt
    cards: after a rebuild the cards are taken only among unseen cards that
    were not rebuilt, so that the rebuilt cards are dealt as usual).
    """
    actor = observation.current_player
    if (
        observation.lay_down_left is None
        or actor is None
        or actor == observation.seat
        or observation.whole_hand
    ):
        return None
    if rng.random() < PLAIN_SHARE:
        return None
    pool = unseen
    if observation.rebuilds:
        pool = [max(0, u - (r - d)) for u, r, d in zip(unseen, rebuilt, drawn, strict=True)]
    sets, runs = observation.lay_down_left
    assert actor is not None
    return witness_cards(
        known[actor],
        pool,
        sizes[others.index(actor)],
        sets=sets,
        runs=runs,
        rules=observation.meld_rules,
        rng=rng,
    )
