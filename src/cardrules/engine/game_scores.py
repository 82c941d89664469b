"""How a game scores and ends its match (a base of `cardrules.engine.game.Game`).

Round scores, estimates for search, the match's end and winners in the
direction the game declares (`cardrules.MatchRules`), score bounds and the
public/private split of observations, each the game's hook answer checked
where it comes back, with the core's default where the game gives none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.information.public_views import PublicViews
from cardrules.model.match_rules import MatchRules
from cardrules.plugins.hook_calls import HookCalls

__all__ = ["GameScores"]


class GameScores(HookCalls):
    """Scores, the match's end and winners, bounds and public views of a game."""

    __slots__ = ()

    match_rules: MatchRules

    def _declared_match_rules(self) -> MatchRules:
        """The game's `MatchRules`, or a fixed number of rounds (``cardrules_rounds``)."""
        rules = self._checked(
            "cardrules_match_rules", self._call("cardrules_match_rules", game=self)
        )
        if rules is None:
            if not self._hook.cardrules_rounds.get_hookimpls():
                self._no_answer("cardrules_match_rules")
            rules = MatchRules(rounds=self._answer("cardrules_rounds", game=self))
        return rules  # type: ignore[no-any-return]

    def score_round(self, state: Any) -> tuple[int, ...]:
        """Scores of a finished round, one per seat."""
        return tuple(self._answer("cardrules_score_round", game=self, state=state))

    def estimate_scores(self, state: Any) -> tuple[float, ...]:
        """Estimated scores of a round in play, one per seat, in the game's direction.

        The game's estimate (hook ``cardrules_estimate_scores``), else the
        round scored as if it ended now (`score_round`).
        """
        estimate = self._checked(
            "cardrules_estimate_scores",
            self._call("cardrules_estimate_scores", game=self, state=state),
        )
        if estimate is None:
            estimate = self.score_round(state)
        return tuple(float(score) for score in estimate)

    def match_over(self, round_scores: Sequence[tuple[int, ...]], last_round: Any) -> bool:
        """Whether the match is over after the round that scored ``round_scores[-1]``.

        A fixed number of rounds decides alone; otherwise the game's own test
        (hook ``cardrules_match_over``), else the target (`MatchRules.over`),
        and never past ``match_rules.max_rounds``.

        Raises:
            PluginHookError: the hook failed or did not answer ``True``/``False``.
        """
        rules = self.match_rules
        if rules.fixed or len(round_scores) >= rules.most_rounds:
            return len(round_scores) >= rules.most_rounds
        answer = self._checked(
            "cardrules_match_over",
            self._call(
                "cardrules_match_over",
                game=self,
                round_scores=tuple(tuple(r) for r in round_scores),
                last_round=last_round,
            ),
        )
        return rules.over(round_scores) if answer is None else bool(answer)

    def match_winners(self, round_scores: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
        """Winning seats of a finished match: the game's tie-break, else the best totals share.

        Without a ``cardrules_match_winners`` answer, the seats whose total is
        the best in the declared direction (`MatchRules.winners`) win together.
        """
        rounds = tuple(tuple(r) for r in round_scores)
        winners = self._checked(
            "cardrules_match_winners",
            self._call("cardrules_match_winners", game=self, round_scores=rounds),
        )
        if winners is None:
            totals = [sum(column) for column in zip(*rounds, strict=True)]
            return self.match_rules.winners(totals) if totals else ()
        return tuple(winners)

    def score_bounds(self) -> tuple[int, int] | None:
        """``(lowest, highest)`` score of one seat in one round, or ``None`` if undeclared.

        The game's answer to ``cardrules_score_bounds`` (loose, but every round
        respects it).

        Raises:
            PluginHookError: the answer is not a pair of ints, lowest first.
        """
        bounds = self._checked(
            "cardrules_score_bounds", self._call("cardrules_score_bounds", game=self)
        )
        return None if bounds is None else (int(bounds[0]), int(bounds[1]))

    def public_views(self) -> PublicViews | None:
        """How the game's observations split into public and private parts, or ``None``.

        The game's answer to ``cardrules_public_views``.

        Raises:
            PluginHookError: the answer is not a `PublicViews`.
        """
        views = self._checked(
            "cardrules_public_views", self._call("cardrules_public_views", game=self)
        )
        return views  # type: ignore[no-any-return]

    def utilities(self, scores: Sequence[float]) -> tuple[float, ...]:
        """Each seat's ``scores`` as a number where higher is better (`MatchRules.utilities`)."""
        return self.match_rules.utilities(scores)
