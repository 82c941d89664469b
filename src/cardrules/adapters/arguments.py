"""Checks of the constructor arguments the Gymnasium and PettingZoo environments share.

Both environments take a ``render_mode`` among their ``metadata["render_modes"]``
and a ``max_decisions`` cap; these functions refuse a bad one with the same
``ValueError`` in both.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.errors import quote


def check_render_mode(render_mode: str | None, modes: Sequence[str]) -> None:
    """Refuse a ``render_mode`` that is neither ``None`` nor one of ``modes``.

    Raises:
        ValueError: naming the modes offered, in their order.

    >>> check_render_mode("ansi", ["human", "ansi"])
    >>> check_render_mode("svg", ["human", "ansi"])
    Traceback (most recent call last):
    ...
    ValueError: render_mode must be None, 'human' or 'ansi', got 'svg'
    """
    if render_mode is not None and render_mode not in modes:
        quoted = [f"'{mode}'" for mode in modes]
        offered = ", ".join(["None", *quoted[:-1]]) + f" or {quoted[-1]}"
        raise ValueError(f"render_mode must be {offered}, got {quote(render_mode)}")


def check_max_decisions(max_decisions: int | None) -> None:
    """Refuse a ``max_decisions`` that is neither ``None`` nor an ``int`` >= 1 (``bool`` refused).

    Raises:
        ValueError: for anything else.
    """
    if max_decisions is not None and (
        isinstance(max_decisions, bool) or not isinstance(max_decisions, int) or max_decisions < 1
    ):
        raise ValueError(f"max_decisions must be an int >= 1 or None, got {quote(max_decisions)}")
