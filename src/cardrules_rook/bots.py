"""A greedy Toonerville Rook bot that sees only its observation.

It goes down as soon as it can (with the lay-down leaving the fewest points),
lays off what it can, takes or buys cards that help, and discards its most
costly card that helps least. It weighs only moves it could complete
legally: a card counts as fitting the table only where the engine would let it
be laid off (`cardrules_rook.play.grown_meld`, the game's meld rules). Under
the ``knock`` variant it knocks whenever it may: a knock scores it 0, the best
a round can give.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules.model.moves import Move
from cardrules.plugins.window_views import declining
from cardrules.plugins.windows import window_view
from cardrules_rook.cards import Card
from cardrules_rook.knock import Knock
from cardrules_rook.melds import RunMeld
from cardrules_rook.moves import Buy, Discard, Draw, LayOff, MeldDown, Pass, Swap, Take
from cardrules_rook.observation import RookObservation
from cardrules_rook.play import grown_meld
from cardrules_rook.search import FoundLayDown, find_lay_down
from cardrules_rook.state import RookPhase

__all__ = ["GreedyBot"]

P = RookPhase
KNOCK = Knock()

#: A hand as natural cards per number (15, index 0 unused) and cards per code (57).
_HandShape = tuple[list[int], list[int]]


def _shape(hand: Sequence[Card]) -> _HandShape:
    """Count a hand once, for `GreedyBot._usefulness` (Rooks are left out)."""
    by_number = [0] * 15
    by_code = [0] * 57
    for card in hand:
        if not card.is_rook:
            by_number[card.number] += 1
            by_code[card.code] += 1
    return by_number, by_code


class GreedyBot:
    """Greedy play for Toonerville Rook.

    Args:
        seed: seeds tie-breaking.
        max_hand_for_buying: buy only while holding fewer cards than this many
            above the round's hand size.
    """

    def __init__(self, seed: int | None = None, *, max_hand_for_buying: int = 4) -> None:
        self._rng = random.Random(seed)
        self._max_extra = max_hand_for_buying

    # -- judging cards -----------------------------------------------------

    @staticmethod
    def _remaining(obs: RookObservation) -> tuple[int, int]:
        if obs.lay_down_left is not None:
            return obs.lay_down_left
        return obs.contract.sets, obs.contract.runs

    def _lay_down(self, obs: RookObservation, hand: Sequence[Card]) -> FoundLayDown | None:
        sets, runs = self._remaining(obs)
        return find_lay_down(
            hand,
            sets=sets,
            runs=runs,
            whole_hand=obs.whole_hand,
            rules=obs.meld_rules,
            points=obs.card_points,
        )

    @staticmethod
    def _fits_table(obs: RookObservation, card: Card) -> bool:
        """Whether ``card`` could be laid off on a table meld (R11, R13).

        The engine's own test (`cardrules_rook.play.grown_meld`) under the
        game's meld rules, so a Rook counts only where the Rooks-per-meld
        rules (R8) or a variant let it go.
        """
        rules = obs.meld_rules
        for meld in obs.table:
            if not card.is_rook:
                numbers: tuple[int, ...] = (card.number,)
            elif isinstance(meld, RunMeld):
                numbers = (meld.low - 1, meld.high + 1)
            else:
                numbers = (meld.number,)
            if any(grown_meld(meld, card, n, rules) is not None for n in numbers):
                return True
        return False

    def _usefulness(self, obs: RookObservation, card: Card, shape: _HandShape) -> int:
        """How many other cards of the hand (as its `_shape`) this card could meld with.

        A card of the same number counts 2 (towards a set), one of the same
        colour at most two numbers away 1 (towards a run); copies of the card
        itself count for neither.
        """
        if card.is_rook:
            return 10
        sets, runs = self._remaining(obs)
        by_number, by_code = shape
        useful = 0
        if sets:
            useful += 2 * (by_number[card.number] - by_code[card.code])
        if runs:
            for step in (-2, -1, 1, 2):
                if 1 <= card.number + step <= 14:
                    useful += by_code[card.code + step]
        return useful

    def _discard_cost(self, obs: RookObservation, card: Card, shape: _HandShape) -> float:
        """How much the bot would like to get rid of ``card`` (higher: sooner)."""
        keep = 100 if card.is_rook else 0
        fit = 20 if obs.down[obs.seat] and self._fits_table(obs, card) else 0
        return obs.card_points[card.code] - 4 * self._usefulness(obs, card, shape) - keep - fit

    def _wants(self, obs: RookObservation, card: Card) -> bool:
        if obs.down[obs.seat]:
            return self._fits_table(obs, card)
        hand = list(obs.hand)
        if self._lay_down(obs, hand) is None and self._lay_down(obs, [*hand, card]) is not None:
            return True
        if card.is_rook:
            return True
        # Never take a card only to discard it again (that would stall the game).
        grown = [*hand, card]
        shape = _shape(grown)
        worst = max(grown, key=lambda c: self._discard_cost(obs, c, shape))
        return worst != card and self._usefulness(obs, card, _shape(hand)) >= 2

    # -- choosing ----------------------------------------------------------

    def choose(self, observation: RookObservation) -> Move:
        """Return a legal move by the greedy policy."""
        obs = observation
        if window_view(obs) is not None:
            return declining(obs)  # a window asks this seat (cardrules.plugins.windows)
        moves = obs.legal_moves
        top = obs.discard_pile[-1] if obs.discard_pile else None
        if obs.phase is P.DRAW:
            return (
                Take() if Take() in moves and top is not None and self._wants(obs, top) else Draw()
            )
        if obs.phase is P.BUY:
            room = len(obs.hand) < obs.contract.cards + self._max_extra
            wanted = top is not None and not obs.down[obs.seat] and room and self._wants(obs, top)
            return Buy() if wanted else Pass()
        steps = [m for m in moves if isinstance(m, MeldDown)]
        if steps:
            found = self._lay_down(obs, list(obs.hand))
            if found is not None:
                planned = set(found.melds)
                for step in steps:
                    if step.meld in planned:
                        return step
            return steps[0]
        if KNOCK in moves:
            return KNOCK
        lay_offs = [m for m in moves if isinstance(m, LayOff)]
        if lay_offs:
            return max(lay_offs, key=lambda m: (obs.card_points[m.card.code], -m.target))
        discards = [m for m in moves if isinstance(m, Discard)]
        if discards:
            shape = _shape(obs.hand)

            def cost(move: Discard) -> tuple[float, float]:
                return (self._discard_cost(obs, move.card, shape), self._rng.random())

            return max(discards, key=cost)
        swaps = [m for m in moves if isinstance(m, Swap)]
        return swaps[0] if swaps else moves[0]
