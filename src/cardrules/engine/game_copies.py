"""How a `cardrules.engine.game.Game` is copied and pickled: shared as it is, pickled as what made
it.

A game never changes once made, and every state and clone of a match shares
it, so ``copy.copy(game)`` and ``copy.deepcopy(game)`` return the game itself
(``copy.deepcopy(state)`` of a `cardrules.engine.GameState` then shares its
game, as ``state.clone()`` does). A game holds its plugins' modules and hooks,
which cannot be pickled, so a game pickles as what made it: the registered
game's name, the players, the options (the chosen variants' own included,
``"<variant>.<option>"``, as a game record names them) and the chosen
variants' names, and strict mode's checks. Unpickling makes the game anew
from the installed plugins (`cardrules.plugins.registry.default_catalogue`), as
`cardrules.new_game` does: the copy plays as the original did, in another
process too, as long as the same plugins are installed there.
"""

from __future__ import annotations

import pickle
from typing import Any

from cardrules.errors import CardRulesError, quote
from cardrules.plugins.options import options_as_dict, variant_options_as_dict
from cardrules.plugins.registry import default_catalogue

__all__ = ["GameCopies", "restore_game"]


class GameCopies:
    """`cardrules.engine.game.Game`'s ``copy`` and ``pickle`` support (see the module)."""

    __slots__ = ()

    spec: Any
    players: int
    options: Any
    variant_options: dict[str, Any]
    variants: tuple[Any, ...]
    strict: Any

    def __copy__(self) -> Any:
        """The game itself: a game never changes, and its states share it."""
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        """The game itself, as `__copy__`."""
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as what made the game (see the module).

        Raises:
            pickle.PicklingError: the game or one of its variants is not the
                installed plugins' own (made from another catalogue, or
                registered by hand), so unpickling could not find it again.
        """
        name = self.spec.name
        catalogue = default_catalogue()
        try:
            found = catalogue.game(name) == self.spec and all(
                catalogue.variant(name, variant.name) == variant for variant in self.variants
            )
        except CardRulesError:
            found = False
        if not found:
            raise pickle.PicklingError(
                f"game {quote(name)} or one of its variants is not an installed plugin's own, so a "
                "pickled copy could not find it again; save the match's record instead "
                "(GameState.record())"
            )
        options = {
            **options_as_dict(self.options),
            **variant_options_as_dict(self.variant_options),
        }
        variants = tuple(variant.name for variant in self.variants)
        return (restore_game, (type(self), name, self.players, options, variants, self.strict))


def restore_game(
    kind: type[Any],
    name: str,
    players: int,
    options: dict[str, Any],
    variants: tuple[str, ...],
    strict: Any,
) -> Any:
    """A pickled game made anew (``kind`` is `cardrules.engine.game.Game`), from the installed
    plugins.

    Raises:
        UnknownGameError, UnknownVariantError: the game or a variant is not
            installed here.
        OptionsError: the options are refused (the plugins differ from the
            ones the game was pickled with).
    """
    catalogue = default_catalogue()
    spec = catalogue.game(name)
    chosen = [catalogue.variant(name, variant) for variant in variants]
    return kind(spec, players, options, chosen, strict=strict)
