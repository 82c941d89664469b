"""The shared model of card games: playing cards, zones and the table that holds them.

* `cardrules.model.playing_cards`: the standard playing card and its decks
  (a game may use them or bring its own card type);
* `cardrules.model.zones`: zone declarations (`Zone`, `Visibility`, `TableSpec`);
* `cardrules.model.table`: `Table`, the cards of every place at run time and
  what each seat knows of the hidden ones;
* the primitives every game is built of: `cardrules.model.moves` (`Move`),
  `cardrules.model.decks` (`DeckComposition`), `cardrules.model.piles`,
  `cardrules.model.chance`, `cardrules.model.seats`, `cardrules.model.phases`,
  `cardrules.model.actions` (integer action ids) and
  `cardrules.model.match_rules` (how a match is won and ends).

What each seat may know is derived from these in `cardrules.information`.
"""

from cardrules.model.playing_cards import (
    Colour,
    PlayingCard,
    Rank,
    Suit,
    custom_deck,
    joker,
    parse_card,
    parse_cards,
    pinochle_deck,
    piquet_deck,
    standard_deck,
)
from cardrules.model.table import PlaceRef, Table
from cardrules.model.zones import Place, TableSpec, Visibility, Zone, ZoneError

__all__ = [
    "Colour",
    "Place",
    "PlaceRef",
    "PlayingCard",
    "Rank",
    "Suit",
    "Table",
    "TableSpec",
    "Visibility",
    "Zone",
    "ZoneError",
    "custom_deck",
    "joker",
    "parse_card",
    "parse_cards",
    "pinochle_deck",
    "piquet_deck",
    "standard_deck",
]
