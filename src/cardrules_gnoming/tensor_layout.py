"""The planes of Gnoming A Round's observation tensor: names, shapes and meanings.

The layout depends only on the game's configuration: ``P`` players, the deck's
``K`` card kinds, the number of rounds. Card kinds are numbered in the order of
the game's deck composition (``game.deck.counts``; the default deck, G2, gives
``1 .. 12, -1 .. -5, H, M``: ``K = 19``). Seats are *relative* to the observer:
row ``r`` of a per-seat plane is seat ``(observer + r) % P``, so row 0 is the
observer and row 1 the seat to its left (the next to play after it).
`cardrules_gnoming.tensor` fills the planes.
"""

from __future__ import annotations

from cardrules.engine import Game
from cardrules.information.tensor_layout import RELATIVE_SEATS, TensorLayout, turn_planes
from cardrules_gnoming.cards import Card
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.state import GnomingPhase

__all__ = ["ENDINGS", "PHASES", "SCORE_SCALE", "SOURCES", "card_kinds", "layout"]

#: Scores are divided by this in the ``scores`` plane.
SCORE_SCALE = 100.0
#: The phases in the order of the ``phase`` one-hot.
PHASES: tuple[GnomingPhase, ...] = tuple(GnomingPhase)
#: The sources of a drawn card in the order of the ``held_from`` one-hot.
SOURCES: tuple[str | int, ...] = (STOCK, 0, 1)
#: The ways a round ends, in the order of the ``ended_by`` one-hot.
#: Any other ``ended_by`` (a variant's move ended the round) is the last, ``"variant"``.
ENDINGS: tuple[str, ...] = ("ender", "stock", "variant")


def card_kinds(game: Game) -> tuple[Card, ...]:
    """The card kinds of the game's deck, in tensor order (``game.deck.counts`` order).

    Examples:
        >>> from cardrules import new_game
        >>> kinds = card_kinds(new_game("gnoming-a-round", players=3, seed=1).game)
        >>> len(kinds), str(kinds[0]), str(kinds[-2]), str(kinds[-1])
        (19, '1', 'H', 'M')
    """
    return tuple(card for card, _ in game.deck.counts)


def layout(game: Game) -> TensorLayout:
    """The planes of the observation tensor for this game's configuration.

    Shapes use ``P`` = players, ``K`` = card kinds (`card_kinds`), ``R`` = rounds.
    """
    players = game.players
    kinds = len(card_kinds(game))
    deck = game.deck.size
    seat = RELATIVE_SEATS
    return TensorLayout.build(
        [
            (
                "layouts",
                (players, 9, kinds + 1),
                f"per seat ({seat}), per position 0-8 row by row: one-hot of the face-up "
                f"card's kind (channels 0..K-1), or channel K = 1 if the card is face down; "
                "each position sums to 1",
            ),
            (
                "held",
                (kinds + 1,),
                "the card in hand: one-hot of its kind if the observer sees it, or channel "
                "K = 1 if a card drawn from the draw pile is held that only the drawer sees; "
                "all 0 when no card is held",
            ),
            (
                "held_from",
                (3,),
                "one-hot of where the held card was drawn from: draw pile, discard pile 0, "
                "discard pile 1; all 0 when no drawn card is held (none, or a displaced card)",
            ),
            (
                "discard_top",
                (2, kinds),
                "per discard pile 0, 1: one-hot of its top card's kind; all 0 if the pile is empty",
            ),
            (
                "discard_under",
                (2, kinds),
                "per discard pile 0, 1: one-hot of the kind of the card under its top card "
                "(the next top once the top is taken); all 0 if the pile holds under 2 cards",
            ),
            (
                "discard_counts",
                (2, kinds),
                "per discard pile 0, 1: cards of each kind in the pile (whole numbers, "
                "0 to the deck's copies of the kind)",
            ),
            (
                "out_of_play",
                (kinds,),
                "cards of each kind removed from the game (discarded or start-pile Hazards, "
                "G15, G5; earlier rounds' included unless hazards_return_each_round), "
                "whole numbers",
            ),
            (
                "draw_pile_known",
                (1,),
                "1 if the draw pile's cards are known (it was rebuilt from seen cards, G8), else 0",
            ),
            (
                "draw_pile_counts",
                (kinds,),
                "when draw_pile_known: cards of each kind in the draw pile, with a card drawn "
                "from it that is held hidden from the observer; else all 0 (whole numbers)",
            ),
            (
                "draw_pile_hazards",
                (1,),
                "Hazards known to be in the draw pile (or the hidden held card): shuffled "
                "back while starting a discard pile (G5 option), whole number",
            ),
            (
                "unseen",
                (kinds,),
                "cards of each kind the observer does not see anywhere: the deck's copies less "
                "face-up layout cards, discard piles, cards out of play and a visible held card "
                "(so: face-down cards, the draw pile, a hidden held card); whole numbers >= 0",
            ),
            (
                "draw_pile_size",
                (1,),
                f"cards left in the draw pile / deck size ({deck}), in [0, 1]",
            ),
            *turn_planes(PHASES, players, "all 0 while the players choose their reveals (G6)"),
            (
                "ender",
                (players,),
                f"one-hot of the seat that ended the round, G17 ({seat}); all 0 if none yet",
            ),
            (
                "starter",
                (players,),
                f"one-hot of the seat that took the round's first turn, G7 ({seat})",
            ),
            (
                "pending",
                (players,),
                f"1 for each seat still to choose its reveals (G6) or to be offered a flip "
                f"after a Hazard discard (G15), per seat ({seat})",
            ),
            (
                "ended_by",
                (3,),
                "one-hot of how the round ended: [an ender (G17), the draw pile (G8), a "
                "variant's move ended it]; all 0 while playing",
            ),
            (
                "final_turns",
                (2,),
                "[turns still due after the ender's (G17), face-up Mulligans in the turn "
                "player's layout when the turn began (G13)], whole numbers",
            ),
            (
                "filled_positions",
                (9,),
                "1 for each position of the turn player's layout that received a card this "
                "turn (G12), else 0",
            ),
            (
                "kept_hazard",
                (1,),
                "1 if the turn player drew a Hazard this turn and placed it (G14 option "
                "hazard_drawer_need_not_restart), else 0",
            ),
            ("round", (game.rounds,), "one-hot of the round index, 0 to R-1"),
            (
                "rebuilds",
                (2,),
                "[draw-pile rebuilds so far this round (whole number), 1 if another rebuild "
                "is allowed by draw_pile_rebuilds (G8) else 0]",
            ),
            (
                "scores",
                (players,),
                f"total score over the finished rounds / {SCORE_SCALE:g} per seat ({seat}); "
                "lower is better; not clipped (with the default deck and options one round "
                "adds -0.77 to 1.07)",
            ),
        ]
    )
