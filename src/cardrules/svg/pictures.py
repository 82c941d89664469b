"""Pictures of a game: any position drawn as SVG, from a seat's view or in full.

`draw` draws a match in progress (or over) the way python-chess's
``chess.svg.board`` draws a board: one self-contained ``<svg>`` element, as
text. It shows in Jupyter on its own (the result has ``_repr_svg_``), and the
games' observations display the same way. Each game draws through its
presentation hooks (``cardrules_svg_observation``, ``cardrules_svg_state``),
so a game or variant plugin can draw differently.

* ``draw(state, seat=2)`` draws what seat 2 may know and nothing more: it is
  drawn from ``state.observation(2)``, so a card hidden from the seat cannot
  reach the picture.
* ``draw(state)`` draws the whole round for a spectator: every card, those
  lying face down drawn face down with their identity marked; a finished
  match draws its last round, every card revealed.

Drawings hold no scripts, style sheets, links or external resources, and no
``id`` attributes, so any number of them can be embedded in one page.

Examples:
    >>> import cardrules, cardrules.svg.pictures
    >>> state = cardrules.new_game("gnoming-a-round", players=3, seed=42)
    >>> picture = cardrules.svg.draw(state, seat=0)
    >>> picture.startswith("<svg"), picture.count('class="card back"')  # 27 cards, all face down
    (True, 27)
"""

from __future__ import annotations

from typing import Any

from cardrules.engine.game_state import Game, GameState
from cardrules.errors import InvalidSeatError, quote
from cardrules.svg.canvas import Canvas

__all__ = ["Svg", "draw", "draw_observation", "draw_round"]


class Svg(str):
    """SVG text (a ``str``) that Jupyter and IPython display as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def draw(state: GameState, seat: int | None = None) -> Svg:
    """Draw a match's round in play (its last round once over).

    Args:
        state: the match.
        seat: draw what this seat (``0 .. players-1``) may know, from its
            observation; ``None`` draws the whole round (see `draw_round`).

    Returns:
        One ``<svg>`` element as `Svg` text.

    Raises:
        InvalidSeatError: ``seat`` is not a seat of the match.
        PluginHookError: the game's drawing failed or returned something else
            than SVG text (the error names the plugin).
    """
    if seat is not None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise InvalidSeatError(
                f"seat must be 0 to {state.players - 1} or None, got {quote(seat)}"
            )
        return draw_observation(state.game, state.observation(seat))
    round_state = state.finished_rounds[-1] if state.is_over else state.round_state
    return draw_round(state.game, round_state, state.round_scores)


def draw_observation(game: Game, observation: Any) -> Svg:
    """Draw an observation ``game`` made: exactly what its seat may know.

    Raises:
        PluginHookError: as `draw`.
    """
    svg = game.svg_observation(observation)
    return Svg(svg if svg is not None else _placeholder(game))


def draw_round(game: Game, round_state: Any, round_scores: Any = ()) -> Svg:
    """Draw a whole round state of ``game`` (every card), for a spectator or a finished round.

    Args:
        game: the game the round belongs to.
        round_state: the game's round state (in play or finished).
        round_scores: scores of the rounds finished so far, one tuple per round.

    Raises:
        PluginHookError: as `draw`.
    """
    svg = game.svg_state(round_state, tuple(round_scores))
    return Svg(svg if svg is not None else _placeholder(game))


def _placeholder(game: Game) -> str:
    """What a game that draws nothing shows: its name, and that it has no drawing."""
    canvas = Canvas(360, f"{game.spec.title}: no drawing", "placeholder")
    canvas.text(canvas.root, 12, 28, f"{game.spec.title} has no SVG drawing.")
    return canvas.to_svg()
