"""Game options: typed, validated, frozen ``attrs`` values.

Each game declares its options class (``GameSpec.options_type``); its defaults
are the defaults of the rules, one field per *Interpretation*. This module
builds an options value from user input and the chosen variants.

A variant may have options of its own (``VariantSpec.options_type``, a frozen
``attrs`` class with defaults). They are given with the others, named
``"<variant>.<option>"`` (``{"knock.max_points": 10}``, or ``--option
knock.max_points=10`` on the command line); `variant_options` builds them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from cardrules.errors import OptionsError, VariantConflictError, quote, shorten
from cardrules.plugins.specs import VariantSpec

__all__ = [
    "MAX_WHOLE",
    "earlier_options",
    "options_as_dict",
    "resolve_options",
    "since_record_format",
    "split_variant_options",
    "true_or_false",
    "variant_options",
    "whole_number",
]

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


#: An ``attrs`` validator: ``validator(instance, attribute, value)`` raises ``ValueError``.
Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def whole_number(
    low: int | None = None, high: int | None = None, *, optional: bool = False
) -> Validator:
    """An ``attrs`` validator for an option that is a whole number (``bool`` refused).

    Games and variants check their options' fields with it, so that every
    option refuses bad input in the same words (`resolve_options` turns the
    ``ValueError`` into an `cardrules.OptionsError`).

    Args:
        low: the least value allowed, or ``None`` for no least.
        high: the most allowed, or ``None`` for no most.
        optional: ``None`` is allowed too.

    Returns:
        ``validator(instance, attribute, value)``, raising ``ValueError``
        ("<name> must be a whole number >= 0, got 1.5") for anything else.

    >>> @attrs.frozen
    ... class Options:
    ...     rounds: int = attrs.field(default=3, validator=whole_number(1, 11))
    >>> Options(rounds=12)
    Traceback (most recent call last):
    ...
    ValueError: rounds must be a whole number 1 to 11, got 12
    """
    if high is None:
        wanted = "a whole number" if low is None else f"a whole number >= {low}"
    else:
        wanted = (
            f"a whole number {low} to {high}" if low is not None else f"a whole number <= {high}"
        )
    if optional:
        wanted += " or None"

    def validate(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if optional and value is None:
            return
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            raise ValueError(f"{attribute.name} must be {wanted}, got {quote(value)}")

    return validate


def true_or_false(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """An ``attrs`` validator for an option that is ``True`` or ``False`` (not ``1``).

    Raises:
        ValueError: "<name> must be true or false, got 3".
    """
    if not isinstance(value, bool):
        raise ValueError(f"{attribute.name} must be true or false, got {quote(value)}")


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


#: The largest whole number (either sign) an option may hold: JSON-safe, so a record can hold it.
MAX_WHOLE = 2**53 - 1


def _build(options_type: type[Any], values: Mapping[str, Any], source: str) -> Any:
    strange = [name for name in values if not isinstance(name, str)]
    if strange:
        raise OptionsError(f"{source}: an option name is a string, got {quote(strange[0])}")
    names = {field.name for field in attrs.fields(options_type)}
    unknown = sorted(set(values) - names)
    if unknown:
        raise OptionsError(
            f"{source}: unknown option(s) {quote(', '.join(unknown))}; "
            f"{options_type.__name__} has: {', '.join(sorted(names))}"
        )
    for name, value in values.items():
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_WHOLE:
            raise OptionsError(
                f"{source}: {name} must be a whole number of at most {MAX_WHOLE:,} "
                f"either way, got {quote(value)}"
            )
    try:
        return options_type(**values)
    except (TypeError, ValueError, RecursionError) as error:
        raise OptionsError(f"{source}: {shorten(str(error))}") from error


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
                    f"variants {quote(set_by[key])} and {quote(variant.name)} "
                    f"both set option {quote(key)}, "
                    f"to {quote(merged[key])} and {quote(value)}"
                )
            if key not in set_by and key in given and given[key] != value:
                raise VariantConflictError(
                    f"variant {quote(variant.name)} sets option {quote(key)} to {quote(value)}, "
                    f"but the options given set it to {quote(given[key])}"
                )
            merged[key] = value
            set_by[key] = variant.name
    return _build(options_type, merged, "options" if not variants else "options with variants")


def options_as_dict(options: Any) -> dict[str, Any]:
    """The options as a plain JSON-ready dict ``{name: value}``."""
    return attrs.asdict(options, recurse=True)


def split_variant_options(options: Any) -> tuple[Any, dict[str, dict[str, Any]]]:
    """Separate ``"<variant>.<option>"`` entries from a mapping of options.

    Returns:
        ``(the game's options, {variant name: {option: value}})``; ``options``
        itself and ``{}`` when it is not a mapping.
    """
    if not isinstance(options, Mapping):
        return options, {}
    game: dict[str, Any] = {}
    own: dict[str, dict[str, Any]] = {}
    for key, value in options.items():
        if isinstance(key, str) and "." in key:
            variant, _, name = key.partition(".")
            own.setdefault(variant, {})[name] = value
        else:
            game[key] = value
    return game, own


def variant_options(
    variants: Sequence[VariantSpec], given: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """Each chosen variant's own options value, from ``{variant: {option: value}}``.

    Returns:
        ``{variant name: options value}`` for every variant with an
        ``options_type`` (its defaults, changed by ``given``).

    Raises:
        OptionsError: options given for a variant that is not chosen or has
            no options, or an unknown option or invalid value.
    """
    chosen = {v.name: v for v in variants}
    for name in given:
        if name not in chosen or chosen[name].options_type is None:
            raise OptionsError(
                f"options: {quote(f'{name}.{next(iter(given[name]))}')} "
                "names no chosen variant with options"
            )
    return {
        v.name: _build(v.options_type, dict(given.get(v.name, {})), f"options of variant {v.name}")
        for v in variants
        if v.options_type is not None
    }


def variant_options_as_dict(values: Mapping[str, Any]) -> dict[str, Any]:
    """Variant options values as ``{"<variant>.<option>": value}`` (for records)."""
    return {
        f"{name}.{key}": value
        for name, options in values.items()
        for key, value in attrs.asdict(options, recurse=True).items()
    }
