"""A new user's first hour: the real CLI on an 80x24 pseudo-terminal, as a person meets it.

Each class is one thing a new user ran into: the seed shown to a human seat,
screens that do not fit 80x24, prompts that leave things out, headers that
hide the variants, quitting recorded as truncated, their own bot refused.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import textwrap
from pathlib import Path

import pytest
from rich.console import Console

import cardrules
from cardrules.records import check_record
from cardrules_rook.meld_reading import meld_from_str
from cardrules_rook.narrate import table_view
from tests.terminal import SCRIPT, Terminal


def run(
    *args: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """The console script with its output piped (rich then renders 80 columns wide)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return subprocess.run(
        [str(SCRIPT), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env={**environment, **(env or {})},
    )


class TestSeedStaysHidden:
    def test_a_human_seat_never_sees_the_seed_until_the_match_is_over(self, tmp_path: Path) -> None:
        """Not on the screen, not in an error: only after quitting, with the record saved."""
        saved = tmp_path / "game.json"
        term = Terminal(
            "play", "gnoming-a-round", "-n", "3", "--human", "0", "--save", saved, cwd=tmp_path
        )
        screen = "\n".join(term.prompt())
        assert "seed hidden" in screen
        term.type("reveal 9 9")  # refused with an error message
        term.prompt()
        term.type("take discard 7")
        term.prompt()
        before_end = term.transcript
        term.type("quit")
        assert term.finish() == 0
        record = json.loads(saved.read_text())
        seed = str(record["seed"])
        assert seed not in before_end
        assert f"The seed was {seed}." in term.transcript
        assert record["abandoned"] is True  # quitting ends the match: the seed may show

    def test_a_seat_replay_hides_the_seed_until_its_end(self, tmp_path: Path) -> None:
        """``replay --seat`` shows that seat's view: no seed in its header, nor at a stop."""
        path = tmp_path / "match.json"
        path.write_text(run("play", "gnoming-a-round", "-n", "3", "-s", "8461", "--json").stdout)
        stopped = run("replay", path, "--seat", "1", "--to", "20").stdout
        assert "seed hidden" in stopped.splitlines()[0]
        assert "8461" not in stopped
        whole = run("replay", path, "--seat", "1").stdout
        assert whole.rstrip().endswith("The seed was 8461.")


class TestScreensFit80x24:
    def test_seven_players_keep_the_status_line_and_own_seat_in_view(self, tmp_path: Path) -> None:
        """At 80x24 with 7 seats, each prompt shows the status line and the seat's own layout."""
        term = Terminal(
            "play", "gnoming-a-round", "-n", "7", "-s", "1", "--human", "0", cwd=tmp_path
        )
        for typed in ("reveal 8 0", "draw stock"):
            screen = term.prompt()
            assert any(line.startswith("Round 1, ") for line in screen)
            heads = next(line for line in screen if "seat 0 (you)" in line)
            assert all(f"seat {s}" in heads for s in range(7))  # every seat in one band
            assert all(len(line) <= 80 for line in screen)
            term.type(typed)
        screen = term.prompt()
        assert "Keep" in "\n".join(screen)  # what it is asked, with the drawn card
        term.child.sendeof()
        assert term.finish() == 0

    def test_positions_filled_this_turn_are_marked(self, tmp_path: Path) -> None:
        """After placing at 4, the own layout marks 4 and the note names it (G12)."""
        term = Terminal(
            "play", "gnoming-a-round", "-n", "3", "-s", "1", "--human", "0", cwd=tmp_path
        )
        for typed in ("reveal 0 8", "draw stock", "place 4"):
            term.prompt()
            term.type(typed)
        screen = term.prompt()
        own_rows = [line[:14] for line in screen if re.match(r"\s+\S+ \S+ \S+\s+", line)]
        assert any("*" in row.split()[1] for row in own_rows if len(row.split()) == 3)
        assert any("filled this turn: 4 (marked *)" in line for line in screen)
        term.type("quit")
        assert term.finish() == 0

    @pytest.mark.rule("R10")
    def test_the_rook_buy_prompt_names_the_card_and_the_penalty_card(self, tmp_path: Path) -> None:
        """Offered a discard, the seat is told which card, and that a penalty card comes too."""
        term = Terminal(
            "play", "toonerville-rook", "-n", "5", "-s", "1", "--human", "0", cwd=tmp_path
        )
        text = "\n".join(term.prompt())
        while "1. buy" not in text:
            term.type("1")
            text = "\n".join(term.prompt())
        offered = re.findall(r"draw pile \d+; discard (\S+)", text)  # the status line
        assert offered
        card = offered[-1]
        assert f"buy takes {card} and a penalty card" in " ".join(text.split())
        term.type("quit")
        assert term.finish() == 0

    @pytest.mark.rule("R4", "R17", "R19")
    def test_the_rook_scoreboard_keeps_every_digit_at_80_columns(self) -> None:
        """5 players, 11 rounds, piped (80 columns): every round's scores and totals whole."""
        result = run("play", "toonerville-rook", "--players", "5", "--seed", "1")
        assert result.returncode == 0, result.stderr
        out = result.stdout
        assert out.count("Round scores:") == 11
        assert "Winner: seat" in out
        assert "buys" in out  # buys are announced
        assert "…" not in out
        rounds = [
            [int(v) for v in re.findall(r"-?\d+", line.split("Round scores:")[1])[1::2]]
            for line in out.splitlines()
            if line.startswith("Round scores:")
        ]
        table = out[out.index("Scores by round") :]
        rows = {
            int(m.group(1)): [int(v) for v in m.group(2).split()]
            for m in re.finditer(r"^\s+(\d+)((?:\s+-?\d+){5})\s*$", table, re.MULTILINE)
        }
        assert [rows[n] for n in range(1, 12)] == rounds
        totals = re.search(r"total((?:\s+-?\d+){5})", table)
        assert totals is not None
        assert [int(v) for v in totals.group(1).split()] == [
            sum(c) for c in zip(*rounds, strict=True)
        ]
        assert max(len(line) for line in out.splitlines()) <= 80

    def test_a_crowded_rook_table_keeps_to_a_few_lines(self) -> None:
        """Fifteen melds at 80 columns: in columns, so the seat's hand stays on screen."""
        state = cardrules.new_game("toonerville-rook", players=5, seed=3)
        round_state = state.round_state
        texts = ["Y1 G1 G1 *1", "R2 Y2 G2", "R9 Y9 B9", "R14 G14 G14 B14 B14", "Y4 Y4 B4"] * 3
        round_state.table = [meld_from_str(text) for text in texts]
        round_state.owners = [s % 5 for s in range(15)]
        console = Console(width=80, record=True)
        console.print(table_view(round_state))
        shown = console.export_text().splitlines()
        assert len(shown) <= 9
        assert all(len(line) <= 80 for line in shown)
        assert all(re.search(rf"(^|\s){n} ", "\n".join(shown)) for n in range(15))


def asked(screen: list[str]) -> str:
    """The moves the person is offered at this prompt (the screen's last listing)."""
    starts = [i for i, line in enumerate(screen) if line.startswith("Your legal moves")]
    return "\n".join(screen[starts[-1] :])


class TestRookAtTheTerminal:
    ROOK = ("play", "toonerville-rook", "-n", "4", "-s", "1", "--human", "0")

    def test_the_title_is_on_screen_at_the_first_prompt(self, tmp_path: Path) -> None:
        """Bots move before the person's first decision; the match's title line stays in view."""
        term = Terminal(*self.ROOK, cwd=tmp_path)
        screen = term.prompt()
        assert any(
            "Toonerville Rook - 4 players, seed hidden, you at seat 0" in line for line in screen
        )
        assert "seat 2 discards" in term.transcript  # the bots had moved first
        term.type("quit")
        assert term.finish() == 0

    @pytest.mark.rule("R10")
    def test_the_buy_prompt_cites_the_rule_apart_from_the_card(self, tmp_path: Path) -> None:
        """Card R10 and rule R10 look alike: the rule is cited as 'rule R10'."""
        term = Terminal(*self.ROOK, cwd=tmp_path)
        text = " ".join(" ".join(term.prompt()).split())
        assert "1. buy" in text
        assert "is offered to you (rule R10): buy takes B12 and a penalty card" in text
        assert not re.search(r"\(R\d+\)", text)
        term.type("quit")
        assert term.finish() == 0

    @pytest.mark.rule("R10")
    def test_auto_pass_declines_every_offer_unasked(self, tmp_path: Path) -> None:
        """With --auto-pass the person is never asked buy or pass; each pass is shown."""
        term = Terminal(*self.ROOK, "--auto-pass", cwd=tmp_path)
        for _ in range(6):
            assert "1. buy" not in asked(term.prompt())
            term.type("1")
        assert "auto-pass: pass" in term.transcript
        assert "seat 0 does not buy" in term.transcript
        term.type("quit")
        assert term.finish() == 0

    @pytest.mark.rule("R10")
    def test_auto_at_the_prompt_switches_auto_pass(self, tmp_path: Path) -> None:
        """Off by default; 'auto' at a buy prompt passes and passes on from then on."""
        term = Terminal(*self.ROOK, cwd=tmp_path)
        assert "1. buy" in asked(term.prompt())  # asked: auto-pass is off by default
        term.type("auto")
        screen = term.prompt()
        assert "Auto-pass on" in term.transcript
        assert "seat 0 does not buy" in term.transcript
        for _ in range(4):
            assert "1. buy" not in asked(screen)
            term.type("1")
            screen = term.prompt()
        term.type("auto")
        term.prompt()
        assert "Auto-pass off" in term.transcript
        term.type("quit")
        assert term.finish() == 0


class TestOnlyRealChoices:
    @pytest.mark.rule("G15")
    def test_a_hazard_in_hand_is_not_offered_a_choice_of_pile(self) -> None:
        """Holding a Hazard to discard, the only move is 'discard': no pile to choose."""
        from cardrules_gnoming.moves import Discard
        from cardrules_gnoming.narrate import view
        from cardrules_gnoming.state import GnomingPhase

        found = 0
        for seed in range(40):
            state = cardrules.new_game("gnoming-a-round", players=3, seed=seed)
            rng = __import__("random").Random(seed)
            while not state.is_over and found < 3:
                seat = state.current_player
                assert seat is not None
                obs = state.observation(seat)
                if obs.phase is GnomingPhase.DISCARD:
                    console = Console(width=80, record=True)
                    for item in view(obs):
                        console.print(item)
                    text = console.export_text()
                    if [str(m) for m in obs.legal_moves] == ["discard"]:
                        found += 1
                        assert "choose" not in text
                        assert "a Hazard leaves the round (G15); type discard." in text
                    elif len(obs.legal_moves) == 1:  # one pile allowed: no choice offered
                        (move,) = obs.legal_moves
                        assert isinstance(move, Discard)
                        assert f"on pile {move.pile}: type discard {move.pile}." in text
                        assert "choose" not in text
                    else:
                        assert "choose the pile, discard 0 or discard 1" in text
                state.apply(rng.choice(list(state.legal_moves())))
        assert found == 3


class TestRoundScoreBreakdown:
    @pytest.mark.rule("G19", "G22", "G23")
    def test_each_round_score_is_shown_part_by_part(self) -> None:
        """Lines + cards + Hazards + ender's bonus is the round score shown for every seat."""
        out = run("play", "gnoming-a-round", "-n", "4", "-s", "2").stdout
        assert out.count("Round scores, part by part") == 3
        parts = re.findall(
            r"^\s+seat (\d) +(-?\d+)(?: \(\d\))? +(-?\d+) +(\d+) +([+-]\d+|-) +(-?\d+)\s*$",
            out,
            re.MULTILINE,
        )
        assert len(parts) == 12
        shown = [
            int(v)
            for line in out.splitlines()
            if line.startswith("Round scores:")
            for v in re.findall(r"seat \d: (-?\d+)", line)
        ]
        for (_, lines, cards, hazards, ender, total), score in zip(parts, shown, strict=True):
            bonus = 0 if ender == "-" else int(ender)
            assert int(lines) + int(cards) + int(hazards) + bonus == int(total) == score


class TestHeadersNameVariants:
    def test_play_and_replay_headers_name_the_variants(self, tmp_path: Path) -> None:
        """``--variant no-bounce`` shows in the header of play and of replay."""
        args = ("play", "gnoming-a-round", "-n", "3", "-s", "5", "--variant", "no-bounce")
        shown = run(*args).stdout.splitlines()[0]
        assert "variant no-bounce" in shown
        assert "seed 5" in shown
        path = tmp_path / "match.json"
        path.write_text(run(*args, "--json").stdout)
        assert "variant no-bounce" in run("replay", path).stdout.splitlines()[0]


class TestQuittingAndInterrupts:
    def test_ctrl_c_abandons_the_match_saves_it_and_exits_130(self, tmp_path: Path) -> None:
        """An interrupt is not a success: exit 130, and the record says abandoned."""
        saved = tmp_path / "rook.json"
        term = Terminal(
            "play", "toonerville-rook", "-n", "3", "-s", "5", "--human", "1", "--save", saved
        )
        term.prompt()
        term.child.sendintr()
        assert term.finish() == 130
        assert "Interrupted: the match is abandoned." in term.transcript
        record = json.loads(saved.read_text())
        assert record["abandoned"] is True
        assert record["truncated"] is False
        check_record(record)
        replayed = run("replay", saved).stdout
        assert "Abandoned after" in replayed
        assert "Truncated" not in replayed


LOWBOT = """
import random


class LowBot:
    '''Plays the legal move whose notation sorts first, now and then a random one.'''

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, observation):
        moves = observation.legal_moves
        if self.rng.random() < 0.5:
            return self.rng.choice(moves)
        return min(moves, key=str)


class NotABot:
    def __init__(self, seed=None):
        pass
"""

BROKEN_PLUGIN = """
from cardrules import hookimpl


@hookimpl
def cardrules_register_variants(register):
    raise RuntimeError("this plugin's variants are broken")
"""

HOOKED_PLUGIN = """
from cardrules import VariantSpec, hookimpl


class Plus:
    @hookimpl
    def cardrules_score_round(self, game, state):
        return None


@hookimpl
def cardrules_register_variants(register):
    register(VariantSpec(
        "plus-zero", "gnoming-a-round",
        "G19: a variant whose summary is long enough to wrap at eighty columns, so "
        "its continuation must line up under its own text.",
        plugin=Plus(),
    ))
"""


def _distribution(folder: Path, entry_points: str) -> dict[str, str]:
    """An installed distribution in ``folder`` (a dist-info with entry points); its env."""
    info = folder / "first_hour_extras-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: first-hour-extras\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(textwrap.dedent(entry_points))
    return {"PYTHONPATH": str(folder)}


class TestOwnBots:
    def test_module_colon_class_plays_and_simulates(self, tmp_path: Path) -> None:
        """``--bots lowbot:LowBot`` from the current folder, in play and in simulate."""
        (tmp_path / "lowbot.py").write_text(LOWBOT)
        played = run(
            "play", "gnoming-a-round", "-n", "3", "-s", "1", "--bots", "lowbot:LowBot,greedy",
            cwd=tmp_path,
        )  # fmt: skip
        assert played.returncode == 0, played.stderr
        assert "Winner: seat" in played.stdout
        simulated = run(
            "simulate", "gnoming-a-round", "-g", "4", "-n", "3", "-j", "2",
            "--bots", "lowbot:LowBot,greedy", cwd=tmp_path,
        )  # fmt: skip
        assert simulated.returncode == 0, simulated.stderr
        assert "lowbot:LowBot" in simulated.stdout

    def test_an_entry_point_bot_is_known_by_its_name(self, tmp_path: Path) -> None:
        """A distribution's ``cardrules.bots`` entry point names a bot for ``--bots``."""
        (tmp_path / "lowbot.py").write_text(LOWBOT)
        env = _distribution(tmp_path, "[cardrules.bots]\nlow = lowbot:LowBot\n")
        result = run("play", "gnoming-a-round", "-n", "3", "-s", "2", "--bots", "low", env=env)
        assert result.returncode == 0, result.stderr
        assert "Winner: seat" in result.stdout

    @pytest.mark.parametrize(
        ("bots", "message"),
        [
            ("nosuchmodule:Bot", "cannot import 'nosuchmodule'"),
            ("lowbot:Missing", "module 'lowbot' has no 'Missing'"),
            ("lowbot:NotABot", "NotABot is not a bot: it has no choose(observation) method"),
            ("cleverest", "unknown bot 'cleverest' for gnoming-a-round"),
        ],
    )
    def test_a_bot_that_cannot_be_made_is_one_clear_line(
        self, tmp_path: Path, bots: str, message: str
    ) -> None:
        """Exit code 2 and one line naming the bot and what is wrong; no traceback."""
        (tmp_path / "lowbot.py").write_text(LOWBOT)
        result = run("play", "gnoming-a-round", "-n", "3", "--bots", bots, cwd=tmp_path)
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1
        assert message in result.stderr


class TestPlugins:
    def test_a_plugin_whose_variants_hook_raises_is_skipped_with_one_warning_line(
        self, tmp_path: Path
    ) -> None:
        """``cardrules games`` and an unrelated ``play`` still work; one line names the plugin,
        its entry point and its distribution."""
        (tmp_path / "brokenplug.py").write_text(BROKEN_PLUGIN)
        env = _distribution(tmp_path, "[cardrules]\nbroken-variants = brokenplug\n")
        for args in (("games",), ("play", "toonerville-rook", "-n", "3", "-s", "1", "--json")):
            result = run(*args, env=env)
            assert result.returncode == 0, result.stderr
            assert result.stderr.splitlines() == [
                "cardrules: warning: cardrules plugin 'broken-variants' (entry point "
                "brokenplug of first-hour-extras) is skipped: failed in "
                "cardrules_register_variants: RuntimeError: this plugin's variants are broken"
            ]

    def test_plugins_lists_hooks_on_their_own_line_and_indents_wrapped_text(
        self, tmp_path: Path
    ) -> None:
        """A long variant summary wraps under itself, and its hooks get a line of their own."""
        (tmp_path / "hookedplug.py").write_text(HOOKED_PLUGIN)
        env = _distribution(tmp_path, "[cardrules]\nhooked = hookedplug\n")
        out = run("plugins", env=env).stdout.splitlines()
        start = next(i for i, line in enumerate(out) if "plus-zero" in line)
        end = next(i for i in range(start, len(out)) if "hooks: score_round" in out[i])
        assert "; hooks" not in " ".join(out[start : end + 1])
        assert end - start >= 2  # the summary wrapped onto a second line
        for line in out[start + 1 : end + 1]:
            assert line.startswith(" " * 12)  # under the text, not under the label
        assert out[end].strip() == "hooks: score_round"
