"""Toonerville Rook as a cardrules plugin (entry point ``toonerville-rook``).

This module holds only hook implementations, written exactly as a third-party
plugin would write them; the rules live in the modules they call.
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
from cardrules.model.sequences import SequenceSpace
from cardrules.plugins.registry import GameSpec, VariantSpec
from cardrules_rook import (
    actions,
    determinize,
    evaluate,
    hidden,
    hookspecs,
    narrate,
    play,
    rule_points,
    rules,
    scoring,
    sequences,
    svg,
    tensor,
)
from cardrules_rook.bots import GreedyBot
from cardrules_rook.cards import Card
from cardrules_rook.contracts import CONTRACTS, Contract
from cardrules_rook.deck import game_deck
from cardrules_rook.melds import Meld
from cardrules_rook.moves import LayDown, parse_move
from cardrules_rook.observation import RookObservation, observe
from cardrules_rook.options import RookOptions
from cardrules_rook.public_views import PUBLIC_VIEWS
from cardrules_rook.state import RookRound
from cardrules_rook.variants import VARIANTS

NAME = "toonerville-rook"


@hookimpl
def cardrules_register_games(register: Callable[[GameSpec], None]) -> None:
    register(
        GameSpec(
            name=NAME,
            title="Toonerville Rook",
            min_players=3,
            max_players=5,
            options_type=RookOptions,
            plugin=sys.modules[__name__],
            summary="Contract rummy with Rook decks: eleven rounds, lowest total wins.",
            bots={"greedy": GreedyBot},
            window_points=play.WINDOW_POINTS,
        )
    )


@hookimpl
def cardrules_add_hookspecs(plugin_manager: pluggy.PluginManager) -> None:
    plugin_manager.add_hookspecs(hookspecs)


@hookimpl
def cardrules_register_variants(register: Callable[[VariantSpec], None]) -> None:
    for spec in VARIANTS:
        register(spec)


def _options(game: Game) -> RookOptions:
    options = game.options
    assert isinstance(options, RookOptions)
    return options


@hookimpl(trylast=True)
def cardrules_validate(game: Game) -> None:
    options = _options(game)
    if options.first_dealer >= game.players:
        raise OptionsError(
            f"options: first_dealer must be a seat 0 to {game.players - 1}, "
            f"got {options.first_dealer}"
        )
    if options.min_naturals < 1:
        raise OptionsError("options: min_naturals must be at least 1: a meld needs a natural card")


@hookimpl(trylast=True)
def cardrules_deck(game: Game) -> DeckComposition[Card]:
    return game_deck(game.players)


@hookimpl(trylast=True)
def cardrules_match_rules(game: Game) -> MatchRules:
    # R19: a fixed number of rounds (the rounds option); the lowest total wins.
    return MatchRules(rounds=_options(game).rounds)


@hookimpl(trylast=True)
def cardrules_public_views(game: Game) -> PublicViews:
    return PUBLIC_VIEWS


@hookimpl(trylast=True)
def cardrules_score_bounds(game: Game) -> tuple[int, int]:
    """Round-score bounds (R17): 0 to every card of the deck in one hand, for the adapters.

    Card points are the game's (rule point ``rook_card_points``); a variant's
    negative points lower the bound. A variant that changes ``rook_hand_score``
    must keep its scores within these bounds (or wrap this hook).
    """
    points = [
        game.rules.rook_card_points(game=game, card=card) * copies
        for card, copies in game.deck.counts
    ]
    return min(0, sum(p for p in points if p < 0)), max(0, sum(p for p in points if p > 0))


@hookimpl(trylast=True)
def cardrules_new_round(
    game: Game, round: int, deck: DeckComposition[Card], chance: Chance
) -> RookRound:
    rook_rules = rule_points.rook_rules(game)
    rook_rules.confirm_wrap()  # R7 (rook_runs_wrap): the game's answer, asked again
    return rules.deal_round(_options(game), game.players, round, deck, chance, rook_rules)


@hookimpl(trylast=True)
def cardrules_legal_moves(game: Game, state: RookRound) -> Sequence[Move]:
    return rules.legal_moves(state)


@hookimpl(trylast=True)
def cardrules_accept_unlisted(game: Game, state: RookRound, move: Move) -> bool:
    return isinstance(move, LayDown) and rules.is_legal_lay_down(state, move)


@hookimpl(trylast=True)
def cardrules_apply_move(game: Game, state: RookRound, move: Move, chance: Chance) -> RookRound:
    rules.apply_move(state, move, chance)
    return state


@hookimpl(trylast=True)
def cardrules_resume(
    game: Game, state: RookRound, point: str, about: Any, acted: tuple[int, ...], chance: Chance
) -> RookRound:
    play.resume(state, point, about, acted, chance)
    return state


@hookimpl(trylast=True)
def cardrules_explain_illegal(game: Game, state: RookRound, move: Move) -> IllegalMoveError:
    return rules.explain_illegal(state, move, game.rounds)


@hookimpl(trylast=True)
def cardrules_parse_move(game: Game, text: str) -> Move:
    return parse_move(text, wrap=rule_points.rook_rules(game).meld_rules.wrap)


@hookimpl(trylast=True)
def cardrules_observation(
    game: Game,
    state: RookRound,
    seat: int,
    round_scores: Sequence[tuple[int, ...]],
    legal_moves: tuple[Move, ...],
    history: Sequence[tuple[int, Move]],
) -> RookObservation:
    return observe(state, seat, tuple(round_scores), legal_moves, history)


@hookimpl(trylast=True)
def cardrules_score_round(game: Game, state: RookRound) -> tuple[int, ...]:
    return tuple(state.rules.hand_score(state, seat) for seat in range(state.players))


@hookimpl(trylast=True)
def cardrules_estimate_scores(game: Game, state: RookRound) -> tuple[float, ...]:
    return evaluate.estimate_round(state)


@hookimpl(trylast=True)
def cardrules_match_winners(game: Game, round_scores: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    return scoring.match_winners(round_scores, tie=_options(game).tie)


@hookimpl(trylast=True)
def cardrules_narrate(
    game: Game, before: RookRound, seat: int, move: Move, after: RookRound
) -> list[Any]:
    return narrate.narrate(before, seat, move, after)


@hookimpl(trylast=True)
def cardrules_render_observation(game: Game, observation: RookObservation) -> list[Any]:
    return narrate.view(observation)


@hookimpl(trylast=True)
def cardrules_svg_observation(game: Game, observation: RookObservation) -> str:
    return svg.draw_observation(observation)


@hookimpl(trylast=True)
def cardrules_svg_state(
    game: Game, state: RookRound, round_scores: Sequence[tuple[int, ...]]
) -> str:
    return svg.draw_round(state, round_scores)


@hookimpl(trylast=True)
def cardrules_reveals(game: Game, before: RookRound, move: Move, after: RookRound) -> bool:
    return rules.reveals(before, move, after)


@hookimpl(trylast=True)
def cardrules_shuffle_hidden(
    game: Game, state: RookRound, seat: int, rng: random.Random
) -> RookRound:
    return hidden.shuffle_hidden(state, seat, rng)


@hookimpl(trylast=True)
def cardrules_determinize(game: Game, observation: Any, rng: random.Random) -> RookRound:
    return determinize.determinize(game, observation, rng)


@hookimpl(trylast=True)
def cardrules_action_space(game: Game) -> ActionSpace:
    return actions.action_space(game)


@hookimpl(trylast=True)
def cardrules_sequence_space(game: Game) -> SequenceSpace:
    return sequences.RookSequences(actions.action_space(game))


@hookimpl(trylast=True)
def cardrules_tensor_layout(game: Game) -> TensorLayout:
    return tensor.layout(game)


@hookimpl(trylast=True)
def cardrules_observation_tensor(game: Game, observation: Any) -> Any:
    return tensor.encode(game, observation)


@hookimpl(trylast=True)
def cardrules_seat_tensor(
    game: Game, state: RookRound, seat: int, round_scores: tuple[tuple[int, ...], ...]
) -> Any:
    return tensor.encode_state(game, state, seat, round_scores)


@hookimpl(trylast=True)
def cardrules_seat_tensor_reader(game: Game) -> Any:
    return tensor.state_reader(game)


# -- rule points (cardrules_rook.hookspecs): the game's own rules, answered last


@hookimpl(trylast=True)
def rook_meld_valid(game: Game, meld: Meld) -> bool:
    # R7, R8, R13; a wrapping run only where runs may wrap (rook_runs_wrap).
    return meld.is_valid(rule_points.rook_rules(game).meld_rules.plain())


@hookimpl(trylast=True)
def rook_runs_wrap(game: Game) -> bool:
    return False  # R7: runs do not wrap


@hookimpl(trylast=True)
def rook_contract(game: Game, round: int) -> Contract:
    return CONTRACTS[round]


@hookimpl(trylast=True)
def rook_card_points(game: Game, card: Card) -> int:
    return card.points


@hookimpl(trylast=True)
def rook_may_buy(game: Game, state: RookRound, seat: int) -> bool:
    return rule_points.default_may_buy(state, seat)


@hookimpl(trylast=True)
def rook_buy_penalty(game: Game, state: RookRound, seat: int) -> int:
    return rule_points.default_buy_penalty(state, seat)


@hookimpl(trylast=True)
def rook_may_go_out_by_discard(game: Game, state: RookRound, seat: int) -> bool:
    return rule_points.default_may_go_out_by_discard(state, seat)


@hookimpl(trylast=True)
def rook_round_over(game: Game, state: RookRound, seat: int) -> str | None:
    return rule_points.default_round_over(state, seat)


@hookimpl(trylast=True)
def rook_hand_score(game: Game, state: RookRound, seat: int) -> int:
    return rule_points.default_hand_score(state, seat)


@hookimpl(trylast=True)
def rook_may_swap(game: Game, state: RookRound, seat: int, target: int, card: Card) -> bool:
    return rule_points.default_may_swap(state, seat, target, card)
