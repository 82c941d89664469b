"""The compact encoding (token sequences) plays the same rules as the full action space."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules.errors import IllegalMoveError
from cardrules.model.sequences import MoveTrie, SingleTokens

pytest.importorskip("numpy")


def _seeded_pair(players: int, seed: int, variants: tuple[str, ...] = ()) -> None:
    """One seeded random match played twice: by action ids, and token by token."""
    by_id = cardrules.new_game("toonerville-rook", players=players, seed=seed, variants=variants)
    by_tokens = cardrules.new_game(
        "toonerville-rook", players=players, seed=seed, variants=variants
    )
    space = by_tokens.game.sequence_space
    assert space.size < 500
    rng = random.Random(seed)
    steps = 0
    while by_id.current_player is not None and steps < 400:
        legal = by_id.legal_moves()
        assert legal == by_tokens.legal_moves()
        trie = MoveTrie(space, by_tokens.legal_moves())
        reached = []
        for move in legal:
            tokens = space.tokens_of(move)
            assert space.move_of(tokens) == move
            assert space.head(move) == (tokens[0], len(tokens) == 1)  # (what the trie's root reads)
            reached.append(trie.walk(tokens))
        assert reached == list(legal)
        move = legal[rng.randrange(len(legal))]
        by_id.apply_action(by_id.action_id(move))
        node = trie.walk(space.tokens_of(move))
        assert isinstance(node, cardrules.Move)
        by_tokens.apply(node)
        steps += 1
    assert by_id.record() == by_tokens.record()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_both_encodings_reach_the_same_positions(players: int) -> None:
    _seeded_pair(players, seed=11 + players)


def test_a_variants_added_move_kinds_keep_their_single_tokens() -> None:
    """Knock adds a move kind with its own ids: one token each past the game's (`WithAddedIds`)."""
    game = cardrules.new_game("toonerville-rook", players=3, seed=0, variants=("knock",)).game
    assert game.sequence_space.size == 193
    _seeded_pair(3, seed=5, variants=("knock",))


def test_rook_sequence_space_is_small_for_every_player_count() -> None:
    sizes = [
        cardrules.new_game("toonerville-rook", players=p, seed=0).game.sequence_space.size
        for p in (3, 4, 5)
    ]
    assert sizes == [192, 210, 229]


def test_a_game_without_sequences_has_one_token_per_move() -> None:
    game = cardrules.new_game("gnoming-a-round", players=3, seed=0).game
    assert isinstance(game.sequence_space, SingleTokens)
    assert game.sequence_space.size == game.action_space.size


def test_pettingzoo_builds_a_meld_token_by_token_and_refuses_off_trie() -> None:
    from cardrules.adapters.pettingzoo import raw_env

    env = raw_env("toonerville-rook", players=3, options={"rounds": 1})
    space = env.game.sequence_space
    rng = random.Random(3)
    for seed in range(30):
        env.reset(seed=seed)
        for agent in env.agent_iter(2000):
            _, _, terminated, truncated, _ = env.last(observe=False)
            if terminated or truncated:
                env.step(None)
                continue
            legal = env.legal_actions()
            if env.unwrapped._builder.prefix:
                observation = env.observe(agent)["observation"]
                building = observation[env.game.tensor_layout.size :]
                assert building.sum() == len(env.unwrapped._builder.prefix)
                other = next(a for a in env.agents if a != agent)
                assert not env.observe(other)["observation"][env.game.tensor_layout.size :].any()
                off = next(t for t in range(space.size) if t not in legal)
                before = env.unwrapped._builder.prefix
                with pytest.raises(IllegalMoveError):
                    env.step(off)
                assert env.unwrapped._builder.prefix == before
                assert env.legal_actions() == legal
                return
            starts = [t for t in legal if t in (61, 62, 63, 64)]
            env.step(starts[0] if starts else legal[rng.randrange(len(legal))])
    pytest.fail("no meld was built in 30 seeded matches")


@pytest.mark.parametrize("players", [3, 4])
def test_pettingzoo_api_test_passes_with_the_compact_encoding(players: int) -> None:
    from pettingzoo.test import api_test

    from cardrules.adapters.pettingzoo import env

    api_test(env("toonerville-rook", players=players, options={"rounds": 1}), num_cycles=300)


@pytest.mark.parametrize("players", [3, 4])
def test_gymnasium_check_env_passes_with_the_compact_encoding(players: int) -> None:
    from gymnasium.utils.env_checker import check_env

    from cardrules.adapters.gymnasium import CardRulesGymEnv

    env = CardRulesGymEnv("toonerville-rook", players=players, options={"rounds": 1})
    assert env.game.sequence_space.size < 300
    check_env(env, skip_render_check=True)
    rng = random.Random(players)
    _, info = env.reset(seed=players)
    built = 0
    for _ in range(3000):
        legal = info["action_mask"].nonzero()[0].tolist()
        starts = [t for t in legal if t in (61, 62, 63, 64)]
        token = starts[0] if starts and built < 5 else legal[rng.randrange(len(legal))]
        observation, _, terminated, truncated, info = env.step(token)
        built += token in (61, 62, 63, 64)
        if terminated or truncated:
            break
    assert built
    assert observation.shape == env.observation_space.shape


def test_a_later_entry_lists_its_moves_when_followed_and_refuses_an_empty_listing() -> None:
    """`Later`: a first-level entry whose moves a game lists only once its token is chosen."""
    from cardrules.errors import InvalidMoveError
    from cardrules.model.sequences import Later

    game = cardrules.new_game("toonerville-rook", players=3, seed=0).game
    space = game.sequence_space
    run = cardrules.new_game("toonerville-rook", players=3, seed=0).parse_move("meld R3 R4 R5 R6")
    calls: list[int] = []

    def listed() -> list[cardrules.Move]:
        calls.append(1)
        return [run]

    level = {61: Later(space.tokens_of, listed), 62: Later(space.tokens_of, list)}
    assert calls == []
    node = MoveTrie.child(level, 61, 0)
    assert calls == [1]
    assert isinstance(node, dict)
    assert MoveTrie.child(level, 61, 0) is node  # (listed once: the level is laid in place)
    tokens = space.tokens_of(run)
    below: object = level
    for depth, token in enumerate(tokens):
        assert isinstance(below, dict)
        below = MoveTrie.child(below, token, depth)
    assert below is run
    with pytest.raises(InvalidMoveError, match="none, or not all of them"):
        MoveTrie.child(level, 62, 0)
    draw = cardrules.new_game("toonerville-rook", players=3, seed=0).legal_moves()[0]
    wrong = {61: Later(space.tokens_of, lambda: [run, draw])}  # (a one-token move under 61)
    with pytest.raises(InvalidMoveError, match="the game's first_level is wrong"):
        MoveTrie.child(wrong, 61, 0)


def test_own_listing_only_for_the_game_alone_outside_windows() -> None:
    plain = cardrules.new_game("toonerville-rook", players=3, seed=0)
    assert plain.game.own_listing(plain.round_state)
    with_variant = cardrules.new_game("toonerville-rook", players=3, seed=0, variants=("knock",))
    assert not with_variant.game.own_listing(with_variant.round_state)
    plain.apply("draw" if "draw" in map(str, plain.legal_moves()) else plain.legal_moves()[0])
    while (
        plain.round_state.phase.value != "buy"
    ):  # (a discard, then the next draw opens the window)
        plain.apply(plain.legal_moves()[-1])
    assert not plain.game.own_listing(plain.round_state)  # (the buy window is open, R10)
