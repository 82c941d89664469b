"""Gnoming A Round as a cardrules plugin (entry point ``gnoming-a-round``).

This module holds only hook implementations, written exactly as a third-party
plugin would write them; the rules live in the modules they call. It adds the
game's rule-point hookspecs (`cardrules_gnoming.hookspecs`) and answers each
of them last (``trylast=True``), so a variant's answer comes first.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

import pluggy

from cardrules import hookimpl
from cardrules.engine import Game
from cardrules.errors import IllegalMoveError, OptionsError
from cardrules.information.public_views import PublicViews
from cardrules.information.tensor_layout import TensorLayout
from cardrules.model.actions import ActionSpace
from cardrules.model.chance import Chance
from cardrules.model.decks import DeckComposition
from cardrules.model.match_rules import MatchRules
from cardrules.model.moves import Move
from cardrules.plugins.known_cards import HiddenPlaces
from cardrules.plugins.registry import GameSpec, VariantSpec
from cardrules_gnoming import (
    actions,
    determinize,
    hidden,
    hookspecs,
    narrate,
    rules,
    scoring,
    svg,
    tensor,
    zones,
)
from cardrules_gnoming.bots import GreedyBot
from cardrules_gnoming.cards import Card
from cardrules_gnoming.deck import DEFAULT_DECK
from cardrules_gnoming.flips import HAZARD_FLIPS
from cardrules_gnoming.moves import parse_move
from cardrules_gnoming.observation import GnomingObservation, observe
from cardrules_gnoming.options import GnomingOptions
from cardrules_gnoming.public_views import PUBLIC_VIEWS
from cardrules_gnoming.rulebook import rulebook_of
from cardrules_gnoming.state import GnomingRound
from cardrules_gnoming.variants import VARIANTS

NAME = "gnoming-a-round"


@hookimpl
def cardrules_register_games(register: Callable[[GameSpec], None]) -> None:
    register(
        GameSpec(
            name=NAME,
            title="Gnoming A Round",
            min_players=3,
            max_players=7,
            options_type=GnomingOptions,
            plugin=sys.modules[__name__],
            summary="Golf on a 3x3 grid: three rounds, lowest total wins.",
            bots={"greedy": GreedyBot},
            window_points=rules.WINDOW_POINTS,
            windows=(HAZARD_FLIPS,),
        )
    )


@hookimpl
def cardrules_register_variants(register: Callable[[VariantSpec], None]) -> None:
    for spec in VARIANTS:
        register(spec)


def _options(game: Game) -> GnomingOptions:
    options = game.options
    assert isinstance(options, GnomingOptions)
    return options


@hookimpl(trylast=True)
def cardrules_validate(game: Game) -> None:
    options = _options(game)
    if options.first_seat >= game.players:
        raise OptionsError(
            f"options: first_seat must be a seat 0 to {game.players - 1}, got {options.first_seat}"
        )
    if options.initial_reveals > 8:
        raise OptionsError(
            f"options: initial_reveals must be 0 to 8, got {options.initial_reveals}"
        )


@hookimpl(trylast=True)
def cardrules_deck(game: Game) -> DeckComposition[Card]:
    return DEFAULT_DECK


@hookimpl(trylast=True)
def cardrules_match_rules(game: Game) -> MatchRules:
    # G25: a fixed number of rounds (the rounds option); the lowest total wins.
    return MatchRules(rounds=_options(game).rounds)


@hookimpl(trylast=True)
def cardrules_public_views(game: Game) -> PublicViews:
    return PUBLIC_VIEWS


@hookimpl(trylast=True)
def cardrules_score_bounds(game: Game) -> tuple[int, int]:
    """Round-score bounds from the deck and options (G19-G23), for the adapters.

    Each of nine cards scores at most the highest of the positive values, the
    Hazard points and 0; at most six lines match, each scoring at least minus
    the highest value; each card scores at least the lowest of the negative
    values, the Hazard points and 0; the ender's bonus or penalty comes on top.
    """
    values = [card.value for card, _ in game.deck.counts if card.is_number]
    top = max([0, *values])
    bottom = min([0, *values])
    hazard = _options(game).hazard_points
    ender = abs(_options(game).ender_bonus)
    return -6 * top + 9 * min(bottom, hazard, 0) - ender, 9 * max(top, hazard, 0) + ender


@hookimpl(trylast=True)
def cardrules_new_round(
    game: Game,
    round: int,
    deck: DeckComposition[Card],
    chance: Chance,
    previous: GnomingRound | None,
) -> GnomingRound:
    options = _options(game)
    removed = rules.removed_from_game(options, previous)
    needed = 9 * game.players + 2
    if deck.size - len(removed) < needed:
        raise OptionsError(
            f"a deck of {deck.size} cards, {len(removed)} removed from the game, "
            f"cannot deal {game.players} layouts and 2 piles"
        )
    if previous is None and game.rounds > 1 and not options.hazards_return_each_round:
        # G4, G15: later rounds deal without the Hazards removed so far. Refuse the
        # match now rather than at the end of a round that removed them all.
        hazards = sum(copies for card, copies in deck.counts if card.is_hazard)
        if deck.size - hazards < needed:
            raise OptionsError(
                f"a deck of {deck.size} cards cannot deal {game.players} layouts and 2 piles "
                f"once its {hazards} Hazards have left the game (G4, G15); "
                "use fewer players or hazards_return_each_round=True"
            )
    return rules.deal_round(rulebook_of(game), game.players, round, deck, chance, removed)


@hookimpl(trylast=True)
def cardrules_legal_moves(game: Game, state: GnomingRound) -> Sequence[Move]:
    return rules.legal_moves(state)


@hookimpl(trylast=True)
def cardrules_apply_move(
    game: Game, state: GnomingRound, move: Move, chance: Chance
) -> GnomingRound:
    rules.apply_move(state, move, chance)
    return state


@hookimpl(trylast=True)
def cardrules_resume(
    game: Game, state: GnomingRound, point: str, about: Any, chance: Chance
) -> GnomingRound:
    rules.resume(state, point, about, chance)
    return state


@hookimpl(trylast=True)
def cardrules_explain_illegal(game: Game, state: GnomingRound, move: Move) -> IllegalMoveError:
    return rules.explain_illegal(state, move, game.rounds)


@hookimpl(trylast=True)
def cardrules_parse_move(game: Game, text: str) -> Move:
    return parse_move(text)


@hookimpl(trylast=True)
def cardrules_observation(
    game: Game,
    state: GnomingRound,
    seat: int,
    round_scores: Sequence[tuple[int, ...]],
    legal_moves: tuple[Move, ...],
    history: Sequence[tuple[int, Move]],
) -> GnomingObservation:
    return observe(state, seat, tuple(round_scores), legal_moves, history)


@hookimpl(trylast=True)
def cardrules_score_round(game: Game, state: GnomingRound) -> tuple[int, ...]:
    return state.rules.round_scores(state)


@hookimpl(trylast=True)
def cardrules_match_winners(game: Game, round_scores: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    return scoring.match_winners(round_scores)


@hookimpl(trylast=True)
def cardrules_narrate(
    game: Game, before: GnomingRound, seat: int, move: Move, after: GnomingRound
) -> list[Any]:
    scores = game.score_round(after) if after.is_round_over else None
    return narrate.narrate(before, seat, move, after, scores=scores, options=_options(game))


@hookimpl(trylast=True)
def cardrules_render_observation(game: Game, observation: GnomingObservation) -> list[Any]:
    return narrate.view(observation)


@hookimpl(trylast=True)
def cardrules_svg_observation(game: Game, observation: GnomingObservation) -> str:
    return svg.draw_observation(observation)


@hookimpl(trylast=True)
def cardrules_svg_state(
    game: Game, state: GnomingRound, round_scores: Sequence[tuple[int, ...]]
) -> str:
    return svg.draw_round(state, round_scores)


@hookimpl(trylast=True)
def cardrules_reveals(game: Game, before: GnomingRound, move: Move, after: GnomingRound) -> bool:
    return rules.reveals(before, move)


@hookimpl(trylast=True)
def cardrules_shuffle_hidden(
    game: Game, state: GnomingRound, seat: int, rng: random.Random
) -> GnomingRound:
    return hidden.shuffle_hidden(state, seat, rng)


@hookimpl(trylast=True)
def cardrules_hidden_places(game: Game) -> HiddenPlaces:
    return zones.hidden_places(game.players)


@hookimpl(trylast=True)
def cardrules_determinize(game: Game, observation: Any, rng: random.Random) -> GnomingRound:
    return determinize.determinize(game, observation, rng)


@hookimpl(trylast=True)
def cardrules_action_space(game: Game) -> ActionSpace:
    return actions.action_space(game)


@hookimpl(trylast=True)
def cardrules_tensor_layout(game: Game) -> TensorLayout:
    return tensor.layout(game)


@hookimpl(trylast=True)
def cardrules_observation_tensor(game: Game, observation: Any) -> Any:
    return tensor.encode(game, observation)


@hookimpl(trylast=True)
def cardrules_seat_tensor(
    game: Game, state: GnomingRound, seat: int, round_scores: tuple[tuple[int, ...], ...]
) -> Any:
    return tensor.encode_state(game, state, seat, round_scores)


@hookimpl(trylast=True)
def cardrules_seat_tensor_reader(game: Game) -> Any:
    return tensor.state_reader(game)


# ---------------------------------------------------------------- rule points


@hookimpl
def cardrules_add_hookspecs(plugin_manager: pluggy.PluginManager) -> None:
    plugin_manager.add_hookspecs(hookspecs)


@hookimpl(trylast=True)
def gnoming_turn_starts(game: Game, state: GnomingRound) -> list[Move]:
    return rules.draw_moves(state)


@hookimpl(trylast=True)
def gnoming_may_bounce(
    game: Game, state: GnomingRound, card: Card, revealed: bool, chained: bool
) -> bool:
    return rules.may_bounce(state, card, revealed, chained)


@hookimpl(trylast=True)
def gnoming_may_flip(game: Game, state: GnomingRound, seat: int) -> bool:
    return rules.may_flip(state, seat)


@hookimpl(trylast=True)
def gnoming_ends_round(game: Game, state: GnomingRound, seat: int) -> bool:
    return rules.ends_round(state, seat)


@hookimpl(trylast=True)
def gnoming_lines(game: Game) -> tuple[tuple[int, ...], ...]:
    return scoring.LINES


@hookimpl(trylast=True)
def gnoming_line_match(game: Game, line: tuple[int, ...], cards: tuple[Card, ...]) -> int | None:
    return scoring.line_match_value(cards)


@hookimpl(trylast=True)
def gnoming_line_points(
    game: Game, line: tuple[int, ...], cards: tuple[Card, ...], value: int
) -> int:
    return -value


@hookimpl(trylast=True)
def gnoming_card_points(game: Game, card: Card, matched: bool) -> int:
    return scoring.card_points(card, matched, _options(game).hazard_points)


@hookimpl(trylast=True)
def gnoming_layout_score(game: Game, cards: tuple[Card, ...]) -> int:
    return rulebook_of(game).score_by_points(cards)


@hookimpl(trylast=True)
def gnoming_ender_adjustment(game: Game, scores: tuple[int, ...], ender: int) -> int:
    options = _options(game)
    return scoring.ender_adjustment(
        scores,
        ender,
        ender_bonus=options.ender_bonus,
        ender_tie_is_lowest=options.ender_tie_is_lowest,
    )
