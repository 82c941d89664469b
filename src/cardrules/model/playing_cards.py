"""The standard playing card: four suits of ace to king, and jokers.

A game may use `PlayingCard` and the deck builders here, or bring its own card
type: nothing else in the core assumes this one. Notation is rank then suit
(``"QH"``, ``"10D"`` or ``"TD"``, ``"AS"``); a joker is ``"JK"``, ``"JKR"`` /
``"JKB"`` for a red / black one, with a number to tell jokers apart
(``"JK2"``, ``"JKR1"``).

Examples:
    >>> card = parse_card("10d")
    >>> card, str(card), card.value(), card.suit.colour.name
    (PlayingCard('10D'), '10D', 10, 'RED')
    >>> parse_card("AS").value(ace_high=True)
    14
    >>> standard_deck().size, standard_deck(jokers=2).size, standard_deck(decks=2).size
    (52, 54, 104)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence

import attrs

from cardrules.errors import InvalidCardError, quote
from cardrules.model.decks import DeckComposition

__all__ = [
    "Colour",
    "PlayingCard",
    "Rank",
    "Suit",
    "custom_deck",
    "joker",
    "parse_card",
    "parse_cards",
    "pinochle_deck",
    "piquet_deck",
    "standard_deck",
]


class Colour(enum.Enum):
    """The colour of a suit, or of a coloured joker."""

    RED = "R"
    BLACK = "B"


class Suit(enum.IntEnum):
    """The four suits, in bridge order (clubs lowest); ``letter`` is their notation."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """``"♣"``, ``"♦"``, ``"♥"`` or ``"♠"``."""
        return "♣♦♥♠"[self]

    @property
    def colour(self) -> Colour:
        """Diamonds and hearts are red, clubs and spades black."""
        return Colour.RED if self in (Suit.DIAMONDS, Suit.HEARTS) else Colour.BLACK


class Rank(enum.IntEnum):
    """Ace (1) to king (13); whether the ace ranks high is the game's choice."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """``"A"``, ``"2"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``."""
        return _RANK_TEXT[self]


_RANK_TEXT = {rank: str(int(rank)) for rank in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANK_OF_TEXT = {text: rank for rank, text in _RANK_TEXT.items()} | {"T": Rank.TEN}
_SUIT_OF_TEXT = {suit.letter: suit for suit in Suit} | {suit.symbol: suit for suit in Suit}
_JOKER = re.compile(r"JK([RB]?)(\d*)")


@attrs.frozen(repr=False, cache_hash=True)
class PlayingCard:
    """One playing card (hashable, ordered by suit, then rank; jokers last).

    Attributes:
        suit: the suit, ``None`` for a joker.
        rank: the rank, ``None`` for a joker.
        joker_colour: a coloured joker's colour; ``None`` for a plain joker and
            for every other card.
        joker_number: tells jokers apart, for a game whose jokers differ
            (``0``: the identical jokers of most games; always 0 for other cards).

    Build a card with ``PlayingCard(Suit.HEARTS, Rank.QUEEN)``, `joker` or
    `parse_card`. Raises ``ValueError`` for a card that is half a joker.
    """

    suit: Suit | None
    rank: Rank | None
    joker_colour: Colour | None = None
    joker_number: int = 0
    #: The sort key, worked out once: cards sort often (every view of a hand).
    order: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        jokerish = self.joker_colour is not None or self.joker_number != 0
        if (self.suit is None) != (self.rank is None) or (self.suit is not None and jokerish):
            raise ValueError(f"not a card: {self.suit}, {self.rank}, {self.joker_colour}")
        if self.joker_number < 0:
            raise ValueError(f"joker number must be >= 0, got {self.joker_number}")
        if self.suit is None:
            colour = 0 if self.joker_colour is None else 1 + (self.joker_colour is Colour.BLACK)
            order = (len(Suit) * 16 + colour) * 1024 + self.joker_number
        else:
            order = (int(self.suit) * 16 + int(self.rank or 0)) * 1024
        object.__setattr__(self, "order", order)

    def __lt__(self, other: PlayingCard) -> bool:
        if other.__class__ is not PlayingCard:
            return NotImplemented
        return self.order < other.order

    def __le__(self, other: PlayingCard) -> bool:
        if other.__class__ is not PlayingCard:
            return NotImplemented
        return self.order <= other.order

    def __gt__(self, other: PlayingCard) -> bool:
        if other.__class__ is not PlayingCard:
            return NotImplemented
        return self.order > other.order

    def __ge__(self, other: PlayingCard) -> bool:
        if other.__class__ is not PlayingCard:
            return NotImplemented
        return self.order >= other.order

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.suit is None

    @property
    def colour(self) -> Colour | None:
        """The suit's colour, a coloured joker's, or ``None`` for a plain joker."""
        return self.joker_colour if self.suit is None else self.suit.colour

    def value(self, *, ace_high: bool = False) -> int:
        """The rank's number: ace 1 (14 with ``ace_high``) .. king 13; 0 for a joker."""
        if self.rank is None:
            return 0
        return 14 if ace_high and self.rank is Rank.ACE else int(self.rank)

    def notation(self, *, ten: str = "10") -> str:
        """The card as text: ``"QH"``, ``"10D"`` (``"TD"`` with ``ten="T"``), ``"JKR2"``."""
        if self.suit is None or self.rank is None:
            colour = "" if self.joker_colour is None else self.joker_colour.value
            return f"JK{colour}{self.joker_number or ''}"
        rank = ten if self.rank is Rank.TEN else self.rank.letter
        return rank + self.suit.letter

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"PlayingCard({self.notation()!r})"


def joker(colour: Colour | None = None, number: int = 0) -> PlayingCard:
    """A joker: plain (``colour=None``) or red / black, ``number`` telling jokers apart."""
    return PlayingCard(None, None, colour, number)


def parse_card(text: str) -> PlayingCard:
    """Read one card: ``"QH"``, ``"10D"``, ``"TD"``, ``"as"``, ``"Q♥"``, ``"JK"``, ``"JKB2"``.

    Letters may be lower case; spaces around are ignored.

    Raises:
        InvalidCardError: the text is not a card (a ``ValueError``).
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"a card is text, got {quote(text)}")
    word = text.strip().upper()
    found = _JOKER.fullmatch(word)
    if found:
        colour = Colour(found[1]) if found[1] else None
        return joker(colour, int(found[2]) if found[2] else 0)
    rank = _RANK_OF_TEXT.get(word[:-1])
    suit = _SUIT_OF_TEXT.get(word[-1:])
    if rank is None or suit is None:
        raise InvalidCardError(
            f"not a card: {quote(text)} (rank A, 2-10, T, J, Q, K then suit C, D, H, S; or JK)"
        )
    return PlayingCard(suit, rank)


def parse_cards(text: str) -> list[PlayingCard]:
    """Read cards separated by spaces or commas: ``"QH 10D, AS"``.

    Raises:
        InvalidCardError: one of them is not a card.
    """
    return [parse_card(word) for word in re.split(r"[\s,]+", text.strip()) if word]


def custom_deck(
    ranks: Iterable[Rank] = tuple(Rank),
    suits: Iterable[Suit] = tuple(Suit),
    *,
    copies: int = 1,
    jokers: int | Sequence[PlayingCard] = 0,
) -> DeckComposition[PlayingCard]:
    """A deck of the given ranks in the given suits, each card ``copies`` times, plus jokers.

    Args:
        ranks: the ranks used, in the order the unshuffled deck lists them.
        suits: the suits used, likewise (cards listed suit by suit).
        copies: copies of each card (2 for pinochle).
        jokers: how many identical plain jokers, or the jokers themselves
            (e.g. ``[joker(Colour.RED), joker(Colour.BLACK)]``; repeats are copies).

    Raises:
        ValueError: ``copies`` < 1, a negative joker count, or a non-joker among ``jokers``.
    """
    if copies < 1:
        raise ValueError(f"copies must be >= 1, got {copies}")
    counts = {PlayingCard(suit, rank): copies for suit in suits for rank in ranks}
    if isinstance(jokers, int):
        if jokers < 0:
            raise ValueError(f"jokers must be >= 0, got {jokers}")
        jokers = [joker()] * jokers
    for extra in jokers:
        if not extra.is_joker:
            raise ValueError(f"{extra} is not a joker")
        counts[extra] = counts.get(extra, 0) + 1
    return DeckComposition.from_mapping(counts)


def standard_deck(
    jokers: int | Sequence[PlayingCard] = 0, decks: int = 1
) -> DeckComposition[PlayingCard]:
    """The 52-card deck, plus ``jokers`` (per deck), ``decks`` of them shuffled together.

    Examples:
        >>> standard_deck(jokers=[joker(Colour.RED), joker(Colour.BLACK)]).count(joker(Colour.RED))
        1
        >>> standard_deck(jokers=2, decks=2).count(joker())
        4

    Raises:
        ValueError: ``decks`` < 1, or bad ``jokers`` (`custom_deck`).
    """
    if decks < 1:
        raise ValueError(f"decks must be >= 1, got {decks}")
    return custom_deck(jokers=jokers).times(decks)


#: Ranks of the 32-card piquet deck, seven to king then ace.
PIQUET_RANKS = (*tuple(Rank)[6:], Rank.ACE)


def piquet_deck() -> DeckComposition[PlayingCard]:
    """The 32-card piquet deck: seven to ace in four suits."""
    return custom_deck(PIQUET_RANKS)


def pinochle_deck() -> DeckComposition[PlayingCard]:
    """The 48-card pinochle deck: nine to ace in four suits, every card twice."""
    return custom_deck(PIQUET_RANKS[2:], copies=2)
