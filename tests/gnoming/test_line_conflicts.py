"""Two variants adding one scoring line are refused: the line would score twice (G19)."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

import pytest

from cardrules import Catalogue, VariantConflictError, VariantSpec, hookimpl, new_game
from cardrules_gnoming.house_rules.diagonals import DIAGONALS

Line = tuple[int, ...]


class MyDiagonals:
    """A house-rule package's own diagonals, written backwards."""

    @hookimpl(wrapper=True)
    def gnoming_lines(self, game: Any) -> Generator[None, Sequence[Line], tuple[Line, ...]]:
        lines = yield
        return (*lines, (8, 4, 0))


class FirstRowAgain:
    """Adds the first row, which the game has already."""

    @hookimpl(wrapper=True)
    def gnoming_lines(self, game: Any) -> Generator[None, Sequence[Line], tuple[Line, ...]]:
        lines = yield
        return (*lines, (0, 1, 2))


class Register:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(VariantSpec("my-diagonals", "gnoming-a-round", "Diagonals.", plugin=MyDiagonals()))
        register(
            VariantSpec("row-again", "gnoming-a-round", "Row 1 again.", plugin=FirstRowAgain())
        )


CATALOGUE = Catalogue([("line-conflict-tests", Register())])


@pytest.mark.rule("G19")
def test_a_line_two_variants_add_is_refused_naming_both() -> None:
    """Before: accepted, and a matching diagonal scored twice (-29 instead of -19)."""
    assert (0, 4, 8) in DIAGONALS
    with pytest.raises(VariantConflictError) as conflict:
        new_game(
            "gnoming-a-round",
            players=3,
            seed=1,
            variants=["diagonals", "my-diagonals"],
            catalogue=CATALOGUE,
        )
    text = str(conflict.value)
    assert "variant 'diagonals' and variant 'my-diagonals' each add the scoring line" in text
    assert "(8, 4, 0)" in text
    assert "score twice" in text


@pytest.mark.rule("G19")
def test_a_line_the_game_has_already_is_refused_naming_the_game_and_the_variant() -> None:
    with pytest.raises(VariantConflictError, match=r"the game and variant 'row-again' each add"):
        new_game("gnoming-a-round", players=3, seed=1, variants=["row-again"], catalogue=CATALOGUE)


@pytest.mark.rule("G19")
def test_lines_that_differ_combine() -> None:
    state = new_game(
        "gnoming-a-round", players=3, seed=1, variants=["diagonals"], catalogue=CATALOGUE
    )
    assert state.round_state.rules.lines[-2:] == DIAGONALS
