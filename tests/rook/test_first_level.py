"""The compact encoding's next tokens of a Rook turn, laid without listing the lay-down steps (R11).

`RookSequences.first_level` offers ``meld run`` and ``meld set`` from a
lay-down merely existing (`has_lay_down_step`), and lists the steps only once
an agent chooses one; `MoveBuilder.play` then plays what it reaches without
listing the rest. Both are sound only if the level is exactly the trie of the
listed legal moves, token for token and move for move: checked here at every
decision of seeded matches, and on dealt hands of every round.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from cardrules.engine import GameState
from cardrules.model.sequences import Later, MoveTrie
from cardrules_rook.deck import game_deck
from cardrules_rook.sequences import MELD_RUN, MELD_SET
from cardrules_rook.state import RookPhase
from tests.rook.builders import going_out_hand, new, put_round, rs


def sequences(root: dict[int, Any]) -> list[tuple[tuple[int, ...], str]]:
    """Every ``(tokens, move notation)`` below a trie level (walked as the builder walks it)."""
    found: list[tuple[tuple[int, ...], str]] = []

    def walk(node: dict[int, Any], prefix: tuple[int, ...]) -> None:
        for token in sorted(node):
            below = MoveTrie.child(node, token, len(prefix))
            if isinstance(below, dict):
                walk(below, (*prefix, token))
            else:
                found.append(((*prefix, token), str(below)))

    walk(root, ())
    return found


def first_level_matches_listing(state: GameState) -> bool:
    """Where the game lays the first level: the same as the listing's. True if it laid one."""
    space = state.game.sequence_space
    round_state = state.round_state
    if not state.game.own_listing(round_state):
        return False
    before = pickle.dumps(round_state)
    level = space.first_level(round_state)
    if level is None:
        return False
    listed = MoveTrie(space, state.legal_moves()).root
    assert sorted(level) == sorted(listed)
    laid = any(isinstance(entry, Later) for entry in level.values())
    assert sequences(level) == sequences(listed)
    assert pickle.dumps(round_state) == before  # (laying and walking it changed nothing)
    return laid


def play_checking(players: int, seeds: range, options: dict[str, Any]) -> int:
    """Play seeded matches, discards preferred (as an agent choosing tokens does: hands that
    could lay down often), checking every decision; how many levels had steps to list."""
    rng = random.Random(players)
    laid = 0
    for seed in seeds:
        state = new(players, seed=seed, options={"rounds": 3, **options})
        while state.current_player is not None:
            laid += first_level_matches_listing(state)
            legal = state.legal_moves()
            discards = [m for m in legal if str(m).startswith("discard")]
            if discards and rng.random() < 0.85:
                state.apply(rng.choice(discards))
            else:
                state.apply(rng.choice(legal))
    return laid


@pytest.mark.rule("R11")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_decision_of_seeded_matches(players: int) -> None:
    laid = play_checking(players, range(2), {})
    assert laid >= 100, laid  # (positions where some step existed: the lazy entries were walked)


@pytest.mark.rule("R7")
@pytest.mark.rule("R14")
@pytest.mark.parametrize(
    "options",
    [
        {"min_naturals": 3},
        {"naturals_exceed_rooks": True},
        {"lay_down_extra_melds": True, "lay_off_same_turn": False},
        {"swapped_rook_by_turn_end": True},
        {"buy_limit": 0},
    ],
    ids=str,
)
def test_every_decision_under_the_game_s_options(options: dict[str, Any]) -> None:
    """Options change the game's own rules, not who lists the moves: the level still asked."""
    laid = play_checking(4, range(1), options)
    assert laid >= 50, laid


@pytest.mark.rule("R11")
@pytest.mark.rule("R12")
def test_dealt_hands_of_every_round() -> None:
    """Hands of 10 to 30 cards (buys add cards) at the start of play, under every round's
    contract (the last round's: the whole hand is melded, R12)."""
    rng = random.Random(11)
    deck = [str(card) for card in game_deck(3).cards()]
    offered: dict[int, int] = {}
    for round_index in range(11):  # (0-based: round 1 is 0)
        for _ in range(30):
            state = new(3, seed=round_index)
            rng.shuffle(deck)
            sizes = [rng.randrange(10, 31) for _ in range(3)]
            hands = [" ".join(deck[sum(sizes[:s]) : sum(sizes[: s + 1])]) for s in range(3)]
            stock = " ".join(deck[100:120])
            put_round(state, hands, stock=stock, phase=RookPhase.PLAY, round=round_index)
            if first_level_matches_listing(state):
                offered[round_index] = offered.get(round_index, 0) + 1
    assert len(offered) >= 6, offered  # (rounds where some hand could lay down)


@pytest.mark.rule("R12")
def test_the_last_round_s_whole_hand_lay_down() -> None:
    """Round 11: a hand that melds whole is offered its melds; one card more, none are."""
    hand, drawn, _ = going_out_hand(10)
    for held, expected in ((f"{hand} {drawn}", True), (f"{hand} {drawn} B14", False)):
        state = new(3, seed=0)
        put_round(state, [held, "B2 B3", "B5 B6"], phase=RookPhase.PLAY, round=10)
        assert rs(state).whole_hand
        level = state.game.sequence_space.first_level(rs(state))
        assert level is not None
        assert (MELD_RUN in level or MELD_SET in level) is expected
        assert first_level_matches_listing(state) is expected


def test_the_builder_plays_through_the_game_s_level_without_listing() -> None:
    """A discard from the laid level is played with no listing made; a meld's steps are
    listed once ``meld run`` is chosen, and the meld it builds is the listed move."""
    from cardrules.adapters.building import MoveBuilder
    from cardrules_rook.sequences import DISCARD

    hand, _, _ = going_out_hand(1)  # (round 2: two runs)
    state = new(3, seed=0)
    put_round(state, [f"{hand} B14", "B2 B3", "B5 B6"], phase=RookPhase.PLAY, round=1)
    builder = MoveBuilder(state.game.sequence_space)
    tokens = builder.tokens(state)
    assert MELD_RUN in tokens
    assert state._legal is None  # (the level was laid, nothing listed)
    discard = DISCARD + rs(state).hands[0].index(1)  # (the first card held, by code)
    clone = state.clone()
    move = builder.push(clone, discard)
    assert move is not None
    assert str(move).startswith("discard")
    builder.play(clone, move)
    assert clone.history[-1] is move
    assert clone.history[-1] in state.legal_moves()

    builder = MoveBuilder(state.game.sequence_space)
    builder.tokens(state)
    assert builder.push(state, MELD_RUN) is None
    while (move := builder.push(state, builder.tokens(state)[0])) is None:
        pass
    assert move in state.legal_moves()
    assert str(move).startswith("meld")
    before = len(state.history)
    builder.play(state, move)
    assert len(state.history) == before + 1


def env_offering_a_lay_down() -> tuple[Any, int]:
    """A seeded 3-player ``raw_env`` played at random until a lay-down is offered, and the
    token that begins one (``meld run`` if offered)."""
    pytest.importorskip("pettingzoo")
    from cardrules.adapters.pettingzoo import raw_env

    env = raw_env("toonerville-rook", players=3)
    env.reset(seed=1)
    rng = random.Random(0)
    for _ in env.agent_iter(3000):
        legal = env.legal_actions()
        if MELD_RUN in legal or MELD_SET in legal:
            return env, MELD_RUN if MELD_RUN in legal else MELD_SET
        env.step(legal[rng.randrange(len(legal))])
    pytest.fail("no lay-down was offered")


def test_an_environment_holding_the_level_pickles_and_goes_on_alike() -> None:
    """The level's entries are plain objects: an env offering ``meld run`` pickles (as before)."""
    env, token = env_offering_a_lay_down()
    assert env.unwrapped.game_state._legal is None  # (the level was laid: nothing listed)
    copy = pickle.loads(pickle.dumps(env))
    for each in (env, copy):
        each.step(token)
    while env.legal_actions() != [] and env.unwrapped._builder.prefix:
        assert copy.legal_actions() == env.legal_actions()
        chosen = env.legal_actions()[0]
        env.step(chosen)
        copy.step(chosen)
    assert copy.unwrapped.game_state.record() == env.unwrapped.game_state.record()


@pytest.mark.rule("R11")
def test_play_checks_every_move_but_the_one_push_just_completed_there() -> None:
    """Only the move `push` completed on the game's level, at that position, goes unchecked."""
    from cardrules.adapters.building import MoveBuilder
    from cardrules.errors import IllegalMoveError
    from cardrules_rook.sequences import DISCARD

    state = new(3, seed=0)
    # Round 2 asks a run and a set: this hand has the run but no set, so no lay-down (R11).
    put_round(state, ["G1 G2 G3 G4 R1 Y9 B12 B2", "B2 B3", "B5 B6"], phase=RookPhase.PLAY, round=1)
    builder = MoveBuilder(state.game.sequence_space)
    one_run = state.parse_move("meld G1 G2 G3 G4")
    assert MELD_RUN not in builder.tokens(state)
    with pytest.raises(IllegalMoveError) as refused:
        builder.play(state, one_run)  # (never completed by push)
    assert refused.value.rule == "R11"
    code = rs(state).hands[0].index(1)
    move = builder.push(state, DISCARD + code)
    assert move is not None
    builder.play(state, move)
    with pytest.raises(IllegalMoveError):
        builder.play(state, move)  # (again: seat 1 is to draw now)
    assert len(state.history) == 1


def test_a_deep_copy_of_an_environment_goes_on_with_the_meld_being_built() -> None:
    import copy

    env, token = env_offering_a_lay_down()
    env.step(token)
    twin = copy.deepcopy(env)
    assert twin.unwrapped._builder.prefix == env.unwrapped._builder.prefix
    assert twin.legal_actions() == env.legal_actions()
