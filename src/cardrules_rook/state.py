"""The state of one Toonerville Rook round (the game plugin's round state).

Hands are multisets: 57 counts per seat indexed by card code (R2: identical
cards are one card). Seats are ``0 .. players-1``; table melds are numbered in
the order they were laid.

The round also keeps the public facts about hidden cards that its
observations report (see `cardrules_rook.observation`): cards known to be in
a hand, the cards the draw pile was rebuilt from, how many of them each seat
drew and which cards it played after drawing them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardrules.model.copies import slot_copier
from cardrules.model.moves import Move
from cardrules.model.phases import Phase
from cardrules.model.piles import Pile
from cardrules.plugins.variant_state import NO_VARIANT_STATE
from cardrules_rook.cards import ROOK_CODE, Card, cards_of_counts
from cardrules_rook.contracts import Contract
from cardrules_rook.melds import Meld
from cardrules_rook.moves import Buy, Discard, LayDown, LayOff, MeldDown, Swap, Take
from cardrules_rook.options import RookOptions
from cardrules_rook.rule_points import RookRules, default_rules

__all__ = ["RookPhase", "RookRound"]

#: A row of 57 counts holding no card: a new round's rows are this one tuple, so that
#: "knows nothing yet" is an identity test on the hot path (`note_public`).
_NO_CARDS: tuple[int, ...] = (0,) * 57
_NONE_DRAWN = _NO_CARDS


class RookPhase(Phase):
    """What the deciding player is asked now."""

    DRAW = "draw"
    """Draw from the draw pile or take the discard (R9)."""
    BUY = "buy"
    """Buy the offered discard or pass (R10): the game's buy window asks
    (`cardrules_rook.buying`)."""
    PLAY = "play"
    """Meld, lay off, swap, then discard (R11-R14)."""
    OVER = "over"
    """The round is over (R12, R16)."""


class RookRound:
    """Everything about one round in play.

    Attributes:
        options: the game's `RookOptions`.
        rules: the game's rule points (`cardrules_rook.rule_points.RookRules`):
            the hooks of `cardrules_rook.hookspecs` bound to the game, shared
            by clones; `default_rules` of ``options`` when none is given.
        players: number of seats.
        round: index of the round, from 0 (round 1 of R4 is 0).
        contract: the round's `Contract` (R4).
        whole_hand: the round's lay-down must use every card (round 11, R12
            interpretation; option ``last_round_whole_hand``).
        no_out_by_discard: no one may go out by discarding (round 11, R12).
        dealer: the dealing seat (R6).
        hands: per seat, 57 card counts by code.
        stock: the draw pile; the last card is the top (R5).
        discards: the discard pile, bottom first (R5, R12).
        table: the melds on the table, in the order laid.
        owners: the seat that laid each table meld.
        down: per seat, whether it has laid down its contract (R11).
        buys: per seat, buys made this round (R10).
        phase: the `RookPhase`.
        turn_seat: the seat whose turn it is.
        current_player: the seat that must decide now (``None`` once over).
        lay_down_left: ``(sets, runs)`` still to lay in a lay-down begun this
            turn, or ``None``.
        went_down_this_turn: the turn player laid down this turn (R11).
        owed_rooks: Rooks taken by a swap this turn and not yet played (R14).
        owed_before_down: the swap came before laying down, so the owed Rooks
            must be played in the contract lay-down itself (R14).
        rebuilds: draw-pile rebuilds this round (R16).
        went_out: the seat that went out (R12), if any.
        ended_by: ``"out"``, ``"stock"`` or ``None`` while playing.
        known: per seat, 57 counts by code: cards every player knows to be in
            that hand, a lower bound on it. A card taken from the discard pile
            (R9), bought (R10; not the penalty card) or taken back by a swap
            (R14) counts until a card of its kind leaves that hand in the open
            (meld, lay-down, lay-off, swap, discard). Tuples, replaced on change.
        rebuilt: 57 counts by code: the cards the draw pile was last rebuilt
            from (R16; the discard pile but its top, so public); all 0 before
            any rebuild.
        rebuilt_draws: per seat, 57 counts by code: the cards that seat drew
            from the rebuilt draw pile since that rebuild (draws and penalty
            cards; only that seat saw them, all see how many).
        rebuilt_plays: per seat, the cards it played in the open (meld,
            lay-down, lay-off, swap, discard) since the last rebuild after
            drawing from the rebuilt pile, that may be cards it drew: of a kind
            the pile was rebuilt from, and not accounted for by its `known`
            cards (a card of a kind with a known count above 0 is taken to be
            that known card). Each is ``(cards drawn from the rebuilt pile by
            then, code)``, in the order played; public, all ``()`` before a
            rebuild.
        variant_states: ``{variant name: frozen value}`` kept by the chosen
            variants (`cardrules.plugins.variant_state`; set by the engine, read with
            ``variant_state(state, name)``); replaced, never changed in place.
    """

    __slots__ = (
        "buys",
        "contract",
        "current_player",
        "dealer",
        "discards",
        "down",
        "ended_by",
        "hands",
        "known",
        "lay_down_left",
        "no_out_by_discard",
        "options",
        "owed_before_down",
        "owed_rooks",
        "owners",
        "phase",
        "players",
        "rebuilds",
        "rebuilt",
        "rebuilt_draws",
        "rebuilt_plays",
        "round",
        "rules",
        "stock",
        "table",
        "turn_seat",
        "variant_states",
        "went_down_this_turn",
        "went_out",
        "whole_hand",
    )

    def __init__(
        self,
        options: RookOptions,
        players: int,
        round: int,
        contract: Contract,
        dealer: int,
        hands: list[list[int]],
        stock: Pile[Card],
        discards: Pile[Card],
        rules: RookRules | None = None,
    ) -> None:
        self.options = options
        self.rules = default_rules(options) if rules is None else rules
        self.players = players
        self.round = round
        self.contract = contract
        self.whole_hand = contract.whole_hand and options.last_round_whole_hand
        self.no_out_by_discard = contract.whole_hand
        self.dealer = dealer
        self.hands = hands
        self.stock = stock
        self.discards = discards
        self.table: list[Meld] = []
        self.owners: list[int] = []
        self.down = [False] * players
        self.buys = [0] * players
        self.phase = RookPhase.DRAW
        self.turn_seat = (dealer + 1) % players
        self.current_player: int | None = self.turn_seat
        self.lay_down_left: tuple[int, int] | None = None
        self.went_down_this_turn = False
        self.owed_rooks = 0
        self.owed_before_down = False
        self.rebuilds = 0
        self.went_out: int | None = None
        self.ended_by: str | None = None
        self.known: tuple[tuple[int, ...], ...] = (_NO_CARDS,) * players
        self.rebuilt: tuple[int, ...] = (0,) * 57
        self.rebuilt_draws: tuple[tuple[int, ...], ...] = (_NO_CARDS,) * players
        self.rebuilt_plays: tuple[tuple[tuple[int, int], ...], ...] = ((),) * players
        self.variant_states: Mapping[str, Any] = NO_VARIANT_STATE

    def __getstate__(self) -> dict[str, Any]:
        # The game's own rules are rebuilt from the options (``rules`` is then
        # left out, so a pickled round holds its options once).
        state = {name: getattr(self, name) for name in self.__slots__}
        if state["rules"] is default_rules(self.options):
            del state["rules"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        if "rules" not in state:
            self.rules = default_rules(self.options)

    @property
    def is_round_over(self) -> bool:
        """True once someone went out (R12) or the draw pile ran out (R16)."""
        return self.phase is RookPhase.OVER

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in ``seat``'s hand, in code order (colour, number, Rook last)."""
        return cards_of_counts(self.hands[seat])

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return sum(self.hands[seat])

    def all_cards(self) -> list[Card]:
        """Every card of the round wherever it is: hands, table, piles."""
        cards = [c for seat in range(self.players) for c in self.hand(seat)]
        cards += [c for meld in self.table for c in meld.cards()]
        cards += [*self.stock, *self.discards]
        return cards

    def clone(self) -> RookRound:
        """An independent copy of the round."""
        other = _copy_slots(self)
        other.hands = [hand.copy() for hand in self.hands]
        return other

    # -- public knowledge of hidden cards (bookkeeping for observations) ------

    def note_public(self, seat: int, move: Move) -> None:
        """Update `known` for ``move`` by ``seat``, just *before* it is applied.

        Taking (R9) or buying (R10) the top discard adds it to ``seat``'s known
        cards; a swap (R14) adds the Rook and takes out the natural card; cards
        melded, laid off or discarded are taken out (a known count only falls
        while above 0: identical cards are one card, R2). After a rebuild, the
        cards played that may be cards ``seat`` drew from the rebuilt pile are
        added to `rebuilt_plays`.
        """
        if self.rebuilds and self.rebuilt_draws[seat] != _NONE_DRAWN:
            self._note_rebuilt_plays(seat, move)
        if isinstance(move, Take | Buy):
            self.known = _bumped(self.known, seat, (self.discards.top.code,), 1)
        elif (row := self.known[seat]) is _NO_CARDS or not any(row):
            if isinstance(move, Swap):
                self.known = _bumped(self.known, seat, (ROOK_CODE,), 1)
        elif isinstance(move, Swap):
            self.known = _bumped(self.known, seat, (move.card.code,), -1)
            self.known = _bumped(self.known, seat, (ROOK_CODE,), 1)
        elif isinstance(move, Discard | LayOff):
            self.known = _bumped(self.known, seat, (move.card.code,), -1)
        elif isinstance(move, MeldDown):
            self.known = _bumped(self.known, seat, list(move.meld.codes()), -1)
        elif isinstance(move, LayDown):
            codes = [code for meld in move.melds for code in meld.codes()]
            self.known = _bumped(self.known, seat, codes, -1)

    def _note_rebuilt_plays(self, seat: int, move: Move) -> None:
        """Add the cards ``move`` plays that ``seat`` may have drawn from the rebuilt pile.

        Called before `known` is updated for ``move``: a card of a kind
        ``seat`` is known to hold is taken to be that known card, as `known`
        itself does (identical cards are one card, R2).
        """
        if isinstance(move, Discard | LayOff | Swap):
            codes = [move.card.code]
        elif isinstance(move, MeldDown):
            codes = list(move.meld.codes())
        elif isinstance(move, LayDown):
            codes = [code for meld in move.melds for code in meld.codes()]
        else:
            return
        known = list(self.known[seat])
        drawn = sum(self.rebuilt_draws[seat])
        plays: list[tuple[int, int]] = []
        for code in codes:
            if known[code]:
                known[code] -= 1
            elif self.rebuilt[code]:
                plays.append((drawn, code))
        if plays:
            row = (*self.rebuilt_plays[seat], *plays)
            self.rebuilt_plays = (*self.rebuilt_plays[:seat], row, *self.rebuilt_plays[seat + 1 :])

    def note_rebuild(self, cards: Iterable[Card]) -> None:
        """Record the cards a new draw pile is rebuilt from (R16); forget older draws."""
        counts = [0] * 57
        for card in cards:
            counts[card.code] += 1
        self.rebuilt = tuple(counts)
        self.rebuilt_draws = (_NONE_DRAWN,) * self.players
        self.rebuilt_plays = ((),) * self.players

    def note_stock_draw(self, seat: int, card: Card) -> None:
        """Record that ``seat`` drew ``card`` from the draw pile (counted after a rebuild)."""
        if self.rebuilds:
            self.rebuilt_draws = _bumped(self.rebuilt_draws, seat, (card.code,), 1)


#: A new `RookRound` sharing the round's immutable slots (``known`` and the
#: rebuild records are replaced, never changed in place), with copies of its piles
#: and lists; `RookRound.clone` copies the hands.
_copy_slots = slot_copier(
    RookRound,
    copied=("stock", "discards", "table", "owners", "down", "buys"),
    by_hand=("hands",),
)


def _bumped(
    rows: tuple[tuple[int, ...], ...], seat: int, codes: Iterable[int], step: int
) -> tuple[tuple[int, ...], ...]:
    """``rows`` with ``step`` added to ``rows[seat][code]`` for each code (never below 0).

    Returns ``rows`` itself when nothing changes. A row left holding no card is a new
    tuple, not `_NO_CARDS`: which rows are one object shows in a pickle, and a round
    and its unpickled copy, played on alike, must pickle alike.
    """
    changed: list[int] | None = None
    for code in codes:
        if step < 0 and (rows[seat] if changed is None else changed)[code] == 0:
            continue
        if changed is None:
            changed = list(rows[seat])
        changed[code] += step
    if changed is None:
        return rows
    return (*rows[:seat], tuple(changed), *rows[seat + 1 :])
