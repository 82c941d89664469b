"""The bundled ``knock`` variant of Toonerville Rook (R12): knock instead of discarding."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from rich.console import Console

from cardrules import GameState, InvalidMoveError
from cardrules.cli.play import HumanTable
from cardrules.cli.show import Narrator
from cardrules.plugins.variant_state import variant_state, variant_view
from cardrules.records import check_record
from cardrules.testing import check_variant
from cardrules_rook.bots import GreedyBot
from cardrules_rook.knock import Knock, KnockState
from cardrules_rook.state import RookPhase

from .builders import hand, legal, new, play, put_round, refused, rs

# Round 2 (one run, one set); seat 0 laid both melds down earlier.
TABLE = ["G2 G3 G4 G5", "R9 Y9 B9"]
OTHERS = ("R1 R2 R3 Rook", "Y10 Y11 Y12")


def card_points(text: str) -> int:
    """R17, written out again: a Rook 25, numbers 1-9 are 5, 10-14 are 10."""
    if text == "Rook":
        return 25
    return 5 if int(text[1:]) <= 9 else 10


def independent_scores(hands: list[list[str]], knocker: int) -> tuple[int, ...]:
    """The knock scoring, independently: the knocker 0, everyone else their hand (R17)."""
    return tuple(
        0 if seat == knocker else sum(card_points(c) for c in cards)
        for seat, cards in enumerate(hands)
    )


def knock_position(seat_0: str, **options: object) -> GameState:
    """Seat 0 is down, has drawn, and holds ``seat_0``; the knock variant is in play."""
    state = new(3, variants=["knock"], options={f"knock.{k}": v for k, v in options.items()})
    put_round(
        state,
        [seat_0, *OTHERS],
        round=1,
        phase=RookPhase.PLAY,
        stock="B5 B6 B8",
        discards="G14",
        table=TABLE,
        owners=[0, 0],
        down=[0],
    )
    return state


class TestKnock:
    @pytest.mark.rule("R12")
    def test_a_player_down_with_at_most_15_points_knocks_and_the_round_ends(self) -> None:
        """Y3 B10 is 5 + 10 = 15 points (R17): seat 0 knocks, the round is over and scored."""
        state = knock_position("Y3 B10")
        assert "knock" in legal(state)
        hands = [hand(state, seat) for seat in range(3)]
        play(state, "knock")
        assert len(state.finished_rounds) == 1
        finished = state.finished_rounds[-1]
        assert (finished.ended_by, finished.went_out) == ("knock", None)
        assert variant_state(finished, "knock") == KnockState(knocker=0)
        assert state.round_scores[-1] == independent_scores(hands, 0) == (0, 40, 30)

    @pytest.mark.rule("R12")
    def test_a_hand_worth_more_than_the_limit_may_not_knock(self) -> None:
        state = knock_position("Y3 B10 B11")  # 25 points
        assert "knock" not in legal(state)
        before = state.record()
        error = refused(state, "knock")
        assert error.rule == "R12"
        assert "at most 15 points" in str(error)
        assert state.record() == before

    @pytest.mark.rule("R12")
    def test_the_limit_is_an_option_of_the_variant(self) -> None:
        assert "knock" in legal(knock_position("Y3 B10 B11", max_points=25))
        assert "knock" not in legal(knock_position("Y3 B10", max_points=10))

    @pytest.mark.rule("R12")
    def test_only_instead_of_discarding_after_laying_down(self) -> None:
        state = knock_position("Y3")
        rs(state).down = [False, False, False]
        assert "knock" not in legal(state)
        state = knock_position("Y3")
        rs(state).phase = RookPhase.DRAW
        state.set_round_state(rs(state))
        assert "knock" not in legal(state)
        state = knock_position("Y3")
        rs(state).lay_down_left = (1, 0)
        state.set_round_state(rs(state))
        assert "knock" not in legal(state)

    def test_without_the_variant_knock_is_no_move(self) -> None:
        with pytest.raises(InvalidMoveError):
            new(3).parse_move("knock")


def greedy_match(seed: int) -> GameState:
    """A 3-player match with knock, every seat the greedy bot (which knocks when it may)."""
    state = new(3, seed=seed, variants=["knock"])
    bots = [GreedyBot(seed + seat) for seat in range(3)]
    rounds = 0
    while not state.is_over and rounds < 4:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.observation(seat)))
        rounds = state.round
    return state


def test_greedy_bots_knock_and_scores_match_the_independent_scorer() -> None:
    """Over a few greedy rounds some end by a knock; each knock round scores as written out."""
    knocks = 0
    for seed in (1, 2):
        state = greedy_match(seed)
        for index, finished in enumerate(state.finished_rounds):
            knocker = variant_state(finished, "knock").knocker
            if knocker is None:
                continue
            knocks += 1
            hands = [[str(c) for c in finished.hand(s)] for s in range(3)]
            assert state.round_scores[index] == independent_scores(hands, knocker)
            assert finished.ended_by == "knock"
        check_record(json.loads(json.dumps(state.record())))
    assert knocks >= 2


def test_every_seat_sees_the_knocker_and_its_plane() -> None:
    state = knock_position("Y3 B10")
    play(state, "knock")
    finished = state.finished_rounds[-1]
    for seat in range(3):
        observation = state.game.observation(finished, seat, tuple(state.round_scores), ())
        assert variant_view(observation, "knock") == KnockState(knocker=0)
        tensor = state.game.observation_tensor(observation)
        plane = state.game.tensor_layout.view(tensor, "knock:knocker")
        assert list(plane) == [1 if (0 - seat) % 3 == r else 0 for r in range(3)]
        assert list(state.game.tensor_layout.view(tensor, "ended_by")) == [0, 0, 1]


def test_the_knock_has_an_action_id_after_the_games_own() -> None:
    state = knock_position("Y3 B10")
    space = state.action_space
    action = space.id_of(Knock())
    assert action == space.size - 1 == new(3).action_space.size
    assert state.legal_action_mask()[action] == 1
    state.apply_action(action)
    assert state.finished_rounds[-1].ended_by == "knock"


def test_a_random_knock_match_replays() -> None:
    state = new(3, seed=9, variants=["knock"])
    rng = random.Random(9)
    while not state.is_over and len(state.history) < 300:
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    check_record(json.loads(json.dumps(state.record())))


def first_knock(seed: int) -> GameState:
    """A greedy match with knock, played (without knocking) until a knock is legal."""
    state = new(3, seed=seed, variants=["knock"])
    bots = [GreedyBot(seed + seat) for seat in range(3)]
    while Knock() not in state.legal_moves():
        seat = state.current_player
        assert seat is not None
        observation = state.observation(seat)
        others = tuple(m for m in observation.legal_moves if m != Knock())
        state.apply(bots[seat].choose(attrs.evolve(observation, legal_moves=others)))
    return state


def test_knock_passes_the_kit_which_reaches_its_move_and_hook() -> None:
    report = check_variant(
        "toonerville-rook",
        ["knock"],
        players=3,
        matches=1,
        max_decisions=150,
        check_every=10,
        starts=[first_knock(4)],
    )
    assert report.moves[("knock", "knock")] >= 2  # the start's and at least one in the match
    assert report.hooks[("knock", "cardrules_score_round")] >= 2
    assert report.unreached == ()
    assert (report.replays, report.not_replayed) == (2, 0)


class TestEndToEnd:
    """Knock through the command line, human play, and the adapters."""

    def test_a_person_reads_the_knock_help_and_knocks(self) -> None:
        state = first_knock(4)
        human = state.current_player
        assert human is not None
        console = Console(file=io.StringIO(), width=120, color_system=None)
        bots = [GreedyBot(seat) for seat in range(3)]
        table = HumanTable(state, bots, human, console, Narrator(console))
        table.stdin = io.StringIO("help\nknock\nquit\n")
        rounds = len(state.finished_rounds)
        assert table.play(10_000) is False  # the person quit at their next decision
        out = console.file.getvalue()  # type: ignore[attr-defined]
        assert "Moves the variants add:" in out
        assert "knock: KnockState(knocker=None)" in out  # the person's view of the variant
        assert "knock    end the round instead of discarding" in out
        assert f"seat {human} knocks" in out
        assert state.finished_rounds[rounds].ended_by == "knock"

    def test_cardrules_play_and_simulate_with_knock(self, tmp_path: Path) -> None:
        saved = tmp_path / "knock.json"
        cli = [str(Path(sys.executable).with_name("cardrules"))]
        common = ["-n", "3", "--option", "rounds=2", "--bots", "greedy", "--variant", "knock"]
        played = subprocess.run(
            [*cli, "play", "toonerville-rook", *common, "-s", "2", "--save", str(saved)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert played.returncode == 0, played.stderr
        assert "knocks" in played.stdout
        record = json.loads(saved.read_text())
        assert "knock" in record["moves"]
        check_record(record)
        compare = [*common[:6], "--compare-variant", "knock"]
        simulated = subprocess.run(
            [*cli, "simulate", "toonerville-rook", "-g", "3", *compare],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert simulated.returncode == 0, simulated.stderr
        assert "What knock changes" in simulated.stdout

    def test_pettingzoo_agents_can_knock(self) -> None:
        from cardrules.adapters.pettingzoo import env as make_env

        aec = make_env("toonerville-rook", players=3, variants=["knock"], encoding="full")
        aec.reset(seed=3)
        knock_id = aec.unwrapped.game.action_space.id_of(Knock())
        rng = random.Random(3)
        knocked = 0
        for agent in aec.agent_iter(max_iter=3000):
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            assert observation["observation"].shape == (aec.unwrapped.game.tensor_layout.size,)
            mask = observation["action_mask"]
            if mask[knock_id]:
                knocked += 1
                aec.step(knock_id)
            else:
                legal = [int(i) for i in mask.nonzero()[0]]
                greedy = GreedyBot(0).choose(aec.unwrapped.game_state.observation(int(agent[5:])))
                choice = aec.unwrapped.game.action_space.id_of(greedy)
                aec.step(choice if rng.random() < 0.9 else rng.choice(legal))
            if knocked:
                break
        assert knocked == 1

    def test_openspiel_game_lists_and_plays_the_knock(self) -> None:
        pyspiel = pytest.importorskip("pyspiel")
        import cardrules.adapters.openspiel  # noqa: F401  (registers the games)

        game = pyspiel.load_game(
            "python_cardrules_toonerville_rook", {"players": 3, "variants": "knock"}
        )
        state = game.new_initial_state()
        knock_id = state.cardrules_state.game.action_space.id_of(Knock())
        assert game.num_distinct_actions() == knock_id + 1
        bots = [GreedyBot(seat) for seat in range(3)]
        while not state.is_terminal():
            if knock_id in state.legal_actions():
                state.apply_action(knock_id)
                break
            engine = state.cardrules_state
            seat = engine.current_player
            state.apply_action(engine.action_id(bots[seat].choose(engine.observation(seat))))
        assert state.cardrules_state.finished_rounds[-1].ended_by == "knock"
        assert len(state.observation_tensor(0)) == game.observation_tensor_size()
