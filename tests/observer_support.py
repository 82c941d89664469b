"""Positions for the observation and determinization tests: random play in both games.

The play leans to the moves that make a round last (draw from the draw pile,
decline to buy, discard), so that the draw pile runs out and is rebuilt (G8,
R16) in most matches.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from cardrules import GameState, Move, new_game
from cardrules_gnoming.cards import Card as GnomingCard
from cardrules_gnoming.moves import STOCK, Place
from cardrules_gnoming.moves import Discard as GnomingDiscard
from cardrules_gnoming.moves import Draw as GnomingDraw
from cardrules_rook.cards import ROOK
from cardrules_rook.cards import Card as RookCard
from cardrules_rook.moves import Buy as RookBuy
from cardrules_rook.moves import Discard as RookDiscard
from cardrules_rook.moves import Draw as RookDraw
from cardrules_rook.moves import LayDown, MeldDown
from cardrules_rook.moves import LayOff as RookLayOff
from cardrules_rook.moves import Pass as RookPass
from cardrules_rook.moves import Swap as RookSwap
from cardrules_rook.moves import Take as RookTake
from cardrules_rook.state import RookRound
from tests.rook import builders as rb

ROOK_GAME = "toonerville-rook"
GNOMING_GAME = "gnoming-a-round"

#: A match set up as ``(game, players, options, variants)``.
Setup = tuple[str, int, dict[str, Any], tuple[str, ...]]

#: Setups covering both games, several player counts and bundled variants.
SETUPS: list[Setup] = [
    (ROOK_GAME, 3, {"rounds": 1}, ()),
    (ROOK_GAME, 5, {"rounds": 1}, ("unlimited-rebuilds",)),
    (ROOK_GAME, 4, {"rounds": 2, "swapped_rook_by_turn_end": True}, ("three-buys",)),
    (GNOMING_GAME, 3, {"rounds": 1}, ()),
    (GNOMING_GAME, 7, {"rounds": 1, "draw_pile_rebuilds": None}, ("keep-taken-discard",)),
    (GNOMING_GAME, 4, {"rounds": 1, "start_pile_hazard": "shuffle-back"}, ("no-bounce",)),
    # Three rounds: later rounds are dealt without the Hazards removed before (G15).
    (GNOMING_GAME, 5, {"rounds": 3, "hazard_drawer_need_not_restart": True}, ()),
]
SETUP_IDS = [f"{g.split('-')[0]}-{n}-{'+'.join(v) or 'default'}" for g, n, _, v in SETUPS]


def _slow(move: Move) -> bool:
    return move == GnomingDraw(STOCK) or isinstance(
        move, GnomingDiscard | RookDraw | RookPass | RookDiscard
    )


def pick(state: GameState, rng: random.Random) -> Move:
    """A random legal move, most often one that makes the round last."""
    moves = state.legal_moves()
    if rng.random() < 0.85:
        slow = [move for move in moves if _slow(move)]
        if slow:
            return rng.choice(slow)
    return moves[rng.randrange(len(moves))]


def shuffled_back_seeds(players: int) -> Iterator[int]:
    """Seeds whose Gnoming deal turns up a Hazard for a discard pile (G5).

    Found with the default ``start_pile_hazard="remove"``, where such a Hazard
    lies out of play: the shuffle is the same, so with ``"shuffle-back"`` it
    went back into the draw pile.
    """
    for seed in range(100_000):
        if new_game(GNOMING_GAME, players=players, seed=seed).round_state.out_of_play:
            yield seed


def match_seed(setup: Setup, index: int) -> int:
    """The ``index``-th seed (from 0) for ``setup``: one that shows what it is for.

    For a setup with shuffled-back Hazards, a seed whose deal shuffles one back.
    """
    _, players, options, _ = setup
    if options.get("start_pile_hazard") == "shuffle-back":
        seeds = shuffled_back_seeds(players)
        for _ in range(index):
            next(seeds)
        return next(seeds)
    return index


def positions(setup: Setup, seed: int, every: int, limit: int = 60) -> Iterator[GameState]:
    """Clones of a match played at random, every ``every`` moves, while it is not over.

    At most ``limit`` clones; the match is dealt with ``match_seed(setup, seed)``.
    """
    name, players, options, variants = setup
    state = new_game(
        name, players=players, seed=match_seed(setup, seed), options=options, variants=variants
    )
    rng = random.Random(seed)
    count = 0
    while not state.is_over and count < every * limit:
        if count % every == 0:
            yield state.clone()
        state.apply(pick(state, rng))
        count += 1


def twin_with(state: GameState, round_state: Any) -> GameState:
    """A copy of the match with its round in play replaced."""
    twin = state.clone()
    twin.set_round_state(round_state)
    return twin


def rook_full_deck_round(
    state: GameState,
    hands: Sequence[str],
    *,
    rest_to: int,
    discards: str,
    table: Sequence[str] = (),
    **options: Any,
) -> RookRound:
    """`tests.rook.builders.put_round` with every card of the deck in play, the draw pile empty.

    The deck's cards not written in ``hands``, ``discards`` or ``table`` go to
    seat ``rest_to``'s hand, so that what the seats cannot see is exactly the
    other hands (and a draw pile rebuilt later). ``options`` go to ``put_round``.
    """
    deck = Counter(state.game.deck.as_dict())
    placed = Counter(rb.cards(" ".join([*hands, discards])))
    placed += Counter(card for meld in table for card in rb.meld(meld).cards())
    assert not placed - deck, "more copies than the deck holds"
    full = list(hands)
    full[rest_to] = " ".join([full[rest_to], *map(str, (deck - placed).elements())])
    return rb.put_round(state, full, stock="", discards=discards, table=table, **options)


class RookWatcher:
    """What every seat of a Rook match knows of hidden cards, worked out from the moves.

    Apply moves through `apply`. Independently of the round's own bookkeeping
    it tracks the cards known to be in each hand (taken R9, bought R10,
    swapped back R14, less those seen leaving), the cards of the last
    draw-pile rebuild (R16), each seat's draws from it (``drawn``: all know
    how many) and the cards each seat played after drawing from it that may
    be cards it drew (``plays``: of a rebuilt kind, not one of its known
    cards; with how many it had drawn by then).
    """

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._reset()

    def _reset(self) -> None:
        players = self.state.players
        self.known: list[Counter[RookCard]] = [Counter() for _ in range(players)]
        self.rebuilt: Counter[RookCard] = Counter()
        self.drawn: list[Counter[RookCard]] = [Counter() for _ in range(players)]
        self.plays: list[list[tuple[int, RookCard]]] = [[] for _ in range(players)]

    def apply(self, move: Move) -> None:
        """Play ``move`` and update what is known."""
        state = self.state
        rs = state.round_state
        seat = state.current_player
        assert seat is not None
        discards = list(rs.discards)
        stock_before = len(rs.stock)
        hands = [Counter(rs.hand(s)) for s in range(state.players)]
        rebuilds, round_before = rs.rebuilds, state.round
        played = self._played(move)
        drawn_by_then = self.drawn[seat].total()
        if rs.rebuilds and drawn_by_then and played:
            left = Counter(self.known[seat])
            for card in played:
                if left[card]:
                    left[card] -= 1  # taken to be the known card (R2)
                elif self.rebuilt[card]:
                    self.plays[seat].append((drawn_by_then, card))
        state.apply(move)
        if state.round != round_before or state.is_over:
            self._reset()
            return
        rs = state.round_state
        mine = self.known[seat]
        if isinstance(move, RookTake | RookBuy):
            mine[discards[-1]] += 1
        elif isinstance(move, RookSwap):
            mine.subtract([move.card])
            mine[ROOK] += 1
        elif isinstance(move, RookDiscard | RookLayOff):
            mine.subtract([move.card])
        elif isinstance(move, MeldDown | LayDown):
            melds = (move.meld,) if isinstance(move, MeldDown) else move.melds
            mine.subtract([card for meld in melds for card in meld.cards()])
        self.known[seat] = +mine  # counts never below 0
        if rs.rebuilds != rebuilds:
            self.rebuilt = Counter(discards) - Counter(rs.discards)
            if isinstance(move, RookBuy):
                self.rebuilt -= Counter([discards[-1]])
            self.drawn = [Counter() for _ in range(state.players)]
            self.plays = [[] for _ in range(state.players)]
        if rs.rebuilds and not isinstance(move, RookSwap):
            for s in range(state.players):
                gained = Counter(rs.hand(s)) - hands[s]
                if s == seat and isinstance(move, RookTake | RookBuy):
                    gained -= Counter([discards[-1]])
                if rs.rebuilds != rebuilds and s == seat and stock_before:
                    continue  # a penalty card drawn before the rebuild, from the old pile
                self.drawn[s] += gained

    @staticmethod
    def _played(move: Move) -> list[RookCard]:
        """The cards ``move`` plays from a hand in the open, in order."""
        if isinstance(move, RookDiscard | RookLayOff | RookSwap):
            return [move.card]
        if isinstance(move, MeldDown | LayDown):
            melds = (move.meld,) if isinstance(move, MeldDown) else move.melds
            return [card for meld in melds for card in meld.cards()]
        return []

    def draw_counts(self) -> tuple[int, ...]:
        """Per seat, how many cards it drew from the rebuilt draw pile since the rebuild."""
        return tuple(drawn.total() for drawn in self.drawn)

    def known_cards(self) -> tuple[tuple[RookCard, ...], ...]:
        """Per seat, the cards known to be in its hand, in code order."""
        return tuple(tuple(sorted(c.elements(), key=lambda c: c.code)) for c in self.known)

    def hidden_pool(self, seat: int) -> Counter[RookCard]:
        """The cards ``seat`` has not seen: the deck less its hand, the table, the
        discard pile and the cards known to be in other hands."""
        rs = self.state.round_state
        pool = Counter(self.state.game.deck.as_dict())
        pool -= Counter(rs.hand(seat))
        pool -= Counter(rs.discards)
        pool -= Counter(card for meld in rs.table for card in meld.cards())
        for s in range(self.state.players):
            if s != seat:
                pool -= self.known[s]
        return pool

    def draw_pile_limit(self, seat: int) -> Counter[RookCard] | None:
        """What the draw pile may hold for ``seat`` after a rebuild, else ``None``."""
        if not self.state.round_state.rebuilds:
            return None
        return self.rebuilt - self.drawn[seat]


class GnomingWatcher:
    """After a Gnoming rebuild (G8): the draw pile's cards, worked out from the moves.

    ``pile`` holds the rebuilt cards not yet shown since (a card drawn from the
    draw pile is shown when placed or discarded); ``None`` before a rebuild.
    """

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.pile: Counter[GnomingCard] | None = None

    def apply(self, move: Move) -> None:
        """Play ``move`` and update the draw pile's known cards."""
        state = self.state
        rs = state.round_state
        discards = [*rs.discards[0], *rs.discards[1]]
        held, drawn_from, rebuilds = rs.held, rs.drawn_from, rs.rebuilds
        round_before = state.round
        state.apply(move)
        if state.round != round_before or state.is_over:
            self.pile = None
            return
        rs = state.round_state
        if drawn_from == STOCK and isinstance(move, Place | GnomingDiscard) and self.pile:
            self.pile -= Counter([held])
        if rs.rebuilds != rebuilds:
            if isinstance(move, GnomingDiscard) and held is not None and not held.is_hazard:
                discards.append(held)
            self.pile = Counter(discards) - Counter([*rs.discards[0], *rs.discards[1]])

    def draw_pile_cards(self, seat: int) -> Counter[GnomingCard] | None:
        """The draw pile's cards with a held card hidden from ``seat``, or ``None``."""
        if self.pile is None:
            return None
        rs = self.state.round_state
        if rs.held is not None and rs.drawn_from == STOCK and seat == rs.turn_seat:
            return self.pile - Counter([rs.held])
        return Counter(self.pile)


def watched(setup: Setup, seed: int, moves: int = 5000) -> Iterator[RookWatcher | GnomingWatcher]:
    """A match of ``setup`` played at random (see `positions`), with its watcher.

    Yields the watcher before each move (so at every position, the first
    included); the match advances when the caller asks for the next one.
    """
    name, players, options, variants = setup
    state = new_game(
        name, players=players, seed=match_seed(setup, seed), options=options, variants=variants
    )
    watcher = RookWatcher(state) if name == ROOK_GAME else GnomingWatcher(state)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            return
        yield watcher
        watcher.apply(pick(state, rng))
