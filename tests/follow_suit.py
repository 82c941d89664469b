"""A small zoned trick-taking game for the game checker's tests, with faults to plant.

*Follow suit*: sixteen cards, four suits of ranks 1 to 4; three seats get four
each, four lie face down in a kitty nobody sees. The leader plays any card;
the others must follow the suit led when they can. The highest card of the
suit led takes the trick; the seat that takes the most tricks scores the most
(one point a trick), over two rounds, the highest total winning. A seat that
does not follow suit is seen void in it: the round records it (public field
``voids``) and the game's inferences (``cardrules_inferences``) keep the unseen
cards of that suit out of its hand.

Options plant the faults `cardrules.testing.check_game` must catch:
``infer_voids=False`` (the inferences ignore the known voids),
``record_voids=False`` (the game never records a void), and
``estimate_sign=-1`` (the estimate points the wrong way), ``unsound=True``
(the inferences rule out what may well be: no spade in the kitty). The variant
``peeks`` lets every observation show the kitty's top card, ``tells`` names
it in the narration of every move, and
`DUCKING_CATALOGUE` offers a bot of the game's own that plays to lose.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardrules import (
    Catalogue,
    DeckComposition,
    GameSpec,
    MatchRules,
    Move,
    VariantSpec,
    hookimpl,
)
from cardrules.errors import InvalidMoveError
from cardrules.information import zoned
from cardrules.model import Table, TableSpec, Visibility, Zone

NAME = "follow-suit"
PLAYERS = 3
ZONES = [
    Zone("kitty", visibility=Visibility.NOBODY),
    Zone("hand", owned=True, ordered=False, visibility=Visibility.OWNER),
    Zone("trick", visibility=Visibility.EVERYONE),
    Zone("won", ordered=False, visibility=Visibility.EVERYONE),
]
RULES = {
    "F1": "four cards each, four in the kitty; the most tricks wins",
    "F2": "follow the suit led when you can; the highest card of it takes the trick",
}


@attrs.frozen(order=True)
class Card:
    suit: int
    rank: int

    def __str__(self) -> str:
        return f"{self.rank}{'SHDC'[self.suit]}"


CARDS = [Card(suit, rank) for suit in range(4) for rank in range(1, 5)]


@attrs.frozen
class Options:
    infer_voids: bool = True
    record_voids: bool = True
    estimate_sign: int = 1
    unsound: bool = False


@attrs.frozen
class Play(Move):
    rule = "F2"
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.define
class Deal:
    table: Table[Card]
    current_player: int | None
    leader: int = 0
    voids: tuple[tuple[int, int], ...] = ()
    taken: tuple[int, ...] = (0, 0, 0)

    @property
    def is_round_over(self) -> bool:
        return self.current_player is None

    def clone(self) -> Deal:
        return attrs.evolve(self, table=self.table.clone())


def led_suit(state: Deal) -> int | None:
    trick = state.table.cards("trick")
    return trick[0].suit if trick else None


class Ducker:
    """A bot that always plays its lowest card: it takes as few tricks as it can."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, observation: Any) -> Move:
        return min(observation.legal_moves, key=lambda move: move.card.rank)  # type: ignore[no-any-return]


class FollowSuit:
    """The game; ``bots`` are the bots it offers (``GameSpec.bots``)."""

    def __init__(self, bots: tuple[tuple[str, Any], ...] = ()) -> None:
        self.bots = bots

    @hookimpl
    def cardrules_register_games(self, register: Callable[[GameSpec], None]) -> None:
        register(
            GameSpec(
                NAME,
                "Follow suit",
                PLAYERS,
                PLAYERS,
                Options,
                plugin=self,
                rules=RULES,
                move_types=(Play,),
                move_rule="F2",
                bots=dict(self.bots),
            )
        )

    @hookimpl
    def cardrules_deck(self, game: Any) -> DeckComposition[Card]:
        return DeckComposition.from_mapping(dict.fromkeys(CARDS, 1))

    @hookimpl
    def cardrules_match_rules(self, game: Any) -> MatchRules:
        return MatchRules(higher_wins=True, rounds=2)

    @hookimpl
    def cardrules_new_round(self, game: Any, round: int, deck: Any, chance: Any) -> Deal:
        cards = deck.cards()
        chance.shuffle(cards)
        contents: dict[Any, list[Card]] = {"kitty": cards[12:]}
        for seat in range(PLAYERS):
            contents["hand", seat] = cards[seat * 4 : seat * 4 + 4]
        return Deal(Table(TableSpec(ZONES, PLAYERS), contents), round % PLAYERS, round % PLAYERS)

    @hookimpl
    def cardrules_legal_moves(self, game: Any, state: Deal) -> list[Move]:
        seat = state.current_player
        if seat is None:
            return []
        hand = sorted(state.table.cards(("hand", seat)))
        suit = led_suit(state)
        following = [card for card in hand if card.suit == suit]
        return [Play(card) for card in following or hand]

    @hookimpl
    def cardrules_apply_move(self, game: Any, state: Deal, move: Play, chance: Any) -> Deal:
        seat = state.current_player
        assert seat is not None
        suit = led_suit(state)
        if suit is not None and move.card.suit != suit and game.options.record_voids:
            state.voids = (*state.voids, (seat, suit))
        state.table.move(move.card, ("hand", seat), "trick")
        trick = state.table.cards("trick")
        if len(trick) < PLAYERS:
            state.current_player = (seat + 1) % PLAYERS
            return state
        best = max((c for c in trick if c.suit == trick[0].suit), key=lambda c: c.rank)
        taker = (state.leader + trick.index(best)) % PLAYERS
        for card in trick:
            state.table.move(card, "trick", "won")
        state.taken = tuple(n + (s == taker) for s, n in enumerate(state.taken))
        state.leader = taker
        state.current_player = taker if state.table.size(("hand", taker)) else None
        return state

    @hookimpl
    def cardrules_parse_move(self, game: Any, text: str) -> Move:
        for card in CARDS:
            if text == f"play {card}":
                return Play(card)
        raise InvalidMoveError(f"not a move of follow-suit: {text[:40]!r}")

    @hookimpl
    def cardrules_score_round(self, game: Any, state: Deal) -> tuple[int, ...]:
        return state.taken

    @hookimpl
    def cardrules_estimate_scores(self, game: Any, state: Deal) -> tuple[float, ...]:
        sign: int = game.options.estimate_sign
        return tuple(sign * n for n in state.taken)

    @hookimpl
    def cardrules_inferences(self, game: Any, observation: Any) -> Any:
        voids = set(observation["voids"]) if game.options.infer_voids else set()

        def allowed(zone: str, owner: int | None, card: Card) -> bool:
            if game.options.unsound and zone == "kitty":
                return card.suit != 0  # a guess, not an inference: no spade in the kitty
            return zone != "hand" or (owner, card.suit) not in voids

        return allowed


class _Peeks:
    """A leaky variant: every observation shows the kitty's top card."""

    @hookimpl
    def cardrules_observation(
        self,
        game: Any,
        state: Deal,
        seat: int,
        round_scores: Any,
        legal_moves: tuple[Move, ...],
        history: Any,
    ) -> Any:
        observation = zoned.observe(game, state, seat, round_scores, legal_moves, history)
        peek = ("peek", state.table.cards("kitty")[-1])
        return attrs.evolve(observation, public=(*observation.public, peek))


class _Tells:
    """A leaky variant: the narration of every move names the kitty's top card."""

    @hookimpl
    def cardrules_narrate(self, game: Any, before: Deal, seat: int, move: Play) -> list[str]:
        return [
            f"seat {seat} plays {move.card} (the kitty's top: {before.table.cards('kitty')[-1]})"
        ]


class _Variants:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(VariantSpec("peeks", NAME, plugin=_Peeks()))
        register(VariantSpec("tells", NAME, plugin=_Tells()))


CATALOGUE = Catalogue([(NAME, FollowSuit()), ("follow-suit-variants", _Variants())])
DUCKING_CATALOGUE = Catalogue([(NAME, FollowSuit(bots=(("greedy", Ducker),)))])
