"""A game shown to people: narration, rendering, SVG drawings (a base of
`cardrules.engine.game.Game`).

These hooks describe a game for spectators and players; none of them changes
what is legal. Each has a plain default when no plugin answers it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from cardrules.model.moves import Move
from cardrules.plugins.hook_calls import HookCalls
from cardrules.plugins.known_cards import kept_known
from cardrules.plugins.variant_moves import MoveKind
from cardrules.plugins.window_views import NarratingGame, window_lines
from cardrules.plugins.windows import Window

__all__ = ["GameViews"]


class GameViews(HookCalls):
    """Narration, rendering and drawings of a game's moves and observations."""

    __slots__ = ()

    move_kinds: tuple[tuple[str, MoveKind], ...]
    windows: tuple[tuple[str, Window], ...]
    _kinds: dict[type, tuple[str, MoveKind]]
    hidden_places: Any

    def move_prompts(self) -> tuple[str, ...]:
        """The help line of each kind of move the variants add (for human play)."""
        return tuple(kind.prompt for _, kind in self.move_kinds)

    def narrate(self, before: Any, seat: int, move: Move, after: Any) -> list[Any]:
        """Describe a move for spectators; the move's notation when no plugin answers.

        With windows (`cardrules.plugins.windows`): a move that opens one adds
        who is asked and why; one that closes the last window at a point adds
        what the game says of the resumed turn (its narration of a
        `cardrules.plugins.windows.Resumed`).
        """
        lines = self._narrate_move(before, seat, move, after)
        if self.windows:
            lines += window_lines(cast(NarratingGame, self), before, seat, move, after)
        return lines

    def _narrate_move(self, before: Any, seat: int, move: Move, after: Any) -> list[Any]:
        found = self._kinds.get(type(move)) if self._kinds else None
        if found is not None:
            variant, kind = found
            lines = self.variant_call(
                variant, f"MoveKind({kind.name}).narrate", kind.narrate, self, before, seat,
                move, after,
            )  # fmt: skip
            return list(lines)
        result = self._checked(
            "cardrules_narrate",
            self._call(
                "cardrules_narrate", game=self, before=before, seat=seat, move=move, after=after
            ),
        )
        return [f"seat {seat}: {move}"] if result is None else list(result)

    def _resumed_lines(self, before: Any, seat: int, move: Move, after: Any) -> list[Any]:
        """The game's narration of ``move`` (a `Resumed`), nothing when it has none."""
        result = self._call(
            "cardrules_narrate", game=self, before=before, seat=seat, move=move, after=after
        )
        return [] if result is None else list(self._checked("cardrules_narrate", result))

    def shuffle_hidden(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A copy of ``state`` with the cards hidden from ``seat`` reshuffled, or ``None``.

        The game's answer, else the core's for a round holding a
        `cardrules.model.Table` (`cardrules.information.zoned.shuffle_hidden`).
        """
        shuffled = self._call(
            "cardrules_shuffle_hidden", game=self, state=state, seat=seat, rng=rng
        )
        if shuffled is None:
            from cardrules.information import (
                zoned,  # (only a game that keeps its cards in a Table needs it)
            )

            shuffled = zoned.shuffle_hidden(self, state, seat, rng)
        if shuffled is not None and self.hidden_places is not None:
            kept_known(self, state, shuffled, seat)
        return shuffled

    def reveals(self, before: Any, move: Move, after: Any) -> bool:
        """Whether a move showed a hidden card to anyone (``True`` when no plugin answers)."""
        found = self._kinds.get(type(move)) if self._kinds else None
        if found is not None:
            return found[1].reveals
        result = self._checked(
            "cardrules_reveals",
            self._call("cardrules_reveals", game=self, before=before, move=move, after=after),
        )
        return True if result is None else bool(result)

    def render_observation(self, observation: Any) -> list[Any]:
        """Show an observation to a person: the game's rendering, else a derived one.

        Without a ``cardrules_render_observation`` answer, an observation the
        core derived (`cardrules.information.zoned.ZonedObservation`) is rendered place by
        place (`cardrules.information.zoned.render`); any other is shown as its ``repr``.
        """
        result = self._checked(
            "cardrules_render_observation",
            self._call("cardrules_render_observation", game=self, observation=observation),
        )
        if result is None:
            from cardrules.information import (
                zoned,  # (only a game that keeps its cards in a Table needs it)
            )

            if isinstance(observation, zoned.ZonedObservation):
                return list(zoned.render(observation))
            return [repr(observation)]
        return list(result)

    def svg_observation(self, observation: Any) -> str | None:
        """One seat's observation drawn as SVG text (hook ``cardrules_svg_observation``).

        Returns ``None`` when no plugin draws this game. Raises
        `PluginHookError` naming the plugin when the answer is not SVG text.
        """
        return self._svg("cardrules_svg_observation", observation=observation)

    def svg_state(self, state: Any, round_scores: Sequence[tuple[int, ...]]) -> str | None:
        """A whole round state drawn as SVG text (hook ``cardrules_svg_state``).

        As `svg_observation`, for a spectator or a finished round: every card.
        """
        return self._svg("cardrules_svg_state", state=state, round_scores=tuple(round_scores))

    def _svg(self, hook_name: str, **kwargs: Any) -> str | None:
        result = self._checked(hook_name, self._call(hook_name, game=self, **kwargs))
        return None if result is None else str(result)
