"""The engine: new_game, options, variants, the state protocol and records."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cardrules
from cardrules import (
    Catalogue,
    GameState,
    IllegalMoveError,
    OptionsError,
    UnknownGameError,
    UnknownVariantError,
    VariantConflictError,
    VariantSpec,
    hookimpl,
    new_game,
)
from cardrules_gnoming import GnomingOptions, Place


class TestNewGame:
    def test_games_lists_gnoming_with_its_player_range(self) -> None:
        """cardrules.games() finds the built-in game through the entry point."""
        specs = {spec.name: spec for spec in cardrules.games()}
        assert specs["gnoming-a-round"].players_text == "3-7"

    def test_unknown_game_names_the_installed_games(self) -> None:
        """An unknown name raises UnknownGameError listing what is installed."""
        with pytest.raises(UnknownGameError, match="gnoming-a-round"):
            new_game("gnoming", players=3)

    @pytest.mark.parametrize("players", [2, 8, 0, -1])
    def test_player_count_outside_the_range_is_refused(self, players: int) -> None:
        """Gnoming takes 3 to 7 players."""
        with pytest.raises(OptionsError, match="3 to 7"):
            new_game("gnoming-a-round", players=players)

    @pytest.mark.parametrize("seed", ["1", 1.5, True])
    def test_a_seed_must_be_an_integer(self, seed: Any) -> None:
        """A non-integer seed is refused."""
        with pytest.raises(OptionsError, match="seed"):
            new_game("gnoming-a-round", players=3, seed=seed)

    def test_without_a_seed_one_is_chosen_and_kept(self) -> None:
        """seed=None picks a seed, stored so the match can be replayed."""
        state = new_game("gnoming-a-round", players=3)
        again = new_game("gnoming-a-round", players=3, seed=state.seed)
        assert state.round_state.stock.cards() == again.round_state.stock.cards()

    def test_different_seeds_give_different_deals(self) -> None:
        """The seed drives the shuffle."""
        a = new_game("gnoming-a-round", players=3, seed=1).round_state.stock.cards()
        b = new_game("gnoming-a-round", players=3, seed=2).round_state.stock.cards()
        assert a != b


class TestOptions:
    def test_defaults_are_the_rules_defaults(self) -> None:
        """No options: GnomingOptions() with every default."""
        assert new_game("gnoming-a-round", players=3, seed=0).game.options == GnomingOptions()

    def test_options_as_mapping(self) -> None:
        """A mapping sets named options."""
        state = new_game("gnoming-a-round", players=3, seed=0, options={"bouncing": False})
        assert state.game.options.bouncing is False

    def test_unknown_option_is_refused_with_the_known_names(self) -> None:
        """A misspelt option says which names exist."""
        with pytest.raises(OptionsError, match="bouncing"):
            new_game("gnoming-a-round", players=3, options={"bounce": False})

    @pytest.mark.parametrize(
        ("name", "value"),
        [("bouncing", "no"), ("mulligan_limit", -1), ("rounds", 0), ("start_pile_hazard", "x")],
    )
    def test_bad_option_values_are_refused(self, name: str, value: object) -> None:
        """A malformed option value raises OptionsError naming the option."""
        with pytest.raises(OptionsError, match=name):
            new_game("gnoming-a-round", players=3, options={name: value})

    def test_first_seat_must_exist(self) -> None:
        """first_seat is checked against the player count."""
        with pytest.raises(OptionsError, match=r"^options: first_seat must be a seat 0 to 2"):
            new_game("gnoming-a-round", players=3, options={"first_seat": 3})

    def test_initial_reveals_fit_the_layout(self) -> None:
        """initial_reveals is checked: 0 to 8 of the 9 layout cards."""
        with pytest.raises(OptionsError, match=r"^options: initial_reveals must be 0 to 8, got 9"):
            new_game("gnoming-a-round", players=3, options={"initial_reveals": 9})

    def test_variant_sets_its_options(self) -> None:
        """The no-bounce variant turns bouncing off."""
        state = new_game("gnoming-a-round", players=3, variants=["no-bounce"])
        assert state.game.options.bouncing is False

    def test_unknown_variant_is_refused(self) -> None:
        """An unknown variant name lists the known ones."""
        with pytest.raises(UnknownVariantError, match="no-bounce") as refused:
            new_game("gnoming-a-round", players=3, variants=["no-bouncing"])
        assert "catalogue=" in str(refused.value)  # a plugin not installed needs its catalogue

    @pytest.mark.parametrize("plugins", [[object()], [("name",)], [(1, object())]])
    def test_a_catalogue_of_other_than_pairs_is_refused_saying_so(self, plugins: list[Any]) -> None:
        with pytest.raises(TypeError, match=r"\(name, plugin\) pairs"):
            Catalogue(plugins)

    def test_variant_contradicting_given_options_is_refused(self) -> None:
        """bouncing=True given with the no-bounce variant is a conflict."""
        with pytest.raises(VariantConflictError, match="no-bounce"):
            new_game(
                "gnoming-a-round", players=3, variants=["no-bounce"], options={"bouncing": True}
            )


class _ConflictPlugin:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(VariantSpec("bounce-a", "gnoming-a-round", options={"mulligan_limit": 2}))
        register(VariantSpec("bounce-b", "gnoming-a-round", options={"mulligan_limit": 3}))


def test_two_variants_setting_one_option_differently_conflict() -> None:
    """Conflicting variants are refused when the game is created."""
    catalogue = Catalogue(plugins=[("conflict", _ConflictPlugin())])
    with pytest.raises(VariantConflictError, match="mulligan_limit"):
        new_game(
            "gnoming-a-round", players=3, variants=["bounce-a", "bounce-b"], catalogue=catalogue
        )


class _DeclaredConflictPlugin:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(VariantSpec("loud", "gnoming-a-round", conflicts=("quiet",)))  # a tuple of names
        register(VariantSpec("quiet", "gnoming-a-round", conflicts=["loud"]))
        register(VariantSpec("calm", "gnoming-a-round"))


def test_variants_declared_in_conflict_are_refused_together_only() -> None:
    """``VariantSpec.conflicts`` (any iterable of names, kept as a tuple) refuses the pair."""
    catalogue = Catalogue(plugins=[("declared", _DeclaredConflictPlugin())])
    for chosen in (["loud", "quiet"], ["calm", "quiet", "loud"]):
        with pytest.raises(
            VariantConflictError,
            match=r"'quiet' cannot be combined with 'loud'|'loud' cannot be combined with 'quiet'",
        ):
            new_game("gnoming-a-round", players=3, variants=chosen, catalogue=catalogue)
    state = new_game("gnoming-a-round", players=3, variants=["loud", "calm"], catalogue=catalogue)
    assert [v.conflicts for v in state.game.variants] == [("quiet",), ()]


class _NoPlacingAtZeroRules:
    """Rule hooks of a variant forbidding placing a card at position 0."""

    @hookimpl(wrapper=True)
    def cardrules_legal_moves(self, game: Any, state: Any) -> Any:
        moves = yield
        return [m for m in moves if m != Place(0)]


class _NoPlacingAtZero:
    """The plugin declaring that variant."""

    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(VariantSpec("no-zero", "gnoming-a-round", plugin=_NoPlacingAtZeroRules()))


def _to_place_phase(state: GameState) -> None:
    while state.round_state.phase.value != "place":
        state.apply(state.legal_moves()[0])


class TestVariantIsolation:
    def test_a_wrapping_variant_changes_only_its_own_game(self) -> None:
        """A variant chosen for one game never changes another game made from the same catalogue."""
        catalogue = Catalogue(plugins=[("no-zero", _NoPlacingAtZero())])
        with_variant = new_game(
            "gnoming-a-round", players=3, seed=5, variants=["no-zero"], catalogue=catalogue
        )
        plain = new_game("gnoming-a-round", players=3, seed=5, catalogue=catalogue)
        _to_place_phase(with_variant)
        _to_place_phase(plain)
        assert Place(0) not in with_variant.legal_moves()
        assert Place(0) in plain.legal_moves()
        with pytest.raises(IllegalMoveError):
            with_variant.apply(Place(0))


class TestProtocol:
    def test_current_player_and_legal_moves_at_start(self) -> None:
        """Round 1 opens with seat 0 choosing two cards to reveal."""
        state = new_game("gnoming-a-round", players=4, seed=3)
        assert state.current_player == 0
        assert len(state.legal_moves()) == 36

    def test_apply_accepts_notation(self) -> None:
        """A move may be given as its notation."""
        state = new_game("gnoming-a-round", players=4, seed=3)
        state.apply("reveal 0 8")
        assert str(state.history[-1]) == "reveal 0 8"
        assert state.current_player == 1

    def test_illegal_move_error_names_rule_move_and_seat(self) -> None:
        """The error carries the rule id, the move and the seat."""
        state = new_game("gnoming-a-round", players=4, seed=3)
        with pytest.raises(IllegalMoveError) as caught:
            state.apply("place 3")
        assert (caught.value.rule, str(caught.value.move), caught.value.seat) == (
            "G6",
            "place 3",
            0,
        )
        assert "G6" in str(caught.value)

    def test_observation_seat_must_exist(self) -> None:
        """observation() refuses a seat outside 0..players-1."""
        state = new_game("gnoming-a-round", players=3, seed=3)
        with pytest.raises(ValueError, match="seat"):
            state.observation(3)

    def test_moves_round_trip_through_notation(self) -> None:
        """parse_move(str(m)) == m for every legal move along a game."""
        state = new_game("gnoming-a-round", players=3, seed=11)
        seen = 0
        while not state.is_over and seen < 400:
            for move in state.legal_moves():
                assert state.parse_move(str(move)) == move
                assert hash(state.parse_move(str(move))) == hash(move)
            state.apply(state.legal_moves()[-1])
            seen += 1
        assert seen > 50

    def test_record_is_json_and_replays_to_the_same_scores(self) -> None:
        """The record holds seed, options and moves; replaying it gives the same scores."""
        state = new_game("gnoming-a-round", players=5, seed=9)
        while not state.is_over:
            state.apply(state.legal_moves()[len(state.history) % len(state.legal_moves())])
        record = json.loads(json.dumps(state.record()))
        replay = new_game(
            record["game"],
            players=record["players"],
            seed=record["seed"],
            options=record["options"],
        )
        for text in record["moves"]:
            replay.apply(text)
        assert replay.is_over
        assert [list(r) for r in replay.round_scores] == record["round_scores"]
        assert list(replay.winners) == record["winners"]
        assert record["format"] == "cardrules-record/2"


class TestErrorContract:
    def test_a_move_of_another_game_is_invalid_not_illegal(self) -> None:
        """A Toonerville Rook move given to Gnoming A Round is malformed input."""
        from cardrules_rook import Draw

        state = new_game("gnoming-a-round", players=3, seed=1)
        with pytest.raises(cardrules.InvalidMoveError, match="not a move of gnoming-a-round"):
            state.apply(Draw())

    def test_bad_seats_raise_a_cardrules_error(self) -> None:
        """A bad seat, or a wrong number of bots, is an InvalidSeatError (a ValueError)."""
        state = new_game("gnoming-a-round", players=3, seed=1)
        with pytest.raises(cardrules.InvalidSeatError):
            state.observation(5)
        with pytest.raises(cardrules.InvalidSeatError):
            cardrules.play_match(state, [])

    def test_card_notation_errors_are_card_errors(self) -> None:
        """'R15' is no Rook card: InvalidCardError, which is an InvalidMoveError."""
        from cardrules_rook import Card

        with pytest.raises(cardrules.InvalidCardError, match="R15"):
            Card.from_str("R15")
        assert issubclass(cardrules.InvalidCardError, cardrules.InvalidMoveError)

    def test_contract_search_accepts_notation(self) -> None:
        """find_lay_down takes card notation as well as cards."""
        from cardrules_rook import find_lay_down

        found = find_lay_down("R7 B7 Rook G2 G3 G4 G5 Y9".split(), sets=1, runs=1)
        assert found is not None
        assert [str(m) for m in found.melds] == ["G2 G3 G4 G5", "R7 B7 *7"]
