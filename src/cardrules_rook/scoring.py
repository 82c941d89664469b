"""Scoring Toonerville Rook: hands, rounds and the match (R17-R19)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardrules_rook.cards import Card

__all__ = ["hand_points", "match_winners", "round_scores"]


def hand_points(cards: Iterable[Card]) -> int:
    """Points of cards left in hand (R17): 1-9 are 5, 10-14 are 10, a Rook 25.

    Examples:
        >>> from cardrules_rook.cards import Card
        >>> hand_points(Card.from_str(c) for c in ("G3", "B10", "Rook"))
        40
    """
    return sum(card.points for card in cards)


def round_scores(hands: Sequence[Iterable[Card]], went_out: int | None) -> tuple[int, ...]:
    """Each seat's round score (R17): 0 for the player who went out, else hand points.

    Args:
        hands: the cards left in each seat's hand, in seat order.
        went_out: the seat that went out, or ``None`` when the draw pile ran
            out (R16): then everyone scores their hand.
    """
    return tuple(0 if seat == went_out else hand_points(hand) for seat, hand in enumerate(hands))


def match_winners(round_scores: Sequence[Sequence[int]], *, tie: str = "shared") -> tuple[int, ...]:
    """The winners of a match (R18, R19): lowest total.

    Args:
        round_scores: per round, one score per seat.
        tie: ``"shared"`` (default): everyone tied for lowest wins;
            ``"last-round"``: among them, the lowest last-round score wins,
            and a remaining tie is shared.

    Raises:
        ValueError: no round was played.

    Examples:
        >>> match_winners([(5, 0, 10), (10, 15, 6)])
        (0, 1)
        >>> match_winners([(5, 0, 10), (10, 15, 6)], tie="last-round")
        (0,)
    """
    if not round_scores:
        raise ValueError("no round was played")
    totals = [sum(column) for column in zip(*round_scores, strict=True)]
    best = min(totals)
    tied = [s for s, total in enumerate(totals) if total == best]
    if tie == "last-round" and len(tied) > 1:
        last = round_scores[-1]
        lowest = min(last[s] for s in tied)
        tied = [s for s in tied if last[s] == lowest]
    return tuple(tied)
