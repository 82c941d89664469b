"""The equivalence fingerprints (`cardrules.testing.fingerprint`) that speed work is checked by."""

from __future__ import annotations

import random

import cardrules
from cardrules.testing.fingerprint import legal_move_digest, observation_digest, play_digest
from tests.support import random_moves

GAME = "gnoming-a-round"


def test_legal_move_digest_repeats_and_names_the_match() -> None:
    first = legal_move_digest(GAME, 3, [4, 5])
    assert first == legal_move_digest(GAME, 3, [5, 4])
    assert len(set(first.values())) == 2  # one digest per match, and they differ


def test_digests_see_a_rule_change() -> None:
    """No bounce (a variant that removes legal moves) changes some match's digests."""
    seeds = range(4)
    plain = legal_move_digest(GAME, 3, seeds)
    changed = legal_move_digest(GAME, 3, seeds, variants=["no-bounce"])
    assert plain != changed
    assert observation_digest(GAME, 3, seeds) != observation_digest(
        GAME, 3, seeds, variants=["no-bounce"]
    )


def test_digests_see_an_option() -> None:
    """An interpretation's option changes the digests; the defaults given by name do not."""
    seeds = range(3)
    plain = legal_move_digest(GAME, 3, seeds)
    assert legal_move_digest(GAME, 3, seeds, options={"bouncing": False}) != plain
    assert legal_move_digest(GAME, 3, seeds, options={"bouncing": True}) == plain


def test_a_clone_plays_to_the_same_digest() -> None:
    """Digests depend on the position only: a clone and its original hash alike, observed or not."""
    state = cardrules.new_game(GAME, players=4, seed=3)
    random_moves(state, random.Random(1), 25)
    for observe in (False, True):
        assert play_digest(state.clone(), 9, observe) == play_digest(state.clone(), 9, observe)
    assert play_digest(state.clone(), 9) != play_digest(state.clone(), 9, observe=True)
