"""A game's rules and options as text for people: what ``cardrules rules`` and ``cardrules
options`` print.

A game package ships its rules page as package data, ``rules.md`` beside its
plugin module (for the bundled games the documentation site's rules pages are
these very files). `rules_page` reads it; `rules_summary` keeps of it what a
player needs at the table: each rule by its id, without the library's
interpretations and hooks, the moves and their notation, and what the screen
shows. `option_rows` lists a game's options (or a variant's) with their type,
default and rule, read from the options class and its docstring.

Examples:
    >>> from cardrules.plugins.registry import default_catalogue
    >>> spec = default_catalogue().game("gnoming-a-round")
    >>> summary = rules_summary(rules_page(spec) or "")
    >>> summary.splitlines()[0], "- **G12**" in summary, "Interpretation" in summary
    ('# Gnoming A Round', True, False)
    >>> next(row for row in option_rows(spec.options_type) if row.name == "bouncing")
    OptionRow(name='bouncing', type='bool', default='True', rules=('G12',), text='Bouncing allowed (default ``True``; variant ``no-bounce``).')
"""  # noqa: E501

from __future__ import annotations

import inspect
import re
from importlib import resources
from typing import Any

import attrs

from cardrules.plugins.specs import GameSpec

__all__ = [
    "RULES_FILE",
    "OptionRow",
    "declared_rules_page",
    "option_rows",
    "rules_page",
    "rules_summary",
]

#: The name of a game's rules page inside its package.
RULES_FILE = "rules.md"

#: Sections of a rules page kept whole in the summary (the others keep their rules only).
WHOLE_SECTIONS = ("Moves and notation", "On the screen")

#: The lines of a rule that explain the library rather than the game.
_LIBRARY_NOTES = ("*Interpretation*", "*How the library reads it", "*Hook")

_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_RULE = re.compile(r"^- \*\*[A-Z]+\d+\*\*")
_RULE_IDS = re.compile(r"\b[A-Z]\d+\b")


def rules_page(spec: GameSpec) -> str | None:
    """The game's rules page (Markdown), from the package of its plugin, or ``None``.

    Args:
        spec: the game, as registered (`cardrules.plugins.registry.Catalogue.game`).

    Returns:
        The text of ``rules.md`` in the package holding ``spec.plugin``, or
        ``None`` when the game ships no rules page.
    """
    module = getattr(spec.plugin, "__name__", type(spec.plugin).__module__)
    package = getattr(spec.plugin, "__package__", None) or module.rpartition(".")[0] or module
    try:
        page = resources.files(package).joinpath(RULES_FILE)
        return page.read_text(encoding="utf-8") if page.is_file() else None
    except (ModuleNotFoundError, TypeError, OSError):
        return None


def declared_rules_page(spec: GameSpec) -> str | None:
    """A rules page made from the rules a game declares (``GameSpec.rules``), or ``None``.

    For a game that ships no ``rules.md``: its title, summary and each rule
    by its id, as Markdown that `rules_summary` reads.
    """
    if not spec.rules:
        return None
    lines = (
        [f"# {spec.title}", "", spec.summary, "", "## Rules", ""]
        if spec.summary
        else [f"# {spec.title}", "", "## Rules", ""]
    )
    lines += [f"- **{rule}** {text}" for rule, text in spec.rules]
    return "\n".join(lines) + "\n"


def rules_summary(page: str) -> str:
    """The rules a player needs, as Markdown, from a rules page.

    Keeps the page's title, every ``- **G12** ...`` rule (its own words, up to
    its *Interpretation*, *How the library reads it* and *Hook* lines) under
    its section's heading, and the sections named in `WHOLE_SECTIONS` whole.
    Links become their text.
    """
    out: list[str] = []
    section: list[str] = []
    whole = False
    in_rule = False
    for line in page.splitlines():
        if line.startswith("# "):
            out.append(line)
        elif line.startswith("## "):
            _close(out, section)
            section = [line]
            whole = line[3:].strip() in WHOLE_SECTIONS
            in_rule = False
        elif whole:
            section.append(line)
        elif _RULE.match(line):
            in_rule = True
            section.append(line)
        elif in_rule and line.startswith("  ") and not line.strip().startswith(_LIBRARY_NOTES):
            section.append(line)
        elif in_rule and line.strip():
            in_rule = False
    _close(out, section)
    return _LINK.sub(r"\1", "\n".join(out)).strip() + "\n"


def _close(out: list[str], section: list[str]) -> None:
    """Add a section to the summary if it holds more than its heading."""
    if any(line.strip() for line in section[1:]):
        out.extend(["", *section])
    section.clear()


@attrs.frozen
class OptionRow:
    """One option of a game or variant.

    Attributes:
        name: the option's name, as given to ``--option NAME=VALUE``.
        type: its type as written in the options class (``"int | None"``).
        default: its default (the rules' default), as ``repr`` text.
        rules: the rule ids it belongs to (``("G12",)``), from its description.
        text: its description, after the rule ids.
    """

    name: str
    type: str
    default: str
    rules: tuple[str, ...]
    text: str


def option_rows(options_type: type[Any], prefix: str = "") -> list[OptionRow]:
    """Every field of an ``attrs`` options class, in order, as `OptionRow` values.

    Args:
        options_type: the options class (``GameSpec.options_type``, or a
            variant's ``VariantSpec.options_type``).
        prefix: put before each name (``"my-variant."`` for a variant's options).

    The description of each field is read from the class docstring's
    ``Attributes:`` section; one that starts with rule ids (``G5.``,
    ``R7/R8 (Rooks per meld).``) names the rules the option belongs to.
    """
    described = _attribute_texts(inspect.getdoc(options_type) or "")
    rows = []
    for field in attrs.fields(options_type):
        text = described.get(field.name, "")
        head, dot, rest = text.partition(". ")
        rules: tuple[str, ...] = ()
        if dot and _RULE_IDS.match(head):
            rules, text = tuple(_RULE_IDS.findall(head)), rest
        kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        rows.append(OptionRow(prefix + field.name, str(kind), repr(default), rules, text))
    return rows


def _attribute_texts(doc: str) -> dict[str, str]:
    """``{name: description}`` from a Google-style ``Attributes:`` section."""
    texts: dict[str, str] = {}
    inside = False
    name = ""
    for line in doc.splitlines():
        if line.strip() == "Attributes:":
            inside = True
            continue
        if not inside:
            continue
        if line and not line.startswith(" "):
            break  # the next section
        found = re.match(r"^ {4}(\w+): ?(.*)$", line)
        if found:
            name = found.group(1)
            texts[name] = found.group(2).strip()
        elif name and line.strip():
            texts[name] += " " + line.strip()
    return texts
