"""Every expected failure of the command line is one line on stderr and exit code 2 (issue 39).

Case 6 of issue 39: 7 of 69 bad invocations ended in a traceback. Each is
here, with a plugin whose variant misspells a hook.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest

from cardrules import BotError, VariantSpec, hookimpl, new_game
from cardrules.bots import RandomBot, play_match
from cardrules.cli import main
from cardrules.plugins.registry import default_catalogue

#: A bot whose choose raises, importable as ``grumpy_bot:Grumpy`` once its directory is on the path.
GRUMPY = """
class Grumpy:
    def __init__(self, seed=None):
        pass

    def choose(self, observation):
        raise RuntimeError("I will not play " + "x" * 5000)
"""


def _one_line(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    """The one error line on stderr, checked to hold ``words`` and no traceback."""
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("cardrules: error:")
    assert "Traceback" not in err
    assert len(lines[0]) <= 1024
    for word in words:
        assert word in lines[0]
    return lines[0]


def _results(path: Path, header: Any) -> Path:
    path.write_text(json.dumps(header) + "\n")
    return path


@pytest.mark.parametrize(
    ("option", "words"),
    [
        ("hazard_points=" + "9" * 5000, ["hazard_points", "too long"]),
        ("hazard_points=" + "[" * 50_000 + "]" * 50_000, ["hazard_points", "nested"]),
        ("hazard_points=1e999", ["hazard_points"]),
    ],
    ids=["5,000 digits", "50,000 deep", "infinity"],
)
def test_an_unreadable_option_value_is_one_line(
    option: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """--option with a 5,000-digit number or a 50,000-deep list: exit 2, one line."""
    assert main(["play", "gnoming-a-round", "-n", "3", "--option", option]) == 2
    _one_line(capsys, *words)


@pytest.mark.parametrize(
    "header",
    [
        {"cardrules-results": 1},
        {"cardrules-results": 1, "run": [1, 2]},
        {"cardrules-results": 1, "run": "x"},
    ],
    ids=["no run", "a list at run", "text at run"],
)
def test_a_results_file_without_a_run_description_is_one_line(
    header: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """analyse, and simulate --out resuming, refuse a header whose "run" is missing or wrong."""
    results = _results(tmp_path / "r.jsonl", header)
    assert main(["analyse", str(results)]) == 2
    _one_line(capsys, "run description")
    args = ["simulate", "gnoming-a-round", "-g", "1", "-n", "3", "--out", str(results)]
    assert main(args) == 2
    _one_line(capsys, "run description")


def test_a_results_file_that_is_not_text_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Binary bytes where a results file belongs: exit 2, one line."""
    results = tmp_path / "r.jsonl"
    results.write_bytes(b"\xff\xfe\x00garbage\n")
    assert main(["analyse", str(results)]) == 2
    _one_line(capsys, "not text")


def test_a_bot_raising_in_choose_is_one_line_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A user's bot that raises in choose: exit 2, one short line naming the seat and the bot."""
    (tmp_path / "grumpy_bot.py").write_text(textwrap.dedent(GRUMPY))
    monkeypatch.syspath_prepend(str(tmp_path))
    for extra in ([], ["--json"]):
        args = ["play", "gnoming-a-round", "-n", "3", "--bots", "grumpy_bot:Grumpy", *extra]
        assert main(args) == 2
        _one_line(capsys, "seat 0's bot Grumpy", "RuntimeError", "I will not play")


def test_play_match_names_a_bot_that_raises() -> None:
    """The library's own loop gives a BotError naming seat and bot, the bot's error as cause."""

    class Grumpy(RandomBot):
        def choose(self, observation: Any) -> Any:
            raise ZeroDivisionError("nope")

    state = new_game("toonerville-rook", players=3, seed=1)
    with pytest.raises(BotError, match=r"seat 0's bot Grumpy.*ZeroDivisionError: nope") as caught:
        play_match(state, [Grumpy(1), RandomBot(2), RandomBot(3)])
    assert caught.value.seat == 0
    assert isinstance(caught.value.__cause__, ZeroDivisionError)


class _Misspelt:
    @hookimpl
    def cardrules_legal_movez(self, game: Any, state: Any) -> Any:
        return []


class _WrongArgument:
    @hookimpl
    def cardrules_legal_moves(self, game: Any, state: Any, mood: Any) -> Any:
        return []


@pytest.mark.parametrize("plugin", [_Misspelt(), _WrongArgument()], ids=["name", "argument"])
def test_a_misspelt_variant_hook_is_one_line(
    plugin: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A variant whose hook pluggy refuses, chosen on the command line: one line naming it."""
    catalogue = default_catalogue()
    spec = VariantSpec("typo", "gnoming-a-round", plugin=plugin)
    monkeypatch.setitem(catalogue._variants, ("gnoming-a-round", "typo"), spec)
    assert main(["play", "gnoming-a-round", "-n", "3", "--variant", "typo"]) == 2
    _one_line(capsys, "variant:typo", "PluginValidationError")
