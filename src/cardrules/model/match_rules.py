"""How a match is won and when it ends, as a game declares it.

A match is a sequence of rounds with cumulative totals. Games differ in three
things, and a game plugin states all three in one `MatchRules` value (hook
``cardrules_match_rules``):

* **which totals win**: the lowest (Golf, Hearts, contract rummy) or the
  highest (Crazy Eights, trick-taking games with bids);
* **when the match ends**: after a fixed number of rounds, or after the round
  in which a seat's total reaches a target score (at most ``max_rounds``
  rounds), or by the game's own test after each round (hook
  ``cardrules_match_over``, also bounded by ``max_rounds``);
* **how a tie is broken**: by default the seats with the best total share the
  win; a game with a tie-break of its own answers ``cardrules_match_winners``.

Everything that judges a match reads these declarations, never a game's
name: the engine (`cardrules.GameState.is_over`, ``winners``), the search
bots (they maximise `MatchRules.utility` of their own seat), the adapters'
rewards and bounds, the command line's winner line and the analysis.

Examples:
    >>> rules = MatchRules(higher_wins=True, target=100, max_rounds=50)
    >>> rules.over([(40, 60), (30, 20)])  # totals 70 and 80: nobody has 100 yet
    False
    >>> rules.over([(40, 60), (30, 20), (35, 0)]), rules.winners((105, 80))
    (True, (0,))
    >>> MatchRules(rounds=3).winners((12, 9, 9)), MatchRules(rounds=3).utility(9)
    ((1, 2), -9.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules.errors import quote

__all__ = ["MatchRules"]


def _positive(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(
            f"MatchRules.{attribute.name} must be a whole number >= 1, got {quote(value)}"
        )


def _whole(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise ValueError(f"MatchRules.{attribute.name} must be a whole number, got {quote(value)}")


@attrs.frozen
class MatchRules:
    """How a match is won and when it ends (see the module docstring).

    Attributes:
        higher_wins: ``False`` (the default) when the lowest total wins,
            ``True`` when the highest does.
        rounds: a fixed number of rounds (``>= 1``), or ``None`` for a match
            that ends by ``target`` or by the game's own test.
        target: with ``rounds=None``, the match ends after the first round in
            which some seat's total is at least ``target`` (whichever
            direction wins); ``None`` for none.
        max_rounds: with ``rounds=None``, the most rounds a match can last
            (required then): the match ends after this round whatever the
            totals, so that every match ends and the adapters can bound its
            length. Ignored when ``rounds`` is set.

    Raises:
        ValueError: ``rounds`` or ``max_rounds`` is not a whole number ``>= 1``,
            ``target`` is not a whole number, both ``rounds`` and ``target``
            are given, or neither ``rounds`` nor ``max_rounds`` is.
    """

    higher_wins: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    rounds: int | None = attrs.field(default=None, validator=_positive)
    target: int | None = attrs.field(default=None, validator=_whole)
    max_rounds: int | None = attrs.field(default=None, validator=_positive)

    def __attrs_post_init__(self) -> None:
        if self.rounds is not None and self.target is not None:
            raise ValueError("MatchRules: give a fixed number of rounds or a target, not both")
        if self.rounds is None and self.max_rounds is None:
            raise ValueError(
                "MatchRules: a match without a fixed number of rounds needs max_rounds "
                "(the most rounds it can last)"
            )

    @property
    def most_rounds(self) -> int:
        """The most rounds a match can have: ``rounds``, else ``max_rounds``."""
        most = self.rounds if self.rounds is not None else self.max_rounds
        assert most is not None  # (checked when made)
        return most

    @property
    def fixed(self) -> bool:
        """True when every match plays exactly ``rounds`` rounds."""
        return self.rounds is not None

    def over(self, round_scores: Sequence[Sequence[int]]) -> bool:
        """Whether a match whose finished rounds scored ``round_scores`` is over.

        Args:
            round_scores: one sequence of per-seat scores per finished round.

        Returns:
            True after ``rounds`` rounds (fixed), or once a total reaches
            ``target``, or after ``max_rounds`` rounds.
        """
        played = len(round_scores)
        if played >= self.most_rounds:
            return True
        if self.target is None or not played:
            return False
        target = self.target
        return any(total >= target for total in _totals(round_scores))

    def utility(self, score: float) -> float:
        """``score`` as a number where higher is always better (``-score`` when lower wins)."""
        return float(score) if self.higher_wins else 0.0 - score  # (0.0 - 0: no -0.0)

    def utilities(self, scores: Sequence[float]) -> tuple[float, ...]:
        """`utility` of each seat's score, in seat order."""
        if self.higher_wins:
            return tuple(float(score) for score in scores)
        return tuple(0.0 - score for score in scores)

    def best(self, totals: Sequence[float]) -> float:
        """The winning total among ``totals`` (the lowest, or the highest)."""
        return max(totals) if self.higher_wins else min(totals)

    def is_better(self, one: float, other: float) -> bool:
        """True when total ``one`` beats total ``other`` (strictly)."""
        return one > other if self.higher_wins else one < other

    def winners(self, totals: Sequence[float]) -> tuple[int, ...]:
        """The seats with the best total, in increasing order (a shared win on a tie).

        Args:
            totals: one total per seat, in seat order (non-empty).
        """
        best = self.best(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    def ranking(self, totals: Sequence[float]) -> list[int]:
        """Seats from the best total to the worst (ties in seat order)."""
        sign = -1.0 if self.higher_wins else 1.0
        return sorted(range(len(totals)), key=lambda seat: (sign * totals[seat], seat))

    def margin(self, totals: Sequence[float]) -> float:
        """How far the winning total is ahead of the next best (``0`` on a tie; ``>= 0``)."""
        if len(totals) < 2:
            return 0.0
        first, second = self.ranking(totals)[:2]
        return abs(float(totals[first]) - float(totals[second]))

    def describe(self) -> str:
        """The declaration in words, e.g. ``"3 rounds, lowest total wins"``."""
        wins = "highest" if self.higher_wins else "lowest"
        if self.rounds is not None:
            length = f"{self.rounds} round{'s' if self.rounds != 1 else ''}"
        elif self.target is not None:
            length = f"until a total reaches {self.target} (at most {self.max_rounds} rounds)"
        else:
            length = f"until the game's own end (at most {self.max_rounds} rounds)"
        return f"{length}, {wins} total wins"


def _totals(round_scores: Sequence[Sequence[int]]) -> list[int]:
    return [sum(column) for column in zip(*round_scores, strict=True)]
