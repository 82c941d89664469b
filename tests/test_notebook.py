"""The example notebook runs: ``examples/first_hour.ipynb``, executed in a Jupyter kernel.

The notebook is stored with its outputs, so that it reads well unexecuted. This
test clears them, executes every cell afresh (nbclient, with an ipykernel of this
very Python), and requires the same text out of every cell as the stored copy
holds, and a drawing where the stored copy has one: the notebook cannot go stale.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest

NOTEBOOK = Path(__file__).resolve().parent.parent / "examples" / "first_hour.ipynb"


def texts(cell: Any) -> list[str]:
    """What a code cell printed and returned, as text, in order.

    Consecutive printed chunks are joined: a kernel may send one ``print`` in
    several stream messages (it did on a busy machine: ``'finished:'``, then the
    rest of the line), and the text is the same.
    """
    shown: list[str] = []
    printing = False
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream" and output["name"] == "stdout":
            if printing:
                shown[-1] += output["text"]
            else:
                shown.append(output["text"])
            printing = True
        elif output["output_type"] == "execute_result":
            shown.append(output["data"].get("text/plain", ""))
            printing = False
    return shown


def drawings(cell: Any) -> int:
    return sum("image/svg+xml" in o.get("data", {}) for o in cell.get("outputs", []))


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any]:
    """The stored notebook, and a copy executed now in a kernel running this Python."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    # A kernel spec of our own, first on the search path: the kernel is this
    # interpreter, whatever kernels the machine has installed.
    kernels = tmp_path_factory.mktemp("jupyter") / "kernels" / "cardrules-test"
    kernels.mkdir(parents=True)
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "cardrules test",
        "language": "python",
    }
    (kernels / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    stored = nbformat.read(NOTEBOOK, as_version=4)
    fresh = copy.deepcopy(stored)
    for cell in fresh.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUPYTER_PATH", str(kernels.parent.parent))
        client = nbclient.NotebookClient(
            fresh, timeout=120, kernel_name="cardrules-test", resources={"metadata": {}}
        )
        client.execute(cwd=str(NOTEBOOK.parent))
    return stored, fresh


def test_every_cell_runs_and_prints_what_the_stored_notebook_shows(
    executed: tuple[Any, Any],
) -> None:
    stored, fresh = executed
    code = [(s, f) for s, f in zip(stored.cells, fresh.cells, strict=True) if s.cell_type == "code"]
    assert len(code) >= 4
    for before, now in code:
        assert not [o for o in now.outputs if o["output_type"] == "error"], now.source
        assert texts(now) == texts(before), now.source
        assert drawings(now) == drawings(before), now.source


def test_it_draws_a_position_adds_a_house_rule_and_plays_a_bot_match(
    executed: tuple[Any, Any],
) -> None:
    _, fresh = executed
    code = [cell for cell in fresh.cells if cell.cell_type == "code"]
    printed = "\n".join(text for cell in code for text in texts(cell))
    assert drawings(code[0]) == 1  # the seat's view
    assert "cardrules gnoming seat-view" in printed
    assert "IllegalMoveError rule G6" in printed  # a refused move names its rule
    assert "hazard_points: 20" in printed  # the house rule is in force
    assert "winners: (" in printed
    assert drawings(code[-1]) == 1  # the finished table
