"""`check_game` catches what a game's author gets wrong, and says what it could not check.

The faults are planted in a small zoned trick-taking game (`tests.follow_suit`):
inferences that ignore a known void, a game that never records voids,
inferences that are not sound, an estimate with the wrong sign, a leaky
observation and a bot of the game's own that plays to lose. The correct game
passes every check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardrules import Catalogue, GameSpec, hookimpl
from cardrules.model.actions import ActionSpace, blocks_from
from cardrules.testing import (
    CHECKS,
    GameCheckFailure,
    check_game,
    run_conformance,
)
from cardrules.testing.game_report import FAILED, NOT_RUN, PASSED
from tests import high_tricks
from tests.follow_suit import CATALOGUE, DUCKING_CATALOGUE, NAME

FAST: dict[str, Any] = {"players": 3, "seeds": [0, 1], "moves": 24}


def failing(**kwargs: Any) -> GameCheckFailure:
    """The failure ``check_game`` raises for the follow-suit game with these arguments."""
    arguments = {"catalogue": CATALOGUE, **FAST, **kwargs}
    with pytest.raises(GameCheckFailure) as failure:
        check_game(NAME, **arguments)
    return failure.value


def test_the_correct_game_passes_every_check() -> None:
    report = check_game(NAME, catalogue=CATALOGUE, **FAST)
    assert report.passed == CHECKS
    assert report.not_run == {}
    assert report.failed == ()
    assert report.result("history").checked == report.result("determinization").checked > 0
    text = str(report)
    assert "passed   history" in text
    assert "follow-suit, 3 players, seeds 0, 1" in text


def test_inferences_that_ignore_a_known_void_fail_the_history_check() -> None:
    """A sample deals a suit to a seat that did not follow it: its old move is illegal there."""
    failure = failing(options={"infer_voids": False}, skip=["bots-direction"])
    assert failure.check == "history"
    assert "would have been illegal (rule F2" in str(failure)
    assert failure.report.result("determinization").status == PASSED  # the old kit's check


def test_a_game_that_never_records_voids_fails_the_history_check() -> None:
    failure = failing(options={"record_voids": False}, skip=["bots-direction"])
    assert failure.check == "history"
    assert failure.report.result("inferences").status == PASSED  # vacuous, but sound


def test_inferences_that_rule_out_the_truth_are_not_sound() -> None:
    failure = failing(options={"unsound": True}, skip=["bots-direction"])
    report = failure.report
    assert report.result("inferences").status == FAILED
    assert "the real state breaks seat 0's inferences" in report.result("inferences").detail
    assert "lies in ('kitty', None)" in report.result("inferences").detail


def test_an_estimate_with_the_wrong_sign_fails_the_direction_check() -> None:
    failure = failing(options={"estimate_sign": -1}, skip=["bots-direction"])
    assert failure.check == "estimate-direction"
    assert "Kendall's tau" in str(failure)
    assert "-0." in failure.report.result(failure.check).detail


def test_an_observation_showing_a_hidden_card_fails_the_leak_check() -> None:
    failure = failing(variants=["peeks"], skip=["bots-direction"])
    assert failure.check == "leaks"
    assert "cards hidden from seat 0 dealt anew, its observation changed" in str(failure)


def test_a_narration_naming_a_hidden_card_fails_the_leak_check() -> None:
    failure = failing(variants=["tells"], skip=["bots-direction"])
    assert failure.check == "leaks"
    assert "its narration of play" in str(failure)


def test_a_bot_of_the_game_playing_to_lose_fails_the_bots_check() -> None:
    with pytest.raises(GameCheckFailure) as failure:
        check_game(NAME, catalogue=DUCKING_CATALOGUE, **FAST, skip=["leaks"])
    assert failure.value.check == "bots-direction"
    detail = failure.value.report.result("bots-direction").detail
    assert "greedy (the game's) did no better than random play" in detail


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    high_tricks.install(monkeypatch)
    yield
    monkeypatch.undo()
    high_tricks.uninstall()


@pytest.mark.usefixtures("installed")
def test_high_tricks_passes_and_says_what_it_could_not_check() -> None:
    """A game of its own observation and determinization: no table, no estimate."""
    report = check_game(high_tricks.NAME, players=3)
    assert report.passed == ("leaks", "determinization", "bots-direction", "action-ids")
    assert set(report.not_run) == {"inferences", "history", "estimate-direction"}
    assert "holds no cardrules.model.Table" in report.not_run["history"]
    assert "answers no cardrules_estimate_scores" in report.not_run["estimate-direction"]
    assert "not svg: the game draws none" in report.result("leaks").detail
    assert "narration" in report.result("leaks").detail


class _Bare(high_tricks.HighTricks):
    """High tricks without hidden-card shuffling, determinization, action ids or tensors."""

    cardrules_shuffle_hidden = None  # type: ignore[assignment]
    cardrules_determinize = None  # type: ignore[assignment]
    cardrules_action_space = None  # type: ignore[assignment]
    cardrules_tensor_layout = None  # type: ignore[assignment]
    cardrules_observation_tensor = None  # type: ignore[assignment]

    @hookimpl
    def cardrules_register_games(self, register: Callable[[GameSpec], None]) -> None:
        register(GameSpec("bare-tricks", "Bare tricks", 2, 4, high_tricks.HighTricksOptions, self))


BARE = Catalogue([("bare-tricks", _Bare())])


def test_a_game_that_supplies_too_little_hears_which_checks_did_not_run() -> None:
    report = check_game("bare-tricks", players=3, catalogue=BARE, seeds=[0], moves=6)
    assert report.passed == ()
    assert report.failed == ()
    assert set(report.not_run) == set(CHECKS)
    assert "answers no cardrules_shuffle_hidden" in report.not_run["leaks"]
    assert "answers no cardrules_determinize" in report.not_run["determinization"]
    assert "the game cannot" in report.not_run["bots-direction"]
    assert "answers no cardrules_action_space" in report.not_run["action-ids"]
    with pytest.raises(GameCheckFailure, match="required checks did not run: leaks") as failure:
        check_game("bare-tricks", players=3, catalogue=BARE, seeds=[0], moves=6, require=["leaks"])
    assert failure.value.check == "required"


def test_run_conformance_says_which_checks_it_could_not_run() -> None:
    bare = run_conformance("bare-tricks", players=3, catalogue=BARE, max_examples=2, steps=20)
    assert set(bare.not_run) == {"hidden cards stay hidden", "action ids", "determinization"}
    assert "not run  action ids" in str(bare)
    zoned = run_conformance(NAME, players=3, catalogue=CATALOGUE, max_examples=2, steps=20)
    assert zoned.not_run == {}  # the table's cards are counted: conservation is checked too


def test_run_conformance_plays_a_match_that_ends_before_its_steps_run_out() -> None:
    """Follow-suit ends after 24 moves; the machine then checks that the match refuses moves."""
    report = run_conformance(
        NAME, players=3, catalogue=CATALOGUE, max_examples=3, steps=100, shrink=False
    )
    assert report.not_run == {}


def test_skipped_checks_are_reported_and_bad_names_refused() -> None:
    report = check_game(NAME, catalogue=CATALOGUE, **FAST, skip=["bots-direction", "leaks"])
    assert report.result("leaks").status == NOT_RUN
    assert report.not_run["bots-direction"] == "skipped by the caller"
    with pytest.raises(ValueError, match="unknown checks \\['leak'\\]"):
        check_game(NAME, catalogue=CATALOGUE, **FAST, skip=["leak"])
    with pytest.raises(ValueError, match="samples"):
        check_game(NAME, catalogue=CATALOGUE, **FAST, samples=0)


def test_a_stride_reaches_later_positions_for_the_same_cost() -> None:
    everything = ["leaks", "estimate-direction", "bots-direction"]
    report = check_game(
        NAME, catalogue=CATALOGUE, players=3, seeds=[0], moves=6, stride=4, skip=everything
    )
    assert report.positions == 6  # moves 1, 5, 9, ... 21 of a 24-move match
    assert report.result("history").checked == 6 * 3 * 2


@pytest.mark.parametrize("game", ["gnoming-a-round", "toonerville-rook"])
def test_the_bundled_games_show_no_hidden_card_and_sample_what_their_seats_see(game: str) -> None:
    """Their renderings are rich objects: compared as the text a person reads."""
    report = check_game(game, players=3, seeds=[0], moves=12, samples=1, hands=2)
    assert {"leaks", "determinization"} <= set(report.passed)
    assert "rendering" in report.result("leaks").detail


class _WideSpace(high_tricks.Space):
    """One id too many: id 12 is ``play 13``, a card the game does not have."""

    def __init__(self) -> None:
        ActionSpace.__init__(self, blocks_from([("play", len(high_tricks.CARDS) + 1, "card - 1")]))


class _ShiftedSpace(high_tricks.Space):
    """Decodes ids one card off: the id of ``play 3`` plays ``play 4``."""

    def move_of(self, action: int) -> Any:
        return high_tricks.Play((self.check(action) + 1) % len(high_tricks.CARDS) + 1)


def _with_space(space: Callable[[], ActionSpace], name: str) -> Catalogue:
    class Game(high_tricks.HighTricks):
        @hookimpl
        def cardrules_register_games(self, register: Callable[[GameSpec], None]) -> None:
            register(GameSpec(name, name, 2, 4, high_tricks.HighTricksOptions, self))

        @hookimpl
        def cardrules_action_space(self, game: Any) -> ActionSpace:
            return space()

    return Catalogue([(name, Game())])


@pytest.mark.parametrize(
    ("space", "message"),
    [
        (_WideSpace, "id 12 is 'play 13', which the game's notation refuses"),
        (_ShiftedSpace, "id 0 is 'play 2', whose id is 1"),
    ],
)
def test_action_ids_that_are_not_the_game_s_moves_fail(
    space: Callable[[], ActionSpace], message: str
) -> None:
    catalogue = _with_space(space, "odd-ids")
    with pytest.raises(GameCheckFailure) as failure:
        check_game("odd-ids", players=3, catalogue=catalogue, seeds=[0], moves=6, hands=0)
    assert failure.value.check == "action-ids"
    assert message in str(failure.value)
