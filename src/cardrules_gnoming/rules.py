"""How a Gnoming A Round round is played: dealing, legal moves, moves (G4-G18).

Each function takes the round state (`GnomingRound`); ``legal_moves``
only reads it, ``apply_move`` changes it, and ``explain_illegal`` names the rule
a refused move breaks. Scoring is in `cardrules_gnoming.scoring`.

Where a house rule may change a rule, the code asks the round's rulebook
(``state.rules``, a `cardrules_gnoming.rulebook.Rulebook`, typed as
`cardrules_gnoming.state.RoundRules`): how a turn may start (G9), whether a
card may bounce (G12), who may flip after a Hazard (G15) and who ends the
round (G17). The functions `draw_moves`, `may_bounce`, `may_flip` and
`ends_round` here are the game's own answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.errors import IllegalMoveError, quote
from cardrules.model.chance import Chance
from cardrules.model.decks import DeckComposition
from cardrules.model.moves import Move
from cardrules.model.piles import Pile
from cardrules.model.seats import left_of, seats_from
from cardrules_gnoming.cards import Card
from cardrules_gnoming.moves import (
    BOUNCES,
    DISCARDS,
    DRAWS,
    PLACES,
    STOCK,
    Bounce,
    Discard,
    Draw,
    Flip,
    Place,
    Reveal,
    reveal_moves,
)
from cardrules_gnoming.options import GnomingOptions
from cardrules_gnoming.state import GnomingPhase, GnomingRound, Layout, RoundRules

__all__ = [
    "AFTER_HAZARD",
    "apply_move",
    "deal_round",
    "draw_moves",
    "end_turn",
    "ends_round",
    "explain_illegal",
    "legal_moves",
    "may_bounce",
    "may_flip",
    "mulligan_fits",
    "removed_from_game",
    "resume",
    "reveals",
    "starting_seat",
]

P = GnomingPhase


# ---------------------------------------------------------------- setting up


def starting_seat(options: GnomingOptions, players: int, round: int) -> int:
    """The seat that starts round ``round`` (from 0), G7.

    Examples:
        >>> starting_seat(GnomingOptions(), 4, 2)
        2
    """
    shift = round if options.rotate_first_seat else 0
    return (options.first_seat + shift) % players


def removed_from_game(options: GnomingOptions, previous: GnomingRound | None) -> list[Card]:
    """The Hazards a new round deals without: those removed from the game so far (G4, G15).

    Args:
        options: the game's options (``hazards_return_each_round``).
        previous: the finished previous round, or ``None`` for the first round.

    Returns:
        the previous round's cards out of play (every Hazard removed in the
        match so far), or ``[]`` for the first round or when removed Hazards
        return each round.
    """
    if previous is None or options.hazards_return_each_round:
        return []
    return list(previous.out_of_play)


def deal_round(
    rulebook: RoundRules,
    players: int,
    round: int,
    deck: DeckComposition[Card],
    chance: Chance,
    removed: Sequence[Card] = (),
) -> GnomingRound:
    """Shuffle, deal 3x3 layouts face down, start both discard piles (G4, G5, G7).

    Args:
        rulebook: the game's rules (its options and rule points), kept by the round.
        players: seats.
        round: index of the round, from 0.
        deck: the game's whole deck.
        chance: the match's chance (every shuffle).
        removed: cards removed from the game in earlier rounds (G15): they are
            not shuffled and stay out of play (`removed_from_game`).

    Returns:
        the round waiting for the first player's reveal choice (G6).

    Raises:
        ValueError: ``removed`` holds a card the deck does not.
    """
    options = rulebook.options
    cards = deck.cards()
    for card in removed:
        cards.remove(card)
    chance.shuffle(cards)
    stock = Pile(cards)
    layouts = [Layout([stock.draw() for _ in range(9)]) for _ in range(players)]
    out_of_play: list[Card] = list(removed)
    discards: tuple[Pile[Card], Pile[Card]] = (Pile(), Pile())
    # Bookkeeping for observations: Hazards all know are in the draw pile. A Hazard
    # turned up may be one of those (the count falls by one), but not one shuffled back
    # just before: that one went under at least one card, so it is still in the pile
    # (the count stays at least 1). Once the card above it is drawn, its place in the
    # pile is uniform again, and the deal always ends with such a draw.
    stock_hazards = 0
    just_shuffled_back = False
    for pile in discards:
        while stock:
            card = stock.draw()
            if not card.is_hazard:
                pile.put(card)
                just_shuffled_back = False
                break
            stock_hazards = max(1 if just_shuffled_back else 0, stock_hazards - 1)
            just_shuffled_back = False
            if options.start_pile_hazard == "remove" or not stock:
                out_of_play.append(card)
            else:
                stock.insert(1 + chance.rng().randrange(len(stock)), card)
                stock_hazards += 1
                just_shuffled_back = True
    state = GnomingRound(
        options,
        players,
        round,
        starting_seat(options, players, round),
        layouts,
        stock,
        discards,
        out_of_play,
        rulebook,
    )
    state.stock_hazards = stock_hazards
    if options.initial_reveals:
        state.pending = list(seats_from(state.starter, players))
        state.current_player = state.pending[0]
    else:
        _start_turn(state, state.starter, chance)
    return state


# ---------------------------------------------------------------- legal moves


def mulligan_fits(
    layout: Sequence[Card | None], position: int, limit: int, at_turn_start: int
) -> bool:
    """G13: whether a Mulligan placed at ``position`` keeps the layout within the limit.

    The count of face-up Mulligans just after placing may be at most
    ``max(limit, at_turn_start)``: a turn may not raise a count already above
    the limit. The engine asks this of every Mulligan placement, and a bot
    may ask it of its own observed layout before it takes a Mulligan.

    Args:
        layout: nine entries, positions 0-8 row by row: the card if face up,
            ``None`` if face down (as `Layout.visible` and an observation's
            ``layouts`` give it).
        position: where the Mulligan would go, 0-8.
        limit: the option ``mulligan_limit``.
        at_turn_start: face-up Mulligans in the layout when the turn began
            (an observation's ``mulligans_at_turn_start``).

    Examples:
        >>> from cardrules_gnoming.cards import Card
        >>> up = [Card.from_str("M")] + [None] * 8
        >>> mulligan_fits(up, 0, 1, 1), mulligan_fits(up, 4, 1, 1), mulligan_fits(up, 4, 0, 0)
        (True, False, False)
    """
    count = sum(1 for card in layout if card is not None and card.is_mulligan) + 1
    here = layout[position]
    if here is not None and here.is_mulligan:
        count -= 1
    return count <= max(limit, at_turn_start)


def _mulligan_fits(state: GnomingRound, position: int, card: Card | None = None) -> bool:
    """G13: placing ``card`` (default: the held card) at ``position`` keeps the Mulligan limit."""
    held = card or state.held
    if held is None or not held.is_mulligan:
        return True
    return mulligan_fits(
        state.turn_layout.visible(),
        position,
        state.options.mulligan_limit,
        state.mulligans_at_turn_start,
    )


def _discard_moves(state: GnomingRound) -> list[Move]:
    """G14/G15: the discards of the held card (a Hazard goes on no pile)."""
    if state.held is not None and state.held.is_hazard:
        return [DISCARDS[None]]
    if state.kept_hazard and state.options.hazard_drawer_need_not_restart:
        return [DISCARDS[0], DISCARDS[1]]
    empty = [i for i in (0, 1) if not state.discards[i]]
    return [DISCARDS[i] for i in (empty or (0, 1))]


def _may_discard_drawn(state: GnomingRound) -> bool:
    """G11: a card taken from a discard pile may be discarded unless the option forbids it."""
    return not (state.options.taken_discard_must_be_kept and state.drawn_from in (0, 1))


def may_bounce(state: GnomingRound, card: Card, revealed: bool, chained: bool) -> bool:
    """G12, the game's own answer: may ``card``, just displaced, bounce?

    Only a positive card that was face down (``revealed``) or was itself
    displaced by a bounce (``chained``) may bounce, with bouncing on, while a
    position of the layout is still unfilled this turn, and only if a face-up
    card of the layout has its value (`cardrules_gnoming.hookspecs.gnoming_may_bounce`).
    """
    if not (revealed or chained) or not state.options.bouncing:
        return False
    if not card.is_positive or state.filled == 0x1FF:
        return False
    layout = state.turn_layout
    return any(
        up and other.kind is card.kind and other.value == card.value
        for other, up in zip(layout.cards, layout.face_up, strict=True)
    )


def draw_moves(state: GnomingRound) -> list[Move]:
    """G9, the game's own answer: the draws that may start the turn (G11 with its option)."""
    moves: list[Move] = [DRAWS[STOCK]] if state.stock else []
    for i in (0, 1):
        pile = state.discards[i]
        if pile and (not state.options.taken_discard_must_be_kept or _keepable(state, pile.top)):
            moves.append(DRAWS[i])
    return moves


def may_flip(state: GnomingRound, seat: int) -> bool:
    """G15, the game's own answer: a seat with two or more face-down cards is offered a flip."""
    return state.layouts[seat].face_down_count() >= 2


def ends_round(state: GnomingRound, seat: int) -> bool:
    """G17, the game's own answer: a seat finishing its turn with no face-down card is the ender."""
    return state.layouts[seat].face_down_count() == 0


def legal_moves(state: GnomingRound) -> Sequence[Move]:
    """Every legal move of ``state.current_player``, in a fixed order (G6-G15).

    A list, or for the reveal at the start of a round a shared tuple (do not change it).
    """
    phase = state.phase
    if phase is P.DRAW:
        return state.rules.turn_starts(state)
    if phase is P.PLACE:
        held = state.held
        moves: list[Move] = (
            [PLACES[p] for p in range(9) if _mulligan_fits(state, p)]
            if held is not None and held.is_mulligan  # (only a Mulligan's places are limited)
            else list(PLACES)
        )
        if _may_discard_drawn(state):
            moves += _discard_moves(state)
        return moves
    if phase is P.BOUNCE:
        filled = state.filled
        return [BOUNCES[p] for p in range(9) if not filled >> p & 1] + _discard_moves(state)
    if phase is P.DISCARD:
        return _discard_moves(state)
    if phase is P.REVEAL:
        return reveal_moves(state.options.initial_reveals)
    return []


def _keepable(state: GnomingRound, card: Card) -> bool:
    """Whether ``card``, once drawn, has a legal place in the turn player's layout (G13)."""
    return any(_mulligan_fits(state, p, card) for p in range(9))


# ---------------------------------------------------------------- applying moves


def apply_move(state: GnomingRound, move: Move, chance: Chance) -> None:
    """Change ``state`` by ``move``, which must be one of `legal_moves`."""
    state.note_public(move)  # bookkeeping: a Hazard seen leaving the draw pile (observations)
    if isinstance(move, Draw):
        pile = state.stock if move.source == STOCK else state.discards[move.source]  # type: ignore[index]
        state.held = pile.draw()
        state.drawn_from = move.source
        state.phase = P.PLACE
    elif isinstance(move, Place | Bounce):
        layout = state.turn_layout
        p = move.position
        displaced, was_face_down = layout.cards[p], not layout.face_up[p]
        if isinstance(move, Place) and state.held is not None and state.held.is_hazard:
            state.kept_hazard = True  # G14 option: the drawn Hazard is kept
        layout.cards[p] = state.held  # type: ignore[assignment]
        layout.face_up[p] = True
        state.filled |= 1 << p
        state.held = displaced
        state.drawn_from = None
        # G12: a first bounce needs a face-down card replaced; later ones any card.
        bounces = state.rules.may_bounce(state, displaced, was_face_down, isinstance(move, Bounce))
        state.phase = P.BOUNCE if bounces else P.DISCARD
    elif isinstance(move, Discard):
        card = state.held
        assert card is not None
        state.held = None
        state.drawn_from = None
        if card.is_hazard:
            state.out_of_play.append(card)
            # G15: the others may flip, in the game's window (`cardrules_gnoming.flips`);
            # `resume` ends the turn once it closes.
            state.phase = P.FLIP
            if not state.rules.open_game_window(state, AFTER_HAZARD, state.turn_seat):
                end_turn(state, chance)
        else:
            state.discards[move.pile].put(card)  # type: ignore[index]
            opener = state.rules.open_window
            if opener is not None and opener(state, "after-discard", move.pile):
                return  # a variant's window is open: `resume` ends the turn once it closes
            end_turn(state, chance)
    elif isinstance(move, Reveal):
        layout = state.deciding_layout
        for p in move.positions:
            layout.face_up[p] = True
        state.pending.pop(0)
        if state.pending:
            state.current_player = state.pending[0]
        else:
            _start_turn(state, state.starter, chance)
    else:  # pragma: no cover - legal_moves lists no other kind
        raise TypeError(f"not a Gnoming move: {quote(move)}")


def _start_turn(state: GnomingRound, seat: int, chance: Chance) -> None:
    """Begin ``seat``'s turn; rebuild the draw pile or end the round if it is empty (G8)."""
    state.turn_seat = seat
    state.current_player = seat
    state.filled = 0
    state.kept_hazard = False
    state.held = None
    state.drawn_from = None
    state.mulligans_at_turn_start = state.layouts[seat].face_up_mulligans()
    if not state.stock:
        limit = state.options.draw_pile_rebuilds
        if limit is not None and state.rebuilds >= limit:
            _end_round(state, "stock")
            return
        cards = state.discards[0].take_all_but_top() + state.discards[1].take_all_but_top()
        chance.shuffle(cards)
        state.stock = Pile(cards)
        state.rebuilds += 1
        state.draw_pile_known = True
    state.phase = P.DRAW
    if not legal_moves(state):
        # Nothing can be drawn (the rebuild left no draw pile and no discard can
        # be taken): the round cannot go on, so it ends as if the pile ran out.
        _end_round(state, "stock")


def end_turn(state: GnomingRound, chance: Chance) -> None:
    """End the turn of ``state.turn_seat``: note the ender, count the last turns (G17).

    Then pass the turn left (G7), or end the round once the last turns are
    played (G17, G18). A variant move that takes a whole turn (a knock) ends
    it with this. Whether the seat becomes the ender is the rule point
    `cardrules_gnoming.hookspecs.gnoming_ends_round`.
    """
    seat = state.turn_seat
    assert seat is not None
    if state.ender is None:
        if state.rules.ends_round(state, seat):
            state.ender = seat
            state.final_turns_left = state.players - 1
    else:
        state.final_turns_left -= 1
    if state.ender is not None and state.final_turns_left == 0:
        _end_round(state, "ender")
    else:
        _start_turn(state, left_of(seat, state.players), chance)


def _end_round(state: GnomingRound, ended_by: str, *, waited: bool = False) -> None:
    """G18: turn every face-down card up where it lies; the round is over.

    A variant's window at ``"round-end"`` comes first (``waited``: it closed).
    """
    opener = state.rules.open_window
    if not waited and opener is not None and opener(state, "round-end", ended_by):
        return  # `resume` ends the round once the window closes
    for layout in state.layouts:
        layout.face_up[:] = [True] * 9
    state.ended_by = ended_by
    state.phase = P.OVER
    state.current_player = None
    state.pending = []


# ---------------------------------------------------------------- windows

#: Where the game asks for Hazard flips, in its own window (G15, `cardrules_gnoming.flips`).
AFTER_HAZARD = "after-hazard"

#: The points where a window may open (`cardrules.plugins.windows`), and what ``about``
#: says there.
WINDOW_POINTS = {
    "after-discard": (
        "a card was discarded on a pile (about: the pile, 0 or 1; not a Hazard, which "
        "goes on none): the turn ends once the windows close (G14, G17)"
    ),
    AFTER_HAZARD: (
        "a Hazard was discarded (about: the discarder's seat): it leaves the game; the "
        "game's own window asks the others for flips first (G15), and the turn ends once "
        "the windows close (G17)"
    ),
    "round-end": (
        "the round is about to end (about: 'ender' or 'stock'): every card is turned "
        "up once the windows close (G18)"
    ),
}


def resume(state: GnomingRound, point: str, about: object, chance: Chance) -> None:
    """Carry on once the windows at ``point`` closed: end the turn, or the round.

    At ``"after-discard"`` and ``"after-hazard"`` (once the Hazard flips are
    done, G15) the turn ends (G17; the next turn starts, rebuilding the draw
    pile if a window emptied it, G8); at ``"round-end"`` the round ends
    (G18). What seats did in the windows changes neither.

    Raises:
        ValueError: ``point`` is not one of `WINDOW_POINTS`.
    """
    if point in ("after-discard", AFTER_HAZARD):
        end_turn(state, chance)
    elif point == "round-end":
        _end_round(state, str(about), waited=True)
    else:
        raise ValueError(f"not a window point of Gnoming A Round: {quote(point)}")


# ---------------------------------------------------------------- explaining refusals


def explain_illegal(state: GnomingRound, move: Move, rounds: int) -> IllegalMoveError:
    """The error for a move `legal_moves` does not list, naming the rule.

    Args:
        state: the round.
        move: the refused move.
        rounds: the number of rounds in the match (to tell a finished match, G25).
    """
    phase = state.phase

    def error(rule: str, message: str) -> IllegalMoveError:
        return IllegalMoveError(rule, message, move=move, seat=state.current_player)

    if phase is P.OVER:
        if state.round + 1 >= rounds:
            return error("G25", "the match is over")
        return error("G17", "the round is over")
    expected = {
        P.REVEAL: ("G6", "choose the cards to turn face up first"),
        P.DRAW: ("G9", "draw a card first: from the stock or a discard pile"),
        P.PLACE: ("G10", "place the drawn card in your layout or discard it"),
        P.BOUNCE: ("G12", "bounce the displaced card or discard it"),
        P.DISCARD: ("G14", "discard the displaced card"),
        P.FLIP: ("G15", "flip one face-down card or pass"),
    }[phase]
    if isinstance(move, Reveal) and phase is P.REVEAL:
        return error("G6", f"turn up exactly {state.options.initial_reveals} of your cards")
    if isinstance(move, Draw) and phase is P.DRAW:
        if move.source == STOCK:
            return error("G8", "the draw pile is empty")
        if not state.discards[move.source]:  # type: ignore[index]
            return error("G9", f"discard pile {move.source} is empty")
        return error(
            "G11", "a card taken from a discard pile must be kept, and this one has no legal place"
        )
    if isinstance(move, Place) and phase is P.PLACE:
        return error(
            "G13",
            f"at most {state.options.mulligan_limit} face-up Mulligan(s) at the end of your turn",
        )
    if isinstance(move, Bounce) and phase is P.BOUNCE:
        return error("G12", f"position {move.position} already received a card this turn")
    if isinstance(move, Bounce) and phase is P.DISCARD:
        return error("G12", "only a revealed positive card matching a face-up card may bounce")
    if isinstance(move, Discard) and phase in (P.PLACE, P.BOUNCE, P.DISCARD):
        if state.held is not None and state.held.is_hazard:
            return error("G15", "a discarded Hazard goes on no pile: play 'discard'")
        if phase is P.PLACE and not _may_discard_drawn(state):
            return error("G11", "a card taken from a discard pile must be kept")
        if move.pile is None:
            return error("G14", "name the discard pile: 'discard 0' or 'discard 1'")
        return error("G14", "a discard pile is empty: the discard must restart it")
    if isinstance(move, Flip) and phase is P.FLIP:
        layout = state.deciding_layout
        if layout.face_up[move.position]:
            return error("G16", f"position {move.position} is already face up")
    return error(expected[0], f"{move} is not possible now: {expected[1]}")


def reveals(before: GnomingRound, move: Move) -> bool:
    """Whether ``move`` shows anyone a card hidden from them before (for take-backs).

    Drawing from the draw pile, turning a face-down card up (a reveal, a flip,
    a placement or bounce onto it) and playing a card drawn from the draw pile
    (which only its drawer had seen) all reveal; the rest does not.
    """
    if isinstance(move, Reveal | Flip) or (isinstance(move, Draw) and move.source == STOCK):
        return True
    if isinstance(move, Place | Bounce):
        layout = before.turn_layout
        return not layout.face_up[move.position] or before.drawn_from == STOCK
    if isinstance(move, Discard):
        return before.drawn_from == STOCK
    return False
