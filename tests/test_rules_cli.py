"""``cardrules rules GAME`` and ``cardrules options GAME``: the rules and options at the
command line, from the same text as the documentation's rules pages; ``python -m cardrules``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from cardrules.cli import cli
from cardrules.plugins.registry import default_catalogue
from cardrules.plugins.rules_text import option_rows, rules_page, rules_summary
from tests.observer_support import GNOMING_GAME, ROOK_GAME

ROOT = Path(__file__).resolve().parent.parent
GAMES = [GNOMING_GAME, ROOK_GAME]


def invoke(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), terminal_width=100)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_text_is_the_documentation_page(game: str) -> None:
    """One source: the package's rules page is the file the docs site builds from."""
    page = rules_page(default_catalogue().game(game))
    assert page is not None
    assert page == (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_rules_prints_every_rule_by_its_id_with_the_legend_and_scoring(game: str) -> None:
    """Every rule id of the page, in order; the moves, the screen's symbols, the scoring."""
    page = rules_page(default_catalogue().game(game)) or ""
    ids = re.findall(r"^- \*\*([GR]\d+)\*\*", page, re.MULTILINE)
    assert len(ids) == (25 if game == GNOMING_GAME else 19)
    out = invoke("rules", game)
    shown = re.findall(r"• ([GR]\d+) ", out)
    assert shown == ids
    for words in (
        "On the screen",
        "Moves and notation",
        "scoring" if game == ROOK_GAME else "Scoring",
    ):
        assert words in out
    assert "Interpretation" not in out  # the library's readings are in --full
    assert f"cardrules options {game}" in out
    assert "Interpretation" in invoke("rules", game, "--full")


def test_the_legend_explains_the_symbols_a_newcomer_meets() -> None:
    """H, M and the Rook written *11 in a meld are explained."""
    gnoming = invoke("rules", GNOMING_GAME)
    assert re.search(r"M\s+\(magenta\): a Mulligan", gnoming)
    assert re.search(r"H\s+\(red\): a Hazard", gnoming)
    assert "*R5" in invoke("rules", ROOK_GAME)


def test_the_summary_keeps_rules_and_drops_library_notes() -> None:
    page = """# Game

Intro.

## Part

- **X1** The rule.
  More of it.
  *Interpretation* — default: a reading.
  *Hook:* `x_hook`.
- **X2** Another, see [the page](other.md).

## Notes

Only prose here.

## On the screen

- `#`: a symbol.
"""
    assert rules_summary(page) == (
        "# Game\n\n## Part\n- **X1** The rule.\n  More of it.\n"
        "- **X2** Another, see the page.\n\n## On the screen\n\n- `#`: a symbol.\n"
    )


@pytest.mark.parametrize("game", GAMES)
def test_options_lists_every_option_with_type_default_and_rule(game: str) -> None:
    """Each field of the options class: its name, type, default and rule id."""
    spec = default_catalogue().game(game)
    out = invoke("options", game)
    fields = attrs.fields(spec.options_type)
    for field in fields:
        line = next(line for line in out.splitlines() if line.startswith(f"{field.name} ("))
        assert f"default {field.default!r}" in line
        assert re.search(r"\(rule [GR]\d+", line), line
    assert "no rule id" not in out  # the bundled variants' own options name theirs too
    rows = {row.name: row for row in option_rows(spec.options_type)}
    assert len(rows) == len(fields)
    assert all(row.rules and row.text for row in rows.values())


def test_options_without_rule_ids_or_descriptions_are_still_listed() -> None:
    @attrs.frozen
    class Plain:
        """Options.

        Attributes:
            size: How big.
                Very.
        """

        size: int = 3
        other: bool = attrs.field(factory=bool)

    assert option_rows(Plain, prefix="v.") == [
        option_rows.__globals__["OptionRow"]("v.size", "int", "3", (), "How big. Very."),
        option_rows.__globals__["OptionRow"]("v.other", "bool", "False", (), ""),
    ]


def test_an_unknown_game_is_one_line() -> None:
    result = CliRunner().invoke(cli, ["rules", "chess"], standalone_mode=False)
    assert "unknown game 'chess'" in str(result.exception)


def test_help_in_play_points_to_rules_and_options(tmp_path: Path) -> None:
    """In-game ``help`` names both commands for the game being played."""
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", GNOMING_GAME, "-n", "3", "--human", "0"],
        input="help\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    shown = " ".join(result.stdout.split())
    assert f"cardrules rules {GNOMING_GAME}" in shown
    assert f"cardrules options {GNOMING_GAME}" in shown
    assert "auto switch auto-pass" in shown


def test_python_dash_m_cardrules_runs_the_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "games"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert GNOMING_GAME in result.stdout
