"""Sampling a Gnoming A Round round consistent with one seat's observation.

Face-up cards, the discard piles, the cards out of play and a held card the
observer sees stay where they are; the unseen cards (the game's deck less all
those) are dealt at random to the face-down positions (the observer's own
included, G4), the draw pile and a held card hidden from the observer. After a
rebuild (G8) the draw pile with that held card gets exactly its known cards.
"""

from __future__ import annotations

import random
from collections import Counter

from cardrules.engine import Game
from cardrules.errors import ObservationMismatchError
from cardrules.information.determinize import as_observed, deck_less
from cardrules.model.piles import Pile
from cardrules.plugins.windows import open_window
from cardrules_gnoming.cards import Card
from cardrules_gnoming.hidden import deal_unseen
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.observation import GnomingObservation
from cardrules_gnoming.rulebook import rulebook_of
from cardrules_gnoming.rules import AFTER_HAZARD
from cardrules_gnoming.state import GnomingPhase, GnomingRound, Layout

__all__ = ["determinize", "unseen_cards"]

#: The round's fields an observation shows as they are, under the same names.
_AS_OBSERVED = (
    "phase",
    "turn_seat",
    "current_player",
    "kept_hazard",
    "mulligans_at_turn_start",
    "ender",
    "final_turns_left",
    "rebuilds",
    "ended_by",
)


def unseen_cards(game: Game, observation: GnomingObservation) -> list[Card]:
    """The cards the observer has not seen: the game's deck less every card in sight.

    In sight: face-up layout cards, the discard piles, the cards out of play
    (removed from the game, in this round or earlier ones, G15) and the held
    card when the observer sees it. The unseen cards fill the
    face-down positions, the draw pile and a held card hidden from the
    observer. Returned in the deck's order.

    Raises:
        ObservationMismatchError: the observation shows more of a card than the deck holds.
    """
    seen = Counter(card for layout in observation.layouts for card in layout if card is not None)
    seen.update(observation.discard_piles[0])
    seen.update(observation.discard_piles[1])
    seen.update(observation.out_of_play)
    if observation.held_card is not None:
        seen[observation.held_card] += 1
    return deck_less(game.deck, seen)


def determinize(game: Game, observation: GnomingObservation, rng: random.Random) -> GnomingRound:
    """Gnoming's ``cardrules_determinize``: a new `GnomingRound` that ``observation.seat``
    (of ``game``) observes as ``observation``, its hidden cards sampled with ``rng``.

    Every card in sight is where it was seen; the unseen cards
    (`unseen_cards`) are dealt at random to the face-down positions, the
    draw pile and a held card hidden from the observer, keeping
    ``draw_pile_cards`` (after a rebuild) and ``draw_pile_hazards``. The
    draw pile's order is uniform. That holds for a Hazard shuffled back
    while starting a discard pile (G5) too: it goes under at least one
    card, but the next card is turned up before the deal ends, and once
    that card is off, the Hazard's place in the pile is uniform.
    (``draw_pile_hazards`` is a lower bound: when a Hazard turned up could
    be one shuffled back before, more Hazards than that may be in the
    pile, and samples do not weigh that chance exactly.)

    Raises:
        ObservationMismatchError: the observation is of another game or player
            count, or contradicts itself or the game's deck (a ``ValueError``).
    """
    game.check_observation(observation, GnomingObservation)
    peeked = {(fact.place[1], fact.position): fact.card for fact in observation.known}
    unseen = unseen_cards(game, observation)
    for card in peeked.values():  # a card the observer knows is dealt where it is known
        if card not in unseen:
            raise ObservationMismatchError(f"a known {card} is not among the unseen cards")
        unseen.remove(card)
    face_down = sum(card is None for layout in observation.layouts for card in layout)
    hidden_held = observation.held_card is None and observation.held_from == STOCK
    down, pile = deal_unseen(
        unseen,
        face_down - len(peeked),
        observation.draw_pile_cards,
        observation.draw_pile_hazards,
        rng,
    )
    if len(pile) != observation.draw_pile_size + hidden_held:
        raise ObservationMismatchError(
            f"{len(pile)} unseen cards left for a draw pile of {observation.draw_pile_size}"
            + (" and a hidden held card" if hidden_held else "")
        )
    dealt = iter(down)
    layouts = [
        Layout(
            [
                (peeked[seat, p] if (seat, p) in peeked else next(dealt)) if card is None else card
                for p, card in enumerate(layout)
            ],
            [card is not None for card in layout],
        )
        for seat, layout in enumerate(observation.layouts)
    ]
    held = pile.pop() if hidden_held else observation.held_card
    state = GnomingRound(
        game.options,
        observation.players,
        observation.round,
        observation.starter,
        layouts,
        Pile(pile),
        (Pile(observation.discard_piles[0]), Pile(observation.discard_piles[1])),
        list(observation.out_of_play),
        rulebook_of(game),
    )
    as_observed(state, observation, _AS_OBSERVED)
    state.held = held
    state.drawn_from = observation.held_from
    state.filled = sum(1 << p for p in observation.filled_positions)
    if observation.phase is GnomingPhase.FLIP:  # the game's window asks the rest (G15)
        asking = tuple(observation.pending)
        open_window(game, state, AFTER_HAZARD, state.turn_seat, asking=asking)
    else:
        state.pending = list(observation.pending)
    state.draw_pile_known = observation.draw_pile_cards is not None or not state.rebuilds
    known = observation.draw_pile_hazards
    if known and not hidden_held and observation.held_from == STOCK:
        assert held is not None
        # The observer drew a Hazard it sees: the round counts it with the pile's.
        known += held.is_hazard
    state.stock_hazards = known
    return state
