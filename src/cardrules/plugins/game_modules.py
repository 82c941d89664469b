"""A game plugin whose hooks call the game's own modules, laid out by one convention.

A game whose rules live in modules of its package (legal moves in ``rules``,
the observation in ``observation``, the tensors in ``tensor`` ...) answers
most of the core's hooks by calling one function of one module, the same way
every such game does. `GameModules` holds those answers once: a game's plugin
class derives from it, names its package, and writes only the hooks that are
its own::

    class MyPlugin(GameModules, package="my_game"):
        @hookimpl(trylast=True)
        def cardrules_new_round(self, game, round, deck, chance): ...

    GameSpec(..., plugin=MyPlugin())

Each rule hook here is answered last (``trylast=True``), so a variant's answer
comes first. A subclass answers one otherwise by defining it again, decorated
with `cardrules.hookimpl` (an undecorated method answers nothing).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from types import ModuleType
from typing import Any, ClassVar

import pluggy

from cardrules.errors import IllegalMoveError
from cardrules.information.public_views import PublicViews
from cardrules.information.tensor_layout import TensorLayout
from cardrules.model.actions import ActionSpace
from cardrules.model.chance import Chance
from cardrules.model.moves import Move
from cardrules.plugins.managers import hookimpl, hooks_of

__all__ = ["MODULES", "GameModules"]

#: The modules of a game's package that `GameModules` calls, and what each must hold.
MODULES: dict[str, str] = {
    "hookspecs": "the game's rule-point hookspecs (added by cardrules_add_hookspecs)",
    "rules": "legal_moves(state), apply_move(state, move, chance) (changing state), "
    "explain_illegal(state, move, rounds)",
    "observation": "observe(state, seat, round_scores as a tuple, legal_moves, history)",
    "public_views": "PUBLIC_VIEWS, the game's public views (cardrules_public_views)",
    "narrate": "view(observation), the observation for the terminal",
    "svg": "draw_observation(observation) and draw_round(state, round_scores)",
    "hidden": "shuffle_hidden(state, seat, rng)",
    "determinize": "determinize(game, observation, rng)",
    "actions": "action_space(game)",
    "tensor": "layout(game), encode(game, observation), "
    "encode_state(game, state, seat, round_scores) and state_reader(game)",
}


class GameModules:
    """The hooks a game answers with one function of one of its modules (see `MODULES`).

    A subclass names the game's package as a class keyword,
    ``class MyPlugin(GameModules, package="my_game")``; its modules listed in
    `MODULES` are imported then, once, and become class attributes
    (``MyPlugin.rules``, ``MyPlugin.tensor`` ...).

    Raises:
        ModuleNotFoundError: (at the subclass's definition) the package lacks
            one of the modules.
    """

    hookspecs: ClassVar[ModuleType]
    rules: ClassVar[ModuleType]
    observation: ClassVar[ModuleType]
    public_views: ClassVar[ModuleType]
    narrate: ClassVar[ModuleType]
    svg: ClassVar[ModuleType]
    hidden: ClassVar[ModuleType]
    determinize: ClassVar[ModuleType]
    actions: ClassVar[ModuleType]
    tensor: ClassVar[ModuleType]

    def __init_subclass__(cls, *, package: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in MODULES:
            setattr(cls, name, importlib.import_module(f"{package}.{name}"))

    def __init__(self) -> None:
        # Every match registers the plugin in a plugin manager of its own. pluggy
        # finds a method's hook through two static lookups on the instance, a
        # bound method in its __dict__ directly: bound once here, each new game
        # starts as fast as with a module of functions. The modules are read at
        # every call (legal moves, apply): from the instance's own __dict__ too.
        for name in hooks_of(self):
            self.__dict__[name] = getattr(self, name)
        for name in MODULES:
            self.__dict__[name] = getattr(type(self), name)

    @hookimpl
    def cardrules_add_hookspecs(self, plugin_manager: pluggy.PluginManager) -> None:
        plugin_manager.add_hookspecs(self.hookspecs)

    @hookimpl(trylast=True)
    def cardrules_public_views(self, game: Any) -> PublicViews:
        return self.public_views.PUBLIC_VIEWS  # type: ignore[no-any-return]

    @hookimpl(trylast=True)
    def cardrules_legal_moves(self, game: Any, state: Any) -> Sequence[Move]:
        return self.rules.legal_moves(state)  # type: ignore[no-any-return]

    @hookimpl(trylast=True)
    def cardrules_apply_move(self, game: Any, state: Any, move: Move, chance: Chance) -> Any:
        self.rules.apply_move(state, move, chance)
        return state

    @hookimpl(trylast=True)
    def cardrules_explain_illegal(self, game: Any, state: Any, move: Move) -> IllegalMoveError:
        return self.rules.explain_illegal(state, move, game.rounds)  # type: ignore[no-any-return]

    @hookimpl(trylast=True)
    def cardrules_observation(
        self,
        game: Any,
        state: Any,
        seat: int,
        round_scores: Sequence[tuple[int, ...]],
        legal_moves: tuple[Move, ...],
        history: Sequence[tuple[int, Move]],
    ) -> Any:
        return self.observation.observe(state, seat, tuple(round_scores), legal_moves, history)

    @hookimpl(trylast=True)
    def cardrules_render_observation(self, game: Any, observation: Any) -> list[Any]:
        return self.narrate.view(observation)  # type: ignore[no-any-return]

    @hookimpl(trylast=True)
    def cardrules_svg_observation(self, game: Any, observation: Any) -> str:
        return self.svg.draw_observation(observation)  # type: ignore[no-any-return]

    @hookimpl(trylast=True)
    def cardrules_svg_state(
        self, game: Any, state: Any, round_scores: Sequence[tuple[int, ...]]
    ) -> str:
        return self.svg.draw_round(state, round_scores)  # type: ignore[no-any-return]

    @hookimpl(trylast=True)
    def cardrules_shuffle_hidden(self, game: Any, state: Any, seat: int, rng: random.Random) -> Any:
        return self.hidden.shuffle_hidden(state, seat, rng)

    @hookimpl(trylast=True)
    def cardrules_determinize(self, game: Any, observation: Any, rng: random.Random) -> Any:
        return self.determinize.determinize(game, observation, rng)

    @hookimpl(trylast=True)
    def cardrules_action_space(self, game: Any) -> ActionSpace:
        return self.actions.action_space(game)  # type: ignore[no-any-return]

    @hookimpl(trylast=True)
    def cardrules_tensor_layout(self, game: Any) -> TensorLayout:
        return self.tensor.layout(game)  # type: ignore[no-any-return]

    @hookimpl(trylast=True)
    def cardrules_observation_tensor(self, game: Any, observation: Any) -> Any:
        return self.tensor.encode(game, observation)

    @hookimpl(trylast=True)
    def cardrules_seat_tensor(
        self, game: Any, state: Any, seat: int, round_scores: tuple[tuple[int, ...], ...]
    ) -> Any:
        return self.tensor.encode_state(game, state, seat, round_scores)

    @hookimpl(trylast=True)
    def cardrules_seat_tensor_reader(self, game: Any) -> Any:
        return self.tensor.state_reader(game)
