"""How a Toonerville Rook round is played: dealing, legal moves, moves (R4-R16).

``legal_moves`` only reads the round state, ``apply_move`` changes it, and
``explain_illegal`` names the rule a refused move breaks. Meld logic is in
`cardrules_rook.melds` and `cardrules_rook.search`; scoring in
`cardrules_rook.scoring`.
"""

from __future__ import annotations

from cardrules.chance import Chance
from cardrules.decks import DeckComposition
from cardrules.errors import IllegalMoveError
from cardrules.moves import Move
from cardrules.piles import Pile
from cardrules.seats import left_of, seats_from
from cardrules_rook.cards import COLOURS, ROOK, ROOK_CODE, Card, card_of_code, natural
from cardrules_rook.contracts import CONTRACTS
from cardrules_rook.melds import Meld, RunMeld, SetMeld
from cardrules_rook.moves import Buy, Discard, Draw, LayDown, LayOff, MeldDown, Pass, Swap, Take
from cardrules_rook.options import RookOptions
from cardrules_rook.search import can_lay_down, find_lay_down, possible_melds
from cardrules_rook.state import RookPhase, RookRound

__all__ = [
    "apply_move",
    "deal_round",
    "dealer_of",
    "explain_illegal",
    "is_legal_lay_down",
    "legal_moves",
    "reveals",
]

P = RookPhase


# ---------------------------------------------------------------- setting up


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


# ---------------------------------------------------------------- helpers


def _remove(hand: list[int], cards: tuple[Card, ...]) -> bool:
    """Take ``cards`` out of ``hand``; False (and ``hand`` unchanged) if not all held."""
    taken: list[int] = []
    for card in cards:
        if hand[card.code] == 0:
            for code in taken:
                hand[code] += 1
            return False
        hand[card.code] -= 1
        taken.append(card.code)
    return True


def _minus(hand: list[int], cards: tuple[Card, ...]) -> list[int] | None:
    rest = hand.copy()
    return rest if _remove(rest, cards) else None


def _remaining_contract(state: RookRound) -> tuple[int, int]:
    if state.lay_down_left is not None:
        return state.lay_down_left
    return state.contract.sets, state.contract.runs


def _laid_off(meld: Meld, card: Card, number: int, state: RookRound) -> Meld | None:
    """The meld with ``card`` added as ``number``, or None if that breaks it (R11, R13)."""
    rules = state.options.meld_rules
    if isinstance(meld, RunMeld):
        if number not in (meld.low - 1, meld.high + 1) or not 1 <= number <= 14:
            return None
        if not card.is_rook and card != natural(meld.colour, number):
            return None
        rooks = (*meld.rooks, number) if card.is_rook else meld.rooks
        run = RunMeld(
            meld.colour, min(meld.low, number), max(meld.high, number), tuple(sorted(rooks))
        )
        return run if run.is_valid(rules) else None
    if number != meld.number or (not card.is_rook and card.number != meld.number):
        return None
    if card.is_rook:
        grown = SetMeld(meld.number, meld.colours, meld.rooks + 1)
    else:
        colours = tuple(sorted((*meld.colours, card.colour), key="RYGB".index))
        grown = SetMeld(meld.number, colours, meld.rooks)
    return grown if grown.is_valid(rules) else None


def _may_lay_off(state: RookRound, seat: int) -> bool:
    return state.down[seat] and (state.options.lay_off_same_turn or not state.went_down_this_turn)


def _rooks_fit(state: RookRound, seat: int, needed: int) -> bool:
    """Whether ``needed`` Rooks could still be played on the table this turn (R14).

    By laying them off where table melds have room, and by making up to
    ``needed`` new melds from the hand that hold the rest.
    """
    rules = state.options.meld_rules
    room: float = 0
    if _may_lay_off(state, seat):
        for meld in state.table:
            naturals = len(meld.naturals)
            rooks = len(meld.rooks) if isinstance(meld, RunMeld) else meld.rooks
            free = float(14 - meld.length) if isinstance(meld, RunMeld) else float("inf")
            if rules.naturals_exceed_rooks:
                free = min(free, naturals - rooks - 1)
            room += max(free, 0)
            if room >= needed:
                return True
    # The rest go into new melds from the hand (R14 allows them), as many as it
    # takes: under a variant where each meld holds fewer Rooks than naturals,
    # one new meld may not take them all.
    short = needed - int(min(room, needed))
    hand = state.hands[seat]
    return any(
        can_lay_down(hand, sets=sets, runs=melds - sets, rules=rules, min_rooks=short)
        for melds in range(1, short + 1)
        for sets in range(melds + 1)
    )


def _rook_has_a_place(state: RookRound, seat: int) -> bool:
    """R14: every Rook owed by a swap can still be played this turn, perhaps after more swaps."""
    hand = state.hands[seat]
    if state.down[seat] and state.owed_before_down:
        return False  # swapped before going down: the Rook had to be in the lay-down
    if not state.down[seat]:
        sets, runs = _remaining_contract(state)
        if can_lay_down(
            hand,
            sets=sets,
            runs=runs,
            whole_hand=state.whole_hand,
            rules=state.options.meld_rules,
            min_rooks=state.owed_rooks,
        ):
            return True
    elif _rooks_fit(state, seat, state.owed_rooks):
        return True
    # A further swap may bring the card that makes the plan work.
    for swap in _swaps(state, seat):
        trial = state.clone()
        apply_move(trial, swap, Chance(0))
        if _rook_has_a_place(trial, seat):
            return True
    return False


# ---------------------------------------------------------------- legal moves


def legal_moves(state: RookRound) -> list[Move]:
    """Every legal move of ``state.current_player``, in a fixed order (R9-R14)."""
    phase = state.phase
    if phase is P.DRAW:
        return [Draw(), Take()] if state.discards else [Draw()]
    if phase is P.BUY:
        return [Buy(), Pass()]
    if phase is P.PLAY:
        return _play_moves(state)
    return []


def _lay_down_steps(state: RookRound) -> list[Move]:
    """R11: melds that begin or continue a lay-down that can still be completed.

    A meld is a step when some complete lay-down contains it. Each lay-down
    found so far vouches for every meld that can stand in for one of its melds
    of the same kind (the hand still holds it once the others are set aside).
    Each meld that is no step rules out every meld of its kind that uses all
    its cards and more (what is left after it holds less), so melds are tried
    fewest cards first. Only the melds neither rule settles are searched.
    """
    seat = state.turn_seat
    hand = state.hands[seat]
    rules = state.options.meld_rules
    whole_hand = state.whole_hand
    sets, runs = _remaining_contract(state)
    witness = find_lay_down(
        hand, sets=sets, runs=runs, whole_hand=whole_hand, rules=rules, best=False
    )
    if witness is None:
        return []
    rooms: list[tuple[str, list[int]]] = []
    if not whole_hand:
        rooms += _rooms_left(hand, witness.melds)
    no_steps: list[tuple[str, dict[int, int]]] = []
    melds = possible_melds(hand, sets=sets > 0, runs=runs > 0, rules=rules)
    cards = [[card.code for card in meld.cards()] for meld in melds]
    is_step = [False] * len(melds)
    for i in sorted(range(len(melds)), key=lambda i: len(cards[i])):
        kind = melds[i].kind
        codes = cards[i]
        tally = _tally(codes)
        s, r = sets - (kind == "set"), runs - (kind == "run")
        if s == r == 0:
            ok = not whole_hand or sum(hand) == len(codes)
        elif any(k == kind and _holds(room, tally) for k, room in rooms):
            ok = True  # a known lay-down with one of its melds swapped for this one
        elif not whole_hand and any(k == kind and _includes(tally, f) for k, f in no_steps):
            ok = False  # uses every card of a meld that is no step, and more
        else:
            rest = hand.copy()
            for code in codes:
                rest[code] -= 1
            found = find_lay_down(
                rest, sets=s, runs=r, whole_hand=whole_hand, rules=rules, best=False
            )
            ok = found is not None
            if found is not None and not whole_hand:
                rooms += _rooms_left(hand, (*found.melds, melds[i]))
            elif found is None:
                no_steps.append((kind, tally))
        is_step[i] = ok
    return [MeldDown(meld) for meld, ok in zip(melds, is_step, strict=True) if ok]


def _tally(codes: list[int]) -> dict[int, int]:
    """Card codes as a multiset: code -> count."""
    counts: dict[int, int] = {}
    for code in codes:
        counts[code] = counts.get(code, 0) + 1
    return counts


def _rooms_left(hand: list[int], melds: tuple[Meld, ...]) -> list[tuple[str, list[int]]]:
    """For each meld of a lay-down: its kind, and the hand once the *other* melds are set aside."""
    used = [0] * 57
    for meld in melds:
        for card in meld.cards():
            used[card.code] += 1
    rooms: list[tuple[str, list[int]]] = []
    for meld in melds:
        room = [have - spent for have, spent in zip(hand, used, strict=True)]
        for card in meld.cards():
            room[card.code] += 1
        rooms.append((meld.kind, room))
    return rooms


def _holds(room: list[int], cards: dict[int, int]) -> bool:
    """Whether ``room`` (57 counts by code) holds every card of ``cards`` (code -> count)."""
    return all(room[code] >= n for code, n in cards.items())


def _includes(cards: dict[int, int], part: dict[int, int]) -> bool:
    """Whether the multiset ``cards`` includes every card of ``part`` (both code -> count)."""
    return all(cards.get(code, 0) >= n for code, n in part.items())


def _lay_offs(state: RookRound, seat: int) -> list[Move]:
    hand = state.hands[seat]
    rook = hand[ROOK_CODE] > 0
    moves: list[Move] = []
    for index, meld in enumerate(state.table):
        if isinstance(meld, RunMeld):
            base = COLOURS.index(meld.colour) * 14 - 1  # + number: the natural's code
            for number in (meld.low - 1, meld.high + 1):
                if not 1 <= number <= 14:
                    continue
                if hand[base + number]:
                    # The natural card itself always extends a valid run (R7).
                    moves.append(LayOff(index, card_of_code(base + number), number))
                if rook and _laid_off(meld, ROOK, number, state) is not None:
                    moves.append(LayOff(index, ROOK, number))
        else:
            number = meld.number
            for code in range(number - 1, 56, 14):  # the four colours of the number
                if hand[code]:
                    moves.append(LayOff(index, card_of_code(code), number))
            if rook and _laid_off(meld, ROOK, number, state) is not None:
                moves.append(LayOff(index, ROOK, number))
    return moves


def _swaps(state: RookRound, seat: int) -> list[Move]:
    hand = state.hands[seat]
    return [
        Swap(index, natural(meld.colour, number))
        for index, meld in enumerate(state.table)
        if isinstance(meld, RunMeld)
        for number in meld.rooks
        if hand[natural(meld.colour, number).code]
    ]


def _keeps_rooks_playable(state: RookRound, move: Move) -> bool:
    """Whether after ``move`` every Rook owed by a swap can still be played (R14)."""
    trial = state.clone()
    apply_move(trial, move, Chance(0))
    if trial.owed_rooks == 0 or trial.is_round_over:
        return True
    return _rook_has_a_place(trial, state.turn_seat)


#: One shared (immutable) discard move per card code.
_DISCARDS = tuple(Discard(card_of_code(code)) for code in range(57))


def _play_moves(state: RookRound) -> list[Move]:
    seat = state.turn_seat
    assert seat is not None
    hand = state.hands[seat]
    moves: list[Move] = []
    swaps: list[Move] = []
    if state.lay_down_left is not None:
        moves = _lay_down_steps(state)
    else:
        if not state.down[seat]:
            moves += _lay_down_steps(state)
        else:
            if _may_lay_off(state, seat):
                moves += _lay_offs(state, seat)
            extra = state.went_down_this_turn and state.options.lay_down_extra_melds
            if state.owed_rooks or extra:
                moves += [
                    MeldDown(m)
                    for m in possible_melds(
                        hand, sets=True, runs=True, rules=state.options.meld_rules
                    )
                    if extra or m.cards()[-1].is_rook
                ]
        swaps = _swaps(state, seat)
        moves += swaps
        if state.owed_rooks == 0:
            out_by_discard = state.down[seat] and sum(hand) == 1
            if not (out_by_discard and state.no_out_by_discard):
                moves += [_DISCARDS[c] for c in range(57) if hand[c]]
    if state.owed_rooks or swaps:
        moves = [
            m
            for m in moves
            if not (state.owed_rooks or isinstance(m, Swap)) or _keeps_rooks_playable(state, m)
        ]
    if state.no_out_by_discard and not state.whole_hand:
        moves = [m for m in moves if _not_stuck_with_one_card(state, m)]
    return moves


def _would_strand_a_card(state: RookRound, move: Move) -> bool:
    """For a refusal: ``move`` is otherwise playable but would leave one unplayable card."""
    seat = state.turn_seat
    hand = state.hands[seat]
    if isinstance(move, LayOff):
        if not (_may_lay_off(state, seat) and hand[move.card.code]):
            return False
        if not 0 <= move.target < len(state.table):
            return False
        if _laid_off(state.table[move.target], move.card, move.number, state) is None:
            return False
    elif isinstance(move, MeldDown | LayDown):
        melds = (move.meld,) if isinstance(move, MeldDown) else move.melds
        rules = state.options.meld_rules
        if not all(m.is_valid(rules) for m in melds):
            return False
        if _minus(hand, tuple(c for m in melds for c in m.cards())) is None:
            return False
        if isinstance(move, LayDown) and not is_legal_lay_down_shape(state, move):
            return False
    else:
        return False
    return not _not_stuck_with_one_card(state, move)


def is_legal_lay_down_shape(state: RookRound, move: LayDown) -> bool:
    """Whether a whole lay-down has exactly the contract's melds (R11)."""
    contract = state.contract
    kinds = sorted(m.kind for m in move.melds)
    return kinds == sorted(["set"] * contract.sets + ["run"] * contract.runs)


def _not_stuck_with_one_card(state: RookRound, move: Move) -> bool:
    """R12 in round 11: no move may leave a player down with one card that cannot be played.

    Such a card could only be discarded, and going out by discarding is not
    allowed in round 11 (only reachable with ``last_round_whole_hand=False``).
    A step of a lay-down must therefore leave a next step that is playable
    too: every way to finish some lay-downs strands a card.
    """
    if isinstance(move, Discard):
        return True
    trial = state.clone()
    apply_move(trial, move, Chance(0))
    seat = state.turn_seat
    if trial.is_round_over:
        return True
    if trial.lay_down_left is not None:
        return bool(_play_moves(trial))  # each next step is checked the same way
    if not trial.down[seat] or sum(trial.hands[seat]) != 1:
        return True
    return bool(_lay_offs(trial, seat)) if _may_lay_off(trial, seat) else False


def is_legal_lay_down(state: RookRound, move: LayDown) -> bool:
    """Whether a whole lay-down given at once is legal now (R11, R12)."""
    if state.phase is not P.PLAY or state.lay_down_left is not None:
        return False
    seat = state.turn_seat
    assert seat is not None
    if state.down[seat]:
        return False
    if not is_legal_lay_down_shape(state, move):
        return False
    if not all(m.is_valid(state.options.meld_rules) for m in move.melds):
        return False
    rest = _minus(state.hands[seat], tuple(c for m in move.melds for c in m.cards()))
    if rest is None or (state.whole_hand and any(rest)):
        return False
    if state.owed_rooks and not _keeps_rooks_playable(state, move):
        return False
    return not (state.no_out_by_discard and not _not_stuck_with_one_card(state, move))


# ---------------------------------------------------------------- applying moves


def apply_move(state: RookRound, move: Move, chance: Chance) -> None:
    """Change ``state`` by ``move``, which must be legal (listed, or an accepted lay-down)."""
    seat = state.current_player
    assert seat is not None
    state.note_public(seat, move)  # bookkeeping: cards that became known (observations)
    if isinstance(move, Draw):
        turn = state.turn_seat
        if state.discards:
            state.pending = [
                s
                for s in seats_from(left_of(turn, state.players), state.players)
                if s != turn and _may_buy(state, s)
            ]
        if state.pending:
            state.phase = P.BUY
            state.current_player = state.pending[0]
        else:
            _complete_draw(state, chance)
    elif isinstance(move, Take):
        state.hands[seat][state.discards.draw().code] += 1
        state.phase = P.PLAY
    elif isinstance(move, Buy):
        state.hands[seat][state.discards.draw().code] += 1
        state.buys[seat] += 1
        state.pending = []
        penalty = _draw_card(state, chance)
        if penalty is not None:
            state.hands[seat][penalty.code] += 1
            state.note_stock_draw(seat, penalty)  # bookkeeping (observations)
            _complete_draw(state, chance)
    elif isinstance(move, Pass):
        state.pending.pop(0)
        if state.pending:
            state.current_player = state.pending[0]
        else:
            _complete_draw(state, chance)
    elif isinstance(move, MeldDown):
        _meld(state, seat, move.meld)
    elif isinstance(move, LayDown):
        for meld in move.melds:
            _meld(state, seat, meld)
    elif isinstance(move, LayOff):
        grown = _laid_off(state.table[move.target], move.card, move.number, state)
        assert grown is not None
        state.hands[seat][move.card.code] -= 1
        state.table[move.target] = grown
        if move.card.is_rook and state.owed_rooks:
            state.owed_rooks -= 1
            state.owed_before_down = state.owed_before_down and state.owed_rooks > 0
        _check_out(state, seat)
    elif isinstance(move, Swap):
        run = state.table[move.target]
        assert isinstance(run, RunMeld)
        state.table[move.target] = RunMeld(
            run.colour, run.low, run.high, tuple(n for n in run.rooks if n != move.card.number)
        )
        state.hands[seat][move.card.code] -= 1
        state.hands[seat][ROOK_CODE] += 1
        state.owed_rooks += 1
        state.owed_before_down = state.owed_before_down or not state.down[seat]
    elif isinstance(move, Discard):
        state.hands[seat][move.card.code] -= 1
        state.discards.put(move.card)
        if not _check_out(state, seat):
            _start_turn(state, left_of(seat, state.players))
    else:  # pragma: no cover - legal_moves lists no other kind
        raise TypeError(f"not a Rook move: {move!r}")


def _may_buy(state: RookRound, seat: int) -> bool:
    """R10: buy limit and whether players who are down may buy."""
    limit = state.options.buy_limit
    if limit is not None and state.buys[seat] >= limit:
        return False
    return state.options.down_players_may_buy or not state.down[seat]


def _meld(state: RookRound, seat: int, meld: Meld) -> None:
    removed = _remove(state.hands[seat], meld.cards())
    assert removed
    state.table.append(meld)
    state.owners.append(seat)
    rooks = len(meld.rooks) if isinstance(meld, RunMeld) else meld.rooks
    state.owed_rooks = max(0, state.owed_rooks - rooks)
    state.owed_before_down = state.owed_before_down and state.owed_rooks > 0
    if not state.down[seat]:
        sets, runs = _remaining_contract(state)
        left = (sets - (meld.kind == "set"), runs - (meld.kind == "run"))
        if left == (0, 0):
            state.down[seat] = True
            state.went_down_this_turn = True
            state.lay_down_left = None
        else:
            state.lay_down_left = left
    _check_out(state, seat)


def _check_out(state: RookRound, seat: int) -> bool:
    """R12: a player who is down with no card left goes out; the round ends."""
    if state.down[seat] and not any(state.hands[seat]):
        state.went_out = seat
        _end_round(state, "out")
        return True
    return False


def _draw_card(state: RookRound, chance: Chance) -> Card | None:
    """Draw from the draw pile, rebuilding it once if empty (R16); None ends the round."""
    if not state.stock:
        limit = state.options.stock_rebuilds
        if (limit is None or state.rebuilds < limit) and len(state.discards) > 1:
            cards = state.discards.take_all_but_top()
            state.note_rebuild(cards)  # bookkeeping: the rebuilt cards are public
            chance.shuffle(cards)
            state.stock = Pile(cards)
            state.rebuilds += 1
        else:
            _end_round(state, "stock")
            return None
    return state.stock.draw()


def _complete_draw(state: RookRound, chance: Chance) -> None:
    card = _draw_card(state, chance)
    if card is None:
        return
    turn = state.turn_seat
    state.hands[turn][card.code] += 1
    state.note_stock_draw(turn, card)  # bookkeeping (observations)
    state.pending = []
    state.phase = P.PLAY
    state.current_player = turn


def _start_turn(state: RookRound, seat: int) -> None:
    state.turn_seat = seat
    state.current_player = seat
    state.phase = P.DRAW
    state.lay_down_left = None
    state.went_down_this_turn = False
    state.owed_rooks = 0
    state.owed_before_down = False


def _end_round(state: RookRound, ended_by: str) -> None:
    state.ended_by = ended_by
    state.phase = P.OVER
    state.current_player = None
    state.pending = []


# ---------------------------------------------------------------- explaining refusals


def explain_illegal(state: RookRound, move: Move, rounds: int) -> IllegalMoveError:
    """The error for a move that is not legal now, naming the rule.

    Args:
        state: the round.
        move: the refused move.
        rounds: rounds in the match (to tell a finished match, R19).
    """
    seat = state.current_player

    def error(rule: str, message: str) -> IllegalMoveError:
        return IllegalMoveError(rule, message, move=move, seat=seat)

    phase = state.phase
    if phase is P.OVER:
        return (
            error("R19", "the match is over")
            if state.round + 1 >= rounds
            else error("R12", "the round is over")
        )
    if phase is P.DRAW:
        if isinstance(move, Take):
            return error("R9", "the discard pile is empty")
        return error("R9", f"{move} is not possible now: draw or take the discard first")
    if phase is P.BUY:
        return error("R10", f"{move} is not possible now: buy or pass")
    assert seat is not None
    hand = state.hands[seat]
    if isinstance(move, Draw | Take):
        return error("R9", "you have already drawn this turn")
    if isinstance(move, Buy | Pass):
        return error("R10", "there is no discard on offer")
    rules = state.options.meld_rules
    if state.no_out_by_discard and _would_strand_a_card(state, move):
        return error(
            "R12",
            "that would leave one card you cannot play, and in round 11 no one goes out "
            "by discarding",
        )
    if isinstance(move, MeldDown | LayDown):
        melds = (move.meld,) if isinstance(move, MeldDown) else move.melds
        for meld in melds:
            if not meld.is_valid(rules):
                # R7/R8, with their interpretation of how many Rooks a meld may hold.
                rule = "R7" if meld.kind == "run" else "R8"
                return error(
                    rule, f"{meld} is not a valid {meld.kind} (too short or too few natural cards)"
                )
        rest = _minus(hand, tuple(c for m in melds for c in m.cards()))
        if rest is None:
            return error("R11", "you do not hold those cards")
        contract = state.contract
        wanted = sorted(["set"] * contract.sets + ["run"] * contract.runs)
        if isinstance(move, LayDown) and sorted(m.kind for m in melds) != wanted:
            return error("R11", f"the first lay-down is exactly the contract: {contract}")
        if state.whole_hand and isinstance(move, LayDown) and any(rest):
            return error("R12", "in this round the lay-down must use every card in hand at once")
        if state.down[seat] and not state.went_down_this_turn:
            return error(
                "R11", "after laying down, make no new melds (except to play a swapped Rook)"
            )
        if state.owed_rooks:
            return error("R14", "the Rook taken by the swap must still be playable this turn")
        if state.whole_hand and not state.down[seat]:
            return error(
                "R12", f"lay down {contract} using every card in hand, or nothing this round"
            )
        return error("R11", f"the first lay-down is exactly the contract: {contract}")
    if isinstance(move, LayOff):
        if not state.down[seat]:
            return error("R11", "lay off only after laying down the contract")
        if not _may_lay_off(state, seat):
            return error("R11", "lay off only from the turn after laying down")
        if not hand[move.card.code]:
            return error("R11", f"you do not hold {move.card}")
        if not 0 <= move.target < len(state.table):
            return error("R11", f"there is no meld {move.target} on the table")
        return error(
            "R13" if move.card.is_rook else "R11",
            f"{move.card} does not fit meld {move.target} that way",
        )
    if isinstance(move, Swap):
        if not 0 <= move.target < len(state.table):
            return error("R14", f"there is no meld {move.target} on the table")
        if isinstance(state.table[move.target], SetMeld):
            return error("R15", "a Rook in a set can never be taken back")
        if not hand[move.card.code]:
            return error("R14", f"you do not hold {move.card}")
        return error(
            "R14", "that Rook does not stand for this card, or it could not be played this turn"
        )
    if isinstance(move, Discard):
        if state.lay_down_left is not None:
            return error("R11", "finish the lay-down first: all of the contract in one turn")
        if state.owed_rooks:
            return error("R14", "play the Rook you took in a swap before the turn ends")
        if not hand[move.card.code]:
            return error("R12", f"you do not hold {move.card}")
        return error("R12", "in round 11 no one goes out by discarding")
    return error("R9", f"{move} is not possible now")


def reveals(before: RookRound, move: Move, after: RookRound) -> bool:
    """Whether ``move`` shows anyone a card hidden from them before (for take-backs).

    Any card drawn from the draw pile (the turn's draw, a buyer's penalty card)
    and any card played from a hand onto the table or the discard pile is
    revealed; taking the discard, or declining a buy that does not end the
    offers, is not.
    """
    if isinstance(move, Take):
        return False
    if isinstance(move, Draw | Pass):
        return after.phase is not P.BUY and after.hands != before.hands
    return True
