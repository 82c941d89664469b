"""The shared model of card games: playing cards, zones and the table that holds them.

* `cardrules.model.playing_cards`: the standard playing card and its decks
  (a game may use them or bring its own card type);
* `cardrules.model.zones`: zone declarations (`Zone`, `Visibility`, `TableSpec`);
* `cardrules.model.table`: `Table`, the cards of every place at run time and
  what each seat knows of the hidden ones;
* the primitives every game is built of: `cardrules.model.moves` (`Move`),
  `cardrules.model.decks` (`DeckComposition`), `cardrules.model.piles`,
  `cardrules.model.chance`, `cardrules.model.seats`, `cardrules.model.phases`,
  `cardrules.model.actions` (integer action ids),
  `cardrules.model.match_rules` (how a match is won and ends),
  `cardrules.model.copies` (a round state's fast copy, from its slots) and
  `cardrules.model.named` (one of a layout's named parts, by its name).

What each seat may know is derived from these in `cardrules.information`.
"""

from cardrules.model import playing_cards

# The playing cards' names, as `cardrules.model.playing_cards.__all__` lists them.
from cardrules.model.playing_cards import *  # noqa: F403
from cardrules.model.table import PlaceRef, Table
from cardrules.model.zones import Place, TableSpec, Visibility, Zone, ZoneError

__all__ = [
    "Place",
    "PlaceRef",
    "Table",
    "TableSpec",
    "Visibility",
    "Zone",
    "ZoneError",
]
__all__ += playing_cards.__all__
