"""cardrules: the rules of card games, for programs that play them.

Start a match with `new_game`, list games with `games`; write a
plugin with `hookimpl` (see ``cardrules.plugins.hookspecs``).
"""

from cardrules._version import __version__
from cardrules.bots.base import Bot, MatchResult, RandomBot, play_match
from cardrules.engine.game_state import Game, GameState, new_game
from cardrules.errors import (
    BotError,
    BotLoadError,
    CardRulesError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidSeatError,
    MissingRuleError,
    ObservationMismatchError,
    OptionsError,
    PluginHookError,
    PluginLoadError,
    PluginLoadWarning,
    UnknownGameError,
    UnknownVariantError,
    VariantConflictError,
)
from cardrules.model.chance import Chance
from cardrules.model.decks import DeckComposition
from cardrules.model.match_rules import MatchRules
from cardrules.model.moves import Move
from cardrules.model.phases import Phase
from cardrules.model.piles import Pile
from cardrules.plugins.managers import hookimpl
from cardrules.plugins.registry import Catalogue, GameSpec, VariantSpec, games

__all__ = [
    "Bot",
    "BotError",
    "BotLoadError",
    "CardRulesError",
    "Catalogue",
    "Chance",
    "DeckComposition",
    "Game",
    "GameSpec",
    "GameState",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "InvalidSeatError",
    "MatchResult",
    "MatchRules",
    "MissingRuleError",
    "Move",
    "ObservationMismatchError",
    "OptionsError",
    "Phase",
    "Pile",
    "PluginHookError",
    "PluginLoadError",
    "PluginLoadWarning",
    "RandomBot",
    "UnknownGameError",
    "UnknownVariantError",
    "VariantConflictError",
    "VariantSpec",
    "__version__",
    "games",
    "hookimpl",
    "new_game",
    "play_match",
]
