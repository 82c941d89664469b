"""PettingZoo's own ``api_test`` on a seeded environment, for any game and variants."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest


def run_api_test(
    game: str,
    *,
    players: int = 3,
    variants: Sequence[str] = (),
    options: Any = None,
    num_cycles: int = 20,
) -> None:
    """Run ``pettingzoo.test.api_test`` on ``env(game, ...)``; skipped without PettingZoo.

    api_test's first reset is seeded (its later ones follow from it); seeding the
    action spaces it samples from makes the whole run repeatable.
    """
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from cardrules.adapters.pettingzoo import env

    aec = env(game, players=players, options=options, variants=list(variants))
    for seat, agent in enumerate(aec.possible_agents):
        aec.action_space(agent).seed(seat)
    api_test(aec, num_cycles=num_cycles)
