"""Toonerville Rook as a cardrules plugin (entry point ``toonerville-rook``).

The module registers the game and its variants; `RookPlugin` holds the game's own
hooks, and `cardrules.plugins.game_modules.GameModules` the ones its modules answer
with one function each. The rule points (`cardrules_rook.hookspecs`) are
answered last (``trylast=True``), so a variant's answer comes first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pluggy

from cardrules import hookimpl
from cardrules.engine import Game
from cardrules.errors import OptionsError
from cardrules.model.chance import Chance
from cardrules.model.decks import DeckComposition
from cardrules.model.match_rules import MatchRules
from cardrules.model.moves import Move
from cardrules.model.sequences import SequenceSpace
from cardrules.plugins.game_modules import GameModules
from cardrules.plugins.registry import GameSpec, VariantSpec
from cardrules_rook import (
    actions,
    buying,
    evaluate,
    hookspecs,
    narrate,
    rule_points,
    rules,
    scoring,
    sequences,
)
from cardrules_rook.bots import GreedyBot
from cardrules_rook.cards import Card
from cardrules_rook.contracts import CONTRACTS, Contract
from cardrules_rook.deck import game_deck
from cardrules_rook.melds import Meld
from cardrules_rook.moves import LayDown, parse_move
from cardrules_rook.options import RookOptions
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
            plugin=PLUGIN,
            summary="Contract rummy with Rook decks: eleven rounds, lowest total wins.",
            bots={"greedy": GreedyBot},
            window_points=buying.WINDOW_POINTS,
            windows=(buying.BUYING,),
        )
    )


@hookimpl
def cardrules_add_hookspecs(plugin_manager: pluggy.PluginManager) -> None:
    # The catalogue's too, so that a variant plugin answering the game's rule
    # points is known when it loads (the game's own manager gets them from PLUGIN).
    plugin_manager.add_hookspecs(hookspecs)


@hookimpl
def cardrules_register_variants(register: Callable[[VariantSpec], None]) -> None:
    for spec in VARIANTS:
        register(spec)


def _options(game: Game) -> RookOptions:
    options = game.options
    assert isinstance(options, RookOptions)
    return options


class RookPlugin(GameModules, package="cardrules_rook"):
    """Toonerville Rook's rule hooks (its `GameSpec.plugin`).

    The hooks one function of one module answers come from `GameModules`.
    """

    @hookimpl(trylast=True)
    def cardrules_validate(self, game: Game) -> None:
        options = _options(game)
        if options.first_dealer >= game.players:
            raise OptionsError(
                f"options: first_dealer must be a seat 0 to {game.players - 1}, "
                f"got {options.first_dealer}"
            )
        if options.min_naturals < 1:
            raise OptionsError(
                "options: min_naturals must be at least 1: a meld needs a natural card"
            )

    @hookimpl(trylast=True)
    def cardrules_deck(self, game: Game) -> DeckComposition[Card]:
        return game_deck(game.players)

    @hookimpl(trylast=True)
    def cardrules_match_rules(self, game: Game) -> MatchRules:
        # R19: a fixed number of rounds (the rounds option); the lowest total wins.
        return MatchRules(rounds=_options(game).rounds)

    @hookimpl(trylast=True)
    def cardrules_score_bounds(self, game: Game) -> tuple[int, int]:
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
        self, game: Game, round: int, deck: DeckComposition[Card], chance: Chance
    ) -> RookRound:
        rook_rules = rule_points.rook_rules(game)
        rook_rules.confirm_wrap()  # R7 (rook_runs_wrap): the game's answer, asked again
        return rules.deal_round(_options(game), game.players, round, deck, chance, rook_rules)

    @hookimpl(trylast=True)
    def cardrules_accept_unlisted(self, game: Game, state: RookRound, move: Move) -> bool:
        return isinstance(move, LayDown) and rules.is_legal_lay_down(state, move)

    @hookimpl(trylast=True)
    def cardrules_resume(
        self,
        game: Game,
        state: RookRound,
        point: str,
        about: Any,
        acted: tuple[int, ...],
        chance: Chance,
    ) -> RookRound:
        buying.resume(game, state, point, about, acted, chance)
        return state

    @hookimpl(trylast=True)
    def cardrules_parse_move(self, game: Game, text: str) -> Move:
        return parse_move(text, wrap=rule_points.rook_rules(game).meld_rules.wrap)

    @hookimpl(trylast=True)
    def cardrules_score_round(self, game: Game, state: RookRound) -> tuple[int, ...]:
        return tuple(state.rules.hand_score(state, seat) for seat in range(state.players))

    @hookimpl(trylast=True)
    def cardrules_estimate_scores(self, game: Game, state: RookRound) -> tuple[float, ...]:
        return evaluate.estimate_round(state)

    @hookimpl(trylast=True)
    def cardrules_match_winners(
        self, game: Game, round_scores: Sequence[tuple[int, ...]]
    ) -> tuple[int, ...]:
        return scoring.match_winners(round_scores, tie=_options(game).tie)

    @hookimpl(trylast=True)
    def cardrules_narrate(
        self, game: Game, before: RookRound, seat: int, move: Move, after: RookRound
    ) -> list[Any]:
        return narrate.narrate(before, seat, move, after)

    @hookimpl(trylast=True)
    def cardrules_reveals(
        self, game: Game, before: RookRound, move: Move, after: RookRound
    ) -> bool:
        return rules.reveals(before, move, after)

    @hookimpl(trylast=True)
    def cardrules_sequence_space(self, game: Game) -> SequenceSpace:
        return sequences.RookSequences(actions.action_space(game))

    # -- rule points (cardrules_rook.hookspecs): the game's own rules, answered last

    @hookimpl(trylast=True)
    def rook_meld_valid(self, game: Game, meld: Meld) -> bool:
        # R7, R8, R13; a wrapping run only where runs may wrap (rook_runs_wrap).
        return meld.is_valid(rule_points.rook_rules(game).meld_rules.plain())

    @hookimpl(trylast=True)
    def rook_runs_wrap(self, game: Game) -> bool:
        return False  # R7: runs do not wrap

    @hookimpl(trylast=True)
    def rook_contract(self, game: Game, round: int) -> Contract:
        return CONTRACTS[round]

    @hookimpl(trylast=True)
    def rook_card_points(self, game: Game, card: Card) -> int:
        return card.points

    @hookimpl(trylast=True)
    def rook_may_buy(self, game: Game, state: RookRound, seat: int) -> bool:
        return rule_points.default_may_buy(state, seat)

    @hookimpl(trylast=True)
    def rook_buy_penalty(self, game: Game, state: RookRound, seat: int) -> int:
        return rule_points.default_buy_penalty(state, seat)

    @hookimpl(trylast=True)
    def rook_may_go_out_by_discard(self, game: Game, state: RookRound, seat: int) -> bool:
        return rule_points.default_may_go_out_by_discard(state, seat)

    @hookimpl(trylast=True)
    def rook_round_over(self, game: Game, state: RookRound, seat: int) -> str | None:
        return rule_points.default_round_over(state, seat)

    @hookimpl(trylast=True)
    def rook_hand_score(self, game: Game, state: RookRound, seat: int) -> int:
        return rule_points.default_hand_score(state, seat)

    @hookimpl(trylast=True)
    def rook_may_swap(
        self, game: Game, state: RookRound, seat: int, target: int, card: Card
    ) -> bool:
        return rule_points.default_may_swap(state, seat, target, card)


#: The game's rule hooks, registered with the game (`GameSpec.plugin`).
PLUGIN = RookPlugin()
