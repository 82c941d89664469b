"""Variant state and variant moves: the engine keeps a variant's value and runs its moves."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from cardrules import (
    IllegalMoveError,
    InvalidMoveError,
    Move,
    OptionsError,
    PluginHookError,
    VariantConflictError,
    VariantSpec,
    hookimpl,
    new_game,
)
from cardrules.engine.determinize import determinize
from cardrules.plugins.variant_moves import NO_PLANES, MoveKind, MoveKindError
from cardrules.plugins.variant_state import (
    StateSpec,
    VariantStateError,
    set_variant_state,
    variant_state,
    variant_view,
)
from cardrules.records import RecordError, check_record
from tests.variant_toys import GAME, SIGH, Hum, Sigh, Sighs, Tally, sigh_variant, toy_catalogue

CATALOGUE = toy_catalogue()


def play(state: Any, moves: int, seed: int = 0) -> None:
    """Play ``moves`` random legal moves (fewer if the match ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            return
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])


def draws_from_stock(state: Any) -> list[int]:
    """Draws from the draw pile per seat over the whole match, counted from the history."""
    counts = [0] * state.players
    for seat, move in zip(state.seats, state.history, strict=True):
        if str(move) == "draw stock":
            counts[seat] += 1
    return counts


class TestVariantState:
    def test_a_value_starts_with_the_round_and_per_match_state_carries_over(self) -> None:
        state = new_game(GAME, players=3, seed=2, variants=["tally"], catalogue=CATALOGUE)
        assert variant_state(state.round_state, "tally") == Tally((0, 0, 0))
        while state.round < 2:
            play(state, 1, seed=len(state.history))
        # per_match: round 2 starts with the draws of round 1, which the history counts.
        assert variant_state(state.round_state, "tally").draws == tuple(draws_from_stock(state))
        assert sum(variant_state(state.round_state, "tally").draws) > 0

    def test_round_state_restarts_each_round(self) -> None:
        state = new_game(GAME, players=3, seed=1, variants=["sigh"], catalogue=CATALOGUE)
        while Sigh() not in state.legal_moves():
            play(state, 1)
        state.apply("sigh")
        assert variant_state(state.round_state, "sigh") == Sighs(1)
        assert Sigh() not in state.legal_moves()
        while state.round == 0:
            play(state, 1, seed=len(state.history))
        assert variant_state(state.round_state, "sigh") == Sighs(0)
        assert variant_state(state.finished_rounds[0], "sigh") == Sighs(1)

    def test_a_clone_shares_the_values_and_keeps_its_own_after_a_change(self) -> None:
        state = new_game(GAME, players=3, seed=1, variants=["sigh"], catalogue=CATALOGUE)
        while Sigh() not in state.legal_moves():
            play(state, 1)
        clone = state.clone()
        assert clone.round_state.variant_states is state.round_state.variant_states
        clone.apply("sigh")
        assert variant_state(clone.round_state, "sigh") == Sighs(1)
        assert variant_state(state.round_state, "sigh") == Sighs(0)

    def test_reading_or_replacing_wrongly_is_a_typed_error(self) -> None:
        state = new_game(GAME, players=3, seed=1, variants=["sigh"], catalogue=CATALOGUE)
        with pytest.raises(VariantStateError, match="'tally' keeps no state"):
            variant_state(state.round_state, "tally")
        with pytest.raises(VariantStateError, match="keeps a Sighs"):
            set_variant_state(state.round_state, "sigh", Tally())
        plain = new_game(GAME, players=3, seed=1)
        with pytest.raises(VariantStateError):
            variant_state(plain.round_state, "sigh")

    def test_a_state_type_that_is_not_frozen_is_refused_when_the_game_starts(self) -> None:
        @attrs.define
        class Loose:
            count: int = 0

        spec = VariantSpec("loose", GAME, state=StateSpec(type=Loose))
        with pytest.raises(VariantStateError, match="not frozen"):
            new_game(GAME, players=3, variants=["loose"], catalogue=_catalogue_with(spec))
        with pytest.raises(VariantStateError, match="frozen attrs class"):
            StateSpec(type=dict)
        with pytest.raises(VariantStateError, match="needs determinize"):
            StateSpec(type=Tally, view=lambda game, value, seat: None)

    def test_without_variant_state_nothing_is_added(self) -> None:
        state = new_game(GAME, players=3, seed=1)
        assert state.round_state.variant_states == {}
        assert state.observation(0).variant_views == ()
        assert "variant_states" not in state.record()


class TestViewsAndDeterminization:
    def test_each_seat_sees_what_the_view_shows(self) -> None:
        state = new_game(GAME, players=3, seed=4, variants=["tally"], catalogue=CATALOGUE)
        play(state, 40)
        counts = draws_from_stock(state)
        for seat in range(3):
            assert variant_view(state.observation(seat), "tally") == counts[seat]

    def test_a_determinized_state_is_filled_in_from_the_view(self) -> None:
        state = new_game(GAME, players=3, seed=4, variants=["tally", "sigh"], catalogue=CATALOGUE)
        play(state, 40)
        observation = state.observation(1)
        sample = determinize(state.game, observation, random.Random(0))
        assert sample.observation(1) == observation
        tally = variant_state(sample.round_state, "tally")
        assert tally.draws[1] == draws_from_stock(state)[1]
        assert tally.draws[0] == tally.draws[2] == 0  # hidden from seat 1: sampled as 0


class TestRecords:
    def test_records_hold_each_rounds_values_and_replay_checks_them(self) -> None:
        state = new_game(GAME, players=3, seed=5, variants=["tally"], catalogue=CATALOGUE)
        while state.round < 1:
            play(state, 1, seed=len(state.history))
        record = json.loads(json.dumps(state.record()))
        assert len(record["variant_states"]) == 2
        assert record["variant_states"][1]["tally"]["draws"] == draws_from_stock(state)
        check_record(record, catalogue=CATALOGUE)
        record["variant_states"][0]["tally"]["draws"][0] += 1
        with pytest.raises(RecordError, match="round 1") as error:
            check_record(record, catalogue=CATALOGUE)
        assert error.value.field == "variant_states"

    def test_a_malformed_variant_states_field_is_refused(self) -> None:
        record = new_game(GAME, players=3, seed=5, variants=["tally"], catalogue=CATALOGUE).record()
        record["variant_states"] = "nonsense"
        with pytest.raises(RecordError, match="variant_states"):
            check_record(record, catalogue=CATALOGUE)


class TestVariantMoves:
    def test_blocks_are_appended_and_the_games_ids_do_not_move(self) -> None:
        plain = new_game(GAME, players=3, seed=1)
        state = new_game(GAME, players=3, seed=1, variants=["sigh", "hum"], catalogue=CATALOGUE)
        base, space = plain.action_space, state.action_space
        assert space.blocks[: len(base.blocks)] == base.blocks
        assert [(b.name, b.start, b.size) for b in space.blocks[len(base.blocks) :]] == [
            ("sigh:sigh", base.size, 1),
            ("hum:hum", base.size + 1, 2),
        ]
        for move in plain.legal_moves():
            assert space.id_of(move) == base.id_of(move)
        for action in range(base.size, space.size):
            assert space.id_of(space.move_of(action)) == action
        assert space.move_of(base.size + 2) == Hum("high")

    def test_legal_variant_moves_are_listed_masked_parsed_and_narrated(self) -> None:
        state = new_game(GAME, players=3, seed=1, variants=["sigh", "hum"], catalogue=CATALOGUE)
        while Sigh() not in state.legal_moves():
            play(state, 1)
        assert state.legal_moves()[-1] == Sigh()
        assert state.legal_action_mask()[state.action_space.size - 3] == 1
        assert state.parse_move("sigh") == Sigh()
        assert state.parse_move("hum low") == Hum("low")
        with pytest.raises(InvalidMoveError, match="hum low or hum high"):
            state.parse_move("hum loudly")
        assert state.game.narrate(state.round_state, 0, Sigh(), state.round_state) == [
            "seat 0 sighs"
        ]
        assert state.game.move_prompts() == (
            "sigh     sigh once a round",
            "hum low  hum (never legal; test toy)",
        )
        assert state.game.reveals(state.round_state, Sigh(), state.round_state) is False

    def test_an_illegal_variant_move_names_its_rule_and_changes_nothing(self) -> None:
        state = new_game(GAME, players=3, seed=1, variants=["sigh", "hum"], catalogue=CATALOGUE)
        play(state, 3)
        before = state.record()
        with pytest.raises(IllegalMoveError, match="nobody hums") as error:
            state.apply("hum low")
        assert error.value.rule == "G9"
        assert state.record() == before

    def test_planes_are_appended_and_filled_by_the_kind(self) -> None:
        plain = new_game(GAME, players=3, seed=1)
        state = new_game(GAME, players=3, seed=1, variants=["sigh", "hum"], catalogue=CATALOGUE)
        layout = state.game.tensor_layout
        assert layout.size == plain.game.tensor_layout.size + 1
        assert layout.planes[-1].name == "sigh:sighs"
        while Sigh() not in state.legal_moves():
            play(state, 1)
        state.apply("sigh")
        tensor = state.game.observation_tensor(state.observation(0))
        own = plain.game.tensor_layout.size
        assert tensor.shape == (layout.size,)
        assert tensor[own] == 1.0
        # The game's own planes are what the game alone encodes for the same observation.
        alone = attrs.evolve(state.observation(0), variant_views=())
        assert (tensor[:own] == plain.game.observation_tensor(alone)).all()

    def test_an_encoder_giving_the_wrong_size_is_named(self) -> None:
        spec = sigh_variant("bad-sigh", encode=lambda game, obs: [1.0, 2.0])
        state = new_game(GAME, players=3, variants=["bad-sigh"], catalogue=_catalogue_with(spec))
        with pytest.raises(PluginHookError, match="bad-sigh") as error:
            state.game.observation_tensor(state.observation(0))
        assert "2 values for planes of 1" in str(error.value)

    def test_a_failing_move_is_named_and_changes_nothing(self) -> None:
        def boom(game: Any, state: Any, move: Any, chance: Any) -> None:
            set_variant_state(state, "boom-sigh", Sighs(5))  # a change made before failing
            raise ValueError("no breath left")

        spec = sigh_variant("boom-sigh", apply=boom)
        state = new_game(
            GAME, players=3, seed=1, variants=["boom-sigh"], catalogue=_catalogue_with(spec)
        )
        while Sigh() not in state.legal_moves():
            play(state, 1)
        before = state.record()
        with pytest.raises(PluginHookError, match="variant:boom-sigh") as error:
            state.apply("sigh")
        assert "no breath left" in str(error.value)
        assert state.record() == before
        assert variant_state(state.round_state, "boom-sigh") == Sighs(0)

    def test_two_variants_adding_one_move_class_are_refused(self) -> None:
        spec = sigh_variant("sigh-again")
        with pytest.raises(VariantConflictError, match="both add Sigh moves"):
            new_game(
                GAME, players=3, variants=["sigh", "sigh-again"], catalogue=_catalogue_with(spec)
            )

    def test_a_kind_must_say_what_planes_it_adds(self) -> None:
        kind = SIGH.moves[0]
        with pytest.raises(MoveKindError, match="planes=NO_PLANES"):
            attrs.evolve(kind, encode=None)
        with pytest.raises(MoveKindError, match="needs id_of and move_of"):
            attrs.evolve(kind, actions=3)
        with pytest.raises(MoveKindError, match="both id_of and move_of, or neither"):
            attrs.evolve(kind, actions=3, move_of=lambda index: Sigh())
        with pytest.raises(MoveKindError, match="encode_state without planes"):
            attrs.evolve(kind, planes=NO_PLANES, encode=None, encode_state=lambda g, s, t: [0])
        with pytest.raises(TypeError):
            MoveKind(name="x", type=Sigh)  # type: ignore[call-arg]


@attrs.frozen
class Wave(Move):
    """A toy move of one field, in the default notation ``wave N``."""

    hand: int

    def __str__(self) -> str:
        return f"wave {self.hand}"


@attrs.frozen
class Point(Move):
    """A toy move of two fields, ``point X Y``."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"point {self.x} {self.y}"


class TestDefaultNotation:
    """A kind that gives no ``parse`` reads its name and the move's numbers; a kind of
    several ids whose move has a single field is numbered by it."""

    WAVE = attrs.evolve(SIGH.moves[0], name="wave", type=Wave, parse=None, actions=3)

    def test_the_name_and_one_number_per_field(self) -> None:
        assert self.WAVE.parse is None
        assert self.WAVE.parsed(" Wave 2") == Wave(2)
        assert self.WAVE.parsed("sigh") is None
        point = attrs.evolve(SIGH.moves[0], name="point", type=Point, parse=None)
        assert point.parsed("point -1 3") == Point(-1, 3)
        assert SIGH.moves[0].parsed("sigh") == Sigh()  # (the toy's own parse)
        assert attrs.evolve(SIGH.moves[0], parse=None).parsed("SIGH") == Sigh()

    def test_malformed_text_of_the_kind_is_refused(self) -> None:
        for text in ("wave", "wave x", "wave 1 2", "wave 3", "wave -1"):
            with pytest.raises(InvalidMoveError, match="wave"):
                self.WAVE.parsed(text)

    def test_the_single_field_numbers_the_block(self) -> None:
        assert [self.WAVE.index(Wave(hand)) for hand in range(3)] == [0, 1, 2]
        assert [self.WAVE.make(index) for index in range(3)] == [Wave(0), Wave(1), Wave(2)]
        with pytest.raises(PluginHookError, match="not an index 0 to 2"):
            self.WAVE.index(Wave(3))
        with pytest.raises(MoveKindError, match="single field"):
            attrs.evolve(self.WAVE, type=Point)


class TestVariantOptions:
    @attrs.frozen
    class Limit:
        most: int = attrs.field(default=2, validator=attrs.validators.ge(0))

    def test_a_variants_own_options_are_set_by_dotted_name_and_recorded(self) -> None:
        spec = VariantSpec("limited", GAME, options_type=self.Limit)
        catalogue = _catalogue_with(spec)
        state = new_game(GAME, players=3, variants=["limited"], catalogue=catalogue)
        assert state.game.variant_options == {"limited": self.Limit(2)}
        state = new_game(
            GAME,
            players=3,
            variants=["limited"],
            options={"limited.most": 5, "bouncing": False},
            catalogue=catalogue,
        )
        assert state.game.variant_options["limited"].most == 5
        assert not state.game.options.bouncing
        assert state.record()["options"]["limited.most"] == 5
        assert check_record(state.record(), catalogue=catalogue).game.variant_options == {
            "limited": self.Limit(5)
        }

    def test_bad_variant_options_are_refused(self) -> None:
        catalogue = _catalogue_with(VariantSpec("limited", GAME, options_type=self.Limit))
        for options, message in (
            ({"limited.most": -1}, "variant limited"),
            ({"limited.least": 1}, "unknown option"),
            ({"other.most": 1}, "no chosen variant"),
        ):
            with pytest.raises(OptionsError, match=message):
                new_game(
                    GAME, players=3, variants=["limited"], options=options, catalogue=catalogue
                )


@pytest.mark.parametrize(("game", "players"), [("gnoming-a-round", 3), ("toonerville-rook", 3)])
def test_a_round_ended_by_a_variant_is_a_variant_ending_in_the_tensor(
    game: str, players: int
) -> None:
    state = new_game(game, players=players, seed=1)
    observation = attrs.evolve(state.observation(0), ended_by="a-variant-ending")
    tensor = state.game.observation_tensor(observation)
    ended = state.game.tensor_layout.view(tensor, "ended_by")
    assert list(ended) == [0, 0, 1]


def _catalogue_with(spec: VariantSpec) -> Any:
    class One:
        @hookimpl
        def cardrules_register_variants(self, register: Any) -> None:
            register(spec)

    return toy_catalogue((f"one-{spec.name}", One()))
