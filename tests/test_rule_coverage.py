"""Meta-tests: every rule on the project's rules pages is cited by a test.

Rule pages are ``docs/rules/*.md``; each rule is labelled ``**G12**``. Tests cite
rules with ``@pytest.mark.rule("G12", ...)``; citations are read from the test
sources with ``ast``, so a test that is skipped by ``-k`` still counts.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import attrs
import pytest

from cardrules_gnoming.options import GnomingOptions

ROOT = Path(__file__).resolve().parent.parent
RULE_PAGES = sorted((ROOT / "docs" / "rules").glob("*.md"))
LABEL = re.compile(r"\*\*([GR]\d+)\*\*")


def page_ids(page: Path) -> list[str]:
    """Rule ids labelled on a rules page, in order."""
    return LABEL.findall(page.read_text(encoding="utf-8"))


def cited_ids() -> set[str]:
    """Every id passed to a ``pytest.mark.rule(...)`` marker under tests/."""
    cited: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "rule"
                and ast.unparse(node.func.value) in ("pytest.mark", "mark")
            ):
                cited.update(
                    arg.value
                    for arg in node.args
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                )
    return cited


def test_there_is_a_gnoming_rules_page() -> None:
    """The Gnoming A Round page exists and labels G1 to G25, each once, in order."""
    page = ROOT / "docs" / "rules" / "gnoming-a-round.md"
    assert page_ids(page) == [f"G{n}" for n in range(1, 26)]


@pytest.mark.parametrize("page", RULE_PAGES, ids=[p.stem for p in RULE_PAGES])
def test_every_rule_on_the_page_is_cited_by_a_test(page: Path) -> None:
    """No rule id on a rules page lacks a test citing it."""
    cited = cited_ids()  # every test file parsed once, not once per rule
    missing = [rule for rule in page_ids(page) if rule not in cited]
    assert not missing, f"rules on {page.name} that no test cites: {missing}"


def test_every_gnoming_option_is_documented_on_the_rules_page() -> None:
    """Each interpretation's option name appears on the rules page."""
    text = (ROOT / "docs" / "rules" / "gnoming-a-round.md").read_text(encoding="utf-8")
    missing = [f.name for f in attrs.fields(GnomingOptions) if f"`{f.name}" not in text]
    assert not missing


def test_citations_name_real_rules() -> None:
    """Every cited id exists on some rules page (no typo like G52)."""
    known = {rule for page in RULE_PAGES for rule in page_ids(page)}
    assert cited_ids() <= known
