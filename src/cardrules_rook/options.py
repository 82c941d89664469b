"""Options of Toonerville Rook: one field per *Interpretation* of the rules.

Every default is the rules file's default; each field names its rule id.
"""

from __future__ import annotations

from typing import Literal

import attrs

from cardrules.plugins.options import since_record_format, true_or_false, whole_number
from cardrules_rook.melds import MeldRules

__all__ = ["RookOptions"]


@attrs.frozen
class RookOptions:
    """The settings of a Toonerville Rook match (defaults = the rules).

    Attributes:
        first_dealer: R6. The seat that deals round 1 (0).
        rotate_dealer: R6. The deal passes one seat left each round (``True``);
            the player left of the dealer plays first.
        min_naturals: R7/R8 (Rooks per meld). Natural cards every meld holds (2);
            1 to 14 (no run is longer than 14 cards, so more would forbid every meld).
        naturals_exceed_rooks: R7/R8 (Rooks per meld). A meld must hold more
            natural cards than Rooks (``False``; variant ``more-naturals``).
        buy_limit: R10. Buys per player per round (``None``: no limit; the
            variant ``three-buys`` allows 3 through the hook ``rook_may_buy``).
        down_players_may_buy: R10. A player who has laid down may buy (``True``).
        lay_off_same_turn: R11. Laying off is allowed in the turn of the
            lay-down (``True``); ``False``: only from the next turn (variant
            ``lay-off-next-turn``).
        lay_down_extra_melds: R11. The first lay-down is exactly the contract
            (``False``); ``True``: more melds may be made in that turn.
        swapped_rook_by_turn_end: R14. ``False`` (default): a Rook taken by a
            swap is placed on the table by the player's very next move (in the
            contract lay-down, or once down in a new meld or laid off), and a
            swap that cannot be followed so is not legal; ``True``: it may be
            played at any point before the end of that turn, after other moves
            and further swaps. Records of format 1, written when that was the
            rule, replay with ``True``.
        last_round_whole_hand: R12. In round 11 a player lays down only with
            every card at once (``True``); ``False``: the lay-down is as in other
            rounds. Either way no one goes out by discarding in round 11.
        stock_rebuilds: R16. Rebuilds of the draw pile per round (1; ``None``:
            no limit, variant ``unlimited-rebuilds``).
        tie: R19. ``"shared"``: a tie for lowest total is a shared win
            (default); ``"last-round"``: the tied player with the lowest score in
            the last round wins, and only a remaining tie is shared.
        rounds: R4. Rounds played, from round 1 of the contract table (11).
    """

    first_dealer: int = attrs.field(default=0, validator=whole_number(0))
    rotate_dealer: bool = attrs.field(default=True, validator=true_or_false)
    min_naturals: int = attrs.field(default=2, validator=whole_number(1, 14))
    naturals_exceed_rooks: bool = attrs.field(default=False, validator=true_or_false)
    buy_limit: int | None = attrs.field(default=None, validator=whole_number(0, optional=True))
    down_players_may_buy: bool = attrs.field(default=True, validator=true_or_false)
    lay_off_same_turn: bool = attrs.field(default=True, validator=true_or_false)
    lay_down_extra_melds: bool = attrs.field(default=False, validator=true_or_false)
    swapped_rook_by_turn_end: bool = attrs.field(
        default=False, validator=true_or_false, metadata=since_record_format(2, True, "R14")
    )
    last_round_whole_hand: bool = attrs.field(default=True, validator=true_or_false)
    stock_rebuilds: int | None = attrs.field(default=1, validator=whole_number(0, optional=True))
    tie: Literal["shared", "last-round"] = attrs.field(
        default="shared", validator=attrs.validators.in_(("shared", "last-round"))
    )
    rounds: int = attrs.field(default=11, validator=whole_number(1, 11))

    @property
    def meld_rules(self) -> MeldRules:
        """The Rooks-per-meld rules as a `MeldRules`."""
        return MeldRules(self.min_naturals, self.naturals_exceed_rooks)
