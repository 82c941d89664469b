"""A greedy Gnoming A Round bot that sees only its observation.

It estimates its layout's score with every face-down card worth the mean of
the cards it has not seen, and takes the move that lowers that estimate most.
It weighs only moves it could complete legally: a card on a discard pile is
judged by the positions the rules would let it take there (G13: never a
Mulligan the limit forbids placing), so it never takes a card only to throw it
back.
It scores by the rules of the game it plays, variants included: the
observation carries the game's `cardrules_gnoming.rulebook.Rulebook`, whose
lines (G19), line matches and points (G19, G20) and card points (G21, G22) the
estimate uses. Under the bundled ``knock`` variant it knocks when the game's
own G23 rule (`cardrules_gnoming.hookspecs.gnoming_ender_adjustment`), applied
to the estimated layouts, says it would take the bonus even after every other
player has improved by ``knock_margin`` in their last turn.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from cardrules.model.decks import DeckComposition
from cardrules.model.moves import Move
from cardrules.plugins.window_views import declining
from cardrules.plugins.windows import window_view
from cardrules_gnoming.cards import Card
from cardrules_gnoming.deck import DEFAULT_DECK
from cardrules_gnoming.house_rules.knock import Knock
from cardrules_gnoming.moves import STOCK, Bounce, Discard, Draw, Flip, Place, Reveal
from cardrules_gnoming.observation import GnomingObservation
from cardrules_gnoming.options import GnomingOptions
from cardrules_gnoming.rulebook import Rulebook
from cardrules_gnoming.rules import mulligan_fits
from cardrules_gnoming.scoring import LINES, line_match_value
from cardrules_gnoming.state import GnomingPhase, RoundRules

__all__ = ["GreedyBot", "estimate_layout"]

P = GnomingPhase


def _card_points(card: Card, hazard_points: int) -> float:
    if card.is_number:
        return float(card.value)
    return float(hazard_points) if card.is_hazard else 0.0


@functools.lru_cache(maxsize=16)
def _plain_rules(hazard_points: int) -> Rulebook:
    return Rulebook(GnomingOptions(hazard_points=hazard_points))


def estimate_layout(
    layout: Sequence[Card | None],
    unknown: float,
    *,
    hazard_points: int = 10,
    rules: RoundRules | None = None,
) -> float:
    """Estimated score of a layout where ``None`` marks a face-down card.

    Known cards score as the game scores them; a line holding a face-down card
    never matches, and each face-down card counts ``unknown`` points.

    Args:
        layout: nine entries, positions 0-8 row by row; ``None`` where face down.
        unknown: the points a face-down card is expected to score.
        hazard_points: points of a Hazard (G22), when ``rules`` is not given.
        rules: the game's rules, variants included (``observation.rules``):
            its lines, line matches and points and card points are used, and a
            layout with no face-down card scores exactly as the game scores it
            (`cardrules_gnoming.hookspecs.gnoming_layout_score`). Default: the
            game's own rules with ``hazard_points``.

    Returns:
        The estimate (lower is better).
    """
    if rules is not None and not rules.default_scoring:
        return _estimate_by_rules(layout, unknown, rules)
    if rules is not None:
        hazard_points = rules.options.hazard_points
    score = 0.0
    in_match = [False] * 9
    for line in LINES:
        cards = [layout[p] for p in line]
        if any(c is None for c in cards):
            continue
        value = line_match_value(cards)  # type: ignore[arg-type]
        if value is not None:
            score -= value
            for p in line:
                in_match[p] = True
    for p, card in enumerate(layout):
        if card is None:
            score += unknown
        elif not (card.is_positive and in_match[p]):
            score += _card_points(card, hazard_points)
    return score


def _estimate_by_rules(layout: Sequence[Card | None], unknown: float, rules: RoundRules) -> float:
    """`estimate_layout` through the rule points of a game whose variants change scoring."""
    if None not in layout:
        return float(rules.layout_score(layout))  # type: ignore[arg-type]
    score = 0.0
    matched = [False] * 9
    for line in rules.lines:
        cards = [layout[p] for p in line]
        if None in cards:
            continue
        value = rules.line_match(line, cards)  # type: ignore[arg-type]
        if value is not None:
            score += rules.line_points(line, cards, value)  # type: ignore[arg-type]
            for p in line:
                matched[p] = True
    for p, card in enumerate(layout):
        score += unknown if card is None else rules.card_points(card, matched[p])
    return score


class GreedyBot:
    """One-step greedy play for Gnoming A Round.

    Args:
        seed: seeds tie-breaking among equally good moves.
        deck: the composition in play, to count unseen cards; default: the
            deck of the game the observation's rules belong to (a variant's
            deck included, ``cardrules_deck``), else the G2 deck.
        hazard_points: points of a Hazard in a layout (G22), for observations
            that carry no rules (``observation.rules is None``); otherwise the
            bot scores by the observation's rules, variants included.
        take_threshold: take a discard only if it lowers the estimate by this much.
        knock_margin: extra turns' worth of gain to credit the other players
            with when judging a knock (more: knocks less often).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        deck: DeckComposition[Card] | None = None,
        hazard_points: int = 10,
        take_threshold: float = 2.5,
        knock_margin: float = 0.0,
    ) -> None:
        self._rng = random.Random(seed)
        self._deck = deck
        self._hazard_points = hazard_points
        self._take_threshold = take_threshold
        self._knock_margin = knock_margin

    def _rules(self, obs: GnomingObservation) -> RoundRules:
        return obs.rules if obs.rules is not None else _plain_rules(self._hazard_points)

    def _deck_of(self, obs: GnomingObservation) -> DeckComposition[Card]:
        """The deck given, else the observed game's own (G2), else the G2 deck."""
        if self._deck is not None:
            return self._deck
        game = getattr(obs.rules, "game", None)
        deck = getattr(game, "deck", None)
        return deck if isinstance(deck, DeckComposition) else DEFAULT_DECK

    def _unknown_value(self, obs: GnomingObservation, rules: RoundRules) -> float:
        remaining = self._deck_of(obs).as_dict()
        seen: list[Card] = [c for layout in obs.layouts for c in layout if c is not None]
        seen += [*obs.discard_piles[0], *obs.discard_piles[1], *obs.out_of_play]
        if obs.held_card is not None:
            seen.append(obs.held_card)
        for card in seen:
            if remaining.get(card, 0) > 0:
                remaining[card] -= 1
        total = sum(remaining.values())
        if total == 0:
            return 5.0
        if rules.default_scoring:
            hazard = rules.options.hazard_points
            return sum(_card_points(c, hazard) * n for c, n in remaining.items()) / total
        return sum(rules.card_points(c, False) * n for c, n in remaining.items()) / total

    def _best_position(
        self,
        obs: GnomingObservation,
        card: Card,
        positions: Sequence[int],
        unknown: float,
        rules: RoundRules,
    ) -> tuple[float, int]:
        layout = list(obs.own_layout)
        before = estimate_layout(layout, unknown, rules=rules)
        best: tuple[float, int] | None = None
        for p in positions:
            trial = layout.copy()
            trial[p] = card
            delta = estimate_layout(trial, unknown, rules=rules) - before
            if best is None or delta < best[0]:
                best = (delta, p)
        assert best is not None
        return best

    @staticmethod
    def _places(obs: GnomingObservation, card: Card, rules: RoundRules) -> list[int]:
        """The positions ``card``, once drawn, could legally be placed at (G13's Mulligan limit).

        The engine's own test (`cardrules_gnoming.rules.mulligan_fits`) on the
        observed layout: a take is judged only by placements it could make.
        """
        if not card.is_mulligan:
            return list(range(9))
        limit = rules.options.mulligan_limit
        at_start = obs.mulligans_at_turn_start
        return [p for p in range(9) if mulligan_fits(obs.own_layout, p, limit, at_start)]

    def _knock_pays(self, obs: GnomingObservation, rules: RoundRules, unknown: float) -> bool:
        """Would a knock now take G23's bonus and leave this seat better placed than playing on?

        Each layout is estimated as it stands (`estimate_layout`) and with the
        gain a turn brings it (its best card to replace, replaced by an average
        one). Knocking: the others take that gain once (their last turn), plus
        ``knock_margin`` turns' worth, this seat none. Playing on: everyone
        takes it once per turn left (about the face-down cards a layout still
        holds), the others once more. G23's adjustment comes from the game's
        own rule point (`gnoming_ender_adjustment`). The bot knocks when the
        knock earns the bonus and leaves it further below (or less far above)
        the best other score than playing on.
        """
        seat = obs.seat
        now = [estimate_layout(layout, unknown, rules=rules) for layout in obs.layouts]
        gain = [
            self._turn_gain(layout, estimate, unknown, rules)
            for layout, estimate in zip(obs.layouts, now, strict=True)
        ]
        # Turns left if nobody knocks: about the face-down cards a layout still has.
        turns = max(1, round(sum(layout.count(None) for layout in obs.layouts) / obs.players))

        def standing(others_turns: float, own_turns: int) -> tuple[int, float]:
            scores = [
                now[s] - gain[s] * (own_turns if s == seat else others_turns)
                for s in range(obs.players)
            ]
            adjustment = rules.ender_adjustment(tuple(round(x) for x in scores), seat)
            return adjustment, scores[seat] + adjustment - min(
                x for s, x in enumerate(scores) if s != seat
            )

        bonus, knocked = standing(1 + self._knock_margin, 0)
        return bonus < 0 and knocked < standing(turns + 1, turns)[1]

    @staticmethod
    def _turn_gain(
        layout: Sequence[Card | None], estimate: float, unknown: float, rules: RoundRules
    ) -> float:
        """What one turn is worth to a layout: its best card replaced by an average one."""
        best = 0.0
        for p, card in enumerate(layout):
            if card is not None:
                trial = list(layout)
                trial[p] = None
                best = max(best, estimate - estimate_layout(trial, unknown, rules=rules))
        return best

    def choose(self, observation: GnomingObservation) -> Move:
        """Return the legal move that lowers the estimated layout score most."""
        obs = observation
        if window_view(obs) is not None:
            return declining(obs)  # a window asks this seat (cardrules.plugins.windows)
        moves = obs.legal_moves
        rules = self._rules(obs)
        unknown = self._unknown_value(obs, rules)
        discards = [m for m in moves if isinstance(m, Discard)]
        if obs.phase is P.REVEAL:
            corners = [
                m for m in moves if isinstance(m, Reveal) and set(m.positions) <= {0, 2, 6, 8}
            ]
            return self._rng.choice(corners or list(moves))
        if obs.phase is P.DRAW:
            if Knock() in moves and self._knock_pays(obs, rules, unknown):
                return Knock()
            best_take: tuple[float, Move] | None = None
            for move in moves:
                if isinstance(move, Draw) and move.source != STOCK:
                    top = obs.discard_piles[move.source][-1]  # type: ignore[index]
                    places = self._places(obs, top, rules)
                    if not places:
                        continue  # taken, it could only be thrown back (G13)
                    delta, _ = self._best_position(obs, top, places, unknown, rules)
                    if best_take is None or delta < best_take[0]:
                        best_take = (delta, move)
            if best_take is not None and (
                best_take[0] <= -self._take_threshold or Draw(STOCK) not in moves
            ):
                return best_take[1]
            return Draw(STOCK) if Draw(STOCK) in moves else moves[0]
        if obs.phase in (P.PLACE, P.BOUNCE):
            card = obs.held_card
            assert card is not None
            targets = [m.position for m in moves if isinstance(m, Place | Bounce)]
            if card.is_hazard and discards:
                return discards[0]
            if targets:
                delta, position = self._best_position(obs, card, targets, unknown, rules)
                if delta < 0 or not discards:
                    kind = Place if obs.phase is P.PLACE else Bounce
                    return kind(position)
            return discards[0]
        if obs.phase is P.FLIP:
            flips = [m for m in moves if isinstance(m, Flip)]
            return flips[0] if flips else moves[-1]
        return moves[0]
