"""Options of Gnoming A Round: one field per *Interpretation* of the rules.

Every default is the rules file's default; each field names its rule id. Pass
them to `cardrules.new_game` as ``options={"bouncing": False}`` or as a
`GnomingOptions` value, or let a variant set them.
"""

from __future__ import annotations

from typing import Literal

import attrs

from cardrules.plugins.options import since_record_format, true_or_false, whole_number

__all__ = ["GnomingOptions"]


@attrs.frozen
class GnomingOptions:
    """The settings of a Gnoming A Round match (defaults = the rules).

    Attributes:
        start_pile_hazard: G5. A Hazard turned up to start a discard pile is
            ``"remove"``-d from the game like a discarded one (default, G15) or
            ``"shuffle-back"``-ed into the draw pile; either way another card is
            turned up.
        hazards_return_each_round: G15, G4. ``False`` (default): a removed
            Hazard is out for the rest of the match, and later rounds shuffle
            and deal without it; ``True``: it returns at the next round's
            shuffle (every round deals the whole deck). Records of format 1,
            written when this was the rule, replay with ``True``.
        initial_reveals: G6. Cards each player turns up at the start of a round (2).
        first_seat: G7. The seat that starts round 1 ("the youngest", default 0).
        rotate_first_seat: G7. The start passes one seat left each round
            (default ``True``); ``False``: the same seat starts every round.
        draw_pile_rebuilds: G8. How often per round the discard piles may be
            shuffled into a new draw pile (default 1; ``None``: no limit).
        hazard_drawer_need_not_restart: G14. ``False`` (default): a player who
            drew a Hazard and kept it discards the displaced card by G14 as
            usual (onto an empty pile while there is one); ``True``: a player
            who drew a Hazard this turn may discard onto either pile.
        taken_discard_must_be_kept: G11. ``False`` (default): a card taken from
            a discard pile may be discarded again; ``True``: it must be kept.
        bouncing: G12. Bouncing allowed (default ``True``; variant ``no-bounce``).
        mulligan_limit: G13. Face-up Mulligans a layout may hold at the end of
            its owner's turn (1).
        hazard_points: G22. Points for a Hazard in a layout at round end (10).
        ender_bonus: G23. Points the ender subtracts when lowest, or adds (5).
        ender_tie_is_lowest: G23. A tie for lowest counts as lowest (default
            ``True``, bonus); ``False``: a tie earns the penalty.
        rounds: G25. Rounds ("holes") in a match (3).
    """

    start_pile_hazard: Literal["remove", "shuffle-back"] = attrs.field(
        default="remove", validator=attrs.validators.in_(("remove", "shuffle-back"))
    )
    hazards_return_each_round: bool = attrs.field(
        default=False, validator=true_or_false, metadata=since_record_format(2, True, "G15")
    )
    initial_reveals: int = attrs.field(default=2, validator=whole_number(0))
    first_seat: int = attrs.field(default=0, validator=whole_number(0))
    rotate_first_seat: bool = attrs.field(default=True, validator=true_or_false)
    draw_pile_rebuilds: int | None = attrs.field(
        default=1, validator=whole_number(0, optional=True)
    )
    hazard_drawer_need_not_restart: bool = attrs.field(default=False, validator=true_or_false)
    taken_discard_must_be_kept: bool = attrs.field(default=False, validator=true_or_false)
    bouncing: bool = attrs.field(default=True, validator=true_or_false)
    mulligan_limit: int = attrs.field(default=1, validator=whole_number(0))
    hazard_points: int = attrs.field(default=10, validator=whole_number())
    ender_bonus: int = attrs.field(default=5, validator=whole_number())
    ender_tie_is_lowest: bool = attrs.field(default=True, validator=true_or_false)
    rounds: int = attrs.field(default=3, validator=whole_number(1))
