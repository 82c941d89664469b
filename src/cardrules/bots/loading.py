"""Bots named by text: built-in names, ``module:Name``, and the ``cardrules.bots`` entry points.

The command line (``--bots``) and `cardrules.analysis.simulate.simulate` name bots by
text. `bot_factory` turns one such name into a factory ``seed -> bot``:

- a name the game knows (`bot_factories`): ``random``,
  ``greedy``, ``ismcts``, ``flat``;
- a name registered by an installed distribution in the ``cardrules.bots``
  entry-point group, e.g. in its ``pyproject.toml``::

      [project.entry-points."cardrules.bots"]
      lowbot = "lowbot:LowBot"

- ``module:Name``, a class (or any callable) in an importable module; the
  current folder is importable too, as with ``python -m``.

The class is called with the keyword arguments its signature accepts among
``seed`` (an ``int``, fixed per seat and match) and ``game`` (the configured
`cardrules.Game`, which search bots need), and what it returns must have a
``choose(observation)`` method.
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import inspect
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from cardrules.bots.base import Bot, RandomBot
from cardrules.bots.flat_search import FlatMonteCarloBot
from cardrules.bots.search import ISMCTSBot
from cardrules.errors import BotLoadError, error_text, quote

__all__ = [
    "BOT_ENTRY_POINT_GROUP",
    "ISMCTS_ITERATIONS",
    "bot_factories",
    "bot_factory",
    "bot_names",
    "default_bot",
]

#: The entry-point group where installed distributions register bots by name.
BOT_ENTRY_POINT_GROUP = "cardrules.bots"


#: Iterations per decision of the ``ismcts`` bot that `bot_factories` offers.
ISMCTS_ITERATIONS = 50


def bot_factories(
    game_bots: Sequence[tuple[str, Any]] = (),
    game: Any = None,
) -> dict[str, Callable[[int | None], Bot]]:
    """The bots available for a game, by name: each maps a seed to a new bot.

    Args:
        game_bots: the game's own bots (``GameSpec.bots``), e.g. ``greedy``.
        game: the `cardrules.Game`; when given, the search bots are offered
            too, since they need the game to sample states from: ``ismcts``
            (`cardrules.bots.search.ISMCTSBot` with `ISMCTS_ITERATIONS` iterations)
            and ``flat`` (`cardrules.bots.flat_search.FlatMonteCarloBot` with its
            defaults).

    Returns:
        ``{"random": ..., **game_bots, "ismcts": ..., "flat": ...}``.
    """
    factories: dict[str, Callable[[int | None], Bot]] = {"random": RandomBot}
    factories.update(dict(game_bots))
    if game is not None:
        factories["ismcts"] = functools.partial(_ismcts, game)
        factories["flat"] = functools.partial(_flat, game)
    return factories


def default_bot(spec: Any) -> str:
    """The bot a game plays by default (the CLI's ``--bots``): its first own bot, else ``random``.

    Args:
        spec: the game's `cardrules.GameSpec`; its ``bots`` are sorted by name.
    """
    return str(spec.bots[0][0]) if spec.bots else "random"


def _flat(game: Any, seed: int | None) -> Bot:
    return FlatMonteCarloBot(game, seed=seed)


def _ismcts(game: Any, seed: int | None) -> Bot:
    return ISMCTSBot(game, iterations=ISMCTS_ITERATIONS, seed=seed)


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=BOT_ENTRY_POINT_GROUP)}


def bot_names(game: Any) -> list[str]:
    """Every bot name `bot_factory` accepts for ``game`` besides ``module:Name``, sorted."""
    return sorted({*bot_factories(game.spec.bots, game), *_entry_points()})


def _import(spec: str) -> Any:
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise BotLoadError(spec, f"bot {quote(spec)}: write it as module:Name, e.g. lowbot:LowBot")
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.append(cwd)
    try:
        target: Any = importlib.import_module(module_name)
    except Exception as error:  # the user's module may raise anything while importing
        raise BotLoadError(
            spec,
            f"bot {quote(spec)}: cannot import {quote(module_name)}: {error_text(error)}",
        ) from None
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise BotLoadError(
                spec, f"bot {quote(spec)}: module {quote(module_name)} has no {quote(attribute)}"
            ) from None
    return target


def _load_entry_point(name: str, entry_point: importlib.metadata.EntryPoint) -> Any:
    try:
        return entry_point.load()
    except Exception as error:  # a broken distribution may raise anything
        raise BotLoadError(
            name,
            f"bot {quote(name)}: entry point {quote(entry_point.value)} ({BOT_ENTRY_POINT_GROUP}) "
            f"does not load: {type(error).__name__}: {error}",
        ) from None


def _maker(spec: str, target: Any, game: Any) -> Callable[[int | None], Bot]:
    if not callable(target):
        raise BotLoadError(spec, f"bot {quote(spec)}: {quote(target)} is not a class or callable")
    try:
        parameters = inspect.signature(target).parameters
    except (TypeError, ValueError):
        parameters = {}  # type: ignore[assignment]
    accepts_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())

    def make(seed: int | None) -> Bot:
        kwargs: dict[str, Any] = {}
        if accepts_any or "seed" in parameters:
            kwargs["seed"] = seed
        if accepts_any or "game" in parameters:
            kwargs["game"] = game
        try:
            bot: Bot = target(**kwargs)
        except Exception as error:  # the user's constructor may raise anything
            raise BotLoadError(
                spec,
                f"bot {quote(spec)}: calling it with {sorted(kwargs)} failed: "
                f"{type(error).__name__}: {error}",
            ) from None
        if not callable(getattr(bot, "choose", None)):
            raise BotLoadError(
                spec,
                f"bot {quote(spec)}: {type(bot).__name__} is not a bot: "
                "it has no choose(observation) method",
            )
        return bot

    return make


def bot_factory(name: str, game: Any) -> Callable[[int | None], Bot]:
    """The factory ``seed -> bot`` of the bot called ``name`` in ``game``.

    Args:
        name: a bot name of the game (``random``, ``greedy``, ``ismcts``,
            ``flat``), a ``cardrules.bots`` entry-point name, or ``module:Name``.
        game: the configured `cardrules.Game` the bot plays.

    Returns:
        A callable taking a seed (``int`` or ``None``) and returning a new bot.
        Built-in names are returned as they are; the others are checked by
        making one bot (seed 0) before returning.

    Raises:
        BotLoadError: ``name`` is none of these, its module does not import,
            the name is not in the module, calling it fails, or what it makes
            has no ``choose`` method. The message names the bot.
    """
    factories = bot_factories(game.spec.bots, game)
    if name in factories:
        return factories[name]
    entry_points = _entry_points()
    if name in entry_points:
        maker = _maker(name, _load_entry_point(name, entry_points[name]), game)
    elif ":" in name:
        maker = _maker(name, _import(name), game)
    else:
        known = ", ".join(bot_names(game))
        raise BotLoadError(
            name,
            f"unknown bot {quote(name)} for {game.name}; bots: {known}, or module:Name of your own",
        )
    maker(0)  # a bot that cannot be made is refused before any match starts
    return maker
