"""Dealing a Toonerville Rook round: who deals, the hands and the discard pile (R4-R6)."""

from __future__ import annotations

from cardrules.model.chance import Chance
from cardrules.model.decks import DeckComposition
from cardrules.model.piles import Pile
from cardrules.model.seats import left_of, seats_from
from cardrules_rook.cards import Card
from cardrules_rook.options import RookOptions
from cardrules_rook.rule_points import RookRules, default_rules
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
    options: RookOptions,
    players: int,
    round: int,
    deck: DeckComposition[Card],
    chance: Chance,
    rules: RookRules | None = None,
) -> RookRound:
    """Shuffle the ``players`` decks, deal the round's hand size, start the discard pile (R4-R6).

    Args:
        options: the game's options.
        players: seats, ``0 .. players-1``.
        round: index of the round, from 0.
        deck: the deck composition to shuffle.
        chance: the match's seeded chance.
        rules: the game's rule points (the contract comes from ``rook_contract``,
            R4); ``None``: the game's own rules.

    Raises:
        cardrules.PluginHookError: a variant's contract does not fit the deck.
    """
    rules = default_rules(options) if rules is None else rules
    contract = rules.contract(round, players, deck.size)
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
    return RookRound(options, players, round, contract, dealer, hands, stock, discards, rules)
