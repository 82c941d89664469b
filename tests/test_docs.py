"""The documentation site: it builds strictly, its navigation is complete, and its
Python examples run.

The ``>>>`` examples themselves are run by pytest's doctest collection
(``--doctest-glob=*.md`` over ``docs`` in pyproject.toml); this module checks that
every Python block in the pages is such an example, or is explicitly marked as not
runnable with an HTML comment ``<!-- not run -->`` on the line before its fence.
"""

from __future__ import annotations

import html
import importlib.util
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MKDOCS_YML = ROOT / "mkdocs.yml"
NOT_RUN = "<!-- not run -->"

# Pages whose Python blocks are exempt from the check, each with the reason.
EXEMPT_PAGES = {
    # Plugin snippets (hook implementations, a conformance test): they are excerpts
    # of docs/examples/cardrules-golden-mulligan, which is exercised by the example
    # plugin's own tests (run by tests/test_example_plugin.py).
    "plugins.md": "excerpts of the example plugin, tested by its own tests",
}
# Pages whose plain Python blocks are complete programs given `import cardrules`:
# instead of failing the check, they are run here (variants.md shows one call).
RUN_AS_SCRIPTS = {"variants.md"}
PYTHON_LANGUAGES = {"python", "py", "python3", "pycon"}
FENCE = re.compile(r"^\s*(?P<fence>`{3,}|~{3,})\s*(?P<info>.*)$")


def site_pages() -> list[Path]:
    """Every Markdown page of the site: docs/ less the example plugin project."""
    return sorted(p for p in DOCS.rglob("*.md") if "examples" not in p.relative_to(DOCS).parts)


def nav_pages() -> list[str]:
    """The pages named in the ``nav`` of mkdocs.yml (read as text: no YAML library)."""
    lines = MKDOCS_YML.read_text(encoding="utf-8").splitlines()
    start = lines.index("nav:")
    pages = []
    for line in lines[start + 1 :]:
        if line and not line[0].isspace() and not line.startswith("#"):
            break  # the next top-level key
        found = re.search(r"(?:^\s*-|:)\s*([\w./-]+\.md)\s*$", line)
        if found:
            pages.append(found.group(1))
    return pages


def python_blocks(text: str) -> Iterator[tuple[int, str, str]]:
    """Each fenced Python block: (line of its fence, the line before it, its body)."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        fence = opening["fence"]
        words = opening["info"].strip("{} .").split()
        language = words[0].lower() if words else ""
        body = []
        end = index + 1
        while end < len(lines):
            closing = lines[end].strip()
            if closing.startswith(fence) and not closing.lstrip(fence[0]).strip():
                break
            body.append(lines[end])
            end += 1
        if language in PYTHON_LANGUAGES:
            before = next((line for line in reversed(lines[:index]) if line.strip()), "")
            yield index + 1, before.strip(), "\n".join(body)
        index = end + 1


@pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None,
    reason="mkdocs is not installed; install the docs extra: pip install -e '.[docs]'",
)
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    """`mkdocs build --strict`: no broken link, anchor, nav entry or docstring reference."""
    site = str(tmp_path / "site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(MKDOCS_YML), "-d", site],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "site" / "api" / "engine" / "index.html").is_file()
    # Pictures of positions, drawn by docs/hooks/figures.py during the build.
    drawn = sorted(p.name for p in (tmp_path / "site" / "figures").glob("*.svg"))
    assert "gnoming-bounce-chain.svg" in drawn
    assert "rook-swap.svg" in drawn
    assert "Formatting signatures requires" not in result.stderr  # ruff is in the docs extra
    check_api_reference(tmp_path / "site" / "api")
    example = _page_text(tmp_path / "site" / "example-plugin" / "index.html")
    assert "def cardrules_register_variants" in example  # the plugin's source, included
    assert 'golden-mulligan = "golden_mulligan"' in example
    assert (tmp_path / "site" / "speed-log" / "index.html").is_file()  # built, not in the menus
    check_menu_bar_fits_one_row(tmp_path / "site" / "index.html")


def check_menu_bar_fits_one_row(index: Path) -> None:
    """At 1280 px wide, every top-level menu entry sits on the first row of the bar."""
    from tests.browser import chromium_driver

    with chromium_driver(1280, 900) as driver:
        driver.get(index.as_uri())
        tops = driver.execute_script(
            "return Array.from(document.querySelectorAll('ul.navbar-nav > li'))"
            ".map(li => [li.textContent.trim(), li.getBoundingClientRect().top]);"
        )
    assert len(tops) >= len(top_level_nav()), tops
    assert len({round(top) for _, top in tops}) == 1, tops


def _page_text(path: Path) -> str:
    """A built page as plain text, one space between words."""
    text = re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))
    return " ".join(html.unescape(text).split())


def check_api_reference(api: Path) -> None:
    """The API reference shows what a user needs: fields, enum members, state attributes."""
    gnoming = _page_text(api / "gnoming" / "index.html")
    for move, field in (("Draw", "source"), ("Place", "position"), ("Discard", "pile")):
        start = gnoming.index(f"{move} ¶")
        section = gnoming[start : start + 800]
        assert re.search(rf"Attributes: Name Type Description {field} \S", section), move
    for member in ("REVEAL", "DRAW", "PLACE", "BOUNCE", "DISCARD", "FLIP", "OVER"):
        assert f"{member} = '{member.lower()}'" in gnoming
    rook = _page_text(api / "rook" / "index.html")
    assert "BUY = 'buy'" in rook
    engine = _page_text(api / "engine" / "index.html")
    for attribute in ("finished_rounds", "round_state", "seed"):
        assert re.search(rf"{attribute} [^.]{{0,40}}\b(the|fixes)\b", engine), attribute
    testing = (api / "testing" / "index.html").read_text(encoding="utf-8")
    for name in ("run_conformance", "GameConformance", "playouts", "seeds"):
        anchors = re.findall(rf'id="cardrules\.testing(?:\.\w+)?\.{name}"', testing)
        assert len(anchors) == 1, (name, anchors)


def top_level_nav() -> list[str]:
    """The titles of the top-level ``nav`` entries of mkdocs.yml."""
    lines = MKDOCS_YML.read_text(encoding="utf-8").splitlines()
    start = lines.index("nav:")
    titles = []
    for line in lines[start + 1 :]:
        if line and not line[0].isspace():
            break
        found = re.match(r"^  - ([^:]+):", line)
        if found:
            titles.append(found.group(1))
    return titles


def not_in_nav() -> list[str]:
    """The pages mkdocs.yml builds but keeps out of the menus (``not_in_nav``)."""
    text = MKDOCS_YML.read_text(encoding="utf-8")
    block = re.search(r"^not_in_nav: \|\n((?:  .*\n)+)", text, re.MULTILINE)
    return block.group(1).split() if block else []


def test_the_menu_bar_has_few_short_entries() -> None:
    """Few top-level entries, each short: the bar does not wrap at 1280 px (also checked
    in Chromium by the site build test)."""
    titles = top_level_nav()
    assert len(titles) <= 7, titles
    assert sum(len(t) for t in titles) <= 45, titles


def test_every_nav_page_exists() -> None:
    pages = nav_pages()
    assert "index.md" in pages
    assert "api/index.md" in pages
    missing = [page for page in pages if not (DOCS / page).is_file()]
    assert not missing, f"mkdocs.yml nav names pages that do not exist: {missing}"


def test_every_page_is_in_the_nav() -> None:
    pages = set(nav_pages()) | set(not_in_nav())
    left_out = [
        str(p.relative_to(DOCS)) for p in site_pages() if str(p.relative_to(DOCS)) not in pages
    ]
    assert not left_out, f"pages missing from the mkdocs.yml nav: {left_out}"


def test_the_speed_log_is_built_but_not_in_the_menus() -> None:
    assert "speed-log.md" in not_in_nav()
    assert "speed-log.md" not in nav_pages()
    assert "speed-log.md" in (DOCS / "embedding.md").read_text(encoding="utf-8")


def test_the_example_plugin_is_not_a_page() -> None:
    text = MKDOCS_YML.read_text(encoding="utf-8")
    assert re.search(r"^exclude_docs:.*\n\s+examples/", text, re.MULTILINE)


def test_the_example_plugin_page_includes_every_file_of_it() -> None:
    """Each file of the example project is shown whole on example-plugin.md (snippets)."""
    project = DOCS / "examples" / "cardrules-golden-mulligan"
    files = sorted(
        str(p.relative_to(ROOT))
        for p in project.rglob("*")
        if p.is_file()
        and not any(
            part.startswith(".") or part.endswith(("cache__", ".egg-info")) for part in p.parts
        )
    )
    included = re.findall(
        r'^--8<-- "([^"]+)"$', (DOCS / "example-plugin.md").read_text(), re.MULTILINE
    )
    assert sorted(included) == files


def test_markdown_examples_are_collected_as_doctests() -> None:
    """The `>>>` blocks of docs/*.md run only because pytest is told to collect them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_options = config["tool"]["pytest"]["ini_options"]
    assert "docs" in pytest_options["testpaths"]
    assert "--doctest-glob=*.md" in pytest_options["addopts"]


def unmarked_blocks(text: str) -> list[int]:
    """Lines of the Python blocks that are neither doctests nor marked as not run."""
    return [
        line
        for line, before, body in python_blocks(text)
        if not re.search(r"^\s*>>>", body, re.MULTILINE) and before != NOT_RUN
    ]


@pytest.mark.parametrize("page", site_pages(), ids=lambda p: str(p.relative_to(DOCS)))
def test_python_blocks_are_doctests_or_marked(page: Path) -> None:
    """A ```python block without `>>>` fails unless `<!-- not run -->` precedes it."""
    name = str(page.relative_to(DOCS))
    if name in EXEMPT_PAGES:
        pytest.skip(f"{name}: {EXEMPT_PAGES[name]}")
    text = page.read_text(encoding="utf-8")
    if name in RUN_AS_SCRIPTS:
        for line, _, body in python_blocks(text):
            if line in unmarked_blocks(text):
                exec(compile(f"import cardrules\n{body}", f"{name}:{line}", "exec"), {})
        return
    unmarked = unmarked_blocks(text)
    assert not unmarked, (
        f"{name}: the Python blocks at lines {unmarked} are neither doctests (>>>) nor "
        f"marked {NOT_RUN!r} on the line before the fence"
    )


def test_the_block_check_finds_unmarked_blocks() -> None:
    page = (
        "Text.\n\n```python\nprint('not run')\n```\n\n"
        f"{NOT_RUN}\n```python\nclass Sketch: ...\n```\n\n"
        "```python\n>>> 1 + 1\n2\n\n```\n\n"
        "```text\nplain\n```\n\n"
        "- item\n\n    ~~~py\n    x = 1\n    ~~~\n"
    )
    assert [line for line, _, _ in python_blocks(page)] == [3, 8, 12, 24]
    assert unmarked_blocks(page) == [3, 24]


def test_the_readme_says_how_long_its_commands_take() -> None:
    """A new user learns what takes long: the install, the test suite, a simulate run."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    after_commands = readme.split("```", 2)[2].split("\n\n", 2)[1]
    assert re.search(r"test suite:?\s+about \d+ minutes", after_commands)
    assert re.search(r"install a minute", after_commands)
    command_line = readme[readme.index("## Command line") :].split("##", 2)[1]
    assert re.search(
        r"`simulate` line plays\s+[\d,]+ matches.*?about (a|two|three) minutes?", command_line, re.S
    )


# ------------------------------------------------------- the docs match the code


def _bundled_variants() -> list[str]:
    from cardrules_gnoming.variants import VARIANTS as GNOMING
    from cardrules_rook.variants import VARIANTS as ROOK

    return [v.name for v in (*GNOMING, *ROOK)]


def _commands() -> set[str]:
    from cardrules.cli import cli

    return set(cli.commands)


def test_the_home_page_counts_the_bundled_variants() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    counted = re.search(r"(\d+) variants come with the library", index)
    assert counted is not None
    assert int(counted.group(1)) == len(_bundled_variants())
    variants = (DOCS / "variants.md").read_text(encoding="utf-8")
    headed = re.findall(r"^### ([\w-]+)$", variants, re.MULTILINE)
    missing = [name for name in _bundled_variants() if name not in headed]
    assert not missing, f"variants.md does not describe {missing}"


def test_the_home_page_names_every_command() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    bullet = next(b for b in index.split("\n- ") if b.startswith("[Command line](cli.md)"))
    named = set(re.findall(r"`(?:cardrules )?([a-z]+)`", bullet))
    assert named == _commands()


def test_the_command_line_page_has_a_section_per_command() -> None:
    cli_page = (DOCS / "cli.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^## `cardrules ([a-z]+)`", cli_page, re.MULTILINE))
    assert documented == _commands()


def _guide_pages() -> list[str]:
    """The pages of the menus a reader picks from: all but the home page and the API's."""
    return [p for p in nav_pages() if p != "index.md" and not p.startswith("api/")]


def test_the_home_page_lists_every_page() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    every = index[index.index("## Every page") :]
    linked = set(re.findall(r"\]\(([\w/.-]+\.md)(?:#[\w-]+)?\)", every))
    missing = [page for page in [*_guide_pages(), "api/index.md"] if page not in linked]
    assert not missing, f"docs/index.md's page list leaves out {missing}"


def test_the_readme_lists_every_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Documentation") :].split("\n## ", 1)[0]
    linked = set(re.findall(r"\]\(docs/([\w/.-]+\.md)\)", section))
    missing = [page for page in _guide_pages() if page not in linked]
    assert not missing, f"README's documentation list leaves out {missing}"


def test_the_quick_start_shows_what_its_command_prints() -> None:
    """The end of `cardrules play gnoming-a-round --players 4 --seed 1`, as quoted."""
    from click.testing import CliRunner

    from cardrules.cli import cli

    page = (DOCS / "quickstart.md").read_text(encoding="utf-8")
    assert "cardrules play gnoming-a-round --players 4 --seed 1\n" in page
    quoted = page.split("the winner (lower totals are better in both games):\n\n```text\n")[1]
    quoted_lines = [line.rstrip() for line in quoted.split("\n```")[0].splitlines()]
    result = CliRunner().invoke(cli, ["play", "gnoming-a-round", "--players", "4", "--seed", "1"])
    assert result.exit_code == 0, result.output
    printed = [line.rstrip() for line in result.output.splitlines()]
    assert printed[-len(quoted_lines) :] == quoted_lines


def test_the_install_page_shows_the_readme_commands() -> None:
    """The two fresh-machine commands CI runs from the README, the same on the install page."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = readme.split("```sh\n", 1)[1].split("\n```", 1)[0]
    assert len(commands.splitlines()) == 2
    first, second = commands.splitlines()
    assert "'.[test]'" not in first  # playing needs no test tools
    assert second.endswith("-m pytest")  # the tests run last
    assert f"```sh\n{commands}\n```" in (DOCS / "install.md").read_text(encoding="utf-8")
