"""The OpenSpiel game parameters of the cardrules games, and their text encodings.

An OpenSpiel game string, ``name(key=value,key=value)``, gives commas,
parentheses and ``=`` a meaning, so a parameter value cannot hold them. The
two parameters that hold lists are encoded so that any list survives:

* ``variants``: variant names joined by ``+``, e.g. ``no-bounce+same-starter``
  (commas are accepted too when the parameters are given as a ``dict``).
* ``options``: ``NAME:VALUE`` items joined by ``;``, e.g.
  ``hazard_points:20;bouncing:false``. A value is read as JSON when it parses
  (``20``, ``false``, ``null``, ``"12"``) and as text otherwise
  (``shuffle-back``), as ``cardrules play --option NAME=VALUE`` reads it. A JSON
  object, ``{"hazard_points": 20}``, is accepted too (it can hold no comma in
  a game string).

In names and text values the characters ``% , ( ) = ; : +`` are written as
percent escapes (``%2C`` for a comma), as in a URL. `encode_variants` and
`encode_options` write this form; ``str(game)`` uses it, so
``pyspiel.load_game(str(game))`` always makes the same game.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote, unquote

import attrs

from cardrules.errors import OptionsError
from cardrules.errors import quote as shown

__all__ = [
    "OPTION_SEPARATOR",
    "REWARDS",
    "VARIANT_SEPARATOR",
    "GameConfig",
    "decode_options",
    "decode_variants",
    "encode_options",
    "encode_variants",
    "read_parameters",
]

#: Joins variant names in the ``variants`` parameter.
VARIANT_SEPARATOR = "+"
#: Joins ``NAME:VALUE`` items in the ``options`` parameter.
OPTION_SEPARATOR = ";"
#: The values of the ``rewards`` parameter: ``round`` (the default) pays each
#: round's scores when the round ends; ``terminal`` pays the match's only at its end.
REWARDS = ("round", "terminal")
#: The seed parameter value (the default) that seeds a game's deals from the operating system.
FRESH_SEED = -1

# Characters with a meaning in a game string or in the encodings above.
_RESERVED = "%,()=;:+"
# Every other printable ASCII character stays as it is (quote escapes what is not "safe").
_SAFE = "".join(chr(c) for c in range(32, 127) if chr(c) not in _RESERVED and not chr(c).isalnum())


def _escape(text: str) -> str:
    return quote(text, safe=_SAFE)


def encode_variants(names: Iterable[str]) -> str:
    """Variant names as one ``variants`` value: ``"no-bounce+same-starter"``."""
    return VARIANT_SEPARATOR.join(_escape(name) for name in names)


def decode_variants(text: str) -> list[str]:
    """The variant names of a ``variants`` value (``+`` or ``,`` between names).

    Raises:
        OptionsError: an empty name between two separators.
    """
    if not text.strip():
        return []
    names = [unquote(part).strip() for part in text.replace(",", VARIANT_SEPARATOR).split("+")]
    if not all(names):
        raise OptionsError(
            f"variants {shown(text)}: an empty name; write names joined by '+', "
            "e.g. 'no-bounce+same-starter'"
        )
    return names


def _encode_value(value: Any) -> str:
    if isinstance(value, str):
        try:
            json.loads(value)
        except json.JSONDecodeError:
            return _escape(value)  # text that does not read as JSON stays bare
    return _escape(json.dumps(value))


def encode_options(options: Mapping[str, Any]) -> str:
    """Options as one ``options`` value: ``"bouncing:false;hazard_points:20"`` (sorted by name).

    Raises:
        OptionsError: a value JSON cannot write (only None, bools, numbers,
            text and lists of them are options).
    """
    try:
        return OPTION_SEPARATOR.join(
            f"{_escape(name)}:{_encode_value(options[name])}" for name in sorted(options)
        )
    except TypeError as error:
        raise OptionsError(f"options {shown(dict(options))} cannot be written: {error}") from None


def decode_options(text: str) -> dict[str, Any]:
    """The options of an ``options`` value: ``NAME:VALUE`` items or a JSON object.

    Raises:
        OptionsError: an item that is not ``NAME:VALUE``, a name given twice,
            or malformed JSON (for a value starting with ``{``).
    """
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            options = json.loads(text)
        except json.JSONDecodeError as error:
            raise OptionsError(f"options must be a JSON object: {error}") from None
        if not isinstance(options, dict):
            raise OptionsError(f"options must be a JSON object, got {shown(text)}")
        return options
    if text.startswith("["):
        raise OptionsError(f"options must be a JSON object or NAME:VALUE items, got {shown(text)}")
    options = {}
    for item in text.split(OPTION_SEPARATOR):
        name, colon, raw = item.partition(":")
        name = unquote(name).strip()
        if not colon or not name:
            raise OptionsError(
                f"options item {shown(item)} is not NAME:VALUE; write items joined by ';', "
                "e.g. 'hazard_points:20;bouncing:false' (escape ',' as %2C)"
            )
        if name in options:
            raise OptionsError(f"options: {shown(name)} is given twice")
        value = unquote(raw)
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    return options


@attrs.frozen
class GameConfig:
    """The parameters of one game object, read and checked.

    Attributes:
        players: seats.
        variants: variant names, in the order given.
        options: the options given (``rounds`` not among them).
        rounds: rounds in a match, or ``None`` for the rules' number (and for a
            game without a ``rounds`` option).
        rng_seed: seeds the deals (`FRESH_SEED`: from the operating system).
        max_decisions: the cap on decisions per match.
        rewards: ``"round"`` or ``"terminal"`` (see `REWARDS`).
    """

    players: int
    variants: tuple[str, ...]
    options: dict[str, Any]
    rounds: int | None
    rng_seed: int
    max_decisions: int
    rewards: str

    def canonical(self, rounds: int | None) -> dict[str, Any]:
        """The parameters in the encoded form ``str(game)`` shows (``rounds`` as played,
        left out for a game without a ``rounds`` option: ``None``)."""
        found: dict[str, Any] = {"players": self.players}
        if rounds is not None:
            found["rounds"] = rounds
        return found | {
            "variants": encode_variants(self.variants),
            "options": encode_options(self.options),
            "rng_seed": self.rng_seed,
            "max_decisions": self.max_decisions,
            "rewards": self.rewards,
        }


def read_parameters(
    params: Mapping[str, Any] | None, spec: Mapping[str, Any], default_rounds: int | None
) -> GameConfig:
    """Read OpenSpiel parameters against the specification ``spec`` (name -> default).

    Raises:
        OptionsError: an unknown parameter (the removed ``deals`` is named),
            ``max_decisions`` below 1, ``rng_seed`` below -1, an unknown
            ``rewards``, malformed ``variants`` or ``options``, or ``rounds``
            given twice with different values.
    """
    unknown = sorted(set(params or {}) - set(spec))
    if "deals" in unknown:
        raise OptionsError(
            "the deals parameter was removed: chance is now sampled inside the states "
            "from a 63-bit seed per match (set rng_seed to repeat a run)"
        )
    if unknown:
        raise OptionsError(f"unknown parameters {unknown}; the parameters are {sorted(spec)}")
    values = {**spec, **(params or {})}
    options = decode_options(str(values["options"]))
    rounds: int | None = None
    if default_rounds is not None:  # (a game without a rounds option has no such parameter)
        rounds = int(values["rounds"])
        given = options.pop("rounds", None)
        if rounds == default_rounds and given is not None:
            rounds = given  # only in the options: checked as an option by new_game
        elif given is not None and given != rounds:
            raise OptionsError(
                f"rounds is given twice: {rounds} as a parameter and {given} in options"
            )
        if rounds == default_rounds:
            rounds = None
    max_decisions = int(values["max_decisions"])
    if max_decisions < 1:
        raise OptionsError(f"max_decisions must be >= 1, got {max_decisions}")
    rng_seed = int(values["rng_seed"])
    if rng_seed < FRESH_SEED:
        raise OptionsError(f"rng_seed must be -1 (fresh) or a seed >= 0, got {rng_seed}")
    rewards = str(values["rewards"])
    if rewards not in REWARDS:
        raise OptionsError(f"rewards must be 'round' or 'terminal', got {shown(rewards)}")
    return GameConfig(
        players=int(values["players"]),
        variants=tuple(decode_variants(str(values["variants"]))),
        options=options,
        rounds=rounds,
        rng_seed=rng_seed,
        max_decisions=max_decisions,
        rewards=rewards,
    )
