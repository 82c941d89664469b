"""Dealing a Toonerville Rook round: who deals, the hands and the discard pile (R4-R6)."""

from __future__ import annotations

from cardrules.chance import Chance
from cardrules.decks import DeckComposition
from cardrules.piles import Pile
from cardrules.seats import left_of, seats_from
from cardrules_rook.cards import Card
from cardrules_rook.contracts import CONTRACTS
from cardrules_rook.options import RookOptions
from cardrules_rook.state import RookRound

__all__ = ["deal_round", "dealer_of"]


def dealer_of(options: RookOptions, players: int, round: int) -> int:
    """The seat that deals round ``round`` (from 0), R6.

    Examples:
        >>> dealer_of(RookOptions(), 3, 4)
        1
    """
    return (options.first_dealer + (round if options.rotate_dealer else 0)) % players


def deal_round(
    options: RookOptions, players: int, round: int, deck: DeckComposition[Card], chance: Chance
) -> RookRound:
    """Shuffle the ``players`` decks, deal the round's hand size, start the discard pile (R4-R6)."""
    contract = CONTRACTS[round]
    dealer = dealer_of(options, players, round)
    cards = deck.cards()
    chance.shuffle(cards)
    stock = Pile(cards)
    hands = [[0] * 57 for _ in range(players)]
    order = seats_from(left_of(dealer, players), players)
    for _ in range(contract.cards):
        for seat in order:
            hands[seat][stock.draw().code] += 1
    discards = Pile([stock.draw()])
    return RookRound(options, players, round, contract, dealer, hands, stock, discards)
