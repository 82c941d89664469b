"""One seat's view of a match, for the environments' ``render``: text (rich) or an RGB array.

The RGB array is the seat's SVG drawing (`cardrules.svg.draw`) rasterised by
CairoSVG (the ``render`` extra, which needs the Cairo library: Debian's
``libcairo2``) and fitted, aspect kept, on a white frame of a fixed size
(`FRAME_SIZE`), so that every frame of a video has the same shape.
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from cardrules.engine.game_state import GameState

__all__ = ["FRAME_SIZE", "render_rgb", "render_view"]

#: ``(width, height)`` in pixels of every RGB frame (multiples of 16, as video codecs prefer).
FRAME_SIZE = (800, 560)


def render_view(state: GameState, seat: int, headline: str) -> str:
    """``headline``, then the observation of seat ``seat`` as the game renders it."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, no_color=True, highlight=False)
    console.print(headline)
    for item in state.game.render_observation(state.observation(seat)):
        console.print(item)
    return buffer.getvalue()


def render_rgb(state: GameState, seat: int) -> Any:
    """What seat ``seat`` may know, drawn: a ``uint8`` array ``(560, 800, 3)`` (`FRAME_SIZE`).

    The seat's drawing (`cardrules.svg.draw` with ``seat``: only what the seat
    may know), rasterised by CairoSVG and scaled to fit the frame, centred on white.

    Raises:
        ImportError: CairoSVG (or the Cairo library it loads) is not installed:
            ``pip install 'cardrules[render]'``.
        PluginHookError: the game's drawing failed.
    """
    try:
        import cairosvg
        import numpy as np
        from PIL import Image, ImageOps
    except (ImportError, OSError) as missing:  # pragma: no cover - depends on the extras
        raise ImportError(
            f"render_mode='rgb_array' needs the render extra ({missing}): "
            "pip install 'cardrules[render]' (and the Cairo library, e.g. Debian's libcairo2)"
        ) from missing
    from cardrules.svg.pictures import draw

    png = cairosvg.svg2png(bytestring=draw(state, seat).encode(), background_color="white")
    with Image.open(io.BytesIO(png)) as picture:
        frame = ImageOps.pad(picture.convert("RGB"), FRAME_SIZE, color="white")
    return np.asarray(frame, dtype=np.uint8)
