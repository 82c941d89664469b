"""What each seat may know, derived from a game's zone declarations.

* `view_of(table, seat)`: the seat's `TableView` (no hidden card in it);
* `shuffle_hidden(table, seat, rng)`: the table with every card hidden from
  the seat dealt anew (leak tests: the view must not change);
* `determinize(view, deck, rng, allowed=...)`: a whole table sampled from a
  view, respecting what the seat knows and the game's inferences;
* `view_tensor(view, deck)`: a default observation tensor (zones x card kinds,
  plus public counters), laid out by `view_layout`.

Beside these: `cardrules.information.zoned` (what the core derives for a game
that keeps a `Table`), `cardrules.information.public_views` (what observers may
see), and the tensor machinery (`cardrules.information.tensor_layout`,
`cardrules.information.plane_groups`).

A game plugin can answer ``cardrules_observation``, ``cardrules_shuffle_hidden``
and ``cardrules_determinize`` with one call each (see docs/model.md).
"""

from cardrules.information.dealing import ATTEMPTS, Allowed, ImpossibleDealError, deal
from cardrules.information.determinize import determinize, unseen_cards
from cardrules.information.shuffle import hidden_cards, shuffle_hidden
from cardrules.information.tensors import view_layout, view_tensor
from cardrules.information.views import PlaceView, TableView, view_of

__all__ = [
    "ATTEMPTS",
    "Allowed",
    "ImpossibleDealError",
    "PlaceView",
    "TableView",
    "deal",
    "determinize",
    "hidden_cards",
    "shuffle_hidden",
    "unseen_cards",
    "view_layout",
    "view_of",
    "view_tensor",
]
