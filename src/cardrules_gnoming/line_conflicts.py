"""Two variants adding the same scoring line (G19): refused, since the line would score twice.

`gnoming_lines` is wrapped by each variant that adds lines, so several
combine; but two that add one line (a house-rule package's diagonals chosen
with the bundled ``diagonals``) would make each matching diagonal score twice.
`refuse_repeated_lines` raises a `cardrules.VariantConflictError` naming them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardrules.errors import VariantConflictError, quote

if TYPE_CHECKING:
    from cardrules.engine import Game

__all__ = ["refuse_repeated_lines"]

Line = tuple[int, ...]


def _repeated(lines: Sequence[Line]) -> Line | None:
    """The first line that repeats an earlier one (the same positions, in any order)."""
    seen: set[frozenset[int]] = set()
    for line in lines:
        key = frozenset(line)
        if key in seen:
            return line
        seen.add(key)
    return None


def refuse_repeated_lines(game: Game, lines: Sequence[Line]) -> None:
    """Raise if ``lines`` (the answer of `gnoming_lines`) holds one line twice (G19).

    Raises:
        cardrules.VariantConflictError: naming the line and the variants (or
            the game) that each add it: it would be scored twice.
    """
    line = _repeated(lines)
    if line is None:
        return
    pm = game.plugin_manager
    adders = [
        impl.plugin_name
        for impl in pm.hook.gnoming_lines.get_hookimpls()
        if impl.plugin_name.startswith("variant:")
    ]
    key = frozenset(line)

    def times(without: list[str]) -> int:
        """How often the line is answered with the plugins ``without`` left out."""
        caller = pm.subset_hook_caller(
            "gnoming_lines", remove_plugins=[pm.get_plugin(n) for n in without]
        )
        return sum(frozenset(found) == key for found in caller(game=game) or ())

    own = times(adders)
    owners = ["the game"] if own else []
    owners += [
        f"variant {quote(name.removeprefix('variant:'))}"
        for name in adders
        if times([n for n in adders if n != name]) > own
    ]
    if len(owners) < 2:  # one variant adds it twice, or only with another's lines
        owners = [f"variant {quote(n.removeprefix('variant:'))}" for n in adders]
    raise VariantConflictError(
        f"{' and '.join(owners)} each add the scoring line {line} (G19): it would score "
        "twice; choose one of them"
    )
