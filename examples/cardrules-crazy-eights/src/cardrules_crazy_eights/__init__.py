"""Crazy Eights as a cardrules game plugin, written against the public API only.

The rules, with their ids (``cardrules rules crazy-eights`` prints them):

* **C1** A standard 52-card deck. Two players get 7 cards each, more players 5.
  The rest is the stock, face down; its top card starts the discard pile (an
  eight turned there goes to the bottom of the stock, and the next is turned).
  The dealer moves one seat on each hand; the seat after the dealer starts.
* **C2** On your turn play one card onto the discard pile that matches its top
  card in suit or in rank. After an eight, match the suit its player named.
* **C3** Eights are wild: an eight may be played on anything, and its player
  names the suit the next player must follow.
* **C4** Instead of playing you may draw the top card of the stock, as often
  as you like, even when you could play.
* **C5** When the stock is empty and you cannot play, you pass.
* **C6** The hand ends when a player has played their last card: that player
  wins the hand and scores the cards left in the other hands: eights 50, kings,
  queens and jacks 10, aces 1, other cards their pips.
* **C7** When every player passes in turn, the hand is blocked: the player with
  the lowest count in hand wins it (on a tie, the first of them after the
  player who passed last) and scores the difference between each other hand's
  count and their own.
* **C8** The match ends after the hand in which a total reaches the target (an
  option, ``target``, default 100; at most 50 hands); the highest total wins,
  and a tie is a shared win.

The game keeps its cards in a `cardrules.model.Table` of declared zones, so the
core derives its observations, hidden-card shuffling, determinization, action
ids and tensors; it writes only its deal, its legal moves, what a move does
and its scores.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardrules import GameSpec, IllegalMoveError, MatchRules, Move, OptionsError, hookimpl
from cardrules.errors import InvalidMoveError
from cardrules.model import (
    PlayingCard,
    Rank,
    Suit,
    Table,
    TableSpec,
    Visibility,
    Zone,
    parse_card,
    standard_deck,
)

NAME = "crazy-eights"
RULES = {
    "C1": "a 52-card deck; 7 cards each for two players, 5 for more; the stock's top card "
    "starts the discard pile",
    "C2": "play a card matching the top card's suit or rank (after an eight, its named suit)",
    "C3": "eights are wild: play one on anything and name the suit to follow",
    "C4": "you may draw from the stock instead of playing, as often as you like",
    "C5": "with the stock empty and no card to play, you pass",
    "C6": "a player out of cards wins the hand and scores the other hands' cards",
    "C7": "when every player passes in turn the lowest count wins the difference",
    "C8": "the match ends when a total reaches the target; the highest total wins",
}
EIGHTS = [PlayingCard(suit, Rank.EIGHT) for suit in Suit]
OTHERS = [PlayingCard(suit, rank) for suit in Suit for rank in Rank if rank is not Rank.EIGHT]
ZONES = [
    Zone("stock", visibility=Visibility.NOBODY),
    Zone("discard", visibility=Visibility.EVERYONE),
    Zone("hand", owned=True, ordered=False, visibility=Visibility.OWNER),
]


@attrs.frozen
class Options:
    """The game's options.

    Attributes:
        target: C8. The total that ends the match (default 100).
    """

    target: int = 100


@attrs.frozen
class Play(Move):
    """Play a card that is not an eight (C2)."""

    rule = "C2"
    card: PlayingCard = attrs.field(metadata={"domain": OTHERS})

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Eight(Move):
    """Play an eight and name a suit (C3)."""

    rule = "C3"
    card: PlayingCard = attrs.field(metadata={"domain": EIGHTS})
    suit: Suit = Suit.CLUBS

    def __str__(self) -> str:
        return f"play {self.card} {self.suit.name.lower()}"


@attrs.frozen
class Draw(Move):
    """Draw the top card of the stock (C4)."""

    rule = "C4"

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass(Move):
    """Pass: the stock is empty and no card can be played (C5)."""

    rule = "C5"

    def __str__(self) -> str:
        return "pass"


@attrs.define
class Hand:
    """One hand in play. Every field but ``table`` is public."""

    table: Table[PlayingCard]
    current_player: int | None
    suit: Suit | None = None  # the suit named by the eight on top (C3)
    passes: int = 0  # passes in a row (C7)
    winner: int | None = None

    @property
    def is_round_over(self) -> bool:
        return self.current_player is None

    def clone(self) -> Hand:
        return attrs.evolve(self, table=self.table.clone())


def points(card: PlayingCard) -> int:
    """A card's count (C6): eights 50, court cards 10, aces 1, others their pips."""
    rank = int(card.rank or 0)
    return 50 if rank == 8 else 10 if rank > 10 else rank


def count(hand: Hand, seat: int) -> int:
    return sum(points(card) for card in hand.table.cards(("hand", seat)))


def fits(card: PlayingCard, top: PlayingCard, suit: Suit | None) -> bool:
    """Whether ``card`` may be played on ``top`` (``suit``: the one its eight named; C2, C3)."""
    if card.rank is Rank.EIGHT:
        return True
    if suit is not None:
        return card.suit is suit
    return card.suit is top.suit or card.rank is top.rank


def playable(hand: Hand, card: PlayingCard) -> bool:
    """Whether ``card`` may be played on the discard pile now (C2, C3)."""
    return fits(card, hand.table.cards("discard")[-1], hand.suit)


def passed_on(observation: Any) -> list[tuple[int, PlayingCard, Suit | None]]:
    """``(seat, top card, named suit)`` of each pass of the hand so far (C5).

    A seat passes only with the stock empty and nothing to play, and gains no
    card after: it holds none that fitted then.
    """
    top, suit = observation.table.place("discard").cards[0], None
    found = []
    for seat, move in observation.history:
        if isinstance(move, Play | Eight):
            top, suit = move.card, move.suit if isinstance(move, Eight) else None
        elif isinstance(move, Pass):
            found.append((seat, top, suit))
    return found


def parse(text: str) -> Move:
    words = text.split()
    if words in (["draw"], ["pass"]):
        return Draw() if words == ["draw"] else Pass()
    try:
        if len(words) == 2 and words[0] == "play" and not words[1].startswith("8"):
            return Play(parse_card(words[1]))
        if len(words) == 3 and words[0] == "play" and words[1].startswith("8"):
            return Eight(parse_card(words[1]), Suit[words[2].upper()])
    except (KeyError, ValueError):
        pass
    raise InvalidMoveError(f"not a move of Crazy Eights: {text[:40]!r} (e.g. play QH, draw)")


class CrazyEights:
    """The game's hook implementations."""

    @hookimpl
    def cardrules_register_games(self, register: Callable[[GameSpec], None]) -> None:
        register(
            GameSpec(
                NAME,
                "Crazy Eights",
                2,
                5,
                Options,
                plugin=self,
                rules=RULES,
                summary="Shedding with wild eights: first to the target wins.",
                move_types=(Play, Eight, Draw, Pass),
                move_rule="C2",
            )
        )

    @hookimpl
    def cardrules_validate(self, game: Any) -> None:
        if not isinstance(game.options.target, int) or game.options.target < 1:
            raise OptionsError(f"target must be a whole number >= 1 (C8): {game.options.target!r}")

    @hookimpl
    def cardrules_deck(self, game: Any) -> Any:
        return standard_deck()

    @hookimpl
    def cardrules_match_rules(self, game: Any) -> MatchRules:
        return MatchRules(higher_wins=True, target=game.options.target, max_rounds=50)

    @hookimpl
    def cardrules_score_bounds(self, game: Any) -> tuple[int, int]:
        return 0, sum(points(card) for card, _ in game.deck.counts)

    @hookimpl
    def cardrules_new_round(self, game: Any, round: int, deck: Any, chance: Any) -> Hand:
        cards = deck.cards()
        chance.shuffle(cards)
        size = 7 if game.players == 2 else 5
        stock = cards[game.players * size :]
        while stock[-1].rank is Rank.EIGHT:  # C1: an eight turned goes to the bottom
            stock.insert(0, stock.pop())
        contents: dict[Any, list[PlayingCard]] = {"stock": stock[:-1], "discard": stock[-1:]}
        for s in range(game.players):
            contents["hand", s] = cards[s * size : (s + 1) * size]
        return Hand(Table(TableSpec(ZONES, game.players), contents), (round + 1) % game.players)

    @hookimpl
    def cardrules_legal_moves(self, game: Any, state: Hand) -> list[Move]:
        seat = state.current_player
        if seat is None:
            return []
        moves: list[Move] = []
        for card in sorted(set(state.table.cards(("hand", seat)))):
            if card.rank is Rank.EIGHT:
                moves += [Eight(card, suit) for suit in Suit]
            elif playable(state, card):
                moves.append(Play(card))
        if state.table.size("stock"):
            moves.append(Draw())
        elif not moves:
            moves.append(Pass())
        return moves

    @hookimpl
    def cardrules_apply_move(self, game: Any, state: Hand, move: Move, chance: Any) -> Hand:
        seat = state.current_player
        assert seat is not None
        if isinstance(move, Draw):
            state.table.move_top("stock", ("hand", seat))
            state.passes = 0
            return state
        if isinstance(move, Pass):
            state.passes += 1
            if state.passes == game.players:  # C7: blocked; the lowest count wins
                order = [(seat + 1 + k) % game.players for k in range(game.players)]
                state.winner = min(order, key=lambda s: count(state, s))
                state.current_player = None
            else:
                state.current_player = (seat + 1) % game.players
            return state
        assert isinstance(move, Play | Eight)
        state.table.move(move.card, ("hand", seat), "discard")
        state.suit = move.suit if isinstance(move, Eight) else None
        state.passes = 0
        if state.table.size(("hand", seat)) == 0:  # C6
            state.winner, state.current_player = seat, None
        else:
            state.current_player = (seat + 1) % game.players
        return state

    @hookimpl
    def cardrules_explain_illegal(self, game: Any, state: Hand, move: Move) -> Any:
        """A card the seat does not hold (C2); otherwise the move's own rule (the default)."""
        card, seat = getattr(move, "card", None), state.current_player
        if seat is not None and card is not None and card not in state.table.cards(("hand", seat)):
            return IllegalMoveError("C2", f"{move}: seat {seat} holds no {card}")
        return None

    @hookimpl
    def cardrules_parse_move(self, game: Any, text: str) -> Move:
        return parse(text)

    @hookimpl
    def cardrules_inferences(self, game: Any, observation: Any) -> Callable[..., bool]:
        """What passes reveal (C5): the passing seat holds no card that fitted then."""
        passes = passed_on(observation)

        def allowed(zone: str, owner: int | None, card: PlayingCard) -> bool:
            return not any(s == owner and fits(card, t, n) for s, t, n in passes)

        return allowed

    @hookimpl
    def cardrules_estimate_scores(self, game: Any, state: Hand) -> tuple[int, ...]:
        """For search bots, a hand in play: each seat's lead in count over each other (C7)."""
        counts = [count(state, s) for s in range(game.players)]
        return tuple(sum(counts) - game.players * own for own in counts)

    @hookimpl
    def cardrules_score_round(self, game: Any, state: Hand) -> tuple[int, ...]:
        winner = state.winner
        scores = [0] * game.players
        if winner is not None:
            own = count(state, winner)
            scores[winner] = sum(count(state, s) - own for s in range(game.players) if s != winner)
        return tuple(scores)


#: The object the ``cardrules`` entry point registers.
PLUGIN = CrazyEights()
