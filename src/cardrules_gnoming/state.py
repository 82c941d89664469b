"""The state of one Gnoming A Round round (the game plugin's round state).

The engine's `cardrules.GameState` holds one of these for the round in
play. Rules code in `cardrules_gnoming.rules` reads and changes it.
Seats are ``0 .. players-1``; layout positions ``0-8`` row by row.

A round carries its game's rules (``state.rules``), typed as `RoundRules`:
what the round's code, its observations and the bots ask of them.
`cardrules_gnoming.rulebook.Rulebook` implements it; it builds on the rules
code, which builds on this module, so this module names a protocol rather
than importing the rulebook.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from cardrules.model.copies import slot_copier
from cardrules.model.moves import Move
from cardrules.model.phases import Phase
from cardrules.model.piles import Pile
from cardrules.plugins.variant_state import NO_VARIANT_STATE
from cardrules_gnoming.cards import Card
from cardrules_gnoming.moves import STOCK, Discard, Place
from cardrules_gnoming.options import GnomingOptions

__all__ = ["GnomingPhase", "GnomingRound", "Layout", "RoundRules"]


class GnomingPhase(Phase):
    """What the deciding player is asked now."""

    REVEAL = "reveal"
    """Choose cards to turn up (G6)."""
    DRAW = "draw"
    """Draw from the stock or a discard pile (G9)."""
    PLACE = "place"
    """Keep the drawn card in the layout, or discard it (G10, G11)."""
    BOUNCE = "bounce"
    """Bounce the displaced card, or discard it (G12)."""
    DISCARD = "discard"
    """Choose the discard pile for the displaced card (G14)."""
    FLIP = "flip"
    """After a Hazard discard, flip one face-down card or pass (G15)."""
    OVER = "over"
    """The round is over (G17, G18)."""


class Layout:
    """A player's 3x3 grid: nine cards and which are face up (G4, G16).

    Attributes:
        cards: nine cards, positions 0-8 row by row.
        face_up: nine flags; ``True`` where the card is face up.
    """

    __slots__ = ("cards", "face_up")

    def __init__(self, cards: list[Card], face_up: list[bool] | None = None) -> None:
        if len(cards) != 9:
            raise ValueError(f"a layout holds 9 cards, got {len(cards)}")
        self.cards = cards
        self.face_up = face_up if face_up is not None else [False] * 9

    def face_down_positions(self) -> list[int]:
        """Positions still face down, in increasing order."""
        return [p for p in range(9) if not self.face_up[p]]

    def face_down_count(self) -> int:
        """How many cards are face down."""
        return self.face_up.count(False)

    def face_up_mulligans(self) -> int:
        """How many face-up Mulligans the layout holds (G13)."""
        return sum(1 for p in range(9) if self.face_up[p] and self.cards[p].is_mulligan)

    def visible(self) -> tuple[Card | None, ...]:
        """The layout as others see it: the card if face up, ``None`` if face down."""
        return tuple([c if up else None for c, up in zip(self.cards, self.face_up, strict=True)])

    def copy(self) -> Layout:
        """An independent copy."""
        return Layout(self.cards.copy(), self.face_up.copy())

    def __repr__(self) -> str:
        return (
            "Layout(["
            + ", ".join(
                str(c) if up else f"({c})" for c, up in zip(self.cards, self.face_up, strict=True)
            )
            + "])"
        )


class RoundRules(Protocol):
    """A game's rules as its rounds, observations and bots ask them (G9-G23).

    `cardrules_gnoming.rulebook.Rulebook` is the implementation every round
    carries; its documentation says what each member answers.
    """

    options: GnomingOptions
    lines: tuple[tuple[int, ...], ...]
    default_scoring: bool
    turn_starts: Callable[[GnomingRound], list[Move]]
    may_bounce: Callable[[GnomingRound, Card, bool, bool], bool]
    may_flip: Callable[[GnomingRound, int], bool]
    ends_round: Callable[[GnomingRound, int], bool]
    line_match: Callable[[tuple[int, ...], Sequence[Card]], int | None]
    line_points: Callable[[tuple[int, ...], Sequence[Card], int], int]
    card_points: Callable[[Card, bool], int]
    layout_score: Callable[[Sequence[Card]], int]
    ender_adjustment: Callable[[Sequence[int], int], int]
    open_window: Callable[[GnomingRound, str, Any], bool] | None
    open_game_window: Callable[[GnomingRound, str, Any], bool]

    def round_scores(self, state: GnomingRound) -> tuple[int, ...]:
        """Score a finished round, one score per seat (G19-G23)."""
        ...


class GnomingRound:
    """Everything about one round in play.

    Attributes:
        options: the game's `GnomingOptions`.
        rules: the game's rules (`RoundRules`: a
            `cardrules_gnoming.rulebook.Rulebook`, its rule points, variants
            included), shared by every round and clone.
        players: number of seats.
        round: index of the round, from 0.
        starter: the seat that takes the first turn (G7).
        layouts: one `Layout` per seat.
        stock: the draw pile; the last card is the top (G5).
        discards: the two discard piles, bottom first (G5, G14).
        out_of_play: cards removed from the game (Hazards discarded or turned
            up while starting a pile, G15, G5), in the order removed; by default
            those of earlier rounds too, which this round was dealt without (G4).
        phase: the `GnomingPhase`.
        turn_seat: the seat whose turn it is (``None`` while choosing reveals).
        current_player: the seat that must decide now (``None`` once over).
        held: the card in hand: drawn (G9) or displaced (G10, G12).
        drawn_from: ``"stock"``, 0 or 1 while the drawn card is in hand (G11).
        filled: positions that received a card this turn (bitmask, G12).
        kept_hazard: the turn player drew a Hazard this turn and placed it in
            the layout (G14 option ``hazard_drawer_need_not_restart``).
        mulligans_at_turn_start: face-up Mulligans when the turn began (G13).
        pending: seats still to choose their reveals (G6), in order. The
            seats asked for Hazard flips (G15) are kept by the game's window
            (`cardrules_gnoming.flips.deciding_seats`).
        ender: the seat that ended the round (G17), if any.
        final_turns_left: turns still due after the ender's (G17).
        rebuilds: draw-pile rebuilds so far this round (G8).
        draw_pile_known: whether everyone knows the draw pile's cards once it
            was rebuilt (G8): true from each rebuild until a card leaves the
            pile unseen (`replace_from_stock`); then the pile may hold any
            unseen card until the next rebuild.
        ended_by: ``"ender"``, ``"stock"`` or ``None`` while playing.
        stock_hazards: Hazards everyone knows to be in the draw pile or held
            by the player who drew them from it: those a discard pile's start
            turned up and shuffled back (G5, ``start_pile_hazard="shuffle-back"``),
            less one for each Hazard since seen coming out of the draw pile,
            except one turned up right after a shuffle-back, which must be
            another (never below 0). Always 0 with the default options.
        variant_states: ``{variant name: frozen value}`` kept by the chosen
            variants (`cardrules.plugins.variant_state`; set by the engine, read with
            ``variant_state(state, name)``); replaced, never changed in place.
    """

    __slots__ = (
        "current_player",
        "discards",
        "draw_pile_known",
        "drawn_from",
        "ended_by",
        "ender",
        "filled",
        "final_turns_left",
        "held",
        "kept_hazard",
        "layouts",
        "mulligans_at_turn_start",
        "options",
        "out_of_play",
        "pending",
        "phase",
        "players",
        "rebuilds",
        "round",
        "rules",
        "starter",
        "stock",
        "stock_hazards",
        "turn_seat",
        "variant_states",
    )

    def __init__(
        self,
        options: GnomingOptions,
        players: int,
        round: int,
        starter: int,
        layouts: list[Layout],
        stock: Pile[Card],
        discards: tuple[Pile[Card], Pile[Card]],
        out_of_play: list[Card],
        rules: RoundRules,
    ) -> None:
        self.options = options
        self.rules = rules
        self.players = players
        self.round = round
        self.starter = starter
        self.layouts = layouts
        self.stock = stock
        self.discards = discards
        self.out_of_play = out_of_play
        self.phase = GnomingPhase.REVEAL
        self.turn_seat: int | None = None
        self.current_player: int | None = None
        self.held: Card | None = None
        self.drawn_from: str | int | None = None
        self.filled = 0
        self.kept_hazard = False
        self.mulligans_at_turn_start = 0
        self.pending: list[int] = []
        self.ender: int | None = None
        self.final_turns_left = 0
        self.rebuilds = 0
        self.draw_pile_known = True
        self.ended_by: str | None = None
        self.stock_hazards = 0
        self.variant_states: Mapping[str, Any] = NO_VARIANT_STATE

    @property
    def turn_layout(self) -> Layout:
        """The layout of the seat whose turn it is (only during a turn)."""
        assert self.turn_seat is not None, "no turn is in progress"
        return self.layouts[self.turn_seat]

    @property
    def deciding_layout(self) -> Layout:
        """The layout of the seat deciding now (only while the round is in play)."""
        assert self.current_player is not None, "the round is over"
        return self.layouts[self.current_player]

    @property
    def is_round_over(self) -> bool:
        """True once the round has ended (G8 or G17) and every card is face up (G18)."""
        return self.phase is GnomingPhase.OVER

    def all_cards(self) -> list[Card]:
        """Every card of the deck wherever it is: layouts, piles, hand, out of play.

        Cards removed from the game in earlier rounds are out of play, so this
        is always the whole deck; the cards the round was dealt from are these
        less those removed before it began.
        """
        cards = [c for layout in self.layouts for c in layout.cards]
        cards += [*self.stock, *self.discards[0], *self.discards[1], *self.out_of_play]
        if self.held is not None:
            cards.append(self.held)
        return cards

    def clone(self) -> GnomingRound:
        """An independent copy of the round."""
        other = _copy_slots(self)
        other.layouts = [layout.copy() for layout in self.layouts]
        other.discards = (self.discards[0].copy(), self.discards[1].copy())
        return other

    def replace_from_stock(self, seat: int, position: int) -> Card:
        """Put the stock's top card face down at ``position`` of ``seat``'s layout, unseen.

        A house rule's way to deal a layout card from the draw pile outside a
        draw (``snap`` does it). The public bookkeeping follows: nobody saw the
        card, so one Hazard fewer is known to be in the draw pile (G5,
        `stock_hazards`), and a rebuilt draw pile's cards are no longer known
        (G8, `draw_pile_known`: else the known cards less those left would show
        everyone the card dealt face down). An empty draw pile is rebuilt, or
        ends the round, only when the next turn starts (G8).

        Args:
            seat: the layout's seat, ``0 .. players-1``.
            position: the layout position, 0-8.

        Returns:
            the card that was at ``position``: the caller puts it somewhere.

        Raises:
            cardrules.model.piles.EmptyPileError: the draw pile is empty.
        """
        layout = self.layouts[seat]
        card = layout.cards[position]
        layout.cards[position], layout.face_up[position] = self.stock.draw(), False
        self.stock_hazards = max(0, self.stock_hazards - 1)
        self.draw_pile_known = False
        return card

    def note_public(self, move: Move) -> None:
        """Update `stock_hazards` for ``move``, just *before* it is applied.

        Placing or discarding a card drawn from the draw pile shows it to all;
        a Hazard shown so came out of the draw pile.
        """
        held = self.held
        if (
            self.stock_hazards
            and held is not None
            and held.is_hazard
            and self.drawn_from == STOCK
            and isinstance(move, Place | Discard)
        ):
            self.stock_hazards -= 1


#: A new `GnomingRound` sharing the round's immutable slots, with copies of its
#: piles and lists; `GnomingRound.clone` copies the layouts and discard piles.
_copy_slots = slot_copier(
    GnomingRound, copied=("stock", "out_of_play", "pending"), by_hand=("layouts", "discards")
)
