"""Game options: typed, validated, frozen ``attrs`` values.

Each game declares its options class (``GameSpec.options_type``); its defaults
are the defaults of the rules, one field per *Interpretation*. This module
builds an options value from user input and the chosen variants.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from cardrules.errors import OptionsError, VariantConflictError
from cardrules.registry import VariantSpec

__all__ = ["earlier_options", "options_as_dict", "resolve_options", "since_record_format"]

_SINCE = "cardrules_since_record_format"


def since_record_format(version: int, earlier: Any, rule: str) -> dict[str, Any]:
    """``attrs`` field metadata for an option that changed a rule in record format ``version``.

    A game record written before (its ``format`` is ``cardrules-record/N``
    with ``N < version``) does not name the option, and its moves were played
    under the earlier rule; `cardrules.records.replay` then sets the option to
    ``earlier`` so that the record replays as it was played.

    Args:
        version: the first record format whose records name the option.
        earlier: the option's value that gives the rule as it was before.
        rule: the rule id the option decides (shown when a record is read).

    Returns:
        ``{"cardrules_since_record_format": (version, earlier, rule)}``, for
        ``attrs.field(metadata=...)``.
    """
    return {_SINCE: (version, earlier, rule)}


def earlier_options(options_type: type[Any], version: int) -> dict[str, tuple[Any, str]]:
    """The options that records of format ``version`` predate, with their earlier values.

    Returns:
        ``{option name: (earlier value, rule id)}`` for every field of
        ``options_type`` marked with `since_record_format` of a later version.
    """
    found: dict[str, tuple[Any, str]] = {}
    for field in attrs.fields(options_type):
        since = field.metadata.get(_SINCE)
        if since is not None and since[0] > version:
            found[field.name] = (since[1], since[2])
    return found


def _build(options_type: type[Any], values: Mapping[str, Any], source: str) -> Any:
    names = {field.name for field in attrs.fields(options_type)}
    unknown = sorted(set(values) - names)
    if unknown:
        raise OptionsError(
            f"{source}: unknown option(s) {', '.join(unknown)}; "
            f"{options_type.__name__} has: {', '.join(sorted(names))}"
        )
    try:
        return options_type(**values)
    except (TypeError, ValueError) as error:
        raise OptionsError(f"{source}: {error}") from error


def resolve_options(
    options_type: type[Any],
    options: Any,
    variants: Sequence[VariantSpec],
) -> Any:
    """Combine user options and variant overrides into one validated value.

    Args:
        options_type: the game's options class.
        options: ``None`` (defaults), an instance of ``options_type``, or a
            mapping ``{option name: value}``.
        variants: the chosen variants, whose overrides are applied on top.

    Returns:
        An instance of ``options_type``.

    Raises:
        OptionsError: an unknown option name or an invalid value.
        VariantConflictError: two variants, or a variant and the user's
            options, set the same option to different values.
    """
    if options is None:
        given: dict[str, Any] = {}
    elif isinstance(options, options_type):
        given = {
            f.name: getattr(options, f.name)
            for f in attrs.fields(options_type)
            if getattr(options, f.name) != f.default
        }
    elif isinstance(options, Mapping):
        given = dict(options)
        _build(options_type, given, "options")
    else:
        raise OptionsError(
            f"options must be None, a mapping or {options_type.__name__}, "
            f"got {type(options).__name__}"
        )
    merged = dict(given)
    set_by: dict[str, str] = {}
    for variant in variants:
        for key, value in variant.options:
            if key in set_by and merged[key] != value:
                raise VariantConflictError(
                    f"variants {set_by[key]!r} and {variant.name!r} both set option {key!r}, "
                    f"to {merged[key]!r} and {value!r}"
                )
            if key not in set_by and key in given and given[key] != value:
                raise VariantConflictError(
                    f"variant {variant.name!r} sets option {key!r} to {value!r}, "
                    f"but the options given set it to {given[key]!r}"
                )
            merged[key] = value
            set_by[key] = variant.name
    return _build(options_type, merged, "options" if not variants else "options with variants")


def options_as_dict(options: Any) -> dict[str, Any]:
    """The options as a plain JSON-ready dict ``{name: value}``."""
    return attrs.asdict(options, recurse=True)
