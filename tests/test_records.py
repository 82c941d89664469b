"""Game records: JSON round-trips, replays, and refusal of corrupted records."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.bots import play_match
from cardrules.bots.loading import bot_factories
from cardrules.errors import quote
from cardrules.records import (
    READABLE_FORMATS,
    GameRecord,
    RecordError,
    check_record,
    load_record,
    played_options,
    replay,
)
from cardrules.testing import playouts
from tests.support import random_moves

GAMES = ["gnoming-a-round", "toonerville-rook"]


@given(
    state=playouts("gnoming-a-round", max_moves=400) | playouts("toonerville-rook", max_moves=200)
)
@settings(max_examples=25)
def test_records_round_trip_and_replay(state: cardrules.GameState) -> None:
    """record -> JSON -> load -> replay gives back the same record, state by state."""
    text = json.dumps(state.record())
    record = load_record(text)
    assert json.loads(record.to_json()) == json.loads(text)
    states = list(replay(record))
    assert len(states) == len(state.history) + 1
    assert states[-1].record() == state.record()
    assert states[0].history == []


def test_replay_yields_independent_states() -> None:
    """Each yielded state is its own copy: later moves do not change earlier states."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=3)
    random_moves(state, random.Random(1), 30)
    states = list(replay(state.record()))
    assert [len(s.history) for s in states] == list(range(31))


@cache
def finished_record(game: str) -> dict[str, Any]:
    """A complete record of a seeded greedy-bot match (cached: it is copied before use)."""
    players = 3
    state = cardrules.new_game(game, players=players, seed=12)
    greedy = bot_factories(state.game.spec.bots)["greedy"]
    play_match(state, [greedy(s) for s in range(players)])
    record = state.record()
    record["truncated"] = False
    return record


def corrupt(record: dict[str, Any], how: int, where: int, text_cut: int) -> str:
    """Damage a valid record in one of several ways; each always makes it invalid."""
    bad = copy.deepcopy(record)
    moves = bad["moves"]
    i = where % len(moves)
    if how == 0:
        return json.dumps(bad)[: text_cut % len(json.dumps(bad))]  # truncated file
    if how == 1:
        del bad[
            sorted(("format", "game", "players", "seed", "options", "variants", "moves"))[where % 7]
        ]
    elif how == 2:
        bad[["players", "seed", "moves", "variants", "options"][where % 5]] = "x"  # wrong type
    elif how == 3:
        moves[i] = "teleport " + moves[i]  # not a move
    elif how == 4:
        bad["round_scores"][where % len(bad["round_scores"])][0] += 1 + where % 5
    elif how == 5:
        bad["game"] = "chess"
    elif how == 6:
        bad["variants"] = ["no-such-variant"]
    elif how == 7:
        bad["players"] = 2 + 10 * (where % 2)  # out of range: 2 or 12
    elif how == 8:
        bad["format"] = "cardrules-record/99"
    elif how == 9:
        bad["winners"] = [s for s in range(bad["players"]) if s not in bad["winners"]]
    elif how == 10:
        bad["over"] = False
    elif how == 11:
        bad["cheat"] = True  # unknown field
    elif how == 12:
        bad["options"] = {"no_such_option": 1}
    else:
        moves.insert(i, moves[i - 1] if moves[i - 1] != moves[i] else "pass")  # an extra move
        bad["moves"] = moves
    return json.dumps(bad)


@given(
    game=st.sampled_from(GAMES),
    how=st.integers(0, 13),
    where=st.integers(0, 10_000),
    text_cut=st.integers(1, 10**6),
)
@settings(max_examples=1000)
def test_corrupted_records_are_refused_with_a_clear_error(
    game: str, how: int, where: int, text_cut: int
) -> None:
    """Every corrupted record raises RecordError (never another exception) with a message."""
    text = corrupt(finished_record(game), how, where, text_cut)
    with pytest.raises(RecordError) as caught:
        check_record(text)
    assert str(caught.value)


def test_errors_name_the_field_or_the_move_number() -> None:
    """The error says where: a field name, or the number of the bad move."""
    record = finished_record("gnoming-a-round")
    bad = copy.deepcopy(record)
    bad["moves"][4] = "fly away"
    with pytest.raises(RecordError) as caught:
        list(replay(bad))
    assert caught.value.move_number == 5
    assert "move 5" in str(caught.value)
    bad = copy.deepcopy(record)
    bad["scores"][0] += 1
    with pytest.raises(RecordError) as caught:
        list(replay(bad))
    assert caught.value.field == "scores"


def test_a_record_never_imports_what_it_names() -> None:
    """A game or variant name that looks like a module is refused, not imported."""
    record = copy.deepcopy(finished_record("gnoming-a-round"))
    record["game"] = "os:system"
    with pytest.raises(RecordError, match="unknown game"):
        list(replay(record))
    record["game"] = "gnoming-a-round"
    record["variants"] = ["subprocess"]
    with pytest.raises(RecordError, match="unknown variant"):
        list(replay(record))


def test_replay_under_different_rules_is_refused() -> None:
    """A record of a no-bounce game cannot be replayed with bouncing back on."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=4, variants=["no-bounce"])
    random_moves(state, random.Random(0), 50)
    record = state.record()
    record["options"]["bouncing"] = True
    with pytest.raises(RecordError, match="no-bounce"):
        list(replay(record))


def test_game_record_value_is_plain_data() -> None:
    """GameRecord.to_dict() is what load_record reads back."""
    record = load_record(finished_record("toonerville-rook"))
    assert isinstance(record, GameRecord)
    assert load_record(record.to_dict()) == record


def _legacy(record: dict[str, Any], *removed: str) -> dict[str, Any]:
    """``record`` as format 1 wrote it: without the options that came with format 2."""
    old = copy.deepcopy(record)
    old["format"] = "cardrules-record/1"
    for name in removed:
        del old["options"][name]
    return old


def _hazard_match() -> dict[str, Any]:
    """A finished Gnoming match, played by the old G15 rule, in which a Hazard leaves round 1."""
    for seed in range(100):
        options = {"hazards_return_each_round": True}
        state = cardrules.new_game("gnoming-a-round", players=3, seed=seed, options=options)
        rng = random.Random(seed)
        random_moves(state, rng, 100_000)
        if state.finished_rounds[0].out_of_play:
            return state.record()
    raise AssertionError("no match below seed 100 removes a Hazard in round 1")


@pytest.mark.rule("G15")
def test_a_format_1_record_replays_under_the_rule_it_was_played_by() -> None:
    """A format 1 Gnoming record does not name hazards_return_each_round: it replays with True."""
    record = _hazard_match()
    old = _legacy(record, "hazards_return_each_round")
    assert played_options(load_record(old))["hazards_return_each_round"] is True
    final = check_record(old)
    assert final.game.options.hazards_return_each_round is True
    assert final.record() == record  # written anew as format 2, naming the old rule
    # The same moves read as format 2 (new rule: the Hazard stays out) are refused.
    new = dict(old, format=READABLE_FORMATS[-1])
    with pytest.raises(RecordError):
        check_record(new)


@pytest.mark.rule("G15")
def test_a_format_1_record_that_names_the_option_keeps_it() -> None:
    """An option a format 1 record names, or a variant sets, is not overridden."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=2)
    random_moves(state, random.Random(2), 40)
    old = _legacy(state.record())
    assert old["options"]["hazards_return_each_round"] is False
    assert played_options(load_record(old))["hazards_return_each_round"] is False
    assert check_record(old).game.options.hazards_return_each_round is False


def test_only_known_formats_are_read() -> None:
    """Formats 1 and 2 are read; the error for another lists them."""
    assert READABLE_FORMATS == ("cardrules-record/1", "cardrules-record/2")
    bad = dict(finished_record("gnoming-a-round"), format="cardrules-record/3")
    with pytest.raises(RecordError, match="cardrules-record/1") as caught:
        load_record(bad)
    assert caught.value.field == "format"


@pytest.mark.rule("R14")
def test_a_format_1_rook_record_replays_with_the_swapped_rook_played_by_turn_end() -> None:
    """Format 1 Rook records were played when a swapped Rook was due by the turn's end."""
    state = cardrules.new_game("toonerville-rook", players=3, seed=5)
    random_moves(state, random.Random(5), 60)
    old = _legacy(state.record(), "swapped_rook_by_turn_end")
    assert played_options(load_record(old))["swapped_rook_by_turn_end"] is True
    assert check_record(old).game.options.swapped_rook_by_turn_end is True
    assert played_options(load_record(state.record()))["swapped_rook_by_turn_end"] is False


def test_an_abandoned_match_is_recorded_as_abandoned_not_truncated() -> None:
    """``abandoned`` reads back as written, and must be true or false."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=5)
    play_match(state, [cardrules.RandomBot(s) for s in range(3)], max_decisions=30)
    record = dict(state.record(), truncated=False, abandoned=True)
    loaded = load_record(record)
    assert loaded.abandoned is True
    assert loaded.truncated is False
    assert load_record(loaded.to_dict()) == loaded
    check_record(record)
    with pytest.raises(RecordError, match="'abandoned' must be true or false"):
        load_record(dict(record, abandoned="yes"))


# -- issue 39, cases 6 and 7: a record is validated however it is made --------------------


def _finished_record() -> dict[str, Any]:
    state = cardrules.new_game("gnoming-a-round", players=3, seed=8)
    play_match(state, [cardrules.RandomBot(seat) for seat in range(3)])
    return state.record()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", "3"),
        ("seed", 1.5),
        ("seed", 10**5000),
        ("game", 7),
        ("options", [1]),
        ("variants", "knock"),
        ("moves", "draw"),
        ("winners", ["0"]),
        ("round_scores", [None]),
        ("over", "yes"),
        ("abandoned", 1),
        ("format", "cardrules-record/99"),
        ("variant_states", [[1]]),
    ],
    ids=lambda value: quote(value, 20),
)
def test_a_game_record_made_by_hand_is_validated(field: str, value: Any) -> None:
    """GameRecord(players='3') and friends: a RecordError naming the field, not a TypeError."""
    fields: dict[str, Any] = {"game": "gnoming-a-round", "players": 3, "seed": 1}
    fields.update(options={}, variants=(), moves=())
    fields[field] = value
    with pytest.raises(RecordError) as caught:
        check_record(GameRecord(**fields))
    assert caught.value.field == field
    assert len(str(caught.value)) <= 1024


def test_a_game_record_made_by_hand_takes_lists_for_tuples() -> None:
    """JSON gives lists: a record made from them holds tuples, and replays."""
    data = _finished_record()
    record = GameRecord(
        game=data["game"],
        players=data["players"],
        seed=data["seed"],
        options=data["options"],
        variants=list(data["variants"]),
        moves=list(data["moves"]),
        round_scores=data["round_scores"],
        winners=data["winners"],
    )
    assert isinstance(record.moves, tuple)
    assert record.round_scores == tuple(map(tuple, data["round_scores"]))
    assert check_record(record).is_over


def test_abandoned_is_checked_against_the_replay() -> None:
    """Case 7: "abandoned": true on a record whose moves finish the match is refused."""
    data = _finished_record()
    assert check_record(dict(data, abandoned=False)).is_over
    with pytest.raises(RecordError, match="abandoned") as caught:
        check_record(dict(data, abandoned=True))
    assert caught.value.field == "abandoned"
    partial = dict(data, moves=data["moves"][:10], abandoned=True)
    for key in ("round_scores", "scores", "winners", "over"):
        partial.pop(key, None)
    assert not check_record(partial).is_over
