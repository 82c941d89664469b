"""A new game written from the docs (examples/cardrules-crazy-eights), in its own environment.

The example is an outside package: it names cardrules' public API only, keeps
its cards in declared zones and leaves its observation, hidden-card shuffling,
determinization, action ids and tensors to the core. This test installs it
into a fresh virtual environment (which sees this environment's packages, so
nothing is downloaded but the build backend) and runs, there: the example's
own tests (its rules C1-C8, the testing kit, PettingZoo's ``api_test``,
OpenSpiel's ``random_sim_test``, Gymnasium's ``check_env``, records and replay,
ISMCTS against random bots), a CLI match with bots, and ``simulate --report``.
"""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
import sysconfig
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "cardrules-crazy-eights"
GAME = EXAMPLE / "src" / "cardrules_crazy_eights" / "__init__.py"


def run(*args: str | Path, cwd: Path | None = None) -> str:
    """Run a command; fail the test with its output if it fails."""
    result = subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, timeout=900, cwd=cwd
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result.stdout


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment with the example installed, seeing this one's packages."""
    where = tmp_path_factory.mktemp("crazy-eights") / "venv"
    run(sys.executable, "-m", "venv", where)
    python = where / "bin" / "python"
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").strip()
    ours = sysconfig.get_paths()["purelib"]
    # An "import" line of a .pth file runs: addsitedir reads this environment's own .pth
    # files too (the editable install of cardrules).
    (Path(site) / "_cardrules_under_test.pth").write_text(
        f"import site; site.addsitedir({ours!r})\n"
    )
    run(where / "bin" / "pip", "install", "-q", "--no-deps", EXAMPLE)
    return where / "bin"


def test_the_game_is_at_most_250_lines_of_code() -> None:
    """Lines of game code: no blank lines, comments or docstrings."""
    source = GAME.read_text("utf-8")
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    code: set[int] = set()
    skipped = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in skipped and token.type != tokenize.ENDMARKER:
            code.update(set(range(token.start[0], token.end[0] + 1)) - docstrings)
    assert 100 < len(code) <= 250, len(code)


def test_it_names_only_the_public_api() -> None:
    """The example imports cardrules' documented modules and never a bundled game."""
    source = GAME.read_text("utf-8")
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert imported <= {"__future__", "collections.abc", "typing", "attrs", "cardrules",
                        "cardrules.errors", "cardrules.model"}  # fmt: skip
    assert "gnoming" not in source
    assert "rook" not in source.lower()


def test_the_example_tests_pass_in_its_environment(venv: Path) -> None:
    out = run(venv / "python", "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=EXAMPLE)
    assert " passed" in out
    assert "skipped" not in out  # PettingZoo, OpenSpiel and Gymnasium are all there


def test_the_cli_lists_it_and_plays_it_with_bots(venv: Path) -> None:
    assert "crazy-eights" in run(venv / "python", "-m", "cardrules", "games")
    rules = run(venv / "python", "-m", "cardrules", "rules", "crazy-eights")
    assert "C8" in rules
    assert "eights are wild" in rules
    assert "rule C8" in run(venv / "python", "-m", "cardrules", "options", "crazy-eights")
    args = ["play", "crazy-eights", "-n", "3", "-s", "1", "--option", "target=60"]
    record = json.loads(run(venv / "python", "-m", "cardrules", *args, "--json"))
    assert record["over"]
    best = max(record["scores"])
    assert best >= 60
    assert record["scores"][record["winners"][0]] == best  # the highest total wins
    shown = run(venv / "python", "-m", "cardrules", *args)
    assert f"with {best} points." in shown


def test_simulate_report(venv: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    report = tmp_path / "report"
    run(
        venv / "python", "-m", "cardrules", "simulate", "crazy-eights", "--games", "12",
        "--players", "3", "--option", "target=50", "--report", report,
    )  # fmt: skip
    assert (report / "report.html").exists()
