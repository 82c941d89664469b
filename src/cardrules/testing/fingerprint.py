"""Fingerprints of a game's behaviour: hashes of legal moves and observations over seeded matches.

For checking that a change meant to be invisible (a faster legal-move
generator, an incremental observation or tensor) really changes nothing. Play
the same seeded random matches before and after the change and compare the
digests; ``benchmarks/equivalence.py`` saves and checks them from the command
line.

* `legal_move_digest` hashes every legal-move list (each move's ``repr``, in
  the listed order) and the move played, decision by decision, over random
  matches: the moves are drawn with ``random.Random(seed)``.
* `observation_digest` plays the same kind of matches and hashes, at every
  decision, the acting seat's observation tensor (the ``float32`` bytes) and
  observation (its ``repr``; the history in full at every 32nd decision), and
  those of one other seat drawn at random, so that observations of seats that
  are not acting are covered too. With ``seat_tensors`` the tensor hashed is
  ``state.observation_tensor(seat)`` instead of the observation's encoding:
  the same bytes by definition, so the digests must be the same.

Digests are SHA-256 hex strings; one per seed, so a difference names the match.

Examples:
    >>> from cardrules.testing.fingerprint import legal_move_digest
    >>> one = legal_move_digest("gnoming-a-round", players=3, seeds=[1, 2])
    >>> sorted(one) == [1, 2] and one == legal_move_digest("gnoming-a-round", 3, [1, 2])
    True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from cardrules.engine.game_state import GameState, new_game

__all__ = ["legal_move_digest", "observation_digest", "play_digest"]


def legal_move_digest(
    game: str,
    players: int,
    seeds: Iterable[int],
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
) -> dict[int, str]:
    """``{seed: digest}`` of every legal-move list of a random match per seed.

    Args:
        game: a registered game name.
        players: seats per match.
        seeds: one match each; the match seed and the move generator's seed.
        variants: variant names for every match.
        options: the game's options for every match (``None``: its defaults).

    Returns:
        One SHA-256 hex digest per seed, over each decision's legal moves
        (``repr``, in order) and the index of the move played.
    """
    return {
        seed: play_digest(
            new_game(game, players=players, seed=seed, variants=variants, options=options), seed
        )
        for seed in seeds
    }


def play_digest(
    state: GameState, seed: int, observe: bool = False, seat_tensors: bool = False
) -> str:
    """Play ``state`` to the end with random moves drawn from ``seed``; the digest of it.

    Args:
        state: the match to play (it is played to the end).
        seed: seeds the move generator (and, with ``observe``, the seat drawn
            for a second observation at each decision).
        observe: hash observations and tensors instead of legal moves (the
            moves played are hashed either way).
        seat_tensors: with ``observe``, the tensor hashed is
            ``state.observation_tensor(seat)`` (called before the observation
            is built), not ``game.observation_tensor(observation)``.

    Returns:
        A SHA-256 hex digest.
    """
    rng = random.Random(seed)
    seats = random.Random(~seed)
    digest = hashlib.sha256()
    update = digest.update
    encode = state.game.observation_tensor if observe else None
    decisions = 0
    while not state.is_over:
        moves = state.legal_moves()
        if encode is not None:
            acting = state.current_player
            assert acting is not None
            for seat in (acting, seats.randrange(state.players)):
                tensor = state.observation_tensor(seat) if seat_tensors else None
                observation = state.observation(seat)
                if tensor is None:
                    tensor = encode(observation)
                update(tensor.tobytes())
                update(_observation_repr(observation, decisions).encode())
        else:
            update(repr(moves).encode())
        index = rng.randrange(len(moves))
        update(index.to_bytes(4, "little"))
        state.apply(moves[index])
        decisions += 1
    update(repr(state.round_scores).encode())
    return digest.hexdigest()


def _observation_repr(observation: object, decisions: int) -> str:
    """The observation's ``repr``; its ``history`` in full only at every 32nd decision.

    The history grows by one move a decision, so hashing it whole each time
    would cost time quadratic in a round's length: in between, its length and
    last entry stand for it.
    """
    history = getattr(observation, "history", None)
    if decisions % 32 == 0 or not isinstance(history, Sequence) or not attrs.has(type(observation)):
        return repr(observation)
    shown = attrs.evolve(observation, history=())  # type: ignore[misc]
    return f"{shown!r} {len(history)} {history[-1:]!r}"


def observation_digest(
    game: str,
    players: int,
    seeds: Iterable[int],
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    seat_tensors: bool = False,
) -> dict[int, str]:
    """``{seed: digest}`` of the observations and tensors of a random match per seed.

    Needs numpy (the ``tensors`` extra). See the module docstring for what is hashed;
    the other arguments are `legal_move_digest`'s; ``seat_tensors``: hash
    ``state.observation_tensor(seat)`` as the tensor (equal digests either way).
    """
    return {
        seed: play_digest(
            new_game(game, players=players, seed=seed, variants=variants, options=options),
            seed,
            observe=True,
            seat_tensors=seat_tensors,
        )
        for seed in seeds
    }
